"""Tests of the Chrome trace JSON writer, reader and format checker."""

from __future__ import annotations

import gzip
import io
import json
import math
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from traces import Trace, TraceFormatError, Track
from traces.chrome import ChromeTraceWriter, format_dur, format_ts, parse_ts, read_trace, write_chrome_json
from traces.validate import check_chrome_events, check_chrome_trace


@pytest.mark.parametrize("name", ["t.json", "t.json.gz"], ids=["plain", "gzip"])
def test_chrome_round_trip_is_unchanged(tmp_path: pathlib.Path, sample_trace: Trace, name: str) -> None:
    path = tmp_path / name
    sample_trace.to_chrome_json(path)
    assert (path.read_bytes()[:2] == b"\x1f\x8b") == name.endswith(".gz")
    back = read_trace(path)
    assert back == sample_trace
    assert back.spans == sample_trace.spans
    assert back.metadata == sample_trace.metadata


@pytest.mark.parametrize("name", ["t.json", "t.json.gz"], ids=["plain", "gzip"])
def test_chrome_written_file_passes_checker(tmp_path: pathlib.Path, sample_trace: Trace, name: str) -> None:
    path = tmp_path / name
    sample_trace.to_chrome_json(path)
    assert check_chrome_trace(path) == []
    opener = gzip.open if name.endswith(".gz") else open
    with opener(path, "rt") as f:
        document = json.load(f)
    phases = sorted({e["ph"] for e in document["traceEvents"]})
    assert phases == ["C", "M", "X", "f", "i", "s"]
    assert document["displayTimeUnit"] == "ns"


def test_chrome_output_is_byte_identical(tmp_path: pathlib.Path, sample_trace: Trace) -> None:
    from tests.traces.conftest import build_sample_trace

    for suffix in (".json", ".json.gz"):
        a, b = tmp_path / f"a{suffix}", tmp_path / f"b{suffix}"
        sample_trace.to_chrome_json(a)
        build_sample_trace().to_chrome_json(b)
        assert a.read_bytes() == b.read_bytes()


def test_chrome_names_processes_and_threads(sample_trace: Trace) -> None:
    buf = io.BytesIO()
    write_chrome_json(sample_trace, buf)
    events = json.loads(buf.getvalue())["traceEvents"]
    processes = {e["pid"]: e["args"]["name"] for e in events if e["name"] == "process_name"}
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e["name"] == "thread_name"}
    assert processes == {1: "host", 2: "device0", 3: "storage"}
    assert threads == {(1, 1): "main", (2, 1): "queue0", (2, 2): "queue1", (2, 3): "pool0", (3, 1): "io0"}
    [mm] = (e for e in events if e.get("name") == "mm")
    assert mm["args"]["op"] == "stream.cmd.dispatch" and mm["args"]["loc"] == "m.mlir:9:7"
    assert (mm["ph"], mm["ts"], mm["dur"], mm["cat"]) == ("X", 0.1, 0.06, "dispatch")


def test_chrome_gzip_flag_overrides_suffix(tmp_path: pathlib.Path, sample_trace: Trace) -> None:
    path = tmp_path / "t.json"
    sample_trace.to_chrome_json(path, gzip=True)
    assert path.read_bytes()[:2] == b"\x1f\x8b"
    assert read_trace(path) == sample_trace


def test_chrome_reader_keeps_caller_file_open(sample_trace: Trace) -> None:
    buf = io.BytesIO()
    sample_trace.to_chrome_json(buf)
    buf.seek(0)
    assert read_trace(buf) == sample_trace
    assert not buf.closed


def test_chrome_streaming_writer_assigns_ids_at_first_use() -> None:
    from traces import Span

    buf = io.BytesIO()
    with ChromeTraceWriter(buf) as writer:
        writer.write_span(Span(0, Track.queue(1, 0), "a", "dispatch", 0, 5))
        writer.write_span(Span(1, Track.host(), "b", "host", 5, 5))
    trace = read_trace(io.BytesIO(buf.getvalue()))
    assert [s.track for s in trace.spans] == [Track.queue(1, 0), Track.host()]
    assert check_chrome_trace(io.BytesIO(buf.getvalue())) == []


def _write_lines(tmp_path: pathlib.Path, sample_trace: Trace, edit) -> pathlib.Path:
    path = tmp_path / "t.json"
    sample_trace.to_chrome_json(path)
    lines = path.read_text().splitlines()
    edit(lines)
    path.write_text("\n".join(lines) + "\n")
    return path


def _edit_mm(old: str, new: str):
    def edit(lines: list[str]) -> None:
        index = next(i for i, line in enumerate(lines) if '"name":"mm"' in line)
        assert index == 20  # so that the messages below name line 21
        lines[index] = lines[index].replace(old, new)

    return edit


