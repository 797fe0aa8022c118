"""Frontend models for :mod:`frontend_fixtures`, seventh set: programs a user writes next, unseen before.

- ``jax_gqa_rope``: a llama-style attention block written with ``jax.nn``: RMS norm, rotary position
  embeddings, ``jax.nn.dot_product_attention`` with grouped-query heads (4 query heads, 2 key/value
  heads) and a causal mask, a SwiGLU MLP.
- ``flax_f16_mixed``: mixed precision: flax ``nn.Dense``/``nn.Conv`` computing in float16 with float32
  parameters, ``nn.LayerNorm`` in float16, a softmax in float32, results in both widths.
- ``jax_lowp_conv``: ``lax.conv_general_dilated`` in bfloat16, and on int8 operands accumulating in
  int32 (``preferred_element_type``), dequantised per channel.
- ``onnx_qconv``: int8/uint8 quantised convolution through ONNX: QuantizeLinear, QLinearConv (uint8
  activations with zero points, int8 per-channel weights), ConvInteger, MatMulInteger,
  DequantizeLinear.
- ``onnx_act_misc``: ONNX element-wise and layout ops not met before: PRelu (per-channel slope), Selu,
  Celu, HardSwish, HardSigmoid, Shrink, ThresholdedRelu, Sign, Round, Trilu (upper, k=-1),
  OneHot, ReverseSequence, MeanVarianceNormalization, ArgMin (select_last_index).

IREE 3.13 limits met on the way (not streamsim's): ONNX Softsign is not legalized (``torch.operator
"onnx.Softsign"``); ``jnp.linalg.cholesky``/``solve``/``qr`` and ``jax.scipy.linalg.solve_triangular``
lower to LAPACK custom calls on CPU (``lapack_spotrf_ffi``...), and exported for another platform to
``stablehlo.cholesky`` or ``LuDecomposition``/``Qr`` custom calls: iree-compile accepts none of them.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from frontend_fixtures import SEED, Model, jax_model, onnx_model


def jax_gqa_rope() -> Model:
    import jax
    import jax.numpy as jnp

    seq, d, hq, hkv, hd = 6, 16, 4, 2, 4

    def rms(x: jax.Array, w: jax.Array) -> jax.Array:
        return x * jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + 1e-6) * w

    def rope(x: jax.Array) -> jax.Array:
        half = x.shape[-1] // 2
        freq = 1.0 / (10000.0 ** (jnp.arange(half, dtype=jnp.float32) / half))
        ang = jnp.arange(x.shape[1], dtype=jnp.float32)[:, None] * freq[None, :]
        cos, sin = jnp.cos(ang)[None, :, None, :], jnp.sin(ang)[None, :, None, :]
        x1, x2 = x[..., :half], x[..., half:]
        return jnp.concatenate([x1 * cos - x2 * sin, x1 * sin + x2 * cos], axis=-1)

    def apply(p: Any, x: jax.Array) -> tuple[jax.Array, jax.Array]:
        b = x.shape[0]
        h = rms(x, p["norm1"])
        q = rope((h @ p["wq"]).reshape(b, seq, hq, hd))
        k = rope((h @ p["wk"]).reshape(b, seq, hkv, hd))
        v = (h @ p["wv"]).reshape(b, seq, hkv, hd)
        att = jax.nn.dot_product_attention(q, k, v, is_causal=True, implementation="xla")
        x = x + att.reshape(b, seq, hq * hd) @ p["wo"]
        h = rms(x, p["norm2"])
        y = x + (jax.nn.silu(h @ p["w_gate"]) * (h @ p["w_up"])) @ p["w_down"]
        return y, jnp.argmax(y @ p["wo"].T[:, :d], axis=-1).astype(jnp.int32)

    rng = np.random.default_rng(SEED)

    def w(*shape: int) -> np.ndarray:
        return (rng.standard_normal(shape) / np.sqrt(shape[0])).astype(np.float32)

    params = {
        "norm1": rng.uniform(0.8, 1.2, d).astype(np.float32),
        "norm2": rng.uniform(0.8, 1.2, d).astype(np.float32),
        "wq": w(d, hq * hd),
        "wk": w(d, hkv * hd),
        "wv": w(d, hkv * hd),
        "wo": w(hq * hd, d),
        "w_gate": w(d, 24),
        "w_up": w(d, 24),
        "w_down": w(24, d),
    }
    x = rng.standard_normal((2, seq, d)).astype(np.float32)
    notes = [
        f"llama-style block: RMS norm, rotary embeddings, jax.nn.dot_product_attention(is_causal) with"
        f" grouped-query heads ({hq} query, {hkv} key/value, head dim {hd}), SwiGLU MLP"
    ]
    return jax_model("jax_gqa_rope", apply, params, [x], notes)


def flax_f16_mixed() -> Model:
    import flax.linen as nn
    import jax
    import jax.numpy as jnp

    class Net(nn.Module):
        @nn.compact
        def __call__(self, img: jax.Array, feats: jax.Array) -> tuple[jax.Array, ...]:
            half = jnp.float16
            c = nn.Conv(4, (3, 3), dtype=half, param_dtype=jnp.float32, name="conv")(img.astype(half))
            c = nn.gelu(c)
            pooled = jnp.mean(c, axis=(1, 2))  # f16
            h = nn.Dense(12, dtype=half, param_dtype=jnp.float32, name="fc1")(feats.astype(half))
            h = nn.LayerNorm(dtype=half, param_dtype=jnp.float32, name="ln")(h)
            h = jnp.concatenate([h, pooled], axis=-1)
            logits = nn.Dense(5, dtype=half, param_dtype=jnp.float32, name="head")(h)
            probs = jax.nn.softmax(logits.astype(jnp.float32), axis=-1)
            return logits, probs

    rng = np.random.default_rng(SEED)
    img = rng.standard_normal((2, 6, 6, 3)).astype(np.float32)
    feats = rng.standard_normal((2, 10)).astype(np.float32)
    net = Net()
    params = net.init(jax.random.PRNGKey(SEED), img, feats)
    notes = [
        "flax nn.Conv/nn.Dense/nn.LayerNorm with dtype float16 and param_dtype float32 (casts at every"
        " use), gelu and a mean pool in float16, softmax in float32"
    ]
    return jax_model("flax_f16_mixed", net.apply, params, [img, feats], notes)


def jax_lowp_conv() -> Model:
    import jax
    import jax.numpy as jnp

    def apply(p: Any, x: jax.Array) -> tuple[jax.Array, ...]:
        dn = ("NHWC", "HWIO", "NHWC")
        w16 = p["w"].astype(jnp.bfloat16)
        cb = jax.lax.conv_general_dilated(x.astype(jnp.bfloat16), w16, (1, 1), "SAME", dimension_numbers=dn)
        xq = jnp.clip(jnp.round(x / 0.05), -127, 127).astype(jnp.int8)
        ci = jax.lax.conv_general_dilated(
            xq, p["wq"], (2, 2), "VALID", dimension_numbers=dn, preferred_element_type=jnp.int32
        )
        deq = ci.astype(jnp.float32) * (0.05 * p["wq_scale"])
        return cb.astype(jnp.float32), ci, jax.nn.relu(deq)

    rng = np.random.default_rng(SEED)
    params = {
        "w": (rng.standard_normal((3, 3, 4, 5)) * 0.3).astype(np.float32),
        "wq": rng.integers(-100, 100, (3, 3, 4, 6)).astype(np.int8),
        "wq_scale": rng.uniform(0.001, 0.01, 6).astype(np.float32),
    }
    x = rng.standard_normal((2, 7, 7, 4)).astype(np.float32)
    notes = [
        "lax.conv_general_dilated in bfloat16 (SAME, 4 channels), and on int8 inputs and weights with"
        " preferred_element_type int32 (stride 2), dequantised with per-channel scales"
    ]
    return jax_model("jax_lowp_conv", apply, params, [x], notes)


def onnx_qconv() -> Model:
    from onnx import TensorProto, helper

    rng = np.random.default_rng(SEED)
    inits = {
        "w_q": rng.integers(-60, 60, (4, 2, 3, 3)).astype(np.int8),
        "w_scale": rng.uniform(0.005, 0.02, 4).astype(np.float32),
        "w_zp": np.zeros(4, np.int8),
        "w_u8": rng.integers(0, 8, (4, 2, 3, 3)).astype(np.uint8),
        "m_u8": rng.integers(0, 255, (5, 3)).astype(np.uint8),
    }
    consts = {
        "x_scale": np.array(0.05, np.float32),
        "x_zp": np.array(128, np.uint8),
        "y_scale": np.array(0.1, np.float32),
        "y_zp": np.array(120, np.uint8),
        "i_zp": np.array(3, np.uint8),
        "rows_shape": np.array([12, 5], np.int64),
    }
    g = helper.make_node
    nodes = [
        g("QuantizeLinear", ["x", "x_scale", "x_zp"], ["xq"]),  # uint8 [1, 2, 6, 5]
        g(
            "QLinearConv",
            ["xq", "x_scale", "x_zp", "w_q", "w_scale", "w_zp", "y_scale", "y_zp"],
            ["yq"],
            pads=[1, 1, 1, 1],
        ),  # uint8 [1, 4, 6, 5]
        g("DequantizeLinear", ["yq", "y_scale", "y_zp"], ["y"]),
        g("ConvInteger", ["xq", "w_u8", "i_zp"], ["ci"]),  # int32 [1, 4, 4, 3]
        g("Cast", ["ci"], ["ci_f"], to=TensorProto.FLOAT),
        g("Reshape", ["xq", "rows_shape"], ["xq_rows"]),  # uint8 [12, 5]
        g("MatMulInteger", ["xq_rows", "m_u8", "i_zp"], ["mi"]),  # int32 [12, 3]
    ]
    x = rng.uniform(-3, 3, (1, 2, 6, 5)).astype(np.float32)
    return onnx_model(
        "onnx_qconv",
        nodes,
        [("x", TensorProto.FLOAT, [1, 2, 6, 5])],
        [
            ("y", TensorProto.FLOAT, [1, 4, 6, 5]),
            ("ci_f", TensorProto.FLOAT, [1, 4, 4, 3]),
            ("mi", TensorProto.INT32, [12, 3]),
        ],
        inits,
        [x],
        [
            "onnx.helper graph, opset 17: QuantizeLinear (uint8, zero point 128), QLinearConv (int8"
            " per-channel weights, pads 1), DequantizeLinear, ConvInteger (uint8 x uint8, zero point 3),"
            " MatMulInteger"
        ],
        consts=consts,
    )


def onnx_act_misc() -> Model:
    from onnx import TensorProto, helper

    rng = np.random.default_rng(SEED)
    inits = {"slope": rng.uniform(0.05, 0.3, (3, 1, 1)).astype(np.float32)}
    consts = {
        "depth": np.array(4, np.int64),
        "oh_values": np.array([-1.0, 2.0], np.float32),
        "seq_lens": np.array([4, 2, 3], np.int64),
        "tri_k": np.array(-1, np.int64),
    }
    g = helper.make_node
    nodes = [
        g("PRelu", ["x", "slope"], ["prelu"]),  # x [2, 3, 4, 4]
        g("Selu", ["prelu"], ["selu"]),
        g("Celu", ["selu"], ["celu"], alpha=0.7),
        g("HardSwish", ["celu"], ["hswish"]),
        g("HardSigmoid", ["x"], ["hsig"], alpha=0.3, beta=0.4),
        g("Shrink", ["x"], ["shrink"], lambd=0.5, bias=0.2),
        g("ThresholdedRelu", ["shrink"], ["trelu"], alpha=0.3),
        g("Add", ["hswish", "hsig"], ["sum1"]),
        g("Add", ["sum1", "trelu"], ["act"]),
        g("MeanVarianceNormalization", ["act"], ["mvn"], axes=[0, 2, 3]),
        g("Sign", ["x"], ["sgn"]),
        g("Round", ["x"], ["rnd"]),
        g("Add", ["sgn", "rnd"], ["sr"]),
        g("Trilu", ["sr", "tri_k"], ["tri"], upper=1),
        g("ArgMin", ["x"], ["amin"], axis=3, keepdims=0, select_last_index=1),  # int64 [2, 3, 4]
        g("OneHot", ["amin", "depth", "oh_values"], ["oh"], axis=-1),  # [2, 3, 4, 4]
        g("ReverseSequence", ["seq", "seq_lens"], ["rev"], batch_axis=1, time_axis=0),
    ]
    x = rng.standard_normal((2, 3, 4, 4)).astype(np.float32)
    x[0, 0, 0, :2] = 1.5  # equal minima: select_last_index picks the later one
    x[0, 0, 0, 2:] = 1.5
    seq = rng.standard_normal((4, 3, 2)).astype(np.float32)
    return onnx_model(
        "onnx_act_misc",
        nodes,
        [("x", TensorProto.FLOAT, [2, 3, 4, 4]), ("seq", TensorProto.FLOAT, [4, 3, 2])],
        [
            ("mvn", TensorProto.FLOAT, [2, 3, 4, 4]),
            ("tri", TensorProto.FLOAT, [2, 3, 4, 4]),
            ("oh", TensorProto.FLOAT, [2, 3, 4, 4]),
            ("rev", TensorProto.FLOAT, [4, 3, 2]),
        ],
        inits,
        [x, seq],
        [
            "onnx.helper graph, opset 17: PRelu (per-channel), Selu, Celu, HardSwish, HardSigmoid, Shrink,"
            " ThresholdedRelu, MeanVarianceNormalization, Sign, Round, Trilu (upper, k=-1), ArgMin"
            " (select_last_index), OneHot, ReverseSequence"
        ],
        consts=consts,
    )


MODELS = {
    "jax_gqa_rope": jax_gqa_rope,
    "flax_f16_mixed": flax_f16_mixed,
    "jax_lowp_conv": jax_lowp_conv,
    "onnx_qconv": onnx_qconv,
    "onnx_act_misc": onnx_act_misc,
}
