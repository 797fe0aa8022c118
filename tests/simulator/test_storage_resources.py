"""simulator.storage.SlotStore, Channel and Units against the simpy Store and Resource they stand for, and
simulator.command_events.AllDone against simpy's AllOf: random workloads (takers get a slot, wait, request the
channel, hold it, release it, give the slot back; users of units take one in a ``with``; parents wait for
all their children, some failing) see the same grants and ends at the same times in the same order, and
the environment processes the same number of events and numbers them alike, either way."""

from __future__ import annotations

import random
from typing import Any

import pytest
import simpy

from simulator.command_events import AllDone
from simulator.storage import Channel, SlotStore, Units


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


def _units_run(lean: bool, seed: int, users: int, capacity: int) -> tuple[list[tuple[Any, ...]], int, int]:
    """Users of a device's units as the executor takes them (``with units.request() as req``, waiting only
    when not granted at once, some failing inside the ``with``), with storage.Units or simpy.Resource."""
    rng = random.Random(seed)
    plan = [
        (rng.choice([0, 0, 1, 2]), rng.choice([0, 1, 3]), rng.random() < 0.5, rng.random() < 0.1)
        for _ in range(users)
    ]
    env = simpy.Environment()
    units: Any = Units(env, capacity) if lean else simpy.Resource(env, capacity)
    log: list[tuple[Any, ...]] = []

    def user(k: int, arrive: int, hold: int, eager: bool, fails: bool) -> Any:
        yield env.timeout(arrive)
        try:
            with units.request() as req:
                if not (eager and req.triggered):
                    yield req
                log.append((env.now, k, "unit"))
                yield env.timeout(hold)
                if fails:
                    raise ValueError(k)
        except ValueError:
            log.append((env.now, k, "failed"))
        log.append((env.now, k, "done"))

    for k, args in enumerate(plan):
        env.process(user(k, *args))
    events = 0
    while env._queue:
        env.step()
        events += 1
    return log, events, next(env._eid)


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("capacity", [1, 2, 3])
def test_units_grant_as_simpy_resource_does(seed: int, capacity: int) -> None:
    ours = _units_run(True, seed, 20, capacity)
    assert ours == _units_run(False, seed, 20, capacity)
    assert sum(1 for entry in ours[0] if entry[2] == "done") == 20


def test_units_need_a_unit() -> None:
    with pytest.raises(ValueError, match="capacity"):
        Units(simpy.Environment(), 0)


def _join_run(lean: bool, seed: int) -> tuple[list[tuple[Any, ...]], int, int]:
    """A parent waiting for all of a few children (commands.Executor's concurrent commands), a child failing
    now and then: the parent sees the same end or the same failure at the same time, either way."""
    rng = random.Random(seed)
    env = simpy.Environment()
    log: list[tuple[Any, ...]] = []

    def child(k: int, dur: int, fails: bool) -> Any:
        yield env.timeout(dur)
        log.append((env.now, "child", k))
        if fails:
            raise ValueError(k)
        return k

    def parent(p: int) -> Any:
        yield env.timeout(rng.choice([0, 1]))
        procs = [env.process(child(10 * p + k, rng.choice([0, 1, 4]), rng.random() < 0.15)) for k in range(3)]
        try:
            yield AllDone(env, procs) if lean else env.all_of(procs)
            log.append((env.now, "parent", p))
        except ValueError as exc:
            log.append((env.now, "parent failed", p, exc.args))
            for proc in procs:  # a second failure is nobody's: defuse it here, as a test of the order
                if not proc.triggered:
                    proc.defused = True

    for p in range(4):
        env.process(parent(p))
    events = 0
    while env._queue:
        try:
            env.step()
        except ValueError as exc:  # a child's failure nobody defused stops the run, either way
            log.append((env.now, "crash", exc.args))
            break
        events += 1
    return log, events, next(env._eid)


@pytest.mark.parametrize("seed", range(16))
def test_all_done_is_all_of(seed: int) -> None:
    assert _join_run(True, seed) == _join_run(False, seed)
