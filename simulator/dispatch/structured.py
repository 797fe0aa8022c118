"""The engine of linalg structured ops: iteration space, operand views, vectorised body evaluation.

A structured op (``linalg.generic`` and every named op, which all reduce to one) has an iteration space
of ``n`` loops, one indexing map per operand and a scalar body. The engine never loops over elements:

1. Loop bounds come from the operand shapes, through the results of the maps that are plain dims.
2. Each tensor operand becomes a *full-rank view*: an array with ``n`` axes in loop order, of the loop's
   extent where the operand depends on that loop and 1 where it does not (broadcast). Projected
   permutations and broadcasting maps are a transpose plus reshape; maps that are sums of scaled dims
   (``d0 + d3``, convolution windows) are an ``as_strided`` window view; anything else (``floordiv``,
   ``mod``) is fancy indexing with broadcast index arrays.
3. The body runs once over those arrays (the ``arith``/``math`` rules are elementwise numpy).
4. Reductions: when each yielded value is ``combine(%out, x)`` for an associative combiner
   (``addf``, ``maximumf``, ``addi``, ``ori``...) that uses ``%out`` once, ``x`` is evaluated over the
   whole space and reduced with the combiner's ufunc over the reduction axes, then combined with the
   init. When ``x`` is a product ``mulf(p, q)`` summed by ``addf`` (a contraction: matmul, conv,
   batch matmul, any einsum), ``p`` and ``q`` are evaluated on their own (small) views and contracted by
   one ``np.matmul`` after a transpose and reshape (BLAS for f32/f64).
5. Any other reduction body (argmax, two coupled outputs) runs sequentially over the reduction indices
   only, still vectorised over all parallel dims.

Floating-point sums reduce pairwise (numpy's order), not in loop order; results agree with IREE's to
rounding. bf16 sums accumulate in f32 and round once; an f16 sum or product into an f16 accumulator runs
in loop order, rounding each step (:func:`reduce_f16_in_order`); a contraction into an f16 accumulator
(over any number of reduction loops) or a bf16 one (over one) rounds as IREE's CPU code does
(:func:`accumulate_low_precision`).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ir.affine import AffineMap
from ir.core import Block, Operation, Value
from simulator.dispatch.interpreter import run_ops
from simulator.dispatch.iteration_space import full_rank, loop_bounds, permutation_view
from simulator.dispatch.reductions import COMBINERS, contract, reduce
from simulator.dispatch.registry import Context, Env, unsupported
from simulator.dispatch.scalars import CAST_OPS, F32, is_small_float


@dataclass(frozen=True)
class Spec:
    """What the engine needs of a structured op; named ops build one from their attributes."""

    maps: tuple[AffineMap, ...]
    iterators: tuple[str, ...]
    n_inputs: int
    body: Block | None
    body_takes_outs: bool = True  # linalg.map's body has no arguments for the inits
    default_body: str | None = None  # "muladd", "add", "max", "min" for named ops without a region
    unsigned_cast: bool = False
    # Per init: the result positions its map fixes to the constant 0 (a reduction that keeps its reduced
    # dims as size 1, ``(d0, d1) -> (d0, 0)``). ``maps`` holds the inits' maps without them; the
    # interpreter drops those unit axes from the inits and puts them back on the results.
    kept: tuple[tuple[int, ...], ...] = ()
    # An operand carries an encoding (data tiling, simulator.dispatch.encodings): IREE lowers the op to
    # an mmt4d whose f16/bf16 products accumulate in f32 and round once, not in K order.
    data_tiled: bool = False


# f16 combiners whose result depends on the order of the steps (IREE's runs them in loop order).
_IN_ORDER_F16 = frozenset({"arith.addf", "arith.mulf"})

# Ops that are free in the cost model: constants, casts, index queries.
FREE_OPS = CAST_OPS | {"arith.constant", "linalg.index", "linalg.yield"}


@dataclass
class BodyPlan:
    kind: str  # "parallel", "reduce", "contract", "sequential"
    red_dims: tuple[int, ...]
    out_dims: list[tuple[int, ...]]
    combiners: list[tuple[Operation | str, bool]] = field(default_factory=list)  # (op, out operand first)
    targets: list[Value] = field(default_factory=list)  # x per output, or (p, q) for a contraction
    ops: list[Operation] = field(default_factory=list)  # body ops to evaluate for the targets
    init_is_zero_fill: bool = False
    flops_per_iteration: int = 0
    uses_index: bool = False  # the body has linalg.index ops
    used_inputs: list[tuple[int, Value]] = field(default_factory=list)  # (input index, block arg) with uses
    used_outputs: list[tuple[int, Value]] = field(default_factory=list)
    # Per operand shapes: loop bounds and how each input becomes its full-rank view.
    layouts: dict[tuple[Any, ...], tuple[tuple[int, ...], list[Any]]] = field(default_factory=dict)
    # Per (p shape, q shape) of a contraction: its transposes and reshapes.
    contractions: dict[tuple[Any, ...], Any] = field(default_factory=dict)


# --- body analysis ----------------------------------------------------------------------------------


def _deps(block: Block) -> dict[Value, frozenset[int]]:
    deps: dict[Value, frozenset[int]] = {a: frozenset([i]) for i, a in enumerate(block.args)}
    for op in block.ops:
        d: frozenset[int] = frozenset()
        for v in op.operands:
            d |= deps.get(v, frozenset())
        for r in op.results:
            deps[r] = d
    return deps


def _needed(block: Block, targets: list[Value], skip: set[Operation]) -> list[Operation]:
    need: set[Operation] = set()
    stack = [t.defining_op for t in targets if t.defining_op is not None and t.defining_op.parent is block]
    while stack:
        op = stack.pop()
        if op in need or op in skip:
            continue
        need.add(op)
        for v in op.operands:
            d = v.defining_op
            if d is not None and d.parent is block:
                stack.append(d)
    return [op for op in block.ops if op in need]


def count_flops(block: Block | None, default_body: str | None) -> int:
    if block is None:
        return {"muladd": 2, "add": 1, "max": 1, "min": 1}.get(default_body or "", 0)
    return sum(
        1 for op in block.ops if op.op_name.startswith(("arith.", "math.")) and op.op_name not in FREE_OPS
    )


def plan_body(op: Operation, spec: Spec) -> BodyPlan:
    n = len(spec.iterators)
    red = tuple(d for d, it in enumerate(spec.iterators) if it == "reduction")
    par = tuple(d for d in range(n) if d not in red)
    out_dims: list[tuple[int, ...]] = []
    for amap in spec.maps[spec.n_inputs :]:
        dims = amap.result_dims()
        if (
            None in dims
            or len(set(dims)) != len(dims)
            or sorted(d for d in dims if d is not None) != list(par)
        ):
            raise unsupported(op, f"init indexing map {amap} must be a permutation of the parallel loops")
        out_dims.append(tuple(d for d in dims if d is not None))
    plan = BodyPlan("parallel", red, out_dims, flops_per_iteration=count_flops(spec.body, spec.default_body))
    if spec.body is None:
        if spec.default_body is None:
            raise unsupported(op, "the op has no body region (read it in MLIR's generic form)")
        if red:
            plan.kind = "contract" if spec.default_body == "muladd" else "reduce"
            plan.combiners = [
                ({"muladd": "add", "add": "add", "max": "max", "min": "min"}[spec.default_body], True)
            ]
        return plan
    plan.used_inputs = [(i, a) for i, a in enumerate(spec.body.args[: spec.n_inputs]) if a.uses]
    if spec.body_takes_outs:
        plan.used_outputs = [(i, a) for i, a in enumerate(spec.body.args[spec.n_inputs :]) if a.uses]
    plan.init_is_zero_fill = _is_zero_fill(op, spec)
    plan.uses_index = any(o.op_name == "linalg.index" for b in spec.body.ops for o in b.walk())
    if not red:
        return plan
    block = spec.body
    n_in = spec.n_inputs
    yields = block.ops[-1].operands
    deps = _deps(block)
    out_args = set(range(n_in, len(block.args)))
    combiners: list[tuple[Operation | str, bool]] = []
    xs: list[Value] = []
    for i, v in enumerate(yields):
        c = v.defining_op
        out_arg = block.args[n_in + i] if spec.body_takes_outs and n_in + i < len(block.args) else None
        if c is None or c.parent is not block or c.op_name not in COMBINERS or out_arg is None:
            return _sequential(plan)
        a, b = c.operands
        if a is out_arg and b is not out_arg:
            first, x = True, b
        elif b is out_arg and a is not out_arg:
            first, x = False, a
        else:
            return _sequential(plan)
        if len(out_arg.uses) != 1 or len(c.results[0].uses) != 1 or deps.get(x, frozenset()) & out_args:
            return _sequential(plan)
        combiners.append((c, first))
        xs.append(x)
    plan.combiners = combiners
    plan.kind = "reduce"
    plan.targets = xs
    if len(xs) == 1 and combiners[0][0].op_name in ("arith.addf", "arith.addi"):  # type: ignore[union-attr]
        m = xs[0].defining_op
        if m is not None and m.parent is block and m.op_name in ("arith.mulf", "arith.muli"):
            plan.kind = "contract"
            plan.targets = list(m.operands)
    plan.ops = _needed(block, plan.targets, {c for c, _ in combiners if isinstance(c, Operation)})
    return plan


def _sequential(plan: BodyPlan) -> BodyPlan:
    plan.kind = "sequential"
    plan.combiners, plan.targets, plan.ops = [], [], []
    return plan


def _is_zero_fill(op: Operation, spec: Spec) -> bool:
    """The (single) init is ``linalg.fill`` of a constant zero: the combine with it can be skipped."""
    inits = op.operands[spec.n_inputs :]
    if len(inits) != 1 or inits[0].defining_op is None or inits[0].defining_op.op_name != "linalg.fill":
        return False
    value = inits[0].defining_op.operands[0].defining_op
    if value is None or value.op_name != "arith.constant":
        return False
    attr = value.attr("value")
    v = getattr(attr, "value", None)
    return isinstance(v, int | float) and v == 0 and math.copysign(1.0, v) > 0


# --- evaluation -------------------------------------------------------------------------------------


_PERMS: dict[tuple[int, ...], tuple[list[int] | None, list[int] | None]] = {}


def _perms(dims: tuple[int, ...]) -> tuple[list[int] | None, list[int] | None]:
    """Transposes from an init's layout to sorted loop order and back (None for the identity)."""
    found = _PERMS.get(dims)
    if found is None:
        to = sorted(range(len(dims)), key=lambda r: dims[r])
        srt = sorted(dims)
        back = [srt.index(d) for d in dims]
        ident = list(range(len(dims)))
        found = _PERMS[dims] = (to if to != ident else None, back if back != ident else None)
    return found


