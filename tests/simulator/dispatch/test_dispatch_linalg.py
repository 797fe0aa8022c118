"""linalg ops against plain numpy: reductions along each axis, broadcasting maps, contractions, windows."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from tests.simulator.dispatch.mlir_text import generic, ret, run

RNG = np.random.default_rng(0)

ADD = '%s = "arith.addf"(%b0, %b1) : (f32, f32) -> f32'


def f32(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape).astype(np.float32)


def t(shape: tuple[int, ...], el: str = "f32") -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + el + ">"


# --- reductions ----------------------------------------------------------------------------------

COMBINERS = [
    ("arith.addf", "f32", np.add, 0.0),
    ("arith.maximumf", "f32", np.maximum, -np.inf),
    ("arith.minimumf", "f32", np.minimum, np.inf),
    ("arith.mulf", "f32", np.multiply, 1.0),
    ("arith.addi", "i32", np.add, 0),
    ("arith.maxsi", "i32", np.maximum, np.iinfo(np.int32).min),
    ("arith.xori", "i32", np.bitwise_xor, 0),
]


@pytest.mark.parametrize("axis", [0, 1, 2], ids=["axis0", "axis1", "axis2"])
@pytest.mark.parametrize("combiner", COMBINERS, ids=[c[0] for c in COMBINERS])
def test_generic_reduction_along_each_axis(combiner, axis: int) -> None:  # type: ignore[no-untyped-def]
    name, el, ufunc, identity = combiner
    shape = (3, 4, 5)
    out_shape = tuple(s for i, s in enumerate(shape) if i != axis)
    kinds = ["reduction" if i == axis else "parallel" for i in range(3)]
    out_dims = ", ".join(f"d{i}" for i in range(3) if i != axis)
    body = generic(
        "%r",
        [("%a0", t(shape, el))],
        [("%a1", t(out_shape, el))],
        ["(d0, d1, d2) -> (d0, d1, d2)", f"(d0, d1, d2) -> ({out_dims})"],
        kinds,
        [el, el],
        [f'%s = "{name}"(%b0, %b1) : ({el}, {el}) -> {el}'],
        [("%s", el)],
    )
    if el == "f32":
        x = f32(*shape)
        init = np.full(out_shape, identity, np.float32)
    else:
        x = RNG.integers(-(2**31), 2**31, shape, dtype=np.int64).astype(np.int32)
        init = np.full(out_shape, identity, np.int32)
    (got,) = run(
        [t(shape, el), t(out_shape, el)],
        [t(out_shape, el)],
        body + "\n" + ret([("%r", t(out_shape, el))]),
        x,
        init,
    )
    want = ufunc.reduce(x, axis=axis, dtype=x.dtype)
    assert got.dtype == x.dtype
    if el == "f32":
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    else:
        np.testing.assert_array_equal(got, want)  # wraps around like int32 arithmetic


def test_generic_reduction_over_two_axes_with_transposed_output() -> None:
    body = generic(
        "%r",
        [("%a0", t((3, 4, 5)))],
        [("%a1", t((5, 3)))],
        ["(d0, d1, d2, d3) -> (d0, d1, d3)", "(d0, d1, d2, d3) -> (d3, d0)"],
        ["parallel", "reduction", "reduction", "parallel"],
        ["f32", "f32"],
        [ADD],
        [("%s", "f32")],
    )
    # d2 appears in no operand as a plain dim: the op is rejected with a clear message.
    with pytest.raises(Exception, match="d2"):
        run(
            [t((3, 4, 5)), t((5, 3))],
            [t((5, 3))],
            body + "\n" + ret([("%r", t((5, 3)))]),
            f32(3, 4, 5),
            np.zeros((5, 3), np.float32),
        )
    body = generic(
        "%r",
        [("%a0", t((3, 4, 5)))],
        [("%a1", t((4,)))],
        ["(d0, d1, d2) -> (d0, d1, d2)", "(d0, d1, d2) -> (d1)"],
        ["reduction", "parallel", "reduction"],
        ["f32", "f32"],
        [ADD],
        [("%s", "f32")],
    )
    x = f32(3, 4, 5)
    (got,) = run(
        [t((3, 4, 5)), t((4,))], [t((4,))], body + "\n" + ret([("%r", t((4,)))]), x, np.ones(4, np.float32)
    )
    np.testing.assert_allclose(got, x.sum(axis=(0, 2)) + 1, rtol=1e-5)


def test_generic_reduction_of_a_broadcast_value_counts_every_iteration() -> None:
    """sum over j of b[i] (b does not depend on j) is 4 * b[i], not b[i]."""
    b = f32(3)
    # d1 gets its extent from a second input of shape 3x4 that the body does not use.
    body = generic(
        "%r",
        [("%a0", t((3,))), ("%a2", t((3, 4)))],
        [("%a1", t((3,)))],
        ["(d0, d1) -> (d0)", "(d0, d1) -> (d0, d1)", "(d0, d1) -> (d0)"],
        ["parallel", "reduction"],
        ["f32", "f32", "f32"],
        ['%s = "arith.addf"(%b0, %b2) : (f32, f32) -> f32'],
        [("%s", "f32")],
    )
    (got,) = run(
        [t((3,)), t((3,)), t((3, 4))],
        [t((3,))],
        body + "\n" + ret([("%r", t((3,)))]),
        b,
        np.zeros(3, np.float32),
        f32(3, 4),
    )
    np.testing.assert_allclose(got, 4 * b, rtol=1e-6)


# --- broadcasting and permutation maps ---------------------------------------------------------------

BROADCASTS = [
    ("row", "(d0, d1) -> (d1)", (5,), lambda x, b: x + b[None, :]),
    ("column", "(d0, d1) -> (d0)", (4,), lambda x, b: x + b[:, None]),
    ("transposed", "(d0, d1) -> (d1, d0)", (5, 4), lambda x, b: x + b.T),
    ("scalar", "(d0, d1) -> ()", (), lambda x, b: x + b),
    ("unit-dim", "(d0, d1) -> (0, d1)", (1, 5), lambda x, b: x + b[0][None, :]),
]


@pytest.mark.parametrize("case", BROADCASTS, ids=[c[0] for c in BROADCASTS])
def test_generic_parallel_with_broadcasting_maps(case) -> None:  # type: ignore[no-untyped-def]
    _, amap, bshape, fn = case
    body = generic(
        "%r",
        [("%a0", t((4, 5))), ("%a1", t(bshape))],
        [("%a2", t((4, 5)))],
        ["(d0, d1) -> (d0, d1)", amap, "(d0, d1) -> (d0, d1)"],
        ["parallel", "parallel"],
        ["f32", "f32", "f32"],
        ['%s = "arith.addf"(%b0, %b1) : (f32, f32) -> f32'],
        [("%s", "f32")],
    )
    x, b = f32(4, 5), np.asarray(f32(*bshape) if bshape else np.float32(1.5))
    (got,) = run(
        [t((4, 5)), t(bshape), t((4, 5))],
        [t((4, 5))],
        body + "\n" + ret([("%r", t((4, 5)))]),
        x,
        b,
        np.zeros((4, 5), np.float32),
    )
    np.testing.assert_allclose(got, fn(x, b), rtol=1e-6)


def test_generic_transposed_output_map_and_out_operand_in_body() -> None:
    body = generic(
        "%r",
        [("%a0", t((4, 5)))],
        [("%a1", t((5, 4)))],
        ["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1, d0)"],
        ["parallel", "parallel"],
        ["f32", "f32"],
        ['%s = "arith.subf"(%b0, %b1) : (f32, f32) -> f32'],
        [("%s", "f32")],
    )
    x, o = f32(4, 5), f32(5, 4)
    (got,) = run([t((4, 5)), t((5, 4))], [t((5, 4))], body + "\n" + ret([("%r", t((5, 4)))]), x, o)
    np.testing.assert_allclose(got, x.T - o, rtol=1e-6)


# --- contractions ------------------------------------------------------------------------------------

MULADD = [
    '%m = "arith.mulf"(%b0, %b1) : (f32, f32) -> f32',
    '%s = "arith.addf"(%b2, %m) : (f32, f32) -> f32',
]


@pytest.mark.parametrize(
    "case",
    [
        (
            "matmul",
            (4, 6),
            (6, 5),
            (4, 5),
            ["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)"],
            3,
            lambda a, b: a @ b,
        ),
        (
            "matmul_bt",
            (4, 6),
            (5, 6),
            (4, 5),
            ["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d1, d2)", "(d0, d1, d2) -> (d0, d1)"],
            3,
            lambda a, b: a @ b.T,
        ),
        (
            "batch",
            (2, 4, 6),
            (2, 6, 5),
            (2, 4, 5),
            ["(b, m, n, k) -> (b, m, k)", "(b, m, n, k) -> (b, k, n)", "(b, m, n, k) -> (b, m, n)"],
            4,
            lambda a, b: a @ b,
        ),
        (
            "matvec",
            (4, 6),
            (6,),
            (4,),
            ["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d1)", "(d0, d1) -> (d0)"],
            2,
            lambda a, b: a @ b,
        ),
        (
            "outer_out_T",
            (4, 6),
            (6, 5),
            (5, 4),
            ["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d1, d0)"],
            3,
            lambda a, b: (a @ b).T,
        ),
    ],
    ids=lambda c: c[0],
)
def test_generic_contractions_match_numpy(case) -> None:  # type: ignore[no-untyped-def]
    _, sa, sb, so, amaps, n, fn = case
    red = {
        3: ["parallel", "parallel", "reduction"],
        4: ["parallel", "parallel", "parallel", "reduction"],
        2: ["parallel", "reduction"],
    }[n]
    body = generic(
        "%r",
        [("%a0", t(sa)), ("%a1", t(sb))],
        [("%a2", t(so))],
        amaps,
        red,
        ["f32"] * 3,
        MULADD,
        [("%s", "f32")],
    )
    a, b, init = f32(*sa), f32(*sb), f32(*so)
    (got,) = run([t(sa), t(sb), t(so)], [t(so)], body + "\n" + ret([("%r", t(so))]), a, b, init)
    np.testing.assert_allclose(got, fn(a, b) + init, rtol=1e-5, atol=1e-5)


def test_generic_i8_contraction_accumulates_in_i32() -> None:
    body = generic(
        "%r",
        [("%a0", t((4, 64), "i8")), ("%a1", t((64, 3), "i8"))],
        [("%a2", t((4, 3), "i32"))],
        ["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)"],
        ["parallel", "parallel", "reduction"],
        ["i8", "i8", "i32"],
        [
            '%x = "arith.extsi"(%b0) : (i8) -> i32',
            '%y = "arith.extsi"(%b1) : (i8) -> i32',
            '%m = "arith.muli"(%x, %y) : (i32, i32) -> i32',
            '%s = "arith.addi"(%b2, %m) : (i32, i32) -> i32',
        ],
        [("%s", "i32")],
    )
    a = RNG.integers(-128, 128, (4, 64)).astype(np.int8)
    b = RNG.integers(-128, 128, (64, 3)).astype(np.int8)
    init = np.full((4, 3), 2**31 - 5, np.int32)  # wraps on overflow
    (got,) = run(
        [t((4, 64), "i8"), t((64, 3), "i8"), t((4, 3), "i32")],
        [t((4, 3), "i32")],
        body + "\n" + ret([("%r", t((4, 3), "i32"))]),
        a,
        b,
        init,
    )
    assert got.dtype == np.int32
    np.testing.assert_array_equal(got, (a.astype(np.int64) @ b.astype(np.int64) + init).astype(np.int32))


def test_generic_convolution_window_map_with_stride() -> None:
    """out[i, j, f] = sum_{kh, kw, c} x[2i + kh, 2j + kw, c] * w[kh, kw, c, f]."""
    body = generic(
        "%r",
        [("%a0", t((9, 9, 2))), ("%a1", t((3, 3, 2, 4)))],
        [("%a2", t((4, 4, 4)))],
        [
            "(d0, d1, d2, d3, d4, d5) -> (d0 * 2 + d3, d1 * 2 + d4, d5)",
            "(d0, d1, d2, d3, d4, d5) -> (d3, d4, d5, d2)",
            "(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2)",
        ],
        ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"],
        ["f32"] * 3,
        MULADD,
        [("%s", "f32")],
    )
    x, w = f32(9, 9, 2), f32(3, 3, 2, 4)
    (got,) = run(
        [t((9, 9, 2)), t((3, 3, 2, 4)), t((4, 4, 4))],
        [t((4, 4, 4))],
        body + "\n" + ret([("%r", t((4, 4, 4)))]),
        x,
        w,
        np.zeros((4, 4, 4), np.float32),
    )
    want = np.zeros((4, 4, 4), np.float32)
    for kh in range(3):
        for kw in range(3):
            want += np.einsum("ijc,cf->ijf", x[kh : kh + 8 : 2, kw : kw + 8 : 2, :], w[kh, kw])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_generic_nonlinear_map_uses_fancy_indexing() -> None:
    """out[i] = x[i floordiv 2, i mod 2]: a reshape written as an indexing map."""
    body = generic(
        "%r",
        [("%a0", t((3, 2)))],
        [("%a1", t((6,)))],
        ["(d0) -> (d0 floordiv 2, d0 mod 2)", "(d0) -> (d0)"],
        ["parallel"],
        ["f32", "f32"],
        [],
        [("%b0", "f32")],
    )
    # d0 is bound by the output's plain dim.
    x = f32(3, 2)
    (got,) = run(
        [t((3, 2)), t((6,))], [t((6,))], body + "\n" + ret([("%r", t((6,)))]), x, np.zeros(6, np.float32)
    )
    np.testing.assert_array_equal(got, x.reshape(-1))


def test_generic_argmax_runs_sequentially_over_the_reduction() -> None:
    """Two coupled outputs (max value, its index) cannot be a ufunc reduction: the loop runs over j only."""
    body = generic(
        "%r",
        [("%a0", t((3, 7)))],
        [("%a1", t((3,))), ("%a2", t((3,), "i64"))],
        ["(d0, d1) -> (d0, d1)", "(d0, d1) -> (d0)", "(d0, d1) -> (d0)"],
        ["parallel", "reduction"],
        ["f32", "f32", "i64"],
        [
            '%j = "linalg.index"() <{dim = 1 : i64}> : () -> index',
            '%ji = "arith.index_cast"(%j) : (index) -> i64',
            '%gt = "arith.cmpf"(%b0, %b1) <{predicate = 2 : i64}> : (f32, f32) -> i1',
            '%m = "arith.select"(%gt, %b0, %b1) : (i1, f32, f32) -> f32',
            '%i = "arith.select"(%gt, %ji, %b2) : (i1, i64, i64) -> i64',
        ],
        [("%m", "f32"), ("%i", "i64")],
    )
    x = f32(3, 7)
    got = run(
        [t((3, 7)), t((3,)), t((3,), "i64")],
        [t((3,)), t((3,), "i64")],
        body + "\n" + ret([("%r#0", t((3,))), ("%r#1", t((3,), "i64"))]),
        x,
        np.full(3, -np.inf, np.float32),
        np.zeros(3, np.int64),
    )
    np.testing.assert_array_equal(got[0], x.max(axis=1))
    np.testing.assert_array_equal(got[1], x.argmax(axis=1))


def test_generic_linalg_index_in_a_parallel_body() -> None:
    body = generic(
        "%r",
        [],
        [("%a0", t((3, 4), "i64"))],
        ["(d0, d1) -> (d0, d1)"],
        ["parallel", "parallel"],
        ["i64"],
        [
            '%i = "linalg.index"() <{dim = 0 : i64}> : () -> index',
            '%j = "linalg.index"() <{dim = 1 : i64}> : () -> index',
            '%c = "arith.constant"() <{value = 10 : index}> : () -> index',
            '%t = "arith.muli"(%i, %c) : (index, index) -> index',
            '%s = "arith.addi"(%t, %j) : (index, index) -> index',
            '%v = "arith.index_cast"(%s) : (index) -> i64',
        ],
        [("%v", "i64")],
    )
    (got,) = run(
        [t((3, 4), "i64")],
        [t((3, 4), "i64")],
        body + "\n" + ret([("%r", t((3, 4), "i64"))]),
        np.zeros((3, 4), np.int64),
    )
    np.testing.assert_array_equal(got, np.arange(3)[:, None] * 10 + np.arange(4)[None, :])


@pytest.mark.parametrize("el,dtype", [("bf16", ml_dtypes.bfloat16), ("f16", np.float16)], ids=["bf16", "f16"])
def test_generic_small_floats_round_as_irees_cpu_code(el: str, dtype) -> None:  # type: ignore[no-untyped-def]
    """f16 rounds after each op; bf16 is carried in f32 and rounded where it reaches the result tensor
    (IREE emulates bf16 ops in f32 and folds extf(truncf(x)); see test_dispatch_low_precision)."""
    body = generic(
        "%r",
        [("%a0", t((8,), el)), ("%a1", t((8,), el))],
        [("%a2", t((8,), el))],
        ["(d0) -> (d0)"] * 3,
        ["parallel"],
        [el] * 3,
        [f'%m = "arith.mulf"(%b0, %b1) : ({el}, {el}) -> {el}', f'%e = "math.exp"(%m) : ({el}) -> {el}'],
        [("%e", el)],
    )
    a = f32(8).astype(dtype)
    b = f32(8).astype(dtype)
    (got,) = run(
        [t((8,), el)] * 3, [t((8,), el)], body + "\n" + ret([("%r", t((8,), el))]), a, b, np.zeros(8, dtype)
    )
    assert got.dtype == np.dtype(dtype)
    m = a.astype(np.float32) * b.astype(np.float32)
    if el == "f16":
        m = m.astype(dtype).astype(np.float32)
    np.testing.assert_array_equal(got, np.exp(m).astype(dtype))


def test_generic_gather_with_tensor_extract_in_the_body() -> None:
    """An embedding lookup: out[i, j] = table[ids[i], j], the body indexing a captured tensor."""
    body = "\n".join(
        [
            generic(
                "%r",
                [("%a0", t((5,), "i32"))],
                [("%a2", t((5, 3)))],
                ["(d0, d1) -> (d0)", "(d0, d1) -> (d0, d1)"],
                ["parallel", "parallel"],
                ["i32", "f32"],
                [
                    '%i = "arith.index_cast"(%b0) : (i32) -> index',
                    '%j = "linalg.index"() <{dim = 1 : i64}> : () -> index',
                    '%v = "tensor.extract"(%a1, %i, %j) : (tensor<7x3xf32>, index, index) -> f32',
                ],
                [("%v", "f32")],
            ),
            ret([("%r", t((5, 3)))]),
        ]
    )
    ids = np.array([6, 0, 3, 3, 1], np.int32)
    table = f32(7, 3)
    (got,) = run(
        [t((5,), "i32"), t((7, 3)), t((5, 3))], [t((5, 3))], body, ids, table, np.zeros((5, 3), np.float32)
    )
    np.testing.assert_array_equal(got, table[ids])
    bad = np.array([7, 0, 0, 0, 0], np.int32)
    with pytest.raises(Exception, match="outside dim 0 of size 7"):
        run(
            [t((5,), "i32"), t((7, 3)), t((5, 3))],
            [t((5, 3))],
            body,
            bad,
            table,
            np.zeros((5, 3), np.float32),
        )
