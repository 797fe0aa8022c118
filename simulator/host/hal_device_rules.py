"""Host rules for the device-level ``hal`` ops of a HAL-form program (``iree-compile --compile-to=hal``).

What IREE's runtime does for these, on the simulated machine:

- ``hal.device.query`` is answered from the machine: ``hal.device.id`` matches the device's HAL driver
  name (a CPU device is ``local-task``, a GPU ``cuda``; glob patterns as IREE's ``local*``),
  ``hal.executable.format`` the formats a device of its kind loads (CPU: ``embedded-elf-*``, ``system-*``,
  ``vmvx-*``; GPU: ``cuda-*``, ``rocm-*``, ``vulkan-*``, ``metal-*``), ``hal.dispatch``/``concurrency``
  and ``hal.device``/``concurrency`` its execution units. Anything else is not answered: ``ok`` is 0 and
  the value is the op's default, as IREE returns for an unknown key.
- ``hal.memory_type`` and ``hal.buffer_usage`` are their bit sets.
- Allocators and buffers: ``hal.allocator.allocate`` allocates at once in the device's pool;
  ``hal.buffer.assert`` checks the minimum length; ``hal.buffer.subspan``/``length``/``load``/``store``;
  ``hal.buffer_view.create`` views a buffer with a shape and element type.
- Queue-ordered allocation: ``hal.device.queue.alloca`` names its buffer at once and reserves the bytes
  when its wait fence is reached, then signals its signal fence; ``hal.device.queue.dealloca`` releases in
  queue order; ``hal.device.queue.flush`` does nothing (submissions are never held back here).

A null fence (``util.null : !hal.fence``) as the wait fence waits for nothing; as the signal fence the
operation signals a fence nobody holds.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Generator
from typing import Any

import numpy as np

from ir import Operation
from ir.attributes import IntegerAttr
from simulator.errors import InputError, SimulationError, UnsupportedOpError
from simulator.host import fields
from simulator.host.interpreter import Interpreter, Rule
from simulator.host.stream_rules import alloca_work, dealloca_work, host_load, host_store
from simulator.host.values import BufferView, HostBuffer, element_type_from_code
from simulator.memory import Buffer, ResourceRef, check_range
from simulator.queues import Device, Queue
from simulator.rules import RuleTable
from simulator.runtime import location
from simulator.semaphores import Fence

RULES: RuleTable[Rule] = RuleTable("host.hal_device")
rule = RULES.register

#: The HAL driver name a device of each kind answers to ``hal.device.id`` queries with.
DEVICE_IDS = {"cpu": "local-task", "gpu": "cuda"}
#: Executable formats (glob patterns) a device of each kind loads.
EXECUTABLE_FORMATS = {
    "cpu": ("embedded-elf-*", "system-*", "vmvx-*"),
    "gpu": ("cuda-*", "rocm-*", "vulkan-*", "metal-*"),
}


def device_arg(op: Operation, value: Any) -> Device:
    if not isinstance(value, Device):
        raise UnsupportedOpError(f"{op.describe()}: expected a !hal.device, got {type(value).__name__}")
    return value


def queue_of(op: Operation, device: Any, mask: Any) -> Queue:
    """The queue a HAL queue affinity mask selects (-1 or 0: any, which is queue 0)."""
    dev = device_arg(op, device)
    bits = int(mask)
    if bits in (0, -1):
        return dev.queues[0]
    return dev.queue_for(tuple(i for i in range(64) if bits >> i & 1), op.describe())


def fence_arg(op: Operation, value: Any, what: str) -> Fence | None:
    """A wait or signal fence operand: a fence, or None for a null fence."""
    if value is None or isinstance(value, Fence):
        return value
    raise UnsupportedOpError(f"{op.describe()}: the {what} fence is a {type(value).__name__}, not a !hal.fence")


def buffer_arg(op: Operation, value: Any) -> ResourceRef:
    """A ``!hal.buffer`` value: a resource range, or the buffer of a buffer view (``hal.buffer_view.buffer``)."""
    if isinstance(value, ResourceRef):
        return value
    if isinstance(value, BufferView):
        return ResourceRef(value.buffer, value.offset_bytes, value.buffer.size_bytes - value.offset_bytes)
    raise UnsupportedOpError(f"{op.describe()}: expected a !hal.buffer, got {type(value).__name__}")


# -- devices -------------------------------------------------------------------------------------------


def answer_query(device: Device, category: str, key: str) -> int | None:
    """The machine's answer to a ``hal.device.query``, or None when it has none."""
    kind = device.spec.kind
    if category == "hal.device.id":
        return int(fnmatch.fnmatchcase(DEVICE_IDS.get(kind, kind), key))
    if category == "hal.executable.format":
        return int(any(fnmatch.fnmatchcase(key, p) for p in EXECUTABLE_FORMATS.get(kind, ())))
    if category in ("hal.dispatch", "hal.device") and key == "concurrency":
        return int(device.spec.dispatch_slots)
    return None


