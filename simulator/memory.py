"""Memory: pools with a capacity and an alignment, buffers backed by numpy bytes, and resource ranges.

A :class:`Pool` reserves aligned sizes from its capacity. Reserving more than is free raises
:class:`OutOfMemory` (a :class:`~simulator.errors.DeviceFailure`); the queue turns it into a failed
semaphore, as IREE's allocator returns RESOURCE_EXHAUSTED. Each change of the bytes in use is sampled
as a ``memory_bytes`` counter on the pool's trace track.

A :class:`Buffer` is a reservation and, unless the run is timing-only, its bytes (``uint8`` numpy array,
zero-filled). Buffers are released once (``release``); later use is a lifetime error.
A :class:`ResourceRef` is what a ``!stream.resource`` value is at run time: a byte range of a buffer
(``stream.resource.subview`` makes a narrower one).
"""

from __future__ import annotations

import functools
import itertools
import os
from typing import TYPE_CHECKING

import numpy as np

from simulator.errors import DeviceFailure, SimulationError
from traces import Track

if TYPE_CHECKING:
    from simulator.engine import Engine

_buffer_ids = itertools.count()


class OutOfMemory(DeviceFailure):
    """A pool could not satisfy an allocation."""


class LifetimeError(SimulationError):
    """A buffer used after it was released, or released twice."""


#: The environment variable that sets :func:`max_buffer_bytes`.
BUFFER_LIMIT_VARIABLE = "STREAMSIM_MAX_BUFFER_BYTES"


@functools.cache
def _host_memory_bytes() -> int:
    try:
        return int(os.sysconf("SC_PAGE_SIZE")) * int(os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):  # not a POSIX host: assume 16 GiB
        return 16 << 30


def max_buffer_bytes() -> int:
    """The largest buffer a data run holds in host memory: half of this host's physical memory, or
    ``STREAMSIM_MAX_BUFFER_BYTES``. A size past it (a mistyped size, or a model too big to run with data
    here) stops the run with an error naming the buffer, before numpy allocates pages the kernel's
    out-of-memory killer would end the process over."""
    text = os.environ.get(BUFFER_LIMIT_VARIABLE, "").strip()
    if not text:
        return _host_memory_bytes() // 2
    if not text.isdigit() or int(text) <= 0:
        raise SimulationError(f"{BUFFER_LIMIT_VARIABLE}={text!r}: expected a positive integer (bytes)")
    return int(text)


def host_bytes(size_bytes: int, label: str) -> np.ndarray:
    """Zeroed host memory for the data of a buffer of ``size_bytes``, or a SimulationError naming it."""
    cap = max_buffer_bytes()
    hint = f"set {BUFFER_LIMIT_VARIABLE} to raise the limit, or run with --timing-only (the same timeline, no data)"
    if size_bytes > cap:
        raise SimulationError(
            f"buffer {label or '?'}: a data run would hold its {size_bytes:,} bytes in host memory, more than "
            f"the limit of {cap:,} bytes ({hint})"
        )
    try:
        return np.zeros(size_bytes, dtype=np.uint8)
    except MemoryError:
        raise SimulationError(
            f"buffer {label or '?'}: host memory ran out allocating its {size_bytes:,} bytes of data ({hint})"
        ) from None


