"""Damaged archives raise ArchiveError (or parse), never a struct/json/gguf traceback or a hang."""

from __future__ import annotations

import contextlib
import json
import pathlib
import struct
import time

import numpy as np
import pytest

from simulator.archives import IrpaWriter, ParameterIndex, open_archive
from simulator.errors import ArchiveError, ParameterRangeError


def irpa_sample(path: pathlib.Path) -> None:
    writer = IrpaWriter()
    writer.add_data("w", np.arange(64, dtype=np.float32), metadata=b"m")
    writer.add_splat("s", b"\x01\x02", 32)
    writer.add_data("b", np.arange(3, dtype=np.int8))
    writer.write(path)


def safetensors_sample(path: pathlib.Path) -> None:
    header = json.dumps(
        {
            "a": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]},
            "b": {"dtype": "I8", "shape": [3], "data_offsets": [16, 19]},
        }
    ).encode()
    path.write_bytes(struct.pack("<Q", len(header)) + header + bytes(range(19)))


def gguf_sample(path: pathlib.Path) -> None:
    import gguf

    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_block_count(1)
    writer.add_tensor("a", np.arange(8, dtype=np.float32))
    writer.add_tensor("b", np.arange(4, dtype=np.float16))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


@pytest.mark.parametrize(
    ("suffix", "make"),
    [(".irpa", irpa_sample), (".safetensors", safetensors_sample), (".gguf", gguf_sample)],
    ids=["irpa", "safetensors", "gguf"],
)
def test_archive_readers_survive_damage(tmp_path: pathlib.Path, suffix: str, make) -> None:
    good = tmp_path / f"good{suffix}"
    make(good)
    original = good.read_bytes()
    # Damage the index region, where the parsers look; the data region only changes values.
    index_end = min(len(original), 512)
    rng = np.random.default_rng(11)
    target = tmp_path / f"bad{suffix}"
    start = time.perf_counter()
    outcomes = {"error": 0, "parsed": 0}
    for trial in range(300):
        data = bytearray(original)
        if trial % 3 == 0:
            data = data[: int(rng.integers(0, len(data)))]
        else:
            for _ in range(int(rng.integers(1, 4))):
                pos = int(rng.integers(0, index_end))
                if rng.random() < 0.5:
                    data[pos] = int(rng.integers(0, 256))
                else:
                    width = 8 if pos + 8 <= len(data) else 1
                    data[pos : pos + width] = int(rng.integers(0, 256)).to_bytes(1, "little") * width
        target.write_bytes(bytes(data))
        try:
            archive = open_archive(target)
        except ArchiveError as exc:
            assert str(target) in str(exc)
            outcomes["error"] += 1
            continue
        outcomes["parsed"] += 1
        # Whatever parsed must be readable or refuse cleanly.
        index = ParameterIndex()
        index.add_archive(archive)
        for entry in archive.entries:
            with contextlib.suppress(ParameterRangeError):
                index.read("", entry.key, length_bytes=min(entry.size_bytes, 1 << 16))
        index.close()
    assert outcomes["error"] > 50
    assert time.perf_counter() - start < 30
