"""The .irpa reader against IREE's runtime, and its errors on corrupt input."""

from __future__ import annotations

import pathlib
import shutil
import struct
import subprocess
import sys

import numpy as np
import pytest

from simulator.archives import EntryKind, ParameterIndex, open_archive, read_irpa
from simulator.archives.irpa import ENTRY_HEADER, HEADER_V0_SIZE
from simulator.errors import ArchiveError, InputError

IREE_FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "iree"
FIXTURE_ARCHIVES = sorted(IREE_FIXTURES.glob("*/params.irpa"))
IREE_BIN = pathlib.Path(sys.executable).parent


def iree_bytes(entry) -> bytes:
    if entry.is_splat:
        return entry.splat_pattern * (entry.length // len(entry.splat_pattern))
    return bytes(entry.file_view)


@pytest.mark.parametrize("path", FIXTURE_ARCHIVES, ids=[p.parent.name for p in FIXTURE_ARCHIVES])
def test_irpa_reader_matches_iree_runtime_on_fixtures(iree, path: pathlib.Path) -> None:
    import iree.runtime as rt

    reference = rt.ParameterIndex()
    reference.load(str(path))
    index = ParameterIndex()
    index.load(path, scope="model")
    assert [e.key for e in index.entries("model")] == [k for k, _ in reference.items()]
    for key, ref in reference.items():
        ours = index.entry("model", key)
        assert ours.size_bytes == ref.length
        assert ours.offset_bytes == ref.file_storage[1]
        assert index.read("model", key) == iree_bytes(ref), key


def test_irpa_reader_matches_iree_create_parameters_splats_and_data(iree, tmp_path: pathlib.Path) -> None:
    import iree.runtime as rt

    out = tmp_path / "made.irpa"
    subprocess.run(
        [
            str(IREE_BIN / "iree-create-parameters"),
            "--splat=my.splat_f32=4096xf32=4.1",
            "--splat=splat_i16=2x4096xi16=123",
            "--splat=splat_i8=7xi8=-2",
            "--data=zeros=3xi8",
            f"--output={out}",
            "--quiet",
        ],
        check=True,
    )
    reference = rt.ParameterIndex()
    reference.load(str(out))
    archive = read_irpa(out)
    kinds = {e.key: e.kind for e in archive.entries}
    assert kinds == {
        "my.splat_f32": EntryKind.SPLAT,
        "splat_i16": EntryKind.SPLAT,
        "splat_i8": EntryKind.SPLAT,
        "zeros": EntryKind.DATA,
    }
    assert archive.entry("my.splat_f32").splat_pattern == np.float32(4.1).tobytes()
    assert archive.entry("splat_i16").splat_pattern == np.int16(123).tobytes()
    index = ParameterIndex()
    index.add_archive(archive)
    for key, ref in reference.items():
        assert index.read("", key) == iree_bytes(ref), key
    assert index.read("", "zeros") == b"\0\0\0"


def test_irpa_reader_keeps_metadata_and_skips_nothing(iree, tmp_path: pathlib.Path) -> None:
    import iree.runtime as rt

    source = rt.ParameterIndex()
    source.add_buffer("a", np.arange(10, dtype=np.float32), metadata="hello")
    source.add_splat("s", np.array([1.5], dtype=np.float16), 100, metadata="meta-s")
    out = tmp_path / "meta.irpa"
    source.create_archive_file(str(out))
    archive = read_irpa(out)
    assert [(e.key, e.metadata) for e in archive.entries] == [("a", b"hello"), ("s", b"meta-s")]


# -- corrupt and truncated archives ---------------------------------------------------------------


def corrupted(tmp_path: pathlib.Path, source: pathlib.Path, offset: int, data: bytes) -> pathlib.Path:
    target = tmp_path / "bad.irpa"
    shutil.copyfile(source, target)
    with target.open("r+b") as f:
        f.seek(offset)
        f.write(data)
    return target


MLP = IREE_FIXTURES / "mlp" / "params.irpa"
FIRST_ENTRY = 96  # entry table of an IREE-written archive starts right after the 88-byte header


@pytest.mark.parametrize(
    ("offset", "data", "message"),
    [
        (0, b"NOPE", r"not an IRPA archive: magic .* expected b'IRPA'"),
        (4, struct.pack("<H", 1), r"IRPA version 1\.0 is not supported"),
        (8, struct.pack("<Q", 64), r"header_size is 64 at offset 0, expected 88"),
        (16, struct.pack("<Q", 1 << 40), r"linked archive header at offset 1099511627776 is past the end"),
        (16, struct.pack("<Q", 0), None),
        (32, struct.pack("<Q", 1 << 50), r"entry_count 1125899906842624 cannot fit"),
        (56, struct.pack("<Q", 1 << 30), r"metadata segment \[1073741824, 1073741830\) extends past the end"),
        (56, struct.pack("<QQ", (1 << 63) + 252, 0), r"the metadata segment needs bytes \[9223372036854776060, "),
        (FIRST_ENTRY, struct.pack("<Q", 4096), r"entry 0 declares entry_size 4096"),
        (FIRST_ENTRY + 8, struct.pack("<I", 9), r"entry 0 \('w0'\) has unknown type 9"),
        (
            FIRST_ENTRY + 20,
            struct.pack("<QQ", 1000, 2),
            r"entry 0 name \[1000, 1002\) is outside the metadata",
        ),
        (FIRST_ENTRY + ENTRY_HEADER.size, struct.pack("<Q", 1 << 20), r"data entry 'w0' storage .* outside"),
    ],
    ids=[
        "magic",
        "version",
        "header-size",
        "next-header",
        "harmless",
        "entry-count",
        "metadata-segment",
        "empty-metadata-segment-past-2^63",
        "entry-size",
        "entry-type",
        "name-range",
        "storage-range",
    ],
)
def test_irpa_reader_rejects_corrupt_fields(
    tmp_path: pathlib.Path, offset: int, data: bytes, message: str | None
) -> None:
    bad = corrupted(tmp_path, MLP, offset, data)
    if message is None:
        assert read_irpa(bad).keys() == ["w0", "b0", "w1"]
        return
    with pytest.raises(ArchiveError, match=message) as info:
        read_irpa(bad)
    assert str(bad) in str(info.value)


def test_irpa_reader_rejects_header_chain_loop(tmp_path: pathlib.Path) -> None:
    # A second header 4096 bytes in whose next_header_offset points back to the first.
    target = tmp_path / "loop.irpa"
    data = bytearray(MLP.read_bytes())
    data[16:24] = struct.pack("<Q", 4096)
    second = bytearray(data[:HEADER_V0_SIZE])
    second[16:24] = struct.pack("<Q", (1 << 64) - 4096)
    second[32:88] = bytes(56)  # no entries, empty segments
    data[4096 : 4096 + HEADER_V0_SIZE] = second
    target.write_bytes(bytes(data))
    with pytest.raises(ArchiveError, match="header chain loops back to offset 0"):
        read_irpa(target)


def test_irpa_reader_rejects_bad_splat_pattern_length(tmp_path: pathlib.Path) -> None:
    from simulator.archives import IrpaWriter

    writer = IrpaWriter()
    writer.add_splat("s", b"\x01\x02", 8)
    path = tmp_path / "splat.irpa"
    writer.write(path)
    # pattern_length is the last byte of the 85-byte splat entry.
    bad = corrupted(tmp_path, path, FIRST_ENTRY + 84, b"\x03")
    with pytest.raises(ArchiveError, match="splat entry 's' has pattern_length 3"):
        read_irpa(bad)


@pytest.mark.parametrize("size", [0, 10, 40, 200, 4000], ids=lambda s: f"{s}B")
def test_irpa_reader_rejects_truncated_file(tmp_path: pathlib.Path, size: int) -> None:
    target = tmp_path / "cut.irpa"
    target.write_bytes(MLP.read_bytes()[:size])
    with pytest.raises(ArchiveError, match=r"cut\.irpa: truncated"):
        read_irpa(target)


def test_irpa_reader_archive_without_storage_padding_is_accepted(tmp_path: pathlib.Path) -> None:
    # IREE pads files to 4096 bytes; an archive cut right after its last data byte is still complete.
    archive = read_irpa(MLP)
    end = max(e.end_bytes for e in archive.entries)
    target = tmp_path / "tight.irpa"
    target.write_bytes(MLP.read_bytes()[:end])
    assert read_irpa(target).keys() == archive.keys()


def test_open_archive_rejects_unknown_suffix_missing_file_and_directory(tmp_path: pathlib.Path) -> None:
    with pytest.raises(ArchiveError, match=r"weights\.pt: unknown parameter archive suffix '\.pt'"):
        open_archive(tmp_path / "weights.pt")
    with pytest.raises(ArchiveError, match=r"missing\.irpa: no such parameter archive"):
        open_archive(tmp_path / "missing.irpa")
    (tmp_path / "dir.irpa").mkdir()
    with pytest.raises(ArchiveError, match=r"dir\.irpa: not a regular file"):
        open_archive(tmp_path / "dir.irpa")


def test_archive_error_is_input_error() -> None:
    assert issubclass(ArchiveError, InputError)


def test_irpa_reader_reports_skip_entries(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An entry whose type reads 0 (skip) is ignored as IREE's runtime ignores it, but never silently:
    the archive lists it, `params show` prints it, and a lookup of its name says why it is missing."""
    from simulator.archives.irpa_writer import IrpaWriter
    from simulator.cli import main

    path = tmp_path / "p.irpa"
    writer = IrpaWriter()
    writer.add_data("w0", np.ones(4, np.float32))
    writer.add_data("w1", np.ones(8, np.float32))
    writer.write(path)
    data = bytearray(path.read_bytes())
    entry_segment = struct.unpack_from("<Q", data, 40)[0]
    entry_size = struct.unpack_from("<Q", data, entry_segment)[0]
    second = entry_segment + (entry_size + 15) // 16 * 16
    assert struct.unpack_from("<I", data, second + 8)[0] == 2  # a data entry
    damaged = bytearray(data)
    struct.pack_into("<Q", damaged, second + 8, 2**62)  # type 0 and flags 2^30, as a stray 8-byte write gives
    path.write_bytes(bytes(damaged))
    with pytest.raises(
        ArchiveError, match=r"p\.irpa: corrupt: entry 1 has reserved flags 0x40000000 \(must be 0\)"
    ):
        read_irpa(path)
    assert main(["params", "show", str(path)]) == 2
    capsys.readouterr()
    struct.pack_into("<I", data, second + 8, 0)  # a genuine skip entry: type 0, flags 0
    path.write_bytes(bytes(data))
    archive = read_irpa(path)
    assert (archive.keys(), archive.skipped) == (["w0"], ("w1",))
    assert main(["params", "show", str(path)]) == 0
    assert (
        "note: 1 entry of type skip ignored, as IREE's runtime ignores them: 'w1'" in capsys.readouterr().out
    )
    index = ParameterIndex()
    index.load(path, scope="model")
    with pytest.raises(InputError, match=r"no parameter 'w1' .*p\.irpa has an entry 'w1' of type skip"):
        index.entry("model", "w1")
