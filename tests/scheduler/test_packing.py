from __future__ import annotations

import pytest

from scheduler import Slice, pack_slices
from scheduler.packing import DynamicOffset


def test_pack_slices_iree_example():
    slices = [
        Slice(0, 1, 100),
        Slice(1, 2, 100),
        Slice(2, 3, 100),
        Slice(0, 4, 200),
        Slice(5, 6, 200),
        Slice(5, 8, 100),
    ]
    layout = pack_slices(slices, offset_alignment=16, range_alignment=16)
    assert layout.offsets == (0, 112, 0, 224, 0, 208)
    assert layout.total_bytes == 432


def test_pack_slices_disjoint_lifetimes_share_bytes():
    layout = pack_slices([Slice(0, 0, 64), Slice(1, 1, 64)], offset_alignment=16, range_alignment=16)
    assert layout.offsets == (0, 0)
    assert layout.total_bytes == 64


def test_pack_slices_live_together_do_not_overlap():
    layout = pack_slices([Slice(0, 3, 10), Slice(1, 2, 10)], offset_alignment=64, range_alignment=4)
    assert layout.offsets == (0, 64)
    assert layout.total_bytes == 76


@pytest.mark.parametrize(
    ("offset_alignment", "range_alignment", "total"),
    [(1, 1, 200), (16, 16, 224), (256, 64, 384)],
    ids=["unaligned", "16", "256/64"],
)
def test_pack_slices_alignment(offset_alignment, range_alignment, total):
    layout = pack_slices(
        [Slice(0, 1, 100), Slice(0, 1, 100)],
        offset_alignment=offset_alignment,
        range_alignment=range_alignment,
    )
    assert layout.total_bytes == total


def test_pack_slices_dynamic_same_size_disjoint_lifetimes_share_a_bin():
    n, m = object(), object()
    layout = pack_slices(
        [
            Slice(0, 1, 32),
            Slice(0, 1, n, dynamic=True),
            Slice(2, 3, n, dynamic=True),
            Slice(0, 3, m, dynamic=True),
        ],
        offset_alignment=16,
        range_alignment=16,
    )
    assert layout.offsets[0] == 0
    assert layout.offsets[1] == layout.offsets[2] == DynamicOffset(32, ())
    assert layout.offsets[3] == DynamicOffset(32, (n,))
    assert layout.dynamic_terms == (n, m)


def test_pack_slices_dynamic_overlapping_lifetimes_get_own_bins():
    n = object()
    layout = pack_slices([Slice(0, 2, n, dynamic=True), Slice(1, 3, n, dynamic=True)])
    assert layout.offsets == (DynamicOffset(0, ()), DynamicOffset(0, (n,)))
