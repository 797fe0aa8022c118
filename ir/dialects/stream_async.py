"""Ops of the stream dialect's async phase: ``stream.async.*`` (value-semantics work on resources)."""

from __future__ import annotations

from ir import opdef
from ir.attributes import ArrayAttr, StringAttr, SymbolRefAttr, TypeAttr
from ir.core import Operation
from ir.dialects.common import (
    RUNTIME_CHECKS,
    check_parent,
    check_range,
    check_same_count,
    check_tied_operands,
    resource_values,
)
from ir.opdef import (
    attribute,
    opt_attribute,
    opt_operand,
    region,
    register_ops,
    result,
    var_operand,
    var_result,
)
from ir.types import ChannelType, ComplexType, FloatType, IndexType, IntegerType, ResourceType, TimepointType


class AsyncCallOp(Operation):
    # IREE 3.13 adds attributes arg_attrs, res_attrs (optional here).
    name = "stream.async.call"
    resource_operands = var_operand()
    resource_operand_sizes = var_operand(IndexType)
    resource_operand_offsets = var_operand(IndexType)
    resource_operand_ends = var_operand(IndexType)
    resource_operand_lengths = var_operand(IndexType)
    result_sizes = var_operand(IndexType)
    results_ = var_result(ResourceType | IndexType | IntegerType | FloatType | ComplexType)
    callee = attribute(SymbolRefAttr)
    tied_operands = opt_attribute(ArrayAttr)
    affinity = opt_attribute()
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
                "resource_operand_ends": self.resource_operand_ends,
                "resource_operand_lengths": self.resource_operand_lengths,
            },
            "each resource operand has a size, an offset, an end and a length",
        )
        check_same_count(
            self,
            {"resource results": resource_values(self.results), "result_sizes": self.result_sizes},
            "each resource result has a size",
        )
        check_tied_operands(self, self.resource_operands, self.results)


class AsyncConcurrentOp(Operation):
    name = "stream.async.concurrent"
    resource_operands = var_operand(ResourceType)
    resource_operand_sizes = var_operand(IndexType)
    result_sizes = var_operand(IndexType)
    results_ = var_result(ResourceType)
    tied_operands = opt_attribute(ArrayAttr)
    affinity = opt_attribute()
    body_ = region()

    def verify_(self) -> None:
        check_parent(self, ("stream.async.execute", "stream.async.concurrent"))
        check_same_count(
            self,
            {
                "resource_operands": self.resource_operands,
                "resource_operand_sizes": self.resource_operand_sizes,
            },
            "each resource operand has a size",
        )
        check_same_count(
            self, {"results": self.results, "result_sizes": self.result_sizes}, "each result has a size"
        )
        check_tied_operands(self, self.resource_operands, self.results)


class AsyncExecuteOp(Operation):
    name = "stream.async.execute"
    resource_operands = var_operand(ResourceType)
    resource_operand_sizes = var_operand(IndexType)
    result_sizes = var_operand(IndexType)
    await_timepoint = opt_operand(TimepointType)
    results_ = var_result(ResourceType)
    result_timepoint = result(TimepointType)
    tied_operands = opt_attribute(ArrayAttr)
    affinity = opt_attribute()
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
        check_same_count(
            self, {"results": self.results_, "result_sizes": self.result_sizes}, "each result has a size"
        )
        check_tied_operands(self, self.resource_operands, self.results_)


class AsyncFuncOp(Operation):
    name = "stream.async.func"
    isolated_from_above = True
    sym_name = attribute(StringAttr)
    function_type = attribute(TypeAttr)
    tied_operands = opt_attribute(ArrayAttr)
    sym_visibility = opt_attribute(StringAttr)
    arg_attrs = opt_attribute(ArrayAttr)
    res_attrs = opt_attribute(ArrayAttr)
    body_ = region()


class AsyncAllocaOp(Operation):
    name = "stream.async.alloca"
    storage_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    affinity = opdef.opt_attribute()


class AsyncCloneOp(Operation):
    name = "stream.async.clone"
    source = opdef.operand(ResourceType)
    source_size = opdef.operand(IndexType)
    result_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    affinity = opdef.opt_attribute()


class AsyncCollectiveOp(Operation):
    # IREE 3.13 operands: param is optional.
    name = "stream.async.collective"
    target = opdef.operand(ResourceType)
    target_size = opdef.operand(IndexType)
    target_offset = opdef.operand(IndexType)
    target_end = opdef.operand(IndexType)
    target_length = opdef.operand(IndexType)
    source = opdef.operand(ResourceType)
    source_size = opdef.operand(IndexType)
    source_offset = opdef.operand(IndexType)
    source_end = opdef.operand(IndexType)
    source_length = opdef.operand(IndexType)
    element_count = opdef.operand(IndexType)
    channel = opdef.operand(ChannelType)
    param = opdef.opt_operand(IntegerType)
    result = opdef.result(ResourceType)
    op = opdef.attribute()
    affinity = opdef.opt_attribute()

    def verify_(self) -> None:
        rule = "collectives must stay inside their resources"
        check_range(self, "target", self.target_offset, self.target_length, self.target_size, rule)
        check_range(self, "source", self.source_offset, self.source_length, self.source_size, rule)


class AsyncConstantOp(Operation):
    # IREE 3.13 operands: adds await_timepoint.
    name = "stream.async.constant"
    await_timepoint = opdef.opt_operand()
    result_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    value = opdef.attribute()
    affinity = opdef.opt_attribute()


