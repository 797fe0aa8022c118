"""Where a timeline draws each span, and the units it prints: shared by the matplotlib plots and the HTML report.

A timeline has one *row* per resource that has spans, in canonical track order (:func:`row_of`): a
queue with its wave lanes (``queue0``, ``queue0.1``), the parameter provider's timelines of a queue
(``queue0.params0`` ... as one row ``queue0.params``), a storage device's request slots (``nvme0/io0``
... as one row ``nvme0/io``), host threads and links as themselves. Within a row, spans are packed into
*levels* (the fewest such that spans on one level do not overlap; an enclosing span comes before what it
encloses), so a row is as deep as its most concurrent moment. A row deeper than ``max_depth`` is
*collapsed*: its spans are drawn over each other in one band per category (so their union shows when
the resource did what, and a frequent short kind of span cannot hide a long one) and its label says how
deep it was.

Units: :func:`time_unit_for` picks ns/us/ms/s for a duration, :func:`byte_unit` B/KiB/MiB/GiB for a
size, and :func:`format_ns` and :func:`format_bytes` print a value with them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from traces.records import CATEGORIES, Span, Track, track_sort_key
from traces.trace import Trace

_PARAMS_LANE = re.compile(r"(queue[0-9]+)\.params[0-9]+")
_QUEUE_LANE = re.compile(r"(queue[0-9]+)\..+")
_STORAGE_CHANNEL = re.compile(r"io[0-9]+")

#: Nanoseconds per time unit.
TIME_UNITS: dict[str, int] = {"ns": 1, "us": 1_000, "ms": 1_000_000, "s": 1_000_000_000}
_BYTE_UNITS = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10), ("B", 1)]

ROW_GAP = 0.1  # free space above and below a row's band, in row units; the critical path uses the lower one


def row_of(track: Track) -> Track:
    """The timeline row ``track`` is drawn on.

    Examples
    --------
    >>> row_of(Track.queue("gpu0", "queue0.1")).label
    'gpu0/queue0'
    >>> row_of(Track.queue("gpu0", "queue0.params3")).label
    'gpu0/queue0.params'
    >>> row_of(Track.storage("io3", "nvme0")).label
    'nvme0/io'
    >>> row_of(Track.host("calls")).label
    'host/calls'
    """
    if track.kind == "queue":
        params = _PARAMS_LANE.fullmatch(track.thread)
        if params is not None:
            return Track(track.process, f"{params.group(1)}.params", "queue")
        lane = _QUEUE_LANE.fullmatch(track.thread)
        if lane is not None:
            return Track(track.process, lane.group(1), "queue")
    elif track.kind == "storage" and _STORAGE_CHANNEL.fullmatch(track.thread):
        return Track(track.process, "io", "storage")
    return track


@dataclass(frozen=True)
class Row:
    """One row of a timeline: its resource, label, vertical extent (row units, downwards) and depth."""

    track: Track
    label: str
    top: float
    height: float
    depth: int
    collapsed: bool


@dataclass
class TimelineLayout:
    """Rows top to bottom, and each span's box ``(top, height)`` in row units (``boxes[span.id]``)."""

    rows: list[Row] = field(default_factory=list)
    boxes: dict[int, tuple[float, float]] = field(default_factory=dict)
    row_index: dict[int, int] = field(default_factory=dict)

    @property
    def height(self) -> float:
        """Total height of the rows, in row units."""
        return self.rows[-1].top + self.rows[-1].height if self.rows else 0.0

    def centre(self, span_id: int) -> float:
        """The vertical middle of a span's box."""
        top, height = self.boxes[span_id]
        return top + height / 2


def _levels(spans: list[Span]) -> dict[int, int]:
    """Pack spans into the fewest levels whose spans do not overlap; enclosing spans first."""
    ends: list[int] = []
    level: dict[int, int] = {}
    for span in sorted(spans, key=lambda s: (s.start_ns, -s.dur_ns, s.id)):
        for k, end in enumerate(ends):
            if end <= span.start_ns:
                ends[k] = span.end_ns
                level[span.id] = k
                break
        else:
            level[span.id] = len(ends)
            ends.append(span.end_ns)
    return level


