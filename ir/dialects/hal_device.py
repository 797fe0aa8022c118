"""HAL devices, their queues and fences: ``hal.device.*``, ``hal.devices.*``, ``hal.fence.*``."""

from __future__ import annotations

from ir import opdef
from ir.attributes import IntegerAttr, StringAttr
from ir.core import Operation
from ir.dialects.common import fail
from ir.opdef import attribute, operand, opt_attribute, register_ops, result, var_operand
from ir.types import HalType, IndexType, IntegerType


def _verify_queue_fences(op: Operation) -> None:
    """IREE's verifyDeviceQueueFences: a queue op never waits on the fence it signals (a null fence,
    from ``util.null``, may be both)."""
    wait, signal = getattr(op, "wait_fence", None), getattr(op, "signal_fence", None)
    if wait is None or wait is not signal:
        return
    if getattr(getattr(wait, "owner", None), "op_name", None) != "util.null":
        fail(op, "device queue operations cannot wait and signal on the same fence")


class HalDevicesCountOp(Operation):
    name = "hal.devices.count"
    result = opdef.result(IndexType)


class HalDevicesGetOp(Operation):
    name = "hal.devices.get"
    index = opdef.operand(IndexType)
    result = opdef.result(HalType)


class HalDeviceAllocatorOp(Operation):
    name = "hal.device.allocator"
    device = opdef.operand(HalType)
    result = opdef.result(HalType)


class HalDeviceQueryOp(Operation):
    name = "hal.device.query"
    device = operand(HalType)
    ok = result(IntegerType)
    value = result()
    category = attribute(StringAttr)
    key = attribute(StringAttr)
    default_value = opt_attribute()


class HalDeviceQueueAllocaOp(Operation):
    # IREE 3.13 operands: adds memory_types, buffer_usage.
    # IREE 3.13 memory_types, buffer_usage are operands, not attributes.
    # IREE 3.13 adds attributes flags (optional here).
    name = "hal.device.queue.alloca"
    verify_ = _verify_queue_fences
    device = opdef.operand(HalType)
    queue_affinity = opdef.operand(IntegerType)
    wait_fence = opdef.operand(HalType)
    signal_fence = opdef.operand(HalType)
    pool = opdef.operand(IntegerType)
    memory_types = opdef.operand(IntegerType)
    buffer_usage = opdef.operand(IntegerType)
    result_size = opdef.operand(IndexType)
    result = opdef.result(HalType)
    flags = opdef.opt_attribute()


class HalDeviceQueueDeallocaOp(Operation):
    # IREE 3.13 adds attributes flags (optional here).
    name = "hal.device.queue.dealloca"
    verify_ = _verify_queue_fences
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    buffer = operand(HalType)
    flags = opt_attribute()


class HalDeviceQueueExecuteIndirectOp(Operation):
    # IREE 3.13 adds attributes flags (optional here).
    name = "hal.device.queue.execute.indirect"
    verify_ = _verify_queue_fences
    same_variadic_operand_size = True
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    command_buffer = operand(HalType)
    binding_buffers = var_operand(HalType)
    binding_offsets = var_operand(IndexType)
    binding_lengths = var_operand(IndexType)
    flags = opt_attribute()


class HalDeviceQueueExecuteOp(Operation):
    # IREE 3.13 operands: adds command_buffer; drops command_buffers.
    # IREE 3.13 adds attributes flags (optional here).
    name = "hal.device.queue.execute"
    verify_ = _verify_queue_fences
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    command_buffer = operand()
    flags = opt_attribute()


class HalDeviceQueueBarrierOp(Operation):
    # IREE 3.13 (not in the seed documents): signal after wait, in queue order, with no work.
    name = "hal.device.queue.barrier"
    verify_ = _verify_queue_fences
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    flags = opt_attribute()


class HalDeviceQueueCopyOp(Operation):
    # IREE 3.13 (not in the seed documents): a queue-ordered buffer copy.
    name = "hal.device.queue.copy"
    verify_ = _verify_queue_fences
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    source_buffer = operand(HalType)
    source_offset = operand(IndexType)
    target_buffer = operand(HalType)
    target_offset = operand(IndexType)
    length = operand(IndexType)
    flags = opt_attribute()


