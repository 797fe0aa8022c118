"""``arith`` and ``math`` ops, elementwise over numpy scalars and whole arrays alike.

The same impl serves the index arithmetic of a dispatch function (``%off = arith.index_castui %arg3``)
and the body of a ``linalg.generic``, evaluated once over broadcast arrays. Dtype rules follow MLIR:

- an op's result has the numpy dtype of its MLIR type (``f32`` stays ``f32``; ``index`` is ``int64``);
- integers are signless and wrap around (numpy integer arithmetic wraps; overflow warnings are off for
  the whole run); the unsigned ops (``divui``, ``cmpi ult``, ``extui``...) reinterpret the bits as
  unsigned; ``i1`` is ``bool``;
- ``f16`` and the ``f8`` types are computed in ``f32`` and rounded to their type after each op, which is
  what one op on those types means (ml_dtypes provides the storage types);
- ``bf16`` values are carried in ``f32`` and rounded only where they reach a tensor (a structured op's
  result, :func:`simulator.dispatch.structured.run_structured`), or a bitcast needs their bits. That is
  what IREE's llvm-cpu code does: it emulates each bf16 op in f32 (``extf``, the op, ``truncf``) and
  folds every ``extf(truncf(x))`` to ``x``, so a chain of bf16 ops in a body (and an explicit ``truncf``
  to bf16 followed by ``extf``) rounds once, at the store (bit for bit against iree-run-module, see
  tests/simulator/dispatch/test_dispatch_low_precision.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from ir.attributes import BoolAttr, DenseElementsAttr, DialectAttr, FloatAttr, IntegerAttr
from ir.core import Operation
from ir.types import IntegerType, TensorType, Type, VectorType, numpy_dtype
from simulator.dispatch.registry import Context, DispatchRules, unsupported

RULES = DispatchRules.named("dispatch.scalars")
register_op = RULES.impls.register

F32 = np.dtype(np.float32)


def element_type(t: Type) -> Type:
    return t.element_type if isinstance(t, TensorType | VectorType) else t


def _result_dtype(op: Operation) -> np.dtype:
    return numpy_dtype(element_type(op.results[0].type))


def result_dtype(ctx: Context, op: Operation) -> np.dtype:
    """The numpy dtype of the element type of ``op``'s first result (kept per op)."""
    # Inline ctx.plan: this runs for every arith/math op of every body, on every run.
    found = ctx.plans.get(op)
    if found is None:
        found = ctx.plans[op] = _result_dtype(op)
    return found


def operand_dtype(op: Operation, i: int = 0) -> np.dtype:
    return numpy_dtype(element_type(op.operands[i].type))


def is_bf16(dt: np.dtype) -> bool:
    return dt.name == "bfloat16"


def is_small_float(dt: np.dtype) -> bool:
    """f16, bf16 and the f8 formats: computed in f32 and rounded back."""
    return (dt.kind == "f" and dt.itemsize < 4) or dt.kind == "V"


def _unsigned(dt: np.dtype) -> np.dtype:
    return np.dtype(f"u{dt.itemsize}") if dt.kind in "iu" else dt


def _as(a: Any, dt: np.dtype) -> Any:
    # A float too large for a narrower float type becomes inf, as MLIR's truncf (round to nearest) says:
    # not a warning.
    with np.errstate(over="ignore"):
        return a.astype(dt) if isinstance(a, np.ndarray | np.generic) else np.asarray(a).astype(dt)[()]


def _scalarise(r: Any) -> Any:
    return r[()] if isinstance(r, np.ndarray) and r.ndim == 0 else r


# --- float ops ------------------------------------------------------------------------------------


