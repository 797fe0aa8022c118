"""The events a queue's executor makes in place of simpy processes and conditions on its hot path
(:class:`~simulator.commands.Executor`): the same events, with the same ids, in the same order, made and
processed with less work.

- :class:`AllDone`: ``env.all_of(children)`` of a concurrent node's children, whose value nobody reads;
- :class:`DispatchRun`: a concurrent node's timing-only dispatch, as the process that runs it.
"""

from __future__ import annotations

from heapq import heappush
from typing import TYPE_CHECKING, Any, cast

import simpy
from simpy.events import NORMAL, PENDING, URGENT

if TYPE_CHECKING:
    from simulator.commands import DispatchCmd, Executor


class AllDone(simpy.Event):
    """``env.all_of(procs)`` for processes just started (or :class:`DispatchRun` runs, which stand for
    them), whose value nobody reads: the same event, triggered (succeeded, or failed with the first failure,
    which it defuses) and scheduled where simpy's AllOf is, with a callback per process and none of the
    ConditionValue simpy builds when it is processed. (A later failure is defused by nobody here, as by
    nobody in simpy, whose AllOf has taken its callbacks back.)"""

    __slots__ = ("_left",)

    def __init__(self, env: simpy.Environment, procs: list[simpy.Event]) -> None:
        self.env = env
        self.callbacks = []
        self._value = PENDING
        self._left = len(procs)
        if not procs:
            self.succeed()  # as AllOf of nothing (then its value would be an empty ConditionValue)
            return
        check = self._check
        for proc in procs:
            if type(proc) is DispatchRun:
                proc.then = check  # (its callbacks are those of its current event, not of its end)
            elif proc.callbacks is None:  # (a process already processed: not one just started)
                check(proc)
            else:
                proc.callbacks.append(check)

    def _check(self, event: simpy.Event) -> None:
        if self._value is not PENDING:
            return
        self._left -= 1
        if not event._ok:
            event._defused = True
            self.fail(cast(Exception, event._value))
        elif not self._left:
            self.succeed()


class DispatchRun(simpy.Event):
    """A concurrent node's child that is one dispatch, in a timing-only run, as the process
    ``env.process(executor.run(cmd, lane, flows_from))`` runs it (:meth:`~simulator.commands.Executor._dispatch`), by event
    callbacks.

    The run is its own event at every point of the process's chain: its start (the process's
    ``Initialize``), its request of an execution unit, the timeout of the dispatch's duration and its end
    (the process's own event, with the dispatch's span id as its value), triggered and scheduled where the
    process's events are, one at a time. simpy takes an event's id when it schedules it, so the ids and the
    order of events are the process's; the unit's release is the same event as the process's. No process,
    generators, ``Initialize``, request or ``Timeout`` object is made. Its end's one callback (``then``) is
    set by :class:`AllDone`. A failure inside a callback ends it failed, as the process would (a separate
    failed event: the engine checks the event it is processing for failure when its callbacks return)."""

    __slots__ = ("cmd", "executor", "flows_from", "lane", "start", "then")

    def __init__(self, executor: Executor, cmd: DispatchCmd, lane: int, flows_from: list[int]) -> None:
        env = executor.engine.env
        self.env = env
        self.executor = executor
        self.cmd = cmd
        self.lane = lane
        self.flows_from = flows_from
        self.then: Any = None
        # The start, as a process's Initialize: triggered and scheduled where env.process schedules it.
        self.callbacks = [_REQUEST]
        self._ok = True
        self._value = None
        heappush(env._queue, (env._now, URGENT, next(env._eid), self))

    def _request(self) -> None:
        # ``with units.request() as req: yield req``: this event is the request.
        self.callbacks = [_GRANTED]
        self._value = PENDING
        self.executor.device.units.request_into(self)

    def _granted(self) -> None:
        # ``yield env.timeout(cmd.duration_ns)`` (an int >= 0: Executor._start checked it): this event.
        env = self.env
        self.start = env._now
        self.callbacks = [_RAN]
        self._ok = True
        self._value = None
        heappush(env._queue, (env._now + self.cmd.duration_ns, NORMAL, next(env._eid), self))

    def _ran(self) -> None:
        executor = self.executor
        try:
            executor.device.units.release(self)  # leaving the ``with``
            span_id = executor._dispatch_span(self.cmd, self.lane, int(self.start))
            trace = executor.trace
            for src in self.flows_from:
                trace.add_flow(src, span_id)
        except BaseException as exc:
            end = simpy.Event(self.env)  # (see the class's note)
            end.callbacks = [] if self.then is None else [self.then]
            end._ok = False
            end._value = exc
            self.env.schedule(end)
            return
        # The process's end (its generator returned the span id).
        self.callbacks = [] if self.then is None else [self.then]
        self._ok = True
        self._value = span_id
        env = self.env
        heappush(env._queue, (env._now, NORMAL, next(env._eid), self))


# The run's callbacks, as plain functions: the engine calls each with the event it processes, which is the
# run itself (no bound method made per event).
_REQUEST = DispatchRun._request
_GRANTED = DispatchRun._granted
_RAN = DispatchRun._ran
