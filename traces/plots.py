"""matplotlib plots of traces: timelines, memory over time, utilisation, and runs side by side.

A timeline has one row per resource that has spans (:mod:`traces.layout`: host threads, a device queue
with its wave lanes, a queue's parameter timelines, a storage device's request slots, links; in
canonical track order, top to bottom), each as deep as it is concurrent, with bars coloured by category
(:data:`CATEGORY_COLORS`) and named where the name fits; the figure is as tall as its rows. Optional
layers: flow arrows (``dependencies=True``) and the critical path (``critical=True``: a thin strip under
its spans). Times are in ``time_unit`` (``"auto"`` by the makespan, or ``"ns"``, ``"us"``, ``"ms"``,
``"s"``), sizes in B/KiB/MiB/GiB. Each function draws on ``ax`` when given, else on a new figure, and
returns the axes; nothing here picks a backend, so scripts and tests choose (tests use Agg).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import matplotlib.pyplot as plt
from matplotlib.collections import LineCollection
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import PercentFormatter

from traces.errors import TraceError
from traces.layout import ROW_GAP, TIME_UNITS, TimelineLayout, byte_unit, time_unit_for, timeline_layout
from traces.records import CATEGORIES, Span, Track, track_sort_key
from traces.trace import Trace

if TYPE_CHECKING:
    from matplotlib.axes import Axes

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


def _scale(time_unit: str) -> int:
    try:
        return TIME_UNITS[time_unit]
    except KeyError:
        raise TraceError(
            f"time_unit must be one of auto, {', '.join(TIME_UNITS)}, got {time_unit!r}"
        ) from None


def timeline_tracks(trace: Trace) -> list[Track]:
    """The rows of a timeline, top to bottom: each resource that has spans (:func:`traces.layout.row_of`)."""
    return [row.track for row in timeline_layout(trace).rows]


_LABEL_FONT_PT = 7.0  # font size of the names on bars; 6 pt where 7 does not fit
_CHAR_EM = 0.62  # width of an average label character, in ems
_MAX_LABELS = 300  # names drawn at most (on the widest spans): more would not be read anyway
_MIN_WIDTH = 0.001  # narrowest bar drawn, as a fraction of the time axis, so that tiny spans stay visible
_FLOW_ARROWS = 200  # flows drawn as arrows at most; more are drawn as one collection of plain lines
_FLOW_LINES = 400  # past this many flows, only the critical path's are drawn (as in the HTML report)
_SHORT_NAME = re.compile(r"dispatch_[0-9]+")


def _title(trace: Trace) -> str:
    program = trace.metadata.program or "trace"
    return f"{program} on {trace.metadata.machine}" if trace.metadata.machine else program


def _axes(ax: Axes | None, height: float = 4.0) -> Axes:
    """``ax``, or the axes of a new figure 12 inches wide and tall enough for ``height`` rows."""
    if ax is not None:
        return ax
    _, ax = plt.subplots(figsize=(12, max(2.5, 1.2 + 0.34 * height)))
    return ax


def _text_colour(colour: str) -> str:
    red, green, blue = to_rgb(colour)
    return "black" if 0.299 * red + 0.587 * green + 0.114 * blue > 0.6 else "white"


def _label_for(name: str, width_pt: float, height_pt: float) -> tuple[str, float] | None:
    """The name to write on a bar ``width_pt`` x ``height_pt`` and its font size, or None if none fits."""
    shorter = _SHORT_NAME.search(name)
    candidates = [name]
    if shorter:  # main_dispatch_3_reduction_16x16x64_f32: dispatch_3, then d3
        candidates += [shorter.group(0), "d" + shorter.group(0).removeprefix("dispatch_")]
    for size in (_LABEL_FONT_PT, _LABEL_FONT_PT - 1):
        if height_pt < size + 1:
            continue
        for text in candidates:
            if len(text) * size * _CHAR_EM + 4 <= width_pt:
                return text, size
    return None


def plot_timeline(
    trace: Trace,
    *,
    ax: Axes | None = None,
    dependencies: bool = False,
    critical: bool = False,
    time_unit: str = "auto",
    title: str | None = None,
    legend: bool = True,
    labels: bool = True,
    visible_ns: int | None = None,
) -> Axes:
    """Draw the timeline of ``trace``: one row per resource, bars coloured by category.

    Rows and their depth are :func:`traces.layout.timeline_layout`'s: a queue's wave lanes, a queue's
    parameter timelines and a storage device's request slots are each one row, as deep as they are
    concurrent (collapsed past 4). Bars are at least a thousandth of the axis wide and carry their
    span's name (or its ``dispatch_N`` part) where it fits (``labels``). The critical path
    (``critical``) is a thin red strip under its spans, joined by a dashed line where it changes row,
    so the categories stay visible. ``time_unit="auto"`` picks us/ms/... by the makespan. The title
    names the program and the machine. Drawing cost is a few collections per row, whatever the
    number of spans. ``visible_ns`` is how long a stretch the x axis will show, if the caller sets
    wider limits than the makespan afterwards (:func:`plot_side_by_side` does): names and minimum
    widths are fitted to it.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> t = Trace()
    >>> _ = t.add_span(Track.queue(0, 0), "matmul", "dispatch", 0, 50)
    >>> _ = t.add_span(Track.queue(0, 1), "copy", "transfer", 20, 30)
    >>> ax = plot_timeline(t)
    >>> [label.get_text() for label in ax.get_yticklabels()]
    ['device0/queue0', 'device0/queue1']
    >>> ax.get_xlabel(), [text.get_text() for text in ax.texts]
    ('time (ns)', ['matmul', 'copy'])
    """
    if time_unit == "auto":
        time_unit = time_unit_for(trace.makespan_ns)
    scale = _scale(time_unit)
    layout = timeline_layout(trace)
    ax = _axes(ax, layout.height)
    start_ns, makespan_ns = trace.start_ns, trace.makespan_ns
    shown_ns = max(visible_ns or 0, makespan_ns)
    min_width = shown_ns * _MIN_WIDTH / scale
    spans = list(trace.iter_spans())
    # Summaries (envelopes, aggregates) first, so that the work they summarise is drawn over them.
    bars: dict[tuple[bool, float, float, str], list[tuple[float, float]]] = defaultdict(list)
    for span in spans:
        top, height = layout.boxes[span.id]
        summary = not bool(span.args.get("envelope") or span.args.get("aggregate"))
        bars[(summary, top, height, span.category)].append(
            (span.start_ns / scale, max(span.dur_ns / scale, min_width))
        )
    pt_per_unit, pt_per_row = _points(ax, layout, shown_ns / scale)
    for (_, top, height, category), extents in sorted(bars.items()):
        # Back-to-back bars are told apart by a hairline gap, where bars are a few points wide on average.
        apart = sum(w for _, w in extents) * pt_per_unit >= 4 * len(extents)
        ax.broken_barh(
            extents,
            (top, height),
            facecolors=CATEGORY_COLORS[category],
            edgecolors="white",
            linewidth=0.5 if apart else 0,
        )
    if labels and spans and makespan_ns > 0:
        _name_bars(ax, layout, spans, scale, pt_per_unit / scale, pt_per_row)
    path: Sequence[Span] | None = None
    if critical and spans:
        from traces.analysis import critical_path

        path = critical_path(trace).spans
    if dependencies:
        _draw_flows(ax, trace, layout, scale, path)
    if path is not None:
        _draw_critical(ax, path, layout, scale, min_width)
    ax.set_yticks([row.top + row.height / 2 for row in layout.rows], [row.label for row in layout.rows])
    ax.set_ylim(max(layout.height, 1.0), 0.0)
    if spans:
        pad = 0.01 * makespan_ns / scale
        ax.set_xlim(start_ns / scale - pad, trace.end_ns / scale + pad)
    ax.set_xlabel(f"time ({time_unit})")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(_title(trace) if title is None else title)
    if legend:
        present = {span.category for span in spans}
        handles = [Patch(color=CATEGORY_COLORS[c], label=c) for c in CATEGORIES if c in present]
        if critical and spans:
            handles.append(Patch(color=CRITICAL_COLOR, label="critical path"))
        if handles:
            ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")
    return ax


def _points(ax: Axes, layout: TimelineLayout, span: float) -> tuple[float, float]:
    """Points per x unit (``span`` wide, plus the 2% padding) and per row unit of ``ax``'s drawing area."""
    figure = ax.get_figure(root=True)
    assert isinstance(figure, Figure)
    box = ax.get_position()
    width_pt = figure.get_figwidth() * 72 * box.width
    height_pt = figure.get_figheight() * 72 * box.height
    return width_pt / (span * 1.02 or 1.0), height_pt / max(layout.height, 1.0)


