"""Bindings, subspans, and the dispatch tensor loads and stores that move data in and out of them.

A dispatch gets one writable ``uint8`` array per binding: exactly the bytes the ``stream.cmd.dispatch``
bound (``resource[offset:offset + length]``). ``stream.binding.subspan %b[%off]`` views those bytes from
``%off`` on as a typed tensor (dynamic dims from its operands); ``iree_tensor_ext.dispatch.tensor.load``
reads a slice of it (offsets, sizes, strides, each static or dynamic, little-endian elements of the
tensor's numpy dtype) and ``...store`` writes one, in place, into the caller's array. The HAL-level
spellings (``hal.interface.binding.subspan``, ``hal.interface.constant.load``) work the same way with
bindings and push constants picked by ordinal.

In the data-free analysis, loads and stores record the byte ranges they touch (relative to the start
of the binding) instead of moving data: the race checker needs the real bytes, not whole bindings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ir.attributes import DenseArrayAttr, IntegerAttr
from ir.core import Operation
from ir.types import DYNAMIC, DispatchTensorType, OpaqueType, TensorType, numpy_dtype
from simulator.dispatch.encodings import packed_bytes, packing_of
from simulator.dispatch.instrument import RingBuffer
from simulator.dispatch.registry import RUNTIME, UNKNOWN, Abstract, Context, DispatchRules, Impl, unsupported
from simulator.errors import DispatchError

RULES = DispatchRules.named("dispatch.bindings")
register_fast = RULES.fast.register
register_op = RULES.impls.register
register_shape = RULES.shapes.register

# Above this many separate runs, a slice's ranges collapse into one bounding range (conservative).
MAX_RANGES_PER_ACCESS = 65536

# MLIR's ShapedType::kDynamic in static_offsets / static_sizes / static_strides.
DYNAMIC_SENTINEL = -(2**63)


@dataclass(slots=True)
class Binding:
    """One bound byte range: ``data`` is the caller's uint8 array (None in the analysis)."""

    index: int
    data: np.ndarray | None
    length: int
    # True when another binding of the dispatch that is written may share these bytes.
    aliased: bool = False


@dataclass
class BoundTensor:
    """A binding viewed as a typed tensor from a byte offset (the result of a subspan)."""

    binding: int  # index of the binding in the dispatch
    offset: int
    shape: tuple[int, ...]
    dtype: np.dtype
    access: str  # readonly, writeonly, readwrite
    # The packed layout of a data-tiled tensor's bytes (simulator.dispatch.encodings), None when plain.
    packing: Any = None


def segments(op: Operation) -> list[int]:
    attr = op.attr("operandSegmentSizes")
    if not isinstance(attr, DenseArrayAttr):
        raise unsupported(op, "operandSegmentSizes is missing")
    return [int(v) for v in attr.values]


def split_segments(op: Operation, args: list[Any]) -> list[list[Any]]:
    out, i = [], 0
    for n in segments(op):
        out.append(args[i : i + n])
        i += n
    return out


def static_list(op: Operation, name: str) -> list[int]:
    attr = op.attr(name)
    if not isinstance(attr, DenseArrayAttr):
        raise unsupported(op, f"{name} is missing")
    return [int(v) for v in attr.values]


def mixed(op: Operation, static: list[int], dynamic: list[Any]) -> list[int]:
    """Static values with the dynamic sentinel replaced by the dynamic operands, in order."""
    it = iter(dynamic)
    out = []
    for v in static:
        if v == DYNAMIC_SENTINEL:
            d = next(it, None)
            if d is None:
                raise unsupported(op, "fewer dynamic operands than dynamic entries")
            out.append(as_int(op, d))
        else:
            out.append(v)
    return out


def as_int(op: Operation, v: Any) -> int:
    if v is UNKNOWN:
        raise unsupported(op, "a size or offset depends on tensor data, which the analysis does not read")
    return int(v)


