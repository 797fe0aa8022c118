"""A measured trace of one call from a HAL profile of several: the ground truth the simulation is held to.

:func:`~simulator.profile.iree_tools.capture_profile` records N calls of a function. This module:

1. splits the records into calls. The host submits the same queue operations in the same order at every
   call of a program without data-dependent control flow, so the queue events (ordered by
   ``submission_id``) repeat with period ``submissions / N``; :func:`split_calls` checks that they do;
2. times every dispatch over the calls. A dispatch is known by its submission's position in the call
   and its ``command_index`` in the command buffer (or, where the HAL device records none, as
   ``local-sync`` does, its rank by start time in the submission); :class:`DispatchTiming` keeps its
   duration at every call;
3. names each dispatch's site: the stream IR (``iree-compile --compile-to=stream``) of the same program
   lists the ``stream.cmd.dispatch`` ops of each ``stream.cmd.execute`` in order; a command buffer whose
   sequence of exports equals an execute's takes that execute's locations (:func:`dispatch_sites`);
4. builds the trace of the fastest call (:func:`measured_trace`) with :func:`traces.read_iree_profile`:
   dispatch spans are named after their export, as simulated ones are, and carry ``loc`` (the
   ``stream.cmd.dispatch`` op), ``min_ns``/``median_ns``/``max_ns`` over the calls and the
   ``workgroup_count``. Its metadata holds ``window = "call"`` (the trace is the call alone, without
   module load and initializers) and the call's benchmark timing under ``call_ns``.
"""

from __future__ import annotations

import io
import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from ir import Module, Operation
from ir.attributes import ArrayAttr, StringAttr, SymbolRefAttr
from simulator.errors import ProfileError
from simulator.profile.iree_tools import CallTiming
from traces import Trace, read_iree_profile

_NO_INDEX = 0xFFFFFFFF
# Records describing the capture rather than one call's work: kept with every call.
_SHARED = frozenset({"schema", "session", "device", "queue", "command_buffer", "command_operation"})


def _kind(record: dict[str, Any]) -> str:
    return str(record.get("record_type", record.get("type", "")))


