"""Tests of trace analysis against hand-computed figures."""

from __future__ import annotations

import random

import pytest

from traces import CyclicTraceError, Trace, Track
from traces.analysis import (
    _length,
    _union_length,
    busy_ns,
    critical_path,
    dependency_graph,
    idle_gaps,
    memory_high_water,
    merge_intervals,
    overlap,
    summarize,
    time_by_category,
    utilisation,
)
from traces.trace_diff import diff_traces


def _hand_trace() -> Trace:
    """A [0,10) B [10,30) on q0; C [0,5) D [12,20) on q1; E [32,40) F [40,45) on q2.

    Flows A->D, B->E, D->E. Chains ending at F (the last to end): A B E F = 10+20+2+8+5 = 45 and
    A D E F = 10+2+8+12+8+5 = 45; E waited last for B (ends 30) rather than D (ends 20), so A B E F.
    """
    t = Trace()
    q0, q1, q2 = Track.queue(0, 0), Track.queue(0, 1), Track.queue(1, 0)
    a = t.add_span(q0, "A", "dispatch", 0, 10)
    b = t.add_span(q0, "B", "dispatch", 10, 20)
    t.add_span(q1, "C", "transfer", 0, 5)
    d = t.add_span(q1, "D", "transfer", 12, 8)
    e = t.add_span(q2, "E", "dispatch", 32, 8)
    t.add_span(q2, "F", "io", 40, 5)
    t.add_flow(a, d)
    t.add_flow(b, e)
    t.add_flow(d, e)
    return t


def test_critical_path_of_hand_trace() -> None:
    path = critical_path(_hand_trace())
    assert [s.name for s in path.spans] == ["A", "B", "E", "F"]
    assert path.edges == ("order", "flow", "order")
    assert (path.length_ns, path.busy_ns, path.wait_ns) == (45, 43, 2)
    assert path.by_category() == {"dispatch": 38, "io": 5}


def test_critical_path_skips_envelope_spans() -> None:
    t = _hand_trace()
    # A host call that encloses everything and ends last must not stand in for the work it encloses.
    t.add_span(Track.host("calls"), "call @main", "host", 0, 50, {"envelope": True})
    path = critical_path(t)
    assert [s.name for s in path.spans] == ["A", "B", "E", "F"]
    assert "call @main" not in {t.span(n).name for n in dependency_graph(t)}


def test_critical_path_prefers_longer_chain_over_later_predecessor() -> None:
    # X waits on P (long, ends 50) and Q (starts late, ends 60): both chains end at X, but the one through
    # P starts at 0 and so is longer: P(50) + gap 20 + X(10) = 80 against Q(10) + gap 10 + X(10) = 30.
    t = Trace()
    p = t.add_span(Track.queue(0, 0), "P", "dispatch", 0, 50)
    q = t.add_span(Track.queue(0, 1), "Q", "transfer", 50, 10)
    x = t.add_span(Track.queue(0, 2), "X", "dispatch", 70, 10)
    t.add_flow(p, x)
    t.add_flow(q, x)
    path = critical_path(t)
    assert [s.name for s in path.spans] == ["P", "X"]
    assert (path.length_ns, path.wait_ns) == (80, 20)


def test_critical_path_of_sample_trace(sample_trace: Trace) -> None:
    path = critical_path(sample_trace)
    assert [s.name for s in path.spans] == ["read", "mm", "copy"]
    assert (path.length_ns, path.busy_ns, path.wait_ns) == (200, 190, 10)


def test_critical_path_empty_trace() -> None:
    assert critical_path(Trace()).length_ns == 0


def test_critical_path_rejects_cycle() -> None:
    t = Trace()
    a = t.add_span(Track.queue(0, 0), "a", "dispatch", 0, 5)
    b = t.add_span(Track.queue(0, 0), "b", "dispatch", 5, 5)
    t.add_flow(b, a)
    with pytest.raises(CyclicTraceError, match=r"a#0 -> b#1 -> 0|b#1 -> a#0 -> 1"):
        critical_path(t)


def test_dependency_graph_edges(sample_trace: Trace) -> None:
    graph = dependency_graph(sample_trace)
    assert sorted(graph.edges(data="kind")) == [(0, 2, "flow"), (1, 2, "flow"), (2, 3, "flow")]


