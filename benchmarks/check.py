#!/usr/bin/env python3
"""Overhead of checking over plain simulation, on 2,000-dispatch programs, as ratios of CPU time.

For each program, best of ``--repeats`` (CPU time, interleaved so a busy moment hits every figure alike):

- *plain*: ``Session.invoke`` alone;
- *watched*: the same invocation with the checks' observer attached (recording the happens-before graph
  and every byte-range access), plus the analysis (transitive closure, race and lifetime sweep);
- *check*: ``simulator.checks.check`` as ``streamsim check`` runs it: the watched run, plus, with data, the
  serialised reference and ``--interleavings`` random interleavings.

Programs: the builder's ``deep_program`` (2,000 serial ``noop`` dispatches ping-ponging over one slab,
with data, so the full check runs the reference and the interleavings) and, when present,
``benchmarks/data/deep2000`` (IREE-compiled, 2,000 dispatches and 2,668 parameter reads; timing-only with
virtual parameters).

Usage: ``python benchmarks/check.py [--dispatches 2000] [--repeats 5] [--interleavings 2]``
"""

from __future__ import annotations

import argparse
import asyncio
import pathlib
import sys
import time
from collections.abc import Callable
from typing import Any

# Sibling scripts (benchmarks/traces.py) would shadow the packages of the same name.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

import numpy as np  # noqa: E402

from simulator import Session, load_program, parameter_keys  # noqa: E402
from simulator.archives import ParameterEntry, ParameterIndex  # noqa: E402
from simulator.checks import Observer, analyse, check  # noqa: E402
from simulator.examples.programs import deep_program  # noqa: E402
from simulator.program import input_signature  # noqa: E402

DATA = pathlib.Path(__file__).resolve().parent / "data" / "deep2000"


def cpu(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def measure(
    label: str, module: Any, inputs: list[Any], kw: dict[str, Any], repeats: int, interleavings: int
) -> None:
    session = Session("cpu")

    def plain() -> object:
        return session.run_sync(module, "main", inputs, **kw)

    def watched() -> object:
        obs = Observer(poison=not kw.get("timing_only", False))
        result = asyncio.run(session.invoke(module, "main", inputs, observer=obs, **kw))
        obs.finish(result.buffer_views)
        return analyse(obs, outputs=result.buffer_views, globals_=obs.interp.globals)

    def full() -> object:
        return asyncio.run(check(module, "main", inputs, interleavings=interleavings, machine="cpu", **kw))

    report = full()
    findings = watched()
    obs_nodes = Observer()
    asyncio.run(session.invoke(module, "main", inputs, observer=obs_nodes, **kw))
    best = {"plain": float("inf"), "watched": float("inf"), "check": float("inf")}
    for _ in range(repeats):
        best["plain"] = min(best["plain"], cpu(plain))
        best["watched"] = min(best["watched"], cpu(watched))
        best["check"] = min(best["check"], cpu(full))
    runs = len(report.runs)  # type: ignore[attr-defined]
    print(
        f"{label}: {len(obs_nodes.preds)} happens-before nodes, {len(obs_nodes.accesses)} accesses, "
        f"{len(findings)} finding(s) ({', '.join(sorted({f.kind for f in findings})) or 'none'})"  # type: ignore[attr-defined]
    )
    print(f"  plain simulation          {best['plain'] * 1e3:8.1f} ms")
    print(
        f"  watched run + analysis    {best['watched'] * 1e3:8.1f} ms   ratio {best['watched'] / best['plain']:.2f}"
    )
    print(
        f"  full check ({runs} runs)      {best['check'] * 1e3:8.1f} ms   ratio {best['check'] / best['plain']:.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dispatches", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--interleavings", type=int, default=2)
    args = parser.parse_args()

    module = deep_program(args.dispatches)
    measure(
        f"builder deep_program, {args.dispatches} dispatches, with data",
        module,
        [],
        {},
        args.repeats,
        args.interleavings,
    )
    source = DATA / "cmd.generic.mlir.gz"
    if source.exists():
        iree = load_program(source)
        index = ParameterIndex()
        for scope, key, size in parameter_keys(iree):
            index.add(ParameterEntry.virtual(key, size), scope=scope)
        inputs = [np.zeros(sig[0], np.float32) for sig in input_signature(iree, "main") if sig is not None]
        measure(
            "IREE deep2000, timing-only",
            iree,
            inputs,
            {"parameters": index, "timing_only": True},
            args.repeats,
            args.interleavings,
        )


if __name__ == "__main__":
    main()