class AsyncCopyOp(Operation):
    name = "stream.async.copy"
    target = opdef.operand(ResourceType)
    target_size = opdef.operand(IndexType)
    target_offset = opdef.operand(IndexType)
    target_end = opdef.operand(IndexType)
    source = opdef.operand(ResourceType)
    source_size = opdef.operand(IndexType)
    source_offset = opdef.operand(IndexType)
    source_end = opdef.operand(IndexType)
    length = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    affinity = opdef.opt_attribute()

    def verify_(self) -> None:
        rule = "copies must stay inside both resources"
        check_range(self, "source", self.source_offset, self.length, self.source_size, rule)
        check_range(self, "target", self.target_offset, self.length, self.target_size, rule)


class AsyncDispatchOp(Operation):
    name = "stream.async.dispatch"
    workload = var_operand(IndexType)
    resource_operands = var_operand(ResourceType | IndexType | IntegerType | FloatType | ComplexType)
    resource_operand_sizes = var_operand(IndexType)
    resource_operand_offsets = var_operand(IndexType)
    resource_operand_ends = var_operand(IndexType)
    resource_operand_lengths = var_operand(IndexType)
    result_sizes = var_operand(IndexType)
    results_ = var_result(ResourceType)
    entry_points = attribute(ArrayAttr)
    tied_operands = opt_attribute(ArrayAttr)
    affinity = opt_attribute()

    def verify_(self) -> None:
        # The six operand groups' bounds found once (opdef.operand_groups), not once per field read.
        operands, sizes, offsets, ends, lengths, result_sizes = opdef.operand_groups(
            self,
            "resource_operands",
            "resource_operand_sizes",
            "resource_operand_offsets",
            "resource_operand_ends",
            "resource_operand_lengths",
            "result_sizes",
        )
        check_same_count(
            self,
            {
                "resource operands": resource_values(operands),
                "resource_operand_sizes": sizes,
                "resource_operand_offsets": offsets,
                "resource_operand_ends": ends,
                "resource_operand_lengths": lengths,
            },
            "each resource operand has a size, an offset, an end and a length",
        )
        check_same_count(
            self, {"results": self.results, "result_sizes": result_sizes}, "each result has a size"
        )
        if RUNTIME_CHECKS.get():
            rule = "a dispatch operand range must stay inside its resource"
            for i in range(len(sizes)):
                check_range(self, f"resource operand {i}", offsets[i], lengths[i], sizes[i], rule)
        check_tied_operands(self, operands, self.results)


class AsyncFillOp(Operation):
    name = "stream.async.fill"
    target = opdef.operand(ResourceType)
    target_size = opdef.operand(IndexType)
    target_offset = opdef.operand(IndexType)
    target_end = opdef.operand(IndexType)
    target_length = opdef.operand(IndexType)
    value = opdef.operand(IntegerType)
    result = opdef.result(ResourceType)
    affinity = opdef.opt_attribute()

    def verify_(self) -> None:
        rule = "fills must stay inside the resource"
        check_range(self, "target", self.target_offset, self.target_length, self.target_size, rule)


class AsyncLoadOp(Operation):
    name = "stream.async.load"
    source = opdef.operand(ResourceType)
    source_size = opdef.operand(IndexType)
    source_offset = opdef.operand(IndexType)
    result = opdef.result()


class AsyncSliceOp(Operation):
    name = "stream.async.slice"
    source = opdef.operand(ResourceType)
    source_size = opdef.operand(IndexType)
    source_offset = opdef.operand(IndexType)
    source_end = opdef.operand(IndexType)
    result_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    affinity = opdef.opt_attribute()

    def verify_(self) -> None:
        rule = "a slice must stay inside its source"
        check_range(self, "source", self.source_offset, self.result_size, self.source_size, rule)


class AsyncSplatOp(Operation):
    # IREE 3.13 operands: adds await_timepoint.
    name = "stream.async.splat"
    await_timepoint = opdef.opt_operand()
    value = opdef.operand(IntegerType)
    result_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    affinity = opdef.opt_attribute()


class AsyncStoreOp(Operation):
    name = "stream.async.store"
    target = opdef.operand(ResourceType)
    target_size = opdef.operand(IndexType)
    target_offset = opdef.operand(IndexType)
    value = opdef.operand()
    result = opdef.result(ResourceType)


class AsyncTransferOp(Operation):
    # IREE 3.13 adds attributes target_affinity, execution_affinity (optional here).
    name = "stream.async.transfer"
    source = opdef.operand(ResourceType)
    source_size = opdef.operand(IndexType)
    result_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    source_affinity = opdef.opt_attribute()
    result_affinity = opdef.opt_attribute()
    target_affinity = opdef.opt_attribute()
    execution_affinity = opdef.opt_attribute()


class AsyncUpdateOp(Operation):
    name = "stream.async.update"
    target = opdef.operand(ResourceType)
    target_size = opdef.operand(IndexType)
    target_offset = opdef.operand(IndexType)
    target_end = opdef.operand(IndexType)
    update = opdef.operand(ResourceType)
    update_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    affinity = opdef.opt_attribute()

    def verify_(self) -> None:
        rule = "an update must stay inside its target"
        check_range(self, "target", self.target_offset, self.update_size, self.target_size, rule)


STREAM_ASYNC_OPS = [
    AsyncCallOp,
    AsyncConcurrentOp,
    AsyncExecuteOp,
    AsyncFuncOp,
    AsyncAllocaOp,
    AsyncCloneOp,
    AsyncCollectiveOp,
    AsyncConstantOp,
    AsyncCopyOp,
    AsyncDispatchOp,
    AsyncFillOp,
    AsyncLoadOp,
    AsyncSliceOp,
    AsyncSplatOp,
    AsyncStoreOp,
    AsyncTransferOp,
    AsyncUpdateOp,
]

register_ops(STREAM_ASYNC_OPS)
