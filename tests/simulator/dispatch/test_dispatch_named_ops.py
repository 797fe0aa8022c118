"""Named linalg ops and tensor ops against plain numpy."""

from __future__ import annotations

import numpy as np
import pytest

from tests.simulator.dispatch.mlir_text import ret, run

RNG = np.random.default_rng(1)


def f32(*shape: int) -> np.ndarray:
    return RNG.standard_normal(shape).astype(np.float32)


def t(shape: tuple[int, ...], el: str = "f32") -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + el + ">"


def named(
    name: str, ins: list[tuple[str, str]], out: tuple[str, str], props: str = "", region: str = ""
) -> str:
    operands = ", ".join(n for n, _ in [*ins, out])
    types = ", ".join(ty for _, ty in [*ins, out])
    seg = f"operandSegmentSizes = array<i32: {len(ins)}, 1>"
    props = f"{props}, {seg}" if props else seg
    reg = f" ({{\n{region}\n    }})" if region else ""
    return f'    %r = "{name}"({operands}) <{{{props}}}>{reg} : ({types}) -> {out[1]}'


MATMUL_REGION = """    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = "arith.mulf"(%x, %y) : (f32, f32) -> f32
      %s = "arith.addf"(%z, %m) : (f32, f32) -> f32
      "linalg.yield"(%s) : (f32) -> ()"""


@pytest.mark.parametrize("with_region", [True, False], ids=["region", "no-region"])
@pytest.mark.parametrize(
    "case",
    [
        ("linalg.matmul", (4, 6), (6, 5), (4, 5), lambda a, b: a @ b),
        ("linalg.matmul_transpose_b", (4, 6), (5, 6), (4, 5), lambda a, b: a @ b.T),
        ("linalg.batch_matmul", (2, 4, 6), (2, 6, 5), (2, 4, 5), lambda a, b: a @ b),
        ("linalg.matvec", (4, 6), (6,), (4,), lambda a, b: a @ b),
        ("linalg.vecmat", (6,), (6, 5), (5,), lambda a, b: a @ b),
        ("linalg.dot", (6,), (6,), (), lambda a, b: np.dot(a, b)),
        ("linalg.batch_reduce_matmul", (3, 4, 6), (3, 6, 5), (4, 5), lambda a, b: (a @ b).sum(0)),
    ],
    ids=lambda c: c[0],
)
def test_named_contractions(case, with_region: bool) -> None:  # type: ignore[no-untyped-def]
    name, sa, sb, so, fn = case
    body = named(
        name, [("%a0", t(sa)), ("%a1", t(sb))], ("%a2", t(so)), region=MATMUL_REGION if with_region else ""
    )
    a, b, init = f32(*sa), f32(*sb), np.asarray(f32(*so) if so else np.float32(0.5))
    (got,) = run([t(sa), t(sb), t(so)], [t(so)], body + "\n" + ret([("%r", t(so))]), a, b, init)
    np.testing.assert_allclose(got, fn(a, b) + init, rtol=1e-5, atol=1e-5)


def test_named_matmul_i8_without_region_casts_to_the_init_type() -> None:
    body = named(
        "linalg.matmul", [("%a0", t((3, 40), "i8")), ("%a1", t((40, 2), "i8"))], ("%a2", t((3, 2), "i32"))
    )
    a = RNG.integers(-128, 128, (3, 40)).astype(np.int8)
    b = RNG.integers(-128, 128, (40, 2)).astype(np.int8)
    (got,) = run(
        [t((3, 40), "i8"), t((40, 2), "i8"), t((3, 2), "i32")],
        [t((3, 2), "i32")],
        body + "\n" + ret([("%r", t((3, 2), "i32"))]),
        a,
        b,
        np.zeros((3, 2), np.int32),
    )
    np.testing.assert_array_equal(got, a.astype(np.int32) @ b.astype(np.int32))


