"""Pipeline stage 3b (see :mod:`scheduler.stages`): IREE's CSE inside the regions it has just formed.

IREE's schedule-execution clones each op into its region without the affinity the region already has
(``on(...)`` equal to the region's is dropped; a transfer's source and target too). Its async pipeline then
runs schedule-concurrency, propagate-timepoints, materialize-builtins and its cleanup pipeline
(``buildStreamCleanupPassPipeline``: canonicalize, then MLIR's CSE). So two effect-free ops of one region
that differed only in that affinity (a dispatch ``on(@dev_a)`` in a region on ``@dev_a`` and its twin
without one) are equal there, and CSE keeps the first. The CSE before scheduling (the prelude's) could not
merge them: their affinities still differed.

:func:`cse_regions` does that merge on the plan. The scopes are those of MLIR's CSE on IREE's IR: the
region's top-level ops, in order, form one scope; each wave (a ``stream.async.concurrent``, not isolated
from above) a scope nested in it. A resource a wave reads is the wave's capture, its own block argument, so
an op of a wave equals only another op of the same wave, or an earlier top-level op reading no resource
at all. Regions of the input (kept whole) are left as they are: IREE does not re-form them, and the CSE
before scheduling already saw their ops in one scope.
"""

from __future__ import annotations

from dataclasses import replace

import networkx as nx

from ir import Operation
from ir import attributes as A
from ir import types as T
from scheduler.cse import effect_free
from scheduler.graph import adjacency
from scheduler.state import FunctionPlan, ScheduleState, erase_ops

#: The affinities IREE's schedule-execution drops from an op cloned into a region on that affinity
#: (``AffinityOpInterface``'s, and a transfer's execution, source and target affinities).
_STRIPPED = ("affinity", "source_affinity", "target_affinity")

#: Edge kinds, weakest first: the kept op takes the strongest of its own and the merged op's.
_KIND_RANK = {"hazard": 0, "use": 1, "tied": 2}


def cse_regions(state: ScheduleState) -> ScheduleState:
    """Merge the ops of a region that IREE's CSE after schedule-concurrency merges (see the module doc).

    The later op's results are replaced by the earlier op's, it leaves the block, its graph node, its
    partition and its wave (a wave left with one op stays a wave: IREE keeps the
    ``stream.async.concurrent``).
    """
    for plan in state.functions:
        merged = False
        for p in range(len(plan.partitions)):
            if p in plan.pinned_partition:
                continue
            merged |= _cse_partition(plan, p)
        if merged:
            plan.graph.graph.pop("index", None)
    return state


def _cse_partition(plan: FunctionPlan, p: int) -> bool:
    g = plan.graph
    affinity = plan.partitions[p].affinity
    top: _Scope = {}
    gone: list[int] = []
    for item in plan.items.get(p, []):
        if isinstance(item, tuple):
            scope: _Scope = {}
            for n in item:
                # an op reading no resource has the same key in the wave as at the top level
                if _visit(plan, n, affinity, True, scope, top):
                    gone.append(n)
        elif _visit(plan, item, affinity, False, top, None):
            gone.append(item)
    if not gone:
        return False
    dead = set(gone)
    part = plan.partitions[p]
    parts = list(plan.partitions)
    parts[p] = replace(part, nodes=tuple(n for n in part.nodes if n not in dead), cloned=part.cloned - dead)
    plan.partitions = tuple(parts)
    plan.waves[p] = tuple(w for w in (tuple(n for n in wave if n not in dead) for wave in plan.waves[p]) if w)
    items: list[int | tuple[int, ...]] = []
    for it in plan.items[p]:
        if isinstance(it, tuple):
            items.append(tuple(n for n in it if n not in dead))
        elif it not in dead:
            items.append(it)
    plan.items[p] = items
    erase_ops([g.nodes[n]["op"] for n in gone], plan.block)
    g.remove_nodes_from(gone)
    return True


#: Ops seen in a scope, by a cheap key (name, operands), each with its full key once it was needed.
_Scope = dict[tuple[object, ...], list[tuple[int, tuple[object, ...] | None]]]


def _visit(
    plan: FunctionPlan, n: int, affinity: A.Attribute | None, wave: bool, scope: _Scope, outer: _Scope | None
) -> bool:
    """Look op ``n`` up in ``scope``, then ``outer``: merged into the equal op found (``True``), else
    recorded in ``scope``. In a wave, each resource read is the wave's capture of it (its own key)."""
    node = adjacency(plan.graph)[0]  # (g.nodes[n], without a view call)
    op = node[n]["op"]
    if op.regions or not effect_free(op):
        return False
    # the values themselves (they hash and compare by identity); a resource read in a wave keyed apart
    if wave:  # (is_resource written out, over the op's own list: no generator, no call per operand)
        resource = T.ResourceType
        operands = tuple([("wave", v) if isinstance(v.type, resource) else v for v in op._operands])
    else:
        operands = tuple(op._operands)
    cheap = (op.op_name, operands)
    mine: tuple[object, ...] | None = None
    for known in (scope, outer):
        seen = known.get(cheap) if known is not None else None
        if not seen:
            continue
        mine = mine or _key(op, affinity)
        for k, (m, key) in enumerate(seen):
            if key is None:
                key = _key(node[m]["op"], affinity)
                seen[k] = (m, key)
            if key == mine and _merge(plan, m, n):
                return True
    scope.setdefault(cheap, []).append((n, mine))
    return False


def _key(op: Operation, affinity: A.Attribute | None) -> tuple[object, ...]:
    """What MLIR's CSE compares (:func:`scheduler.cse.equivalent`) of ``op`` besides its name and operands,
    as IREE's region holds it: without the affinities equal to the region's."""
    props = tuple(sorted((k, v) for k, v in op.properties.items() if not (k in _STRIPPED and v == affinity)))
    return (tuple(r.type for r in op.results), props, tuple(sorted(op.attributes.items())))


def _merge(plan: FunctionPlan, keep: int, drop: int) -> bool:
    """Replace op ``drop``'s results by op ``keep``'s, its edges by ``keep``'s. Refused (``False``) when
    ``drop`` depends on something ``keep`` does not (a hazard on storage, not an SSA use: merging would
    move ``drop``'s read before what it waits for) or the two depend on each other."""
    g: nx.DiGraph[int] = plan.graph
    if g.has_edge(keep, drop) or g.has_edge(drop, keep):
        return False
    if any(not g.has_edge(q, keep) for q in g.predecessors(drop)):
        return False
    a, b = g.nodes[keep]["op"], g.nodes[drop]["op"]
    for s in list(g.successors(drop)):
        kind = g.edges[drop, s]["kind"]
        if not g.has_edge(keep, s):
            g.add_edge(keep, s, kind=kind)
        elif _KIND_RANK.get(kind, 0) > _KIND_RANK.get(g.edges[keep, s]["kind"], 0):
            g.edges[keep, s]["kind"] = kind
    for mine, theirs in zip(b.results, a.results):
        mine.replace_all_uses_with(theirs)
    return True
