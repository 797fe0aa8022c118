"""Ops of the io_parameters dialect: reading and writing parameters of external archives."""

from __future__ import annotations

from ir.attributes import ArrayAttr, StringAttr
from ir.core import Operation
from ir.dialects.common import check_same_count
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

    def verify_(self) -> None:
        check_same_count(
            self,
            {
                "source_keys": list(self.source_keys or []),
                "source_offsets": self.source_offsets,
                "target_offsets": self.target_offsets,
                "target_lengths": self.target_lengths,
            },
            "each gathered parameter has a key, a source offset, a target offset and a length",
        )


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

    def verify_(self) -> None:
        check_same_count(
            self,
            {
                "source_keys": list(self.source_keys or []),
                "source_offsets": self.source_offsets,
                "lengths": self.lengths,
                "results": self.results_,
            },
            "each loaded parameter has a key, an offset, a length and a result",
        )


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

    def verify_(self) -> None:
        check_same_count(
            self,
            {
                "source_offsets": self.source_offsets,
                "source_lengths": self.source_lengths,
                "target_keys": list(self.target_keys or []),
                "target_offsets": self.target_offsets,
            },
            "each scattered parameter has a source offset, a length, a key and a target offset",
        )


IO_PARAMETERS_OPS = [
    IoParametersGatherOp,
    IoParametersLoadOp,
    IoParametersScatterOp,
]

register_ops(IO_PARAMETERS_OPS)
