"""``linalg`` ops: ``linalg.generic`` and the named ops IREE produces, each reduced to a structured spec.

Named contractions (``matmul``, ``batch_matmul``, ``matvec``, ``vecmat``, ``dot``, their transposed
variants, ``batch_reduce_matmul``, ``contract``), convolutions and poolings get their indexing maps from
their attributes (``indexing_maps`` when printed, else the op's definition; ``strides``, ``dilations``)
and run on the structured engine with the body region MLIR's generic form carries (or, without one, the
op's defining body: multiply-add after casting the inputs to the init's type). ``fill``, ``copy``,
``transpose``, ``broadcast`` and ``softmax`` are direct numpy.

Costs (the ``SHAPES`` rules) count, per iteration of the op's loop nest, 1 flop per ``arith``/``math``
op in the body, casts and constants excepted: a matmul's ``mulf`` + ``addf`` is 2 flops per
multiply-add.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from ir.affine import AffineConstant, AffineDim, AffineMap, parse_affine_map
from ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    DenseArrayAttr,
    DenseElementsAttr,
    DialectAttr,
    IntegerAttr,
)
from ir.core import Block, Operation
from ir.types import DYNAMIC
from simulator.dispatch.iteration_space import loop_bounds
from simulator.dispatch.registry import Abstract, Context, DispatchRules, splat, unsupported
from simulator.dispatch.structured import Spec, run_structured, structured_flops

RULES = DispatchRules.named("dispatch.linalg")
register_op = RULES.impls.register
register_shape = RULES.shapes.register

# --- specs ----------------------------------------------------------------------------------------


def _body(op: Operation) -> Block | None:
    if op.regions and op.regions[0].blocks and op.regions[0].blocks[0].ops:
        return op.regions[0].blocks[0]
    return None


def n_inputs(op: Operation) -> int:
    attr = op.attr("operandSegmentSizes")
    if isinstance(attr, DenseArrayAttr) and len(attr.values) == 2:
        return int(attr.values[0])
    return len(op.operands) - len(op.results) if op.results else len(op.operands) - 1


def _maps_attr(op: Operation) -> tuple[AffineMap, ...] | None:
    attr = op.attr("indexing_maps")
    if not isinstance(attr, ArrayAttr):
        return None
    maps = []
    for a in attr.elements:
        if not isinstance(a, AffineMapAttr):
            raise unsupported(op, f"indexing map {a} is not an affine map")
        maps.append(a.value)
    return tuple(maps)


def _iterators_attr(op: Operation) -> tuple[str, ...]:
    attr = op.attr("iterator_types")
    if not isinstance(attr, ArrayAttr):
        raise unsupported(op, "iterator_types is missing")
    out = []
    for a in attr.elements:
        body = a.body if isinstance(a, DialectAttr) else getattr(a, "value", None)
        if body not in ("parallel", "reduction"):
            raise unsupported(op, f"iterator type {a}")
        out.append(str(body))
    return tuple(out)


def _derived_iterators(maps: tuple[AffineMap, ...]) -> tuple[str, ...]:
    out_dims = {d for d in maps[-1].result_dims() if d is not None}
    return tuple("parallel" if d in out_dims else "reduction" for d in range(maps[-1].num_dims))


def _int_list(op: Operation, name: str, rank: int) -> list[int]:
    attr = op.attr(name)
    if attr is None:
        return [1] * rank
    if isinstance(attr, DenseElementsAttr):
        return [int(v) for v in attr.to_numpy().reshape(-1)]
    if isinstance(attr, DenseArrayAttr):
        return [int(v) for v in attr.values]
    raise unsupported(op, f"{name} {attr}")


def _m(text: str) -> AffineMap:
    return parse_affine_map(text)


CONTRACTION_MAPS = {
    "linalg.matmul": ["(m, n, k) -> (m, k)", "(m, n, k) -> (k, n)", "(m, n, k) -> (m, n)"],
    "linalg.matmul_transpose_a": ["(m, n, k) -> (k, m)", "(m, n, k) -> (k, n)", "(m, n, k) -> (m, n)"],
    "linalg.matmul_transpose_b": ["(m, n, k) -> (m, k)", "(m, n, k) -> (n, k)", "(m, n, k) -> (m, n)"],
    "linalg.batch_matmul": [
        "(b, m, n, k) -> (b, m, k)",
        "(b, m, n, k) -> (b, k, n)",
        "(b, m, n, k) -> (b, m, n)",
    ],
    "linalg.batch_matmul_transpose_a": [
        "(b, m, n, k) -> (b, k, m)",
        "(b, m, n, k) -> (b, k, n)",
        "(b, m, n, k) -> (b, m, n)",
    ],
    "linalg.batch_matmul_transpose_b": [
        "(b, m, n, k) -> (b, m, k)",
        "(b, m, n, k) -> (b, n, k)",
        "(b, m, n, k) -> (b, m, n)",
    ],
    "linalg.batch_reduce_matmul": [
        "(b, m, n, k) -> (b, m, k)",
        "(b, m, n, k) -> (b, k, n)",
        "(b, m, n, k) -> (m, n)",
    ],
    "linalg.matvec": ["(m, k) -> (m, k)", "(m, k) -> (k)", "(m, k) -> (m)"],
    "linalg.vecmat": ["(n, k) -> (k)", "(n, k) -> (k, n)", "(n, k) -> (n)"],
    "linalg.batch_matvec": ["(b, m, k) -> (b, m, k)", "(b, m, k) -> (b, k)", "(b, m, k) -> (b, m)"],
    "linalg.batch_vecmat": ["(b, n, k) -> (b, k)", "(b, n, k) -> (b, k, n)", "(b, n, k) -> (b, n)"],
    "linalg.dot": ["(k) -> (k)", "(k) -> (k)", "(k) -> ()"],
    "linalg.contract": [],
}


def _conv_maps(op: Operation) -> tuple[list[str], str]:
    """Indexing maps and default body of a convolution or pooling, from its strides and dilations."""
    name = op.op_name.removeprefix("linalg.")
    nsp = 1 if "_1d" in name else 3 if "_3d" in name else 2
    s, d = _int_list(op, "strides", nsp), _int_list(op, "dilations", nsp)
    sp = ["oh", "ow"] if nsp == 2 else ["ow"] if nsp == 1 else ["od", "oh", "ow"]
    ks = ["kh", "kw"] if nsp == 2 else ["kw"] if nsp == 1 else ["kd", "kh", "kw"]
    win = [f"{o} * {s[i]} + {k} * {d[i]}" for i, (o, k) in enumerate(zip(sp, ks))]
    o_, k_, w_ = ", ".join(sp), ", ".join(ks), ", ".join(win)
    if name.startswith("pooling_"):
        body = "add" if "_sum" in name else "max" if "_max" in name else "min"
        if name.startswith(("pooling_nhwc", "pooling_nwc", "pooling_ndhwc")):
            dims = f"(n, {o_}, c, {k_})"
            return [f"{dims} -> (n, {w_}, c)", f"{dims} -> ({k_})", f"{dims} -> (n, {o_}, c)"], body
        if name.startswith(("pooling_nchw", "pooling_ncw")):
            dims = f"(n, c, {o_}, {k_})"
            return [f"{dims} -> (n, c, {w_})", f"{dims} -> ({k_})", f"{dims} -> (n, c, {o_})"], body
    layouts = {
        "conv_1d": (f"({o_}, {k_})", f"({w_})", f"({k_})", f"({o_})"),
        "conv_2d": (f"({o_}, {k_})", f"({w_})", f"({k_})", f"({o_})"),
        "conv_3d": (f"({o_}, {k_})", f"({w_})", f"({k_})", f"({o_})"),
        "conv_1d_nwc_wcf": (f"(n, {o_}, f, {k_}, c)", f"(n, {w_}, c)", f"({k_}, c, f)", f"(n, {o_}, f)"),
        "conv_2d_nhwc_hwcf": (f"(n, {o_}, f, {k_}, c)", f"(n, {w_}, c)", f"({k_}, c, f)", f"(n, {o_}, f)"),
        "conv_2d_nhwc_fhwc": (f"(n, {o_}, f, {k_}, c)", f"(n, {w_}, c)", f"(f, {k_}, c)", f"(n, {o_}, f)"),
        "conv_3d_ndhwc_dhwcf": (f"(n, {o_}, f, {k_}, c)", f"(n, {w_}, c)", f"({k_}, c, f)", f"(n, {o_}, f)"),
        "conv_1d_ncw_fcw": (f"(n, f, {o_}, c, {k_})", f"(n, c, {w_})", f"(f, c, {k_})", f"(n, f, {o_})"),
        "conv_2d_nchw_fchw": (f"(n, f, {o_}, c, {k_})", f"(n, c, {w_})", f"(f, c, {k_})", f"(n, f, {o_})"),
        "depthwise_conv_1d_nwc_wc": (f"(n, {o_}, c, {k_})", f"(n, {w_}, c)", f"({k_}, c)", f"(n, {o_}, c)"),
        "depthwise_conv_2d_nhwc_hwc": (f"(n, {o_}, c, {k_})", f"(n, {w_}, c)", f"({k_}, c)", f"(n, {o_}, c)"),
        "depthwise_conv_2d_nchw_chw": (f"(n, c, {o_}, {k_})", f"(n, c, {w_})", f"(c, {k_})", f"(n, c, {o_})"),
    }
    if name not in layouts:
        raise unsupported(op, "unknown convolution layout")
    dims, a, b, c = layouts[name]
    return [f"{dims} -> {a}", f"{dims} -> {b}", f"{dims} -> {c}"], "muladd"


CONV_OPS = [
    "linalg.conv_1d", "linalg.conv_2d", "linalg.conv_3d", "linalg.conv_1d_nwc_wcf", "linalg.conv_2d_nhwc_hwcf",
    "linalg.conv_2d_nhwc_fhwc", "linalg.conv_3d_ndhwc_dhwcf", "linalg.conv_1d_ncw_fcw", "linalg.conv_2d_nchw_fchw",
    "linalg.depthwise_conv_1d_nwc_wc", "linalg.depthwise_conv_2d_nhwc_hwc", "linalg.depthwise_conv_2d_nchw_chw",
    "linalg.pooling_nhwc_sum", "linalg.pooling_nhwc_max", "linalg.pooling_nhwc_min", "linalg.pooling_nchw_sum",
    "linalg.pooling_nchw_max", "linalg.pooling_nwc_sum", "linalg.pooling_nwc_max", "linalg.pooling_ncw_sum",
    "linalg.pooling_ncw_max",
]  # fmt: skip

ELEMENTWISE_OPS = [
    "linalg.add", "linalg.sub", "linalg.mul", "linalg.div", "linalg.div_unsigned", "linalg.max", "linalg.min",
    "linalg.powf", "linalg.exp", "linalg.log", "linalg.abs", "linalg.ceil", "linalg.floor", "linalg.negf",
    "linalg.reciprocal", "linalg.round", "linalg.sqrt", "linalg.rsqrt", "linalg.square", "linalg.tanh",
    "linalg.erf", "linalg.select", "linalg.elementwise",
]  # fmt: skip


def _unsigned_cast(op: Operation) -> bool:
    attr = op.attr("cast")
    return isinstance(attr, DialectAttr) and "unsigned" in (attr.body or "")


def build_spec(op: Operation) -> Spec:
    """The op's :class:`Spec`, with the inits' constant-0 results split off (:attr:`Spec.kept`)."""
    spec = _build_spec(op)
    if any(getattr(v.type, "encoding", None) is not None for v in op.operands):
        spec = dataclasses.replace(spec, data_tiled=True)
    inits = spec.maps[spec.n_inputs :]
    kept = tuple(tuple(i for i, e in enumerate(m.results) if e == AffineConstant(0)) for m in inits)
    if not any(kept):
        return spec
    maps = spec.maps[: spec.n_inputs] + tuple(
        AffineMap(m.num_dims, m.num_symbols, tuple(e for i, e in enumerate(m.results) if i not in k))
        for m, k in zip(inits, kept)
    )
    return dataclasses.replace(spec, maps=maps, kept=kept)


def _squeeze(op: Operation, spec: Spec, outs: list[Any]) -> list[Any]:
    """The inits without their kept unit axes (:attr:`Spec.kept`)."""
    out = []
    for o, k in zip(outs, spec.kept):
        if any(o.shape[a] != 1 for a in k):
            raise unsupported(op, f"an init of shape {o.shape} has a non-unit dim its map fixes to 0")
        out.append(o.reshape(tuple(n for a, n in enumerate(o.shape) if a not in k)) if k else o)
    return out


def _build_spec(op: Operation) -> Spec:
    name = op.op_name
    n_in = n_inputs(op)
    body = _body(op)
    if name == "linalg.generic":
        maps = _maps_attr(op)
        if maps is None:
            raise unsupported(op, "indexing_maps is missing")
        return Spec(maps, _iterators_attr(op), n_in, body)
    if name in CONTRACTION_MAPS:
        maps = _maps_attr(op) or tuple(_m(t) for t in CONTRACTION_MAPS[name])
        if not maps:
            raise unsupported(op, "indexing_maps is missing")
        return Spec(
            maps,
            _derived_iterators(maps),
            n_in,
            body,
            default_body="muladd",
            unsigned_cast=_unsigned_cast(op),
        )
    if name in CONV_OPS:
        texts, default = _conv_maps(op)
        maps = tuple(_m(t) for t in texts)
        return Spec(
            maps, _derived_iterators(maps), n_in, body, default_body=default, unsigned_cast=_unsigned_cast(op)
        )
    rank = len(op.results[0].type.shape) if op.results else len(op.operands[-1].type.shape)  # type: ignore[attr-defined]
    ident = _m(f"({', '.join(f'd{i}' for i in range(rank))}) -> ({', '.join(f'd{i}' for i in range(rank))})")
    if name in ELEMENTWISE_OPS:
        maps = _maps_attr(op) or tuple(ident for _ in op.operands)
        return Spec(maps, ("parallel",) * rank, n_in, body)
    if name == "linalg.map":
        return Spec(
            tuple(ident for _ in op.operands), ("parallel",) * rank, n_in, body, body_takes_outs=False
        )
    if name == "linalg.reduce":
        dims = set(_int_list(op, "dimensions", 0))
        in_rank = len(op.operands[0].type.shape)  # type: ignore[attr-defined]
        all_dims = ", ".join(f"d{i}" for i in range(in_rank))
        kept = ", ".join(f"d{i}" for i in range(in_rank) if i not in dims)
        in_map, out_map = _m(f"({all_dims}) -> ({all_dims})"), _m(f"({all_dims}) -> ({kept})")
        maps = tuple([in_map] * n_in + [out_map] * (len(op.operands) - n_in))
        its = tuple("reduction" if i in dims else "parallel" for i in range(in_rank))
        return Spec(maps, its, n_in, body)
    raise unsupported(op)


STRUCTURED_OPS = [
    "linalg.generic",
    "linalg.map",
    "linalg.reduce",
    *CONTRACTION_MAPS,
    *CONV_OPS,
    *ELEMENTWISE_OPS,
]


def _structured(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    spec: Spec = ctx.plan(op, build_spec, "spec")
    ins, outs = args[: spec.n_inputs], args[spec.n_inputs :]
    assert ctx.env is not None
    if spec.kept:
        results = run_structured(ctx, op, spec, ins, _squeeze(op, spec, outs), ctx.env)
        return [np.reshape(r, o.shape).astype(o.dtype, copy=False) for r, o in zip(results, outs)]
    results = run_structured(ctx, op, spec, ins, outs, ctx.env)
    return [r if r.dtype == o.dtype else r.astype(o.dtype) for r, o in zip(results, outs)]


def _structured_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    spec: Spec = ctx.plan(op, build_spec, "spec")
    shapes = [tuple(a.shape) if isinstance(a, Abstract | np.ndarray) else None for a in args]
    for i, k in enumerate(spec.kept):
        sh = shapes[spec.n_inputs + i]
        if k and sh is not None:
            shapes[spec.n_inputs + i] = tuple(n for a, n in enumerate(sh) if a not in k)
    bounds = loop_bounds(op, spec, shapes)
    flops = structured_flops(ctx, op, spec, bounds)
    ctx.flops += flops
    if flops:
        key = _compute_type(op, spec)
        ctx.flops_by_dtype[key] = ctx.flops_by_dtype.get(key, 0) + flops
        loop = _dynamic_row_loop(op, spec)
        if loop is not None:
            ctx.contraction_rows.append((flops, bounds[loop]))
    return _outs_like(args[spec.n_inputs :])


def _dynamic_row_loop(op: Operation, spec: Spec) -> int | None:
    """The loop over the rows of a named contraction's result (its second-to-last dimension: ``m`` of
    a matmul's ``(m, n)``, a batch matmul's ``(b, m, n)``) when that dimension is dynamic (``?``), or
    None. IREE's CPU code generator tiles that loop by a vector tile of rows fixed at compile time (its
    ``lowering_config``'s ``vector_common_parallel``: ``[8, 4]``, ``[1, 8, 4]``); other ops get other
    tiles (a convolution's batch 1, a reduction's rows 4) and are not recorded."""
    if op.op_name not in CONTRACTION_MAPS or len(op.operands) <= spec.n_inputs:
        return None
    shape = getattr(op.operands[spec.n_inputs].type, "shape", None)
    out_map = spec.maps[spec.n_inputs]
    if not shape or len(shape) < 2 or shape[-2] != DYNAMIC or len(out_map.results) != len(shape):
        return None
    row = out_map.results[-2]
    return row.position if isinstance(row, AffineDim) else None


def _compute_type(op: Operation, spec: Spec) -> str:
    """The element type the op computes on: its first tensor input's (``i8`` for an i8 x i8 -> i32 matmul)."""
    for v in op.operands[: spec.n_inputs] or op.operands:
        t = getattr(v.type, "element_type", None)
        if t is not None:
            return str(t)
    return str(op.operands[0].type) if op.operands else ""


