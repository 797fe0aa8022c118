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
