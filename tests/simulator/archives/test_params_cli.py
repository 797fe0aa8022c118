"""``streamsim params show`` and ``streamsim params create``."""

from __future__ import annotations

import json
import pathlib

import ml_dtypes
import numpy as np
import pytest

from simulator.archives import EntryKind, ParameterIndex, read_irpa
from simulator.cli import main

IREE_FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "iree"
MLP = IREE_FIXTURES / "mlp" / "params.irpa"


def test_params_show_lists_keys_offsets_and_totals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["params", "show", f"model={MLP}"]) == 0
    out = capsys.readouterr().out
    assert "scope model: 3 parameters" in out
    lines = out.splitlines()
    assert lines[2].split() == ["w0", "data", "384", "33152", "32768"]
    assert lines[3].split() == ["b0", "data", "33152", "33664", "512"]
    assert lines[-1] == "total: 49664 bytes (49664 data, 0 splat, 0 virtual)"


def test_params_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["params", "show", "--json", "--scope", "model", str(MLP)]) == 0
    doc = json.loads(capsys.readouterr().out)
    (archive,) = doc["archives"]
    assert archive["format"] == "irpa" and archive["scope"] == "model"
    assert archive["entries"][0] == {
        "key": "w0",
        "kind": "data",
        "size_bytes": 32768,
        "offset_bytes": 384,
        "end_bytes": 33152,
    }
    assert doc["total_bytes"] == archive["total_bytes"] == 49664


def test_params_create_from_npy_npz_and_splats(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    w = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.save(tmp_path / "w.npy", w)
    np.savez(tmp_path / "more.npz", p=np.ones(3, np.int8), q=np.zeros((2, 2), np.float16))
    out = tmp_path / "out.irpa"
    argv = [
        "params",
        "create",
        "-o",
        str(out),
        "--scope",
        "model",
        f"w=@{tmp_path / 'w.npy'}",
        f"@{tmp_path / 'more.npz'}",
        "half=splat:1.5:bf16:100",
        "--splat=s2=2x4xf32=2.0",
        "--data=sevens=3xi16=7",
        "--data=zeros=8xf32",
    ]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert "load with: --parameters=model=" in printed

    index = ParameterIndex()
    index.load(out, scope="model")
    assert [e.key for e in index.entries("model")] == ["w", "p", "q", "half", "s2", "sevens", "zeros"]
    np.testing.assert_array_equal(index.array("model", "w", dtype=np.float32, shape=(2, 3)), w)
    np.testing.assert_array_equal(index.array("model", "p", dtype=np.int8), np.ones(3, np.int8))
    half = index.entry("model", "half")
    assert half.kind is EntryKind.SPLAT and half.size_bytes == 200
    assert half.splat_pattern == np.array(1.5, dtype=ml_dtypes.bfloat16).tobytes()
    np.testing.assert_array_equal(index.array("model", "s2", dtype=np.float32), np.full(8, 2.0, np.float32))
    np.testing.assert_array_equal(index.array("model", "sevens", dtype=np.int16), [7, 7, 7])
    assert index.read("model", "zeros") == bytes(32)


def test_params_create_output_loads_in_iree(iree, tmp_path: pathlib.Path) -> None:
    import iree.runtime as rt

    np.save(tmp_path / "w.npy", np.arange(10, dtype=np.float32))
    out = tmp_path / "out.irpa"
    assert (
        main(["params", "create", "--quiet", "-o", str(out), f"w=@{tmp_path / 'w.npy'}", "s=splat:3:i32:4"])
        == 0
    )
    index = rt.ParameterIndex()
    index.load(str(out))
    entries = dict(index.items())
    assert bytes(entries["w"].file_view) == np.arange(10, dtype=np.float32).tobytes()
    assert entries["s"].splat_pattern == np.int32(3).tobytes() and entries["s"].length == 16


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["params", "show", "missing.irpa"], "missing.irpa: no such parameter archive"),
        (["params", "show", "weights.bin"], "unknown parameter archive suffix '.bin'"),
        (["params", "create", "-o", "{tmp}/o.irpa", "k=splat:1:f32"], "expected KEY=splat:VALUE:DTYPE:COUNT"),
        (["params", "create", "-o", "{tmp}/o.irpa", "k=splat:x:f32:4"], "bad value 'x' for float32"),
        (["params", "create", "-o", "{tmp}/o.irpa", "k=splat:300:i8:4"], "bad value '300' for int8"),
        (["params", "create", "-o", "{tmp}/o.irpa", "k=splat:1:f33:4"], "unknown element type 'f33'"),
        (
            ["params", "create", "-o", "{tmp}/o.irpa", "k=splat:1:f32:4", "k=splat:1:f32:4"],
            "duplicate parameter key 'k'",
        ),
        (["params", "create", "-o", "{tmp}/o.irpa", "k=@{tmp}/none.npy"], "no such file"),
        (["params", "create", "-o", "{tmp}/o.irpa", "@{tmp}/x.npy"], "only .npz files may omit KEY="),
        (["params", "create", "-o", "{tmp}/o.irpa", "--splat=k=4xf32"], "expected KEY=SHAPExTYPE=VALUE"),
        (["params", "create", "-o", "{tmp}/o.irpa", "--data=k=AxBxf32"], "shape 'AxBxf32' is not DIMxDIMx"),
        (["params", "create", "-o", "{tmp}/o.irpa", "--alignment=48"], "alignment must be a power of two"),
        (["params", "create", "-o", "{tmp}/o.bin"], "use a .irpa suffix"),
        # Past what IREE's entry table holds (uint64 sizes): a struct.error, exit 70, before.
        (["params", "create", "-o", "{tmp}/o.irpa", "k=splat:1:f32:99999999999999999999"],
         "399,999,999,999,999,999,996 bytes is more than an .irpa splat entry can hold"),
        (["params", "create", "-o", "{tmp}/o.irpa", "--data=k=100000000000x100000000xf32=1"],
         "bytes is more than an .irpa data entry can hold (9,223,372,036,854,775,807)"),
        # Bytes to write past the disk's free space: refused before writing, not after filling the disk.
        (["params", "create", "-o", "{tmp}/o.irpa", "--data=k=4000000000000000xf32=1"],
         "the data entries need 16,000,000,000,000,000 bytes on disk, more than the"),
        # A float past its type's largest finite value became inf (NaN in fp8 FN types), silently.
        (["params", "create", "-o", "{tmp}/o.irpa", "--splat=k=4xf16=70000"],
         "bad value '70000' for float16: 70000 overflows float16 (largest finite 65504)"),
        (["params", "create", "-o", "{tmp}/o.irpa", "k=splat:1e999:f64:4"], "1e999 overflows float64"),
        (["params", "create", "-o", "{tmp}/o.irpa", "--splat=k=4xf8E4M3FN=1000"],
         "1000 overflows float8_e4m3fn (largest finite 448)"),
    ],
    ids=[
        "missing",
        "suffix",
        "splat-fields",
        "splat-value",
        "int-overflow",
        "dtype",
        "duplicate",
        "no-npy",
        "npy-without-key",
        "iree-splat-form",
        "iree-shape",
        "alignment",
        "output-suffix",
        "splat-past-uint64",
        "data-past-file",
        "data-past-free-disk",
        "f16-overflow",
        "f64-overflow",
        "fp8-overflow-to-nan",
    ],
)
def test_params_cli_bad_input_exits_2(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("streamsim: error: ") and message in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "o.irpa").exists()


