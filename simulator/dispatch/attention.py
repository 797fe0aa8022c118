"""Rules for ``iree_linalg_ext.attention`` and ``iree_linalg_ext.online_attention``.

Both follow the decomposition IREE gives them (``decomposeOperation`` in LinalgExt's
AggregatedOpInterfaceImpl), evaluated with numpy over whole tensors:

- The iteration dims are classified from the indexing maps of Q, K, V and the output (IREE's
  ``AttentionOpDetail``): batch ``B = (Q & V) | (K & O)``, ``K1 = Q & K - B``, ``K2 = K - B - K1``,
  ``M = Q - B - K1``, ``N = V - B - K2``. The scores ``S`` are laid out ``(B, M, K2)``.
- Q is scaled first, in Q's element type, by ``scale * log2(e)`` (both ops use base-2 exponentials;
  online_attention unless its ``decomposition_config`` sets ``use_exp2 = false``); for 8-bit Q the
  scale is applied after ``Q @ K`` instead, plus IREE's offset ``1 / largest(Q type)``.
- ``S = Q @ K`` accumulates in f32 (attention) or the output's element type (online_attention).
- The op's region is applied to every score (score modification). A region that reads
  ``iree_linalg_ext.index`` is refused: IREE's decomposition turns it into ``linalg.index`` of the
  elementwise op over ``S`` and its tiling does not offset it, so IREE's CPU code computes with
  tile-local indices (a causal region keeps keys 0 and 3 of 6 for every query), which depend on its
  tile sizes.
- The mask is added to ``S``: an integer mask (i1, or i8 truncated to its low bit) adds 0 where it is
  true and -inf where it is false; a float mask is converted to the score type and, with base-2
  exponentials, multiplied by ``log2(e)``.
- attention: ``max`` over K2 (from the lowest finite f32), ``P = exp2(S - max)``, ``P /= sum(P)``,
  ``P`` converted to V's float type, ``O = P @ V`` (accumulated in the output's type; the output's
  initial contents are not read).
- online_attention, with its running ``max`` and ``sum`` operands: ``new_max = max(old_max, rowmax S)``,
  ``norm = exp2(old_max - new_max)``, ``P = exp2(S - new_max)``, ``new_sum = norm * old_sum + rowsum P``,
  ``O = norm * O + P @ V``; results ``(O, new_max, new_sum)``, O not normalised.

Sub-f32 floats are computed in f32 and rounded to their type after each of these steps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from ir.affine import AffineDim, AffineMap
from ir.attributes import AffineMapAttr, ArrayAttr, BoolAttr, DictAttr
from ir.core import Block, Operation
from simulator.dispatch.interpreter import run_ops
from simulator.dispatch.registry import Abstract, Context, DispatchRules, Env, unsupported
from simulator.errors import DispatchError

RULES = DispatchRules.named("dispatch.attention")
register_op = RULES.impls.register
register_shape = RULES.shapes.register

LOG2E = math.log2(math.e)


@dataclass(frozen=True)
class Layout:
    """The attention's maps and dim classes (IREE's AttentionOpDetail)."""

    q: AffineMap
    k: AffineMap
    v: AffineMap
    mask: AffineMap | None
    outs: tuple[AffineMap, ...]  # output, then max and sum for online_attention
    batch: tuple[int, ...]
    m: tuple[int, ...]
    k1: tuple[int, ...]
    k2: tuple[int, ...]
    n: tuple[int, ...]

    @property
    def s_dims(self) -> tuple[int, ...]:
        return self.batch + self.m + self.k2


def _dims(op: Operation, amap: AffineMap) -> tuple[int, ...]:
    dims = amap.result_dims()
    if any(d is None for d in dims) or len(set(dims)) != len(dims):
        raise unsupported(op, f"indexing map {amap} is not a projected permutation")
    return tuple(d for d in dims if d is not None)


def _layout(op: Operation, n_outs: int) -> Layout:
    attr = op.attr("indexing_maps")
    if not isinstance(attr, ArrayAttr) or not all(isinstance(a, AffineMapAttr) for a in attr.elements):
        raise unsupported(op, "indexing_maps is missing")
    maps = [a.value for a in attr.elements if isinstance(a, AffineMapAttr)]
    if len(maps) not in (4 + n_outs, 5 + n_outs):
        raise unsupported(op, f"{len(maps)} indexing maps")
    has_mask = len(maps) == 5 + n_outs
    q, k, v = (set(_dims(op, m)) for m in maps[:3])
    o = set(_dims(op, maps[4 + has_mask]))
    batch = (q & v) | (k & o)
    k1 = (q & k) - batch
    k2 = k - batch - k1
    m = q - batch - k1
    n = v - batch - k2
    return Layout(
        maps[0],
        maps[1],
        maps[2],
        maps[4] if has_mask else None,
        tuple(maps[4 + has_mask :]),
        *(tuple(sorted(s)) for s in (batch, m, k1, k2, n)),
    )


def _letters(op: Operation, amap: AffineMap) -> str:
    return "".join(chr(ord("a") + d) for d in _dims(op, amap))


def _to_dims(op: Operation, arr: np.ndarray, amap: AffineMap, target: tuple[int, ...]) -> np.ndarray:
    """``arr`` (laid out by ``amap``) with its axes in ``target``'s order, size 1 where it has none."""
    src = _dims(op, amap)
    if not set(src) <= set(target):
        raise unsupported(op, f"indexing map {amap} has dims outside {target}")
    moved = np.transpose(arr, [src.index(d) for d in target if d in src])
    return moved.reshape([arr.shape[src.index(d)] if d in src else 1 for d in target])


