"""Chrome trace event JSON: the file format Perfetto and chrome://tracing load, written and read back.

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
- a :class:`~traces.records.Span` is an ``X`` event with ``cat`` = category, its args, and its span id in
  the top-level member ``id`` (viewers ignore it on ``X`` events);
- a :class:`~traces.records.Flow` is an ``s`` event at the source span's start and an ``f`` event with
  ``"bp":"e"`` at the destination span's start, both with the flow id; viewers bind each end to the
  slice that encloses it, and the member ``span_id`` names that span exactly for the reader;
- a :class:`~traces.records.Counter` is a ``C`` event named ``"<thread> <name>"`` (Perfetto keys counter
  tracks by process and name, so the thread keeps two pools of one device apart) with args
  ``{name: value}``;
- an :class:`~traces.records.Instant` is an ``i`` event with thread scope.

Timestamps are microseconds in the format; integer nanoseconds are written as exact decimals with three
places (``1234567`` ns is ``1234.567``) and read back by rounding, which is exact for times within
2**50 ns (13 days) of zero.
The same records in the same order give the same bytes; a gzip file has a zero mtime and no name in its
header for the same reason (and zlib's default level 6, which compresses traces nearly as well as 9 in
far less time).
"""

from __future__ import annotations

import contextlib
import gzip as gzip_module
import io
import itertools
import json
import os
from collections.abc import Iterator
from typing import IO, Any

from traces.errors import TraceError, TraceFormatError
from traces.records import CATEGORIES, Counter, Flow, Instant, Span, TraceMetadata, Track
from traces.trace import Trace

FORMAT = "streamsim-trace/1"
_HEADER_END = '"traceEvents":['
_encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
_BATCH = 4096  # events joined per write call (and lines per decode call); bounds memory
_decode = json.JSONDecoder().decode


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


def parse_ts(value: float | int) -> int:
    """Microseconds (as read from JSON) to integer nanoseconds.

    Examples
    --------
    >>> parse_ts(1234.567), parse_ts(3)
    (1234567, 3000)
    """
    return round(value * 1000)


