"""The pipeline stages, in IREE's order. Each takes the :class:`~scheduler.state.ScheduleState`, fills its
part of every function's plan, and returns the state; options are keyword-only.

1. :func:`refine_usage` - resolve ``!stream.resource<*>`` lifetimes.
2. :func:`schedule_execution` - partition streamable ops into execution regions.
3. :func:`schedule_concurrency` - waves inside each region, and the order of the region's items.
   :func:`~scheduler.stages_cleanup.cse_regions` then merges the ops of a region that IREE's CSE merges
   once the region's affinity is off them.
4. :func:`propagate_timepoints` - which regions each region awaits; which results the host awaits.
5. :func:`schedule_allocation` - liveness intervals, alias sets, result and transient slabs.
6. :func:`layout_slices` - offsets in each slab (:func:`scheduler.packing.pack_slices`).
7. :func:`elide_timepoints` - drop awaits covered by others, and awaits on immediate timepoints.
8. :func:`parameter_upload` - constant parameters as loads (unified memory) or gathers (discrete).

:func:`scheduler.emit.materialize` then writes the cmd form. Stage 2 lives in
:mod:`scheduler.stages_execution`, the CSE after stage 3 in :mod:`scheduler.stages_cleanup`, stages 5 and
6 in :mod:`scheduler.stages_allocation`.
"""

from __future__ import annotations

import networkx as nx

from ir import Block, Builder, Operation, OpResult
from ir import attributes as A
from ir.dialects.stream_async import AsyncConstantOp
from ir.dialects.stream_resource import TimepointAwaitOp, TimepointBarrierOp
from scheduler.access import (
    STREAMABLE,
    OpInfo,
    is_resource,
)
from scheduler.emit_order import sink_allocas, sweep_order
from scheduler.errors import ScheduleError, UnsupportedOpError
from scheduler.graph import adjacency, build_graph
from scheduler.packing import align
from scheduler.partition import (
    check_partitions,
    partition_concurrency,
    partitioning_favor,
)
from scheduler.passes.refine_usage import apply_usage
from scheduler.passes.timepoint_analysis import TimepointFacts
from scheduler.stages_allocation import layout_slices, schedule_allocation, top_node
from scheduler.stages_execution import schedule_execution
from scheduler.state import (
    FunctionPlan,
    ParameterUpload,
    ScheduleState,
    erase_ops,
    has_unknown_lifetime,
    is_parameter_constant,
)
from scheduler.usage import analyze_usage

# --- 1. refine usage ---------------------------------------------------------------------------------

#: Key of ``ScheduleState.extra``: ``True`` when the pipeline's prelude found no resource of unknown
#: lifetime just before (:meth:`Pipeline.run` sets it when refine_usage is the first stage; the stage
#: takes it, and then skips its own walk of the module).
LIFETIMES_KNOWN = "lifetimes_known"


def refine_usage(state: ScheduleState) -> ScheduleState:
    """Give every ``!stream.resource<*>`` the lifetime IREE's usage analysis gives it.

    The same analysis and rewrite as the ``refine-usage`` pass (:mod:`scheduler.passes.refine_usage`),
    over the whole module: signatures, calls, block arguments and results stay consistent, and where a
    pinned lifetime must change a transfer is inserted (the function graphs are then rebuilt).

    IREE runs the pass once, before any scheduling. The pipeline runs its stages again for a function's
    other blocks once the entry block is in cmd form; by then nothing is left unknown and the stage does
    nothing (it never rewrites cmd-form IR).
    """
    if state.extra.pop(LIFETIMES_KNOWN, False) or not has_unknown_lifetime(state.module):
        return state
    if apply_usage(state.module, analyze_usage(state.module)):
        function_graphs(state)
    return state


# --- 3. schedule concurrency -------------------------------------------------------------------------


