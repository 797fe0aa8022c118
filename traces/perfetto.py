"""Perfetto's native trace format (``.pftrace``): TracePacket protobufs carrying TrackEvents, written here.

The protobuf messages are the ones Perfetto itself publishes (``perfetto.protos``, in the ``perfetto``
package on PyPI), encoded by the protobuf runtime and streamed one packet at a time with the package's
``StreamingTraceProtoBuilder``, so that a large trace is never held in memory as protobuf objects.

Mapping from records to packets (the same layout as the Chrome JSON of :mod:`traces.chrome`):

- the first packet holds the trace metadata as JSON in a ``ChromeMetadata`` entry named ``streamsim``
  (with ``"format": "streamsim-pftrace/1"``), which the trace processor keeps in its metadata table;
- each process (``Track.process``) is a ``TrackDescriptor`` with a ``ProcessDescriptor`` (``pid`` numbered
  from 1 in canonical track order, ``process_name``), and each track a ``TrackDescriptor`` with a
  ``ThreadDescriptor`` (``pid``, ``thread_name`` and a ``tid`` unique in the whole trace, since Perfetto
  keys threads by tid as Linux does: ``pid * 65536 + k`` for the k-th thread of the process) whose
  ``description`` is the track kind;
- a :class:`~traces.records.Span` is a ``TYPE_SLICE_BEGIN`` event at its start (name, the category in
  ``categories``, the span id as the debug annotation ``streamsim.span_id`` and its args as debug
  annotations) and a ``TYPE_SLICE_END`` event at its end, on its thread's track; the events of one track
  come in nesting order (ends before starts at one instant, inner ends before outer ones) and all tracks
  are merged by time, as in the JSON. An end event closes the innermost open slice of its track, so
  spans must nest on each track, as ``streamsim trace check`` requires of the JSON;
- a :class:`~traces.records.Flow` is an id (its own id + 1: Perfetto flow ids are non-zero) in the
  ``flow_ids`` of its source span's begin event and in the ``terminating_flow_ids`` of its destination
  span's begin event; a flow named other than ``signal`` or with args has them in the source's
  annotation ``streamsim.flows``;
- a :class:`~traces.records.Counter` series (one per track and counter name) is a counter track named
  ``"<thread> <name>"`` under the track's process (its ``description`` is JSON of the thread, kind and
  counter name), and each sample a ``TYPE_COUNTER`` event (``counter_value`` for integers,
  ``double_counter_value`` otherwise), after the spans, in record order;
- an :class:`~traces.records.Instant` is a ``TYPE_INSTANT`` event on its thread's track, after the
  counters, in record order (the trace processor sorts events by time).

Args are JSON values: scalars in the typed fields of a debug annotation, non-empty objects and arrays
nested, and the rest (null, empty containers, integers beyond 64 bits) as ``legacy_json_value``.
Timestamps are the records' integer nanoseconds, unchanged (Perfetto's unit): no rounding anywhere.
Negative times cannot be written (TracePacket timestamps are unsigned) and raise
:class:`~traces.errors.TraceFormatError`. The same records give the same bytes, and
:func:`traces.perfetto_read.read_perfetto` reads them back into an equal trace.
"""

from __future__ import annotations

import contextlib
import heapq
import json
import os
from collections import defaultdict
from typing import IO, Any

import orjson

from traces.errors import TraceFormatError
from traces.records import Track
from traces.trace import Trace

__all__ = ["PERFETTO_SUFFIXES", "is_perfetto_path", "write_perfetto"]

#: File name endings that select the Perfetto writer (everything else is Chrome JSON).
PERFETTO_SUFFIXES: tuple[str, ...] = (".pftrace", ".perfetto-trace")

# One writer, one sequence: every packet carries the same trusted sequence id.
_SEQUENCE_ID = 1
# Counter tracks get uuids above every thread and process track.
_COUNTER_UUID_BASE = 1 << 32
#: The name of the ChromeMetadata entry that holds the trace metadata (JSON), and its format tag.
METADATA_NAME = "streamsim"
FORMAT = "streamsim-pftrace/1"
#: Debug annotations the writer adds to a span's begin event besides its args.
SPAN_ID_ANNOTATION = "streamsim.span_id"
FLOWS_ANNOTATION = "streamsim.flows"


