"""The interpreter loop: for each op, look up its rule, read its operands from the env, bind its results.

In a run, the rule is the op's impl (``ctx.rules.impls``). In the data-free analysis (``ctx.analysis``), it
is the op's shape rule (``ctx.rules.shapes``) if it has one; otherwise an op whose operands are all concrete runs its impl
(index arithmetic on uniforms), and an op that touches tensors gets its results from its result types.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ir.core import Block, Operation
from ir.types import TensorType
from simulator.dispatch.registry import UNKNOWN, Abstract, Context, Env, unsupported
from simulator.dispatch.scalars import CAST_OPS
from simulator.errors import DispatchError

TERMINATORS = frozenset(
    {
        "func.return",
        "return",
        "linalg.yield",
        "tensor.yield",
        "util.return",
        "hal.return",
        "stream.return",
        "scf.yield",
        "scf.condition",
        "flow.return",
        "iree_linalg_ext.yield",
    }
)


Step = tuple[Any, Operation, tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]
Compiled = tuple[list[Step], tuple[Any, ...] | None, dict[Any, Any]]


def compile_ops(ctx: Context, ops: list[Operation], *, free: bool = True) -> Compiled:
    """Each op with its impl, operands and results looked up once; the terminator's operands; and the
    values of ``arith.constant`` ops, computed once and bound at the start of every run.

    With ``free``, each step also lists the values whose last use it is (uses inside an op's regions
    count as uses of the op), so that big intermediate arrays are released as soon as they are dead.
    """
    impls = ctx.rules.impls
    steps: list[Step] = []
    constants: dict[Any, Any] = {}
    term: tuple[Any, ...] | None = None
    index = {op: i for i, op in enumerate(ops)}
    last: dict[Any, int] = {}
    if free:
        block = ops[0].parent if ops else None
        for op in ops:
            for r in op.results:
                end = -1
                for user, _ in r.uses:
                    while user is not None and user.parent is not block:
                        user = user.parent_op  # type: ignore[assignment]
                    end = max(end, index.get(user, len(ops)) if user is not None else len(ops))
                last[r] = end
    dead_at: dict[int, list[Any]] = {}
    for v, i in last.items():
        dead_at.setdefault(i, []).append(v)
    for i, op in enumerate(ops):
        if op.op_name in TERMINATORS:
            term = tuple(op.operands)
            break
        if op.op_name == "arith.constant":
            constants[op.results[0]] = impls["arith.constant"](ctx, op, [])[0]
            continue
        dead = tuple(v for v in dead_at.get(i, ()) if v not in constants)
        steps.append((impls.get(op.op_name), op, tuple(op.operands), tuple(op.results), dead))
    return steps, term, constants


def run_steps(ctx: Context, compiled: Compiled, env: Env) -> list[Any]:
    steps, term, constants = compiled
    if constants:
        env.update(constants)
    # ctx.env is this block's env while its steps run (a structured op's body reads captured values
    # through it); a nested run (a body) sets its own and puts this one back when it returns.
    outer = ctx.env
    ctx.env = env
    for impl, op, operands, results, dead in steps:
        if impl is None:
            raise unsupported(op)
        values = impl(ctx, op, [env[v] for v in operands])
        if len(values) != len(results):
            raise DispatchError(f"{op.describe()}: rule gave {len(values)} results for {len(results)}")
        # No single-assignment check: compile_ops lists each op of a block once, so each result is
        # bound by exactly one step of a run (values bound before the run are operands, not results).
        if len(results) == 1:
            env[results[0]] = values[0]
        else:
            for r, v in zip(results, values):
                env[r] = v
        if dead:
            for v in dead:
                env.pop(v, None)
    ctx.env = outer
    return [env[v] for v in term] if term is not None else []


def run_ops(ctx: Context, block: Block, env: Env, ops: list[Operation] | None = None) -> list[Any]:
    """Run ``ops`` (default: the whole block) in ``env``; return the terminator's operand values."""
    if not ctx.analysis:
        key = ("steps", block) if ops is None else ("steps", block, id(ops))
        compiled = ctx.plans.get(key)
        if compiled is None:
            compiled = ctx.plans[key] = compile_ops(ctx, block.ops if ops is None else ops, free=ops is None)
        return run_steps(ctx, compiled, env)
    for op in block.ops if ops is None else ops:
        if op.op_name in TERMINATORS:
            return [env[v] for v in op.operands]
        results = analyse(ctx, op, [env[v] for v in op.operands], env)
        if len(results) != len(op.results):
            raise DispatchError(f"{op.describe()}: rule gave {len(results)} results for {len(op.results)}")
        for r, v in zip(op.results, results):
            env.bind(r, v)
    return []


def analyse(ctx: Context, op: Operation, args: list[Any], env: Env) -> list[Any]:
    ctx.env = env
    rule = ctx.rules.shapes.get(op.op_name)
    if rule is not None:
        return list(rule(ctx, op, args))
    concrete = all(not isinstance(a, Abstract) and a is not UNKNOWN for a in args)
    tensors = any(isinstance(r.type, TensorType) for r in op.results)
    if concrete and not (tensors and args):
        impl = ctx.rules.impls.get(op.op_name)
        if impl is None:
            raise unsupported(op)
        return list(impl(ctx, op, args))
    # Elementwise arith/math on whole tensors: the operands' shape, one flop per element.
    elementwise = op.op_name.startswith(("arith.", "math.")) and op.op_name not in CAST_OPS
    like = next((tuple(a.shape) for a in args if isinstance(a, Abstract | np.ndarray) and a.ndim), None)
    out: list[Any] = []
    for r in op.results:
        t = r.type
        if isinstance(t, TensorType):
            if t.has_static_shape:
                shape = tuple(t.shape or ())
            elif op.op_name.startswith(("arith.", "math.")) and like is not None:
                shape = like
            else:
                raise unsupported(op, f"no shape rule for its dynamic result {t}")
            out.append(Abstract(shape, _dtype(t.element_type)))
            if elementwise:
                ctx.flops += math.prod(shape)
        else:
            out.append(UNKNOWN)
    return out


def _dtype(t: Any) -> np.dtype:
    from ir.types import numpy_dtype

    return numpy_dtype(t)