def test_named_conv_2d_nhwc_hwcf_with_strides_and_dilations() -> None:
    props = "dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>"
    body = named(
        "linalg.conv_2d_nhwc_hwcf",
        [("%a0", t((1, 9, 11, 3))), ("%a1", t((3, 3, 3, 4)))],
        ("%a2", t((1, 4, 4, 4))),
        props,
    )
    x, w = f32(1, 9, 11, 3), f32(3, 3, 3, 4)
    (got,) = run(
        [t((1, 9, 11, 3)), t((3, 3, 3, 4)), t((1, 4, 4, 4))],
        [t((1, 4, 4, 4))],
        body + "\n" + ret([("%r", t((1, 4, 4, 4)))]),
        x,
        w,
        np.zeros((1, 4, 4, 4), np.float32),
    )
    want = np.zeros((1, 4, 4, 4), np.float32)
    for kh in range(3):
        for kw in range(3):
            patch = x[:, kh : kh + 8 : 2, 2 * kw : 2 * kw + 8 : 2, :]
            want += np.einsum("nhwc,cf->nhwf", patch, w[kh, kw])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_named_depthwise_conv_and_max_pooling() -> None:
    body = named(
        "linalg.depthwise_conv_2d_nhwc_hwc",
        [("%a0", t((1, 5, 5, 2))), ("%a1", t((2, 2, 2)))],
        ("%a2", t((1, 4, 4, 2))),
    )
    x, w = f32(1, 5, 5, 2), f32(2, 2, 2)
    (got,) = run(
        [t((1, 5, 5, 2)), t((2, 2, 2)), t((1, 4, 4, 2))],
        [t((1, 4, 4, 2))],
        body + "\n" + ret([("%r", t((1, 4, 4, 2)))]),
        x,
        w,
        np.zeros((1, 4, 4, 2), np.float32),
    )
    want = sum(x[:, i : i + 4, j : j + 4, :] * w[i, j] for i in range(2) for j in range(2))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    body = named(
        "linalg.pooling_nhwc_max", [("%a0", t((1, 5, 5, 2))), ("%a1", t((2, 2)))], ("%a2", t((1, 4, 4, 2)))
    )
    init = np.full((1, 4, 4, 2), -np.inf, np.float32)
    (got,) = run(
        [t((1, 5, 5, 2)), t((2, 2)), t((1, 4, 4, 2))],
        [t((1, 4, 4, 2))],
        body + "\n" + ret([("%r", t((1, 4, 4, 2)))]),
        x,
        np.zeros((2, 2), np.float32),
        init,
    )
    want = np.max([x[:, i : i + 4, j : j + 4, :] for i in range(2) for j in range(2)], axis=0)
    np.testing.assert_array_equal(got, want)


def test_fill_transpose_broadcast_copy() -> None:
    body = "\n".join(
        [
            '    %c = "arith.constant"() <{value = 2.5 : f32}> : () -> f32',
            '    %e = "tensor.empty"() : () -> tensor<3x4xf32>',
            '    %f = "linalg.fill"(%c, %e) <{operandSegmentSizes = array<i32: 1, 1>}> : (f32, tensor<3x4xf32>) -> tensor<3x4xf32>',
            '    %e2 = "tensor.empty"() : () -> tensor<4x3xf32>',
            '    %tr = "linalg.transpose"(%a0, %e2) <{permutation = array<i64: 1, 0>}> : (tensor<3x4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>',
            '    %e3 = "tensor.empty"() : () -> tensor<2x4x3xf32>',
            '    %bc = "linalg.broadcast"(%tr, %e3) <{dimensions = array<i64: 0>}> : (tensor<4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>',
            '    %cp = "linalg.copy"(%a0, %e) <{operandSegmentSizes = array<i32: 1, 1>}> : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>',
            ret([("%f", "tensor<3x4xf32>"), ("%bc", "tensor<2x4x3xf32>"), ("%cp", "tensor<3x4xf32>")]),
        ]
    )
    x = f32(3, 4)
    fill, bc, cp = run(
        ["tensor<3x4xf32>"], ["tensor<3x4xf32>", "tensor<2x4x3xf32>", "tensor<3x4xf32>"], body, x
    )
    np.testing.assert_array_equal(fill, np.full((3, 4), 2.5, np.float32))
    np.testing.assert_array_equal(bc, np.broadcast_to(x.T, (2, 4, 3)))
    np.testing.assert_array_equal(cp, x)


