"""The scheduling pipeline: IREE's stages in order, each replaceable, and :func:`schedule_module`.

Examples
--------
>>> p = Pipeline.default()
>>> [s.name for s in p.stages]  # doctest: +NORMALIZE_WHITESPACE
['refine_usage', 'schedule_execution', 'schedule_concurrency', 'cse_regions', 'propagate_timepoints',
 'schedule_allocation', 'layout_slices', 'elide_timepoints', 'parameter_upload', 'materialize']
>>> debug = p.with_options("schedule_concurrency", favor="debug")
>>> dict(debug.stage("schedule_concurrency").options)
{'favor': 'debug'}
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from ir import Block, Module, Operation
from ir.handover import hand_over_survivors
from scheduler import stages as S
from scheduler.emit import materialize
from scheduler.errors import ScheduleError
from scheduler.graph import build_graph
from scheduler.loop_timepoints import carry_loop_timepoints
from scheduler.partition import FAVORS, partitioning_favor
from scheduler.passes.batch_allocas import batch_alloca_chains
from scheduler.passes.reference_counting import automatic_reference_counting
from scheduler.prescheduling import prepare_async
from scheduler.stages_cleanup import cse_regions
from scheduler.state import FunctionPlan, ResourceConfig, ScheduleState, prepare_pinned

StageFn = Callable[..., ScheduleState]
#: A prelude may return ``True`` to say it found no resource of unknown lifetime in the module it leaves
#: (:func:`~scheduler.prescheduling.prepare_async` does when it changes nothing): the refine_usage stage,
#: run next, then does not look for one again.
PreludeFn = Callable[[Module], object]


@dataclass(frozen=True)
class Stage:
    """One step: ``fn(state, **options) -> state``."""

    name: str
    fn: StageFn
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


DEFAULT_STAGES = (
    Stage("refine_usage", S.refine_usage),
    Stage("schedule_execution", S.schedule_execution),
    Stage("schedule_concurrency", S.schedule_concurrency),
    Stage("cse_regions", cse_regions),
    Stage("propagate_timepoints", S.propagate_timepoints),
    Stage("schedule_allocation", S.schedule_allocation),
    Stage("layout_slices", S.layout_slices),
    Stage("elide_timepoints", S.elide_timepoints),
    Stage("parameter_upload", S.parameter_upload),
    Stage("materialize", materialize),
)


# Stages that act on the whole module, not on the plans they are given: run once, with the entry blocks
# (refine_usage's analysis already covers every block; run again, it would retype cmd form written since).
MODULE_WIDE_STAGES = frozenset({"refine_usage"})


@dataclass(frozen=True)
class Pipeline:
    """The stages and their options. A study swaps one with :meth:`replace` or tunes it with
    :meth:`with_options`; both return a new pipeline."""

    stages: tuple[Stage, ...] = DEFAULT_STAGES
    resource_config: ResourceConfig = field(default_factory=ResourceConfig)
    #: IREE's async pipeline before scheduling (copy-on-write, copy elision, emplacement, usage
    #: refinement and the canonicalize/CSE cleanups between them), run on the module first; ``None``
    #: schedules the module as given.
    prelude: PreludeFn | None = prepare_async

    @classmethod
    def default(cls) -> Pipeline:
        return cls()

    def stage(self, name: str) -> Stage:
        for s in self.stages:
            if s.name == name:
                return s
        raise ScheduleError(f"no stage {name!r}; stages: {', '.join(s.name for s in self.stages)}")

    def replace(self, name: str, fn: StageFn, **options: Any) -> Pipeline:
        """A pipeline with stage ``name`` run by ``fn`` (with ``options``)."""
        self.stage(name)
        new = tuple(Stage(name, fn, MappingProxyType(options)) if s.name == name else s for s in self.stages)
        return replace(self, stages=new)

    def insert(self, before: str, name: str, fn: StageFn, **options: Any) -> Pipeline:
        """A pipeline with a new stage ``name`` run just before stage ``before``."""
        self.stage(before)
        stages: list[Stage] = []
        for s in self.stages:
            if s.name == before:
                stages.append(Stage(name, fn, MappingProxyType(options)))
            stages.append(s)
        return replace(self, stages=tuple(stages))

    def with_options(self, name: str, **options: Any) -> Pipeline:
        old = self.stage(name)
        merged = MappingProxyType({**old.options, **options})
        new = tuple(Stage(name, s.fn, merged) if s.name == name else s for s in self.stages)
        return replace(self, stages=new)

    def run(self, module: Module, *, favor: str | None = None) -> ScheduleState:
        """Run every stage on ``module`` (changed in place) and return the final state."""
        forced = favor is not None
        favor = favor or module_favor(module) or "min-peak-memory"
        if favor not in FAVORS:
            raise ScheduleError(f"unknown favor {favor!r}; expected one of {', '.join(FAVORS)}")
        # The cyclic garbage collector is paused while the stages run: its full collections walk the
        # whole IR heap again and again, which made scheduling grow superlinearly with program size.
        # Nothing here needs a cycle collected before the run ends; the previous state is restored.
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            known = self.prelude(module) is True if self.prelude is not None else False
            prepared = prepare_pinned(module)
            funcs = [f for f, _ in prepared]
            plans = [FunctionPlan(f, f.body, build_graph(f.body), pinned=pinned) for f, pinned in prepared]
            state = ScheduleState(
                module, plans, favor=favor, favor_forced=forced, resource_config=self.resource_config
            )
            if known and self.stages and self.stages[0].name == "refine_usage":
                # What the prelude found holds for the first stage: nothing since retyped a value
                # (prepare_pinned moves ops, build_graph reads them).
                state.extra[S.LIFETIMES_KNOWN] = True
            state = self._run_stages(state)
            # IREE partitions each block of a function on its own, those of control flow ops (scf.for,
            # scf.if...) included. The other blocks are scheduled one at a time after the entry blocks,
            # in pre-order, each seeing the cmd form written before it (a value from a dominating or
            # enclosing block is then the await of that block's region, a live-in here).
            for f in funcs:
                for block in _later_blocks(f):
                    one = ScheduleState(
                        module,
                        [FunctionPlan(f, block, build_graph(block), nested=block.parent_op is not f)],
                        favor=favor,
                        favor_forced=forced,
                        resource_config=self.resource_config,
                    )
                    state.functions.extend(self._run_stages(one, skip=MODULE_WIDE_STAGES).functions)
            # Loops carry their resources' timepoints (IREE's propagate-timepoints rebuilds them so):
            # each block's cmd form awaited what its loop takes and yields.
            carry_loop_timepoints(module)
            # IREE's automatic reference counting, on the cmd form of every block: what a function
            # allocated and dropped (a loop's result when the loop carries its timepoint) is freed after
            # its last use on the timeline.
            automatic_reference_counting(module)
            # IREE's canonicalizer then issues chained allocas (deallocas) together.
            batch_alloca_chains(module)
            # The state is freed by reference counts when the caller drops it: networkx caches views of a
            # graph in the graph, the one reference cycle in it.
            nodes = 0
            for plan in state.functions:
                _drop_cached_views(plan.graph)
                nodes += plan.graph.number_of_nodes()
            # What a large schedule made and kept (the cmd form) goes to the permanent generation without a
            # walk, as a large parse's IR does: else the first young collection after the run walks all of
            # it, and the next middle one again (0.8 s after a 10,000-dispatch schedule).
            if was_enabled and nodes >= HANDOVER_NODES:
                hand_over_survivors()
        finally:
            if was_enabled:
                gc.enable()
        return state

    def _run_stages(self, state: ScheduleState, *, skip: frozenset[str] = frozenset()) -> ScheduleState:
        for s in self.stages:
            if s.name not in skip:
                state = s.fn(state, **dict(s.options))
        return state


#: Schedules of at least this many ops (graph nodes, about 400 dispatches of a residual ladder) hand what
#: they made to the collector's permanent generation; smaller ones leave it to the young collections.
HANDOVER_NODES = 1000

#: The views networkx caches in a graph's ``__dict__`` (``functools.cached_property``): each refers back to
#: the graph, so a dropped graph with one of them is cyclic garbage.
_CACHED_VIEWS = ("nodes", "adj", "succ", "pred", "edges", "in_edges", "out_edges", "degree", "in_degree",
                 "out_degree")  # fmt: skip


def _drop_cached_views(graph: Any) -> None:
    """Forget the views networkx cached in ``graph`` (it makes them again when asked)."""
    cached = vars(graph)
    for name in _CACHED_VIEWS:
        cached.pop(name, None)


def _later_blocks(func: Operation) -> list[Block]:
    """The blocks of ``func`` after its entry block, in pre-order: its other blocks and the blocks of
    the control flow ops in them (not the bodies of stream ops: execution regions, executables)."""
    out: list[Block] = []

    def visit(block: Block, first: bool) -> None:
        if not first:
            out.append(block)
        for op in block.ops:
            if op.op_name.startswith("stream."):
                continue
            for region in op.regions:
                for inner in region.blocks:
                    visit(inner, False)

    for i, block in enumerate(func.regions[0].blocks):
        visit(block, i == 0)
    return out


def module_favor(module: Module) -> str | None:
    """The favor of the module's ``stream.partitioning`` config attribute, if it has one."""
    return partitioning_favor(module.op)


