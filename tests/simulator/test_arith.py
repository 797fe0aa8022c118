"""One scalar semantics (simulator/arith.py): host interpreter, reference executor and dispatch
interpreter give the same results on edge values, those results are MLIR's, and IREE's runtime agrees
where it can compute them (its VM, on a small compiled program)."""

from __future__ import annotations

import math
import pathlib
import subprocess
import sys

import numpy as np
import pytest

from ir import ProgramBuilder
from ir import types as T
from simulator.arith import eval_scalar
from simulator.dispatch import DISPATCH_RULES, Context
from simulator.errors import SimulationError
from simulator.host.core_rules import RULES
from simulator.reference import _arith as reference_arith
from tests.conftest import require_iree

I32_MIN = -(2**31)
NAN = math.nan

# (op, type, operands, MLIR's result). Integers are written as signed values of their width.
CASES = [
    ("arith.addi", T.i32, [2**31 - 1, 1], I32_MIN),
    ("arith.muli", T.i8, [16, 16], 0),
    ("arith.divsi", T.i32, [-7, 2], -3),
    ("arith.divui", T.i32, [-7, 2], 2147483644),
    ("arith.remsi", T.i32, [-7, 2], -1),
    ("arith.remui", T.i32, [-7, 2], 1),
    ("arith.floordivsi", T.i32, [-7, 2], -4),
    ("arith.ceildivsi", T.i32, [-7, 2], -3),
    ("arith.ceildivsi", T.i32, [7, 2], 4),
    ("arith.ceildivui", T.i32, [-7, 2], 2147483645),
    ("arith.maxsi", T.i32, [-1, 1], 1),
    ("arith.maxui", T.i32, [-1, 1], -1),
    ("arith.minui", T.i32, [-1, 1], 1),
    ("arith.minsi", T.i32, [-1, 1], -1),
    ("arith.shrsi", T.i32, [-8, 1], -4),
    ("arith.shrui", T.i32, [-8, 1], 2**31 - 4),
    ("arith.maximumf", T.f32, [NAN, 1.0], NAN),
    ("arith.maximumf", T.f32, [1.0, NAN], NAN),
    ("arith.minimumf", T.f32, [1.0, NAN], NAN),
    ("arith.maximumf", T.f32, [-0.0, 0.0], 0.0),
    ("arith.maximumf", T.f32, [0.0, -0.0], 0.0),
    ("arith.minimumf", T.f32, [0.0, -0.0], -0.0),
    ("arith.minimumf", T.f32, [-0.0, 0.0], -0.0),
    ("arith.maxnumf", T.f32, [NAN, 1.0], 1.0),
    ("arith.minnumf", T.f32, [1.0, NAN], 1.0),
    ("arith.addf", T.f16, [2048.0, 1.0], 2048.0),  # 2049 is not an f16: rounds to even
    ("arith.addf", T.bf16, [1.0, 2.0**-8], 1.0),  # bf16 keeps 8 bits of mantissa
    ("arith.addf", T.f32, [1.0, 2.0**-30], 1.0),  # an f32 result, not a Python double
]
PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
CMP_CASES = [(p, [-1, 1], int(r)) for p, r in zip(PREDICATES, [0, 1, 1, 1, 0, 0, 0, 0, 1, 1])]


def _op(name: str, t: T.Type, n: int, result: T.Type | None = None, **attrs: object):  # type: ignore[no-untyped-def]
    pb = ProgramBuilder()
    pb.function("f", [], [])
    operands = [pb.constant(0 if isinstance(t, T.IntegerType | T.IndexType) else 0.0, t) for _ in range(n)]
    op = pb.create(name, operands, [result or t])
    for key, value in attrs.items():
        op.properties[key] = value
    return op


def _all_three(op, args):  # type: ignore[no-untyped-def]
    host = RULES[op.op_name](None, op, list(args))
    reference = reference_arith(None, op, list(args))
    values = [np.array(a).astype(T.numpy_dtype(v.type))[()] for a, v in zip(args, op.operands)]
    with np.errstate(all="ignore"):
        dispatch = DISPATCH_RULES.impls[op.op_name](Context(), op, values)[0]
    # (a dispatch carries bf16 in f32 between ops: its value is the one rounded where it is stored)
    dispatch = np.asarray(dispatch).astype(T.numpy_dtype(op.results[0].type))[()]
    return host, reference, float(dispatch) if np.asarray(dispatch).dtype.kind in "fV" else int(dispatch)


def _same(a: float, b: float) -> bool:
    """Equal as IEEE values, NaN equal to NaN, and the sign of zero counted."""
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


