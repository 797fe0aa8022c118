"""The iteration space of a linalg structured op (:mod:`simulator.dispatch.structured`): its loop bounds
from the operand shapes, and each operand as a full-rank view in loop order (a transpose and reshape for
projected permutations and broadcasts, an ``as_strided`` window for sums of scaled dims, fancy indexing
for anything else)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ir.affine import AffineBinary, AffineConstant, AffineDim, AffineExpr, AffineMap
from ir.core import Operation
from simulator.dispatch.registry import unsupported
from simulator.errors import DispatchError

if TYPE_CHECKING:
    from simulator.dispatch.structured import Spec

# --- loop bounds and operand views --------------------------------------------------------------------------------


def loop_bounds(op: Operation, spec: Spec, shapes: Sequence[tuple[int, ...] | None]) -> tuple[int, ...]:
    n = len(spec.iterators)
    bounds: list[int | None] = [None] * n
    for amap, shape in zip(spec.maps, shapes):
        if shape is None:
            continue
        if len(shape) != len(amap.results):
            raise DispatchError(f"{op.describe()}: operand of rank {len(shape)} has indexing map {amap}")
        for e, size in zip(amap.results, shape):
            if isinstance(e, AffineDim):
                known = bounds[e.position]
                if known is None:
                    bounds[e.position] = size
                elif known != size:
                    raise DispatchError(
                        f"{op.describe()}: loop d{e.position} has extent {known} and {size} in different operands"
                    )
    missing = [f"d{d}" for d, b in enumerate(bounds) if b is None]
    if missing:
        raise unsupported(op, f"loops {', '.join(missing)} appear in no indexing map as a plain dim")
    return tuple(b for b in bounds if b is not None)


def _linear(e: AffineExpr) -> tuple[dict[int, int], int] | None:
    """``e`` as ``sum(c_d * d) + c``, or None if it is not linear in the dims."""
    if isinstance(e, AffineDim):
        return {e.position: 1}, 0
    if isinstance(e, AffineConstant):
        return {}, e.value
    if isinstance(e, AffineBinary) and e.op in ("+", "*"):
        a, b = _linear(e.lhs), _linear(e.rhs)
        if a is None or b is None:
            return None
        if e.op == "+":
            coeffs = dict(a[0])
            for d, c in b[0].items():
                coeffs[d] = coeffs.get(d, 0) + c
            return coeffs, a[1] + b[1]
        if not a[0]:
            a, b = b, a
        if b[0]:
            return None
        return {d: c * b[1] for d, c in a[0].items()}, a[1] * b[1]
    return None


def _eval_index(op: Operation, e: AffineExpr, grid: list[np.ndarray]) -> Any:
    if isinstance(e, AffineDim):
        return grid[e.position]
    if isinstance(e, AffineConstant):
        return np.int64(e.value)
    if isinstance(e, AffineBinary):
        a, b = _eval_index(op, e.lhs, grid), _eval_index(op, e.rhs, grid)
        if e.op == "+":
            return a + b
        if e.op == "*":
            return a * b
        if e.op == "floordiv":
            return np.floor_divide(a, b)
        if e.op == "ceildiv":
            return -np.floor_divide(-a, b)
        return np.mod(a, b)
    raise unsupported(op, f"indexing expression {e} (symbols are not supported)")


def permutation_view(
    amap: AffineMap, shape: tuple[int, ...], n: int
) -> tuple[list[int] | None, list[int]] | None:
    """For a projected permutation: the transpose and reshape that make the full-rank view."""
    dims = amap.result_dims()
    if None in dims or len(set(dims)) != len(dims):
        return None
    order = sorted(range(len(dims)), key=lambda r: dims[r])  # type: ignore[arg-type, return-value]
    full = [1] * n
    for r, d in enumerate(dims):
        full[d] = shape[r]  # type: ignore[index]
    return (order if order != list(range(len(dims))) else None), full


def full_rank(op: Operation, arr: np.ndarray, amap: AffineMap, bounds: tuple[int, ...]) -> np.ndarray:
    """``arr`` as an array with one axis per loop (the loop's extent, or 1 where it does not depend)."""
    n = len(bounds)
    res = amap.results
    dims = [e.position if isinstance(e, AffineDim) else None for e in res]
    if None not in dims and len(set(dims)) == len(dims):
        known = [int(d) for d in dims if d is not None]
        order = sorted(range(len(known)), key=lambda r: known[r])
        t = arr.transpose(order) if order != list(range(len(dims))) else arr
        shape = [1] * n
        for r, d in enumerate(known):
            shape[d] = arr.shape[r]
        return t.reshape(shape)
    linear = [_linear(e) for e in res]
    if all(lin is not None and lin[1] >= 0 and all(c >= 0 for c in lin[0].values()) for lin in linear):
        shape, strides = [1] * n, [0] * n
        for r, lin in enumerate(linear):
            assert lin is not None
            coeffs, const = lin
            top = const + sum(c * (bounds[d] - 1) for d, c in coeffs.items())
            if top >= arr.shape[r]:
                raise DispatchError(
                    f"{op.describe()}: indexing map {amap} reaches index {top} of an operand dim of size {arr.shape[r]}"
                )
            for d, c in coeffs.items():
                if c:
                    shape[d] = bounds[d]
                    strides[d] += c * arr.strides[r]
        origin = arr[tuple(slice(lin[1], lin[1] + 1) for lin in linear if lin is not None)]
        return np.lib.stride_tricks.as_strided(origin, shape=shape, strides=strides, writeable=False)
    grid = [
        np.arange(b, dtype=np.int64).reshape([b if k == d else 1 for k in range(n)])
        for d, b in enumerate(bounds)
    ]
    index = []
    for r, e in enumerate(res):
        idx = np.asarray(_eval_index(op, e, grid))
        if idx.size and (idx.min() < 0 or idx.max() >= arr.shape[r]):
            raise DispatchError(
                f"{op.describe()}: indexing map {amap} leaves an operand dim of size {arr.shape[r]}"
            )
        index.append(idx)
    out = arr[tuple(index)]
    return out.reshape((1,) * n) if out.ndim < n else out