@pytest.mark.parametrize(
    ("edit", "match"),
    [
        (_edit_mm('"cat":"dispatch"', '"cat":dispatch'), r"t\.json:21: malformed JSON event"),
        (_edit_mm('"ts":0.100,', ""), r"t\.json:21: bad X event: missing member 'ts'"),
        (_edit_mm('"dispatch"', '"gpu"'), r"t\.json:21: .*category 'gpu'"),
        (_edit_mm('"ts":0.100', '"ts":"x"'), r"t\.json:21: .*time must be a number"),
        (_edit_mm('"ts":0.100', '"ts":1e308'), r"t\.json:21: .*time 1e\+308 us is out of range"),
        (_edit_mm('"dur":0.060', '"dur":-0.060'), r"t\.json:21: .*duration must be >= 0"),
        (_edit_mm('"dur":0.060,', ""), r"t\.json:21: bad X event: missing member 'dur'"),
        (lambda lines: lines.pop(), r"t\.json: truncated trace"),
    ],
    ids=[
        "bad-json",
        "missing-ts",
        "bad-category",
        "ts-not-number",
        "ts-huge",
        "negative-dur",
        "x-without-dur",
        "truncated",
    ],
)
def test_chrome_reader_errors_name_file_and_line(
    tmp_path: pathlib.Path, sample_trace: Trace, edit, match: str
) -> None:
    path = _write_lines(tmp_path, sample_trace, edit)
    with pytest.raises(TraceFormatError, match=match):
        read_trace(path)


def test_chrome_reader_rejects_unpaired_flow(tmp_path: pathlib.Path, sample_trace: Trace) -> None:
    def drop_first_flow_end(lines: list[str]) -> None:
        index = next(i for i, line in enumerate(lines) if '"ph":"f"' in line)
        lines.pop(index)

    path = _write_lines(tmp_path, sample_trace, drop_first_flow_end)
    with pytest.raises(TraceFormatError, match="flow start id 0 has no flow end"):
        read_trace(path)


def test_chrome_reader_reads_foreign_array_with_begin_end(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "foreign.json"
    events = [
        {"ph": "B", "ts": 1, "pid": 5, "tid": 9, "name": "work", "cat": "host"},
        {"ph": "E", "ts": 3.5, "pid": 5, "tid": 9},
        {"ph": "M", "ts": 0, "pid": 5, "tid": 0, "name": "process_name", "args": {"name": "cpu"}},
    ]
    path.write_text(json.dumps(events, indent=1))
    trace = read_trace(path)
    [span] = trace.spans
    assert (span.track.process, span.name, span.start_ns, span.dur_ns) == ("cpu", "work", 1000, 2500)


def test_chrome_reader_foreign_malformed_names_line(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('[\n{"ph": "X",\n "ts": }\n]')
    with pytest.raises(TraceFormatError, match=r"bad\.json:3: malformed JSON"):
        read_trace(path)


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        ([{"ph": "X", "ts": 0, "pid": 1, "tid": 1, "dur": 1}], []),
        ([{"ts": 0, "pid": 1, "tid": 1}], ["event 0: missing ph"]),
        ([{"ph": "X", "ts": "0", "pid": 1, "tid": 1, "dur": 1}], ["event 0: ts must be a number, got '0'"]),
        (
            [{"ph": "s", "ts": 0, "pid": 1, "tid": 1, "id": 4, "cat": "flow"}],
            ["event 0: flow start id 4 has no flow end"],
        ),
        (
            [{"ph": "f", "ts": 0, "pid": 1, "tid": 1, "id": 4, "cat": "flow"}],
            ["event 0: flow end id 4 has no flow start"],
        ),
        (
            [
                {"ph": "s", "ts": 5, "pid": 1, "tid": 1, "id": 1, "cat": "flow"},
                {"ph": "f", "ts": 2, "pid": 1, "tid": 1, "id": 1, "cat": "flow"},
            ],
            ["event 1: flow end id 1 is before its start"],
        ),
        (
            [{"ph": "C", "ts": 0, "pid": 1, "tid": 1, "args": {"m": "1"}}],
            ["event 0: counter 'm' is not numeric: '1'"],
        ),
        ([{"ph": "B", "ts": 0, "pid": 1, "tid": 1}], ["pid 1 tid 1: 1 B event(s) never closed"]),
        (
            [{"ph": "M", "ts": 0, "pid": 1, "tid": 1, "name": "bogus"}],
            ["event 0: unknown metadata event name 'bogus'"],
        ),
    ],
    ids=[
        "valid",
        "no-ph",
        "ts-string",
        "flow-no-end",
        "flow-no-start",
        "flow-backwards",
        "counter-str",
        "unclosed-B",
        "meta",
    ],
)
def test_checker_reports_violations(events: list[dict], expected: list[str]) -> None:
    assert check_chrome_events(events) == expected


def test_chrome_reader_names_line_in_later_batch(tmp_path: pathlib.Path) -> None:
    trace = Trace()
    for i in range(5000):
        trace.add_span(Track.queue(0, 0), f"k{i}", "dispatch", i * 10, 5)
    path = tmp_path / "big.json"
    trace.to_chrome_json(path)
    lines = path.read_text().splitlines()
    assert '"ph":"X"' in lines[4499]
    lines[4499] = lines[4499].replace('"cat":"dispatch"', '"cat":')
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(TraceFormatError, match=r"big\.json:4500: malformed JSON event"):
        read_trace(path)
    lines[4499] = lines[4499].replace('"cat":', '"cat":"dispatch"')
    lines[4500] = lines[4500].replace('"dur":', '"dur":-')
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(TraceFormatError, match=r"big\.json:4501: bad X event: .*duration must be >= 0"):
        read_trace(path)


