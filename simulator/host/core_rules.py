"""Host rules for ``util``, ``func``, ``arith`` and ``scf``: globals, calls, integer math, control flow.

Integers are Python ints wrapped to their type's width (two's complement, signless: signed or unsigned
reading is the op's choice, as in MLIR); ``index`` is 64-bit. Floats are Python floats.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Generator
from typing import Any

from ir import Operation
from ir import types as T
from ir.attributes import (
    BoolAttr,
    DenseElementsAttr,
    FloatAttr,
    IntegerAttr,
    StringAttr,
)
from simulator.errors import SimulationError, UnsupportedOpError
from simulator.host.interpreter import Interpreter, rule
from simulator.host.values import HostBuffer


def width_of(t: T.Type) -> int:
    if isinstance(t, T.IndexType):
        return 64
    if isinstance(t, T.IntegerType):
        return t.width
    raise UnsupportedOpError(f"type {t} is not an integer type")


def wrap(value: int, t: T.Type) -> int:
    """``value`` as the signless bits of ``t``, read as signed (i1 stays 0/1)."""
    w = width_of(t)
    if w == 1:
        return value & 1
    value &= (1 << w) - 1
    return value - (1 << w) if value >> (w - 1) else value


def unsigned(value: int, t: T.Type) -> int:
    w = width_of(t)
    return value & ((1 << w) - 1)


# -- util -------------------------------------------------------------------------------------------


@rule("util.global")
def _global(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    return None


@rule("util.global.load")
def _global_load(interp: Interpreter, op: Operation, args: list[Any]) -> Any:
    name = interp.symbol(op, "global")
    if name not in interp.globals:
        raise SimulationError(f"{op.describe()}: global @{name} is read before any initializer stored it")
    return interp.globals[name]


@rule("util.global.store")
def _global_store(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    interp.globals[interp.symbol(op, "global")] = args[0]


@rule("util.buffer.constant")
def _buffer_constant(interp: Interpreter, op: Operation, args: list[Any]) -> HostBuffer:
    value = op.attr("value")
    if isinstance(value, StringAttr):
        return HostBuffer(value.value.encode("utf-8"))
    if isinstance(value, DenseElementsAttr):
        return HostBuffer(value.to_numpy().tobytes())
    raise UnsupportedOpError(f"{op.describe()}: util.buffer.constant with value {value} is not supported")


@rule("util.assume.int", "util.optimization_barrier", "util.unfoldable_constant")
def _identity(interp: Interpreter, op: Operation, args: list[Any]) -> Any:
    if op.op_name == "util.unfoldable_constant":
        return _arith_constant(interp, op, args)
    return list(args)


@rule("util.null")
def _null(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    return None


@rule("util.cmp.eq")
def _cmp_eq(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    return int(args[0] is args[1] or args[0] == args[1])


@rule("util.status.check_ok")
def _check_ok(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    if args and args[0]:
        msg = op.attr("message")
        raise SimulationError(
            f"{op.describe()}: status {args[0]}{': ' + msg.value if isinstance(msg, StringAttr) else ''}"
        )


@rule("util.call", "func.call")
def _call(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, list[Any]]:
    name = interp.symbol(op)
    func = interp.module.symbols().get(name)
    if func is not None and func.regions and func.regions[0].blocks:
        return (yield from interp.call(func, args))
    return (yield from interp.runtime.call_host_function(name, op, args))


# -- arith ------------------------------------------------------------------------------------------


@rule("arith.constant")
def _arith_constant(interp: Interpreter, op: Operation, args: list[Any]) -> Any:
    value = op.attr("value")
    if isinstance(value, IntegerAttr):
        return wrap(value.value, value.type) if not isinstance(value.type, T.IndexType) else value.value
    if isinstance(value, FloatAttr):
        return float(value.value)
    if isinstance(value, BoolAttr):
        return int(value.value)
    if isinstance(value, DenseElementsAttr):
        return value.to_numpy()
    raise UnsupportedOpError(f"{op.describe()}: arith.constant {value} is not supported on the host")


def _int_binary(fn: Any) -> Any:
    def impl(interp: Interpreter, op: Operation, args: list[Any]) -> int:
        t = op.results[0].type
        return wrap(fn(args[0], args[1], t), t)

    return impl


def _div(a: int, b: int, what: str) -> None:
    if b == 0:
        raise SimulationError(f"{what}: division by zero")


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


_INT_OPS: dict[str, Any] = {
    "arith.addi": lambda a, b, t: a + b,
    "arith.subi": lambda a, b, t: a - b,
    "arith.muli": lambda a, b, t: a * b,
    "arith.andi": lambda a, b, t: a & b,
    "arith.ori": lambda a, b, t: a | b,
    "arith.xori": lambda a, b, t: a ^ b,
    "arith.shli": lambda a, b, t: a << unsigned(b, t) if unsigned(b, t) < width_of(t) else 0,
    "arith.shrui": lambda a, b, t: unsigned(a, t) >> unsigned(b, t),
    "arith.shrsi": lambda a, b, t: a >> min(unsigned(b, t), 127),
    "arith.maxsi": lambda a, b, t: max(a, b),
    "arith.minsi": lambda a, b, t: min(a, b),
    "arith.maxui": lambda a, b, t: max(unsigned(a, t), unsigned(b, t)),
    "arith.minui": lambda a, b, t: min(unsigned(a, t), unsigned(b, t)),
    "arith.divsi": lambda a, b, t: _trunc_div(a, b),
    "arith.divui": lambda a, b, t: unsigned(a, t) // unsigned(b, t),
    "arith.remsi": lambda a, b, t: a - _trunc_div(a, b) * b,
    "arith.remui": lambda a, b, t: unsigned(a, t) % unsigned(b, t),
    "arith.ceildivsi": lambda a, b, t: -((-a) // b),
    "arith.ceildivui": lambda a, b, t: -(-unsigned(a, t) // unsigned(b, t)),
    "arith.floordivsi": lambda a, b, t: a // b,
}

for _name, _fn in _INT_OPS.items():
    if "div" in _name or "rem" in _name:

        def _checked(fn: Any = _fn, name: str = _name) -> Any:
            def impl(a: int, b: int, t: T.Type) -> int:
                if b == 0:
                    raise SimulationError(f"{name}: division by zero")
                return fn(a, b, t)

            return impl

        rule(_name)(_int_binary(_checked()))
    else:
        rule(_name)(_int_binary(_fn))

_FLOAT_OPS: dict[str, Any] = {
    "arith.addf": lambda a, b: a + b,
    "arith.subf": lambda a, b: a - b,
    "arith.mulf": lambda a, b: a * b,
    "arith.divf": lambda a, b: a / b if b else math.copysign(math.inf, a) if a else math.nan,
    "arith.maximumf": max,
    "arith.minimumf": min,
    "arith.maxnumf": max,
    "arith.minnumf": min,
}
for _name, _fn in _FLOAT_OPS.items():
    rule(_name)(lambda interp, op, args, fn=_fn: float(fn(args[0], args[1])))


@rule("arith.negf")
def _negf(interp: Interpreter, op: Operation, args: list[Any]) -> float:
    return -args[0]


_PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


@rule("arith.cmpi")
def _cmpi(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    pred = op.attr("predicate")
    if not isinstance(pred, IntegerAttr):
        raise UnsupportedOpError(f"{op.describe()}: predicate {pred} is not an integer")
    name = _PREDICATES[pred.value]
    a, b = args
    if name.startswith("u"):
        t = op.operands[0].type
        a, b = unsigned(a, t), unsigned(b, t)
    key = name.lstrip("su")
    return int({"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[key])


@rule("arith.select")
def _select(interp: Interpreter, op: Operation, args: list[Any]) -> Any:
    return args[1] if args[0] else args[2]


@rule("arith.index_cast", "arith.extsi", "arith.trunci")
def _cast_signed(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    t = op.results[0].type
    return wrap(args[0], t) if not isinstance(t, T.IndexType) else wrap(args[0], T.i64)


@rule("arith.index_castui", "arith.extui")
def _cast_unsigned(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    src = op.operands[0].type
    return wrap(unsigned(args[0], src), op.results[0].type)


@rule("arith.sitofp", "arith.uitofp")
def _int_to_float(interp: Interpreter, op: Operation, args: list[Any]) -> float:
    v = args[0]
    if op.op_name == "arith.uitofp":
        v = unsigned(v, op.operands[0].type)
    return float(v)


@rule("arith.fptosi", "arith.fptoui")
def _float_to_int(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    return wrap(int(args[0]), op.results[0].type)


@rule("arith.bitcast")
def _bitcast(interp: Interpreter, op: Operation, args: list[Any]) -> Any:
    src, dst = op.operands[0].type, op.results[0].type
    if isinstance(src, T.FloatType) and isinstance(dst, T.IntegerType) and src.width == 32:
        return wrap(struct.unpack("<i", struct.pack("<f", args[0]))[0], dst)
    if isinstance(src, T.IntegerType) and isinstance(dst, T.FloatType) and dst.width == 32:
        return struct.unpack("<f", struct.pack("<I", unsigned(args[0], src)))[0]
    return args[0]


# -- scf --------------------------------------------------------------------------------------------


@rule("scf.if")
def _scf_if(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, list[Any]]:
    region = op.regions[0] if args[0] else (op.regions[1] if len(op.regions) > 1 else None)
    if region is None or not region.blocks:
        return []
    env = _frame_env(interp, op)
    return (yield from interp.run_block(region.blocks[0], [], env))


@rule("scf.for")
def _scf_for(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, list[Any]]:
    lower, upper, step, *carried = args
    if step <= 0:
        raise SimulationError(f"{op.describe()}: scf.for step must be positive, got {step}")
    body = op.regions[0].blocks[0]
    env = _frame_env(interp, op)
    i = lower
    while i < upper:
        carried = yield from interp.run_block(body, [i, *carried], env)
        i += step
    return carried


@rule("scf.while")
def _scf_while(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, list[Any]]:
    before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
    env = _frame_env(interp, op)
    values = list(args)
    for _ in range(1 << 30):
        cond = yield from interp.run_block(before, values, env)
        if not cond[0]:
            return cond[1:]
        values = yield from interp.run_block(after, cond[1:], env)
    raise SimulationError(f"{op.describe()}: scf.while did not terminate")


def _frame_env(interp: Interpreter, op: Operation) -> dict[Any, Any]:
    """Nested regions see the values of the enclosing frame, so they run in the frame's environment."""
    return interp.current_env


@rule("scf.execute_region")
def _execute_region(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, list[Any]]:
    return (yield from interp.run_block(op.regions[0].blocks[0], [], _frame_env(interp, op)))
