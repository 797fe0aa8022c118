"""Chrome trace event JSON: the file format Perfetto, speedscope and chrome://tracing load, written here.

Layout of a written file (one event per line, so that reading back is streamed too)::

    {"displayTimeUnit":"ns","metadata":{...},"traceEvents":[
    {"ph":"M","name":"process_name",...},
    {"ph":"X",...},
    ...
    {"ph":"i",...}
    ]}

Mapping from records to events:

- each process (``Track.process``) is a ``pid`` and each track a ``tid`` in it, numbered in canonical track
  order from 1; ``M`` events name them (``process_name``, ``thread_name`` whose args also carry the track
  ``kind``) and fix their order (``process_sort_index``, ``thread_sort_index``);
- a :class:`~traces.records.Span` is one ``X`` event with its name, ``cat``, args and the span id in the
  top-level member ``id``. Its ``dur`` is printed so that a viewer computing the end as ``ts + dur`` in
  floating point gets exactly the double of the end's decimal: ``92.010 + 0.352`` is
  ``92.36200000000001`` there, so such a span written with ``"dur":0.352`` would overlap the next one
  starting at ``92.362``; it is written ``"dur":0.35199999999999`` and so on instead (the double nearest
  the exact duration among those whose sum is exact, printed shortest; three decimals whenever they
  already add up exactly, which is most spans). Readers that round ``dur`` to nanoseconds (this one,
  Perfetto's) get the exact duration back. Why not ``B``/``E`` pairs (format 2): Chrome DevTools' trace
  engine pairs ``B`` and ``E`` with one stack for all threads and drops every pair that another
  thread's events interleave, which concurrent tracks always do. Spans are written in start order,
  track by track merged by time, longer first at equal starts (the order viewers nest them in);
- a :class:`~traces.records.Flow` is an ``s`` event at the source span's start and an ``f`` event with
  ``"bp":"e"`` at the destination span's start, both with the flow id; viewers bind each end to the
  slice that encloses it, and the member ``span_id`` names that span exactly for the reader;
- a :class:`~traces.records.Counter` is a ``C`` event named ``"<thread> <name>"`` (Perfetto keys counter
  tracks by process and name, so the thread keeps two pools of one device apart) with args
  ``{name: value}``;
- an :class:`~traces.records.Instant` is an ``i`` event with thread scope.

Timestamps are microseconds in the format; integer nanoseconds are written as exact decimals with three
places (``1234567`` ns is ``1234.567``) and read back by rounding, which is exact for times within
2**50 ns (13 days) of zero. The same records in the same order give the same bytes; a gzip file has a zero
mtime and no name in its header for the same reason (and zlib's level 6, which compresses traces nearly as
well as 9 in a fraction of the time).
"""

from __future__ import annotations

import contextlib
import gc
import gzip as gzip_module
import heapq
import io
import math
import os
from collections.abc import Iterable, Iterator
from typing import IO, Any

import orjson

from traces.chrome_read import iter_chrome_events, parse_ts, read_trace
from traces.records import Counter, Flow, Instant, Span, TraceMetadata, Track
from traces.trace import Trace

__all__ = [
    "FORMAT",
    "ChromeTraceWriter",
    "format_ts",
    "iter_chrome_events",
    "parse_ts",
    "read_trace",
    "write_chrome_json",
]

#: The ``metadata.format`` of files written here; version 3 writes spans as X events with exact ends
#: (version 2 wrote B/E pairs).
FORMAT = "streamsim-trace/3"
_HEADER_END = '"traceEvents":['
_BATCH = 4096  # events joined per write call; bounds memory
_DUR_SEARCH_STEPS = 64  # doubles tried each side of end - start for an exact X dur
GZIP_LEVEL = 6


def _encode(value: Any) -> str:
    """Compact JSON of ``value`` (orjson: UTF-8 kept as is, keys in insertion order)."""
    return orjson.dumps(value).decode()


def format_ts(time_ns: int) -> str:
    """Integer nanoseconds as an exact decimal of microseconds.

    Examples
    --------
    >>> format_ts(1234567), format_ts(5), format_ts(-1500)
    ('1234.567', '0.005', '-1.500')
    """
    sign = "-" if time_ns < 0 else ""
    whole, frac = divmod(abs(time_ns), 1000)
    return f"{sign}{whole}.{frac:03d}"


