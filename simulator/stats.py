"""Run statistics: makespan, how busy each queue was, peak memory per pool, bytes moved, op counts.

Computed from the trace and the runtime after a run. A queue's busy time is the trace's own definition
(:func:`traces.busy_ns`): the union of the work spans on the queue's tracks (its concurrent lanes and
parameter timelines included), so overlapping dispatches of a wave count once, and waits (``sync``
spans) and aggregate spans (a parameter read drawn over its storage and link spans) do not count.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from traces import Trace, busy_ns

if TYPE_CHECKING:
    from simulator.runtime import Runtime


@dataclass(frozen=True)
class QueueStats:
    name: str
    busy_ns: int
    busy_fraction: float
    submissions: int


@dataclass(frozen=True)
class PoolStats:
    name: str
    peak_bytes: int
    capacity_bytes: int
    in_use_bytes: int


@dataclass(frozen=True)
class Stats:
    makespan_ns: int
    queues: list[QueueStats]
    pools: list[PoolStats]
    storage_bytes_read: int
    storage_bytes_written: int
    link_bytes: dict[str, int]
    counts: dict[str, int]
    host_ops: int
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "makespan_ns": self.makespan_ns,
            "queues": [q.__dict__ for q in self.queues],
            "pools": [p.__dict__ for p in self.pools],
            "storage_bytes_read": self.storage_bytes_read,
            "storage_bytes_written": self.storage_bytes_written,
            "link_bytes": dict(self.link_bytes),
            "counts": dict(self.counts),
            "host_ops": self.host_ops,
        }

    def table(self) -> str:
        """A plain-text summary table."""
        rows = [("makespan", format_ns(self.makespan_ns))]
        for q in self.queues:
            rows.append(
                (
                    f"busy {q.name}",
                    f"{100 * q.busy_fraction:.1f}% ({format_ns(q.busy_ns)}, {q.submissions} submissions)",
                )
            )
        for p in self.pools:
            rows.append(
                (f"peak memory {p.name}", f"{format_bytes(p.peak_bytes)} of {format_bytes(p.capacity_bytes)}")
            )
        rows.append(("read from storage", format_bytes(self.storage_bytes_read)))
        if self.storage_bytes_written:
            rows.append(("written to storage", format_bytes(self.storage_bytes_written)))
        for name, n in self.link_bytes.items():
            if n:
                rows.append((f"moved over {name}", format_bytes(n)))
        shown = ("dispatches", "copies", "fills", "allocas", "deallocas", "parameter_requests", "host_waits")
        ops = [f"{k} {self.counts.get(k, 0)}" for k in shown]
        if "command_buffers" in self.counts:  # a HAL-form run: what it recorded and how often it replayed it
            ops.append(f"command buffers {self.counts['command_buffers']}")
            ops.append(f"command buffer executions {self.counts.get('command_buffer_executions', 0)}")
        rows.append(("ops", ", ".join(ops) + f", host ops {self.host_ops}"))
        width = max(len(k) for k, _ in rows)
        return "\n".join(f"{k:<{width}}  {v}" for k, v in rows)


def format_ns(ns: int) -> str:
    if ns >= 1_000_000_000:
        return f"{ns / 1e9:.3f} s"
    if ns >= 1_000_000:
        return f"{ns / 1e6:.3f} ms"
    if ns >= 1_000:
        return f"{ns / 1e3:.3f} us"
    return f"{ns} ns"


def format_bytes(n: int) -> str:
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:.2f} {unit} ({n} B)"
    return f"{n} B"


def compute_stats(runtime: Runtime, trace: Trace, makespan_ns: int, host_ops: int) -> Stats:
    queues_of_run = [q.name for device in runtime.devices for q in device.queues]
    busy_by_resource = {track.label: busy for track, busy in busy_ns(trace, labels=queues_of_run).items()}
    queues = []
    pools = []
    for device in runtime.devices:
        for q in device.queues:
            busy = busy_by_resource.get(q.name, 0)
            queues.append(QueueStats(q.name, busy, busy / makespan_ns if makespan_ns else 0.0, q.submitted))
        for p in device.pools:
            pools.append(
                PoolStats(f"{device.spec.name}/{p.name}", p.peak_bytes, p.capacity_bytes, p.used_bytes)
            )
    return Stats(
        makespan_ns=makespan_ns,
        queues=queues,
        pools=pools,
        storage_bytes_read=runtime.storage.bytes_read,
        storage_bytes_written=runtime.storage.bytes_written,
        link_bytes={name: link.bytes_moved for name, link in runtime.links.items()},
        counts=dict(runtime.counts),
        host_ops=host_ops,
    )


def timeline(trace: Trace, *, categories: tuple[str, ...] | None = None) -> list[tuple[str, str, int, int]]:
    """``[(track label, span name, start_ns, end_ns)]`` in start order, for whole-timeline assertions."""
    rows = [
        (s.track.label, s.name, s.start_ns, s.end_ns)
        for s in trace.iter_spans()
        if categories is None or s.category in categories
    ]
    rows.sort(key=lambda r: (r[2], r[3], r[0], r[1]))
    return rows