def timeline_layout(trace: Trace, *, max_depth: int = 4, depth_height: float = 0.35) -> TimelineLayout:
    """Lay out the rows of ``trace``'s timeline (see the module docstring).

    A row of depth ``d <= max_depth`` is ``1 + depth_height * (d - 1)`` row units high, split in ``d``
    levels; a collapsed row is 1 unit high, split in one level per category it has (in
    :data:`~traces.records.CATEGORIES` order).

    Examples
    --------
    >>> t = Trace()
    >>> a = t.add_span(Track.storage("io0", "nvme0"), "read", "io", 0, 10)
    >>> b = t.add_span(Track.storage("io1", "nvme0"), "read", "io", 5, 10)
    >>> c = t.add_span(Track.storage("io2", "nvme0"), "read", "io", 12, 10)
    >>> layout = timeline_layout(t)
    >>> [(r.label, r.depth, r.height) for r in layout.rows]
    [('nvme0/io', 2, 1.35)]
    >>> layout.boxes[a.id] == layout.boxes[c.id], layout.boxes[a.id][0] < layout.boxes[b.id][0]
    (True, True)
    """
    members: dict[Track, list[Span]] = {}
    for span in trace.iter_spans():
        members.setdefault(row_of(span.track), []).append(span)
    layout = TimelineLayout()
    top = 0.0
    for index, resource in enumerate(sorted(members, key=track_sort_key)):
        spans = members[resource]
        level = _levels(spans)
        depth = max(level.values()) + 1
        collapsed = depth > max_depth
        height = 1.0 if collapsed else round(1.0 + depth_height * (depth - 1), 6)
        label = f"{resource.label} ({depth} deep)" if collapsed else resource.label
        layout.rows.append(Row(resource, label, top, height, depth, collapsed))
        if collapsed:
            present = [c for c in CATEGORIES if any(s.category == c for s in spans)]
            by_category = {c: k for k, c in enumerate(present)}
            level = {s.id: by_category[s.category] for s in spans}
        lanes = len(set(level.values())) if collapsed else depth
        lane = (height - 2 * ROW_GAP) / lanes
        for span in spans:
            k = level[span.id]
            layout.boxes[span.id] = (top + ROW_GAP + k * lane, lane)
            layout.row_index[span.id] = index
        top = round(top + height, 6)
    return layout


def time_unit_for(duration_ns: int) -> str:
    """The unit to show ``duration_ns`` in: the largest in which it is at least 1 (ns for 0).

    Examples
    --------
    >>> [time_unit_for(n) for n in (0, 999, 116_542, 13_728_018, 2_500_000_000)]
    ['ns', 'ns', 'us', 'ms', 's']
    """
    for unit in ("s", "ms", "us"):
        if duration_ns >= TIME_UNITS[unit]:
            return unit
    return "ns"


def format_ns(value_ns: float, unit: str | None = None, digits: int = 3) -> str:
    """``value_ns`` in ``unit`` (default :func:`time_unit_for` of it) with ``digits`` significant digits.

    Examples
    --------
    >>> format_ns(116_542), format_ns(759), format_ns(13_728_018), format_ns(2_000, "ms")
    ('117 us', '759 ns', '13.7 ms', '0.002 ms')
    """
    unit = unit or time_unit_for(int(abs(value_ns)))
    return f"{_significant(value_ns / TIME_UNITS[unit], digits)} {unit}"


def byte_unit(size_bytes: float) -> tuple[str, int]:
    """The unit to show ``size_bytes`` in and its size: the largest binary unit in which it is at least 1.

    Examples
    --------
    >>> byte_unit(200_000), byte_unit(512), byte_unit(3 << 30)
    (('KiB', 1024), ('B', 1), ('GiB', 1073741824))
    """
    for unit, size in _BYTE_UNITS:
        if abs(size_bytes) >= size:
            return unit, size
    return "B", 1


def format_bytes(size_bytes: float, digits: int = 3) -> str:
    """``size_bytes`` in B/KiB/MiB/GiB with ``digits`` significant digits.

    Examples
    --------
    >>> format_bytes(232_448), format_bytes(64), format_bytes(1 << 20), format_bytes(1_500_000_000)
    ('227 KiB', '64 B', '1 MiB', '1.4 GiB')
    """
    unit, size = byte_unit(size_bytes)
    return f"{_significant(size_bytes / size, digits)} {unit}"


def _significant(value: float, digits: int) -> str:
    if value == 0:
        return "0"
    text = f"{value:.{digits}g}"
    if "e" in text:  # 1.23e+03: print the integer part whole instead
        text = f"{value:.0f}"
    return text
