"""Importer of measured IREE timelines: ``iree-profile queue --format=jsonl`` output into trace records.

It also reads ``iree-profile export --format=ireeperf-jsonl``, whose records are told apart by
``record_type`` and carry the same fields plus the executable export name (``key``) of each dispatch;
a dispatch span is then named after its export (``main_dispatch_0_matmul_16x64x64_f32``, as simulated
dispatches are), and records other than the ones below (schema, executables, command buffers) are kept
out of the timeline.

The JSONL has one record per line, told apart by ``type``:

- ``queue_summary``: counts for the whole capture; kept in ``metadata.extra["iree_queue_summary"]``;
- ``queue``: one per (device, queue) that was captured; each becomes a track ``device<d>/queue<q>``;
- ``queue_event``: a queue operation as the host submitted it: ``host_time_ns`` when submitted and
  ``ready_host_time_ns`` when its waits were met. Each becomes a ``sync`` span named after the op on the
  host thread ``submit.device<d>.queue<q>``: the time the operation waited for its dependencies;
- ``host_execution_event``: an operation as it ran (``start_host_time_ns``, ``duration_ns``). A command
  buffer (``op == "execute"``) becomes a span on the thread ``queue<q>.execute`` of its device, and the
  operations inside and outside command buffers (``dispatch``, ``alloca``, ...) become spans on the queue
  track ``device<d>/queue<q>``. Keeping command buffers on their own thread keeps the queue thread free of
  nesting, so program order on it is the order the operations ran.

Every span keeps all fields of its record in ``args``. Span names are the records' ``op``; categories
come from :data:`OP_CATEGORIES` (unknown ops are ``host``). Times are made relative to the earliest
time in the file, which is kept in ``metadata.extra["time_origin_host_ns"]``. Each submission (by
``submission_id``) gets a flow named ``submit`` from its ``queue_event`` span to each of its top-level
executions (the ``execute`` of a command buffer, or the alloca/dealloca itself), so that the dependency
graph runs from submission to execution; consecutive top-level executions of one queue that sit on
different threads (an ``execute`` and its neighbours) get a flow named ``queue_order``.
"""

from __future__ import annotations

import os
from collections import defaultdict
from typing import IO, Any

import orjson

from traces.errors import TraceError, TraceFormatError
from traces.records import Span, TraceMetadata, Track
from traces.trace import Trace

#: IREE queue operation names to span categories.
OP_CATEGORIES: dict[str, str] = {
    "dispatch": "dispatch",
    "alloca": "alloc",
    "dealloca": "alloc",
    "execute": "host",
    "fill": "transfer",
    "copy": "transfer",
    "update": "transfer",
    "read": "io",
    "write": "io",
    "barrier": "sync",
    "signal": "sync",
    "wait": "sync",
    "host_call": "host",
    "collective": "collective",
}

_QUEUE_EVENT_FIELDS = ("op", "submission_id", "physical_device_ordinal", "queue_ordinal", "host_time_ns")
_EXECUTION_FIELDS = (
    "op",
    "submission_id",
    "physical_device_ordinal",
    "queue_ordinal",
    "start_host_time_ns",
    "duration_ns",
)


def _records(
    path_or_file: str | os.PathLike[str] | IO[str] | IO[bytes], name: str
) -> list[tuple[int, dict[str, Any]]]:
    if isinstance(path_or_file, str | os.PathLike):
        with open(path_or_file, "rb") as f:
            data: str | bytes = f.read()
    else:
        data = path_or_file.read()
    # Text from a text-mode file is encoded back: one line type for the parser, and orjson reads bytes.
    raw_lines = (data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data).splitlines()
    records = []
    for lineno, line in enumerate(raw_lines, start=1):
        if not line.strip():
            continue
        try:
            record = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            if "UTF-8" in exc.msg or "utf-8" in exc.msg:
                raise TraceFormatError(f"{name}:{lineno}: not UTF-8 text (a binary file?)") from None
            raise TraceFormatError(f"{name}:{lineno}: malformed JSON: {exc.msg}") from None
        if isinstance(record, dict) and "type" not in record and "record_type" in record:
            # ireeperf-jsonl: the same records under another key.
            record["type"] = record["record_type"]
        if not isinstance(record, dict) or "type" not in record:
            raise TraceFormatError(
                f"{name}:{lineno}: expected a JSON object with a 'type', got {line[:60]!r}"
            )
        records.append((lineno, record))
    if not records:
        raise TraceFormatError(f"{name}: no records: an empty file is not an iree-profile JSONL export")
    return records


def _require(record: dict[str, Any], fields: tuple[str, ...], where: str) -> None:
    for key in fields:
        if key not in record:
            raise TraceFormatError(f"{where}: {record['type']} is missing field {key!r}")
        if key != "op" and (isinstance(record[key], bool) or not isinstance(record[key], int)):
            raise TraceFormatError(
                f"{where}: {record['type']} field {key!r} must be an integer, got {record[key]!r}"
            )


