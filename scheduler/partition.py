"""Partitioning: which ops share an execution region, and which ops of a region run as one wave.

Both algorithms are IREE's reference ones (``ReferencePartitioning.cpp``), written over the graph of
:func:`scheduler.graph.build_graph`. They walk the ops bottom-up; every op records, as bit sets, the
partitions it is a member of and the partitions that transitively depend on it (its hazards). An op joins
the partition of its consumers when nothing forbids it, otherwise the first open partition it may join,
otherwise a new one. Partitions are made in reverse order and returned in forward (topological) order.

Examples
--------
Two dispatches, the second using the first, share one region and take two waves:

>>> import networkx as nx
>>> from scheduler.access import OpInfo, STREAMABLE
>>> g = nx.DiGraph()
>>> g.add_node(0, info=OpInfo(STREAMABLE), op=None, label="a")
>>> g.add_node(1, info=OpInfo(STREAMABLE), op=None, label="b")
>>> g.add_edge(0, 1, kind="hazard")
>>> [p.nodes for p in partition_execution(g)]
[(0, 1)]
>>> partition_concurrency(g, (0, 1), favor="min-peak-memory")
((0,), (1,))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import networkx as nx

from ir import Operation
from ir import attributes as A
from scheduler.access import (
    CONSTANT,
    EFFECT,
    GLOBAL_STORE,
    METADATA,
    PURE,
    STREAMABLE,
    affinities_compatible,
    has_hazard,
    join_affinity,
)
from scheduler.errors import CyclicPartitionError, ScheduleError
from scheduler.graph import adjacency

FAVORS = ("debug", "min-peak-memory", "max-concurrency")


@dataclass(frozen=True)
class Partition:
    """Ops (graph nodes, in block order) that become one execution region, and its affinity."""

    nodes: tuple[int, ...]
    affinity: A.Attribute | None = None
    # Nodes IREE clones into this partition (preferCloneToConsumers): each partition that consumes them
    # gets its own copy, which escapes only to ops that are not streamable.
    cloned: frozenset[int] = frozenset()


def _bits(x: int) -> Iterable[int]:
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


class _Builder:
    __slots__ = ("affinity", "cloned", "hazards", "ops", "ordinal")

    def __init__(self, ordinal: int) -> None:
        self.ordinal = ordinal
        self.affinity: A.Attribute | None = None
        self.ops: list[int] = []
        self.hazards = 0
        self.cloned: set[int] = set()


def partition_execution(
    g: nx.DiGraph[int],
    *,
    nodes: Iterable[int] | None = None,
    opaque: frozenset[int] = frozenset(),
    freeze: frozenset[int] = frozenset(),
    clone: frozenset[str] | Callable[[Operation], bool] = frozenset(),
) -> tuple[Partition, ...]:
    """Greedy bottom-up partitioning of the streamable ops of ``g`` into execution regions.

    Parameters
    ----------
    g : networkx.DiGraph
        A graph from :func:`~scheduler.graph.build_graph` (node attribute ``info``).
    nodes : iterable of int, optional
        The nodes to consider, in block order (all by default).
    opaque : frozenset of int, optional
        Nodes placed in no partition and seen as host ops without side effects (the ops of an execution
        region the input already has, which IREE schedules around).
    freeze : frozenset of int, optional
        Nodes no partition grows across (as a host op with side effects): where a region of the input
        with effects stands.
    clone : frozenset of str or callable, optional
        The ops IREE prefers to clone into their consumers (``preferCloneToConsumers``), by name or by a
        predicate: such an op
        consumed by several partitions joins each of them, so partitions may then share a node.

    Returns
    -------
    tuple of Partition
        In an order where no partition depends on a later one. Ops that are not streamable belong to none.
    """
    order = sorted(g.nodes) if nodes is None else list(nodes)
    node, succ, _ = adjacency(g)
    builders: list[_Builder] = []
    usable = 0
    membership: dict[int, int] = {}
    hazards_of: dict[int, int] = {}
    sync_ops = _sync_ops(g, order, opaque)
    nested_of: dict[int, int] = {}
    deferred = {s for ss in sync_ops.values() for s in ss}
    # the users _used_inside may answer True for (ops with regions that are not streamable; a user it is
    # asked about is one of ``order``): no call per edge to the others, nearly every user
    holders = {
        n
        for n in order
        if getattr(node[n].get("op"), "regions", None) and node[n]["info"].kind not in (STREAMABLE, METADATA)
    }

    clones_of: dict[int, bool] = {}  # clones_node's answers: the graph does not change here

    def clones_node(n: int) -> bool:
        # A clone whose source a later op writes in place (a storage hazard edge, which IREE's graph has
        # not) is not copied into its consumers: a copy in a region after the write would read its bytes.
        known = clones_of.get(n)
        if known is not None:
            return known
        op = node[n].get("op")
        answer = clones_of[n] = bool(
            op is not None
            and _clones(op, clone)
            and not any(succ[n][s].get("kind") == "hazard" for s in succ[n])
        )
        return answer

    def can_add(n: int, op_hazards: int, ordinal: int, check_clones: bool = True) -> bool:
        info = node[n]["info"]
        if not affinities_compatible(info.affinity, builders[ordinal].affinity):
            return False
        if nested_of.get(n, 0) >> ordinal & 1:
            return False  # a partition that consumes the result of a region op using n inside
        if check_clones and clones_node(n):
            # A cloned op minds only the hazards of its users in the candidate partition.
            op_hazards = 0
            for user in succ[n]:
                if membership.get(user, 0) >> ordinal & 1:
                    op_hazards |= hazards_of.get(user, 0)
        else:
            op_hazards |= nested_of.get(n, 0)
        for h in _bits(op_hazards):
            if ordinal < h:
                return False
            if h != ordinal and builders[h].hazards >> ordinal & 1:
                return False
        return True

    for n in reversed(order):
        info = node[n]["info"]
        kind = info.kind
        if kind in (CONSTANT, GLOBAL_STORE) or n in deferred:
            continue
        streamable = kind in (STREAMABLE, METADATA) and n not in opaque
        if n in opaque:
            kind = PURE
        if n in freeze or (not streamable and kind == EFFECT):
            usable = 0
        hazards = 0
        consumers = 0
        # Partitions of the later in-place writers of what n reads or writes (storage hazard edges,
        # which IREE's SSA-only graph has not): n may join them (it stands before them in block order)
        # unless its SSA uses (IREE's own hazards) forbid them
        storage = 0
        ssa = 0
        nested = 0
        cloneable = clones_node(n)
        for user in succ[n]:
            if user not in hazards_of:
                continue
            m = membership.get(user, 0)
            if user in holders and _used_inside(g, n, user):
                # IREE's nestedRegionHazards: the partitions consuming a region op's results can never
                # hold what the region uses (n cannot join them), and they are n's hazards, which the
                # ops n uses inherit.
                nested |= hazards_of[user]
                hazards |= m | hazards_of[user]  # IREE's nestedConsumers
                continue
            consumers |= m
            hazards |= m | hazards_of[user]
            if succ[n][user].get("kind") == "hazard":
                storage |= m
            else:
                ssa |= m | hazards_of[user]
        for sync in sync_ops.get(n, ()):
            # The sync op will join this op's partition: its users count as this op's (IREE's
            # getEffectiveUserInfo): a use inside a region op's regions makes the partitions consuming
            # that op's results nested-region hazards; a use in the block makes its partitions hazards,
            # and the op then has no consumers.
            for user in succ[sync]:
                if user not in hazards_of:
                    continue
                if user in holders and _used_inside(g, sync, user):
                    nested |= hazards_of[user]
                if _used_directly(g, sync, user):
                    hazards |= membership.get(user, 0) | hazards_of[user]
                    ssa |= membership.get(user, 0) | hazards_of[user]
                    consumers = 0
        if sync_ops.get(n) and storage & ~ssa:
            # IREE drops n's consumers once a sync op of n has a user in the block, those its SSA uses
            # gave; a storage hazard is none of them, and only orders n before that writer: n may
            # still join the writer's partition where no SSA use forbids it, as IREE's n (without the
            # hazard) may
            consumers |= storage & ~ssa
        if nested:
            nested_of[n] = nested
        if not streamable:  # (it joins no partition: no candidates to weigh)
            hazards_of[n] = hazards
            continue
        all_mask = (1 << len(builders)) - 1
        candidates = ((~hazards & all_mask) | consumers) & usable
        for ordinal in list(_bits(candidates)):
            syncs_fit = all(can_add(sync, hazards, ordinal) for sync in sync_ops.get(n, ()))
            if not can_add(n, hazards, ordinal) or not syncs_fit:
                candidates &= ~(1 << ordinal)
        if cloneable and (candidates & consumers).bit_count() != consumers.bit_count():
            # Cloned into only some of its consumers: the others depend on the partition it joins, so
            # every hazard counts again (IREE's re-check without the clone rule).
            for ordinal in list(_bits(candidates)):
                syncs_fit = all(can_add(sync, hazards, ordinal, False) for sync in sync_ops.get(n, ()))
                if not can_add(n, hazards, ordinal, False) or not syncs_fit:
                    candidates &= ~(1 << ordinal)
        if consumers & candidates:
            candidates = consumers & candidates
        if cloneable and consumers & candidates and ((consumers & candidates).bit_count() > 1 or nested):
            # The sync ops join the first candidate (IREE inserts them before cloning the op).
            first = builders[((consumers & candidates) & -(consumers & candidates)).bit_length() - 1]
            for sync in sync_ops.get(n, ()):
                first.affinity = join_affinity(first.affinity, node[sync]["info"].affinity)
                first.ops.append(sync)
            membership[n] = consumers & candidates
            for t in _bits(consumers & candidates):
                builders[t].ops.append(n)
                builders[t].cloned.add(n)
                builders[t].hazards |= (hazards | nested) & ~(1 << t)
            hazards_of[n] = hazards & ~(consumers & candidates)
            continue
        if candidates:
            target = (candidates & -candidates).bit_length() - 1
        else:
            if builders:
                hazards |= (1 << (len(builders) - 1)) - 1
            target = len(builders)
            builders.append(_Builder(target))
            usable |= 1 << target
        b = builders[target]
        for sync in sync_ops.get(n, ()):
            b.affinity = join_affinity(b.affinity, node[sync]["info"].affinity)
            b.ops.append(sync)
        b.affinity = join_affinity(b.affinity, info.affinity)
        membership[n] = membership.get(n, 0) | 1 << target
        hazards &= ~(1 << target)
        hazards_of[n] = hazards
        b.ops.append(n)
        b.hazards |= hazards | nested
    return tuple(
        Partition(tuple(reversed(b.ops)), b.affinity, frozenset(b.cloned)) for b in reversed(builders)
    )


def _clones(op: Operation, clone: frozenset[str] | Callable[[Operation], bool]) -> bool:
    return clone(op) if callable(clone) else op.op_name in clone


def _used_inside(g: nx.DiGraph[int], producer: int, user: int) -> bool:
    """Whether ``user`` is an op with regions that is not streamable and uses what ``producer`` makes
    inside its regions (not as an operand of its own)."""
    node = adjacency(g)[0]
    holder = node[user].get("op")
    made = node[producer].get("op")
    if (
        holder is None
        or made is None
        or not holder.regions
        or node[user]["info"].kind in (STREAMABLE, METADATA)
    ):
        return False
    for r in made.results:
        for op, _ in r.uses:
            if op is not holder and any(a is holder for a in op.ancestors()):
                return True
    return False


def _used_directly(g: nx.DiGraph[int], producer: int, user: int) -> bool:
    """Whether ``user`` takes what ``producer`` makes as an operand of its own."""
    node = adjacency(g)[0]
    holder = node[user].get("op")
    made = node[producer].get("op")
    if holder is None or made is None:
        return True
    return any(u is holder for r in made.results for u, _ in r.uses)


def _sync_ops(
    g: nx.DiGraph[int],
    order: list[int],
    opaque: frozenset[int],
) -> dict[int, list[int]]:
    """Transfers (and barriers) that join the partition of their producer, by producer (IREE's
    ``syncOps``): a ``stream.async.transfer`` whose source is made by a streamable op of ``order`` it can
    execute with. A producer IREE prefers to clone has them too: its sync ops' users make its consumers
    hazards, so it joins one partition (a new one when none fits) instead of being cloned."""
    node = adjacency(g)[0]
    # IREE meets them bottom-up: a producer's last sync op first. (Most blocks have none: then no table of
    # every node's op is made.)
    found = [n for n in reversed(order) if getattr(node[n].get("op"), "op_name", "") in _SYNC_NAMES]
    if not found:
        return {}
    inside = set(order) - opaque
    node_of = {id(node[n].get("op")): n for n in inside}
    out: dict[int, list[int]] = {}
    for n in found:
        op = node[n]["op"]
        name = op.op_name
        if n in opaque:
            continue
        # A barrier is a sync op where it is classified streamable (the standalone pass; the pipeline
        # keeps it a host op).
        barrier = name == "stream.async.barrier" and node[n]["info"].kind in (STREAMABLE, METADATA)
        if name != "stream.async.transfer" and not barrier:
            continue
        producer = node_of.get(id(op.operands[0].defining_op))
        if producer is None or node[producer]["info"].kind not in (STREAMABLE, METADATA):
            continue
        if barrier or affinities_compatible(node[n]["info"].affinity, node[producer]["info"].affinity):
            out.setdefault(producer, []).append(n)
    return out


_SYNC_NAMES = frozenset({"stream.async.transfer", "stream.async.barrier"})


def partition_concurrency(
    g: nx.DiGraph[int], nodes: Iterable[int], *, favor: str, no_wave: frozenset[int] = frozenset()
) -> tuple[tuple[int, ...], ...]:
    """Waves of hazard-free ops inside one execution region, in forward order.

    ``max-concurrency`` sinks each op into the latest wave it may join, ``min-peak-memory`` keeps it in
    the earliest (nearest its uses when walking bottom-up, so nearest its original place), ``debug`` makes
    one wave per op. Metadata ops (``stream.async.alloca``) take no wave, nor the nodes of ``no_wave``
    (taken as metadata: IREE's ``stream.async.constant``, which the pipeline otherwise counts streamable).

    Examples
    --------
    >>> import networkx as nx
    >>> from scheduler.access import OpInfo, STREAMABLE
    >>> g = nx.DiGraph()
    >>> for n in range(4):
    ...     g.add_node(n, info=OpInfo(STREAMABLE))
    >>> g.add_edges_from([(1, 2), (2, 3)], kind="hazard")
    >>> partition_concurrency(g, range(4), favor="max-concurrency")
    ((1,), (2,), (0, 3))
    >>> partition_concurrency(g, range(4), favor="min-peak-memory")
    ((0, 1), (2,), (3,))
    """
    if favor not in FAVORS:
        raise ScheduleError(f"unknown favor {favor!r}; expected one of {', '.join(FAVORS)}")
    order = list(nodes)
    node, succ, _ = adjacency(g)
    if favor == "debug":
        return tuple((n,) for n in order if node[n]["info"].kind == STREAMABLE and n not in no_wave)
    inside = set(order)
    waves: list[list[int]] = []
    # The waves an op may not join, as ``(k, r)``: waves ``0..k-1`` all, and wave ``k + i`` where bit ``i`` of
    # ``r`` is set (the mask ``(1 << k) - 1 | r << k``). Hazards pass on to what an op uses, so an op's mask
    # covers nearly every wave below the last: a plain int mask of every op was as long as the waves are
    # many (10,000 dispatches: 6,666 waves, 11 MiB of masks; 100,000: ~1 GiB, and each | and & as long).
    wave_of: dict[int, int] = {}  # an op's wave
    hazards_of: dict[int, tuple[int, int]] = {}
    max_concurrency = favor == "max-concurrency"
    for n in reversed(order):
        info = node[n]["info"]
        if info.kind == CONSTANT:
            continue
        hk = hr = 0
        for user in succ[n]:
            if user not in inside or user not in hazards_of:
                continue
            kind = succ[n][user].get("kind")
            if kind == "hazard" or has_hazard(info, node[user]["info"]):
                t = wave_of.get(user)
                if t is not None and t >= hk:
                    hr |= 1 << (t - hk)
            uk, ur = hazards_of[user]  # (the two masks or'ed: the longer prefix, the rest shifted to it)
            if uk > hk:
                hr = ur | (hr >> (uk - hk))
                hk = uk
            else:
                hr |= ur >> (hk - uk)
            if hr & 1:  # the waves from hk on that are all taken join the prefix
                ones = (~hr & (hr + 1)).bit_length() - 1
                hr >>= ones
                hk += ones
        free = ~hr & ((1 << (len(waves) - hk)) - 1) if len(waves) > hk else 0
        if info.kind != STREAMABLE or n in no_wave:
            hazards_of[n] = (hk, hr)
            continue
        if free:
            rel = (free & -free).bit_length() - 1 if max_concurrency else free.bit_length() - 1
            target = hk + rel
            waves[target].append(n)
            wave_of[n] = target
            # every wave below the target, not the target, those above it as before
            hazards_of[n] = (target, (hr >> rel) & ~1)
            continue
        # a new wave: every wave before it is a hazard (the mask or'ed with all of them)
        wave_of[n] = len(waves)
        hazards_of[n] = (len(waves), hr >> (len(waves) - hk))
        waves.append([n])
    return tuple(tuple(reversed(w)) for w in reversed(waves))


def check_partitions(g: nx.DiGraph[int], partitions: Iterable[Partition]) -> None:
    """Raise :class:`CyclicPartitionError` when the regions cannot be ordered, naming the ops involved.

    Each partition is contracted to one node; any cycle in what remains is a cycle between regions (or
    through host ops that a region both feeds and needs).

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.DiGraph([(0, 1), (1, 2)])
    >>> nx.set_node_attributes(g, {0: "a", 1: "host", 2: "b"}, "label")
    >>> check_partitions(g, [Partition((0, 2))])
    Traceback (most recent call last):
    ...
    scheduler.errors.CyclicPartitionError: execution regions form a cycle: region 0 {0: a, 2: b} -> 1: host -> region 0 {0: a, 2: b}
    """
    parts = list(partitions)
    if _contracted_acyclic(g, parts):
        return
    owner: dict[int, str] = {}
    for i, p in enumerate(parts):
        key = f"p{i}"
        for n in p.nodes:
            owner[n] = key
    h: nx.DiGraph[int | str] = nx.DiGraph()
    h.add_nodes_from(owner.get(n, n) for n in g.nodes)
    contracted = ((owner.get(u, u), owner.get(v, v)) for u, v in g.edges)
    h.add_edges_from((a, b) for a, b in contracted if a != b)
    if nx.is_directed_acyclic_graph(h):
        return
    names: dict[str, str] = {}
    for i, p in enumerate(parts):
        members = ", ".join(f"{n}: {_describe(g, n)}" for n in p.nodes)
        names[f"p{i}"] = f"region {i} {{{members}}}"
    cycle = nx.find_cycle(h)
    path = [a for a, _ in cycle] + [cycle[0][0]]
    text = " -> ".join(names[x] if isinstance(x, str) else f"{x}: {_describe(g, x)}" for x in path)
    raise CyclicPartitionError(f"execution regions form a cycle: {text}")


def _contracted_acyclic(g: nx.DiGraph[int], parts: list[Partition]) -> bool:
    """Whether ``g`` with the nodes of each partition merged into one (a node of several: the last
    partition holding it) has no cycle: Kahn's algorithm on networkx's successor dicts, the answer the
    contracted ``nx.DiGraph`` gives without building one, which took most of this check on large blocks.

    Over lists indexed by node (the graph's nodes are block positions, ``0..n-1`` less the ops a stage
    erased): a contracted node is its node, or ``top + i`` for partition ``i``. A graph whose nodes are not
    such ints takes the same algorithm over dicts (:func:`_contracted_acyclic_keyed`)."""
    internals: Any = g  # the typing stubs leave out the adjacency dicts
    succ = internals._succ
    if not succ:
        return True
    try:
        top = max(succ) + 1
        plain = min(succ) >= 0 and all(n.__class__ is int for n in succ)
    except TypeError:
        plain = False
    if not plain:
        return _contracted_acyclic_keyed(g, parts)
    comp = list(range(top))
    for i, p in enumerate(parts):
        k = top + i
        for n in p.nodes:
            if n.__class__ is int and 0 <= n < top:
                comp[n] = k
    indegree = [0] * (top + len(parts))
    members: list[list[int]] = [[] for _ in parts]
    count = 0  # contracted nodes that hold a node of the graph
    for u, nbrs in succ.items():
        a = comp[u]
        if a >= top:
            m = members[a - top]
            if not m:
                count += 1
            m.append(u)
        else:
            count += 1
        for v in nbrs:
            b = comp[v]
            if a != b:
                indegree[b] += 1
    ready = [n for n in succ if comp[n] == n and not indegree[n]]
    ready += [top + i for i, m in enumerate(members) if m and not indegree[top + i]]
    seen = 0
    while ready:
        k = ready.pop()
        seen += 1
        for u in members[k - top] if k >= top else (k,):
            for v in succ[u]:
                b = comp[v]
                if b != k:
                    indegree[b] -= 1
                    if not indegree[b]:
                        ready.append(b)
    return seen == count


def _contracted_acyclic_keyed(g: nx.DiGraph[int], parts: list[Partition]) -> bool:
    """:func:`_contracted_acyclic` for a graph of any hashable nodes (dicts keyed by contracted node)."""
    owner: dict[Any, Any] = {}
    for i, p in enumerate(parts):
        for n in p.nodes:
            owner[n] = ("partition", i)
    internals: Any = g  # the typing stubs leave out the adjacency dicts
    indegree: dict[Any, int] = {}
    succ: dict[Any, list[Any]] = {}
    owner_of = owner.get
    for u, nbrs in internals._succ.items():
        a = owner_of(u, u)
        targets = succ.get(a)
        if targets is None:
            indegree[a] = 0
            targets = succ[a] = []
        for v in nbrs:
            b = owner_of(v, v)
            if a != b:
                targets.append(b)
    for targets in succ.values():
        for b in targets:
            indegree[b] += 1
    ready = [k for k, d in indegree.items() if d == 0]
    seen = 0
    while ready:
        k = ready.pop()
        seen += 1
        for b in succ[k]:
            indegree[b] -= 1
            if indegree[b] == 0:
                ready.append(b)
    return seen == len(indegree)


def _describe(g: nx.DiGraph[int], n: int) -> str:
    op = g.nodes[n].get("op")
    if op is not None:
        return str(op.describe())
    return str(g.nodes[n].get("label", n))


def partitioning_favor(op: Operation) -> str | None:
    """The favor of ``op``'s own ``stream.partitioning`` config attribute (``#stream.partitioning_config<
    "max-concurrency">``), if it has one.

    Examples
    --------
    >>> from ir import ProgramBuilder
    >>> pb = ProgramBuilder()
    >>> f = pb.function("f", [], [])
    >>> partitioning_favor(f) is None
    True
    """
    attr = op.attr("stream.partitioning")
    if attr is None:
        return None
    text = str(attr)
    for f in FAVORS:
        if f in text:
            return f
    return None