def test_params_show_corrupt_archive_exits_2(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.irpa"
    bad.write_bytes(MLP.read_bytes()[:50])
    assert main(["params", "show", str(bad)]) == 2
    assert "bad.irpa: truncated" in capsys.readouterr().err


def test_params_created_archive_round_trips_through_show(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.irpa"
    assert main(["params", "create", "--quiet", "-o", str(out), "--splat=ones=16xf32=1"]) == 0
    assert read_irpa(out).entry("ones").splat_pattern == np.float32(1).tobytes()
    assert main(["params", "show", str(out)]) == 0
    assert "pattern 0x3f800000" in capsys.readouterr().out


def test_params_create_keeps_the_largest_finite_values_and_written_infinities(tmp_path: pathlib.Path) -> None:
    """The overflow check refuses only values that would not land as written: a type's largest finite
    value, and inf or nan written as such, go into the archive unchanged."""
    out = tmp_path / "o.irpa"
    argv = ["params", "create", "--quiet", "-o", str(out), "--splat=a=2xf16=65504", "--splat=b=2xf16=-inf",
            "--splat=c=2xf32=NaN", "--splat=d=2xf8E4M3FN=448", "--splat=e=2xbf16=Infinity"]  # fmt: skip
    assert main(argv) == 0
    entries = {e.key: e for e in read_irpa(out).entries}
    assert entries["a"].splat_pattern == np.float16(65504).tobytes()
    assert entries["b"].splat_pattern == np.float16(-np.inf).tobytes()
    assert np.isnan(np.frombuffer(entries["c"].splat_pattern or b"", np.float32)[0])
    assert entries["d"].splat_pattern == np.array(448, ml_dtypes.float8_e4m3fn).tobytes()
    assert entries["e"].splat_pattern == np.array(np.inf, ml_dtypes.bfloat16).tobytes()
