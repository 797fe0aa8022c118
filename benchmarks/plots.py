#!/usr/bin/env python3
"""Benchmark: time to draw and save a timeline plot of a large trace (issue 17: 2,000 dispatches under 2 s).

The trace is a timing-only run of ``benchmarks/data/deep2000`` (the program ``tools/gen_deep_program.py
2000`` makes, compiled by IREE: 2,001 dispatches and 2,668 parameter reads, with virtual stand-in
parameters) on ``--machine`` (discrete-gpu by default: queue lanes, parameter timelines, NVMe slots and
PCIe links). Each phase is timed ``--repeats`` times (wall clock, ``time.perf_counter``); the line gives
the least, the median and the largest, because the machine is shared and the least is the best estimate
of the cost. Phases: ``plot_timeline`` + ``savefig`` (PNG, 120 dpi, as ``streamsim trace plot`` saves),
plain and with ``critical=True, dependencies=True``. ``--png DIR`` also keeps the two PNGs. Not a test.

Usage: ``python benchmarks/plots.py [--machine discrete-gpu] [--repeats 5] [--png DIR]``
"""

from __future__ import annotations

import argparse
import io
import pathlib
import statistics
import sys
import time

# Sibling scripts (benchmarks/traces.py) would shadow the packages of the same name.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

from simulator import Session, load_program, parameter_keys  # noqa: E402
from simulator.archives import ParameterEntry, ParameterIndex  # noqa: E402
from simulator.program import input_signature  # noqa: E402
from traces import Trace  # noqa: E402
from traces.plots import plot_timeline  # noqa: E402

DATA = pathlib.Path(__file__).resolve().parent / "data" / "deep2000" / "cmd.generic.mlir.gz"


def deep_trace(machine: str) -> Trace:
    """The trace of a timing-only run of deep2000 on ``machine``."""
    program = load_program(DATA)
    index = ParameterIndex()
    for scope, key, size in parameter_keys(program):
        index.add(ParameterEntry.virtual(key, size), scope=scope)
    inputs = [np.zeros(sig[0], np.float32) for sig in input_signature(program, "main") if sig is not None]
    result = Session(machine).run_sync(program, "main", inputs, parameters=index, timing_only=True)
    return result.trace


def draw(trace: Trace, options: dict[str, bool], png: pathlib.Path | None) -> float:
    start = time.perf_counter()
    ax = plot_timeline(trace, **options)
    ax.figure.savefig(png if png is not None else io.BytesIO(), format="png", dpi=120, bbox_inches="tight")
    seconds = time.perf_counter() - start
    plt.close(ax.figure)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--machine", default="discrete-gpu")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--png", type=pathlib.Path, default=None, help="directory to keep the PNGs in")
    args = parser.parse_args()
    trace = deep_trace(args.machine)
    dispatches = sum(1 for s in trace.iter_spans() if s.category == "dispatch")
    print(
        f"deep2000 on {args.machine}: {dispatches} dispatches, {len(trace.spans)} spans, "
        f"{len(trace.flows)} flows, {len(trace.tracks)} tracks"
    )
    for label, options in (
        ("plain", {}),
        ("critical+dependencies", {"critical": True, "dependencies": True}),
    ):
        png = None
        if args.png is not None:
            args.png.mkdir(parents=True, exist_ok=True)
            png = args.png / f"deep2000_{args.machine}_{label.replace('+', '_')}.png"
        times = [draw(trace, options, png) for _ in range(args.repeats)]
        print(
            f"timeline {label}: min {min(times):.2f} s, median {statistics.median(times):.2f} s, "
            f"max {max(times):.2f} s over {args.repeats} runs (plot_timeline + savefig PNG)"
        )


if __name__ == "__main__":
    main()
