"""Parameter I/O ops of the stream dialect.

The seeds document ``stream.parameter.{load,read,write,gather,scatter}``. IREE 3.13 has no op of that name;
it has ``stream.cmd.parameter.*``, laid out as the seeds' ops except that the parameter scope and keys are
``!util.buffer`` operands rather than string attributes, and ``stream.async.parameter.*``, which also return the
resource they produce and carry ``*_end`` operands like the other async ops. The seeds' classes follow the
cmd layout and take the ``stream.cmd.parameter.*`` names as aliases; the async ops have their own classes.

Static ranges against the resource size are not checked here: IREE's verifiers accept a parameter range
past the end of its resource, and the simulator's memory rejects the access when the program runs.
"""

from __future__ import annotations

from ir import opdef
from ir.core import Operation
from ir.dialects.common import check_same_count
from ir.opdef import (
    operand,
    opt_attribute,
    opt_operand,
    register_alias,
    register_ops,
    result,
    var_operand,
    var_result,
)
from ir.types import IndexType, IntegerType, ResourceType, TimepointType


class ParameterGatherOp(Operation):
    # IREE 3.13 operands: adds source_scope, source_keys.
    # IREE 3.13 source_scope, source_keys are operands, not attributes.
    name = "stream.parameter.gather"
    source_scope = opt_operand()
    source_keys = var_operand()
    source_offsets = var_operand(IntegerType)
    target = operand(ResourceType)
    target_size = operand(IndexType)
    target_offsets = var_operand(IndexType)
    target_lengths = var_operand(IndexType)
    await_timepoint = opt_operand(TimepointType)
    result_timepoint = result(TimepointType)
    affinity = opt_attribute()

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


class ParameterLoadOp(Operation):
    # IREE 3.13 operands: adds source_scope, source_keys.
    # IREE 3.13 source_scope, source_keys are operands, not attributes.
    name = "stream.parameter.load"
    source_scope = opt_operand()
    source_keys = var_operand()
    source_offsets = var_operand(IntegerType)
    result_sizes = var_operand(IndexType)
    await_timepoint = opt_operand(TimepointType)
    results_ = var_result(ResourceType)
    result_timepoint = result(TimepointType)
    affinity = opt_attribute()

    def verify_(self) -> None:
        check_same_count(
            self,
            {
                "source_keys": self.source_keys,
                "source_offsets": self.source_offsets,
                "result_sizes": self.result_sizes,
                "results": self.results_,
            },
            "each loaded parameter has a key, an offset, a size and a result",
        )


class ParameterReadOp(Operation):
    # IREE 3.13 operands: adds source_scope, source_key.
    # IREE 3.13 source_scope, source_key are operands, not attributes.
    name = "stream.parameter.read"
    source_scope = opt_operand()
    source_key = operand()
    source_offset = operand(IntegerType)
    target = operand(ResourceType)
    target_size = operand(IndexType)
    target_offset = operand(IndexType)
    target_length = operand(IndexType)
    await_timepoint = opt_operand(TimepointType)
    result_timepoint = result(TimepointType)
    affinity = opt_attribute()



class ParameterScatterOp(Operation):
    # IREE 3.13 operands: adds target_scope, target_keys.
    # IREE 3.13 target_scope, target_keys are operands, not attributes.
    name = "stream.parameter.scatter"
    source = operand(ResourceType)
    source_size = operand(IndexType)
    source_offsets = var_operand(IndexType)
    source_lengths = var_operand(IndexType)
    target_scope = opt_operand()
    target_keys = var_operand()
    target_offsets = var_operand(IntegerType)
    await_timepoint = opt_operand(TimepointType)
    result_timepoint = result(TimepointType)
    affinity = opt_attribute()

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


class ParameterWriteOp(Operation):
    # IREE 3.13 operands: adds target_scope, target_key.
    # IREE 3.13 target_scope, target_key are operands, not attributes.
    name = "stream.parameter.write"
    source = operand(ResourceType)
    source_size = operand(IndexType)
    source_offset = operand(IndexType)
    source_length = operand(IndexType)
    target_scope = opt_operand()
    target_key = operand()
    target_offset = operand(IntegerType)
    await_timepoint = opt_operand(TimepointType)
    result_timepoint = result(TimepointType)
    affinity = opt_attribute()



