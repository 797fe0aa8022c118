"""Stream resources, timepoints, files, channels and the execution context: ``stream.resource.*``,
``stream.timepoint.*``, ``stream.file.*``, ``stream.channel.*``, ``stream.context.resolve``.
"""

from __future__ import annotations

from ir import opdef
from ir.attributes import ArrayAttr, StringAttr, UnitAttr
from ir.core import Operation
from ir.dialects.common import check_range, check_same_count, fail
from ir.opdef import (
    attribute,
    operand,
    opt_attribute,
    opt_operand,
    register_ops,
    result,
    var_operand,
    var_result,
)
from ir.types import ChannelType, FileType, IndexType, IntegerType, ResourceType, TimepointType


class ChannelCountOp(Operation):
    name = "stream.channel.count"
    channel = opdef.operand(ChannelType)
    result = opdef.result(IndexType)


class ChannelCreateOp(Operation):
    name = "stream.channel.create"
    id = opdef.opt_operand()
    rank = opdef.opt_operand(IndexType)
    count = opdef.opt_operand(IndexType)
    result = opdef.result(ChannelType)
    group = opdef.opt_attribute(StringAttr)
    affinity = opdef.opt_attribute()


class ChannelRankOp(Operation):
    name = "stream.channel.rank"
    channel = opdef.operand(ChannelType)
    result = opdef.result(IndexType)


class ChannelSplitOp(Operation):
    name = "stream.channel.split"
    channel = opdef.operand(ChannelType)
    color = opdef.operand(IndexType)
    key = opdef.operand(IndexType)
    result = opdef.result(ChannelType)


class ContextResolveOp(Operation):
    name = "stream.context.resolve"
    results_ = var_result()
    affinity = opt_attribute()


class FileConstantOp(Operation):
    name = "stream.file.constant"
    source = opdef.operand()
    source_size = opdef.operand(IndexType)
    source_offset = opdef.operand(IndexType)
    source_length = opdef.operand(IndexType)
    result = opdef.result(FileType)
    affinity = opdef.opt_attribute()


class FileReadOp(Operation):
    name = "stream.file.read"
    source = operand(FileType)
    source_offset = operand(IntegerType)
    target = operand(ResourceType)
    target_size = operand(IndexType)
    target_offset = operand(IndexType)
    length = operand(IndexType)
    await_timepoint = opt_operand(TimepointType)
    result_timepoint = result(TimepointType)
    affinity = opt_attribute()

    def verify_(self) -> None:
        rule = "a file read must stay inside its target resource"
        check_range(self, "target", self.target_offset, self.length, self.target_size, rule)


class FileWriteOp(Operation):
    name = "stream.file.write"
    source = operand(ResourceType)
    source_size = operand(IndexType)
    source_offset = operand(IndexType)
    target = operand(FileType)
    target_offset = operand(IntegerType)
    length = operand(IndexType)
    await_timepoint = opt_operand(TimepointType)
    result_timepoint = result(TimepointType)
    affinity = opt_attribute()

    def verify_(self) -> None:
        rule = "a file write must stay inside its source resource"
        check_range(self, "source", self.source_offset, self.length, self.source_size, rule)


class ResourceAllocOp(Operation):
    name = "stream.resource.alloc"
    storage_size = opdef.operand(IndexType)
    result = opdef.result()
    uninitialized = opdef.opt_attribute(UnitAttr)
    affinity = opdef.opt_attribute()


class ResourceAllocaOp(Operation):
    # IREE 3.13 adds attributes indeterminate_lifetime (optional here).
    name = "stream.resource.alloca"
    storage_size = opdef.operand(IndexType)
    await_timepoint = opdef.opt_operand(TimepointType)
    result = opdef.result()
    result_timepoint = opdef.result(TimepointType)
    affinity = opdef.opt_attribute()
    indeterminate_lifetime = opdef.opt_attribute(UnitAttr)


class ResourceConstantsOp(Operation):
    name = "stream.resource.constants"
    same_variadic_result_size = True
    result_sizes = var_operand(IndexType)
    results_ = var_result(ResourceType)
    result_timepoint = result(TimepointType)
    values = attribute(ArrayAttr)
    affinity = opt_attribute()

    def verify_(self) -> None:
        check_same_count(
            self,
            {"results": self.results_, "result_sizes": self.result_sizes, "values": list(self.values or [])},
            "each constant has a value, a result and a size",
        )


class ResourceDeallocaOp(Operation):
    # IREE 3.13 adds attributes prefer_origin (optional here).
    name = "stream.resource.dealloca"
    operand = opdef.operand()
    operand_size = opdef.operand(IndexType)
    await_timepoint = opdef.opt_operand(TimepointType)
    result_timepoint = opdef.result(TimepointType)
    affinity = opdef.opt_attribute()
    prefer_origin = opdef.opt_attribute(UnitAttr)


