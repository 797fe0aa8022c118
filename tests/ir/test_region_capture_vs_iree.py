"""The edge into an execution region against iree-opt: its entry block has one argument per captured
resource operand, of its type (MLIR's RegionBranchOpInterface, checked after the region, so a body op that
uses a resource not captured is reported first, at that op, by IREE's verifyAllResourcesCaptured).

Found by the differential fuzz (tools/iree_differential_fuzz.py, seed 22): a mutant whose execute region
lost its block arguments was rejected by both, but ours named the execute where IREE names the body's op."""

from __future__ import annotations

import pytest

from tests.ir.test_invalid_vs_iree import assert_error_as_iree_opt, iree_first_errors

T = "!stream.resource<transient>"


def cmd_execute(block: str = f"%a: {T}", body_use: str = "%a", fill_type: str = T) -> str:
    """A function filling its one resource in a stream.cmd.execute whose entry block is ``block`` and whose
    fill targets ``body_use`` of type ``fill_type``."""
    return (
        '"builtin.module"() ({\n'
        f'  "util.func"() <{{function_type = ({T}) -> !stream.timepoint, sym_name = "main"}}> ({{\n'
        f"  ^bb0(%r: {T}):\n"
        '    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index\n'
        '    %c16 = "arith.constant"() <{value = 16 : index}> : () -> index\n'
        '    %c1 = "arith.constant"() <{value = 1 : i8}> : () -> i8\n'
        '    %t = "stream.cmd.execute"(%r, %c16) <{operandSegmentSizes = array<i32: 1, 1, 0>}> ({\n'
        f"    ^bb0({block}):\n"
        f'      "stream.cmd.fill"({body_use}, %c16, %c0, %c16, %c1) : ({fill_type}, index, index, index, i8) -> ()\n'
        '      "stream.yield"() : () -> ()\n'
        f"    }}) : ({T}, index) -> !stream.timepoint\n"
        '    "util.return"(%t) : (!stream.timepoint) -> ()\n'
        "  }) : () -> ()\n"
        "}) : () -> ()\n"
    )


def async_execute(block: str = f"%a: {T}") -> str:
    """A function copying its first resource into its second in a stream.async.execute whose entry block is
    ``block`` (the copy reads the block's first argument)."""
    return (
        '"builtin.module"() ({\n'
        f'  "util.func"() <{{function_type = ({T}, {T}) -> !stream.timepoint, sym_name = "main"}}> ({{\n'
        f"  ^bb0(%r: {T}, %s: {T}):\n"
        '    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index\n'
        '    %c16 = "arith.constant"() <{value = 16 : index}> : () -> index\n'
        '    %c7 = "arith.constant"() <{value = 7 : i32}> : () -> i32\n'
        '    %0:2 = "stream.async.execute"(%r, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, '
        "tied_operands = [-1 : index]}> ({\n"
        f"    ^bb0({block}):\n"
        '      %1 = "stream.async.splat"(%c7, %c16) : (i32, index) -> ' + T + "\n"
        '      %2 = "stream.async.copy"(%a, %c16, %c0, %c16, %1, %c16, %c0, %c16, %c16) <{tied_operands = '
        f"[4 : index]}}> : ({T}, index, index, index, {T}, index, index, index, index) -> {T}\n"
        f'      "stream.yield"(%2, %c16) : ({T}, index) -> ()\n'
        f"    }}) : ({T}, index, index) -> ({T}, !stream.timepoint)\n"
        '    "util.return"(%0#1) : (!stream.timepoint) -> ()\n'
        "  }) : () -> ()\n"
        "}) : () -> ()\n"
    )


CASES: dict[str, str] = {
    "a cmd.execute (control)": cmd_execute(),
    "a cmd.execute with two block arguments for one resource": cmd_execute(block=f"%a: {T}, %b: {T}"),
    "a cmd.execute whose block argument is of another lifetime": cmd_execute(
        block="%a: !stream.resource<external>", fill_type="!stream.resource<external>"
    ),
    "a cmd.execute without block arguments, its body using the outer resource": cmd_execute(
        block="", body_use="%r"
    ),
    "an async.execute (control)": async_execute(),
    "an async.execute with two block arguments for one resource": async_execute(block=f"%a: {T}, %b: {T}"),
}


@pytest.fixture(scope="module")
def iree_errors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, int, str] | None]:
    found = iree_first_errors(list(CASES.values()), tmp_path_factory.mktemp("capture"))
    return dict(zip(CASES, found))


def test_controls_are_accepted_and_the_rest_rejected_by_iree_opt(
    iree_errors: dict[str, tuple[int, int, str] | None],
) -> None:
    assert all((iree_errors[name] is None) == name.endswith("(control)") for name in CASES), iree_errors


@pytest.mark.parametrize("name", list(CASES))
def test_capture_error_as_iree_opt(name: str, iree_errors: dict[str, tuple[int, int, str] | None]) -> None:
    assert_error_as_iree_opt(CASES[name], iree_errors[name])
