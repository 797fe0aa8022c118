"""Traces of simulated IREE fixtures, end to end: every fixture's cmd form runs on the Session, its trace is
written as Chrome JSON (plain and gzip), checked with the Trace Event Format checker, read back, and
inspected for what the architecture promises a trace holds: one process per device plus host and storage,
a thread per queue, span args leading back to the op, flows for signal->wait edges, and counters for
memory per pool and queue depth.
"""

from __future__ import annotations

import functools
import gzip
import pathlib
import re
from collections import defaultdict
from typing import Any

import numpy as np
import pytest

from simulator import InvocationResult, Session
from tests.conftest import IREE_FIXTURES, iree_fixture_dirs
from traces import Trace, check_chrome_trace, critical_path, iter_chrome_events, read_trace

NAMES = [d.name for d in iree_fixture_dirs() if (d / "cmd.generic.mlir").exists()]
MACHINES = ["cpu", "discrete-gpu"]
LOC = re.compile(r".+:\d+:\d+$")
# queueN, its wave lanes queueN.k, and the parameter provider's timelines queueN.paramsK.
QUEUE_THREAD = re.compile(r"queue(\d+)(?:\.(\d+)|\.params(\d+))?$")


@functools.cache
def _run(name: str, machine: str, program: str = "cmd.generic.mlir") -> InvocationResult:
    """One timing-only run per (fixture, machine, program), shared by the tests (nothing mutates it)."""
    d = IREE_FIXTURES / name
    inputs = [np.load(p) for p in sorted(d.glob("input*.npy"))]
    return Session(machine, seed=0).run_sync(
        d / program, "main", inputs, parameters={"model": d / "params.irpa"}, timing_only=True
    )


def _events(path: pathlib.Path) -> list[dict[str, Any]]:
    return [event for _, event, _ in iter_chrome_events(path)]


def _layout(events: list[dict[str, Any]]) -> tuple[dict[int, str], dict[tuple[int, int], tuple[str, str]]]:
    """``{pid: process name}`` and ``{(pid, tid): (thread name, track kind)}`` from the M events."""
    processes: dict[int, str] = {}
    threads: dict[tuple[int, int], tuple[str, str]] = {}
    for e in events:
        if e["ph"] == "M" and e["name"] == "process_name":
            processes[e["pid"]] = e["args"]["name"]
        elif e["ph"] == "M" and e["name"] == "thread_name":
            threads[(e["pid"], e["tid"])] = (e["args"]["name"], e["args"]["kind"])
    return processes, threads


params = pytest.mark.parametrize(
    ("name", "machine"),
    [(n, m) for n in NAMES for m in MACHINES],
    ids=[f"{n}-{m}" for n in NAMES for m in MACHINES],
)


@params
@pytest.mark.parametrize("suffix", [".json", ".json.gz"], ids=["plain", "gzip"])
def test_simulated_trace_chrome_json_is_valid_and_round_trips(
    name: str, machine: str, suffix: str, tmp_path: pathlib.Path
) -> None:
    trace = _run(name, machine).trace
    path = tmp_path / f"{name}{suffix}"
    trace.to_chrome_json(path)
    assert (path.read_bytes()[:2] == b"\x1f\x8b") == suffix.endswith(".gz")
    assert check_chrome_trace(path) == []
    events = _events(path)
    for e in events:
        assert {"ph", "ts", "pid", "tid"} <= e.keys(), e
    assert all(e["dur"] >= 0 for e in events if e["ph"] == "X")
    assert read_trace(path) == trace
    # Same records, same bytes: writing twice gives one file.
    again = tmp_path / f"again{suffix}"
    trace.to_chrome_json(again)
    assert again.read_bytes() == path.read_bytes()


@params
def test_simulated_trace_has_a_process_per_device_host_and_storage(
    name: str, machine: str, tmp_path: pathlib.Path
) -> None:
    result = _run(name, machine)
    spec = Session(machine).machine
    path = tmp_path / "t.json"
    result.trace.to_chrome_json(path)
    processes, threads = _layout(_events(path))
    names = sorted(processes.values())
    assert len(names) == len(set(names)), f"a process is named twice: {names}"
    kinds: dict[str, set[str]] = defaultdict(set)
    for (pid, _), (_, kind) in threads.items():
        kinds[processes[pid]].add(kind)
    assert kinds["host"] == {"host"}
    assert kinds[spec.storage.name] == {"storage"}
    devices = {p for p, k in kinds.items() if k & {"queue", "pool"}}
    # The fixtures are single-device programs: device 0 is the one that runs them. The trace names it as
    # the machine does (gpu0, cpu0), as run statistics, links and `streamsim machines` do (issue 17).
    device = spec.devices[0].name
    assert devices == {device}
    assert kinds[device] == {"queue", "pool"}
    links = {p for p, k in kinds.items() if k == {"link"}}
    assert links <= {f"link:{link.name}" for link in spec.links}
    assert set(names) == {"host", spec.storage.name} | devices | links


