"""Rules for ``iree_linalg_ext`` ops that frontends emit: sort, topk, scan, scatter, gather, arg_compare, fft.

Each follows the scalar semantics IREE gives the op (its ``generateScalarImplementation``), evaluated with
the op's region run on numpy arrays, so that every loop not carried by the op's own order is vectorised:

- ``sort`` orders the slices along ``dimension`` by the comparator (``cmp(a, b)``: a goes before b),
  all operands by the same permutation. The permutation comes from the comparator on every pair of a
  slice (ranks), ties kept in their original order. (IREE's CPU code is a bubble sort that also swaps
  equal neighbours; for a single operand, or keys without ties, the results are the same.)
- ``topk`` inserts each input element in turn into the ``k`` output slots, as IREE's loop does: an
  element displaces a slot when the comparator prefers it, and between equal values the lower index
  wins the index slot. A comparator that is a plain ``cmpf``/``cmpi`` of its two arguments takes a
  sorting fast path with the same result.
- ``scan`` runs the combiner along ``dimension``: inclusive ``out[0] = in[0]``, exclusive
  ``out[0] = acc``; then ``out[i] = f(out[i-1], in[i])`` (inclusive) or ``f(out[i-1], in[i-1])``; the
  accumulator result is the last element computed (the init when the dimension has one element).
- ``scatter`` applies the region ``f(update, original)`` for each batch position in order (repeated
  indices accumulate); ``gather`` reads the source slices the indices name.

- ``fft`` is one Cooley-Tukey stage (butterflies of blocks of ``2^stage`` along the last dim), as
  StableHLO's ``fft`` becomes a bit-reversal gather and one ``fft`` op per stage.
- ``arg_compare`` walks the reduction dimension keeping the best value and its index: a candidate
  replaces the best when ``cmp(candidate, best)`` holds (indices from an index input, or the position
  plus ``index_base``).

A scatter index out of range is written where IREE's code (no bounds check) writes it: past the result,
into the binding it is stored to (:mod:`~simulator.dispatch.unchecked`; an error when that leaves the
binding). A gather index out of range raises :class:`~simulator.errors.DispatchError` (IREE reads
undefined memory).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ir.attributes import BoolAttr, DenseArrayAttr, IntegerAttr
from ir.core import Block, Operation
from simulator.dispatch.interpreter import run_ops
from simulator.dispatch.registry import Abstract, Context, DispatchRules, Env, unsupported
from simulator.dispatch.unchecked import scatter_in_binding
from simulator.errors import DispatchError

RULES = DispatchRules.named("dispatch.linalg_ext")
register_op = RULES.impls.register
register_shape = RULES.shapes.register

#: Above this many comparator evaluations per slice, sort and topk want a simple comparator.
PAIRWISE_LIMIT = 1 << 22
# Comparisons (sweeps x steps x rows) up to which a sort with unordered pairs is run as IREE runs it.
BUBBLE_LIMIT = 1 << 20


def _int(op: Operation, name: str) -> int:
    attr = op.attr(name)
    if not isinstance(attr, IntegerAttr):
        raise unsupported(op, f"attribute {name} is missing")
    return int(attr.value)


def _region(op: Operation) -> Block:
    if not op.regions or not op.regions[0].blocks:
        raise unsupported(op, "it has no region")
    return op.regions[0].blocks[0]


def _call(ctx: Context, block: Block, values: list[Any]) -> list[Any]:
    """Run ``block`` with its arguments bound to ``values`` (arrays broadcast together)."""
    env = Env(ctx.env)
    for arg, v in zip(block.args, values):
        env.bind(arg, v)
    return run_ops(ctx, block, env)


def _outs(op: Operation) -> int:
    return len(op.results)


# --- sort -------------------------------------------------------------------------------------------


def _simple_compare(block: Block, *, strict_only: bool = False) -> str | None:
    """``"lt"``/``"gt"`` when the comparator is one cmpf/cmpi of (lhs, rhs) of its first operand, or
    ``"le"``/``"ge"`` for the non-strict predicates (which only ``strict_only`` callers refuse)."""
    ops = [o for o in block.ops if o.op_name != "iree_linalg_ext.yield"]
    if len(ops) != 1 or ops[0].op_name not in ("arith.cmpf", "arith.cmpi") or len(block.args) < 2:
        return None
    cmp = ops[0]
    term = block.ops[-1]
    if term.op_name != "iree_linalg_ext.yield" or list(term.operands) != [cmp.results[0]]:
        return None
    pred = cmp.attr("predicate")
    if not isinstance(pred, IntegerAttr) or list(cmp.operands) not in (
        [block.args[0], block.args[1]],
        [block.args[1], block.args[0]],
    ):
        return None
    swapped = cmp.operands[0] is block.args[1]
    # arith.cmpf: 2 ogt, 3 oge, 4 olt, 5 ole (ordered); arith.cmpi: 2 slt, 3 sle, 4 sgt, 5 sge (unsigned
    # orders would need the unsigned view: they take the general path).
    table = {
        "arith.cmpf": {2: "gt", 3: "ge", 4: "lt", 5: "le"},
        "arith.cmpi": {2: "lt", 3: "le", 4: "gt", 5: "ge"},
    }
    kind = table[cmp.op_name].get(pred.value)
    if kind is None or (strict_only and kind in ("le", "ge")):
        return None
    if swapped:
        kind = {"gt": "lt", "lt": "gt", "ge": "le", "le": "ge"}[kind]
    return kind


def _has_nan(a: np.ndarray) -> bool:
    """NaNs compare false both ways, which a sorting fast path would not reproduce."""
    return bool(np.issubdtype(a.dtype, np.floating) and np.isnan(a).any())


def _stable_order(keys: np.ndarray, kind: str) -> np.ndarray:
    """Stable argsort along the last axis, ascending (``lt``/``le``) or descending, ties in order."""
    if kind in ("lt", "le"):
        return np.argsort(keys, axis=-1, kind="stable")
    n = keys.shape[-1]
    rev = np.argsort(keys[..., ::-1], axis=-1, kind="stable")[..., ::-1]
    return (n - 1 - rev).astype(np.int64)


def _has_ties(keys: np.ndarray) -> bool:
    s = np.sort(keys, axis=-1)
    return bool(np.any(s[..., 1:] == s[..., :-1]))


def _bubble_order(keep: np.ndarray) -> np.ndarray:
    """The permutation IREE's sort leaves along the last axis: ``n`` bubble sweeps, each comparing
    positions ``j`` and ``j + 1`` for ``j`` from 0 and swapping them unless the comparator holds for
    (``x[j]``, ``x[j + 1]``). ``keep[..., a, b]``: the comparator on the elements first at ``a`` and ``b``.
    Elements the comparator does not order (equal keys under ``<``, NaNs) are swapped whenever compared,
    so the result is IREE's, not a stable sort's."""
    n = keep.shape[-1]
    flat = keep.reshape(-1, n, n)
    perm = np.tile(np.arange(n), (flat.shape[0], 1))
    rows = np.arange(flat.shape[0])
    for _ in range(n):
        for j in range(n - 1):
            left, right = perm[:, j].copy(), perm[:, j + 1].copy()
            swap = ~flat[rows, left, right]
            perm[swap, j], perm[swap, j + 1] = right[swap], left[swap]
    return perm.reshape(*keep.shape[:-2], n)


def _pairwise_order(ctx: Context, op: Operation, block: Block, operands: list[np.ndarray]) -> np.ndarray:
    """The permutation sorting the last axis of ``operands`` by the comparator, from all pairs."""
    n = operands[0].shape[-1]
    args: list[Any] = []
    for x in operands:
        args += [x[..., :, None], x[..., None, :]]
    (keep,) = _call(ctx, block, args)
    keep = np.broadcast_to(np.asarray(keep, dtype=bool), (*operands[0].shape[:-1], n, n))
    if n * n * max(1, keep.size // (n * n)) <= BUBBLE_LIMIT and bool(
        np.any(~keep & ~np.swapaxes(keep, -1, -2))
    ):
        # pairs the comparator leaves unordered both ways: IREE's sweeps swap them when they meet
        return _bubble_order(keep)
    # i goes before j when the comparator keeps (i, j) but not (j, i); a non-strict comparator (oge)
    # holds both ways on ties, which IREE's bubble sort leaves in order.
    less = keep & ~np.swapaxes(keep, -1, -2)
    before = np.sum(less, axis=-2)  # how many j go before i
    tie = ~less & ~np.swapaxes(less, -1, -2)
    earlier = np.tril(np.ones((n, n), dtype=bool), -1)  # j < i
    rank = before + np.sum(tie & earlier, axis=-1)
    order = np.argsort(rank, axis=-1, kind="stable")
    if not np.array_equal(np.sort(rank, axis=-1), np.broadcast_to(np.arange(n), rank.shape)):
        raise DispatchError(f"{op.describe()}: the comparator is not a strict weak order on this data")
    return order


@register_op("iree_linalg_ext.sort")
def _sort(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    dim = _int(op, "dimension")
    outs = [np.asarray(a) for a in args[len(args) - _outs(op) :]]
    block = _region(op)
    moved = [np.moveaxis(a, dim, -1) for a in outs]
    n = moved[0].shape[-1] if moved[0].ndim else 0
    if n <= 1:
        return [a.copy() for a in outs]
    kind = _simple_compare(block) if not _has_nan(moved[0]) else None
    if kind is not None and (kind in ("le", "ge") or not _has_ties(moved[0])):
        order = _stable_order(moved[0], kind)
    elif kind is not None and n * n * max(1, moved[0].size // n) <= BUBBLE_LIMIT:
        # Equal keys under a strict comparator: IREE's bubble sort swaps them whenever it compares them.
        keys = moved[0]
        lhs, rhs = keys[..., :, None], keys[..., None, :]
        order = _bubble_order(lhs < rhs if kind == "lt" else lhs > rhs)
    elif n * n <= PAIRWISE_LIMIT:
        order = _pairwise_order(ctx, op, block, moved)
    else:
        raise unsupported(op, f"a general comparator over {n} elements (more than {PAIRWISE_LIMIT} pairs)")
    return [np.moveaxis(np.take_along_axis(a, order, axis=-1), -1, dim) for a in moved]


# --- topk -------------------------------------------------------------------------------------------


@register_op("iree_linalg_ext.topk")
def _topk(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    dim = _int(op, "dimension")
    n_in = len(args) - 2
    values = np.moveaxis(np.asarray(args[0]), dim, -1)
    n = values.shape[-1]
    if n_in > 1:
        indices = np.moveaxis(np.asarray(args[1]), dim, -1)
    else:
        indices = np.broadcast_to(np.arange(n, dtype=np.int32), values.shape)
    out_v = np.moveaxis(np.array(args[-2], copy=True), dim, -1)
    out_i = np.moveaxis(np.array(args[-1], copy=True), dim, -1)
    k = out_v.shape[-1]
    block = _region(op)
    nan = _has_nan(values) or _has_nan(out_v)
    kind = _simple_compare(block, strict_only=True) if not nan else None
    if kind is not None:
        # The insertion loop keeps the k best of (slots, inputs) by the comparator, ties by index.
        all_v = np.concatenate([out_v, values.astype(out_v.dtype)], axis=-1)
        all_i = np.concatenate([out_i, indices.astype(out_i.dtype)], axis=-1)
        by_index = np.argsort(all_i, axis=-1, kind="stable")
        v_sorted = np.take_along_axis(all_v, by_index, axis=-1)
        order = np.take_along_axis(by_index, _stable_order(v_sorted, kind), axis=-1)[..., :k]
        out_v, out_i = np.take_along_axis(all_v, order, axis=-1), np.take_along_axis(all_i, order, axis=-1)
    elif 2 * n * k <= PAIRWISE_LIMIT:
        for j in range(n):
            carry_v, carry_i = values[..., j].astype(out_v.dtype), indices[..., j].astype(out_i.dtype)
            for s in range(k):
                slot_v, slot_i = out_v[..., s], out_i[..., s]
                (fwd,) = _call(ctx, block, [carry_v, slot_v])
                (rev,) = _call(ctx, block, [slot_v, carry_v])
                fwd, rev = np.asarray(fwd, dtype=bool), np.asarray(rev, dtype=bool)
                take_i = fwd | ((fwd == rev) & (carry_i < slot_i))
                out_v[..., s], carry_v = np.where(fwd, carry_v, slot_v), np.where(fwd, slot_v, carry_v)
                out_i[..., s], carry_i = np.where(take_i, carry_i, slot_i), np.where(take_i, slot_i, carry_i)
    else:
        raise unsupported(op, f"a general comparator over {n} x {k} elements")
    return [np.moveaxis(out_v, -1, dim), np.moveaxis(out_i, -1, dim)]


# --- scan -------------------------------------------------------------------------------------------


@register_op("iree_linalg_ext.scan")
def _scan(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    dim = _int(op, "dimension")
    attr = op.attr("inclusive")
    inclusive = bool(attr.value) if isinstance(attr, BoolAttr | IntegerAttr) else False
    x = np.moveaxis(np.asarray(args[0]), dim, 0)
    out = np.moveaxis(np.array(args[-2], copy=True), dim, 0)
    acc = np.array(args[-1], copy=True)
    n = x.shape[0]
    block = _region(op)
    if n == 0:
        return [np.moveaxis(out, 0, dim), acc]
    out[0] = x[0] if inclusive else acc
    for i in range(1, n):
        (y,) = _call(ctx, block, [out[i - 1], x[i] if inclusive else x[i - 1]])
        out[i] = y
    if n > 1:
        acc = np.array(out[n - 1], dtype=acc.dtype).reshape(acc.shape)
    return [np.moveaxis(out, 0, dim), acc]


# --- arg_compare ------------------------------------------------------------------------------------


def _segments(op: Operation, n: int) -> list[int]:
    attr = op.attr("operandSegmentSizes")
    if isinstance(attr, DenseArrayAttr) and len(attr.values) == n:
        return [int(v) for v in attr.values]
    raise unsupported(op, "operandSegmentSizes is missing")


@register_op("iree_linalg_ext.arg_compare")
def _arg_compare(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    dim = _int(op, "dimension")
    seg = _segments(op, 5)  # input_value, input_index?, output_value, output_index, index_base?
    it = iter(args)
    groups = [[next(it) for _ in range(k)] for k in seg]
    x = np.moveaxis(np.asarray(groups[0][0]), dim, -1)
    best_v = np.array(groups[2][0], copy=True)
    best_i = np.array(groups[3][0], copy=True)
    n = x.shape[-1]
    if groups[1]:
        cand_i = np.moveaxis(np.asarray(groups[1][0]), dim, -1).astype(best_i.dtype)
    else:
        base = int(groups[4][0]) if groups[4] else 0
        cand_i = np.broadcast_to(np.arange(base, base + n).astype(best_i.dtype), x.shape)
    block = _region(op)
    kind = _simple_compare(block) if not (_has_nan(x) or _has_nan(best_v)) else None
    if kind is not None and n:
        # A strict comparison keeps the first of equal candidates and the init unless beaten; a
        # non-strict one takes the last, and beats an equal init.
        find = np.argmax if kind in ("gt", "ge") else np.argmin
        pick = find(x, axis=-1) if kind in ("gt", "lt") else n - 1 - find(x[..., ::-1], axis=-1)
        top = np.take_along_axis(x, pick[..., None], axis=-1)[..., 0].astype(best_v.dtype)
        beats = {"gt": top > best_v, "lt": top < best_v, "ge": top >= best_v, "le": top <= best_v}[kind]
        idx = np.take_along_axis(cand_i, pick[..., None], axis=-1)[..., 0]
        return [np.where(beats, top, best_v), np.where(beats, idx, best_i)]
    for j in range(n):
        cand = x[..., j].astype(best_v.dtype)
        (take,) = _call(ctx, block, [cand, best_v])
        take = np.asarray(take, dtype=bool)
        best_v, best_i = np.where(take, cand, best_v), np.where(take, cand_i[..., j], best_i)
    return [best_v, best_i]


# --- scatter and gather -----------------------------------------------------------------------------


def _dimension_map(op: Operation) -> list[int]:
    attr = op.attr("dimension_map")
    if not isinstance(attr, DenseArrayAttr):
        raise unsupported(op, "dimension_map is missing")
    return [int(v) for v in attr.values]


def _starts(
    op: Operation, dim_map: list[int], index: np.ndarray, slice_shape: tuple[int, ...], rank: int
) -> list[Any]:
    """Per dim of the full tensor, what one batch position touches: trailing dims run over the slice
    (``arange``), each mapped dim adds its index (IREE's ``starts``); not checked against the shape."""
    offset = rank - len(slice_shape)
    starts: list[Any] = [None] * offset + [np.arange(s) for s in slice_shape]
    for i, d in enumerate(dim_map):
        v = int(index[i])
        starts[d] = v if starts[d] is None else starts[d] + v
    if any(s is None for s in starts):
        raise unsupported(op, f"dimension_map {dim_map} leaves a leading dimension unindexed")
    return starts


def _outside(starts: list[Any], full: tuple[int, ...]) -> tuple[int, int] | None:
    """(index, dim) of the first coordinate outside ``full``, or None."""
    for d, s in enumerate(starts):
        lo, hi = (int(np.min(s)), int(np.max(s))) if isinstance(s, np.ndarray) and s.size else (s, s)
        if isinstance(lo, int) and (lo < 0 or hi >= full[d]):
            return (lo if lo < 0 else hi), d
    return None


def _grid(starts: list[Any]) -> tuple[Any, ...]:
    """``starts`` as a numpy index: the slice dims as open grids (``np.ix_``), the others scalars."""
    mesh = [s for s in starts if isinstance(s, np.ndarray)]
    grids = iter(np.ix_(*mesh)) if mesh else iter(())
    return tuple(next(grids) if isinstance(s, np.ndarray) else s for s in starts)


def _positions(
    op: Operation, dim_map: list[int], index: np.ndarray, slice_shape: tuple[int, ...], full: tuple[int, ...]
) -> tuple[Any, ...]:
    """The numpy index of the elements of ``full`` one batch position touches; raises when out of range."""
    starts = _starts(op, dim_map, index, slice_shape, len(full))
    bad = _outside(starts, full)
    if bad is not None:
        raise DispatchError(f"{op.describe()}: index {bad[0]} is outside dimension {bad[1]} of {full}")
    return _grid(starts)


def _index_rows(indices: np.ndarray, batch_rank: int, depth: int) -> np.ndarray:
    """``indices`` as (batch positions, depth): an index dim of its own, or one index per position."""
    batch = int(np.prod(indices.shape[:batch_rank], dtype=np.int64))
    return indices.reshape(batch, depth if indices.ndim > batch_rank else 1).astype(np.int64)


def _mask_rows(args: list[Any], n_in: int, batch: int) -> np.ndarray | None:
    return np.asarray(args[2]).reshape(batch).astype(bool) if n_in > 2 else None


@register_op("iree_linalg_ext.scatter")
def _scatter(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    dim_map = _dimension_map(op)
    updates, indices = np.asarray(args[0]), np.asarray(args[1])
    out = np.array(args[-1], copy=True)
    slice_rank = out.ndim - len(dim_map)
    batch_rank = updates.ndim - slice_rank
    slice_shape = tuple(updates.shape[batch_rank:])
    rows = _index_rows(indices, batch_rank, len(dim_map))
    flat = updates.reshape(len(rows), *slice_shape)
    mask = _mask_rows(args, len(args) - 1, len(rows))
    block = _region(op)
    todo = [b for b in range(len(rows)) if mask is None or mask[b]]
    starts = [_starts(op, dim_map, rows[b], slice_shape, out.ndim) for b in todo]
    if any(_outside(s, out.shape) is not None for s in starts):
        # IREE writes past the result, into the binding (simulator.dispatch.unchecked).
        def combine(update: np.ndarray, original: np.ndarray) -> np.ndarray:
            return np.asarray(_call(ctx, block, [update, original])[0])

        coords = [(flat[b], _grid(s)) for b, s in zip(todo, starts)]
        return [scatter_in_binding(ctx, op, out, coords, combine)]
    for b, s in zip(todo, starts):
        where = _grid(s)
        (y,) = _call(ctx, block, [flat[b], out[where]])
        out[where] = y
    return [out]


@register_op("iree_linalg_ext.gather")
def _gather(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    dim_map = _dimension_map(op)
    source, indices = np.asarray(args[0]), np.asarray(args[1])
    out = np.array(args[-1], copy=True)
    slice_rank = source.ndim - len(dim_map)
    batch_rank = out.ndim - slice_rank
    slice_shape = tuple(out.shape[batch_rank:])
    rows = _index_rows(indices, batch_rank, len(dim_map))
    flat = out.reshape(len(rows), *slice_shape)
    mask = _mask_rows(args, len(args) - 1, len(rows))
    for b, index in enumerate(rows):
        if mask is None or mask[b]:
            flat[b] = source[_positions(op, dim_map, index, slice_shape, source.shape)]
    return [flat.reshape(out.shape)]


# --- fft ----------------------------------------------------------------------------------------------


@register_op("iree_linalg_ext.fft")
def _fft(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    """One Cooley-Tukey stage ``s`` along the last dim, in place on (real, imag): for each block of
    ``m = 2^s`` and ``j < m/2``, ``t = w_j * a[k+j+m/2]``, ``a[k+j] = u + t``, ``a[k+j+m/2] = u - t`` with
    ``u = a[k+j]``, in IREE's operation order (four products, then sums). ``w_j`` is the coefficient
    operands' element ``j``, or ``exp(-2 pi i j / m)`` computed in f32 when there are none."""
    stage = int(args[0])
    real, imag = (np.array(a, copy=True) for a in args[-2:])
    n, m = real.shape[-1], 1 << stage
    if m < 2 or n % m:
        raise DispatchError(f"{op.describe()}: stage {stage} does not split the last dim {n}")
    half = m >> 1
    dt = real.dtype.type
    if len(args) == 5:
        w_re, w_im = np.asarray(args[1], real.dtype), np.asarray(args[2], real.dtype)
    else:
        w = dt(-2 * np.arccos(-1.0)) / dt(m) * np.arange(half, dtype=real.dtype)
        w_re, w_im = np.cos(w), np.sin(w)
    blocks = (*real.shape[:-1], n // m, m)
    re, im = real.reshape(blocks), imag.reshape(blocks)
    l_re, l_im, r_re, r_im = re[..., :half], im[..., :half], re[..., half:], im[..., half:]
    t_re = w_re * r_re - w_im * r_im
    t_im = w_re * r_im + w_im * r_re
    out_re = np.concatenate([l_re + t_re, l_re - t_re], axis=-1)
    out_im = np.concatenate([l_im + t_im, l_im - t_im], axis=-1)
    return [out_re.reshape(real.shape), out_im.reshape(imag.shape)]


# --- analysis -----------------------------------------------------------------------------------------


@register_shape(
    "iree_linalg_ext.sort",
    "iree_linalg_ext.topk",
    "iree_linalg_ext.scan",
    "iree_linalg_ext.scatter",
    "iree_linalg_ext.gather",
    "iree_linalg_ext.arg_compare",
    "iree_linalg_ext.fft",
)
def _ext_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    outs = args[len(args) - _outs(op) :]
    sizes = [int(np.prod(a.shape, dtype=np.int64)) for a in args if isinstance(a, Abstract | np.ndarray)]
    n = max(sizes, default=0)
    if op.op_name == "iree_linalg_ext.sort" and outs:
        dim = _int(op, "dimension")
        length = max(int(outs[0].shape[dim]), 2)
        n = n * int(np.ceil(np.log2(length)))  # comparisons of a sort
    ctx.flops += n
    return [Abstract(tuple(o.shape), o.dtype) for o in outs]


__all__ = ["PAIRWISE_LIMIT", "RULES"]