@pytest.mark.parametrize(
    ("name", "t", "args", "expected"), CASES, ids=[f"{c[0][6:]}-{c[1]}-{c[2]}" for c in CASES]
)
def test_arith_host_reference_dispatch_agree_with_mlir(
    name: str, t: T.Type, args: list, expected: float
) -> None:  # type: ignore[type-arg]
    op = _op(name, t, len(args))
    results = _all_three(op, args)
    assert all(_same(r, expected) for r in results), results


@pytest.mark.parametrize(("predicate", "args", "expected"), CMP_CASES, ids=[c[0] for c in CMP_CASES])
def test_arith_cmpi_predicates_read_unsigned_bits(predicate: str, args: list[int], expected: int) -> None:
    from ir.attributes import IntegerAttr

    op = _op(
        "arith.cmpi",
        T.i32,
        2,
        result=T.IntegerType(1),
        predicate=IntegerAttr(PREDICATES.index(predicate), T.i64),
    )
    assert _all_three(op, args) == (expected, expected, expected)


@pytest.mark.parametrize(
    ("name", "args"),
    [("arith.divsi", [5, 0]), ("arith.remui", [5, 0]), ("arith.divsi", [I32_MIN, -1])],
    ids=["divsi-by-0", "remui-by-0", "divsi-min-by-minus-1"],
)
def test_arith_traps_are_errors_of_the_program(name: str, args: list[int]) -> None:
    with pytest.raises(SimulationError, match=r"division by zero|overflows \(a trap\)"):
        eval_scalar(_op(name, T.i32, 2), args)


IREE_PROGRAM = """
func.func @divsi(%a: i32, %b: i32) -> i32 { %r = arith.divsi %a, %b : i32
  return %r : i32 }
func.func @remsi(%a: i32, %b: i32) -> i32 { %r = arith.remsi %a, %b : i32
  return %r : i32 }
func.func @divui(%a: i32, %b: i32) -> i32 { %r = arith.divui %a, %b : i32
  return %r : i32 }
func.func @maxui(%a: i32, %b: i32) -> i32 { %r = arith.maxui %a, %b : i32
  return %r : i32 }
func.func @minsi(%a: i32, %b: i32) -> i32 { %r = arith.minsi %a, %b : i32
  return %r : i32 }
func.func @shrui(%a: i32, %b: i32) -> i32 { %r = arith.shrui %a, %b : i32
  return %r : i32 }
func.func @ult(%a: i32, %b: i32) -> i1 { %r = arith.cmpi ult, %a, %b : i32
  return %r : i1 }
func.func @sge(%a: i32, %b: i32) -> i1 { %r = arith.cmpi sge, %a, %b : i32
  return %r : i1 }
func.func @maximumf(%a: f32, %b: f32) -> f32 { %r = arith.maximumf %a, %b : f32
  return %r : f32 }
"""
IREE_CASES = [
    ("divsi", [-7, 2]), ("remsi", [-7, 2]), ("divui", [-7, 2]), ("maxui", [-1, 1]), ("minsi", [-1, 1]),
    ("shrui", [-8, 1]), ("ult", [-1, 1]), ("sge", [-1, 1]), ("maximumf", [NAN, 1.0]),
]  # fmt: skip
# Where IREE 3.13's VM and MLIR's definition part (we follow MLIR): a NaN second operand is dropped,
# and equal zeros give the first operand.
IREE_DIVERGES = [("maximumf", [1.0, NAN], 1.0, NAN), ("maximumf", [-0.0, 0.0], -0.0, 0.0)]


def test_arith_matches_iree_runtime(tmp_path: pathlib.Path) -> None:
    require_iree()
    source = tmp_path / "arith.mlir"
    source.write_text(IREE_PROGRAM)
    vmfb = tmp_path / "arith.vmfb"
    compiler = pathlib.Path(sys.executable).parent / "iree-compile"
    subprocess.run(
        [str(compiler), str(source), "--iree-hal-target-device=local",
         "--iree-hal-local-target-device-backends=llvm-cpu", "-o", str(vmfb)],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    import iree.runtime as rt

    ctx = rt.SystemContext(config=rt.Config("local-sync"))
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb.read_bytes()))
    module = ctx.modules.module
    types = {"ult": (T.i32, T.IntegerType(1)), "sge": (T.i32, T.IntegerType(1)), "maximumf": (T.f32, T.f32)}
    for fn, args in IREE_CASES:
        got = getattr(module, fn)(*args)
        operand, result = types.get(fn, (T.i32, T.i32))
        name = "arith.cmpi" if fn in ("ult", "sge") else f"arith.{fn}"
        attrs = {}
        if name == "arith.cmpi":
            from ir.attributes import IntegerAttr

            attrs["predicate"] = IntegerAttr(PREDICATES.index(fn), T.i64)
        ours = eval_scalar(_op(name, operand, 2, result=result, **attrs), args)
        assert _same(float(ours), float(got)), (fn, args, ours, got)
    for fn, args, iree_value, mlir_value in IREE_DIVERGES:
        assert _same(float(getattr(module, fn)(*args)), iree_value), "IREE's VM changed: update the note"
        assert _same(eval_scalar(_op(f"arith.{fn}", T.f32, 2), args), mlir_value)