@pytest.mark.parametrize("tail", ["\n\n  \ngarbage\n", "\n\n  \ngarbage", "\n\n  \n{}"])
@pytest.mark.parametrize("chunk", [7, 200, 1 << 20])
def test_chrome_reader_names_the_line_of_data_after_the_end(
    tmp_path: pathlib.Path, sample_trace: Trace, monkeypatch: pytest.MonkeyPatch, tail: str, chunk: int
) -> None:
    """The line the stray data is on, however the reader cuts the file into chunks."""
    import traces.chrome_lines

    monkeypatch.setattr(traces.chrome_lines, "_CHUNK", chunk)
    path = tmp_path / "t.json"
    sample_trace.to_chrome_json(path)
    text = path.read_text()
    end = text.count("\n")  # the line of the closing "]}"; the tails put their data 4 lines below it
    path.write_text(text + tail)
    with pytest.raises(TraceFormatError, match=rf"t\.json:{end + 4}: data after the end of the trace document"):
        read_trace(path)
    path.write_text(text + "\n \n")  # whitespace after the end is fine
    assert read_trace(path).spans == sample_trace.spans


@pytest.mark.parametrize("chunk", [1, 7, 64, 1000])
def test_chrome_reader_gives_the_same_records_and_errors_for_any_chunk_size(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, chunk: int
) -> None:
    """Chunks that cut lines anywhere read the same records, and name the same bad line."""
    import traces.chrome_lines

    trace = Trace()
    for i in range(300):
        trace.add_span(Track.queue(0, i % 3), f"k{i}", "dispatch", i * 10, 5, {"i": i})
        if i:
            trace.add_flow(i - 1, i)
        trace.add_counter(Track.pool(0, 0), "memory_bytes", i * 10, i)
    path = tmp_path / "t.json"
    trace.to_chrome_json(path)
    expected = read_trace(path)
    monkeypatch.setattr(traces.chrome_lines, "_CHUNK", chunk)
    got = read_trace(path)
    assert (got.spans, got.flows, got.counters, got.tracks) == (
        expected.spans,
        expected.flows,
        expected.counters,
        expected.tracks,
    )
    lines = path.read_text().splitlines()
    bad = next(i for i, line in enumerate(lines) if '"name":"k150"' in line)
    lines[bad] = lines[bad].replace('"cat":"dispatch"', '"cat":')
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(TraceFormatError, match=rf"t\.json:{bad + 1}: malformed JSON event"):
        read_trace(path)


def test_checker_pairs_begin_end_as_chrome_devtools_does() -> None:
    """One stack for all threads, in file order, closing only with equal name and cat."""
    interleaved = [
        {"ph": "B", "ts": 0, "pid": 1, "tid": 1, "name": "a", "cat": "host"},
        {"ph": "B", "ts": 1, "pid": 1, "tid": 2, "name": "b", "cat": "host"},
        {"ph": "E", "ts": 2, "pid": 1, "tid": 1, "name": "a", "cat": "host"},
        {"ph": "E", "ts": 3, "pid": 1, "tid": 2, "name": "b", "cat": "host"},
    ]
    [problem] = check_chrome_events(interleaved)
    assert problem.startswith("event 1: Chrome DevTools leaves 2 B event(s) unclosed")
    nested = [interleaved[0], interleaved[1], {**interleaved[3], "ts": 2}, {**interleaved[2], "ts": 3}]
    assert check_chrome_events(nested) == []  # other threads' pairs inside each other are fine
    thread_by_thread = [interleaved[0], interleaved[2], interleaved[1], interleaved[3]]
    assert check_chrome_events(thread_by_thread) == []  # DevTools does not sort: file order counts
    without_cat = [interleaved[0], {"ph": "E", "ts": 2, "pid": 1, "tid": 1, "name": "a"}]
    assert "leaves 1 B event(s) unclosed" in check_chrome_events(without_cat)[0]


@given(
    start=st.integers(0, 2**45),
    dur=st.integers(0, 2**32),
    origin=st.integers(0, 2**45),
)
@settings(max_examples=400, deadline=None)
def test_format_dur_ends_exactly_where_viewers_compute_it(start: int, dur: int, origin: int) -> None:
    origin = min(origin, start)
    end = start + dur
    text = format_dur(start, end, origin)
    value, ts, end_us = float(text), float(format_ts(start)), float(format_ts(end))
    assert round(value * 1000) == dur  # this reader and Perfetto's (llround) get the duration back
    assert parse_ts(value) == dur
    # ts + dur is the end exactly, or (a rounding tie, where no double is) one unit short of it.
    assert ts + value == end_us or math.nextafter(ts + value, math.inf) == end_us
    if text == format_ts(dur) and ts + value == end_us:
        return
    assert len(text) <= len(repr(value))
