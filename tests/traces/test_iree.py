"""Tests of the importer of ``iree-profile queue --format=jsonl`` output."""

from __future__ import annotations

import io
import json
import pathlib

import pytest

from tests.conftest import iree_fixture_dirs
from traces import TraceFormatError, Track, check_chrome_trace, critical_path, read_trace
from traces.iree import read_iree_profile

FIXTURES = [d for d in iree_fixture_dirs() if (d / "profile.jsonl").exists()]


def _jsonl(path: pathlib.Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.mark.parametrize("fixture", FIXTURES, ids=[d.name for d in FIXTURES])
def test_iree_import_dispatch_durations_sum_to_jsonl(fixture: pathlib.Path) -> None:
    records = _jsonl(fixture / "profile.jsonl")
    trace = read_iree_profile(fixture / "profile.jsonl", program=fixture.name)
    expected = [
        r["duration_ns"] for r in records if r["type"] == "host_execution_event" and r["op"] == "dispatch"
    ]
    dispatches = [s for s in trace.spans if s.name == "dispatch"]
    assert expected and len(dispatches) == len(expected)
    assert sum(s.dur_ns for s in dispatches) == sum(expected)
    assert {s.category for s in dispatches} == {"dispatch"}
    # Dispatches that ran at once on local-task's workers go to lanes of queue 0, so that slices nest.
    assert {s.track.process for s in dispatches} == {"device0"}
    assert {s.track.thread.split(".")[0] for s in dispatches} == {"queue0"}
    by_track: dict[Track, list] = {}
    for s in dispatches:
        by_track.setdefault(s.track, []).append(s)
    for spans in by_track.values():
        spans.sort(key=lambda s: s.start_ns)
        assert all(a.end_ns <= b.start_ns for a, b in zip(spans, spans[1:]))


@pytest.mark.parametrize("fixture", FIXTURES, ids=[d.name for d in FIXTURES])
def test_iree_import_keeps_every_event_and_field(fixture: pathlib.Path) -> None:
    records = _jsonl(fixture / "profile.jsonl")
    trace = read_iree_profile(fixture / "profile.jsonl")
    events = [r for r in records if r["type"] in ("host_execution_event", "queue_event")]
    assert sorted(json.dumps(s.args, sort_keys=True) for s in trace.spans) == sorted(
        json.dumps(r, sort_keys=True) for r in events
    )
    assert trace.start_ns == 0
    summary = next(r for r in records if r["type"] == "queue_summary")
    assert (
        trace.metadata.extra["iree_queue_summary"]["host_execution_events"]
        == summary["host_execution_events"]
    )


@pytest.mark.parametrize("fixture", FIXTURES, ids=[d.name for d in FIXTURES])
def test_iree_import_writes_valid_chrome_json(fixture: pathlib.Path, tmp_path: pathlib.Path) -> None:
    trace = read_iree_profile(fixture / "profile.jsonl", program=fixture.name)
    path = tmp_path / "t.json.gz"
    trace.to_chrome_json(path)
    assert check_chrome_trace(path) == []
    assert read_trace(path) == trace
    assert critical_path(trace).length_ns <= trace.makespan_ns


def test_iree_import_maps_mlp_by_hand() -> None:
    trace = read_iree_profile(pathlib.Path(__file__).parents[1] / "fixtures/iree/mlp/profile.jsonl")
    rows = [(s.track.label, s.name, s.category, s.start_ns, s.dur_ns) for s in trace.spans]
    # Origin is the first queue_event's host_time_ns, 575333642237.
    assert rows[:2] == [
        ("host/submit.device0.queue0", "alloca", "sync", 0, 1703),
        ("host/submit.device0.queue0", "alloca", "sync", 4307, 631),
    ]
    assert ("device0/queue0", "dispatch", "dispatch", 575333738506 - 575333642237, 22423) in rows
    assert ("device0/queue0.execute", "execute", "host", 575333737484 - 575333642237, 46354) in rows
    assert [(f.name, trace.span(f.src_span).name, trace.span(f.dst_span).name) for f in trace.flows] == [
        ("submit", "alloca", "alloca"),
        ("submit", "alloca", "alloca"),
        ("submit", "execute", "execute"),
        ("submit", "dealloca", "dealloca"),
        ("queue_order", "alloca", "execute"),
        ("queue_order", "execute", "dealloca"),
    ]


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ('{"type":"queue"}\n{"type": ', r"p\.jsonl:2: malformed JSON"),
        ("[1, 2]\n", r"p\.jsonl:1: expected a JSON object with a 'type'"),
        (
            '{"type":"host_execution_event","op":"dispatch","submission_id":1,"physical_device_ordinal":0,'
            '"queue_ordinal":0,"duration_ns":5}\n',
            r"p\.jsonl:1: host_execution_event is missing field 'start_host_time_ns'",
        ),
        (
            '\n{"type":"host_execution_event","op":"dispatch","submission_id":1,"physical_device_ordinal":0,'
            '"queue_ordinal":0,"start_host_time_ns":9,"duration_ns":-5}\n',
            r"p\.jsonl:2: negative duration_ns -5",
        ),
        (
            '{"type":"queue_event","op":"execute","submission_id":"x","physical_device_ordinal":0,'
            '"queue_ordinal":0,"host_time_ns":1}\n',
            r"p\.jsonl:1: queue_event field 'submission_id' must be an integer, got 'x'",
        ),
    ],
    ids=["bad-json", "not-object", "missing-field", "negative-duration", "bad-type"],
)
def test_iree_import_errors_name_file_and_line(tmp_path: pathlib.Path, text: str, match: str) -> None:
    path = tmp_path / "p.jsonl"
    path.write_text(text)
    with pytest.raises(TraceFormatError, match=match):
        read_iree_profile(path)


@pytest.mark.parametrize("text", ["", "\n\n  \n"], ids=["empty", "blank-lines"])
def test_iree_import_empty_stream_is_an_error(text: str) -> None:
    with pytest.raises(TraceFormatError, match=r"<stream>: no records: an empty file"):
        read_iree_profile(io.StringIO(text))


def test_iree_import_binary_input_is_an_error(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "p.jsonl"
    path.write_bytes(b'{"type":"queue"}\n\xff\xfe\x00binary\n')
    with pytest.raises(TraceFormatError, match=r"p\.jsonl:2: not UTF-8 text"):
        read_iree_profile(path)
