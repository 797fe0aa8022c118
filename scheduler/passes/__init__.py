"""IREE's stream passes one at a time: IR in, IR out, each runnable alone on IREE's IR at its phase.

The :class:`~scheduler.pipeline.Pipeline` composes the scheduler's stages over a shared plan; the passes
here are the same behaviours as IREE writes them, each a function ``Module -> None`` that rewrites the
module in place (callers that must keep the input schedule a copy, :func:`ir.loader.copy_module`). Each
:class:`IreePass` names the ``iree-opt`` flag of the pass it mirrors, so a differential test can run
both on one input (``streamsim schedule --stage NAME``; ``tools/sched_conformance.py``).

Examples
--------
>>> sorted(PASSES)  # doctest: +ELLIPSIS
[...]
>>> all(p.iree_flag.startswith("--iree-stream-") for p in PASSES.values())
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ir import Module


@dataclass(frozen=True)
class IreePass:
    """One pass: ``name`` as the CLI takes it, the ``iree-opt`` flag of IREE's pass, and ``run``.

    ``nest`` names the op a function-level pass of IREE's is anchored on (``util.func``): iree-opt then
    runs it through ``--pass-pipeline`` (:meth:`iree_args`).
    """

    name: str
    iree_flag: str
    run: Callable[[Module], None]
    doc: str = ""
    nest: str = ""

    def iree_args(self) -> list[str]:
        """The iree-opt arguments that run IREE's pass alone on a module."""
        if not self.nest:
            return [self.iree_flag]
        return [f"--pass-pipeline=builtin.module({self.nest}({self.iree_flag.removeprefix('--')}))"]


def _registry() -> dict[str, IreePass]:
    # Each pass module is imported here, explicitly: which passes exist never depends on import order.
    from scheduler.passes.clone_to_consumers import clone_to_consumers
    from scheduler.passes.elide_async_copies import elide_async_copies
    from scheduler.passes.elide_timepoints import elide_timepoints
    from scheduler.passes.emplace_allocations import emplace_allocations
    from scheduler.passes.propagate_timepoints import propagate_timepoints
    from scheduler.passes.reference_counting import automatic_reference_counting
    from scheduler.passes.refine_usage import refine_usage
    from scheduler.passes.schedule_allocation import schedule_allocation
    from scheduler.passes.schedule_concurrency import schedule_concurrency
    from scheduler.passes.schedule_execution import schedule_execution

    passes: list[IreePass] = [
        IreePass(
            "automatic-reference-counting",
            "--iree-stream-automatic-reference-counting",
            automatic_reference_counting,
            "deallocate what a function allocated and dropped, after its last use on the timeline",
        ),
        IreePass(
            "clone-to-consumers",
            "--iree-stream-clone-to-consumers",
            clone_to_consumers,
            "clone cheap producers (splats, pure ops) for each user when used on several affinities",
        ),
        IreePass(
            "elide-async-copies",
            "--iree-stream-elide-async-copies",
            elide_async_copies,
            "remove clones, transfers, slices and updates no one can observe (last uses, by-value args)",
        ),
        IreePass(
            "elide-timepoints",
            "--iree-stream-elide-timepoints",
            elide_timepoints,
            "replace timepoints known immediate or covered by another awaited timepoint by immediates",
        ),
        IreePass(
            "emplace-allocations",
            "--iree-stream-emplace-allocations",
            emplace_allocations,
            "write dispatch results straight into the targets of the updates consuming them",
            nest="util.func",
        ),
        IreePass(
            "propagate-timepoints",
            "--iree-stream-propagate-timepoints",
            propagate_timepoints,
            "carry a timepoint beside every resource across globals, calls, returns and branches",
        ),
        IreePass(
            "refine-usage",
            "--iree-stream-refine-usage",
            refine_usage,
            "give every !stream.resource<*> the lifetime its usage implies",
        ),
        IreePass(
            "schedule-execution",
            "--iree-stream-schedule-execution",
            schedule_execution,
            "partition each block's streamable ops into stream.async.execute regions, results awaited",
            nest="util.func",
        ),
        IreePass(
            "schedule-allocation",
            "--iree-stream-schedule-allocation",
            schedule_allocation,
            "allocate execution regions (results, transients packed, constants uploaded) into cmd form",
        ),
        IreePass(
            "schedule-concurrency",
            "--iree-stream-schedule-concurrency",
            schedule_concurrency,
            "split each execute region's ops into waves of stream.async.concurrent",
            nest="util.func",
        ),
    ]
    return {p.name: p for p in passes}


PASSES: dict[str, IreePass] = _registry()

__all__ = ["PASSES", "IreePass"]
