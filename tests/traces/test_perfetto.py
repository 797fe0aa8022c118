"""The Perfetto writer (.pftrace), read back with Perfetto's own protobuf schema (the ``perfetto`` package's
``perfetto_trace_pb2``) the way its trace processor reads TrackEvents: descriptors name the tracks, a
``SLICE_END`` closes the innermost open slice of its track, ``flow_ids`` and ``terminating_flow_ids`` pair
up into arrows, counter events sample counter tracks. Every fixture, at every machine preset, gives the
same slices (track, name, start, end), flows (the spans they join) and counters as its Chrome JSON.

Perfetto's trace processor itself is not run: the ``perfetto`` package downloads its binary on first use,
and this machine is offline. ``read_perfetto`` (the trace verbs' reader) is tested to give back an equal
trace, and the trace verbs to print the same summary from a .pftrace as from the JSON.
"""

from __future__ import annotations

import io
import pathlib
from collections import Counter as Multiset
from collections import defaultdict
from typing import Any

import pytest
from perfetto.protos.perfetto.trace.perfetto_trace_pb2 import Trace as TraceProto
from perfetto.protos.perfetto.trace.perfetto_trace_pb2 import TrackEvent

from simulator.cli import main
from tests.traces.test_viewer_nesting import FIXTURES, PRESETS, _trace
from traces import (
    Trace,
    TraceFormatError,
    TraceMetadata,
    Track,
    iter_chrome_events,
    read_perfetto,
    write_perfetto,
)

Slice = tuple[str, str, int, int]  # (track label, name, start_ns, end_ns)


def read_pftrace(data: bytes) -> dict[str, Any]:
    """Slices, flows, counters and instants of a Perfetto trace, decoded as the trace processor does."""
    processes: dict[int, str] = {}
    threads: dict[int, tuple[int, str]] = {}
    counter_tracks: dict[int, str] = {}
    open_slices: dict[int, list[tuple[str, int, int, dict[str, Any]]]] = defaultdict(list)
    slices: list[Slice] = []
    span_of_slice: dict[Slice, int] = {}
    flow_src: dict[int, int] = {}
    flow_dst: dict[int, int] = {}
    counters: list[tuple[str, int, float]] = []
    instants: list[tuple[str, str, int]] = []
    last_ts = 0
    for packet in TraceProto.FromString(data).packet:
        assert packet.trusted_packet_sequence_id == 1
        if packet.HasField("track_descriptor"):
            d = packet.track_descriptor
            if d.HasField("process"):
                processes[d.uuid] = d.process.process_name
            elif d.HasField("thread"):
                assert d.thread.tid not in {tid for tid, _ in threads.values()}, "tids are unique"
                threads[d.uuid] = (d.thread.tid, f"{processes[d.parent_uuid]}/{d.thread.thread_name}")
            else:
                assert d.HasField("counter")
                counter_tracks[d.uuid] = f"{processes[d.parent_uuid]}/{d.name}"
            continue
        if not packet.HasField("track_event"):
            assert packet.chrome_events.metadata[0].name == "streamsim"  # the metadata packet
            continue
        event = packet.track_event
        # Slices come in time order; counters and instants follow them, each in record order.
        if event.type in (TrackEvent.TYPE_SLICE_BEGIN, TrackEvent.TYPE_SLICE_END):
            assert packet.timestamp >= last_ts, "slice events in time order"
            last_ts = packet.timestamp
        if event.type == TrackEvent.TYPE_SLICE_BEGIN:
            args = {a.name: a for a in event.debug_annotations}
            span_id = args["streamsim.span_id"].int_value
            open_slices[event.track_uuid].append((event.name, packet.timestamp, span_id, args))
            for flow in event.flow_ids:
                flow_src[flow] = span_id
            for flow in event.terminating_flow_ids:
                flow_dst[flow] = span_id
        elif event.type == TrackEvent.TYPE_SLICE_END:
            name, start, span_id, _ = open_slices[event.track_uuid].pop()
            item = (threads[event.track_uuid][1], name, start, packet.timestamp)
            slices.append(item)
            span_of_slice[item] = span_id
        elif event.type == TrackEvent.TYPE_COUNTER:
            value = event.counter_value if event.HasField("counter_value") else event.double_counter_value
            counters.append((counter_tracks[event.track_uuid], packet.timestamp, value))
        else:
            assert event.type == TrackEvent.TYPE_INSTANT
            instants.append((threads[event.track_uuid][1], event.name, packet.timestamp))
    assert not any(open_slices.values()), "every slice is closed"
    assert set(flow_src) == set(flow_dst), "every flow has both ends"
    return {
        "slices": slices,
        "span_of_slice": span_of_slice,
        "flows": {flow: (flow_src[flow], flow_dst[flow]) for flow in flow_src},
        "counters": counters,
        "instants": instants,
    }


