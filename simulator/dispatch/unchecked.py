"""Out-of-range scatter indices, written where IREE's generated code writes them: into the binding's bytes.

``iree_linalg_ext.scatter`` has no bounds check. Its scalar loop (IREE's
``ScatterOp::generateScalarImplementation``) loads ``original[starts]``, applies the region and stores
the result back with plain ``memref.load``/``memref.store``, and the LLVM CPU backend turns those into
loads and stores at ``base + sum(start_d * stride_d)``. StableHLO drops out-of-range scatter updates, but
IREE 3.13 converts the op without a guard, so a program such as ``jnp.nonzero(x, size=n)`` (whose
cumulative-sum indices run past ``n``) writes elements past its result.

Where those bytes are is decided by bufferization. When the scatter's ``original`` is loaded from the
binding slice its result is stored to (a readwrite binding: the dispatch's result tied to an operand, as
when the original is a splat the stream filled), the scatter runs in place on the binding, and an
index past the slice lands on the bytes after it (or before it, for a negative one): at the slice's
byte offset plus the index times its byte strides. :func:`scatter_in_binding` runs the scatter that way
on the bound bytes, in IREE's order (batch positions one after the other), and returns the slice.
The bytes past the binding are the rest of the buffer the binding lies in: the device has no bounds
on a binding either. (iree-run-module shows it: a scatter-add into a 6-element result at byte 64 of a
result buffer, with index -1, adds to the last element of the other result at bytes [0, 64).)

Otherwise IREE scatters into a copy on the stack (``alloca``) and copies the slice out, so an index out
of range writes into the stack frame: undefined, reported as an error. So is a write past the
buffer (whatever the allocator put after it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ir.core import Operation
from simulator.dispatch.bindings import BoundTensor, Geometry, geometry, slice_plan_parts
from simulator.dispatch.registry import Context
from simulator.errors import DispatchError

STORES = ("iree_tensor_ext.dispatch.tensor.store", "flow.dispatch.tensor.store")
LOADS = ("iree_tensor_ext.dispatch.tensor.load", "flow.dispatch.tensor.load")

#: (update slice, original slice) -> combined slice: the scatter's region.
Combine = Callable[[np.ndarray, np.ndarray], np.ndarray]


def _undefined(op: Operation, why: str) -> DispatchError:
    return DispatchError(
        f"{op.describe()}: an index is outside the result, and IREE's code has no bounds check; {why}, so"
        " what it writes is undefined"
    )


def _operand_values(ctx: Context, op: Operation, skip: int) -> list[Any]:
    """The values of ``op``'s operands from the running env (the first ``skip`` left out as None)."""
    env = ctx.env
    if env is None:
        raise _undefined(op, "no environment")
    try:
        return [None] * skip + [env[v] for v in op.operands[skip:]]
    except DispatchError:
        raise _undefined(op, f"the operands of {op.describe()} are computed after the scatter") from None


def _slice_of(ctx: Context, op: Operation, skip: int) -> tuple[BoundTensor, Geometry]:
    """The binding and slice a dispatch tensor load (``skip`` 0) or store (``skip`` 1) reads or writes."""
    parts = slice_plan_parts(ctx, op, _operand_values(ctx, op, skip))
    bt = parts[skip][0]
    if not isinstance(bt, BoundTensor):
        raise _undefined(op, f"{op.describe()} does not address a binding")
    return bt, geometry(ctx, op, bt, parts[-3:])


