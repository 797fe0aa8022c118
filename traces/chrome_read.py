"""Reading Chrome trace event JSON back into records, streamed and with one clear error per bad input.

Files in the writer's one-event-per-line layout (:mod:`traces.chrome`) are read in chunks of lines
(:mod:`traces.chrome_lines`), so memory stays flat and a bad line is named by its number: each group of lines
msgspec decodes as the writer's spans, flows and counters becomes records straight away
(:mod:`traces.chrome_groups`), any other is decoded with orjson and read event by event. Other
JSON (an object with ``traceEvents`` or a bare array, as other tools write) is parsed whole. Either way
nothing a file holds can crash the reader: bytes that are not UTF-8, nesting deeper than orjson's limit
(1024), ``NaN`` literals, numbers out of range and members of the wrong type all raise
:class:`~traces.errors.TraceFormatError` naming the file and line. An integer reads as orjson reads it,
whichever way its line was decoded: as an int from -2**63 to 2**64 - 1, as the nearest float beyond.

Times must lie within ``MAX_TIME_NS`` of zero (2**62 ns, 146 years), so that every sum of a start and a
duration still fits the int64 columns of :mod:`traces.frames` and analysis never overflows.
"""

from __future__ import annotations

import contextlib
import gc
import gzip as gzip_module
import io
import os
import sys
import zlib
from collections.abc import Callable, Iterator, Sequence
from typing import IO, Any

import orjson

from traces.chrome_lines import _json_error, _layout_events
from traces.errors import TraceError, TraceFormatError, TraceRecordError, UnknownSpanError
from traces.records import (
    CATEGORIES,
    Counter,
    Flow,
    Instant,
    Span,
    TraceMetadata,
    Track,
    _tuple_new,
)
from traces.trace import Trace

_HEADER_END = b'"traceEvents":['

#: The largest magnitude of a time (start, duration, sample time) a trace may hold, in nanoseconds.
MAX_TIME_NS = 2**62
_MAX_TS_US = MAX_TIME_NS / 1000
#: Whether :func:`read_trace` reads the writer's groups of lines with msgspec (:mod:`traces.chrome_groups`);
#: off, every group is read the orjson way. The records, and any error, are the same either way.
_GROUPS = True


def parse_ts(value: object) -> int:
    """Microseconds (as read from JSON) to integer nanoseconds; TraceFormatError when not a usable time.

    Examples
    --------
    >>> parse_ts(1234.567), parse_ts(3)
    (1234567, 3000)
    """
    if type(value) is float:
        if not -_MAX_TS_US <= value <= _MAX_TS_US:  # also rejects NaN
            raise TraceFormatError(f"time {value!r} us is out of range (|t| <= {_MAX_TS_US:.3g} us)")
        return round(value * 1000)
    if type(value) is int:
        if not -_MAX_TS_US <= value <= _MAX_TS_US:
            raise TraceFormatError(f"time {value!r} us is out of range (|t| <= {_MAX_TS_US:.3g} us)")
        return value * 1000
    raise TraceFormatError(f"time must be a number of microseconds, got {value!r:.60}")


def _name_of(path_or_file: object) -> str:
    if isinstance(path_or_file, str | os.PathLike):
        return os.fspath(path_or_file)
    return str(getattr(path_or_file, "name", "<stream>"))


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
        raw = io.BufferedReader(raw)  # type: ignore[type-var]
        head = raw.peek(2)[:2]
    if isinstance(head, str):
        raise TraceFormatError(f"{_name_of(path_or_file)}: expected a binary file object, got a text one")
    if head == b"\x1f\x8b":
        raw = stack.enter_context(gzip_module.GzipFile(fileobj=raw, mode="rb"))  # type: ignore[arg-type]
    return raw


