"""Frontend models for :mod:`frontend_fixtures`, third set: ONNX programs.

- ``onnx_cnn``, ``onnx_seq_topk``: the first ONNX models (a CNN with a dynamic batch; a sequence model
  with TopK), moved here from :mod:`frontend_fixtures`.
- ``onnx_tile_gather``: ONNX ``Tile`` with constant repeats (IREE computes the result shape in an
  initializer and reads it back on the host), ``Expand`` to a broadcast shape, ``Gather`` with negative
  indices (wrapped on the device) and ``GatherElements``.
- ``onnx_gru``: an ONNX ``GRU`` (the importer's loop over time, linear_before_reset=1 as PyTorch exports it)
  with a ``Gemm`` head.
- ``onnx_transformer_dynseq``: a transformer encoder block with a dynamic sequence length (its shapes are
  values in IREE's stream program).
- ``onnx_scatter_misc``: ``ScatterND`` updating an input in place, ``NonZero``, ``InstanceNormalization``,
  ``ConvTranspose`` with output padding, a grouped ``Conv``.
- ``onnx_range``: ``Range`` up to a dynamic dimension (an i64 fill).
"""

from __future__ import annotations

import numpy as np
from frontend_fixtures import SEED, Model, onnx_model


def onnx_tile_gather() -> Model:
    from onnx import TensorProto, helper

    rng = np.random.default_rng(SEED)
    inits = {"w": rng.standard_normal((4, 3)).astype(np.float32)}
    consts = {
        "repeats": np.array([2, 3], np.int64),
        "shape": np.array([2, 3, 4], np.int64),
        "idx": np.array([-1, 0, -3, 2], np.int64),
    }
    nodes = [
        helper.make_node("MatMul", ["x", "w"], ["mm"]),  # [3, 3]
        helper.make_node("Tile", ["mm", "repeats"], ["tiled"]),  # [6, 9]
        helper.make_node("Expand", ["v", "shape"], ["expanded"]),  # [1, 4] -> [2, 3, 4]
        helper.make_node("Gather", ["x", "idx"], ["rows"], axis=0),  # [4, 4]
        helper.make_node("GatherElements", ["x", "eidx"], ["picked"], axis=1),  # [3, 2]
    ]
    return onnx_model(
        "onnx_tile_gather",
        nodes,
        [
            ("x", TensorProto.FLOAT, [3, 4]),
            ("v", TensorProto.FLOAT, [1, 4]),
            ("eidx", TensorProto.INT64, [3, 2]),
        ],
        [
            ("tiled", TensorProto.FLOAT, [6, 9]),
            ("expanded", TensorProto.FLOAT, [2, 3, 4]),
            ("rows", TensorProto.FLOAT, [4, 4]),
            ("picked", TensorProto.FLOAT, [3, 2]),
        ],
        inits,
        [
            rng.standard_normal((3, 4)).astype(np.float32),
            rng.standard_normal((1, 4)).astype(np.float32),
            np.array([[0, -1], [3, -4], [-2, 1]], np.int64),
        ],
        [
            "onnx.helper graph, opset 17: Tile (constant repeats [2, 3]), Expand (to [2, 3, 4]),"
            " Gather with negative indices, GatherElements with negative indices"
        ],
        consts=consts,
    )