def schedule_concurrency(state: ScheduleState, *, favor: str | None = None) -> ScheduleState:
    """Split each region into waves and order the region's items as IREE's pass leaves them.

    A wave of more than one op becomes a concurrent item, placed after the last op defining one of its
    inputs, then the region is sorted topologically (MLIR's ``sortTopologically``).

    The favor: ``favor`` if given (or the one the pipeline was asked for), else the function's own
    ``stream.partitioning`` config (IREE looks the config up from the op outwards), else the module's.
    """
    forced = favor or (state.favor if state.favor_forced else None)
    if favor:
        state.favor = favor
    for plan in state.functions:
        g = plan.graph
        node = adjacency(g)[0]
        plan_favor = forced or partitioning_favor(plan.op) or state.favor
        node_of = {id(data["op"]): n for n, data in node.items()}
        for p, part in enumerate(plan.partitions):
            pinned = plan.pinned_partition.get(p)
            if pinned is not None:
                # A region of the input: IREE's schedule-concurrency splits it into waves too, each
                # stream.async.concurrent it already holds one op of it.
                units: list[int | tuple[int, ...]] = [
                    tuple(node_of[id(o)] for o in it) if isinstance(it, list) else node_of[id(it)]
                    for it in pinned.items
                ]
                nodes = tuple(n for u in units for n in (u if isinstance(u, tuple) else (u,)))
                consts = frozenset(n for n in nodes if isinstance(node[n]["op"], AsyncConstantOp))
                waves = _unit_waves(g, units, plan_favor, consts)
                items = order_items(g, nodes, waves)
            else:
                # IREE's schedule-concurrency visits only the regions directly in a function's blocks:
                # one nested in control flow (an scf.for body) keeps its ops serial, in order.
                # IREE's schedule-execution leaves each region canonicalized: its splats and allocas just
                # before their first consumer (the region's yield when none is inside), the order
                # schedule-concurrency then walks.
                # IREE builds the region by walking the block in order (ScheduleExecution's partition
                # builders), so its body is in block order: a transfer that joined its producer's
                # partition as a sync op stands where the block has it.
                nodes = tuple(n for n in sink_allocas(g, sorted(part.nodes)) if isinstance(n, int))
                # Constants are metadata in IREE: no wave of their own (a wave's hazards pass through).
                consts = frozenset(n for n in nodes if isinstance(node[n]["op"], AsyncConstantOp))
                waves = partition_concurrency(
                    g, nodes, favor="debug" if plan.nested else plan_favor, no_wave=consts
                )
                items = sink_allocas(g, order_items(g, nodes, waves))
            plan.waves[p] = waves
            for w, wave in enumerate(waves):
                for n in wave:
                    node[n]["wave"] = w
            plan.items[p] = items
    return state


def _unit_waves(
    g: nx.DiGraph[int], units: list[int | tuple[int, ...]], favor: str, consts: frozenset[int]
) -> tuple[tuple[int, ...], ...]:
    """Waves over ``units``: ops, and the ops of a ``stream.async.concurrent`` of the input as one unit.

    A unit is one op of IREE's partitioning: the waves are those of the graph with each concurrent's ops
    contracted to one node, every use of its results (or of what it uses) a hazard (the concurrent op's
    accesses span whole resources). A wave holding a concurrent and other ops is written as one wave of all
    their ops (IREE nests the concurrent in a new one; the cmd form has one level of waves)."""
    if all(isinstance(u, int) for u in units):
        return partition_concurrency(
            g, tuple(u for u in units if isinstance(u, int)), favor=favor, no_wave=consts
        )
    rep: dict[int, int] = {}
    members: dict[int, tuple[int, ...]] = {}
    h: nx.DiGraph[int] = nx.DiGraph()
    for u in units:
        if isinstance(u, tuple):
            h.add_node(u[0], info=OpInfo(STREAMABLE, g.nodes[u[0]]["info"].affinity))
            members[u[0]] = u
            rep.update((n, u[0]) for n in u)
        else:
            h.add_node(u, **g.nodes[u])
            members[u] = (u,)
            rep[u] = u
    groups = {u[0] for u in units if isinstance(u, tuple)}
    for a, b, data in g.edges(data=True):
        if a in rep and b in rep and rep[a] != rep[b]:
            ra, rb = rep[a], rep[b]
            kind = "hazard" if ra in groups or rb in groups else data.get("kind")
            if h.has_edge(ra, rb) and h.edges[ra, rb].get("kind") == "hazard":
                continue
            h.add_edge(ra, rb, kind=kind)
    waves = partition_concurrency(
        h, [rep[u if isinstance(u, int) else u[0]] for u in units], favor=favor, no_wave=consts
    )
    return tuple(tuple(n for r in wave for n in members[r]) for wave in waves)


