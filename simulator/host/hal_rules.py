"""Host rules for the ``hal`` ops IREE's modules run on the host: buffer views, devices and fences.

A ``!hal.fence`` is a :class:`~simulator.semaphores.Fence`; ``hal.fence.create`` makes one on a new
semaphore, which the queue operation given it as signal fence signals. ``hal.fence.await`` blocks the host
and returns 0, or IREE's ABORTED status (10) when a fence failed; ``hal.fence.query`` returns DEFERRED (0x5)
while a fence is pending.

``hal.buffer_view.assert`` checks an argument against the shape, element type and encoding a function
expects, and raises :class:`~simulator.errors.InputError` (a bad input, exit code 2) naming the input.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ir import Operation
from ir.attributes import IntegerAttr, StringAttr, TypeAttr
from simulator.errors import DeviceFailure, InputError, SimulationError, UnsupportedOpError
from simulator.host import fields
from simulator.host.interpreter import Interpreter, Rule
from simulator.host.values import (
    ENCODING_DENSE_ROW_MAJOR,
    BufferView,
    element_type_code,
    element_types_compatible,
)
from simulator.rules import RuleTable
from simulator.semaphores import IMMEDIATE, Fence, Semaphore

RULES: RuleTable[Rule] = RuleTable("host.hal")
rule = RULES.register

STATUS_DEFERRED = 5
STATUS_ABORTED = 10


def _view(op: Operation, value: Any) -> BufferView:
    if not isinstance(value, BufferView):
        raise UnsupportedOpError(f"{op.describe()}: expected a !hal.buffer_view, got {type(value).__name__}")
    return value


@rule("hal.element_type")
def _element_type(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    t = op.attr("type")
    return element_type_code(t.value if isinstance(t, TypeAttr) else t)  # type: ignore[arg-type]


@rule("hal.encoding_type")
def _encoding_type(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    return ENCODING_DENSE_ROW_MAJOR


@rule("hal.buffer_view.assert")
def _assert(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    g = fields.groups(op, args)
    view = _view(op, g["buffer_view"])
    msg = op.attr("message")
    name = msg.value if isinstance(msg, StringAttr) else "buffer view"
    shape = [int(d) for d in g["shape"]]
    if list(view.shape) != shape:
        raise InputError(
            f"{op.describe()}: {name} has shape {'x'.join(map(str, view.shape)) or 'scalar'}, expected "
            f"{'x'.join(map(str, shape)) or 'scalar'}"
        )
    expected = int(g["element_type"])
    if not element_types_compatible(view.element_type_code, expected):
        raise InputError(
            f"{op.describe()}: {name} has element type {view.element_type} (0x{view.element_type_code:08x}), "
            f"expected 0x{expected:08x}"
        )
    if int(g["encoding_type"]) != view.encoding:
        raise InputError(
            f"{op.describe()}: {name} has encoding {view.encoding}, expected {g['encoding_type']}"
        )


@rule("hal.buffer_view.dim")
def _dim(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    view = _view(op, args[0])
    index = op.attr("index")
    i = index.value if isinstance(index, IntegerAttr) else int(args[1])
    if not 0 <= i < len(view.shape):
        raise InputError(f"{op.describe()}: dimension {i} of a rank-{len(view.shape)} buffer view")
    return view.shape[i]


@rule("hal.buffer_view.rank")
def _rank(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    return len(_view(op, args[0]).shape)


@rule("hal.buffer_view.element_type")
def _view_element_type(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    return _view(op, args[0]).element_type_code


@rule("hal.buffer_view.encoding_type")
def _view_encoding_type(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    return _view(op, args[0]).encoding


@rule("hal.buffer_view.buffer")
def _view_buffer(interp: Interpreter, op: Operation, args: list[Any]) -> Any:
    return _view(op, args[0])


# -- devices and fences -----------------------------------------------------------------------------


@rule("hal.devices.count")
def _devices_count(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    return len(interp.runtime.devices)


@rule("hal.devices.get")
def _devices_get(interp: Interpreter, op: Operation, args: list[Any]) -> Any:
    index = int(args[0])
    devices = interp.runtime.devices
    if not 0 <= index < len(devices):
        raise SimulationError(f"{op.describe()}: device {index} of {len(devices)}")
    return devices[index]


@rule("hal.fence.create")
def _fence_create(interp: Interpreter, op: Operation, args: list[Any]) -> Fence:
    engine = interp.runtime.engine
    return Fence(((Semaphore(engine.semaphore_name("fence")), 1),))


@rule("hal.fence.join")
def _fence_join(interp: Interpreter, op: Operation, args: list[Any]) -> Fence:
    return Fence.join([a for a in args if isinstance(a, Fence)] or [IMMEDIATE])


@rule("hal.fence.signal")
def _fence_signal(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    if interp.runtime.observer is not None:
        interp.runtime.observer.on_host_signal(op, _fence(op, args[0]))
    for sem, value in _fence(op, args[0]).points:
        sem.signal(value)


@rule("hal.fence.fail")
def _fence_fail(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    error = DeviceFailure(f"{op.describe()}: fence failed by the program with status {args[1]}")
    for sem, _ in _fence(op, args[0]).points:
        sem.fail(error)


@rule("hal.fence.query")
def _fence_query(interp: Interpreter, op: Operation, args: list[Any]) -> int:
    fence = _fence(op, args[0])
    if fence.failure() is not None:
        return STATUS_ABORTED
    return 0 if fence.reached() else STATUS_DEFERRED


@rule("hal.fence.await")
def _fence_await(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, int]:
    fence = Fence.join([_fence(op, a) for a in args[1:]] or [IMMEDIATE])
    try:
        yield from interp.runtime.host_wait(interp, op, fence)
    except DeviceFailure:
        return STATUS_ABORTED
    return 0


def _fence(op: Operation, value: Any) -> Fence:
    if not isinstance(value, Fence):
        raise UnsupportedOpError(f"{op.describe()}: expected a !hal.fence, got {type(value).__name__}")
    return value