def format_dur(start_ns: int, end_ns: int, origin_ns: int = 0) -> str:
    """The ``dur`` of an X event from ``start_ns`` to ``end_ns``, such that ``ts + dur == end`` in doubles.

    ``ts`` and the end are the doubles of their exact decimals (:func:`format_ts`). When the duration's
    own three decimals add up exactly they are returned; otherwise the double nearest ``end - start`` that
    does, rounded to the fewest places that still do; where none does (a rounding tie), the largest
    whose sum falls short of the end. Viewers that first shift times by the earliest one (speedscope) compute
    ``(ts - origin) + dur``; the chosen double satisfies that too where one exists (``origin_ns``, the
    earliest start in the file; at 0 both sums are the same). Readers that round ``dur * 1000`` to
    nanoseconds get ``end_ns - start_ns`` back: the chosen double is within a few units in the last place
    of the exact duration.

    Examples
    --------
    >>> format_dur(92010, 92362), 92.010 + 0.352 == 92.362
    ('0.35199999999999', False)
    >>> 92.010 + float(format_dur(92010, 92362)) == 92.362
    True
    >>> format_dur(5, 1500), format_dur(7, 7)
    ('1.495', '0.000')
    >>> format_dur(4600, 26612), 4.6 + float(format_dur(4600, 26612)) < 26.612  # no exact sum exists
    ('22.011999999999997', True)
    """
    text = format_ts(end_ns - start_ns)
    start, end = float(format_ts(start_ns)), float(format_ts(end_ns))
    dur = float(text)
    if origin_ns == 0:  # no shift: one condition
        if start + dur == end:
            return text
        conditions = [_Sums(start, end)]
    else:
        origin = float(format_ts(origin_ns))
        both = _Sums(start, end, start - origin, end - origin)
        if both.exact(dur):
            return text
        conditions = [both, _Sums(start, end)]
    for sums in conditions:
        found = sums.search(end - start)
        if found is not None:
            return sums.shortest(found)
    # No double adds up exactly: ``start`` has a bit half a unit below the sum's last place, so every sum
    # is a tie that rounds to even, and ``end`` is odd. The largest duration whose sum falls short of
    # ``end`` (by one unit in the last place, about 4e-15 us at 30 us) keeps the span from overlapping
    # the next one.
    below = end - start
    while below > 0 and start + below >= end:
        below = math.nextafter(below, -math.inf)
    return repr(below)


class _Sums:
    """Which durations a viewer adds to ``start`` (and to a shifted start) to get ``end`` exactly."""

    __slots__ = ("end", "shifted_end", "shifted_start", "start")

    def __init__(
        self, start: float, end: float, shifted_start: float | None = None, shifted_end: float | None = None
    ) -> None:
        self.start, self.end = start, end
        self.shifted_start, self.shifted_end = shifted_start, shifted_end

    def exact(self, dur: float) -> bool:
        if self.start + dur != self.end:
            return False
        return self.shifted_start is None or self.shifted_start + dur == self.shifted_end

    def search(self, guess: float) -> float | None:
        """An exact duration among the doubles nearest ``guess``, nearest first; None if there is none."""
        up = down = guess
        for _ in range(_DUR_SEARCH_STEPS):
            if up >= 0 and self.exact(up):
                return up
            if down >= 0 and self.exact(down):
                return down
            up, down = math.nextafter(up, math.inf), math.nextafter(down, -math.inf)
        return None

    def shortest(self, dur: float) -> str:
        """``dur`` rounded to the fewest places that still add up exactly (``repr(dur)`` at worst)."""
        for places in range(3, 18):
            text = f"{dur:.{places}f}"
            if self.exact(float(text)):
                return text
        return repr(dur)