def _float_op(fn: Callable[..., Any]) -> Callable[[Context, Operation, list[Any]], list[Any]]:
    def impl(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
        dt = result_dtype(ctx, op)
        if is_small_float(dt):
            # bf16: carried in f32, unrounded (see the module doc); f16, f8: rounded to their type
            return [_as(fn(*[_as(a, F32) for a in args]), F32 if ctx.carry_bf16 and is_bf16(dt) else dt)]
        r = fn(*args)
        return [r if r.dtype == dt else _as(r, dt)]

    return impl


def _erf(x: Any) -> Any:
    # scipy's erf is correctly rounded in f64; a dependency (not optional), so that the result never
    # depends on which packages happen to be installed. Imported on first use: scipy.special takes
    # a tenth of a second to import, which every command would otherwise pay.
    from scipy.special import erf

    return erf(x)


def _round_half_away(x: Any) -> Any:
    t = np.trunc(x)
    return t + np.where(np.abs(x - t) >= 0.5, np.sign(x), 0).astype(np.asarray(x).dtype)


def _maximumf(a: Any, b: Any) -> Any:
    # MLIR's maximumf: NaN if either is NaN (np.maximum does that), and +0.0 above -0.0 (np.maximum
    # returns its first argument for equal zeros).
    r = np.maximum(a, b)
    zeros = np.logical_and(np.equal(a, b), np.equal(a, 0))
    return _scalarise(np.where(zeros, np.where(np.signbit(a), b, a), r)) if np.any(zeros) else r


def _minimumf(a: Any, b: Any) -> Any:
    r = np.minimum(a, b)
    zeros = np.logical_and(np.equal(a, b), np.equal(a, 0))
    return _scalarise(np.where(zeros, np.where(np.signbit(a), a, b), r)) if np.any(zeros) else r


def _maxnumf(a: Any, b: Any) -> Any:
    # MLIR's maxnumf: the other operand when one is NaN (np.fmax). Equal zeros of opposite sign may give
    # either; IREE's compiled code (llvm-cpu) gives the first operand, and so do we.
    r = np.fmax(a, b)
    zeros = np.logical_and(np.equal(a, b), np.equal(a, 0))
    return _scalarise(np.where(zeros, a, r)) if np.any(zeros) else r


def _minnumf(a: Any, b: Any) -> Any:
    r = np.fmin(a, b)
    zeros = np.logical_and(np.equal(a, b), np.equal(a, 0))
    return _scalarise(np.where(zeros, a, r)) if np.any(zeros) else r


_FLOAT_BINARY: dict[str, Callable[..., Any]] = {
    "arith.addf": np.add,
    "arith.subf": np.subtract,
    "arith.mulf": np.multiply,
    "arith.divf": np.divide,
    "arith.remf": np.fmod,
    "arith.maximumf": _maximumf,
    "arith.minimumf": _minimumf,
    "arith.maxnumf": _maxnumf,
    "arith.minnumf": _minnumf,
    "math.powf": np.power,
    "math.atan2": np.arctan2,
    "math.copysign": np.copysign,
}

_FLOAT_UNARY: dict[str, Callable[..., Any]] = {
    "arith.negf": np.negative,
    "math.absf": np.abs,
    "math.exp": np.exp,
    "math.exp2": np.exp2,
    "math.expm1": np.expm1,
    "math.log": np.log,
    "math.log2": np.log2,
    "math.log10": np.log10,
    "math.log1p": np.log1p,
    "math.sqrt": np.sqrt,
    "math.rsqrt": lambda x: np.reciprocal(np.sqrt(x)),
    "math.cbrt": np.cbrt,
    "math.tanh": np.tanh,
    "math.sin": np.sin,
    "math.cos": np.cos,
    "math.tan": np.tan,
    "math.asin": np.arcsin,
    "math.acos": np.arccos,
    "math.atan": np.arctan,
    "math.sinh": np.sinh,
    "math.cosh": np.cosh,
    "math.asinh": np.arcsinh,
    "math.acosh": np.arccosh,
    "math.atanh": np.arctanh,
    "math.erf": _erf,
    "math.erfc": lambda x: np.subtract(1, _erf(x)).astype(np.asarray(x).dtype),
    "math.floor": np.floor,
    "math.ceil": np.ceil,
    "math.trunc": np.trunc,
    "math.roundeven": np.rint,
    "math.round": _round_half_away,
}

for _name, _fn in {**_FLOAT_BINARY, **_FLOAT_UNARY}.items():
    register_op(_name)(_float_op(_fn))
register_op("math.fma")(_float_op(lambda a, b, c: a * b + c))


@register_op("math.fpowi")
def _fpowi(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    dt = result_dtype(ctx, op)
    base = _as(args[0], F32) if is_small_float(dt) else args[0]
    return [_as(np.power(base, _as(args[1], base.dtype)), dt)]


@register_op("math.isnan", "math.isinf", "math.isfinite")
def _float_class(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    fn = {"math.isnan": np.isnan, "math.isinf": np.isinf, "math.isfinite": np.isfinite}[op.op_name]
    x = args[0]
    return [fn(_as(x, F32) if is_small_float(np.asarray(x).dtype) else x)]


# --- integer ops ----------------------------------------------------------------------------------


def _int_op(
    fn: Callable[..., Any], *, unsigned: bool = False
) -> Callable[[Context, Operation, list[Any]], list[Any]]:
    def impl(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
        dt = result_dtype(ctx, op)
        if unsigned:
            udt = _unsigned(dt)
            return [_as(fn(*[_as(a, udt) for a in args]), dt)]
        r = fn(*args)
        return [r if r.dtype == dt else _as(r, dt)]

    return impl


def _divsi(a: Any, b: Any) -> Any:
    # MLIR's divsi rounds toward zero; numpy's floor_divide rounds down.
    q = np.floor_divide(a, b)
    fix = (np.subtract(a, np.multiply(q, b)) != 0) & ((np.asarray(a) < 0) != (np.asarray(b) < 0))
    return np.add(q, fix.astype(np.asarray(q).dtype))


def _ceildivsi(a: Any, b: Any) -> Any:
    return np.negative(np.floor_divide(np.negative(a), b))


def _bool_aware(fn: Callable[..., Any], on_bool: Callable[..., Any]) -> Callable[..., Any]:
    def apply(a: Any, b: Any) -> Any:
        return on_bool(a, b) if np.asarray(a).dtype == np.bool_ else fn(a, b)

    return apply


_INT_BINARY: dict[str, Callable[..., Any]] = {
    "arith.addi": _bool_aware(np.add, np.logical_xor),
    "arith.subi": _bool_aware(np.subtract, np.logical_xor),
    "arith.muli": _bool_aware(np.multiply, np.logical_and),
    "arith.divsi": _divsi,
    "arith.remsi": np.fmod,
    "arith.floordivsi": np.floor_divide,
    "arith.ceildivsi": _ceildivsi,
    "arith.maxsi": np.maximum,
    "arith.minsi": np.minimum,
    "arith.andi": np.bitwise_and,
    "arith.ori": np.bitwise_or,
    "arith.xori": np.bitwise_xor,
    "arith.shli": np.left_shift,
    "arith.shrsi": np.right_shift,
}
_UINT_BINARY: dict[str, Callable[..., Any]] = {
    "arith.divui": np.floor_divide,
    "arith.remui": np.remainder,
    "arith.ceildivui": lambda a, b: np.floor_divide(a + b - 1, b),
    "arith.maxui": np.maximum,
    "arith.minui": np.minimum,
    "arith.shrui": np.right_shift,
}
for _name, _fn in _INT_BINARY.items():
    register_op(_name)(_int_op(_fn))
for _name, _fn in _UINT_BINARY.items():
    register_op(_name)(_int_op(_fn, unsigned=True))
register_op("math.absi")(_int_op(np.abs))


def _bit_count(fn: Callable[[np.ndarray, int], Any]) -> Callable[[Context, Operation, list[Any]], list[Any]]:
    """``math.ctpop``/``ctlz``/``cttz``: ``fn(bits as unsigned, width)``; a zero has ``width`` leading
    and trailing zeros, as MLIR defines them."""

    def impl(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
        dt = result_dtype(ctx, op)
        if dt == np.bool_:
            raise unsupported(op, "an i1 operand")
        x = np.asarray(_as(args[0], _unsigned(dt)))
        return [_scalarise(_as(fn(x, dt.itemsize * 8), dt))]

    return impl


def _leading_zeros(x: np.ndarray, width: int) -> np.ndarray:
    n, y, s = np.zeros(x.shape, np.int64), x.copy(), width // 2
    while s:  # the bit length by halving: each step moves the high half down when it is non-zero
        high = y >> np.asarray(s, y.dtype)
        n += np.where(high != 0, s, 0)
        y = np.where(high != 0, high, y)
        s //= 2
    return width - (n + (y != 0))


register_op("math.ctpop")(_bit_count(lambda x, w: np.bitwise_count(x)))
register_op("math.ctlz")(_bit_count(_leading_zeros))
register_op("math.cttz")(
    _bit_count(lambda x, w: np.where(x == 0, w, np.bitwise_count(~x & (x - np.asarray(1, x.dtype)))))
)


# --- comparisons and select -------------------------------------------------------------------------

CMPI_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
CMPF_PREDICATES = (
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
)  # fmt: skip


def predicate_name(op: Operation, names: tuple[str, ...]) -> str:
    attr = op.attr("predicate")
    if isinstance(attr, IntegerAttr) and 0 <= attr.value < len(names):
        return names[attr.value]
    if isinstance(attr, DialectAttr) and attr.body:
        word = attr.body.split()[-1]
        if word in names:
            return word
    raise unsupported(op, f"unknown predicate {attr}")


_CMP = {
    "eq": np.equal,
    "ne": np.not_equal,
    "lt": np.less,
    "le": np.less_equal,
    "gt": np.greater,
    "ge": np.greater_equal,
}


@register_op("arith.cmpi")
def _cmpi(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    pred = ctx.plan(op, lambda o: predicate_name(o, CMPI_PREDICATES))
    a, b = args
    if pred[0] == "u":
        udt = _unsigned(np.asarray(a).dtype)
        a, b = _as(a, udt), _as(b, udt)
    return [_CMP[pred[-2:]](a, b)]


@register_op("arith.cmpf")
def _cmpf(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    pred = ctx.plan(op, lambda o: predicate_name(o, CMPF_PREDICATES))
    a, b = args
    if is_small_float(np.asarray(a).dtype):
        a, b = _as(a, F32), _as(b, F32)
    if pred in ("false", "true"):
        shape = np.broadcast_shapes(np.shape(a), np.shape(b))
        return [_scalarise(np.full(shape, pred == "true"))]
    if pred == "ord":
        return [~(np.isnan(a) | np.isnan(b))]
    if pred == "uno":
        return [np.isnan(a) | np.isnan(b)]
    if pred == "one":
        return [np.not_equal(a, b) & ~(np.isnan(a) | np.isnan(b))]
    if pred == "une":
        return [np.not_equal(a, b)]
    if pred == "ueq":
        return [np.equal(a, b) | np.isnan(a) | np.isnan(b)]
    if pred[0] == "o":
        return [_CMP[pred[1:]](a, b)]
    # Unordered: true if either is NaN, i.e. the negation of the opposite ordered comparison.
    opposite = {"gt": np.less_equal, "ge": np.less, "lt": np.greater_equal, "le": np.greater}[pred[1:]]
    return [np.logical_not(opposite(a, b))]


@register_op("arith.select")
def _select(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    c, a, b = args
    return [_scalarise(np.where(c, a, b))]


# --- casts ----------------------------------------------------------------------------------------

CAST_OPS = frozenset(
    {
        "arith.extsi", "arith.extui", "arith.trunci", "arith.sitofp", "arith.uitofp", "arith.fptosi",
        "arith.fptoui", "arith.extf", "arith.truncf", "arith.index_cast", "arith.index_castui",
        "arith.bitcast",
    }
)  # fmt: skip


_INT_CASTS = frozenset(
    {"arith.extsi", "arith.extui", "arith.trunci", "arith.index_cast", "arith.index_castui"}
)


def _int_scalar_cast(name: str, x: np.integer, dst: np.dtype) -> Any:
    """Integer casts of one scalar in Python ints (the index arithmetic on push constants)."""
    v = int(x)
    if name in ("arith.extui", "arith.index_castui") and v < 0:
        v += 1 << (8 * x.dtype.itemsize)  # zero-extend: the source's bits read as unsigned
    bits = 8 * dst.itemsize
    v &= (1 << bits) - 1
    if dst.kind == "i" and v >= 1 << (bits - 1):
        v -= 1 << bits
    return dst.type(v)


def _cast(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    x = args[0]
    dst = result_dtype(ctx, op)
    name = op.op_name
    if name in _INT_CASTS and isinstance(x, np.integer) and dst.kind in "iu":
        return [_int_scalar_cast(name, x, dst)]
    src = np.asarray(x).dtype
    if name == "arith.bitcast":
        declared = operand_dtype(op)
        if src != declared:  # a bf16 value carried in f32: its bits are those of the rounded value
            x = _as(x, declared)
        return [_scalarise(np.asarray(x).view(dst))]
    if (
        ctx.carry_bf16
        and is_bf16(dst)
        and name in ("arith.truncf", "arith.extf", "arith.sitofp", "arith.uitofp")
    ):
        # carried in f32 (the module doc): IREE folds extf(truncf(x)) to x
        return [
            _as(x, F32) if src.kind in "f" or is_small_float(src) else _as(_as(x, np.dtype(np.float64)), F32)
        ]
    if dst == np.bool_ and src != np.bool_:  # truncation to i1 keeps the low bit
        return [_scalarise(np.bitwise_and(x, 1).astype(np.bool_))]
    if name == "arith.extsi" and src == np.bool_:  # i1 true sign-extends to -1
        return [_scalarise(np.negative(np.asarray(x).astype(dst)))]
    if name in ("arith.extui", "arith.uitofp", "arith.index_castui") and src.kind == "i":
        x = _as(x, _unsigned(src))
    if name == "arith.fptoui":
        return [_as(_as(_as(x, np.dtype(np.float64)), _unsigned(dst)), dst)]
    if is_small_float(src) and dst.kind != "f":
        x = _as(x, F32)
    if is_small_float(dst) and src.kind in "iub":
        x = _as(x, np.dtype(np.float64))
    return [_as(x, dst)]


for _name in CAST_OPS:
    register_op(_name)(_cast)


# --- constants and pass-through ops -------------------------------------------------------------------


def constant_value(op: Operation) -> Any:
    attr = op.attr("value")
    t = op.results[0].type
    if isinstance(attr, DenseElementsAttr):
        return attr.to_numpy()
    dt = numpy_dtype(element_type(t))
    if isinstance(attr, BoolAttr):  # ``true``/``false``: how MLIR prints an i1 constant
        return np.bool_(attr.value)
    if isinstance(attr, IntegerAttr):
        value = attr.value
        if dt == np.bool_:
            return np.bool_(value & 1)
        width = attr.type.width if isinstance(attr.type, IntegerType) else 64
        value &= (1 << width) - 1
        if value >= 1 << (width - 1):
            value -= 1 << width
        return np.array(value, dtype=np.int64).astype(dt)[()]
    if isinstance(attr, FloatAttr):
        v = attr.value
        if is_small_float(dt):
            return np.float32(v).astype(dt) if math.isfinite(v) else np.array(v).astype(dt)[()]
        return dt.type(v)
    raise unsupported(op, f"constant attribute {attr} is not an integer, float or dense elements")


@register_op("arith.constant")
def _constant(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    value = ctx.plan(op, constant_value)
    if isinstance(value, np.ndarray) and isinstance(op.results[0].type, TensorType | VectorType):
        return [value]
    return [value]


@register_op(
    "util.assume.int",
    "util.optimization_barrier",
    "iree_tensor_ext.dispatch.workload.ordinal",
    "flow.dispatch.workload.ordinal",
)
def _identity(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    return list(args[: len(op.results)])


def _basis(op: Operation, dynamic: list[Any], n_indices: int) -> list[Any]:
    """The basis of an ``affine.linearize_index``/``delinearize_index``: its static basis with the dynamic
    entries filled in, aligned to the ``n_indices`` indices (``None`` for an omitted outer bound)."""
    from simulator.dispatch.bindings import mixed, static_list

    basis: list[Any] = list(mixed(op, static_list(op, "static_basis"), dynamic))
    if len(basis) == n_indices - 1:
        basis = [None, *basis]
    if len(basis) != n_indices:
        raise unsupported(op, f"a basis of {len(basis)} for {n_indices} indices")
    return basis


@register_op("affine.linearize_index")
def _linearize(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    """``sum(index[i] * prod(basis[i + 1:]))`` (the outer bound, given or not, is not used)."""
    from simulator.dispatch.bindings import split_segments

    indices, dynamic = split_segments(op, args)[:2]
    n = len(indices)
    basis = _basis(op, dynamic, n)
    total: Any = np.int64(0)
    stride: Any = np.int64(1)
    for i in range(n - 1, -1, -1):
        total = total + np.asarray(indices[i], dtype=np.int64) * stride
        if i:
            stride = stride * np.int64(basis[i])
    return [_scalarise(total)]


@register_op("affine.delinearize_index")
def _delinearize(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    """The digits of the linear index in the basis, outermost first; the outermost is not reduced."""
    n = len(op.results)
    basis = _basis(op, list(args[1:]), n)
    linear: Any = np.asarray(args[0], dtype=np.int64)
    out: list[Any] = []
    for i in range(n - 1, 0, -1):
        b = np.int64(basis[i])
        out.append(_scalarise(np.mod(linear, b)))
        linear = np.floor_divide(linear, b)
    out.append(_scalarise(linear))
    return out[::-1]
