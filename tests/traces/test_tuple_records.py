"""Span, Flow and Counter are tuples of their fields (traces.records): what that gives their users, and
that every way of making one other than the reader's and the unchecked_* functions checks its fields."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest

from traces import Counter, Flow, Span, Trace, TraceRecordError, Track
from traces.records import unchecked_counter, unchecked_flow, unchecked_span

Q = Track.queue(0, 0)


def _records() -> tuple[Span, Flow, Counter]:
    return (
        Span(3, Q, "matmul", "dispatch", 100, 50, {"op": "stream.cmd.dispatch"}),
        Flow(0, src_span=3, dst_span=7),
        Counter(Track.pool(0, 0), "memory_bytes", 120, 4096.5),
    )


def test_a_record_is_the_tuple_of_its_fields() -> None:
    span, flow, counter = _records()
    assert span == (3, Q, "matmul", "dispatch", 100, 50, {"op": "stream.cmd.dispatch"})
    assert flow == (0, 3, 7, "signal", {})
    assert counter == (Track.pool(0, 0), "memory_bytes", 120, 4096.5)
    assert span[4] == span.start_ns == 100 and span.end_ns == 150
    assert Span._fields == ("id", "track", "name", "category", "start_ns", "dur_ns", "args")
    assert span._asdict()["args"] is span.args
    assert span != Span(3, Q, "matmul", "dispatch", 100, 51, {"op": "stream.cmd.dispatch"})


def test_repr_names_the_fields() -> None:
    assert repr(Flow(0, 3, 7)) == "Flow(id=0, src_span=3, dst_span=7, name='signal', args={})"
    assert repr(Counter(Q, "depth", 5, 2)) == (
        "Counter(track=Track(process='device0', thread='queue0', kind='queue'), name='depth', time_ns=5, value=2)"
    )


def test_records_made_without_args_each_get_their_own_dict() -> None:
    a, b = Span(0, Q, "a", "dispatch", 0, 1), Span(1, Q, "b", "dispatch", 0, 1)
    assert a.args == b.args == {} and a.args is not b.args
    assert Flow(0, 1, 2).args is not Flow(1, 1, 2).args


def test_unchecked_records_equal_the_checked_ones() -> None:
    span, flow, counter = _records()
    assert unchecked_span(*span) == span and type(unchecked_span(*span)) is Span
    assert unchecked_flow(*flow) == flow and type(unchecked_flow(*flow)) is Flow
    assert unchecked_counter(*counter) == counter and type(unchecked_counter(*counter)) is Counter


def test_replace_and_make_check_the_fields() -> None:
    span, flow, counter = _records()
    assert span._replace(dur_ns=7).dur_ns == 7 and type(span._replace(dur_ns=7)) is Span
    assert Flow._make(flow) == flow and type(Flow._make(flow)) is Flow
    with pytest.raises(TraceRecordError, match="dur_ns must be >= 0, got -1"):
        span._replace(dur_ns=-1)
    with pytest.raises(TraceRecordError, match="category must be one of"):
        Span._make((0, Q, "x", "compute", 0, 1, {}))
    with pytest.raises(TraceRecordError, match="src_span must be >= 0"):
        flow._replace(src_span=-2)
    with pytest.raises(TraceRecordError, match="value must be finite"):
        counter._replace(value=float("nan"))
    with pytest.raises(TypeError):
        span._replace(colour="red")


@pytest.mark.parametrize("clone", [copy.copy, copy.deepcopy, lambda r: pickle.loads(pickle.dumps(r))])
def test_copies_and_pickles_are_equal_records(clone: Callable[[object], object]) -> None:
    for record in _records():
        again = clone(record)
        assert again == record and type(again) is type(record)


def test_a_trace_of_tuple_records_compares_by_its_records() -> None:
    def build(dur: int) -> Trace:
        t = Trace()
        a = t.add_span(Q, "a", "dispatch", 0, dur, {"op": "x"})
        b = t.add_span(Q, "b", "dispatch", dur, 5)
        t.add_flow(a, b)
        t.add_counter(Track.pool(0, 0), "memory_bytes", 0, 64)
        return t

    assert build(5) == build(5)
    assert build(5) != build(6)
    assert copy.deepcopy(build(5)) == build(5)
