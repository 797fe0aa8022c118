"""HAL buffers and their views, allocators, tensors crossing the ABI and file handles: ``hal.allocator.*``,
``hal.buffer.*``, ``hal.buffer_view.*``, ``hal.element_type``, ``hal.encoding_type``, ``hal.tensor.*``,
``hal.ex.file.from_memory``.
"""

from __future__ import annotations

from ir import opdef
from ir.attributes import IntegerAttr, StringAttr, TypeAttr, UnitAttr
from ir.core import Operation
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
from ir.types import HalType, IndexType, IntegerType, TensorType


class HalAllocatorAllocateOp(Operation):
    # IREE 3.13 operands: adds memory_types, buffer_usage.
    # IREE 3.13 memory_types, buffer_usage are operands, not attributes.
    name = "hal.allocator.allocate"
    allocator = opdef.operand(HalType)
    queue_affinity = opdef.operand(IntegerType)
    memory_types = opdef.operand(IntegerType)
    buffer_usage = opdef.operand(IntegerType)
    result_size = opdef.operand(IndexType)
    result = opdef.result(HalType)


class HalAllocatorSelectOp(Operation):
    # IREE 3.13: pure; (device, queue affinity) pairs as two same-length variadic groups.
    name = "hal.allocator.select"
    same_variadic_operand_size = True
    devices = var_operand(HalType)
    queue_affinities = var_operand(IntegerType)
    memory_types = operand(IntegerType)
    buffer_usage = operand(IntegerType)
    selected_device = result(HalType)
    selected_queue_affinity = result(IntegerType)


class HalAllocatorImportOp(Operation):
    # IREE 3.13 operands: adds memory_types, buffer_usage.
    # IREE 3.13 memory_types, buffer_usage are operands, not attributes.
    name = "hal.allocator.import"
    allocator = opdef.operand(HalType)
    queue_affinity = opdef.operand(IntegerType)
    memory_types = opdef.operand(IntegerType)
    buffer_usage = opdef.operand(IntegerType)
    source = opdef.operand()
    offset = opdef.operand(IndexType)
    length = opdef.operand(IndexType)
    did_import = opdef.result(IntegerType)
    result = opdef.result(HalType)


class HalBufferUsageOp(Operation):
    # IREE 3.13: ``hal.buffer_usage<"...">`` materialises a usage bit set as an i32.
    name = "hal.buffer_usage"
    result = opdef.result(IntegerType)
    usage = opdef.attribute()


class HalMemoryTypeOp(Operation):
    # IREE 3.13: ``hal.memory_type<"...">`` materialises a memory type bit set as an i32.
    name = "hal.memory_type"
    result = opdef.result(IntegerType)
    type = opdef.attribute()


class HalBufferAssertOp(Operation):
    name = "hal.buffer.assert"
    buffer = operand(HalType)
    allocator = operand(HalType)
    minimum_length = operand(IndexType)
    message = attribute(StringAttr)
    memory_types = attribute()
    buffer_usage = attribute()


class HalBufferLengthOp(Operation):
    name = "hal.buffer.length"
    buffer = opdef.operand(HalType)
    result = opdef.result(IndexType)


class HalBufferLoadOp(Operation):
    name = "hal.buffer.load"
    source_buffer = opdef.operand(HalType)
    source_offset = opdef.operand(IndexType)
    result = opdef.result()


class HalBufferStoreOp(Operation):
    name = "hal.buffer.store"
    value = operand()
    target_buffer = operand(HalType)
    target_offset = operand(IndexType)


class HalBufferSubspanOp(Operation):
    name = "hal.buffer.subspan"
    source_buffer = opdef.operand(HalType)
    source_offset = opdef.operand(IndexType)
    length = opdef.operand(IndexType)
    result = opdef.result(HalType)


class HalBufferViewAssertOp(Operation):
    name = "hal.buffer_view.assert"
    buffer_view = operand(HalType)
    element_type = operand(IntegerType)
    encoding_type = operand(IntegerType)
    shape = var_operand(IndexType)
    message = attribute(StringAttr)


class HalBufferViewBufferOp(Operation):
    name = "hal.buffer_view.buffer"
    buffer_view = opdef.operand(HalType)
    result = opdef.result(HalType)


