"""Frontend models for :mod:`frontend_fixtures`, fifth set: layers users reach for next.

- ``flax_mha_mask``: flax ``nn.MultiHeadDotProductAttention`` with a padding mask (from an input of
  valid lengths, ``nn.make_attention_mask``) combined with a causal mask (``nn.make_causal_mask``,
  ``nn.combine_masks``), then ``nn.LayerNorm``.
- ``flax_grouped_conv``: flax ``nn.Conv`` with ``feature_group_count`` (grouped, then depthwise),
  ``nn.GroupNorm``, ``nn.avg_pool`` and a global mean.
- ``scan_cond_jax``: ``lax.scan`` whose step takes a ``lax.cond`` on the step's input (a branch inside
  the loop body chosen by device data), carrying two values and stacking one.
- ``onnx_dynbatch_ops``: an ONNX graph with a dynamic batch through Flatten, Gemm, Softmax, ReduceMax
  (keepdims), ArgMax, Reshape to a shape computed from Shape/Gather/Concat, and a Transpose.
- ``int_reductions_jax``: integer reductions: int32 sum and product, int8 max and min, argmin, a
  bitwise and/xor reduction and ``jnp.bincount`` (an integer scatter-add) of an input.
- ``flax_lstm_rnn``: flax ``nn.RNN(nn.OptimizedLSTMCell)`` over a sequence (a scan over a cell with
  several gates), then ``nn.Dense`` on the last step.
- ``onnx_conv_group_dyn``: ONNX Conv with groups, dilations and pads on a dynamic batch, BatchNormalization,
  Clip, MaxPool with ``ceil_mode``, GlobalAveragePool, LayerNormalization.
- ``jax_window_resize``: ``nn.max_pool`` with SAME padding, ``jax.image.resize`` (bilinear),
  ``jax.nn.logsumexp``, ``jnp.cumprod``, ``jnp.searchsorted``.
- ``flax_bn_embed_train``: flax ``nn.Embed``, ``nn.BatchNorm`` in training mode (the running statistics
  returned as mutable state), ``Embed.attend`` as a tied head.
- ``jax_topk_nonzero``: ``vmap`` of ``lax.top_k``, ``jnp.nonzero`` with a static size, ``count_nonzero``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from frontend_fixtures import SEED, Model, jax_model, onnx_model


def flax_mha_mask() -> Model:
    import flax.linen as nn
    import jax
    import jax.numpy as jnp

    class Block(nn.Module):
        @nn.compact
        def __call__(self, x: jax.Array, lengths: jax.Array) -> jax.Array:
            pos = jnp.arange(x.shape[1])
            valid = pos[None, :] < lengths[:, None]
            mask = nn.combine_masks(nn.make_attention_mask(valid, valid), nn.make_causal_mask(valid))
            h = nn.MultiHeadDotProductAttention(num_heads=2, qkv_features=8)(x, x, mask=mask)
            return nn.LayerNorm()(x + h)

    rng = np.random.default_rng(SEED)
    x = rng.standard_normal((2, 5, 8)).astype(np.float32)
    lengths = np.array([5, 3], np.int32)
    model = Block()
    params = model.init(jax.random.PRNGKey(SEED), x, lengths)
    notes = [
        "flax MultiHeadDotProductAttention(2 heads) with a padding mask from input lengths combined with a"
        " causal mask, residual, LayerNorm"
    ]
    return jax_model("flax_mha_mask", model.apply, params, [x, lengths], notes)


def flax_grouped_conv() -> Model:
    import flax.linen as nn
    import jax
    import jax.numpy as jnp

    class Net(nn.Module):
        @nn.compact
        def __call__(self, x: jax.Array) -> tuple[jax.Array, jax.Array]:
            h = nn.Conv(8, (3, 3), feature_group_count=2)(x)
            h = nn.GroupNorm(num_groups=4)(h)
            h = nn.relu(h)
            h = nn.Conv(8, (3, 3), feature_group_count=8, padding="VALID")(h)
            p = nn.avg_pool(h, (2, 2), strides=(2, 2))
            return p, jnp.mean(h, axis=(1, 2))

    x = np.random.default_rng(SEED).standard_normal((2, 6, 6, 4)).astype(np.float32)
    model = Net()
    params = model.init(jax.random.PRNGKey(SEED), x)
    notes = ["flax Conv groups=2, GroupNorm(4), relu, depthwise Conv (groups=8, VALID), avg_pool, global mean"]
    return jax_model("flax_grouped_conv", model.apply, params, [x], notes)


def scan_cond_jax() -> Model:
    import jax
    import jax.numpy as jnp

    def apply(p: Any, xs: jax.Array) -> tuple[jax.Array, jax.Array, jax.Array]:
        def step(carry: tuple[jax.Array, jax.Array], x: jax.Array) -> tuple[tuple[jax.Array, jax.Array], jax.Array]:
            h, n = carry
            h = jax.lax.cond(
                jnp.sum(x) > 0,
                lambda v: jnp.tanh(v @ p["a"] + x),
                lambda v: jax.nn.sigmoid(v @ p["b"]) - x,
                h,
            )
            return (h, n + (jnp.sum(x) > 0).astype(jnp.int32)), h.sum()

        (h, n), sums = jax.lax.scan(step, (jnp.zeros((4,), jnp.float32), jnp.int32(0)), xs)
        return h, n, sums

    rng = np.random.default_rng(SEED)
    params = {"a": rng.standard_normal((4, 4)).astype(np.float32), "b": rng.standard_normal((4, 4)).astype(np.float32)}
    inputs = [rng.standard_normal((6, 4)).astype(np.float32)]
    notes = ["lax.scan whose step takes a lax.cond on its input row (tanh vs sigmoid branch), counting the branches"]
    return jax_model("scan_cond_jax", apply, params, inputs, notes)


def onnx_dynbatch_ops() -> Model:
    from onnx import TensorProto, helper

    rng = np.random.default_rng(SEED)
    inits = {
        "w": rng.standard_normal((12, 6)).astype(np.float32),
        "b": rng.standard_normal(6).astype(np.float32),
    }
    consts = {
        "idx0": np.array([0], np.int64),
        "tail": np.array([2, 3], np.int64),
    }
    nodes = [
        helper.make_node("Flatten", ["x"], ["f"], axis=1),
        helper.make_node("Gemm", ["f", "w", "b"], ["g"]),
        helper.make_node("Softmax", ["g"], ["s"], axis=1),
        helper.make_node("ReduceMax", ["s"], ["m"], keepdims=1),
        helper.make_node("Sub", ["s", "m"], ["d"]),
        helper.make_node("ArgMax", ["g"], ["am"], axis=1, keepdims=0),
        helper.make_node("Shape", ["x"], ["xs"]),
        helper.make_node("Gather", ["xs", "idx0"], ["n"], axis=0),
        helper.make_node("Concat", ["n", "tail"], ["shape"], axis=0),
        helper.make_node("Reshape", ["d", "shape"], ["r"]),
        helper.make_node("Transpose", ["r"], ["y"], perm=[0, 2, 1]),
    ]
    return onnx_model(
        "onnx_dynbatch_ops",
        nodes,
        [("x", TensorProto.FLOAT, ["N", 3, 4])],
        [("y", TensorProto.FLOAT, ["N", 3, 2]), ("am", TensorProto.INT64, ["N"])],
        inits,
        [rng.standard_normal((3, 3, 4)).astype(np.float32)],
        [
            "onnx.helper graph, opset 17, dynamic batch N: Flatten, Gemm, Softmax, ReduceMax(keepdims), ArgMax,"
            " Reshape to Concat(Gather(Shape(x), 0), [2, 3]), Transpose"
        ],
        consts=consts,
    )


def int_reductions_jax() -> Model:
    import jax
    import jax.numpy as jnp

    def apply(p: Any, a: jax.Array, q: jax.Array, labels: jax.Array) -> tuple[jax.Array, ...]:
        s = jnp.sum(a, axis=1)
        prod = jnp.prod(a % 3 + 1, axis=0)
        qmax = jnp.max(q, axis=1)
        qmin = jnp.min(q, axis=0)
        amin = jnp.argmin(a + p["bias"], axis=1)
        band = jax.lax.reduce(a, jnp.int32(-1), jax.lax.bitwise_and, (1,))
        bxor = jax.lax.reduce(a, jnp.int32(0), jax.lax.bitwise_xor, (0,))
        counts = jnp.bincount(labels, length=5)
        return s, prod, qmax, qmin, amin, band, bxor, counts

    rng = np.random.default_rng(SEED)
    params = {"bias": rng.integers(-3, 4, (3, 6)).astype(np.int32)}
    inputs = [
        rng.integers(-50, 50, (3, 6)).astype(np.int32),
        rng.integers(-128, 127, (4, 5)).astype(np.int8),
        np.array([0, 3, 3, 1, 4, 3, 0, 2], np.int32),
    ]
    notes = ["integer reductions: int32 sum/prod, int8 max/min, argmin, bitwise and/xor reduce, bincount"]
    return jax_model("int_reductions_jax", apply, params, inputs, notes)


def flax_lstm_rnn() -> Model:
    import flax.linen as nn
    import jax

    class Net(nn.Module):
        @nn.compact
        def __call__(self, x: jax.Array) -> tuple[jax.Array, jax.Array]:
            ys = nn.RNN(nn.OptimizedLSTMCell(6))(x)
            return ys, nn.Dense(3)(ys[:, -1])

    x = np.random.default_rng(SEED).standard_normal((2, 4, 5)).astype(np.float32)
    model = Net()
    params = model.init(jax.random.PRNGKey(SEED), x)
    notes = ["flax nn.RNN(OptimizedLSTMCell(6)) over 4 steps (a scan), Dense(3) on the last step"]
    return jax_model("flax_lstm_rnn", model.apply, params, [x], notes)


def onnx_conv_group_dyn() -> Model:
    from onnx import TensorProto, helper

    rng = np.random.default_rng(SEED)
    inits = {
        "cw": (rng.standard_normal((6, 2, 3, 3)) * 0.3).astype(np.float32),
        "cb": rng.standard_normal(6).astype(np.float32),
        "scale": rng.uniform(0.5, 1.5, 6).astype(np.float32),
        "bias": rng.standard_normal(6).astype(np.float32),
        "mean": rng.standard_normal(6).astype(np.float32),
        "var": rng.uniform(0.5, 2.0, 6).astype(np.float32),
        "lg": rng.uniform(0.5, 1.5, 6).astype(np.float32),
        "lb": rng.standard_normal(6).astype(np.float32),
    }
    consts = {"lo": np.array(-1.0, np.float32), "hi": np.array(2.0, np.float32)}
    nodes = [
        helper.make_node("Conv", ["x", "cw", "cb"], ["c"], group=2, dilations=[2, 2], pads=[2, 2, 2, 2]),
        helper.make_node("BatchNormalization", ["c", "scale", "bias", "mean", "var"], ["bn"], epsilon=1e-3),
        helper.make_node("Clip", ["bn", "lo", "hi"], ["cl"]),
        helper.make_node("MaxPool", ["cl"], ["mp"], kernel_shape=[2, 2], strides=[2, 2], ceil_mode=1),
        helper.make_node("GlobalAveragePool", ["mp"], ["gap"]),
        helper.make_node("Flatten", ["gap"], ["f"], axis=1),
        helper.make_node("LayerNormalization", ["f", "lg", "lb"], ["y"], axis=-1, epsilon=1e-5),
    ]
    return onnx_model(
        "onnx_conv_group_dyn",
        nodes,
        [("x", TensorProto.FLOAT, ["N", 4, 7, 7])],
        [("y", TensorProto.FLOAT, ["N", 6]), ("mp", TensorProto.FLOAT, ["N", 6, 4, 4])],
        inits,
        [rng.standard_normal((2, 4, 7, 7)).astype(np.float32)],
        [
            "onnx.helper graph, opset 17, dynamic batch N: Conv (group 2, dilation 2, pads), BatchNormalization,"
            " Clip, MaxPool (ceil_mode), GlobalAveragePool, Flatten, LayerNormalization"
        ],
        consts=consts,
    )


def jax_window_resize() -> Model:
    import flax.linen as nn
    import jax
    import jax.numpy as jnp

    def apply(p: Any, x: jax.Array, q: jax.Array) -> tuple[jax.Array, ...]:
        m = nn.max_pool(x * p["g"], (3, 3), strides=(2, 2), padding="SAME")
        up = jax.image.resize(m, (x.shape[0], 7, 7, x.shape[3]), "bilinear")
        lse = jax.nn.logsumexp(up, axis=(1, 2))
        cp = jnp.cumprod(1.0 + 0.1 * jnp.tanh(x[..., 0]), axis=2)
        pos = jnp.searchsorted(jnp.sort(q), jnp.linspace(-1.0, 1.0, 5, dtype=jnp.float32))
        return up, lse, cp, pos

    rng = np.random.default_rng(SEED)
    params = {"g": rng.uniform(0.5, 1.5, (1, 1, 1, 3)).astype(np.float32)}
    inputs = [rng.standard_normal((2, 6, 6, 3)).astype(np.float32), rng.standard_normal(9).astype(np.float32)]
    notes = [
        "nn.max_pool SAME (reduce_window with padding), jax.image.resize bilinear, logsumexp, cumprod,"
        " jnp.searchsorted into a sorted input"
    ]
    return jax_model("jax_window_resize", apply, params, inputs, notes)


def flax_bn_embed_train() -> Model:
    import flax.linen as nn
    import jax
    import jax.numpy as jnp

    class Net(nn.Module):
        @nn.compact
        def __call__(self, ids: jax.Array) -> jax.Array:
            embed = nn.Embed(11, 6)
            h = embed(ids)
            h = nn.BatchNorm(use_running_average=False, momentum=0.9)(h)
            h = nn.gelu(nn.Dense(6)(h))
            return embed.attend(h)

    ids = np.array([[1, 4, 4, 9], [0, 10, 3, 3]], np.int32)
    model = Net()
    variables = model.init(jax.random.PRNGKey(SEED), ids)

    def apply(v: Any, ids: jax.Array) -> tuple[jax.Array, Any, jax.Array]:
        logits, updates = model.apply(v, ids, mutable=["batch_stats"])
        return logits, updates["batch_stats"], jnp.argmax(logits, axis=-1)

    notes = [
        "flax Embed(11, 6), BatchNorm in training mode (batch statistics, running stats returned as mutable"
        " state), Dense+gelu, Embed.attend (tied output head), argmax"
    ]
    return jax_model("flax_bn_embed_train", apply, variables, [ids], notes)


def jax_topk_nonzero() -> Model:
    import jax
    import jax.numpy as jnp

    def apply(p: Any, x: jax.Array) -> tuple[jax.Array, ...]:
        s = x @ p["w"]
        vals, idx = jax.vmap(lambda r: jax.lax.top_k(r, 3))(s)
        picked = jnp.take_along_axis(x, jnp.clip(idx, 0, x.shape[1] - 1), axis=1)
        (nz,) = jnp.nonzero(s > 0.5, size=6, fill_value=-1)[1:]
        return vals, picked, nz, jnp.count_nonzero(s > 0, axis=1)

    rng = np.random.default_rng(SEED)
    params = {"w": rng.standard_normal((5, 7)).astype(np.float32)}
    inputs = [rng.standard_normal((3, 5)).astype(np.float32)]
    notes = ["vmap of lax.top_k(3), take_along_axis, jnp.nonzero(size=6, fill_value=-1), count_nonzero"]
    return jax_model("jax_topk_nonzero", apply, params, inputs, notes)


MODELS = {
    "flax_mha_mask": flax_mha_mask,
    "flax_grouped_conv": flax_grouped_conv,
    "scan_cond_jax": scan_cond_jax,
    "onnx_dynbatch_ops": onnx_dynbatch_ops,
    "int_reductions_jax": int_reductions_jax,
    "flax_lstm_rnn": flax_lstm_rnn,
    "onnx_conv_group_dyn": onnx_conv_group_dyn,
    "jax_window_resize": jax_window_resize,
    "flax_bn_embed_train": flax_bn_embed_train,
    "jax_topk_nonzero": jax_topk_nonzero,
}
