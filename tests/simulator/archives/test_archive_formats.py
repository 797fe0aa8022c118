"""safetensors and gguf readers: round trips against the formats' own packages, and corrupt files."""

from __future__ import annotations

import json
import pathlib
import struct

import ml_dtypes
import numpy as np
import pytest

from simulator.archives import ParameterIndex, open_archive, read_gguf, read_safetensors
from simulator.errors import ArchiveError

RNG = np.random.default_rng(3)
ARRAYS = {
    "embed.weight": RNG.standard_normal((16, 8)).astype(np.float32),
    "norm.weight": RNG.standard_normal(8).astype(np.float16),
    "proj.weight": RNG.standard_normal((8, 4)).astype(ml_dtypes.bfloat16),
    "positions": np.arange(12, dtype=np.int64).reshape(3, 4),
    "flags": np.array([1, 0, 1], dtype=np.int8),
}


def write_safetensors(path: pathlib.Path, arrays: dict[str, np.ndarray]) -> None:
    from safetensors.numpy import save_file

    save_file(arrays, str(path), metadata={"format": "np"})


def test_safetensors_round_trip(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "model.safetensors"
    arrays = {k: v for k, v in ARRAYS.items() if v.dtype != ml_dtypes.bfloat16}
    write_safetensors(path, arrays)
    archive = open_archive(path)
    assert archive.format == "safetensors" and archive.metadata == {"format": "np"}
    index = ParameterIndex()
    index.add_archive(archive, scope="m")
    assert sorted(archive.keys()) == sorted(arrays)
    for key, array in arrays.items():
        got = index.array("m", key)  # dtype and shape come from the file
        assert got.dtype == array.dtype and got.shape == array.shape
        np.testing.assert_array_equal(got, array)


def test_safetensors_bf16_from_torch_style_header(tmp_path: pathlib.Path) -> None:
    # safetensors.numpy cannot save bfloat16; write the documented layout by hand.
    array = ARRAYS["proj.weight"]
    header = json.dumps({"w": {"dtype": "BF16", "shape": [8, 4], "data_offsets": [0, array.nbytes]}}).encode()
    header += b" " * (-len(header) % 8)
    path = tmp_path / "bf16.safetensors"
    path.write_bytes(struct.pack("<Q", len(header)) + header + array.tobytes())
    index = ParameterIndex()
    index.load(path)
    np.testing.assert_array_equal(index.array("", "w"), array)


def test_safetensors_matches_iree_runtime(iree, tmp_path: pathlib.Path) -> None:
    import iree.runtime as rt

    path = tmp_path / "model.safetensors"
    write_safetensors(path, {k: v for k, v in ARRAYS.items() if v.dtype != ml_dtypes.bfloat16})
    reference = rt.ParameterIndex()
    reference.load(str(path))
    index = ParameterIndex()
    index.load(path)
    for key, entry in reference.items():
        assert index.entry("", key).offset_bytes == entry.file_storage[1]
        assert index.read("", key) == bytes(entry.file_view)


def safetensors_bytes(header: object, data: bytes = b"", *, length: int | None = None) -> bytes:
    encoded = json.dumps(header).encode() if not isinstance(header, bytes) else header
    return struct.pack("<Q", len(encoded) if length is None else length) + encoded + data


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x01\x02", r"truncated: 2 bytes is too short for the 8-byte safetensors header length"),
        (safetensors_bytes({}, length=1000), r"truncated: safetensors header of 1000 bytes extends past"),
        (safetensors_bytes({}, length=1 << 60), r"header length 1152921504606846976 exceeds"),
        (safetensors_bytes(b"{not json"), r"safetensors header is not valid UTF-8 JSON"),
        (safetensors_bytes([1, 2]), r"safetensors header is a JSON list, not an object"),
        (safetensors_bytes({"t": 5}), r"safetensors tensor 't' is not a JSON object"),
        (
            safetensors_bytes({"t": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}, b"\0" * 4),
            r"tensor 't' data \[0, 8\) extends past the 4-byte data region",
        ),
        (
            safetensors_bytes({"t": {"dtype": "F32", "shape": [3], "data_offsets": [0, 8]}}, b"\0" * 8),
            r"tensor 't' has 8 bytes but dtype F32 and shape \[3\] need 12",
        ),
        (
            safetensors_bytes({"t": {"dtype": "F32", "shape": [2], "data_offsets": [8, 0]}}, b"\0" * 8),
            r"tensor 't' 'data_offsets' \[8, 0\] is not \[begin, end\]",
        ),
        (
            safetensors_bytes({"t": {"shape": [2], "data_offsets": [0, 8]}}),
            r"tensor 't' has no string 'dtype'",
        ),
        (safetensors_bytes({"__metadata__": {"a": 1}}), r"__metadata__ must map strings to strings"),
    ],
    ids=[
        "short",
        "header-past-end",
        "huge-header",
        "bad-json",
        "not-object",
        "record-not-object",
        "data-past-end",
        "size-mismatch",
        "reversed-offsets",
        "no-dtype",
        "bad-metadata",
    ],
)
def test_safetensors_rejects_corrupt_files(tmp_path: pathlib.Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.safetensors"
    path.write_bytes(content)
    with pytest.raises(ArchiveError, match=message) as info:
        read_safetensors(path)
    assert str(path) in str(info.value)


# -- gguf -------------------------------------------------------------------------------------------


def write_gguf(path: pathlib.Path, arrays: dict[str, np.ndarray]) -> None:
    import gguf

    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_block_count(1)
    for key, array in arrays.items():
        if array.dtype == ml_dtypes.bfloat16:
            # Stored as raw 16-bit words tagged BF16; gguf's writer has no bfloat16 numpy path.
            writer.add_tensor(key, array.view(np.uint16), raw_dtype=gguf.GGMLQuantizationType.BF16)
        else:
            writer.add_tensor(key, array)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


GGUF_ARRAYS = dict(ARRAYS)


def test_gguf_round_trip(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "model.gguf"
    write_gguf(path, GGUF_ARRAYS)
    archive = open_archive(path)
    assert archive.format == "gguf"
    index = ParameterIndex()
    index.add_archive(archive, scope="m")
    for key, array in GGUF_ARRAYS.items():
        entry = index.entry("m", key)
        assert entry.shape == array.shape and entry.offset_bytes % 32 == 0
        got = index.array("m", key)
        assert got.dtype == array.dtype
        np.testing.assert_array_equal(got, array)


def test_gguf_matches_iree_runtime(iree, tmp_path: pathlib.Path) -> None:
    import iree.runtime as rt

    path = tmp_path / "model.gguf"
    # IREE 3.13's gguf parser rejects BF16 and I8 (ggml types 30, 24); compare on F32 and F16.
    write_gguf(path, {k: v for k, v in GGUF_ARRAYS.items() if v.dtype in (np.float32, np.float16)})
    reference = rt.ParameterIndex()
    reference.load(str(path))
    index = ParameterIndex()
    index.load(path)
    for key, entry in reference.items():
        assert index.entry("", key).offset_bytes == entry.file_storage[1]
        assert index.read("", key) == bytes(entry.file_view)


def test_gguf_rejects_corrupt_files(tmp_path: pathlib.Path) -> None:
    good = tmp_path / "good.gguf"
    write_gguf(good, GGUF_ARRAYS)
    data = good.read_bytes()
    cases = {
        "magic.gguf": (b"GGUX" + data[4:], r"not a GGUF file: magic is b'GGUX'"),
        "version.gguf": (data[:4] + struct.pack("<I", 99) + data[8:], r"unsupported GGUF version 99"),
        "counts.gguf": (
            data[:8] + struct.pack("<Q", 1 << 40) + data[16:],
            r"1099511627776 tensors .* need at least",
        ),
        "short.gguf": (data[:10], r"truncated: 10 bytes is too short for a GGUF header"),
        "cut.gguf": (data[: len(data) // 2], r"cut\.gguf: (truncated|corrupt GGUF file)"),
        "header-cut.gguf": (data[:100], r"header-cut\.gguf: (truncated|corrupt GGUF file)"),
    }
    for name, (content, message) in cases.items():
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(ArchiveError, match=message):
            read_gguf(path)


def _gguf_with_one_kv(value_type: int, body: bytes) -> bytes:
    """A GGUF v3 file with no tensors and one key/value ``a`` of ``value_type`` followed by ``body``."""
    return (
        b"GGUF"
        + struct.pack("<IQQ", 3, 0, 1)
        + struct.pack("<Q", 1)
        + b"a"
        + struct.pack("<I", value_type)
        + body
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (struct.pack("<IQ", 4, 2**62), r"key/value 0 value element count 4611686018427387904 at byte"),
        (struct.pack("<IQ", 8, 2**40), r"key/value 0 value element count 1099511627776"),
        (struct.pack("<Q", 2**50) + b"xy", r"key/value 0 value length 1125899906842624"),
        (struct.pack("<IQ", 9, 1) * 9 + b"\0" * 64, r"key/value 0 value nests arrays deeper than 8"),
    ],
    ids=["u32-array-2^62", "string-array-2^40", "string-2^50", "nested-arrays"],
)
def test_gguf_checks_every_count_against_the_file(tmp_path: pathlib.Path, body: bytes, message: str) -> None:
    """Counts inside the key/values are checked before gguf's reader sees them (it would allocate without
    limit or loop for hours); each case is tens of bytes."""
    path = tmp_path / "bomb.gguf"
    vtype = 8 if body.startswith(struct.pack("<Q", 2**50)) else 9
    path.write_bytes(_gguf_with_one_kv(vtype, body))
    with pytest.raises(ArchiveError, match=rf"bomb\.gguf: corrupt GGUF file: {message}"):
        read_gguf(path)


def test_gguf_unknown_value_type_and_many_dims(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "t.gguf"
    path.write_bytes(_gguf_with_one_kv(77, b"\0" * 32))
    with pytest.raises(ArchiveError, match="key/value 0 value has unknown value type 77"):
        read_gguf(path)
    info = struct.pack("<Q", 1) + b"w" + struct.pack("<I", 1000) + b"\0" * 64
    path.write_bytes(b"GGUF" + struct.pack("<IQQ", 3, 1, 0) + info)
    with pytest.raises(ArchiveError, match="tensor info 0 has 1000 dimensions"):
        read_gguf(path)
