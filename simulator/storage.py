"""Storage: the device files and parameter archives are read from (an NVMe drive, say).

A request holds one of ``queue_depth`` slots for its whole life; it pays the access latency concurrently
with other requests, then moves its bytes through the drive's single bandwidth channel
(``bytes / bandwidth``). Each request is a span on the track of its slot (``storage/io0``...), with the
bytes it moved; :attr:`Storage.bytes_read` and :attr:`Storage.bytes_written` total them.

A request is made from a simpy process (``yield from storage.access(...)``) or, on a hot path driven by
event callbacks, with :meth:`Storage.access_then`: the same events, in the same order, without a process.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

import simpy
from simpy.resources.resource import Request

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

    def access_then(
        self,
        verb: str,
        length_bytes: int,
        name: str,
        args: dict[str, Any],
        flows_from: list[int],
        then: Callable[[int], None],
        failed: Callable[[BaseException], None],
    ) -> None:
        """:meth:`access` driven by event callbacks instead of a process: it makes, triggers and waits on
        the same events in the same order, and calls ``then(span_id)`` where :meth:`access` returns (or
        ``failed(exc)`` where it raises, the slot and the channel given back as :meth:`access` gives
        them back)."""
        _Access(self, verb, length_bytes, name, args, flows_from, then, failed)


class _Access:
    """One :meth:`Storage.access_then` request: a callback per event :meth:`Storage.access` waits on."""

    __slots__ = ("args", "failed", "flows_from", "length_bytes", "name", "req", "slot", "start", "storage",
                 "then", "verb")  # fmt: skip

    def __init__(
        self,
        storage: Storage,
        verb: str,
        length_bytes: int,
        name: str,
        args: dict[str, Any],
        flows_from: list[int],
        then: Callable[[int], None],
        failed: Callable[[BaseException], None],
    ) -> None:
        self.storage = storage
        self.verb = verb
        self.length_bytes = length_bytes
        self.name = name
        self.args = args
        self.flows_from = flows_from
        self.then = then
        self.failed = failed
        self.slot: Any = None
        self.req: Request | None = None
        self.start = 0
        storage.slots.get().callbacks.append(self._got_slot)

    def _got_slot(self, event: simpy.Event) -> None:
        self.slot = event._value
        storage = self.storage
        env = storage.engine.env
        self.start = int(env._now)
        try:
            env.timeout(storage.spec.latency_ns).callbacks.append(self._queued)
        except BaseException as exc:
            self._give_back(exc)

    def _queued(self, _event: simpy.Event) -> None:
        try:
            req = self.req = self.storage.channel.request()
            req.callbacks.append(self._granted)
        except BaseException as exc:
            self._give_back(exc)

    def _granted(self, _event: simpy.Event) -> None:
        storage = self.storage
        try:
            dur = ceil_ns(self.length_bytes / storage.spec.bandwidth_bytes_per_s)
            storage.engine.env.timeout(dur).callbacks.append(self._moved)
        except BaseException as exc:
            self._give_back(exc)

    def _moved(self, _event: simpy.Event) -> None:
        storage = self.storage
        # Leaving ``with channel.request()`` then the ``finally`` of Storage.access.
        req, self.req = self.req, None
        assert req is not None
        storage.channel.release(req)
        storage.slots.put(self.slot)
        try:
            length_bytes, verb = self.length_bytes, self.verb
            if verb == "read":
                storage.bytes_read += length_bytes
            else:
                storage.bytes_written += length_bytes
            engine = storage.engine
            trace = engine.trace
            start = self.start
            span_id = trace.add_span_unchecked(
                storage.tracks[self.slot], self.name, "io", start, int(engine.env._now) - start,
                {**self.args, "bytes": length_bytes, "verb": verb},
            ).id  # fmt: skip
            for src in self.flows_from:
                trace.add_flow(src, span_id)
        except BaseException as exc:
            self.failed(exc)
            return
        self.then(span_id)

    def _give_back(self, exc: BaseException) -> None:
        """An exception where Storage.access would raise it: leave the channel, give the slot back."""
        storage = self.storage
        if self.req is not None:
            self.req.cancel()
            storage.channel.release(self.req)
        storage.slots.put(self.slot)
        self.failed(exc)