class ChromeTraceWriter:
    """Streamed writer of Chrome trace JSON: events go to the file as they come, in batches.

    Tracks get their ids at first use unless declared first with :meth:`declare_tracks`. Use as a context
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
    >>> b'"ph":"X"' in buf.getvalue()
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
                gzip_module.GzipFile(filename="", fileobj=raw, mode="wb", compresslevel=6, mtime=0)
            )
        self._out = raw
        self._pids: dict[str, int] = {}
        self._tids: dict[Track, tuple[int, int]] = {}
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

    def declare_tracks(self, tracks: list[Track]) -> None:
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
        tid = 1 + sum(1 for t in self._tids if t.process == track.process)
        self._tids[track] = (pid, tid)
        self._emit(_meta(pid, tid, "thread_name", {"name": track.thread, "kind": track.kind}))
        self._emit(_meta(pid, tid, "thread_sort_index", {"sort_index": tid}))
        return pid, tid

    def write_span(self, span: Span) -> None:
        """Write one span as an ``X`` event."""
        pid, tid = self._ids(span.track)
        self._emit(
            f'{{"ph":"X","pid":{pid},"tid":{tid},"ts":{format_ts(span.start_ns)},'
            f'"dur":{format_ts(span.dur_ns)},"name":{_encode(span.name)},"cat":"{span.category}",'
            f'"id":{span.id},"args":{_encode(span.args)}}}'
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
        for span in trace.iter_spans():
            writer.write_span(span)
        for flow in trace.flows:
            writer.write_flow(flow, trace.span(flow.src_span), trace.span(flow.dst_span))
        for counter in trace.counters:
            writer.write_counter(counter)
        for instant in trace.instants:
            writer.write_instant(instant)


# -- reading ------------------------------------------------------------------------------------------


def _open_binary(path_or_file: str | os.PathLike[str] | IO[bytes], stack: contextlib.ExitStack) -> IO[bytes]:
    raw: IO[bytes]
    if isinstance(path_or_file, str | os.PathLike):
        raw = stack.enter_context(open(path_or_file, "rb"))  # noqa: SIM115
    else:
        raw = path_or_file
    if hasattr(raw, "peek"):
        head = raw.peek(2)[:2]
    elif raw.seekable():
        position = raw.tell()
        head = raw.read(2)
        raw.seek(position)
    else:
        raw = io.BufferedReader(raw)  # type: ignore[arg-type]
        head = raw.peek(2)[:2]
    if head == b"\x1f\x8b":
        raw = stack.enter_context(gzip_module.GzipFile(fileobj=raw, mode="rb"))
    return raw


def iter_chrome_events(
    path_or_file: str | os.PathLike[str] | IO[bytes],
) -> Iterator[tuple[int, dict[str, Any], dict[str, Any]]]:
    """Yield ``(line, event, document_metadata)`` for each event of a Chrome trace file (gzip or not).

    Files in this module's one-event-per-line layout are read in batches of lines, so memory stays flat.
    Other JSON (an object with ``traceEvents`` or a bare array) is parsed whole and lines are 0.
    Malformed JSON raises :class:`TraceFormatError` naming the file and line.
    """
    events = _events(path_or_file)
    metadata = next(events)
    for lineno, event in events:
        yield lineno, event, metadata


def _events(path_or_file: str | os.PathLike[str] | IO[bytes]) -> Iterator[Any]:
    """Yield the document's metadata dict, then ``(line, event)`` for each event."""
    name = _name_of(path_or_file)
    with contextlib.ExitStack() as stack:
        binary = _open_binary(path_or_file, stack)
        text = io.TextIOWrapper(binary, encoding="utf-8")
        # Detach so that closing the wrapper never closes a file object the caller owns.
        stack.callback(text.detach)
        first = text.readline()
        if first.rstrip().endswith(_HEADER_END):
            try:
                header = json.loads(first.rstrip() + "]}")
            except json.JSONDecodeError as exc:
                raise TraceFormatError(f"{name}:1: malformed trace header: {exc.msg}") from None
            yield header.get("metadata", {}) if isinstance(header.get("metadata"), dict) else {}
            lineno = 1
            while True:
                # Decode a batch of lines as one JSON array: far fewer decoder calls than one per line.
                # When the batch does not parse, the lines are decoded one by one to name the bad one.
                batch = list(itertools.islice(text, _BATCH))
                if not batch:
                    break
                lines = [line.strip() for line in batch]
                end = next((i for i, line in enumerate(lines) if line == "]}"), None)
                if end is not None:
                    lines = lines[:end]
                body = [line[:-1] if line.endswith(",") else line for line in lines]
                try:
                    events = _decode("[" + ",".join(line for line in body if line) + "]")
                except json.JSONDecodeError:
                    events = None
                if events is None or not all(isinstance(e, dict) for e in events):
                    events = []
                    for offset, line in enumerate(body):
                        if not line:
                            continue
                        where = f"{name}:{lineno + 1 + offset}"
                        try:
                            event = _decode(line)
                        except json.JSONDecodeError as exc:
                            raise TraceFormatError(f"{where}: malformed JSON event: {exc.msg}") from None
                        if not isinstance(event, dict):
                            raise TraceFormatError(f"{where}: event is not a JSON object: {line[:60]!r}")
                        events.append(event)
                numbers = [lineno + 1 + i for i, line in enumerate(body) if line]
                yield from zip(numbers, events)
                lineno += len(batch)
                if end is not None:
                    return
            raise TraceFormatError(f"{name}: truncated trace: no closing ']}}' after the last event")
        try:
            document = json.loads(first + text.read())
        except json.JSONDecodeError as exc:
            raise TraceFormatError(f"{name}:{exc.lineno}: malformed JSON: {exc.msg}") from None
        metadata = {}
        if isinstance(document, dict):
            metadata = document.get("metadata", {}) if isinstance(document.get("metadata"), dict) else {}
            document = document.get("traceEvents")
        yield metadata
        if not isinstance(document, list):
            raise TraceFormatError(f"{name}:1: expected a JSON array of events or an object with traceEvents")
        # Files from other tools may name tracks after using them; read the names first.
        document = sorted(document, key=lambda e: 0 if isinstance(e, dict) and e.get("ph") == "M" else 1)
        for event in document:
            if not isinstance(event, dict):
                raise TraceFormatError(f"{name}:0: event is not a JSON object: {event!r:.60}")
            yield 0, event


def _name_of(path_or_file: object) -> str:
    if isinstance(path_or_file, str | os.PathLike):
        return os.fspath(path_or_file)
    return str(getattr(path_or_file, "name", "<stream>"))


def read_trace(path_or_file: str | os.PathLike[str] | IO[bytes]) -> Trace:
    """Load a Chrome trace JSON file (gzip detected by content) back into a :class:`Trace`.

    Files written by :func:`write_chrome_json` come back equal to the trace written. Other files are read
    as far as they map: ``X`` and ``B``/``E`` become spans, ``C`` counters, ``i``/``I`` instants, ``s``/``f``
    pairs flows when they carry ``span_id``; other phases are skipped. Missing or ill-typed members raise
    :class:`TraceFormatError` naming the file and line.
    """
    name = _name_of(path_or_file)
    builder = _Builder(name)
    events = _events(path_or_file)
    builder.start(next(events))
    for lineno, event in events:
        try:
            builder.add(event)
        except (TraceError, KeyError, TypeError, ValueError, AttributeError) as exc:
            what = f"missing member {exc}" if isinstance(exc, KeyError) else str(exc)
            raise TraceFormatError(f"{name}:{lineno}: bad {event.get('ph', '?')!s} event: {what}") from None
    return builder.finish()