def align_up(value: int, alignment: int) -> int:
    return value if alignment <= 1 else -(-value // alignment) * alignment


class Pool:
    """A memory pool of one device (or the host)."""

    __slots__ = (
        "alignment_bytes",
        "capacity_bytes",
        "device_name",
        "engine",
        "name",
        "peak_bytes",
        "track",
        "used_bytes",
    )

    def __init__(
        self, engine: Engine, name: str, capacity_bytes: int, alignment_bytes: int, track: Track
    ) -> None:
        self.engine = engine
        self.name = name
        self.capacity_bytes = capacity_bytes
        self.alignment_bytes = alignment_bytes
        self.used_bytes = 0
        self.peak_bytes = 0
        self.track = track
        self.device_name: str | None = None

    def reserve(self, size_bytes: int, what: str) -> int:
        """Reserve ``size_bytes`` rounded up to the alignment; returns the reserved size."""
        if size_bytes < 0:
            raise DeviceFailure(f"{what}: negative allocation size {size_bytes}")
        reserved = align_up(size_bytes, self.alignment_bytes)
        if self.used_bytes + reserved > self.capacity_bytes:
            raise OutOfMemory(
                f"{what}: out of memory in pool {self.track.process}/{self.name}: {reserved} bytes requested, "
                f"{self.capacity_bytes - self.used_bytes} of {self.capacity_bytes} free"
            )
        used = self.used_bytes = self.used_bytes + reserved
        if used > self.peak_bytes:
            self.peak_bytes = used
        engine = self.engine  # (engine.now, inlined: int(env._now))
        engine.trace.add_counter(self.track, "memory_bytes", int(engine.env._now), used)
        return reserved

    def unreserve(self, reserved_bytes: int) -> None:
        self.used_bytes -= reserved_bytes
        self.engine.trace.add_counter(self.track, "memory_bytes", self.engine.now, self.used_bytes)


class Buffer:
    """Storage for a resource: a size, the pool it came from, and its bytes (None when timing-only)."""

    __slots__ = ("data", "id", "label", "pool", "released", "reserved_bytes", "size_bytes")

    def __init__(
        self,
        size_bytes: int,
        pool: Pool | None,
        *,
        with_data: bool,
        label: str = "",
        reserved_bytes: int = 0,
        data: np.ndarray | None = None,
    ) -> None:
        self.id = next(_buffer_ids)
        self.size_bytes = size_bytes
        self.pool = pool
        self.label = label
        self.reserved_bytes = reserved_bytes
        self.released = False
        if data is not None:
            self.data: np.ndarray | None = data
        else:
            self.data = host_bytes(size_bytes, label) if with_data else None

    @classmethod
    def allocate(cls, pool: Pool, size_bytes: int, *, with_data: bool, label: str) -> Buffer:
        reserved = pool.reserve(size_bytes, label)
        return cls(size_bytes, pool, with_data=with_data, label=label, reserved_bytes=reserved)

    @classmethod
    def placeholder(cls, size_bytes: int, label: str) -> Buffer:
        """A buffer the host names now and a queue operation allocates later (queue-ordered alloca)."""
        return cls(size_bytes, None, with_data=False, label=label)

    def materialize(self, pool: Pool, *, with_data: bool, what: str) -> None:
        """Reserve this placeholder's bytes in ``pool`` (raises OutOfMemory) and give it data."""
        self.reserved_bytes = pool.reserve(self.size_bytes, what)
        self.pool = pool
        if with_data and self.data is None:
            self.data = host_bytes(self.size_bytes, self.label or what)

    def release(self, what: str) -> None:
        if self.released:
            raise LifetimeError(f"{what}: buffer {self.label or self.id} was already released")
        self.released = True
        if self.pool is not None and self.reserved_bytes:
            self.pool.unreserve(self.reserved_bytes)

    def __repr__(self) -> str:
        return f"<Buffer {self.label or self.id} {self.size_bytes}B>"


class ResourceRef:
    """A ``!stream.resource`` at run time: ``size_bytes`` bytes of ``buffer`` from ``offset_bytes``."""

    __slots__ = ("buffer", "offset_bytes", "size_bytes")

    def __init__(self, buffer: Buffer, offset_bytes: int, size_bytes: int) -> None:
        self.buffer = buffer
        self.offset_bytes = offset_bytes
        self.size_bytes = size_bytes

    def subview(self, offset_bytes: int, length_bytes: int, what: str) -> ResourceRef:
        check_range(self, offset_bytes, length_bytes, what)
        return ResourceRef(self.buffer, self.offset_bytes + offset_bytes, length_bytes)

    def view(self, offset_bytes: int = 0, length_bytes: int | None = None) -> np.ndarray | None:
        """The bytes of a range of this resource (a numpy view), or None when timing-only."""
        data = self.buffer.data
        if data is None:
            return None
        start = self.offset_bytes + offset_bytes
        stop = start + (self.size_bytes - offset_bytes if length_bytes is None else length_bytes)
        return data[start:stop]

    def __repr__(self) -> str:
        return f"<ResourceRef {self.buffer!r}[{self.offset_bytes}:+{self.size_bytes}]>"


def check_range(ref: ResourceRef, offset_bytes: int, length_bytes: int, what: str) -> None:
    if offset_bytes < 0 or length_bytes < 0 or offset_bytes + length_bytes > ref.size_bytes:
        raise DeviceFailure(
            f"{what}: byte range [{offset_bytes}, {offset_bytes + length_bytes}) is outside the "
            f"{ref.size_bytes}-byte resource"
        )
    if ref.buffer.released:
        raise LifetimeError(f"{what}: resource {ref.buffer.label or ref.buffer.id} used after dealloca")