def _to_par(arr: np.ndarray, dims: tuple[int, ...]) -> np.ndarray:
    """An init in its own layout -> axes in sorted loop order (only the parallel loops)."""
    to = _perms(dims)[0]
    return arr.transpose(to) if to is not None else arr


def _from_par(arr: np.ndarray, dims: tuple[int, ...]) -> np.ndarray:
    back = _perms(dims)[1]
    return arr.transpose(back) if back is not None else arr


def _combine(ctx: Context, c: Operation | str, first: bool, init: np.ndarray, part: np.ndarray) -> np.ndarray:
    if isinstance(c, str):  # a named op without a region
        fn = {"add": np.add, "max": np.maximum, "min": np.minimum}[c]
        return fn(init, part.astype(init.dtype))
    args = [init, part] if first else [part, init]
    return ctx.rules.impls[c.op_name](ctx, c, args)[0]


def run_structured(
    ctx: Context, op: Operation, spec: Spec, ins: list[Any], outs: list[np.ndarray], env: Env
) -> list[np.ndarray]:
    results = _run_structured(ctx, op, spec, ins, outs, env)
    # The results reach tensors: a bf16 value carried in f32 is rounded here (simulator.dispatch.scalars).
    return [r if r.dtype == o.dtype else r.astype(o.dtype) for r, o in zip(results, outs)]