class _Builder:
    """Turns a stream of Chrome events into records."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.trace: Trace | None = None
        self.processes: dict[int, str] = {}
        self.tracks: dict[tuple[int, int], Track] = {}
        self.open_flows: dict[Any, tuple[int, dict[str, Any]]] = {}
        self.open_slices: dict[tuple[int, int], list[dict[str, Any]]] = {}
        self.next_id = 0
        self.strings: dict[str, str] = {}

    def intern(self, text: Any) -> Any:
        return self.strings.setdefault(text, text) if isinstance(text, str) else text

    def start(self, metadata: dict[str, Any]) -> None:
        known = {k: metadata[k] for k in ("machine", "program", "seed", "version", "extra") if k in metadata}
        try:
            self.trace = Trace(TraceMetadata(**known))
        except TraceError as exc:
            raise TraceFormatError(f"{self.name}:1: bad trace metadata: {exc}") from None

    def track(self, event: dict[str, Any]) -> Track:
        key = (event["pid"], event["tid"])
        track = self.tracks.get(key)
        if track is None:
            track = Track(self.processes.get(key[0], f"pid{key[0]}"), f"tid{key[1]}", "queue")
            self.tracks[key] = track
        return track

    def add(self, event: dict[str, Any]) -> None:
        assert self.trace is not None
        ph = event["ph"]
        if ph == "X":
            ts = parse_ts(_number(event, "ts"))
            span_id = event.get("id", self.next_id)
            self.next_id = max(self.next_id, span_id + 1)
            dur = parse_ts(_number(event, "dur"))
            args = event.get("args", {})
            self.trace._append_span(
                Span(
                    span_id,
                    self.track(event),
                    self.intern(event.get("name", "")),
                    _category(event),
                    ts,
                    dur,
                    args,
                )
            )
        elif ph == "C":
            track = self.track(event)
            ts = parse_ts(_number(event, "ts"))
            for key, value in event["args"].items():
                self.trace.extend((Counter(track, key, ts, value),))
        elif ph in ("i", "I"):
            self.trace.extend(
                [
                    Instant(
                        self.track(event),
                        event.get("name", ""),
                        parse_ts(_number(event, "ts")),
                        _category(event),
                        event.get("args", {}),
                    )
                ]
            )
        elif ph == "s":
            if "span_id" in event:
                self.open_flows[event["id"]] = (event["span_id"], event)
        elif ph == "f":
            if "span_id" in event:
                if event["id"] not in self.open_flows:
                    raise TraceFormatError(f"flow end id {event['id']!r} has no flow start before it")
                src, start = self.open_flows.pop(event["id"])
                self.trace.extend(
                    [Flow(event["id"], src, event["span_id"], start.get("name", ""), start.get("args", {}))]
                )
        elif ph == "B":
            self.open_slices.setdefault((event["pid"], event["tid"]), []).append(event)
        elif ph == "E":
            stack = self.open_slices.get((event["pid"], event["tid"]))
            if not stack:
                raise TraceFormatError("E event with no open B event on its thread")
            begin = stack.pop()
            start = parse_ts(_number(begin, "ts"))
            args = {**begin.get("args", {}), **event.get("args", {})}
            span = Span(
                self.next_id,
                self.track(begin),
                begin.get("name", ""),
                _category(begin),
                start,
                parse_ts(_number(event, "ts")) - start,
                args,
            )
            self.next_id += 1
            self.trace.extend([span])
        elif ph == "M":
            self._metadata_event(event)

    def _metadata_event(self, event: dict[str, Any]) -> None:
        assert self.trace is not None
        name = event.get("name")
        args = event.get("args", {})
        if name == "process_name":
            self.processes[event["pid"]] = args["name"]
        elif name == "thread_name":
            key = (event["pid"], event["tid"])
            process = self.processes.get(key[0], f"pid{key[0]}")
            track = Track(process, args["name"], args.get("kind", "queue"))
            self.tracks[key] = track
            self.trace.add_track(track)

    def finish(self) -> Trace:
        assert self.trace is not None
        if self.open_flows:
            flow_id = next(iter(self.open_flows))
            raise TraceFormatError(f"{self.name}: flow start id {flow_id!r} has no flow end")
        return self.trace


def _number(event: dict[str, Any], key: str) -> float:
    value = event[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TraceFormatError(f"member {key!r} must be a number, got {value!r}")
    return value


# Decoded strings are new objects per event; a million spans share a few names and categories, so the
# reader hands out one object per distinct value.
_CANONICAL_CATEGORY = {c: c for c in CATEGORIES}


def _category(event: dict[str, Any]) -> str:
    category = event.get("cat", "host")
    try:
        return _CANONICAL_CATEGORY[category]
    except (KeyError, TypeError):
        raise TraceFormatError(f"category {category!r} is not one of {', '.join(CATEGORIES)}") from None