def onnx_gru() -> Model:
    from onnx import TensorProto, helper

    seq, batch, inp, hidden = 5, 2, 4, 6
    rng = np.random.default_rng(SEED)
    inits = {
        "W": (rng.standard_normal((1, 3 * hidden, inp)) * 0.4).astype(np.float32),
        "R": (rng.standard_normal((1, 3 * hidden, hidden)) * 0.4).astype(np.float32),
        "B": (rng.standard_normal((1, 6 * hidden)) * 0.1).astype(np.float32),
        "head_w": rng.standard_normal((hidden, 3)).astype(np.float32),
        "head_b": rng.standard_normal(3).astype(np.float32),
    }
    nodes = [
        helper.make_node("GRU", ["x", "W", "R", "B"], ["Y", "Y_h"], hidden_size=hidden, linear_before_reset=1),
        helper.make_node("Squeeze", ["Y_h", "axes0"], ["h"]),
        helper.make_node("Gemm", ["h", "head_w", "head_b"], ["logits"]),
    ]
    return onnx_model(
        "onnx_gru",
        nodes,
        [("x", TensorProto.FLOAT, [seq, batch, inp])],
        [("Y", TensorProto.FLOAT, [seq, 1, batch, hidden]), ("logits", TensorProto.FLOAT, [batch, 3])],
        inits,
        [rng.standard_normal((seq, batch, inp)).astype(np.float32)],
        [f"onnx.helper graph, opset 17: GRU (hidden {hidden}, linear_before_reset=1) over {seq} steps, Gemm head"],
        consts={"axes0": np.array([0], np.int64)},
    )


