"""Python kernels: what a builder program's dispatches compute, registered by name.

A builder executable names its kernel with the ``streamsim.kernel`` attribute on its export
(``ProgramBuilder.kernel_executable(name, kernel="matmul", ...)``). At a dispatch the simulator calls the
kernel with a :class:`DispatchContext`: the bound byte ranges (``uint8`` numpy views, written in place),
the uniform operands and the workload. ``ctx.array(i, dtype, shape)`` views binding ``i`` as typed data.

A kernel's cost for the roofline comes from its ``flops`` function (same context, no data needed, so
timing-only runs get the same figures) and from its bindings' lengths: bytes read are the lengths of
``ro``/``rw`` bindings, bytes written those of ``wo``/``rw`` bindings.

Built-in kernels (uniform operands give the shapes):

- ``matmul``: ``C[M,N] = A[M,K] @ B[K,N]``, f32, uniforms ``M, K, N``, bindings ``A, B, C``;
- ``add``: ``C = A + B`` elementwise f32 over the binding length, bindings ``A, B, C``;
- ``softmax``: row softmax f32, uniforms ``rows, cols``, bindings ``X, Y``;
- ``copy``: ``Y = X`` bytes, bindings ``X, Y``; ``noop``: does nothing (costs only its launch).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from simulator.errors import InputError


class DispatchContext:
    """What a kernel sees: bindings (uint8 views or None when timing-only), uniforms and workload."""

    __slots__ = ("accesses", "binding_lengths", "bindings", "uniforms", "workload")

    def __init__(
        self,
        bindings: list[np.ndarray | None],
        binding_lengths: list[int],
        accesses: list[str],
        uniforms: list[int | float],
        workload: list[int],
    ) -> None:
        self.bindings = bindings
        self.binding_lengths = binding_lengths
        self.accesses = accesses
        self.uniforms = uniforms
        self.workload = workload

    def array(
        self, index: int, dtype: np.dtype | type | str, shape: tuple[int, ...] | None = None
    ) -> np.ndarray:
        """Binding ``index`` viewed as ``dtype`` (and ``shape``); writes go to the resource."""
        raw = self.bindings[index]
        if raw is None:
            raise InputError("kernel asked for data in a timing-only run")
        typed = raw.view(np.dtype(dtype))
        return typed.reshape(shape) if shape is not None else typed


KernelFn = Callable[[DispatchContext], None]
FlopsFn = Callable[[DispatchContext], int]


def push_constant(value: Any) -> int | float:
    """A dispatch's uniform operand as the host holds it: an int, or a float for a float operand (an
    ``f32`` the stream program passes as is; IREE's own cmd form packs it into i32 bits first)."""
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    if isinstance(value, float | np.floating):
        return float(value)
    return int(value)

@dataclass(frozen=True)
class Kernel:
    name: str
    fn: KernelFn
    flops: FlopsFn | None = None
    dtype: str = "f32"


class KernelRegistry:
    """Kernels by name. ``register`` is also a decorator: ``@registry.register("add", flops=...)``."""

    def __init__(self, parent: KernelRegistry | None = None) -> None:
        self._kernels: dict[str, Kernel] = {}
        self.parent = parent

    def register(
        self, name: str, fn: KernelFn | None = None, *, flops: FlopsFn | None = None, dtype: str = "f32"
    ) -> Callable[[KernelFn], KernelFn] | KernelFn:
        def add(f: KernelFn) -> KernelFn:
            self._kernels[name] = Kernel(name, f, flops, dtype)
            return f

        return add(fn) if fn is not None else add

    def get(self, name: str) -> Kernel | None:
        k = self._kernels.get(name)
        if k is None and self.parent is not None:
            return self.parent.get(name)
        return k

    def names(self) -> list[str]:
        own = set(self._kernels)
        if self.parent is not None:
            own |= set(self.parent.names())
        return sorted(own)


#: The default registry; sessions look kernels up here unless given their own.
KERNELS = KernelRegistry()


def register_kernel(
    name: str, fn: KernelFn | None = None, *, flops: FlopsFn | None = None, dtype: str = "f32"
) -> Callable[[KernelFn], KernelFn] | KernelFn:
    """Register a kernel in the default registry (usable as a decorator)."""
    return KERNELS.register(name, fn, flops=flops, dtype=dtype)


# -- built-ins ---------------------------------------------------------------------------------------


def _matmul(ctx: DispatchContext) -> None:
    m, k, n = (int(u) for u in ctx.uniforms[:3])
    a = ctx.array(0, np.float32, (m, k))
    b = ctx.array(1, np.float32, (k, n))
    ctx.array(2, np.float32, (m, n))[...] = a @ b


def _add(ctx: DispatchContext) -> None:
    c = ctx.array(2, np.float32)
    np.add(ctx.array(0, np.float32)[: c.size], ctx.array(1, np.float32)[: c.size], out=c)


def _softmax(ctx: DispatchContext) -> None:
    rows, cols = (int(u) for u in ctx.uniforms[:2])
    x = ctx.array(0, np.float32, (rows, cols))
    e = np.exp(x - x.max(axis=1, keepdims=True))
    ctx.array(1, np.float32, (rows, cols))[...] = e / e.sum(axis=1, keepdims=True)


def _copy(ctx: DispatchContext) -> None:
    y = ctx.bindings[1]
    x = ctx.bindings[0]
    assert x is not None and y is not None
    y[...] = x[: y.size]


register_kernel(
    "matmul", _matmul, flops=lambda c: 2 * int(c.uniforms[0]) * int(c.uniforms[1]) * int(c.uniforms[2])
)
register_kernel("add", _add, flops=lambda c: c.binding_lengths[2] // 4)
register_kernel("softmax", _softmax, flops=lambda c: 5 * int(c.uniforms[0]) * int(c.uniforms[1]))
register_kernel("copy", _copy, flops=lambda c: 0)
register_kernel("noop", lambda c: None, flops=lambda c: 0)
