"""One scalar semantics for ``arith`` and ``math`` ops: the host interpreter, the sequential reference
and the dispatch interpreter all compute them with the dispatch interpreter's rules
(:mod:`simulator.dispatch.scalars`), which follow MLIR's definitions on numpy values: signless integers
that wrap at their width, the unsigned ops reading the bits as unsigned, division rounding per op
(``divsi`` toward zero, ``floordivsi`` down, ``ceildivsi`` up), ``maximumf``/``minimumf`` propagating
NaN and ``maxnumf``/``minnumf`` returning the other operand, and ``f16``/``bf16`` results rounded to
their type after each op.

The host and the reference hold scalars as Python values (integers as signed values of their width,
``i1`` as 0/1, floats as Python floats). :func:`eval_scalar` converts the operands to numpy scalars of
their MLIR types, applies the rule and converts the result back, so a scalar gives the same bits
whichever executor computes it.

Where MLIR leaves a result undefined we follow IREE's runtime, and all three executors share the choice:
integer division or remainder by zero, and ``divsi``/``remsi`` of the minimum by -1, are errors of the
simulated program (a :class:`SimulationError`): IREE's VM traps on them (SIGFPE), as CPUs do; and
``maxnumf``/``minnumf`` of -0.0 and +0.0 give the first operand, as IREE's compiled dispatches do.

Measured differences from IREE 3.13's VM (host code; see tests/simulator/test_arith.py): its
``arith.maximumf``/``minimumf`` return the non-NaN operand when only the second is NaN and order -0.0
and +0.0 by position, where MLIR's definition (followed here) propagates NaN and orders -0.0 < +0.0.

Examples
--------
>>> from ir import ProgramBuilder
>>> from ir import types as T
>>> pb = ProgramBuilder()
>>> _ = pb.function("f", [], [])
>>> a, b = pb.constant(-7, T.i32), pb.constant(2, T.i32)
>>> op = pb.create("arith.divsi", [a, b], [T.i32])
>>> eval_scalar(op, [-7, 2])
-3
>>> eval_scalar(pb.create("arith.divui", [a, b], [T.i32]), [-7, 2])
2147483644
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ir import types as T
from ir.core import Operation
from simulator.dispatch.registry import Context
from simulator.dispatch.scalars import RULES as SCALAR_RULES
from simulator.errors import SimulationError

_DIVISIONS = frozenset(
    {
        "arith.divsi", "arith.divui", "arith.remsi", "arith.remui", "arith.ceildivsi", "arith.ceildivui",
        "arith.floordivsi",
    }
)  # fmt: skip
_CONTEXT = Context(rules=SCALAR_RULES, carry_bf16=False)
_IMPLS = SCALAR_RULES.impls
#: The arith/math ops this module computes (the dispatch interpreter's scalar table, less constants).
SCALAR_OPS = frozenset(n for n in _IMPLS if n.startswith(("arith.", "math.")) and n != "arith.constant")


def is_scalar_op(name: str) -> bool:
    """Whether ``name`` is an arith/math op this module computes."""
    return name in SCALAR_OPS


def _to_numpy(value: Any, t: T.Type) -> Any:
    if isinstance(value, np.generic | np.ndarray):
        return value
    dt = T.numpy_dtype(t)
    if dt == np.bool_:
        return np.bool_(int(value) & 1)
    if dt.kind in "iu":
        bits = 8 * dt.itemsize
        v = int(value) & ((1 << bits) - 1)
        if dt.kind == "i" and v >= 1 << (bits - 1):
            v -= 1 << bits
        return dt.type(v)
    return np.array(value).astype(dt)[()]


def _to_python(value: Any) -> Any:
    if isinstance(value, np.ndarray) and value.ndim > 0:
        return value
    v = value[()] if isinstance(value, np.ndarray) else value
    if isinstance(v, np.bool_):
        return int(v)
    if isinstance(v, np.integer):
        return int(v)
    if isinstance(v, np.floating) or (isinstance(v, np.generic) and v.dtype.kind == "V"):
        return float(v)
    return v


def eval_scalar(op: Operation, args: list[Any]) -> Any:
    """The result of the arith/math ``op`` on ``args`` (Python or numpy scalars), as a Python scalar.

    Raises :class:`SimulationError` for an integer division or remainder by zero.
    """
    name = op.op_name
    values = [_to_numpy(a, v.type) for a, v in zip(args, op.operands)]
    if name in _DIVISIONS:
        if int(values[1]) == 0:
            raise SimulationError(f"{op.describe()}: integer division by zero ({name})")
        dt = values[0].dtype
        signed = name in ("arith.divsi", "arith.remsi") and dt.kind == "i"
        if signed and int(values[1]) == -1 and int(values[0]) == -(1 << (8 * dt.itemsize - 1)):
            raise SimulationError(f"{op.describe()}: {name} of the minimum {dt} by -1 overflows (a trap)")
    with np.errstate(all="ignore"):
        out = _IMPLS[name](_CONTEXT, op, values)
    results = [_to_python(r) for r in out]
    return results[0] if len(results) == 1 else results
