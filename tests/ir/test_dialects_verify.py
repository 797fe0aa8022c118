"""Each op's own rules (``verify_``), one behaviour per test, on tiny generic-form modules."""

from __future__ import annotations

import pathlib

import pytest

import ir.dialects  # noqa: F401  (registers the op classes)
from ir.dialects.common import static_int
from ir.errors import VerifyError
from ir.loader import load_file
from ir.parser import parse_module
from ir.verifier import verify

FIXTURES = sorted((pathlib.Path(__file__).parent.parent / "fixtures" / "iree").glob("*/*.generic.mlir"))

CONSTANTS = """
  %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
  %c32 = "arith.constant"() <{value = 32 : index}> : () -> index
  %c64 = "arith.constant"() <{value = 64 : index}> : () -> index
  %c96 = "arith.constant"() <{value = 96 : index}> : () -> index
  %cv = "arith.constant"() <{value = 0 : i32}> : () -> i32
  %r:2 = "stream.resource.alloca"(%c64) : (index) -> (!stream.resource<transient>, !stream.timepoint)
"""


def module(body: str) -> str:
    return f'"builtin.module"() ({{\n{CONSTANTS}{body}\n}}) : () -> ()\n'


def execute(inner: str, block_args: str = "%a: !stream.resource<transient>") -> str:
    return module(f"""
  %t = "stream.cmd.execute"(%r#0, %c64) <{{operandSegmentSizes = array<i32: 1, 1, 0>}}> ({{
  ^bb0({block_args}):
{inner}
    "stream.yield"() : () -> ()
  }}) : (!stream.resource<transient>, index) -> !stream.timepoint""")


def verify_text(text: str) -> None:
    verify(parse_module(text), runtime_checks=True)


def test_copy_inside_resources_verifies() -> None:
    verify_text(
        execute("""
    "stream.cmd.copy"(%a, %c64, %c0, %a, %c64, %c32, %c32) : (!stream.resource<transient>, index, index, !stream.resource<transient>, index, index, index) -> ()""")
    )


def test_copy_past_the_end_of_the_source_is_rejected() -> None:
    text = execute("""
    "stream.cmd.copy"(%a, %c64, %c0, %a, %c96, %c0, %c96) : (!stream.resource<transient>, index, index, !stream.resource<transient>, index, index, index) -> ()""")
    with pytest.raises(VerifyError) as err:
        verify_text(text)
    assert err.value.message == (
        "stream.cmd.copy: source range [0, 96) exceeds resource size 64; copies must stay inside both resources"
    )
    assert err.value.location is not None and err.value.location.line > 1


def test_fill_past_the_end_is_rejected() -> None:
    text = execute("""
    "stream.cmd.fill"(%a, %c64, %c32, %c64, %cv) : (!stream.resource<transient>, index, index, index, i32) -> ()""")
    with pytest.raises(
        VerifyError, match=r"stream.cmd.fill: target range \[32, 96\) exceeds resource size 64"
    ):
        verify_text(text)


def test_dispatch_needs_one_access_per_resource() -> None:
    text = execute("""
    "stream.cmd.dispatch"(%a, %c64, %c0, %c64) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 0, 1, 1, 1, 1>, resource_accesses = [1 : i32, 2 : i32]}> : (!stream.resource<transient>, index, index, index) -> ()""")
    with pytest.raises(
        VerifyError,
        match="1 resources, 1 resource_sizes, 1 resource_offsets, 1 resource_lengths, 2 resource_accesses",
    ):
        verify_text(text)


def test_dispatch_binding_past_the_end_is_rejected() -> None:
    text = execute("""
    "stream.cmd.dispatch"(%a, %c64, %c32, %c64) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 0, 1, 1, 1, 1>, resource_accesses = [3 : i32]}> : (!stream.resource<transient>, index, index, index) -> ()""")
    with pytest.raises(VerifyError, match=r"binding 0 range \[32, 96\) exceeds resource size 64"):
        verify_text(text)


def test_execute_needs_one_block_argument_per_resource() -> None:
    text = execute("", block_args="%a: !stream.resource<transient>, %b: !stream.resource<transient>")
    with pytest.raises(VerifyError, match="region branch point has 1 operands, but region successor needs 2 inputs"):
        verify_text(text)


def test_execute_block_argument_types_match_the_resources() -> None:
    text = execute("", block_args="%a: !stream.resource<external>")
    with pytest.raises(
        VerifyError,
        match="successor operand type #0 '!stream.resource<transient>' should match successor input type #0 "
        "'!stream.resource<external>'",
    ):
        verify_text(text)


