"""Every fixture's traces, at every machine preset, read by readers that are not streamsim's (issue 17).

Perfetto's trace processor, the reader the issue names first, cannot run here: the ``perfetto`` wheel
(0.59.1) ships only a manifest from which ``TraceProcessor`` downloads ``trace_processor_shell`` on first
use, Debian 12 has no perfetto package and no npm or PyPI package bundles a build of it. What runs offline:

- **Chrome DevTools' trace engine** (the Performance panel's model, npm ``@paulirish/trace_engine``,
  pinned in ``tools/devtools_reader/package.json``) reads the Chrome JSON, under Node. It must find
  every span as a slice on its thread, with the same name and exact start and end (ns). (It pairs
  ``B``/``E`` events with one stack for all threads in file order, so the B/E pairs of trace format 2 came
  out with zero duration wherever tracks overlapped in time: spans are ``X`` events now, and ``trace
  check`` reports B/E files that DevTools would misread.) It reads no
  generic ``C`` counter events (only Chrome's own), and its ``FlowsHandler`` binds a flow event only to a
  slice of the flow's own category (``cat``) at the same ts, pid and tid: a flow between two
  categories (every streamsim flow: a ``host`` submit signals a ``dispatch``) cannot satisfy that for
  both ends, so it binds none, which the test pins (a change there would show in this test).
- **Google's C++ protobuf decoder** (``protoc --decode``, Debian ``protobuf-compiler``) decodes the
  .pftrace with Perfetto's own schema (the descriptor compiled into the ``perfetto`` package) in a second,
  independent implementation of the wire format: no field unknown to the schema, and as many slice
  begin/end events, flows (``flow_ids`` paired with ``terminating_flow_ids``), counter events and
  instants as the trace has spans, flows, counters and instants.

Both are installed best effort by ``.ci/run`` (as Chromium is); without them these tests skip, and fail
instead under ``STREAMSIM_REQUIRE_TRACE_READERS=1``.
"""

from __future__ import annotations

import functools
import json
import os
import pathlib
import re
import shutil
import subprocess
from collections import Counter as Multiset
from typing import Any

import pytest

from tests.traces.test_viewer_nesting import FIXTURES, PRESETS, _trace
from traces import Trace, iter_chrome_events

READER_DIR = pathlib.Path(__file__).resolve().parents[2] / "tools" / "devtools_reader"
CASES = [(f, m) for f in FIXTURES for m in PRESETS]
IDS = [f"{f.parent.name}-{f.name}-{m}" for f, m in CASES]


def _missing(what: str) -> None:
    if os.environ.get("STREAMSIM_REQUIRE_TRACE_READERS") == "1":
        pytest.fail(f"STREAMSIM_REQUIRE_TRACE_READERS=1 but {what}")
    pytest.skip(f"needs {what}")


def _node() -> str:
    node = shutil.which("node")
    if node is None or not (READER_DIR / "node_modules" / "@paulirish" / "trace_engine").is_dir():
        _missing(f"node and Chrome DevTools' trace engine (npm ci --prefix {READER_DIR})")
    assert node is not None
    return node


def _protoc() -> str:
    protoc = shutil.which("protoc")
    if protoc is None:
        _missing("protoc (Debian package protobuf-compiler)")
    assert protoc is not None
    return protoc


def _label(trace_path: pathlib.Path) -> dict[tuple[int, int], str]:
    """The track label (``process/thread``) of each (pid, tid), from the file's metadata events."""
    processes: dict[int, str] = {}
    threads: dict[tuple[int, int], str] = {}
    for _, e, _ in iter_chrome_events(trace_path):
        if e["ph"] == "M" and e["name"] == "process_name":
            processes[e["pid"]] = e["args"]["name"]
        elif e["ph"] == "M" and e["name"] == "thread_name":
            threads[e["pid"], e["tid"]] = f"{processes[e['pid']]}/{e['args']['name']}"
    return threads


@functools.cache
def _devtools_read(directory: str) -> dict[str, dict[str, Any]]:
    """Every fixture's Chrome JSON at every preset, written to ``directory`` and read in one Node run."""
    paths = []
    for fixture, machine in CASES:
        path = pathlib.Path(directory) / f"{fixture.parent.name}-{fixture.name}-{machine}.json"
        _trace(fixture, machine).write(path)
        paths.append(str(path))
    out = subprocess.run(
        [_node(), str(READER_DIR / "read_traces.mjs"), *paths],
        capture_output=True, text=True, timeout=600, check=True, cwd=READER_DIR,
    ).stdout  # fmt: skip
    results = [json.loads(line) for line in out.splitlines()]
    return {r["file"]: r for r in results}