def order_items(
    g: nx.DiGraph[int], nodes: tuple[int, ...], waves: tuple[tuple[int, ...], ...]
) -> list[int | tuple[int, ...]]:
    """The top-level items of a region: single ops and concurrent waves, in a valid order."""
    pred = adjacency(g)[2]
    pos = {n: i for i, n in enumerate(nodes)}
    groups = [w for w in waves if len(w) > 1]
    member_of: dict[int, tuple[int, ...]] = {n: w for w in groups for n in w}
    # Insertion anchors: after the last defining op (by original position) of a wave's inputs.
    after: dict[int, list[tuple[int, ...]]] = {}
    for w in groups:
        inside = set(w)
        anchor = -1
        for n in w:
            for d in pred[n]:
                if d in pos and d not in inside:
                    anchor = max(anchor, pos[d])
        after.setdefault(anchor, []).insert(0, w)
    seq: list[int | tuple[int, ...]] = list(after.get(-1, []))
    for i, n in enumerate(nodes):
        if n not in member_of:
            seq.append(n)
        seq.extend(after.get(i, []))
    item_of = {n: member_of.get(n, n) for n in nodes}
    if _in_order(seq, pred, item_of):  # (most regions: the sweep would keep the order)
        return seq
    deps: dict[int | tuple[int, ...], set[int | tuple[int, ...]]] = {it: set() for it in seq}
    for it in seq:
        for n in it if isinstance(it, tuple) else (it,):
            for d in pred[n]:
                if d in item_of and item_of[d] != it:
                    deps[it].add(item_of[d])
    # MLIR's sortTopologically: repeated in-order sweeps, scheduling every op whose inputs are ready.
    return sweep_order(seq, deps)


def _in_order(
    seq: list[int | tuple[int, ...]],
    pred: dict[int, dict[int, object]],
    item_of: dict[int, int | tuple[int, ...]],
) -> bool:
    """Whether every item of ``seq`` stands after the items it depends on (``item_of``: node -> its item),
    which the sweep of :func:`order_items` then returns as they are, without its dependency sets."""
    placed: set[int | tuple[int, ...]] = set()
    for it in seq:
        for n in it if isinstance(it, tuple) else (it,):
            for d in pred[n]:
                o = item_of.get(d)
                if o is not None and o != it and o not in placed:
                    return False
        placed.add(it)
    return True


# --- 4. propagate timepoints -------------------------------------------------------------------------


def propagate_timepoints(state: ScheduleState) -> ScheduleState:
    """Chain regions on timepoints: a region awaits the regions whose results (or storage) it uses.

    Results used by host ops are awaited on the host once, after their region; results used only by other
    regions travel with the producer's timepoint instead. As IREE's pass does, a region consuming the
    result of a host ``stream.timepoint.await`` (as an importer's wait fence) takes the
    resource unawaited and awaits that timepoint itself, and a ``stream.timepoint.barrier`` on a region's
    result is forwarded the region's timepoint (no host wait).
    """
    for plan in state.functions:
        g = plan.graph
        # Partitions may come from a replaced schedule_execution stage: they must still be orderable
        # (checked again unless schedule_execution checked these, on this graph).
        if not plan.is_checked():
            check_partitions(g, plan.partitions)
        owner = plan.owner()
        plan.deps = {p: set() for p in range(len(plan.partitions))}
        plan.host_awaited = {p: [] for p in range(len(plan.partitions))}
        plan.awaited = {p: [] for p in range(len(plan.partitions))}
        plan.barriers = {p: [] for p in range(len(plan.partitions))}
        node, succ, _ = adjacency(g)
        for u, nbrs in succ.items():  # g.edges, in its order
            pu = owner.get(u)
            if pu is None:
                continue
            for v in nbrs:
                pv = owner.get(v)
                if pv is not None and pu != pv:
                    plan.deps[pv].add(pu)
        _consume_host_awaits(plan, owner)
        # awaits left without users by that go (emit erases them): they make no host use
        gone = {id(a) for a in plan.consumed_awaits if not any(r.uses for r in a.results)}
        # host uses of kept regions' pass-through results wait for the region, not the capture's producer
        through = _passthrough(plan, owner)
        barrier_of: dict[int, int] = {}  # id(barrier) -> the partition whose result it forwards
        for p, part in enumerate(plan.partitions):
            seen: set[int] = set()
            pinned = plan.pinned_partition.get(p)
            # host uses of a kept region's results that the input left unawaited stay so
            unawaited = {(id(u), i) for u, i in pinned.unawaited} if pinned is not None else set()
            pairs = unawaited | through  # uses by (user, operand index) that make no host await here
            for n in part.nodes:
                for res in node[n]["op"].results:
                    if not is_resource(res):
                        continue
                    for user, i in res.uses:
                        if id(user) in gone or (pairs and (id(user), i) in pairs):
                            continue
                        if isinstance(user, TimepointBarrierOp) and user.parent is plan.block:
                            if id(user) not in barrier_of:
                                barrier_of[id(user)] = p
                                plan.barriers[p].append(user)
                            continue
                        top = top_node(plan, user)
                        if (top is None or owner.get(top) is None) and id(res) not in seen:
                            seen.add(id(res))
                            plan.host_awaited[p].append(res)
        # A region using a forwarded barrier's result chains on the barrier's region.
        for p, barriers in plan.barriers.items():
            for barrier in barriers:
                for user, _ in barrier.results[0].uses:
                    top = top_node(plan, user)
                    q = owner.get(top) if top is not None else None
                    if q is not None and q != p:
                        plan.deps[q].add(p)
    return state


