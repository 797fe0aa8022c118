"""Specialised impls of structured ops (see :func:`~simulator.dispatch.registry.register_fast`).

The generic path of a structured op (:func:`~simulator.dispatch.structured.run_structured`) turns each
operand into a full-rank view, evaluates the body and contracts or reduces, looking plans up by op and
shape on every call; on small tensors those few dozen Python steps cost more than the arithmetic. This
module precomputes, per op and operand shapes, the few numpy calls the generic path ends up making, for
the shapes where that is provably the same computation:

- a *plain contraction*: a body ``yield addf(%out, mulf(%a, %b))`` (or ``addi``/``muli``) straight on
  two inputs, projected-permutation maps, an init that is ``linalg.fill`` of +0, and inputs and init of
  one float or integer type that is not f16/bf16/f8. The generic path computes ``matmul`` of the two
  inputs transposed and reshaped to ``(batch, m, k)`` and ``(batch, k, n)`` and then skips the combine
  with the zero init (``init_is_zero_fill``); here each input needs one transpose (often none) and one
  reshape, the product one reshape and one transpose into the init's layout, and nothing else.

Anything else (sums over loops only one input has, broadcasts, casts in the body, other inits) keeps the
generic impl, as does any call whose operands are not plain arrays of the planned dtype.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ir.core import Operation
from simulator.dispatch.interpreter import compile_ops, run_steps
from simulator.dispatch.iteration_space import full_rank, loop_bounds, permutation_view
from simulator.dispatch.linalg import STRUCTURED_OPS, _structured, build_spec
from simulator.dispatch.reductions import _contract_layout
from simulator.dispatch.registry import Context, DispatchRules, Env, Impl
from simulator.dispatch.scalars import is_small_float
from simulator.dispatch.structured import (
    BodyPlan,
    Spec,
    _from_par,
    _perms,
    _to_par,
    plan_body,
    reduce_into,
)

RULES = DispatchRules.named("dispatch.fastpaths")
register_fast = RULES.fast.register

# Per operand shapes: (a's transpose or None, a's matmul shape, b's transpose, b's matmul shape, the
# product's shape with its axes in loop order, its transpose into the init's layout or None), or None
# where the generic path must run (loops only one side has, broadcast results).
_Layout = tuple[Any, ...] | None
_MISSING = object()
LAYOUTS_PER_OP = 16


def _identity_or(perm: list[int]) -> list[int] | None:
    return None if perm == list(range(len(perm))) else perm


def _contraction_layout(
    op: Operation, spec: Spec, plan: BodyPlan, ia: int, ib: int, shapes: tuple[Any, ...]
) -> _Layout:
    bounds = loop_bounds(op, spec, shapes)
    n = len(bounds)
    # The generic path's full-rank views of the two inputs (loop order, 1 where a loop is absent).
    pa = permutation_view(spec.maps[ia], shapes[ia], n)
    pb = permutation_view(spec.maps[ib], shapes[ib], n)
    if pa is None or pb is None:
        return None
    lay = _contract_layout(tuple(pa[1]), tuple(pb[1]), bounds, plan.red_dims)
    if lay.p_sum or lay.q_sum or lay.scale != 1:
        return None
    # p.transpose(p_perm).reshape(p3), with p = a plus unit axes, is a transposed into the order its
    # loops have in p_perm, then reshaped: unit axes do not move elements. Unbatched, p3[0] is p3[1:].
    # (Plain dims only: permutation_view returned a view for both maps.)
    a_dims: list[Any] = list(spec.maps[ia].result_dims())
    b_dims: list[Any] = list(spec.maps[ib].result_dims())
    ta = sorted(range(len(a_dims)), key=lambda r: lay.p_perm.index(a_dims[r]))
    tb = sorted(range(len(b_dims)), key=lambda r: lay.q_perm.index(b_dims[r]))
    a3 = lay.p3 if lay.batched else lay.p3[1:]
    b3 = lay.q3 if lay.batched else lay.q3[1:]
    # The product's axes are the loops B + M + N; parallel loops in neither input have extent 1 (else
    # the generic path broadcasts, and so does this one: None). The init's axes are out_dims.
    par = [d for d in range(n) if d not in plan.red_dims]
    missing = [d for d in par if d not in lay.bmn]
    if any(bounds[d] != 1 for d in missing):
        return None
    order = list(lay.bmn) + missing
    out_dims = plan.out_dims[0]
    if tuple(bounds[d] for d in out_dims) != tuple(shapes[-1]):
        return None
    return (
        _identity_or(ta),
        tuple(a3),
        _identity_or(tb),
        tuple(b3),
        tuple(bounds[d] for d in order),
        _identity_or([order.index(d) for d in out_dims]),
    )


def _plain_contraction(op: Operation, spec: Spec, plan: BodyPlan) -> tuple[int, int] | None:
    """(input of %a, input of %b) when the op is a plain contraction on a zero init, else None."""
    if (
        spec.body is None
        or plan.kind != "contract"
        or plan.ops
        or plan.uses_index
        or not plan.init_is_zero_fill
        or spec.n_inputs != 2
        or len(spec.maps) != 3
    ):
        return None
    args: list[Any] = list(spec.body.args[:2])
    if len(plan.targets) != 2 or not all(t in args for t in plan.targets):
        return None
    return args.index(plan.targets[0]), args.index(plan.targets[1])


class Contraction:
    """The specialised impl of one plain contraction (callable like an impl)."""

    def __init__(self, op: Operation, spec: Spec, plan: BodyPlan, ia: int, ib: int) -> None:
        self.op, self.spec, self.plan, self.ia, self.ib = op, spec, plan, ia, ib
        self.layouts: dict[tuple[Any, ...], _Layout] = {}

    def _operands(self, args: list[Any]) -> tuple[np.ndarray, np.ndarray, tuple[Any, ...]] | None:
        """The two matmul operands and the layout, or None for the generic path."""
        a, b, init = args[self.ia], args[self.ib], args[2]
        if type(a) is not np.ndarray or type(b) is not np.ndarray or type(init) is not np.ndarray:
            return None
        dt = init.dtype
        if a.dtype != dt or b.dtype != dt or dt.kind not in "fiu" or is_small_float(dt):
            return None
        key = (a.shape, b.shape, init.shape)
        lay = self.layouts.get(key, _MISSING)
        if lay is _MISSING:
            if len(self.layouts) >= LAYOUTS_PER_OP:
                self.layouts.clear()
            shapes = (args[0].shape, args[1].shape, init.shape)
            try:
                lay = _contraction_layout(self.op, self.spec, self.plan, self.ia, self.ib, shapes)
            except Exception:  # shapes the generic path rejects: let it raise its error
                lay = None
            self.layouts[key] = lay
        if lay is None:
            return None
        ta, a3, tb, b3 = lay[:4]  # type: ignore[index]
        if ta is not None:
            a = a.transpose(ta)
        if a.shape != a3:
            a = a.reshape(a3)
        if tb is not None:
            b = b.transpose(tb)
        if b.shape != b3:
            b = b.reshape(b3)
        return a, b, lay  # type: ignore[return-value]

    def __call__(self, ctx: Context, op: Operation, args: list[Any]) -> Any:
        found = self._operands(args)
        if found is None:
            return _structured(ctx, op, args)
        a, b, lay = found
        prod, back = lay[4], lay[5]
        r = np.matmul(a, b)
        if r.shape != prod:
            r = r.reshape(prod)
        return [r.transpose(back) if back is not None else r]

    def into(self, args: list[Any], out: np.ndarray) -> bool:
        """Compute straight into ``out`` (the C-contiguous, aligned view a store would copy the result
        into, of the result's dtype) when the result needs no transpose: the same BLAS call on the
        same operands writing the same row-major layout, so the same bytes, without the copy."""
        found = self._operands(args)
        if found is None or found[2][5] is not None or out.dtype != args[2].dtype:
            return False
        a, b, _ = found
        shape = (*a.shape[:-1], b.shape[-1])
        if out.size != a.size // a.shape[-1] * b.shape[-1] or not (
            out.flags.c_contiguous and out.flags.aligned
        ):
            return False
        np.matmul(a, b, out=out.reshape(shape) if out.shape != shape else out)
        return True


class Elementwise:
    """The specialised impl of a structured op with only parallel loops and a body without
    ``linalg.index``: the generic path's steps, with the per-shape views planned once and the body's
    compiled steps held, so a call is the views, the body's ufuncs and the results' transposes."""

    def __init__(self, ctx: Context, op: Operation, spec: Spec, plan: BodyPlan) -> None:
        assert spec.body is not None
        self.op, self.spec, self.plan = op, spec, plan
        self.n_in = spec.n_inputs
        # The body compiled as run_ops compiles it (same cache key): one compile per op.
        key = ("steps", spec.body)
        found = ctx.plans.get(key)
        if found is None:
            found = ctx.plans[key] = compile_ops(ctx, spec.body.ops)
        self.body = found
        self.backs = [_perms(dims)[1] for dims in plan.out_dims]
        # Per operand shapes: loop bounds and, per input, (transpose or None, full-rank shape) for a
        # projected permutation, None for a map that needs full_rank.
        self.layouts: dict[tuple[Any, ...], tuple[tuple[int, ...], list[Any]]] = {}

    def _bind(
        self, ctx: Context, op: Operation, args: list[Any], outputs: bool = True
    ) -> tuple[tuple[int, ...], Env] | None:
        """Loop bounds and the body's env with the used inputs' (and outputs') full-rank views bound,
        or None for the generic path."""
        spec, n_in = self.spec, self.n_in
        key = tuple([a.shape if isinstance(a, np.ndarray) else None for a in args])
        lay = self.layouts.get(key)
        if lay is None:
            if any(k is None for k in key[n_in:]):
                return None
            bounds = loop_bounds(op, spec, key)  # raises the generic path's error
            perms = [
                permutation_view(m, sh, len(bounds)) if sh is not None else None
                for m, sh in zip(spec.maps, key[:n_in])
            ]
            if len(self.layouts) >= LAYOUTS_PER_OP:
                self.layouts.clear()
            lay = self.layouts[key] = (bounds, perms)
        bounds, perms = lay
        local = Env(ctx.env)
        for i, a in self.plan.used_inputs:
            v = args[i]
            if isinstance(v, np.ndarray):
                pv = perms[i]
                if pv is None:
                    v = full_rank(op, v, spec.maps[i], bounds)
                else:
                    v = (v.transpose(pv[0]) if pv[0] is not None else v).reshape(pv[1])
            local[a] = v
        for i, a in self.plan.used_outputs if outputs else ():
            local[a] = full_rank(op, args[n_in + i], spec.maps[n_in + i], bounds)
        return bounds, local

    def __call__(self, ctx: Context, op: Operation, args: list[Any]) -> Any:
        bound = self._bind(ctx, op, args)
        if bound is None:
            return _structured(ctx, op, args)
        bounds, local = bound
        n_in = self.n_in
        yields = run_steps(ctx, self.body, local)
        results = []
        for i, y in enumerate(yields):
            if type(y) is not np.ndarray:
                y = np.asarray(y)
            if y.shape != bounds:
                y = np.broadcast_to(y, bounds)
            back = self.backs[i]
            if back is not None:
                y = y.transpose(back)
            dt = args[n_in + i].dtype
            results.append(y if y.dtype == dt else y.astype(dt))
        return results


class Reduction(Elementwise):
    """The specialised impl of a structured op whose every result is ``combine(%out, x)`` with a
    ufunc combiner (``plan.kind == "reduce"``, no ``linalg.index``): run_structured's reduce path --
    the ops ``x`` needs, the ufunc reduction over the reduction loops, the combine with the init --
    with the per-shape views planned once."""

    def __init__(self, ctx: Context, op: Operation, spec: Spec, plan: BodyPlan) -> None:
        super().__init__(ctx, op, spec, plan)
        assert spec.body is not None
        # The ops x needs, compiled as run_ops(ctx, block, env, plan.ops) compiles them.
        key = ("steps", spec.body, id(plan.ops))
        found = ctx.plans.get(key)
        if found is None:
            found = ctx.plans[key] = compile_ops(ctx, plan.ops, free=False)
        self.x_steps = found if plan.ops else None

    def __call__(self, ctx: Context, op: Operation, args: list[Any]) -> Any:
        bound = self._bind(ctx, op, args, outputs=False)  # the outs feed only the combiners
        if bound is None:
            return _structured(ctx, op, args)
        bounds, local = bound
        plan, n_in = self.plan, self.n_in
        if self.x_steps is not None:
            run_steps(ctx, self.x_steps, local)
        results = []
        for i, (c, first) in enumerate(plan.combiners):
            x = np.asarray(local[plan.targets[i]])
            if x.shape != bounds:
                x = np.broadcast_to(x.reshape(x.shape or (1,) * len(bounds)), bounds)
            assert isinstance(c, Operation)
            out = args[n_in + i]
            dims = plan.out_dims[i]
            y = _from_par(reduce_into(ctx, c, first, _to_par(out, dims), x, plan.red_dims), dims)
            results.append(y if y.dtype == out.dtype else y.astype(out.dtype))
        return results


@register_fast(*STRUCTURED_OPS)
def _fast_structured(ctx: Context, op: Operation, known: list[Any]) -> Impl | None:
    spec: Spec = ctx.plan(op, build_spec, "spec")
    if spec.kept:
        return None  # inits with kept unit dims: the generic impl squeezes them
    plan: BodyPlan = ctx.plan(op, lambda o: plan_body(o, spec), "body")  # the key run_structured uses
    if spec.body is not None and plan.kind == "parallel" and not plan.uses_index:
        return Elementwise(ctx, op, spec, plan)
    if spec.body is not None and plan.kind == "reduce" and not plan.uses_index:
        return Reduction(ctx, op, spec, plan)
    pair = _plain_contraction(op, spec, plan)
    if pair is None:
        return None
    return Contraction(op, spec, plan, *pair)
