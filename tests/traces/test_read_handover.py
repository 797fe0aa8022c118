"""A large read hands its records to the cyclic collector's permanent generation without a walk
(traces.chrome_read._hand_over_records), where they stay, out of every collection CPython starts itself,
which is sound because reading makes no reference cycles; and
the line layer decodes the writer's lines in groups, the same records however the groups fall."""

from __future__ import annotations

import gc
import pathlib
import weakref
from collections.abc import Iterator

import pytest

import traces.chrome_lines
import traces.chrome_read
from tests.conftest import run_fresh
from traces import Trace, Track, read_trace
from traces.errors import TraceFormatError


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    try:
        yield
    finally:
        if not was:
            gc.disable()


def _trace(n: int) -> Trace:
    trace = Trace()
    for i in range(n):
        trace.add_span(Track.queue(0, i % 3), f"k{i % 7}", "dispatch", i * 10, 5, {"i": i, "op": "x"})
        if i:
            trace.add_flow(i - 1, i)
        trace.add_counter(Track.pool(0, 0), "memory_bytes", i * 10, i)
    return trace


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    path = tmp_path_factory.mktemp("handover") / "t.json"
    _trace(2000).to_chrome_json(path)
    return path


_NO_CYCLES = """
import gc, json, sys
from traces import read_trace
import traces.chrome_groups  # (the first read imports it once: the import's garbage is not the read's)
gc.collect()
gc.disable()
trace = read_trace(sys.argv[1])
found = gc.collect()
spans = len(trace.spans)
del trace
print(json.dumps({"after_read": found, "spans": spans, "after_drop": gc.collect()}))
"""


def test_read_makes_no_garbage_cycles(written: pathlib.Path) -> None:
    """What the hand-over relies on: everything a read allocates is reachable from the trace or freed by
    reference counts. In a fresh process, where no other thread or earlier test makes garbage of its own."""
    assert run_fresh(_NO_CYCLES, str(written)) == {"after_read": 0, "spans": 2000, "after_drop": 0}


_YOUNG = """
import gc, json, sys
import traces.chrome_read
from traces import read_trace
path, records = sys.argv[1], int(sys.argv[2])
traces.chrome_read.HANDOVER_RECORDS = records
gc.collect()
trace = read_trace(path)
at = gc.get_count()[0]
traces.chrome_read.HANDOVER_RECORDS = records + 1
del trace
gc.collect()
trace = read_trace(path)
print(json.dumps({"at": at, "below": gc.get_count()[0], "spans": len(trace.spans)}))
"""


def test_large_read_leaves_the_young_generation_empty(written: pathlib.Path) -> None:
    """At or above HANDOVER_RECORDS nothing the read made waits for a young collection; below it, all
    of it does (what the first young collection after the read would walk). In a fresh process: another
    thread's allocations would count as young too."""
    out = run_fresh(_YOUNG, str(written), str(2000 + 1999 + 2000))
    assert out["at"] < 100, out
    assert out["below"] > 4000, out
    assert out["spans"] == 2000


class _Node:
    def __init__(self) -> None:
        self.me = self


def test_handed_over_records_stay_out_of_the_collector_walks(
    collector_on: None, written: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a large read, its records are in no generation the collector walks, not even after the
    middle and full collections that follow (unfrozen, they would be in the oldest generation, which the
    full collection CPython starts after ten middle ones walks); a dropped trace is still freed, by
    reference counts."""
    monkeypatch.setattr(traces.chrome_read, "HANDOVER_RECORDS", 0)
    trace = read_trace(written)
    args = [id(span.args) for span in trace.spans]
    for generation in (0, 1, 2):
        gc.collect(generation)
    assert not {id(o) for o in gc.get_objects()}.intersection(args)
    frozen = gc.get_freeze_count()
    del trace
    assert gc.get_freeze_count() < frozen - len(args)


def test_handed_over_garbage_waits_for_a_collection_of_the_frozen(
    collector_on: None, written: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A garbage cycle young when a large read starts is frozen with the records: a plain full collection
    leaves it, one of the frozen objects too (what the parser's hand-over starts once the tracked objects
    doubled) frees it. Nothing is lost to the collector for good."""
    monkeypatch.setattr(traces.chrome_read, "HANDOVER_RECORDS", 0)
    gc.collect()
    node = _Node()
    alive = weakref.ref(node)
    del node
    read_trace(written)
    assert alive() is not None  # handed over, not walked
    gc.collect()
    assert alive() is not None
    gc.unfreeze()
    gc.collect()
    assert alive() is None


def test_a_paused_collector_stays_paused(written: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(traces.chrome_read, "HANDOVER_RECORDS", 0)
    was = gc.isenabled()
    gc.disable()
    try:
        read_trace(written)
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()


@pytest.mark.parametrize("group", [1, 2, 5, 64, 10_000])
@pytest.mark.parametrize("chunk", [300, 4096, 1 << 20])
def test_groups_read_the_same_records_and_errors(
    tmp_path: pathlib.Path, written: pathlib.Path, monkeypatch: pytest.MonkeyPatch, group: int, chunk: int
) -> None:
    """However lines fall into groups and chunks: the same records, and a bad line named (in a group of
    the writer's layout, and where a line breaks the layout: the rest of its chunk is read line by
    line)."""
    expected = read_trace(written)
    monkeypatch.setattr(traces.chrome_lines, "_GROUP", group)
    monkeypatch.setattr(traces.chrome_lines, "_CHUNK", chunk)
    got = read_trace(written)
    assert (got.spans, got.flows, got.counters, got.tracks) == (
        expected.spans,
        expected.flows,
        expected.counters,
        expected.tracks,
    )
    lines = written.read_text().splitlines()
    bad = next(i for i, line in enumerate(lines) if '"i":1500,' in line)
    path = tmp_path / "bad.json"
    path.write_text(
        "\n".join([*lines[:bad], lines[bad].replace('"cat":"dispatch"', '"cat":'), *lines[bad + 1 :]])
    )
    with pytest.raises(TraceFormatError, match=rf"bad\.json:{bad + 1}: malformed JSON event"):
        read_trace(path)
    # A line of another layout (no comma at its end) among the writer's: read, and later lines still named.
    moved = [*lines[:bad], lines[bad].rstrip(","), ",", *lines[bad + 1 :]]
    path.write_text("\n".join(moved) + "\n")
    assert read_trace(path).spans == expected.spans
    moved[bad + 3] = moved[bad + 3].replace('"dur":', '"dur":-')
    path.write_text("\n".join(moved) + "\n")
    with pytest.raises(TraceFormatError, match=rf"bad\.json:{bad + 4}: bad . event"):
        read_trace(path)
