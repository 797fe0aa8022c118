"""Figures of a cmd-form module: execute regions, waves, dispatches, transient bytes and awaits.

They are computed from the IR alone, so they apply equally to a schedule of ours and to IREE's own
``cmd.generic.mlir``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ir import Module
from ir import types as T
from ir.dialects.stream_resource import ResourceAllocaOp
from scheduler.access import static_index


@dataclass(frozen=True)
class ScheduleStats:
    """Counts over a cmd-form module (every function and initializer).

    ``waves`` counts ``stream.cmd.concurrent`` regions; ``concurrent_dispatches`` the dispatches inside
    them. ``transient_bytes`` sums static ``stream.resource.alloca`` sizes of transient resources;
    ``dynamic_transients`` counts those whose size is only known at run time.

    Examples
    --------
    >>> from scheduler import schedule_module
    >>> from scheduler.synthetic import wide_branches
    >>> s = ScheduleStats.from_module(schedule_module(wide_branches(2, 2), favor="max-concurrency"))
    >>> s.execute_regions, s.dispatches, s.waves, s.concurrent_dispatches, s.transient_bytes, s.awaits
    (1, 8, 2, 6, 34048, 1)
    """

    execute_regions: int
    waves: int
    dispatches: int
    concurrent_dispatches: int
    transient_bytes: int
    dynamic_transients: int
    awaits: int

    @classmethod
    def from_module(cls, module: Module) -> ScheduleStats:
        execs = waves = dispatches = conc = tbytes = dyn = awaits = 0
        for op in module.walk():
            name = op.op_name
            if name == "stream.cmd.execute":
                execs += 1
            elif name == "stream.cmd.concurrent":
                waves += 1
                conc += sum(1 for o in op.walk() if o.op_name == "stream.cmd.dispatch")
            elif name == "stream.cmd.dispatch":
                dispatches += 1
            elif name == "stream.timepoint.await":
                awaits += 1
            elif isinstance(op, ResourceAllocaOp):
                t = op.results[0].type
                if isinstance(t, T.ResourceType) and t.lifetime == "transient":
                    size = static_index(op.storage_size)
                    if size is None:
                        dyn += 1
                    else:
                        tbytes += size
        return cls(execs, waves, dispatches, conc, tbytes, dyn, awaits)

    def lines(self) -> list[str]:
        return [
            f"execute regions: {self.execute_regions}",
            f"waves: {self.waves}",
            f"dispatches: {self.dispatches}",
            f"concurrent dispatches: {self.concurrent_dispatches}",
            f"transient bytes: {self.transient_bytes}"
            + (f" (+{self.dynamic_transients} dynamic)" if self.dynamic_transients else ""),
            f"awaits: {self.awaits}",
        ]
