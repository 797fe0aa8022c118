"""Frontend models for :mod:`frontend_fixtures`, third set: constructs the others do not exercise.

- ``onnx_tile_gather``: ONNX ``Tile`` with constant repeats (IREE computes the result shape in an
  initializer and reads it back on the host), ``Expand`` to a broadcast shape, ``Gather`` with negative
  indices (wrapped on the device) and ``GatherElements``.
- ``onnx_gru``: an ONNX ``GRU`` (the importer's loop over time, linear_before_reset=1 as PyTorch exports it)
  with a ``Gemm`` head.
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


MODELS = {
    "onnx_tile_gather": onnx_tile_gather,
}
