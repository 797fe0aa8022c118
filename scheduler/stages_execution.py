"""Pipeline stage 2 (see :mod:`scheduler.stages`): which ops share an execution region.

:func:`schedule_execution` partitions each block with IREE's reference partitioning
(:func:`scheduler.partition.partition_execution`), over the block's graph with IREE's view of the ops it
treats otherwise (barriers as sync ops, trivially dead control flow as pure), after re-making cheap
producers in the nested blocks using them; a cheap producer consumed by several partitions is copied into
each (IREE's ``preferCloneToConsumers``), and barriers are then dropped (IREE's ``RemoveBarriers``). A
transfer a region holds between its own device and itself (or none) is a clone there, and a clone of what
prefers to be cloned that producer again (IREE's cleanup of the regions it forms).
"""

from __future__ import annotations

import networkx as nx

from ir import Block, Builder, Operation
from ir import attributes as A
from ir import types as T
from ir.builder import clone_op
from scheduler.access import (
    METADATA,
    PURE,
    SCF_REGION_OPS,
    STREAMABLE,
    STREAMABLE_OPS,
    OpInfo,
    join_affinity,
    pure_nested,
)
from scheduler.errors import UnsupportedOpError
from scheduler.graph import adjacency, build_graph, top_level_ancestor
from scheduler.partition import Partition, check_partitions, partition_execution
from scheduler.passes.schedule_execution import block_partitions, prefers_clone, rematerialize
from scheduler.state import FunctionPlan, ScheduleState

# A block scheduled after the one holding it sees that block's stream.async.load (pure in IREE: a read,
# trivially dead in MLIR's sense) already lowered to stream.resource.load; it is taken as IREE takes the
# load it was.
_HOST_LOADS = frozenset({"stream.resource.load"})

# The streamable ops the pipeline lowers; the rest (call) are rejected by name.
SUPPORTED = STREAMABLE_OPS - {"stream.async.call"}

# --- 2. schedule execution ---------------------------------------------------------------------------


def schedule_execution(state: ScheduleState) -> ScheduleState:
    """Partition each function body into execution regions (IREE's reference partitioning).

    An op consuming the result of an op on another device, without a transfer, is placed in a region of
    its own device that awaits the producer's, as IREE does (the result is allocated where both devices
    reach it, ``#hal.device.optimal``); it is not an error.

    Raises
    ------
    UnsupportedOpError
        For streamable ops the cmd lowering does not handle (``stream.async.call``).
    CyclicPartitionError
        When the regions cannot be ordered.
    """
    for plan in state.functions:
        # IREE partitions a block before it re-makes cheap producers inside the control flow using them:
        # an scf op holding only pure ops until then is pure to its partitioning
        pure = frozenset(
            id(op) for op in plan.block.ops if op.op_name in SCF_REGION_OPS and pure_nested(op, _HOST_LOADS)
        )
        if _rematerialize_cheap_producers(plan.block):
            plan.graph = build_graph(plan.block)
        g = plan.graph
        for _, data in g.nodes(data=True):
            info, op = data["info"], data["op"]
            if info.kind in (STREAMABLE, METADATA) and op.op_name not in SUPPORTED:
                raise UnsupportedOpError(f"{op.describe()}: not supported by the scheduler's cmd lowering")
        _iree_kinds(g, barriers=True, pure=pure)
        # (the nodes of the input's regions: a table of every node's op only for a block holding some)
        node_of = {id(data["op"]): n for n, data in g.nodes(data=True)} if plan.pinned else {}
        pinned = [(r, tuple(node_of[id(o)] for o in r.ops())) for r in plan.pinned if not r.elided]
        opaque = frozenset(n for _, nodes in pinned for n in nodes)
        # IREE's partitioning sees a region of the input as one op, with effects when an op of it has
        # some: no partition grows across it (nor across one its cleanup elides after, where it stood)
        freeze = frozenset(
            node_of[id(r.timepoint)] if r.elided else node_of[id(r.ops()[0])]
            for r in plan.pinned
            if r.effects
        )
        partitions = list(partition_execution(g, opaque=opaque, freeze=freeze, clone=prefers_clone))
        rebuilt = False
        if any(len(p.cloned) for p in partitions):
            partitions = _clone_shared(plan, partitions, pure)
            rebuilt = True
        node = adjacency(plan.graph)[0]  # (g.nodes[n], without a view call per node)
        if any(data["op"].op_name == "stream.async.barrier" for data in node.values()):
            partitions = _remove_barriers(plan, partitions, pure)
            rebuilt = True
            node = adjacency(plan.graph)[0]
        if any(node[n]["op"].op_name == "stream.async.transfer" for p in partitions for n in p.nodes):
            changed, partitions = _transfers_in_regions(plan, partitions, pure)
            rebuilt |= changed
        if rebuilt:
            g = plan.graph
            node_of = {id(data["op"]): n for n, data in g.nodes(data=True)} if plan.pinned else {}
            pinned = [(r, tuple(node_of[id(o)] for o in r.ops())) for r in plan.pinned if not r.elided]
        # Regions of the input stay as they are; IREE partitions the other ops around them.
        partitions += [
            Partition(nodes, r.affinity if r.affinity is not None else _pinned_affinity(g, nodes))
            for r, nodes in pinned
        ]
        plan.partitions = _in_dependency_order(g, partitions) if pinned else tuple(partitions)
        plan.pinned_partition = {}
        for r, nodes in pinned:
            plan.pinned_partition[next(i for i, p in enumerate(plan.partitions) if p.nodes == nodes)] = r
        check_partitions(g, plan.partitions)
        plan.mark_checked()
        node = adjacency(g)[0]  # (g.nodes[n], without a view call per node)
        for p, part in enumerate(plan.partitions):
            for n in part.nodes:
                node[n]["partition"] = p
    return state


