"""f16 and bf16 arithmetic as IREE's llvm-cpu code rounds it, bit for bit against IREE's runtime.

Each program is compiled by iree-compile (the fixtures' generic x86 target) to a vmfb, run by IREE's
runtime, and to the stream cmd form, run by streamsim; the outputs must be identical, not close:

- a bf16 matmul into a bf16 accumulator sums one native vector of K (8 elements for 16 bytes) in f32 and
  rounds to bf16 between vectors (K a multiple of 8 or not, a remainder tile, a single tile);
- an f16 matmul into an f16 accumulator rounds each product and each sum to f16, in K order; so does an
  f16 convolution, over its window and channels in loop order (kh, kw, c), and an f16 sum or product
  reduction into an f16 accumulator, over an inner or an outer loop (not pairwise in f32);
- a bf16 convolution sums its innermost reduction loop (channels) in f32 tiles of the largest divisor of
  its extent up to a native vector (12 channels: two tiles of 6; 11: one at a time), rounding the
  accumulator to bf16 after each tile, its window loops in order;
- bf16 elementwise ops are carried in f32 and rounded where they reach a tensor: a matmul with a fused
  bias and silu (flax's bf16 Dense), an explicit truncf to bf16 read back by extf (IREE folds the pair),
  a bf16 product extended to f32.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from ml_dtypes import bfloat16

from simulator import Session, load_program
from tests.conftest import require_iree

FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=generic",
]
MATMULS = [(4, 16, 32), (5, 37, 7), (2, 100, 6), (1, 9, 3)]


def _matmul(name: str, m: int, k: int, n: int, t: str) -> str:
    a, b, c = f"tensor<{m}x{k}x{t}>", f"tensor<{k}x{n}x{t}>", f"tensor<{m}x{n}x{t}>"
    return f"""
