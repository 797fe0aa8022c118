"""linalg.pack / linalg.unpack in dispatch bodies, against IREE's runtime (bit for bit: they move data).

Written in the source, each stays in its own stream-level dispatch (the test asserts the op is in the
dispatch body), with padding, outer_dims_perm, inner_dims_pos out of order, untiled dims, i32 data, and
an unpack that drops the padding.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.simulator.dispatch.iree_diff import compile_both, run_both

PROGRAM = """
func.func @pack_pad(%x: tensor<7x10xf32>) -> tensor<2x4x4x3xf32> {
  %pad = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<2x4x4x3xf32>
  %p = linalg.pack %x padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [4, 3] into %e
      : tensor<7x10xf32> -> tensor<2x4x4x3xf32>
  return %p : tensor<2x4x4x3xf32>
}
func.func @pack_perm(%x: tensor<6x10xf32>) -> tensor<5x2x2x3xf32> {
  %e = tensor.empty() : tensor<5x2x2x3xf32>
  %p = linalg.pack %x outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] inner_tiles = [2, 3] into %e
      : tensor<6x10xf32> -> tensor<5x2x2x3xf32>
  return %p : tensor<5x2x2x3xf32>
}
func.func @pack_i32(%x: tensor<2x3x10xi32>) -> tensor<3x2x3x4xi32> {
  %pad = arith.constant 7 : i32
  %e = tensor.empty() : tensor<3x2x3x4xi32>
  %p = linalg.pack %x padding_value(%pad : i32) outer_dims_perm = [2, 0, 1] inner_dims_pos = [2] inner_tiles = [4]
      into %e : tensor<2x3x10xi32> -> tensor<3x2x3x4xi32>
  return %p : tensor<3x2x3x4xi32>
}
func.func @unpack_trunc(%x: tensor<2x4x4x3xf32>) -> tensor<7x10xf32> {
  %e = tensor.empty() : tensor<7x10xf32>
  %p = linalg.unpack %x inner_dims_pos = [0, 1] inner_tiles = [4, 3] into %e : tensor<2x4x4x3xf32> -> tensor<7x10xf32>
  return %p : tensor<7x10xf32>
}
func.func @unpack_perm(%x: tensor<2x5x2x4x5xf32>) -> tensor<9x2x18xf32> {
  %e = tensor.empty() : tensor<9x2x18xf32>
  %p = linalg.unpack %x outer_dims_perm = [1, 2, 0] inner_dims_pos = [2, 0] inner_tiles = [4, 5]
      into %e : tensor<2x5x2x4x5xf32> -> tensor<9x2x18xf32>
  return %p : tensor<9x2x18xf32>
}
"""
SHAPES = {
    "pack_pad": ((7, 10), np.float32),
    "pack_perm": ((6, 10), np.float32),
    "pack_i32": ((2, 3, 10), np.int32),
    "unpack_trunc": ((2, 4, 4, 3), np.float32),
    "unpack_perm": ((2, 5, 2, 4, 5), np.float32),
}


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, str]:
    return compile_both(tmp_path_factory.mktemp("relayout"), "relayout", PROGRAM)


def test_each_relayout_is_in_a_dispatch_body(compiled: tuple[Any, Any, str]) -> None:
    text = compiled[2]  # only dispatch bodies hold linalg ops
    assert text.count("= linalg.pack ") == 3 and text.count("= linalg.unpack ") == 2


@pytest.mark.parametrize("fn", sorted(SHAPES))
def test_relayout_matches_iree(compiled: tuple[Any, Any, str], fn: str) -> None:
    iree, ours, _ = compiled
    shape, dtype = SHAPES[fn]
    x = (np.random.default_rng(1).standard_normal(shape) * 100).astype(dtype)
    ((got, want),) = run_both(iree, ours, fn, [x])
    assert got.shape == want.shape and got.dtype == want.dtype
    assert np.array_equal(got, want)
