"""HAL command buffers, collective channels and the layouts IREE 3.x removed: ``hal.command_buffer.*``,
``hal.channel.*``, ``hal.descriptor_set_layout.create``, ``hal.pipeline_layout.*``.
"""

from __future__ import annotations

from ir import opdef
from ir.attributes import ArrayAttr, IntegerAttr, StringAttr
from ir.core import Operation
from ir.opdef import attribute, operand, opt_attribute, opt_operand, register_ops, result, var_operand
from ir.types import HalType, IndexType, IntegerType


class HalChannelCreateOp(Operation):
    name = "hal.channel.create"
    device = opdef.operand(HalType)
    queue_affinity = opdef.operand(IntegerType)
    id = opdef.operand()
    group = opdef.operand()
    rank = opdef.operand(IntegerType)
    count = opdef.operand(IntegerType)
    result = opdef.result(HalType)
    flags = opdef.attribute(IntegerAttr)


class HalChannelRankAndCountOp(Operation):
    name = "hal.channel.rank_and_count"
    channel = operand(HalType)
    rank = result(IntegerType)
    count = result(IntegerType)


class HalChannelSplitOp(Operation):
    name = "hal.channel.split"
    channel = opdef.operand(HalType)
    color = opdef.operand(IntegerType)
    key = opdef.operand(IntegerType)
    result = opdef.result(HalType)
    flags = opdef.attribute(IntegerAttr)


class HalCommandBufferBeginDebugGroupOp(Operation):
    name = "hal.command_buffer.begin_debug_group"
    command_buffer = operand(HalType)
    label = attribute(StringAttr)


class HalCommandBufferCollectiveOp(Operation):
    # IREE 3.13 operands: send_offset is optional; send_length is optional; recv_offset is optional; recv_length is optional.
    name = "hal.command_buffer.collective"
    command_buffer = operand(HalType)
    channel = operand(HalType)
    element_count = operand(IndexType)
    param = opt_operand(IntegerType)
    # A buffer, or (in an indirect command buffer) the index of a binding slot.
    send_buffer = opt_operand(HalType | IndexType)
    send_offset = opt_operand(IndexType)
    send_length = opt_operand(IndexType)
    recv_buffer = opt_operand(HalType | IndexType)
    recv_offset = opt_operand(IndexType)
    recv_length = opt_operand(IndexType)
    op = attribute()


class HalCommandBufferCopyBufferOp(Operation):
    # IREE 3.13 adds attributes flags (optional here).
    name = "hal.command_buffer.copy_buffer"
    command_buffer = operand(HalType)
    # A buffer, or (in an indirect command buffer) the index of a binding slot.
    source_buffer = operand(HalType | IndexType)
    source_offset = operand(IndexType)
    target_buffer = operand(HalType | IndexType)
    target_offset = operand(IndexType)
    length = operand(IndexType)
    flags = opt_attribute()


class HalCommandBufferCreateOp(Operation):
    # IREE 3.13 operands: adds queue_affinity.
    name = "hal.command_buffer.create"
    device = opdef.operand(HalType)
    queue_affinity = opdef.operand(IntegerType)
    binding_capacity = opdef.opt_operand(IndexType)
    result = opdef.result(HalType)
    modes = opdef.attribute()
    command_categories = opdef.attribute()


class HalCommandBufferDeviceOp(Operation):
    name = "hal.command_buffer.device"
    command_buffer = operand(HalType)
    device = result(HalType)


class HalCommandBufferDispatchIndirectOp(Operation):
    # IREE 3.13 operands: adds constants, binding_buffers, binding_offsets, binding_lengths.
    # IREE 3.13 adds attributes flags (optional here).
    name = "hal.command_buffer.dispatch.indirect"
    command_buffer = operand(HalType)
    executable = operand(HalType)
    entry_point = operand(IntegerType)  # IREE's function ordinal is an i64
    # A buffer, or (in an indirect command buffer) the index of a binding slot.
    workgroups_buffer = operand(HalType | IndexType)
    workgroups_offset = operand(IndexType)
    constants = var_operand(IntegerType)
    binding_buffers = var_operand()
    binding_offsets = var_operand(IndexType)
    binding_lengths = var_operand(IndexType)
    flags = opt_attribute()


