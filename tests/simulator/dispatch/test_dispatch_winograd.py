"""Winograd convolutions (simulator/dispatch/winograd.py) against IREE's runtime.

IREE forms them from 3x3 convolutions with ``iree-linalg-ext-convert-conv2d-to-winograd`` in
``--iree-preprocessing-pass-pipeline`` (convolutions marked ``__winograd_conv``); each transform stays in
its own stream-level dispatch (asserted). f32 NHWC and NCHW convolutions whose outputs are not a whole
number of 6x6 tiles, batch 2, within 1e-5 of the output's scale (the batch matmul sums in BLAS order); the
same in f16, bit for bit; and the three transforms written directly in the source, f16, bit for bit
(IREE's generic x86 code flushes f16 subnormals to zero: the filter transform shows it).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.simulator.dispatch.iree_diff import compile_both, run_both

CONVS = r"""
func.func @conv_nchw(%x: tensor<2x3x11x14xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<2x4x9x12xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x9x12xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x9x12xf32>) -> tensor<2x4x9x12xf32>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, __winograd_conv}
     ins(%x, %w : tensor<2x3x11x14xf32>, tensor<4x3x3x3xf32>) outs(%f : tensor<2x4x9x12xf32>) -> tensor<2x4x9x12xf32>
  return %r : tensor<2x4x9x12xf32>
}
func.func @conv_nhwc(%x: tensor<1x15x9x2xf32>, %w: tensor<3x3x2x3xf32>) -> tensor<1x13x7x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x13x7x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x13x7x3xf32>) -> tensor<1x13x7x3xf32>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, __winograd_conv}
     ins(%x, %w : tensor<1x15x9x2xf32>, tensor<3x3x2x3xf32>) outs(%f : tensor<1x13x7x3xf32>) -> tensor<1x13x7x3xf32>
  return %r : tensor<1x13x7x3xf32>
}
func.func @conv_nchw16(%x: tensor<2x3x11x14xf16>, %w: tensor<4x3x3x3xf16>) -> tensor<2x4x9x12xf16> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<2x4x9x12xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<2x4x9x12xf16>) -> tensor<2x4x9x12xf16>
  %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, __winograd_conv}
     ins(%x, %w : tensor<2x3x11x14xf16>, tensor<4x3x3x3xf16>) outs(%f : tensor<2x4x9x12xf16>) -> tensor<2x4x9x12xf16>
  return %r : tensor<2x4x9x12xf16>
}
func.func @conv_nhwc16(%x: tensor<1x15x9x2xf16>, %w: tensor<3x3x2x3xf16>) -> tensor<1x13x7x3xf16> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<1x13x7x3xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<1x13x7x3xf16>) -> tensor<1x13x7x3xf16>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>, __winograd_conv}
     ins(%x, %w : tensor<1x15x9x2xf16>, tensor<3x3x2x3xf16>) outs(%f : tensor<1x13x7x3xf16>) -> tensor<1x13x7x3xf16>
  return %r : tensor<1x13x7x3xf16>
}
"""
TRANSFORMS = r"""
func.func @wi(%x: tensor<1x10x10x4xf16>) -> tensor<8x8x1x2x2x4xf16> {
  %e = tensor.empty() : tensor<8x8x1x2x2x4xf16>
  %r = iree_linalg_ext.winograd.input_transform output_tile_size(6) kernel_size(3) image_dimensions([1, 2]) ins(%x : tensor<1x10x10x4xf16>) outs(%e : tensor<8x8x1x2x2x4xf16>) -> tensor<8x8x1x2x2x4xf16>
  return %r : tensor<8x8x1x2x2x4xf16>
}
func.func @wf(%x: tensor<3x3x4x5xf16>) -> tensor<8x8x4x5xf16> {
  %e = tensor.empty() : tensor<8x8x4x5xf16>
  %r = iree_linalg_ext.winograd.filter_transform output_tile_size(6) kernel_size(3) kernel_dimensions([0, 1]) ins(%x : tensor<3x3x4x5xf16>) outs(%e : tensor<8x8x4x5xf16>) -> tensor<8x8x4x5xf16>
  return %r : tensor<8x8x4x5xf16>
}
func.func @wo(%x: tensor<8x8x1x2x2x5xf16>) -> tensor<1x12x12x5xf16> {
  %e = tensor.empty() : tensor<1x12x12x5xf16>
  %r = iree_linalg_ext.winograd.output_transform output_tile_size(6) kernel_size(3) image_dimensions([1, 2]) ins(%x : tensor<8x8x1x2x2x5xf16>) outs(%e : tensor<1x12x12x5xf16>) -> tensor<1x12x12x5xf16>
  return %r : tensor<1x12x12x5xf16>
}
"""
WINOGRAD = (
    "--iree-preprocessing-pass-pipeline=builtin.module(util.func(iree-linalg-ext-convert-conv2d-to-winograd))"
)
SHAPES = {
    "conv_nchw": [(2, 3, 11, 14), (4, 3, 3, 3)],
    "conv_nhwc": [(1, 15, 9, 2), (3, 3, 2, 3)],
    "conv_nchw16": [(2, 3, 11, 14), (4, 3, 3, 3)],
    "conv_nhwc16": [(1, 15, 9, 2), (3, 3, 2, 3)],
    "wi": [(1, 10, 10, 4)],
    "wf": [(3, 3, 4, 5)],
    "wo": [(8, 8, 1, 2, 2, 5)],
}


@pytest.fixture(scope="module")
def convs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, str]:
    return compile_both(tmp_path_factory.mktemp("winograd"), "convs", CONVS, WINOGRAD)


@pytest.fixture(scope="module")
def transforms(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, str]:
    return compile_both(tmp_path_factory.mktemp("winograd_ops"), "transforms", TRANSFORMS)


def test_convolutions_become_winograd_dispatches(convs: tuple[Any, Any, str]) -> None:
    text = convs[2]
    for kind in ("filter", "input", "output"):
        assert text.count(f"= iree_linalg_ext.winograd.{kind}_transform ") == 4, kind
    assert "linalg.conv_2d" not in text


def _args(fn: str) -> list[np.ndarray]:
    rng = np.random.default_rng(4)
    dt = np.float16 if fn.endswith("16") or fn.startswith("w") else np.float32
    return [(rng.standard_normal(s) * 3).astype(dt) for s in SHAPES[fn]]


@pytest.mark.parametrize("fn", ["conv_nchw", "conv_nhwc", "conv_nchw16", "conv_nhwc16"])
def test_winograd_convolutions_match_iree(convs: tuple[Any, Any, str], fn: str) -> None:
    ((got, want),) = run_both(convs[0], convs[1], fn, _args(fn))
    assert got.shape == want.shape and got.dtype == want.dtype
    if got.dtype == np.float16:
        assert np.array_equal(got, want)
    else:
        assert np.max(np.abs(got - want)) <= 1e-5 * np.max(np.abs(want))


@pytest.mark.parametrize("fn", ["wf", "wi", "wo"])
def test_f16_transforms_are_bit_exact(transforms: tuple[Any, Any, str], fn: str) -> None:
    ((got, want),) = run_both(transforms[0], transforms[1], fn, _args(fn))
    assert got.shape == want.shape
    assert np.array_equal(got.view(np.uint16), want.view(np.uint16))