# Elementwise arith on tensors: IREE compiles these into dispatches, so the values below come from
# device code (llvm-cpu), not the VM's host arithmetic the program above exercises.
DEVICE_PROGRAM = """
func.func @maxnumf(%a: tensor<6xf32>, %b: tensor<6xf32>) -> tensor<6xf32> {
  %r = arith.maxnumf %a, %b : tensor<6xf32>
  return %r : tensor<6xf32> }
func.func @minnumf(%a: tensor<6xf32>, %b: tensor<6xf32>) -> tensor<6xf32> {
  %r = arith.minnumf %a, %b : tensor<6xf32>
  return %r : tensor<6xf32> }
func.func @maximumf(%a: tensor<6xf32>, %b: tensor<6xf32>) -> tensor<6xf32> {
  %r = arith.maximumf %a, %b : tensor<6xf32>
  return %r : tensor<6xf32> }
func.func @minimumf(%a: tensor<6xf32>, %b: tensor<6xf32>) -> tensor<6xf32> {
  %r = arith.minimumf %a, %b : tensor<6xf32>
  return %r : tensor<6xf32> }
func.func @truncf(%a: tensor<6xf32>) -> tensor<6xf16> {
  %r = arith.truncf %a : tensor<6xf32> to tensor<6xf16>
  return %r : tensor<6xf16> }
func.func @maxui(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %r = arith.maxui %a, %b : tensor<4xi32>
  return %r : tensor<4xi32> }
func.func @divsi(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %r = arith.divsi %a, %b : tensor<4xi32>
  return %r : tensor<4xi32> }
"""
_F_A = [NAN, 1.0, NAN, -0.0, 0.0, 3.0]
_F_B = [1.0, NAN, NAN, 0.0, -0.0, -3.0]
_I_A = [-1, 1, -7, 7]
_I_B = [1, -1, 2, -2]


def test_arith_matches_iree_device_code(tmp_path: pathlib.Path) -> None:
    """NaN with every min/max flavour, signed zeros, f16 rounding and unsigned/signed integer ops, as
    IREE's compiled dispatches compute them, against the one scalar semantics (host, reference and the
    dispatch interpreter's whole-array rule)."""
    require_iree()
    source = tmp_path / "device.mlir"
    source.write_text(DEVICE_PROGRAM)
    vmfb = tmp_path / "device.vmfb"
    compiler = pathlib.Path(sys.executable).parent / "iree-compile"
    subprocess.run(
        [str(compiler), str(source), "--iree-hal-target-device=local", "--iree-llvmcpu-target-cpu=generic",
         "--iree-hal-local-target-device-backends=llvm-cpu", "-o", str(vmfb)],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    import iree.runtime as rt

    ctx = rt.SystemContext(config=rt.Config("local-sync"))
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb.read_bytes()))
    module = ctx.modules.module
    floats = [np.array(_F_A, np.float32), np.array(_F_B, np.float32)]
    ints = [np.array(_I_A, np.int32), np.array(_I_B, np.int32)]
    for fn, args, t, result in [
        ("maxnumf", floats, T.f32, T.f32),
        ("minnumf", floats, T.f32, T.f32),
        ("maximumf", floats, T.f32, T.f32),
        ("minimumf", floats, T.f32, T.f32),
        ("truncf", [np.array([1.0 + 2**-11 + 2**-12, 65520.0, 1e-8, 3.14159, -2.5, 1 / 3], np.float32)], T.f32, T.f16),
        ("maxui", ints, T.i32, T.i32),
        ("divsi", ints, T.i32, T.i32),
    ]:  # fmt: skip
        got = np.asarray(module[fn](*args).to_host())
        op = _op(f"arith.{fn}", t, len(args), result=result)
        host = [RULES[op.op_name](None, op, [a[k] for a in args]) for k in range(len(got))]
        dispatch = DISPATCH_RULES.impls[op.op_name](Context(), op, list(args))[0]
        for k, want in enumerate(got.tolist()):
            assert _same(float(host[k]), float(want)), (fn, k, host[k], want)
            assert _same(float(dispatch[k]), float(want)), (fn, k, dispatch[k], want)