def test_linalg_reduce_and_map() -> None:
    body = "\n".join(
        [
            '    %e = "tensor.empty"() : () -> tensor<3xf32>',
            '    %r = "linalg.reduce"(%a0, %e) <{dimensions = array<i64: 1>, operandSegmentSizes = array<i32: 1, 1>}> ({',
            "    ^bb0(%x: f32, %y: f32):",
            '      %m = "arith.maximumf"(%x, %y) : (f32, f32) -> f32',
            '      "linalg.yield"(%m) : (f32) -> ()',
            "    }) : (tensor<3x4xf32>, tensor<3xf32>) -> tensor<3xf32>",
            '    %e2 = "tensor.empty"() : () -> tensor<3x4xf32>',
            '    %mp = "linalg.map"(%a0, %a0, %e2) <{operandSegmentSizes = array<i32: 2, 1>}> ({',
            "    ^bb0(%x: f32, %y: f32):",
            '      %m = "arith.mulf"(%x, %y) : (f32, f32) -> f32',
            '      "linalg.yield"(%m) : (f32) -> ()',
            "    }) : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>",
            ret([("%r", "tensor<3xf32>"), ("%mp", "tensor<3x4xf32>")]),
        ]
    )
    x = f32(3, 4)
    red, mp = run(["tensor<3x4xf32>"], ["tensor<3xf32>", "tensor<3x4xf32>"], body, x)
    np.testing.assert_array_equal(red, np.maximum(x.max(axis=1), 0))  # init of tensor.empty is zeros
    np.testing.assert_array_equal(mp, x * x)


def test_tensor_slices_reshapes_pad_concat() -> None:
    body = "\n".join(
        [
            '    %s = "tensor.extract_slice"(%a0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1, 0, 2>, static_sizes = array<i64: 1, 3, 2>, static_strides = array<i64: 1, 2, 1>}> : (tensor<4x6x5xf32>) -> tensor<3x2xf32>',
            '    %z = "tensor.empty"() : () -> tensor<4x4xf32>',
            '    %i = "tensor.insert_slice"(%s, %z) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64: 1, 1>, static_sizes = array<i64: 3, 2>, static_strides = array<i64: 1, 1>}> : (tensor<3x2xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>',
            '    %c = "tensor.collapse_shape"(%a0) <{reassociation = [[0, 1], [2]]}> : (tensor<4x6x5xf32>) -> tensor<24x5xf32>',
            '    %x = "tensor.expand_shape"(%c) <{reassociation = [[0, 1], [2]], static_output_shape = array<i64: 2, 12, 5>}> : (tensor<24x5xf32>) -> tensor<2x12x5xf32>',
            '    %pv = "arith.constant"() <{value = -1.0 : f32}> : () -> f32',
            '    %p = "tensor.pad"(%s) <{operandSegmentSizes = array<i32: 1, 0, 0>, static_high = array<i64: 0, 2>, static_low = array<i64: 1, 0>}> ({',
            "    ^bb0(%q: index, %r: index):",
            '      "tensor.yield"(%pv) : (f32) -> ()',
            "    }) : (tensor<3x2xf32>) -> tensor<4x4xf32>",
            '    %k = "tensor.concat"(%s, %s) <{dim = 1 : i64}> : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x4xf32>',
            ret(
                [
                    ("%i", "tensor<4x4xf32>"),
                    ("%x", "tensor<2x12x5xf32>"),
                    ("%p", "tensor<4x4xf32>"),
                    ("%k", "tensor<3x4xf32>"),
                ]
            ),
        ]
    )
    a = f32(4, 6, 5)
    ins, exp, pad, cat = run(
        ["tensor<4x6x5xf32>"],
        ["tensor<4x4xf32>", "tensor<2x12x5xf32>", "tensor<4x4xf32>", "tensor<3x4xf32>"],
        body,
        a,
    )
    s = a[1, 0:6:2, 2:4]
    want = np.zeros((4, 4), np.float32)
    want[1:4, 1:3] = s
    np.testing.assert_array_equal(ins, want)
    np.testing.assert_array_equal(exp, a.reshape(2, 12, 5))
    np.testing.assert_array_equal(pad, np.pad(s, ((1, 0), (0, 2)), constant_values=-1.0))
    np.testing.assert_array_equal(cat, np.concatenate([s, s], axis=1))


def test_tensor_dynamic_empty_dim_and_extract() -> None:
    body = "\n".join(
        [
            '    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index',
            '    %n = "tensor.dim"(%a0, %c0) : (tensor<?x3xf32>, index) -> index',
            '    %e = "tensor.empty"(%n) : (index) -> tensor<?x3xf32>',
            '    %c1 = "arith.constant"() <{value = 1 : index}> : () -> index',
            '    %v = "tensor.extract"(%a0, %c1, %c1) : (tensor<?x3xf32>, index, index) -> f32',
            ret([("%n", "index"), ("%e", "tensor<?x3xf32>"), ("%v", "f32")]),
        ]
    )
    a = f32(5, 3)
    n, e, v = run(["tensor<?x3xf32>"], ["index", "tensor<?x3xf32>", "f32"], body, a)
    assert n == 5 and e.shape == (5, 3) and v == a[1, 1]