func.func @{name}(%a: {a}, %b: {b}) -> {c} {{
  %zero = arith.constant 0.0 : {t}
  %e = tensor.empty() : {c}
  %f = linalg.fill ins(%zero : {t}) outs(%e : {c}) -> {c}
  %r = linalg.matmul ins(%a, %b : {a}, {b}) outs(%f : {c}) -> {c}
  return %r : {c}
}}"""


ELEMENTWISE = """
func.func @dense_silu(%x: tensor<4x16xbf16>, %w: tensor<16x32xbf16>, %bias: tensor<32xbf16>) -> tensor<4x32xbf16> {
  %zero = arith.constant 0.0 : bf16
  %one = arith.constant 1.0 : bf16
  %e = tensor.empty() : tensor<4x32xbf16>
  %f = linalg.fill ins(%zero : bf16) outs(%e : tensor<4x32xbf16>) -> tensor<4x32xbf16>
  %mm = linalg.matmul ins(%x, %w : tensor<4x16xbf16>, tensor<16x32xbf16>) outs(%f : tensor<4x32xbf16>) -> tensor<4x32xbf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>,
      affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<4x32xbf16>, tensor<32xbf16>) outs(%e : tensor<4x32xbf16>) {
  ^bb0(%in: bf16, %b: bf16, %out: bf16):
    %s = arith.addf %in, %b : bf16
    %n = arith.negf %s : bf16
    %x1 = math.exp %n : bf16
    %d = arith.addf %x1, %one : bf16
    %q = arith.divf %one, %d : bf16
    %y = arith.mulf %s, %q : bf16
    linalg.yield %y : bf16
  } -> tensor<4x32xbf16>
  return %r : tensor<4x32xbf16>
}
func.func @trunc_ext(%x: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]} ins(%x : tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %t = arith.truncf %in : f32 to bf16
    %u = arith.extf %t : bf16 to f32
    linalg.yield %u : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @mul_ext(%x: tensor<64xbf16>, %y: tensor<64xbf16>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>,
      affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<64xbf16>, tensor<64xbf16>) outs(%e : tensor<64xf32>) {
  ^bb0(%a: bf16, %b: bf16, %out: f32):
    %p = arith.mulf %a, %b : bf16
    %u = arith.extf %p : bf16 to f32
    linalg.yield %u : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
"""
def _conv(name: str, t: str, c: int, f: int) -> str:
    x, w, y = f"tensor<1x6x6x{c}x{t}>", f"tensor<3x3x{c}x{f}x{t}>", f"tensor<1x4x4x{f}x{t}>"
    return f"""
func.func @{name}(%x: {x}, %w: {w}) -> {y} {{
  %zero = arith.constant 0.0 : {t}
  %e = tensor.empty() : {y}
  %f = linalg.fill ins(%zero : {t}) outs(%e : {y}) -> {y}
  %r = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
     ins(%x, %w : {x}, {w}) outs(%f : {y}) -> {y}
  return %r : {y}
}}"""


BF16_CONVS = {"conv_bf16_c12": 12, "conv_bf16_c11": 11, "conv_bf16_c16": 16}
F16_REDUCTIONS = """
func.func @conv_f16(%x: tensor<2x6x7x3xf16>, %w: tensor<3x2x3x4xf16>) -> tensor<2x4x6x4xf16> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<2x4x6x4xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<2x4x6x4xf16>) -> tensor<2x4x6x4xf16>
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
     ins(%x, %w : tensor<2x6x7x3xf16>, tensor<3x2x3x4xf16>) outs(%f : tensor<2x4x6x4xf16>) -> tensor<2x4x6x4xf16>
  return %r : tensor<2x4x6x4xf16>
}
func.func @sum_outer_f16(%x: tensor<2x36x4xf16>) -> tensor<2x4xf16> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<2x4xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<2x4xf16>) -> tensor<2x4xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel", "reduction"]} ins(%x : tensor<2x36x4xf16>) outs(%f : tensor<2x4xf16>) {
  ^bb0(%in: f16, %out: f16):
    %s = arith.addf %in, %out : f16
    linalg.yield %s : f16
  } -> tensor<2x4xf16>
  return %r : tensor<2x4xf16>
}
func.func @sum_inner_f16(%x: tensor<3x257xf16>) -> tensor<3xf16> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<3xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<3xf16>) -> tensor<3xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
      iterator_types = ["parallel", "reduction"]} ins(%x : tensor<3x257xf16>) outs(%f : tensor<3xf16>) {
  ^bb0(%in: f16, %out: f16):
    %s = arith.addf %in, %out : f16
    linalg.yield %s : f16
  } -> tensor<3xf16>
  return %r : tensor<3xf16>
}
func.func @prod_inner_f16(%x: tensor<4x40xf16>) -> tensor<4xf16> {
  %one = arith.constant 1.0 : f16
  %e = tensor.empty() : tensor<4xf16>
  %f = linalg.fill ins(%one : f16) outs(%e : tensor<4xf16>) -> tensor<4xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
      iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x40xf16>) outs(%f : tensor<4xf16>) {
  ^bb0(%in: f16, %out: f16):
    %s = arith.mulf %in, %out : f16
    linalg.yield %s : f16
  } -> tensor<4xf16>
  return %r : tensor<4xf16>
}
"""
PROGRAM = "\n".join(
    [_matmul(f"mm_{t}_{m}x{k}x{n}", m, k, n, t) for t in ("bf16", "f16") for m, k, n in MATMULS]
    + [ELEMENTWISE, F16_REDUCTIONS]
    + [_conv(name, "bf16", c, 3) for name, c in BF16_CONVS.items()]
)


def _inputs(rng: np.random.Generator) -> dict[str, list[np.ndarray]]:
    out: dict[str, list[np.ndarray]] = {}
    for t, dt in (("bf16", bfloat16), ("f16", np.float16)):
        for m, k, n in MATMULS:
            out[f"mm_{t}_{m}x{k}x{n}"] = [
                rng.standard_normal((m, k)).astype(dt),
                rng.standard_normal((k, n)).astype(dt),
            ]
    out["dense_silu"] = [rng.standard_normal(s).astype(bfloat16) for s in ((4, 16), (16, 32), (32,))]
    out["trunc_ext"] = [rng.standard_normal(64).astype(np.float32)]
    out["mul_ext"] = [rng.standard_normal(64).astype(bfloat16) for _ in range(2)]
    out["conv_f16"] = [rng.standard_normal(s).astype(np.float16) for s in ((2, 6, 7, 3), (3, 2, 3, 4))]
    out["sum_outer_f16"] = [rng.standard_normal((2, 36, 4)).astype(np.float16)]
    out["sum_inner_f16"] = [rng.standard_normal((3, 257)).astype(np.float16)]
    out["prod_inner_f16"] = [rng.uniform(0.8, 1.25, (4, 40)).astype(np.float16)]
    for name, c in BF16_CONVS.items():
        out[name] = [rng.standard_normal(s).astype(bfloat16) for s in ((1, 6, 6, c), (3, 3, c, 3))]
    return out


def _compile(source: pathlib.Path, out: pathlib.Path, *extra: str) -> None:
    compiler = pathlib.Path(sys.executable).parent / "iree-compile"
    r = subprocess.run(
        [str(compiler), str(source), *FLAGS, *extra, "-o", str(out)], capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0, r.stderr[-3000:]


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any]:
    require_iree()
    tmp = tmp_path_factory.mktemp("low_precision")
    source = tmp / "low.mlir"
    source.write_text(PROGRAM)
    _compile(source, tmp / "low.vmfb")
    _compile(source, tmp / "low.stream.mlir", "--compile-to=stream")
    import iree.runtime as rt

    ctx = rt.SystemContext(config=rt.Config("local-sync"))
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, (tmp / "low.vmfb").read_bytes()))
    return ctx.modules.module, load_program(tmp / "low.stream.mlir")


@pytest.mark.parametrize("fn", sorted(_inputs(np.random.default_rng(0))))
def test_low_precision_arithmetic_is_bit_exact(compiled: tuple[Any, Any], fn: str) -> None:
    iree, ours = compiled
    args = _inputs(np.random.default_rng(0))[fn]
    want = np.asarray(iree[fn](*args).to_host())
    (got,) = Session("cpu").run_sync(ours, fn, args).outputs
    assert (got.dtype, got.shape) == (want.dtype, want.shape)
    differ = int(np.sum(got.view(np.uint8) != want.view(np.uint8)))
    assert differ == 0, f"{fn}: {differ} bytes differ from IREE's"