class ResourceLoadOp(Operation):
    name = "stream.resource.load"
    source = opdef.operand(ResourceType)
    source_size = opdef.operand(IndexType)
    source_offset = opdef.operand(IndexType)
    result = opdef.result()


class ResourcePackOp(Operation):
    name = "stream.resource.pack"
    offset = opt_operand(IndexType)
    dynamic_slice_sizes = var_operand(IndexType)
    total_length = result(IndexType)
    packed_offsets = var_result(IndexType)
    lifetime_intervals = attribute(ArrayAttr)
    affinity = opt_attribute()

    def verify_(self) -> None:
        intervals = list(self.lifetime_intervals or [])
        if len(intervals) != 2 * len(self.dynamic_slice_sizes):
            fail(
                self,
                f"{len(intervals)} lifetime_intervals entries for {len(self.dynamic_slice_sizes)} slices; "
                "each slice has a [start, end] lifetime",
            )
        check_same_count(
            self,
            {"slices": self.dynamic_slice_sizes, "packed_offsets": self.packed_offsets},
            "each slice gets one packed offset",
        )


class ResourceSizeOp(Operation):
    name = "stream.resource.size"
    operand = opdef.operand()
    result = opdef.result(IndexType)
    affinity = opdef.opt_attribute()


class ResourceStoreOp(Operation):
    name = "stream.resource.store"
    target = operand(ResourceType)
    target_size = operand(IndexType)
    target_offset = operand(IndexType)
    value = operand()


class ResourceSubviewOp(Operation):
    name = "stream.resource.subview"
    source = opdef.operand()
    source_size = opdef.operand(IndexType)
    source_offset = opdef.operand(IndexType)
    result_size = opdef.operand(IndexType)
    result = opdef.result()

    def verify_(self) -> None:
        rule = "a subview must stay inside its source"
        check_range(self, "source", self.source_offset, self.result_size, self.source_size, rule)


class ResourceTryMapOp(Operation):
    name = "stream.resource.try_map"
    source = opdef.operand()
    source_offset = opdef.operand(IndexType)
    result_size = opdef.operand(IndexType)
    did_map = opdef.result(IntegerType)
    result = opdef.result(ResourceType)
    affinity = opdef.opt_attribute()


class TimepointAwaitOp(Operation):
    # IREE 3.13 adds attributes sync (optional here).
    name = "stream.timepoint.await"
    resource_operands = var_operand(ResourceType)
    resource_operand_sizes = var_operand(IndexType)
    await_timepoint = operand(TimepointType)
    results_ = var_result(ResourceType)
    affinity = opt_attribute()
    sync = opt_attribute(UnitAttr)

    def verify_(self) -> None:
        check_same_count(
            self,
            {
                "resource_operands": self.resource_operands,
                "resource_operand_sizes": self.resource_operand_sizes,
                "results": self.results_,
            },
            "each awaited resource has a size and a result",
        )
        for i, (v, r) in enumerate(zip(self.resource_operands, self.results_)):
            if v.type != r.type:
                fail(
                    self,
                    f"result {i} has type {r.type} but resource operand {i} has {v.type}; they must match",
                )


class TimepointBarrierOp(Operation):
    name = "stream.timepoint.barrier"
    resource = opdef.operand(ResourceType)
    resource_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    result_timepoint = opdef.result(TimepointType)
    affinity = opdef.opt_attribute()


class TimepointChainExternalOp(Operation):
    name = "stream.timepoint.chain_external"
    await_timepoint = operand(TimepointType)
    external_values = var_operand()
    affinity = opt_attribute()


class TimepointExportOp(Operation):
    name = "stream.timepoint.export"
    await_timepoint = operand(TimepointType)
    results_ = var_result()
    affinity = opt_attribute()


class TimepointImmediateOp(Operation):
    name = "stream.timepoint.immediate"
    result_timepoint = result(TimepointType)


class TimepointImportOp(Operation):
    name = "stream.timepoint.import"
    operands_ = var_operand()
    result_timepoint = result(TimepointType)
    affinity = opt_attribute()


class TimepointJoinOp(Operation):
    name = "stream.timepoint.join"
    await_timepoints = var_operand(TimepointType)
    result_timepoint = result(TimepointType)


STREAM_RESOURCE_OPS = [
    ChannelCountOp,
    ChannelCreateOp,
    ChannelRankOp,
    ChannelSplitOp,
    ContextResolveOp,
    FileConstantOp,
    FileReadOp,
    FileWriteOp,
    ResourceAllocOp,
    ResourceAllocaOp,
    ResourceConstantsOp,
    ResourceDeallocaOp,
    ResourceLoadOp,
    ResourcePackOp,
    ResourceSizeOp,
    ResourceStoreOp,
    ResourceSubviewOp,
    ResourceTryMapOp,
    TimepointAwaitOp,
    TimepointBarrierOp,
    TimepointChainExternalOp,
    TimepointExportOp,
    TimepointImmediateOp,
    TimepointImportOp,
    TimepointJoinOp,
]

register_ops(STREAM_RESOURCE_OPS)