def _name_bars(
    ax: Axes, layout: TimelineLayout, spans: list[Span], scale: int, pt_per_ns: float, pt_per_row: float
) -> None:
    """Write span names on the widest bars they fit on (not on collapsed rows, whose bars overlap)."""
    collapsed = {i for i, row in enumerate(layout.rows) if row.collapsed}
    wide = [s for s in spans if s.dur_ns * pt_per_ns >= 12 and layout.row_index[s.id] not in collapsed]
    wide.sort(key=lambda s: (-s.dur_ns, s.id))
    drawn = 0
    for span in wide:
        top, height = layout.boxes[span.id]
        fit = _label_for(span.name, span.dur_ns * pt_per_ns, height * pt_per_row)
        if fit is None:
            continue
        text, size = fit
        ax.text(
            (span.start_ns + span.dur_ns / 2) / scale,
            top + height / 2,
            text,
            ha="center",
            va="center",
            fontsize=size,
            color=_text_colour(CATEGORY_COLORS[span.category]),
            clip_on=True,
        )
        drawn += 1
        if drawn == _MAX_LABELS:
            break


def _draw_flows(
    ax: Axes, trace: Trace, layout: TimelineLayout, scale: int, path: Sequence[Span] | None
) -> None:
    """Flow arrows from source end to destination start; past :data:`_FLOW_ARROWS`, plain thin lines.

    Past :data:`_FLOW_LINES` flows only those between consecutive critical-path spans are drawn (as the
    HTML report does), with a note saying how many were left out: thousands of lines paint the gaps
    between rows grey and hide the rows they cross."""
    flows = trace.flows
    if len(flows) > _FLOW_LINES:
        if path is None:
            from traces.analysis import critical_path

            path = critical_path(trace).spans
        steps = {(a.id, b.id) for a, b in zip(path, path[1:])}
        total, flows = len(flows), [f for f in flows if (f.src_span, f.dst_span) in steps]
        ax.annotate(
            f"{len(flows)} of {total:,} flows drawn (the critical path's)",
            xy=(1.0, 0.0), xycoords="axes fraction", xytext=(0, -22), textcoords="offset points",
            ha="right", va="top", fontsize=7, color="#555555",
        )  # fmt: skip
    segments = [
        (
            (trace.span(f.src_span).end_ns / scale, layout.centre(f.src_span)),
            (trace.span(f.dst_span).start_ns / scale, layout.centre(f.dst_span)),
        )
        for f in flows
    ]
    if len(segments) <= _FLOW_ARROWS:
        for (x0, y0), (x1, y1) in segments:
            _arrow(ax, x0, y0, x1, y1, "#555555", 0.8)
    elif segments:
        # Under the bars (zorder 0.5): the many flows of a large trace must not hide what they join.
        ax.add_collection(LineCollection(segments, colors="#555555", linewidths=0.3, alpha=0.3, zorder=0.5))


