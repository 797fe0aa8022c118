"""``tensor`` ops on numpy arrays: empty, slices, reshapes, pads, concatenation, element access.

Tensors have value semantics: no op writes into an operand; ``insert_slice`` copies its destination.
Static and dynamic offsets, sizes and strides mix as in MLIR (the dynamic sentinel in ``static_*`` takes
the next dynamic operand). Each op with a dynamic result shape also has a shape rule for the analysis.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ir.attributes import ArrayAttr, IntegerAttr
from ir.core import Operation
from ir.types import TensorType, numpy_dtype
from simulator.dispatch.bindings import (
    as_int,
    mixed,
    rank_reduced_shape,
    resolve_shape,
    split_segments,
    static_list,
)
from simulator.dispatch.registry import UNKNOWN, Abstract, Context, DispatchRules, splat, unsupported
from simulator.errors import DispatchError

RULES = DispatchRules.named("dispatch.tensors")
register_op = RULES.impls.register
register_shape = RULES.shapes.register


def _result_type(op: Operation) -> TensorType:
    t = op.results[0].type
    if not isinstance(t, TensorType):
        raise unsupported(op, f"result type {t} is not a ranked tensor")
    return t


def _new(op: Operation, shape: tuple[int, ...], like: Any = None) -> Abstract:
    return Abstract(shape, numpy_dtype(_result_type(op).element_type))


@register_op("tensor.empty")
def _empty(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    t, dtype = ctx.plan(op, lambda o: (_result_type(o), numpy_dtype(_result_type(o).element_type)), "empty")
    # Contents are undefined in MLIR; zeros keep runs deterministic. A read-only broadcast of one zero
    # costs no memory (no op writes a tensor in place).
    return [splat(0, dtype, tuple(t.shape) if not args else resolve_shape(op, t, args))]


@register_shape("tensor.empty")
def _empty_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    return [_new(op, resolve_shape(op, _result_type(op), args))]


def _slices(op: Operation, shape: tuple[int, ...], offs: list[Any], sizes: list[Any], strides: list[Any]):  # type: ignore[no-untyped-def]
    o = mixed(op, static_list(op, "static_offsets"), offs)
    n = mixed(op, static_list(op, "static_sizes"), sizes)
    s = mixed(op, static_list(op, "static_strides"), strides)
    if not (len(o) == len(n) == len(s) == len(shape)):
        raise unsupported(op, f"slice rank does not match the tensor's shape {shape}")
    for oo, nn, ss, full in zip(o, n, s, shape):
        if nn < 0 or ss < 1 or oo < 0 or (nn > 0 and oo + (nn - 1) * ss >= full):
            raise DispatchError(
                f"{op.describe()}: slice offsets {o} sizes {n} strides {s} leave shape {shape}"
            )
    return tuple(slice(oo, oo + (nn - 1) * ss + 1 if nn else oo, ss) for oo, nn, ss in zip(o, n, s)), n


@register_op("tensor.extract_slice")
def _extract_slice(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    src, offs, sizes, strides = split_segments(op, args)
    sl, n = _slices(op, src[0].shape, offs, sizes, strides)
    return [src[0][sl].reshape(rank_reduced_shape(op, n, _result_type(op)))]


@register_shape("tensor.extract_slice")
def _extract_slice_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    src, offs, sizes, strides = split_segments(op, args)
    _, n = _slices(op, tuple(src[0].shape), offs, sizes, strides)
    return [_new(op, rank_reduced_shape(op, n, _result_type(op)))]


@register_op("tensor.insert_slice")
def _insert_slice(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    src, dest, offs, sizes, strides = split_segments(op, args)
    sl, n = _slices(op, dest[0].shape, offs, sizes, strides)
    out = np.array(dest[0], copy=True)
    out[sl] = np.asarray(src[0]).reshape(n)
    return [out]


@register_shape("tensor.insert_slice", "tensor.cast", "tensor.insert")
def _same_as_operand_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    i = 1 if op.op_name in ("tensor.insert_slice", "tensor.insert") else 0
    return [_new(op, tuple(args[i].shape))]


def _reassociation(op: Operation) -> list[list[int]]:
    attr = op.attr("reassociation")
    if not isinstance(attr, ArrayAttr):
        raise unsupported(op, "reassociation is missing")
    groups = []
    for g in attr.elements:
        if not isinstance(g, ArrayAttr) or not all(isinstance(e, IntegerAttr) for e in g.elements):
            raise unsupported(op, f"reassociation group {g}")
        groups.append([e.value for e in g.elements])  # type: ignore[attr-defined]
    return groups


def _collapsed(op: Operation, shape: tuple[int, ...]) -> tuple[int, ...]:
    out = []
    for g in _reassociation(op):
        n = 1
        for d in g:
            n *= shape[d]
        out.append(n)
    return tuple(out)


@register_op("tensor.collapse_shape")
def _collapse(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    return [args[0].reshape(_collapsed(op, args[0].shape))]


@register_shape("tensor.collapse_shape")
def _collapse_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    return [_new(op, _collapsed(op, tuple(args[0].shape)))]


def _expanded(op: Operation, args: list[Any]) -> tuple[int, ...]:
    if op.attr("static_output_shape") is not None:
        return tuple(mixed(op, static_list(op, "static_output_shape"), args[1:]))
    t = _result_type(op)
    if t.has_static_shape:
        return tuple(t.shape or ())
    raise unsupported(op, "dynamic expand_shape without output_shape")


@register_op("tensor.expand_shape")
def _expand(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    return [args[0].reshape(_expanded(op, args))]


@register_shape("tensor.expand_shape")
def _expand_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    return [_new(op, _expanded(op, args))]


@register_op("tensor.cast")
def _cast(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    t = _result_type(op)
    if t.shape is not None and any(d >= 0 and d != s for d, s in zip(t.shape, args[0].shape)):
        raise DispatchError(f"{op.describe()}: cannot cast a tensor of shape {args[0].shape} to {t}")
    return [args[0]]


@register_op("tensor.dim")
@register_shape("tensor.dim")
def _dim(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    return [np.int64(args[0].shape[as_int(op, args[1])])]


@register_op("tensor.extract")
def _extract(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    """One element, or, inside a vectorised linalg body, a gather: the indices are whole arrays."""
    src = args[0]
    index = tuple(np.asarray(i) for i in args[1:])
    if ctx.speculative and src.size:
        # In a branch the element does not take (simulator.dispatch.control): its value is discarded.
        index = tuple(np.clip(i, 0, n - 1) for i, n in zip(index, src.shape))
    for d, i in enumerate(index):
        if i.size and (i.min() < 0 or i.max() >= src.shape[d]):
            bad = int(i.min()) if i.min() < 0 else int(i.max())
            raise DispatchError(f"{op.describe()}: index {bad} outside dim {d} of size {src.shape[d]}")
    out = src[index]
    return [out[()] if isinstance(out, np.ndarray) and out.ndim == 0 else out]


@register_shape("tensor.extract")
def _extract_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    return [UNKNOWN]


@register_op("tensor.insert")
def _insert(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    out = np.array(args[1], copy=True)
    out[tuple(int(i) for i in args[2:])] = args[0]
    return [out]


@register_op("tensor.from_elements")
def _from_elements(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    t = _result_type(op)
    return [np.array(args, dtype=numpy_dtype(t.element_type)).reshape(tuple(t.shape or ()))]


@register_op("tensor.splat")
def _splat(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    t = _result_type(op)
    return [np.full(resolve_shape(op, t, args[1:]), args[0], dtype=numpy_dtype(t.element_type))]


@register_shape("tensor.splat")
def _splat_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    return [_new(op, resolve_shape(op, _result_type(op), args[1:]))]


def _pads(op: Operation, args: list[Any]) -> tuple[list[int], list[int]]:
    _src, low, high = split_segments(op, args)
    return mixed(op, static_list(op, "static_low"), low), mixed(op, static_list(op, "static_high"), high)


@register_op("tensor.pad")
def _pad(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    from simulator.dispatch.interpreter import run_ops
    from simulator.dispatch.registry import Env

    lo, hi = _pads(op, args)
    block = op.regions[0].blocks[0] if op.regions and op.regions[0].blocks else None
    if block is None:
        raise unsupported(op, "the pad has no region")
    src = args[0]
    if any(p < 0 for p in lo + hi):
        raise DispatchError(f"{op.describe()}: negative padding {lo} {hi}")
    shape = tuple(s + a + b for s, a, b in zip(src.shape, lo, hi))
    env = Env(ctx.env)
    if any(a.uses for a in block.args):
        # The padding value depends on the position: the region runs once over every index of the result
        # (each block argument a broadcastable array of its dim's indices), as the vectorised linalg
        # bodies do; only the positions outside the source keep it.
        for d, a in enumerate(block.args):
            env[a] = np.arange(shape[d], dtype=np.int64).reshape(
                [-1 if k == d else 1 for k in range(len(shape))]
            )
    value = run_ops(ctx, block, env)[0]
    out = np.empty(shape, dtype=src.dtype)
    out[...] = np.broadcast_to(np.asarray(value).astype(src.dtype, copy=False), shape)
    out[tuple(slice(a, a + s) for a, s in zip(lo, src.shape))] = src
    return [out]


@register_shape("tensor.pad")
def _pad_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    lo, hi = _pads(op, args)
    return [_new(op, tuple(s + a + b for s, a, b in zip(args[0].shape, lo, hi)))]


def _concat_dim(op: Operation) -> int:
    attr = op.attr("dim")
    if not isinstance(attr, IntegerAttr):
        raise unsupported(op, "dim is missing")
    return attr.value


@register_op("tensor.concat")
def _concat(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    return [np.concatenate(args, axis=_concat_dim(op))]


@register_shape("tensor.concat")
def _concat_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    d = _concat_dim(op)
    shape = list(args[0].shape)
    shape[d] = sum(a.shape[d] for a in args)
    return [_new(op, tuple(shape))]


@register_op("tensor.bitcast")
def _bitcast(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    return [np.ascontiguousarray(args[0]).view(numpy_dtype(_result_type(op).element_type))]


@register_op("tensor.reshape")
def _reshape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    return [args[0].reshape(tuple(int(v) for v in args[1]))]
