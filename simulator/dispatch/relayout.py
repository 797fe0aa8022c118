"""``linalg.pack`` and ``linalg.unpack``: tiled relayouts of a tensor, as MLIR defines them.

``pack`` cuts each dimension ``inner_dims_pos[i]`` of the source into tiles of ``inner_tiles[i]``
elements: the result has one outer dimension per source dimension (its number of tiles, or its size when
it is not tiled), in the order ``outer_dims_perm`` gives (identity without it), followed by the tile
dimensions in ``inner_dims_pos`` order. A partial last tile is filled with ``padding_value``. With
``outer_dims_perm = p``, outer dimension ``i`` of the result is source dimension ``p[i]``.

``unpack`` is the inverse: the tiles are put back in place and the result is the leading part of the
padded tensor the destination's shape selects (the padding is dropped).

Both only move data: the analysis counts no flops. Dynamic tile sizes come from the op's operands.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ir.attributes import DenseArrayAttr
from ir.core import Operation
from simulator.dispatch.bindings import DYNAMIC_SENTINEL, as_int
from simulator.dispatch.registry import Abstract, Context, DispatchRules, unsupported
from simulator.errors import DispatchError

RULES = DispatchRules.named("dispatch.relayout")
register_op = RULES.impls.register
register_shape = RULES.shapes.register


def _ints(op: Operation, name: str) -> list[int] | None:
    attr = op.attr(name)
    if attr is None:
        return None
    if not isinstance(attr, DenseArrayAttr):
        raise unsupported(op, f"{name} is not an array of integers")
    return [int(v) for v in attr.values]


def _layout(op: Operation, args: list[Any], rank: int) -> tuple[list[int], list[int], list[int]]:
    """(inner_dims_pos, inner tile sizes, outer_dims_perm) of a pack or unpack over a ``rank``-d tensor."""
    pos = _ints(op, "inner_dims_pos") or []
    static = _ints(op, "static_inner_tiles")
    if static is None or len(static) != len(pos):
        raise unsupported(op, "static_inner_tiles does not match inner_dims_pos")
    n_dynamic = sum(1 for t in static if t == DYNAMIC_SENTINEL)
    it = iter(args[len(args) - n_dynamic :] if n_dynamic else [])  # the dynamic tiles are the last operands
    tiles = [as_int(op, next(it)) if t == DYNAMIC_SENTINEL else t for t in static]
    perm = _ints(op, "outer_dims_perm") or list(range(rank))
    if sorted(perm) != list(range(rank)) or len(set(pos)) != len(pos) or any(not 0 <= p < rank for p in pos):
        raise unsupported(op, f"outer_dims_perm {perm} / inner_dims_pos {pos} do not fit rank {rank}")
    if any(t <= 0 for t in tiles):
        raise DispatchError(f"{op.describe()}: inner tile sizes {tiles} must be positive")
    return pos, tiles, perm


def _interleaved(
    shape: list[int], pos: list[int], tiles: list[int]
) -> tuple[list[int], list[int], list[int]]:
    """The padded dims split as (tiles, tile) in place, with where each outer and each inner axis sits."""
    tile_of = dict(zip(pos, tiles))
    split: list[int] = []
    outer_axis: list[int] = []
    inner_axis: dict[int, int] = {}
    for d, n in enumerate(shape):
        outer_axis.append(len(split))
        if d in tile_of:
            t = tile_of[d]
            split.append(-(-n // t))
            inner_axis[d] = len(split)
            split.append(t)
        else:
            split.append(n)
    return split, outer_axis, [inner_axis[d] for d in pos]


def _packed_shape(
    shape: tuple[int, ...], pos: list[int], tiles: list[int], perm: list[int]
) -> tuple[int, ...]:
    split, outer_axis, inner = _interleaved(list(shape), pos, tiles)
    return tuple(split[outer_axis[p]] for p in perm) + tuple(split[a] for a in inner)


def packed_shape(
    shape: tuple[int, ...], pos: list[int], tiles: list[int], perm: list[int]
) -> tuple[int, ...]:
    """The shape ``pack`` gives a tensor of ``shape``."""
    return _packed_shape(shape, pos, tiles, perm)


def pack_array(
    x: np.ndarray, pos: list[int], tiles: list[int], perm: list[int], pad: Any = None, where: str = "pack"
) -> np.ndarray:
    """``x`` packed (see the module doc); a partial tile is filled with ``pad`` (None: an error)."""
    split, outer_axis, inner = _interleaved(list(x.shape), pos, tiles)
    padded = [
        split[outer_axis[d]] * split[outer_axis[d] + 1] if d in pos else n for d, n in enumerate(x.shape)
    ]
    if tuple(padded) != tuple(x.shape):
        if pad is None:
            raise DispatchError(
                f"{where}: source shape {x.shape} is not a whole number of tiles {tiles} and there is no padding value"
            )
        full = np.full(padded, pad, dtype=x.dtype)
        full[tuple(slice(0, n) for n in x.shape)] = x
        x = full
    order = [outer_axis[p] for p in perm] + inner
    return np.ascontiguousarray(x.reshape(split).transpose(order))


def unpack_array(
    x: np.ndarray,
    shape: tuple[int, ...],
    pos: list[int],
    tiles: list[int],
    perm: list[int],
    where: str = "unpack",
) -> np.ndarray:
    """The tensor of ``shape`` whose packed form is ``x`` (the padding dropped)."""
    rank = len(shape)
    outer = [0] * rank
    for i, p in enumerate(perm):
        outer[p] = x.shape[i]
    for i, t in enumerate(tiles):
        if x.shape[rank + i] != t:
            raise DispatchError(f"{where}: source tile dim {rank + i} is {x.shape[rank + i]}, not {t}")
    tile_of = dict(zip(pos, tiles))
    padded = [outer[d] * tile_of[d] if d in tile_of else outer[d] for d in range(rank)]
    split, outer_axis, inner = _interleaved(padded, pos, tiles)
    order = [outer_axis[p] for p in perm] + inner
    full = x.transpose(np.argsort(order)).reshape(padded)
    if any(d > n for d, n in zip(shape, padded)):
        raise DispatchError(f"{where}: destination {shape} is larger than the unpacked {tuple(padded)}")
    return np.ascontiguousarray(full[tuple(slice(0, d) for d in shape)])


@register_op("linalg.pack")
def _pack(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    src, dest = args[0], args[1]
    pos, tiles, perm = _layout(op, args[2:], src.ndim)
    pad = args[2] if _segment(op, 2) == 1 else None
    result = pack_array(np.asarray(src), pos, tiles, perm, pad, op.describe()).astype(dest.dtype, copy=False)
    if result.shape != tuple(dest.shape):
        raise DispatchError(
            f"{op.describe()}: packed shape {result.shape} is not the destination's {dest.shape}"
        )
    return [result]


def _segment(op: Operation, i: int) -> int:
    attr = op.attr("operandSegmentSizes")
    if isinstance(attr, DenseArrayAttr) and i < len(attr.values):
        return int(attr.values[i])
    return 0


@register_op("linalg.unpack")
def _unpack(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    src, dest = args[0], args[1]
    pos, tiles, perm = _layout(op, args[2:], dest.ndim)
    result = unpack_array(np.asarray(src), tuple(dest.shape), pos, tiles, perm, op.describe())
    return [result.astype(dest.dtype, copy=False)]


@register_shape("linalg.pack", "linalg.unpack")
def _relayout_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    src, dest = args[0], args[1]
    if op.op_name == "linalg.pack":
        pos, tiles, perm = _layout(op, args[2:], len(src.shape))
        shape = _packed_shape(tuple(src.shape), pos, tiles, perm)
        if shape != tuple(dest.shape):
            raise DispatchError(
                f"{op.describe()}: packed shape {shape} is not the destination's {dest.shape}"
            )
    return [Abstract(tuple(dest.shape), dest.dtype)]
