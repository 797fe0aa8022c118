"""Reader of Perfetto traces written by :mod:`traces.perfetto` back into trace records.

The file is decoded with Perfetto's own protobuf schema (``perfetto.protos``) and its TrackEvents are read
the way Perfetto's trace processor reads them: track descriptors name processes, threads and counter
tracks; a ``TYPE_SLICE_BEGIN`` opens a slice on its track and a ``TYPE_SLICE_END`` closes the innermost
open one; ``flow_ids`` and ``terminating_flow_ids`` join slices; ``TYPE_COUNTER`` events sample counter
tracks; ``TYPE_INSTANT`` events are instants. What :mod:`traces.perfetto` adds for a faithful round trip
(the metadata entry, the track kind in a thread's ``description``, the annotations ``streamsim.span_id``
and ``streamsim.flows``) is read when present; without it (a Perfetto trace from another tool) tracks are
``queue`` tracks (``host`` in a process named ``host``), spans without an id are numbered in the order
their slices end, and flows are ``signal`` flows. The whole file is decoded at once.

Malformed input raises :class:`~traces.errors.TraceFormatError` naming the file and the problem.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from typing import IO, Any

import orjson

from traces.errors import TraceFormatError, TraceRecordError
from traces.perfetto import FLOWS_ANNOTATION, METADATA_NAME, SPAN_ID_ANNOTATION
from traces.records import CATEGORIES, TRACK_KINDS, Counter, Flow, Instant, Span, TraceMetadata, Track
from traces.trace import Trace

__all__ = ["read_perfetto"]


def _value(annotation: Any) -> Any:
    """The JSON value of a DebugAnnotation, as :func:`traces.perfetto._annotate` wrote it."""
    kind = annotation.WhichOneof("value")
    if kind in ("bool_value", "int_value", "uint_value", "double_value", "string_value"):
        return getattr(annotation, kind)
    if kind == "legacy_json_value":
        try:
            return json.loads(annotation.legacy_json_value)
        except json.JSONDecodeError as exc:
            raise TraceFormatError(f"debug annotation {annotation.name!r}: bad JSON value ({exc})") from None
    if annotation.dict_entries:
        return {entry.name: _value(entry) for entry in annotation.dict_entries}
    if annotation.array_values:
        return [_value(item) for item in annotation.array_values]
    if kind is None:
        return None
    raise TraceFormatError(f"debug annotation {annotation.name!r}: unsupported value field {kind}")


def _json_object(text: str, what: str) -> dict[str, Any]:
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError as exc:
        raise TraceFormatError(f"{what} is not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise TraceFormatError(f"{what} must be a JSON object, got {value!r:.60}")
    return value


def read_perfetto(path_or_file: str | os.PathLike[str] | IO[bytes]) -> Trace:
    """Read a Perfetto protobuf trace into a :class:`~traces.trace.Trace`.

    Examples
    --------
    >>> import io
    >>> from traces.perfetto import write_perfetto
    >>> t = Trace(TraceMetadata(program="demo"))
    >>> a = t.add_span(Track.queue(0, 0), "fill", "transfer", 0, 1500, {"bytes": 64, "loc": None})
    >>> b = t.add_span(Track.host(), "await", "sync", 1500, 10)
    >>> _ = t.add_flow(a, b)
    >>> _ = t.add_counter(Track.pool(0, 0), "memory_bytes", 0, 64)
    >>> buf = io.BytesIO()
    >>> write_perfetto(t, buf)
    >>> read_perfetto(io.BytesIO(buf.getvalue())) == t
    True
    """
    from google.protobuf.message import DecodeError
    from perfetto.protos.perfetto.trace.perfetto_trace_pb2 import Trace as TraceProto

    if isinstance(path_or_file, str | os.PathLike):
        name = os.fspath(path_or_file)
        with open(path_or_file, "rb") as f:
            data = f.read()
    else:
        name = getattr(path_or_file, "name", "<stream>")
        data = path_or_file.read()
    try:
        proto = TraceProto.FromString(data)
    except DecodeError as exc:
        raise TraceFormatError(f"{name}: not a Perfetto protobuf trace ({exc})") from None
    try:
        return _Reader().read(proto.packet)
    except (TraceFormatError, TraceRecordError) as exc:
        raise TraceFormatError(f"{name}: {exc}") from None


class _Reader:
    def __init__(self) -> None:
        self.trace = Trace()
        self.processes: dict[int, str] = {}
        self.tracks: dict[int, Track] = {}
        self.counter_tracks: dict[int, tuple[Track, str]] = {}
        self.open: dict[int, list[tuple[int, Any]]] = defaultdict(list)
        self.spans: list[Span] = []
        self.flow_src: dict[int, int] = {}
        self.flow_dst: dict[int, int] = {}
        self.flow_info: dict[int, dict[str, Any]] = {}
        self.counters: list[Counter] = []
        self.instants: list[Instant] = []
        self.next_id = 0

    def read(self, packets: Any) -> Trace:
        for packet in packets:
            if packet.HasField("chrome_events"):
                for entry in packet.chrome_events.metadata:
                    if entry.name == METADATA_NAME:
                        self._metadata(entry.json_value)
            if packet.HasField("track_descriptor"):
                self._descriptor(packet.track_descriptor)
            if packet.HasField("track_event"):
                self._event(packet.timestamp, packet.track_event)
        for uuid, stack in self.open.items():
            if stack:
                raise TraceFormatError(f"slice {stack[-1][1].name!r:.40} on track {uuid} has no end event")
        self.spans.sort(key=lambda s: s.id)
        self.trace.extend(self.spans)
        if set(self.flow_src) != set(self.flow_dst):
            lone = sorted(set(self.flow_src) ^ set(self.flow_dst))[0]
            raise TraceFormatError(f"flow {lone} has only one end")
        flows = []
        for flow_id in sorted(self.flow_src):
            info = self.flow_info.get(flow_id, {})
            flows.append(
                Flow(
                    flow_id - 1,
                    self.flow_src[flow_id],
                    self.flow_dst[flow_id],
                    info.get("name", "signal"),
                    info.get("args", {}),
                )
            )
        self.trace.extend(flows)
        self.trace.extend(self.counters)
        self.trace.extend(self.instants)
        return self.trace

    def _metadata(self, text: str) -> None:
        meta = _json_object(text, "the streamsim metadata entry")
        known = {k: meta[k] for k in ("machine", "program", "seed", "version", "extra") if k in meta}
        tracks = self.trace.tracks
        self.trace = Trace(TraceMetadata(**known))
        for track in tracks:
            self.trace.add_track(track)

    def _descriptor(self, d: Any) -> None:
        if d.HasField("process"):
            self.processes[d.uuid] = d.process.process_name or f"pid{d.process.pid}"
        elif d.HasField("thread"):
            process = self.processes.get(d.parent_uuid) or self.processes.get(
                d.thread.pid, f"pid{d.thread.pid}"
            )
            kind = (
                d.description if d.description in TRACK_KINDS else ("host" if process == "host" else "queue")
            )
            track = Track(process, d.thread.thread_name or f"tid{d.thread.tid}", kind)
            self.tracks[d.uuid] = track
            self.trace.add_track(track)
        elif d.HasField("counter"):
            process = self.processes.get(d.parent_uuid, "counters")
            if d.description.startswith("{"):
                info = _json_object(d.description, f"counter track {d.name!r}")
                track = Track(process, info["thread"], info["kind"])
                self.counter_tracks[d.uuid] = (track, info["counter"])
            else:
                self.counter_tracks[d.uuid] = (
                    Track(process, "counters", "pool"),
                    d.name or f"counter{d.uuid}",
                )
        else:
            track = Track("perfetto", d.name or f"track{d.uuid}", "queue")
            self.tracks[d.uuid] = track
            self.trace.add_track(track)

    def _track(self, uuid: int) -> Track:
        track = self.tracks.get(uuid)
        if track is None:
            raise TraceFormatError(f"event on track {uuid}, which no track descriptor declares")
        return track

    def _event(self, timestamp: int, event: Any) -> None:
        if event.type == event.TYPE_SLICE_BEGIN:
            self._track(event.track_uuid)
            self.open[event.track_uuid].append((timestamp, event))
        elif event.type == event.TYPE_SLICE_END:
            stack = self.open.get(event.track_uuid)
            if not stack:
                raise TraceFormatError(
                    f"slice end at {timestamp} ns on track {event.track_uuid} with no open slice"
                )
            start, begin = stack.pop()
            self._span(begin, start, timestamp)
        elif event.type == event.TYPE_COUNTER:
            series = self.counter_tracks.get(event.track_uuid)
            if series is None:
                raise TraceFormatError(
                    f"counter event on track {event.track_uuid}, which is not a counter track"
                )
            value = event.counter_value if event.HasField("counter_value") else event.double_counter_value
            self.counters.append(Counter(series[0], series[1], timestamp, value))
        elif event.type == event.TYPE_INSTANT:
            args = {a.name: _value(a) for a in event.debug_annotations}
            self.instants.append(
                Instant(self._track(event.track_uuid), event.name, timestamp, self._category(event), args)
            )

    @staticmethod
    def _category(event: Any) -> str:
        for category in event.categories:
            if category in CATEGORIES:
                return str(category)
        return "host"

    def _span(self, begin: Any, start: int, end: int) -> None:
        args: dict[str, Any] = {}
        span_id: int | None = None
        for annotation in begin.debug_annotations:
            if annotation.name == SPAN_ID_ANNOTATION:
                span_id = annotation.int_value
            elif annotation.name == FLOWS_ANNOTATION:
                for key, info in _value(annotation).items():
                    self.flow_info[int(key)] = info
            else:
                args[annotation.name] = _value(annotation)
        if span_id is None:
            span_id = self.next_id
        self.next_id = max(self.next_id, span_id + 1)
        track = self._track(begin.track_uuid)
        self.spans.append(Span(span_id, track, begin.name, self._category(begin), start, end - start, args))
        for flow in begin.flow_ids:
            self.flow_src[flow] = span_id
        for flow in begin.terminating_flow_ids:
            self.flow_dst[flow] = span_id