def read_chrome(path: pathlib.Path) -> dict[str, Any]:
    """The same figures from the Chrome JSON file, as a viewer pairs its events."""
    names: dict[tuple[int, int], str] = {}
    processes: dict[int, str] = {}
    open_: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    slices: list[Slice] = []
    flows: dict[int, list[int]] = defaultdict(list)
    counters: list[tuple[str, int, float]] = []
    instants: list[tuple[str, str, int]] = []
    for _, e, _ in iter_chrome_events(path):
        thread = (e["pid"], e["tid"])
        ts = round(e["ts"] * 1000)
        if e["ph"] == "M" and e["name"] == "process_name":
            processes[e["pid"]] = e["args"]["name"]
        elif e["ph"] == "M" and e["name"] == "thread_name":
            names[thread] = f"{processes[e['pid']]}/{e['args']['name']}"
        elif e["ph"] == "B":
            open_[thread].append(e)
        elif e["ph"] == "E":
            begin = open_[thread].pop()
            slices.append((names[thread], begin["name"], round(begin["ts"] * 1000), ts))
        elif e["ph"] == "X":
            slices.append((names[thread], e["name"], ts, ts + round(e["dur"] * 1000)))
        elif e["ph"] in "sf":
            flows[e["id"]].append(e["span_id"])
        elif e["ph"] == "C":
            [(name, value)] = e["args"].items()
            counters.append((f"{processes[e['pid']]}/{e['name']}", ts, value))
        elif e["ph"] == "i":
            instants.append((names[thread], e["name"], ts))
    return {"slices": slices, "flows": flows, "counters": counters, "instants": instants}


@pytest.mark.parametrize("machine", PRESETS)
@pytest.mark.parametrize("fixture", FIXTURES, ids=[f"{d.parent.name}-{d.name}" for d in FIXTURES])
def test_perfetto_trace_of_every_fixture_matches_its_chrome_json(
    fixture: pathlib.Path, machine: str, tmp_path: pathlib.Path
) -> None:
    trace = _trace(fixture, machine)
    trace.write(tmp_path / "t.json")
    trace.write(tmp_path / "t.pftrace")
    chrome = read_chrome(tmp_path / "t.json")
    perfetto = read_pftrace((tmp_path / "t.pftrace").read_bytes())
    assert len(perfetto["slices"]) == len(chrome["slices"]) == len(trace.spans)
    assert Multiset(perfetto["slices"]) == Multiset(chrome["slices"])
    assert len(perfetto["flows"]) == len(chrome["flows"]) == len(trace.flows)
    assert sorted(perfetto["flows"].values()) == sorted(tuple(ends) for ends in chrome["flows"].values())
    assert len(perfetto["counters"]) == len(chrome["counters"]) == len(trace.counters)
    assert Multiset(perfetto["counters"]) == Multiset(chrome["counters"])
    assert Multiset(perfetto["instants"]) == Multiset(chrome["instants"])
    # Each slice carries its span's id, so the END events closed the right slices.
    for item, span_id in perfetto["span_of_slice"].items():
        span = trace.span(span_id)
        assert item == (span.track.label, span.name, span.start_ns, span.end_ns)
    # And the whole trace reads back equal: records, ids, args, metadata.
    assert read_perfetto(tmp_path / "t.pftrace") == trace