def _rematerialize_cheap_producers(block: Block) -> bool:
    """IREE's schedule-execution re-makes a cheap producer (``preferCloneToConsumers``: splats, allocas,
    clones, dispatches reading no resource) used only inside the regions of ops of ``block`` (an
    ``scf.if`` branch yielding it) at the start of each nested block using it, when one of those ops
    feeds a streamable op. The standalone pass's choice and rewrite
    (:mod:`scheduler.passes.schedule_execution`), for blocks holding control flow."""
    if not any(op.regions and op.op_name in SCF_REGION_OPS for op in block.ops):
        return False
    remat = block_partitions(block)[2]
    for op in remat:
        rematerialize(op, block)
    return bool(remat)


def _clone_shared(plan: FunctionPlan, partitions: list[Partition], pure: frozenset[int]) -> list[Partition]:
    """IREE's schedule-execution copies an op it prefers to clone (a splat, an alloca, a clone, a dispatch
    reading no resource) into every partition that consumes it: each region makes its own. The first
    partition holding it (in partition order) keeps the op; every other one gets a copy, placed just after
    it in the block, which that partition's users of it take. The original is the one that escapes to what
    is outside every partition (IREE lets one partition's copy escape, the first's). The block's graph is
    rebuilt and the partitions name the same ops (the copies in the place of the op) in it."""
    g = plan.graph
    block = plan.block
    groups = [[g.nodes[n]["op"] for n in p.nodes] for p in partitions]
    first: dict[int, int] = {}
    for i, p in enumerate(partitions):
        for n in sorted(p.cloned):
            if first.setdefault(n, i) == i:
                continue
            op = g.nodes[n]["op"]
            copy = clone_op(op)
            block.insert(block.ops.index(op) + 1, copy)
            members = {id(o) for o in groups[i]}
            for r, nr in zip(op.results, copy.results):
                for user, k in list(r.uses):
                    top = top_level_ancestor(user, block)
                    if top is not None and id(top) in members:
                        user.set_operand(k, nr)
            groups[i] = [copy if o is op else o for o in groups[i]]
    plan.graph = build_graph(block)
    _iree_kinds(plan.graph, barriers=True, pure=pure)
    index = {id(d["op"]): n for n, d in plan.graph.nodes(data=True)}
    return [Partition(tuple(index[id(o)] for o in ops), p.affinity) for ops, p in zip(groups, partitions)]


