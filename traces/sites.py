"""Dispatch sites: time per ``stream.cmd.dispatch`` op, so that two traces of one program line up op by op.

A dispatch span carries the location of the op it ran in ``args["loc"]`` (``path:line:col``): simulated
traces have it from the program, measured ones from ``streamsim profile``, which locates each measured
dispatch at its ``stream.cmd.dispatch`` in the stream IR. The same export dispatched from three places is
three sites. Sites are keyed by ``name @ file:line:col`` with the file's directory dropped, so the same
stream IR named by two paths (``tests/fixtures/x/cmd.mlir``, ``/abs/.../cmd.mlir``) still lines up.
"""

from __future__ import annotations

import os
from collections import defaultdict

from traces.analysis import DiffRow
from traces.trace import Trace


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
