"""Windows of a trace: the invoked function's call alone, without module load and initializers.

A simulated run holds the initializers (parameter loads, constant uploads) and the call, each under an
envelope span on the host thread ``calls`` (``initializer``, ``call @main``). A measured trace made by
``streamsim profile`` is the call alone and says so with ``metadata.extra["window"] == "call"``; its
benchmark timing, when it has one, is ``metadata.extra["call_ns"]``. :func:`call_window` finds the call's
interval in either, :func:`crop` keeps what starts inside an interval, and :func:`call_time_ns` is the
figure to compare: the benchmark's minimum for a measured trace, the call span for a simulated one.
"""

from __future__ import annotations

from traces.errors import TraceError
from traces.records import Span, TraceMetadata, Track
from traces.trace import Trace

CALLS_TRACK = Track.host("calls")


def _call_span(trace: Trace) -> Span | None:
    calls = [s for s in trace.iter_spans() if s.track == CALLS_TRACK and s.name.startswith("call @")]
    return calls[-1] if calls else None


def call_window(trace: Trace) -> tuple[int, int]:
    """``(start_ns, end_ns)`` of the call in ``trace``.

    Raises TraceError for a trace with neither a ``call @...`` span nor ``window = "call"``.

    Examples
    --------
    >>> t = Trace()
    >>> _ = t.add_span(Track.host("calls"), "initializer", "host", 0, 50)
    >>> _ = t.add_span(Track.host("calls"), "call @main", "host", 60, 40)
    >>> call_window(t)
    (60, 100)
    """
    if trace.metadata.extra.get("window") == "call":
        return (trace.start_ns, trace.end_ns)
    span = _call_span(trace)
    if span is None:
        raise TraceError(
            f"trace of {trace.metadata.program or 'a program'} has no 'call @...' span on host/calls and "
            "is not a measured call (metadata window = 'call'); it has no call window"
        )
    return (span.start_ns, span.end_ns)


def crop(trace: Trace, start_ns: int, end_ns: int) -> Trace:
    """The spans (and flows between them, counters and instants) that start in ``[start_ns, end_ns]``,
    moved so that ``start_ns`` is time 0; span ids are kept, and each counter starts at the value it had
    when the window opened.

    Examples
    --------
    >>> t = Trace()
    >>> _ = t.add_span(Track.queue(0, 0), "load", "io", 0, 50)
    >>> _ = t.add_span(Track.queue(0, 0), "mm", "dispatch", 60, 40)
    >>> [(s.name, s.start_ns) for s in crop(t, 60, 100).spans]
    [('mm', 0)]
    """
    extra = dict(trace.metadata.extra)
    extra["window_ns"] = [start_ns, end_ns]
    meta = trace.metadata
    out = Trace(TraceMetadata(meta.machine, meta.program, meta.seed, meta.version, extra))
    for track in trace.tracks:
        out.add_track(track)
    kept = set()
    for s in trace.iter_spans():
        if start_ns <= s.start_ns <= end_ns:
            out.add_span(s.track, s.name, s.category, s.start_ns - start_ns, s.dur_ns, s.args, span_id=s.id)
            kept.add(s.id)
    for f in trace.flows:
        if f.src_span in kept and f.dst_span in kept:
            out.add_flow(f.src_span, f.dst_span, f.name, f.args)
    # A counter holds its value until its next sample: the last sample before the window opens it.
    before: dict[tuple[Track, str], int | float] = {}
    for c in trace.counters:
        if c.time_ns < start_ns:
            before[(c.track, c.name)] = c.value
    for (track, name), value in before.items():
        out.add_counter(track, name, 0, value)
    for c in trace.counters:
        if start_ns <= c.time_ns <= end_ns:
            out.add_counter(c.track, c.name, c.time_ns - start_ns, c.value)
    for i in trace.instants:
        if start_ns <= i.time_ns <= end_ns:
            out.add_instant(i.track, i.name, i.time_ns - start_ns, i.category, i.args)
    return out


def call_only(trace: Trace) -> Trace:
    """``trace`` cropped to its :func:`call_window`."""
    return crop(trace, *call_window(trace))


def call_time_ns(trace: Trace) -> int:
    """The call's time: the benchmark minimum of a measured trace (``call_ns.min_ns``), else the length
    of its :func:`call_window`.

    Examples
    --------
    >>> t = Trace(TraceMetadata(extra={"window": "call", "call_ns": {"min_ns": 900}}))
    >>> _ = t.add_span(Track.queue(0, 0), "mm", "dispatch", 0, 500)
    >>> call_time_ns(t)
    900
    """
    timing = trace.metadata.extra.get("call_ns")
    if isinstance(timing, dict) and isinstance(timing.get("min_ns"), int):
        return int(timing["min_ns"])
    start, end = call_window(trace)
    return end - start
