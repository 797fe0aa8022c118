"""Pipeline stages 5 and 6 (see :mod:`scheduler.stages`): what each execution region allocates, and where
its slices go in each slab.

5. :func:`schedule_allocation` - liveness intervals, alias sets, result and transient slabs.
6. :func:`layout_slices` - offsets in each slab (:func:`scheduler.packing.pack_slices`).
"""

from __future__ import annotations

from ir import Operation, Value
from ir import attributes as A
from ir import types as T
from ir.dialects.stream_async import AsyncConstantOp
from ir.dialects.stream_resource import TimepointAwaitOp
from scheduler.access import operand_size, result_size
from scheduler.affinity import result_affinity
from scheduler.graph import adjacency
from scheduler.packing import Slice, pack_slices
from scheduler.state import (
    LIVE_IN,
    LIVE_OUT,
    Interval,
    RegionAllocation,
    ScheduleState,
    is_parameter_constant,
)


def top_node(plan, op) -> int | None:  # type: ignore[no-untyped-def]
    cur = op
    while cur is not None and cur.parent is not plan.block:
        cur = cur.parent_op
    if cur is None:
        return None
    return node_index(plan).get(cur)


def node_index(plan) -> dict[Operation, int]:  # type: ignore[no-untyped-def]
    """``op -> node`` of the plan's graph (ops hash by identity), made once and kept in the graph."""
    index: dict[Operation, int] | None = plan.graph.graph.get("index")
    if index is None:
        index = {d["op"]: n for n, d in plan.graph.nodes(data=True)}
        plan.graph.graph["index"] = index
    return index


# --- 5. schedule allocation --------------------------------------------------------------------------


def schedule_allocation(state: ScheduleState) -> ScheduleState:
    """Liveness intervals per region (over its items), alias sets of tied values, and what to allocate.

    Escaping results are packed into one slab per resource type; values local to the region into one
    transient slab; values tied to captured resources update them in place.
    """
    for plan in state.functions:
        g = plan.graph
        owner = plan.owner()
        for p, part in enumerate(plan.partitions):
            # Constant parameters are not allocated here; parameter_upload loads or gathers them (IREE
            # extracts constants from execution regions in ScheduleAllocation too).
            if p in plan.uploads or all(isinstance(g.nodes[n]["op"], AsyncConstantOp) for n in part.nodes):
                continue
            plan.allocation[p] = _allocate_region(plan, p, part.nodes, owner, g)
    return state


#: The interval of a value without one, for ordering alias-set leaders (after every value with one).
_UNORDERED = Interval(0, 0, 1 << 40)


