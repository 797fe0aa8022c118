"""``scf`` control flow in dispatch bodies: ``for``, ``if``, ``while``, ``index_switch``.

Two places hold them, and the same rules serve both:

- The dispatch function itself (a body written with ``flow.dispatch.workgroups``, or tensors carried
  through a loop): conditions and bounds are scalars, the regions run as MLIR says, one iteration after
  the other; loads and stores inside run each time.
- A ``linalg`` body, which the interpreter evaluates once over the whole iteration space: a condition
  or a bound that depends on the element is an array. Then every element runs in lock step:

  - ``if``: both branches are evaluated over every element and each result is picked per element by
    the condition. The branch an element does not take runs *speculatively*: a ``tensor.extract`` there
    reads a clamped index instead of failing (``ctx.speculative``), since that element discards it.
  - ``for`` with per-element bounds: as many iterations as the longest trip count; an element whose
    loop has ended keeps its values.
  - ``while``: the ``before`` region runs for every element still looping; an element whose condition
    is false leaves with the values its ``scf.condition`` forwarded; the loop ends when none is left.
  - ``index_switch``: every case is evaluated, each element takes the one its index selects.

A ``while`` that runs more than :data:`MAX_TRIPS` iterations is an error (IREE would hang).

The data-free analysis (costs and accesses) follows the same regions: a ``for`` with known bounds runs
its body's analysis once per iteration; an ``if`` on a known condition analyses its branch; one on a
condition read from tensor data analyses both and takes the then-branch's results (every load and
store either may do is recorded); a ``while`` or an ``index_switch`` must have a known condition.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ir.attributes import DenseArrayAttr
from ir.core import Block, Operation
from ir.types import TensorType
from simulator.dispatch.bindings import as_int
from simulator.dispatch.interpreter import run_ops
from simulator.dispatch.registry import UNKNOWN, Abstract, Context, DispatchRules, Env, unsupported
from simulator.errors import DispatchError

RULES = DispatchRules.named("dispatch.control")
register_op = RULES.impls.register
register_shape = RULES.shapes.register

#: Iterations after which an ``scf.while`` is reported as not terminating.
MAX_TRIPS = 10_000_000


def _block(op: Operation, i: int) -> Block:
    if len(op.regions) <= i or not op.regions[i].blocks:
        raise unsupported(op, f"region {i} is missing")
    return op.regions[i].blocks[0]


def _call(ctx: Context, block: Block, values: list[Any]) -> list[Any]:
    env = Env(ctx.env)
    for arg, v in zip(block.args, values):
        env[arg] = v
    outer = ctx.env
    try:
        return run_ops(ctx, block, env)
    finally:
        ctx.env = outer


def _vector(v: Any) -> bool:
    """A per-element value of a vectorised linalg body (tensor values are never conditions or bounds)."""
    return isinstance(v, np.ndarray) and v.ndim > 0


def _select(op: Operation, mask: np.ndarray, a: list[Any], b: list[Any]) -> list[Any]:
    """Per element: ``a`` where ``mask``, else ``b``."""
    out = []
    for r, x, y in zip(op.results, a, b):
        if isinstance(r.type, TensorType):
            raise unsupported(op, "a tensor result under a condition that differs per element")
        out.append(np.where(mask, x, y))
    return out


def _speculative(ctx: Context, block: Block, values: list[Any]) -> list[Any]:
    ctx.speculative += 1
    try:
        return _call(ctx, block, values)
    finally:
        ctx.speculative -= 1


# --- scf.if -----------------------------------------------------------------------------------------


@register_op("scf.if")
def _if(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    cond = args[0]
    has_else = len(op.regions) > 1 and bool(op.regions[1].blocks)
    if not _vector(cond):
        if bool(cond):
            return _call(ctx, _block(op, 0), [])
        return _call(ctx, _block(op, 1), []) if has_else else []
    if not op.results:
        raise unsupported(op, "an scf.if without results whose condition differs per element")
    mask = np.asarray(cond, dtype=bool)
    then = _speculative(ctx, _block(op, 0), [])
    other = _speculative(ctx, _block(op, 1), [])
    return _select(op, mask, then, other)


@register_shape("scf.if")
def _if_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    cond = args[0]
    has_else = len(op.regions) > 1 and bool(op.regions[1].blocks)
    if cond is not UNKNOWN and not isinstance(cond, Abstract):
        if bool(cond):
            return _call(ctx, _block(op, 0), [])
        return _call(ctx, _block(op, 1), []) if has_else else []
    then = _call(ctx, _block(op, 0), [])
    if has_else:
        _call(ctx, _block(op, 1), [])
    return [v if isinstance(v, Abstract) else UNKNOWN for v in then]


# --- scf.for ----------------------------------------------------------------------------------------


@register_op("scf.for")
def _for(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    lb, ub, step, *carried = args
    body = _block(op, 0)
    if not (_vector(lb) or _vector(ub) or _vector(step)):
        lo, hi, st = int(lb), int(ub), int(step)
        if st <= 0:
            raise DispatchError(f"{op.describe()}: step {st} is not positive")
        for i in range(lo, hi, st):
            carried = _call(ctx, body, [np.int64(i), *carried])
        return carried
    # Per-element bounds: every element runs the longest loop; one whose loop has ended keeps its values.
    first, last, stride = (np.asarray(v, dtype=np.int64) for v in (lb, ub, step))
    if np.any(stride <= 0):
        raise DispatchError(f"{op.describe()}: step {int(stride.min())} is not positive")
    trips = np.maximum(0, -(-(last - first) // stride))
    for k in range(int(trips.max(initial=0))):
        active = k < trips
        new = _speculative(ctx, body, [first + k * stride, *carried])
        carried = _select(op, active, new, carried)
    return carried


@register_shape("scf.for")
def _for_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    lb, ub, step, *carried = args
    if any(v is UNKNOWN or isinstance(v, Abstract) for v in (lb, ub, step)):
        raise unsupported(op, "the analysis needs its bounds, which depend on tensor data")
    body = _block(op, 0)
    st = as_int(op, step)
    if st <= 0:
        raise DispatchError(f"{op.describe()}: step {st} is not positive")
    for i in range(as_int(op, lb), as_int(op, ub), st):
        carried = _call(ctx, body, [np.int64(i), *carried])
    return carried


# --- scf.while --------------------------------------------------------------------------------------


@register_op("scf.while")
def _while(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    before, after = _block(op, 0), _block(op, 1)
    carried = list(args)
    final: list[Any] | None = None
    active: Any = None
    for _ in range(MAX_TRIPS):
        cond, *forwarded = (
            _speculative(ctx, before, carried) if active is not None else _call(ctx, before, carried)
        )
        if not _vector(cond) and active is None:
            if not bool(cond):
                return forwarded
            carried = _call(ctx, after, forwarded)
            continue
        # Per-element conditions: each element leaves with what its last scf.condition forwarded.
        c = np.asarray(cond, dtype=bool)
        if active is None:
            active = np.ones(c.shape, dtype=bool)
            final = [np.asarray(v) for v in forwarded]
        leaving = active & ~c
        assert final is not None
        final = _select(op, leaving, forwarded, final)
        active = active & c
        if not active.any():
            return final
        new = _speculative(ctx, after, forwarded)
        carried = [np.where(active, n, o) for n, o in zip(new, carried)]
    raise DispatchError(f"{op.describe()}: the loop did not end within {MAX_TRIPS} iterations")


@register_shape("scf.while")
def _while_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    before, after = _block(op, 0), _block(op, 1)
    carried = list(args)
    for _ in range(MAX_TRIPS):
        cond, *forwarded = _call(ctx, before, carried)
        if cond is UNKNOWN or isinstance(cond, Abstract):
            raise unsupported(op, "the analysis needs its condition, which depends on tensor data")
        if not bool(cond):
            return forwarded
        carried = _call(ctx, after, forwarded)
    raise DispatchError(f"{op.describe()}: the loop did not end within {MAX_TRIPS} iterations")


# --- scf.index_switch -------------------------------------------------------------------------------


def _cases(op: Operation) -> list[int]:
    attr = op.attr("cases")
    if not isinstance(attr, DenseArrayAttr):
        raise unsupported(op, "cases is missing")
    return [int(v) for v in attr.values]


@register_op("scf.index_switch")
def _switch(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    index = args[0]
    cases = _cases(op)
    # Regions: the default first, then one per case (MLIR's order).
    if not _vector(index):
        i = int(index)
        region = 1 + cases.index(i) if i in cases else 0
        return _call(ctx, _block(op, region), [])
    idx = np.asarray(index)
    result = _speculative(ctx, _block(op, 0), [])
    for k, value in enumerate(cases):
        result = _select(op, idx == value, _speculative(ctx, _block(op, 1 + k), []), result)
    return result


@register_shape("scf.index_switch")
def _switch_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    if args[0] is UNKNOWN or isinstance(args[0], Abstract):
        raise unsupported(op, "the analysis needs its index, which depends on tensor data")
    return list(_switch(ctx, op, args))
