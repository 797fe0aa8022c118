"""Host rules for ``stream.resource.*``, ``stream.timepoint.*`` and ``stream.tensor.import/export``.

Queue-ordered allocation: ``stream.resource.alloca`` names a buffer at once (the host needs the value) and
submits a queue operation that reserves its bytes when its await timepoint is reached; running out of
memory fails that operation's timepoint. ``stream.resource.dealloca`` releases in queue order.
``stream.timepoint.await`` blocks the host until the timepoint is reached (and raises if it failed).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import numpy as np

from ir import Operation
from ir import types as T
from ir.attributes import TypeAttr
from simulator.errors import InputError, SimulationError, UnsupportedOpError
from simulator.host import fields
from simulator.host.interpreter import Interpreter, Rule
from simulator.host.values import BufferView, HostBuffer
from simulator.memory import Buffer, ResourceRef, check_range
from simulator.queues import Queue
from simulator.rules import RuleTable
from simulator.runtime import location
from simulator.semaphores import IMMEDIATE, Fence

RULES: RuleTable[Rule] = RuleTable("host.stream")
rule = RULES.register


def _ref(op: Operation, value: Any) -> ResourceRef:
    if not isinstance(value, ResourceRef):
        raise UnsupportedOpError(f"{op.describe()}: expected a resource, got {type(value).__name__}")
    return value


def _fence(value: Any) -> Fence | None:
    return value if isinstance(value, Fence) else None


def alloc_span(
    queue: Queue,
    name: str,
    op: Operation,
    size: int,
    start: int,
    dur: int,
    affinity: str | None = None,
    lane: int = 0,
) -> int:
    args = {"op": op.op_name, "loc": location(op), "affinity": affinity, "bytes": size}
    return queue.engine.trace.add_span(queue.lane(lane), name, "alloc", start, dur, args).id


# -- resources ----------------------------------------------------------------------------------------


def alloca_work(rt: Any, op: Operation, buffer: Buffer, affinity: str | None) -> Any:
    """The queue work of a queue-ordered allocation (``stream.resource.alloca``,
    ``hal.device.queue.alloca``): reserve ``buffer``'s bytes in the device's pool when the queue reaches it."""
    where = op.describe()

    def work(q: Queue, flows: list[int]) -> Generator[Any, Any, int]:
        start = q.engine.now
        dur = q.device.spec.queue_op_overhead_ns
        lane = q.claim_lanes(1)  # beside what else runs on the queue now
        try:
            if dur:
                yield q.engine.env.timeout(dur)
        finally:
            q.release_lanes(lane, 1)
        buffer.materialize(q.device.pool, with_data=rt.data_for(op), what=where)
        rt.counts["allocas"] += 1
        span = alloc_span(q, "alloca", op, buffer.size_bytes, start, dur, affinity, lane)
        for src in flows:
            q.engine.trace.add_flow(src, span)
        return span

    return work


def dealloca_work(rt: Any, op: Operation, ref: ResourceRef, affinity: str | None) -> Any:
    """The queue work of a queue-ordered release (``stream.resource.dealloca``,
    ``hal.device.queue.dealloca``)."""
    where = op.describe()

    def work(q: Queue, flows: list[int]) -> Generator[Any, Any, int]:
        start = q.engine.now
        dur = q.device.spec.queue_op_overhead_ns
        lane = q.claim_lanes(1)
        try:
            if dur:
                yield q.engine.env.timeout(dur)
        finally:
            q.release_lanes(lane, 1)
        ref.buffer.release(where)
        rt.counts["deallocas"] += 1
        span = alloc_span(q, "dealloca", op, ref.size_bytes, start, dur, affinity, lane)
        for src in flows:
            q.engine.trace.add_flow(src, span)
        return span

    return work


@rule("stream.resource.alloca")
def _alloca(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, list[Any]]:
    g = fields.groups(op, args)
    size = int(g["storage_size"])
    rt = interp.runtime
    queue = rt.queue_of(op)
    buffer = Buffer.placeholder(size, f"alloca@{location(op) or op.op_name}")
    work = alloca_work(rt, op, buffer, rt.affinity_text(op))
    fence = yield from rt.submit(
        interp, op, queue, work, _fence(g["await_timepoint"]), what=("alloca", buffer)
    )
    return [ResourceRef(buffer, 0, size), fence]


@rule("stream.resource.dealloca")
def _dealloca(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, Fence]:
    g = fields.groups(op, args)
    ref = _ref(op, g["operand"])
    rt = interp.runtime
    work = dealloca_work(rt, op, ref, rt.affinity_text(op))
    return (
        yield from rt.submit(
            interp, op, rt.queue_of(op), work, _fence(g["await_timepoint"]), what=("dealloca", ref)
        )
    )


@rule("stream.resource.alloc")
def _alloc(interp: Interpreter, op: Operation, args: list[Any]) -> ResourceRef:
    size = int(args[0])
    rt = interp.runtime
    device = rt.device_of(op)
    buffer = Buffer.allocate(device.pool, size, with_data=rt.data_for(op), label=f"alloc@{location(op)}")
    if rt.observer is not None:
        rt.observer.on_host_access(op, ResourceRef(buffer, 0, size), 0, size, "alloc")
    return ResourceRef(buffer, 0, size)


@rule("stream.resource.dealloc")
def _dealloc(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    ref = _ref(op, args[0])
    if interp.runtime.observer is not None:
        interp.runtime.observer.on_host_access(op, ref, 0, ref.size_bytes, "free")
    ref.buffer.release(op.describe())


@rule("stream.resource.try_map")
def _try_map(interp: Interpreter, op: Operation, args: list[Any]) -> list[Any]:
    """Map host bytes as a resource without a copy (IREE: ``hal.allocator.import`` of host memory).

    A device that shares host memory imports them (IREE's CPU devices do: no file read shows in their
    profiles); a device with its own memory refuses, and the program takes its fallback (a file read).
    """
    source, offset, size = args
    if not isinstance(source, HostBuffer):
        raise UnsupportedOpError(f"{op.describe()}: mapping a {type(source).__name__} is not supported")
    offset, size = int(offset), int(size)
    if offset < 0 or offset + size > len(source.data):
        raise SimulationError(
            f"{op.describe()}: byte range [{offset}, {offset + size}) is outside the {len(source.data)}-byte buffer"
        )
    if not interp.runtime.device_of(op).spec.unified_memory:
        return [0, None]
    rt = interp.runtime
    data = np.frombuffer(source.data, dtype=np.uint8)[offset : offset + size].copy() if rt.data_for(op) else None
    buffer = Buffer(size, None, with_data=False, label=f"try_map@{location(op)}", data=data)
    return [1, ResourceRef(buffer, 0, size)]


@rule("stream.resource.subview")
def _subview(interp: Interpreter, op: Operation, args: list[Any]) -> ResourceRef:
    source, _size, offset, length = args
    return _ref(op, source).subview(int(offset), int(length), op.describe())


@rule("stream.resource.size")
def _size(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    return _ref(op, args[0]).size_bytes


def host_load(interp: Interpreter, op: Operation, ref: ResourceRef, offset: int) -> Any:
    """Read one scalar of ``op``'s result type at ``offset`` of ``ref`` on the host (0 when timing-only)."""
    t = op.results[0].type
    dtype = T.numpy_dtype(t)
    check_range(ref, offset, dtype.itemsize, op.describe())
    if interp.runtime.observer is not None:
        interp.runtime.observer.on_host_access(op, ref, offset, dtype.itemsize, "read")
    view = ref.view(offset, dtype.itemsize)
    if view is None:
        return 0
    value = view.view(dtype)[0]
    return float(value) if isinstance(t, T.FloatType) else int(value)


