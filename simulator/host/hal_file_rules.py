"""Host rules for HAL files: ``hal.ex.file.from_memory`` and ``hal.device.queue.read``/``write``.

A ``!hal.file`` is either a :class:`~simulator.host.values.FileHandle` over host memory
(``hal.ex.file.from_memory`` of a ``!util.buffer``, read-only) or a :class:`DiskFile`, a file on disk that
a Python host function hands to the program (``session.register_function("open", lambda: DiskFile(p))``).

``hal.device.queue.read``/``write`` are queue operations with HAL fences, timed as parameter I/O is
(:class:`~simulator.params.ParameterProvider`): a disk file goes through the page cache and storage, and
a discrete device stages through host chunks over its link; a memory file is an upload (discrete) or a
copy (unified). Writes to a disk file change its bytes on disk before the signal fence is signalled.
A range outside the file or the buffer fails the signal fence with a message naming the op.
"""

from __future__ import annotations

import os
import pathlib
from collections.abc import Generator
from typing import Any

from ir import Operation
from simulator.archives.mapped_files import MappedFiles
from simulator.errors import DeviceFailure, InputError, UnsupportedOpError
from simulator.host.interpreter import Interpreter, Rule
from simulator.host.io_rules import _fences, _io_queue
from simulator.host.values import BufferView, FileHandle, HostBuffer
from simulator.memory import ResourceRef
from simulator.queues import Queue
from simulator.rules import RuleTable
from simulator.runtime import location

RULES: RuleTable[Rule] = RuleTable("host.hal_file")
rule = RULES.register


class DiskFile:
    """A file on disk as a ``!hal.file``: reads and writes go to its bytes through a shared memory map."""

    def __init__(self, path: str | os.PathLike[str], *, writable: bool = True) -> None:
        self.path = pathlib.Path(path)
        self.writable = writable
        try:
            self.length_bytes = self.path.stat().st_size
        except OSError as exc:
            raise InputError(f"{self.path}: cannot open file: {exc.strerror}") from None
        self._files = MappedFiles()

    def view(self, offset_bytes: int, length_bytes: int) -> Any:
        return self._files.view(self.path, offset_bytes, length_bytes)

    def write(self, offset_bytes: int, data: Any) -> None:
        self._files.write(self.path, offset_bytes, data)

    def __repr__(self) -> str:
        return f"<DiskFile {self.path} {self.length_bytes}B>"


def _buffer(op: Operation, value: Any) -> ResourceRef:
    if isinstance(value, ResourceRef):
        return value
    if isinstance(value, BufferView):
        return ResourceRef(value.buffer, value.offset_bytes, value.byte_length)
    raise UnsupportedOpError(f"{op.describe()}: expected a !hal.buffer, got {type(value).__name__}")


def _file(op: Operation, value: Any) -> FileHandle | DiskFile:
    if isinstance(value, FileHandle | DiskFile):
        return value
    raise UnsupportedOpError(f"{op.describe()}: expected a !hal.file, got {type(value).__name__}")


@rule("hal.ex.file.from_memory")
def _from_memory(interp: Interpreter, op: Operation, args: list[Any]) -> FileHandle:
    _device, _affinity, buffer, offset, length, _flags = args
    if not isinstance(buffer, HostBuffer):
        raise UnsupportedOpError(f"{op.describe()}: a file over a {type(buffer).__name__} is not supported")
    if int(offset) < 0 or int(offset) + int(length) > len(buffer.data):
        raise InputError(
            f"{op.describe()}: [{offset}, {int(offset) + int(length)}) is outside the {len(buffer.data)}-byte buffer"
        )
    return FileHandle(buffer, None, int(offset), int(length))


def _queue_file_io(
    interp: Interpreter, op: Operation, args: list[Any], verb: str
) -> Generator[Any, Any, None]:
    if verb == "read":
        device, mask, wait, signal, file, file_offset, buffer, buffer_offset, length = args[:9]
    else:
        device, mask, wait, signal, buffer, buffer_offset, file, file_offset, length = args[:9]
    wait, signal = _fences(op, {"wait_fence": wait, "signal_fence": signal})
    f = _file(op, file)
    ref = _buffer(op, buffer)
    file_offset, buffer_offset, length = int(file_offset), int(buffer_offset), int(length)
    rt = interp.runtime
    queue = _io_queue(op, device, mask)
    where = op.describe()

    def work(q: Queue, flows: list[int]) -> Generator[Any, Any, int | None]:
        if file_offset < 0 or length < 0 or file_offset + length > f.length_bytes:
            raise DeviceFailure(
                f"{where}: file {verb} of [{file_offset}, {file_offset + length}) is outside the "
                f"{f.length_bytes}-byte file"
            )
        if buffer_offset < 0 or buffer_offset + length > ref.size_bytes:
            raise DeviceFailure(
                f"{where}: {length} bytes at {buffer_offset} exceed the {ref.size_bytes}-byte buffer"
            )
        if verb == "write" and not (isinstance(f, DiskFile) and f.writable):
            raise DeviceFailure(
                f"{where}: the file is read-only (a file over host memory or opened read-only)"
            )
        span_args = {"op": op.op_name, "loc": location(op)}
        provider = rt.provider
        if isinstance(f, DiskFile):
            last = yield from provider.file_io(
                q.device, verb, f.path, file_offset, length, f.path.name, span_args, flows
            )
        else:
            last = yield from provider.host_copy(
                q.device, length, "file", span_args, flows, upload=verb == "read"
            )
        rt.counts["file_reads" if verb == "read" else "file_writes"] += 1
        if rt.with_data or (rt.data_for(op) and ref.view(buffer_offset, length) is not None):
            view = ref.view(buffer_offset, length)
            if view is None:
                raise DeviceFailure(f"{where}: the buffer has no memory")
            if isinstance(f, DiskFile):
                if verb == "read":
                    view[...] = f.view(file_offset, length)
                else:
                    f.write(file_offset, view)
            else:
                assert f.data is not None
                start = f.offset_bytes + file_offset
                view[...] = memoryview(f.data.data)[start : start + length]
        return last

    yield from rt.submit(interp, op, queue, work, wait, 0, signal)


@rule("hal.device.queue.read")
def _queue_read(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, None]:
    yield from _queue_file_io(interp, op, args, "read")


@rule("hal.device.queue.write")
def _queue_write(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, None]:
    yield from _queue_file_io(interp, op, args, "write")


__all__ = ["DiskFile"]
