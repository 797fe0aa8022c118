"""The paired measurement of benchmarks/scale.py: the engine's event rate against raw simpy's, in one child.

Event rates, counted alike on both sides as calls of ``simpy.Environment.step`` (one processed event
each): the engine counts the events it steps (``Engine.events_processed``; its loop is ``step`` written
out, one count per event popped and processed) and times each batch of them (``Engine.batches``: events and
CPU seconds per run of up to 2,000 events between two returns to the event loop), and raw simpy runs
``with res.request(): yield env.timeout(1)`` cycles of one process on a one-slot ``simpy.Resource``,
counting its own ``env.step()`` calls. Both rates are events per second of CPU time of the stepping alone.
Two ratios:

- ``paired`` (the issue 20 figure): in each timed child, the simulate runs on an event loop beside a task
  that, after every ``PAIRED_BATCHES`` (10) batches of the engine, runs a raw simpy burst of
  ``PAIRED_CYCLES`` (10,000) cycles, and one more after the run; the collector is paused for both (the run
  pauses it). The whole run's ratio is all the engine's events over the CPU seconds of its batches, over all
  the bursts' events over theirs: the two sides take turns every few tens of milliseconds, so the host's
  speed states (1.4x apart on the AMD host) fall on both alike. Per window (the batches between two bursts
  over the burst after them) the median and range show the spread within the run. The simulate's figures
  leave the bursts out (their CPU and wall seconds, set-up included, are taken off). ``long batches``:
  the batches over ``LONG_BATCH`` (20) times the median batch's CPU, which run long stretches of host
  interpretation (the initializer's parameter load, the recording of the main function's command buffer)
  rather than events; the CPU they take beyond what their events would at the rate of the other batches
  (the host's work in them), and the ratio of the other batches alone (the events proper).
- ``event rate`` (per child): each child's whole event phase over raw simpy's best of three bursts of
  ``--simpy-cycles`` cycles right after it (the best child, ± the spread): one long phase against short
  bursts, it swings with the host's speed states (0.26-0.46 at 10,000 dispatches). The parent's raw figure,
  from before the children, is printed too.

:func:`paired_run` drives the simulate and the bursts, :func:`figures` turns one run's batches and bursts
into the figures, and :func:`print_lines` prints the ``paired`` and ``long batches`` lines of a size.
``benchmarks/scale.py`` loads this file by its path (as its other siblings: benchmarks/ holds scripts
named like the packages).
"""

from __future__ import annotations

import asyncio
import statistics
import time


def raw_simpy_rate(cycles: int) -> tuple[float, int]:
    """Events per CPU second of raw simpy: request/timeout/release cycles on a one-slot resource."""
    n, seconds = raw_simpy_events(cycles)
    return n / seconds, n


def raw_simpy_events(cycles: int) -> tuple[int, float]:
    """Raw simpy's events (``Environment.step`` calls) and the CPU seconds of stepping them: ``cycles``
    request/timeout/release cycles of one process on a one-slot resource."""
    import simpy

    env = simpy.Environment()
    res = simpy.Resource(env, 1)

    def proc():  # type: ignore[no-untyped-def]
        for _ in range(cycles):
            with res.request() as req:
                yield req
                yield env.timeout(1)

    env.process(proc())
    queue, step, n = env._queue, env.step, 0
    start = time.process_time()
    while queue:
        step()
        n += 1
    return n, time.process_time() - start


#: Engine batches (of ``simulator.engine.EVENTS_PER_BATCH`` events) per window of the paired measurement.
PAIRED_BATCHES = 10
#: Raw simpy cycles per burst of the paired measurement (about as many events as a window's).
PAIRED_CYCLES = 10_000
#: A batch is a long one (host interpretation) when its CPU seconds exceed this many times the median batch's.
LONG_BATCH = 20


def paired_run(run, cycles: int, every: int, bursts: list[tuple[int, int, float, float, float]]):  # type: ignore[no-untyped-def]
    """Drive the coroutine ``run`` (a ``Session.invoke``) on an event loop beside a task that, after every
    ``every`` engine batches (the engine returns to the loop once per batch), runs a raw simpy burst of
    ``cycles`` cycles and appends ``(batches before it, events, stepping CPU s, CPU s, wall s)`` to
    ``bursts``; one more burst follows the run, for its last window (its first field: the loop's turns
    during the run, one per batch but the last). Returns the run's result."""
    box = []

    async def main() -> None:
        task = asyncio.ensure_future(run)
        turns = 0
        while True:
            await asyncio.sleep(0)  # the engine steps one batch, then returns to the loop
            if task.done():
                break
            turns += 1
            if turns % every == 0:
                bursts.append((turns, *_raw_burst(cycles)))
        bursts.append((turns, *_raw_burst(cycles)))
        box.append(task.result())  # (main returns None: asyncio.run formats the main task's result)

    asyncio.run(main())
    return box[0]