def _passthrough(plan: FunctionPlan, owner: dict[int, int]) -> set[tuple[int, int]]:
    """Fill ``plan.passthrough``: the host uses of each kept region's pass-through results, which IREE
    awaits with the region (its result stays a result of the region, tied to the capture). Returns the
    (user, operand index) pairs of all of them."""
    plan.passthrough = {p: [] for p in range(len(plan.partitions))}
    uses: set[tuple[int, int]] = set()
    for p, pinned in plan.pinned_partition.items():
        for user, i, size in pinned.passthrough:
            top = top_node(plan, user)
            if user.parent is None or (top is not None and owner.get(top) is not None):
                continue
            plan.passthrough[p].append((user, i, size))
            uses.add((id(user), i))
    return uses


def _consume_host_awaits(plan, owner: dict[int, int]) -> None:  # type: ignore[no-untyped-def]
    """Regions take the resources of host awaits unawaited and await their timepoints.

    A ``sync`` await too: IREE's propagate-timepoints leaves it, but its elide-timepoints then folds every
    await into the timeline ops that consume its results (``tryFoldAwaitWithTimelineOps``).
    """
    nested = plan.nested
    if not nested and not any(isinstance(op, TimepointAwaitOp) for op in plan.block.ops):
        # no host await in the block (an enclosing block's counts only for a nested one): nothing for a
        # region to take unawaited, without a look at every operand of every region
        plan.consumed_awaits = []
        return
    consumed: dict[int, Operation] = {}
    outer: dict[int, TimepointAwaitOp] = {}
    dead_subviews: list[Operation] = []
    node = adjacency(plan.graph)[0]  # (g.nodes[n], without a view call per node)
    for p, part in enumerate(plan.partitions):
        for n in part.nodes:
            op = node[n]["op"]
            # the op's own list, no tuple copy: set_operand below replaces only the operand at i
            for i, v in enumerate(op._operands):
                cls = v.__class__
                d = v.op if cls is OpResult else v.defining_op  # (the property, written out)
                sub = None
                if (
                    nested
                    and d is not None
                    and d.op_name == "stream.resource.subview"
                    and d.parent is not None
                    and _encloses(d.parent, plan.block)
                ):
                    # a subview, in an enclosing block, of an await's result: the region takes the same
                    # subview of the resource unawaited
                    sub, d = d, d.operands[0].defining_op
                if not isinstance(d, TimepointAwaitOp) or d.parent is None:
                    continue
                if d.parent is not plan.block:
                    # An await of an enclosing block (a value captured by an scf op's region): IREE's
                    # elide-timepoints folds it into the timeline ops its results reach there too.
                    if not plan.nested or not _encloses(d.parent, plan.block):
                        continue
                    outer[id(d)] = d
                src = d.resource_operands[d.results.index(sub.operands[0] if sub is not None else v)]
                if sub is not None:
                    b = Builder.after(sub)
                    b.location = sub.location
                    src = b.create(sub.op_name, [src, *sub.operands[1:]], [sub.results[0].type]).result
                    if len(sub.results[0].uses) == 1:
                        dead_subviews.append(sub)
                op.set_operand(i, src)
                tp = d.await_timepoint
                if all(tp is not t for t in plan.awaited[p]):
                    plan.awaited[p].append(tp)
                consumed[id(d)] = d
                made = src.defining_op
                top = top_node(plan, made) if made is not None else None
                q = owner.get(top) if top is not None else None
                if q is not None and q != p:
                    plan.deps[p].add(q)
    plan.consumed_awaits = [d for d in consumed.values() if id(d) not in outer]
    for sub in dead_subviews:
        if sub.parent is not None and not sub.results[0].uses:
            erase_ops([sub], sub.parent)
    for d in outer.values():
        _drop_unused_results(d)


