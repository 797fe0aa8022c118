"""The :class:`Trace` container: the records of one run, in the order they were added.

A trace owns its tracks, spans, flows, counters and instants, plus a :class:`~traces.records.TraceMetadata`.
Adding is the hot path (the simulator adds tens of thousands of spans per run): ``add_span`` validates the
record, assigns the next span id and appends (``add_span_unchecked`` skips the checks, for a producer that
guarantees valid fields); nothing is sorted until a reader asks. Span ids are unique; flows must name
spans already in the trace.

Writers, tables, analysis and plots live in their own modules; the methods here are thin fronts to them,
imported lazily so that building a trace needs neither pandas nor matplotlib.
"""

from __future__ import annotations

import operator
import os
from collections.abc import Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any

from traces.errors import TraceError, TraceRecordError, UnknownSpanError
from traces.records import (
    CATEGORIES,
    Counter,
    Flow,
    Instant,
    Span,
    TraceMetadata,
    Track,
    track_sort_key,
    unchecked_counter,
    unchecked_flow,
    unchecked_span,
)

_CATEGORY_SET = frozenset(CATEGORIES)
_span_id = operator.attrgetter("id")

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes

    from traces.report import Report


class Trace:
    """The timeline of one run.

    Parameters
    ----------
    metadata : TraceMetadata, optional
        Machine, program, seed and version.

    Examples
    --------
    >>> t = Trace(TraceMetadata(program="demo"))
    >>> q = Track.queue(0, 0)
    >>> a = t.add_span(q, "fill", "transfer", 0, 10, {"op": "stream.cmd.fill"})
    >>> b = t.add_span(q, "matmul", "dispatch", 15, 30)
    >>> f = t.add_flow(a, b)
    >>> t.makespan_ns, len(t.spans), b.id
    (45, 2, 1)
    """

    __slots__ = (
        "metadata",
        "_tracks",
        "_spans",
        "_flows",
        "_counters",
        "_instants",
        "_index",
        "_dense",
        "_next_id",
        "_last_track",
        "_counter_track",
    )

    def __init__(self, metadata: TraceMetadata | None = None) -> None:
        self.metadata = metadata if metadata is not None else TraceMetadata()
        self._tracks: dict[Track, None] = {}
        self._spans: list[Span] = []
        self._flows: list[Flow] = []
        self._counters: list[Counter] = []
        self._instants: list[Instant] = []
        # Span id -> position in _spans; None: built when first asked for. While _dense, every span's id is its
        # position (the simulator's spans, numbered as they are added): no index is kept or needed.
        self._index: dict[int, int] | None = None
        self._dense = True
        self._next_id = 0
        # The track of the last unchecked span, known to be registered (consecutive spans share tracks).
        self._last_track: Track | None = None
        # The track of the last counter sample, registered (a run's samples are mostly of one pool's track;
        # tracks are never unregistered): a Track's hash is Python code, run only for another track.
        self._counter_track: Track | None = None

    # -- adding ---------------------------------------------------------------------------------------

    def add_track(self, track: Track) -> Track:
        """Register ``track`` (idempotent); tracks used by records are registered automatically."""
        if not isinstance(track, Track):
            raise TraceRecordError(f"add_track: expected a Track, got {track!r}")
        self._tracks.setdefault(track, None)
        return track

    def add_span(
        self,
        track: Track,
        name: str,
        category: str,
        start_ns: int,
        dur_ns: int,
        args: dict[str, Any] | None = None,
        *,
        span_id: int | None = None,
    ) -> Span:
        """Append a span and return it. Its id is ``span_id`` or the next free id."""
        if span_id is None:
            if (
                type(start_ns) is int
                and type(dur_ns) is int
                and dur_ns >= 0
                and type(category) is str
                and category in _CATEGORY_SET
                and type(track) is Track
                and type(name) is str
                and (args is None or type(args) is dict)
            ):
                # The checks Span would make, passed: the unchecked path builds the same span.
                return self.add_span_unchecked(
                    track, name, category, start_ns, dur_ns, {} if args is None else args
                )
            span_id = self._next_id
        elif self._has_id(span_id):
            raise TraceRecordError(f"add_span: span id {span_id} is already in the trace")
        span = Span(span_id, track, name, category, start_ns, dur_ns, {} if args is None else args)
        self._append_span(span)
        return span

    def add_span_unchecked(
        self, track: Track, name: str, category: str, start_ns: int, dur_ns: int, args: dict[str, Any]
    ) -> Span:
        """:meth:`add_span` with the next free id, for a producer that guarantees valid fields.

        The caller promises what the checks would establish: ``track`` is a Track, ``name`` a str,
        ``category`` one of :data:`~traces.records.CATEGORIES`, ``start_ns`` an int, ``dur_ns`` an int
        ``>= 0`` and ``args`` a dict. The span is the one :meth:`add_span` would append.
        """
        span_id = self._next_id
        span = unchecked_span(span_id, track, name, category, start_ns, dur_ns, args)
        if track is not self._last_track:
            if track not in self._tracks:
                self._tracks[track] = None
            self._last_track = track
        spans = self._spans
        # The next free id is above every id in the trace, so it cannot be a duplicate.
        if self._dense:
            if span_id != len(spans):  # (a next id set past the last span's: a read trace's)
                self._span_index()[span_id] = len(spans)
        else:
            index = self._index
            if index is not None:
                index[span_id] = len(spans)
        spans.append(span)
        self._next_id = span_id + 1
        return span

    def _append_span(self, span: Span) -> None:
        if span.track not in self._tracks:
            self._tracks[span.track] = None
        if self._dense and span.id == len(self._spans):
            pass  # (still numbered by position)
        elif self._dense or self._index is not None:
            if self._has_id(span.id):
                raise TraceRecordError(f"span id {span.id} is already in the trace")
            self._span_index()[span.id] = len(self._spans)
        self._spans.append(span)
        if span.id >= self._next_id:
            self._next_id = span.id + 1

    def _order_spans_by_id(self) -> None:
        """Put the spans in id order (a reader that made them in end order restores creation order)."""
        spans = self._spans
        if any(a.id > b.id for a, b in zip(spans, spans[1:])):
            spans.sort(key=_span_id)
            self._index = None
            self._last_track = None

    def extend(self, records: Iterable[Span | Flow | Counter | Instant | Track]) -> None:
        """Append ready-made records of any kind, in order (the reader's path)."""
        for record in records:
            if isinstance(record, Span):
                self._append_span(record)
            elif isinstance(record, Flow):
                self._append_flow(record)
            elif isinstance(record, Counter):
                self._tracks.setdefault(record.track, None)
                self._counters.append(record)
            elif isinstance(record, Instant):
                self._tracks.setdefault(record.track, None)
                self._instants.append(record)
            elif isinstance(record, Track):
                self.add_track(record)
            else:
                raise TraceRecordError(f"extend: not a trace record: {record!r}")

    def add_flow(
        self, src: Span | int, dst: Span | int, name: str = "signal", args: dict[str, Any] | None = None
    ) -> Flow:
        """Append a dependency edge from span ``src`` to span ``dst`` (spans or their ids)."""
        src_id = src.id if isinstance(src, Span) else src
        dst_id = dst.id if isinstance(dst, Span) else dst
        if type(src_id) is int and type(dst_id) is int and args is None and type(name) is str:
            # The common case (the simulator adds flows by the ten thousand): both ends are spans of the
            # trace (hence non-negative int ids), checked here; the flow is the one Flow(...) would build.
            if self._dense:
                n = len(self._spans)
                known = 0 <= src_id < n and 0 <= dst_id < n
            else:
                index = self._index if self._index is not None else self._span_index()
                known = src_id in index and dst_id in index
            if known:
                flow = unchecked_flow(len(self._flows), src_id, dst_id, name, {})
                self._flows.append(flow)
                return flow
        flow = Flow(len(self._flows), src_id, dst_id, name, {} if args is None else args)
        self._append_flow(flow)
        return flow

    def _append_flow(self, flow: Flow) -> None:
        for end in (flow.src_span, flow.dst_span):
            if not (self._has_id(end) if self._dense else end in self._span_index()):
                raise UnknownSpanError(
                    f"flow {flow.id} ({flow.name}) names span {end}, which is not in the trace"
                )
        self._flows.append(flow)

    def add_counter(self, track: Track, name: str, time_ns: int, value: int | float) -> Counter:
        """Append a counter sample: ``name`` on ``track`` is ``value`` from ``time_ns`` on."""
        if type(track) is Track and type(name) is str and name and type(time_ns) is int and type(value) is int:
            counter = unchecked_counter(track, name, time_ns, value)  # the checks Counter makes, passed
        else:
            counter = Counter(track, name, time_ns, value)
        if track is not self._counter_track:
            self._tracks.setdefault(track, None)
            self._counter_track = track
        self._counters.append(counter)
        return counter

    def add_instant(
        self,
        track: Track,
        name: str,
        time_ns: int,
        category: str = "sync",
        args: dict[str, Any] | None = None,
    ) -> Instant:
        """Append a point event."""
        instant = Instant(track, name, time_ns, category, {} if args is None else args)
        self._tracks.setdefault(track, None)
        self._instants.append(instant)
        return instant

    # -- reading --------------------------------------------------------------------------------------

    @property
    def tracks(self) -> list[Track]:
        """All tracks in canonical order (host, devices, storage, links; numbers by value)."""
        return sorted(self._tracks, key=track_sort_key)

    @property
    def spans(self) -> list[Span]:
        """Spans in the order they were added (a new list; the trace is not exposed)."""
        return list(self._spans)

    @property
    def flows(self) -> list[Flow]:
        """Flows in the order they were added."""
        return list(self._flows)

    @property
    def counters(self) -> list[Counter]:
        """Counter samples in the order they were added."""
        return list(self._counters)

    @property
    def instants(self) -> list[Instant]:
        """Instants in the order they were added."""
        return list(self._instants)

    def iter_spans(self) -> Iterator[Span]:
        """Iterate spans without copying the list."""
        return iter(self._spans)

    def _span_index(self) -> dict[int, int]:
        """The id -> position index, built if need be and from then on kept by every add (the trace is no
        longer taken as numbered by position)."""
        if self._index is None:
            self._index = {span.id: i for i, span in enumerate(self._spans)}
            self._dense = False
        return self._index

    def _has_id(self, span_id: Any) -> bool:
        """Whether a span of the trace has id ``span_id`` (False when no index is kept: a read trace's)."""
        if self._dense:
            if type(span_id) is int:
                return 0 <= span_id < len(self._spans)
            return span_id in self._span_index()
        return self._index is not None and span_id in self._index

    def span(self, span_id: int) -> Span:
        """The span with id ``span_id``; raises :class:`UnknownSpanError` when absent."""
        if self._dense and type(span_id) is int and 0 <= span_id < len(self._spans):
            return self._spans[span_id]
        try:
            return self._spans[self._span_index()[span_id]]
        except KeyError:
            raise UnknownSpanError(f"no span with id {span_id!r} in the trace") from None

    @property
    def start_ns(self) -> int:
        """Earliest span start (0 for an empty trace)."""
        return min((s.start_ns for s in self._spans), default=0)

    @property
    def end_ns(self) -> int:
        """Latest span end (0 for an empty trace)."""
        return max((s.end_ns for s in self._spans), default=0)

    @property
    def makespan_ns(self) -> int:
        """From the earliest span start to the latest span end."""
        return self.end_ns - self.start_ns if self._spans else 0

    def __len__(self) -> int:
        return len(self._spans) + len(self._flows) + len(self._counters) + len(self._instants)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trace):
            return NotImplemented
        return (
            self.metadata == other.metadata
            and self.tracks == other.tracks
            and self._spans == other._spans
            and self._flows == other._flows
            and self._counters == other._counters
            and self._instants == other._instants
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"Trace(program={self.metadata.program!r}, tracks={len(self._tracks)}, spans={len(self._spans)}, "
            f"flows={len(self._flows)}, counters={len(self._counters)}, instants={len(self._instants)}, "
            f"makespan_ns={self.makespan_ns})"
        )

    # -- fronts to the other modules ------------------------------------------------------------------

    def to_chrome_json(
        self, path_or_file: str | os.PathLike[str] | IO[bytes], *, gzip: bool | None = None
    ) -> None:
        """Write Chrome trace JSON, streamed; gzip when ``gzip`` is true or, by default, for a ``.gz`` path."""
        from traces.chrome import write_chrome_json

        write_chrome_json(self, path_or_file, gzip=gzip)

    def write(self, path_or_file: str | os.PathLike[str] | IO[bytes], *, kind: str | None = None) -> None:
        """Write the trace in the format its file name asks for: Perfetto protobuf for ``.pftrace`` (and
        ``.perfetto-trace``), else Chrome JSON (gzip for ``.gz``). ``kind`` (``"perfetto"`` or
        ``"chrome"``) overrides the name, and is needed for a file object (Chrome JSON without it).
        """
        from traces.perfetto import is_perfetto_path, write_perfetto

        if kind is None:
            named = isinstance(path_or_file, str | os.PathLike) and is_perfetto_path(path_or_file)
            kind = "perfetto" if named else "chrome"
        if kind == "perfetto":
            write_perfetto(self, path_or_file)
        elif kind == "chrome":
            self.to_chrome_json(path_or_file)
        else:
            raise TraceError(f"unknown trace format {kind!r}; expected 'perfetto' or 'chrome'")

    def to_perfetto(self, path_or_file: str | os.PathLike[str] | IO[bytes]) -> None:
        """Write a Perfetto protobuf trace (``.pftrace``); see :mod:`traces.perfetto`."""
        from traces.perfetto import write_perfetto

        write_perfetto(self, path_or_file)

    def to_dataframe(self) -> pd.DataFrame:
        """One row per span; see :func:`traces.frames.spans_dataframe`."""
        from traces.frames import spans_dataframe

        return spans_dataframe(self)

    def counters_dataframe(self) -> pd.DataFrame:
        """One row per counter sample; see :func:`traces.frames.counters_dataframe`."""
        from traces.frames import counters_dataframe

        return counters_dataframe(self)

    def summary(self) -> dict[str, Any]:
        """Headline figures; see :func:`traces.analysis.summarize`."""
        from traces.analysis import summarize

        return summarize(self)

    def _repr_html_(self) -> str:
        from traces.frames import summary_html

        return summary_html(self)

    def plot(self, ax: Axes | None = None, **options: Any) -> Axes:
        """Draw the timeline; see :func:`traces.plots.plot_timeline` for ``options``."""
        from traces.plots import plot_timeline

        return plot_timeline(self, ax=ax, **options)

    def report(self, **options: Any) -> Report:
        """The self-contained HTML report of this trace (a notebook shows it inline); see
        :func:`traces.report.trace_report` for ``options``."""
        from traces.report import trace_report

        return trace_report(self, **options)
