"""Host rules for ``util``, ``func``, ``arith`` and ``scf``: globals, calls, integer math, control flow.

Integers are Python ints wrapped to their type's width (two's complement, signless: signed or unsigned
reading is the op's choice, as in MLIR); ``index`` is 64-bit. Floats are Python floats.
"""

from __future__ import annotations

import re
from collections.abc import Generator
from typing import Any

from ir import IRError, Operation
from ir import types as T
from ir.attr_parser import AttrTypeParser
from ir.attributes import (
    ArrayAttr,
    Attribute,
    BoolAttr,
    DenseElementsAttr,
    DialectAttr,
    FloatAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
)
from ir.module import find_symbol
from simulator.arith import SCALAR_OPS, eval_scalar
from simulator.errors import SimulationError, UnsupportedOpError
from simulator.host.interpreter import Interpreter, Rule
from simulator.host.values import HostBuffer
from simulator.rules import RuleTable

RULES: RuleTable[Rule] = RuleTable("host.core")
rule = RULES.register


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
    # interp.symbol(op, "global") of the common op (its global in its properties, by symbol reference) read
    # here: a large program's host code is mostly global loads and stores
    ref = op.properties.get("global")
    name = ref.root if type(ref) is SymbolRefAttr else interp.symbol(op, "global")
    try:
        return interp.globals[name]
    except KeyError:
        raise SimulationError(
            f"{op.describe()}: global @{name} is read before any initializer stored it"
        ) from None


@rule("util.global.store")
def _global_store(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    ref = op.properties.get("global")  # (interp.symbol(op, "global"), as _global_load reads it)
    interp.globals[ref.root if type(ref) is SymbolRefAttr else interp.symbol(op, "global")] = args[0]


@rule("util.buffer.constant")
def _buffer_constant(interp: Interpreter, op: Operation, args: list[Any]) -> HostBuffer:
    return HostBuffer(constant_bytes(op, op.attr("value")))


def elements(op: Operation, value: DenseElementsAttr) -> Any:
    """The array of a dense attribute of ``op``; a malformed one is an error at the op's location."""
    try:
        return value.to_numpy()
    except IRError as exc:
        raise IRError(f"{op.op_name}: {exc}", location=op.location) from None


def constant_bytes(op: Operation, value: Attribute | None) -> bytes:
    """The bytes of a constant: a string, dense elements, or ``#util.composite<NxiK, [parts]>`` (its
    parts laid end to end, as IREE serializes them; N x K bits in all)."""
    if isinstance(value, StringAttr):
        return value.value.encode("utf-8")
    if isinstance(value, DenseElementsAttr):
        return bytes(elements(op, value).tobytes())
    if isinstance(value, DialectAttr) and value.name == "util.composite" and value.body:
        head, _, rest = value.body.partition(",")
        m = re.fullmatch(r"\s*(\d+)xi(\d+)\s*", head)
        if m is not None:
            # IREE prints the part list with a trailing comma.
            text = re.sub(r",\s*\]\s*$", "]", rest.strip())
            try:
                parts = AttrTypeParser(text, "<util.composite>").parse_attribute()
            except IRError as exc:  # a bad part: the error belongs to the op holding the attribute
                raise IRError(f"{op.op_name}: {exc.message}", location=op.location) from None
            if isinstance(parts, ArrayAttr):
                data = b"".join(constant_bytes(op, p) for p in parts)
                size_bytes = int(m.group(1)) * int(m.group(2)) // 8
                if len(data) != size_bytes:
                    raise SimulationError(
                        f"{op.describe()}: #util.composite parts hold {len(data)} bytes, its type {size_bytes}"
                    )
                return data
    raise UnsupportedOpError(f"{op.describe()}: util.buffer.constant with value {value} is not supported")


@rule("util.assume.int", "util.optimization_barrier", "util.unfoldable_constant")
def _identity(interp: Interpreter, op: Operation, args: list[Any]) -> Any:
    if op.op_name == "util.unfoldable_constant":
        return _arith_constant(interp, op, args)
    return list(args)


@rule("util.align")
def _align(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    # IREE lowers util.align to (value + alignment - 1) & ~(alignment - 1): defined for a power-of-two
    # alignment, and computed the same way (wrapping at the type's width) for any other.
    value, alignment = args
    t = op.results[0].type
    aligned = (value + alignment - 1) & ~(alignment - 1)
    return aligned if isinstance(t, T.IndexType) else wrap(aligned, t)


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


@rule("cf.assert")
def _cf_assert(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    """A host assertion (frontends emit them for shape checks): a false condition fails the run with the
    assertion's message, as IREE's runtime does. Timing-only runs compute no device data (host loads of
    device memory read 0), so there an assertion is taken to hold."""
    if not bool(args[0]) and interp.runtime.with_data:
        msg = op.attr("msg")
        raise SimulationError(
            f"{op.describe()}: assertion failed{': ' + msg.value if isinstance(msg, StringAttr) else ''}"
        )


@rule("util.call", "func.call")
def _call(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, list[Any]]:
    name = interp.symbol(op)
    func = find_symbol(interp.module.op, name)
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
        return elements(op, value)
    raise UnsupportedOpError(f"{op.describe()}: arith.constant {value} is not supported on the host")


def _scalar(interp: Interpreter, op: Operation, args: list[Any]) -> Any:
    """arith/math ops: the one scalar semantics of :mod:`simulator.arith` (shared with the reference and
    the dispatch interpreter)."""
    return eval_scalar(op, args)


for _name in sorted(SCALAR_OPS - {"arith.select"}):
    rule(_name)(_scalar)


@rule("arith.select")
def _select(interp: Interpreter, op: Operation, args: list[Any]) -> Any:
    # Generic: the host selects between any values (resources, timepoints, buffers), not only numbers.
    return args[1] if args[0] else args[2]


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
    _carry(interp, op, carried)
    # The whole trip count up front: a loop the budget cannot pay for stops before its first iteration.
    interp.iterate(op, f"scf.for from {lower} to {upper} step {step}", max(0, (upper - lower + step - 1) // step))
    while i < upper:
        carried = yield from interp.run_block(body, [i, *carried], env)
        _carry(interp, op, carried)
        i += step
    return carried


def _carry(interp: Interpreter, op: Operation, values: list[Any]) -> None:
    """Values bound to a loop's iteration arguments are loop-carried, as those a ``cf.br`` binds to a
    block's arguments once IREE has lowered the loop to branches (the checker leaves their release to the
    runtime's reference counting: see simulator.checks.hb)."""
    if interp.runtime.observer is not None:
        interp.runtime.observer.on_branch(op, values)


@rule("scf.while")
def _scf_while(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, list[Any]]:
    before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
    env = _frame_env(interp, op)
    values = list(args)
    while True:
        interp.iterate(op, "scf.while")
        _carry(interp, op, values)
        cond = yield from interp.run_block(before, values, env)
        _carry(interp, op, cond[1:])
        if not cond[0]:
            return cond[1:]
        values = yield from interp.run_block(after, cond[1:], env)


def _frame_env(interp: Interpreter, op: Operation) -> dict[Any, Any]:
    """Nested regions see the values of the enclosing frame, so they run in the frame's environment."""
    return interp.current_env


@rule("scf.execute_region")
def _execute_region(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, list[Any]]:
    return (yield from interp.run_block(op.regions[0].blocks[0], [], _frame_env(interp, op)))