def test_perfetto_nested_spans_and_ties_close_in_order() -> None:
    t = Trace()
    q, lane = Track.queue(0, 0), Track.queue(0, 1)
    outer = t.add_span(q, "execute", "host", 0, 100, {"nested": {"a": [1, 2.5, None]}, "ok": True})
    t.add_span(q, "d0", "dispatch", 0, 40)
    t.add_span(q, "d1", "dispatch", 40, 60)  # ends with its parent
    t.add_span(q, "zero", "sync", 100, 0)  # starts where the parent ends
    other = t.add_span(lane, "copy", "transfer", 100, 5)
    t.add_flow(outer, other)
    t.add_counter(Track.pool(0, 0), "memory_bytes", 0, 4096)
    t.add_counter(Track.pool(0, 0), "memory_bytes", 100, 0.5)
    t.add_instant(q, "signal", 100)
    buf = io.BytesIO()
    write_perfetto(t, buf)
    decoded = read_pftrace(buf.getvalue())
    assert sorted(decoded["slices"]) == sorted((s.track.label, s.name, s.start_ns, s.end_ns) for s in t.spans)
    assert list(decoded["flows"].values()) == [(outer.id, other.id)]
    assert decoded["counters"] == [
        ("device0/pool0 memory_bytes", 0, 4096),
        ("device0/pool0 memory_bytes", 100, 0.5),
    ]
    assert decoded["instants"] == [("device0/queue0", "signal", 100)]
    begin = next(
        p.track_event for p in TraceProto.FromString(buf.getvalue()).packet if p.track_event.name == "execute"
    )
    args = {a.name: a for a in begin.debug_annotations}
    assert args["ok"].bool_value and args["streamsim.span_id"].int_value == outer.id
    [entry] = args["nested"].dict_entries
    assert entry.name == "a"
    assert [v.int_value for v in entry.array_values[:1]] + [entry.array_values[1].double_value] == [1, 2.5]
    assert list(begin.categories) == ["host"]
    again = io.BytesIO()
    write_perfetto(t, again)
    assert again.getvalue() == buf.getvalue()


def test_perfetto_negative_time_is_a_clear_error() -> None:
    t = Trace()
    t.add_span(Track.queue(0, 0), "early", "dispatch", -5, 10)
    with pytest.raises(TraceFormatError, match=r"span 0 \(early\): time -5 ns is negative"):
        write_perfetto(t, io.BytesIO())


def test_perfetto_run_trace_picks_the_format_by_extension(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = pathlib.Path(__file__).parents[1] / "fixtures/iree/mlp"
    out = tmp_path / "run.pftrace"
    argv = ["run", str(d / "cmd.generic.mlir"), "--input", f"@{d / 'input0.npy'}", "--timing-only"]
    assert main([*argv, "--parameters", f"model={d / 'params.irpa'}", "--trace", str(out)]) == 0
    assert f"wrote Perfetto trace {out}:" in capsys.readouterr().err
    assert read_pftrace(out.read_bytes())["slices"]
    # The trace verbs read it as they read the JSON.
    json_out = tmp_path / "run.json"
    assert main([*argv, "--parameters", f"model={d / 'params.irpa'}", "--trace", str(json_out)]) == 0
    capsys.readouterr()
    summaries = []
    for path in (out, json_out):
        assert main(["trace", "summary", "--json", str(path)]) == 0
        summaries.append(capsys.readouterr().out)
    assert summaries[0] == summaries[1]


def test_perfetto_reader_rejects_what_is_not_a_perfetto_trace(tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "bad.pftrace"
    bad.write_bytes(b"\xff\xff\xff not protobuf")
    with pytest.raises(TraceFormatError, match=r"bad\.pftrace: not a Perfetto protobuf trace"):
        read_perfetto(bad)
    assert main(["trace", "summary", str(bad)]) == 2


def test_perfetto_flow_names_args_and_odd_values_round_trip() -> None:
    t = Trace(TraceMetadata(program="p", machine="m", seed=3, extra={"k": [1]}))
    a = t.add_span(
        Track.queue(0, 0), "a", "dispatch", 0, 10, {"none": None, "empty": {}, "list": [], "big": 1 << 70}
    )
    b = t.add_span(Track.storage("io0", "nvme0"), "b", "io", 10, 5, {"f": 1.0, "s": "x"})
    t.add_flow(a, b, "submit", {"semaphore": 2})
    t.add_flow(b, a)
    t.add_instant(Track.queue(0, 0), "failure", 12, "sync", {"error": "boom"})
    t.add_instant(Track.host(), "signal", 3)  # out of time order: kept in record order
    buf = io.BytesIO()
    write_perfetto(t, buf)
    back = read_perfetto(io.BytesIO(buf.getvalue()))
    assert back == t
    assert back.span(a.id).args["big"] == 1 << 70 and back.span(b.id).args["f"] == 1.0