@params
def test_simulated_trace_queue_threads_name_real_queues(
    name: str, machine: str, tmp_path: pathlib.Path
) -> None:
    """One thread per queue that ran work (``queueN``); concurrent dispatches of a wave go to lanes
    ``queueN.k`` of that queue, so that no two X events on one thread overlap."""
    result = _run(name, machine)
    spec = Session(machine).machine.devices[0]
    path = tmp_path / "t.json"
    result.trace.to_chrome_json(path)
    events = _events(path)
    processes, threads = _layout(events)
    queue_threads = [
        t for (pid, _), (t, kind) in threads.items() if kind == "queue" and processes[pid] == spec.name
    ]
    assert len(queue_threads) == len(set(queue_threads))
    used = set()
    for thread in queue_threads:
        m = QUEUE_THREAD.fullmatch(thread)
        assert m, f"queue thread {thread!r} is not queueN, queueN.k or queueN.paramsK"
        assert int(m.group(1)) < spec.queues
        used.add(int(m.group(1)))
    assert {f"queue{q}" for q in used} <= set(queue_threads)
    submitted = {q.name.rsplit("queue", 1)[1] for q in result.stats.queues if q.submissions}
    assert {f"queue{q}" for q in submitted} <= set(queue_threads)
    # X events on one thread never overlap (lanes exist for that).
    by_thread: dict[tuple[int, int], list[tuple[float, float]]] = defaultdict(list)
    for e in events:
        if e["ph"] == "X" and threads[(e["pid"], e["tid"])][1] == "queue":
            by_thread[(e["pid"], e["tid"])].append((e["ts"], e["ts"] + e["dur"]))
    for extents in by_thread.values():
        extents.sort()
        assert all(b[0] >= a[1] - 1e-6 for a, b in zip(extents, extents[1:]))


def test_simulated_trace_declares_every_queue_of_the_machine() -> None:
    trace = _run("attention_block", "discrete-gpu").trace
    spec = Session("discrete-gpu").machine.devices[0]
    threads = {t.thread for t in trace.tracks if t.kind == "queue" and t.process == spec.name}
    assert {f"queue{q}" for q in range(spec.queues)} <= threads


@params
def test_simulated_trace_span_args_lead_back_to_ops(name: str, machine: str) -> None:
    trace = _run(name, machine).trace
    for span in trace.spans:
        args = span.args
        assert isinstance(args.get("op"), str) and args["op"], span
        if args["op"].startswith("hal.buffer_view"):
            continue  # input staging and output read-back: no IR op, the function's location instead
        assert isinstance(args.get("loc"), str) and LOC.match(args["loc"]), span
        if span.category == "dispatch":
            assert args["op"] == "stream.cmd.dispatch"
            assert args["bytes"] > 0 and args["flops"] >= 0, span
            assert args["affinity"].startswith("#hal.device.affinity<"), span
            assert args["entry_point"].startswith("@"), span
        elif span.category in ("io", "transfer", "alloc"):
            assert isinstance(args["bytes"], int) and args["bytes"] > 0, span
        if span.category == "io":
            assert args["verb"] in ("read", "write")
        if span.name.startswith("submit "):
            assert args["queue"].startswith(f"{Session(machine).machine.devices[0].name}/queue")


def test_simulated_trace_queue_op_spans_carry_affinity() -> None:
    trace = _run("attention_block", "discrete-gpu").trace
    queue_ops = [s for s in trace.spans if s.track.kind in ("queue", "storage") and s.category != "dispatch"]
    assert queue_ops
    assert all("affinity" in s.args for s in queue_ops), [
        s.name for s in queue_ops if "affinity" not in s.args
    ]


def test_simulated_trace_staging_transfers_carry_a_loc() -> None:
    trace = _run("attention_block", "discrete-gpu").trace
    staging = [s for s in trace.spans if s.args.get("op", "").startswith("hal.buffer_view")]
    assert staging
    assert all(isinstance(s.args.get("loc"), str) and LOC.match(s.args["loc"]) for s in staging)


def test_simulated_trace_of_scheduled_async_form_keeps_locs() -> None:
    trace = _run("attention_block", "discrete-gpu", "async.generic.mlir").trace
    dispatches = [s for s in trace.spans if s.category == "dispatch"]
    assert dispatches
    assert all(isinstance(s.args.get("loc"), str) and LOC.match(s.args["loc"]) for s in dispatches)


