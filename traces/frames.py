"""pandas views of a trace, and the HTML summary a notebook shows for a :class:`~traces.trace.Trace`.

- :func:`spans_dataframe`: one row per span, in the order the spans were added. Columns ``id``,
  ``process``, ``thread``, ``track`` (``process/thread``), ``kind``, ``name``, ``category`` (a pandas
  Categorical ordered as :data:`~traces.records.CATEGORIES`), ``start_ns``, ``dur_ns``, ``end_ns``
  (int64), ``op`` and ``loc`` (from the args, or None) and ``args`` (the dict itself).
- :func:`counters_dataframe`: one row per counter sample: ``process``, ``thread``, ``track``, ``kind``,
  ``name``, ``time_ns`` (int64) and ``value`` (float64).
"""

from __future__ import annotations

import html

import pandas as pd

from traces.records import CATEGORIES
from traces.trace import Trace

SPAN_COLUMNS = [
    "id",
    "process",
    "thread",
    "track",
    "kind",
    "name",
    "category",
    "start_ns",
    "dur_ns",
    "end_ns",
    "op",
    "loc",
    "args",
]
COUNTER_COLUMNS = ["process", "thread", "track", "kind", "name", "time_ns", "value"]


def spans_dataframe(trace: Trace) -> pd.DataFrame:
    """One row per span.

    Examples
    --------
    >>> from traces import Track
    >>> t = Trace()
    >>> _ = t.add_span(Track.queue(0, 0), "mm", "dispatch", 10, 5, {"op": "stream.cmd.dispatch"})
    >>> spans_dataframe(t)[["track", "name", "category", "start_ns", "end_ns", "op"]]
                track name  category  start_ns  end_ns                   op
    0  device0/queue0   mm  dispatch        10      15  stream.cmd.dispatch
    """
    spans = trace.spans
    frame = pd.DataFrame(
        {
            "id": pd.array([s.id for s in spans], dtype="int64"),
            "process": [s.track.process for s in spans],
            "thread": [s.track.thread for s in spans],
            "track": [s.track.label for s in spans],
            "kind": [s.track.kind for s in spans],
            "name": [s.name for s in spans],
            "category": pd.Categorical([s.category for s in spans], categories=list(CATEGORIES)),
            "start_ns": pd.array([s.start_ns for s in spans], dtype="int64"),
            "dur_ns": pd.array([s.dur_ns for s in spans], dtype="int64"),
            "end_ns": pd.array([s.end_ns for s in spans], dtype="int64"),
            "op": [s.args.get("op") for s in spans],
            "loc": [s.args.get("loc") for s in spans],
            "args": [s.args for s in spans],
        },
        columns=SPAN_COLUMNS,
    )
    return frame


def counters_dataframe(trace: Trace) -> pd.DataFrame:
    """One row per counter sample.

    Examples
    --------
    >>> from traces import Track
    >>> t = Trace()
    >>> _ = t.add_counter(Track.pool(0, 0), "memory_bytes", 5, 1024)
    >>> counters_dataframe(t)[["track", "name", "time_ns", "value"]]
               track          name  time_ns   value
    0  device0/pool0  memory_bytes        5  1024.0
    """
    counters = trace.counters
    return pd.DataFrame(
        {
            "process": [c.track.process for c in counters],
            "thread": [c.track.thread for c in counters],
            "track": [c.track.label for c in counters],
            "kind": [c.track.kind for c in counters],
            "name": [c.name for c in counters],
            "time_ns": pd.array([c.time_ns for c in counters], dtype="int64"),
            "value": pd.array([c.value for c in counters], dtype="float64"),
        },
        columns=COUNTER_COLUMNS,
    )


def summary_html(trace: Trace) -> str:
    """An HTML summary: headline figures, time by category and utilisation per resource."""
    from traces.analysis import summarize

    s = summarize(trace)
    esc = html.escape

    def table(title: str, rows: list[tuple[str, str]]) -> str:
        body = "".join(
            f"<tr><td>{esc(k)}</td><td style='text-align:right'>{esc(v)}</td></tr>" for k, v in rows
        )
        return (
            f"<table><thead><tr><th colspan='2'>{esc(title)}</th></tr></thead><tbody>{body}</tbody></table>"
        )

    head = [
        ("program", str(s["program"]) or "-"),
        ("machine", str(s["machine"]) or "-"),
        ("spans / flows / counters", f"{s['spans']} / {s['flows']} / {s['counters']}"),
        ("makespan", _format_ns(s["makespan_ns"])),  # type: ignore[arg-type]
        ("critical path", f"{_format_ns(s['critical_path_ns'])} ({s['critical_path_spans']} spans)"),  # type: ignore[arg-type]
    ]
    by_category = [(k, _format_ns(v)) for k, v in s["time_by_category_ns"].items()]  # type: ignore[attr-defined]
    by_track = [(k, f"{100 * v:.1f}%") for k, v in s["utilisation"].items()]  # type: ignore[attr-defined]
    memory = [(k, f"{v:,} B") for k, v in s["memory_high_water_bytes"].items()]  # type: ignore[attr-defined]
    parts = [table("Trace", head), table("Time by category", by_category), table("Utilisation", by_track)]
    if memory:
        parts.append(table("Memory high-water", memory))
    cells = "".join(f"<div style='margin-right:1.5em'>{p}</div>" for p in parts)
    return f"<div class='streamsim-trace' style='display:flex;flex-wrap:wrap;align-items:flex-start'>{cells}</div>"


def _format_ns(value: int) -> str:
    """Nanoseconds with a readable unit.

    Examples
    --------
    >>> _format_ns(950), _format_ns(12_500), _format_ns(3_250_000), _format_ns(2_000_000_000)
    ('950 ns', '12.500 us', '3.250 ms', '2.000 s')
    """
    for unit, scale in (("s", 1_000_000_000), ("ms", 1_000_000), ("us", 1_000)):
        if abs(value) >= scale:
            return f"{value / scale:.3f} {unit}"
    return f"{value} ns"
