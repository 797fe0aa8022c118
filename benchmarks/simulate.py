#!/usr/bin/env python3
"""Simulator throughput: simulated ops per second beside raw simpy throughput, measured in the same run.

Raw simpy figures (one process each):

- timeouts per second: ``yield env.timeout(1)`` in a loop;
- resource cycles per second: ``with res.request() as req: yield req`` (request, grant, release) in a loop.

Simulated figures, timing-only on the ``cpu`` preset, best of ``--repeats`` runs (wall time of
``Session.invoke``, program parsing excluded):

- a builder program of ``--dispatches`` serial dispatches in one execute region (2,000 by default);
- ``benchmarks/data/deep2000``, the IREE-compiled 2,000-dispatch program, when present (with virtual
  stand-in parameters, so its 2,668 parameter reads are simulated too).

"Ops" are the dispatches plus every other queue command and host op the run interpreted. The ratio of
simulated dispatches per second to raw resource cycles per second is the figure of merit (goal: >= 0.5).

Usage: ``python benchmarks/simulate.py [--dispatches 2000] [--repeats 5]``
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time
from collections.abc import Callable

# Sibling scripts (benchmarks/traces.py) would shadow the packages of the same name.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

import numpy as np  # noqa: E402
import simpy  # noqa: E402

from simulator import Session, load_program, parameter_keys  # noqa: E402
from simulator.archives import ParameterEntry, ParameterIndex  # noqa: E402
from simulator.examples.programs import deep_program  # noqa: E402
from simulator.program import input_signature  # noqa: E402

DATA = pathlib.Path(__file__).resolve().parent / "data" / "deep2000"


def best_of(repeats: int, fn: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def raw_timeouts(n: int) -> None:
    env = simpy.Environment()

    def proc():  # type: ignore[no-untyped-def]
        for _ in range(n):
            yield env.timeout(1)

    env.process(proc())
    env.run()


def raw_resource_cycles(n: int) -> None:
    env = simpy.Environment()
    res = simpy.Resource(env, 1)

    def proc():  # type: ignore[no-untyped-def]
        for _ in range(n):
            with res.request() as req:
                yield req

    env.process(proc())
    env.run()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dispatches", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    n = 100_000
    timeouts_per_s = n / best_of(args.repeats, lambda: raw_timeouts(n))
    cycles_per_s = n / best_of(args.repeats, lambda: raw_resource_cycles(n))
    print(
        f"raw simpy: {timeouts_per_s:,.0f} timeouts/s, {cycles_per_s:,.0f} resource request/release cycles/s"
    )

    session = Session("cpu")
    module = deep_program(args.dispatches)
    result = session.run_sync(module, timing_only=True)
    seconds = best_of(args.repeats, lambda: session.run_sync(module, timing_only=True))
    dispatches = result.stats.counts["dispatches"]
    ops = sum(result.stats.counts[k] for k in ("dispatches", "fills", "copies", "allocas", "deallocas"))
    ops += result.stats.host_ops
    print(
        f"builder program, {dispatches} dispatches, timing-only: {seconds * 1e3:.1f} ms, "
        f"{dispatches / seconds:,.0f} dispatches/s, {ops / seconds:,.0f} simulated ops/s "
        f"(simulated makespan {result.stats.makespan_ns / 1e6:.3f} ms)"
    )
    print(f"ratio simulated dispatches/s : raw resource cycles/s = {dispatches / seconds / cycles_per_s:.2f}")
    print(f"ratio simulated dispatches/s : raw timeouts/s = {dispatches / seconds / timeouts_per_s:.2f}")

    source = DATA / "cmd.generic.mlir.gz"
    if source.exists():
        iree = load_program(source)
        index = ParameterIndex()
        for scope, key, size in parameter_keys(iree):
            index.add(ParameterEntry.virtual(key, size), scope=scope)
        inputs = [np.zeros(sig[0], np.float32) for sig in input_signature(iree, "main") if sig is not None]

        def run_iree() -> object:
            return session.run_sync(iree, "main", inputs, parameters=index, timing_only=True)

        r = run_iree()
        seconds = best_of(args.repeats, run_iree)
        c = r.stats.counts
        ops = c["dispatches"] + c["allocas"] + c["deallocas"] + c["parameter_requests"] + r.stats.host_ops
        print(
            f"IREE deep2000, {c['dispatches']} dispatches + {c['parameter_requests']} parameter reads, timing-only: "
            f"{seconds * 1e3:.1f} ms, {c['dispatches'] / seconds:,.0f} dispatches/s, {ops / seconds:,.0f} "
            f"simulated ops/s (simulated makespan {r.stats.makespan_ns / 1e6:.3f} ms)"
        )


if __name__ == "__main__":
    main()
