"""Slice layout: placing reservations with lifetimes into one slab (IREE's ``LayoutSlices``).

A slice is a byte size live over a closed interval of op positions. Slices whose intervals do not
intersect may share bytes. Static slices are packed greedily, in the order given, into the smallest gap
between the reservations already placed that intersect them (the algorithm of TFLite's simple memory
arena, which IREE uses). Sizes are rounded up to the range alignment and offsets to the offset alignment.
Dynamic slices go after the static ones, conservatively: only slices of the very same size value share a
bin, and only when their lifetimes are apart.

Examples
--------
IREE's own example, at alignment 16:

>>> slices = [Slice(0, 1, 100), Slice(1, 2, 100), Slice(2, 3, 100),
...           Slice(0, 4, 200), Slice(5, 6, 200), Slice(5, 8, 100)]
>>> layout = pack_slices(slices, offset_alignment=16, range_alignment=16)
>>> layout.offsets, layout.total_bytes
((0, 112, 0, 224, 0, 208), 432)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Slice:
    """``size`` bytes live from position ``start`` to ``end`` (inclusive).

    ``size`` is an int when static; otherwise any hashable key naming the dynamic size (an SSA value),
    with ``dynamic=True``.
    """

    start: int
    end: int
    size: int | Hashable
    dynamic: bool = False

    def intersects(self, other: Slice) -> bool:
        return self.start <= other.end and other.start <= self.end


@dataclass(frozen=True)
class DynamicOffset:
    """A dynamic slice's offset: ``static_base`` plus the aligned sizes of the bins before it.

    ``terms`` are the size keys of those bins, each to be rounded up to the range alignment, with the
    running offset rounded up to the offset alignment after each.
    """

    static_base: int
    terms: tuple[Hashable, ...]


@dataclass(frozen=True)
class Layout:
    """Offsets of the slices (ints, or :class:`DynamicOffset` for dynamic ones) and the slab size.

    ``total_bytes`` counts the static part; ``dynamic_terms`` lists the dynamic bins that follow it (the
    slab size is then computed at run time like a :class:`DynamicOffset` past the last bin).
    """

    offsets: tuple[int | DynamicOffset, ...]
    total_bytes: int
    dynamic_terms: tuple[Hashable, ...] = ()


def align(value: int, alignment: int) -> int:
    return (value + alignment - 1) // alignment * alignment


def pack_static(
    slices: Sequence[Slice], *, offset_alignment: int, range_alignment: int
) -> tuple[list[int], int]:
    """Greedy best-fit of static slices; returns their offsets and the aligned high-water mark.

    Same placements as IREE's ``packStaticSlicesGreedily``. A reservation whose lifetime ends before
    every slice still to place begins can never intersect again; it is retired from the scan, which
    keeps the pass near-linear when lifetimes are short.
    """
    n = len(slices)
    # later_start[i]: the earliest start among slices i.. (what may still meet a reservation).
    later_start = [0] * (n + 1)
    later_start[n] = 1 << 62
    for i in range(n - 1, -1, -1):
        later_start[i] = min(slices[i].start, later_start[i + 1])
    reservations: list[tuple[int, int, Slice]] = []  # (offset, aligned size, slice), by offset
    offsets: list[int] = []
    highwater = 0
    for i, s in enumerate(slices):
        if reservations and i and later_start[i] > later_start[i - 1]:
            horizon = later_start[i]
            reservations = [r for r in reservations if r[2].end >= horizon]
        size = align(int(s.size), range_alignment)  # type: ignore[arg-type]
        best = None
        best_fit = None
        current = 0
        s_start, s_end = s.start, s.end
        for r_offset, r_size, r_slice in reservations:
            if r_slice.start > s_end or s_start > r_slice.end:
                continue
            aligned = align(current, offset_alignment)
            if aligned + size <= r_offset and (best_fit is None or r_offset - aligned < best_fit):
                best = aligned
                best_fit = r_offset - current
            if r_offset + r_size > current:
                current = r_offset + r_size
        if best is None:
            best = align(current, offset_alignment)
        lo, hi = 0, len(reservations)
        while lo < hi:  # first reservation at or past `best`
            mid = (lo + hi) // 2
            if reservations[mid][0] < best:
                lo = mid + 1
            else:
                hi = mid
        reservations.insert(lo, (best, size, s))
        offsets.append(best)
        highwater = max(highwater, best + size)
    return offsets, align(highwater, range_alignment)


def pack_slices(slices: Sequence[Slice], *, offset_alignment: int = 16, range_alignment: int = 16) -> Layout:
    """Lay out ``slices`` in one slab: static ones greedily, then dynamic ones conservatively."""
    static_idx = [i for i, s in enumerate(slices) if not s.dynamic]
    dynamic_idx = [i for i, s in enumerate(slices) if s.dynamic]
    offsets: list[int | DynamicOffset] = [0] * len(slices)
    total = 0
    if static_idx:
        offs, total = pack_static(
            [slices[i] for i in static_idx],
            offset_alignment=offset_alignment,
            range_alignment=range_alignment,
        )
        for i, o in zip(static_idx, offs):
            offsets[i] = o
    terms: list[Hashable] = []
    if dynamic_idx:
        base = align(total, offset_alignment)
        buckets: dict[Hashable, list[int]] = {}
        for i in dynamic_idx:
            buckets.setdefault(slices[i].size, []).append(i)
        for size_key, members in buckets.items():
            bins: list[tuple[DynamicOffset, list[Slice]]] = []
            for i in members:
                s = slices[i]
                for off, held in bins:
                    if not any(h.intersects(s) for h in held):
                        held.append(s)
                        offsets[i] = off
                        break
                else:
                    off = DynamicOffset(base, tuple(terms))
                    bins.append((off, [s]))
                    offsets[i] = off
                    terms.append(size_key)
    return Layout(tuple(offsets), total, tuple(terms))
