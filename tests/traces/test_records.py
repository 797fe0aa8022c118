"""Tests of the trace records and the Trace container."""

from __future__ import annotations

import pytest

from traces import (
    Counter,
    Flow,
    Instant,
    Span,
    Trace,
    TraceMetadata,
    TraceRecordError,
    Track,
    UnknownSpanError,
    natural_key,
)


def test_track_constructors_name_processes_and_threads() -> None:
    assert Track.queue(1, 2) == Track("device1", "queue2", "queue")
    assert Track.pool(0, 0) == Track("device0", "pool0", "pool")
    assert Track.host() == Track("host", "main", "host")
    assert Track.storage().kind == "storage"
    assert Track.link("link:device0->device1").process == "link:device0->device1"


def test_trace_tracks_are_in_canonical_order() -> None:
    t = Trace()
    for track in [Track.storage(), Track.queue(0, 10), Track.pool(0, 0), Track.queue(0, 2), Track.host()]:
        t.add_track(track)
    assert [x.label for x in t.tracks] == [
        "host/main",
        "device0/queue2",
        "device0/queue10",
        "device0/pool0",
        "storage/io0",
    ]


@pytest.mark.parametrize(
    ("make", "match"),
    [
        (lambda: Span(0, Track.queue(0, 0), "x", "compute", 0, 1), "category must be one of"),
        (lambda: Span(0, Track.queue(0, 0), "x", "dispatch", 0, -1), "dur_ns must be >= 0, got -1"),
        (lambda: Span(0, Track.queue(0, 0), "x", "dispatch", 0.5, 1), "start_ns must be an integer"),
        (lambda: Counter(Track.pool(0, 0), "memory_bytes", 0, "big"), "value must be a number, got 'big'"),
        (lambda: Counter(Track.pool(0, 0), "memory_bytes", 0, True), "value must be a number"),
        (lambda: Track("device0", "queue0", "gpu"), "kind must be one of"),
        (lambda: Instant(Track.host(), "fail", 0, "oops"), "category must be one of"),
        (lambda: Flow(0, -1, 2), "src_span must be >= 0"),
        (lambda: TraceMetadata(seed="1"), "seed must be an integer"),
    ],
    ids=[
        "category",
        "negative-dur",
        "float-start",
        "counter-str",
        "counter-bool",
        "kind",
        "instant",
        "flow",
        "seed",
    ],
)
def test_records_reject_bad_fields(make, match: str) -> None:
    with pytest.raises(TraceRecordError, match=match):
        make()


def test_trace_add_assigns_ids_and_makespan() -> None:
    t = Trace()
    q = Track.queue(0, 0)
    a = t.add_span(q, "a", "dispatch", 100, 10)
    b = t.add_span(q, "b", "dispatch", 120, 30)
    c = t.add_span(Track.queue(0, 1), "c", "transfer", 90, 5, span_id=10)
    d = t.add_span(q, "d", "dispatch", 150, 0)
    assert (a.id, b.id, c.id, d.id) == (0, 1, 10, 11)
    assert t.makespan_ns == 60
    assert t.span(10) is c


def test_trace_add_span_unchecked_builds_the_checked_span() -> None:
    checked, unchecked = Trace(), Trace()
    q = Track.queue(0, 0)
    for t, add in ((checked, checked.add_span), (unchecked, unchecked.add_span_unchecked)):
        add(q, "a", "dispatch", 100, 10, {"op": "x"})
        t.add_span(Track.host(), "b", "host", 0, 1, span_id=7)
        add(q, "c", "dispatch", 110, 0, {})
    assert checked == unchecked
    assert [s.id for s in unchecked.spans] == [0, 7, 8]
    assert unchecked.span(8).name == "c" and unchecked.tracks == checked.tracks


