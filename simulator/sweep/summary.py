"""What a favor x queues x memory-model study shows, in words computed from its results table.

:func:`describe_study` writes one Markdown paragraph per program (waves, favor policies, queues, memory
model, the Pareto front, the checker, the first dispatch), so that a notebook's conclusions follow the
figures as the simulator and the scheduler change instead of going stale. :func:`busy_by_queue` is the
table of queue utilisation behind the "queues" line, as percentages with "-" where a point has no such
queue (a study of 1, 2 and 4 queues has no queue3 at 1 queue).

Examples
--------
>>> import pandas as pd
>>> df = pd.DataFrame({
...     "program": ["p"] * 4, "status": ["ok"] * 4,
...     "favor": ["min-peak-memory", "debug"] * 2, "queues": [1, 1, 2, 2],
...     "memory_model": ["unified"] * 4, "makespan_ns": [1000, 1500, 1000, 1500],
...     "peak_memory_bytes": [4096, 4096, 4096, 4096], "waves": [2, 0, 2, 0],
...     "busy_fraction[gpu0/queue0]": [0.5, 0.4, 0.5, 0.4],
...     "busy_fraction[gpu0/queue1]": [None, None, 0.0, 0.0]})
>>> print(describe_study(df))
**p**
<BLANKLINE>
- Waves: without them (`debug`) the makespan is 1.5 us, +50.0% against `min-peak-memory` (2 waves, 1 us).
- Queues: the makespan is the same with every queue count, and queues other than `queue0` stay idle: nothing in these schedules targets them (no queue affinity masks), so more queues can only help once the scheduler assigns work to them.
- Pareto front (makespan, peak memory): `min-peak-memory / unified`, best on both counts: no trade-off between time and memory here.
>>> table = busy_by_queue(df)
>>> list(table.columns), table.values.tolist()
(['queue0', 'queue1'], [['45%', '-'], ['45%', '0%']])
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from simulator.sweep.plots import pareto_front
from traces.layout import format_bytes, format_ns

_BASE = "min-peak-memory"


def _mean(rows: pd.DataFrame, column: str, **where: Any) -> float:
    for key, value in where.items():
        rows = rows[rows[key] == value]
    return float(rows[column].astype(float).mean())


def _busy_columns(df: pd.DataFrame) -> list[str]:
    return [c for c in df.columns if c.startswith("busy_fraction[")]


def busy_by_queue(df: pd.DataFrame) -> pd.DataFrame:
    """Mean busy fraction per (program, queues) and queue, as percentages; "-" where there is no such queue."""
    busy = _busy_columns(df)
    table = df.groupby(["program", "queues"], sort=False)[busy].mean()
    table.columns = [c.removeprefix("busy_fraction[").removesuffix("]").split("/")[-1] for c in busy]
    return table.apply(lambda col: col.map(lambda v: "-" if pd.isna(v) else f"{v:.0%}"))


def _program_lines(rows: pd.DataFrame, busy: list[str]) -> list[str]:
    lines = []
    favors = list(dict.fromkeys(rows["favor"]))
    span = {f: _mean(rows, "makespan_ns", favor=f) for f in favors}
    peak = {f: _mean(rows, "peak_memory_bytes", favor=f) for f in favors}
    if "debug" in span and _BASE in span:
        waves = _mean(rows, "waves", favor=_BASE) if "waves" in rows.columns else float("nan")
        lines.append(
            f"- Waves: without them (`debug`) the makespan is {format_ns(span['debug'])}, "
            f"{100 * (span['debug'] / span[_BASE] - 1):+.1f}% against `{_BASE}` ({waves:.0f} waves, "
            f"{format_ns(span[_BASE])})."
        )
    if "max-concurrency" in span and _BASE in span:
        d_time = span["max-concurrency"] - span[_BASE]
        d_peak = peak["max-concurrency"] - peak[_BASE]
        lines.append(
            f"- `max-concurrency` against `{_BASE}`: "
            + (
                "the same figures."
                if d_time == 0 and d_peak == 0
                else f"makespan {d_time / 1e3:+.3f} us, peak memory {d_peak / 1024:+.1f} KiB."
            )
        )
    if "queues" in rows.columns and rows["queues"].nunique() > 1:
        groups = [c for c in ("favor", "memory_model") if c in rows.columns]
        flat = bool(rows.groupby(groups)["makespan_ns"].nunique().max() == 1)
        idle = all(float(rows[c].fillna(0).max()) == 0 for c in busy if not c.endswith("/queue0]"))
        lines.append(
            "- Queues: "
            + (
                "the makespan is the same with every queue count"
                if flat
                else "the queue count changes the makespan"
            )
            + (
                ", and queues other than `queue0` stay idle: nothing in these schedules targets them (no queue "
                "affinity masks), so more queues can only help once the scheduler assigns work to them."
                if idle
                else "."
            )
        )
    if "memory_model" in rows.columns and set(rows["memory_model"]) >= {"unified", "discrete"}:
        t_u, t_d = (_mean(rows, "makespan_ns", memory_model=m) for m in ("unified", "discrete"))
        p_u, p_d = (_mean(rows, "peak_memory_bytes", memory_model=m) for m in ("unified", "discrete"))
        b_u, b_d = (_mean(rows, "bytes_moved", memory_model=m) for m in ("unified", "discrete"))
        lines.append(
            "- Memory model, discrete (parameters gathered into staging buffers) against unified (loaded in "
            f"place): makespan {(t_d - t_u) / 1e3:+.1f} us, peak memory {(p_d - p_u) / 1024:+.1f} KiB, "
            f"bytes moved {_signed_bytes(b_d - b_u)}."
        )
    front = pareto_front(rows)
    on_front = rows.merge(
        front[["makespan_ns", "peak_memory_bytes"]], on=["makespan_ns", "peak_memory_bytes"]
    )
    settings = [c for c in ("favor", "memory_model") if c in rows.columns]
    names = list(
        dict.fromkeys("`" + " / ".join(str(r[c]) for c in settings) + "`" for _, r in on_front.iterrows())
    )
    if len(front) == 1:
        tie = " (equal figures)" if len(names) > 1 else ""
        lines.append(
            f"- Pareto front (makespan, peak memory): {', '.join(names)}{tie}, best on both counts: "
            "no trade-off between time and memory here."
        )
    else:
        lines.append(
            f"- Pareto front (makespan, peak memory): {', '.join(names)}, a trade of time for memory."
        )
    if "findings" in rows.columns:
        found = int(rows["findings"].sum())
        lines.append(
            f"- Correctness checker: {found} finding(s) over the {len(rows)} points"
            + (
                " (no races, lifetime errors or deadlocks under any setting)."
                if found == 0
                else "; see the table."
            )
        )
    if "first_dispatch_ns" in rows.columns:
        first = _mean(rows, "first_dispatch_ns")
        lines.append(
            f"- The first dispatch starts at {format_ns(first)} on average, "
            f"{100 * first / _mean(rows, 'makespan_ns'):.0f}% into the run: the parameters it reads must arrive first."
        )
    return lines


def _signed_bytes(value: float) -> str:
    return ("+" if value >= 0 else "-") + format_bytes(abs(value))


def describe_study(df: pd.DataFrame) -> str:
    """Markdown: one paragraph per program of what the ok rows of ``df`` show (see the module docstring)."""
    rows = df[df["status"] == "ok"] if "status" in df.columns else df
    busy = _busy_columns(rows)
    lines: list[str] = []
    for program, group in rows.groupby("program", sort=False):
        if lines:
            lines.append("")
        lines += [f"**{program}**", "", *_program_lines(group, busy)]
    return "\n".join(lines)