class ChromeTraceWriter:
    """Streamed writer of Chrome trace JSON: events go to the file as they come, in batches.

    Tracks get their ids at first use unless declared first with :meth:`declare_tracks`. Spans are best
    written in start order (longer first at equal starts), as :func:`write_chrome_json` does; viewers sort
    X events themselves, so any order reads the same. Use as a context manager; the file is complete only
    after :meth:`close`.

    Parameters
    ----------
    path_or_file : path or binary file
    gzip : bool, optional
        Compress; by default true exactly for paths ending in ``.gz``.
    metadata : TraceMetadata, optional
    origin_ns : int, optional
        The earliest span start the file will hold, if known (see :func:`format_dur`); 0 by default.

    Examples
    --------
    >>> buf = io.BytesIO()
    >>> with ChromeTraceWriter(buf) as w:
    ...     w.write_span(Span(0, Track.queue(0, 0), "fill", "transfer", 0, 1500))
    >>> b'"ph":"X","pid":1,"tid":1,"ts":0.000,"dur":1.500' in buf.getvalue()
    True
    """

    def __init__(
        self,
        path_or_file: str | os.PathLike[str] | IO[bytes],
        *,
        gzip: bool | None = None,
        metadata: TraceMetadata | None = None,
        origin_ns: int = 0,
    ) -> None:
        self._stack = contextlib.ExitStack()
        self._origin_ns = origin_ns
        if isinstance(path_or_file, str | os.PathLike):
            if gzip is None:
                gzip = os.fspath(path_or_file).endswith(".gz")
            raw: IO[bytes] = self._stack.enter_context(open(path_or_file, "wb"))  # noqa: SIM115
        else:
            raw = path_or_file
        if gzip:
            raw = self._stack.enter_context(
                gzip_module.GzipFile(filename="", fileobj=raw, mode="wb", compresslevel=GZIP_LEVEL, mtime=0)  # type: ignore[arg-type]
            )
        self._out = raw
        self._pids: dict[str, int] = {}
        self._tids: dict[Track, tuple[int, int]] = {}
        self._threads_of: dict[str, int] = {}
        self._batch: list[str] = []
        self._closed = False
        self._first = True
        meta = (metadata or TraceMetadata()).to_dict()
        meta["format"] = FORMAT
        self._out.write(('{"displayTimeUnit":"ns","metadata":' + _encode(meta) + "," + _HEADER_END).encode())

    def __enter__(self) -> ChromeTraceWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _emit(self, event: str) -> None:
        self._batch.append(event)
        if len(self._batch) >= _BATCH:
            self._flush()

    def _flush(self) -> None:
        if self._batch:
            lead = "\n" if self._first else ",\n"
            self._first = False
            self._out.write((lead + ",\n".join(self._batch)).encode())
            self._batch.clear()

    def declare_tracks(self, tracks: Iterable[Track]) -> None:
        """Give ``tracks`` their ids now, in the given order (write_chrome_json passes canonical order)."""
        for track in tracks:
            self._ids(track)

    def _ids(self, track: Track) -> tuple[int, int]:
        ids = self._tids.get(track)
        if ids is not None:
            return ids
        pid = self._pids.get(track.process)
        if pid is None:
            pid = self._pids[track.process] = len(self._pids) + 1
            self._emit(_meta(pid, 0, "process_name", {"name": track.process}))
            self._emit(_meta(pid, 0, "process_sort_index", {"sort_index": pid}))
        tid = self._threads_of[track.process] = self._threads_of.get(track.process, 0) + 1
        self._tids[track] = (pid, tid)
        self._emit(_meta(pid, tid, "thread_name", {"name": track.thread, "kind": track.kind}))
        self._emit(_meta(pid, tid, "thread_sort_index", {"sort_index": tid}))
        return pid, tid

    def write_span(self, span: Span) -> None:
        """Write one span as an ``X`` event whose end is exact in floating point (:func:`format_dur`)."""
        pid, tid = self._ids(span.track)
        start = span.start_ns
        dur = format_dur(start, start + span.dur_ns, min(self._origin_ns, start))
        self._emit(
            f'{{"ph":"X","pid":{pid},"tid":{tid},"ts":{format_ts(start)},"dur":{dur},'
            f'"name":{_encode(span.name)},"cat":"{span.category}","id":{span.id},"args":{_encode(span.args)}}}'
        )

    def write_flow(self, flow: Flow, src: Span, dst: Span) -> None:
        """Write one flow as its ``s`` and ``f`` events; ``src`` and ``dst`` are the spans it names."""
        name = _encode(flow.name)
        pid, tid = self._ids(src.track)
        self._emit(
            f'{{"ph":"s","pid":{pid},"tid":{tid},"ts":{format_ts(src.start_ns)},"name":{name},'
            f'"cat":"flow","id":{flow.id},"span_id":{src.id},"args":{_encode(flow.args)}}}'
        )
        pid, tid = self._ids(dst.track)
        self._emit(
            f'{{"ph":"f","bp":"e","pid":{pid},"tid":{tid},"ts":{format_ts(dst.start_ns)},"name":{name},'
            f'"cat":"flow","id":{flow.id},"span_id":{dst.id}}}'
        )

    def write_counter(self, counter: Counter) -> None:
        """Write one counter sample as a ``C`` event."""
        pid, tid = self._ids(counter.track)
        self._emit(
            f'{{"ph":"C","pid":{pid},"tid":{tid},"ts":{format_ts(counter.time_ns)},'
            f'"name":{_encode(counter.track.thread + " " + counter.name)},'
            f'"args":{{{_encode(counter.name)}:{_encode(counter.value)}}}}}'
        )

    def write_instant(self, instant: Instant) -> None:
        """Write one instant as a thread-scoped ``i`` event."""
        pid, tid = self._ids(instant.track)
        self._emit(
            f'{{"ph":"i","s":"t","pid":{pid},"tid":{tid},"ts":{format_ts(instant.time_ns)},'
            f'"name":{_encode(instant.name)},"cat":"{instant.category}","args":{_encode(instant.args)}}}'
        )

    def close(self) -> None:
        """Finish the JSON document and close what this writer opened."""
        if self._closed:
            return
        self._closed = True
        try:
            self._flush()
            self._out.write(b"\n]}\n")
        finally:
            self._stack.close()


