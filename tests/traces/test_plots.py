"""Tests of the matplotlib plots, rendered to PNG under the Agg backend."""

from __future__ import annotations

import io
import pathlib

import matplotlib
import pytest

from traces import Trace, TraceError, TraceMetadata, Track
from traces.iree import read_iree_profile
from traces.layout import timeline_layout
from traces.plots import (
    CATEGORY_COLORS,
    CRITICAL_COLOR,
    plot_memory,
    plot_side_by_side,
    plot_timeline,
    plot_utilisation,
)

matplotlib.use("Agg")

SAMPLE_ROWS = ["host/main", "device0/queue0", "device0/queue1", "storage/io"]
PNG = b"\x89PNG\r\n\x1a\n"


def _png(figure) -> bytes:
    buf = io.BytesIO()
    figure.savefig(buf, format="png")
    return buf.getvalue()


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"dependencies": True},
        {"critical": True},
        {"dependencies": True, "critical": True, "time_unit": "ns"},
    ],
    ids=["plain", "dependencies", "critical", "both-ns"],
)
def test_plots_timeline_renders_png_with_track_rows(sample_trace: Trace, options: dict) -> None:
    ax = sample_trace.plot(**options)
    assert [label.get_text() for label in ax.get_yticklabels()] == SAMPLE_ROWS
    assert _png(ax.figure).startswith(PNG)
    arrows = [child for child in ax.texts if getattr(child, "arrow_patch", None) is not None]
    assert len(arrows) == (3 if options.get("dependencies") else 0)
    assert ax.get_title() == "sample on test-machine"
    assert ax.get_xlabel() == f"time ({options.get('time_unit', 'ns')})"  # auto: a 200 ns makespan


def test_plots_timeline_colours_by_category(sample_trace: Trace) -> None:
    ax = plot_timeline(sample_trace, legend=True)
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert labels == ["dispatch", "transfer", "io", "sync"]
    colours = {tuple(round(c, 3) for c in coll.get_facecolor()[0]) for coll in ax.collections}
    expected = {tuple(round(c, 3) for c in matplotlib.colors.to_rgba(CATEGORY_COLORS[k])) for k in labels}
    assert colours == expected


def test_plots_timeline_critical_path_is_a_strip_under_its_spans(sample_trace: Trace) -> None:
    ax = plot_timeline(sample_trace, critical=True)
    red = matplotlib.colors.to_rgba(CRITICAL_COLOR)
    strips = [c for c in ax.collections if tuple(c.get_facecolor()[0]) == red]
    # read on storage, mm on queue0, copy on queue1: one strip per row, under (not over) the bars.
    extents = sorted(
        (round(float(p.vertices[:, 0].min())), round(float(p.vertices[:, 0].max())))
        for c in strips
        for p in c.get_paths()
    )
    assert extents == [(0, 100), (100, 160), (170, 200)]
    bars = {
        (round(float(v[:, 0].min())), round(float(v[:, 0].max()))): (
            float(v[:, 1].min()),
            float(v[:, 1].max()),
        )
        for c in ax.collections
        if tuple(c.get_facecolor()[0]) != red
        for v in (p.vertices for p in c.get_paths())
    }
    for c in strips:
        for path in c.get_paths():
            x0, x1 = path.vertices[:, 0].min(), path.vertices[:, 0].max()
            bar_top, bar_bottom = bars[(round(float(x0)), round(float(x1)))]
            assert path.vertices[:, 1].min() >= bar_bottom - 1e-9  # below the bar: its colour stays visible
    # The path changes row twice (storage -> queue0 -> queue1): one dashed line with two segments.
    [line] = ax.get_lines()
    assert line.get_linestyle() == "--" and len(line.get_xdata()) == 6


def test_plots_timeline_names_bars_where_they_fit(sample_trace: Trace) -> None:
    ax = plot_timeline(sample_trace)
    assert sorted(t.get_text() for t in ax.texts) == ["await", "copy", "fill", "mm", "read"]
    narrow = plot_timeline(sample_trace, ax=matplotlib.pyplot.subplots(figsize=(0.6, 2))[1])
    assert [t.get_text() for t in narrow.texts] == ["await"]  # only the widest span has room
    assert len(plot_timeline(sample_trace, labels=False).texts) == 0