@rule("hal.device.query")
def _query(interp: Interpreter, op: Operation, args: list[Any]) -> list[Any]:
    device = device_arg(op, args[0])
    category, key = op.attr("category"), op.attr("key")
    answer = answer_query(device, getattr(category, "value", ""), getattr(key, "value", ""))
    if answer is not None:
        return [1, answer]
    default = op.attr("default_value")
    value = getattr(default, "value", 0)
    return [0, int(value) if isinstance(value, bool | int) else value]


@rule("hal.device.allocator")
def _allocator(interp: Interpreter, op: Operation, args: list[Any]) -> Device:
    # A device's allocator is the device's pool; the device stands for it.
    return device_arg(op, args[0])


@rule("hal.allocator.select")
def _allocator_select(interp: Interpreter, op: Operation, args: list[Any]) -> list[Any]:
    # IREE's runtime with no allocator-selection policy installed (iree-run-module's case) takes the first
    # (device, queue affinity) pair; the memory type and usage do not enter the choice.
    g = fields.groups(op, args)
    devices, affinities = g["devices"], g["queue_affinities"]
    if not devices:
        raise UnsupportedOpError(f"{op.describe()}: at least one device/queue affinity pair must be given")
    return [device_arg(op, devices[0]), affinities[0]]


@rule("hal.memory_type", "hal.buffer_usage")
def _bits(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    attr = op.attr("type" if op.op_name == "hal.memory_type" else "usage")
    if not isinstance(attr, IntegerAttr):
        raise UnsupportedOpError(f"{op.describe()}: bit set {attr} is not an integer")
    return int(attr.value)


# -- buffers -------------------------------------------------------------------------------------------


@rule("hal.allocator.allocate")
def _allocate(interp: Interpreter, op: Operation, args: list[Any]) -> ResourceRef:
    g = fields.groups(op, args)
    device = device_arg(op, g["allocator"])
    size = int(g["result_size"])
    rt = interp.runtime
    buffer = Buffer.allocate(device.pool, size, with_data=rt.data_for(op), label=f"allocate@{location(op)}")
    ref = ResourceRef(buffer, 0, size)
    if rt.observer is not None:
        rt.observer.on_host_access(op, ref, 0, size, "alloc")
    return ref


@rule("hal.allocator.import")
def _import(interp: Interpreter, op: Operation, args: list[Any]) -> list[Any]:
    """Import host bytes (a ``!util.buffer``) without a copy: a device sharing host memory does (IREE's CPU
    devices); one with its own memory refuses (``did_import`` 0), and the program takes its fallback."""
    g = fields.groups(op, args)
    device = device_arg(op, g["allocator"])
    source, offset, length = g["source"], int(g["offset"]), int(g["length"])
    if not isinstance(source, HostBuffer):
        raise UnsupportedOpError(f"{op.describe()}: importing a {type(source).__name__} is not supported")
    if offset < 0 or length < 0 or offset + length > len(source.data):
        raise SimulationError(
            f"{op.describe()}: byte range [{offset}, {offset + length}) is outside the "
            f"{len(source.data)}-byte buffer"
        )
    if not device.spec.unified_memory:
        return [0, None]
    data = np.frombuffer(source.data, dtype=np.uint8)[offset : offset + length].copy()
    buffer = Buffer(length, None, with_data=False, label=f"import@{location(op)}", data=data)
    return [1, ResourceRef(buffer, 0, length)]


@rule("hal.buffer_view.trace")
def _view_trace(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    """IREE prints the views under a key; here an instant on the host track names them."""
    engine = interp.runtime.engine
    key = op.attr("key")
    views = [v.describe() for v in args if isinstance(v, BufferView)]
    engine.trace.add_instant(
        engine.host_track,
        f"trace {getattr(key, 'value', '')}",
        engine.now,
        "host",
        {"op": op.op_name, "loc": location(op), "views": views},
    )


@rule("hal.buffer.assert")
def _buffer_assert(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    g = fields.groups(op, args)
    ref = buffer_arg(op, g["buffer"])
    need = int(g["minimum_length"])
    if ref.size_bytes < need:
        msg = op.attr("message")
        raise InputError(
            f"{op.describe()}: {getattr(msg, 'value', 'buffer')} holds {ref.size_bytes} bytes, "
            f"at least {need} are required"
        )


@rule("hal.buffer.subspan")
def _subspan(interp: Interpreter, op: Operation, args: list[Any]) -> ResourceRef:
    source, offset, length = args
    return buffer_arg(op, source).subview(int(offset), int(length), op.describe())


@rule("hal.buffer.length")
def _length(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    return buffer_arg(op, args[0]).size_bytes


@rule("hal.buffer.load")
def _load(interp: Interpreter, op: Operation, args: list[Any]) -> Any:
    return host_load(interp, op, buffer_arg(op, args[0]), int(args[1]))


@rule("hal.buffer.store")
def _store(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    host_store(interp, op, buffer_arg(op, args[1]), int(args[2]), args[0], op.operands[0].type)


@rule("hal.buffer_view.create")
def _view_create(interp: Interpreter, op: Operation, args: list[Any]) -> BufferView:
    g = fields.groups(op, args)
    ref = buffer_arg(op, g["source_buffer"])
    offset, length = int(g["source_offset"]), int(g["source_length"])
    check_range(ref, offset, length, op.describe())
    element_type = element_type_from_code(int(g["element_type"]), op.describe())
    shape = tuple(int(d) for d in g["shape"])
    view = BufferView(ref.buffer, ref.offset_bytes + offset, shape, element_type, int(g["encoding_type"]))
    if view.byte_length > length:
        raise SimulationError(
            f"{op.describe()}: a {view.describe()} view needs {view.byte_length} bytes, the range has {length}"
        )
    return view


# -- queue-ordered allocation --------------------------------------------------------------------------


@rule("hal.device.queue.alloca")
def _queue_alloca(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, ResourceRef]:
    g = fields.groups(op, args)
    rt = interp.runtime
    queue = queue_of(op, g["device"], g["queue_affinity"])
    size = int(g["result_size"])
    buffer = Buffer.placeholder(size, f"alloca@{location(op) or op.op_name}")
    yield from rt.submit(
        interp,
        op,
        queue,
        alloca_work(rt, op, buffer, None),
        fence_arg(op, g["wait_fence"], "wait"),
        signal=fence_arg(op, g["signal_fence"], "signal"),
        what=("alloca", buffer),
    )
    return ResourceRef(buffer, 0, size)


@rule("hal.device.queue.dealloca")
def _queue_dealloca(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, None]:
    g = fields.groups(op, args)
    rt = interp.runtime
    ref = buffer_arg(op, g["buffer"])
    yield from rt.submit(
        interp,
        op,
        queue_of(op, g["device"], g["queue_affinity"]),
        dealloca_work(rt, op, ref, None),
        fence_arg(op, g["wait_fence"], "wait"),
        signal=fence_arg(op, g["signal_fence"], "signal"),
        what=("dealloca", ref),
    )


@rule("hal.device.queue.flush")
def _queue_flush(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    queue_of(op, args[0], args[1])  # validates the device and mask
