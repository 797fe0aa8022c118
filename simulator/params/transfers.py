"""How a parameter provider moves bytes between a file, host memory and a device: the generators a
queue operation runs for a storage access (through the page cache), a staged read or write (host buffers
in chunks over the device's link), a device's file read or write, and a copy from or to host memory.

:class:`Transfers` is a base of :class:`~simulator.params.provider.ParameterProvider`: the provider
decides what a step moves (:mod:`.batching`, its requests and entries), these decide how the bytes go and
what spans the trace gets; the host's file rules (``hal`` file reads and writes) call :meth:`file_io` and
:meth:`host_copy` directly.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any, cast

import simpy

from simulator.costs import CostModel, ceil_ns
from simulator.params.config import ProviderConfig
from simulator.params.page_cache import PageCache
from traces import Track

if TYPE_CHECKING:
    from simulator.engine import Engine
    from simulator.storage import Storage


class Transfers:
    """The byte-moving generators of a parameter provider (which sets the attributes below)."""

    engine: Engine
    storage: Storage
    config: ProviderConfig
    page_cache: PageCache | None
    _cache_track: Track

    def file_io(self, device, verb, file_id, offset, n, base, args, spans) -> Generator[Any, Any, int]:  # type: ignore[no-untyped-def]
        """Read (into) or write (from) ``device`` memory ``n`` bytes of a file at ``offset``: straight
        through storage for a device without a host link (or with ``device_file_io``), else staged."""
        if device.host_link is None or self.config.device_file_io is True:
            return (yield from self._storage(verb, file_id, offset, n, f"{verb} {base}", args, spans))
        return (yield from self._staged(device, verb, file_id, offset, n, base, args, spans))

    def host_copy(self, device, n, name, args, spans, *, upload: bool) -> Generator[Any, Any, int]:  # type: ignore[no-untyped-def]
        """Bytes already in host memory to (``upload``) or from the device: over its link, or a copy."""
        engine = self.engine
        if device.host_link is not None:
            ends = ("host", device.spec.name) if upload else (device.spec.name, "host")
            label = f"upload {name}" if upload else f"download {name}"
            return (yield from device.host_link.transfer(ends[0], ends[1], n, label, args, spans))
        with device.copy_engines.request() as req:
            yield req
            start = engine.now
            dur = CostModel.copy_ns(device.spec, n)
            yield engine.env.timeout(dur)
        span = engine.trace.add_span(
            Track.queue(device.process_name, "params.copy"),
            f"copy {name}",
            "transfer",
            start,
            dur,
            {**args, "bytes": n},
        )
        for src in spans:
            engine.trace.add_flow(src, span)
        return span.id

    def _storage(self, verb, file_id, offset, n, name, args, spans) -> Generator[Any, Any, int]:  # type: ignore[no-untyped-def]
        """A storage access through the page cache: a cached read is a host-memory copy."""
        engine = self.engine
        cache = self.page_cache
        if cache is not None and verb == "read" and cache.lookup(file_id, offset, n):
            start = engine.now
            dur = max(1, ceil_ns(n / cache.bandwidth_bytes_per_s))
            yield engine.env.timeout(dur)
            span = engine.trace.add_span(
                self._cache_track,
                f"{name} (page cache)",
                "io",
                start,
                dur,
                {**args, "bytes": n, "verb": "read"},
            )
            for src in spans:
                engine.trace.add_flow(src, span)
            return span.id
        last = yield from self.storage.access(verb, n, name, args, spans)
        if cache is not None:
            cache.insert(file_id, offset, n)
        return last

    def _staged(self, device, verb, file_id, offset, n, base, args, spans) -> Generator[Any, Any, int]:  # type: ignore[no-untyped-def]
        """Through host staging buffers in chunks, ``staging_chunks`` in flight (IREE's streaming
        fallback): a read is storage -> host chunk -> upload; a write is download -> host chunk -> storage."""
        env = self.engine.env
        chunk = self.config.staging_chunk_bytes
        slots = simpy.Resource(env, self.config.staging_chunks)
        procs = []
        for k, lo in enumerate(range(0, max(n, 1), chunk)):
            m = min(chunk, n - lo)
            cname = base if n <= chunk else f"{base} [{k}]"
            procs.append(
                env.process(self._chunk(slots, device, verb, file_id, offset + lo, m, cname, args, spans))
            )
        yield env.all_of(procs)
        ends = [cast(int, p.value) for p in procs]
        return max(ends, key=lambda span_id: (self.engine.trace.span(span_id).end_ns, span_id))

    def _chunk(self, slots, device, verb, file_id, offset, m, name, args, spans) -> Generator[Any, Any, int]:  # type: ignore[no-untyped-def]
        with slots.request() as req:
            yield req
            if verb == "read":
                s = yield from self._storage("read", file_id, offset, m, f"read {name}", args, spans)
                return (
                    yield from device.host_link.transfer(
                        "host", device.spec.name, m, f"upload {name}", args, [s]
                    )
                )
            s = yield from device.host_link.transfer(
                device.spec.name, "host", m, f"download {name}", args, spans
            )
            return (yield from self._storage("write", file_id, offset, m, f"write {name}", args, [s]))


__all__ = ["Transfers"]
