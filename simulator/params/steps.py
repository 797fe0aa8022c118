"""The common parameter steps driven by event callbacks instead of simpy processes.

A large load is tens of thousands of steps: an ``alloca`` and a ``read`` per parameter, most of a
timing-only run's events. As a process (``ParameterProvider._run_step``) each event a step waits on resumes
a generator (and, under it, the generator of ``Storage.access``). :class:`StepRun` runs the same step as a
chain of plain callbacks, one per event, over the same events in the same order:

- its start is an event of a process's ``Initialize`` priority, scheduled where the process was made;
- it waits on the same semaphore events, storage slot and channel events and timeouts (those of
  :meth:`~simulator.storage.Storage.access` for the storage part), triggered and scheduled at the same
  points of the step; the step is itself each of these events in turn (one object, not one per event);
- its end is triggered where the process's would be (with the failure, where the process would fail: a
  failed event that nobody defused stops the run as a failed process does).

So the trace and every result are the process's; only the Python work per event is less. Steps of other
kinds (the splat command buffer) and reads through the page cache, staging or imports keep the process.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from heapq import heappush
from itertools import islice
from typing import TYPE_CHECKING, Any

import simpy
from simpy.events import NORMAL, PENDING, URGENT

from ir.errors import UnsupportedConstructError
from simulator.costs import ceil_ns
from simulator.errors import DeviceFailure, InputError, SimulationError
from traces import Track

if TYPE_CHECKING:
    from simulator.params.batching import Step
    from simulator.params.provider import ParameterProvider, _Call
    from simulator.queues import Queue
    from simulator.semaphores import Semaphore

#: A parameter step's pending wait, as a deadlock report names it (see Engine.begin_wait_format).
STEP_WAIT = "{} {} on parameter timeline {} waits for {} >= {} (now {})"


@dataclass(slots=True)
class BatchRecord:
    """One executed step (or barrier) of a provider call, for tests and analysis."""

    call: int
    kind: str
    keys: tuple[str, ...]
    timeline: int
    start_ns: int
    end_ns: int
    length_bytes: int = 0


class CallSteps:
    """What every step of one provider call shares (made once per call, not once per step)."""

    __slots__ = ("call", "device", "engine", "env", "flows_from", "pool", "provider", "sems", "starts", "storage",
                 "trace", "tracks", "transfer_ns", "with_data")  # fmt: skip

    def __init__(
        self,
        provider: ParameterProvider,
        call: _Call,
        sems: list[Semaphore],
        tracks: list[Track],
        queue: Queue,
        flows_from: list[int],
        with_data: bool,
    ) -> None:
        self.provider = provider
        self.engine = provider.engine
        self.env = provider.engine.env
        self.trace = provider.engine.trace
        self.storage = provider.storage
        self.call = call
        self.sems = sems
        self.tracks = tracks
        self.device = queue.device
        self.pool = queue.device.pool  # (a property: looked up once per call, not per alloca)
        self.flows_from = flows_from
        self.with_data = with_data
        self.transfer_ns: dict[int, int] = {}  # a read's or write's transfer time by its length
        # The call's StepStarts when its steps are made as their turn comes (else None: made at once).
        self.starts: StepStarts | None = None


class StepRun(simpy.Event):
    """One ``alloca`` step, or one ``read``/``write`` step straight through storage (no page cache,
    import or staging), as ``ParameterProvider._run_step`` runs it, by event callbacks.

    The step is its own event at every point of its chain: its start (a process's ``Initialize``), each
    semaphore wait, its storage slot, the storage channel's grant, the latency and transfer timeouts and
    its end are this one object, triggered and scheduled where the process's events would be, one at a
    time (each is processed before the next is made). Event ids are taken when an event is scheduled, so
    they and the order of events are the process's; only the objects made per event are fewer. A failed
    end is an event of its own (the engine checks the event it is processing for failure as soon as its
    callbacks return: this object, failed from one of its callbacks, would stop the run an event early)."""

    # Every field in slots, simpy's Event's too (env, callbacks, _ok, _value: the Event class has no slots,
    # so these would go in a dict made per step; a large load makes tens of thousands of steps). simpy sets
    # _defused, when a callback defuses a failed event, in the instance dict (made then, if ever).
    __slots__ = ("_held", "_io_start", "_keys", "_nbytes", "_next_wait", "_ok", "_parameter", "_slot", "_spans",
                 "_start_ns", "_track", "_waiting", "_value", "callbacks", "ctx", "env", "step")  # fmt: skip

    def __init__(self, ctx: CallSteps, step: Step, start: bool = True) -> None:
        env = ctx.env
        self.env = env
        self.ctx = ctx
        self.step = step
        self._next_wait = 0
        self._waiting = False  # a wait of this step registered with the engine (for deadlock reports)
        self._held = False  # holds (or queues for) the storage channel
        self._slot: Any = None
        self.callbacks = [_WAIT]
        self._ok = True
        self._value = None
        if start:
            # The start, as a process's Initialize event: triggered, scheduled where the process is made.
            heappush(env._queue, (env._now, URGENT, next(env._eid), self))  # env.schedule(self, URGENT), inlined

    # -- the chain ---------------------------------------------------------------------------------------

    def _wait(self) -> None:
        """Wait, in turn, for each semaphore payload the step waits on that is not reached yet."""
        try:
            ctx = self.ctx
            engine = ctx.engine
            if self._waiting:
                self._waiting = False
                starts = ctx.starts
                if starts is None:
                    del engine._waits[self]  # engine.end_wait, inlined (the step is its wait's key)
                else:
                    # the woken run runs: its wait ends in the call's StepStarts (which named it until now)
                    t = self.step.timeline
                    starts._waiting[t].popleft()
                    starts._now[t].popleft()
                    starts._woken[t] -= 1
                    starts._count -= 1
                    if not starts._count:
                        del engine._waits[starts]
                        if starts._i == starts._n:
                            ctx.starts = None  # (every step started, none waits: see StepStarts' note)
            step, sems = self.step, ctx.sems
            waits = step.waits
            i = self._next_wait
            n = len(waits)
            while i < n:
                t, v = waits[i]
                i += 1
                s = sems[t]
                if s.failure is None and s.value < v:
                    self._next_wait = i
                    # engine.begin_wait_format(STEP_WAIT, ...), inlined (once per wait), keyed by the step
                    # itself (a step has one wait at a time): no token drawn
                    self._waiting = True
                    engine._waits[self] = (STEP_WAIT, ctx.call.op_name, step.kind, step.timeline, s.name, v,
                                            s.value)  # fmt: skip
                    self.callbacks = [_WAIT]
                    self._value = PENDING
                    s.wake(self, v)  # (s.event_for(env, v) with this event)
                    return
            self._begin()
        except BaseException as exc:
            self._failed(exc)

    def _begin(self) -> None:
        ctx, step = self.ctx, self.step
        sems, call = ctx.sems, ctx.call
        spans: list[int] = []
        self._spans = spans
        for t, _ in step.waits:
            s = sems[t]
            if s.failure is not None:
                raise s.failure
            if s.signal_span is not None:
                spans.append(s.signal_span)
        if step.waits_caller:
            spans.extend(ctx.flows_from)
        env = ctx.env
        self._start_ns = int(env._now)
        timeline = step.timeline
        self._track = ctx.tracks[timeline]
        names = call.names
        items = step.items
        keys = self._keys = (names[items[0]],) if len(items) == 1 else tuple(names[i] for i in items)
        self._parameter = keys[0] if len(keys) == 1 else f"{len(keys)} parameters"
        if step.kind == "alloca":
            nbytes = 0
            pool = ctx.pool
            for i in items:
                buffer = call.refs[i].buffer
                buffer.materialize(pool, with_data=ctx.with_data, what=call.where)
                nbytes += buffer.size_bytes
            self._nbytes = nbytes
            dur = ctx.device.spec.queue_op_overhead_ns
            if dur:
                if dur < 0:
                    raise ValueError(f"Negative delay {dur}")
                self.callbacks = [_ALLOCATED]  # env.timeout(dur) with this callback: this event
                self._ok = True
                self._value = None
                heappush(env._queue, (env._now + dur, NORMAL, next(env._eid), self))
            else:
                self._allocated()
            return
        # The storage access (Storage.access's events): a slot, the latency, the channel, the transfer.
        self.callbacks = [_GOT_SLOT]
        self._value = PENDING
        ctx.storage.slots.get_into(self)

    def _allocated(self) -> None:
        try:
            ctx = self.ctx
            trace = ctx.trace
            dur = ctx.device.spec.queue_op_overhead_ns
            call = ctx.call
            args = {"op": call.op_name, "loc": call.loc, "affinity": call.affinity, "timeline": self.step.timeline,
                    "parameter": self._parameter, "bytes": self._nbytes}  # fmt: skip
            # Fields of the right types (an int overhead, validated >= 0 with the machine) go unchecked.
            add = trace.add_span_unchecked if type(dur) is int else trace.add_span
            last = add(self._track, "parameter alloca", "alloc", self._start_ns, dur, args).id
            for src in self._spans:
                trace.add_flow(src, last)
            self._done(last)
        except BaseException as exc:
            self._failed(exc)

    # The storage access, as Storage.access makes it (each failure gives the slot and the channel back
    # where its ``try``/``finally`` would).

    def _got_slot(self) -> None:
        self._slot = self._value
        env = self.env
        self._io_start = int(env._now)
        try:
            delay = self.ctx.storage.spec.latency_ns
            if delay < 0:
                raise ValueError(f"Negative delay {delay}")
            self.callbacks = [_QUEUED]  # env.timeout(delay) with this callback: this event
            self._ok = True
            self._value = None
            heappush(env._queue, (env._now + delay, NORMAL, next(env._eid), self))
        except BaseException as exc:
            self._give_back(exc)

    def _queued(self) -> None:
        try:
            self.callbacks = [_GRANTED]
            self._value = PENDING
            self._held = True
            self.ctx.storage.channel.request_into(self)
        except BaseException as exc:
            self._give_back(exc)

    def _granted(self) -> None:
        try:
            # ceil_ns(length / bandwidth), once per length a call moves (a load moves a few distinct ones)
            ctx, length = self.ctx, self.step.length_bytes
            dur = ctx.transfer_ns.get(length)
            if dur is None:
                dur = ctx.transfer_ns[length] = ceil_ns(length / ctx.storage.spec.bandwidth_bytes_per_s)
            if dur < 0:
                raise ValueError(f"Negative delay {dur}")
            self.callbacks = [_MOVED]  # env.timeout(dur) with this callback: this event
            self._ok = True
            self._value = None
            env = self.env
            heappush(env._queue, (env._now + dur, NORMAL, next(env._eid), self))
        except BaseException as exc:
            self._give_back(exc)

    def _moved(self) -> None:
        ctx = self.ctx
        storage = ctx.storage
        # Leaving ``with channel.request()`` then the ``finally`` of Storage.access.
        self._held = False
        storage.channel.release(self)
        storage.slots.put(self._slot)
        step = self.step
        call = ctx.call
        try:
            length_bytes, kind = step.length_bytes, step.kind
            if kind == "read":
                storage.bytes_read += length_bytes
            else:
                storage.bytes_written += length_bytes
            trace = ctx.trace
            now = int(ctx.env._now)
            items = step.items
            first = call.keys[items[0]]
            base = first if len(items) == 1 else f"{first} +{len(items) - 1}"
            start = self._io_start
            # The storage span, its args those of Storage.access: the step's, "bytes" and "verb" added.
            span_id = trace.add_span_unchecked(
                storage.tracks[self._slot], f"{kind} {base}", "io", start, now - start,
                {"op": call.op_name, "loc": call.loc, "affinity": call.affinity, "timeline": step.timeline,
                 "parameter": self._parameter, "bytes": length_bytes, "verb": kind},
            ).id  # fmt: skip
            for src in self._spans:
                trace.add_flow(src, span_id)
        except BaseException as exc:
            self._failed(exc)
            return
        try:
            if ctx.with_data:
                ctx.provider._move_run(call, step)
            # The queue operation as one span on its timeline (a transfer into or out of device memory); the
            # storage ("io") span under it shows detail, and is what busy time counts.
            start = self._start_ns
            last = trace.add_span_unchecked(
                self._track, f"parameter {kind}", "transfer", start, int(ctx.env._now) - start,
                {"op": call.op_name, "loc": call.loc, "affinity": call.affinity, "timeline": step.timeline,
                 "parameter": self._parameter, "bytes": length_bytes, "offset": step.offset_bytes,
                 "verb": "write" if kind == "write" else "read", "aggregate": True},
            ).id  # fmt: skip
            self._done(last)
        except BaseException as exc:
            self._failed(exc)

    def _give_back(self, exc: BaseException) -> None:
        """An exception where Storage.access would raise it: leave the channel, give the slot back."""
        storage = self.ctx.storage
        if self._held:
            storage.channel.cancel(self)
            storage.channel.release(self)
        storage.slots.put(self._slot)
        self._failed(exc)

    def _done(self, last: int) -> None:
        ctx, step = self.ctx, self.step
        ctx.provider.log_rows.append(
            (ctx.call.number, step.kind, self._keys, step.timeline, self._start_ns, int(ctx.env._now),
             step.length_bytes)
        )  # fmt: skip
        t = step.timeline
        ctx.sems[t].signal(step.signal, last)
        starts = ctx.starts
        if starts is not None:
            # the step waiting in the call's StepStarts for this payload, if any, is made and scheduled
            waiting, k = starts._waiting[t], starts._woken[t]
            if len(waiting) > k and starts.steps[waiting[k]].waits[0][1] <= step.signal:
                starts._wake(t, k)
        # self._end(True, None), inlined (once per step)
        env = ctx.env
        self.callbacks = []
        self._ok = True
        self._value = None
        heappush(env._queue, (env._now, NORMAL, next(env._eid), self))

    def _failed(self, exc: BaseException) -> None:
        """Where ``_run_step`` catches a failure: the timeline's semaphore fails and the step ends; any other
        exception ends the step failed, as it would end the process."""
        if isinstance(exc, UnsupportedConstructError) or not isinstance(exc, SimulationError | InputError):
            self._end(False, exc)
            return
        ctx, step = self.ctx, self.step
        call = ctx.call
        error = exc if isinstance(exc, DeviceFailure) else DeviceFailure(f"{call.where}: {exc}")
        ctx.sems[step.timeline].fail(error)
        if ctx.starts is not None:
            ctx.starts.failed(step.timeline)
        engine = ctx.engine
        engine.trace.add_instant(
            ctx.tracks[step.timeline],
            "failure",
            engine.now,
            "sync",
            {"op": call.op_name, "error": str(error)},
        )
        self._end(True, None)

    def _end(self, ok: bool, value: Any) -> None:
        """Trigger the step's end, as a process is triggered when its generator returns or raises."""
        env = self.ctx.env
        end: simpy.Event = self
        if not ok:
            end = simpy.Event(env)  # (see the class's note)
        end.callbacks = []
        end._ok = ok
        end._value = value
        heappush(env._queue, (env._now, NORMAL, next(env._eid), end))  # env.schedule(end), inlined


class StepStarts(simpy.Event):
    """The start events of a call's steps, for a plan whose every step waits on nothing or on the payload the
    step before it on its timeline signals (:func:`~simulator.params.batching.plan_loads`' plans): each
    step's :class:`StepRun` is made when its turn comes, not all at once.

    Made at once, a large load's steps (26,664 for 13,332 parameters) all wait from the call's start: as many
    start events in simpy's heap, runs, pending waits of the engine and waits of the timelines' semaphores,
    most of them held until their predecessors end. Here:

    - the call takes the ids of its steps' start events at once (the ids making them one by one would take:
      ``n`` consecutive ids, scheduled at the same time and priority), and this one event is each start in
      turn: scheduled with the first id, and when processed, again with the next. Nothing else can come
      between two consecutive ids of one time and priority, so the events, their order and their count are
      those of the steps' own starts;
    - a start whose wait is reached makes the step's run and runs its wait (which begins it), as the run's
      start would; a start whose wait is not reached notes the step's index on its timeline (the run is made
      when the wait ends);
    - when a step signals its timeline (or fails it), the step noted after it on that timeline waits for that
      payload (a timeline's waits are for its payloads in turn): its run is made then and scheduled, as the
      semaphore's wake would schedule it. The semaphore's other waits (the flush barrier's, for the last
      payload) came first (they began at the call, before any start) and the semaphore wakes them first;
    - while steps wait, the engine has one pending wait for the call, which names each of them (by
      :data:`STEP_WAIT`, as a run's own wait would, from its start until its run runs) if a deadlock
      report asks;
    - once every step has started and none waits, the call's :class:`CallSteps` lets go of this object (its
      runs need it no more): the two refer to each other, and a run's state is freed by reference counts,
      not left as a cycle for the collector.
    """

    __slots__ = ("_count", "_first", "_i", "_n", "_now", "_waiting", "_woken", "callbacks", "ctx", "env",
                 "steps", "_ok", "_value")  # fmt: skip

    def __init__(self, ctx: CallSteps, steps: tuple[Step, ...]) -> None:
        env = ctx.env
        self.env = env
        self.ctx = ctx
        self.steps = steps
        n = self._n = len(steps)
        eid = env._eid
        self._first = first = next(eid)
        deque(islice(eid, n - 1), maxlen=0)  # the ids of the other n - 1 starts
        self._i = 0
        # Per timeline, the indices of the steps waiting (in the order their starts came) and each one's
        # payload when its wait began (for a deadlock report); and how many wait in all.
        self._waiting: list[deque[int]] = [deque() for _ in ctx.sems]
        self._now: list[deque[int]] = [deque() for _ in ctx.sems]
        # Per timeline, how many of its first waiting steps are woken (scheduled, not run yet): at most one,
        # or all of them when the timeline fails.
        self._woken = [0] * len(ctx.sems)
        self._count = 0
        ctx.starts = self
        self.callbacks = [_START]
        self._ok = True
        self._value = None
        heappush(env._queue, (env._now, URGENT, first, self))

    def _start(self) -> None:
        """Step ``_i``'s start; the next step's start is scheduled with its id."""
        i = self._i
        self._i = i + 1
        env = self.env
        if i + 1 < self._n:
            self.callbacks = [_START]
            heappush(env._queue, (env._now, URGENT, self._first + i + 1, self))
        ctx = self.ctx
        step = self.steps[i]
        waits = step.waits
        if waits:
            t, v = waits[0]
            s = ctx.sems[t]
            if s.failure is None and s.value < v:
                if not self._count:
                    ctx.engine._waits[self] = self._describe
                self._count += 1
                self._waiting[t].append(i)
                self._now[t].append(s.value)
                return
        StepRun(ctx, step, False)._wait()
        if self._i == self._n and not self._count:
            ctx.starts = None  # (every step started, none waits: see the class's note)

    def failed(self, t: int) -> None:
        """Timeline ``t`` failed: every step waiting on it is made and scheduled, in the order they came."""
        waiting = self._waiting[t]
        while len(waiting) > self._woken[t]:
            self._wake(t, self._woken[t])

    def _wake(self, t: int, k: int) -> None:
        """Make and schedule the run of the ``k``-th step waiting on timeline ``t``: when the timeline reached
        its payload (StepRun._done: the first waiting step, if its payload is reached) or failed (every one).
        Its wait ends when the run runs, not now (StepRun._wait), as a run's own wait ends."""
        self._woken[t] = k + 1
        run = StepRun(self.ctx, self.steps[self._waiting[t][k]], False)
        run._next_wait = 1  # (past its one wait, as a run woken from it)
        run._waiting = True  # (its wait is named until it runs: see StepRun._wait)
        env = self.env
        heappush(env._queue, (env._now, NORMAL, next(env._eid), run))  # as the semaphore's wake schedules it

    def _describe(self) -> list[str]:
        """The waiting steps' waits, in the order they began, as :data:`STEP_WAIT` words each."""
        ctx = self.ctx
        rows = sorted(
            (i, t, now) for t, (idx, nows) in enumerate(zip(self._waiting, self._now)) for i, now in zip(idx, nows)
        )
        out = []
        for i, t, now in rows:
            step = self.steps[i]
            s = ctx.sems[t]
            out.append(STEP_WAIT.format(ctx.call.op_name, step.kind, step.timeline, s.name, step.waits[0][1], now))
        return out


# The chain's callbacks, as plain functions: the engine calls each with the event it processes, which is the
# step itself (no bound method made per event).
_WAIT = StepRun._wait
_ALLOCATED = StepRun._allocated
_GOT_SLOT = StepRun._got_slot
_QUEUED = StepRun._queued
_GRANTED = StepRun._granted
_MOVED = StepRun._moved
_START = StepStarts._start