class HalCommandBufferDispatchOp(Operation):
    # IREE 3.13 operands: adds constants, binding_buffers, binding_offsets, binding_lengths.
    # IREE 3.13 adds attributes flags (optional here).
    name = "hal.command_buffer.dispatch"
    command_buffer = operand(HalType)
    executable = operand(HalType)
    entry_point = operand(IntegerType)  # IREE's function ordinal is an i64
    workgroup_x = operand(IndexType)
    workgroup_y = operand(IndexType)
    workgroup_z = operand(IndexType)
    constants = var_operand(IntegerType)
    binding_buffers = var_operand()
    binding_offsets = var_operand(IndexType)
    binding_lengths = var_operand(IndexType)
    flags = opt_attribute()


class HalCommandBufferEndDebugGroupOp(Operation):
    name = "hal.command_buffer.end_debug_group"
    command_buffer = operand(HalType)


class HalCommandBufferExecutionBarrierOp(Operation):
    name = "hal.command_buffer.execution_barrier"
    command_buffer = operand(HalType)
    source_stage_mask = attribute()
    target_stage_mask = attribute()
    flags = attribute()


class HalCommandBufferFillBufferOp(Operation):
    # IREE 3.13 adds attributes flags (optional here).
    name = "hal.command_buffer.fill_buffer"
    command_buffer = operand(HalType)
    # A buffer, or (in an indirect command buffer) the index of a binding slot.
    target_buffer = operand(HalType | IndexType)
    target_offset = operand(IndexType)
    length = operand(IndexType)
    pattern = operand(IntegerType)
    flags = opt_attribute()


class HalCommandBufferFinalizeOp(Operation):
    name = "hal.command_buffer.finalize"
    command_buffer = operand(HalType)


class HalCommandBufferPushConstantsOp(Operation):
    name = "hal.command_buffer.push_constants"
    command_buffer = operand(HalType)
    pipeline_layout = operand(HalType)
    values = var_operand(IntegerType)
    offset = attribute(IntegerAttr)


class HalCommandBufferPushDescriptorSetOp(Operation):
    name = "hal.command_buffer.push_descriptor_set"
    same_variadic_operand_size = True
    command_buffer = operand(HalType)
    pipeline_layout = operand(HalType)
    set = operand(IndexType)
    binding_ordinals = var_operand(IndexType)
    binding_buffers = var_operand(IndexType | HalType)
    binding_offsets = var_operand(IndexType)
    binding_lengths = var_operand(IndexType)


class HalDescriptorSetLayoutCreateOp(Operation):
    name = "hal.descriptor_set_layout.create"
    device = opdef.operand(HalType)
    result = opdef.result(HalType)
    flags = opdef.attribute()
    bindings = opdef.attribute(ArrayAttr)


class HalPipelineLayoutCreateOp(Operation):
    name = "hal.pipeline_layout.create"
    device = opdef.operand(HalType)
    set_layouts = opdef.var_operand(HalType)
    result = opdef.result(HalType)
    push_constants = opdef.attribute(IntegerAttr)


class HalPipelineLayoutLookupOp(Operation):
    name = "hal.pipeline_layout.lookup"
    device = opdef.operand(HalType)
    result = opdef.result(HalType)
    layout = opdef.attribute()


HAL_COMMAND_OPS = [
    HalChannelCreateOp,
    HalChannelRankAndCountOp,
    HalChannelSplitOp,
    HalCommandBufferBeginDebugGroupOp,
    HalCommandBufferCollectiveOp,
    HalCommandBufferCopyBufferOp,
    HalCommandBufferCreateOp,
    HalCommandBufferDeviceOp,
    HalCommandBufferDispatchIndirectOp,
    HalCommandBufferDispatchOp,
    HalCommandBufferEndDebugGroupOp,
    HalCommandBufferExecutionBarrierOp,
    HalCommandBufferFillBufferOp,
    HalCommandBufferFinalizeOp,
    HalCommandBufferPushConstantsOp,
    HalCommandBufferPushDescriptorSetOp,
    HalDescriptorSetLayoutCreateOp,
    HalPipelineLayoutCreateOp,
    HalPipelineLayoutLookupOp,
]

register_ops(HAL_COMMAND_OPS)
