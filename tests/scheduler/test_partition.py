from __future__ import annotations

import networkx as nx
import pytest

from ir import attributes as A
from scheduler import (
    CyclicPartitionError,
    Partition,
    check_partitions,
    partition_concurrency,
    partition_execution,
)
from scheduler.access import EFFECT, STREAMABLE, OpInfo


def dev(name: str, queues: tuple[int, ...] | None = None) -> A.DeviceAffinityAttr:
    return A.DeviceAffinityAttr(A.SymbolRefAttr(name), queues)


def graph(kinds, edges, affinities=None, kind="use"):
    g = nx.DiGraph()
    for n, k in enumerate(kinds):
        g.add_node(n, info=OpInfo(k, (affinities or {}).get(n)), label=f"op{n}")
    g.add_edges_from(edges, kind=kind)
    return g


def test_partition_chain_is_one_region():
    g = graph([STREAMABLE] * 3, [(0, 1), (1, 2)])
    assert partition_execution(g) == (Partition((0, 1, 2), None),)


def test_partition_side_effect_flushes_open_regions():
    g = graph([STREAMABLE, EFFECT, STREAMABLE], [])
    assert [p.nodes for p in partition_execution(g)] == [(0,), (2,)]


def test_partition_splits_incompatible_affinities():
    g = graph([STREAMABLE, STREAMABLE], [(0, 1)], {0: dev("a"), 1: dev("b")})
    parts = partition_execution(g)
    assert [p.nodes for p in parts] == [(0,), (1,)]
    assert [p.affinity for p in parts] == [dev("a"), dev("b")]


def test_partition_joins_queue_subset_affinities():
    g = graph([STREAMABLE, STREAMABLE], [(0, 1)], {0: dev("a", (0, 1)), 1: dev("a", (0,))})
    parts = partition_execution(g)
    assert [p.nodes for p in parts] == [(0, 1)]
    assert parts[0].affinity == dev("a", (0,))


def test_partition_host_consumer_between_producers_splits_regions():
    # 0 -> host 1 -> 2: region {0, 2} would need the host op both before and after it.
    g = graph([STREAMABLE, "pure", STREAMABLE], [(0, 1), (1, 2)])
    parts = partition_execution(g)
    check_partitions(g, parts)
    assert [p.nodes for p in parts] == [(0,), (2,)]


def test_partition_rejects_cycle():
    g = graph([STREAMABLE, "pure", STREAMABLE], [(0, 1), (1, 2)])
    with pytest.raises(CyclicPartitionError, match=r"region 0 \{0: op0, 2: op2\} -> 1: op1"):
        check_partitions(g, [Partition((0, 2))])


@pytest.mark.parametrize(
    ("favor", "waves"),
    [
        ("min-peak-memory", ((0, 1), (2,), (3,))),
        ("max-concurrency", ((1,), (2,), (0, 3))),
        ("debug", ((0,), (1,), (2,), (3,))),
    ],
    ids=["min-peak-memory", "max-concurrency", "debug"],
)
def test_partition_concurrency_favor(favor, waves):
    g = graph([STREAMABLE] * 4, [(1, 2), (2, 3)], kind="hazard")
    assert partition_concurrency(g, range(4), favor=favor) == waves


def test_partition_concurrency_read_read_is_no_hazard():
    g = graph([STREAMABLE] * 2, [])
    assert partition_concurrency(g, range(2), favor="min-peak-memory") == ((0, 1),)


def _contracted_is_dag(g, parts):
    """The reference answer: the contracted graph built with networkx."""
    owner = {n: ("p", i) for i, p in enumerate(parts) for n in p.nodes}
    h = nx.DiGraph()
    h.add_nodes_from(owner.get(n, n) for n in g.nodes)
    h.add_edges_from(
        (owner.get(u, u), owner.get(v, v)) for u, v in g.edges if owner.get(u, u) != owner.get(v, v)
    )
    return nx.is_directed_acyclic_graph(h)


@pytest.mark.parametrize("seed", range(40))
def test_check_partitions_matches_contracted_graph(seed):
    # random DAGs of block positions (some nodes removed, as CSE does), random partitions sharing some
    # nodes: check_partitions raises exactly when networkx's contracted graph has a cycle, over int nodes
    # (the indexed path) and the same graph relabelled to tuples (the keyed one)
    import random

    rng = random.Random(seed)
    n = rng.randint(2, 14)
    g = nx.DiGraph()
    g.add_nodes_from(range(n), label="op")
    g.add_edges_from((u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < 0.25)
    g.remove_nodes_from([x for x in range(n) if rng.random() < 0.15])
    nodes = list(g.nodes)
    parts = [
        Partition(tuple(sorted(rng.sample(nodes, min(len(nodes), rng.randint(1, 3))))))
        for _ in range(rng.randint(1, 3))
    ]
    expected = _contracted_is_dag(g, parts)
    named = nx.relabel_nodes(g, {x: (x,) for x in g.nodes})
    for graph_, parts_ in ((g, parts), (named, [Partition(tuple((x,) for x in p.nodes)) for p in parts])):
        if expected:
            check_partitions(graph_, parts_)
        else:
            with pytest.raises(CyclicPartitionError):
                check_partitions(graph_, parts_)