def test_plots_timeline_merges_lanes_into_rows_with_depth() -> None:
    t = Trace(TraceMetadata(machine="m", program="p"))
    for k in range(3):  # three parameter timelines, two of them concurrent
        t.add_span(Track.queue("gpu0", f"queue0.params{k}"), f"load{k}", "transfer", 100 * (k // 2), 50)
    for k in range(6):  # six storage slots at once: collapsed
        t.add_span(Track.storage(f"io{k}", "nvme0"), "read", "io", 0, 40)
    t.add_span(Track.queue("gpu0", "queue0"), "dispatch_1", "dispatch", 60, 1)  # 1 ns of 150
    t.add_span(Track.queue("gpu0", "queue0.1"), "dispatch_2", "dispatch", 60, 30)
    t.add_track(Track.queue("gpu0", "queue1"))  # no spans: no row
    layout = timeline_layout(t)
    assert [(r.label, r.depth, r.collapsed) for r in layout.rows] == [
        ("gpu0/queue0", 2, False),
        ("gpu0/queue0.params", 2, False),
        ("nvme0/io (6 deep)", 6, True),
    ]
    ax = plot_timeline(t)
    assert [label.get_text() for label in ax.get_yticklabels()] == [r.label for r in layout.rows]
    widths = sorted(float(w) for c in ax.collections for w in _widths(c))
    assert widths[0] >= 0.001 * 150  # the 1 ns dispatch is drawn at the minimum width
    # Taller rows for depth: the figure grows with the rows.
    assert ax.figure.get_figheight() == pytest.approx(max(2.5, 1.2 + 0.34 * layout.height))


def _widths(collection: matplotlib.collections.Collection) -> list[float]:
    return [p.vertices[:, 0].max() - p.vertices[:, 0].min() for p in collection.get_paths()]


def test_plots_timeline_fast_path_draws_few_artists() -> None:
    t = Trace(TraceMetadata(machine="m", program="p"))
    previous = None
    for i in range(3000):
        span = t.add_span(Track.queue(0, i % 2), f"dispatch_{i}", "dispatch", i * 10, 10)
        if previous is not None:
            t.add_flow(previous, span)
        previous = span
    ax = plot_timeline(t, dependencies=True, critical=True)
    # A handful of collections (not one per span), flows as one line collection, names bounded.
    assert len(ax.collections) <= 6 and len(ax.texts) <= 300
    assert sum(len(c.get_paths()) for c in ax.collections if len(c.get_paths()) == 2999) == 2999


def test_plots_memory_and_utilisation_render(sample_trace: Trace) -> None:
    ax = plot_memory(sample_trace)
    [line] = ax.get_lines()
    assert line.get_label() == "device0/pool0"
    assert list(line.get_ydata()) == [0, 4, 4160 / 1024, 64 / 1024, 64 / 1024]
    assert ax.get_ylabel() == "memory (KiB)" and ax.get_xlabel() == "time (ns)"
    assert _png(ax.figure).startswith(PNG)
    ax = plot_utilisation(sample_trace)
    # One bar per resource (the storage device, not its request slot), busy as work: the host only awaits.
    assert [label.get_text() for label in ax.get_yticklabels()] == [*SAMPLE_ROWS[:3], "storage/io"]
    assert [round(float(p.get_width()), 3) for p in ax.patches] == [0.0, 0.4, 0.15, 0.5]
    assert [t.get_text() for t in ax.texts] == ["0%", "40%", "15%", "50%"]
    assert _png(ax.figure).startswith(PNG)


def test_plots_side_by_side_measured_and_simulated(sample_trace: Trace) -> None:
    measured = read_iree_profile(pathlib.Path(__file__).parents[1] / "fixtures/iree/mlp/profile.jsonl")
    figure = plot_side_by_side({"iree": measured, "simulated": sample_trace}, dependencies=True)
    first, second = figure.axes[0], figure.axes[1]
    assert [t.get_text() for t in first.get_yticklabels()] == [
        "host/submit.device0.queue0",
        "device0/queue0",  # its execute lane is a level of the queue's row
    ]
    assert [t.get_text() for t in second.get_yticklabels()] == SAMPLE_ROWS
    assert first.get_title() == "iree" and second.get_title() == "simulated"
    assert first.get_xlabel() == "" and second.get_xlabel() == "time (us)"
    assert first.get_xlim()[1] >= measured.makespan_ns / 1000 and second.get_xlim() == first.get_xlim()
    assert _png(figure).startswith(PNG)
    # Every name drawn fits inside its bar on the shared axis (the shorter run's too), as rendered.
    renderer = figure.canvas.get_renderer()
    checked = 0
    for ax, trace in ((first, measured), (second, sample_trace)):
        names = [t for t in ax.texts if getattr(t, "arrow_patch", None) is None]
        for text in names:
            x = text.get_position()[0] * 1000 + trace.start_ns
            [span] = [s for s in trace.iter_spans() if abs(s.start_ns + s.dur_ns / 2 - x) < 1e-6 * max(x, 1)]
            x0, x1 = (
                ax.transData.transform((t / 1000, 0))[0]
                for t in (span.start_ns - trace.start_ns, span.end_ns - trace.start_ns)
            )
            assert text.get_window_extent(renderer).width <= x1 - x0, (text.get_text(), span.name)
        checked += len(names)
    assert checked >= 3


def test_plots_reject_bad_time_unit(sample_trace: Trace) -> None:
    with pytest.raises(TraceError, match="time_unit must be one of auto, ns, us, ms, s, got 'h'"):
        plot_timeline(sample_trace, time_unit="h")


def test_plots_empty_trace_renders() -> None:
    assert _png(Trace().plot().figure).startswith(PNG)


def test_plots_collapsed_row_has_one_band_per_category() -> None:
    # Eight parameter timelines at once, each a long read and a short alloca: collapsed, the reads and the
    # allocas get a band each, so the many short allocas cannot paint over the reads.
    t = Trace(TraceMetadata(machine="m", program="p"))
    for k in range(8):
        lane = Track.queue("gpu0", f"queue0.params{k}")
        t.add_span(lane, "alloca", "alloc", 0, 1)
        t.add_span(lane, "parameter read", "transfer", 1, 100, {"aggregate": True})
    layout = timeline_layout(t)
    [row] = layout.rows
    assert (row.label, row.collapsed) == ("gpu0/queue0.params (8 deep)", True)
    boxes = {(s.category, layout.boxes[s.id]) for s in t.iter_spans()}
    assert len(boxes) == 2  # all reads share one band, all allocas another
    (_, read), (_, alloc) = sorted(boxes, key=lambda b: b[0] != "transfer")
    assert read[0] + read[1] <= alloc[0] + 1e-9  # transfer (first in CATEGORIES) above alloc


def test_plots_timeline_draws_only_the_critical_paths_flows_past_400() -> None:
    # A chain of 10 long dispatches (the critical path) and 500 short side spans, each fed by a flow from
    # the chain's first span: 509 flows, of which the 9 chain steps are drawn.
    t = Trace(TraceMetadata(machine="m", program="p"))
    chain = [t.add_span(Track.queue(0, 0), f"d{i}", "dispatch", i * 1000, 1000) for i in range(10)]
    for a, b in zip(chain, chain[1:]):
        t.add_flow(a, b)
    for i in range(500):
        side = t.add_span(Track.queue(0, 1), f"s{i}", "dispatch", 1000 + i, 1)
        t.add_flow(chain[0], side)
    ax = plot_timeline(t, dependencies=True, critical=True)
    notes = [x.get_text() for x in ax.texts if "flows drawn" in x.get_text()]
    assert notes == ["9 of 509 flows drawn (the critical path's)"]
    # The 9 segments are drawn as arrows (fewer than the arrow limit); the note has no arrow.
    arrows = [x for x in ax.texts if getattr(x, "arrow_patch", None) is not None]
    assert len(arrows) == 9