def iter_chrome_events(
    path_or_file: str | os.PathLike[str] | IO[bytes],
) -> Iterator[tuple[int, dict[str, Any], dict[str, Any]]]:
    """Yield ``(line, event, document_metadata)`` for each event of a Chrome trace file (gzip or not).

    Files in :mod:`traces.chrome`'s one-event-per-line layout are read in batches of lines, so memory
    stays flat. Other JSON (an object with ``traceEvents`` or a bare array) is parsed whole and lines are
    0. Malformed input raises :class:`TraceFormatError` naming the file and line.
    """
    events = _events(path_or_file)
    metadata = next(events)
    for lineno, event in events:
        yield lineno, event, metadata


def _events(path_or_file: str | os.PathLike[str] | IO[bytes]) -> Iterator[Any]:
    """Yield the document's metadata dict, then ``(line, event)`` for each event."""
    batches = _event_batches(path_or_file)
    yield next(batches)
    for numbers, events in batches:
        yield from zip(numbers, events)


def _event_batches(
    path_or_file: str | os.PathLike[str] | IO[bytes], groups: Callable[[memoryview, int], bool] | None = None
) -> Iterator[Any]:
    """Yield the document's metadata dict, then ``(line numbers, events)`` lists, a batch at a time (but
    for the groups of lines ``groups`` reads: :func:`traces.chrome_lines._layout_events`)."""
    name = _name_of(path_or_file)
    try:
        yield from _events_unguarded(path_or_file, name, groups)
    except (gzip_module.BadGzipFile, EOFError, zlib.error) as exc:
        raise TraceFormatError(f"{name}: corrupt gzip data: {exc}") from None


def _events_unguarded(
    path_or_file: str | os.PathLike[str] | IO[bytes], name: str, groups: Callable[[memoryview, int], bool] | None
) -> Iterator[Any]:
    with contextlib.ExitStack() as stack:
        binary = _open_binary(path_or_file, stack)
        first = binary.readline()
        if first.rstrip().endswith(_HEADER_END):
            try:
                header = orjson.loads(first.rstrip() + b"]}")
            except orjson.JSONDecodeError as exc:
                raise _json_error(name, 1, exc, "malformed trace header") from None
            meta = header.get("metadata") if isinstance(header, dict) else None
            yield meta if isinstance(meta, dict) else {}
            yield from _layout_events(binary, name, groups)
            return
        document = first + binary.read()
    if not document.strip():
        raise TraceFormatError(f"{name}: empty file: no trace events")
    try:
        parsed = orjson.loads(document)
    except orjson.JSONDecodeError as exc:
        raise _json_error(name, exc.lineno, exc, "malformed JSON") from None
    metadata: dict[str, Any] = {}
    if isinstance(parsed, dict):
        if "traceEvents" not in parsed:
            raise TraceFormatError(f"{name}:1: a JSON object without traceEvents is not a Chrome trace")
        found = parsed.get("metadata")
        metadata = found if isinstance(found, dict) else {}
        parsed = parsed["traceEvents"]
    yield metadata
    if not isinstance(parsed, list):
        raise TraceFormatError(f"{name}:1: expected a JSON array of events or an object with traceEvents")
    # Files from other tools may name tracks after using them; read the names first.
    parsed.sort(key=lambda e: 0 if isinstance(e, dict) and e.get("ph") == "M" else 1)
    for event in parsed:
        if not isinstance(event, dict):
            raise TraceFormatError(f"{name}:0: event is not a JSON object: {event!r:.60}")
    yield [0] * len(parsed), parsed


def read_trace(path_or_file: str | os.PathLike[str] | IO[bytes]) -> Trace:
    """Load a Chrome trace JSON file (gzip detected by content) back into a :class:`Trace`.

    Files written by :func:`~traces.chrome.write_chrome_json` come back equal to the trace written. Other
    files are read as far as they map: ``X`` and ``B``/``E`` become spans, ``C`` counters, ``i``/``I``
    instants, ``s``/``f`` pairs flows when they carry ``span_id``; other phases are skipped. Missing or
    ill-typed members, times out of range and unbalanced ``B``/``E`` raise :class:`TraceFormatError`
    naming the file and line.
    """
    name = _name_of(path_or_file)
    builder = _Builder(name)
    # Decoded events and records hold no reference cycles; with the cyclic collector running, it would walk
    # the growing trace again and again (almost half the time of a million-event read).
    collecting = gc.isenabled()
    gc.disable()
    try:
        groups = None
        if _GROUPS:
            # Imported by the first read: msgspec and the Structs take 10-15 ms, which a process that only
            # writes traces (a CLI run) need not pay.
            from traces.chrome_groups import group_reader

            groups = group_reader(builder)
        batches = _event_batches(path_or_file, groups)
        builder.start(next(batches))
        for numbers, events in batches:
            builder.add_batch(numbers, events)
        trace = builder.finish()
        if collecting and len(trace._spans) + len(trace._flows) + len(trace._counters) >= HANDOVER_RECORDS:
            _hand_over_records()
        return trace
    finally:
        if collecting:
            gc.enable()