class HalBufferViewCreateOp(Operation):
    name = "hal.buffer_view.create"
    source_buffer = opdef.operand(HalType)
    source_offset = opdef.operand(IndexType)
    source_length = opdef.operand(IndexType)
    element_type = opdef.operand(IntegerType)
    encoding_type = opdef.operand(IntegerType)
    shape = opdef.var_operand(IndexType)
    result = opdef.result(HalType)


class HalBufferViewDimOp(Operation):
    name = "hal.buffer_view.dim"
    buffer_view = opdef.operand(HalType)
    result = opdef.result(IndexType)
    index = opdef.attribute(IntegerAttr)


class HalBufferViewElementTypeOp(Operation):
    name = "hal.buffer_view.element_type"
    buffer_view = opdef.operand(HalType)
    result = opdef.result(IntegerType)


class HalBufferViewEncodingTypeOp(Operation):
    name = "hal.buffer_view.encoding_type"
    buffer_view = opdef.operand(HalType)
    result = opdef.result(IntegerType)


class HalBufferViewRankOp(Operation):
    name = "hal.buffer_view.rank"
    buffer_view = opdef.operand(HalType)
    result = opdef.result(IndexType)


class HalBufferViewTraceOp(Operation):
    name = "hal.buffer_view.trace"
    operands_ = var_operand(HalType)
    key = attribute(StringAttr)


class HalElementTypeOp(Operation):
    name = "hal.element_type"
    result = opdef.result(IntegerType)
    type = opdef.attribute(TypeAttr)


class HalEncodingTypeOp(Operation):
    name = "hal.encoding_type"
    result = opdef.result(IntegerType)
    encoding = opdef.opt_attribute()


class HalExFileFromMemoryOp(Operation):
    name = "hal.ex.file.from_memory"
    device = opdef.operand(HalType)
    queue_affinity = opdef.operand(IntegerType)
    buffer = opdef.operand()
    offset = opdef.operand(IndexType)
    length = opdef.operand(IndexType)
    flags = opdef.operand(IntegerType)
    result = opdef.result(HalType)
    access = opdef.attribute()


class HalTensorAliasOp(Operation):
    # IREE 3.13 adds attributes affinity (optional here).
    name = "hal.tensor.alias"
    source = opdef.operand(TensorType)
    source_dims = opdef.var_operand(IndexType)
    storage = opdef.operand(HalType)
    wait_fence = opdef.opt_operand(HalType)
    result = opdef.result(TensorType)
    affinity = opdef.opt_attribute()


class HalTensorBarrierOp(Operation):
    name = "hal.tensor.barrier"
    sources = var_operand(TensorType)
    signal_fence = operand(HalType)
    results_ = var_result(TensorType)


class HalTensorExportOp(Operation):
    # IREE 3.13 adds attributes affinity (optional here).
    name = "hal.tensor.export"
    source = operand(TensorType)
    source_dims = var_operand(IndexType)
    target = result(HalType)
    source_encoding = attribute(TypeAttr)
    name_ = opt_attribute(StringAttr)
    affinity = opt_attribute()


class HalTensorImportOp(Operation):
    # IREE 3.13 operands: adds byte_offset.
    # IREE 3.13 adds attributes consume, affinity (optional here).
    name = "hal.tensor.import"
    source = operand(HalType)
    target_dims = var_operand(IndexType)
    wait_fence = opt_operand(HalType)
    byte_offset = opt_operand(IndexType)
    target = result(TensorType)
    target_encoding = attribute(TypeAttr)
    name_ = opt_attribute(StringAttr)
    consume = opt_attribute(UnitAttr)
    affinity = opt_attribute()


HAL_BUFFER_OPS = [
    HalAllocatorAllocateOp,
    HalAllocatorImportOp,
    HalAllocatorSelectOp,
    HalBufferAssertOp,
    HalBufferUsageOp,
    HalMemoryTypeOp,
    HalBufferLengthOp,
    HalBufferLoadOp,
    HalBufferStoreOp,
    HalBufferSubspanOp,
    HalBufferViewAssertOp,
    HalBufferViewBufferOp,
    HalBufferViewCreateOp,
    HalBufferViewDimOp,
    HalBufferViewElementTypeOp,
    HalBufferViewEncodingTypeOp,
    HalBufferViewRankOp,
    HalBufferViewTraceOp,
    HalElementTypeOp,
    HalEncodingTypeOp,
    HalExFileFromMemoryOp,
    HalTensorAliasOp,
    HalTensorBarrierOp,
    HalTensorExportOp,
    HalTensorImportOp,
]

register_ops(HAL_BUFFER_OPS)