@params
def test_simulated_trace_flows_follow_signal_wait_edges(name: str, machine: str) -> None:
    trace = _run(name, machine).trace
    assert trace.flows
    into: dict[int, list[int]] = defaultdict(list)
    for flow in trace.flows:
        src, dst = trace.span(flow.src_span), trace.span(flow.dst_span)
        # A wait ends no earlier than the signal it consumed.
        assert src.end_ns <= dst.start_ns, (src, dst)
        into[dst.id].append(src.id)
    spans = trace.spans
    # The host wakes from every await on a signal: each wake span has the signalling span as its source.
    wakes = [s for s in spans if s.track.kind == "host" and s.name == "wake"]
    assert wakes and all(into[s.id] for s in wakes)
    # dealloca awaits the execute region; the region's first dispatch awaits the allocas.
    assert all(into[s.id] for s in spans if s.name == "dealloca")
    first_dispatch = min((s for s in spans if s.category == "dispatch"), key=lambda s: (s.start_ns, s.id))
    assert into[first_dispatch.id]
    # Parameter uploads over a link wait on their storage reads.
    for s in spans:
        if s.track.kind == "link" and s.args.get("parameter"):
            assert [trace.span(i).category for i in into[s.id]] == ["io"]


@pytest.mark.parametrize("machine", MACHINES)
def test_simulated_trace_critical_path_reaches_the_device(machine: str) -> None:
    path = critical_path(_run("attention_block", machine).trace)
    assert any(s.category == "dispatch" for s in path.spans), [s.name for s in path.spans]


@params
def test_simulated_trace_counts_memory_per_pool_and_queue_depth(name: str, machine: str) -> None:
    result = _run(name, machine)
    trace = result.trace
    series: dict[tuple[str, str], list[tuple[int, float]]] = defaultdict(list)
    for c in trace.counters:
        assert isinstance(c.value, int | float) and not isinstance(c.value, bool)
        series[(c.track.label, c.name)].append((c.time_ns, c.value))
    pools = [t for t in trace.tracks if t.kind == "pool"]
    assert pools
    for pool in pools:
        values = [v for _, v in series[(pool.label, "memory_bytes")]]
        assert values and min(values) >= 0
    peaks = {p.name.split("/", 1)[1]: p.peak_bytes for p in result.stats.pools}
    for pool in pools:
        assert max(v for _, v in series[(pool.label, "memory_bytes")]) == peaks[pool.thread]
    queues = {s.track for s in trace.spans if s.track.kind == "queue" and "." not in s.track.thread}
    assert queues
    for queue in queues:
        depth = series[(queue.label, "queue_depth")]
        assert depth and all(v >= 0 for _, v in depth)
        assert depth[-1][1] == 0  # every submission retired by the end
    # Counters live on pool and queue tracks only.
    assert {name for _, name in series} == {"memory_bytes", "queue_depth"}


def test_simulated_trace_gzip_file_is_the_plain_file_compressed(tmp_path: pathlib.Path) -> None:
    trace = _run("attention_block", "discrete-gpu").trace
    trace.to_chrome_json(tmp_path / "t.json")
    trace.to_chrome_json(tmp_path / "t.json.gz")
    assert gzip.decompress((tmp_path / "t.json.gz").read_bytes()) == (tmp_path / "t.json").read_bytes()
    assert read_trace(tmp_path / "t.json.gz") == read_trace(tmp_path / "t.json") == trace


def test_simulated_trace_is_deterministic() -> None:
    d = IREE_FIXTURES / "attention_block"
    inputs = [np.load(d / "input0.npy")]
    kw: dict[str, Any] = {"parameters": {"model": d / "params.irpa"}, "timing_only": True}
    a = Session("discrete-gpu", seed=3).run_sync(d / "cmd.generic.mlir", "main", inputs, **kw).trace
    b = Session("discrete-gpu", seed=3).run_sync(d / "cmd.generic.mlir", "main", inputs, **kw).trace
    assert isinstance(a, Trace) and a == b


def test_simulated_traces_side_by_side_share_one_time_axis() -> None:
    import matplotlib

    matplotlib.use("Agg")
    from traces import plot_side_by_side

    runs = {m: _run("attention_block", m).trace for m in MACHINES}
    figure = plot_side_by_side(runs, critical=True)
    top, bottom = figure.axes
    assert [top.get_title(), bottom.get_title()] == MACHINES
    assert top.get_xlim() == bottom.get_xlim()
    assert top.get_xlim()[1] >= max(t.makespan_ns for t in runs.values()) / 1000
    # The time label is written once, under the bottom timeline.
    assert (top.get_xlabel(), bottom.get_xlabel()) == ("", "time (us)")
