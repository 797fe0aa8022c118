"""Reductions and contractions of full-rank arrays (one axis per loop), for the structured engine.

- :func:`reduce` folds a combiner (``addf``, ``maximumf``, ``addi``, ``ori``...) over the reduction axes
  with its numpy ufunc, in the element type (integers wrap; ``maxui`` compares unsigned; f16/bf16 sum
  in f32 and round once).
- :func:`contract` is ``sum over the reduction loops of p * q``: loops only one side has are summed
  first, the rest become one batched ``np.matmul`` after a transpose and reshape (BLAS for f32/f64),
  whose result comes back with the parallel loops in order. Its transposes are kept per shape.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from simulator.dispatch.scalars import F32, is_small_float

# Combiners whose repeated application is a ufunc reduction. Values: (ufunc, ufunc for i1).
COMBINERS: dict[str, Any] = {
    "arith.addf": np.add,
    "arith.mulf": np.multiply,
    "arith.maximumf": np.maximum,
    "arith.minimumf": np.minimum,
    "arith.maxnumf": np.fmax,
    "arith.minnumf": np.fmin,
    "arith.addi": np.add,
    "arith.muli": np.multiply,
    "arith.maxsi": np.maximum,
    "arith.minsi": np.minimum,
    "arith.maxui": np.maximum,
    "arith.minui": np.minimum,
    "arith.andi": np.bitwise_and,
    "arith.ori": np.bitwise_or,
    "arith.xori": np.bitwise_xor,
}
_BOOL_COMBINERS = {"arith.addi": np.logical_xor, "arith.muli": np.logical_and}


def reduce(name: str, x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    dt = x.dtype
    if dt == np.bool_ and name in _BOOL_COMBINERS:
        return _BOOL_COMBINERS[name].reduce(x, axis=axes)
    if is_small_float(dt):
        return COMBINERS[name].reduce(x.astype(F32), axis=axes, dtype=F32).astype(dt)
    if name in ("arith.maxui", "arith.minui"):
        u = np.dtype(f"u{dt.itemsize}")
        return COMBINERS[name].reduce(x.astype(u), axis=axes, dtype=u).astype(dt)
    return COMBINERS[name].reduce(x, axis=axes, dtype=dt)


@dataclass(frozen=True)
class _ContractLayout:
    p_sum: tuple[int, ...]  # reduction loops only p has: summed first
    q_sum: tuple[int, ...]
    scale: int  # reduction loops neither has: the sum is scale times the product
    p_perm: list[int]
    p3: tuple[int, int, int]
    q_perm: list[int]
    q3: tuple[int, int, int]
    bmn_shape: list[int]
    perm: list[int] | None
    par_shape: list[int]
    full_shape: tuple[int, ...]
    batched: bool
    bmn: tuple[int, ...] = ()  # the loops of the product's axes (B + M + N)


def _contract_layout(
    p_shape: tuple[int, ...], q_shape: tuple[int, ...], bounds: tuple[int, ...], red: tuple[int, ...]
) -> _ContractLayout:
    n = len(bounds)
    par = [d for d in range(n) if d not in red]
    scale = 1
    K: list[int] = []
    p_sum: list[int] = []
    q_sum: list[int] = []
    for d in red:
        in_p, in_q = p_shape[d] != 1, q_shape[d] != 1
        if in_p and in_q:
            K.append(d)
        elif in_p:
            p_sum.append(d)
        elif in_q:
            q_sum.append(d)
        else:
            scale *= bounds[d]
    B = [d for d in par if p_shape[d] != 1 and q_shape[d] != 1]
    M = [d for d in par if p_shape[d] != 1 and q_shape[d] == 1]
    N = [d for d in par if p_shape[d] == 1 and q_shape[d] != 1]
    rest_p = [d for d in range(n) if d not in B + M + K]
    rest_q = [d for d in range(n) if d not in B + K + N]
    b = math.prod(bounds[d] for d in B)
    m = math.prod(bounds[d] for d in M)
    k = math.prod(bounds[d] for d in K)
    nn = math.prod(bounds[d] for d in N)
    bmn = B + M + N
    srt = sorted(bmn)
    return _ContractLayout(
        tuple(p_sum),
        tuple(q_sum),
        scale,
        B + M + K + rest_p,
        (b, m, k),
        B + K + N + rest_q,
        (b, k, nn),
        [bounds[d] for d in bmn],
        [bmn.index(d) for d in srt] if srt != bmn else None,
        [bounds[d] if d in bmn else 1 for d in par],
        tuple(bounds[d] for d in par),
        b != 1,
        tuple(bmn),
    )


def contract(
    cache: dict[tuple[Any, ...], Any],
    p: np.ndarray,
    q: np.ndarray,
    bounds: tuple[int, ...],
    red: tuple[int, ...],
    keep_f32: bool = False,
) -> np.ndarray:
    """sum over ``red`` of p * q, both full rank: one np.matmul; the result has the parallel loops in order
    (f16/bf16 operands: products and sum in f32, rounded to their type unless ``keep_f32``)."""
    dt = np.result_type(p.dtype, q.dtype)
    small = is_small_float(dt)
    if keep_f32 and small:
        dt = F32
    if small:
        p, q = p.astype(F32), q.astype(F32)
    key = (p.shape, q.shape, bounds)
    lay = cache.get(key)
    if lay is None:
        lay = cache[key] = _contract_layout(p.shape, q.shape, bounds, red)
    if lay.p_sum:
        p = np.add.reduce(p, axis=lay.p_sum, keepdims=True, dtype=p.dtype)
    if lay.q_sum:
        q = np.add.reduce(q, axis=lay.q_sum, keepdims=True, dtype=q.dtype)
    p3 = p.transpose(lay.p_perm).reshape(lay.p3)
    q3 = q.transpose(lay.q_perm).reshape(lay.q3)
    r = np.matmul(p3, q3) if lay.batched else np.matmul(p3[0], q3[0])
    r = r.reshape(lay.bmn_shape)
    if lay.perm is not None:
        r = r.transpose(lay.perm)
    r = r.reshape(lay.par_shape)
    if r.shape != lay.full_shape:
        r = np.broadcast_to(r, lay.full_shape)
    if lay.scale != 1:
        r = r * np.array(lay.scale).astype(r.dtype)
    return r.astype(dt) if small or r.dtype != dt else r
