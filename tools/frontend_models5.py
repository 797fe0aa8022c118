"""Frontend models for :mod:`frontend_fixtures`, sixth set: programs a user writes next, unseen before.

- ``jax_unique_hist``: ``jnp.unique(size=, fill_value=)`` (a sort, a mask and a scatter of the kept
  values), ``jnp.histogram`` (``searchsorted`` into the bin edges, a ``bincount``), ``jnp.digitize`` and
  a ``jnp.bincount`` whose ``length`` is shorter than the largest label (StableHLO drops those counts).
- ``jax_gcd_while``: ``lax.while_loop`` whose trip count comes from the data (Euclid's algorithm on
  int32 vectors with ``jnp.remainder``), then integer division, shifts and bitwise ops
  (``floor_divide`` of negatives, ``right_shift``, ``left_shift``, ``bitwise_xor``/``or``/``not``,
  ``lax.population_count``, ``lax.clz``).
- ``flax_dilated_pools``: flax ``nn.Conv`` with ``kernel_dilation`` and strides, a depthwise dilated
  ``nn.Conv`` with ``CIRCULAR`` padding, ``lax.reduce_window`` min and sum pools with window dilation
  and padding, ``nn.avg_pool(count_include_pad=False)``.
- ``jax_fft_stats``: ``jnp.fft.rfft`` (StableHLO ``fft``: a bit-reversal gather, then one
  ``iree_linalg_ext.fft`` per stage), ``jnp.convolve``, ``lax.cummax``, ``jnp.median``,
  ``jnp.percentile``, ``jnp.interp``.
- ``onnx_layout_norm``: ONNX SpaceToDepth, InstanceNormalization, DepthToSpace (CRD), LpNormalization,
  Hardmax, ReduceLogSumExp, GatherND.
- ``onnx_nms``: ONNX NonMaxSuppression itself (one batch, one class): IREE's importer lowers it to host
  loops (``scf.for``/``scf.if``) around small dispatches, copies of a growing selection and read-backs.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from frontend_fixtures import SEED, Model, jax_model, onnx_model


def jax_unique_hist() -> Model:
    import jax
    import jax.numpy as jnp

    def apply(p: Any, x: jax.Array, labels: jax.Array) -> tuple[jax.Array, ...]:
        u = jnp.unique(labels, size=6, fill_value=-1)
        hist, _ = jnp.histogram(x * p["scale"], bins=5, range=(-2.0, 2.0))
        dig = jnp.digitize(x, jnp.array([-1.0, 0.0, 1.0], jnp.float32))
        short = jnp.bincount(labels, length=4)
        return u, hist.astype(jnp.int32), dig.astype(jnp.int32), short

    rng = np.random.default_rng(SEED)
    params = {"scale": np.float32(1.25)}
    inputs = [
        rng.standard_normal(12).astype(np.float32),
        np.array([5, 1, 3, 1, 7, 0, 3, 3, 6], np.int32),
    ]
    notes = [
        "jnp.unique(size=6, fill_value=-1), jnp.histogram(bins=5), jnp.digitize, jnp.bincount(length=4) of"
        " labels up to 7 (StableHLO drops the out-of-range counts)"
    ]
    return jax_model("jax_unique_hist", apply, params, inputs, notes)


def jax_gcd_while() -> Model:
    import jax
    import jax.numpy as jnp

    def apply(p: Any, a: jax.Array, b: jax.Array) -> tuple[jax.Array, ...]:
        def cond(c: tuple[jax.Array, jax.Array, jax.Array]) -> jax.Array:
            return jnp.any(c[1] != 0)

        def body(c: tuple[jax.Array, jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array, jax.Array]:
            x, y, n = c
            nz = y != 0
            return jnp.where(nz, y, x), jnp.where(nz, jnp.remainder(x, jnp.where(nz, y, 1)), 0), n + 1

        g, _, steps = jax.lax.while_loop(cond, body, (jnp.abs(a), jnp.abs(b) + p["off"], jnp.int32(0)))
        q = jnp.floor_divide(a, 7)
        r = jnp.remainder(a, -5)
        shifts = jnp.right_shift(a, 2) ^ jnp.left_shift(b, 3)
        bits = jax.lax.population_count(a) + jax.lax.clz(jnp.abs(b) | 1)
        inv = jnp.bitwise_not(a) & 0xFF
        return g, steps, q, r, shifts, bits, inv

    rng = np.random.default_rng(SEED)
    params = {"off": np.array([0, 1, 0, 2, 0, 0], np.int32)}
    inputs = [
        np.array([48, -270, 17, 1071, -36, 0], np.int32),
        np.array([18, 192, -5, 462, 60, 9], np.int32) + rng.integers(0, 1, 6).astype(np.int32),
    ]
    notes = [
        "lax.while_loop with a data-dependent trip count (Euclid's gcd), floor_divide and remainder of"
        " negatives, shifts, bitwise xor/or/not, population_count, clz"
    ]
    return jax_model("jax_gcd_while", apply, params, inputs, notes)


def flax_dilated_pools() -> Model:
    import flax.linen as nn
    import jax
    import jax.numpy as jnp

    class Net(nn.Module):
        @nn.compact
        def __call__(self, x: jax.Array) -> tuple[jax.Array, ...]:
            h = nn.Conv(6, (3, 3), kernel_dilation=(2, 2), strides=(1, 2), padding="SAME", name="dil")(x)
            h = nn.relu(h)
            d = nn.Conv(6, (3, 3), feature_group_count=6, padding="CIRCULAR", name="dw")(h)
            mn = jax.lax.reduce_window(
                d, jnp.inf, jax.lax.min, (1, 2, 2, 1), (1, 1, 1, 1), "VALID", window_dilation=(1, 2, 1, 1)
            )
            sm = jax.lax.reduce_window(
                d, 0.0, jax.lax.add, (1, 3, 2, 1), (1, 2, 1, 1), ((0, 0), (1, 1), (0, 1), (0, 0))
            )
            av = nn.avg_pool(d, (3, 3), strides=(2, 2), padding="SAME", count_include_pad=False)
            return mn, sm, av

    rng = np.random.default_rng(SEED)
    x = rng.standard_normal((2, 9, 10, 3)).astype(np.float32)
    net = Net()
    params = net.init(jax.random.PRNGKey(SEED), x)
    notes = [
        "flax nn.Conv kernel_dilation 2 strides (1, 2); depthwise nn.Conv CIRCULAR; lax.reduce_window min with"
        " window_dilation, sum with explicit padding; nn.avg_pool SAME count_include_pad=False"
    ]
    return jax_model("flax_dilated_pools", net.apply, params, [x], notes)


def jax_fft_stats() -> Model:
    import jax
    import jax.numpy as jnp

    def apply(p: Any, x: jax.Array, q: jax.Array) -> tuple[jax.Array, ...]:
        spec = jnp.abs(jnp.fft.rfft(x * p["window"], axis=-1))
        sm = jnp.stack([jnp.convolve(r, p["kernel"], mode="same") for r in x])
        run_max = jax.lax.cummax(x, axis=1)
        med = jnp.median(x, axis=1)
        pct = jnp.percentile(q, jnp.array([10.0, 50.0, 90.0], jnp.float32))
        itp = jnp.interp(q, jnp.sort(x[0]), jnp.arange(x.shape[1], dtype=jnp.float32))
        return spec, sm, run_max, med, pct, itp

    rng = np.random.default_rng(SEED)
    params = {
        "window": np.hanning(8).astype(np.float32),
        "kernel": np.array([0.25, 0.5, 0.25], np.float32),
    }
    inputs = [rng.standard_normal((3, 8)).astype(np.float32), rng.standard_normal(7).astype(np.float32)]
    notes = [
        "jnp.fft.rfft of a windowed signal, jnp.convolve(mode='same'), lax.cummax, jnp.median, jnp.percentile,"
        " jnp.interp"
    ]
    return jax_model("jax_fft_stats", apply, params, inputs, notes)


def onnx_layout_norm() -> Model:
    from onnx import TensorProto, helper

    rng = np.random.default_rng(SEED)
    inits = {
        "gamma": rng.uniform(0.5, 1.5, 8).astype(np.float32),
        "beta": rng.standard_normal(8).astype(np.float32) * 0.1,
    }
    consts = {"gidx": np.array([[0, 1], [1, 0], [0, 3]], np.int64)}
    g = helper.make_node
    nodes = [
        g("SpaceToDepth", ["x"], ["s2d"], blocksize=2),  # [1, 8, 2, 3]
        g("InstanceNormalization", ["s2d", "gamma", "beta"], ["inorm"], epsilon=1e-5),
        g(
            "DepthToSpace",
            [
                "inorm",
            ],
            ["d2s"],
            blocksize=2,
            mode="CRD",
        ),  # [1, 2, 4, 6]
        g("LpNormalization", ["d2s"], ["lp"], axis=-1, p=2),
        g("Hardmax", ["lp"], ["hm"], axis=-1),
        g("ReduceLogSumExp", ["lp"], ["lse"], axes=[2, 3], keepdims=0),
        g(
            "Squeeze",
            ["d2s"],
            ["sq"],
        ),
        g("GatherND", ["sq", "gidx"], ["gnd"]),  # [3, 6]
    ]
    return onnx_model(
        "onnx_layout_norm",
        nodes,
        [("x", TensorProto.FLOAT, [1, 2, 4, 6])],
        [
            ("lp", TensorProto.FLOAT, [1, 2, 4, 6]),
            ("hm", TensorProto.FLOAT, [1, 2, 4, 6]),
            ("lse", TensorProto.FLOAT, [1, 2]),
            ("gnd", TensorProto.FLOAT, [3, 6]),
        ],
        inits,
        [rng.standard_normal((1, 2, 4, 6)).astype(np.float32)],
        [
            "onnx.helper graph, opset 17: SpaceToDepth, InstanceNormalization, DepthToSpace (CRD),"
            " LpNormalization, Hardmax, ReduceLogSumExp, Squeeze, GatherND"
        ],
        consts=consts,
    )


def onnx_nms() -> Model:
    from onnx import TensorProto, helper

    rng = np.random.default_rng(SEED)
    consts = {
        "max_out": np.array([3], np.int64),
        "iou_thr": np.array([0.4], np.float32),
        "score_thr": np.array([0.1], np.float32),
    }
    nodes = [
        helper.make_node(
            "NonMaxSuppression",
            ["boxes", "scores", "max_out", "iou_thr", "score_thr"],
            ["sel"],
            center_point_box=0,
        )
    ]
    xy = rng.uniform(0, 1, (1, 6, 2)).astype(np.float32)
    boxes = np.concatenate([xy, xy + rng.uniform(0.2, 0.5, (1, 6, 2)).astype(np.float32)], axis=2)
    return onnx_model(
        "onnx_nms",
        nodes,
        [("boxes", TensorProto.FLOAT, [1, 6, 4]), ("scores", TensorProto.FLOAT, [1, 1, 6])],
        [("sel", TensorProto.INT64, ["K", 3])],
        {},
        [boxes, rng.uniform(0, 1, (1, 1, 6)).astype(np.float32)],
        ["onnx.helper graph, opset 17: NonMaxSuppression (one batch, one class, max 3 boxes per class)"],
        consts=consts,
    )


MODELS = {
    "jax_unique_hist": jax_unique_hist,
    "jax_gcd_while": jax_gcd_while,
    "flax_dilated_pools": flax_dilated_pools,
    "jax_fft_stats": jax_fft_stats,
    "onnx_layout_norm": onnx_layout_norm,
    "onnx_nms": onnx_nms,
}
