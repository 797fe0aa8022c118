"""The values passed along scf.while's, scf.for's and cf.switch's edges, against iree-opt: for each case ours
rejects where iree-opt does, at the same line and column and with the same message (iree-opt's "'op' op"
prefix written as ours, "op:"), and accepts the controls. The order of the edges follows iree-opt's: the
cases with two bad edges pin which one is reported first."""

from __future__ import annotations

import pytest

from tests.ir.test_invalid_vs_iree import assert_error_as_iree_opt, iree_first_errors


def _types(types: tuple[str, ...]) -> str:
    return ", ".join(types)


def _values(prefix: str, types: tuple[str, ...]) -> str:
    return ", ".join(f"%{prefix}{i}" for i in range(len(types)))


def _consts(prefix: str, types: tuple[str, ...], indent: str) -> str:
    return "".join(
        f'{indent}%{prefix}{i} = "arith.constant"() <{{value = 1 : {t}}}> : () -> {t}\n' for i, t in enumerate(types)
    )


def while_loop(
    init: tuple[str, ...] = ("i32",),
    before: tuple[str, ...] = ("i32",),
    cond: tuple[str, ...] = ("i32",),
    after: tuple[str, ...] = ("i32",),
    yielded: tuple[str, ...] = ("i32",),
    results: tuple[str, ...] = ("i32",),
    before_term: str = "scf.condition",
    after_term: str = "scf.yield",
) -> str:
    """A function holding one scf.while whose every edge's types are chosen."""
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(init))
    before_args = ", ".join(f"%b{i}: {t}" for i, t in enumerate(before))
    after_args = ", ".join(f"%f{i}: {t}" for i, t in enumerate(after))
    if before_term == "scf.condition":
        end_before = f'"scf.condition"(%c, {_values("v", cond)}) : (i1, {_types(cond)}) -> ()'
    else:
        end_before = f'"{before_term}"({_values("v", cond)}) : ({_types(cond)}) -> ()'
    if after_term == "scf.condition":
        end_after = f'"scf.condition"(%d, {_values("w", yielded)}) : (i1, {_types(yielded)}) -> ()'
    else:
        end_after = f'"{after_term}"({_values("w", yielded)}) : ({_types(yielded)}) -> ()'
    return (
        '"builtin.module"() ({\n'
        f'  "func.func"() <{{function_type = ({_types(init)}) -> {results[0]}, sym_name = "f"}}> ({{\n'
        f"  ^bb0({args}):\n"
        f'    %r:{len(results)} = "scf.while"({_values("a", init)}) ({{\n'
        f"    ^bb0({before_args}):\n"
        '      %c = "arith.constant"() <{value = true}> : () -> i1\n'
        + _consts("v", cond, "      ")
        + f"      {end_before}\n"
        "    }, {\n"
        f"    ^bb0({after_args}):\n"
        '      %d = "arith.constant"() <{value = true}> : () -> i1\n'
        + _consts("w", yielded, "      ")
        + f"      {end_after}\n"
        f"    }}) : ({_types(init)}) -> ({_types(results)})\n"
        f'    "func.return"(%r#0) : ({results[0]}) -> ()\n'
        "  }) : () -> ()\n"
        "}) : () -> ()\n"
    )


def for_loop(init: str = "i32", iter_arg: str = "i32", yielded: str = "i32", result: str = "i32") -> str:
    """A function holding one scf.for with one loop-carried value of chosen types."""
    return (
        '"builtin.module"() ({\n'
        f'  "func.func"() <{{function_type = ({init}, index) -> {result}, sym_name = "f"}}> ({{\n'
        f"  ^bb0(%a: {init}, %n: index):\n"
        f'    %r = "scf.for"(%n, %n, %n, %a) ({{\n'
        f"    ^bb0(%i: index, %x: {iter_arg}):\n"
        f'      %y = "arith.constant"() <{{value = 1 : {yielded}}}> : () -> {yielded}\n'
        f'      "scf.yield"(%y) : ({yielded}) -> ()\n'
        f"    }}) : (index, index, index, {init}) -> {result}\n"
        f'    "func.return"(%r) : ({result}) -> ()\n'
        "  }) : () -> ()\n"
        "}) : () -> ()\n"
    )


