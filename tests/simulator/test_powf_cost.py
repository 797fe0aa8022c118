"""``math.powf`` is priced as IREE's CPU code runs it: a constant exponent IREE expands into arithmetic
(2: ``x * x``, 0.5: ``sqrt``, -0.5: ``rsqrt``, ...) evaluates no transcendental function; any other
exponent evaluates an ``exp`` and a ``log`` (MLIR's math expansion, applied by IREE's MathTransform)."""

from __future__ import annotations

import pathlib

import pytest

from ir import ProgramBuilder
from ir import types as T
from simulator.costs import powf_functions

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _powf(exponent: float | None):  # type: ignore[no-untyped-def]
    pb = ProgramBuilder()
    pb.function("f", [], [])
    x = pb.constant(1.5, T.f32)
    if exponent is None:
        # Not a constant: the sum of two constants.
        y = pb.create("arith.addf", [pb.constant(1.0, T.f32), pb.constant(0.25, T.f32)], [T.f32]).results[0]
    else:
        y = pb.constant(exponent, T.f32)
    return pb.create("math.powf", [x, y], [T.f32])


@pytest.mark.parametrize(
    ("exponent", "functions"),
    [
        (2.0, {}),
        (3.0, {}),
        (-1.0, {}),
        (1.0, {}),
        (0.5, {"sqrt": 1}),
        (-0.5, {"rsqrt": 1}),
        (0.75, {"exp": 1, "log": 1}),
        (2.5, {"exp": 1, "log": 1}),
        (None, {"exp": 1, "log": 1}),
    ],
)
def test_powf_evaluates_what_its_exponent_leaves(exponent: float | None, functions: dict[str, int]) -> None:
    assert powf_functions(_powf(exponent)) == functions


def test_the_squares_and_roots_of_a_norm_cost_no_transcendental(iree: None) -> None:
    """onnx_layout_norm's p-norm: ``powf(|x|, 2.0)`` summed, then ``powf(s, 0.5)``: IREE measures 71 and
    44 ns for them on local-sync; priced as transcendentals they were 834 and 806."""
    from simulator.costs import LinalgEstimate
    from simulator.program import load_program

    module = load_program(ROOT / "tests" / "fixtures" / "frontends" / "onnx_layout_norm" / "cmd.mlir")
    math_of = {}
    for op in module.walk():
        if op.op_name == "func.func" and "dispatch_5_reduction" in str(op.attr("sym_name")):
            math_of["sum of squares"] = LinalgEstimate(op)([]).math
        if op.op_name == "func.func" and "dispatch_6_elementwise" in str(op.attr("sym_name")):
            math_of["root"] = LinalgEstimate(op)([]).math
    # The root is of a row's sum (``powf(s[i], 0.5)`` over 8 x 6): once a row, hoisted out of the
    # column loop (tests/simulator/test_loop_invariant_math.py).
    assert math_of == {"sum of squares": (("absf", 48),), "root": (("sqrt", 8),)}
