"""Tests of splitting a HAL profile into calls, timing dispatches over them and naming their sites."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from simulator.errors import ProfileError
from simulator.profile import (
    CallTiming,
    attach_sites,
    dispatch_timings,
    measured_trace,
    parse_benchmark_json,
    split_calls,
    target_flags,
)
from traces import call_time_ns, check_chrome_trace, read_trace, write_chrome_json

_NONE = 0xFFFFFFFF


def _call(first_sub: int, t0: int, durations: list[int], *, indexed: bool = True) -> list[dict[str, Any]]:
    """One call: an alloca then an execute of dispatches a, b (command indices 0, 2), a dealloca."""
    a, b = first_sub, first_sub + 1
    recs: list[dict[str, Any]] = [
        {
            "record_type": "queue_event",
            "op": "alloca",
            "submission_id": a,
            "physical_device_ordinal": 0,
            "queue_ordinal": 0,
            "host_time_ns": t0,
            "event_id": 10 * a,
        },
        {
            "record_type": "queue_event",
            "op": "execute",
            "submission_id": b,
            "physical_device_ordinal": 0,
            "queue_ordinal": 0,
            "host_time_ns": t0 + 10,
            "event_id": 10 * b,
        },
        {
            "record_type": "host_execution_event",
            "op": "alloca",
            "submission_id": a,
            "command_buffer_id": 0,
            "physical_device_ordinal": 0,
            "queue_ordinal": 0,
            "start_host_time_ns": t0 + 5,
            "duration_ns": 5,
            "event_id": 10 * a + 1,
        },
    ]
    t = t0 + 20
    for k, (name, dur) in enumerate(zip(["mm", "red"], durations)):
        recs.append(
            {
                "record_type": "host_execution_event",
                "op": "dispatch",
                "key": name,
                "submission_id": b,
                "command_buffer_id": 1,
                "command_index": 2 * k if indexed else _NONE,
                "physical_device_ordinal": 0,
                "queue_ordinal": 0,
                "start_host_time_ns": t,
                "duration_ns": dur,
                "workgroup_count": [4, 1, 1],
                "event_id": 10 * b + 1 + k,
            }
        )
        t += dur
    return recs


def _profile(calls: list[list[int]], *, indexed: bool = True) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"record_type": "queue", "physical_device_ordinal": 0, "queue_ordinal": 0}]
    for i, durations in enumerate(calls):
        out += _call(1 + 2 * i, 1000 * i, durations, indexed=indexed)
    return out


def test_split_calls_groups_submissions_by_period() -> None:
    calls = split_calls(_profile([[100, 50], [80, 40], [90, 60]]), 3)
    assert [sorted({r["submission_id"] for r in c}) for c in calls] == [[1, 2], [3, 4], [5, 6]]


def test_split_calls_keeps_the_last_calls_after_a_warmup() -> None:
    recs = _profile([[100, 50], [80, 40], [90, 60]])
    assert [sorted({r["submission_id"] for r in c}) for c in split_calls(recs, 2)] == [[3, 4], [5, 6]]


def test_split_calls_rejects_calls_that_differ() -> None:
    recs = _profile([[100, 50], [80, 40]])
    recs[1 + 5]["op"] = "fill"  # the second call's first submission is something else
    with pytest.raises(ProfileError, match="do not submit the same queue operations"):
        split_calls(recs, 2)


def test_split_calls_rejects_an_empty_profile() -> None:
    with pytest.raises(ProfileError, match="no queue submissions"):
        split_calls([], 3)


@pytest.mark.parametrize("indexed", [True, False], ids=["command-index", "start-rank"])
def test_dispatch_timings_min_median_max_over_calls(indexed: bool) -> None:
    timings = dispatch_timings(split_calls(_profile([[100, 50], [80, 40], [90, 60]], indexed=indexed), 3))
    assert [(t.name, t.min_ns, t.median_ns, t.max_ns) for t in timings] == [
        ("mm", 80, 90, 100),
        ("red", 40, 50, 60),
    ]
    assert timings[0].workgroup_count == (4, 1, 1)


def test_attach_sites_matches_an_execute_by_its_exports() -> None:
    timings = dispatch_timings(split_calls(_profile([[100, 50]]), 1))
    sites = [[("other", "p.mlir:3:1")], [("mm", "p.mlir:9:5"), ("red", "p.mlir:10:5")]]
    located, matched = attach_sites(timings, sites)
    assert matched == 2
    assert [(t.name, t.loc) for t in located] == [("mm", "p.mlir:9:5"), ("red", "p.mlir:10:5")]


def test_attach_sites_leaves_unmatched_dispatches_without_loc() -> None:
    timings = dispatch_timings(split_calls(_profile([[100, 50]]), 1))
    located, matched = attach_sites(timings, [[("mm", "p.mlir:9:5")]])
    assert matched == 0 and all(t.loc is None for t in located)


def test_measured_trace_is_the_fastest_call_with_stats(tmp_path: pathlib.Path) -> None:
    trace, _ = measured_trace(
        _profile([[100, 50], [80, 40], [90, 60]]), 3, program="p", timing=CallTiming((900, 1000), 8)
    )
    write_chrome_json(trace, tmp_path / "m.json")
    assert check_chrome_trace(tmp_path / "m.json") == []
    assert read_trace(tmp_path / "m.json").metadata.extra["call_ns"]["min_ns"] == 900
    dispatches = [s for s in trace.spans if s.category == "dispatch"]
    assert [(s.name, s.dur_ns, s.args["min_ns"], s.args["max_ns"]) for s in dispatches] == [
        ("mm", 80, 80, 100),
        ("red", 40, 40, 60),
    ]
    assert trace.metadata.extra["window"] == "call" and trace.metadata.extra["fastest_call"] == 1
    assert call_time_ns(trace) == 900


def test_parse_benchmark_json_skips_aggregates() -> None:
    text = (
        'log line\n{"benchmarks": [{"run_type": "iteration", "real_time": 2.0, "time_unit": "us", '
        '"iterations": 5}, {"run_type": "aggregate", "real_time": 1.0, "time_unit": "us"}]}'
    )
    timing = parse_benchmark_json(text)
    assert timing.reps_ns == (2000,) and timing.iterations == 5 and timing.spread == 1.0


def test_parse_benchmark_json_rejects_garbage() -> None:
    with pytest.raises(ProfileError, match="cannot read its JSON output"):
        parse_benchmark_json("no json here")


def test_target_flags_rejects_an_unknown_driver() -> None:
    with pytest.raises(ProfileError, match="no compile target known for HAL driver 'tpu'"):
        target_flags("tpu://0")
    assert target_flags("cuda://0") == ("--iree-hal-target-device=cuda",)