def _encloses(outer: Block, block: Block) -> bool:
    """Whether ``block`` is nested (at any depth) in an op of ``outer``."""
    holder = block.parent_op
    while holder is not None and holder.parent is not None:
        if holder.parent is outer:
            return True
        holder = holder.parent.parent_op
    return False


def _drop_unused_results(d: TimepointAwaitOp) -> None:
    """Rebuild host await ``d`` without its unused results (erased when none is used), as IREE's
    canonicalizer does."""
    keep = [i for i, r in enumerate(d.results) if r.uses]
    if len(keep) == len(d.results):
        return
    block = d.parent
    assert block is not None
    if keep:
        b = Builder.before(d)
        b.location = d.location
        res, sizes = d.resource_operands, d.resource_operand_sizes
        props = {k: v for k, v in d.properties.items() if k != "operandSegmentSizes"}
        props["operandSegmentSizes"] = A.segment_sizes(len(keep), len(keep), 1)
        new = b.create(
            "stream.timepoint.await",
            [*(res[i] for i in keep), *(sizes[i] for i in keep), d.await_timepoint],
            [d.results[i].type for i in keep],
            properties=props,
        )
        for j, i in enumerate(keep):
            d.results[i].replace_all_uses_with(new.results[j])
    erase_ops([d], block)


# --- 7. elide timepoints -----------------------------------------------------------------------------


def elide_timepoints(state: ScheduleState) -> ScheduleState:
    """Drop awaits that others already cover, and host awaits on timepoints known to be immediate.

    A region that awaits regions ``a`` and ``b``, where ``b`` itself awaits ``a``, needs only ``b``
    (a transitive reduction of the region dependency graph: IREE's coverage, on the plan). A host
    ``stream.timepoint.await`` goes when IREE's elide-timepoints analysis
    (:class:`~scheduler.passes.timepoint_analysis.TimepointFacts`, over the whole module: joins and
    selects of immediates, immediate globals, private call results, block arguments) proves its
    timepoint immediate; pinned regions' placeholders stand for real completions and are not.
    """
    placeholders = frozenset(id(r.timepoint) for plan in state.functions for r in plan.pinned if not r.elided)
    facts = TimepointFacts(state.module, opaque=placeholders)
    for plan in state.functions:
        dag: nx.DiGraph[int] = nx.DiGraph()
        dag.add_nodes_from(plan.deps)
        for p, ds in plan.deps.items():
            dag.add_edges_from((q, p) for q in ds)
        reach: dict[int, set[int]] = {}
        for p in nx.topological_sort(dag):
            r: set[int] = set()
            for q in plan.deps[p]:
                r |= reach[q] | {q}
            reach[p] = r
        for p, ds in plan.deps.items():
            covered = {q for q in ds for other in ds if other != q and q in reach[other]}
            plan.deps[p] = ds - covered
        for p, tps in plan.awaited.items():
            plan.awaited[p] = [t for t in tps if not facts.is_immediate(t)]
        plan.elided += _elide_immediate(plan.block, facts)
    return state


def _elide_immediate(block: Block, facts: TimepointFacts) -> int:
    count = 0
    for op in list(block.ops):
        if isinstance(op, TimepointAwaitOp) and facts.is_immediate(op.await_timepoint):
            for res, v in zip(op.results, op.resource_operands):
                res.replace_all_uses_with(v)
            op.erase()
            count += 1
    return count


