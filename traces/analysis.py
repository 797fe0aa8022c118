"""Analysis of a trace: critical path, utilisation, overlap, idle gaps, memory high-water mark.

Definitions (every figure is integer nanoseconds unless it is a fraction). They are the only ones: the
summary, the plots, the DataFrame tables and the simulator's run statistics (and so the sweeps) all
call the functions here.

- *work*: a span is work (:func:`is_work`) unless it is waiting (category ``sync``: awaits, wakes,
  barriers, semaphore waits), an *envelope* (args ``envelope``: a host call or initializer that encloses
  the work it summarises) or an *aggregate* (args ``aggregate``: one queue operation drawn over work that
  other tracks show in detail, like a parameter read over its storage and link spans).
- *resource*: what a track belongs to (:func:`resource_of`). The lanes of one device queue (its
  concurrent lanes ``queue0.1`` and parameter timelines ``queue0.params3`` in simulated traces, the
  command-buffer thread ``queue0.execute`` in measured ones) are the queue ``queue0``; the request slots of
  one storage device (``nvme0/io0``, ``nvme0/io1``...) are the device ``nvme0/io``; other tracks (a page
  cache, a link direction, a host thread) are their own.
- *busy time*: the length of the union of the intervals of the work spans on a resource's tracks (or on
  one track, with ``lanes=True``), so nested or concurrent spans count once.
- *utilisation*: busy time over the trace's makespan (earliest start to latest end).
- *time by category*: for each category, the length of the union over all tracks of its spans' intervals
  (envelopes and aggregates left out, whose time is counted in the detail), never more than the makespan.
  ``sync`` is then the time something was waiting.
- *overlap*: work spans fall in three classes, compute (``dispatch``), transfer (``transfer``,
  ``collective``) and io (``io``). Each class's busy time is the union over all tracks; the overlap of two
  classes is the length of the intersection of their unions.
- *idle gaps* of a track: the holes between its busy intervals; with ``edges=True`` also the hole from the
  trace start to its first span and from its last span to the trace end.
- *memory high-water mark*: the largest value a counter (``memory_bytes`` by default) takes on a track,
  and the first time it takes it.
- *critical path*: see :func:`critical_path`.
- *diff* (:mod:`traces.trace_diff`): makespan, time by category (as above) and total span time per span
  name (a sum), of two traces side by side.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from traces.errors import CyclicTraceError
from traces.records import CATEGORIES, Span, Track, track_sort_key
from traces.trace import Trace

if TYPE_CHECKING:
    import networkx as nx

#: Which span categories count as compute, transfer and io in :func:`overlap`.
OVERLAP_CLASSES: dict[str, tuple[str, ...]] = {
    "compute": ("dispatch",),
    "transfer": ("transfer", "collective"),
    "io": ("io",),
}

#: Span categories that are waiting, not work.
WAIT_CATEGORIES: tuple[str, ...] = ("sync",)
_WAIT_SET = frozenset(WAIT_CATEGORIES)

# A lane of a device queue: queue0.1 (concurrent lane), queue0.params3 (parameter timeline),
# queue0.execute (measured command buffers).
_QUEUE_LANE = re.compile(r"(queue[0-9]+)\..+")
# A request slot of a storage device: io0, io1, ...
_STORAGE_CHANNEL = re.compile(r"io[0-9]+")


def merge_intervals(intervals: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The union of half-open ``[start, end)`` intervals as sorted disjoint intervals.

    Examples
    --------
    >>> merge_intervals([(5, 8), (0, 3), (2, 4), (8, 9)])
    [(0, 4), (5, 9)]
    """
    merged: list[tuple[int, int]] = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def _length(intervals: list[tuple[int, int]]) -> int:
    return sum(end - start for start, end in intervals)


def _union_length(intervals: list[tuple[int, int]]) -> int:
    """``_length(merge_intervals(intervals))``, in one sweep without the merged list (the busy time of a
    large trace's resource: tens of thousands of intervals).

    Examples
    --------
    >>> ivs = [(5, 8), (0, 3), (2, 4), (8, 9), (6, 7)]
    >>> _union_length(ivs) == _length(merge_intervals(ivs)) == 8
    True
    >>> _union_length([])
    0
    """
    if not intervals:
        return 0
    ordered = sorted(intervals)
    total = 0
    lo, hi = ordered[0]
    for start, end in ordered:
        if start <= hi:
            if end > hi:
                hi = end
        else:
            total += hi - lo
            lo, hi = start, end
    return total + hi - lo


