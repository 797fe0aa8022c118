"""Ops of the stream dialect's command phase: ``stream.cmd.*`` (explicit work recorded into an execute region)."""

from __future__ import annotations

from ir.attributes import ArrayAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr
from ir.core import Operation
from ir.dialects.common import (
    check_parent,
    check_range,
    check_same_count,
    check_tied_operands,
    resource_values,
)
from ir.opdef import (
    attribute,
    operand,
    opt_attribute,
    opt_operand,
    region,
    register_ops,
    result,
    var_operand,
    var_result,
)
from ir.types import ChannelType, ComplexType, FloatType, IndexType, IntegerType, ResourceType, TimepointType


class CmdCallOp(Operation):
    # IREE 3.13 adds attributes arg_attrs, res_attrs (optional here).
    name = "stream.cmd.call"
    resource_operands = var_operand()
    resource_operand_sizes = var_operand(IndexType)
    resource_operand_offsets = var_operand(IndexType)
    resource_operand_lengths = var_operand(IndexType)
    result_sizes = var_operand(IndexType)
    results_ = var_result(IndexType | IntegerType | FloatType | ComplexType)
    callee = attribute(SymbolRefAttr)
    tied_operands = opt_attribute(ArrayAttr)
    resource_operand_accesses = attribute(ArrayAttr)
    arg_attrs = opt_attribute()
    res_attrs = opt_attribute()

    def verify_(self) -> None:
        resources = resource_values(self.resource_operands)
        check_same_count(
            self,
            {
                "resource operands": resources,
                "resource_operand_sizes": self.resource_operand_sizes,
                "resource_operand_offsets": self.resource_operand_offsets,
                "resource_operand_lengths": self.resource_operand_lengths,
            },
            "each resource operand has a size, an offset and a length",
        )
        check_tied_operands(self, self.resource_operands, self.results)


class CmdCollectiveOp(Operation):
    name = "stream.cmd.collective"
    channel = operand(ChannelType)
    element_count = operand(IndexType)
    param = opt_operand(IntegerType)
    resources = var_operand(ResourceType)
    resource_sizes = var_operand(IndexType)
    resource_offsets = var_operand(IndexType)
    resource_lengths = var_operand(IndexType)
    op = attribute()
    resource_accesses = attribute(ArrayAttr)

    def verify_(self) -> None:
        check_same_count(
            self,
            {
                "resources": self.resources,
                "resource_sizes": self.resource_sizes,
                "resource_offsets": self.resource_offsets,
                "resource_lengths": self.resource_lengths,
                "resource_accesses": list(self.resource_accesses or []),
            },
            "each resource has a size, an offset, a length and an access",
        )
        for i in range(len(self.resources)):
            rule = "collectives must stay inside their resources"
            check_range(
                self,
                f"resource {i}",
                self.resource_offsets[i],
                self.resource_lengths[i],
                self.resource_sizes[i],
                rule,
            )


class CmdConcurrentOp(Operation):
    name = "stream.cmd.concurrent"
    body_ = region()

    def verify_(self) -> None:
        check_parent(self, ("stream.cmd.execute", "stream.cmd.serial", "stream.cmd.concurrent"))


class CmdCopyOp(Operation):
    name = "stream.cmd.copy"
    source = operand()
    source_size = operand(IndexType)
    source_offset = operand(IndexType)
    target = operand()
    target_size = operand(IndexType)
    target_offset = operand(IndexType)
    length = operand(IndexType)

    def verify_(self) -> None:
        rule = "copies must stay inside both resources"
        check_range(self, "source", self.source_offset, self.length, self.source_size, rule)
        check_range(self, "target", self.target_offset, self.length, self.target_size, rule)


class CmdDiscardOp(Operation):
    name = "stream.cmd.discard"
    target = operand()
    target_size = operand(IndexType)
    target_offset = operand(IndexType)
    target_length = operand(IndexType)

    def verify_(self) -> None:
        rule = "a discard must stay inside its resource"
        check_range(self, "target", self.target_offset, self.target_length, self.target_size, rule)