def _run_structured(
    ctx: Context, op: Operation, spec: Spec, ins: list[Any], outs: list[np.ndarray], env: Env
) -> list[np.ndarray]:
    plan: BodyPlan = ctx.plan(op, lambda o: plan_body(o, spec), "body")
    shapes = tuple([a.shape if isinstance(a, np.ndarray) else None for a in ins] + [a.shape for a in outs])
    layout = plan.layouts.get(shapes)
    if layout is None:
        b = loop_bounds(op, spec, shapes)
        perms = [
            permutation_view(m, sh, len(b)) if sh is not None else None
            for m, sh in zip(spec.maps, shapes[: len(ins)])
        ]
        layout = plan.layouts[shapes] = (b, perms)
    bounds, perms = layout
    views: list[Any] = []
    for a, m, pv in zip(ins, spec.maps, perms):
        if not isinstance(a, np.ndarray):
            views.append(a)
        elif pv is None:
            views.append(full_rank(op, a, m, bounds))
        else:
            views.append((a.transpose(pv[0]) if pv[0] is not None else a).reshape(pv[1]))
    red = plan.red_dims

    if spec.body is None:
        return _run_default(ctx, spec, plan, views, outs, bounds)

    block = spec.body
    if plan.kind == "sequential":
        return _run_sequential(ctx, op, spec, plan, views, outs, bounds, env)
    local = Env(env)
    for i, a in plan.used_inputs:
        local[a] = views[i]
    if plan.uses_index:
        ctx.index_stack.append(_index_grid(bounds))
    try:
        if plan.kind == "parallel":
            for i, a in plan.used_outputs:
                local[a] = full_rank(op, outs[i], spec.maps[spec.n_inputs + i], bounds)
            yields = run_ops(ctx, block, local)
            results = []
            for i, y in enumerate(yields):
                y = np.asarray(y)
                if y.shape != bounds:
                    y = np.broadcast_to(y, bounds)
                results.append(_from_par(y, plan.out_dims[i]))
            return results
        if plan.ops:
            run_ops(ctx, block, local, plan.ops)
    finally:
        if plan.uses_index:
            ctx.index_stack.pop()
    if plan.kind == "contract":
        p, q = np.asarray(local[plan.targets[0]]), np.asarray(local[plan.targets[1]])
        if p.ndim != len(bounds):
            p = p.reshape((1,) * len(bounds))
        if q.ndim != len(bounds):
            q = q.reshape((1,) * len(bounds))
        c, first = plan.combiners[0]
        init = _to_par(outs[0], plan.out_dims[0])
        if isinstance(c, Operation) and c.op_name == "arith.addf" and not spec.data_tiled:
            low = accumulate_low_precision(ctx, plan.contractions, p, q, bounds, red, init)
            if low is not None:
                return [_from_par(low, plan.out_dims[0])]
        part = contract(plan.contractions, p, q, bounds, red)
        if plan.init_is_zero_fill:
            res = part.astype(init.dtype) if part.dtype != init.dtype else part
        else:
            res = _combine(ctx, c, first, init, part)
        return [_from_par(res, plan.out_dims[0])]
    results = []
    for i, (c, first) in enumerate(plan.combiners):
        x = np.asarray(local[plan.targets[i]])
        if x.shape != bounds:
            x = np.broadcast_to(x.reshape(x.shape or (1,) * len(bounds)), bounds)
        assert isinstance(c, Operation)
        init = _to_par(outs[i], plan.out_dims[i])
        results.append(_from_par(reduce_into(ctx, c, first, init, x, red), plan.out_dims[i]))
    return results