def _meta(pid: int, tid: int, name: str, args: dict[str, Any]) -> str:
    return f'{{"ph":"M","pid":{pid},"tid":{tid},"ts":0,"name":"{name}","args":{_encode(args)}}}'


def spans_in_nesting_order(trace: Trace) -> Iterator[Span]:
    """The spans of ``trace`` track by track in (start, longest first, id) order, merged by start time.

    This is the order in which viewers nest spans (the Perfetto writer needs it; the JSON keeps it).
    """
    by_track: dict[Track, list[Span]] = {}
    for span in trace.iter_spans():
        by_track.setdefault(span.track, []).append(span)
    runs = []
    for spans in by_track.values():
        spans.sort(key=lambda s: (s.start_ns, -s.dur_ns, s.id))
        runs.append(spans)
    if len(runs) == 1:
        return iter(runs[0])
    return heapq.merge(*runs, key=lambda s: s.start_ns)


def write_chrome_json(
    trace: Trace, path_or_file: str | os.PathLike[str] | IO[bytes], *, gzip: bool | None = None
) -> None:
    """Write ``trace`` as Chrome trace JSON: tracks, spans, flows, counters, instants, in that order.

    Examples
    --------
    >>> t = Trace()
    >>> _ = t.add_span(Track.queue(0, 0), "fill", "transfer", 0, 10)
    >>> buf = io.BytesIO()
    >>> write_chrome_json(t, buf)
    >>> read_trace(io.BytesIO(buf.getvalue())) == t
    True
    """
    # Writing makes millions of short-lived strings and no reference cycle; with the cyclic collector
    # running, its full collections would walk everything else the process holds (the program's IR of a
    # simulation: 31x the time per 10x more dispatches) again and again.
    collecting = gc.isenabled()
    gc.disable()
    try:
        origin_ns = min((s.start_ns for s in trace.iter_spans()), default=0)
        with ChromeTraceWriter(
            path_or_file, gzip=gzip, metadata=trace.metadata, origin_ns=origin_ns
        ) as writer:
            writer.declare_tracks(trace.tracks)
            for span in spans_in_nesting_order(trace):
                writer.write_span(span)
            for flow in trace.flows:
                writer.write_flow(flow, trace.span(flow.src_span), trace.span(flow.dst_span))
            for counter in trace.counters:
                writer.write_counter(counter)
            for instant in trace.instants:
                writer.write_instant(instant)
    finally:
        if collecting:
            gc.enable()


def chrome_json_bytes(trace: Trace) -> bytes:
    """The Chrome trace JSON of ``trace`` as bytes (for embedding, e.g. in an HTML report)."""
    buf = io.BytesIO()
    write_chrome_json(trace, buf)
    return buf.getvalue()