def onnx_transformer_dynseq() -> Model:
    """A pre-LN transformer encoder block in ONNX with a dynamic sequence length: LayerNormalization,
    multi-head self-attention (Reshape to heads, 0 copying the batch and sequence, Transpose, MatMul,
    Softmax), an Erf-GELU MLP and
    residuals. (JAX's flax blocks exported with a symbolic sequence do not compile in IREE 3.13: LayerNorm's
    stablehlo.dynamic_broadcast_in_dim is left unlegalized.)"""
    from onnx import TensorProto, helper

    d, heads, ff = 16, 2, 32
    rng = np.random.default_rng(SEED)
    inits = {
        "ln1_g": rng.uniform(0.5, 1.5, d).astype(np.float32),
        "ln1_b": (rng.standard_normal(d) * 0.1).astype(np.float32),
        "wq": (rng.standard_normal((d, d)) / 4).astype(np.float32),
        "wk": (rng.standard_normal((d, d)) / 4).astype(np.float32),
        "wv": (rng.standard_normal((d, d)) / 4).astype(np.float32),
        "wo": (rng.standard_normal((d, d)) / 4).astype(np.float32),
        "ln2_g": rng.uniform(0.5, 1.5, d).astype(np.float32),
        "ln2_b": (rng.standard_normal(d) * 0.1).astype(np.float32),
        "w1": (rng.standard_normal((d, ff)) / 4).astype(np.float32),
        "b1": (rng.standard_normal(ff) * 0.1).astype(np.float32),
        "w2": (rng.standard_normal((ff, d)) / 6).astype(np.float32),
        "b2": (rng.standard_normal(d) * 0.1).astype(np.float32),
    }
    consts = {
        "heads_shape": np.array([0, 0, heads, d // heads], np.int64),
        "model_shape": np.array([0, 0, d], np.int64),
        "scale": np.array(1.0 / np.sqrt(d // heads), np.float32),
        "half": np.array(0.5, np.float32),
        "one": np.array(1.0, np.float32),
        "rsqrt2": np.array(1.0 / np.sqrt(2.0), np.float32),
    }
    n = helper.make_node
    nodes = [
        n("LayerNormalization", ["x", "ln1_g", "ln1_b"], ["h"], axis=-1, epsilon=1e-5),
        *[n("MatMul", ["h", f"w{p}"], [p]) for p in "qkv"],
        *[n("Reshape", [p, "heads_shape"], [f"{p}4"]) for p in "qkv"],
        n("Transpose", ["q4"], ["qh"], perm=[0, 2, 1, 3]),
        n("Transpose", ["k4"], ["kt"], perm=[0, 2, 3, 1]),
        n("Transpose", ["v4"], ["vh"], perm=[0, 2, 1, 3]),
        n("MatMul", ["qh", "kt"], ["scores"]),
        n("Mul", ["scores", "scale"], ["scaled"]),
        n("Softmax", ["scaled"], ["probs"], axis=-1),
        n("MatMul", ["probs", "vh"], ["ctx"]),
        n("Transpose", ["ctx"], ["ctx_t"], perm=[0, 2, 1, 3]),
        n("Reshape", ["ctx_t", "model_shape"], ["merged"]),
        n("MatMul", ["merged", "wo"], ["attn"]),
        n("Add", ["x", "attn"], ["x1"]),
        n("LayerNormalization", ["x1", "ln2_g", "ln2_b"], ["h2"], axis=-1, epsilon=1e-5),
        n("MatMul", ["h2", "w1"], ["f1"]),
        n("Add", ["f1", "b1"], ["f1b"]),
        n("Mul", ["f1b", "rsqrt2"], ["g0"]),
        n("Erf", ["g0"], ["g1"]),
        n("Add", ["g1", "one"], ["g2"]),
        n("Mul", ["f1b", "g2"], ["g3"]),
        n("Mul", ["g3", "half"], ["gelu"]),
        n("MatMul", ["gelu", "w2"], ["f2"]),
        n("Add", ["f2", "b2"], ["f2b"]),
        n("Add", ["x1", "f2b"], ["y"]),
    ]
    return onnx_model(
        "onnx_transformer_dynseq",
        nodes,
        [("x", TensorProto.FLOAT, [1, "seq", d])],
        [("y", TensorProto.FLOAT, [1, "seq", d])],
        inits,
        [rng.standard_normal((1, 7, d)).astype(np.float32)],
        [
            "onnx.helper graph, opset 17: pre-LN encoder block (LayerNormalization, 2-head self-attention,"
            f" Erf GELU MLP {ff}), sequence length dynamic (run with 7)"
        ],
        consts=consts,
    )


def onnx_scatter_misc() -> Model:
    """ONNX ``ScatterND`` into an input (IREE updates the imported buffer in place and exports it),
    ``NonZero`` (a data-dependent count, read back on the host), ``InstanceNormalization``,
    ``ConvTranspose`` with output padding and a grouped ``Conv``."""
    from onnx import TensorProto, helper

    rng = np.random.default_rng(SEED)
    n = helper.make_node
    inits = {
        "sc": rng.uniform(0.5, 1.5, 2).astype(np.float32),
        "bi": rng.standard_normal(2).astype(np.float32),
        "wt": (rng.standard_normal((2, 4, 3, 3)) / 3).astype(np.float32),
        "wg": (rng.standard_normal((4, 2, 3, 3)) / 3).astype(np.float32),
    }
    nodes = [
        n("ScatterND", ["data", "idx", "upd"], ["scattered"]),
        n("Greater", ["x", "zero"], ["pos"]),
        n("NonZero", ["pos"], ["nz"]),
        n("ReduceSum", ["nz"], ["nz_sum"], keepdims=0),
        n("InstanceNormalization", ["img", "sc", "bi"], ["normed"]),
        n("ConvTranspose", ["normed", "wt"], ["up"], strides=[2, 2], pads=[1, 1, 1, 1], output_padding=[1, 1]),
        n("Conv", ["up", "wg"], ["conv"], group=2, pads=[1, 1, 1, 1]),
    ]
    return onnx_model(
        "onnx_scatter_misc",
        nodes,
        [
            ("data", TensorProto.FLOAT, [4, 3]),
            ("upd", TensorProto.FLOAT, [2, 3]),
            ("x", TensorProto.FLOAT, [3, 5]),
            ("img", TensorProto.FLOAT, [1, 2, 4, 4]),
        ],
        [
            ("scattered", TensorProto.FLOAT, [4, 3]),
            ("nz_sum", TensorProto.INT64, []),
            ("conv", TensorProto.FLOAT, [1, 4, 8, 8]),
        ],
        inits,
        [
            rng.standard_normal((4, 3)).astype(np.float32),
            rng.standard_normal((2, 3)).astype(np.float32),
            rng.standard_normal((3, 5)).astype(np.float32),
            rng.standard_normal((1, 2, 4, 4)).astype(np.float32),
        ],
        [
            "onnx.helper graph, opset 17: ScatterND into an input, NonZero, InstanceNormalization,"
            " ConvTranspose (stride 2, output padding), grouped Conv"
        ],
        consts={"idx": np.array([[3], [1]], np.int64), "zero": np.array(0.0, np.float32)},
    )


def onnx_range() -> Model:
    """ONNX ``Shape``/``Gather`` of a dynamic dimension, ``Range`` up to it, ``Cast``: the length is a
    host value, the range an i64 fill (IREE makes it a ``__builtin_fill_i64`` dispatch) and a dispatch."""
    from onnx import TensorProto, helper

    rng = np.random.default_rng(SEED)
    n = helper.make_node
    nodes = [
        n("Shape", ["x"], ["shape"]),
        n("Gather", ["shape", "one"], ["length"], axis=0),
        n("Range", ["start", "length", "step"], ["r"]),
        n("Cast", ["r"], ["rf"], to=TensorProto.FLOAT),
        n("Mul", ["rf", "rf"], ["y"]),
    ]
    return onnx_model(
        "onnx_range",
        nodes,
        [("x", TensorProto.FLOAT, [2, "n"])],
        [("y", TensorProto.FLOAT, ["n"])],
        {},
        [rng.standard_normal((2, 5)).astype(np.float32)],
        ["onnx.helper graph, opset 17: Range(0, x.shape[1], 1) of a dynamic dimension (5), squared"],
        consts={"one": np.array(1, np.int64), "start": np.array(0, np.int64), "step": np.array(1, np.int64)},
    )


def onnx_cnn() -> Model:
    """An ONNX CNN with a dynamic batch: Conv, BatchNormalization, Relu, MaxPool, Conv, BatchNormalization,
    Relu, AveragePool, GlobalAveragePool, Flatten, Gemm, Softmax."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(SEED)
    inits: dict[str, np.ndarray] = {}

    def init(name: str, arr: np.ndarray) -> str:
        inits[name] = arr.astype(np.float32)
        return name

    def bn(c: int, p: str) -> list[str]:
        return [
            init(f"{p}_scale", rng.uniform(0.5, 1.5, c)),
            init(f"{p}_bias", rng.standard_normal(c) * 0.1),
            init(f"{p}_mean", rng.standard_normal(c) * 0.1),
            init(f"{p}_var", rng.uniform(0.5, 1.5, c)),
        ]

    nodes = [
        helper.make_node(
            "Conv",
            [
                "x",
                init("c1_w", rng.standard_normal((8, 3, 3, 3)) / 5),
                init("c1_b", rng.standard_normal(8) * 0.1),
            ],
            ["c1"],
            pads=[1, 1, 1, 1],
        ),
        helper.make_node("BatchNormalization", ["c1", *bn(8, "bn1")], ["b1"], epsilon=1e-5),
        helper.make_node("Relu", ["b1"], ["r1"]),
        helper.make_node("MaxPool", ["r1"], ["p1"], kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node(
            "Conv",
            [
                "p1",
                init("c2_w", rng.standard_normal((16, 8, 3, 3)) / 8),
                init("c2_b", rng.standard_normal(16) * 0.1),
            ],
            ["c2"],
            pads=[1, 1, 1, 1],
        ),
        helper.make_node("BatchNormalization", ["c2", *bn(16, "bn2")], ["b2"], epsilon=1e-5),
        helper.make_node("Relu", ["b2"], ["r2"]),
        helper.make_node("AveragePool", ["r2"], ["p2"], kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("GlobalAveragePool", ["p2"], ["g"]),
        helper.make_node("Flatten", ["g"], ["f"], axis=1),
        helper.make_node(
            "Gemm",
            [
                "f",
                init("fc_w", rng.standard_normal((16, 10)) / 4),
                init("fc_b", rng.standard_normal(10) * 0.1),
            ],
            ["logits"],
        ),
        helper.make_node("Softmax", ["logits"], ["probs"], axis=-1),
    ]
    graph = helper.make_graph(
        nodes,
        "main",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 3, 8, 8])],
        [helper.make_tensor_value_info("probs", TensorProto.FLOAT, ["N", 10])],
        initializer=[numpy_helper.from_array(a, n) for n, a in inits.items()],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="streamsim")
    model.ir_version = 8
    onnx.checker.check_model(model)
    x = rng.standard_normal((2, 3, 8, 8)).astype(np.float32)
    notes = ["onnx.helper graph, opset 17, dynamic batch N (run with N=2)"]
    return Model("onnx_cnn", "onnx", "", inits, [x], notes, {"model.onnx": model.SerializeToString()})


def onnx_seq_topk() -> Model:
    """An ONNX sequence model with a dynamic batch: LayerNormalization, MatMul, Add, Relu, Gather of time
    steps, ReduceMean, TopK (int64 indices). (CumSum is left out: IREE 3.13 fails to legalize
    torch.aten.cumsum from onnx.CumSum with a dynamic batch.)"""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(SEED)
    inits = {
        "ln_scale": rng.uniform(0.5, 1.5, 8).astype(np.float32),
        "ln_bias": (rng.standard_normal(8) * 0.1).astype(np.float32),
        "w": (rng.standard_normal((8, 12)) / 3).astype(np.float32),
        "b": (rng.standard_normal(12) * 0.1).astype(np.float32),
    }
    consts = {
        "k": np.array([3], np.int64),
        "steps": np.array([0, 5, 2], np.int64),
    }
    # Shape-like operands are Constant nodes: an initializer would become a parameter, not a constant.
    nodes = [
        helper.make_node("Constant", [], [n], value=numpy_helper.from_array(a, n)) for n, a in consts.items()
    ]
    nodes += [
        helper.make_node("LayerNormalization", ["x", "ln_scale", "ln_bias"], ["ln"], axis=-1, epsilon=1e-5),
        helper.make_node("MatMul", ["ln", "w"], ["mm"]),
        helper.make_node("Add", ["mm", "b"], ["h"]),
        helper.make_node("Relu", ["h"], ["r"]),
        helper.make_node("Gather", ["r", "steps"], ["picked"], axis=1),
        helper.make_node("ReduceMean", ["picked"], ["mean"], axes=[1], keepdims=0),
        helper.make_node("TopK", ["mean", "k"], ["values", "indices"], axis=-1, largest=1, sorted=1),
    ]
    graph = helper.make_graph(
        nodes,
        "main",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 6, 8])],
        [
            helper.make_tensor_value_info("values", TensorProto.FLOAT, ["N", 3]),
            helper.make_tensor_value_info("indices", TensorProto.INT64, ["N", 3]),
        ],
        initializer=[numpy_helper.from_array(a, n) for n, a in inits.items()],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="streamsim")
    model.ir_version = 8
    onnx.checker.check_model(model)
    x = rng.standard_normal((3, 6, 8)).astype(np.float32)
    notes = ["onnx.helper graph, opset 17, dynamic batch N (run with N=3)"]
    return Model(
        "onnx_seq_topk",
        "onnx",
        "",
        {**inits, **consts},
        [x],
        notes,
        {"model.onnx": model.SerializeToString()},
    )


MODELS = {
    "onnx_cnn": onnx_cnn,
    "onnx_seq_topk": onnx_seq_topk,
    "onnx_tile_gather": onnx_tile_gather,
    "onnx_gru": onnx_gru,
    "onnx_transformer_dynseq": onnx_transformer_dynseq,
    "onnx_scatter_misc": onnx_scatter_misc,
    "onnx_range": onnx_range,
}
