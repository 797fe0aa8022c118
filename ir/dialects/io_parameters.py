"""Ops of the io_parameters dialect: reading and writing parameters of external archives."""

from __future__ import annotations

from ir.attributes import ArrayAttr, StringAttr
from ir.core import Operation
from ir.opdef import attribute, operand, opt_attribute, register_ops, var_operand, var_result
from ir.types import HalType, IndexType, IntegerType


class IoParametersGatherOp(Operation):
    name = "io_parameters.gather"
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    source_offsets = var_operand(IntegerType)
    target_buffer = operand(HalType)
    target_offsets = var_operand(IndexType)
    target_lengths = var_operand(IndexType)
    source_scope = opt_attribute(StringAttr)
    source_keys = attribute(ArrayAttr)


class IoParametersLoadOp(Operation):
    name = "io_parameters.load"
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    source_offsets = var_operand(IntegerType)
    lengths = var_operand(IndexType)
    results_ = var_result(HalType)
    source_scope = opt_attribute(StringAttr)
    source_keys = attribute(ArrayAttr)
    memory_types = attribute()
    buffer_usage = attribute()


class IoParametersScatterOp(Operation):
    name = "io_parameters.scatter"
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    source_buffer = operand(HalType)
    source_offsets = var_operand(IndexType)
    source_lengths = var_operand(IndexType)
    target_offsets = var_operand(IntegerType)
    target_scope = opt_attribute(StringAttr)
    target_keys = attribute(ArrayAttr)


IO_PARAMETERS_OPS = [
    IoParametersGatherOp,
    IoParametersLoadOp,
    IoParametersScatterOp,
]

register_ops(IO_PARAMETERS_OPS)