class AsyncParameterLoadOp(Operation):
    name = "stream.async.parameter.load"
    await_timepoint = opdef.opt_operand(TimepointType)
    source_scope = opdef.opt_operand()
    source_key = opdef.operand()
    source_offset = opdef.operand(IntegerType)
    result_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    result_timepoint = opdef.result(TimepointType)
    affinity = opdef.opt_attribute()


class AsyncParameterReadOp(Operation):
    name = "stream.async.parameter.read"
    target = opdef.operand(ResourceType)
    target_size = opdef.operand(IndexType)
    target_offset = opdef.operand(IndexType)
    target_end = opdef.operand(IndexType)
    target_length = opdef.operand(IndexType)
    source_scope = opdef.opt_operand()
    source_key = opdef.operand()
    source_offset = opdef.operand(IntegerType)
    await_timepoint = opdef.opt_operand(TimepointType)
    result = opdef.result(ResourceType)
    result_timepoint = opdef.result(TimepointType)
    affinity = opdef.opt_attribute()


class AsyncParameterWriteOp(Operation):
    name = "stream.async.parameter.write"
    source = opdef.operand(ResourceType)
    source_size = opdef.operand(IndexType)
    source_offset = opdef.operand(IndexType)
    source_end = opdef.operand(IndexType)
    source_length = opdef.operand(IndexType)
    target_scope = opdef.opt_operand()
    target_key = opdef.operand()
    target_offset = opdef.operand(IntegerType)
    await_timepoint = opdef.opt_operand(TimepointType)
    result = opdef.result(ResourceType)
    result_timepoint = opdef.result(TimepointType)
    affinity = opdef.opt_attribute()


class AsyncParameterGatherOp(Operation):
    name = "stream.async.parameter.gather"
    source_scope = opdef.opt_operand()
    source_keys = opdef.var_operand()
    source_offsets = opdef.var_operand(IntegerType)
    target = opdef.operand(ResourceType)
    target_size = opdef.operand(IndexType)
    target_offsets = opdef.var_operand(IndexType)
    target_ends = opdef.var_operand(IndexType)
    target_lengths = opdef.var_operand(IndexType)
    await_timepoint = opdef.opt_operand(TimepointType)
    result = opdef.result(ResourceType)
    result_timepoint = opdef.result(TimepointType)
    affinity = opdef.opt_attribute()

    def verify_(self) -> None:
        check_same_count(
            self,
            {
                "source_keys": self.source_keys,
                "source_offsets": self.source_offsets,
                "target_offsets": self.target_offsets,
                "target_ends": self.target_ends,
                "target_lengths": self.target_lengths,
            },
            "each gathered parameter has a key, a source offset and a target range",
        )


class AsyncParameterScatterOp(Operation):
    name = "stream.async.parameter.scatter"
    source = opdef.operand(ResourceType)
    source_size = opdef.operand(IndexType)
    source_offsets = opdef.var_operand(IndexType)
    source_ends = opdef.var_operand(IndexType)
    source_lengths = opdef.var_operand(IndexType)
    target_scope = opdef.opt_operand()
    target_keys = opdef.var_operand()
    target_offsets = opdef.var_operand(IntegerType)
    await_timepoint = opdef.opt_operand(TimepointType)
    result = opdef.result(ResourceType)
    result_timepoint = opdef.result(TimepointType)
    affinity = opdef.opt_attribute()

    def verify_(self) -> None:
        check_same_count(
            self,
            {
                "source_offsets": self.source_offsets,
                "source_ends": self.source_ends,
                "source_lengths": self.source_lengths,
                "target_keys": self.target_keys,
                "target_offsets": self.target_offsets,
            },
            "each scattered parameter has a source range, a key and a target offset",
        )


STREAM_PARAMETER_OPS = [
    ParameterGatherOp,
    ParameterLoadOp,
    ParameterReadOp,
    ParameterScatterOp,
    ParameterWriteOp,
    AsyncParameterLoadOp,
    AsyncParameterReadOp,
    AsyncParameterWriteOp,
    AsyncParameterGatherOp,
    AsyncParameterScatterOp,
]

register_ops(STREAM_PARAMETER_OPS)

for _kind in ("load", "read", "write", "gather", "scatter"):
    register_alias(f"stream.cmd.parameter.{_kind}", f"stream.parameter.{_kind}")
