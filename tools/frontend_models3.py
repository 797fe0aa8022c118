"""Frontend models for :mod:`frontend_fixtures`, fourth set: control flow and wide integers as users write them.

- ``fori_cond_jax``: ``lax.fori_loop`` with a trip count read from an input (a loop the host drives) whose
  body takes a ``lax.cond`` on a device-computed predicate (an ``scf.if`` inside the loop) around a stax
  ``Dense`` layer.
- ``onnx_if_where``: an ONNX ``If`` on a reduced predicate (host branches, each a subgraph), ``Where``,
  ``ConstantOfShape`` of a dynamic shape with an int64 value (a 64-bit splat) added to an int64 input.
- ``jax_argsort_onehot``: ``jnp.argsort``, ``jax.nn.one_hot``, ``jnp.take_along_axis`` and a segment sum
  (scatter-add) after a flax ``Dense``.
- ``onnx_loop_dyn``: an ONNX ``Loop`` with a trip count read from an input and a carried tensor that adds
  the iteration number (IREE 3.13 cannot legalize a ``Loop`` with scan outputs).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from frontend_fixtures import SEED, Model, jax_model, onnx_model


def fori_cond_jax() -> Model:
    import jax
    import jax.numpy as jnp
    from jax.example_libraries import stax

    init, dense = stax.serial(stax.Dense(6), stax.Tanh)
    _, params = init(jax.random.PRNGKey(SEED), (3, 6))

    def apply(p: Any, x: jax.Array, n: jax.Array) -> jax.Array:
        def body(i: jax.Array, h: jax.Array) -> jax.Array:
            h2 = dense(p, h)
            return jax.lax.cond(jnp.mean(h2) > 0, lambda v: v * 0.5, lambda v: v + 0.25, h2)

        return jax.lax.fori_loop(0, n, body, x)

    rng = np.random.default_rng(SEED)
    inputs = [rng.standard_normal((3, 6)).astype(np.float32), np.array(4, np.int32)]
    notes = ["stax Dense(6)+Tanh inside lax.fori_loop (trip count an input) with a lax.cond per step"]
    return jax_model("fori_cond_jax", apply, params, inputs, notes)


def onnx_if_where() -> Model:
    from onnx import TensorProto, helper

    then_g = helper.make_graph(
        [helper.make_node("Relu", ["x"], ["t0"]), helper.make_node("Mul", ["t0", "two"], ["t"])],
        "then",
        [],
        [helper.make_tensor_value_info("t", TensorProto.FLOAT, [2, 5])],
    )
    else_g = helper.make_graph(
        [helper.make_node("Neg", ["x"], ["e"])],
        "else",
        [],
        [helper.make_tensor_value_info("e", TensorProto.FLOAT, [2, 5])],
    )
    rng = np.random.default_rng(SEED)
    inits = {"w": rng.standard_normal((2, 5)).astype(np.float32)}
    consts = {"two": np.array(2.0, np.float32), "zero": np.array(0.0, np.float32)}
    nodes = [
        helper.make_node("ReduceSum", ["x"], ["s"], keepdims=0),
        helper.make_node("Greater", ["s", "zero"], ["p"]),
        helper.make_node("If", ["p"], ["b"], then_branch=then_g, else_branch=else_g),
        helper.make_node("Greater", ["b", "w"], ["mask"]),
        helper.make_node("Where", ["mask", "b", "w"], ["y"]),
        helper.make_node("Shape", ["k"], ["kshape"]),
        helper.make_node(
            "ConstantOfShape",
            ["kshape"],
            ["big"],
            value=helper.make_tensor("v", TensorProto.INT64, [1], [(1 << 33) + 5]),
        ),
        helper.make_node("Add", ["big", "k"], ["c"]),
    ]
    return onnx_model(
        "onnx_if_where",
        nodes,
        [("x", TensorProto.FLOAT, [2, 5]), ("k", TensorProto.INT64, ["n"])],
        [("y", TensorProto.FLOAT, [2, 5]), ("c", TensorProto.INT64, ["n"])],
        inits,
        [rng.standard_normal((2, 5)).astype(np.float32), np.array([3, -1, 4, 1, -5, 9], np.int64)],
        [
            "onnx.helper graph, opset 17: If on ReduceSum(x) > 0 (then Relu*2, else Neg), Where against a"
            " weight, ConstantOfShape(Shape(k)) of int64 2^33+5 added to k (dynamic length; IREE 3.13 cannot legalize a CumSum of it)"
        ],
        consts=consts,
    )


def jax_argsort_onehot() -> Model:
    import flax.linen as nn
    import jax
    import jax.numpy as jnp

    dense = nn.Dense(5)
    x = np.random.default_rng(SEED).standard_normal((4, 3)).astype(np.float32)
    params = dense.init(jax.random.PRNGKey(SEED), x)

    def apply(p: Any, x: jax.Array, seg: jax.Array) -> tuple[jax.Array, jax.Array, jax.Array]:
        h = dense.apply(p, x)
        order = jnp.argsort(h, axis=1)
        top = jnp.take_along_axis(h, order[:, -2:], axis=1)
        hot = jax.nn.one_hot(order[:, -1], 5)
        sums = jax.ops.segment_sum(h, seg, num_segments=3)
        return top, hot, sums

    seg = np.array([2, 0, 2, 1], np.int32)
    notes = ["flax Dense(5), then jnp.argsort, take_along_axis (top 2), one_hot of the argmax, segment_sum"]
    return jax_model("jax_argsort_onehot", apply, params, [x, seg], notes)


def onnx_loop_dyn() -> Model:
    from onnx import TensorProto, helper, numpy_helper

    half = numpy_helper.from_array(np.array(0.5, np.float32), "half")
    body = helper.make_graph(
        [
            helper.make_node("Constant", [], ["h"], value=half),
            helper.make_node("Cast", ["i"], ["fi"], to=TensorProto.FLOAT),
            helper.make_node("Mul", ["acc_in", "h"], ["m"]),
            helper.make_node("Add", ["m", "fi"], ["acc_out"]),
            helper.make_node("Identity", ["cond_in"], ["cond_out"]),
        ],
        "body",
        [
            helper.make_tensor_value_info("i", TensorProto.INT64, []),
            helper.make_tensor_value_info("cond_in", TensorProto.BOOL, []),
            helper.make_tensor_value_info("acc_in", TensorProto.FLOAT, [4]),
        ],
        [
            helper.make_tensor_value_info("cond_out", TensorProto.BOOL, []),
            helper.make_tensor_value_info("acc_out", TensorProto.FLOAT, [4]),
        ],
    )
    rng = np.random.default_rng(SEED)
    inits = {"w": rng.standard_normal(4).astype(np.float32)}
    nodes = [
        helper.make_node("Loop", ["trip", "cond", "x"], ["acc"], body=body),
        helper.make_node("Mul", ["acc", "w"], ["y"]),
    ]
    return onnx_model(
        "onnx_loop_dyn",
        nodes,
        [("x", TensorProto.FLOAT, [4]), ("trip", TensorProto.INT64, [])],
        [("acc", TensorProto.FLOAT, [4]), ("y", TensorProto.FLOAT, [4])],
        inits,
        [rng.standard_normal(4).astype(np.float32), np.array(3, np.int64)],
        [
            "onnx.helper graph, opset 17: Loop (trip count an input) carrying a tensor that adds the iteration"
            " number (IREE 3.13 cannot legalize a Loop with scan outputs)"
        ],
        consts={"cond": np.array(True)},
    )


def scan_stack_jax() -> Model:
    import jax
    import jax.numpy as jnp

    def apply(p: Any, xs: jax.Array, keys: jax.Array) -> tuple[jax.Array, jax.Array, jax.Array]:
        def step(h: jax.Array, x: jax.Array) -> tuple[jax.Array, jax.Array]:
            h = jnp.tanh(h @ p["w"] + x)
            return h, h * 2.0

        h, ys = jax.lax.scan(step, jnp.zeros((3,), jnp.float32), xs)
        k2, vals = jax.lax.sort((keys, ys[:, 0]), num_keys=1)
        return ys, h, vals

    rng = np.random.default_rng(SEED)
    params = {"w": rng.standard_normal((3, 3)).astype(np.float32)}
    inputs = [rng.standard_normal((5, 3)).astype(np.float32), np.array([3, 1, 4, 1, 5], np.int32)]
    notes = ["lax.scan stacking per-step outputs (ys), then lax.sort of two operands keyed by an input"]
    return jax_model("scan_stack_jax", apply, params, inputs, notes)


def x64_jax() -> Model:
    import jax
    import jax.numpy as jnp

    jax.config.update("jax_enable_x64", True)
    try:

        def apply(p: Any, x: jax.Array, k: jax.Array) -> tuple[jax.Array, jax.Array]:
            big = jnp.full((6,), (1 << 40) + 3, jnp.int64)
            idx = jnp.cumsum(k) + big
            y = (x @ p["w"]).astype(jnp.float32)
            return idx, y

        rng = np.random.default_rng(SEED)
        params = {"w": rng.standard_normal((4, 2)).astype(np.float32)}
        inputs = [rng.standard_normal((3, 4)).astype(np.float32), np.arange(6, dtype=np.int64) - 2]
        notes = ["jax_enable_x64: an int64 jnp.full (2^40+3) plus a cumsum of int64 input, and an f32 matmul"]
        return jax_model("x64_jax", apply, params, inputs, notes)
    finally:
        jax.config.update("jax_enable_x64", False)


def dyn_slice_jax() -> Model:
    import jax
    import jax.numpy as jnp

    def apply(p: Any, x: jax.Array, i: jax.Array) -> tuple[jax.Array, jax.Array, jax.Array]:
        window = jax.lax.dynamic_slice(x, (i, 0), (2, 4))
        updated = jax.lax.dynamic_update_slice(x, window * p["s"], (i + 1, 0))
        return updated, window > 0, jnp.argmax(updated, axis=1)

    rng = np.random.default_rng(SEED)
    params = {"s": rng.standard_normal((2, 4)).astype(np.float32)}
    inputs = [rng.standard_normal((6, 4)).astype(np.float32), np.array(2, np.int32)]
    notes = ["lax.dynamic_slice and dynamic_update_slice at an input row, a boolean output, argmax"]
    return jax_model("dyn_slice_jax", apply, params, inputs, notes)


def vmap_while_jax() -> Model:
    import jax
    import jax.numpy as jnp

    def apply(p: Any, x: jax.Array) -> tuple[jax.Array, jax.Array]:
        def collatz(v: jax.Array) -> tuple[jax.Array, jax.Array]:
            def cond(s: tuple[jax.Array, jax.Array]) -> jax.Array:
                return s[0] > 1

            def body(s: tuple[jax.Array, jax.Array]) -> tuple[jax.Array, jax.Array]:
                n, k = s
                return jnp.where(n % 2 == 0, n // 2, 3 * n + 1), k + 1

            return jax.lax.while_loop(cond, body, (v, jnp.int32(0)))

        _, steps = jax.vmap(collatz)(x)
        return steps, steps.astype(jnp.float32) * p["w"]

    params = {"w": np.linspace(0.5, 2.0, 5).astype(np.float32)}
    inputs = [np.array([6, 7, 1, 27, 12], np.int32)]
    notes = ["jax.vmap of a lax.while_loop (Collatz steps per element: the batched loop runs until all stop)"]
    return jax_model("vmap_while_jax", apply, params, inputs, notes)


MODELS = {
    "fori_cond_jax": fori_cond_jax,
    "onnx_if_where": onnx_if_where,
    "jax_argsort_onehot": jax_argsort_onehot,
    "onnx_loop_dyn": onnx_loop_dyn,
    "scan_stack_jax": scan_stack_jax,
    "x64_jax": x64_jax,
    "dyn_slice_jax": dyn_slice_jax,
    "vmap_while_jax": vmap_while_jax,
}
