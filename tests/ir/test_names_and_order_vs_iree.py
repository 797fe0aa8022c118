"""Value names and the order of the first error, against iree-opt.

MLIR's generic form has one name table for the whole file: a region's definitions leave it when the
region closes, a use before any definition waits for a later definition of the name anywhere (the verifier
then reports the use: "using value defined outside the region", "does not dominate this use"), and a name
never defined is reported when the file ends, after any other parse error. The verifier reports in its own
order: an op's traits and invariants on entering it, a block's terminator on leaving it, a function
(isolated from above) when its parent is left, symbol uses of later functions first, dominance last.
Each case is the base module of test_invalid_vs_iree with edits; ours must reject where iree-opt does, at
the same line and column, and accept the controls.
"""

from __future__ import annotations

import pytest

from tests.ir.test_invalid_vs_iree import BASE, assert_verdict_and_place, iree_first_errors

CALLEE_RETURN = '    "util.return"(%arg0) : (i32) -> ()\n'
CMDF_RETURN = '    "util.return"(%2) : (!stream.timepoint) -> ()\n'
BEFORE_10 = '    %10 = "hal.buffer_usage"'
TWO_RESULTS = (
    '    %20:2 = "scf.execute_region"() ({\n      "scf.yield"(%1, %1) : (i32, i32) -> ()\n'
    "    }) : () -> (i32, i32)\n"
)
# name: the edits of the base module, each (text, its replacement)
EDITS: dict[str, list[tuple[str, str]]] = {
    "a value of a later function": [(CALLEE_RETURN, '    "util.return"(%3) : (i32) -> ()\n')],
    "a value of an earlier function, whose names are gone": [
        (CMDF_RETURN, '    %5 = "arith.addi"(%3, %3) : (i32, i32) -> i32\n' + CMDF_RETURN)
    ],
    "an undeclared name, then a later parse error": [
        (CALLEE_RETURN, '    "util.return"(%77) : (i32) -> ()\n'),
        ('"arith.cmpi"(%1, %1)', '"arith.cmpi"(%1 %1)'),
    ],
    "used before its definition in the same block": [('"util.call"(%arg0)', '"util.call"(%3)')],
    "a region's value used after the region": [('"arith.cmpi"(%1, %1)', '"arith.cmpi"(%7, %1)')],
    "an outer name defined again in a nested region": [
        ('      %7 = "arith.addi"', '      %3 = "arith.addi"(%1, %1) : (i32, i32) -> i32\n      %7 = "arith.addi"')
    ],
    "a two-result value named without #, as result 0 (control)": [
        (BEFORE_10, TWO_RESULTS + '    %21 = "arith.addi"(%20, %20#1) : (i32, i32) -> i32\n' + BEFORE_10)
    ],
    "a result number past the results": [
        (BEFORE_10, TWO_RESULTS + '    %21 = "arith.addi"(%20, %20#2) : (i32, i32) -> i32\n' + BEFORE_10)
    ],
    "a name bound to an op without results": [('    "util.global.store"(%0)', '    %20 = "util.global.store"(%0)')],
    "two results bound, one made": [('    %9 = "arith.cmpi"', '    %9:2 = "arith.cmpi"')],
    "zero results bound": [('    %9 = "arith.cmpi"', '    %9:0 = "arith.cmpi"')],
    "a result count that is not a number": [('    %9 = "arith.cmpi"', '    %9:x = "arith.cmpi"')],
    "an undefined type alias": [('<{global = @g}> : () -> tensor<4xf32>', '<{global = @g}> : () -> !nope')],
    "a return at module level": [
        ("type = tensor<4xf32>}> : () -> ()\n", 'type = tensor<4xf32>}> : () -> ()\n  "util.return"() : () -> ()\n')
    ],
    "func.return in a util.func": [(CALLEE_RETURN, '    "func.return"(%arg0) : (i32) -> ()\n')],
    "a global inside a function": [
        (CALLEE_RETURN, '    "util.global"() <{sym_name = "h", type = i32}> : () -> ()\n' + CALLEE_RETURN)
    ],
    "a function inside a function": [
        (
            CALLEE_RETURN,
            '    "util.func"() <{function_type = () -> (), sym_name = "inner", sym_visibility = "private"}> ({\n'
            '      "util.return"() : () -> ()\n    }) : () -> ()\n' + CALLEE_RETURN,
        )
    ],
    "a module with two blocks": [('  "util.func"() <{function_type = (!stream.resource', '^bb1:\n  "util.func"() <{function_type = (!stream.resource')],
    "a module block with an argument": [
        ('"builtin.module"() ({\n  "util.global"', '"builtin.module"() ({\n^bb0(%m: i32):\n  "util.global"')
    ],
    "an execution region with two blocks": [
        ('      "stream.yield"() : () -> ()\n', '      "cf.br"()[^bb1] : () -> ()\n    ^bb1:\n      "stream.yield"() : () -> ()\n')
    ],
    "an scf.if branch with two blocks": [
        ('      "scf.yield"(%7) : (i32) -> ()\n    }) : () -> i32', '      "scf.yield"(%7) : (i32) -> ()\n    }) : () -> i32\n'
         '    "scf.if"(%9) ({\n      "cf.br"()[^bb1] : () -> ()\n    ^bb1:\n      "scf.yield"() : () -> ()\n    }, {\n    }) : (i1) -> ()')
    ],
    "undefined globals in two functions: the later function's first": [
        ("<{global = @g}> : () -> tensor", "<{global = @nope}> : () -> tensor"),
        (CMDF_RETURN, '    %9 = "util.global.load"() <{global = @nope2}> : () -> tensor<4xf32>\n' + CMDF_RETURN),
    ],
    "a terminator before the end, in a block that also lacks one": [
        ('      "scf.yield"(%7) : (i32) -> ()\n', '      "scf.yield"(%7) : (i32) -> ()\n      %30 = "arith.addi"(%7, %7) : (i32, i32) -> i32\n')
    ],
}  # fmt: skip


def _text(name: str) -> str:
    text = BASE
    for old, new in EDITS[name]:
        assert text.count(old) == 1, (name, old)
        text = text.replace(old, new)
    return text


@pytest.fixture(scope="module")
def iree_errors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, int, str] | None]:
    names = list(EDITS)
    return dict(zip(names, iree_first_errors([_text(n) for n in names], tmp_path_factory.mktemp("names"))))


@pytest.mark.parametrize("name", list(EDITS))
def test_first_error_as_iree_opt(name: str, iree_errors: dict[str, tuple[int, int, str] | None]) -> None:
    theirs = iree_errors[name]
    assert (theirs is None) == ("(control)" in name), f"iree-opt: {theirs}"
    assert_verdict_and_place(_text(name), theirs)