def host_store(interp: Interpreter, op: Operation, ref: ResourceRef, offset: int, value: Any, t: T.Type) -> None:
    """Write one scalar of type ``t`` at ``offset`` of ``ref`` on the host."""
    dtype = T.numpy_dtype(t)
    check_range(ref, offset, dtype.itemsize, op.describe())
    if interp.runtime.observer is not None:
        interp.runtime.observer.on_host_access(op, ref, offset, dtype.itemsize, "write")
    view = ref.view(offset, dtype.itemsize)
    if view is not None:
        view[...] = np.array([value], dtype=dtype).view(np.uint8)


@rule("stream.resource.load")
def _load(interp: Interpreter, op: Operation, args: list[Any]) -> Any:
    return host_load(interp, op, _ref(op, args[0]), int(args[2]))


@rule("stream.resource.store")
def _store(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    host_store(interp, op, _ref(op, args[0]), int(args[2]), args[3], op.operands[3].type)


# -- timepoints ---------------------------------------------------------------------------------------


@rule("stream.timepoint.immediate")
def _immediate(interp: Interpreter, op: Operation, args: list[Any]) -> Fence:
    return IMMEDIATE


@rule("stream.timepoint.join")
def _join(interp: Interpreter, op: Operation, args: list[Any]) -> Fence:
    return Fence.join([a for a in args if isinstance(a, Fence)] or [IMMEDIATE])


@rule("stream.timepoint.await")
def _await(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, list[Any]]:
    g = fields.groups(op, args)
    fence = g["await_timepoint"]
    if not isinstance(fence, Fence):
        raise UnsupportedOpError(f"{op.describe()}: await of a non-timepoint value")
    yield from interp.runtime.host_wait(interp, op, fence)
    return list(g["resource_operands"])


@rule("stream.timepoint.barrier")
def _barrier(interp: Interpreter, op: Operation, args: list[Any]) -> list[Any]:
    return [args[0], IMMEDIATE]


@rule("stream.timepoint.import", "stream.timepoint.export")
def _timepoint_passthrough(interp: Interpreter, op: Operation, args: list[Any]) -> Any:
    fences = [a for a in args if isinstance(a, Fence)]
    return Fence.join(fences) if fences else IMMEDIATE


@rule("stream.timepoint.chain_external")
def _chain_external(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, None]:
    """Signal external fences when a timepoint is reached: IREE lowers this to a queue barrier that waits
    on the timepoint and signals the fences (a caller's ``hal.fence.await`` then returns)."""
    timepoint, *external = args
    fences = [f for f in external if isinstance(f, Fence)]
    if not fences:
        return None
    rt = interp.runtime
    queue = rt.queue_of(op)

    def work(q: Queue, flows: list[int]) -> Generator[Any, Any, int]:
        span = alloc_span(q, "barrier", op, 0, q.engine.now, 0, rt.affinity_text(op))
        for src in flows:
            q.engine.trace.add_flow(src, span)
        return span
        yield  # a generator, as every queue work is

    yield from rt.submit(
        interp, op, queue, work, _fence(timepoint), signal=Fence.join(fences), what=("barrier", None)
    )
    return None


# -- tensors across the host boundary -----------------------------------------------------------------


def _encoding(op: Operation, name: str) -> T.TensorType:
    attr = op.attr(name)
    t = attr.value if isinstance(attr, TypeAttr) else None
    if not isinstance(t, T.TensorType) or t.shape is None:
        raise UnsupportedOpError(f"{op.describe()}: {name} is not a ranked tensor type ({attr})")
    return t


def _shape(op: Operation, t: T.TensorType, dims: list[Any]) -> tuple[int, ...]:
    it = iter(dims)
    try:
        return tuple(int(next(it)) if d == T.DYNAMIC else d for d in t.shape or ())
    except StopIteration:
        raise SimulationError(f"{op.describe()}: {t} needs more dynamic dimensions than given") from None


@rule("stream.tensor.import")
def _import(interp: Interpreter, op: Operation, args: list[Any]) -> ResourceRef:
    g = fields.groups(op, args)
    view = g["source"]
    if not isinstance(view, BufferView):
        raise UnsupportedOpError(
            f"{op.describe()}: imports a {type(view).__name__}, expected a !hal.buffer_view"
        )
    size = int(g["result_size"])
    if size > view.buffer.size_bytes - view.offset_bytes:
        raise InputError(
            f"{op.describe()}: the imported tensor needs {size} bytes but the buffer view holds "
            f"{view.buffer.size_bytes - view.offset_bytes}"
        )
    return ResourceRef(view.buffer, view.offset_bytes, size)


@rule("stream.tensor.export")
def _export(interp: Interpreter, op: Operation, args: list[Any]) -> BufferView:
    g = fields.groups(op, args)
    ref = _ref(op, g["source"])
    t = _encoding(op, "source_encoding")
    shape = _shape(op, t, g["source_encoding_dims"])
    view = BufferView(ref.buffer, ref.offset_bytes, shape, t.element_type)
    if view.byte_length > ref.size_bytes:
        raise SimulationError(
            f"{op.describe()}: exporting {view.describe()} needs {view.byte_length} bytes, the resource has "
            f"{ref.size_bytes}"
        )
    return view