@pytest.fixture(scope="module")
def devtools(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    _node()
    return _devtools_read(str(tmp_path_factory.mktemp("devtools")))


def _span_slices(trace: Trace) -> Multiset[tuple[str, str, int, int]]:
    return Multiset((s.track.label, s.name, s.start_ns, s.end_ns) for s in trace.spans)


@pytest.mark.parametrize(("fixture", "machine"), CASES, ids=IDS)
def test_devtools_trace_engine_reads_every_span_of_the_chrome_json(
    fixture: pathlib.Path, machine: str, devtools: dict[str, dict[str, Any]]
) -> None:
    [(path, read)] = [(p, r) for p, r in devtools.items() if p.endswith(f"-{fixture.name}-{machine}.json")]
    trace = _trace(fixture, machine)
    labels = _label(pathlib.Path(path))
    slices = Multiset(
        (labels[pid, tid], name, start, end) for pid, tid, thread, name, start, end in read["slices"]
    )
    assert all(labels[pid, tid].endswith("/" + thread) for pid, tid, thread, *_ in read["slices"])
    assert len(read["slices"]) == len(trace.spans)
    assert slices == _span_slices(trace)
    # DevTools binds a flow event only to a slice of the flow's own category (see the module docstring).
    assert read["flows"] == []
    assert trace.flows and all(
        trace.span(f.src_span).category != "flow" and trace.span(f.dst_span).category != "flow"
        for f in trace.flows
    )


def test_devtools_trace_engine_binds_a_flow_between_slices_of_its_category(tmp_path: pathlib.Path) -> None:
    """The reader does see flows where its rule is met, so the empty result above is that rule."""
    node = _node()
    events = [
        {"ph": "M", "pid": 1, "tid": 1, "ts": 0, "name": "thread_name", "args": {"name": "a"}},
        {"ph": "M", "pid": 1, "tid": 2, "ts": 0, "name": "thread_name", "args": {"name": "b"}},
        {"ph": "X", "pid": 1, "tid": 1, "ts": 1.0, "dur": 2.0, "name": "x", "cat": "flow"},
        {"ph": "X", "pid": 1, "tid": 2, "ts": 4.0, "dur": 1.0, "name": "y", "cat": "flow"},
        {"ph": "s", "pid": 1, "tid": 1, "ts": 1.0, "name": "signal", "cat": "flow", "id": 7},
        {"ph": "f", "bp": "e", "pid": 1, "tid": 2, "ts": 4.0, "name": "signal", "cat": "flow", "id": 7},
    ]
    path = tmp_path / "flow.json"
    path.write_text(json.dumps({"traceEvents": events}))
    out = subprocess.run(
        [node, str(READER_DIR / "read_traces.mjs"), str(path)],
        capture_output=True, text=True, timeout=120, check=True, cwd=READER_DIR,
    ).stdout  # fmt: skip
    read = json.loads(out)
    assert sorted(s[3:] for s in read["slices"]) == [["x", 1000, 3000], ["y", 4000, 5000]]
    assert read["flows"] == [[[1000, 1, 1, "x"], [4000, 1, 2, "y"]]]


def test_devtools_trace_engine_pairs_begin_end_as_trace_check_models_it(tmp_path: pathlib.Path) -> None:
    """``trace check``'s B/E pairing rule is what DevTools does: interleaved threads lose their ends."""
    from traces import check_chrome_trace

    node = _node()

    def begin_end(tid: int, name: str, start: float, end: float) -> list[dict[str, Any]]:
        return [
            {"ph": "B", "pid": 1, "tid": tid, "ts": start, "name": name, "cat": "host"},
            {"ph": "E", "pid": 1, "tid": tid, "ts": end, "name": name, "cat": "host"},
        ]

    a, b = begin_end(1, "a", 0.0, 2.0), begin_end(2, "b", 1.0, 3.0)
    cases = {
        "interleaved": [a[0], b[0], a[1], b[1]],  # in time order, as B/E writers write them
        "thread by thread": a + b,  # the same events; DevTools does not sort them
    }
    paths = []
    for name, events in cases.items():
        paths.append(tmp_path / f"{name}.json")
        paths[-1].write_text(json.dumps({"traceEvents": events}))
    out = subprocess.run(
        [node, str(READER_DIR / "read_traces.mjs"), *map(str, paths)],
        capture_output=True, text=True, timeout=120, check=True, cwd=READER_DIR,
    ).stdout  # fmt: skip
    interleaved, by_thread = (json.loads(line) for line in out.splitlines())
    assert sorted(s[3:] for s in interleaved["slices"]) == [["a", 0, 0], ["b", 1000, 1000]]
    assert sorted(s[3:] for s in by_thread["slices"]) == [["a", 0, 2000], ["b", 1000, 3000]]
    assert "Chrome DevTools leaves 2 B event(s) unclosed" in check_chrome_trace(paths[0])[0]
    assert check_chrome_trace(paths[1]) == []


# -- protoc --------------------------------------------------------------------------------------------


@functools.cache
def _descriptor_set(directory: str) -> pathlib.Path:
    """Perfetto's trace schema as a FileDescriptorSet, from the descriptor compiled into the package."""
    from google.protobuf import descriptor_pb2
    from perfetto.protos.perfetto.trace import perfetto_trace_pb2

    files = descriptor_pb2.FileDescriptorSet()
    perfetto_trace_pb2.DESCRIPTOR.CopyToProto(files.file.add())
    assert not perfetto_trace_pb2.DESCRIPTOR.dependencies, "the trace schema is one self-contained file"
    path = pathlib.Path(directory) / "perfetto_trace.desc"
    path.write_bytes(files.SerializeToString())
    return path


def protoc_counts(protoc: str, descriptors: pathlib.Path, pftrace: bytes) -> dict[str, Any]:
    """Counts of a .pftrace decoded by ``protoc --decode=perfetto.protos.Trace`` (text format)."""
    text = subprocess.run(
        [protoc, f"--descriptor_set_in={descriptors}", "--decode=perfetto.protos.Trace"],
        input=pftrace, capture_output=True, timeout=120, check=True,
    ).stdout.decode()  # fmt: skip
    return {
        # protoc prints a field the schema does not know by its number ("12345: ...").
        "unknown_fields": re.findall(r"^\s*\d+\s*[:{]", text, re.M),
        "types": Multiset(re.findall(r"^\s*type: (TYPE_\w+)$", text, re.M)),
        "flow_ids": re.findall(r"^\s*flow_ids: (\d+)$", text, re.M),
        "terminating_flow_ids": re.findall(r"^\s*terminating_flow_ids: (\d+)$", text, re.M),
        "tracks": len(re.findall(r"^\s*track_descriptor \{$", text, re.M)),
    }


@pytest.mark.parametrize(("fixture", "machine"), CASES, ids=IDS)
def test_protoc_decodes_every_pftrace_with_perfettos_schema(
    fixture: pathlib.Path, machine: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    protoc = _protoc()
    descriptors = _descriptor_set(str(tmp_path_factory.getbasetemp()))
    trace = _trace(fixture, machine)
    path = tmp_path_factory.mktemp("pftrace") / "t.pftrace"
    trace.write(path)
    counts = protoc_counts(protoc, descriptors, path.read_bytes())
    assert counts["unknown_fields"] == []
    expected = Multiset(
        {
            "TYPE_SLICE_BEGIN": len(trace.spans),
            "TYPE_SLICE_END": len(trace.spans),
            "TYPE_COUNTER": len(trace.counters),
            "TYPE_INSTANT": len(trace.instants),
        }
    )
    assert counts["types"] == +expected  # (unary + drops zero counts)
    # Each flow starts at one slice and terminates at another, once.
    assert len(set(counts["flow_ids"])) == len(counts["flow_ids"]) == len(trace.flows)
    assert sorted(counts["flow_ids"]) == sorted(counts["terminating_flow_ids"])
    # A descriptor per process, per track (a thread) and per counter series.
    processes = {t.process for t in trace.tracks}
    series = {(c.track, c.name) for c in trace.counters}
    assert counts["tracks"] == len(processes) + len(trace.tracks) + len(series)