#: Traces of at least this many spans, flows and counters are handed to the collector's permanent
#: generation when read (:func:`_hand_over_records`); smaller ones leave it to the young collections.
HANDOVER_RECORDS = 100_000


def _hand_over_records() -> None:
    """Put what the collector tracks out of its young and middle walks, without walking it.

    Paused while reading, the collector owes a walk of every record read: the first young collection after
    the read walks them all (0.2 s for a million events), and the next middle one again. Records and their
    args make no reference cycles, and a trace dropped later is freed by reference counts, so those walks
    would find nothing; ``gc.freeze()`` moves them to the collector's permanent generation instead, where
    they stay (moved back with ``gc.unfreeze()``, they would not count towards CPython's trigger of a full
    collection, which would then walk them all after the tenth middle collection). What else is frozen is
    what the caller's young generations held (a few thousand objects at most): cyclic garbage among it
    waits for a full collection of the frozen objects, which the parser's hand-over starts when the tracked
    objects doubled (:func:`ir.handover.hand_over_survivors`; what it hands over, the IR, is made of cycles
    and becomes cyclic garbage when a schedule erases ops; nothing a read makes does).

    That hand-over decides by a running bound of the frozen objects, which every freeze must add to: once
    ``ir`` is loaded, the freeze here is its counted one (:func:`ir.handover.freeze`), looked up rather
    than imported (``traces`` imports nothing of ``ir``). Before, there is no bound yet: ``ir``'s first
    hand-over counts the frozen objects exactly, these records among them.
    """
    handover = sys.modules.get("ir.handover")
    if handover is None:
        gc.freeze()
    else:
        handover.freeze()


def _int_member(event: dict[str, Any], key: str) -> int:
    value = event[key]
    if type(value) is not int:
        raise TraceFormatError(f"member {key!r} must be an integer, got {value!r:.60}")
    return value