def switch(default: tuple[str, str], case: tuple[str, str], segments: str = "1, 1") -> str:
    """A function ending in a cf.switch on %s with one default and one case operand, each (passed, taken)."""
    return (
        '"builtin.module"() ({\n'
        '  "func.func"() <{function_type = (i32, i64) -> (), sym_name = "f"}> ({\n'
        "  ^bb0(%s: i32, %l: i64):\n"
        f'    %p = "arith.constant"() <{{value = 1 : {default[0]}}}> : () -> {default[0]}\n'
        f'    %q = "arith.constant"() <{{value = 1 : {case[0]}}}> : () -> {case[0]}\n'
        f'    "cf.switch"(%s, %p, %q)[^bb1, ^bb2] <{{case_operand_segments = array<i32: {segments.split(", ")[1]}>, '
        f"case_values = dense<42> : vector<1xi32>, operandSegmentSizes = array<i32: 1, {segments}>}}> "
        f": (i32, {default[0]}, {case[0]}) -> ()\n"
        f"  ^bb1(%x: {default[1]}):\n"
        '    "func.return"() : () -> ()\n'
        f"  ^bb2(%y: {case[1]}):\n"
        '    "func.return"() : () -> ()\n'
        "  }) : () -> ()\n"
        "}) : () -> ()\n"
    )


CASES: dict[str, str] = {
    "while: all edges agree (control)": while_loop(),
    "while: two values swapped on every edge (control)": while_loop(
        init=("i32", "i64"), before=("i32", "i64"), cond=("i64", "i32"), after=("i64", "i32"),
        yielded=("i32", "i64"), results=("i64", "i32"),
    ),
    "while: before region not ending in scf.condition": while_loop(before_term="scf.yield"),
    "while: after region not ending in scf.yield": while_loop(after_term="scf.condition"),
    "while: inits to the before region, type": while_loop(before=("i64",), yielded=("i64",)),
    "while: inits to the before region, before the after region's yield": while_loop(before=("i64",)),
    "while: condition to the results, type": while_loop(results=("i64",)),
    "while: condition to the results, count": while_loop(cond=("i32", "i32"), after=("i32", "i32")),
    "while: condition to the after region, type": while_loop(after=("i64",)),
    "while: condition to the after region, count": while_loop(after=("i32", "i32")),
    "while: condition to the results before condition to the after region": while_loop(
        cond=("i64",), after=("i16",), yielded=("i32",)
    ),
    "while: after region's yield to the before region, type": while_loop(yielded=("i64",)),
    "for: all edges agree (control)": for_loop(),
    "for: inits to the results (a loop of no trip)": for_loop(iter_arg="i64", yielded="i64", result="i64"),
    "for: yield to the results": for_loop(iter_arg="i64", yielded="i64"),
    "for: yield to the iteration arguments before the results": for_loop(iter_arg="i64"),
    "switch: all successors agree (control)": switch(("i32", "i32"), ("i64", "i64")),
    "switch: the default's operand type": switch(("i64", "i32"), ("i64", "i64")),
    "switch: a case's operand type": switch(("i32", "i32"), ("i32", "i64")),
    "switch: a case's operand count": switch(("i32", "i32"), ("i32", "i32"), segments="2, 0"),
}  # fmt: skip


@pytest.fixture(scope="module")
def iree_errors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, int, str] | None]:
    found = iree_first_errors(list(CASES.values()), tmp_path_factory.mktemp("edges"))
    return dict(zip(CASES, found))


def test_controls_are_accepted_by_iree_opt(iree_errors: dict[str, tuple[int, int, str] | None]) -> None:
    controls = [name for name in CASES if name.endswith("(control)")]
    assert len(controls) == 4 and all(iree_errors[name] is None for name in controls)


@pytest.mark.parametrize("name", list(CASES))
def test_edge_error_as_iree_opt(name: str, iree_errors: dict[str, tuple[int, int, str] | None]) -> None:
    assert_error_as_iree_opt(CASES[name], iree_errors[name])