def resolve_shape(op: Operation, t: TensorType, dims: list[Any]) -> tuple[int, ...]:
    if t.shape is None:
        raise unsupported(op, f"unranked tensor {t}")
    it = iter(dims)
    shape = []
    for d in t.shape:
        if d == DYNAMIC:
            v = next(it, None)
            if v is None:
                raise unsupported(op, f"no operand for a dynamic dim of {t}")
            n = as_int(op, v)
            if n < 0:
                # (a size the host computed, e.g. an ONNX Reshape's -1 left unresolved: IREE's compiled
                # code runs no iterations over it and leaves the result undefined)
                raise DispatchError(f"{op.describe()}: dynamic dimension {n} of {t} is negative")
            shape.append(n)
        else:
            shape.append(d)
    return tuple(shape)


def rank_reduced_shape(op: Operation, sizes: list[int], result: TensorType) -> tuple[int, ...]:
    """The shape of ``result`` for a slice of ``sizes``: unit dims dropped where the result drops them."""
    if result.shape is None:
        raise unsupported(op, f"unranked tensor {result}")
    want = list(result.shape)
    if len(want) == len(sizes):
        return tuple(sizes)
    out, j = [], 0
    for s in sizes:
        if j < len(want) and (want[j] == DYNAMIC or want[j] == s):
            out.append(s)
            j += 1
        elif s != 1:
            raise unsupported(op, f"cannot rank-reduce slice sizes {sizes} to {result}")
    if j != len(want):
        raise unsupported(op, f"cannot rank-reduce slice sizes {sizes} to {result}")
    return tuple(out)


# --- subspans -----------------------------------------------------------------------------------------


def _subspan_type(op: Operation) -> tuple[TensorType, np.dtype, str, tuple[int, ...] | None, Any]:
    t = op.results[0].type
    if not isinstance(t, DispatchTensorType):
        raise unsupported(op, f"result type {t} is not a dispatch tensor")
    static = tuple(t.tensor.shape) if t.tensor.has_static_shape else None  # type: ignore[arg-type]
    return t.tensor, numpy_dtype(t.tensor.element_type), t.access, static, packing_of(t.tensor, op)


def _subspan(ctx: Context, op: Operation, binding: int, offset: Any, dims: list[Any]) -> BoundTensor:
    tensor, dtype, access, static, packing = ctx.plan(op, _subspan_type, "subspan")
    shape = static if static is not None else resolve_shape(op, tensor, dims)
    return BoundTensor(binding, as_int(op, offset), shape, dtype, access, packing)