def schedule_module(module: Module, *, favor: str | None = None, pipeline: Pipeline | None = None) -> Module:
    """Schedule an async-form module into cmd form, in place, and return it.

    Parameters
    ----------
    module : ir.Module
        Async form (``stream.async.*``); changed in place. Parse the text again for an untouched copy.
    favor : {"min-peak-memory", "max-concurrency", "debug"}, optional
        Concurrency policy. By default the module's ``#stream.partitioning_config``, else IREE's default,
        ``min-peak-memory``.
    pipeline : Pipeline, optional
        The stages to run (:meth:`Pipeline.default` by default).

    Raises
    ------
    ScheduleError
        (a subclass of it) for unsupported ops or cyclic partitions.

    Examples
    --------
    >>> from scheduler.synthetic import async_program
    >>> m = async_program([("a", ["x"], 64), ("b", ["x"], 64), ("c", ["a", "b"], 64)], outputs=["c"])
    >>> m = schedule_module(m, favor="max-concurrency")
    >>> [op.op_name for op in m.function("main").body.ops if op.op_name.startswith("stream.")]
    ['stream.resource.alloca', 'stream.resource.alloca', 'stream.timepoint.join', 'stream.cmd.execute', \
'stream.resource.dealloca', 'stream.timepoint.await']
    """
    (pipeline or Pipeline.default()).run(module, favor=favor)
    return module
