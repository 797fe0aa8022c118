"""Tests of timeline semaphores: which waits a signal wakes, and in what order."""

from __future__ import annotations

import simpy

from simulator.semaphores import Semaphore


def test_semaphore_signal_wakes_reached_waits_in_arrival_order() -> None:
    env = simpy.Environment()
    sem = Semaphore("s")
    log: list[tuple[str, int]] = []

    def waiter(name: str, value: int):  # type: ignore[no-untyped-def]
        yield sem.event_for(env, value)
        log.append((name, int(env.now)))

    for name, value in (("c", 3), ("a", 1), ("d", 5), ("b", 2), ("a2", 1)):
        env.process(waiter(name, value))

    def signaller():  # type: ignore[no-untyped-def]
        yield env.timeout(10)
        sem.signal(3)
        yield env.timeout(10)
        sem.signal(5)

    env.process(signaller())
    env.run()
    assert log == [("c", 10), ("a", 10), ("b", 10), ("a2", 10), ("d", 20)]
