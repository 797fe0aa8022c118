"""``hal.instrument.*``: IREE's dispatch instrumentation, recorded as events of the dispatch that ran it.

``iree-compile --iree-hal-instrument-dispatches=SIZE`` gives every executable an extra binding, a ring
buffer the host exports through ``__query_instruments``, and opens each dispatch function with
``hal.instrument.workgroup[%ring : memref<Nxi8>] dispatch(%id)``. Bodies may also carry
``hal.instrument.value`` (a value with an ordinal), ``hal.instrument.print`` (a format and values) and
``hal.instrument.memory.load``/``store`` (an access and its address).

The interpreter runs a dispatch body whole, not workgroup by workgroup, so each instrument op records one
event per dispatch (IREE's ring buffer would hold one per workgroup); the ring buffer's bytes are not
written (IREE's flatbuffer/ring format is for ``iree-dump-instruments``). Events go into
:attr:`Context.instruments` as ``(kind, args)``; the executor turns them into trace instants at the
dispatch's start, on its queue's track (category ``dispatch``, named ``instrument.KIND``). ``value``,
``memory.load`` and ``memory.store`` return the value they watch, unchanged. Timing-only runs execute no
bodies and so record no events.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ir.attributes import IntegerAttr, StringAttr
from ir.core import Operation
from simulator.dispatch.registry import Context, DispatchRules

RULES = DispatchRules.named("dispatch.instrument")
register_op = RULES.impls.register
register_shape = RULES.shapes.register


class RingBuffer:
    """The instrumentation binding (``hal.interface.binding.subspan`` typed ``memref<Nxi8>``)."""

    __slots__ = ("binding",)

    def __init__(self, binding: int) -> None:
        self.binding = binding


def _scalar(value: Any) -> Any:
    """A JSON-friendly copy of a watched value (scalars as Python numbers, small arrays as lists)."""
    if isinstance(value, np.ndarray):
        return value.tolist() if value.size <= 16 else f"array{list(value.shape)} {value.dtype}"
    if isinstance(value, np.generic):
        return value.item()
    return value if isinstance(value, (int, float, bool, str)) else str(value)


def _record(ctx: Context, kind: str, args: dict[str, Any]) -> None:
    if not ctx.analysis:
        ctx.instruments.append((kind, args))


@register_op("hal.instrument.workgroup")
@register_shape("hal.instrument.workgroup")
def _workgroup(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    _record(ctx, "workgroup", {"dispatch": _scalar(args[1])})
    return [np.int64(0)]  # the workgroup key later instrument ops name: one per dispatch here


@register_op("hal.instrument.value")
@register_shape("hal.instrument.value")
def _value(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    ordinal = op.attr("ordinal")
    _record(ctx, "value", {
        "ordinal": ordinal.value if isinstance(ordinal, IntegerAttr) else None,
        "value": _scalar(args[2]),
        "type": str(op.operands[2].type),
    })  # fmt: skip
    return [args[2]]


@register_op("hal.instrument.print")
@register_shape("hal.instrument.print")
def _print(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    fmt = op.attr("format")
    _record(ctx, "print", {
        "format": fmt.value if isinstance(fmt, StringAttr) else "",
        "values": [_scalar(v) for v in args[2:]],
    })  # fmt: skip
    return []


def _memory(kind: str) -> Any:
    def impl(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
        _record(ctx, kind, {"value": _scalar(args[2]), "indices": [_scalar(i) for i in args[4:]],
                            "type": str(op.operands[2].type)})  # fmt: skip
        return [args[2]]

    return impl


for _kind in ("load", "store"):
    register_op(f"hal.instrument.memory.{_kind}")(_memory(f"memory.{_kind}"))
    register_shape(f"hal.instrument.memory.{_kind}")(_memory(f"memory.{_kind}"))