def is_perfetto_path(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` names a Perfetto trace by its ending.

    Examples
    --------
    >>> is_perfetto_path("run.pftrace"), is_perfetto_path("run.json.gz")
    (True, False)
    """
    return os.fspath(path).endswith(PERFETTO_SUFFIXES)


def _annotate(annotation: Any, value: Any) -> None:
    """Fill a DebugAnnotation (whose name is set) with a JSON ``value``, so that it reads back the same.

    Scalars use the typed fields; non-empty objects and arrays nest (``dict_entries``, ``array_values``);
    what has no typed field (null, empty containers, integers beyond 64 bits) is ``legacy_json_value``.
    """
    if isinstance(value, bool):
        annotation.bool_value = value
    elif isinstance(value, int) and -(1 << 63) <= value < (1 << 63):
        annotation.int_value = value
    elif isinstance(value, float):
        annotation.double_value = value
    elif isinstance(value, str):
        annotation.string_value = value
    elif isinstance(value, dict) and value:
        for key, item in value.items():
            entry = annotation.dict_entries.add()
            entry.name = str(key)
            _annotate(entry, item)
    elif isinstance(value, list | tuple) and value:
        for item in value:
            _annotate(annotation.array_values.add(), item)
    else:
        annotation.legacy_json_value = json.dumps(value)  # stdlib json: orjson stops at 64-bit integers


def _check_time(what: str, time_ns: int) -> int:
    if time_ns < 0:
        raise TraceFormatError(f"{what}: time {time_ns} ns is negative; a Perfetto trace needs times >= 0")
    return time_ns


def write_perfetto(trace: Trace, path_or_file: str | os.PathLike[str] | IO[bytes]) -> None:
    """Write ``trace`` as a Perfetto protobuf trace (see the module docstring for the layout).

    Examples
    --------
    >>> import io
    >>> from perfetto.protos.perfetto.trace.perfetto_trace_pb2 import Trace as TraceProto
    >>> t = Trace()
    >>> a = t.add_span(Track.queue(0, 0), "fill", "transfer", 0, 1500, {"bytes": 64})
    >>> buf = io.BytesIO()
    >>> write_perfetto(t, buf)
    >>> packets = TraceProto.FromString(buf.getvalue()).packet
    >>> [(p.timestamp, p.track_event.type, p.track_event.name) for p in packets if p.HasField("track_event")]
    [(0, 1, 'fill'), (1500, 2, '')]
    """
    from perfetto.trace_builder.proto_builder import StreamingTraceProtoBuilder

    with contextlib.ExitStack() as stack:
        if isinstance(path_or_file, str | os.PathLike):
            out: IO[bytes] = stack.enter_context(open(path_or_file, "wb"))  # noqa: SIM115
        else:
            out = path_or_file
        _Writer(StreamingTraceProtoBuilder(out)).write(trace)


class _Writer:
    """One pass over a trace: descriptors first, then events in time order, then counters."""

    def __init__(self, builder: Any) -> None:
        self._builder = builder
        self._track_uuid: dict[Track, int] = {}
        self._process_pid: dict[str, int] = {}
        self._ends: list[tuple[int, int, int]] = []

    def _packet(self, timestamp: int | None = None) -> Any:
        packet = self._builder.create_packet()
        packet.trusted_packet_sequence_id = _SEQUENCE_ID
        if timestamp is not None:
            packet.timestamp = timestamp
        return packet

    def _declare(self, tracks: list[Track]) -> None:
        threads: dict[str, int] = defaultdict(int)
        for track in tracks:
            pid = self._process_pid.get(track.process)
            if pid is None:
                pid = self._process_pid[track.process] = len(self._process_pid) + 1
                packet = self._packet()
                packet.track_descriptor.uuid = pid
                packet.track_descriptor.process.pid = pid
                packet.track_descriptor.process.process_name = track.process
                self._builder.write_packet(packet)
            threads[track.process] += 1
            tid = threads[track.process]
            uuid = (pid << 16) | tid
            self._track_uuid[track] = uuid
            packet = self._packet()
            packet.track_descriptor.uuid = uuid
            packet.track_descriptor.parent_uuid = pid
            packet.track_descriptor.thread.pid = pid
            packet.track_descriptor.thread.tid = uuid
            packet.track_descriptor.thread.thread_name = track.thread
            packet.track_descriptor.description = track.kind
            self._builder.write_packet(packet)

    def write(self, trace: Trace) -> None:
        from traces.chrome import spans_in_nesting_order

        packet = self._packet()
        entry = packet.chrome_events.metadata.add()
        entry.name = METADATA_NAME
        entry.json_value = orjson.dumps({**trace.metadata.to_dict(), "format": FORMAT}).decode()
        self._builder.write_packet(packet)

        tracks = list(trace.tracks)
        known = set(tracks)
        for extra in [*(s.track for s in trace.iter_spans()), *(i.track for i in trace.instants)]:
            if extra not in known:
                known.add(extra)
                tracks.append(extra)
        self._declare(tracks)
        outgoing: dict[int, list[int]] = defaultdict(list)
        incoming: dict[int, list[int]] = defaultdict(list)
        # Perfetto flows carry no name or args: those of flows other than a plain "signal" ride on the
        # source span's begin event as the annotation "streamsim.flows" ({flow id: {name, args}}).
        described: dict[int, dict[str, Any]] = defaultdict(dict)
        for flow in trace.flows:
            outgoing[flow.src_span].append(flow.id + 1)
            incoming[flow.dst_span].append(flow.id + 1)
            if flow.name != "signal" or flow.args:
                described[flow.src_span][str(flow.id + 1)] = {"name": flow.name, "args": flow.args}
        # (end, -sequence, track uuid) of spans begun and not yet ended. A later-starting span that ends at
        # the same instant as an earlier one is inner, so its end must come first: ties go to -sequence.
        self._ends = []
        for sequence, span in enumerate(spans_in_nesting_order(trace)):
            start = _check_time(f"span {span.id} ({span.name})", span.start_ns)
            self._drain(start)
            packet = self._packet(start)
            event = packet.track_event
            event.type = event.TYPE_SLICE_BEGIN
            event.track_uuid = self._track_uuid[span.track]
            event.name = span.name
            event.categories.append(span.category)
            annotation = event.debug_annotations.add()
            annotation.name = SPAN_ID_ANNOTATION
            annotation.int_value = span.id
            for key, value in span.args.items():
                annotation = event.debug_annotations.add()
                annotation.name = key
                _annotate(annotation, value)
            if span.id in described:
                annotation = event.debug_annotations.add()
                annotation.name = FLOWS_ANNOTATION
                _annotate(annotation, described[span.id])
            event.flow_ids.extend(outgoing.get(span.id, ()))
            event.terminating_flow_ids.extend(incoming.get(span.id, ()))
            self._builder.write_packet(packet)
            heapq.heappush(self._ends, (span.end_ns, -sequence, event.track_uuid))
        self._drain(None)
        self._counters(trace)
        for instant in trace.instants:
            self._instant(instant)

    def _drain(self, until: int | None) -> None:
        """Write the ends of the spans that end at or before ``until`` (all when None), in time order."""
        ends = self._ends
        while ends and (until is None or ends[0][0] <= until):
            self._end(heapq.heappop(ends))

    def _end(self, item: tuple[int, int, int]) -> None:
        packet = self._packet(item[0])
        packet.track_event.type = packet.track_event.TYPE_SLICE_END
        packet.track_event.track_uuid = item[2]
        self._builder.write_packet(packet)

    def _instant(self, instant: Any) -> None:
        packet = self._packet(_check_time(f"instant {instant.name!r}", instant.time_ns))
        event = packet.track_event
        event.type = event.TYPE_INSTANT
        event.track_uuid = self._track_uuid[instant.track]
        event.name = instant.name
        event.categories.append(instant.category)
        for key, value in instant.args.items():
            annotation = event.debug_annotations.add()
            annotation.name = key
            _annotate(annotation, value)
        self._builder.write_packet(packet)

    def _counters(self, trace: Trace) -> None:
        uuids: dict[tuple[Track, str], int] = {}
        for counter in trace.counters:
            key = (counter.track, counter.name)
            uuid = uuids.get(key)
            if uuid is None:
                uuid = uuids[key] = _COUNTER_UUID_BASE + len(uuids)
                pid = self._process_pid.get(counter.track.process)
                if pid is None:
                    self._declare([counter.track])
                    pid = self._process_pid[counter.track.process]
                packet = self._packet()
                packet.track_descriptor.uuid = uuid
                packet.track_descriptor.parent_uuid = pid
                packet.track_descriptor.name = f"{counter.track.thread} {counter.name}"
                packet.track_descriptor.description = orjson.dumps(
                    {"thread": counter.track.thread, "kind": counter.track.kind, "counter": counter.name}
                ).decode()
                packet.track_descriptor.counter.SetInParent()
                self._builder.write_packet(packet)
            packet = self._packet(_check_time(f"counter {counter.name!r}", counter.time_ns))
            event = packet.track_event
            event.type = event.TYPE_COUNTER
            event.track_uuid = uuid
            if isinstance(counter.value, int):
                event.counter_value = counter.value
            else:
                event.double_counter_value = counter.value
            self._builder.write_packet(packet)
