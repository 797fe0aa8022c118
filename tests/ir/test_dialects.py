"""The op classes of the seed documents, the alias table, and op accessors."""

from __future__ import annotations

import pathlib

import ir.dialects
from ir.core import Block, Operation
from ir.dialects.stream_executable import YieldOp
from ir.dialects.stream_parameter import AsyncParameterLoadOp, ParameterLoadOp
from ir.opdef import OP_ALIASES, OP_CLASSES, iree_spelling, lookup_op_class
from ir.parser import parse_module
from ir.types import IndexType, ResourceType

# The seed documents' op names, extracted by tools/extract_seed_ops.py (tests do not read the seeds).
SEED_OPS = pathlib.Path(__file__).parents[1] / "fixtures" / "seed_ops.txt"


def seed_op_names() -> list[str]:
    return SEED_OPS.read_text().split()


# Ops IREE 3.13 prints in HAL-form programs that the seed documents do not list.
BEYOND_SEEDS = {
    "hal.allocator.select",
    "hal.executable.lookup.function",
    "hal.memory_type",
    "hal.buffer_usage",
    "hal.device.queue.barrier",
    "hal.device.queue.copy",
    "hal.device.queue.fill",
    "hal.device.queue.update",
}


def test_every_seed_op_has_a_class() -> None:
    seed_classes = [
        c
        for c in ir.dialects.ALL_OPS
        if not c.name.startswith("stream.async.parameter.") and c.name not in BEYOND_SEEDS
    ]
    assert {c.name for c in ir.dialects.ALL_OPS} >= BEYOND_SEEDS
    assert len(seed_classes) == 169
    names = seed_op_names()
    assert len(names) == 169
    assert sorted(names) == sorted(c.name for c in seed_classes)
    for cls in ir.dialects.ALL_OPS:
        assert OP_CLASSES[cls.name] is cls


def test_cmd_parameter_ops_alias_the_seed_classes() -> None:
    for kind in ("load", "read", "write", "gather", "scatter"):
        assert OP_ALIASES[f"stream.cmd.parameter.{kind}"] == f"stream.parameter.{kind}"
        assert iree_spelling(f"stream.parameter.{kind}") == f"stream.cmd.parameter.{kind}"
    assert lookup_op_class("stream.cmd.parameter.load") is ParameterLoadOp
    # The async variants are laid out differently in IREE 3.13, so they have classes of their own.
    assert lookup_op_class("stream.async.parameter.load") is AsyncParameterLoadOp
    assert iree_spelling("stream.cmd.execute") == "stream.cmd.execute"
    assert iree_spelling("hal.pipeline_layout.create") == "hal.pipeline_layout.create"


def test_cmd_parameter_load_accessors_follow_iree_layout() -> None:
    text = """"builtin.module"() ({
  %0 = "util.null"() : () -> !util.buffer
  %1 = "util.null"() : () -> !util.buffer
  %2 = "arith.constant"() <{value = 0 : i64}> : () -> i64
  %3 = "arith.constant"() <{value = 64 : index}> : () -> index
  %4:2 = "stream.cmd.parameter.load"(%0, %1, %2, %3) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (!util.buffer, !util.buffer, i64, index) -> (!stream.resource<constant>, !stream.timepoint)
}) : () -> ()
"""
    op = parse_module(text).body.ops[-1]
    assert isinstance(op, ParameterLoadOp)
    assert op.op_name == "stream.cmd.parameter.load"
    assert op.source_scope is op.operands[0]
    assert op.source_keys == [op.operands[1]]
    assert op.result_sizes == [op.operands[3]]
    assert op.await_timepoint is None
    assert op.results_ == [op.results[0]]
    assert op.result_timepoint is op.results[1]


def test_same_variadic_operand_size_splits_groups_evenly() -> None:
    block = Block([ResourceType("transient"), ResourceType("transient"), IndexType(), IndexType()])
    op = YieldOp(operands=block.args)
    assert op.resource_operands == block.args[:2]
    assert op.resource_operand_sizes == block.args[2:]


def test_fields_that_clash_with_operation_get_a_trailing_underscore() -> None:
    from ir.dialects.hal_buffer import HalTensorImportOp

    assert HalTensorImportOp.name == "hal.tensor.import"
    assert isinstance(HalTensorImportOp.__dict__["name_"], property)
    assert "body_" in vars(lookup_op_class("stream.cmd.execute"))
    assert issubclass(lookup_op_class("stream.cmd.execute"), Operation)
