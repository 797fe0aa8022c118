"""matplotlib plots of traces: timelines, memory over time, utilisation, and runs side by side.

A timeline has one row per track that is not a pool (host, device queues, storage, links, in canonical
track order, top to bottom), spans drawn as bars coloured by category (:data:`CATEGORY_COLORS`). Optional
layers: flow arrows (``dependencies=True``) and the critical path (``critical=True``: its spans outlined
and the edges between them drawn in red). Times on the x axis are in ``time_unit`` (``"ns"``, ``"us"``,
``"ms"`` or ``"s"``). Each function draws on ``ax`` when given, else on a new figure, and returns the
axes; nothing here picks a backend, so scripts and tests choose (tests use Agg).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import matplotlib.pyplot as plt
from matplotlib.patches import Patch

from traces.errors import TraceError
from traces.records import CATEGORIES, Track, track_sort_key
from traces.trace import Trace

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: Bar colour of each span category.
CATEGORY_COLORS: dict[str, str] = {
    "dispatch": "#4C72B0",
    "transfer": "#DD8452",
    "io": "#55A868",
    "alloc": "#8172B3",
    "sync": "#C0C0C0",
    "host": "#937860",
    "collective": "#DA8BC3",
}
CRITICAL_COLOR = "#C44E52"
_UNITS = {"ns": 1, "us": 1_000, "ms": 1_000_000, "s": 1_000_000_000}


def _scale(time_unit: str) -> int:
    try:
        return _UNITS[time_unit]
    except KeyError:
        raise TraceError(f"time_unit must be one of {', '.join(_UNITS)}, got {time_unit!r}") from None


def timeline_tracks(trace: Trace) -> list[Track]:
    """The rows of a timeline, top to bottom: every track that is not a pool."""
    return [t for t in trace.tracks if t.kind != "pool"]


def _axes(ax: Axes | None, rows: int = 4) -> Axes:
    if ax is not None:
        return ax
    _, ax = plt.subplots(figsize=(12, 1.0 + 0.45 * max(rows, 1)))
    return ax


def plot_timeline(
    trace: Trace,
    *,
    ax: Axes | None = None,
    dependencies: bool = False,
    critical: bool = False,
    time_unit: str = "us",
    title: str | None = None,
    legend: bool = True,
) -> Axes:
    """Draw the timeline of ``trace``: one row per track, bars coloured by category.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from traces import Track
    >>> t = Trace()
    >>> a = t.add_span(Track.queue(0, 0), "mm", "dispatch", 0, 4000)
    >>> b = t.add_span(Track.queue(0, 1), "cp", "transfer", 5000, 2000)
    >>> _ = t.add_flow(a, b)
    >>> ax = plot_timeline(t, dependencies=True, critical=True)
    >>> [label.get_text() for label in ax.get_yticklabels()]
    ['device0/queue0', 'device0/queue1']
    """
    scale = _scale(time_unit)
    rows = timeline_tracks(trace)
    ax = _axes(ax, len(rows))
    row_of = {track: i for i, track in enumerate(rows)}
    bars: dict[tuple[int, str], list[tuple[float, float]]] = defaultdict(list)
    for span in trace.iter_spans():
        bars[(row_of[span.track], span.category)].append((span.start_ns / scale, span.dur_ns / scale))
    height = 0.8
    for (row, category), extents in sorted(bars.items()):
        ax.broken_barh(extents, (row - height / 2, height), facecolors=CATEGORY_COLORS[category], linewidth=0)
    if dependencies:
        for flow in trace.flows:
            src, dst = trace.span(flow.src_span), trace.span(flow.dst_span)
            _arrow(
                ax,
                src.end_ns / scale,
                row_of[src.track],
                dst.start_ns / scale,
                row_of[dst.track],
                "#555555",
                0.8,
            )
    if critical:
        from traces.analysis import critical_path

        path = critical_path(trace)
        for span in path.spans:
            ax.broken_barh(
                [(span.start_ns / scale, span.dur_ns / scale)],
                (row_of[span.track] - height / 2, height),
                facecolors="none",
                edgecolors=CRITICAL_COLOR,
                linewidth=2.0,
            )
        for src, dst in zip(path.spans, path.spans[1:]):
            _arrow(
                ax,
                src.end_ns / scale,
                row_of[src.track],
                dst.start_ns / scale,
                row_of[dst.track],
                CRITICAL_COLOR,
                1.6,
            )
    ax.set_yticks(range(len(rows)), [t.label for t in rows])
    ax.set_ylim(max(len(rows), 1) - 0.5, -0.5)
    if trace.spans:
        pad = max(trace.makespan_ns / scale * 0.01, 1e-9)
        ax.set_xlim(trace.start_ns / scale - pad, trace.end_ns / scale + pad)
    ax.set_xlabel(f"time ({time_unit})")
    ax.grid(axis="x", alpha=0.3)
    if title is None:
        title = trace.metadata.program or "trace"
    ax.set_title(title)
    if legend:
        present = {span.category for span in trace.iter_spans()}
        handles = [Patch(color=CATEGORY_COLORS[c], label=c) for c in CATEGORIES if c in present]
        if critical and trace.spans:
            handles.append(
                Patch(facecolor="none", edgecolor=CRITICAL_COLOR, linewidth=2, label="critical path")
            )
        if handles:
            ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")
    return ax


def _arrow(ax: Axes, x0: float, y0: float, x1: float, y1: float, color: str, width: float) -> None:
    ax.annotate(
        "",
        xy=(x1, y1),
        xytext=(x0, y0),
        arrowprops={"arrowstyle": "->", "color": color, "linewidth": width, "shrinkA": 0, "shrinkB": 0},
    )


def plot_memory(
    trace: Trace, *, ax: Axes | None = None, name: str = "memory_bytes", time_unit: str = "us"
) -> Axes:
    """Draw counter ``name`` over time, one step line per track that has it (each pool, by default).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from traces import Track
    >>> t = Trace()
    >>> for time_ns, value in [(0, 0), (1000, 4096), (3000, 1024)]:
    ...     _ = t.add_counter(Track.pool(0, 0), "memory_bytes", time_ns, value)
    >>> [line.get_label() for line in plot_memory(t).get_lines()]
    ['device0/pool0']
    """
    scale = _scale(time_unit)
    ax = _axes(ax)
    series: dict[Track, list[tuple[int, float]]] = defaultdict(list)
    for counter in trace.counters:
        if counter.name == name:
            series[counter.track].append((counter.time_ns, counter.value))
    end_ns = max([trace.end_ns] + [t for points in series.values() for t, _ in points])
    for track in sorted(series, key=track_sort_key):
        # A sample holds until the next one; stable sort keeps the last of equal times last.
        points = sorted(series[track], key=lambda p: p[0])
        points.append((end_ns, points[-1][1]))
        ax.step([t / scale for t, _ in points], [v for _, v in points], where="post", label=track.label)
    ax.set_xlabel(f"time ({time_unit})")
    ax.set_ylabel(name)
    ax.set_title(f"{trace.metadata.program or 'trace'}: {name}")
    ax.grid(alpha=0.3)
    if series:
        ax.legend(fontsize="small")
    return ax


def plot_utilisation(trace: Trace, *, ax: Axes | None = None) -> Axes:
    """Draw a horizontal bar of busy fraction per resource (:func:`traces.analysis.utilisation`).

    Busy is work only (no waits, envelopes or aggregates); the lanes of a queue and the channels of a
    storage device are one bar each, in track order.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from traces import Track
    >>> t = Trace()
    >>> _ = t.add_span(Track.queue(0, 0), "mm", "dispatch", 0, 10)
    >>> [float(p.get_width()) for p in plot_utilisation(t).patches]
    [1.0]
    """
    from traces.analysis import utilisation

    values = utilisation(trace)
    rows = list(values)
    ax = _axes(ax, len(rows))
    ax.barh(range(len(rows)), [values[t] for t in rows], color=CATEGORY_COLORS["dispatch"])
    ax.set_yticks(range(len(rows)), [t.label for t in rows])
    ax.set_ylim(max(len(rows), 1) - 0.5, -0.5)
    ax.set_xlim(0, 1)
    ax.set_xlabel("utilisation (busy / makespan)")
    ax.set_title(f"{trace.metadata.program or 'trace'}: utilisation")
    ax.grid(axis="x", alpha=0.3)
    return ax


def plot_side_by_side(
    traces: Mapping[str, Trace] | Sequence[Trace], *, time_unit: str = "us", **options: Any
) -> Figure:
    """Timelines of several runs stacked on one time axis (e.g. measured IREE and simulated).

    ``traces`` maps titles to traces, or is a sequence titled by each trace's program. ``options`` go to
    :func:`plot_timeline`. Each run is shifted to start at 0 so that makespans line up.
    """
    items = (
        list(traces.items())
        if isinstance(traces, Mapping)
        else [(t.metadata.program or f"trace {i}", t) for i, t in enumerate(traces)]
    )
    if not items:
        raise TraceError("plot_side_by_side: no traces to plot")
    rows = [max(len(timeline_tracks(t)), 1) for _, t in items]
    fig, axes = plt.subplots(
        len(items),
        1,
        figsize=(12, 1.2 * len(items) + 0.45 * sum(rows)),
        sharex=True,
        height_ratios=rows,
        squeeze=False,
    )
    for (title, trace), ax in zip(items, axes[:, 0]):
        plot_timeline(_shifted(trace), ax=ax, time_unit=time_unit, title=title, **options)
    # The shared axis hides the upper tick labels; its label belongs under the bottom timeline only.
    for ax in axes[:-1, 0]:
        ax.set_xlabel("")
    # Each timeline sets its own limits; the shared axis must show the longest run whole.
    longest = max(t.makespan_ns for _, t in items) / _scale(time_unit)
    if longest > 0:
        axes[0, 0].set_xlim(-0.01 * longest, 1.01 * longest)
    fig.tight_layout()
    return fig


def _shifted(trace: Trace) -> Trace:
    """A copy of ``trace`` whose first span starts at 0."""
    from traces.records import Counter, Instant, Span

    offset = trace.start_ns
    if offset == 0:
        return trace
    out = Trace(trace.metadata)
    for track in trace.tracks:
        out.add_track(track)
    out.extend(
        Span(s.id, s.track, s.name, s.category, s.start_ns - offset, s.dur_ns, s.args)
        for s in trace.iter_spans()
    )
    out.extend(trace.flows)
    out.extend(Counter(c.track, c.name, c.time_ns - offset, c.value) for c in trace.counters)
    out.extend(Instant(i.track, i.name, i.time_ns - offset, i.category, i.args) for i in trace.instants)
    return out
