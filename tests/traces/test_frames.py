"""Tests of the pandas views and the notebook summary."""

from __future__ import annotations

from traces import Trace
from traces.frames import COUNTER_COLUMNS, SPAN_COLUMNS


def test_frames_spans_columns_and_values(sample_trace: Trace) -> None:
    frame = sample_trace.to_dataframe()
    assert list(frame.columns) == SPAN_COLUMNS
    assert len(frame) == 5
    assert str(frame["start_ns"].dtype) == "int64" and str(frame["dur_ns"].dtype) == "int64"
    mm = frame[frame["name"] == "mm"].iloc[0]
    assert (mm["track"], mm["category"], mm["start_ns"], mm["end_ns"]) == (
        "device0/queue0",
        "dispatch",
        100,
        160,
    )
    assert (mm["op"], mm["loc"], mm["args"]["flops"]) == ("stream.cmd.dispatch", "m.mlir:9:7", 1.5e6)
    assert frame.groupby("category", observed=True)["dur_ns"].sum().to_dict() == {
        "dispatch": 60,
        "transfer": 50,
        "io": 100,
        "sync": 200,
    }


def test_frames_counters_columns_and_values(sample_trace: Trace) -> None:
    frame = sample_trace.counters_dataframe()
    assert list(frame.columns) == COUNTER_COLUMNS
    memory = frame[frame["name"] == "memory_bytes"]
    assert memory["time_ns"].tolist() == [0, 0, 100, 200]
    assert memory["value"].max() == 4160.0
    assert set(frame["track"]) == {"device0/pool0", "device0/queue0"}


def test_frames_empty_trace_has_columns() -> None:
    assert list(Trace().to_dataframe().columns) == SPAN_COLUMNS
    assert Trace().counters_dataframe().empty


def test_frames_repr_html_shows_summary(sample_trace: Trace) -> None:
    text = sample_trace._repr_html_()
    assert "<table>" in text and "sample" in text
    assert "200 ns" in text and "device0/queue0" in text and "40.0%" in text and "4,160 B" in text
