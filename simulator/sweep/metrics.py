"""Metrics a study keeps: named groups of columns computed from one run's stats, trace and schedule.

========================  =======================================================================
metric                    columns
========================  =======================================================================
``makespan``              ``makespan_ns``
``peak_memory``           ``peak_memory_bytes`` (sum over pools) and ``peak_memory_bytes[DEV/POOL]``
``busy``                  ``busy_fraction[DEV/QUEUE]``: busy time over makespan, per queue
``first_dispatch``        ``first_dispatch_ns``: start of the earliest dispatch (None without one)
``bytes_moved``           ``bytes_moved`` (links and storage), ``bytes_moved[LINK]``,
                          ``storage_bytes_read``, ``storage_bytes_written``
``schedule``              ``execute_regions``, ``waves``, ``dispatches``, ``transient_bytes``
``findings``              ``findings`` and ``findings[CATEGORY]`` (race, lifetime, deadlock,
                          numerics, fault, error): the correctness checker's findings on a second,
                          observed run of the point (:func:`simulator.checks.check`)
========================  =======================================================================

A point's runner computes every metric but ``findings`` (which costs a second run, so it runs only when
the study asks for it); a study's ``metrics`` choose the columns of its table.
Per-pool, per-queue and per-link columns are named after the machine's parts, so a study over several
machines has the union of their columns, empty where a machine has no such part.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Metric:
    name: str
    description: str
    #: column names, or a prefix ending in ``[`` for per-part columns
    columns: tuple[str, ...]
    #: why the metric cannot be computed in this installation, or "" when it can
    unavailable: str = ""


#: Finding categories of :mod:`simulator.checks`, one ``findings[CATEGORY]`` column each.
FINDING_CATEGORIES = ("race", "lifetime", "deadlock", "numerics", "fault", "error")


def _checker_available() -> bool:
    try:
        from simulator.checks import check
    except ImportError:
        return False
    return callable(check)


METRICS: dict[str, Metric] = {
    m.name: m
    for m in (
        Metric("makespan", "simulated time from start to the last event", ("makespan_ns",)),
        Metric(
            "peak_memory",
            "high-water mark of each memory pool, and their sum",
            ("peak_memory_bytes", "peak_memory_bytes["),
        ),
        Metric("busy", "fraction of the makespan each queue was busy", ("busy_fraction[",)),
        Metric("first_dispatch", "time the first dispatch started", ("first_dispatch_ns",)),
        Metric(
            "bytes_moved",
            "bytes over links and to or from storage",
            ("bytes_moved", "bytes_moved[", "storage_bytes_read", "storage_bytes_written"),
        ),
        Metric(
            "schedule",
            "figures of the cmd-form schedule (scheduler.ScheduleStats)",
            ("execute_regions", "waves", "dispatches", "transient_bytes"),
        ),
        Metric(
            "findings",
            "correctness-checker findings (simulator.checks), in all and by category; runs the point twice",
            ("findings", "findings["),
        ),
    )
}


def available_metrics() -> set[str]:
    names = {n for n, m in METRICS.items() if not m.unavailable}
    if not _checker_available():
        names.discard("findings")
    return names


def metric_columns(metrics: tuple[str, ...] | list[str], columns: list[str]) -> list[str]:
    """The columns among ``columns`` that the chosen metrics keep, in metric order."""
    out: list[str] = []
    for name in metrics:
        for spec in METRICS[name].columns:
            if spec.endswith("["):
                out.extend(sorted(c for c in columns if c.startswith(spec) and c not in out))
            elif spec in columns and spec not in out:
                out.append(spec)
    return out


def collect(stats: Any, trace: Any, schedule: Any | None) -> dict[str, Any]:
    """Every available metric column of one run (``stats``: :class:`simulator.Stats`; ``trace``:
    :class:`traces.Trace`; ``schedule``: :class:`scheduler.ScheduleStats` or None)."""
    out: dict[str, Any] = {"makespan_ns": int(stats.makespan_ns)}
    out["peak_memory_bytes"] = int(sum(p.peak_bytes for p in stats.pools))
    for p in stats.pools:
        out[f"peak_memory_bytes[{p.name}]"] = int(p.peak_bytes)
    for q in stats.queues:
        out[f"busy_fraction[{q.name}]"] = float(q.busy_fraction)
    starts = [s.start_ns for s in trace.iter_spans() if s.category == "dispatch"]
    out["first_dispatch_ns"] = int(min(starts)) if starts else None
    link_total = 0
    for name, n in sorted(stats.link_bytes.items()):
        out[f"bytes_moved[{name}]"] = int(n)
        link_total += int(n)
    out["storage_bytes_read"] = int(stats.storage_bytes_read)
    out["storage_bytes_written"] = int(stats.storage_bytes_written)
    out["bytes_moved"] = link_total + int(stats.storage_bytes_read) + int(stats.storage_bytes_written)
    if schedule is not None:
        out["execute_regions"] = int(schedule.execute_regions)
        out["waves"] = int(schedule.waves)
        out["dispatches"] = int(schedule.dispatches)
        out["transient_bytes"] = int(schedule.transient_bytes)
    return out


def finding_columns(findings: list[Any]) -> dict[str, int]:
    """``findings`` and ``findings[CATEGORY]`` from a :class:`simulator.checks.CheckReport`'s findings."""
    out = {"findings": len(findings)}
    for category in FINDING_CATEGORIES:
        out[f"findings[{category}]"] = sum(1 for f in findings if f.category == category)
    return out
