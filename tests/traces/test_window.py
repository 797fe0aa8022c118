"""Tests of call windows: cropping a simulated run to its call, and the call time of measured traces."""

from __future__ import annotations

import io
import json
import pathlib

import pytest

from traces import (
    Trace,
    TraceError,
    TraceMetadata,
    Track,
    call_only,
    call_time_ns,
    call_window,
    crop,
    diff_traces,
    read_iree_profile,
)

CALLS = Track.host("calls")
Q = Track.queue(0, 0)


def _simulated() -> Trace:
    t = Trace()
    load = t.add_span(Q, "read", "io", 0, 100)
    t.add_span(CALLS, "initializer", "host", 0, 120)
    t.add_counter(Track.pool(0, "host"), "memory_bytes", 10, 64)
    call = t.add_span(CALLS, "call @main", "host", 150, 60)
    mm = t.add_span(Q, "mm", "dispatch", 160, 30)
    red = t.add_span(Q, "red", "dispatch", 190, 10)
    t.add_flow(load, mm)
    t.add_flow(mm, red)
    del call
    return t


def test_call_window_is_the_call_span() -> None:
    assert call_window(_simulated()) == (150, 210)


def test_call_only_drops_the_initializer_and_keeps_counters_flows() -> None:
    t = call_only(_simulated())
    assert [(s.name, s.start_ns) for s in t.spans] == [("call @main", 0), ("mm", 10), ("red", 40)]
    assert [(f.src_span, f.dst_span) for f in t.flows] == [(3, 4)]
    assert [(c.time_ns, c.value) for c in t.counters] == [(0, 64)]
    assert t.makespan_ns == 60 and call_time_ns(t) == 60


def test_call_window_missing_is_an_error() -> None:
    t = Trace()
    t.add_span(Q, "mm", "dispatch", 0, 10)
    with pytest.raises(TraceError, match="has no call window"):
        call_window(t)


def test_measured_trace_is_its_own_window_and_times_by_benchmark() -> None:
    t = Trace(TraceMetadata(extra={"window": "call", "call_ns": {"min_ns": 500}}))
    t.add_span(Q, "mm", "dispatch", 20, 300)
    assert call_window(t) == (20, 320) and call_time_ns(t) == 500
    assert crop(t, *call_window(t)).spans[0].start_ns == 0


def test_ireeperf_dispatches_are_named_by_export_and_line_up_in_diffs() -> None:
    text = "\n".join(
        [
            '{"record_type":"schema","format":"ireeperf-jsonl"}',
            '{"record_type":"queue","physical_device_ordinal":0,"queue_ordinal":0}',
            '{"record_type":"host_execution_event","op":"dispatch","key":"mm","submission_id":1,'
            '"physical_device_ordinal":0,"queue_ordinal":0,"start_host_time_ns":1000,"duration_ns":40}',
            '{"record_type":"host_execution_event","op":"alloca","key":null,"submission_id":1,'
            '"physical_device_ordinal":0,"queue_ordinal":0,"start_host_time_ns":900,"duration_ns":5}',
        ]
    )
    measured = read_iree_profile(io.StringIO(text))
    assert sorted(s.name for s in measured.spans) == ["alloca", "mm"]
    assert measured.metadata.extra["source"] == "iree-profile export --format=ireeperf-jsonl"
    rows = {r.key: (r.a_ns, r.b_ns) for r in diff_traces(measured, call_only(_simulated())).by_op}
    assert rows["mm"] == (40, 30)


def test_trace_diff_cli_window_call_and_sites(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from simulator.cli import main
    from traces import write_chrome_json

    measured = Trace(TraceMetadata(extra={"window": "call", "call_ns": {"min_ns": 70}}))
    measured.add_span(Q, "mm", "dispatch", 5, 40, {"loc": "/abs/dir/p.mlir:9:7"})
    measured.add_span(Q, "mm", "dispatch", 45, 20, {"loc": "/abs/dir/p.mlir:12:7"})
    simulated = _simulated()
    simulated.add_span(Q, "mm", "dispatch", 200, 5, {"loc": "p.mlir:12:7"})
    write_chrome_json(measured, tmp_path / "m.json")
    write_chrome_json(simulated, tmp_path / "s.json")
    argv = ["trace", "diff", str(tmp_path / "m.json"), str(tmp_path / "s.json"), "--window", "call"]
    assert main([*argv, "--sites", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["call"] == {"a_ns": 70, "b_ns": 60}
    assert [(r["key"], r["a_ns"], r["b_ns"]) for r in out["by_site"]] == [
        ("mm @ p.mlir:12:7", 20, 5),
        ("mm @ p.mlir:9:7", 40, 0),
    ]
    assert main([*argv, "--sites"]) == 0
    text = capsys.readouterr().out
    assert "call time" in text and "by dispatch site:" in text and "mm @ p.mlir:9:7" in text


def test_trace_summary_executables_table(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    from simulator.cli import main
    from traces import executable_table, executables_dataframe, write_chrome_json

    t = call_only(_simulated())
    t.add_span(Q, "mm", "dispatch", 45, 50)
    rows = executable_table(t)
    assert [(r.name, r.count, r.total_ns, r.max_ns) for r in rows] == [("mm", 2, 80, 50), ("red", 1, 10, 10)]
    assert abs(sum(r.share for r in rows) - 1.0) < 1e-6
    frame = executables_dataframe(t)
    assert list(frame["name"]) == ["mm", "red"] and list(frame["count"]) == [2, 1]
    write_chrome_json(t, tmp_path / "t.json")
    assert main(["trace", "summary", str(tmp_path / "t.json"), "--executables", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [(r["name"], r["total_ns"]) for r in out["executables"]] == [("mm", 80), ("red", 10)]
    assert main(["trace", "summary", str(tmp_path / "t.json"), "--executables"]) == 0
    assert "executable" in capsys.readouterr().out