def _allocate_region(plan, p, nodes, owner, g) -> RegionAllocation:  # type: ignore[no-untyped-def]
    alloc = RegionAllocation()
    # The constants of a region that also computes are uploaded before it (IREE's ScheduleAllocation
    # extracts them): parameters by parameter_upload, inline data as one packed host buffer
    # (region_constants). Their results are captured by the region like any resource from outside.
    node = adjacency(g)[0]
    ops = [node[n]["op"] for n in nodes]
    if any(not isinstance(o, AsyncConstantOp) for o in ops):
        inline = [o for o in ops if isinstance(o, AsyncConstantOp) and not is_parameter_constant(o)]
        if inline:
            plan.region_constants[p] = inline
        nodes = [n for n in nodes if not isinstance(node[n]["op"], AsyncConstantOp)]
    kept_nodes = set(nodes)
    items = []
    for it in plan.items.get(p) or list(nodes):
        kept = tuple(n for n in (it if isinstance(it, tuple) else (it,)) if n in kept_nodes)
        if kept:
            items.append(kept if isinstance(it, tuple) else kept[0])
    item_pos: dict[int, int] = {}
    for i, it in enumerate(items):
        for n in it if isinstance(it, tuple) else (it,):
            item_pos[n] = i
    inside = set(nodes)
    # (values and ops hash by identity: sets and dicts of them, without an id() call per lookup)
    produced: set[Value] = set()
    for n in nodes:
        produced.update(node[n]["op"].results)

    # Captured resources, in order of first use; their size from the using op.
    last_use: dict[Value, int] = {}
    captured: list[Value] = []
    resource = T.ResourceType
    for n in nodes:
        op = node[n]["op"]
        pos = item_pos.get(n, 0)  # (an item's position: never below 0)
        for v in op._operands:  # (read only: no tuple copy per op)
            if isinstance(v.type, resource) and v not in produced:
                last = last_use.get(v)
                if last is None:
                    captured.append(v)
                    alloc.sizes[v] = operand_size(op, v)
                    last_use[v] = pos
                elif pos > last:
                    last_use[v] = pos
    alloc.captured = captured

    intervals: dict[Value, Interval] = {}
    ordinal = 0
    for v in captured:
        ordinal += 1
        intervals[v] = Interval(LIVE_IN, last_use[v], ordinal)
    escaping: set[Value] = set()
    pinned = plan.pinned_partition.get(p)
    unused_results = set(pinned.unused_results) if pinned is not None else set()
    block, index = plan.block, node_index(plan)
    for i, it in enumerate(items):
        members = it if isinstance(it, tuple) else (it,)
        for n in members:
            op = node[n]["op"]
            for r, res in enumerate(op.results):
                if not isinstance(res.type, T.ResourceType):
                    continue
                alloc.sizes[res] = result_size(op, r)
                end = i
                live_out = res in unused_results
                for user, _ in res.uses:
                    # top_node(plan, user), written out (a call per use)
                    cur = user
                    while cur is not None and cur.parent is not block:
                        cur = cur.parent_op
                    top = index.get(cur) if cur is not None else None
                    if top is not None and top in inside:
                        end = max(end, item_pos[top])
                    else:
                        live_out = True
                if live_out:
                    escaping.add(res)
                    end = LIVE_OUT
                if isinstance(it, tuple) and not res.uses:
                    intervals[res] = Interval(i, i, -1)
                else:
                    ordinal += 1
                    intervals[res] = Interval(i, end, ordinal)

    # Alias sets: a tied result shares storage with its operand.
    parent: dict[Value, Value] = {}

    def find(v: Value) -> Value:
        while parent.get(v, v) is not v:
            v = parent[v]
        return v

    for n in nodes:
        op = node[n]["op"]
        for r, operand in node[n]["info"].tied.items():
            d = operand.defining_op
            if isinstance(d, TimepointAwaitOp) and all(o is not operand for o in op.operands):
                # a host await the region now consumes unawaited (_consume_host_awaits): the result is
                # tied to the awaited resource (an imported input updated in place, ONNX ScatterND's)
                operand = d.resource_operands[d.results.index(operand)]
            a, b = find(op.results[r]), find(operand)
            if a is not b:
                # Keep the earliest value (smallest ordinal) as the leader.
                if intervals.get(a, _UNORDERED).ordinal < intervals.get(b, _UNORDERED).ordinal:
                    parent[b] = a
                else:
                    parent[a] = b
    sets: dict[Value, list[Value]] = {}
    for v in intervals:
        sets.setdefault(find(v) if v in parent else v, []).append(v)  # (a leader has no parent)
    leader_of, interval_of = alloc.leader, alloc.intervals
    for leader, aliases in sets.items():
        if len(aliases) == 1:  # most values: the one member's interval, copied (no generator per field)
            iv = intervals[aliases[0]]
            interval_of[leader] = Interval(iv.start, iv.end, iv.ordinal)
            leader_of[aliases[0]] = leader
            continue
        start = min(intervals[m].start for m in aliases)
        end = max(intervals[m].end for m in aliases)
        ordn = min(intervals[m].ordinal for m in aliases)
        interval_of[leader] = Interval(start, end, ordn)
        for m in aliases:
            leader_of[m] = leader
    captured_set = set(captured)
    by_slab: dict[tuple[str, T.Type], tuple[A.Attribute | None, list[Value]]] = {}
    # Where each result stands among the region's results (IREE's partition outs: the partition's order)
    out_pos = {r: i for i, n in enumerate(nodes) for r in node[n]["op"].results}
    first_out: dict[tuple[str, T.Type], int] = {}
    for leader in sorted(sets, key=lambda v: alloc.intervals[v].ordinal):
        aliases = sets[leader]
        cap = next((m for m in aliases if m in captured_set), None)
        if cap is not None:
            alloc.in_place[leader] = cap
            continue
        esc = [m for m in aliases if m in escaping]
        if esc:
            aff = result_affinity(plan, p, esc[-1], owner, top_node)
            key = (str(aff), esc[-1].type)
            by_slab.setdefault(key, (aff, []))[1].append(leader)
            first = min(out_pos.get(m, len(out_pos)) for m in esc)
            first_out[key] = min(first_out.get(key, first), first)
        else:
            alloc.transients.append(leader)
    # IREE's reserveResultAllocations: an allocation per affinity, in the order the region's results
    # first name it, and within one per lifetime in the order of IREE's Lifetime enum (external,
    # staging, transient, variable, constant), whatever the order of the results
    aff_first: dict[str, int] = {}
    for (aff_key, _), first in first_out.items():
        aff_first[aff_key] = min(aff_first.get(aff_key, first), first)
    slabs = sorted(by_slab.items(), key=lambda kv: (aff_first[kv[0][0]], _lifetime_rank(kv[0][1])))
    alloc.result_slabs = [(rtype, leaders) for (_, rtype), (_, leaders) in slabs]
    alloc.result_affinities = [aff for _, (aff, _) in slabs]
    return alloc


