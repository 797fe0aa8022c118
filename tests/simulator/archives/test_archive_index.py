"""ParameterIndex: lookup by scope and key, reads, writes, gather/scatter, and their errors."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from simulator.archives import IrpaWriter, ParameterEntry, ParameterIndex, ParameterSpan, read_irpa
from simulator.errors import ArchiveError, ParameterNotFoundError, ParameterRangeError


@pytest.fixture
def mlp_index(mlp_copy: pathlib.Path) -> ParameterIndex:
    index = ParameterIndex()
    index.load(mlp_copy, scope="model")
    return index


def test_index_lookup_by_scope_and_key(mlp_index: ParameterIndex) -> None:
    assert mlp_index.scopes == ["model"]
    assert len(mlp_index) == 3
    assert ("model", "w0") in mlp_index and ("model", "nope") not in mlp_index
    assert [e.key for e in mlp_index.entries("model")] == ["w0", "b0", "w1"]
    assert mlp_index.total_bytes() == 64 * 128 * 4 + 128 * 4 + 128 * 32 * 4


def test_index_unknown_scope_and_key_raise(mlp_index: ParameterIndex) -> None:
    with pytest.raises(ParameterNotFoundError, match=r"no parameter scope 'other' \(scopes: 'model'\)"):
        mlp_index.read("other", "w0")
    with pytest.raises(
        ParameterNotFoundError, match=r"no parameter 'w9' in scope 'model' \(it has 3 keys: 'w0'"
    ):
        mlp_index.read("model", "w9")


def test_index_rejects_duplicate_key_in_scope(mlp_copy: pathlib.Path) -> None:
    index = ParameterIndex()
    index.load(mlp_copy, scope="model")
    index.load(mlp_copy, scope="other")  # the same file may serve another scope
    with pytest.raises(ArchiveError, match=r"parameter 'w0' already exists in scope 'model'"):
        index.load(mlp_copy, scope="model")


@pytest.mark.parametrize(
    ("offset_bytes", "length_bytes"),
    [(-1, 4), (0, 32769), (32768, 1), (32000, 1000)],
    ids=["negative", "too-long", "at-end", "straddles-end"],
)
def test_index_out_of_range_read_raises(
    mlp_index: ParameterIndex, offset_bytes: int, length_bytes: int
) -> None:
    with pytest.raises(
        ParameterRangeError, match=r"read of parameter model::w0: byte range .* outside its 32768 bytes"
    ):
        mlp_index.read("model", "w0", offset_bytes=offset_bytes, length_bytes=length_bytes)


def test_index_partial_read_and_typed_view(mlp_index: ParameterIndex, mlp_copy: pathlib.Path) -> None:
    w0 = mlp_index.array("model", "w0", dtype=np.float32, shape=(64, 128))
    raw = mlp_copy.read_bytes()
    offset = mlp_index.entry("model", "w0").offset_bytes
    np.testing.assert_array_equal(w0.reshape(-1)[:4], np.frombuffer(raw[offset : offset + 16], np.float32))
    assert mlp_index.read("model", "w0", offset_bytes=8, length_bytes=8) == raw[offset + 8 : offset + 16]
    with pytest.raises(ParameterRangeError, match=r"cannot view 8192 float32 elements as shape \(3, 3\)"):
        mlp_index.array("model", "w0", dtype=np.float32, shape=(3, 3))


def test_index_write_round_trip_reaches_disk(mlp_copy: pathlib.Path, mlp_index: ParameterIndex) -> None:
    before = mlp_copy.read_bytes()
    b0 = mlp_index.entry("model", "b0")
    view = mlp_index.array("model", "b0", dtype=np.float32)  # an earlier view sees the write too
    new = np.linspace(-1, 1, 16, dtype=np.float32)
    mlp_index.write("model", "b0", new, offset_bytes=64)

    assert mlp_index.read("model", "b0", offset_bytes=64, length_bytes=64) == new.tobytes()
    np.testing.assert_array_equal(view[16:32], new)
    after = mlp_copy.read_bytes()
    start = b0.offset_bytes + 64
    assert after[start : start + 64] == new.tobytes()
    assert after[:start] == before[:start] and after[start + 64 :] == before[start + 64 :]
    # A fresh reader of the file sees the same bytes.
    fresh = ParameterIndex()
    fresh.load(mlp_copy, scope="model")
    assert fresh.read("model", "b0", offset_bytes=64, length_bytes=64) == new.tobytes()


def test_index_scatter_then_gather_round_trip(mlp_copy: pathlib.Path, mlp_index: ParameterIndex) -> None:
    source = np.arange(256, dtype=np.uint8)
    spans = [
        ParameterSpan("w0", parameter_offset_bytes=100, buffer_offset_bytes=0, length_bytes=64),
        ParameterSpan("b0", parameter_offset_bytes=0, buffer_offset_bytes=64, length_bytes=128),
        ParameterSpan("w1", parameter_offset_bytes=16384 - 64, buffer_offset_bytes=192, length_bytes=64),
    ]
    mlp_index.scatter("model", source, spans)
    gathered = np.zeros(256, dtype=np.uint8)
    mlp_index.gather("model", spans, gathered)
    np.testing.assert_array_equal(gathered, source)

    on_disk = mlp_copy.read_bytes()
    for span in spans:
        start = mlp_index.entry("model", span.key).offset_bytes + span.parameter_offset_bytes
        expected = source[span.buffer_offset_bytes : span.buffer_offset_bytes + span.length_bytes].tobytes()
        assert on_disk[start : start + span.length_bytes] == expected
    assert read_irpa(mlp_copy).keys() == ["w0", "b0", "w1"]  # the archive's index is untouched


def test_index_bad_scatter_writes_nothing(mlp_copy: pathlib.Path, mlp_index: ParameterIndex) -> None:
    before = mlp_copy.read_bytes()
    spans = [
        ParameterSpan("w0", 0, 0, 16),
        ParameterSpan("b0", 500, 16, 16),  # b0 has 512 bytes: [500, 516) is out of range
    ]
    with pytest.raises(ParameterRangeError, match=r"scatter of parameter model::b0: byte range \[500, 516\)"):
        mlp_index.scatter("model", np.ones(32, np.uint8), spans)
    with pytest.raises(ParameterRangeError, match=r"buffer range \[16, 48\) is outside the 32-byte buffer"):
        mlp_index.scatter("model", np.ones(32, np.uint8), [ParameterSpan("w0", 0, 16, 32)])
    assert mlp_copy.read_bytes() == before


def test_index_writable_view_writes_file(mlp_copy: pathlib.Path, mlp_index: ParameterIndex) -> None:
    view = mlp_index.view("model", "w1", writable=True)
    view[:4] = [1, 2, 3, 4]
    offset = mlp_index.entry("model", "w1").offset_bytes
    mlp_index.close()
    assert mlp_copy.read_bytes()[offset : offset + 4] == b"\x01\x02\x03\x04"


def test_index_splats_read_as_pattern_and_refuse_writes(tmp_path: pathlib.Path) -> None:
    writer = IrpaWriter()
    writer.add_splat("s", b"\x01\x02\x03\x04", 16)
    index = ParameterIndex()
    index.load(writer.write(tmp_path / "s.irpa").path)
    assert index.read("", "s") == bytes([1, 2, 3, 4] * 4)
    assert index.read("", "s", offset_bytes=3, length_bytes=6) == bytes([4, 1, 2, 3, 4, 1])
    with pytest.raises(ParameterRangeError, match=r"write of parameter ::s: splat parameters are constant"):
        index.write("", "s", b"\x00")
    with pytest.raises(ParameterRangeError, match="splat parameters are constant"):
        index.scatter("", b"\x00", [ParameterSpan("s", 0, 0, 1)])


def test_index_virtual_entries_have_no_bytes() -> None:
    index = ParameterIndex()
    index.add(ParameterEntry.virtual("v", 1 << 40), scope="m")
    assert index.total_bytes("m") == 1 << 40
    with pytest.raises(ParameterRangeError, match=r"read of parameter m::v: it is virtual \(timing-only\)"):
        index.read("m", "v", length_bytes=4)
    with pytest.raises(ParameterRangeError, match="it is virtual"):
        index.write("m", "v", b"\x00")


def test_index_read_of_file_shrunk_after_loading_raises(mlp_copy: pathlib.Path) -> None:
    index = ParameterIndex()
    index.load(mlp_copy, scope="model")
    with mlp_copy.open("r+b") as f:
        f.truncate(1000)
    with pytest.raises(
        ParameterRangeError,
        match=r"params\.irpa: byte range \[384, 33152\) is outside the file \(1000 bytes\)",
    ):
        index.read("model", "w0")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"size_bytes": -1, "kind": "virtual"}, "negative size_bytes -1"),
        ({"size_bytes": 6, "kind": "splat", "splat_pattern": b"\x01\x02\x03"}, "splat pattern of 3 bytes"),
        (
            {"size_bytes": 6, "kind": "splat", "splat_pattern": b"\x01\x02\x03\x04"},
            "splat size_bytes 6 is not a multiple of its 4-byte",
        ),
        ({"size_bytes": 6, "kind": "data"}, "data entries need a file path"),
    ],
    ids=["negative", "pattern-length", "pattern-multiple", "data-without-file"],
)
def test_entry_rejects_invalid_fields(kwargs: dict, message: str) -> None:
    from simulator.archives import EntryKind

    kwargs = dict(kwargs, kind=EntryKind(kwargs["kind"]))
    with pytest.raises(ArchiveError, match=rf"parameter 'k': {message}"):
        ParameterEntry("k", **kwargs)


def test_index_from_specs_binds_scopes_like_iree_parameters_flag(mlp_copy: pathlib.Path) -> None:
    index = ParameterIndex.from_specs([f"model={mlp_copy}", str(mlp_copy)], default_scope="extra")
    assert index.scopes == ["model", "extra"]
    assert index.read("model", "b0") == index.read("extra", "b0")
