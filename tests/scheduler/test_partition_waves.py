"""partition_concurrency's hazard masks (a prefix of taken waves and the bits past it) against the plain
int masks it used before, one bit a wave: the same waves on random graphs, both favors."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from ir import Value
from ir import types as T
from scheduler import partition_concurrency
from scheduler.access import (
    CONSTANT,
    EFFECT,
    METADATA,
    PURE,
    READ,
    READ_WRITE,
    STREAMABLE,
    WRITE,
    Access,
    OpInfo,
    has_hazard,
)


def _int_masks(g, nodes, favor, no_wave=frozenset()):
    """The waves as partition_concurrency found them with one int mask an op (every wave a bit)."""
    order = list(nodes)
    inside = set(order)
    waves: list[list[int]] = []
    membership: dict[int, int] = {}
    hazards_of: dict[int, int] = {}
    for n in reversed(order):
        info = g.nodes[n]["info"]
        if info.kind == CONSTANT:
            continue
        hazards = 0
        for user in g.successors(n):
            if user not in inside or user not in hazards_of:
                continue
            if g.edges[n, user].get("kind") == "hazard" or has_hazard(info, g.nodes[user]["info"]):
                hazards |= membership.get(user, 0)
            hazards |= hazards_of[user]
        all_mask = (1 << len(waves)) - 1
        candidates = ~hazards & all_mask
        if info.kind != STREAMABLE or n in no_wave:
            hazards_of[n] = hazards
            continue
        if candidates:
            if favor == "max-concurrency":
                target = (candidates & -candidates).bit_length() - 1
            else:
                target = candidates.bit_length() - 1
            waves[target].append(n)
            membership[n] = 1 << target
            hazards_of[n] = (hazards | ((1 << target) - 1)) & ~(1 << target)
            continue
        hazards |= all_mask
        membership[n] = 1 << len(waves)
        hazards_of[n] = hazards
        waves.append([n])
    return tuple(tuple(reversed(w)) for w in reversed(waves))


def _random_graph(rng: random.Random, size: int) -> tuple[nx.DiGraph, frozenset[int]]:
    values = [Value(T.ResourceType("transient")) for _ in range(4)]
    kinds = [STREAMABLE] * 6 + [CONSTANT, EFFECT, PURE, METADATA]
    g: nx.DiGraph = nx.DiGraph()
    for n in range(size):
        accesses = tuple(
            Access(rng.choice(values), rng.choice((READ, WRITE, READ_WRITE)), 0, 16) for _ in range(rng.randrange(3))
        )
        g.add_node(n, info=OpInfo(rng.choice(kinds), None, accesses))
    for n in range(size):
        # chains (a ladder's layers: many waves) and some long edges
        for m in rng.sample(range(n + 1, min(size, n + 6)), min(2, max(0, min(size, n + 6) - n - 1))):
            g.add_edge(n, m, kind=rng.choice(("use", "use", "hazard")))
        if rng.random() < 0.1 and n + 1 < size:
            g.add_edge(n, rng.randrange(n + 1, size), kind="use")
    no_wave = frozenset(n for n in range(size) if rng.random() < 0.05)
    return g, no_wave


@pytest.mark.parametrize("favor", ["min-peak-memory", "max-concurrency"])
def test_waves_equal_the_int_masks_on_random_graphs(favor):
    rng = random.Random(20)
    for trial in range(300):
        g, no_wave = _random_graph(rng, rng.randrange(1, 120))
        nodes = [n for n in g.nodes if rng.random() < 0.95] if trial % 3 else list(g.nodes)
        assert partition_concurrency(g, nodes, favor=favor, no_wave=no_wave) == _int_masks(g, nodes, favor, no_wave)


@pytest.mark.parametrize("favor", ["min-peak-memory", "max-concurrency"])
def test_a_long_ladder_has_a_wave_a_step(favor):
    # pairs of independent ops joined by a third, 2,000 times (the scale programs' shape): 3,999 waves
    g: nx.DiGraph = nx.DiGraph()
    for n in range(6000):
        g.add_node(n, info=OpInfo(STREAMABLE))
    for layer in range(1, 2000):
        j = 3 * layer - 1
        for a in (j + 1, j + 2, j + 3):
            g.add_edge(j, a, kind="hazard")
        g.add_edge(j + 1, j + 3, kind="hazard")
        g.add_edge(j + 2, j + 3, kind="hazard")
    waves = partition_concurrency(g, range(6000), favor=favor)
    assert waves == _int_masks(g, range(6000), favor)
    assert len(waves) == 3999