def _iree_kinds(g: nx.DiGraph[int], *, barriers: bool, pure: frozenset[int] = frozenset()) -> None:
    """IREE's view of the ops partitioning treats otherwise than the graph: trivially dead ops (MLIR's
    sense: only pure ops inside) are pure, so partitions grow across them; with ``barriers``, a
    ``stream.async.barrier`` is a streamable op without accesses tied to its source, which IREE's
    reference partitioning puts in its producer's partition as a sync op (the barrier's users then
    depend on that partition; :func:`scheduler.partition.partition_execution`). ``pure``: ids of control
    flow ops that were so before cheap producers were re-made in them."""
    for data in adjacency(g)[0].values():  # each node's attribute dict (g.nodes[n], without a view call)
        op = data["op"]
        if op.op_name in _HOST_LOADS or (
            op.op_name in SCF_REGION_OPS and (id(op) in pure or pure_nested(op, _HOST_LOADS))
        ):
            data["info"] = OpInfo(PURE, data["info"].affinity)
        elif barriers and op.op_name == "stream.async.barrier":
            data["info"] = OpInfo(METADATA, op.attr("affinity"), (), {0: op.operands[0]})


def _remove_barriers(
    plan: FunctionPlan, partitions: list[Partition], pure: frozenset[int]
) -> list[Partition]:
    """IREE's ``RemoveBarriers`` once the regions are formed: a barrier is its source inside its region.

    A region of barriers alone then only yields what it captured, and IREE's ``ElideNoOpAsyncExecuteOp``
    replaces it by what it captured: those barriers are their sources. In a region with other ops, a
    barrier whose source the region makes is that value; one whose source comes from outside (a function
    argument, an ``scf.if`` result) becomes a result the region yields tied to what it captured: its users
    take the source once that region is done. Those stay in their partition as an op without accesses tied
    to its source (no command; the allocation stage sees the result updating the capture in place). The
    block's graph is rebuilt without the others and the partitions name the same ops in it."""
    g = plan.graph
    is_barrier = [[g.nodes[n]["op"].op_name == "stream.async.barrier" for n in p.nodes] for p in partitions]
    dropped: list[Operation] = []
    kept: set[int] = set()
    for p, flags in zip(partitions, is_barrier):
        if all(flags):
            dropped.extend(g.nodes[n]["op"] for n in p.nodes)
    # In program order, so a barrier's source is already what it stands for when it is looked at.
    position = {id(op): i for i, op in enumerate(plan.block.ops)} if dropped else {}
    for b in sorted(dropped, key=lambda o: position[id(o)]):
        b.results[0].replace_all_uses_with(b.operands[0])
    for p, flags in zip(partitions, is_barrier):
        if all(flags):
            continue
        made = {id(r) for n in p.nodes for r in g.nodes[n]["op"].results}
        members = {id(g.nodes[n]["op"]) for n in p.nodes}
        for n in sorted(p.nodes):
            op = g.nodes[n]["op"]
            if op.op_name != "stream.async.barrier":
                continue
            if id(op.operands[0]) not in made:
                # inside the region the barrier is the captured block argument
                for user, i in list(op.results[0].uses):
                    if id(user) in members:
                        user.set_operand(i, op.operands[0])
            if id(op.operands[0]) in made or not op.results[0].uses:
                op.results[0].replace_all_uses_with(op.operands[0])
                dropped.append(op)
            else:
                kept.add(id(op))
    gone = {id(o) for o in dropped}
    ops = [[g.nodes[n]["op"] for n in p.nodes if id(g.nodes[n]["op"]) not in gone] for p in partitions]
    for op in dropped:
        op.erase()
    plan.graph = build_graph(plan.block)
    _iree_kinds(plan.graph, barriers=bool(kept), pure=pure)
    index = {id(d["op"]): n for n, d in plan.graph.nodes(data=True)}
    return [
        Partition(tuple(index[id(o)] for o in group), p.affinity)
        for group, p in zip(ops, partitions)
        if group
    ]