def _draw_critical(ax: Axes, path: Sequence[Span], layout: TimelineLayout, scale: int, min_width: float) -> None:
    """The critical path: a red strip in the gap under each of its spans' rows, dashed where it moves row."""
    strips: dict[int, list[tuple[float, float]]] = defaultdict(list)
    for span in path:
        strips[layout.row_index[span.id]].append((span.start_ns / scale, max(span.dur_ns / scale, min_width)))
    for index, extents in sorted(strips.items()):
        row = layout.rows[index]
        ax.broken_barh(
            extents, (row.top + row.height - ROW_GAP, ROW_GAP * 0.8), facecolors=CRITICAL_COLOR, linewidth=0
        )
    xs: list[float] = []
    ys: list[float] = []
    for src, dst in zip(path, path[1:]):
        a, b = layout.row_index[src.id], layout.row_index[dst.id]
        if a != b:
            ra, rb = layout.rows[a], layout.rows[b]
            xs += [src.end_ns / scale, dst.start_ns / scale, float("nan")]
            ys += [ra.top + ra.height - ROW_GAP / 2, rb.top + rb.height - ROW_GAP / 2, float("nan")]
    if xs:
        ax.plot(xs, ys, color=CRITICAL_COLOR, linewidth=0.8, linestyle="--")


def _arrow(ax: Axes, x0: float, y0: float, x1: float, y1: float, color: str, width: float) -> None:
    ax.annotate(
        "",
        xy=(x1, y1),
        xytext=(x0, y0),
        arrowprops={"arrowstyle": "->", "color": color, "linewidth": width, "shrinkA": 0, "shrinkB": 0},
    )