def read_iree_profile(
    path_or_file: str | os.PathLike[str] | IO[str] | IO[bytes], *, program: str = "", machine: str = "iree"
) -> Trace:
    """Read ``iree-profile queue --format=jsonl`` output into a :class:`Trace`.

    Raises :class:`TraceFormatError` naming the file and line for malformed JSON, bytes that are not
    UTF-8, missing or ill-typed fields and negative durations, and for a file with no records at all.

    Examples
    --------
    >>> import io
    >>> text = (
    ...     '{"type":"queue","physical_device_ordinal":0,"queue_ordinal":0}\\n'
    ...     '{"type":"host_execution_event","op":"dispatch","submission_id":1,"physical_device_ordinal":0,'
    ...     '"queue_ordinal":0,"start_host_time_ns":1000,"duration_ns":250}\\n'
    ... )
    >>> [(s.track.label, s.name, s.category, s.start_ns, s.dur_ns) for s in read_iree_profile(io.StringIO(text)).spans]
    [('device0/queue0', 'dispatch', 'dispatch', 0, 250)]
    """
    name = (
        os.fspath(path_or_file)
        if isinstance(path_or_file, str | os.PathLike)
        else getattr(path_or_file, "name", "<stream>")
    )
    records = _records(path_or_file, str(name))
    ireeperf = any("record_type" in r for _, r in records)
    source_format = (
        "iree-profile export --format=ireeperf-jsonl" if ireeperf else "iree-profile queue --format=jsonl"
    )
    extra: dict[str, Any] = {"source": source_format}
    queues: list[Track] = []
    submits: list[tuple[int, dict[str, Any]]] = []
    executions: list[tuple[int, dict[str, Any]]] = []
    for lineno, record in records:
        kind = record["type"]
        where = f"{name}:{lineno}"
        if kind == "queue_summary":
            extra["iree_queue_summary"] = {k: v for k, v in record.items() if k != "type"}
        elif kind == "queue":
            _require(record, ("physical_device_ordinal", "queue_ordinal"), where)
            queues.append(Track.queue(record["physical_device_ordinal"], record["queue_ordinal"]))
        elif kind == "queue_event":
            _require(record, _QUEUE_EVENT_FIELDS, where)
            submits.append((lineno, record))
        elif kind == "host_execution_event":
            _require(record, _EXECUTION_FIELDS, where)
            if record["duration_ns"] < 0:
                raise TraceFormatError(f"{where}: negative duration_ns {record['duration_ns']}")
            executions.append((lineno, record))
    times = [r["host_time_ns"] for _, r in submits] + [r["start_host_time_ns"] for _, r in executions]
    origin = min(times, default=0)
    extra["time_origin_host_ns"] = origin
    trace = Trace(TraceMetadata(machine=machine, program=program, version="iree-profile", extra=extra))
    for track in queues:
        trace.add_track(track)

    submit_spans: dict[int, Span] = {}
    for lineno, record in submits:
        device, queue = record["physical_device_ordinal"], record["queue_ordinal"]
        start = record["host_time_ns"] - origin
        ready = record.get("ready_host_time_ns", record["host_time_ns"]) - origin
        if ready < start:
            raise TraceFormatError(f"{name}:{lineno}: ready_host_time_ns is before host_time_ns")
        track = Track.host(f"submit.device{device}.queue{queue}")
        span = _add(trace, track, record, "sync", start, ready - start, f"{name}:{lineno}")
        submit_spans.setdefault(record["submission_id"], span)

    # Span ids follow the file's order (submissions first), whatever order the lanes are filled in.
    order = {lineno: len(submits) + i for i, (lineno, _) in enumerate(executions)}
    top_level: dict[int, list[Span]] = defaultdict(list)
    lanes: dict[tuple[int, int, bool], list[int]] = {}
    for lineno, record in sorted(executions, key=lambda item: (item[1]["start_host_time_ns"], item[0])):
        op = record["op"]
        device, queue = record["physical_device_ordinal"], record["queue_ordinal"]
        start = record["start_host_time_ns"] - origin
        # Operations that ran at once (a command buffer's concurrent dispatches on local-task's workers)
        # go to lanes queueN.1, queueN.2, ... as simulated waves do, so that slices on a track nest.
        lane_ends = lanes.setdefault((device, queue, op == "execute"), [])
        lane = next((k for k, end in enumerate(lane_ends) if end <= start), len(lane_ends))
        if lane == len(lane_ends):
            lane_ends.append(0)
        lane_ends[lane] = start + max(record["duration_ns"], 0)
        thread = f"queue{queue}" + (".execute" if op == "execute" else "") + (f".{lane}" if lane else "")
        track = Track.queue(device, thread)
        span = _add(
            trace,
            track,
            record,
            OP_CATEGORIES.get(op, "host"),
            start,
            record["duration_ns"],
            f"{name}:{lineno}",
            span_id=order[lineno],
        )
        # Operations inside a command buffer run as part of its execute, which is what the submit started.
        if op == "execute" or record.get("command_buffer_id", 0) == 0:
            top_level[record["submission_id"]].append(span)
    for submission, spans in sorted(top_level.items()):
        source = submit_spans.get(submission)
        if source is None:
            continue
        for span in spans:
            trace.add_flow(source, span, "submit", {"submission_id": submission})
    # A queue runs its top-level operations in order; with command buffers on their own thread that order
    # is no longer program order on one track, so it is stated as flows where the track changes.
    by_queue: dict[str, list[Span]] = defaultdict(list)
    for spans in top_level.values():
        for span in spans:
            by_queue[span.track.process + "/" + span.track.thread.split(".")[0]].append(span)
    for _, spans in sorted(by_queue.items()):
        spans.sort(key=lambda s: (s.start_ns, s.id))
        for before, after in zip(spans, spans[1:]):
            if before.track != after.track and after.start_ns >= before.start_ns:
                trace.add_flow(before, after, "queue_order")
    trace._order_spans_by_id()
    return trace


def _add(
    trace: Trace,
    track: Track,
    record: dict[str, Any],
    category: str,
    start: int,
    dur: int,
    where: str,
    *,
    span_id: int | None = None,
) -> Span:
    # ireeperf-jsonl names the export a dispatch ran (``key``); the queue export does not.
    key = record.get("key") if record["op"] == "dispatch" else None
    name = key if isinstance(key, str) and key else str(record["op"])
    try:
        return trace.add_span(track, name, category, start, dur, dict(record), span_id=span_id)
    except TraceError as exc:
        raise TraceFormatError(f"{where}: {exc}") from None