class CmdDispatchOp(Operation):
    name = "stream.cmd.dispatch"
    workload = var_operand(IndexType)
    uniform_operands = var_operand(IndexType | IntegerType | FloatType | ComplexType)
    resources = var_operand(ResourceType)
    resource_sizes = var_operand(IndexType)
    resource_offsets = var_operand(IndexType)
    resource_lengths = var_operand(IndexType)
    entry_points = attribute(ArrayAttr)
    resource_accesses = attribute(ArrayAttr)

    def verify_(self) -> None:
        check_same_count(
            self,
            {
                "resources": self.resources,
                "resource_sizes": self.resource_sizes,
                "resource_offsets": self.resource_offsets,
                "resource_lengths": self.resource_lengths,
                "resource_accesses": list(self.resource_accesses or []),
            },
            "each resource has a size, an offset, a length and an access",
        )
        for i in range(len(self.resources)):
            rule = "a dispatch binding must stay inside its resource"
            check_range(
                self,
                f"binding {i}",
                self.resource_offsets[i],
                self.resource_lengths[i],
                self.resource_sizes[i],
                rule,
            )


class CmdExecuteOp(Operation):
    # IREE 3.13 adds attributes once (optional here).
    name = "stream.cmd.execute"
    resource_operands = var_operand(ResourceType)
    resource_operand_sizes = var_operand(IndexType)
    await_timepoint = opt_operand(TimepointType)
    result_timepoint = result(TimepointType)
    affinity = opt_attribute()
    once = opt_attribute(UnitAttr)
    body_ = region()

    def verify_(self) -> None:
        check_same_count(
            self,
            {
                "resource_operands": self.resource_operands,
                "resource_operand_sizes": self.resource_operand_sizes,
            },
            "each resource operand has a size",
        )


class CmdFillOp(Operation):
    name = "stream.cmd.fill"
    target = operand(ResourceType)
    target_size = operand(IndexType)
    target_offset = operand(IndexType)
    target_length = operand(IndexType)
    value = operand(IntegerType)

    def verify_(self) -> None:
        rule = "fills must stay inside the resource"
        check_range(self, "target", self.target_offset, self.target_length, self.target_size, rule)


class CmdFlushOp(Operation):
    name = "stream.cmd.flush"
    target = operand()
    target_size = operand(IndexType)
    target_offset = operand(IndexType)
    target_length = operand(IndexType)
    source_affinity = opt_attribute()

    def verify_(self) -> None:
        rule = "a flush must stay inside its resource"
        check_range(self, "target", self.target_offset, self.target_length, self.target_size, rule)


class CmdFuncOp(Operation):
    name = "stream.cmd.func"
    isolated_from_above = True
    sym_name = attribute(StringAttr)
    function_type = attribute(TypeAttr)
    sym_visibility = opt_attribute(StringAttr)
    arg_attrs = opt_attribute(ArrayAttr)
    res_attrs = opt_attribute(ArrayAttr)
    body_ = region()


class CmdInvalidateOp(Operation):
    name = "stream.cmd.invalidate"
    target = operand()
    target_size = operand(IndexType)
    target_offset = operand(IndexType)
    target_length = operand(IndexType)
    source_affinity = opt_attribute()

    def verify_(self) -> None:
        rule = "an invalidate must stay inside its resource"
        check_range(self, "target", self.target_offset, self.target_length, self.target_size, rule)


class CmdSerialOp(Operation):
    name = "stream.cmd.serial"
    body_ = region()

    def verify_(self) -> None:
        check_parent(self, ("stream.cmd.execute", "stream.cmd.serial", "stream.cmd.concurrent"))


STREAM_CMD_OPS = [
    CmdCallOp,
    CmdCollectiveOp,
    CmdConcurrentOp,
    CmdCopyOp,
    CmdDiscardOp,
    CmdDispatchOp,
    CmdExecuteOp,
    CmdFillOp,
    CmdFlushOp,
    CmdFuncOp,
    CmdInvalidateOp,
    CmdSerialOp,
]

register_ops(STREAM_CMD_OPS)
