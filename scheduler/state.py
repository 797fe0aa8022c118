"""What the pipeline stages share: the module, one plan per function, and the options in force.

The stages compute a schedule on graphs and record it in a :class:`FunctionPlan` (partitions, waves,
region order, timepoint dependencies, liveness and slab layouts, parameter uploads). The last stage,
``materialize``, writes the plan into the module as cmd-form IR. Keeping the plan apart from the IR is
what lets a study replace one stage: a stage reads the fields earlier stages filled and fills its own.

Before the stages run, :func:`prepare` undoes execution regions already present in async form
(``stream.async.execute`` with its ``stream.timepoint.await``), so that their ops are scheduled with the
rest, as they would be by IREE's pipeline re-running on them. A region IREE's scheduling must leave as
it is (it awaits a timepoint, holds ``stream.async.concurrent`` waves, or its timepoint is used by other
host ops than an await in its block) is *pinned*: its ops are moved into the block but recorded as a
:class:`PinnedRegion`, which the stages keep as one region with its own waves, its await, and its
timepoint handed to the host ops that used it.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

import networkx as nx

from ir import Block, BlockArgument, Module, Operation, Value
from ir import attributes as A
from ir import types as T
from ir.dialects.stream_async import AsyncExecuteOp
from ir.dialects.stream_resource import TimepointAwaitOp
from scheduler.graph import adjacency
from scheduler.packing import Layout
from scheduler.partition import Partition

FUNCTION_LIKE = ("util.func", "func.func", "util.initializer")


@dataclass(frozen=True)
class ResourceConfig:
    """The target's buffer constraints (IREE's ``#stream.resource_config``).

    The defaults are IREE's when nothing in the program names a config (its "default host constraints":
    ``--iree-stream-resource-min-offset-alignment=64``, used for offsets and ranges alike). HAL device
    affinities carry none, so IREE-compiled programs get these too.
    """

    min_buffer_offset_alignment: int = 64
    min_buffer_range_alignment: int = 64
    max_allocation_size_bytes: int = 1 << 30


@dataclass(slots=True, unsafe_hash=True)
class Interval:
    """A value's lifetime in a region: positions of its first and last item (``LIVE_IN``/``LIVE_OUT``).

    A slotted record, never changed once made (not frozen: a frozen dataclass sets each field through
    ``object.__setattr__``, and one is made per resource value of every region); ``unsafe_hash`` keeps the
    hash the frozen class had."""

    start: int
    end: int
    ordinal: int


LIVE_IN = -(1 << 31)
LIVE_OUT = (1 << 31) - 1


@dataclass
class RegionAllocation:
    """Where each resource value of one execution region lives.

    ``captured``: resources from outside, in operand order. ``results``: escaping values by slab (one
    slab per allocation affinity and resource type), each slab a list of alias-set leaders. ``transients``: alias-set leaders that
    live only inside the region. ``leader``: value -> its alias-set leader. ``intervals``: leader ->
    :class:`Interval`. ``sizes``: leader -> size value.
    """

    captured: list[Value] = field(default_factory=list)
    result_slabs: list[tuple[T.Type, list[Value]]] = field(default_factory=list)
    # per result slab: the affinity it is allocated on (None: the region's); IREE's deriveResultAffinity
    result_affinities: list[A.Attribute | None] = field(default_factory=list)
    transients: list[Value] = field(default_factory=list)
    leader: dict[Value, Value] = field(default_factory=dict)
    intervals: dict[Value, Interval] = field(default_factory=dict)
    sizes: dict[Value, Value] = field(default_factory=dict)
    # leader -> captured value it updates in place
    in_place: dict[Value, Value] = field(default_factory=dict)
    result_layouts: list[Layout] = field(default_factory=list)
    transient_layout: Layout | None = None


@dataclass
class ParameterUpload:
    """Constant parameters of one region: ``("load", scope, [(op, key)])`` groups or gathers per buffer."""

    mode: str  # "load" or "gather"
    groups: list[tuple[str | None, list[tuple[Operation, str]]]] = field(default_factory=list)
    # gather: per buffer, its entries with their offsets, and the buffer size
    buffers: list[tuple[list[tuple[Operation, str | None, str, int]], int]] = field(default_factory=list)


@dataclass
class PinnedRegion:
    """An execution region present in the input that the schedule keeps as it is.

    ``items`` are its top-level ops in order, a wave of a ``stream.async.concurrent`` as a list;
    ``await_timepoint`` is what it awaited; ``timepoint`` is a placeholder op (a
    ``stream.timepoint.immediate`` result) standing for its completion until the region is written.
    """

    items: list[Operation | list[Operation]]
    await_timepoint: Value | None
    timepoint: Operation
    # (user, operand index) of host ops that used a result of the region without awaiting it (as an
    # importer's ``$async`` function exports a result whose timepoint it chains to a fence): IREE leaves
    # such uses unawaited, and so does the schedule
    unawaited: list[tuple[Operation, int]] = field(default_factory=list)
    # values the region yielded that nothing used: IREE's schedule-allocation still allocates each result
    # of the region with its declared type (not as a transient of the region)
    unused_results: list[Value] = field(default_factory=list)
    # the region had nothing left but its yield once its barriers went (ElideNoOpAsyncExecuteOp): no ops,
    # ``timepoint`` is the immediate timepoint that replaced its own; it only stands where IREE's
    # partitioning still saw the region
    elided: bool = False
    # an op of the region (before its barriers went) has memory effects in IREE's sense: IREE's
    # partitioning then sees the region as an op with effects, which no partition grows across
    effects: bool = False
    # host uses, through the region's await, of a result that passes a capture through (yielded as it
    # came in, as once a barrier on it went): (user, operand index, the capture's size). IREE keeps the
    # result and awaits it with the region; the use holds the capture until the schedule awaits it so
    passthrough: list[tuple[Operation, int, Value]] = field(default_factory=list)
    # the region's own ``affinity`` (``stream.async.execute on(...)``): where it runs, whatever its ops say
    affinity: A.Attribute | None = None

    def ops(self) -> list[Operation]:
        return [o for it in self.items for o in (it if isinstance(it, list) else [it])]


def graph_size(g: nx.DiGraph[int]) -> tuple[int, int]:
    """``g``'s node and edge counts, the edges counted over its successor dicts (networkx's
    ``number_of_edges`` sums a degree view in Python)."""
    succ = adjacency(g)[1]
    return len(succ), sum(map(len, succ.values()))


@dataclass
class FunctionPlan:
    op: Operation
    block: Block
    graph: nx.DiGraph[int]
    partitions: tuple[Partition, ...] = ()
    waves: dict[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict)
    # per partition: top-level items in order, each a node or a tuple of nodes (a concurrent wave)
    items: dict[int, list[int | tuple[int, ...]]] = field(default_factory=dict)
    deps: dict[int, set[int]] = field(default_factory=dict)
    host_awaited: dict[int, list[Value]] = field(default_factory=dict)
    allocation: dict[int, RegionAllocation] = field(default_factory=dict)
    uploads: dict[int, ParameterUpload] = field(default_factory=dict)
    # constant parameters of a region that also computes: loaded before its execute (IREE splits them
    # into stream.cmd.parameter.load ops plus the execute region)
    region_uploads: dict[int, ParameterUpload] = field(default_factory=dict)
    # constants of inline data (stream.async.constant of dense<...>) of a region that also computes
    region_constants: dict[int, list[Operation]] = field(default_factory=dict)
    # per partition: timepoints of host (non-sync) stream.timepoint.await ops whose results the region
    # consumes unawaited, as IREE's propagate-timepoints chains them into the region's await
    awaited: dict[int, list[Value]] = field(default_factory=dict)
    # the host awaits so consumed (erased once nothing uses them)
    consumed_awaits: list[Operation] = field(default_factory=list)
    # per partition: stream.timepoint.barrier ops on its results, replaced by the result's storage and
    # the region's timepoint (IREE's propagate-timepoints forwards the propagated timepoint)
    barriers: dict[int, list[Operation]] = field(default_factory=dict)
    # the block is nested in a control flow op of the function (an scf.for body), not one of its own
    nested: bool = False
    # immediate timepoints dropped by elide_timepoints, counted for stats
    elided: int = 0
    # regions of the input kept as they are, and the partition each became (schedule_execution)
    pinned: list[PinnedRegion] = field(default_factory=list)
    pinned_partition: dict[int, PinnedRegion] = field(default_factory=dict)
    # per kept region's partition: host uses of its pass-through results (PinnedRegion.passthrough),
    # awaited after it with its other results (propagate_timepoints)
    passthrough: dict[int, list[tuple[Operation, int, Value]]] = field(default_factory=dict)
    # what schedule_execution found orderable (check_partitions): its partitions, the graph and the graph's
    # node and edge counts then (graph_size). propagate_timepoints checks the partitions again unless they
    # are still those, on that graph with as many nodes and edges (a stage that rewires the graph in place
    # keeping both counts and the partitions must set it to None)
    checked: tuple[object, ...] | None = field(default=None, repr=False, compare=False)

    def mark_checked(self) -> None:
        """Record that :attr:`partitions` were found orderable on :attr:`graph` as it stands."""
        self.checked = (self.partitions, self.graph, graph_size(self.graph))

    def is_checked(self) -> bool:
        """Whether :meth:`mark_checked` still holds: the same partitions, on the same graph of as many nodes
        and edges."""
        c = self.checked
        return (
            c is not None
            and c[0] is self.partitions
            and c[1] is self.graph
            and c[2] == graph_size(self.graph)
        )

    def owner(self) -> dict[int, int]:
        """Node -> index of the partition holding it."""
        return {n: i for i, p in enumerate(self.partitions) for n in p.nodes}


@dataclass
class ScheduleState:
    module: Module
    functions: list[FunctionPlan]
    favor: str = "min-peak-memory"
    # True when the caller chose the favor (``--favor``): it then wins over functions' own configs.
    favor_forced: bool = False
    resource_config: ResourceConfig = field(default_factory=ResourceConfig)
    extra: dict[Hashable, object] = field(default_factory=dict)


def function_ops(module: Module) -> list[Operation]:
    return [
        op for op in module.body.ops if op.op_name in FUNCTION_LIKE and op.regions and op.regions[0].blocks
    ]


def has_unknown_lifetime(module: Module) -> bool:
    """Whether some resource of ``module`` still has an unknown lifetime (``!stream.resource<*>``): a
    result of an op or an argument of a block, at any depth (one walk, stopping at the first)."""
    stack = [module.op]
    while stack:
        op = stack.pop()
        for v in op.results:
            t = v.type
            if isinstance(t, T.ResourceType) and t.lifetime == "*":
                return True
        for region in op.regions:
            for block in region.blocks:
                for a in block.args:
                    t = a.type
                    if isinstance(t, T.ResourceType) and t.lifetime == "*":
                        return True
                stack.extend(block.ops)
    return False


def prepare(module: Module) -> list[Operation]:
    """Flatten the async-form execution regions of the input into their blocks, each kept as one region
    (a :class:`PinnedRegion`, see :func:`prepare_pinned`); returns the functions."""
    return [f for f, _ in prepare_pinned(module)]


def prepare_pinned(module: Module) -> list[tuple[Operation, list[PinnedRegion]]]:
    """:func:`prepare`, with the regions each function keeps as they are."""
    out = []
    for f in function_ops(module):
        pinned: list[PinnedRegion] = []
        for op in list(f.body.ops):
            if op.op_name == "stream.async.execute":
                pinned.append(_inline_execute(op))
        out.append((f, pinned))
    return out


def _move_out(body: Block, into: Block, pos: int) -> list[Operation]:
    moved = list(body.ops)
    body.ops.clear()
    for inner in moved:
        inner.parent = None
    into.ops[pos:pos] = moved
    for inner in moved:
        inner.parent = into
    return moved


# Ops of a region that IREE declares Pure (or with allocation effects only): a region of only these (and
# of host ops without effects) would be trivially dead, to IREE's partitioning an op without effects.
_PURE_IN_REGION = frozenset(
    {
        "stream.async.constant", "stream.async.slice", "stream.async.transfer", "stream.async.cast",
        "stream.async.load", "stream.async.store", "stream.async.dispatch", "stream.async.parameter.load",
        "stream.async.alloca", "stream.async.concurrent", "stream.async.execute", "stream.yield",
    }
)  # fmt: skip


def _has_effects(exe: Operation) -> bool:
    return any(o.op_name.startswith("stream.") and o.op_name not in _PURE_IN_REGION for o in exe.walk())


def _remove_barriers(exe: AsyncExecuteOp, effects: bool) -> PinnedRegion | None:
    """IREE's schedule-execution cleanup on a region of the input: every ``stream.async.barrier`` in it is
    its source (``RemoveBarriers``); a region left with nothing but its yield of captures is replaced by
    them, and its timepoint by an immediate one (``ElideNoOpAsyncExecuteOp``, which drops what the region
    awaited). For a region so replaced (and erased), an elided :class:`PinnedRegion` marking its place;
    ``effects``: :func:`_has_effects` of the region as it came (barriers included)."""
    body = exe.regions[0].blocks[0]
    for inner in exe.walk_list():
        if inner.op_name == "stream.async.barrier" and inner.parent is not None:
            inner.results[0].replace_all_uses_with(inner.operands[0])
            erase_ops([inner], inner.parent)
    if len(body.ops) != 1 or not all(
        isinstance(v, BlockArgument) for v in body.ops[0].operands[: len(exe.results) - 1]
    ):
        return None
    block = exe.parent
    assert block is not None
    imm = Operation("stream.timepoint.immediate", result_types=[T.TimepointType()])
    imm.location = exe.location
    block.insert(block.ops.index(exe), imm)
    for res, arg in zip(exe.results[:-1], body.ops[0].operands):
        assert isinstance(arg, BlockArgument)
        res.replace_all_uses_with(exe.resource_operands[arg.index])
    exe.results[-1].replace_all_uses_with(imm.results[0])
    erase_ops([exe], block)
    return PinnedRegion([], None, imm, elided=True, effects=effects)


def _inline_execute(exe: Operation) -> PinnedRegion:
    assert isinstance(exe, AsyncExecuteOp)
    effects = _has_effects(exe)
    elided = _remove_barriers(exe, effects)
    if elided is not None:
        return elided
    body = exe.regions[0].blocks[0]
    for arg, v in zip(body.args, exe.resource_operands):
        arg.replace_all_uses_with(v)
    block = exe.parent
    assert block is not None
    pos = block.ops.index(exe)
    yield_op = body.ops[-1]
    n_res = len(exe.results) - 1
    yielded = list(yield_op.operands[:n_res])
    erase_ops([yield_op], body)
    items: list[Operation | list[Operation]] = []
    # Results of flattened waves -> the values their waves yielded (the region's yield was erased before
    # the waves were flattened, so its operands are mapped here rather than through the waves' uses).
    flattened: dict[Value, Value] = {}
    for inner in _move_out(body, block, pos):
        if inner.op_name != "stream.async.concurrent":
            items.append(inner)
            continue
        items.append(_flatten_concurrent(inner, block, flattened))
    for i, v in enumerate(yielded):
        while v in flattened:
            v = flattened[v]
        yielded[i] = v
    tp = exe.results[-1]
    # IREE's partitioning keeps every region of the input whole (an op of the block it partitions
    # around), one that awaits nothing and whose results are awaited at once too: its ops run there, on
    # its device, and join no other region
    placeholder = Operation("stream.timepoint.immediate", result_types=[T.TimepointType()])
    placeholder.location = exe.location
    block.insert(block.ops.index(exe), placeholder)
    region = PinnedRegion(
        items, exe.await_timepoint, placeholder, effects=effects, affinity=exe.attr("affinity")
    )
    region.unawaited = [
        (user, i)
        for res in exe.results[:n_res]
        for user, i in res.uses
        if user.op_name != "stream.async.execute"
        and not (user.op_name == "stream.timepoint.await" and user.parent is block)
    ]
    # results yielding a capture as it came in (not made by the region)
    made_ids = {id(o) for o in region.ops()}
    through = {id(r) for r, v in zip(exe.results[:n_res], yielded) if id(v.defining_op) not in made_ids}
    awaits: list[Operation] = []
    for user, _ in list(tp.uses):
        if user.op_name == "stream.timepoint.await" and user.parent is block:
            assert isinstance(user, TimepointAwaitOp)
            for res, v, size in zip(user.results, user.resource_operands, user.resource_operand_sizes):
                if id(v) in through:
                    region.passthrough += [
                        (u, j, size) for u, j in res.uses if u.op_name != "stream.async.execute"
                    ]
                res.replace_all_uses_with(v)
            awaits.append(user)
    erase_ops(awaits, block)
    tp.replace_all_uses_with(region.timepoint.results[0])
    for res, v in zip(exe.results[:n_res], yielded):
        if not res.uses and id(v.defining_op) in made_ids:
            region.unused_results.append(v)
        res.replace_all_uses_with(v)
    erase_ops([exe], block)
    return region


def _flatten_concurrent(conc: Operation, block: Block, flattened: dict[Value, Value]) -> list[Operation]:
    """Move a wave's ops out of its ``stream.async.concurrent`` into ``block``; returns them. Each result
    of the wave is recorded in ``flattened`` with the value that replaces it."""
    body = conc.regions[0].blocks[0]
    operands = conc.operands[: len(body.args)]
    for arg, v in zip(body.args, operands):
        arg.replace_all_uses_with(v)
    yield_op = body.ops[-1]
    yielded = list(yield_op.operands[: len(conc.results)])
    erase_ops([yield_op], body)
    wave: list[Operation] = []
    for inner in _move_out(body, block, block.ops.index(conc)):
        if inner.op_name == "stream.async.concurrent":
            wave.extend(_flatten_concurrent(inner, block, flattened))
        else:
            wave.append(inner)
    for res, v in zip(conc.results, yielded):
        while v in flattened:
            v = flattened[v]
        flattened[res] = v
        res.replace_all_uses_with(v)
    erase_ops([conc], block)
    return wave


def is_parameter_constant(op: Operation) -> bool:
    return op.op_name == "stream.async.constant" and isinstance(op.attr("value"), A.NamedParameterAttr)


_FEW_ERASED = 4  # ops erased from a block each by its own search (more: the block filtered once)


def erase_ops(ops: list[Operation], block: Block) -> None:
    """Erase ``ops`` (their results unused outside ``ops``) from ``block`` at once.

    Each value's use list is filtered once and the block once; erasing op by op is quadratic in both.
    The erased ops are detached (no parent, no longer users of anything) and must not be used again.
    """
    if not ops:
        return
    # Sets and dicts of the ops and values themselves (they hash by identity): no id() call per lookup.
    dead = set(ops)
    # A use goes when its user is one of ``ops`` or nested in one of them that stands in ``block`` (the
    # ops of those walks: the user's ancestor in ``block`` is erased), found by identity, not by
    # climbing from every user to its ancestor in ``block``.
    gone = set(dead)
    touched: set[Value] = set()  # (each value's list is filtered on its own: their order is free)
    gather = touched.update
    for op in ops:
        inside = op.parent is block
        for inner in op.walk_list() if op.regions else (op,):
            if inside:
                gone.add(inner)
            gather(inner._operands)  # (read only: no tuple copy per op)
    for v in touched:
        uses = v.uses
        if len(uses) == 1:  # most values: one use, looked at without a comprehension's frame
            if uses[0][0] in gone:
                uses.clear()
        elif uses:
            uses[:] = [u for u in uses if u[0] not in gone]
    if len(dead) <= _FEW_ERASED:  # (a placeholder or a barrier: found by identity, not the block filtered)
        for op in dead:
            if op.parent is block:
                block.ops.remove(op)
    else:
        block.ops[:] = [op for op in block.ops if op not in dead]
    for op in ops:
        op.parent = None
