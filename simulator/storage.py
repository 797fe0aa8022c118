"""Storage: the device files and parameter archives are read from (an NVMe drive, say).

A request holds one of ``queue_depth`` slots for its whole life; it pays the access latency concurrently
with other requests, then moves its bytes through the drive's single bandwidth channel
(``bytes / bandwidth``). Each request is a span on the track of its slot (``storage/io0``...), with the
bytes it moved; :attr:`Storage.bytes_read` and :attr:`Storage.bytes_written` total them.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import simpy

from simulator.costs import ceil_ns
from simulator.machine import StorageSpec
from traces import Track

if TYPE_CHECKING:
    from simulator.engine import Engine


class Storage:
    def __init__(self, engine: Engine, spec: StorageSpec) -> None:
        self.engine = engine
        self.spec = spec
        self.slots = simpy.Store(engine.env, capacity=spec.queue_depth)
        self.slots.items.extend(range(spec.queue_depth))
        self.channel = simpy.Resource(engine.env, 1)
        self.bytes_read = 0
        self.bytes_written = 0
        self.tracks = [Track.storage(f"io{i}", process=spec.name) for i in range(spec.queue_depth)]

    def access(
        self, verb: str, length_bytes: int, name: str, args: dict[str, Any], flows_from: list[int]
    ) -> Generator[Any, Any, int]:
        """Read or write (``verb``) ``length_bytes``; returns the span id."""
        engine = self.engine
        env = engine.env
        slot = yield self.slots.get()
        start = int(env.now)
        try:
            yield env.timeout(self.spec.latency_ns)
            with self.channel.request() as req:
                yield req
                yield env.timeout(ceil_ns(length_bytes / self.spec.bandwidth_bytes_per_s))
        finally:
            self.slots.put(slot)
        if verb == "read":
            self.bytes_read += length_bytes
        else:
            self.bytes_written += length_bytes
        # An int start and a non-negative int duration (simulated time only moves forward): unchecked.
        trace = engine.trace
        span_id = trace.add_span_unchecked(
            self.tracks[slot], name, "io", start, int(env.now) - start, {**args, "bytes": length_bytes, "verb": verb}
        ).id
        for src in flows_from:
            trace.add_flow(src, span_id)
        return span_id
