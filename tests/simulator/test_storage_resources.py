"""simulator.storage.SlotStore and Channel against the simpy Store and Resource they stand for: random
workloads of takers (get a slot, wait, request the channel, hold it, release it, give the slot back) see
the same grants at the same times in the same order, and the environment processes the same number of
events, either way."""

from __future__ import annotations

import random
from typing import Any

import pytest
import simpy

from simulator.storage import Channel, SlotStore


def _simpy_side(env: simpy.Environment, slots: int, capacity: int) -> tuple[Any, Any]:
    store = simpy.Store(env, capacity=slots)
    store.items.extend(range(slots))
    return store, simpy.Resource(env, capacity)


def _run(lean: bool, seed: int, takers: int, slots: int, capacity: int) -> tuple[list[tuple[Any, ...]], int]:
    rng = random.Random(seed)
    plan = [(rng.choice([0, 0, 1, 3]), rng.choice([0, 1, 2]), rng.choice([0, 1, 5])) for _ in range(takers)]
    env = simpy.Environment()
    if lean:
        store: Any = SlotStore(env, slots)
        channel: Any = Channel(env, capacity)
    else:
        store, channel = _simpy_side(env, slots, capacity)
    log: list[tuple[Any, ...]] = []

    def taker(k: int, arrive: int, latency: int, hold: int) -> Any:
        yield env.timeout(arrive)
        slot = yield store.get()
        log.append((env.now, k, "slot", slot))
        yield env.timeout(latency)
        req = channel.request()
        yield req
        log.append((env.now, k, "channel"))
        yield env.timeout(hold)
        channel.release(req)
        store.put(slot)
        log.append((env.now, k, "done"))

    for k, (arrive, latency, hold) in enumerate(plan):
        env.process(taker(k, arrive, latency, hold))
    events = 0
    while env._queue:
        env.step()
        events += 1
    return log, events


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize(("slots", "capacity"), [(1, 1), (2, 1), (4, 1), (3, 2)])
def test_same_grants_in_the_same_order(seed: int, slots: int, capacity: int) -> None:
    ours = _run(True, seed, 24, slots, capacity)
    theirs = _run(False, seed, 24, slots, capacity)
    assert ours == theirs
    assert len(ours[0]) == 72


def test_a_withdrawn_request_is_never_granted() -> None:
    env = simpy.Environment()
    channel = Channel(env, 1)
    first = channel.request()
    second = channel.request()
    channel.cancel(second)
    channel.release(first)
    while env._queue:
        env.step()
    assert first.processed and not second.triggered