def _compute_type(dtype: np.dtype) -> np.dtype:
    """Where a float of ``dtype`` is computed: itself for f32/f64, f32 for narrower floats."""
    return dtype if dtype in (np.dtype(np.float32), np.dtype(np.float64)) else np.dtype(np.float32)


def _round(x: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """``x`` rounded to ``dtype`` and back to its computing type (what one op in ``dtype`` gives)."""
    return x.astype(dtype).astype(_compute_type(dtype))


def _use_exp2(op: Operation) -> bool:
    if op.op_name == "iree_linalg_ext.attention":
        return True
    config = op.attr("decomposition_config")
    if isinstance(config, DictAttr):
        flag = dict(config.entries).get("use_exp2")
        if isinstance(flag, BoolAttr):
            return bool(flag.value)
    return True


def _region(op: Operation) -> Block:
    if not op.regions or not op.regions[0].blocks:
        raise unsupported(op, "it has no region")
    return op.regions[0].blocks[0]


def _modify_scores(ctx: Context, op: Operation, s: np.ndarray) -> np.ndarray:
    """The op's region applied to every score."""
    block = _region(op)
    body = [o for o in block.ops if o.op_name != "iree_linalg_ext.yield"]
    term = block.ops[-1] if block.ops else None
    if not body and term is not None and list(term.operands) == list(block.args[:1]):
        return s  # the identity region
    env = Env(ctx.env)
    env.bind(block.args[0], s)
    (y,) = run_ops(ctx, block, env)
    return np.broadcast_to(np.asarray(y, dtype=s.dtype), s.shape)


@register_op("iree_linalg_ext.index")
def _index(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    raise unsupported(
        op,
        "IREE's code reads tile-local indices here (its tiling of attention does not offset"
        " iree_linalg_ext.index), which depend on its tile sizes",
    )


def _scores(ctx: Context, op: Operation, lay: Layout, args: list[Any], s_type: np.dtype) -> np.ndarray:
    """``S`` after scaling, score modification and masking, laid out ``(B, M, K2)``."""
    q, k = np.asarray(args[0]), np.asarray(args[1])
    scale = np.asarray(args[3])
    exp2 = _use_exp2(op)
    if exp2:
        scale = (scale * scale.dtype.type(LOG2E)).astype(scale.dtype)
    ct = _compute_type(s_type)
    low = q.dtype.itemsize <= 1
    qc = q.astype(_compute_type(q.dtype))
    if not low:
        qc = _round(qc * scale.astype(q.dtype).astype(qc.dtype), q.dtype)
    s_letters = "".join(chr(ord("a") + d) for d in lay.s_dims)
    spec = f"{_letters(op, lay.q)},{_letters(op, lay.k)}->{s_letters}"
    s = _round(np.einsum(spec, qc.astype(ct), k.astype(ct)), s_type)
    s = _modify_scores(ctx, op, s)
    if low:
        largest = float(np.finfo(q.dtype).max) if np.issubdtype(q.dtype, np.floating) else 1.0
        s = _round(s * scale.astype(s_type).astype(ct), s_type)
        s = _round(s + ct.type(1.0 / largest), s_type)
    if lay.mask is not None:
        mask = _to_dims(op, np.asarray(args[4]), lay.mask, lay.s_dims)
        if np.issubdtype(mask.dtype, np.integer) or mask.dtype == np.bool_:
            add = np.where((mask.astype(np.int64) & 1).astype(bool), ct.type(0), ct.type(-np.inf))
        else:
            add = _round(mask.astype(ct), s_type)
            if exp2:
                add = _round(add * ct.type(LOG2E), s_type)
        s = _round(s + add, s_type)
    return s


def _pv(op: Operation, lay: Layout, p: np.ndarray, v: np.ndarray, out_type: np.dtype) -> np.ndarray:
    """``P @ V`` in the output map's layout, accumulated in the output's type."""
    if np.issubdtype(v.dtype, np.floating) and p.dtype != v.dtype:
        p = p.astype(v.dtype)
    ct = _compute_type(out_type)
    s_letters = "".join(chr(ord("a") + d) for d in lay.s_dims)
    spec = f"{s_letters},{_letters(op, lay.v)}->{_letters(op, lay.outs[0])}"
    return np.einsum(spec, p.astype(ct), v.astype(ct))


def _k2_axes(lay: Layout) -> tuple[int, ...]:
    return tuple(range(len(lay.batch) + len(lay.m), len(lay.s_dims)))


def _row_dims(lay: Layout) -> tuple[int, ...]:
    return lay.batch + lay.m


def _from_rows(op: Operation, rows: np.ndarray, lay: Layout, amap: AffineMap) -> np.ndarray:
    """A per-row array laid out ``(B, M)`` in the layout of ``amap``."""
    return np.transpose(rows, [_row_dims(lay).index(d) for d in _dims(op, amap)])


def _exp(x: np.ndarray, exp2: bool) -> np.ndarray:
    return np.exp2(x) if exp2 else np.exp(x)


@register_op("iree_linalg_ext.attention")
def _attention(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    lay = _layout(op, 1)
    out = np.asarray(args[-1])
    f32 = np.dtype(np.float32)
    with np.errstate(invalid="ignore", over="ignore"):
        s = _scores(ctx, op, lay, args, f32)
        k2 = _k2_axes(lay)
        mx = np.maximum(np.max(s, axis=k2, keepdims=True), np.finfo(np.float32).min)
        p = np.exp2(s - mx)
        p = p / np.sum(p, axis=k2, keepdims=True)
        o = _pv(op, lay, p, np.asarray(args[2]), out.dtype)
    return [o.astype(out.dtype)]


@register_op("iree_linalg_ext.online_attention")
def _online_attention(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    lay = _layout(op, 3)
    acc, old_max, old_sum = (np.asarray(a) for a in args[-3:])
    exp2 = _use_exp2(op)
    with np.errstate(invalid="ignore", over="ignore"):
        s = _scores(ctx, op, lay, args, acc.dtype)
        k2 = _k2_axes(lay)
        rows = _row_dims(lay)
        ct = _compute_type(old_max.dtype)
        m_old = _to_dims(op, old_max, lay.outs[1], rows).astype(ct)
        m_new = _round(np.maximum(m_old, np.max(s, axis=k2).astype(ct)), old_max.dtype)
        norm = _round(_exp(m_old - m_new, exp2), old_max.dtype)
        p = _round(_exp(s - m_new.reshape(m_new.shape + (1,) * len(k2)), exp2), acc.dtype)
        s_old = _to_dims(op, old_sum, lay.outs[2], rows).astype(_compute_type(old_sum.dtype))
        s_new = _round(s_old * norm + np.sum(p, axis=k2), old_sum.dtype)
        out_dims = _dims(op, lay.outs[0])
        norm_o = _to_dims(op, norm, AffineMap(lay.q.num_dims, 0, tuple(AffineDim(d) for d in rows)), out_dims)
        acc_c = _round(acc.astype(_compute_type(acc.dtype)) * norm_o, acc.dtype)
        o = acc_c + _pv(op, lay, p, np.asarray(args[2]), acc.dtype)
    return [
        o.astype(acc.dtype),
        _from_rows(op, m_new, lay, lay.outs[1]).astype(old_max.dtype),
        _from_rows(op, s_new, lay, lay.outs[2]).astype(old_sum.dtype),
    ]


@register_shape("iree_linalg_ext.attention", "iree_linalg_ext.online_attention")
def _attention_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    n_outs = 1 if op.op_name == "iree_linalg_ext.attention" else 3
    lay = _layout(op, n_outs)
    bounds: dict[int, int] = {}
    for amap, a in zip((lay.q, lay.k, lay.v), args[:3]):
        for d, size in zip(_dims(op, amap), a.shape):
            bounds[d] = int(size)
    size = lambda dims: int(np.prod([bounds.get(d, 1) for d in dims], dtype=np.int64))  # noqa: E731
    rows, k2 = size(lay.batch + lay.m), size(lay.k2)
    # Two contractions (a multiply and an add each), and per score: scale, max, subtract, exp, sum, divide.
    ctx.flops += 2 * rows * k2 * (size(lay.k1) + size(lay.n)) + 6 * rows * k2
    outs = args[len(args) - n_outs :]
    if any(not isinstance(o, Abstract | np.ndarray) for o in outs):
        raise DispatchError(f"{op.describe()}: an output is not a tensor")
    return [Abstract(tuple(o.shape), o.dtype) for o in outs]


__all__ = ["RULES"]