# --- 8. parameter upload -----------------------------------------------------------------------------


def parameter_upload(
    state: ScheduleState, *, memory_model: str = "unified", max_allocation_size_bytes: int | None = None
) -> ScheduleState:
    """Regions made only of constant parameters become parameter loads or gathers; so do the constant
    parameters of a region that also computes, loaded before its execute (``region_uploads``).

    On a ``unified`` memory model each parameter scope gets one ``stream.cmd.parameter.load`` (the
    runtime may map the archive). On ``discrete`` memory the parameters are appended, at the offset
    alignment, into constant buffers of at most ``max_allocation_size_bytes`` each, with one
    ``stream.cmd.parameter.gather`` per buffer.
    """
    if memory_model not in ("unified", "discrete"):
        raise ScheduleError(f"unknown memory model {memory_model!r}; expected 'unified' or 'discrete'")
    cap = max_allocation_size_bytes or state.resource_config.max_allocation_size_bytes
    alignment = state.resource_config.min_buffer_offset_alignment
    from scheduler.access import static_index

    for plan in state.functions:
        g = plan.graph
        for p, part in enumerate(plan.partitions):
            all_ops = [g.nodes[n]["op"] for n in part.nodes]
            ops = [o for o in all_ops if is_parameter_constant(o)]
            mixed = not all(isinstance(o, AsyncConstantOp) for o in all_ops)
            if not mixed and len(ops) != len(all_ops):
                # Constants alone, some (or all) of inline data: IREE's pack-constants uploads the inline
                # ones as one packed #util.composite buffer, then loads the parameters, and joins the two;
                # nothing is executed.
                plan.region_constants[p] = [o for o in all_ops if not is_parameter_constant(o)]
            elif not ops:
                continue
            if not mixed:
                plan.allocation.pop(p, None)
            uploads = plan.region_uploads if mixed else plan.uploads
            if memory_model == "unified":
                # IREE loads a mixed region's constants in two groups: those used after the region
                # (yielded), then those only its commands read.
                passes = [ops]
                if mixed:
                    inside = {n for n in part.nodes}
                    esc = [
                        o for o in ops if any(top_node(plan, u) not in inside for u, _ in o.results[0].uses)
                    ]
                    passes = [esc, [o for o in ops if o not in esc]]
                load_groups: list[tuple[str | None, list[tuple[Operation, str]]]] = []
                for chunk in passes:
                    groups: dict[str | None, list[tuple[Operation, str]]] = {}
                    for o in chunk:
                        attr = o.attr("value")
                        assert isinstance(attr, A.NamedParameterAttr)
                        groups.setdefault(attr.scope, []).append((o, attr.key))
                    load_groups += list(groups.items())
                uploads[p] = ParameterUpload("load", load_groups)
                continue
            buffers: list[tuple[list[tuple[Operation, str | None, str, int]], int]] = []
            entries: list[tuple[Operation, str | None, str, int]] = []
            offset = 0
            for o in ops:
                attr = o.attr("value")
                assert isinstance(attr, A.NamedParameterAttr)
                assert isinstance(o, AsyncConstantOp)
                size = static_index(o.result_size)
                if size is None:
                    raise UnsupportedOpError(f"{o.describe()}: a gathered parameter needs a static size")
                start = align(offset, alignment)
                if entries and start + size > cap:
                    buffers.append((entries, offset))
                    entries, start = [], 0
                if size > cap:
                    raise ScheduleError(
                        f"{o.describe()}: parameter of {size} bytes exceeds the {cap} byte cap"
                    )
                entries.append((o, attr.scope, attr.key, start))
                offset = start + size
            if entries:
                buffers.append((entries, offset))
            uploads[p] = ParameterUpload("gather", buffers=buffers)
    return state


def function_graphs(state: ScheduleState) -> None:
    """Rebuild each plan's graph (after an IR change made by a stage)."""
    for plan in state.functions:
        plan.graph = build_graph(plan.block)


__all__ = [
    "elide_timepoints",
    "layout_slices",
    "order_items",
    "parameter_upload",
    "propagate_timepoints",
    "refine_usage",
    "schedule_allocation",
    "schedule_concurrency",
    "schedule_execution",
]