@register_op("stream.binding.subspan")
@register_shape("stream.binding.subspan")
def _stream_subspan(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    return [_subspan(ctx, op, args[0], args[1], args[2:])]


@register_op("hal.interface.binding.subspan")
@register_shape("hal.interface.binding.subspan")
def _hal_subspan(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    attr = op.attr("binding")
    if not isinstance(attr, IntegerAttr):
        raise unsupported(op, "binding ordinal is missing")
    if attr.value >= len(ctx.bindings):
        raise DispatchError(f"{op.describe()}: binding {attr.value} of {len(ctx.bindings)} bound")
    if isinstance(op.results[0].type, OpaqueType) and str(op.results[0].type).startswith("memref<"):
        return [RingBuffer(attr.value)]  # the instrumentation ring buffer (simulator.dispatch.instrument)
    seg = (
        segments(op)
        if op.attr("operandSegmentSizes") is not None
        else [1 if args else 0, max(0, len(args) - 1)]
    )
    offset = args[0] if seg[0] else 0
    return [_subspan(ctx, op, attr.value, offset, args[seg[0] :])]


@register_op("hal.interface.constant.load")
@register_shape("hal.interface.constant.load")
def _constant_load(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    attr = op.attr("ordinal") or op.attr("index")
    if not isinstance(attr, IntegerAttr):
        raise unsupported(op, "push constant ordinal is missing")
    if attr.value >= len(ctx.uniforms):
        raise DispatchError(f"{op.describe()}: push constant {attr.value} of {len(ctx.uniforms)} given")
    value = ctx.uniforms[attr.value]
    return [np.array(value, dtype=np.int64).astype(numpy_dtype(op.results[0].type))[()]]


# --- slices of a bound tensor -------------------------------------------------------------------------


@dataclass(frozen=True)
class Slice:
    offsets: tuple[int, ...]
    sizes: tuple[int, ...]
    strides: tuple[int, ...]


@dataclass(frozen=True)
class SlicePlan:
    """A load's or store's static offsets, sizes and strides, read once."""

    segments: tuple[int, ...]
    offsets: tuple[int, ...]
    sizes: tuple[int, ...]
    strides: tuple[int, ...]
    static: Slice | None  # the whole slice when nothing in it is dynamic
    # (subspan offset, tensor shape, slice) -> where the slice lies in the binding.
    geometries: dict[tuple[Any, ...], Geometry] = field(default_factory=dict)


@dataclass(frozen=True)
class Geometry:
    """Where a slice lies in its binding: byte range and the strided view's shape and byte strides."""

    start: int
    stop: int
    sizes: tuple[int, ...]
    byte_strides: tuple[int, ...]
    result_shape: tuple[int, ...] | None  # a load's (rank-reduced) result shape


def _slice_plan(op: Operation) -> SlicePlan:
    o, n, s = (
        static_list(op, "static_offsets"),
        static_list(op, "static_sizes"),
        static_list(op, "static_strides"),
    )
    static = None if DYNAMIC_SENTINEL in (*o, *n, *s) else Slice(tuple(o), tuple(n), tuple(s))
    return SlicePlan(tuple(segments(op)), tuple(o), tuple(n), tuple(s), static)


def _split(plan: SlicePlan, args: list[Any]) -> list[list[Any]]:
    out, i = [], 0
    for n in plan.segments:
        out.append(args[i : i + n])
        i += n
    return out


def slice_plan_parts(ctx: Context, op: Operation, args: list[Any]) -> list[list[Any]]:
    """A load's or store's operands by segment: (source | value, target), dims, offsets, sizes, strides."""
    return _split(ctx.plan(op, _slice_plan, "slice"), args)


def _slice(
    ctx: Context, op: Operation, bt: BoundTensor, offs: list[Any], sizes: list[Any], strides: list[Any]
) -> Slice:
    plan: SlicePlan = ctx.plan(op, _slice_plan, "slice")
    s = plan.static
    if s is None:
        s = Slice(
            tuple(mixed(op, list(plan.offsets), offs)),
            tuple(mixed(op, list(plan.sizes), sizes)),
            tuple(mixed(op, list(plan.strides), strides)),
        )
    if not (len(s.offsets) == len(s.sizes) == len(s.strides) == len(bt.shape)):
        raise unsupported(op, f"slice rank does not match the bound tensor's shape {bt.shape}")
    for o, n, st, full in zip(s.offsets, s.sizes, s.strides, bt.shape):
        if n < 0 or st < 1 or o < 0 or (n > 0 and o + (n - 1) * st >= full):
            raise DispatchError(
                f"{op.describe()}: slice offsets {s.offsets} sizes {s.sizes} strides {s.strides} "
                f"leave the tensor of shape {bt.shape}"
            )
    return s


def _elem_strides(shape: tuple[int, ...]) -> list[int]:
    out, acc = [0] * len(shape), 1
    for k in range(len(shape) - 1, -1, -1):
        out[k] = acc
        acc *= shape[k]
    return out


def _check_in_binding(op: Operation, bt: BoundTensor, s: Slice, length: int) -> tuple[int, int]:
    """The byte range [first, last) of the slice inside the binding; raises if it leaves the binding."""
    if any(n == 0 for n in s.sizes):
        return bt.offset, bt.offset
    es = _elem_strides(bt.shape)
    item = bt.dtype.itemsize
    first = sum(o * e for o, e in zip(s.offsets, es))
    last = sum((o + (n - 1) * st) * e for o, n, st, e in zip(s.offsets, s.sizes, s.strides, es))
    start, stop = bt.offset + first * item, bt.offset + (last + 1) * item
    if start < 0 or stop > length:
        raise DispatchError(
            f"{op.describe()}: bytes [{start}, {stop}) of binding {bt.binding} are outside its "
            f"{length} bound bytes (subspan offset {bt.offset}, tensor {bt.shape}x{bt.dtype})"
        )
    return start, stop


def geometry(ctx: Context, op: Operation, bt: BoundTensor, dyn: list[list[Any]]) -> Geometry:
    """The slice of a load or store in its binding (kept per subspan offset and shape); checks bounds."""
    plan: SlicePlan = ctx.plan(op, _slice_plan, "slice")
    if bt.binding >= len(ctx.bindings):
        raise DispatchError(f"{op.describe()}: binding {bt.binding} of {len(ctx.bindings)} bound")
    length = ctx.bindings[bt.binding].length
    key: tuple[Any, ...] = (bt.offset, bt.shape)
    if plan.static is None:
        key = (*key, *(as_int(op, v) for part in dyn for v in part))
    g = plan.geometries.get(key)
    if g is None:
        s = _slice(ctx, op, bt, *dyn)
        start, stop = _check_in_binding(op, bt, s, length)
        es = _elem_strides(bt.shape)
        item = bt.dtype.itemsize
        shape = None
        if op.results:
            shape = rank_reduced_shape(op, list(s.sizes), op.results[0].type)  # type: ignore[arg-type]
        strides = tuple(st * e * item for st, e in zip(s.strides, es))
        g = plan.geometries[key] = Geometry(start, stop, s.sizes, strides, shape)
    if g.stop > length:
        _check_in_binding(op, bt, _slice(ctx, op, bt, *dyn), length)
    return g


def _view(bt: BoundTensor, g: Geometry, data: np.ndarray) -> np.ndarray:
    if g.start == g.stop:
        return np.empty(g.sizes, dtype=bt.dtype)
    return np.ndarray(shape=g.sizes, dtype=bt.dtype, buffer=data, offset=g.start, strides=g.byte_strides)


def slice_byte_ranges(bt: BoundTensor, s: Slice) -> list[tuple[int, int]]:
    """The byte ranges a slice touches, relative to the binding, merged and sorted."""
    if any(n == 0 for n in s.sizes):
        return []
    shape, item, rank = bt.shape, bt.dtype.itemsize, len(bt.shape)
    es = _elem_strides(shape)
    # Merge trailing dims into one contiguous run while the dims inside it are whole.
    run, inner = 1, 0
    for k in range(rank - 1, -1, -1):
        if s.strides[k] != 1:
            break
        run *= s.sizes[k]
        inner += 1
        if s.sizes[k] != shape[k]:
            break
    outer = rank - inner
    base = sum(s.offsets[k] * es[k] for k in range(outer, rank))
    starts = np.array([base], dtype=np.int64)
    count = 1
    for k in range(outer):
        count *= s.sizes[k]
    if count > MAX_RANGES_PER_ACCESS:
        first = sum(o * e for o, e in zip(s.offsets, es))
        last = sum((o + (n - 1) * st) * e for o, n, st, e in zip(s.offsets, s.sizes, s.strides, es))
        return [(bt.offset + first * item, bt.offset + (last + 1) * item)]
    for k in range(outer):
        steps = (s.offsets[k] + np.arange(s.sizes[k], dtype=np.int64) * s.strides[k]) * es[k]
        starts = (starts[:, None] + steps[None, :]).reshape(-1)
    starts = np.sort(starts) * item + bt.offset
    return merge_ranges([(int(a), int(a) + run * item) for a in starts])


def merge_ranges(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(ranges):
        if out and a <= out[-1][1]:
            if b > out[-1][1]:
                out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return out


# --- data-tiled tensors (simulator.dispatch.encodings) -------------------------------------------------


def _packed_range(
    ctx: Context, op: Operation, bt: BoundTensor, dyn: list[list[Any]]
) -> tuple[tuple[int, ...], int]:
    """The packed shape of a data-tiled bound tensor and its first byte; the slice must be the whole
    tensor (IREE loads and stores them whole) and the packed bytes inside the binding."""
    s = _slice(ctx, op, bt, *dyn)
    if any(s.offsets) or s.sizes != bt.shape or any(st != 1 for st in s.strides):
        raise unsupported(op, f"a slice {s.sizes} at {s.offsets} of a data-tiled tensor {bt.shape}")
    if bt.binding >= len(ctx.bindings):
        raise DispatchError(f"{op.describe()}: binding {bt.binding} of {len(ctx.bindings)} bound")
    pshape, nbytes = packed_bytes(bt.shape, bt.dtype.itemsize, bt.packing)
    length = ctx.bindings[bt.binding].length
    if bt.offset < 0 or bt.offset + nbytes > length:
        raise DispatchError(
            f"{op.describe()}: the packed tensor {pshape}x{bt.dtype} at byte {bt.offset} leaves binding "
            f"{bt.binding} ({length} bytes)"
        )
    return pshape, nbytes


def _packed_load(ctx: Context, op: Operation, bt: BoundTensor, dyn: list[list[Any]]) -> np.ndarray:
    from simulator.dispatch.relayout import unpack_array

    pshape, _ = _packed_range(ctx, op, bt, dyn)
    data = ctx.bindings[bt.binding].data
    packed = np.ndarray(pshape, bt.dtype, data, bt.offset)
    pos, tiles, perm = bt.packing
    return np.array(
        unpack_array(packed, bt.shape, list(pos), list(tiles), list(perm), op.describe()), copy=True
    )


def _packed_store(
    ctx: Context, op: Operation, bt: BoundTensor, dyn: list[list[Any]], value: np.ndarray
) -> None:
    from simulator.dispatch.relayout import pack_array

    pshape, _ = _packed_range(ctx, op, bt, dyn)
    pos, tiles, perm = bt.packing
    packed = pack_array(value.reshape(bt.shape), list(pos), list(tiles), list(perm), 0, op.describe())
    np.ndarray(pshape, bt.dtype, ctx.bindings[bt.binding].data, bt.offset)[...] = packed


def _packed_access(ctx: Context, op: Operation, bt: BoundTensor, dyn: list[list[Any]], kind: str) -> None:
    pshape, nbytes = _packed_range(ctx, op, bt, dyn)
    ctx.accesses.append((bt.binding, kind, [(bt.offset, bt.offset + nbytes)] if nbytes else []))
    strides = tuple(int(x) * bt.dtype.itemsize for x in _elem_strides(pshape))
    ctx.slices.append(
        (kind, bt.binding, Geometry(bt.offset, bt.offset + nbytes, pshape, strides, None), bt.dtype)
    )


@register_op("iree_tensor_ext.dispatch.tensor.load", "flow.dispatch.tensor.load")
def _load(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    src, _dims, offs, sizes, strides = _split(ctx.plan(op, _slice_plan, "slice"), args)
    bt: BoundTensor = src[0]
    if bt.packing is not None:
        return [_packed_load(ctx, op, bt, [offs, sizes, strides])]
    g = geometry(ctx, op, bt, [offs, sizes, strides])
    binding = ctx.bindings[bt.binding]
    view = _view(bt, g, binding.data)
    # Tensors have value semantics: a view is only kept when no store of this dispatch can reach it.
    if bt.access != "readonly" or binding.aliased:
        view = view.copy()
    else:
        view.flags.writeable = False
    assert g.result_shape is not None
    return [view.reshape(g.result_shape) if g.result_shape != g.sizes else view]


@register_shape("iree_tensor_ext.dispatch.tensor.load", "flow.dispatch.tensor.load")
def _load_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    src, _dims, offs, sizes, strides = _split(ctx.plan(op, _slice_plan, "slice"), args)
    bt: BoundTensor = src[0]
    if bt.packing is not None:
        _packed_access(ctx, op, bt, [offs, sizes, strides], "read")
        return [Abstract(bt.shape, bt.dtype)]
    s = _slice(ctx, op, bt, offs, sizes, strides)
    g = geometry(ctx, op, bt, [offs, sizes, strides])
    ctx.accesses.append((bt.binding, "read", slice_byte_ranges(bt, s)))
    ctx.slices.append(("read", bt.binding, g, bt.dtype))
    assert g.result_shape is not None
    return [Abstract(g.result_shape, bt.dtype)]


@register_op("iree_tensor_ext.dispatch.tensor.store", "flow.dispatch.tensor.store")
def _store(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    value, target, _dims, offs, sizes, strides = _split(ctx.plan(op, _slice_plan, "slice"), args)
    bt: BoundTensor = target[0]
    if bt.access == "readonly":
        raise DispatchError(f"{op.describe()}: store into a readonly binding")
    v = np.asarray(value[0])
    if v.dtype != bt.dtype:
        raise DispatchError(f"{op.describe()}: storing {v.dtype} values into a {bt.dtype} tensor")
    if bt.packing is not None:
        _packed_store(ctx, op, bt, [offs, sizes, strides], v)
        return []
    g = geometry(ctx, op, bt, [offs, sizes, strides])
    _view(bt, g, ctx.bindings[bt.binding].data)[...] = v.reshape(g.sizes) if v.shape != g.sizes else v
    return []


@register_shape("iree_tensor_ext.dispatch.tensor.store", "flow.dispatch.tensor.store")
def _store_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    _value, target, _dims, offs, sizes, strides = _split(ctx.plan(op, _slice_plan, "slice"), args)
    bt: BoundTensor = target[0]
    if bt.packing is not None:
        _packed_access(ctx, op, bt, [offs, sizes, strides], "write")
        return []
    s = _slice(ctx, op, bt, offs, sizes, strides)
    g = geometry(ctx, op, bt, [offs, sizes, strides])
    ctx.accesses.append((bt.binding, "write", slice_byte_ranges(bt, s)))
    ctx.slices.append(("write", bt.binding, g, bt.dtype))
    return []


# --- specialised loads and stores ---------------------------------------------------------------------
# The subspan, offsets, sizes and strides of a load or store depend only on push constants, so a
# program resolves its geometry once per distinct uniforms: the run-time impl only builds the typed
# view of the bound bytes (and checks that this run's binding is long enough, else takes the generic
# path, which raises the usual error).


def _fixed_geometry(ctx: Context, op: Operation, known: list[Any], first: int) -> tuple[Any, Geometry] | None:
    if any(k is RUNTIME for k in known[first:]):
        return None
    parts = _split(ctx.plan(op, _slice_plan, "slice"), known)
    bt = parts[first][0]
    if not isinstance(bt, BoundTensor) or bt.binding >= len(ctx.bindings) or bt.packing is not None:
        return None
    try:
        g = geometry(ctx, op, bt, parts[-3:])
    except Exception:  # the generic impl raises it again, at run time
        return None
    if g.start == g.stop:
        return None
    return bt, g


@register_fast("iree_tensor_ext.dispatch.tensor.load", "flow.dispatch.tensor.load")
def _fast_load(ctx: Context, op: Operation, known: list[Any]) -> Impl | None:
    fixed = _fixed_geometry(ctx, op, known, 0)
    if fixed is None:
        return None
    bt, g = fixed
    index, dtype, sizes, start, stop, strides = bt.binding, bt.dtype, g.sizes, g.start, g.stop, g.byte_strides
    readonly = bt.access == "readonly"
    reshape = g.result_shape if g.result_shape != g.sizes else None

    def load(ctx: Context, op: Operation, args: list[Any]) -> Any:
        binding = ctx.bindings[index]
        data = binding.data
        if data.size < stop:
            return _load(ctx, op, args)
        view = np.ndarray(sizes, dtype, data, start, strides)
        if readonly and not binding.aliased:
            view.flags.writeable = False
        else:
            view = view.copy()
        return [view.reshape(reshape) if reshape is not None else view]

    return load


@register_fast("iree_tensor_ext.dispatch.tensor.store", "flow.dispatch.tensor.store")
def _fast_store(ctx: Context, op: Operation, known: list[Any]) -> Impl | None:
    fixed = _fixed_geometry(ctx, op, known, 1)
    if fixed is None or fixed[0].access == "readonly":
        return None
    bt, g = fixed
    index, dtype, sizes, start, stop, strides = bt.binding, bt.dtype, g.sizes, g.start, g.stop, g.byte_strides

    def store(ctx: Context, op: Operation, args: list[Any]) -> Any:
        value = args[0]
        data = ctx.bindings[index].data
        if type(value) is not np.ndarray or value.dtype != dtype or data.size < stop:
            return _store(ctx, op, args)
        np.ndarray(sizes, dtype, data, start, strides)[...] = (
            value.reshape(sizes) if value.shape != sizes else value
        )
        return []

    def target(ctx: Context) -> np.ndarray | None:
        """The view this store writes, for an op that can compute straight into it (None: cannot)."""
        data = ctx.bindings[index].data
        return np.ndarray(sizes, dtype, data, start, strides) if data.size >= stop else None

    store.target = target  # type: ignore[attr-defined]
    return store
