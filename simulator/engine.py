"""The engine: a simpy environment driven from an asyncio event loop, plus the run's trace.

simpy owns simulated time (integer nanoseconds). :meth:`Engine.drive` steps the environment in batches of
events and awaits ``asyncio.sleep(0)`` between batches, so several simulations share one event loop. Host
callbacks that are coroutines run as asyncio tasks; the simpy process that called them waits on an event
the task's completion triggers (:meth:`Engine.await_coroutine`), and simulated time does not move while
they run.

States of a drive: running (events queued) -> done (the target process finished) or failed (it raised).
When no event is queued, no coroutine is pending and the target has not finished, the run is deadlocked:
:class:`~simulator.errors.DeadlockError` names every pending wait (registered by :meth:`begin_wait`).
"""

from __future__ import annotations

import asyncio
import gc
import heapq
import itertools
import time
from collections.abc import Awaitable, Callable, Generator
from typing import Any, cast

import simpy

from simulator.errors import DeadlockError
from traces import Trace, TraceMetadata, Track

EVENTS_PER_BATCH = 2000


class Engine:
    """One simulation run: the simpy environment, the trace being written, and the pending waits."""

    def __init__(self, metadata: TraceMetadata | None = None, *, events_per_batch: int = EVENTS_PER_BATCH):
        self.env = simpy.Environment()
        self.trace = Trace(metadata)
        self.events_per_batch = events_per_batch
        # A wait's description: text, a function giving it, or (format, *fields) formatted when asked; by a
        # token drawn from _wait_ids, or by the object that waits when it has one wait at a time (a parameter
        # step: no token drawn per wait). Insertion order is the order the waits began (a token is new at
        # each wait, and so is an object's entry, removed when its wait ends).
        # A function may give a list: a group's waits (a parameter call's waiting steps: StepStarts).
        self._waits: dict[Any, str | Callable[[], str | list[str]] | tuple[Any, ...]] = {}
        self._wait_ids = itertools.count()
        self._semaphore_ids = itertools.count()
        self._tasks: set[asyncio.Future[Any]] = set()
        self.host_track = Track.host("main")
        # simpy events processed (calls of Environment.step) and the CPU seconds spent stepping them; and
        # per batch (each run of up to events_per_batch events between two returns to the event loop), its
        # events and CPU seconds: a batch that runs a long stretch of host interpretation (a large
        # initializer's parameter load, the recording of a large command buffer) shows as a long one.
        self.events_processed = 0
        self.event_seconds = 0.0
        self.batches: list[tuple[int, float]] = []

    @property
    def now(self) -> int:
        return int(self.env.now)

    # -- bookkeeping for deadlock reports ---------------------------------------------------------

    def begin_wait(self, description: str | Callable[[], str]) -> int:
        """Register a pending wait; ``description`` may be a function, for waits whose report depends on
        what happens meanwhile (a collective names the ranks still missing when the run deadlocks)."""
        token = next(self._wait_ids)
        self._waits[token] = description
        return token

    def begin_wait_format(self, template: str, *fields: Any) -> int:
        """:meth:`begin_wait` whose description is ``template.format(*fields)``, formatted only if a
        report asks (a large run has tens of thousands of waits and no deadlock)."""
        token = next(self._wait_ids)
        self._waits[token] = (template, *fields)
        return token

    def end_wait(self, token: int) -> None:
        self._waits.pop(token, None)

    def pending_waits(self) -> list[str]:
        out: list[str] = []
        for w in list(self._waits.values()):  # in the order the waits began
            if callable(w):
                text = w()
                # (a list: a group of waits that began one after the other, as a parameter call's steps')
                if isinstance(text, list):
                    out.extend(text)
                else:
                    out.append(text)
            else:
                out.append(w[0].format(*w[1:]) if isinstance(w, tuple) else w)
        return out

    def semaphore_name(self, what: str) -> str:
        return f"sem{next(self._semaphore_ids)}:{what}"

    # -- coroutines --------------------------------------------------------------------------------

    def await_coroutine(self, awaitable: Awaitable[Any]) -> Generator[simpy.Event, Any, Any]:
        """From a simpy process: run ``awaitable`` on the asyncio loop and return its result."""
        future = asyncio.ensure_future(awaitable)
        self._tasks.add(future)
        done = self.env.event()
        token = self.begin_wait("host waits for a coroutine")
        future.add_done_callback(lambda _f: done.succeed())
        yield done
        self.end_wait(token)
        self._tasks.discard(future)
        return future.result()

    # -- driving ------------------------------------------------------------------------------------

    async def drive(self, target: simpy.Process) -> Any:
        """Advance the simulation until ``target`` finishes; return its value or raise its exception."""
        # The cyclic GC would walk the whole IR again and again while the run allocates events (switched on
        # between batches, it took 40% of a 10,000-dispatch run); a run makes no garbage cycles worth
        # collecting, so the whole drive runs with the collector paused.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return await self._drive(target)
        finally:
            if collecting:
                gc.enable()

    async def _drive(self, target: simpy.Process) -> Any:
        env = self.env
        batch = self.events_per_batch
        while not target.processed:
            queue = env._queue  # simpy's heap; an empty heap means no scheduled event
            self._batch(batch, target)
            if target.processed:
                break
            if not queue:
                pending = [t for t in self._tasks if not t.done()]
                if pending:
                    await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
                    continue
                if any(t.done() for t in self._tasks):
                    await asyncio.sleep(0)
                    continue
                raise DeadlockError(self.deadlock_message())
            await asyncio.sleep(0)
        if not target.ok:
            raise cast(
                BaseException, target.value
            )  # simpy keeps the exception a process failed with in .value
        return target.value

    async def drain(self) -> None:
        """Run every remaining event (work queued after the host returned); deadlock if waits remain."""
        env = self.env
        queue = env._queue
        collecting = gc.isenabled()
        gc.disable()
        try:
            while queue:
                self._batch(self.events_per_batch, None)
                await asyncio.sleep(0)
        finally:
            if collecting:
                gc.enable()
        if self._waits:
            raise DeadlockError(self.deadlock_message(after_return=True))

    def _batch(self, limit: int, target: simpy.Event | None) -> None:
        """:meth:`_step`, timed: its CPU seconds added to :attr:`event_seconds` and logged in :attr:`batches`."""
        before = self.events_processed
        start = time.process_time()
        try:
            self._step(limit, target)
        finally:
            seconds = time.process_time() - start
            self.event_seconds += seconds
            self.batches.append((self.events_processed - before, seconds))

    def _step(self, limit: int, target: simpy.Event | None) -> None:
        """Process up to ``limit`` events, as that many ``env.step()`` calls would, stopping early once
        ``target`` is processed; :attr:`events_processed` counts them.

        The loop is simpy's ``Environment.step`` written out (pop the earliest event, run its callbacks,
        crash on a failed event nobody defused) without a method call per event: the same events in the
        same order. An event whose callback raises is not counted, as a ``step()`` that raised is not.
        """
        env = self.env
        queue = env._queue  # simpy's heap of (time, priority, event id, event)
        pop = heapq.heappop
        n = 0
        try:
            while queue and n < limit:
                env._now, _, _, event = pop(queue)
                callbacks, event.callbacks = event.callbacks, None  # type: ignore[assignment]
                for callback in callbacks:
                    callback(event)
                if not event._ok and not hasattr(event, "_defused"):
                    # As simpy: crash with a copy of the failure, caused by the original.
                    failure = cast(BaseException, event._value)
                    exc = type(failure)(*failure.args)
                    exc.__cause__ = failure
                    raise exc
                n += 1
                # The target is processed when its own event is: no attribute lookup per event.
                if event is target:
                    break
        finally:
            self.events_processed += n

    def deadlock_message(self, *, after_return: bool = False) -> str:
        waits = self.pending_waits()
        head = (
            "deadlock: the program returned but queued work never ran"
            if after_return
            else "deadlock: no event can fire and the host is still waiting"
        )
        shown = "; ".join(waits[:8]) + ("; ..." if len(waits) > 8 else "")
        return f"{head} at t={self.now} ns; pending waits: {shown or 'none'}"
