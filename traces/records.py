"""Trace records: the small frozen values a timeline is made of.

A timeline is a set of *tracks* (one per device queue, host thread, storage channel, link or memory pool)
carrying four kinds of record:

- :class:`Span`: something that took time on a track (a dispatch, a copy, a file read). Each span has an
  integer ``id`` unique in its trace, so that flows can name it.
- :class:`Flow`: a dependency edge between two spans, such as a semaphore signal that a wait consumed.
- :class:`Counter`: a sampled value on a track at an instant (bytes in use in a pool, queue depth). The
  value holds from ``time_ns`` until the next sample of the same track and name.
- :class:`Instant`: a point event (a semaphore signalled, a failure).

All times are integer nanoseconds of simulated (or measured) time. ``args`` are JSON values (str, int,
float, bool, None, lists and dicts of those); a span's args carry the IR op name under ``"op"`` and its
source location under ``"loc"`` so a slice leads back to its op. Records validate themselves on creation
and raise :class:`~traces.errors.TraceRecordError` naming the bad value.

Span, Flow and Counter, made by the million, are tuples of their fields (named tuples whose constructor
checks them): one C call makes one, and a record equals the plain tuple of its fields. Tracks, instants and
the trace's metadata are frozen dataclasses.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Self

from traces.errors import TraceRecordError

#: Span categories, in the order plots and tables list them.
CATEGORIES: tuple[str, ...] = ("dispatch", "transfer", "io", "alloc", "sync", "host", "collective")

#: Track kinds. ``queue`` and ``pool`` tracks live in a device process; the others have their own.
TRACK_KINDS: tuple[str, ...] = ("queue", "host", "storage", "link", "pool")

_CATEGORY_SET = frozenset(CATEGORIES)
_isfinite = math.isfinite

# Processes are listed host first, then devices, storage and links (Perfetto and plots use this order).
_KIND_RANK = {"host": 0, "queue": 1, "pool": 1, "storage": 2, "link": 3}
_DIGITS = re.compile(r"([0-9]+)")


def natural_key(text: str) -> tuple[Any, ...]:
    """Sort key that orders embedded numbers by value: ``queue2`` before ``queue10``.

    Examples
    --------
    >>> sorted(["queue10", "queue2", "host"], key=natural_key)
    ['host', 'queue2', 'queue10']
    """
    return tuple(
        (0, int(part), "") if _DIGITS.fullmatch(part) else (1, 0, part)
        for part in _DIGITS.split(text)
        if part
    )


def _check_int(owner: str, name: str, value: object, *, minimum: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TraceRecordError(f"{owner}: {name} must be an integer of nanoseconds, got {value!r}")
    if minimum is not None and value < minimum:
        raise TraceRecordError(f"{owner}: {name} must be >= {minimum}, got {value!r}")


@dataclass(frozen=True, slots=True, order=True)
class Track:
    """A row of the timeline: a thread (``thread``) of a process (``process``).

    Parameters
    ----------
    process : str
        The Chrome process: ``"device0"``, ``"host"``, ``"storage"``, a link name.
    thread : str
        The Chrome thread inside it: ``"queue0"``, ``"main"``, ``"pool0"``.
    kind : str
        One of :data:`TRACK_KINDS`.

    Examples
    --------
    >>> Track.queue(0, 1)
    Track(process='device0', thread='queue1', kind='queue')
    >>> Track.host().label
    'host/main'
    """

    process: str
    thread: str
    kind: str = "queue"

    def __post_init__(self) -> None:
        if not isinstance(self.process, str) or not self.process:
            raise TraceRecordError(f"Track: process must be a non-empty string, got {self.process!r}")
        if not isinstance(self.thread, str) or not self.thread:
            raise TraceRecordError(f"Track: thread must be a non-empty string, got {self.thread!r}")
        if self.kind not in TRACK_KINDS:
            raise TraceRecordError(f"Track: kind must be one of {', '.join(TRACK_KINDS)}, got {self.kind!r}")

    @property
    def label(self) -> str:
        """``process/thread``, the name plots and tables show."""
        return f"{self.process}/{self.thread}"

    @classmethod
    def queue(cls, device: int | str, queue: int | str) -> Track:
        """The track of queue ``queue`` of device ``device`` (ints become ``device0``/``queue0``)."""
        process = f"device{device}" if isinstance(device, int) else device
        thread = f"queue{queue}" if isinstance(queue, int) else queue
        return cls(process, thread, "queue")

    @classmethod
    def host(cls, thread: str = "main") -> Track:
        """A host thread."""
        return cls("host", thread, "host")

    @classmethod
    def storage(cls, thread: str = "io0", process: str = "storage") -> Track:
        """A storage channel (one thread per concurrent request slot)."""
        return cls(process, thread, "storage")

    @classmethod
    def link(cls, name: str, thread: str = "transfer") -> Track:
        """A link between devices, named e.g. ``"link:device0->device1"``."""
        return cls(name, thread, "link")

    @classmethod
    def pool(cls, device: int | str, pool: int | str) -> Track:
        """The memory pool ``pool`` of device ``device``; carries memory counters."""
        process = f"device{device}" if isinstance(device, int) else device
        thread = f"pool{pool}" if isinstance(pool, int) else pool
        return cls(process, thread, "pool")


def track_sort_key(track: Track) -> tuple[Any, ...]:
    """Canonical track order: host, devices (queues before pools), storage, links; numbers by value."""
    process_rank = 1 if track.kind in ("queue", "pool") else _KIND_RANK[track.kind]
    return (
        process_rank,
        natural_key(track.process),
        0 if track.kind != "pool" else 1,
        natural_key(track.thread),
        track.kind,
    )


# A new dict per record made without args (the dataclasses' default_factory=dict did the same).
_FRESH: Any = object()
_tuple_new = tuple.__new__


class _Checked:
    """A named tuple's :meth:`_make` and :meth:`_replace` through the record's checked constructor (a named
    tuple's own make the tuple as given)."""

    __slots__ = ()

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> Self:
        return cls(*iterable)

    def _replace(self, **changes: Any) -> Self:
        return type(self)(**{**self._asdict(), **changes})  # type: ignore[attr-defined]


class _SpanFields(NamedTuple):
    id: int
    track: Track
    name: str
    category: str
    start_ns: int
    dur_ns: int
    args: dict[str, Any]


class Span(_Checked, _SpanFields):  # type: ignore[misc]  # _Checked._make: a checked one
    """A slice of time on a track.

    Parameters
    ----------
    id : int
        Unique in its trace; flows refer to spans by id.
    track : Track
    name : str
        What ran: the op or kernel name (``"dispatch_0"``, ``"alloca"``).
    category : str
        One of :data:`CATEGORIES`.
    start_ns, dur_ns : int
        Start and duration in nanoseconds; ``dur_ns >= 0``.
    args : dict
        JSON values. Conventional keys: ``op``, ``loc``, ``size_bytes``, ``flops``, ``affinity``.

    A span is an immutable tuple of its fields in this order (a reader or the simulator makes it with one C
    call, :func:`unchecked_span`): it equals a plain tuple of the same fields, and iterates, indexes and
    orders as that tuple does; :meth:`_asdict` is a named tuple's, and :meth:`_replace` and :meth:`_make`
    go through the constructor's checks.

    Examples
    --------
    >>> s = Span(0, Track.queue(0, 0), "matmul", "dispatch", 100, 50, {"op": "stream.cmd.dispatch"})
    >>> s.end_ns
    150
    >>> s == (0, Track.queue(0, 0), "matmul", "dispatch", 100, 50, {"op": "stream.cmd.dispatch"})
    True
    """

    __slots__ = ()

    def __new__(
        cls,
        id: int,
        track: Track,
        name: str,
        category: str,
        start_ns: int,
        dur_ns: int,
        args: dict[str, Any] = _FRESH,
    ) -> Span:
        if args is _FRESH:
            args = {}
        # Fast path for the common case; any doubt falls through to the checks below, which say what is wrong.
        if not (
            type(id) is int
            and id >= 0
            and type(start_ns) is int
            and type(dur_ns) is int
            and dur_ns >= 0
            and category in _CATEGORY_SET
            and type(track) is Track
            and type(name) is str
            and type(args) is dict
        ):
            _check_int("Span", "id", id, minimum=0)
            if not isinstance(track, Track):
                raise TraceRecordError(f"Span {id}: track must be a Track, got {track!r}")
            if not isinstance(name, str):
                raise TraceRecordError(f"Span {id}: name must be a string, got {name!r}")
            if category not in CATEGORIES:
                raise TraceRecordError(
                    f"Span {id} ({name}): category must be one of {', '.join(CATEGORIES)}, got {category!r}"
                )
            _check_int(f"Span {id} ({name})", "start_ns", start_ns)
            _check_int(f"Span {id} ({name})", "dur_ns", dur_ns, minimum=0)
            if not isinstance(args, dict):
                raise TraceRecordError(f"Span {id} ({name}): args must be a dict, got {args!r}")
        return _tuple_new(cls, (id, track, name, category, start_ns, dur_ns, args))

    @property
    def end_ns(self) -> int:
        """``start_ns + dur_ns``."""
        return self[4] + self[5]


def unchecked_span(
    span_id: int, track: Track, name: str, category: str, start_ns: int, dur_ns: int, args: dict[str, Any]
) -> Span:
    """The :class:`Span` of these fields, built without :class:`Span`'s checks.

    For producers that guarantee every field is what a Span requires (the simulator adds spans by the ten
    thousand and knows its ids, times and categories are valid). The result equals
    ``Span(span_id, track, name, category, start_ns, dur_ns, args)``; ``tuple.__new__(Span, fields)`` written
    out makes the same span.
    """
    return _tuple_new(Span, (span_id, track, name, category, start_ns, dur_ns, args))


class _FlowFields(NamedTuple):
    id: int
    src_span: int
    dst_span: int
    name: str
    args: dict[str, Any]


class Flow(_Checked, _FlowFields):  # type: ignore[misc]
    """A dependency edge: span ``src_span`` (e.g. a signal) enables span ``dst_span`` (the wait).

    An immutable tuple of its fields, as :class:`Span`.

    Examples
    --------
    >>> Flow(0, src_span=3, dst_span=7).name
    'signal'
    """

    __slots__ = ()

    def __new__(
        cls, id: int, src_span: int, dst_span: int, name: str = "signal", args: dict[str, Any] = _FRESH
    ) -> Flow:
        if args is _FRESH:
            args = {}
        # Fast path for the common case, as in Span; any doubt falls through to the checks that explain.
        if not (
            type(id) is int
            and id >= 0
            and type(src_span) is int
            and src_span >= 0
            and type(dst_span) is int
            and dst_span >= 0
            and type(name) is str
            and type(args) is dict
        ):
            _check_int("Flow", "id", id, minimum=0)
            _check_int(f"Flow {id}", "src_span", src_span, minimum=0)
            _check_int(f"Flow {id}", "dst_span", dst_span, minimum=0)
            if not isinstance(name, str):
                raise TraceRecordError(f"Flow {id}: name must be a string, got {name!r}")
            if not isinstance(args, dict):
                raise TraceRecordError(f"Flow {id}: args must be a dict, got {args!r}")
        return _tuple_new(cls, (id, src_span, dst_span, name, args))


def unchecked_flow(flow_id: int, src_span: int, dst_span: int, name: str, args: dict[str, Any]) -> Flow:
    """The :class:`Flow` of these fields, built without :class:`Flow`'s checks (as :func:`unchecked_span`):
    the caller guarantees non-negative int ids, a str name and a dict."""
    return _tuple_new(Flow, (flow_id, src_span, dst_span, name, args))


class _CounterFields(NamedTuple):
    track: Track
    name: str
    time_ns: int
    value: int | float


class Counter(_Checked, _CounterFields):  # type: ignore[misc]
    """A sample: counter ``name`` of ``track`` is ``value`` from ``time_ns`` on.

    An immutable tuple of its fields, as :class:`Span`.

    Examples
    --------
    >>> Counter(Track.pool(0, 0), "memory_bytes", 120, 4096).value
    4096
    """

    __slots__ = ()

    def __new__(cls, track: Track, name: str, time_ns: int, value: int | float) -> Counter:
        if not (
            type(track) is Track
            and type(name) is str
            and name
            and type(time_ns) is int
            and (type(value) is int or (type(value) is float and _isfinite(value)))
        ):
            if not isinstance(track, Track):
                raise TraceRecordError(f"Counter {name!r}: track must be a Track, got {track!r}")
            if not isinstance(name, str) or not name:
                raise TraceRecordError(f"Counter: name must be a non-empty string, got {name!r}")
            _check_int(f"Counter {name!r}", "time_ns", time_ns)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TraceRecordError(f"Counter {name!r}: value must be a number, got {value!r}")
            if not _isfinite(value):
                raise TraceRecordError(f"Counter {name!r}: value must be finite, got {value!r}")
        return _tuple_new(cls, (track, name, time_ns, value))


def unchecked_counter(track: Track, name: str, time_ns: int, value: int | float) -> Counter:
    """The :class:`Counter` of these fields, built without :class:`Counter`'s checks (as
    :func:`unchecked_span`): the caller guarantees a Track, a non-empty str, an int time and an int or
    finite float value."""
    return _tuple_new(Counter, (track, name, time_ns, value))


@dataclass(frozen=True, slots=True)
class Instant:
    """A point event on a track: a signal, a failure.

    Examples
    --------
    >>> Instant(Track.queue(0, 0), "signal", 150, args={"semaphore": 1, "value": 2}).category
    'sync'
    """

    track: Track
    name: str
    time_ns: int
    category: str = "sync"
    args: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if (
            type(self.track) is Track
            and type(self.name) is str
            and type(self.time_ns) is int
            and type(self.category) is str
            and self.category in _CATEGORY_SET
            and type(self.args) is dict
        ):
            return
        if not isinstance(self.track, Track):
            raise TraceRecordError(f"Instant {self.name!r}: track must be a Track, got {self.track!r}")
        if not isinstance(self.name, str):
            raise TraceRecordError(f"Instant: name must be a string, got {self.name!r}")
        _check_int(f"Instant {self.name!r}", "time_ns", self.time_ns)
        if self.category not in CATEGORIES:
            raise TraceRecordError(
                f"Instant {self.name!r}: category must be one of {', '.join(CATEGORIES)}, got {self.category!r}"
            )
        if not isinstance(self.args, dict):
            raise TraceRecordError(f"Instant {self.name!r}: args must be a dict, got {self.args!r}")


@dataclass(frozen=True, slots=True)
class TraceMetadata:
    """What a trace is of: the machine, the program, the seed and the producing tool's version.

    Examples
    --------
    >>> TraceMetadata(machine="cpu-1x", program="mlp", seed=0).seed
    0
    """

    machine: str = ""
    program: str = ""
    seed: int | None = None
    version: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("machine", "program", "version"):
            if not isinstance(getattr(self, name), str):
                raise TraceRecordError(f"TraceMetadata: {name} must be a string, got {getattr(self, name)!r}")
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)):
            raise TraceRecordError(f"TraceMetadata: seed must be an integer or None, got {self.seed!r}")
        if not isinstance(self.extra, dict):
            raise TraceRecordError(f"TraceMetadata: extra must be a dict, got {self.extra!r}")

    def to_dict(self) -> dict[str, Any]:
        """The metadata as a JSON object (the ``metadata`` member of a Chrome trace file)."""
        return {
            "machine": self.machine,
            "program": self.program,
            "seed": self.seed,
            "version": self.version,
            "extra": self.extra,
        }
