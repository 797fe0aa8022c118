"""arith and math ops, elementwise on tensors, against numpy (dtype rules included)."""

from __future__ import annotations

import math
import pathlib
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

from tests.conftest import require_iree
from tests.simulator.dispatch.mlir_text import generic, ret, run

RNG = np.random.default_rng(2)
N = 16


def t(el: str) -> str:
    return f"tensor<{N}x{el}>"


def elementwise(name: str, ins: list[str], out: str, props: str = "") -> str:
    """``linalg.generic`` applying ``name`` to ``len(ins)`` inputs of element types ``ins``."""
    args = ", ".join(f"%b{i}" for i in range(len(ins)))
    p = f" <{{{props}}}>" if props else ""
    body = [f'%v = "{name}"({args}){p} : ({", ".join(ins)}) -> {out}']
    return generic(
        "%r",
        [(f"%a{i}", t(el)) for i, el in enumerate(ins)],
        [(f"%a{len(ins)}", t(out))],
        ["(d0) -> (d0)"] * (len(ins) + 1),
        ["parallel"],
        [*ins, out],
        body,
        [("%v", out)],
    )


def apply(name: str, ins: list[str], out: str, *arrays: np.ndarray, props: str = "") -> np.ndarray:
    body = elementwise(name, ins, out, props) + "\n" + ret([("%r", t(out))])
    init = np.zeros(N, dtype=_np(out))
    (got,) = run([t(el) for el in ins] + [t(out)], [t(out)], body, *arrays, init)
    assert got.dtype == _np(out), f"{name} gave {got.dtype}, type says {out}"
    return got


