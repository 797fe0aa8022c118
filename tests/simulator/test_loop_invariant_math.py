"""A math function in a ``linalg.generic`` body is priced once per point of the loops up to the innermost
one its operands depend on, as LLVM hoists it out of the loops inside that one (IREE's CPU code keeps
the loop order of the iteration space): layer normalization's ``rsqrt(var[i] + eps)`` over 16 x 64
points is 16 evaluations, not 1024."""

from __future__ import annotations

import pathlib

from ir import Module
from simulator.costs import LinalgEstimate
from simulator.program import load_program

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Two ops over a 16 x 64 space: a map whose body evaluates functions of operands indexed by (d0, d1),
# (d0), (d1), of the loop index d0 and of a constant; a row reduction whose body evaluates a function of
# the accumulator (carried over the reduction loop) and one of a row operand.
BODIES = """func.func @f(%x: tensor<16x64xf32>, %v: tensor<16xf32>, %w: tensor<64xf32>) -> (tensor<16x64xf32>, tensor<16xf32>) {
  %cst = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<16x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %v, %w : tensor<16x64xf32>, tensor<16xf32>, tensor<64xf32>) outs(%e : tensor<16x64xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32, %out: f32):
    %0 = math.rsqrt %b : f32
    %1 = math.exp %c : f32
    %2 = math.tanh %a : f32
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %3 = math.sqrt %fi : f32
    %4 = math.log %cst : f32
    %5 = arith.addf %0, %1 : f32
    %6 = arith.addf %5, %2 : f32
    %7 = arith.addf %6, %3 : f32
    %8 = arith.addf %7, %4 : f32
    linalg.yield %8 : f32
  } -> tensor<16x64xf32>
  %z = tensor.empty() : tensor<16xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %v : tensor<16x64xf32>, tensor<16xf32>) outs(%z : tensor<16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %0 = math.erf %acc : f32
    %1 = math.cos %b : f32
    %2 = arith.addf %0, %1 : f32
    %3 = arith.addf %2, %a : f32
    linalg.yield %3 : f32
  } -> tensor<16xf32>
  return %r, %s : tensor<16x64xf32>, tensor<16xf32>
}
"""


def _math(module_op: Module) -> dict[str, int]:
    funcs = [op for op in module_op.walk() if op.op_name == "func.func"]
    return {f: n for cost in (LinalgEstimate(f)([]) for f in funcs) for f, n in cost.math}


def test_each_function_is_evaluated_per_point_of_the_loops_it_depends_on(
    iree: None, tmp_path: pathlib.Path
) -> None:
    source = tmp_path / "bodies.mlir"
    source.write_text(BODIES)
    assert _math(load_program(source)) == {
        "rsqrt": 16,  # of a row operand: hoisted out of the column loop
        "exp": 16 * 64,  # of a column operand: the column loop is the inner one
        "tanh": 16 * 64,
        "sqrt": 16,  # of linalg.index 0
        "log": 1,  # of a constant
        "erf": 16 * 64,  # of the accumulator: it changes every trip of the reduction loop
        "cos": 16,
    }


def test_layer_norm_evaluates_its_rsqrt_once_a_row(iree: None) -> None:
    """layer_norm's normalizing dispatch (16 x 64): ``rsqrt(var[i] / 64 + eps)`` once per row."""
    module = load_program(ROOT / "tests" / "fixtures" / "iree" / "layer_norm" / "cmd.mlir")
    funcs = [
        op
        for op in module.walk()
        if op.op_name == "func.func" and "dispatch_1_reduction_16x64" in str(op.attr("sym_name"))
    ]
    assert [LinalgEstimate(f)([]).math for f in funcs] == [(("rsqrt", 16),)]
