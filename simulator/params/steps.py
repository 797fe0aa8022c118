"""The common parameter steps driven by event callbacks instead of simpy processes.

A large load is tens of thousands of steps: an ``alloca`` and a ``read`` per parameter, most of a
timing-only run's events. As a process (``ParameterProvider._run_step``) each event a step waits on resumes
a generator (and, under it, the generator of ``Storage.access``). :class:`StepRun` runs the same step as a
chain of plain callbacks, one per event, over the same events in the same order:

- its start is an event of a process's ``Initialize`` priority, scheduled where the process was made;
- it waits on the same semaphore events, storage slot and channel events and timeouts, made at the same
  points of the step (:meth:`~simulator.storage.Storage.access_then` for the storage part);
- it is itself an event, triggered when the step ends, where the process would be (with the failure,
  where the process would fail: a failed event that nobody defused stops the run as a failed process does).

So the trace and every result are the process's; only the Python work per event is less. Steps of other
kinds (the splat command buffer) and reads through the page cache, staging or imports keep the process.
"""

from __future__ import annotations

from dataclasses import dataclass
from heapq import heappush
from typing import TYPE_CHECKING, Any

import simpy
from simpy.events import NORMAL, PENDING, URGENT

from ir.errors import UnsupportedConstructError
from simulator.engine import Fired
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


class _Start(simpy.Event):
    """A process's ``Initialize`` event, calling ``callback`` instead of resuming a generator."""

    def __init__(self, env: simpy.Environment, callback: Any) -> None:
        self.env = env
        self.callbacks = [callback]
        self._value = None
        self._ok = True
        heappush(env._queue, (env._now, URGENT, next(env._eid), self))  # env.schedule(self, URGENT), inlined


class CallSteps:
    """What every step of one provider call shares (made once per call, not once per step)."""

    __slots__ = ("call", "device", "engine", "env", "flows_from", "provider", "sems", "trace", "tracks",
                 "with_data")  # fmt: skip

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
        self.call = call
        self.sems = sems
        self.tracks = tracks
        self.device = queue.device
        self.flows_from = flows_from
        self.with_data = with_data


class StepRun(simpy.Event):
    """One ``alloca`` step, or one ``read``/``write`` step straight through storage (no page cache,
    import or staging), as ``ParameterProvider._run_step`` runs it, by event callbacks."""

    # Its own fields in slots (simpy's Event keeps a __dict__ for env, callbacks, _value, _ok).
    __slots__ = ("_args", "_keys", "_next_wait", "_spans", "_start_ns", "_token", "_track", "ctx", "step")

    def __init__(self, ctx: CallSteps, step: Step) -> None:
        env = ctx.env
        self.env = env
        self.callbacks = []
        self._value = PENDING
        self.ctx = ctx
        self.step = step
        self._next_wait = 0
        self._token: int | None = None
        _Start(env, self._wait)

    # -- the chain ---------------------------------------------------------------------------------------

    def _wait(self, _event: simpy.Event) -> None:
        """Wait, in turn, for each semaphore payload the step waits on that is not reached yet."""
        try:
            ctx = self.ctx
            engine = ctx.engine
            if self._token is not None:
                engine._waits.pop(self._token, None)  # engine.end_wait, inlined
                self._token = None
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
                    self._token = engine.begin_wait_format(
                        STEP_WAIT, ctx.call.op_name, step.kind, step.timeline, s.name, v, s.value
                    )
                    s.event_for(ctx.env, v).callbacks.append(self._wait)
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
        parameter = keys[0] if len(keys) == 1 else f"{len(keys)} parameters"
        kind = step.kind
        if kind == "alloca":
            nbytes = 0
            device = ctx.device
            for i in items:
                buffer = call.requests[i].resource.buffer
                buffer.materialize(device.pool, with_data=ctx.with_data, what=call.where)
                nbytes += buffer.size_bytes
            self._args = {"op": call.op_name, "loc": call.loc, "affinity": call.affinity, "timeline": timeline,
                          "parameter": parameter, "bytes": nbytes}  # fmt: skip
            dur = device.spec.queue_op_overhead_ns
            if dur:
                Fired(env, self._allocated, dur)
            else:
                self._allocated(None)
            return
        args = self._args = {"op": call.op_name, "loc": call.loc, "affinity": call.affinity,
                             "timeline": timeline, "parameter": parameter}  # fmt: skip
        first = call.requests[items[0]]
        base = first.key if len(items) == 1 else f"{first.key} +{len(items) - 1}"
        ctx.provider.storage.access_then(
            kind, step.length_bytes, f"{kind} {base}", args, spans, self._moved, self._failed
        )

    def _allocated(self, _event: simpy.Event | None) -> None:
        try:
            trace = self.ctx.trace
            dur = self.ctx.device.spec.queue_op_overhead_ns
            # Fields of the right types (an int overhead, validated >= 0 with the machine) go unchecked.
            add = trace.add_span_unchecked if type(dur) is int else trace.add_span
            assert self._track is not None
            last = add(self._track, "parameter alloca", "alloc", self._start_ns, dur, self._args).id
            for src in self._spans:
                trace.add_flow(src, last)
            self._done(last)
        except BaseException as exc:
            self._failed(exc)

    def _moved(self, _io_span: int) -> None:
        try:
            ctx, step = self.ctx, self.step
            if ctx.with_data:
                ctx.provider._move_run(ctx.call, step)
            # The queue operation as one span on its timeline (a transfer into or out of device memory); the
            # storage ("io") span under it shows detail, and is what busy time counts.
            start = self._start_ns
            kind = step.kind
            assert self._track is not None
            last = ctx.trace.add_span_unchecked(
                self._track, f"parameter {kind}", "transfer", start, int(ctx.env._now) - start,
                {**self._args, "bytes": step.length_bytes, "offset": step.offset_bytes,
                 "verb": "write" if kind == "write" else "read", "aggregate": True},
            ).id  # fmt: skip
            self._done(last)
        except BaseException as exc:
            self._failed(exc)

    def _done(self, last: int) -> None:
        ctx, step = self.ctx, self.step
        ctx.provider.log.append(
            BatchRecord(ctx.call.number, step.kind, self._keys, step.timeline, self._start_ns,
                        int(ctx.env._now), step.length_bytes)
        )  # fmt: skip
        ctx.sems[step.timeline].signal(step.signal, last)
        self._end(True, None)

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
        """Trigger this event, as a process is triggered when its generator returns or raises."""
        self._ok = ok
        self._value = value
        env = self.ctx.env
        heappush(env._queue, (env._now, NORMAL, next(env._eid), self))  # env.schedule(self), inlined
