"""Timeline semaphores and fences, as IREE's HAL defines them.

A :class:`Semaphore` holds a monotonically increasing 64-bit payload. ``signal(v)`` raises it to ``v``
and wakes every wait for a value ``<= v``. ``fail(error)`` puts it in the failed state for good: every
current and future wait wakes at once and sees the failure, which is how a failed queue operation poisons
everything downstream of it (IREE: a semaphore failed with a status).

A :class:`Fence` is a set of ``(semaphore, value)`` pairs, reached when each semaphore reaches its value
(``hal.fence``). A stream timepoint is a fence; ``stream.timepoint.join`` is the union of fences.

Waiting: ``yield from fence.wait(engine, who)`` in a simpy process. It returns the spans that signalled
the values (for the trace's signal->wait flows) and raises :class:`~simulator.errors.DeviceFailure`,
naming the failed operation, when any semaphore of the fence failed. Pending waits are registered with
the engine, which names them if the simulation deadlocks.
"""

from __future__ import annotations

import itertools
from collections.abc import Generator
from heapq import heappush
from typing import TYPE_CHECKING, Any

import simpy
from simpy.events import NORMAL

from simulator.errors import DeviceFailure

if TYPE_CHECKING:
    from simulator.engine import Engine


class Semaphore:
    """A timeline semaphore. ``signal_span`` is the trace span id of the work that last signalled it."""

    __slots__ = ("_order", "_waiters", "failure", "name", "signal_span", "value")

    def __init__(self, name: str, value: int = 0) -> None:
        self.name = name
        self.value = value
        self.failure: DeviceFailure | None = None
        self.signal_span: int | None = None
        # Pending waits by target value (every target is above the payload): a signal from v to w takes
        # the waits for v+1..w, so a semaphore with thousands of waits for rising values (a parameter
        # provider's timeline) costs O(1) per wake, not a pass over every wait. Each wait keeps its arrival
        # number; woken waits are succeeded in arrival order, as they arrived.
        self._waiters: dict[int, list[tuple[int, simpy.Event]]] = {}
        self._order = itertools.count()

    def signal(self, value: int, span_id: int | None = None) -> None:
        if self.failure is not None:
            return
        if value < self.value:
            raise DeviceFailure(
                f"semaphore {self.name}: signal to {value} would move its payload back from {self.value}"
            )
        old, self.value = self.value, value
        if span_id is not None:
            self.signal_span = span_id
        waiters = self._waiters
        if not waiters:
            return
        if value == old + 1:
            # A step of one (a timeline's next payload): the waits for exactly that value, if any.
            waits = waiters.pop(value, None)
            if waits is not None:
                _succeed_all(waits)
            return
        if value - old <= len(waiters):
            targets = [t for t in range(old + 1, value + 1) if t in waiters]
        else:
            targets = [t for t in waiters if t <= value]
        if not targets:
            return
        if len(targets) == 1:
            _succeed_all(waiters.pop(targets[0]))
            return
        woken = [w for t in targets for w in waiters.pop(t)]
        woken.sort(key=_arrival)
        _succeed_all(woken)

    def fail(self, error: DeviceFailure, span_id: int | None = None) -> None:
        if self.failure is not None:
            return
        self.failure = error
        if span_id is not None:
            self.signal_span = span_id
        woken = sorted((w for waits in self._waiters.values() for w in waits), key=_arrival)
        self._waiters = {}
        for _n, event in woken:
            event.succeed()

    def reached(self, value: int) -> bool:
        return self.failure is not None or self.value >= value

    def event_for(self, env: simpy.Environment, value: int) -> simpy.Event:
        """An event of ``env`` that fires when the payload reaches ``value`` or the semaphore fails."""
        event = env.event()
        if self.failure is not None or self.value >= value:
            event.succeed()
        else:
            self.wake(event, value)
        return event

    def wake(self, event: simpy.Event, value: int) -> None:
        """Trigger ``event`` (pending, of this semaphore's environment) when the payload reaches ``value``,
        which it has not, as :meth:`event_for`'s event: for a caller that brings its own event."""
        waits = self._waiters.get(value)
        if waits is None:
            self._waiters[value] = [(next(self._order), event)]
        else:
            waits.append((next(self._order), event))

    def __repr__(self) -> str:
        state = f"failed: {self.failure}" if self.failure else f"value {self.value}"
        return f"<Semaphore {self.name} {state}>"


def _arrival(waiter: tuple[int, simpy.Event]) -> int:
    return waiter[0]


def _succeed_all(waits: list[tuple[int, simpy.Event]]) -> None:
    """``event.succeed()`` for each wait, in order: the pending events :meth:`Semaphore.event_for` made,
    each triggered with ``None`` and scheduled now, with simpy's ``succeed`` and ``schedule`` inlined."""
    for _n, event in waits:
        env = event.env
        event._ok = True
        event._value = None
        heappush(env._queue, (env._now, NORMAL, next(env._eid), event))


class Fence:
    """A set of (semaphore, value) pairs; immutable. The empty fence is always reached."""

    __slots__ = ("points",)

    def __init__(self, points: tuple[tuple[Semaphore, int], ...] = ()) -> None:
        self.points = points

    @classmethod
    def join(cls, fences: list[Fence]) -> Fence:
        """The union, keeping the highest value per semaphore (``hal.fence.join``)."""
        if len(fences) == 1:
            return fences[0]
        best: dict[int, tuple[Semaphore, int]] = {}
        order: list[int] = []
        for fence in fences:
            for sem, value in fence.points:
                key = id(sem)
                if key not in best:
                    order.append(key)
                    best[key] = (sem, value)
                elif value > best[key][1]:
                    best[key] = (sem, value)
        return cls(tuple(best[k] for k in order))

    def failure(self) -> DeviceFailure | None:
        for sem, _ in self.points:
            if sem.failure is not None:
                return sem.failure
        return None

    def reached(self) -> bool:
        return all(sem.reached(value) for sem, value in self.points)

    def signal_spans(self) -> list[int]:
        return [sem.signal_span for sem, _ in self.points if sem.signal_span is not None]

    def wait(self, engine: Engine, who: str) -> Generator[simpy.Event, Any, list[int]]:
        """Wait until reached; raise DeviceFailure if any semaphore failed. Returns signalling spans."""
        for sem, value in self.points:
            if not sem.reached(value):
                token = engine.begin_wait(f"{who} waits for {sem.name} >= {value} (now {sem.value})")
                yield sem.event_for(engine.env, value)
                engine.end_wait(token)
        failure = self.failure()
        if failure is not None:
            raise failure
        return self.signal_spans()

    def describe(self) -> str:
        if not self.points:
            return "immediate"
        return ", ".join(f"{sem.name}>={value}" for sem, value in self.points)

    def __repr__(self) -> str:
        return f"<Fence {self.describe()}>"


IMMEDIATE = Fence()


def external_fence(name: str) -> Fence:
    """A fence on a new semaphore that nothing in the simulation signals (an external timeline).

    Pass it as a ``!hal.fence`` argument; signal it with ``fence.points[0][0].signal(1)`` from a host
    function, or leave it unsignalled to model a wait that never completes.
    """
    return Fence(((Semaphore(name), 1),))