def _np(el: str) -> np.dtype:
    return np.dtype({"f32": np.float32, "f64": np.float64, "f16": np.float16, "bf16": ml_dtypes.bfloat16, "i1": np.bool_,
                     "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "index": np.int64}[el])  # fmt: skip


X = RNG.uniform(0.1, 3.0, N).astype(np.float32)
Y = RNG.standard_normal(N).astype(np.float32)
FLOAT_CASES = [
    ("arith.addf", 2, np.add),
    ("arith.subf", 2, np.subtract),
    ("arith.mulf", 2, np.multiply),
    ("arith.divf", 2, np.divide),
    ("arith.remf", 2, np.fmod),
    ("arith.maximumf", 2, np.maximum),
    ("arith.minnumf", 2, np.fmin),
    ("arith.negf", 1, np.negative),
    ("math.exp", 1, np.exp),
    ("math.log", 1, np.log),
    ("math.tanh", 1, np.tanh),
    ("math.sqrt", 1, np.sqrt),
    ("math.rsqrt", 1, lambda x: 1 / np.sqrt(x)),
    ("math.powf", 2, np.power),
    ("math.absf", 1, np.abs),
    ("math.floor", 1, np.floor),
    ("math.roundeven", 1, np.rint),
    ("math.erf", 1, np.vectorize(math.erf)),
]


@pytest.mark.parametrize("case", FLOAT_CASES, ids=[c[0] for c in FLOAT_CASES])
def test_float_ops_keep_f32(case) -> None:  # type: ignore[no-untyped-def]
    name, arity, fn = case
    args = [X, Y][:arity] if name != "math.powf" else [X, np.abs(Y)]
    got = apply(name, ["f32"] * arity, "f32", *args)
    np.testing.assert_allclose(got, fn(*args).astype(np.float32), rtol=2e-6, atol=1e-7)


def test_math_round_is_half_away_from_zero() -> None:
    x = np.array([0.5, 1.5, 2.5, -0.5, -1.5, 0.49999997, 2.4, -2.6] * 2, np.float32)
    np.testing.assert_array_equal(apply("math.round", ["f32"], "f32", x), [1, 2, 3, -1, -2, 0, 2, -3] * 2)


A = np.array([7, -7, 7, -7, 0, 2**31 - 1, -(2**31), 100] * 2, np.int32)
B = np.array([2, 2, -2, -2, 3, 1, -1, 7] * 2, np.int32)


@pytest.mark.parametrize(
    "case",
    [
        ("arith.addi", lambda a, b: (a.astype(np.int64) + b).astype(np.int32)),
        ("arith.muli", lambda a, b: (a.astype(np.int64) * b).astype(np.int32)),
        (
            "arith.divsi",
            lambda a, b: np.array([int(x / y) if y else 0 for x, y in zip(a.tolist(), b.tolist())]).astype(
                np.int32
            ),
        ),
        ("arith.remsi", lambda a, b: np.fmod(a, b)),
        ("arith.floordivsi", lambda a, b: np.floor_divide(a, b)),
        ("arith.ceildivsi", lambda a, b: -np.floor_divide(-a.astype(np.int64), b).astype(np.int32)),
        ("arith.divui", lambda a, b: (a.view(np.uint32) // b.view(np.uint32)).view(np.int32)),
        ("arith.remui", lambda a, b: (a.view(np.uint32) % b.view(np.uint32)).view(np.int32)),
        ("arith.maxui", lambda a, b: np.maximum(a.view(np.uint32), b.view(np.uint32)).view(np.int32)),
        ("arith.shrui", lambda a, b: (a.view(np.uint32) >> b.view(np.uint32)).view(np.int32)),
        ("arith.shrsi", lambda a, b: a >> b),
        ("arith.andi", np.bitwise_and),
    ],
    ids=lambda c: c[0],
)
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_integer_ops_wrap_and_round_toward_zero(case) -> None:  # type: ignore[no-untyped-def]
    name, fn = case
    b = np.abs(B) if name.startswith(("arith.sh",)) else B
    got = apply(name, ["i32", "i32"], "i32", A, b)
    np.testing.assert_array_equal(got, fn(A, b))


NAN = np.float32("nan")
P = np.array([1, 2, NAN, 3, NAN, -1, 0, 5] * 2, np.float32)
Q = np.array([1, 1, 1, NAN, NAN, 2, -0.0, 6] * 2, np.float32)


@pytest.mark.parametrize(
    "pred,fn",
    [
        (1, lambda p, q: p == q),  # oeq
        (2, lambda p, q: p > q),  # ogt
        (6, lambda p, q: (p != q) & ~np.isnan(p) & ~np.isnan(q)),  # one
        (7, lambda p, q: ~np.isnan(p) & ~np.isnan(q)),  # ord
        (8, lambda p, q: (p == q) | np.isnan(p) | np.isnan(q)),  # ueq
        (11, lambda p, q: ~(p >= q)),  # ult
        (13, lambda p, q: p != q),  # une
        (14, lambda p, q: np.isnan(p) | np.isnan(q)),  # uno
        (15, lambda p, q: np.ones_like(p, bool)),  # true
    ],
    ids=["oeq", "ogt", "one", "ord", "ueq", "ult", "une", "uno", "true"],
)
def test_cmpf_predicates_with_nan(pred: int, fn) -> None:  # type: ignore[no-untyped-def]
    got = apply("arith.cmpf", ["f32", "f32"], "i1", P, Q, props=f"predicate = {pred} : i64")
    np.testing.assert_array_equal(got, fn(P, Q))


@pytest.mark.parametrize(
    "pred,fn",
    [
        (2, lambda a, b: a < b),
        (6, lambda a, b: a.view(np.uint32) < b.view(np.uint32)),
        (1, lambda a, b: a != b),
    ],
    ids=["slt", "ult", "ne"],
)
def test_cmpi_signed_and_unsigned(pred: int, fn) -> None:  # type: ignore[no-untyped-def]
    got = apply("arith.cmpi", ["i32", "i32"], "i1", A, B, props=f"predicate = {pred} : i64")
    np.testing.assert_array_equal(got, fn(A, B))


def test_select() -> None:
    c = np.arange(N) % 2 == 0
    got = apply("arith.select", ["i1", "f32", "f32"], "f32", c, X, Y)
    np.testing.assert_array_equal(got, np.where(c, X, Y))


@pytest.mark.parametrize(
    "name,src,dst,x,want",
    [
        ("arith.extsi", "i1", "i32", np.array([True, False] * 8), np.array([-1, 0] * 8, np.int32)),
        ("arith.extui", "i1", "i32", np.array([True, False] * 8), np.array([1, 0] * 8, np.int32)),
        ("arith.extsi", "i8", "i32", np.array([-5, 127] * 8, np.int8), np.array([-5, 127] * 8, np.int32)),
        ("arith.extui", "i8", "i32", np.array([-5, 127] * 8, np.int8), np.array([251, 127] * 8, np.int32)),
        ("arith.trunci", "i32", "i8", np.array([300, -129] * 8, np.int32), np.array([44, 127] * 8, np.int8)),
        (
            "arith.fptosi",
            "f32",
            "i32",
            np.array([2.7, -2.7] * 8, np.float32),
            np.array([2, -2] * 8, np.int32),
        ),
        (
            "arith.sitofp",
            "i32",
            "f32",
            np.array([3, -(2**31)] * 8, np.int32),
            np.array([3, -(2**31)] * 8, np.float32),
        ),
        (
            "arith.uitofp",
            "i32",
            "f32",
            np.array([-1, 1] * 8, np.int32),
            np.array([4294967295.0, 1] * 8, np.float32),
        ),
        (
            "arith.truncf",
            "f32",
            "bf16",
            np.array([1.00390625, 3.0] * 8, np.float32),
            np.array([1.0, 3.0] * 8, ml_dtypes.bfloat16),
        ),
        (
            "arith.extf",
            "f16",
            "f32",
            np.array([0.1, 2.0] * 8, np.float16),
            np.array([0.1, 2.0] * 8, np.float16).astype(np.float32),
        ),
        (
            "arith.bitcast",
            "f32",
            "i32",
            np.array([1.0, -2.0] * 8, np.float32),
            np.array([1.0, -2.0] * 8, np.float32).view(np.int32),
        ),
        (
            "arith.index_cast",
            "i32",
            "index",
            np.array([-3, 4] * 8, np.int32),
            np.array([-3, 4] * 8, np.int64),
        ),
        (
            "arith.index_castui",
            "i32",
            "index",
            np.array([-3, 4] * 8, np.int32),
            np.array([2**32 - 3, 4] * 8, np.int64),
        ),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_casts(name: str, src: str, dst: str, x: np.ndarray, want: np.ndarray) -> None:
    got = apply(name, [src], dst, x)
    np.testing.assert_array_equal(got, want)


LINEARIZE = """
    %l = "affine.linearize_index"(%a0, %a1, %a2) <{disjoint, operandSegmentSizes = array<i32: 2, 1>, static_basis = array<i64: 6, -9223372036854775808>}> : (index, index, index) -> index
    %d:3 = "affine.delinearize_index"(%a3, %a2) <{static_basis = array<i64: -9223372036854775808, 4>}> : (index, index) -> (index, index, index)
"""
LINEARIZE_CASES = [(2, 3, 5, 77), (0, 0, 1, 0), (5, 6, 7, 1000)]


def test_affine_linearize_and_delinearize_index_match_iree(tmp_path: pathlib.Path) -> None:
    """``affine.linearize_index`` (a dynamic inner basis) and ``delinearize_index`` (the outer bound
    omitted), against IREE's runtime on the same function."""
    require_iree()
    outs = [("%l", "index"), ("%d#0", "index"), ("%d#1", "index"), ("%d#2", "index")]
    body = LINEARIZE + ret(outs)
    source = tmp_path / "lin.mlir"
    params = ", ".join(f"%a{i}: index" for i in range(4))
    source.write_text(
        '"builtin.module"() ({\n'
        '  "func.func"() <{function_type = (index, index, index, index) -> (index, index, index, index),'
        ' sym_name = "f"}> ({\n'
        f"  ^bb0({params}):\n{body}\n  }}) : () -> ()\n}}) : () -> ()\n"
    )
    vmfb = tmp_path / "lin.vmfb"
    compiler = pathlib.Path(sys.executable).parent / "iree-compile"
    subprocess.run(
        [str(compiler), str(source), "--iree-hal-target-device=local",
         "--iree-hal-local-target-device-backends=llvm-cpu", "-o", str(vmfb)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    import iree.runtime as rt

    ctx = rt.SystemContext(config=rt.Config("local-sync"))
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb.read_bytes()))
    for case in LINEARIZE_CASES:
        want = [int(v) for v in ctx.modules.module.f(*case)]
        got = run(["index"] * 4, ["index"] * 4, body, *(np.int64(v) for v in case))
        assert [int(v) for v in got] == want, case


def _bits(x: int, width: int) -> str:
    return format(x & ((1 << width) - 1), f"0{width}b")


BIT_COUNTS = {
    "math.ctpop": lambda s: s.count("1"),
    "math.ctlz": lambda s: len(s) - len(s.lstrip("0")),
    "math.cttz": lambda s: len(s) - len(s.rstrip("0")),
}


@pytest.mark.parametrize("el", ["i8", "i32", "i64"])
@pytest.mark.parametrize("name", sorted(BIT_COUNTS))
def test_bit_counts_of_every_width_zero_included(name: str, el: str) -> None:
    """``math.ctpop``/``ctlz``/``cttz`` on the two's-complement bits: zero has ``width`` leading and
    trailing zeros; negative values count their sign bits (jax_gcd_while checks ctpop and ctlz against
    IREE's runtime)."""
    dt, width = _np(el), _np(el).itemsize * 8
    info = np.iinfo(dt)
    special = [0, -1, 1, info.min, info.max, 2, 96, -96, 1 << (width - 2), -(1 << (width - 3))]
    x = np.concatenate([np.array(special, dt), RNG.integers(info.min, info.max, N - len(special), dtype=dt)])
    got = apply(name, [el], el, x)
    want = np.array([BIT_COUNTS[name](_bits(int(v), width)) for v in x], dt)
    np.testing.assert_array_equal(got, want)
