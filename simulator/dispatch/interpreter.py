"""The interpreter loop: for each op, look up its rule, read its operands from the env, bind its results.

In a run, the rule is the op's impl (``IMPLS``). In the data-free analysis (``ctx.analysis``), it is the
op's shape rule (``SHAPES``) if it has one; otherwise an op whose operands are all concrete runs its impl
(index arithmetic on uniforms), and an op that touches tensors gets its results from its result types.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ir.core import Block, Operation
from ir.types import TensorType
from simulator.dispatch.registry import IMPLS, SHAPES, UNKNOWN, Abstract, Context, Env, unsupported
from simulator.errors import DispatchError

TERMINATORS = frozenset(
    {"func.return", "return", "linalg.yield", "tensor.yield", "util.return", "hal.return"}
)


def run_ops(ctx: Context, block: Block, env: Env, ops: list[Operation] | None = None) -> list[Any]:
    """Run ``ops`` (default: the whole block) in ``env``; return the terminator's operand values."""
    for op in block.ops if ops is None else ops:
        name = op.op_name
        if name in TERMINATORS:
            return [env[v] for v in op.operands]
        args = [env[v] for v in op.operands]
        if ctx.analysis:
            results = analyse(ctx, op, args, env)
        else:
            impl = IMPLS.get(name)
            if impl is None:
                raise unsupported(op)
            ctx.env = env
            results = impl(ctx, op, args)
        if len(results) != len(op.results):
            raise DispatchError(f"{op.describe()}: rule gave {len(results)} results for {len(op.results)}")
        for r, v in zip(op.results, results):
            env.bind(r, v)
    return []


def analyse(ctx: Context, op: Operation, args: list[Any], env: Env) -> list[Any]:
    ctx.env = env
    rule = SHAPES.get(op.op_name)
    if rule is not None:
        return list(rule(ctx, op, args))
    concrete = all(not isinstance(a, Abstract) and a is not UNKNOWN for a in args)
    tensors = any(isinstance(r.type, TensorType) for r in op.results)
    if concrete and not (tensors and args):
        impl = IMPLS.get(op.op_name)
        if impl is None:
            raise unsupported(op)
        return list(impl(ctx, op, args))
    out: list[Any] = []
    for r in op.results:
        t = r.type
        if isinstance(t, TensorType):
            if not t.has_static_shape:
                raise unsupported(op, f"no shape rule for its dynamic result {t}")
            out.append(Abstract(tuple(t.shape or ()), _dtype(t.element_type)))
        else:
            out.append(UNKNOWN)
    return out


def _dtype(t: Any) -> np.dtype:
    from ir.types import numpy_dtype

    return numpy_dtype(t)