def plot_memory(
    trace: Trace, *, ax: Axes | None = None, name: str = "memory_bytes", time_unit: str = "auto"
) -> Axes:
    """Draw counter ``name`` over time, one step line per track that has it (each pool, by default).

    A counter named ``*_bytes`` is drawn in the binary unit of its largest value (B, KiB, MiB, GiB).

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from traces import Track
    >>> t = Trace()
    >>> for time_ns, value in [(0, 0), (1000, 4096), (3000, 1024)]:
    ...     _ = t.add_counter(Track.pool(0, 0), "memory_bytes", time_ns, value)
    >>> ax = plot_memory(t)
    >>> [line.get_label() for line in ax.get_lines()], ax.get_ylabel(), ax.get_xlabel()
    (['device0/pool0'], 'memory (KiB)', 'time (us)')
    """
    series: dict[Track, list[tuple[int, float]]] = defaultdict(list)
    for counter in trace.counters:
        if counter.name == name:
            series[counter.track].append((counter.time_ns, counter.value))
    times = [t for points in series.values() for t, _ in points]
    end_ns = max([trace.end_ns, *times])
    if time_unit == "auto":
        time_unit = time_unit_for(end_ns - min([trace.start_ns, *times]))
    scale = _scale(time_unit)
    ax = _axes(ax)
    if name.endswith("_bytes"):
        unit, size = byte_unit(max([abs(v) for points in series.values() for _, v in points], default=0))
        ylabel = f"{name.removesuffix('_bytes')} ({unit})"
    else:
        size, ylabel = 1, name
    for track in sorted(series, key=track_sort_key):
        # A sample holds until the next one; stable sort keeps the last of equal times last.
        points = sorted(series[track], key=lambda p: p[0])
        points.append((end_ns, points[-1][1]))
        ax.step(
            [t / scale for t, _ in points], [v / size for _, v in points], where="post", label=track.label
        )
    ax.set_xlabel(f"time ({time_unit})")
    ax.set_ylabel(ylabel)
    ax.set_title(f"{_title(trace)}: {name}")
    ax.grid(alpha=0.3)
    if series:
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return ax


def plot_utilisation(trace: Trace, *, ax: Axes | None = None) -> Axes:
    """Draw a horizontal bar of busy fraction per resource (:func:`traces.analysis.utilisation`).

    Busy is work only (no waits, envelopes or aggregates); the lanes of a queue and the channels of a
    storage device are one bar each, in track order; each bar is labelled with its percentage.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from traces import Track
    >>> t = Trace()
    >>> _ = t.add_span(Track.queue(0, 0), "mm", "dispatch", 0, 10)
    >>> ax = plot_utilisation(t)
    >>> [float(p.get_width()) for p in ax.patches], [text.get_text() for text in ax.texts]
    ([1.0], ['100%'])
    """
    from traces.analysis import utilisation

    values = utilisation(trace)
    rows = list(values)
    ax = _axes(ax, len(rows))
    ax.barh(range(len(rows)), [values[t] for t in rows], color=CATEGORY_COLORS["dispatch"])
    for i, track in enumerate(rows):
        ax.text(min(values[track], 0.9) + 0.01, i, f"{values[track]:.0%}", va="center", fontsize="small")
    ax.set_yticks(range(len(rows)), [t.label for t in rows])
    ax.set_ylim(max(len(rows), 1) - 0.5, -0.5)
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_xlabel("utilisation (busy / makespan)")
    ax.set_title(f"{_title(trace)}: utilisation")
    ax.grid(axis="x", alpha=0.3)
    return ax


def plot_side_by_side(
    traces: Mapping[str, Trace] | Sequence[Trace], *, time_unit: str = "auto", **options: Any
) -> Figure:
    """Timelines of several runs stacked on one time axis (e.g. measured IREE and simulated).

    ``traces`` maps titles to traces, or is a sequence titled by each trace's program. ``options`` go to
    :func:`plot_timeline`. Each run is shifted to start at 0 so that makespans line up; each timeline is
    as tall as its rows.
    """
    items = (
        list(traces.items())
        if isinstance(traces, Mapping)
        else [(t.metadata.program or f"trace {i}", t) for i, t in enumerate(traces)]
    )
    if not items:
        raise TraceError("plot_side_by_side: no traces to plot")
    longest_ns = max(t.makespan_ns for _, t in items)
    if time_unit == "auto":
        time_unit = time_unit_for(longest_ns)
    heights = [max(timeline_layout(t).height, 1.0) for _, t in items]
    fig, axes = plt.subplots(
        len(items),
        1,
        figsize=(12, 1.2 * len(items) + 0.34 * sum(heights)),
        sharex=True,
        height_ratios=heights,
        squeeze=False,
    )
    for (title, trace), ax in zip(items, axes[:, 0]):
        plot_timeline(
            _shifted(trace), ax=ax, time_unit=time_unit, title=title, visible_ns=longest_ns, **options
        )
    # The shared axis hides the upper tick labels; its label belongs under the bottom timeline only.
    for ax in axes[:-1, 0]:
        ax.set_xlabel("")
    # Each timeline sets its own limits; the shared axis must show the longest run whole.
    longest = longest_ns / _scale(time_unit)
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
