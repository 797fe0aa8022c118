"""Inputs and outputs in iree-run-module's spelling."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from simulator.errors import InputError
from simulator.values_io import format_array, format_result, parse_input


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("2x2xf32=[1 2][3 4]", np.array([[1, 2], [3, 4]], np.float32)),
        ("3xi8=7", np.full(3, 7, np.int8)),
        ("2x3xi32=1 2 3 4 5 6", np.arange(1, 7, dtype=np.int32).reshape(2, 3)),
        ("f32=0.5", np.array(0.5, np.float32)),
    ],
    ids=["brackets", "splat", "flat", "rank0"],
)
def test_values_io_parse_shaped(spec: str, expected: np.ndarray) -> None:
    got = parse_input(spec)
    assert isinstance(got, np.ndarray) and got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)


def test_values_io_parse_scalars_and_files(tmp_path: pathlib.Path) -> None:
    assert parse_input("5") == 5 and parse_input("2.5") == 2.5
    np.save(tmp_path / "x.npy", np.eye(2, dtype=np.float32))
    np.testing.assert_array_equal(parse_input(f"@{tmp_path / 'x.npy'}"), np.eye(2))
    (tmp_path / "x.bin").write_bytes(np.arange(4, dtype=np.int16).tobytes())
    np.testing.assert_array_equal(parse_input(f"4xi16=@{tmp_path / 'x.bin'}"), np.arange(4))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("2x2xf32=1 2 3", "3 values for 4 elements"),
        ("2xq7=1", "unknown element type"),
        ("@missing.npy", "no such file"),
        ("hello", "expected"),
    ],
    ids=["count", "type", "file", "garbage"],
)
def test_values_io_rejects(spec: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_input(spec)


def test_values_io_format_like_iree_run_module() -> None:
    assert format_array(np.array([[1, 2], [3, 4]], np.float32)) == "2x2xf32=[1 2][3 4]"
    assert format_array(np.array([1.5, -2], np.float32)) == "2xf32=1.5 -2"
    assert format_array(np.arange(8, dtype=np.int32).reshape(2, 2, 2)) == "2x2x2xi32=[[0 1][2 3]][[4 5][6 7]]"
    assert format_result(0, np.zeros(2, np.int8)) == "result[0]: hal.buffer_view\n2xi8=0 0"
    assert format_array(np.zeros(2000, np.float32)).endswith("0...")


MLP_FIXTURE = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "iree" / "mlp"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("100000x100000xf32=1", r"the value has shape 100000x100000, but the argument is 8x64"),
        ("99999999999x99999999999xf32=1", r"the value has shape 99999999999x99999999999"),
        ("8x64xi32=1", r"the value has element type i32, but the argument is f32"),
        ("@{wrong}", r"has shape 3x3, but the argument is 8x64"),
        ("@{empty}", r"is not a readable \.npy file"),
        ("@{objects}", r"is not a readable \.npy file|holds Python objects"),
        ("@{header}", r"is not a readable \.npy file: \('EOF in multi-line statement'"),
    ],
    ids=["37GiB", "overflow", "dtype", "npy-shape", "npy-empty", "npy-objects", "npy-unbalanced-header"],
)
def test_values_io_input_checked_against_signature_before_allocation(
    tmp_path: pathlib.Path, spec: str, message: str
) -> None:
    """The issue's cases: a 37 GiB splat for an 8x64 argument, a shape whose size overflows int64, an
    empty .npy. Each is rejected from the header or the spec alone, in well under a second."""
    from simulator.cli.run import parse_inputs
    from simulator.program import load_program

    np.save(tmp_path / "wrong.npy", np.zeros((3, 3), np.float32))
    (tmp_path / "empty.npy").write_bytes(b"")
    np.save(tmp_path / "objects.npy", np.array([{"a": 1}], dtype=object), allow_pickle=True)
    good = bytearray((MLP_FIXTURE / "input0.npy").read_bytes())
    good[good.index(b"}")] = ord("(")  # the header dict never closes: numpy's tokenizer fails at its end
    (tmp_path / "header.npy").write_bytes(bytes(good))
    paths = {k: tmp_path / f"{k}.npy" for k in ("wrong", "empty", "objects", "header")}
    module = load_program(MLP_FIXTURE / "cmd.generic.mlir")
    with pytest.raises(InputError, match=message):
        parse_inputs(module, "main", [spec.format(**paths)])


def test_values_io_input_size_cap_without_signature(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STREAMSIM_MAX_INPUT_BYTES", "1024")
    assert parse_input("16x16xf32=1").shape == (16, 16)
    with pytest.raises(InputError, match=r"would take 4100 bytes, more than the input limit of 1024"):
        parse_input("1025xf32=1")
