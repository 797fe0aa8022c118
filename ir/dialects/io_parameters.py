"""Ops of the io_parameters dialect: reading and writing parameters of external archives.

Laid out as IREE 3.13 prints them (checked with iree-opt, as IREE's Python package has no bindings for this
dialect): parameter scopes and keys are ``!util.buffer`` operands where the seeds have string attributes.
"""

from __future__ import annotations

from ir.core import Operation
from ir.dialects.common import check_same_count
from ir.opdef import operand, opt_operand, register_ops, var_operand, var_result
from ir.types import HalType, IndexType, IntegerType


class IoParametersGatherOp(Operation):
    # IREE 3.13: source_scope and source_keys are !util.buffer operands, not attributes.
    name = "io_parameters.gather"
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    source_scope = opt_operand()
    source_keys = var_operand()
    source_offsets = var_operand(IntegerType)
    target_buffer = operand(HalType)
    target_offsets = var_operand(IndexType)
    target_lengths = var_operand(IndexType)

    def verify_(self) -> None:
        check_same_count(
            self,
            {
                "source_keys": self.source_keys,
                "source_offsets": self.source_offsets,
                "target_offsets": self.target_offsets,
                "target_lengths": self.target_lengths,
            },
            "each gathered parameter has a key, a source offset, a target offset and a length",
        )


class IoParametersLoadOp(Operation):
    # IREE 3.13: source_scope and source_keys are !util.buffer operands, not attributes, and memory_types and
    # buffer_usage are optional i32 operands (printed `type(...) usage(...)`) between the offsets and lengths.
    name = "io_parameters.load"
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    source_scope = opt_operand()
    source_keys = var_operand()
    source_offsets = var_operand(IntegerType)
    memory_types = opt_operand(IntegerType)
    buffer_usage = opt_operand(IntegerType)
    lengths = var_operand(IndexType)
    results_ = var_result(HalType)

    def verify_(self) -> None:
        check_same_count(
            self,
            {
                "source_keys": self.source_keys,
                "source_offsets": self.source_offsets,
                "lengths": self.lengths,
                "results": self.results_,
            },
            "each loaded parameter has a key, an offset, a length and a result",
        )


class IoParametersScatterOp(Operation):
    # IREE 3.13: target_scope and target_keys are !util.buffer operands, not attributes.
    name = "io_parameters.scatter"
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    source_buffer = operand(HalType)
    source_offsets = var_operand(IndexType)
    source_lengths = var_operand(IndexType)
    target_scope = opt_operand()
    target_keys = var_operand()
    target_offsets = var_operand(IntegerType)

    def verify_(self) -> None:
        check_same_count(
            self,
            {
                "source_offsets": self.source_offsets,
                "source_lengths": self.source_lengths,
                "target_keys": self.target_keys,
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