class HalDeviceQueueFillOp(Operation):
    # IREE 3.13 (not in the seed documents): a queue-ordered buffer fill with a 1/2/4-byte pattern.
    name = "hal.device.queue.fill"
    verify_ = _verify_queue_fences
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    target_buffer = operand(HalType)
    target_offset = operand(IndexType)
    length = operand(IndexType)
    pattern = operand(IntegerType)
    flags = opt_attribute()


class HalDeviceQueueUpdateOp(Operation):
    # IREE 3.13 (not in the seed documents): a queue-ordered upload of host bytes (a !util.buffer).
    name = "hal.device.queue.update"
    verify_ = _verify_queue_fences
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    source_buffer = operand()
    source_offset = operand(IndexType)
    target_buffer = operand(HalType)
    target_offset = operand(IndexType)
    length = operand(IndexType)
    flags = opt_attribute()


class HalDeviceQueueFlushOp(Operation):
    name = "hal.device.queue.flush"
    device = operand(HalType)
    queue_affinity = operand(IntegerType)


class HalDeviceQueueReadOp(Operation):
    name = "hal.device.queue.read"
    verify_ = _verify_queue_fences
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    source_file = operand(HalType)
    source_offset = operand(IntegerType)
    target_buffer = operand(HalType)
    target_offset = operand(IndexType)
    length = operand(IndexType)
    flags = attribute(IntegerAttr)


class HalDeviceQueueWriteOp(Operation):
    name = "hal.device.queue.write"
    verify_ = _verify_queue_fences
    device = operand(HalType)
    queue_affinity = operand(IntegerType)
    wait_fence = operand(HalType)
    signal_fence = operand(HalType)
    source_buffer = operand(HalType)
    source_offset = operand(IndexType)
    target_file = operand(HalType)
    target_offset = operand(IntegerType)
    length = operand(IndexType)
    flags = attribute(IntegerAttr)


class HalFenceAwaitOp(Operation):
    # IREE 3.13 adds attributes flags (optional here).
    name = "hal.fence.await"
    timeout_millis = operand(IntegerType)
    fences = var_operand(HalType)
    status = result(IntegerType)
    flags = opt_attribute()


class HalFenceCreateOp(Operation):
    name = "hal.fence.create"
    device = opdef.operand(HalType)
    result = opdef.result(HalType)
    flags = opdef.attribute()


class HalFenceFailOp(Operation):
    name = "hal.fence.fail"
    fence = operand(HalType)
    status = operand(IntegerType)


class HalFenceJoinOp(Operation):
    # IREE 3.13 adds attributes flags (optional here).
    name = "hal.fence.join"
    fences = opdef.var_operand(HalType)
    result = opdef.result(HalType)
    flags = opdef.opt_attribute()


class HalFenceQueryOp(Operation):
    name = "hal.fence.query"
    fence = operand(HalType)
    status = result(IntegerType)


class HalFenceSignalOp(Operation):
    name = "hal.fence.signal"
    fence = operand(HalType)


HAL_DEVICE_OPS = [
    HalDevicesCountOp,
    HalDevicesGetOp,
    HalDeviceAllocatorOp,
    HalDeviceQueryOp,
    HalDeviceQueueAllocaOp,
    HalDeviceQueueBarrierOp,
    HalDeviceQueueCopyOp,
    HalDeviceQueueDeallocaOp,
    HalDeviceQueueExecuteIndirectOp,
    HalDeviceQueueExecuteOp,
    HalDeviceQueueFillOp,
    HalDeviceQueueFlushOp,
    HalDeviceQueueReadOp,
    HalDeviceQueueUpdateOp,
    HalDeviceQueueWriteOp,
    HalFenceAwaitOp,
    HalFenceCreateOp,
    HalFenceFailOp,
    HalFenceJoinOp,
    HalFenceQueryOp,
    HalFenceSignalOp,
]

register_ops(HAL_DEVICE_OPS)
