"""Data-tiled tensors: IREE's encodings, as ``--iree-opt-data-tiling`` leaves them in dispatch bodies.

With data tiling, IREE gives each matmul operand a layout for the device (its ``SpecializeEncodings``
pass, at the stream level): the bindings of the dispatch that produces an operand and of the one that
consumes it are typed ``tensor<5x37xf32, #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<
configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 1], outerDimsPerm =
[0, 1]}}>]>>``, which means: the bytes hold the tensor packed as ``linalg.pack`` with those
``inner_dims_pos``, ``inner_tiles`` and ``outer_dims_perm`` would pack it, partial tiles padded with
zeros (IREE's code generator lowers the layout to exactly that pack). Inside the body the values are the
logical tensors: ``iree_encoding.set_encoding``/``unset_encoding`` only attach or drop the encoding, and
the linalg ops on encoded tensors compute what they compute on plain ones.

So the interpreter keeps logical tensors everywhere and packs or unpacks where a load or store meets a
binding of such a type (:mod:`simulator.dispatch.bindings`, whole tensors only: IREE loads and stores
them whole). A layout with a ``swizzle`` (GPU targets), or an encoding no layout resolved, is refused by
name.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from ir.core import Operation
from ir.types import TensorType
from simulator.dispatch.registry import Abstract, Context, DispatchRules, unsupported

RULES = DispatchRules.named("dispatch.encodings")
register_op = RULES.impls.register
register_shape = RULES.shapes.register

#: (inner_dims_pos, inner_tiles, outer_dims_perm) of a packed layout.
Packing = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]

_INFO = re.compile(r"encoding_info\s*=\s*\{([^{}]*)\}")
_KEY = re.compile(r"(\w+)\s*=\s*\[([^\]]*)\]")


def packing_of(t: TensorType, op: Operation) -> Packing | None:
    """The packed layout a bound tensor's type gives its bytes, or None for a plain tensor."""
    if t.encoding is None:
        return None
    text = str(t.encoding)
    found = _INFO.findall(text)
    if len(found) != 1:
        if "identity" in text and "encoding_info" not in text:
            return None
        raise unsupported(op, f"the bound tensor's encoding {text} has no layout the interpreter reads")
    if "swizzle" in found[0]:
        raise unsupported(op, f"the layout {text} swizzles its tiles")
    keys = {k: [int(v) for v in vals.split(",") if v.strip()] for k, vals in _KEY.findall(found[0])}
    pos, tiles = keys.get("innerDimsPos", []), keys.get("innerTileSizes", [])
    rank = len(t.shape or ())
    perm = keys.get("outerDimsPerm") or list(range(rank))
    if len(pos) != len(tiles) or sorted(perm) != list(range(rank)) or any(n <= 0 for n in tiles):
        raise unsupported(op, f"the layout {text} does not fit a rank-{rank} tensor")
    return tuple(pos), tuple(tiles), tuple(perm)


def packed_bytes(shape: tuple[int, ...], itemsize: int, packing: Packing) -> tuple[tuple[int, ...], int]:
    """The packed shape of a tensor of ``shape`` and its size in bytes."""
    from simulator.dispatch.relayout import packed_shape

    pshape = packed_shape(shape, list(packing[0]), list(packing[1]), list(packing[2]))
    return pshape, int(np.prod(pshape, dtype=np.int64)) * itemsize


def _logical(op: Operation, value: Any) -> Any:
    """``value`` cut to the op's result shape where that is static and smaller (an unset_encoding that
    drops the padding a producer kept); else unchanged."""
    t = op.results[0].type
    if isinstance(t, TensorType) and t.has_static_shape and tuple(t.shape or ()) != tuple(value.shape):
        shape = tuple(t.shape or ())
        if len(shape) != len(value.shape) or any(a > b for a, b in zip(shape, value.shape)):
            raise unsupported(op, f"its result {t} does not fit the operand's shape {tuple(value.shape)}")
        if isinstance(value, Abstract):
            return Abstract(shape, value.dtype)
        return value[tuple(slice(0, n) for n in shape)]
    return value


@register_op("iree_encoding.set_encoding", "iree_encoding.unset_encoding")
@register_shape("iree_encoding.set_encoding", "iree_encoding.unset_encoding")
def _encoding(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    return [_logical(op, args[0])]