class _Builder:
    """Turns a stream of Chrome events into records."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.trace = Trace()
        self.processes: dict[int, str] = {}
        self.tracks: dict[tuple[int, int], Track] = {}
        self.open_flows: dict[Any, dict[str, Any]] = {}  # flow starts by id
        self.open_slices: dict[tuple[int, int], list[tuple[dict[str, Any], int]]] = {}
        self.next_id = 0
        self.strings: dict[str, str] = {}
        self.span_ids: set[int] = set()

    def start(self, metadata: dict[str, Any]) -> None:
        known = {k: metadata[k] for k in ("machine", "program", "seed", "version", "extra") if k in metadata}
        try:
            self.trace = Trace(TraceMetadata(**known))
        except TraceError as exc:
            raise TraceFormatError(f"{self.name}:1: bad trace metadata: {exc}") from None

    def track(self, event: dict[str, Any]) -> Track:
        """The track of ``event``'s pid and tid, made (and added to the trace) at its first use.

        Every track in :attr:`tracks` is in the trace: a named thread's is added when its name is read, any
        other here, by the record about to use it (whose failure fails the read). So records need not add
        their track themselves (a Track hashes in Python: that was a call per span)."""
        key = (event["pid"], event["tid"])
        track = self.tracks.get(key)
        if track is None:
            pid, tid = _int_member(event, "pid"), _int_member(event, "tid")
            track = Track(self.processes.get(pid, f"pid{pid}"), f"tid{tid}", "queue")
            self.tracks[key] = track
            self.trace._tracks.setdefault(track, None)
        return track

    def span(self, event: dict[str, Any], start: int, dur: int, args: Any) -> None:
        span_id = event.get("id")
        if span_id is None:
            span_id = self.next_id
        elif type(span_id) is not int or span_id < 0:
            raise TraceFormatError(f"span id must be an integer >= 0, got {span_id!r:.60}")
        if span_id >= self.next_id:
            self.next_id = span_id + 1
        name = event.get("name", "")
        if type(name) is not str:
            raise TraceFormatError(f"name must be a string, got {name!r:.60}")
        if type(args) is not dict:
            raise TraceFormatError(f"args must be an object, got {args!r:.60}")
        if not 0 <= dur <= MAX_TIME_NS:
            raise TraceFormatError(f"duration must be >= 0 and <= {MAX_TIME_NS} ns, got {dur} ns")
        try:
            category = _CANONICAL_CATEGORY[event.get("cat", "host")]
        except (KeyError, TypeError):
            category = _category(event)  # raises, naming the category
        track = self.tracks.get((event["pid"], event["tid"]))
        if track is None:
            track = self.track(event)
        # What Trace._append_span does, with a set of the ids so far in place of the trace's index (which
        # the spans' final ordering discards anyway).
        span_ids = self.span_ids
        if span_id in span_ids:
            raise TraceRecordError(f"span id {span_id} is already in the trace")
        span_ids.add(span_id)
        # unchecked_span, inline: the fields are checked above
        self.trace._spans.append(
            _tuple_new(Span, (span_id, track, self.strings.setdefault(name, name), category, start, dur, args))
        )

    def flow(self, flow: Flow) -> None:
        """What Trace._append_flow does, checked against the ids of the spans read so far."""
        for end in (flow.src_span, flow.dst_span):
            if end not in self.span_ids:
                raise UnknownSpanError(
                    f"flow {flow.id} ({flow.name}) names span {end}, which is not in the trace"
                )
        self.trace._flows.append(flow)

    def add_batch(self, numbers: Sequence[int], events: list[dict[str, Any]]) -> None:
        """Add decoded events (``numbers`` their lines); a bad one raises TraceFormatError naming its line.

        The writer's events (``X``, flows' ``s`` and ``f``, ``C``; ``B``/``E`` pairs of older files) are
        handled inline, doing what :meth:`add` does, the rest by :meth:`add`."""
        i = 0
        open_slices, open_flows, span_ids = self.open_slices, self.open_flows, self.span_ids
        span, add = self.span, self.add
        flows_append, counters_append = self.trace._flows.append, self.trace._counters.append
        tracks, spans_append = self.tracks, self.trace._spans.append
        strings_setdefault, canonical_category = self.strings.setdefault, _CANONICAL_CATEGORY
        # Records are tuples of their fields: made unchecked (their checks passed here) with one C call.
        new_record, span_class, flow_class, counter_class = _tuple_new, Span, Flow, Counter
        lo, hi = -_MAX_TS_US, _MAX_TS_US
        event: dict[str, Any] = {}
        try:
            for event in events:
                ph = event["ph"]
                if ph == "X":
                    ts = event["ts"]
                    start = round(ts * 1000) if type(ts) is float and lo <= ts <= hi else parse_ts(ts)
                    ts = event["dur"]
                    dur = round(ts * 1000) if type(ts) is float and lo <= ts <= hi else parse_ts(ts)
                    # A missing args member is an empty one (span() is given a new {} for it); no {} is made
                    # per event for the default.
                    args = event.get("args", _MISSING)
                    span_id = event.get("id")
                    name = event.get("name", "")
                    cat = event.get("cat", "host")
                    # The common case, checked as span() checks it, in its order; anything else (and any
                    # error) goes through span().
                    if (
                        type(span_id) is int
                        and span_id >= 0
                        and type(name) is str
                        and type(args) is dict
                        and 0 <= dur <= MAX_TIME_NS
                        and type(cat) is str
                        and cat in canonical_category
                    ):
                        track = tracks.get((event["pid"], event["tid"]))
                        if track is not None and span_id not in span_ids:
                            if span_id >= self.next_id:
                                self.next_id = span_id + 1
                            span_ids.add(span_id)
                            spans_append(
                                new_record(
                                    span_class,
                                    (
                                        span_id,
                                        track,
                                        strings_setdefault(name, name),
                                        canonical_category[cat],
                                        start,
                                        dur,
                                        args,
                                    ),
                                )
                            )
                            i += 1
                            continue
                    span(event, start, dur, {} if args is _MISSING else args)
                elif ph == "s":
                    if "span_id" in event:
                        flow_id = event["id"]
                        if flow_id in open_flows:
                            raise TraceFormatError(f"second flow start with id {flow_id!r:.40}")
                        open_flows[flow_id] = event
                elif ph == "f":
                    if "span_id" in event:
                        flow_id = event["id"]
                        if flow_id not in open_flows:
                            raise TraceFormatError(f"flow end id {flow_id!r:.40} has no flow start before it")
                        start_event = open_flows.pop(flow_id)
                        src = start_event["span_id"]
                        dst = event["span_id"]
                        flow_name = start_event.get("name", "")
                        flow_args = start_event.get("args", {})
                        if (
                            type(flow_id) is int
                            and flow_id >= 0
                            and type(src) is int
                            and src >= 0
                            and type(dst) is int
                            and dst >= 0
                            and type(flow_name) is str
                            and type(flow_args) is dict
                            and src in span_ids
                            and dst in span_ids
                        ):
                            # The checks Flow would make, and that its ends are spans of the trace, passed:
                            # the same flow, built unchecked (unchecked_flow, inline).
                            flows_append(new_record(flow_class, (flow_id, src, dst, flow_name, flow_args)))
                        else:
                            self.flow(Flow(flow_id, src, dst, flow_name, flow_args))  # checked the long way
                elif ph == "C":
                    track = tracks.get((event["pid"], event["tid"]))
                    if track is None:
                        track = self.track(event)
                    ts = event["ts"]
                    start = round(ts * 1000) if type(ts) is float and lo <= ts <= hi else parse_ts(ts)
                    args = event["args"]
                    if type(args) is not dict or not args:
                        raise TraceFormatError(f"C args must be a non-empty object, got {args!r:.60}")
                    for key, value in args.items():
                        if type(key) is str and key and type(value) is int:
                            # Counter's checks, passed: unchecked_counter, inline
                            counters_append(new_record(counter_class, (track, key, start, value)))
                        else:
                            counters_append(Counter(track, key, start, value))
                elif ph == "B":
                    ts = event["ts"]
                    start = round(ts * 1000) if type(ts) is float and lo <= ts <= hi else parse_ts(ts)
                    key = (event["pid"], event["tid"])
                    stack = open_slices.get(key)
                    if stack is None:
                        stack = open_slices[key] = []
                    stack.append((event, start))
                elif ph == "E":
                    stack = open_slices.get((event["pid"], event["tid"]))
                    if not stack:
                        raise TraceFormatError("E event with no open B event on its thread")
                    begin, start = stack.pop()
                    end_name = event.get("name")
                    if end_name is not None and end_name != begin.get("name", ""):
                        raise TraceFormatError(
                            f"E event {end_name!r:.40} closes the B event {begin.get('name', '')!r:.40}; "
                            "B/E events on a thread must nest"
                        )
                    ts = event["ts"]
                    end = round(ts * 1000) if type(ts) is float and lo <= ts <= hi else parse_ts(ts)
                    b_args = begin.get("args", {})
                    e_args = event.get("args")
                    if e_args and e_args != b_args:
                        if type(e_args) is not dict or type(b_args) is not dict:
                            raise TraceFormatError(f"args must be an object, got {e_args!r:.60}")
                        b_args = {**b_args, **e_args}
                    span(begin, start, end - start, b_args)
                else:
                    add(event)
                i += 1
        except (TraceError, KeyError, TypeError, ValueError, AttributeError, OverflowError) as exc:
            what = f"missing member {exc}" if isinstance(exc, KeyError) else str(exc)
            raise TraceFormatError(
                f"{self.name}:{numbers[i]}: bad {event.get('ph', '?')!s:.8} event: {what}"
            ) from None

    def add(self, event: dict[str, Any]) -> None:
        """An event of a phase other than ``B``/``E`` (which :meth:`add_batch` pairs itself)."""
        ph = event["ph"]
        if ph == "X":
            start = parse_ts(event["ts"])
            self.span(event, start, parse_ts(event["dur"]), event.get("args", {}))
        elif ph == "C":
            track = self.track(event)
            ts = parse_ts(event["ts"])
            args = event["args"]
            if type(args) is not dict or not args:
                raise TraceFormatError(f"C args must be a non-empty object, got {args!r:.60}")
            for key, value in args.items():
                self.trace.extend((Counter(track, key, ts, value),))
        elif ph in ("i", "I"):
            args = event.get("args", {})
            self.trace.extend(
                [
                    Instant(
                        self.track(event),
                        event.get("name", ""),
                        parse_ts(event["ts"]),
                        _category(event),
                        args,
                    )
                ]
            )
        elif ph == "s":
            if "span_id" in event:
                flow_id = event["id"]
                if flow_id in self.open_flows:
                    raise TraceFormatError(f"second flow start with id {flow_id!r:.40}")
                self.open_flows[flow_id] = event
        elif ph == "f":
            if "span_id" in event:
                if event["id"] not in self.open_flows:
                    raise TraceFormatError(f"flow end id {event['id']!r:.40} has no flow start before it")
                start_event = self.open_flows.pop(event["id"])
                self.flow(
                    Flow(
                        event["id"],
                        start_event["span_id"],
                        event["span_id"],
                        start_event.get("name", ""),
                        start_event.get("args", {}),
                    )
                )
        elif ph == "M":
            self._metadata_event(event)
        elif type(ph) is not str:
            raise TraceFormatError(f"member 'ph' must be a string, got {ph!r:.40}")

    def _metadata_event(self, event: dict[str, Any]) -> None:
        name = event.get("name")
        args = event.get("args", {})
        if name == "process_name":
            process = args["name"]
            if type(process) is not str or not process:
                raise TraceFormatError(f"process name must be a non-empty string, got {process!r:.40}")
            self.processes[_int_member(event, "pid")] = process
        elif name == "thread_name":
            pid, tid = _int_member(event, "pid"), _int_member(event, "tid")
            process = self.processes.get(pid, f"pid{pid}")
            track = Track(process, args["name"], args.get("kind", "queue"))
            self.tracks[(pid, tid)] = track
            self.trace.add_track(track)

    def finish(self) -> Trace:
        for (pid, tid), stack in self.open_slices.items():
            if stack:
                raise TraceFormatError(
                    f"{self.name}: B event {stack[-1][0].get('name', '')!r:.40} on pid {pid} tid {tid} "
                    "has no E event"
                )
        if self.open_flows:
            flow_id = next(iter(self.open_flows))
            raise TraceFormatError(f"{self.name}: flow start id {flow_id!r:.40} has no flow end")
        trace = self.trace
        # The reader appended its spans itself: their ids need not be their positions (a windowed or imported
        # trace's are not), so the trace is not taken as numbered by position; the index is built on first use.
        trace._index = None
        trace._dense = False
        trace._last_track = None
        if trace._spans:
            trace._next_id = max(trace._next_id, self.next_id)
        trace._order_spans_by_id()
        return self.trace


_MISSING: Any = object()

# Decoded strings are new objects per event; a million spans share a few names and categories, so the
# reader hands out one object per distinct value.
_CANONICAL_CATEGORY = {c: c for c in CATEGORIES}


def _category(event: dict[str, Any]) -> str:
    category = event.get("cat", "host")
    try:
        return _CANONICAL_CATEGORY[category]
    except (KeyError, TypeError):
        raise TraceFormatError(f"category {category!r:.40} is not one of {', '.join(CATEGORIES)}") from None
