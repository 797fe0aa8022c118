"""Dispatch sites and executables: time per ``stream.cmd.dispatch`` op, so that two traces of one program
line up op by op, and per export (:func:`executable_table`: count, total, mean, max, share).

A dispatch span carries the location of the op it ran in ``args["loc"]`` (``path:line:col``): simulated
traces have it from the program, measured ones from ``streamsim profile``, which locates each measured
dispatch at its ``stream.cmd.dispatch`` in the stream IR. The same export dispatched from three places is
three sites. Sites are keyed by ``name @ file:line:col`` with the file's directory dropped, so the same
stream IR named by two paths (``tests/fixtures/x/cmd.mlir``, ``/abs/.../cmd.mlir``) still lines up.
"""

from __future__ import annotations

import dataclasses
import os
from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from traces.trace import Trace
from traces.trace_diff import DiffRow

if TYPE_CHECKING:
    import pandas as pd


def site_key(name: str, loc: str) -> str:
    """``name @ file:line:col`` with the directory of ``file`` dropped.

    Examples
    --------
    >>> site_key("mm", "tests/fixtures/iree/mlp/cmd.mlir:306:9")
    'mm @ cmd.mlir:306:9'
    """
    path, sep, rest = loc.partition(":")
    return f"{name} @ {os.path.basename(path)}{sep}{rest}"


def time_by_site(trace: Trace) -> dict[str, int]:
    """Sum of dispatch span durations per site (dispatches without a location are left out)."""
    totals: dict[str, int] = defaultdict(int)
    for span in trace.iter_spans():
        loc = span.args.get("loc")
        if span.category == "dispatch" and isinstance(loc, str) and loc:
            totals[site_key(span.name, loc)] += span.dur_ns
    return dict(sorted(totals.items()))


def diff_sites(a: Trace, b: Trace) -> tuple[DiffRow, ...]:
    """Dispatch time per site in ``a`` and ``b``, sites of either, sorted by key.

    Examples
    --------
    >>> from traces.records import Track
    >>> a, b = Trace(), Trace()
    >>> _ = a.add_span(Track.queue(0, 0), "mm", "dispatch", 0, 100, {"loc": "/x/p.mlir:3:1"})
    >>> _ = b.add_span(Track.queue(0, 0), "mm", "dispatch", 0, 80, {"loc": "p.mlir:3:1"})
    >>> [(r.key, r.a_ns, r.b_ns) for r in diff_sites(a, b)]
    [('mm @ p.mlir:3:1', 100, 80)]
    """
    sa, sb = time_by_site(a), time_by_site(b)
    return tuple(DiffRow(k, sa.get(k, 0), sb.get(k, 0)) for k in sorted(set(sa) | set(sb)))


@dataclass(frozen=True, slots=True)
class ExecutableRow:
    """Dispatch time of one executable export over a trace."""

    name: str
    count: int
    total_ns: int
    mean_ns: float
    max_ns: int
    share: float  # of all dispatch time in the trace


def executable_table(trace: Trace) -> list[ExecutableRow]:
    """One row per dispatched export (span name): count, total, mean, max and share of dispatch time,
    largest total first.

    Examples
    --------
    >>> from traces.records import Track
    >>> t = Trace()
    >>> _ = t.add_span(Track.queue(0, 0), "mm", "dispatch", 0, 300)
    >>> _ = t.add_span(Track.queue(0, 0), "mm", "dispatch", 300, 100)
    >>> _ = t.add_span(Track.queue(0, 0), "red", "dispatch", 400, 100)
    >>> [(r.name, r.count, r.total_ns, r.mean_ns, r.max_ns, r.share) for r in executable_table(t)]
    [('mm', 2, 400, 200.0, 300, 0.8), ('red', 1, 100, 100.0, 100, 0.2)]
    """
    durations: dict[str, list[int]] = defaultdict(list)
    for span in trace.iter_spans():
        if span.category == "dispatch" and not span.args.get("aggregate"):
            durations[span.name].append(span.dur_ns)
    total = sum(sum(d) for d in durations.values())
    rows = [
        ExecutableRow(
            name, len(d), sum(d), sum(d) / len(d), max(d), round(sum(d) / total, 6) if total else 0.0
        )
        for name, d in durations.items()
    ]
    return sorted(rows, key=lambda r: (-r.total_ns, r.name))


def executables_dataframe(trace: Trace) -> pd.DataFrame:
    """:func:`executable_table` as a DataFrame (one row per export)."""
    import pandas as pd

    return pd.DataFrame([dataclasses.asdict(r) for r in executable_table(trace)])
