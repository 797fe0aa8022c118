"""Storage: the device files and parameter archives are read from (an NVMe drive, say).

A request holds one of ``queue_depth`` slots for its whole life; it pays the access latency concurrently
with other requests, then moves its bytes through the drive's single bandwidth channel
(``bytes / bandwidth``). Each request is a span on the track of its slot (``storage/io0``...), with the
bytes it moved; :attr:`Storage.bytes_read` and :attr:`Storage.bytes_written` total them.

A request is made from a simpy process (``yield from storage.access(...)``) or, on a hot path driven by
event callbacks (:class:`~simulator.params.steps.StepRun`), with the same events in the same order without
a process: :meth:`SlotStore.get_into` and :meth:`Channel.request_into` take the caller's own event.
"""

from __future__ import annotations

import weakref
from collections import deque
from collections.abc import Callable, Generator
from heapq import heappush
from typing import TYPE_CHECKING, Any

import simpy
from simpy.events import NORMAL, PENDING

from simulator.costs import ceil_ns
from simulator.machine import StorageSpec
from traces import Track

if TYPE_CHECKING:
    from simulator.engine import Engine


class _Reused(simpy.Event):
    """A store's one event for what would be a new event triggered at once each time (a put, a release: a
    ``Timeout(env, 0)`` with one callback): triggered once for good and scheduled again each time; its
    processing calls ``method(owner, event)``. simpy takes an event's id when it schedules it, so the ids
    and the order of events are those of new events. Nobody waits on it. The engine takes an event's
    callbacks before it runs them and this one gives them back first, so it may be in the queue more than
    once. It reaches its owner by a weak reference: the owner refers to it, and a run's state is freed by
    reference counts, not left as cycles for the collector."""

    def __init__(self, env: simpy.Environment, owner: Any, method: Callable[[Any, simpy.Event], None]) -> None:
        self.env = env
        self._ok = True
        self._value = None
        ref = weakref.ref(owner)

        def fire(event: simpy.Event) -> None:
            event.callbacks = event.again  # type: ignore[attr-defined]
            method(ref(), event)

        self.again = self.callbacks = [fire]


class SlotStore:
    """``simpy.Store(env, capacity=n)`` holding the items ``0..n-1``, for items that are only ever taken and
    given back: the same events, triggered and processed in the same order, with less work per event.

    As simpy's Store: a get joins the queue of gets and the head of that queue takes the first item if
    there is one (so a get may serve an older one); a put appends its item and schedules its event, whose
    processing serves the head of the queue. The callbacks simpy adds that find nothing to do here (a get
    serving waiting puts: a put never waits, since no more items than ``n`` are ever given back) are left
    out.
    """

    __slots__ = ("__weakref__", "_put", "env", "items", "waiting")

    def __init__(self, env: simpy.Environment, n: int) -> None:
        self.env = env
        self.items = list(range(n))
        self.waiting: deque[simpy.Event] = deque()
        self._put = _Reused(env, self, SlotStore._serve)

    def get(self) -> simpy.Event:
        event = simpy.Event(self.env)
        self.waiting.append(event)
        self._serve(None)
        return event

    def get_into(self, event: simpy.Event) -> None:
        """:meth:`get` with the caller's event (pending): it is triggered with the item as get's would be."""
        self.waiting.append(event)
        self._serve(None)

    def put(self, item: Any) -> None:
        self.items.append(item)
        env = self.env
        # A new Timeout(env, 0) calling self._serve, as the store's one put event: scheduled where it would be.
        heappush(env._queue, (env._now, NORMAL, next(env._eid), self._put))

    def _serve(self, _event: simpy.Event | None) -> None:
        if self.waiting and self.items:
            head = self.waiting.popleft()
            head._ok = True
            head._value = self.items.pop(0)
            env = self.env
            heappush(env._queue, (env._now, NORMAL, next(env._eid), head))  # env.schedule(head), inlined