def test_utilisation_of_sample_trace(sample_trace: Trace) -> None:
    # The host's only span is an await: waiting, not work (issue 17: "host/calls 96% busy").
    # Storage request slots are one resource, the storage device.
    assert {k.label: v for k, v in utilisation(sample_trace).items()} == {
        "host/main": 0.0,
        "device0/queue0": 0.4,
        "device0/queue1": 0.15,
        "storage/io": 0.5,
    }
    assert {k.label: v for k, v in utilisation(sample_trace, lanes=True).items()} == {
        "host/main": 0.0,
        "device0/queue0": 0.4,
        "device0/queue1": 0.15,
        "storage/io0": 0.5,
    }


def test_busy_counts_work_not_waits_envelopes_or_aggregates() -> None:
    t = Trace()
    q0, lane, params = (
        Track.queue("gpu0", 0),
        Track.queue("gpu0", "queue0.1"),
        Track.queue("gpu0", "queue0.params0"),
    )
    t.add_span(q0, "d0", "dispatch", 0, 10)
    t.add_span(lane, "d1", "dispatch", 5, 10)  # concurrent lane: union with d0, [0, 15)
    t.add_span(q0, "barrier", "sync", 15, 5)  # waiting
    t.add_span(params, "parameter read", "transfer", 20, 50, {"aggregate": True})  # detail elsewhere
    t.add_span(Track.storage("io0", "nvme0"), "read w", "io", 20, 30)
    t.add_span(Track.storage("io1", "nvme0"), "read v", "io", 40, 30)
    t.add_span(Track.host("calls"), "call @main", "host", 0, 100, {"envelope": True})
    t.add_span(Track.host(), "submit", "host", 0, 2)
    t.add_span(Track.host(), "await", "sync", 2, 98)
    assert {k.label: v for k, v in busy_ns(t).items()} == {
        "host/main": 2,
        "gpu0/queue0": 15,
        "nvme0/io": 50,
    }
    assert {k.label: v for k, v in busy_ns(t, lanes=True).items()} == {
        "host/main": 2,
        "gpu0/queue0": 10,
        "gpu0/queue0.1": 10,
        "gpu0/queue0.params0": 0,
        "nvme0/io0": 30,
        "nvme0/io1": 30,
    }
    assert time_by_category(t) == {
        "dispatch": 15,
        "transfer": 0,
        "io": 50,
        "alloc": 0,
        "sync": 98,  # the barrier [15, 20) lies inside the await [2, 100)
        "host": 2,
        "collective": 0,
    }
    # Idle is the complement of busy: the host waits from 2 on, and the calls envelope is no track's work.
    gaps = [(g.track.label, g.start_ns, g.dur_ns) for g in idle_gaps(t, edges=True)]
    assert ("host/main", 2, 98) in gaps
    assert not [g for g in gaps if g[0] == "host/calls"]


@pytest.mark.parametrize("tracks", [1, 2, 7], ids=["one", "two", "seven"])
def test_time_by_category_is_a_union_never_above_makespan(tracks: int) -> None:
    t = Trace()
    for k in range(tracks):
        t.add_span(Track.queue(0, k), f"cp{k}", "transfer", 10 * k, 100)
    assert time_by_category(t)["transfer"] == 100 + 10 * (tracks - 1) == t.makespan_ns


def test_utilisation_counts_nested_spans_once() -> None:
    t = Trace()
    q = Track.queue(0, 0)
    t.add_span(q, "execute", "host", 0, 100)
    t.add_span(q, "d0", "dispatch", 10, 30)
    t.add_span(q, "d1", "dispatch", 50, 30)
    t.add_span(Track.queue(0, 1), "late", "transfer", 150, 50)
    assert utilisation(t)[q] == 0.5


def test_overlap_of_sample_trace(sample_trace: Trace) -> None:
    o = overlap(sample_trace)
    assert (o.compute_ns, o.transfer_ns, o.io_ns) == (60, 50, 100)
    assert (o.compute_transfer_ns, o.compute_io_ns, o.transfer_io_ns, o.all_three_ns) == (0, 0, 20, 0)
    assert (o.any_ns, o.overlapped_ns) == (190, 20)


def test_overlap_all_three() -> None:
    t = Trace()
    t.add_span(Track.queue(0, 0), "mm", "dispatch", 0, 100)
    t.add_span(Track.queue(0, 1), "cp", "transfer", 50, 100)
    t.add_span(Track.storage(), "rd", "io", 80, 100)
    o = overlap(t)
    assert (o.compute_transfer_ns, o.compute_io_ns, o.transfer_io_ns, o.all_three_ns) == (50, 20, 70, 20)
    assert (o.overlapped_ns, o.any_ns) == (100, 180)