def test_trace_rejects_duplicate_span_id() -> None:
    t = Trace()
    t.add_span(Track.host(), "a", "host", 0, 1, span_id=3)
    with pytest.raises(TraceRecordError, match="span id 3 is already in the trace"):
        t.add_span(Track.host(), "b", "host", 0, 1, span_id=3)


def test_trace_flow_to_missing_span_raises() -> None:
    t = Trace()
    a = t.add_span(Track.host(), "a", "host", 0, 1)
    with pytest.raises(UnknownSpanError, match="names span 5"):
        t.add_flow(a, 5)


def test_trace_equality_compares_records() -> None:
    def build() -> Trace:
        t = Trace(TraceMetadata(program="p", seed=1))
        a = t.add_span(Track.queue(0, 0), "a", "dispatch", 0, 5, {"op": "stream.cmd.dispatch"})
        b = t.add_span(Track.queue(0, 1), "b", "dispatch", 6, 5)
        t.add_flow(a, b)
        t.add_counter(Track.pool(0, 0), "memory_bytes", 0, 64)
        t.add_instant(Track.queue(0, 0), "signal", 5)
        return t

    assert build() == build()
    other = build()
    other.add_counter(Track.pool(0, 0), "memory_bytes", 9, 0)
    assert build() != other


def test_natural_key_orders_numbers_by_value() -> None:
    assert sorted(["d10", "d9", "d1"], key=natural_key) == ["d1", "d9", "d10"]


def _ids_of_lookups(t: Trace, ids: list[int]) -> list[object]:
    out: list[object] = []
    for i in ids:
        try:
            out.append(t.span(i).id)
        except UnknownSpanError:
            out.append(None)
    return out


def test_span_lookup_by_id_with_positional_then_explicit_ids() -> None:
    # The simulator's spans are numbered as they are added (no index kept); an explicit id out of that order
    # must switch the trace to its id index, with every earlier span still found by its own id.
    t = Trace()
    track = Track.queue(0, 0)
    for i in range(3):
        t.add_span_unchecked(track, f"s{i}", "dispatch", i * 10, 5, None)
    assert _ids_of_lookups(t, [0, 1, 2, 3]) == [0, 1, 2, None]
    t.add_span(track, "far", "dispatch", 100, 5, span_id=40)
    t.add_span(track, "next", "dispatch", 200, 5)  # the next free id is above every id
    assert [s.id for s in t.iter_spans()] == [0, 1, 2, 40, 41]
    assert _ids_of_lookups(t, [0, 2, 3, 40, 41, 4]) == [0, 2, None, 40, 41, None]
    with pytest.raises(TraceRecordError):
        t.add_span(track, "dup", "dispatch", 0, 1, span_id=2)
    with pytest.raises(UnknownSpanError):
        t.add_flow(0, 3, "flow")
    assert t.add_flow(0, 40, "flow").dst_span == 40


def test_read_trace_with_sparse_ids_finds_spans_by_id(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # A written trace whose span ids are not 0..n-1 (a window's, an import's) reads back with the same ids;
    # lookups and flows go by id, never by a span's position in the list.
    from traces.chrome import read_trace, write_chrome_json

    t = Trace()
    track = Track.queue(0, 0)
    for span_id, start in ((7, 0), (3, 20), (11, 40)):
        t.add_span(track, f"id{span_id}", "dispatch", start, 10, span_id=span_id)
    path = tmp_path / "sparse.json"
    write_chrome_json(t, path)
    for first in (0, 1, 3):  # the first lookup must not decide the answer of the others
        r = read_trace(path)
        assert _ids_of_lookups(r, [first, 0, 1, 2, 3, 7, 11]) == [
            first if first in (3, 7, 11) else None, None, None, None, 3, 7, 11
        ]
        assert all(r.span(i).name == f"id{i}" for i in (3, 7, 11))
    r = read_trace(path)
    with pytest.raises(UnknownSpanError):
        r.add_flow(0, 2, "flow")
    assert r.add_flow(3, 11, "flow").src_span == 3