def _intersect(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    i = j = 0
    while i < len(a) and j < len(b):
        start, end = max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
        if start < end:
            out.append((start, end))
        if a[i][1] < b[j][1]:
            i += 1
        else:
            j += 1
    return out


def is_work(span: Span) -> bool:
    """Whether ``span`` is work: not a wait (``sync``), not an ``envelope``, not an ``aggregate``.

    Examples
    --------
    >>> q = Track.queue(0, 0)
    >>> is_work(Span(0, q, "mm", "dispatch", 0, 5)), is_work(Span(1, Track.host(), "await", "sync", 0, 5))
    (True, False)
    >>> is_work(Span(2, Track.host("calls"), "call @main", "host", 0, 9, {"envelope": True}))
    False
    """
    return span.category not in _WAIT_SET and not span.args.get("envelope") and not span.args.get("aggregate")


def resource_of(track: Track) -> Track:
    """The resource ``track`` belongs to: its queue for a queue lane, its device for a storage channel.

    Examples
    --------
    >>> resource_of(Track.queue("gpu0", "queue0.params3")).label
    'gpu0/queue0'
    >>> resource_of(Track.storage("io3", "nvme0")).label
    'nvme0/io'
    >>> resource_of(Track.host()).label
    'host/main'
    """
    if track.kind == "queue":
        lane = _QUEUE_LANE.fullmatch(track.thread)
        if lane is not None:
            return Track(track.process, lane.group(1), "queue")
    elif track.kind == "storage" and _STORAGE_CHANNEL.fullmatch(track.thread):
        return Track(track.process, "io", "storage")
    return track


def _spans_by_track(trace: Trace) -> dict[Track, list[Span]]:
    """The spans of each track (registered non-pool tracks first, with no spans or more), in span order."""
    by_track: dict[Track, list[Span]] = {t: [] for t in trace.tracks if t.kind != "pool"}
    for span in trace.iter_spans():
        by_track.setdefault(span.track, []).append(span)
    return by_track


def busy_ns(trace: Trace, *, lanes: bool = False, labels: Collection[str] | None = None) -> dict[Track, int]:
    """Busy time per resource (see :func:`resource_of`), or per track with ``lanes=True``, in track order;
    with ``labels``, of the resources with one of those labels only (the same figures, from their spans
    alone: a run's queues, without a look at the storage and link spans of a large trace).

    Pool tracks, which carry only counters, are left out, and so are resources whose spans are all
    envelopes (the host's ``calls`` thread); a queue with no spans at all is listed with 0.

    Examples
    --------
    >>> t = Trace()
    >>> _ = t.add_span(Track.queue(0, 0), "a", "dispatch", 0, 10)
    >>> _ = t.add_span(Track.queue(0, "queue0.1"), "b", "dispatch", 5, 10)
    >>> _ = t.add_span(Track.queue(0, 0), "wait", "sync", 15, 10)
    >>> {k.label: v for k, v in busy_ns(t).items()}
    {'device0/queue0': 15}
    >>> {k.label: v for k, v in busy_ns(t, lanes=True).items()}
    {'device0/queue0': 10, 'device0/queue0.1': 10}
    >>> {k.label: v for k, v in busy_ns(t, labels=["device0/queue0", "device1/queue0"]).items()}
    {'device0/queue0': 15}
    """
    if labels is not None:
        return _busy_of_labels(trace, labels, lanes)
    intervals: dict[Track, list[tuple[int, int]]] = {}
    for track, spans in _spans_by_track(trace).items():
        if spans and all(s.args.get("envelope") for s in spans):
            continue
        key = track if lanes else resource_of(track)
        ivs = intervals.setdefault(key, [])
        wait = _WAIT_SET
        # is_work(s) and s.end_ns, written out (a large trace has millions of spans).
        ivs.extend(
            (s.start_ns, s.start_ns + s.dur_ns)
            for s in spans
            if s.category not in wait and not s.args.get("envelope") and not s.args.get("aggregate")
        )
    return {
        track: _union_length(ivs)
        for track, ivs in sorted(intervals.items(), key=lambda kv: track_sort_key(kv[0]))
    }


def _busy_of_labels(trace: Trace, labels: Collection[str], lanes: bool) -> dict[Track, int]:
    """:func:`busy_ns` of the resources with one of ``labels``, in one pass over the spans: each track
    object's work intervals gathered as its spans come (a track object is looked up by id: a large trace has
    hundreds of thousands of spans on a few dozen track objects), and whether it has a span that is not an
    envelope; then grouped by track value as :func:`_spans_by_track` groups them (a track with spans, all
    of them envelopes, is left out; a registered one with none is listed with 0)."""
    wanted = frozenset(labels)
    wait = _WAIT_SET
    # per track object: [its work intervals, whether it has a span that is not an envelope], or None
    state: dict[int, Any] = {}
    objects: list[Track] = []
    get = state.get
    for span in trace.iter_spans():
        track = span.track
        st: Any = get(id(track), state)
        if st is state:  # (a track object not seen yet)
            st = [[], False] if resource_of(track).label in wanted else None
            state[id(track)] = st
            objects.append(track)
        if st is None:
            continue
        args = span.args
        if args.get("envelope"):
            continue
        st[1] = True
        if span.category in wait or args.get("aggregate"):
            continue
        start = span.start_ns
        st[0].append((start, start + span.dur_ns))
    # By track value: (its intervals, whether any of its objects has a span, and one that is not an envelope).
    by_track: dict[Track, list[Any]] = {
        t: [[], False, False] for t in trace.tracks if t.kind != "pool" and resource_of(t).label in wanted
    }
    for track in objects:
        st = state[id(track)]
        if st is not None:
            entry = by_track.setdefault(track, [[], False, False])
            entry[0].extend(st[0])
            entry[1] = True
            entry[2] = entry[2] or st[1]
    intervals: dict[Track, list[tuple[int, int]]] = {}
    for track, (ivs, has_spans, has_work) in by_track.items():
        if has_spans and not has_work:
            continue  # every span an envelope
        intervals.setdefault(track if lanes else resource_of(track), []).extend(ivs)
    return {
        track: _union_length(ivs)
        for track, ivs in sorted(intervals.items(), key=lambda kv: track_sort_key(kv[0]))
    }


def utilisation(trace: Trace, *, lanes: bool = False) -> dict[Track, float]:
    """Busy time over makespan per resource (per track with ``lanes=True``); 0.0 for an empty trace.

    Examples
    --------
    >>> t = Trace()
    >>> _ = t.add_span(Track.queue(0, 0), "a", "dispatch", 0, 30)
    >>> _ = t.add_span(Track.queue(0, 1), "b", "transfer", 20, 20)
    >>> {k.label: v for k, v in utilisation(t).items()}
    {'device0/queue0': 0.75, 'device0/queue1': 0.5}
    """
    makespan = trace.makespan_ns
    return {
        track: (busy / makespan if makespan else 0.0) for track, busy in busy_ns(trace, lanes=lanes).items()
    }


@dataclass(frozen=True, slots=True)
class Overlap:
    """Busy time of each class and of each combination (see :data:`OVERLAP_CLASSES`)."""

    compute_ns: int
    transfer_ns: int
    io_ns: int
    compute_transfer_ns: int
    compute_io_ns: int
    transfer_io_ns: int
    all_three_ns: int
    any_ns: int

    @property
    def overlapped_ns(self) -> int:
        """Time when at least two classes are busy at once."""
        return self.compute_transfer_ns + self.compute_io_ns + self.transfer_io_ns - 2 * self.all_three_ns


def overlap(trace: Trace) -> Overlap:
    """How much compute, transfer and io run at the same time.

    Examples
    --------
    >>> t = Trace()
    >>> _ = t.add_span(Track.queue(0, 0), "mm", "dispatch", 0, 100)
    >>> _ = t.add_span(Track.queue(0, 1), "cp", "transfer", 60, 60)
    >>> o = overlap(t)
    >>> o.compute_ns, o.transfer_ns, o.compute_transfer_ns, o.any_ns
    (100, 60, 40, 120)
    """
    unions: dict[str, list[tuple[int, int]]] = {}
    for name, categories in OVERLAP_CLASSES.items():
        unions[name] = merge_intervals(
            (s.start_ns, s.end_ns) for s in trace.iter_spans() if s.category in categories and is_work(s)
        )
    c, t, i = unions["compute"], unions["transfer"], unions["io"]
    ct = _intersect(c, t)
    return Overlap(
        compute_ns=_length(c),
        transfer_ns=_length(t),
        io_ns=_length(i),
        compute_transfer_ns=_length(ct),
        compute_io_ns=_length(_intersect(c, i)),
        transfer_io_ns=_length(_intersect(t, i)),
        all_three_ns=_length(_intersect(ct, i)),
        any_ns=_length(merge_intervals(c + t + i)),
    )


@dataclass(frozen=True, slots=True)
class Gap:
    """A time a track had nothing running."""

    track: Track
    start_ns: int
    dur_ns: int

    @property
    def end_ns(self) -> int:
        return self.start_ns + self.dur_ns


def idle_gaps(trace: Trace, *, min_ns: int = 1, edges: bool = False) -> list[Gap]:
    """Idle gaps of at least ``min_ns`` per track (holes in its work spans), in track then time order.

    Examples
    --------
    >>> t = Trace()
    >>> _ = t.add_span(Track.queue(0, 0), "a", "dispatch", 0, 10)
    >>> _ = t.add_span(Track.queue(0, 0), "b", "dispatch", 25, 5)
    >>> [(g.start_ns, g.dur_ns) for g in idle_gaps(t)]
    [(10, 15)]
    """
    gaps: list[Gap] = []
    start, end = trace.start_ns, trace.end_ns
    for track, spans in sorted(_spans_by_track(trace).items(), key=lambda kv: track_sort_key(kv[0])):
        if spans and all(s.args.get("envelope") for s in spans):
            continue  # a thread of envelopes (host calls) has no work of its own to be idle from
        busy = merge_intervals((s.start_ns, s.end_ns) for s in spans if is_work(s))
        holes = [(a_end, b_start) for (_, a_end), (b_start, _) in zip(busy, busy[1:])]
        if edges:
            if not busy:
                holes = [(start, end)]
            else:
                holes = [(start, busy[0][0]), *holes, (busy[-1][1], end)]
        gaps.extend(Gap(track, a, b - a) for a, b in holes if b - a >= min_ns)
    return gaps


@dataclass(frozen=True, slots=True)
class HighWater:
    """The peak of a counter and the first time it was reached."""

    track: Track
    name: str
    value: int | float
    time_ns: int


def memory_high_water(trace: Trace, name: str = "memory_bytes") -> dict[Track, HighWater]:
    """The high-water mark of counter ``name`` on each track that has it, in track order.

    Examples
    --------
    >>> t = Trace()
    >>> for time_ns, value in [(0, 64), (10, 192), (20, 128), (30, 192)]:
    ...     _ = t.add_counter(Track.pool(0, 0), "memory_bytes", time_ns, value)
    >>> hw = memory_high_water(t)[Track.pool(0, 0)]
    >>> hw.value, hw.time_ns
    (192, 10)
    """
    peaks: dict[Track, HighWater] = {}
    for counter in trace.counters:
        if counter.name != name:
            continue
        best = peaks.get(counter.track)
        if (
            best is None
            or counter.value > best.value
            or (counter.value == best.value and counter.time_ns < best.time_ns)
        ):
            peaks[counter.track] = HighWater(counter.track, name, counter.value, counter.time_ns)
    return dict(sorted(peaks.items(), key=lambda kv: track_sort_key(kv[0])))


# -- critical path ------------------------------------------------------------------------------------


def dependency_graph(trace: Trace) -> nx.DiGraph[int]:
    """The dependency graph of the spans: node = span id (attribute ``span``), edge = "must precede".

    Edges come from two sources, marked in the edge attribute ``kind``:

    - ``"flow"``: each flow, from its source span to its destination span;
    - ``"order"``: program order on a track: spans sorted by ``(start_ns, end_ns, id)``, each depends on
      the one before it. Pool tracks carry no spans and so no order.

    A flow and an order edge between the same pair keep the kind ``"flow"``. Spans whose args mark them
    ``envelope`` (a host function call or initializer, which encloses the work it summarises) are left
    out: they do not wait for or cause anything themselves.
    """
    import networkx as nx  # imported here so that emitting records does not pay for it

    graph: nx.DiGraph[int] = nx.DiGraph()
    for span in trace.iter_spans():
        if not span.args.get("envelope"):
            graph.add_node(span.id, span=span)
    for spans in _spans_by_track(trace).values():
        spans = [s for s in spans if s.id in graph]
        ordered = sorted(spans, key=lambda s: (s.start_ns, s.end_ns, s.id))
        for before, after in zip(ordered, ordered[1:]):
            graph.add_edge(before.id, after.id, kind="order")
    for flow in trace.flows:
        if flow.src_span in graph and flow.dst_span in graph:
            graph.add_edge(flow.src_span, flow.dst_span, kind="flow")
    return graph


@dataclass(frozen=True, slots=True)
class CriticalPath:
    """The critical path: its spans in time order and how its length splits into work and waiting.

    ``length_ns = busy_ns + wait_ns`` (see :func:`critical_path`); ``by_category`` sums whole span
    durations; ``edges`` holds the edge kind (``"flow"`` or ``"order"``) between
    each consecutive pair of spans.
    """

    spans: tuple[Span, ...]
    edges: tuple[str, ...]
    length_ns: int
    busy_ns: int
    wait_ns: int

    @property
    def span_ids(self) -> tuple[int, ...]:
        return tuple(span.id for span in self.spans)

    def by_category(self) -> dict[str, int]:
        """Span time on the path per category, in :data:`CATEGORIES` order, categories present only."""
        totals: dict[str, int] = defaultdict(int)
        for span in self.spans:
            totals[span.category] += span.dur_ns
        return {c: totals[c] for c in CATEGORIES if c in totals}


def critical_path(trace: Trace) -> CriticalPath:
    """The longest dependency chain ending at the span that ends last.

    The graph is :func:`dependency_graph`. A chain ``s1 -> s2 -> ... -> sk`` is weighted by the duration
    of each span plus, on each edge ``u -> v``, the waiting gap ``v.start_ns - u.end_ns``. The gap is
    negative when ``v`` started before ``u`` ended (nesting, or concurrent dispatches on one IREE queue),
    so that overlapped time is not counted twice. The sum telescopes: a chain's length is exactly
    ``sk.end_ns - s1.start_ns``, never more than the makespan, and the longest chain is the one that reaches
    back to the earliest start. ``wait_ns`` sums the positive gaps and ``busy_ns = length_ns - wait_ns``.

    The chain must end at the span with the latest ``end_ns``; of several that end then, the one whose best
    chain is longest, then the smallest id. Ties between predecessors go to the one that ends later, then
    the smaller id, so the path follows what a span actually waited for last. The result is deterministic.

    Raises :class:`~traces.errors.CyclicTraceError` when flows contradict program order in a cycle.

    Examples
    --------
    >>> t = Trace()
    >>> a = t.add_span(Track.queue(0, 0), "a", "dispatch", 0, 10)
    >>> b = t.add_span(Track.queue(0, 1), "b", "transfer", 0, 4)
    >>> c = t.add_span(Track.queue(0, 1), "c", "dispatch", 12, 5)
    >>> _ = t.add_flow(a, c)
    >>> path = critical_path(t)
    >>> [s.name for s in path.spans], path.length_ns, path.busy_ns, path.wait_ns
    (['a', 'c'], 17, 15, 2)
    """
    import networkx as nx

    graph = dependency_graph(trace)
    if graph.number_of_nodes() == 0:
        return CriticalPath((), (), 0, 0, 0)
    try:
        order = list(nx.lexicographical_topological_sort(graph))
    except nx.NetworkXUnfeasible:
        cycle = nx.find_cycle(graph)
        names = " -> ".join(f"{graph.nodes[u]['span'].name}#{u}" for u, _ in cycle)
        raise CyclicTraceError(f"dependency cycle among spans: {names} -> {cycle[0][0]}") from None
    best: dict[int, int] = {}
    waited: dict[int, int] = {}
    parent: dict[int, int | None] = {}
    for node in order:
        span: Span = graph.nodes[node]["span"]
        choice: tuple[int, int, int] | None = None
        chosen: int | None = None
        for pred in graph.predecessors(node):
            before: Span = graph.nodes[pred]["span"]
            key = (best[pred] + span.end_ns - before.end_ns, before.end_ns, -pred)
            if choice is None or key > choice:
                choice, chosen = key, pred
        if chosen is None or choice is None:
            best[node], waited[node] = span.dur_ns, 0
        else:
            before = graph.nodes[chosen]["span"]
            best[node] = choice[0]
            waited[node] = waited[chosen] + max(0, span.start_ns - before.end_ns)
        parent[node] = chosen
    last_end = max(graph.nodes[n]["span"].end_ns for n in graph)
    end = max((n for n in graph if graph.nodes[n]["span"].end_ns == last_end), key=lambda n: (best[n], -n))
    chain = [end]
    while parent[chain[-1]] is not None:
        chain.append(parent[chain[-1]])  # type: ignore[arg-type]
    chain.reverse()
    spans = tuple(graph.nodes[n]["span"] for n in chain)
    edges = tuple(graph.edges[u, v]["kind"] for u, v in zip(chain, chain[1:]))
    return CriticalPath(spans, edges, best[end], best[end] - waited[end], waited[end])


# -- totals and diffs ---------------------------------------------------------------------------------


def time_by_category(trace: Trace) -> dict[str, int]:
    """Time per category as the union over all tracks, every category listed, in :data:`CATEGORIES` order.

    Envelopes and aggregates are left out (their time is counted in the spans they summarise), so no
    figure exceeds the makespan however many tracks run at once.

    Examples
    --------
    >>> t = Trace()
    >>> _ = t.add_span(Track.queue(0, 0), "a", "transfer", 0, 100)
    >>> _ = t.add_span(Track.queue(0, 1), "b", "transfer", 50, 100)
    >>> time_by_category(t)["transfer"]
    150
    """
    intervals: dict[str, list[tuple[int, int]]] = {c: [] for c in CATEGORIES}
    for span in trace.iter_spans():
        if not span.args.get("envelope") and not span.args.get("aggregate"):
            intervals[span.category].append((span.start_ns, span.end_ns))
    return {c: _union_length(ivs) for c, ivs in intervals.items()}


def time_by_name(trace: Trace) -> dict[str, int]:
    """Sum of span durations per span name, names sorted."""
    totals: dict[str, int] = defaultdict(int)
    for span in trace.iter_spans():
        totals[span.name] += span.dur_ns
    return dict(sorted(totals.items()))


def summarize(trace: Trace) -> dict[str, object]:
    """Headline figures of a trace as plain values (what ``streamsim trace summary`` prints).

    Examples
    --------
    >>> t = Trace()
    >>> _ = t.add_span(Track.queue(0, 0), "mm", "dispatch", 0, 100)
    >>> s = summarize(t)
    >>> s["makespan_ns"], s["critical_path_ns"], s["utilisation"]
    (100, 100, {'device0/queue0': 1.0})
    """
    path = critical_path(trace)
    meta = trace.metadata
    return {
        "program": meta.program,
        "machine": meta.machine,
        "seed": meta.seed,
        "version": meta.version,
        "tracks": len(trace.tracks),
        "spans": len(trace.spans),
        "flows": len(trace.flows),
        "counters": len(trace.counters),
        "instants": len(trace.instants),
        "makespan_ns": trace.makespan_ns,
        "critical_path_ns": path.length_ns,
        "critical_path_spans": len(path.spans),
        "time_by_category_ns": {k: v for k, v in time_by_category(trace).items() if v},
        "utilisation": {track.label: round(u, 6) for track, u in utilisation(trace).items()},
        "memory_high_water_bytes": {t.label: hw.value for t, hw in memory_high_water(trace).items()},
    }
