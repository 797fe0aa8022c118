"""Archives past 4 GiB: 64-bit offsets, and reads and writes that never touch the whole file."""

from __future__ import annotations

import os
import pathlib
import time
import tracemalloc

import numpy as np
import pytest

from simulator.archives import IrpaWriter, ParameterIndex, read_irpa

SIZE_BYTES = (5 << 30) + 64  # past 4 GiB, so offsets need 64 bits


def supports_sparse_files(directory: pathlib.Path) -> bool:
    probe = directory / "sparse-probe"
    with probe.open("wb") as f:
        f.truncate(64 << 20)
    allocated_bytes = os.stat(probe).st_blocks * 512
    probe.unlink()
    return allocated_bytes < (1 << 20)


def test_archive_large_sparse_irpa_reads_and_writes_without_loading(tmp_path: pathlib.Path) -> None:
    if not supports_sparse_files(tmp_path):
        pytest.skip("the temp filesystem has no sparse files; a 5 GiB archive would really be written")
    tracemalloc.start()
    start = time.perf_counter()
    writer = IrpaWriter()
    writer.add_filled("big", SIZE_BYTES)  # zeros are written as a hole
    writer.add_data("tail", np.arange(4, dtype=np.int32))
    path = tmp_path / "big.irpa"
    writer.write(path)

    index = ParameterIndex()
    index.load(path, scope="m")
    assert index.entry("m", "tail").offset_bytes > 1 << 32
    index.write("m", "big", b"\x07" * 8, offset_bytes=SIZE_BYTES - 8)
    assert index.read("m", "big", offset_bytes=SIZE_BYTES - 12) == b"\0" * 4 + b"\x07" * 8
    np.testing.assert_array_equal(index.array("m", "tail", dtype=np.int32), [0, 1, 2, 3])
    index.close()
    elapsed_s = time.perf_counter() - start
    _, peak_bytes = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    assert read_irpa(path).entry("big").size_bytes == SIZE_BYTES
    with path.open("rb") as f:
        f.seek(read_irpa(path).entry("big").offset_bytes + SIZE_BYTES - 8)
        assert f.read(8) == b"\x07" * 8
    assert peak_bytes < 1 << 20
    assert elapsed_s < 10