class Channel:
    """``simpy.Resource(env, capacity)`` for requests released by the requester: the same events in the
    same order with less work per event. A request joins the queue and the head of the queue is granted
    if a unit is free; a release frees the unit at once and schedules its event, whose processing grants
    the head of the queue. (simpy's callback on a granted request, which would serve waiting releases,
    finds none: a release never waits.)"""

    __slots__ = ("__weakref__", "_release", "capacity", "env", "queue", "users")

    def __init__(self, env: simpy.Environment, capacity: int) -> None:
        self.env = env
        self.capacity = capacity
        self.users: list[simpy.Event] = []
        self.queue: deque[simpy.Event] = deque()
        self._release = _Reused(env, self, Channel._grant)

    def request(self) -> simpy.Event:
        event = simpy.Event(self.env)
        self.queue.append(event)
        self._grant(None)
        return event

    def request_into(self, event: simpy.Event) -> None:
        """:meth:`request` with the caller's event (pending): it is the request, granted as request's is."""
        self.queue.append(event)
        self._grant(None)

    def cancel(self, request: simpy.Event) -> None:
        """Withdraw a request not granted yet (simpy's ``Request.cancel``)."""
        if request._value is PENDING:
            self.queue.remove(request)

    def release(self, request: simpy.Event) -> None:
        if request in self.users:
            self.users.remove(request)
        env = self.env
        # A new Timeout(env, 0) calling self._grant, as the channel's one release event: where it would be.
        heappush(env._queue, (env._now, NORMAL, next(env._eid), self._release))

    def _grant(self, _event: simpy.Event | None) -> None:
        if self.queue and len(self.users) < self.capacity:
            head = self.queue.popleft()
            self.users.append(head)
            head._ok = True
            head._value = None
            env = self.env
            heappush(env._queue, (env._now, NORMAL, next(env._eid), head))  # env.schedule(head), inlined


class Units(Channel):
    """``simpy.Resource(env, capacity)`` for requests made and given back by ``with units.request() as req``
    (a device's execution units): the events of :class:`Channel`, made, triggered and processed where
    simpy's Request and Release are, and their context manager: leaving the ``with`` withdraws a request
    not granted yet, then releases it (unless the generator was closed, as simpy's ``Request.__exit__``).
    simpy's callback on a processed request (serving waiting releases) finds none and is left out."""

    __slots__ = ()

    def __init__(self, env: simpy.Environment, capacity: int) -> None:
        if capacity <= 0:
            raise ValueError('"capacity" must be > 0.')  # as simpy.Resource
        super().__init__(env, capacity)

    def request(self) -> UnitRequest:
        event = UnitRequest(self)
        self.queue.append(event)
        self._grant(None)
        return event


class UnitRequest(simpy.Event):
    """A request of :class:`Units`: an event, and the context manager of simpy's ``Request``."""

    __slots__ = ("units",)

    def __init__(self, units: Units) -> None:
        self.env = units.env
        self.callbacks = []
        self._value = PENDING
        self.units = units

    def hold(self, delay: int) -> UnitRequest:
        """This request, processed (granted and waited on), made the event ``env.timeout(delay)`` would be:
        triggered and scheduled ``delay`` from now where the Timeout would be. For ``yield
        req.hold(duration)`` inside ``with units.request() as req``: one object less per use."""
        if delay < 0:
            raise ValueError(f"Negative delay {delay}")  # as simpy.Timeout
        env = self.env
        self.callbacks = []
        self._ok = True
        self._value = None
        heappush(env._queue, (env._now + delay, NORMAL, next(env._eid), self))
        return self

    def __enter__(self) -> UnitRequest:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        units = self.units
        units.cancel(self)
        if exc_type is not GeneratorExit:
            units.release(self)


class Storage:
    def __init__(self, engine: Engine, spec: StorageSpec) -> None:
        self.engine = engine
        self.spec = spec
        self.slots = SlotStore(engine.env, spec.queue_depth)
        self.channel = Channel(engine.env, 1)
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
            channel = self.channel
            req = channel.request()
            try:
                yield req
                yield env.timeout(ceil_ns(length_bytes / self.spec.bandwidth_bytes_per_s))
            except GeneratorExit:  # a closed generator gives nothing back (as simpy's ``with request``)
                channel.cancel(req)
                raise
            except BaseException:
                channel.cancel(req)
                channel.release(req)
                raise
            channel.release(req)
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
