"""More frontend models for :mod:`frontend_fixtures`: constructs the first seven do not exercise.

- ``newton_while``: a ``lax.while_loop`` whose trip count depends on the data (Newton's square root until
  the update is small): an ``scf.while`` on the host around the step's execution, reading a device value.
- ``dropout_rng``: ``flax.linen.Dropout`` and ``jax.random.normal`` from a key given as an input:
  threefry2x32 in the dispatches (u32 adds, rotates, xors, shifts, bitcasts to floats).
- ``conv_transpose``: ``flax.linen.ConvTranspose`` with stride 2 (a convolution with a dilated input),
  ``nn.avg_pool`` and ``jax.image.resize`` (bilinear).
- ``dynamic_batch_jax``: a flax MLP exported by ``jax.export`` with a symbolic batch dimension: dynamic
  shapes in StableHLO, so IREE's stream program carries the batch as a value.
- ``onnx_resize_einsum``: ONNX ``Resize`` (nearest and linear) and ``Einsum``, with a dynamic batch.
- ``onnx_lstm``: an ONNX ``LSTM`` (the importer's loop over time) with a ``Gemm`` head.
- ``torch_sdpa``: ``F.scaled_dot_product_attention(..., is_causal=True)`` in the torch dialect as the
  torch frontend's fx importer writes it (IREE lowers it to ``iree_linalg_ext.attention``), with an output
  projection whose weight is a named parameter. (The torch package itself is not a dependency: the
  source is the importer's output form, written out.)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from frontend_fixtures import SEED, Model, jax_model, onnx_model


def newton_while() -> Model:
    import jax
    import jax.numpy as jnp
    from jax.example_libraries import stax

    init, mlp = stax.serial(stax.Dense(8), stax.Softplus)
    _, params = init(jax.random.PRNGKey(SEED), (4, 6))

    def apply(p: Any, x: jax.Array) -> tuple[jax.Array, jax.Array]:
        a = mlp(p, x) + 0.5

        def cond(state: tuple[jax.Array, jax.Array, jax.Array]) -> jax.Array:
            _, delta, i = state
            return (delta > 1e-6) & (i < 30)

        def body(state: tuple[jax.Array, jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array, jax.Array]:
            y, _, i = state
            new = 0.5 * (y + a / y)
            return new, jnp.max(jnp.abs(new - y)), i + 1

        y, _, steps = jax.lax.while_loop(cond, body, (a + 1.0, jnp.float32(1.0), jnp.int32(0)))
        return y, steps

    x = np.random.default_rng(SEED).standard_normal((4, 6)).astype(np.float32)
    notes = ["stax Dense(8)+Softplus, then lax.while_loop: Newton's sqrt until max |update| <= 1e-6"]
    return jax_model("newton_while", apply, params, [x], notes)


def dropout_rng() -> Model:
    import flax.linen as nn
    import jax

    class Net(nn.Module):
        @nn.compact
        def __call__(self, x: jax.Array) -> jax.Array:
            h = nn.relu(nn.Dense(16, name="fc1")(x))
            h = nn.Dropout(rate=0.5, deterministic=False)(h)
            return nn.Dense(4, name="fc2")(h)

    net = Net()
    x = np.random.default_rng(SEED).standard_normal((3, 8)).astype(np.float32)
    params = net.init(jax.random.PRNGKey(SEED), x)

    def apply(p: Any, x: jax.Array, key: jax.Array) -> tuple[jax.Array, jax.Array]:
        k1, k2 = jax.random.split(key)
        y = net.apply(p, x, rngs={"dropout": k1})
        return y, jax.random.normal(k2, (3, 4))

    key = np.asarray(jax.random.key_data(jax.random.PRNGKey(7)), dtype=np.uint32)
    notes = ["flax.linen Dense/Dropout(0.5)/Dense, jax.random.split and normal from a threefry key input"]
    return jax_model("dropout_rng", apply, params, [x, key], notes)


def conv_transpose() -> Model:
    import flax.linen as nn
    import jax

    class Net(nn.Module):
        @nn.compact
        def __call__(self, x: jax.Array) -> tuple[jax.Array, jax.Array]:
            h = nn.relu(nn.ConvTranspose(6, (3, 3), strides=(2, 2), padding="SAME", name="up")(x))
            pooled = nn.avg_pool(h, (2, 2), strides=(2, 2))
            return h, jax.image.resize(pooled, (1, 6, 6, 6), method="bilinear")

    x = np.random.default_rng(SEED).standard_normal((1, 4, 4, 3)).astype(np.float32)
    net = Net()
    params = net.init(jax.random.PRNGKey(SEED), x)
    notes = ["flax.linen ConvTranspose(6, 3x3, stride 2), avg_pool, jax.image.resize bilinear, NHWC"]
    return jax_model("conv_transpose", net.apply, params, [x], notes)


def dynamic_batch_jax() -> Model:
    import flax.linen as nn
    import jax
    import jax.numpy as jnp
    from jax import export

    class Net(nn.Module):
        @nn.compact
        def __call__(self, x: jax.Array) -> tuple[jax.Array, jax.Array]:
            h = nn.gelu(nn.Dense(16, name="fc1")(x))
            logits = nn.Dense(5, name="fc2")(h)
            # Row-wise reductions broadcast back over the batch (log_softmax, flax's LayerNorm) fail in IREE
            # 3.13 with a symbolic batch: a stablehlo.dynamic_broadcast_in_dim is left unlegalized.
            return nn.relu(logits), jnp.max(logits, axis=0) + logits.sum(axis=0)

    net = Net()
    x = np.random.default_rng(SEED).standard_normal((3, 8)).astype(np.float32)
    params = net.init(jax.random.PRNGKey(SEED), x)
    (batch,) = export.symbolic_shape("b")
    spec = jax.ShapeDtypeStruct((batch, 8), np.float32)
    lowered = export.export(jax.jit(net.apply))(params, spec)
    notes = [
        "flax.linen Dense/gelu/Dense, max and sum over the batch; jax.export with a symbolic batch b (b=3)"
    ]
    return jax_model("dynamic_batch_jax", net.apply, params, [x], notes, text=lowered.mlir_module())


def onnx_resize_einsum() -> Model:
    from onnx import TensorProto, helper

    rng = np.random.default_rng(SEED)
    inits = {"w": (rng.standard_normal((5, 3)) / 2).astype(np.float32)}
    consts = {"scales": np.array([1, 1, 2, 2], np.float32)}
    nodes = [
        helper.make_node("Resize", ["x", "", "scales"], ["up"], mode="nearest", nearest_mode="floor",
                         coordinate_transformation_mode="asymmetric"),
        helper.make_node("Einsum", ["up", "w"], ["mixed"], equation="bchw,oc->bohw"),
        helper.make_node("Resize", ["mixed", "", "scales"], ["smooth"], mode="linear",
                         coordinate_transformation_mode="half_pixel"),
        helper.make_node("Einsum", ["smooth"], ["rows"], equation="bohw->bh"),
    ]  # fmt: skip
    x = rng.standard_normal((2, 3, 3, 3)).astype(np.float32)
    return onnx_model(
        "onnx_resize_einsum",
        nodes,
        [("x", TensorProto.FLOAT, ["N", 3, 3, 3])],
        [("smooth", TensorProto.FLOAT, ["N", 5, 12, 12]), ("rows", TensorProto.FLOAT, ["N", 12])],
        inits,
        [x],
        ["onnx.helper graph, opset 17: Resize nearest/linear, Einsum, dynamic batch N (run with N=2)"],
        consts=consts,
    )


def onnx_lstm() -> Model:
    from onnx import TensorProto, helper

    rng = np.random.default_rng(SEED)
    hidden, features, steps, batch = 8, 4, 5, 2
    inits = {
        "W": (rng.standard_normal((1, 4 * hidden, features)) / 3).astype(np.float32),
        "R": (rng.standard_normal((1, 4 * hidden, hidden)) / 3).astype(np.float32),
        "B": (rng.standard_normal((1, 8 * hidden)) * 0.1).astype(np.float32),
        "head_w": (rng.standard_normal((hidden, 3)) / 3).astype(np.float32),
        "head_b": (rng.standard_normal(3) * 0.1).astype(np.float32),
    }
    nodes = [
        helper.make_node("LSTM", ["x", "W", "R", "B"], ["Y", "Y_h", "Y_c"], hidden_size=hidden),
        helper.make_node("Squeeze", ["Y_h", "axes0"], ["h"]),
        helper.make_node("Gemm", ["h", "head_w", "head_b"], ["logits"]),
    ]
    consts = {"axes0": np.array([0], np.int64)}
    x = rng.standard_normal((steps, batch, features)).astype(np.float32)
    return onnx_model(
        "onnx_lstm",
        nodes,
        [("x", TensorProto.FLOAT, [steps, batch, features])],
        [
            ("Y", TensorProto.FLOAT, [steps, 1, batch, hidden]),
            ("Y_c", TensorProto.FLOAT, [1, batch, hidden]),
            ("logits", TensorProto.FLOAT, [batch, 3]),
        ],
        inits,
        [x],
        [f"onnx.helper graph, opset 17: LSTM(hidden {hidden}) over {steps} steps, batch {batch}; Gemm head"],
        consts=consts,
    )


TORCH_SDPA = """module @module {
  util.global private @__auto.wo = #stream.parameter.named<"model"::"wo"> : tensor<16x16xf32>
  func.func @main(%q: !torch.vtensor<[1,2,8,16],f32>, %k: !torch.vtensor<[1,2,8,16],f32>,
                  %v: !torch.vtensor<[1,2,8,16],f32>) -> !torch.vtensor<[1,2,8,16],f32> {
    %wo_t = util.global.load @__auto.wo : tensor<16x16xf32>
    %wo = torch_c.from_builtin_tensor %wo_t : tensor<16x16xf32> -> !torch.vtensor<[16,16],f32>
    %none = torch.constant.none
    %dropout = torch.constant.float 0.000000e+00
    %causal = torch.constant.bool true
    %gqa = torch.constant.bool false
    %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %none, %dropout, %causal, %none, %gqa
        : !torch.vtensor<[1,2,8,16],f32>, !torch.vtensor<[1,2,8,16],f32>, !torch.vtensor<[1,2,8,16],f32>,
          !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,2,8,16],f32>
    %1 = torch.aten.matmul %0, %wo : !torch.vtensor<[1,2,8,16],f32>, !torch.vtensor<[16,16],f32>
        -> !torch.vtensor<[1,2,8,16],f32>
    return %1 : !torch.vtensor<[1,2,8,16],f32>
  }
}
"""


def torch_sdpa() -> Model:
    rng = np.random.default_rng(SEED)
    wo = (rng.standard_normal((16, 16)) / 4).astype(np.float32)
    qkv = [rng.standard_normal((1, 2, 8, 16)).astype(np.float32) for _ in range(3)]
    notes = ["torch dialect (fx importer form): F.scaled_dot_product_attention(is_causal=True) @ wo"]
    return Model("torch_sdpa", "torch", TORCH_SDPA, {"wo": wo}, qkv, notes)


def cond_switch() -> Model:
    """``lax.cond`` on a device-computed predicate and ``lax.switch`` on a scalar input (a ``tensor<i32>``):
    host branches (``scf.if``, nested) that read device values back."""
    import jax
    import jax.numpy as jnp

    def apply(p: Any, x: jax.Array, k: jax.Array) -> tuple[jax.Array, jax.Array]:
        y = jax.lax.cond(jnp.sum(x) > 0, lambda v: v * p["a"], lambda v: v - p["a"], x)
        z = jax.lax.switch(k, [lambda v: v + 1.0, lambda v: v * 2.0, lambda v: jnp.tanh(v)], y)
        return y, z

    rng = np.random.default_rng(SEED)
    params = {"a": rng.standard_normal((4, 5)).astype(np.float32)}
    inputs = [rng.standard_normal((4, 5)).astype(np.float32), np.array(2, np.int32)]
    return jax_model("cond_switch", apply, params, inputs, ["lax.cond on sum(x) > 0, lax.switch on a scalar index"])


def sort_scatter_misc() -> Model:
    """``jnp.argsort``, ``take_along_axis``, ``jax.nn.one_hot``, ``jax.ops.segment_sum``, ``jnp.cumprod``,
    ``jnp.searchsorted``."""
    import jax
    import jax.numpy as jnp

    def apply(p: Any, x: jax.Array, seg: jax.Array) -> tuple[jax.Array, ...]:
        order = jnp.argsort(x, axis=-1)
        ranked = jnp.take_along_axis(x, order, axis=-1)
        hot = jax.nn.one_hot(jnp.argmax(x, -1), 6)
        sums = jax.ops.segment_sum(x * p["w"], seg, num_segments=3)
        prod = jnp.cumprod(1.0 + 0.1 * x, axis=1)
        where = jnp.searchsorted(jnp.sort(p["w"][0]), x[0])
        return order.astype(jnp.int32), ranked, hot, sums, prod, where.astype(jnp.int32)

    rng = np.random.default_rng(SEED)
    params = {"w": rng.standard_normal((4, 6)).astype(np.float32)}
    inputs = [rng.standard_normal((4, 6)).astype(np.float32), np.array([0, 2, 1, 2], np.int32)]
    notes = ["argsort, take_along_axis, one_hot, segment_sum, cumprod, searchsorted"]
    return jax_model("sort_scatter_misc", apply, params, inputs, notes)


def pad_modes() -> Model:
    """``jnp.pad`` in reflect, edge and wrap modes (index-dependent padding), and reductions of the result."""
    import jax
    import jax.numpy as jnp

    def apply(p: Any, x: jax.Array) -> tuple[jax.Array, ...]:
        r = jnp.pad(x, ((0, 0), (2, 2), (1, 1)), mode="reflect")
        e = jnp.pad(x, ((0, 0), (1, 1), (1, 1)), mode="edge")
        w = jnp.pad(x, ((0, 0), (1, 2), (0, 0)), mode="wrap")
        return r * p["s"], e, w, jnp.max(r, axis=(1, 2)) + jnp.min(e, axis=1).sum(-1)

    x = np.random.default_rng(SEED).standard_normal((2, 5, 4)).astype(np.float32)
    return jax_model("pad_modes", apply, {"s": np.float32(1.5)}, [x], ["jnp.pad reflect/edge/wrap"])


def bf16_mlp() -> Model:
    """A bf16 flax MLP: ``Dense(dtype=bfloat16)``, ``silu``, ``RMSNorm``: bf16 matmuls with bf16
    accumulators and bf16 elementwise math in the dispatches."""
    import flax.linen as nn
    import jax
    import jax.numpy as jnp

    class Net(nn.Module):
        @nn.compact
        def __call__(self, x: jax.Array) -> jax.Array:
            h = nn.silu(nn.Dense(32, dtype=jnp.bfloat16, name="fc1")(x))
            h = nn.RMSNorm(dtype=jnp.bfloat16, name="norm")(h)
            return nn.Dense(8, dtype=jnp.bfloat16, name="fc2")(h).astype(jnp.float32)

    net = Net()
    x = np.random.default_rng(SEED).standard_normal((4, 16)).astype(np.float32)
    params = net.init(jax.random.PRNGKey(SEED), x)
    return jax_model("bf16_mlp", net.apply, params, [x], ["flax.linen Dense(bf16)/silu/RMSNorm(bf16)/Dense(bf16)"])


def onnx_qlinear() -> Model:
    """ONNX ``QuantizeLinear``, ``QLinearMatMul``, ``DequantizeLinear``: the scales and zero points become
    f32/i8/i64 values hoisted into globals and passed to the dispatches as push constants."""
    from onnx import TensorProto, helper

    rng = np.random.default_rng(SEED)
    inits = {"w_q": rng.integers(-100, 100, (8, 4)).astype(np.int8)}
    consts = {
        "xs": np.array(0.05, np.float32),
        "xz": np.array(3, np.int8),
        "ws": np.array(0.02, np.float32),
        "wz": np.array(0, np.int8),
        "ys": np.array(0.1, np.float32),
        "yz": np.array(-2, np.int8),
    }
    nodes = [
        helper.make_node("QuantizeLinear", ["x", "xs", "xz"], ["xq"]),
        helper.make_node("QLinearMatMul", ["xq", "xs", "xz", "w_q", "ws", "wz", "ys", "yz"], ["yq"]),
        helper.make_node("DequantizeLinear", ["yq", "ys", "yz"], ["y"]),
    ]
    return onnx_model(
        "onnx_qlinear",
        nodes,
        [("x", TensorProto.FLOAT, [3, 8])],
        [("y", TensorProto.FLOAT, [3, 4]), ("yq", TensorProto.INT8, [3, 4])],
        inits,
        [rng.standard_normal((3, 8)).astype(np.float32)],
        ["onnx.helper graph, opset 17: QuantizeLinear/QLinearMatMul/DequantizeLinear, per-tensor int8"],
        consts=consts,
    )


def onnx_loop() -> Model:
    """An ONNX ``Loop`` with a trip count and a loop-carried tensor (the importer's ``scf.for`` on the host)."""
    from onnx import TensorProto, helper, numpy_helper

    def const(name: str, value: float) -> Any:
        return helper.make_node("Constant", [], [name], value=numpy_helper.from_array(np.array(value, np.float32), name))

    body = helper.make_graph(
        [
            const("half", 0.5),
            const("one", 1.0),
            helper.make_node("Mul", ["acc_in", "half"], ["m"]),
            helper.make_node("Add", ["m", "one"], ["acc_out"]),
            helper.make_node("Identity", ["cond_in"], ["cond_out"]),
        ],
        "body",
        [
            helper.make_tensor_value_info("i", TensorProto.INT64, []),
            helper.make_tensor_value_info("cond_in", TensorProto.BOOL, []),
            helper.make_tensor_value_info("acc_in", TensorProto.FLOAT, [3]),
        ],
        [
            helper.make_tensor_value_info("cond_out", TensorProto.BOOL, []),
            helper.make_tensor_value_info("acc_out", TensorProto.FLOAT, [3]),
        ],
    )
    rng = np.random.default_rng(SEED)
    inits = {"w": rng.standard_normal(3).astype(np.float32)}
    nodes = [
        helper.make_node("Loop", ["trip", "cond", "x"], ["acc"], body=body),
        helper.make_node("Mul", ["acc", "w"], ["y"]),
    ]
    consts = {"trip": np.array(4, np.int64), "cond": np.array(True)}
    return onnx_model(
        "onnx_loop",
        nodes,
        [("x", TensorProto.FLOAT, [3])],
        [("acc", TensorProto.FLOAT, [3]), ("y", TensorProto.FLOAT, [3])],
        inits,
        [rng.standard_normal(3).astype(np.float32)],
        ["onnx.helper graph, opset 17: Loop of 4 iterations carrying a tensor, then Mul by a weight"],
        consts=consts,
    )


def onnx_shape_ops() -> Model:
    """ONNX ``Where``, ``ReduceMax`` with keepdims, ``Erf``, ``DepthToSpace``. (``Tile``, whose constant
    repeats IREE reads back on the host, is in :mod:`frontend_models2`'s ``onnx_tile_gather``.)"""
    from onnx import TensorProto, helper

    rng = np.random.default_rng(SEED)
    inits = {"w": rng.standard_normal((4, 4)).astype(np.float32)}
    nodes = [
        helper.make_node("MatMul", ["x", "w"], ["mm"]),
        helper.make_node("Greater", ["mm", "x"], ["gt"]),
        helper.make_node("Where", ["gt", "mm", "x"], ["sel"]),
        helper.make_node("ReduceMax", ["sel"], ["rmax"], axes=[2], keepdims=1),
        helper.make_node("Sub", ["sel", "rmax"], ["centered"]),
        helper.make_node("Erf", ["centered"], ["erf"]),
        helper.make_node("DepthToSpace", ["x4"], ["d2s"], blocksize=2),
    ]
    return onnx_model(
        "onnx_shape_ops",
        nodes,
        [("x", TensorProto.FLOAT, [2, 3, 4]), ("x4", TensorProto.FLOAT, [1, 8, 2, 2])],
        [
            ("erf", TensorProto.FLOAT, [2, 3, 4]),
            ("d2s", TensorProto.FLOAT, [1, 2, 4, 4]),
        ],
        inits,
        [rng.standard_normal((2, 3, 4)).astype(np.float32), rng.standard_normal((1, 8, 2, 2)).astype(np.float32)],
        ["onnx.helper graph, opset 17: MatMul, Where, ReduceMax(keepdims), Erf, DepthToSpace"],
    )

MODELS = {
    "newton_while": newton_while,
    "dropout_rng": dropout_rng,
    "conv_transpose": conv_transpose,
    "dynamic_batch_jax": dynamic_batch_jax,
    "onnx_resize_einsum": onnx_resize_einsum,
    "onnx_lstm": onnx_lstm,
    "torch_sdpa": torch_sdpa,
    "cond_switch": cond_switch,
    "sort_scatter_misc": sort_scatter_misc,
    "pad_modes": pad_modes,
    "bf16_mlp": bf16_mlp,
    "onnx_qlinear": onnx_qlinear,
    "onnx_loop": onnx_loop,
    "onnx_shape_ops": onnx_shape_ops,
}