def split_calls(records: Sequence[dict[str, Any]], calls: int) -> list[list[dict[str, Any]]]:
    """The queue and host-execution records of each of the last ``calls`` calls, in call order.

    Raises ProfileError when the submissions do not repeat with one period (a data-dependent program,
    or a profile of something else).

    Examples
    --------
    >>> recs = [{"record_type": "queue_event", "op": op, "submission_id": i} for i, op in
    ...         enumerate(["alloca", "execute", "alloca", "execute"], start=1)]
    >>> [[r["submission_id"] for r in call] for call in split_calls(recs, 2)]
    [[1, 2], [3, 4]]
    """
    submits = sorted((r for r in records if _kind(r) == "queue_event"), key=lambda r: int(r["submission_id"]))
    if not submits or calls < 1:
        raise ProfileError(f"the profile holds no queue submissions for {calls} call(s)")
    # With exactly ``calls`` calls profiled the period is submissions / calls; calls made before them (a
    # warm-up) leave a longer head, so shorter periods are tried, longest first, on the tail.
    ops_all = [str(r["op"]) for r in submits]
    period = 0
    for p in range(len(submits) // calls, 0, -1):
        tail_ops = ops_all[len(ops_all) - p * calls :]
        if all(tail_ops[i] == tail_ops[i - p] for i in range(p, len(tail_ops))):
            period = p
            break
    if period == 0:
        if len(submits) < calls:
            raise ProfileError(f"the profile holds {len(submits)} submission(s), fewer than {calls} calls")
        p = len(submits) // calls
        tail = submits[len(submits) - p * calls :]
        i = next(i for i in range(p, len(tail)) if tail[i]["op"] != tail[i - p]["op"])
        raise ProfileError(
            f"the {calls} profiled calls do not submit the same queue operations (submission "
            f"{tail[i]['submission_id']} is {tail[i]['op']!r}, {tail[i - p]['submission_id']} was "
            f"{tail[i - p]['op']!r}); a program with data-dependent control flow cannot be split into calls"
        )
    tail = submits[len(submits) - period * calls :]
    call_of = {int(r["submission_id"]): k // period for k, r in enumerate(tail)}
    out: list[list[dict[str, Any]]] = [[] for _ in range(calls)]
    for r in records:
        if _kind(r) in ("queue_event", "host_execution_event"):
            k = call_of.get(int(r["submission_id"]))
            if k is not None:
                out[k].append(r)
    return out


@dataclass(frozen=True)
class DispatchTiming:
    """One dispatch of the call, measured at every profiled call."""

    name: str
    position: tuple[int, int]  # (submission's position in the call, command index or start rank)
    durations_ns: tuple[int, ...]
    workgroup_count: tuple[int, ...] = ()
    loc: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def min_ns(self) -> int:
        return min(self.durations_ns)

    @property
    def median_ns(self) -> int:
        return int(statistics.median(self.durations_ns))

    @property
    def max_ns(self) -> int:
        return max(self.durations_ns)


def _dispatch_positions(call: list[dict[str, Any]]) -> dict[int, tuple[int, int]]:
    """id(record) -> position, for the dispatch records of one call."""
    submissions = sorted({int(r["submission_id"]) for r in call})
    rank = {s: i for i, s in enumerate(submissions)}
    by_sub: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in call:
        if _kind(r) == "host_execution_event" and r.get("op") == "dispatch":
            by_sub[int(r["submission_id"])].append(r)
    out: dict[int, tuple[int, int]] = {}
    for sub, rs in by_sub.items():
        if all(int(r.get("command_index", _NO_INDEX)) != _NO_INDEX for r in rs):
            for r in rs:
                out[id(r)] = (rank[sub], int(r["command_index"]))
        else:
            rs.sort(key=lambda r: (int(r["start_host_time_ns"]), int(r.get("event_id", 0))))
            for i, r in enumerate(rs):
                out[id(r)] = (rank[sub], i)
    return out


def dispatch_timings(calls: list[list[dict[str, Any]]]) -> list[DispatchTiming]:
    """Every dispatch of the call, in position order, with its durations over ``calls``."""
    durations: dict[tuple[int, int], list[int]] = defaultdict(list)
    first: dict[tuple[int, int], dict[str, Any]] = {}
    for call in calls:
        positions = _dispatch_positions(call)
        for r in call:
            pos = positions.get(id(r))
            if pos is None:
                continue
            durations[pos].append(int(r["duration_ns"]))
            first.setdefault(pos, r)
    return [
        DispatchTiming(
            str(first[p].get("key") or "dispatch"),
            p,
            tuple(durations[p]),
            tuple(int(x) for x in first[p].get("workgroup_count") or ()),
        )
        for p in sorted(durations)
    ]


def _leaf(op: Operation) -> str:
    entries = op.attr("entry_points")
    ref = entries.elements[0] if isinstance(entries, ArrayAttr) and entries.elements else entries
    if isinstance(ref, SymbolRefAttr):
        return ref.leaf
    return str(ref)


def dispatch_sites(module: Module, function: str) -> list[list[tuple[str, str | None]]]:
    """Per ``stream.cmd.execute`` of ``function`` (program order): its dispatches' (export, location)."""
    func = None
    for op in module.body.ops:
        sym = op.attr("sym_name")
        if isinstance(sym, StringAttr) and sym.value == function and op.regions:
            func = op
    if func is None:
        raise ProfileError(f"the stream IR has no function @{function}")
    sites = []
    for op in func.walk():
        if op.op_name == "stream.cmd.execute":
            sites.append(
                [
                    (_leaf(d), str(d.location) if d.location else None)
                    for d in op.walk()
                    if d.op_name == "stream.cmd.dispatch"
                ]
            )
    return sites


def attach_sites(
    timings: list[DispatchTiming], sites: list[list[tuple[str, str | None]]]
) -> tuple[list[DispatchTiming], int]:
    """Timings with ``loc`` set where a submission's exports match an execute's, and how many matched.

    Submissions are matched to executes in order: each takes the first unused execute whose export
    sequence equals its own.
    """
    by_sub: dict[int, list[DispatchTiming]] = defaultdict(list)
    for t in timings:
        by_sub[t.position[0]].append(t)
    used = [False] * len(sites)
    locs: dict[tuple[int, int], str | None] = {}
    for sub in sorted(by_sub):
        names = [t.name for t in by_sub[sub]]
        for k, site in enumerate(sites):
            if not used[k] and [n for n, _ in site] == names:
                used[k] = True
                for t, (_, loc) in zip(by_sub[sub], site):
                    locs[t.position] = loc
                break
    out = [
        DispatchTiming(t.name, t.position, t.durations_ns, t.workgroup_count, locs.get(t.position), t.extra)
        for t in timings
    ]
    return out, sum(1 for t in out if t.loc is not None)


def measured_trace(
    records: Sequence[dict[str, Any]],
    calls: int,
    *,
    program: str = "",
    device: str = "local-task",
    module: Module | None = None,
    function: str = "main",
    timing: CallTiming | None = None,
) -> tuple[Trace, list[DispatchTiming]]:
    """The trace of the fastest of ``calls`` profiled calls, and every dispatch's timing over all of them."""
    per_call = split_calls(records, calls)
    timings = dispatch_timings(per_call)
    matched = 0
    if module is not None:
        timings, matched = attach_sites(timings, dispatch_sites(module, function))

    def extent(call: list[dict[str, Any]]) -> int:
        starts = [int(r.get("host_time_ns", r.get("start_host_time_ns", 0))) for r in call]
        ends = [int(r["start_host_time_ns"]) + int(r["duration_ns"]) for r in call if "duration_ns" in r]
        return max(ends, default=0) - min(starts, default=0)

    best = min(range(len(per_call)), key=lambda k: (extent(per_call[k]), k))
    shared = [r for r in records if _kind(r) in _SHARED]
    text = b"\n".join(orjson.dumps(r) for r in [*shared, *per_call[best]])
    trace = read_iree_profile(io.BytesIO(text), program=program, machine=f"iree {device}")
    positions = _dispatch_positions(per_call[best])
    by_event = {
        int(r["event_id"]): positions[id(r)]
        for r in per_call[best]
        if _kind(r) == "host_execution_event" and id(r) in positions
    }
    by_position = {t.position: t for t in timings}
    for span in trace.iter_spans():
        if span.category != "dispatch" or span.args.get("event_id") not in by_event:
            continue
        t = by_position[by_event[int(span.args["event_id"])]]
        span.args.update(
            {
                "op": "stream.cmd.dispatch",
                "loc": t.loc,
                "min_ns": t.min_ns,
                "median_ns": t.median_ns,
                "max_ns": t.max_ns,
                "calls": len(t.durations_ns),
            }
        )
    extra = trace.metadata.extra
    extra.update(
        {
            "window": "call",
            "device": device,
            "function": function,
            "profiled_calls": calls,
            "fastest_call": best,
            "dispatches": len(timings),
            "dispatches_with_loc": matched,
        }
    )
    if timing is not None:
        extra["call_ns"] = timing.to_dict()
    return trace, timings