def _outs_like(outs: list[Any]) -> list[Any]:
    return [Abstract(tuple(o.shape), o.dtype) for o in outs]


for _name in STRUCTURED_OPS:
    register_op(_name)(_structured)
    register_shape(_name)(_structured_shape)


# --- direct ops -----------------------------------------------------------------------------------


@register_op("linalg.fill")
def _fill(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    value, init = args
    # A read-only broadcast of one element: no memory, no writes (tensors are never written in place).
    return [splat(value, init.dtype, init.shape)]


@register_op("linalg.copy")
def _copy(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    src, init = args
    return [np.array(src, dtype=init.dtype, copy=True).reshape(init.shape)]


@register_op("linalg.transpose")
def _transpose(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    src, init = args
    perm = _int_list(op, "permutation", 0)
    out = np.transpose(src, perm)
    if out.shape != init.shape:
        raise unsupported(op, f"transposed shape {out.shape} is not the init's {init.shape}")
    return [out]


@register_op("linalg.broadcast")
def _broadcast(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    src, init = args
    dims = _int_list(op, "dimensions", 0)
    return [np.broadcast_to(np.expand_dims(src, dims), init.shape)]


@register_op("linalg.softmax")
def _softmax(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    src, init = args
    attr = op.attr("dimension")
    if not isinstance(attr, IntegerAttr):
        raise unsupported(op, "dimension is missing")
    x = src.astype(np.float32) if src.dtype.itemsize < 4 else src
    e = np.exp(x - np.max(x, axis=attr.value, keepdims=True))
    return [(e / np.sum(e, axis=attr.value, keepdims=True)).astype(init.dtype)]


@register_shape("linalg.fill", "linalg.copy", "linalg.transpose", "linalg.broadcast", "linalg.softmax")
def _direct_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    if op.op_name == "linalg.softmax":
        ctx.flops += 5 * int(np.prod(args[0].shape, dtype=np.int64))
    return _outs_like(args[-1:])


@register_op("linalg.index")
def _index(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    attr = op.attr("dim")
    if not isinstance(attr, IntegerAttr) or not ctx.index_stack:
        raise unsupported(op, "linalg.index outside a structured op body")
    return [ctx.index_stack[-1][attr.value]]
