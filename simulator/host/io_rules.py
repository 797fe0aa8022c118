"""Host rules for parameters (``stream.parameter.*``, IREE 3.x's ``stream.cmd.parameter.*`` and the
HAL-level ``io_parameters.*``) and files (``stream.file.*``).

Each is one queue operation served by the parameter provider (:mod:`simulator.parameters`) or, for
files, by a transfer: ``load`` allocates its results in the device's pool then reads into them; ``read``
and ``gather`` fill an existing resource; ``write`` and ``scatter`` go the other way. IREE 3.x passes
scope and keys as ``!util.buffer`` operands (``util.buffer.constant`` strings), the seeds as attributes;
both are accepted. A file read outside the file's bytes fails its timepoint.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

from ir import Operation
from ir.attributes import ArrayAttr, StringAttr
from simulator.costs import CostModel
from simulator.errors import DeviceFailure, UnsupportedOpError
from simulator.host import fields
from simulator.host.interpreter import Interpreter, Rule
from simulator.host.values import FileHandle, HostBuffer
from simulator.memory import Buffer, ResourceRef
from simulator.params.config import ParameterRequest, load_requests
from simulator.queues import Device, Queue
from simulator.rules import RuleTable
from simulator.runtime import location
from simulator.semaphores import Fence

RULES: RuleTable[Rule] = RuleTable("host.io")
rule = RULES.register


def _text(op: Operation, value: Any) -> str:
    if isinstance(value, HostBuffer):
        return value.text()
    if isinstance(value, StringAttr):
        return value.value
    raise UnsupportedOpError(f"{op.describe()}: expected a scope or key string, got {value!r}")


def _scope(op: Operation, g: dict[str, Any], name: str) -> str:
    if name in g and g[name] is not None:
        return _text(op, g[name])
    attr = op.attr(name)
    return attr.value if isinstance(attr, StringAttr) else ""


def _keys(op: Operation, g: dict[str, Any], name: str) -> list[str]:
    if name in g:
        value = g[name]
        return [_text(op, v) for v in (value if isinstance(value, list) else [value])]
    attr = op.attr(name)
    if isinstance(attr, ArrayAttr):
        return [_text(op, a) for a in attr]
    if isinstance(attr, StringAttr):
        return [attr.value]
    raise UnsupportedOpError(f"{op.describe()}: missing {name}")


def _submit_parameters(
    interp: Interpreter,
    op: Operation,
    requests: Sequence[ParameterRequest],
    wait: Any,
    allocate: list[Buffer] = (),  # type: ignore[assignment]
    queue: Queue | None = None,
    signal: Fence | None = None,
) -> Generator[Any, Any, Fence]:
    rt = interp.runtime
    queue = queue if queue is not None else rt.queue_of(op)
    where = op.describe()

    def work(q: Queue, flows: list[int]) -> Generator[Any, Any, int | None]:
        # The provider checks each request, allocates load results on its timelines (queue-ordered
        # allocas) and fails the signal fence for a request it cannot serve.
        rt.counts["parameter_ops"] += 1
        rt.counts["parameter_requests"] += len(requests)
        return (
            yield from rt.provider.serve(
                where,
                op.op_name,
                requests,
                q,
                flows,
                rt.data_for(op) and (rt.with_data or rt.provider.has_bytes(requests)),
                load=bool(allocate),
                loc=location(op),
                affinity=rt.affinity_text(op),
            )
        )

    return (
        yield from rt.submit(
            interp,
            op,
            queue,
            work,
            wait if isinstance(wait, Fence) else None,
            0,
            signal,
            what=("parameters", requests, list(allocate)),
        )
    )


@rule("stream.parameter.load")
def _load(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, list[Any]]:
    g = fields.groups(op, args)
    scope = _scope(op, g, "source_scope")
    keys = _keys(op, g, "source_keys")
    offsets, sizes = g["source_offsets"], g["result_sizes"]
    buffers = [Buffer.placeholder(int(n), f"{scope}::{k}") for k, n in zip(keys, sizes)]
    refs = [ResourceRef(b, 0, b.size_bytes) for b in buffers]
    requests = load_requests(scope, keys, offsets, refs)
    fence = yield from _submit_parameters(interp, op, requests, g["await_timepoint"], buffers)
    return [*refs, fence]


@rule("stream.parameter.read")
def _read(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, Fence]:
    g = fields.groups(op, args)
    scope, key = _scope(op, g, "source_scope"), _keys(op, g, "source_key")[0]
    req = ParameterRequest(
        "read",
        scope,
        key,
        int(g["source_offset"]),
        g["target"],
        int(g["target_offset"]),
        int(g["target_length"]),
    )
    return (yield from _submit_parameters(interp, op, [req], g["await_timepoint"]))


@rule("stream.parameter.gather")
def _gather(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, Fence]:
    g = fields.groups(op, args)
    scope, keys = _scope(op, g, "source_scope"), _keys(op, g, "source_keys")
    reqs = [
        ParameterRequest("read", scope, k, int(so), g["target"], int(to), int(n))
        for k, so, to, n in zip(keys, g["source_offsets"], g["target_offsets"], g["target_lengths"])
    ]
    return (yield from _submit_parameters(interp, op, reqs, g["await_timepoint"]))


@rule("stream.parameter.write")
def _write(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, Fence]:
    g = fields.groups(op, args)
    scope, key = _scope(op, g, "target_scope"), _keys(op, g, "target_key")[0]
    req = ParameterRequest(
        "write",
        scope,
        key,
        int(g["target_offset"]),
        g["source"],
        int(g["source_offset"]),
        int(g["source_length"]),
    )
    return (yield from _submit_parameters(interp, op, [req], g["await_timepoint"]))


@rule("stream.parameter.scatter")
def _scatter(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, Fence]:
    g = fields.groups(op, args)
    scope, keys = _scope(op, g, "target_scope"), _keys(op, g, "target_keys")
    reqs = [
        ParameterRequest("write", scope, k, int(to), g["source"], int(so), int(n))
        for k, so, n, to in zip(keys, g["source_offsets"], g["source_lengths"], g["target_offsets"])
    ]
    return (yield from _submit_parameters(interp, op, reqs, g["await_timepoint"]))


# -- files --------------------------------------------------------------------------------------------


@rule("stream.file.constant")
def _file_constant(interp: Interpreter, op: Operation, args: list[Any]) -> FileHandle:
    source, _size, offset, length = args
    if isinstance(source, HostBuffer):
        return FileHandle(source, None, int(offset), int(length))
    if isinstance(source, ResourceRef):
        return FileHandle(None, source, int(offset), int(length))
    raise UnsupportedOpError(f"{op.describe()}: a file over a {type(source).__name__} is not supported")


def _file_transfer(
    interp: Interpreter,
    op: Operation,
    file: FileHandle,
    file_offset: int,
    ref: ResourceRef,
    ref_offset: int,
    length: int,
    verb: str,
    wait: Any,
) -> Generator[Any, Any, Fence]:
    rt = interp.runtime
    queue = rt.queue_of(op)
    where = op.describe()

    def work(q: Queue, flows: list[int]) -> Generator[Any, Any, int | None]:
        if file_offset < 0 or file_offset + length > file.length_bytes:
            raise DeviceFailure(
                f"{where}: file {verb} of [{file_offset}, {file_offset + length}) is outside the "
                f"{file.length_bytes}-byte file"
            )
        if ref_offset < 0 or ref_offset + length > ref.size_bytes:
            raise DeviceFailure(
                f"{where}: {length} bytes at {ref_offset} exceed the {ref.size_bytes}-byte resource"
            )
        device = q.device
        args = {"op": op.op_name, "loc": location(op), "affinity": rt.affinity_text(op), "bytes": length}
        if device.host_link is not None:
            ends = ("host", device.spec.name) if verb == "read" else (device.spec.name, "host")
            last = yield from device.host_link.transfer(ends[0], ends[1], length, f"file {verb}", args, flows)
        else:
            # Unified memory: the file's bytes are host memory the device copies from.
            with device.copy_engines.request() as req:
                yield req
                start = q.engine.now
                dur = CostModel.copy_ns(device.spec, length)
                yield q.engine.env.timeout(dur)
            span = q.engine.trace.add_span(q.track, f"file {verb}", "io", start, dur, args)
            for src in flows:
                q.engine.trace.add_flow(src, span)
            last = span.id
        rt.counts["file_reads" if verb == "read" else "file_writes"] += 1
        if rt.with_data or (rt.data_for(op) and ref.view(ref_offset, length) is not None):
            _move_file_bytes(where, file, file_offset, ref, ref_offset, length, verb)
        return last

    what = ("file", verb, ref, ref_offset, length)
    return (
        yield from rt.submit(interp, op, queue, work, wait if isinstance(wait, Fence) else None, what=what)
    )


def _move_file_bytes(
    where: str, file: FileHandle, file_offset: int, ref: ResourceRef, ref_offset: int, length: int, verb: str
) -> None:
    view = ref.view(ref_offset, length)
    if view is None:
        raise DeviceFailure(f"{where}: resource has no memory")
    start = file.offset_bytes + file_offset
    if file.data is not None:
        if verb == "read":
            view[...] = memoryview(file.data.data)[start : start + length]
        else:
            raise DeviceFailure(f"{where}: constant files cannot be written")
    elif isinstance(file.resource, ResourceRef):
        other = file.resource.view(start, length)
        if other is None:
            raise DeviceFailure(f"{where}: file storage has no memory")
        if verb == "read":
            view[...] = other
        else:
            other[...] = view


@rule("stream.file.read")
def _file_read(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, Fence]:
    g = fields.groups(op, args)
    return (
        yield from _file_transfer(
            interp,
            op,
            g["source"],
            int(g["source_offset"]),
            g["target"],
            int(g["target_offset"]),
            int(g["length"]),
            "read",
            g["await_timepoint"],
        )
    )


@rule("stream.file.write")
def _file_write(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, Fence]:
    g = fields.groups(op, args)
    return (
        yield from _file_transfer(
            interp,
            op,
            g["target"],
            int(g["target_offset"]),
            g["source"],
            int(g["source_offset"]),
            int(g["length"]),
            "write",
            g["await_timepoint"],
        )
    )


# -- io_parameters (the HAL-level ops): device, queue affinity, wait and signal fences -------------------


def _io_queue(op: Operation, device: Any, mask: Any) -> Queue:
    if not isinstance(device, Device):
        raise UnsupportedOpError(f"{op.describe()}: expected a !hal.device, got {type(device).__name__}")
    mask = int(mask)
    if mask in (0, -1):
        return device.queues[0]
    return device.queue_for(tuple(i for i in range(64) if mask >> i & 1), op.describe())


def _fences(op: Operation, g: dict[str, Any]) -> tuple[Fence | None, Fence | None]:
    """The wait and signal fences; a null fence (``util.null``) is None: wait for nothing, signal nobody."""
    wait, signal = g["wait_fence"], g["signal_fence"]
    for value in (wait, signal):
        if value is not None and not isinstance(value, Fence):
            raise UnsupportedOpError(f"{op.describe()}: wait and signal must be !hal.fence values")
    return wait, signal


def _hal_buffer(op: Operation, value: Any) -> ResourceRef:
    if isinstance(value, ResourceRef):
        return value
    raise UnsupportedOpError(f"{op.describe()}: expected a !hal.buffer, got {type(value).__name__}")


@rule("io_parameters.load")
def _io_load(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, list[Any]]:
    g = fields.groups(op, args)
    wait, signal = _fences(op, g)
    scope, keys = _scope(op, g, "source_scope"), _keys(op, g, "source_keys")
    buffers = [Buffer.placeholder(int(n), f"{scope}::{k}") for k, n in zip(keys, g["lengths"])]
    refs = [ResourceRef(b, 0, b.size_bytes) for b in buffers]
    requests = load_requests(scope, keys, g["source_offsets"], refs)
    queue = _io_queue(op, g["device"], g["queue_affinity"])
    yield from _submit_parameters(interp, op, requests, wait, buffers, queue, signal)
    return refs


@rule("io_parameters.gather")
def _io_gather(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, None]:
    g = fields.groups(op, args)
    wait, signal = _fences(op, g)
    scope, keys = _scope(op, g, "source_scope"), _keys(op, g, "source_keys")
    target = _hal_buffer(op, g["target_buffer"])
    reqs = [
        ParameterRequest("read", scope, k, int(so), target, int(to), int(n))
        for k, so, to, n in zip(keys, g["source_offsets"], g["target_offsets"], g["target_lengths"])
    ]
    queue = _io_queue(op, g["device"], g["queue_affinity"])
    yield from _submit_parameters(interp, op, reqs, wait, [], queue, signal)


@rule("io_parameters.scatter")
def _io_scatter(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, None]:
    g = fields.groups(op, args)
    wait, signal = _fences(op, g)
    scope, keys = _scope(op, g, "target_scope"), _keys(op, g, "target_keys")
    source = _hal_buffer(op, g["source_buffer"])
    reqs = [
        ParameterRequest("write", scope, k, int(to), source, int(so), int(n))
        for k, so, n, to in zip(keys, g["source_offsets"], g["source_lengths"], g["target_offsets"])
    ]
    queue = _io_queue(op, g["device"], g["queue_affinity"])
    yield from _submit_parameters(interp, op, reqs, wait, [], queue, signal)