def test_cmd_concurrent_must_be_inside_an_execute_region() -> None:
    text = module("""
  "stream.cmd.concurrent"() ({
    "stream.yield"() : () -> ()
  }) : () -> ()""")
    with pytest.raises(
        VerifyError,
        match="stream.cmd.concurrent: is nested in builtin.module; it must be directly inside stream.cmd.execute",
    ):
        verify_text(text)


def test_async_dispatch_tied_operand_out_of_range() -> None:
    text = module("""
  %d = "stream.async.dispatch"(%r#0, %c64, %c0, %c64, %c64, %c64) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1>, tied_operands = [3 : index]}> : (!stream.resource<transient>, index, index, index, index, index) -> !stream.resource<transient>""")
    with pytest.raises(VerifyError, match="result 0 is tied to operand 3, but there are 1 operands"):
        verify_text(text)
    # IREE's verifier (verifyTiedOp) checks only one entry per result, so iree-opt takes it: so does the IR
    # layer's verifier; the simulator's loader (runtime_checks) refuses it, as above.
    verify(parse_module(text))


def test_async_dispatch_end_other_than_offset_plus_length_is_accepted() -> None:
    """IREE's verifiers do not relate end to offset + length (its pass tests rely on it); the range
    [offset, offset + length) must still lie inside the resource."""
    text = module("""
  %d = "stream.async.dispatch"(%r#0, %c64, %c0, %c32, %c64, %c64) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1>, tied_operands = [-1 : index]}> : (!stream.resource<transient>, index, index, index, index, index) -> !stream.resource<transient>""")
    verify_text(text)
    with pytest.raises(VerifyError, match=r"resource operand 0 range \[32, 96\) exceeds resource size 64"):
        verify_text(text.replace("(%r#0, %c64, %c0, %c32, %c64, %c64)", "(%r#0, %c64, %c32, %c32, %c64, %c64)"))


def test_parameter_load_groups_have_equal_lengths() -> None:
    text = module("""
  %s = "util.null"() : () -> !util.buffer
  %k = "util.null"() : () -> !util.buffer
  %o = "arith.constant"() <{value = 0 : i64}> : () -> i64
  %p:2 = "stream.cmd.parameter.load"(%s, %k, %o, %o, %c64) <{operandSegmentSizes = array<i32: 1, 1, 2, 1, 0>}> : (!util.buffer, !util.buffer, i64, i64, index) -> (!stream.resource<constant>, !stream.timepoint)""")
    with pytest.raises(
        VerifyError, match="1 source_keys, 2 source_offsets, 1 result_sizes, 1 results; each loaded parameter"
    ):
        verify_text(text)


def test_timepoint_await_needs_a_size_and_a_result_per_resource() -> None:
    text = module("""
  %w:2 = "stream.timepoint.await"(%r#0, %r#0, %c64, %r#1) <{operandSegmentSizes = array<i32: 2, 1, 1>}> : (!stream.resource<transient>, !stream.resource<transient>, index, !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>)""")
    with pytest.raises(VerifyError, match="2 resource_operands, 1 resource_operand_sizes, 2 results"):
        verify_text(text)


def test_subview_past_the_end_is_rejected() -> None:
    text = module("""
  %v = "stream.resource.subview"(%r#0, %c64, %c32, %c64) : (!stream.resource<transient>, index, index, index) -> !stream.resource<transient>""")
    with pytest.raises(
        VerifyError, match=r"stream.resource.subview: source range \[32, 96\) exceeds resource size 64"
    ):
        verify_text(text)


def test_dynamic_ranges_are_not_checked() -> None:
    text = module("""
  %n = "util.optimization_barrier"(%c96) : (index) -> index
  %v = "stream.resource.subview"(%r#0, %c64, %c32, %n) : (!stream.resource<transient>, index, index, index) -> !stream.resource<transient>""")
    verify_text(text)


def test_static_int_looks_through_arith_constant_only() -> None:
    m = parse_module(module('  %n = "util.optimization_barrier"(%c96) : (index) -> index'))
    ops = m.body.ops
    assert static_int(ops[0].result) == 0
    assert static_int(ops[3].result) == 96
    assert static_int(ops[-1].result) is None
    assert static_int(None) is None


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_iree_fixtures_verify(path: pathlib.Path) -> None:
    verify(load_file(str(path)))
