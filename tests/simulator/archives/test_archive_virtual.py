"""Virtual archives: sizes without bytes, cheap enough for 70B-class models."""

from __future__ import annotations

import time
import tracemalloc

import pytest

from simulator.archives import EntryKind, ParameterIndex, transformer_parameter_sizes, virtual_archive
from simulator.errors import ArchiveError, ParameterRangeError


def test_virtual_archive_70b_is_cheap_to_build() -> None:
    tracemalloc.start()
    start = time.perf_counter()
    index = ParameterIndex()
    index.add_archive(virtual_archive(transformer_parameter_sizes()), scope="model")
    elapsed_s = time.perf_counter() - start
    _, peak_bytes = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    assert len(index) == 723
    assert 140e9 < index.total_bytes("model") < 142e9
    # Generous bounds (it takes a few ms and ~0.3 MB); they catch accidental materialisation.
    assert elapsed_s < 1.0
    assert peak_bytes < 4 << 20


def test_virtual_archive_lays_entries_out_at_alignment() -> None:
    archive = virtual_archive([("a", 10), ("b", 64), ("c", 1)], alignment_bytes=64)
    assert [(e.key, e.kind, e.offset_bytes, e.size_bytes) for e in archive.entries] == [
        ("a", EntryKind.VIRTUAL, 0, 10),
        ("b", EntryKind.VIRTUAL, 64, 64),
        ("c", EntryKind.VIRTUAL, 128, 1),
    ]
    assert archive.path is None and archive.file_size_bytes == 129


def test_virtual_archive_entries_refuse_reads() -> None:
    index = ParameterIndex()
    index.add_archive(virtual_archive([("w", 1 << 36)]), scope="m")
    with pytest.raises(ParameterRangeError, match=r"read of parameter m::w: it is virtual"):
        index.read("m", "w", length_bytes=16)


def test_virtual_archive_rejects_duplicates_and_negative_sizes() -> None:
    with pytest.raises(ArchiveError, match=r"virtual: duplicate parameter key 'w'"):
        virtual_archive([("w", 1), ("w", 2)])
    with pytest.raises(ArchiveError, match=r"parameter 'x': negative size_bytes -5"):
        virtual_archive([("x", -5)])


def test_transformer_parameter_sizes_small_model() -> None:
    sizes = dict(
        transformer_parameter_sizes(layers=1, hidden=8, intermediate=16, vocab=10, heads=2, kv_heads=1)
    )
    assert sizes["token_embd.weight"] == 10 * 8 * 2
    assert sizes["blk.0.attn_k.weight"] == 4 * 8 * 2  # one kv head of dim 4
    assert sizes["blk.0.ffn_down.weight"] == 8 * 16 * 2
    assert len(sizes) == 12