def _in_place_slice(ctx: Context, op: Operation) -> tuple[BoundTensor, Geometry]:
    """The binding slice the scatter works on in place: its result is stored once to the slice its
    ``original`` was loaded from (a readwrite binding, as when the dispatch's result is tied to an operand).
    Otherwise IREE scatters into a private copy on the stack, where an index out of range is undefined."""
    users = [u for u, _ in op.results[0].uses]
    if len(users) != 1 or users[0].op_name not in STORES or users[0].operands[0] is not op.results[0]:
        raise _undefined(op, "its result is not stored once into a binding")
    original = op.operands[len(op.operands) - len(op.results)]
    load = original.defining_op
    if load is None or load.op_name not in LOADS or len(original.uses) != 1:
        raise _undefined(
            op,
            "its original tensor is not loaded from the binding it is stored to (IREE scatters into a private stack copy)",
        )
    src, g_in = _slice_of(ctx, load, 0)
    bt, g = _slice_of(ctx, users[0], 1)
    if (src.binding, src.offset, g_in.start, g_in.sizes, g_in.byte_strides) != (
        bt.binding,
        bt.offset,
        g.start,
        g.sizes,
        g.byte_strides,
    ):
        raise _undefined(
            op,
            "its original tensor is not loaded from the binding slice it is stored to (IREE scatters into a private stack copy)",
        )
    return bt, g


def _elem_strides(op: Operation, g: Geometry, shape: tuple[int, ...], item: int) -> tuple[int, ...]:
    """The element strides of the result's dims in the binding (unit dims a store drops matched out)."""
    if tuple(g.sizes) == shape:
        return tuple(s // item for s in g.byte_strides)
    kept = [s for n, s in zip(g.sizes, g.byte_strides) if n != 1]
    if [n for n in g.sizes if n != 1] != [n for n in shape if n != 1]:
        raise _undefined(op, f"its result {shape} does not match the stored slice {g.sizes}")
    it = iter(kept)
    return tuple(0 if n == 1 else next(it) // item for n in shape)


def _window(data: np.ndarray) -> tuple[np.ndarray, int]:
    """The memory a binding's bytes lie in, and where they start in it: the whole buffer the binding is
    a view of (a write past a binding lands in the rest of its buffer, as on the device), else the
    binding's own bytes."""
    base = data.base
    if (
        isinstance(base, np.ndarray)
        and base.dtype == np.uint8
        and base.ndim == 1
        and base.flags.c_contiguous
        and data.flags.c_contiguous
    ):
        start = data.__array_interface__["data"][0] - base.__array_interface__["data"][0]
        if start >= 0 and start + data.size <= base.size:
            return base, start
    return data, 0


def scatter_in_binding(
    ctx: Context,
    op: Operation,
    original: np.ndarray,
    rows: list[tuple[np.ndarray, Any]],
    combine: Combine,
) -> np.ndarray:
    """Run a scatter in place on the bytes of the binding its result is loaded from and stored to.

    ``rows``: for each batch position in order, its update slice and its element coordinates in the
    result (a tuple of integer arrays broadcast to the update slice's shape, possibly out of range).
    An element outside the result is read and written in the binding's buffer, before or after the
    binding if it lies there; one outside the buffer raises :class:`~simulator.errors.DispatchError`.
    """
    bt, g = _in_place_slice(ctx, op)
    data = ctx.bindings[bt.binding].data
    window, at = _window(data)
    item = bt.dtype.itemsize
    first = at + g.start
    phase = first % item
    mem = window[phase : window.size - (window.size - phase) % item].view(bt.dtype)
    base = (first - phase) // item
    strides = _elem_strides(op, g, original.shape, item)
    if any(s % item for s in g.byte_strides):
        raise _undefined(op, f"its slice's byte strides {g.byte_strides} are not whole {bt.dtype} elements")
    for update, coords in rows:
        addr = np.full(np.shape(update), base, dtype=np.int64)
        for c, s in zip(coords, strides):
            addr = addr + np.asarray(c, dtype=np.int64) * s
        if addr.size and (int(addr.min()) < 0 or int(addr.max()) >= mem.size):
            lo, hi = int(addr.min()) * item + phase - at, (int(addr.max()) + 1) * item + phase - at
            raise _undefined(
                op,
                f"it would touch bytes [{lo}, {hi}) from the start of binding {bt.binding}, outside the"
                f" {window.size}-byte buffer the binding lies in (memory past a buffer is not modelled)",
            )
        mem[addr] = combine(update, mem[addr])
    view = np.ndarray(g.sizes, bt.dtype, data, g.start, g.byte_strides)
    return view.copy().reshape(original.shape)


__all__ = ["scatter_in_binding"]