def accumulate_low_precision(
    ctx: Context,
    cache: dict[Any, Any],
    p: np.ndarray,
    q: np.ndarray,
    bounds: tuple[int, ...],
    red: tuple[int, ...],
    init: np.ndarray,
) -> np.ndarray | None:
    """A contraction into an f16 or bf16 accumulator, as IREE's llvm-cpu code rounds it (None for any
    other contraction: those accumulate in f32, or their type, and round once).

    - f16: the body as written: each product rounded to f16, added to the f16 accumulator in loop order
      (CPUs without native f16 arithmetic promote each op to f32 and truncate), over every reduction
      loop (a convolution's kh, kw, c).
    - bf16: one native vector of the reduction (``ctx.vector_bytes / 2`` elements: 8 for x86's 16 bytes)
      at a time, its products summed in f32 onto the accumulator, which is rounded to bf16 between
      vectors (IREE emulates bf16 arithmetic in f32 and keeps a vector contraction's partial sums there).
      One reduction loop (a matmul): vectors of 8 and a remainder. Several (a convolution): the outer
      loops in order, the innermost in tiles of the largest divisor of its extent up to 8 (channels 12:
      two tiles of 6; 11: one at a time).

    Both measured bit for bit against iree-run-module on matmuls of several shapes (generic x86 and
    haswell for bf16; see tests/simulator/dispatch/test_dispatch_low_precision.py).
    """
    dt = init.dtype
    if dt.itemsize != 2 or not is_small_float(dt):
        return None
    vector = max(1, ctx.vector_bytes // 2)
    if len(red) > 1:
        # The innermost reduction loop is vectorised in tiles that divide it: the largest divisor of its
        # extent no wider than a native vector (bf16; f16 is scalar).
        n = bounds[red[-1]]
        step = 1 if dt == np.float16 else max(d for d in range(1, min(n, vector) + 1) if n % d == 0)
        return _accumulate_windows(cache, p, q, bounds, red, init, step)
    step = 1 if dt == np.float16 else vector
    axis = red[0]
    n = bounds[axis]
    acc = init
    for k in range(0, n, step):
        stop = min(n, k + step)
        window = (slice(None),) * axis + (slice(k, stop),)
        pk = p[window] if p.shape[axis] != 1 else p
        qk = q[window] if q.shape[axis] != 1 else q
        part_bounds = bounds[:axis] + (stop - k,) + bounds[axis + 1 :]
        # f16: the single product rounded to f16 (exact in f32 first); bf16: the vector's sum in f32
        part = contract(cache, pk, qk, part_bounds, red, keep_f32=step > 1)
        acc = (acc.astype(F32) + part.astype(F32)).astype(dt)
    return acc


def _reduction_points(bounds: tuple[int, ...], red: tuple[int, ...]) -> Any:
    """The reduction loops' index tuples in loop order (the outermost loop slowest)."""
    return itertools.product(*(range(bounds[a]) for a in red))


def _accumulate_windows(
    cache: dict[Any, Any],
    p: np.ndarray,
    q: np.ndarray,
    bounds: tuple[int, ...],
    red: tuple[int, ...],
    init: np.ndarray,
    step: int,
) -> np.ndarray:
    """A contraction over several reduction loops (a convolution's window and channels) into an f16 or
    bf16 accumulator: the outer reduction loops in loop order, the innermost in chunks of ``step``; each
    chunk's products summed (f16: the one product, rounded to f16; bf16: in f32) and added to the
    accumulator, which is rounded to its type after each chunk."""
    acc = init
    inner = red[-1]
    n = bounds[inner]
    part_bounds = tuple(1 if d in red else b for d, b in enumerate(bounds))
    for point in _reduction_points(bounds, red[:-1]):
        at = {d: slice(i, i + 1) for d, i in zip(red, point)}
        for k in range(0, n, step):
            at[inner] = slice(k, min(n, k + step))
            window = tuple(at.get(d, slice(None)) for d in range(len(bounds)))
            pk = p[tuple(w if p.shape[d] != 1 else slice(None) for d, w in enumerate(window))]
            qk = q[tuple(w if q.shape[d] != 1 else slice(None) for d, w in enumerate(window))]
            chunk = part_bounds[:inner] + (at[inner].stop - k,) + part_bounds[inner + 1 :]
            part = contract(cache, pk, qk, chunk, red, keep_f32=step > 1 or init.dtype != np.float16)
            acc = (acc.astype(F32) + part.astype(F32)).astype(init.dtype)
    return acc


def reduce_into(
    ctx: Context, c: Operation, first: bool, init: np.ndarray, x: np.ndarray, red: tuple[int, ...]
) -> np.ndarray:
    """``init`` combined by ``c`` with ``x`` (full rank) reduced over the loops ``red``: the ufunc
    reduction, then the combine; an f16 sum or product into an f16 accumulator in loop order instead
    (:func:`reduce_f16_in_order`)."""
    if init.dtype == np.float16 and x.dtype == np.float16 and c.op_name in _IN_ORDER_F16:
        return reduce_f16_in_order(ctx, c, first, init, x, red)
    return _combine(ctx, c, first, init, reduce(c.op_name, x, red))


def reduce_f16_in_order(
    ctx: Context, c: Operation, first: bool, init: np.ndarray, x: np.ndarray, red: tuple[int, ...]
) -> np.ndarray:
    """An f16 sum (or product) into an f16 accumulator: one element at a time in loop order, each step
    rounded to f16, as IREE's llvm-cpu code does (bit for bit against iree-run-module; a pairwise sum in
    f32 rounded once differs in the last bit)."""
    acc = init
    n = len(x.shape)
    for point in _reduction_points(x.shape, red):
        at = dict(zip(red, point))
        acc = _combine(ctx, c, first, acc, x[tuple(at.get(d, slice(None)) for d in range(n))])
    return acc


def _index_grid(bounds: tuple[int, ...]) -> list[np.ndarray]:
    n = len(bounds)
    return [
        np.arange(b, dtype=np.int64).reshape([b if k == d else 1 for k in range(n)])
        for d, b in enumerate(bounds)
    ]


def _run_default(
    ctx: Context,
    spec: Spec,
    plan: BodyPlan,
    views: list[Any],
    outs: list[np.ndarray],
    bounds: tuple[int, ...],
) -> list[np.ndarray]:
    out_dt = outs[0].dtype

    def cast(v: np.ndarray) -> np.ndarray:
        if spec.unsigned_cast and v.dtype.kind == "i":
            v = v.astype(np.dtype(f"u{v.dtype.itemsize}"))
        return v.astype(out_dt) if v.dtype != out_dt else v

    init = _to_par(outs[0], plan.out_dims[0])
    if plan.kind == "contract":
        p, q = cast(views[0]), cast(views[1])
        low = (
            None
            if spec.data_tiled
            else accumulate_low_precision(ctx, plan.contractions, p, q, bounds, plan.red_dims, init)
        )
        if low is not None:
            return [_from_par(low, plan.out_dims[0])]
        part = contract(plan.contractions, p, q, bounds, plan.red_dims)
        return [_from_par(np.add(init, part), plan.out_dims[0])]
    if plan.kind == "reduce":
        name = {"add": "arith.addf", "max": "arith.maximumf", "min": "arith.minimumf"}[
            str(plan.combiners[0][0])
        ]
        if out_dt.kind in "iub":
            name = {
                "arith.addf": "arith.addi",
                "arith.maximumf": "arith.maxsi",
                "arith.minimumf": "arith.minsi",
            }[name]
        x = np.broadcast_to(cast(views[0]), bounds)
        part = reduce(name, x, plan.red_dims)
        return [_from_par(_combine(ctx, str(plan.combiners[0][0]), True, init, part), plan.out_dims[0])]
    raise AssertionError(plan.kind)


def _run_sequential(
    ctx: Context,
    op: Operation,
    spec: Spec,
    plan: BodyPlan,
    views: list[Any],
    outs: list[np.ndarray],
    bounds: tuple[int, ...],
    env: Env,
) -> list[np.ndarray]:
    assert spec.body is not None
    block = spec.body
    n = len(bounds)
    red = plan.red_dims
    acc_shape = tuple(1 if d in red else bounds[d] for d in range(n))
    accs = []
    for i, out in enumerate(outs):
        a = _to_par(out, plan.out_dims[i]).reshape(acc_shape)
        accs.append(a)
    grid = _index_grid(bounds)
    for idx in itertools.product(*(range(bounds[d]) for d in red)):
        sel = [slice(None)] * n
        for d, i in zip(red, idx):
            sel[d] = slice(i, i + 1)
        local = Env(env)
        for i, arg in enumerate(block.args[: spec.n_inputs]):
            if arg.uses:
                v = views[i]
                local.bind(
                    arg,
                    v[tuple(s if v.shape[d] != 1 else slice(None) for d, s in enumerate(sel))]
                    if isinstance(v, np.ndarray)
                    else v,
                )
        if spec.body_takes_outs:
            for i, arg in enumerate(block.args[spec.n_inputs :]):
                local.bind(arg, accs[i])
        step_grid = list(grid)
        for d, i in zip(red, idx):
            step_grid[d] = np.full((1,) * n, i, dtype=np.int64)
        ctx.index_stack.append(step_grid)
        try:
            yields = run_ops(ctx, block, local)
        finally:
            ctx.index_stack.pop()
        accs = [np.broadcast_to(np.asarray(y), acc_shape).astype(accs[i].dtype) for i, y in enumerate(yields)]
    par_shape = tuple(bounds[d] for d in range(n) if d not in red)
    return [_from_par(a.reshape(par_shape), plan.out_dims[i]) for i, a in enumerate(accs)]


def structured_flops(ctx: Context, op: Operation, spec: Spec, bounds: tuple[int, ...]) -> int:
    per = count_flops(spec.body, spec.default_body)
    total = 1
    for b in bounds:
        total *= b
    return per * total