def _raw_burst(cycles: int) -> tuple[int, float, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    events, seconds = raw_simpy_events(cycles)
    # The burst's whole clocks (set-up included), for taking it out of the simulate's; its rate counts the
    # stepping alone, as the engine's batches count theirs.
    return events, seconds, time.process_time() - cpu, time.perf_counter() - wall


def figures(
    batches: list[tuple[int, float]], bursts: list[tuple[int, int, float, float, float]]
) -> dict[str, float]:
    """The paired figures of one run: its batches cut into windows at the bursts (a burst after ``t`` turns
    of the loop follows batch ``t``); each window's engine rate over its burst's raw rate; the whole run's
    ratio (all engine events over their CPU seconds, over all bursts' events over theirs); the long batches
    (host interpretation) and the ratio of the rest."""
    windows = []  # (engine events, engine s, raw events, raw s)
    lo = 0
    for k, (turns, events, seconds, _cpu, _wall) in enumerate(bursts):
        hi = len(batches) if k == len(bursts) - 1 else min(turns, len(batches))
        part = batches[lo:hi]
        if part:
            windows.append((sum(n for n, _ in part), sum(s for _, s in part), events, seconds))
        lo = hi
    raw_rate = sum(w[2] for w in windows) / sum(w[3] for w in windows)
    sim_events, sim_s = sum(n for n, _ in batches), sum(s for _, s in batches)
    ratios = [(e / s) / (re / rs) for e, s, re, rs in windows if e and s > 0]
    median = statistics.median(s for _, s in batches)
    long = [(n, s) for n, s in batches if s > LONG_BATCH * median]
    rest_events, rest_s = sim_events - sum(n for n, _ in long), sim_s - sum(s for _, s in long)
    rest_rate = rest_events / rest_s if rest_s > 0 else 0.0
    return {
        "paired ratio": (sim_events / sim_s) / raw_rate,
        "paired window median": statistics.median(ratios),
        "paired window min": min(ratios),
        "paired window max": max(ratios),
        "paired windows": len(windows),
        # The loop's turns during the run against the engine's batches (one turn after each but the last):
        # 0 when the windows are cut where the bursts ran.
        "paired misaligned": float(len(batches) - 1 != bursts[-1][0]),
        "paired raw rate": raw_rate,
        "batches": len(batches),
        "long batches": len(long),
        "long batch s": sum(s for _, s in long),
        "long batch events": sum(n for n, _ in long),
        # What the long batches took beyond their events at the rate of the rest: the host's work in them.
        "long batch host s": sum(s - (n / rest_rate if rest_rate else 0.0) for n, s in long),
        "paired ratio without long": rest_rate / raw_rate,
    }


def _best(values: list[float]) -> str:
    return f"{max(values):.2f} (±{max(values) - min(values):.2f})"


def print_lines(runs: dict[str, list[float]]) -> None:
    """The paired measurement's lines: the best child ± the spread over the children (max - min)."""
    best = max(range(len(runs["paired ratio"])), key=lambda i: runs["paired ratio"][i])
    misaligned = " (windows not cut at the bursts: the loop's turns did not match the batches)" if max(
        runs["paired misaligned"]
    ) else ""
    print(
        f"  {'paired':12} {_best(runs['paired ratio'])} of raw simpy, the whole run (all the engine's events "
        f"over their batches' CPU s, over the raw bursts' events over theirs; raw bursts of "
        f"{PAIRED_CYCLES:,} cycles run between every {PAIRED_BATCHES} batches of the engine in the same child, "
        f"{min(runs['paired raw rate']):,.0f}-{max(runs['paired raw rate']):,.0f} events/s); per window "
        f"(best child, {int(runs['paired windows'][best])} windows): median "
        f"{runs['paired window median'][best]:.2f}, {runs['paired window min'][best]:.2f}-"
        f"{runs['paired window max'][best]:.2f}{misaligned}"
    )
    n, batches = int(runs["long batches"][best]), int(runs["batches"][best])
    event_s = runs["event seconds"][best]
    long_s, host_s = runs["long batch s"][best], runs["long batch host s"][best]
    print(
        f"  {'long batches':12} {n} of {batches} batches over {LONG_BATCH}x the median batch's CPU (host "
        f"interpretation; best child): {long_s:.2f} s of {event_s:.2f} s event CPU ({long_s / event_s:.0%}) "
        f"for {int(runs['long batch events'][best]):,} events; host CPU in them beyond their events at the "
        f"rest's rate {host_s:.2f} s ({host_s / max(n, 1):.3f} s a batch); the rest "
        f"{_best(runs['paired ratio without long'])} of raw simpy"
    )
