"""Data-tiled programs (``--iree-opt-data-tiling``) against IREE's runtime (simulator/dispatch/encodings.py).

With data tiling, IREE packs each matmul operand into the layout its CPU encoding resolver picks (here
``innerTileSizes = [8, 1]`` for the LHS, ``[4, 1]`` with ``outerDimsPerm = [1, 0]`` for the RHS) in
``_encoding_*`` dispatches, and the matmul dispatch reads the packed bytes: the interpreter packs and
unpacks where a load or store meets such a binding. Every program's stream form carries the layouts
(asserted). f32 (an MLP whose hidden layer stays packed between dispatches, a batch matmul, a dynamic
batch) within 1e-6 of the output's scale, i8 x i8 -> i32 exactly, and f16 bit for bit: a data-tiled f16
matmul accumulates in f32 and rounds once (IREE's mmt4d), not in K order as the plain one does.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.simulator.dispatch.iree_diff import compile_both, run_both

PROGRAM = r"""
func.func @mlp(%x: tensor<6x20xf32>, %w1: tensor<20x33xf32>, %w2: tensor<33x9xf32>) -> tensor<6x9xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<6x33xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<6x33xf32>) -> tensor<6x33xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<6x20xf32>, tensor<20x33xf32>) outs(%f1 : tensor<6x33xf32>) -> tensor<6x33xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%h : tensor<6x33xf32>) outs(%e1 : tensor<6x33xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<6x33xf32>
  %e2 = tensor.empty() : tensor<6x9xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<6x9xf32>) -> tensor<6x9xf32>
  %y = linalg.matmul ins(%r, %w2 : tensor<6x33xf32>, tensor<33x9xf32>) outs(%f2 : tensor<6x9xf32>) -> tensor<6x9xf32>
  return %y : tensor<6x9xf32>
}
func.func @qmm(%a: tensor<7x19xi8>, %b: tensor<19x5xi8>) -> tensor<7x5xi32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<7x5xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<7x5xi32>) -> tensor<7x5xi32>
  %r = linalg.matmul ins(%a, %b : tensor<7x19xi8>, tensor<19x5xi8>) outs(%f : tensor<7x5xi32>) -> tensor<7x5xi32>
  return %r : tensor<7x5xi32>
}
func.func @bmm(%a: tensor<3x5x11xf32>, %b: tensor<3x11x6xf32>) -> tensor<3x5x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x5x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x5x11xf32>, tensor<3x11x6xf32>) outs(%f : tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
  return %r : tensor<3x5x6xf32>
}
func.func @hmm(%a: tensor<4x16xf16>, %b: tensor<16x8xf16>) -> tensor<4x8xf16> {
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty() : tensor<4x8xf16>
  %f = linalg.fill ins(%zero : f16) outs(%e : tensor<4x8xf16>) -> tensor<4x8xf16>
  %r = linalg.matmul ins(%a, %b : tensor<4x16xf16>, tensor<16x8xf16>) outs(%f : tensor<4x8xf16>) -> tensor<4x8xf16>
  return %r : tensor<4x8xf16>
}
func.func @dyn(%a: tensor<?x12xf32>, %b: tensor<12x6xf32>) -> tensor<?x6xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x12xf32>
  %e = tensor.empty(%n) : tensor<?x6xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x6xf32>) -> tensor<?x6xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x12xf32>, tensor<12x6xf32>) outs(%f : tensor<?x6xf32>) -> tensor<?x6xf32>
  return %r : tensor<?x6xf32>
}
"""
SHAPES: dict[str, list[tuple[tuple[int, ...], Any]]] = {
    "mlp": [((6, 20), np.float32), ((20, 33), np.float32), ((33, 9), np.float32)],
    "qmm": [((7, 19), np.int8), ((19, 5), np.int8)],
    "bmm": [((3, 5, 11), np.float32), ((3, 11, 6), np.float32)],
    "hmm": [((4, 16), np.float16), ((16, 8), np.float16)],
    "dyn": [((5, 12), np.float32), ((12, 6), np.float32)],
}


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, str]:
    return compile_both(tmp_path_factory.mktemp("data_tiling"), "tiled", PROGRAM, "--iree-opt-data-tiling")


def test_operands_are_packed_in_the_stream_form(compiled: tuple[Any, Any, str]) -> None:
    text = compiled[2]
    assert "innerTileSizes = [8, 1]" in text and "outerDimsPerm = [1, 0]" in text
    assert text.count("= iree_encoding.set_encoding ") >= 10


@pytest.mark.parametrize("fn", sorted(SHAPES))
def test_data_tiled_programs_match_iree(compiled: tuple[Any, Any, str], fn: str) -> None:
    rng = np.random.default_rng(6)
    args = [
        rng.integers(-100, 100, s).astype(t) if t == np.int8 else (rng.standard_normal(s) * 3).astype(t)
        for s, t in SHAPES[fn]
    ]
    ((got, want),) = run_both(compiled[0], compiled[1], fn, args)
    assert got.shape == want.shape and got.dtype == want.dtype
    if got.dtype == np.float32:
        assert np.max(np.abs(got - want)) <= 1e-6 * np.max(np.abs(want))
    else:
        assert np.array_equal(got, want)


def test_accesses_cover_the_packed_bytes(compiled: tuple[Any, Any, str]) -> None:
    from ir.attributes import SymbolRefAttr
    from simulator.dispatch import load_executable

    module = compiled[1]
    # The LHS of @qmm, 7 x 19 i8, packed in 4 x 2 tiles: 2 x 10 x 4 x 2 = 160 bytes written.
    op = next(
        o
        for o in module.walk()
        if o.op_name == "stream.cmd.dispatch" and "encode_7x19xi8" in str(o.attr("entry_points"))
    )
    entry = op.attr("entry_points").elements[0]
    assert isinstance(entry, SymbolRefAttr)
    program = load_executable(module, entry)
    assert program.accesses([], [133, 160]) == [[("read", 0, 133)], [("write", 0, 160)]]
    with pytest.raises(Exception, match="packed tensor"):
        program.accesses([], [133, 159])