@pytest.mark.parametrize(
    ("edges", "expected"),
    [
        (False, [("device0/queue0", 20, 80)]),
        (
            True,
            [
                ("host/main", 0, 200),  # the host only awaits
                ("device0/queue0", 20, 80),
                ("device0/queue0", 160, 40),
                ("device0/queue1", 0, 170),
                ("storage/io0", 100, 100),
            ],
        ),
    ],
    ids=["inner", "with-edges"],
)
def test_idle_gaps_of_sample_trace(sample_trace: Trace, edges: bool, expected: list) -> None:
    assert [(g.track.label, g.start_ns, g.dur_ns) for g in idle_gaps(sample_trace, edges=edges)] == expected


def test_idle_gaps_min_ns_filters() -> None:
    t = Trace()
    q = Track.queue(0, 0)
    for start in (0, 12, 40):
        t.add_span(q, "k", "dispatch", start, 10)
    assert [(g.start_ns, g.dur_ns) for g in idle_gaps(t, min_ns=5)] == [(22, 18)]


def test_memory_high_water_of_sample_trace(sample_trace: Trace) -> None:
    [(track, hw)] = memory_high_water(sample_trace).items()
    assert (track, hw.value, hw.time_ns) == (Track.pool(0, 0), 4160, 100)
    assert list(memory_high_water(sample_trace, "queue_depth").values())[0].value == 2


def test_diff_by_makespan_category_and_op() -> None:
    a, b = Trace(), Trace()
    q0, q1 = Track.queue(0, 0), Track.queue(0, 1)
    a.add_span(q0, "mm", "dispatch", 0, 100)
    a.add_span(q0, "mm", "dispatch", 100, 100)
    a.add_span(q1, "cp", "transfer", 0, 50)
    b.add_span(q0, "mm", "dispatch", 0, 70)
    b.add_span(q1, "mm", "dispatch", 0, 70)
    b.add_span(q0, "rd", "io", 70, 40)
    d = diff_traces(a, b)
    assert (d.makespan.a_ns, d.makespan.b_ns, d.makespan.delta_ns) == (200, 110, -90)
    # By category: the union over tracks (b's two concurrent mm take 70 ns of wall time); by op: a sum.
    assert [(r.key, r.a_ns, r.b_ns, r.delta_ns) for r in d.by_category] == [
        ("dispatch", 200, 70, -130),
        ("transfer", 50, 0, -50),
        ("io", 0, 40, 40),
    ]
    assert [(r.key, r.a_ns, r.b_ns) for r in d.by_op] == [("cp", 50, 0), ("mm", 200, 140), ("rd", 0, 40)]
    assert d.makespan.ratio == 0.55
    text = d.format(top=2)
    assert text.splitlines()[1].split() == ["makespan", "200", "110", "-90", "0.550"]
    assert "rd" not in text.split("by op:")[1]


def test_summarize_sample_trace(sample_trace: Trace) -> None:
    s = summarize(sample_trace)
    assert s["makespan_ns"] == 200 and s["critical_path_ns"] == 200
    assert s["time_by_category_ns"] == {"dispatch": 60, "transfer": 50, "io": 100, "sync": 200}
    assert s["memory_high_water_bytes"] == {"device0/pool0": 4160}


def test_critical_path_counts_overlap_once() -> None:
    # Concurrent kernels on one queue: K2 starts before K1 ends; the gap K1 -> K2 is -20.
    t = Trace()
    q = Track.queue(0, 0)
    t.add_span(q, "K1", "dispatch", 0, 50)
    t.add_span(q, "K2", "dispatch", 30, 30)
    t.add_span(q, "K3", "dispatch", 70, 10)
    path = critical_path(t)
    assert [s.name for s in path.spans] == ["K1", "K2", "K3"]
    assert (path.length_ns, path.busy_ns, path.wait_ns) == (80, 70, 10)
    assert path.length_ns == t.makespan_ns


def test_union_length_is_the_length_of_the_merged_intervals() -> None:
    rng = random.Random(0)
    for _ in range(300):
        ivs = [(a, a + rng.randrange(0, 40)) for a in (rng.randrange(0, 200) for _ in range(rng.randrange(0, 30)))]
        assert _union_length(ivs) == _length(merge_intervals(ivs))