def _lifetime_rank(t: T.Type) -> int:
    """The place of a resource type's lifetime in IREE's Lifetime enum (unknown first)."""
    lifetime = getattr(t, "lifetime", "*")
    return T.RESOURCE_LIFETIMES.index(lifetime) if lifetime in T.RESOURCE_LIFETIMES else 0


def region_transient_bytes(state: ScheduleState, plan, p: int) -> int:  # type: ignore[no-untyped-def]
    """The static size of region ``p``'s transient slab for its current items (a dry run of stages 5-6)."""
    alloc = _allocate_region(plan, p, plan.partitions[p].nodes, plan.owner(), plan.graph)
    cfg = state.resource_config
    layout = pack_slices(
        [_slice(alloc, v) for v in alloc.transients],
        offset_alignment=cfg.min_buffer_offset_alignment,
        range_alignment=cfg.min_buffer_range_alignment,
    )
    return layout.total_bytes


# --- 6. layout slices --------------------------------------------------------------------------------


def layout_slices(state: ScheduleState, *, resource_config=None) -> ScheduleState:  # type: ignore[no-untyped-def]
    """Offsets of every slab's slices: greedy best-fit for static sizes, conservative for dynamic ones."""
    cfg = resource_config or state.resource_config
    state.resource_config = cfg
    for plan in state.functions:
        for alloc in plan.allocation.values():
            alloc.result_layouts = [
                pack_slices(
                    [_slice(alloc, v) for v in leaders],
                    offset_alignment=cfg.min_buffer_offset_alignment,
                    range_alignment=cfg.min_buffer_range_alignment,
                )
                for _, leaders in alloc.result_slabs
            ]
            alloc.transient_layout = pack_slices(
                [_slice(alloc, v) for v in alloc.transients],
                offset_alignment=cfg.min_buffer_offset_alignment,
                range_alignment=cfg.min_buffer_range_alignment,
            )
    return state


def _slice(alloc: RegionAllocation, leader: Value) -> Slice:
    from scheduler.access import static_index

    iv = alloc.intervals[leader]
    size = alloc.sizes[leader]
    static = static_index(size)
    if static is not None:
        return Slice(iv.start, iv.end, static)
    return Slice(iv.start, iv.end, size, dynamic=True)