def _transfers_in_regions(
    plan: FunctionPlan, partitions: list[Partition], pure: frozenset[int]
) -> tuple[bool, list[Partition]]:
    """IREE's schedule-execution, cloning a transfer into a region, drops its affinities equal to the
    region's; its cleanup then makes a transfer left between one affinity and itself (or none), not of
    staging memory, a clone (``SameAffinityTransferToClone``), and a clone in the region of what prefers
    to be cloned there (a splat, a clone, a dispatch reading no resource: ``PropagateCloneableOps``) that
    producer again for each use, placed before the use (after the clone when the use is outside the
    region); a producer so left unused goes. So a transfer, into a region on its target device, of a value
    without an affinity is a clone, and a clone of it a clone of its source; a transfer of a dispatch's
    result to the dispatch's own device is the dispatch writing the result. Returns whether the block
    changed, and the partitions (the block's graph rebuilt; they name the same ops in it, each new op in
    the place of the one it replaces)."""
    g = plan.graph
    block = plan.block
    groups = [[g.nodes[n]["op"] for n in p.nodes] for p in partitions]
    changed = False
    for p, group in zip(partitions, groups):
        for k, t in enumerate(group):
            if t.op_name != "stream.async.transfer":
                continue
            source, target = (
                None if t.attr(key) == p.affinity else t.attr(key)
                for key in ("source_affinity", "target_affinity")
            )
            types = (t.operands[0].type, t.results[0].type)
            if source != target or any(
                isinstance(x, T.ResourceType) and x.lifetime == "staging" for x in types
            ):
                continue
            b = Builder.before(t)
            b.location = t.location
            props: dict[str, A.Attribute] = {} if source is None else {"affinity": source}
            clone = b.create(
                "stream.async.clone", list(t.operands[:3]), [t.results[0].type], properties=props
            )
            t.results[0].replace_all_uses_with(clone.results[0])
            t.erase()
            group[k] = clone
            changed = True
        while _propagate_cloneable(block, group):
            changed = True
    if not changed:
        return False, partitions
    plan.graph = build_graph(block)
    _iree_kinds(plan.graph, barriers=True, pure=pure)
    index = {id(d["op"]): n for n, d in plan.graph.nodes(data=True)}
    return True, [
        Partition(tuple(index[id(o)] for o in ops), p.affinity) for ops, p in zip(groups, partitions) if ops
    ]


def _propagate_cloneable(block: Block, group: list[Operation]) -> bool:
    """One ``PropagateCloneableOps`` rewrite among the ops of a region (``group``, changed in place)."""
    members = {id(o) for o in group}
    for c in group:
        source = c.operands[0].defining_op if c.op_name == "stream.async.clone" else None
        if source is None or id(source) not in members or not prefers_clone(source) or not c.results[0].uses:
            continue
        index = next(k for k, r in enumerate(source.results) if r is c.operands[0])
        made = []
        for user, k in reversed(list(c.results[0].uses)):
            top = top_level_ancestor(user, block)
            copy = clone_op(source)
            if top is not None and id(top) in members:
                block.insert(block.ops.index(top), copy)
            else:
                block.insert(block.ops.index(c) + 1, copy)
            copy.results[index].type = c.results[0].type
            user.set_operand(k, copy.results[index])
            made.append(copy)
        at = group.index(c)
        group[at : at + 1] = made
        c.erase()
        if not any(r.uses for r in source.results):
            group.remove(source)
            source.erase()
        return True
    return False


def _pinned_affinity(g: nx.DiGraph[int], nodes: tuple[int, ...]) -> A.Attribute | None:
    affinity = None
    for n in nodes:
        affinity = join_affinity(affinity, g.nodes[n]["info"].affinity)
    return affinity


def _in_dependency_order(g: nx.DiGraph[int], partitions: list[Partition]) -> tuple[Partition, ...]:
    """The partitions ordered so that none depends on a later one (stable otherwise)."""
    owner = {n: i for i, p in enumerate(partitions) for n in p.nodes}
    dag: nx.DiGraph[int] = nx.DiGraph()
    dag.add_nodes_from(range(len(partitions)))
    # Dependencies through host ops count too: contract every non-partition node into its edges.
    reach: dict[int, set[int]] = {}
    node, succ, _ = adjacency(g)
    edges: list[tuple[int, int]] = []  # added at once, in the order found
    for n in sorted(node, reverse=True):
        below: set[int] | None = None  # (most host ops reach no partition: no set made for them)
        for s in succ[n]:
            o = owner.get(s)
            r = reach.get(s)
            if o is not None or r:
                if below is None:
                    below = set()
                if o is not None:
                    below.add(o)
                if r:
                    below |= r
        if below:
            reach[n] = below
            o = owner.get(n)
            if o is not None:
                edges.extend((o, q) for q in below if q != o)
    dag.add_edges_from(edges)
    if not nx.is_directed_acyclic_graph(dag):
        return tuple(partitions)  # check_partitions names the cycle
    order = list(nx.lexicographical_topological_sort(dag))
    return tuple(partitions[i] for i in order)
