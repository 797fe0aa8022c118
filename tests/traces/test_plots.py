"""Tests of the matplotlib plots, rendered to PNG under the Agg backend."""

from __future__ import annotations

import io
import pathlib

import matplotlib
import pytest

from traces import Trace, TraceError
from traces.iree import read_iree_profile
from traces.plots import (
    CATEGORY_COLORS,
    CRITICAL_COLOR,
    plot_memory,
    plot_side_by_side,
    plot_timeline,
    plot_utilisation,
)

matplotlib.use("Agg")

SAMPLE_ROWS = ["host/main", "device0/queue0", "device0/queue1", "storage/io0"]
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
    expected = (3 if options.get("dependencies") else 0) + (2 if options.get("critical") else 0)
    assert len(arrows) == expected


def test_plots_timeline_colours_by_category(sample_trace: Trace) -> None:
    ax = plot_timeline(sample_trace, legend=True)
    labels = [text.get_text() for text in ax.get_legend().get_texts()]
    assert labels == ["dispatch", "transfer", "io", "sync"]
    colours = {tuple(round(c, 3) for c in coll.get_facecolor()[0]) for coll in ax.collections}
    expected = {tuple(round(c, 3) for c in matplotlib.colors.to_rgba(CATEGORY_COLORS[k])) for k in labels}
    assert colours == expected


def test_plots_timeline_critical_path_outlined(sample_trace: Trace) -> None:
    ax = plot_timeline(sample_trace, critical=True)
    red = matplotlib.colors.to_rgba(CRITICAL_COLOR)
    outlined = [c for c in ax.collections if len(c.get_edgecolor()) and tuple(c.get_edgecolor()[0]) == red]
    assert len(outlined) == 3  # read, mm, copy


def test_plots_memory_and_utilisation_render(sample_trace: Trace) -> None:
    ax = plot_memory(sample_trace)
    [line] = ax.get_lines()
    assert line.get_label() == "device0/pool0"
    assert list(line.get_ydata()) == [0, 4096, 4160, 64, 64]
    assert _png(ax.figure).startswith(PNG)
    ax = plot_utilisation(sample_trace)
    # One bar per resource (the storage device, not its request slot), busy as work: the host only awaits.
    assert [label.get_text() for label in ax.get_yticklabels()] == [*SAMPLE_ROWS[:3], "storage/io"]
    assert [round(float(p.get_width()), 3) for p in ax.patches] == [0.0, 0.4, 0.15, 0.5]
    assert _png(ax.figure).startswith(PNG)


def test_plots_side_by_side_measured_and_simulated(sample_trace: Trace) -> None:
    measured = read_iree_profile(pathlib.Path(__file__).parents[1] / "fixtures/iree/mlp/profile.jsonl")
    figure = plot_side_by_side({"iree": measured, "simulated": sample_trace}, dependencies=True)
    first, second = figure.axes[0], figure.axes[1]
    assert [t.get_text() for t in first.get_yticklabels()] == [
        "host/submit.device0.queue0",
        "device0/queue0",
        "device0/queue0.execute",
    ]
    assert [t.get_text() for t in second.get_yticklabels()] == SAMPLE_ROWS
    assert first.get_title() == "iree" and second.get_title() == "simulated"
    assert first.get_xlim()[1] >= measured.makespan_ns / 1000 and second.get_xlim() == first.get_xlim()
    assert _png(figure).startswith(PNG)


def test_plots_reject_bad_time_unit(sample_trace: Trace) -> None:
    with pytest.raises(TraceError, match="time_unit must be one of ns, us, ms, s, got 'h'"):
        plot_timeline(sample_trace, time_unit="h")


def test_plots_empty_trace_renders() -> None:
    assert _png(Trace().plot().figure).startswith(PNG)
