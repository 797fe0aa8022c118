"""Executables: what a ``stream.cmd.dispatch`` entry point computes and what it costs.

An entry point ``@exe::@export`` resolves once per run to an :class:`Executable`:

- a *kernel* executable (built in Python, export attribute ``streamsim.kernel``) runs the registered
  kernel (:mod:`simulator.kernels`) and costs what the kernel's ``flops`` says plus its bindings' bytes;
- an *IREE* executable (a linalg body) runs through ``simulator.dispatch`` (the executable interpreter)
  when that package is installed and supports the body; otherwise it runs timing-only, costed from the
  linalg iteration space (:class:`~simulator.costs.LinalgEstimate`), and :attr:`Executable.no_data_reason`
  says why it computes no data.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from ir import KERNEL_ATTR, Module, Operation
from ir.attributes import StringAttr, SymbolRefAttr
from simulator.costs import DispatchCost, LinalgEstimate
from simulator.errors import InputError, SimulationError, UnsupportedOpError
from simulator.kernels import DispatchContext, Kernel, KernelRegistry, push_constant


def _function_of(module: Module, export: Operation, ref: SymbolRefAttr) -> Operation | None:
    """The func.func an export points at, inside its executable's builtin.module."""
    fref = export.attr("function_ref")
    name = fref.leaf if isinstance(fref, SymbolRefAttr) else ref.leaf
    exe = module.lookup(SymbolRefAttr(ref.root))
    for op in exe.walk():
        if op.op_name == "func.func":
            sym = op.attr("sym_name")
            if isinstance(sym, StringAttr) and sym.value == name:
                return op
    return None


class Executable:
    """A resolved entry point. ``names`` are the keys calibration tables may use."""

    def __init__(self, module: Module, ref: SymbolRefAttr, kernels: KernelRegistry, where: str) -> None:
        self.ref = ref
        self.name = ref.leaf
        self.names = (ref.leaf, "::".join((ref.root, *ref.nested)), str(ref))
        self.entry_text = str(ref)
        self.kernel: Kernel | None = None
        self.program: Any = None
        self.estimate: LinalgEstimate | None = None
        self.no_data_reason: str | None = None
        self._costs: dict[tuple[Any, ...], DispatchCost] = {}
        # (device index, workload..., uniforms..., binding lengths...) -> (cost, duration_ns); the recorder's.
        self.timings: dict[tuple[Any, ...], tuple[DispatchCost, int]] = {}
        try:
            export = module.lookup(ref)
        except Exception as exc:  # ir.IRError
            raise UnsupportedOpError(f"{where}: cannot resolve entry point {ref}: {exc}") from None
        kernel_attr = export.attr(KERNEL_ATTR)
        if isinstance(kernel_attr, StringAttr):
            self.kernel = kernels.get(kernel_attr.value)
            if self.kernel is None:
                raise UnsupportedOpError(
                    f"{where}: entry point {ref} names kernel {kernel_attr.value!r}, which is not registered "
                    f"(registered: {', '.join(kernels.names()) or 'none'})"
                )
            return
        func = _function_of(module, export, ref)
        if func is not None:
            self.estimate = LinalgEstimate(func)
        from simulator.dispatch import load_executable

        try:
            self.program = load_executable(module, ref)
        except (SimulationError, InputError) as exc:
            self.no_data_reason = f"{ref}: the executable interpreter cannot run it: {exc}"

    def cost(
        self, uniforms: list[Any], workload: list[int], lengths: list[int], accesses: list[str]
    ) -> DispatchCost:
        key = (tuple(uniforms), tuple(workload), tuple(lengths))
        cost = self._costs.get(key)
        if cost is not None:
            return cost
        read = sum(n for n, a in zip(lengths, accesses) if a != "wo")
        written = sum(n for n, a in zip(lengths, accesses) if a != "ro")
        if self.kernel is not None:
            ctx = DispatchContext([None] * len(lengths), lengths, accesses, uniforms, workload)
            flops = int(self.kernel.flops(ctx)) if self.kernel.flops is not None else 0
            cost = DispatchCost(flops, read, written, self.kernel.dtype)
        elif self.program is not None:
            try:
                c = self.program.cost(list(uniforms), list(workload), list(lengths))
                dtype = getattr(c, "dtype", None) or (
                    self.estimate([*workload]).dtype if self.estimate else "f32"
                )
                cost = DispatchCost(
                    int(c.flops),
                    int(c.bytes_read),
                    int(c.bytes_written),
                    dtype,
                    dynamic_rows=int(getattr(c, "dynamic_rows", 0)),
                )
            except (SimulationError, InputError):
                cost = None
        if cost is None:
            cost = (
                self.estimate(list(workload)) if self.estimate is not None else DispatchCost(0, read, written)
            )
        if self.estimate is not None and not (cost.math and cost.kind):
            # The executable interpreter counts flops; math function evaluations and what kind of
            # convolution the dispatch is come from the body.
            counted = self.estimate(list(workload))
            if counted.math and not cost.math:
                cost = dataclasses.replace(cost, transcendentals=counted.transcendentals, math=counted.math)
            if counted.kind and not cost.kind:
                cost = dataclasses.replace(cost, kind=counted.kind)
        if workload and not cost.workload:
            cost = dataclasses.replace(cost, workload=tuple(int(w) for w in workload))
        self._costs[key] = cost
        return cost

    def run(
        self,
        views: list[np.ndarray],
        lengths: list[int],
        accesses: list[str],
        uniforms: list[Any],
        workload: list[int],
        where: str,
    ) -> list[tuple[str, dict[str, Any]]]:
        """Compute the dispatch's results into ``views`` (the bound byte ranges); returns the body's
        ``hal.instrument.*`` events (see :mod:`simulator.dispatch.instrument`)."""
        if self.kernel is not None:
            self.kernel.fn(DispatchContext(list(views), lengths, accesses, uniforms, workload))
            return []
        elif self.program is not None:
            events: list[tuple[str, dict[str, Any]]] = self.program.run(
                list(views), [push_constant(u) for u in uniforms], list(workload)
            )
            return events
        else:
            raise UnsupportedOpError(f"{where}: {self.no_data_reason}")
