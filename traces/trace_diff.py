"""Two traces side by side: makespan, time by category and span time by name, before and after
(``streamsim trace diff``). The figures are :mod:`traces.analysis`'s (:func:`~traces.analysis.time_by_category`,
:func:`~traces.analysis.time_by_name`)."""

from __future__ import annotations

from dataclasses import dataclass

from traces.analysis import time_by_category, time_by_name
from traces.records import CATEGORIES
from traces.trace import Trace

__all__ = ["DiffRow", "TraceDiff", "diff_traces"]


@dataclass(frozen=True, slots=True)
class DiffRow:
    """One figure of two traces: ``a_ns`` (before) and ``b_ns`` (after)."""

    key: str
    a_ns: int
    b_ns: int

    @property
    def delta_ns(self) -> int:
        return self.b_ns - self.a_ns

    @property
    def ratio(self) -> float | None:
        """``b_ns / a_ns``, or None when ``a_ns`` is 0."""
        return self.b_ns / self.a_ns if self.a_ns else None


@dataclass(frozen=True, slots=True)
class TraceDiff:
    """What changed from trace ``a`` to trace ``b``."""

    makespan: DiffRow
    by_category: tuple[DiffRow, ...]
    by_op: tuple[DiffRow, ...]

    def format(self, *, top: int | None = None) -> str:
        """A plain-text table; ``top`` keeps the ops with the largest absolute change."""
        ops = sorted(self.by_op, key=lambda r: (-abs(r.delta_ns), r.key))
        if top is not None:
            ops = ops[:top]
        width = max([len(r.key) for r in (self.makespan, *self.by_category, *ops)] + [8])
        lines = [f"{'':{width}}  {'a_ns':>14}  {'b_ns':>14}  {'delta_ns':>14}  {'ratio':>7}"]

        def row(r: DiffRow) -> str:
            ratio = f"{r.ratio:7.3f}" if r.ratio is not None else f"{'-':>7}"
            return f"{r.key:{width}}  {r.a_ns:>14}  {r.b_ns:>14}  {r.delta_ns:>+14}  {ratio}"

        lines.append(row(self.makespan))
        lines.append("by category:")
        lines.extend(row(r) for r in self.by_category)
        lines.append("by op:")
        lines.extend(row(r) for r in ops)
        return "\n".join(lines)


def diff_traces(a: Trace, b: Trace) -> TraceDiff:
    """Compare makespan, span time by category (categories present in either) and span time by name.

    Examples
    --------
    >>> from traces import Track
    >>> a, b = Trace(), Trace()
    >>> _ = a.add_span(Track.queue(0, 0), "mm", "dispatch", 0, 100)
    >>> _ = b.add_span(Track.queue(0, 0), "mm", "dispatch", 0, 80)
    >>> _ = b.add_span(Track.queue(0, 0), "cp", "transfer", 80, 30)
    >>> d = diff_traces(a, b)
    >>> d.makespan.delta_ns, [(r.key, r.delta_ns) for r in d.by_op]
    (10, [('cp', 30), ('mm', -20)])
    """
    cat_a, cat_b = time_by_category(a), time_by_category(b)
    name_a, name_b = time_by_name(a), time_by_name(b)
    return TraceDiff(
        makespan=DiffRow("makespan", a.makespan_ns, b.makespan_ns),
        by_category=tuple(DiffRow(c, cat_a[c], cat_b[c]) for c in CATEGORIES if cat_a[c] or cat_b[c]),
        by_op=tuple(
            DiffRow(n, name_a.get(n, 0), name_b.get(n, 0)) for n in sorted(set(name_a) | set(name_b))
        ),
    )
