"""The .irpa writer: round trips, IREE's runtime accepting what it writes, and its errors."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

from simulator.archives import EntryKind, IrpaWriter, ParameterIndex, read_irpa, write_irpa
from simulator.errors import ArchiveError

IREE_FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "iree"
FIXTURE_ARCHIVES = sorted(IREE_FIXTURES.glob("*/params.irpa"))
IREE_BIN = pathlib.Path(sys.executable).parent
IREE_CPU_FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=generic",
]


def rewrite_fixture(source: pathlib.Path, target: pathlib.Path) -> ParameterIndex:
    """Write every parameter of ``source`` into a new archive at ``target`` with our writer."""
    index = ParameterIndex()
    index.load(source, scope="model")
    write_irpa(target, {e.key: index.view("model", e.key) for e in index.entries("model")})
    return index


def test_irpa_writer_round_trips_data_splats_and_metadata(tmp_path: pathlib.Path) -> None:
    rng = np.random.default_rng(7)
    arrays = {
        "w": rng.standard_normal((5, 7)).astype(np.float32),
        "b": rng.standard_normal(3).astype(ml_dtypes.bfloat16),
        "odd": np.arange(3, dtype=np.int8),
        "strided": np.arange(12, dtype=np.int16).reshape(3, 4)[:, ::2],
        "empty": np.zeros(0, dtype=np.float32),
    }
    writer = IrpaWriter()
    for key, array in arrays.items():
        writer.add_data(key, array, metadata=f"meta:{key}".encode())
    writer.add_splat("ones", np.float32(1).tobytes(), 64)
    writer.add_filled("sevens", 6, np.int16(7).tobytes())
    writer.add_filled("zeros", 10)
    path = tmp_path / "rt.irpa"
    archive = writer.write(path)

    assert path.stat().st_size % 4096 == 0
    assert read_irpa(path) == archive
    index = ParameterIndex()
    index.add_archive(archive)
    for key, array in arrays.items():
        entry = index.entry("", key)
        assert entry.kind is EntryKind.DATA and entry.metadata == f"meta:{key}".encode()
        if entry.size_bytes:
            assert entry.offset_bytes % 64 == 0
        np.testing.assert_array_equal(index.array("", key, dtype=array.dtype, shape=array.shape), array)
    np.testing.assert_array_equal(index.array("", "ones", dtype=np.float32), np.ones(16, np.float32))
    np.testing.assert_array_equal(index.array("", "sevens", dtype=np.int16), [7, 7, 7])
    assert index.read("", "zeros") == bytes(10)


def test_irpa_writer_matches_iree_archive_builder_byte_for_byte(iree, tmp_path: pathlib.Path) -> None:
    import iree.runtime as rt

    a = np.arange(10, dtype=np.float32)
    b = np.arange(3, dtype=np.int8)
    reference = rt.ParameterIndex()
    reference.add_buffer("a", a, metadata="hello")
    reference.add_splat("s", np.array([1.5], dtype=np.float16), 100)
    reference.add_buffer("b", b)
    reference.create_archive_file(str(tmp_path / "iree.irpa"))

    writer = IrpaWriter()
    writer.add_data("a", a, metadata=b"hello")
    writer.add_splat("s", np.float16(1.5).tobytes(), 100)
    writer.add_data("b", b)
    writer.write(tmp_path / "ours.irpa")
    assert (tmp_path / "ours.irpa").read_bytes() == (tmp_path / "iree.irpa").read_bytes()


@pytest.mark.parametrize("path", FIXTURE_ARCHIVES, ids=[p.parent.name for p in FIXTURE_ARCHIVES])
def test_irpa_writer_output_loads_in_iree_runtime_with_identical_bytes(
    iree, tmp_path: pathlib.Path, path: pathlib.Path
) -> None:
    import iree.runtime as rt

    ours = tmp_path / "ours.irpa"
    rewrite_fixture(path, ours)
    original = rt.ParameterIndex()
    original.load(str(path))
    rewritten = rt.ParameterIndex()
    rewritten.load(str(ours))
    assert [k for k, _ in rewritten.items()] == [k for k, _ in original.items()]
    for (key, before), (_, after) in zip(original.items(), rewritten.items()):
        assert bytes(after.file_view) == bytes(before.file_view), key


def test_irpa_writer_splats_load_in_iree_runtime(iree, tmp_path: pathlib.Path) -> None:
    import iree.runtime as rt

    writer = IrpaWriter()
    patterns = {f"s{n}": bytes(range(1, n + 1)) for n in (1, 2, 4, 8, 16)}
    for key, pattern in patterns.items():
        writer.add_splat(key, pattern, 32 * len(pattern), metadata=key.encode())
    writer.write(tmp_path / "splats.irpa")
    loaded = rt.ParameterIndex()
    loaded.load(str(tmp_path / "splats.irpa"))
    for key, entry in loaded.items():
        assert entry.is_splat and entry.splat_pattern == patterns[key]
        assert entry.length == 32 * len(patterns[key]) and entry.metadata == key.encode()


def test_irpa_writer_output_runs_mlp_in_iree_run_module(iree, tmp_path: pathlib.Path) -> None:
    fixture = IREE_FIXTURES / "mlp"
    vmfb = tmp_path / "mlp.vmfb"
    subprocess.run(
        [str(IREE_BIN / "iree-compile"), str(fixture / "source.mlir"), *IREE_CPU_FLAGS, "-o", str(vmfb)],
        check=True,
    )
    ours = tmp_path / "ours.irpa"
    rewrite_fixture(fixture / "params.irpa", ours)
    out = tmp_path / "out.npy"
    subprocess.run(
        [
            str(IREE_BIN / "iree-run-module"),
            "--device=local-task",
            f"--module={vmfb}",
            "--function=main",
            f"--input=@{fixture / 'input0.npy'}",
            f"--parameters=model={ours}",
            f"--output=@{out}",
        ],
        check=True,
        capture_output=True,
    )
    np.testing.assert_array_equal(np.load(out), np.load(fixture / "expected0.npy"))


def test_irpa_writer_streams_memmapped_arrays(tmp_path: pathlib.Path) -> None:
    big = np.lib.format.open_memmap(tmp_path / "big.npy", mode="w+", dtype=np.float32, shape=(1 << 20,))
    big[:] = np.arange(1 << 20, dtype=np.float32)
    big.flush()
    source = np.load(tmp_path / "big.npy", mmap_mode="r")
    archive = write_irpa(tmp_path / "big.irpa", {"big": source})
    index = ParameterIndex()
    index.add_archive(archive)
    np.testing.assert_array_equal(index.array("", "big", dtype=np.float32), source)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda w: (w.add_data("k", b"x"), w.add_data("k", b"y")), r"duplicate parameter key 'k'"),
        (lambda w: w.add_data("", b"x"), r"parameter keys must not be empty"),
        (lambda w: w.add_splat("s", b"\x01\x02\x03", 6), r"parameter 's': splat pattern of 3 bytes"),
        (lambda w: w.add_splat("s", b"\x01\x02", 5), r"splat size_bytes 5 is not a non-negative multiple"),
        (lambda w: w.add_filled("f", 5, b"\x01\x02"), r"parameter 'f': size_bytes 5 is not a multiple"),
        (lambda w: w.add_data("d", [1, 2]), r"parameter 'd': cannot write data of type list"),
    ],
    ids=["duplicate", "empty-key", "pattern-length", "splat-size", "fill-size", "bad-type"],
)
def test_irpa_writer_rejects_bad_entries(build, message: str) -> None:
    with pytest.raises(ArchiveError, match=message):
        build(IrpaWriter())


def test_irpa_writer_rejects_bad_alignment() -> None:
    with pytest.raises(ArchiveError, match="alignment must be a power of two, got 48"):
        IrpaWriter(alignment_bytes=48)


def test_irpa_writer_failure_leaves_no_partial_file(tmp_path: pathlib.Path) -> None:
    writer = IrpaWriter()
    writer.add_data("k", b"abc")
    with pytest.raises(ArchiveError, match=r"no-such-dir/out\.irpa: cannot create the archive"):
        writer.write(tmp_path / "no-such-dir" / "out.irpa")
    target = tmp_path / "out.irpa"
    target.write_bytes(b"previous contents")

    class Boom(Exception):
        pass

    def explode(f) -> None:
        raise Boom()

    writer._pending[0] = writer._pending[0].__class__("k", 3, b"", None, explode)
    with pytest.raises(Boom):
        writer.write(target)
    assert target.read_bytes() == b"previous contents"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.irpa"]
