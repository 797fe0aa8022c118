"""Chrome trace event JSON: the file format Perfetto, speedscope and chrome://tracing load, written here.

Layout of a written file (one event per line, so that reading back is streamed too)::

    {"displayTimeUnit":"ns","metadata":{...},"traceEvents":[
    {"ph":"M","name":"process_name",...},
    {"ph":"B",...},
    {"ph":"E",...},
    ...
    {"ph":"i",...}
    ]}

Mapping from records to events:

- each process (``Track.process``) is a ``pid`` and each track a ``tid`` in it, numbered in canonical track
  order from 1; ``M`` events name them (``process_name``, ``thread_name`` whose args also carry the track
  ``kind``) and fix their order (``process_sort_index``, ``thread_sort_index``);
- a :class:`~traces.records.Span` of positive duration is a ``B`` event at its start and an ``E`` event at
  its end, both with its name and args (speedscope pairs them by name and args); the ``B`` carries
  ``cat`` and the span id in the top-level member ``id``. A span of zero duration is one ``X`` event with
  ``"dur":0.000``. Why not ``X`` for all: a viewer computes an ``X`` event's end as ``ts + dur`` in
  floating point, and ``92.010 + 0.352`` is ``92.36200000000001`` there, so a span that ends where the
  next one starts would overlap it. A ``B``/``E`` boundary is one decimal printed once per side, so both
  parse to the same double. The events of one track are written in nesting order (at one instant, ends
  of inner spans, then ends of outer ones, then starts of outer, then inner), and the tracks are merged
  by time, so that viewers that sort stably by time keep that order;
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
import gzip as gzip_module
import heapq
import io
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

#: The ``metadata.format`` of files written here; version 2 writes spans as B/E pairs.
FORMAT = "streamsim-trace/2"
_HEADER_END = '"traceEvents":['
_BATCH = 4096  # events joined per write call; bounds memory
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


class ChromeTraceWriter:
    """Streamed writer of Chrome trace JSON: events go to the file as they come, in batches.

    Tracks get their ids at first use unless declared first with :meth:`declare_tracks`. Spans of one
    track should be written in start order (longer first at equal starts), as :func:`write_chrome_json`
    does: the writer then keeps the open spans of each track on a stack and writes each ``E`` in nesting
    order. A span that comes out of that order gets its ``E`` at once, which viewers still place right
    except when it ends at the very instant another span of its track starts or ends. Use as a context
    manager; the file is complete only after :meth:`close`.

    Parameters
    ----------
    path_or_file : path or binary file
    gzip : bool, optional
        Compress; by default true exactly for paths ending in ``.gz``.
    metadata : TraceMetadata, optional

    Examples
    --------
    >>> buf = io.BytesIO()
    >>> with ChromeTraceWriter(buf) as w:
    ...     w.write_span(Span(0, Track.queue(0, 0), "fill", "transfer", 0, 1500))
    >>> b'"ph":"B"' in buf.getvalue() and b'"ph":"E","pid":1,"tid":1,"ts":1.500' in buf.getvalue()
    True
    """

    def __init__(
        self,
        path_or_file: str | os.PathLike[str] | IO[bytes],
        *,
        gzip: bool | None = None,
        metadata: TraceMetadata | None = None,
    ) -> None:
        self._stack = contextlib.ExitStack()
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
        self._open: dict[Track, list[tuple[int, str]]] = {}
        self._last_start: dict[Track, tuple[int, int]] = {}
        # (end, sequence, track) of open spans, so that end_spans finds the tracks to close in time order.
        self._ends: list[tuple[int, int, Track]] = []
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
        """Write one span: a ``B``/``E`` pair, or an ``X`` event when its duration is zero."""
        track = span.track
        pid, tid = self._ids(track)
        start, end = span.start_ns, span.start_ns + span.dur_ns
        stack = self._open.get(track)
        if stack:
            self._close_until(pid, tid, stack, start)
        name = _encode(span.name)
        args = _encode(span.args)
        head = f'"pid":{pid},"tid":{tid},"ts":{format_ts(start)}'
        if span.dur_ns == 0:
            self._emit(
                f'{{"ph":"X",{head},"dur":0.000,"name":{name},"cat":"{span.category}",'
                f'"id":{span.id},"args":{args}}}'
            )
            return
        self._emit(f'{{"ph":"B",{head},"name":{name},"cat":"{span.category}","id":{span.id},"args":{args}}}')
        closing = f'"name":{name},"args":{args}}}'
        order = (start, -end)
        last = self._last_start.get(track)
        if last is not None and order < last:
            # Out of start order: nesting can no longer be tracked; close it at once.
            self._emit(f'{{"ph":"E","pid":{pid},"tid":{tid},"ts":{format_ts(end)},{closing}')
            return
        self._last_start[track] = order
        if stack is None:
            stack = self._open[track] = []
        stack.append((end, closing))
        heapq.heappush(self._ends, (end, len(self._ends), track))

    def _close_until(self, pid: int, tid: int, stack: list[tuple[int, str]], time_ns: int) -> None:
        """Write the ``E`` of every open span of one track that ends at or before ``time_ns``."""
        while stack and stack[-1][0] <= time_ns:
            end, closing = stack.pop()
            self._emit(f'{{"ph":"E","pid":{pid},"tid":{tid},"ts":{format_ts(end)},{closing}')

    def end_spans(self, time_ns: int | None = None) -> None:
        """Write the ``E`` events of open spans that end at or before ``time_ns`` (all when None).

        Called before each span with its start, this keeps the whole file in time order.
        """
        ends = self._ends
        while ends and (time_ns is None or ends[0][0] <= time_ns):
            end, _, track = heapq.heappop(ends)
            pid, tid = self._tids[track]
            self._close_until(pid, tid, self._open[track], end)

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
        """Close the spans still open, finish the JSON document and close what this writer opened."""
        if self._closed:
            return
        self._closed = True
        try:
            self.end_spans()
            self._flush()
            self._out.write(b"\n]}\n")
        finally:
            self._stack.close()


def _meta(pid: int, tid: int, name: str, args: dict[str, Any]) -> str:
    return f'{{"ph":"M","pid":{pid},"tid":{tid},"ts":0,"name":"{name}","args":{_encode(args)}}}'


def spans_in_nesting_order(trace: Trace) -> Iterator[Span]:
    """The spans of ``trace`` track by track in (start, longest first, id) order, merged by start time.

    This is the order in which :class:`ChromeTraceWriter` (and the Perfetto writer) nest spans right.
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
    with ChromeTraceWriter(path_or_file, gzip=gzip, metadata=trace.metadata) as writer:
        writer.declare_tracks(trace.tracks)
        for span in spans_in_nesting_order(trace):
            writer.end_spans(span.start_ns)
            writer.write_span(span)
        writer.end_spans()
        for flow in trace.flows:
            writer.write_flow(flow, trace.span(flow.src_span), trace.span(flow.dst_span))
        for counter in trace.counters:
            writer.write_counter(counter)
        for instant in trace.instants:
            writer.write_instant(instant)


def chrome_json_bytes(trace: Trace) -> bytes:
    """The Chrome trace JSON of ``trace`` as bytes (for embedding, e.g. in an HTML report)."""
    buf = io.BytesIO()
    write_chrome_json(trace, buf)
    return buf.getvalue()
