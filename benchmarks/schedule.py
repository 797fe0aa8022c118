#!/usr/bin/env python3
"""Scheduler pipeline time on the deep 400- and 2,000-dispatch programs, beside IREE's own passes.

For each program in ``benchmarks/data/deepN/async.generic.mlir[.gz]`` (made by
``benchmarks/make_deep_data.py``) this parses the async form, runs :class:`scheduler.Pipeline` on it
(parsing excluded; best of ``--repeats`` runs, each on a fresh parse) and prints the time of every stage
and the total, next to IREE's wall time for the same passes (schedule-execution to elide-timepoints,
``benchmarks/data/iree_timing.json``), and the growth of each from 400 to 2,000 dispatches. It also checks
that our schedule has IREE's execute regions, waves and dispatches, and a transient slab no larger.

Usage::

    python benchmarks/schedule.py [--repeats 5] [--favor min-peak-memory]
"""

from __future__ import annotations

import argparse
import gzip
import json
import pathlib
import time

import ir
from scheduler import Pipeline, ScheduleStats
from scheduler.pipeline import Stage

DATA = pathlib.Path(__file__).parent / "data"
PROGRAMS = ("deep400", "deep2000")


def read(path: pathlib.Path) -> str:
    if path.exists():
        return path.read_text()
    gz = path.with_name(path.name + ".gz")
    with gzip.open(gz, "rt") as f:
        return f.read()


def timed_pipeline(times: dict[str, float]) -> Pipeline:
    """The default pipeline with each stage wrapped to add its wall time to ``times``."""

    def wrap(stage: Stage) -> Stage:
        def fn(state, **options):  # type: ignore[no-untyped-def]
            t0 = time.perf_counter()
            out = stage.fn(state, **options)
            times[stage.name] = times.get(stage.name, 0.0) + time.perf_counter() - t0
            return out

        return Stage(stage.name, fn, stage.options)

    base = Pipeline.default()
    return Pipeline(tuple(wrap(s) for s in base.stages), base.resource_config)


def run_all(repeats: int, favor: str) -> dict[str, dict[str, object]]:
    """Best-of-``repeats`` times per program; repeats alternate between programs so that a change in
    machine load affects both alike."""
    texts = {name: read(DATA / name / "async.generic.mlir") for name in PROGRAMS}
    results: dict[str, dict[str, object]] = {
        name: {"total": float("inf"), "stages": {}, "stats": None} for name in PROGRAMS
    }
    for _ in range(repeats):
        for name in PROGRAMS:
            module = ir.parse_module(texts[name], name)
            times: dict[str, float] = {}
            pipeline = timed_pipeline(times)
            t0 = time.perf_counter()
            pipeline.run(module, favor=favor)
            total = time.perf_counter() - t0
            r = results[name]
            if total < float(r["total"]):  # type: ignore[arg-type]
                r["total"], r["stages"], r["stats"] = total, times, ScheduleStats.from_module(module)
    for name in PROGRAMS:
        results[name]["iree_stats"] = ScheduleStats.from_module(
            ir.parse_module(read(DATA / name / "cmd.generic.mlir"), name)
        )
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--favor", default="min-peak-memory")
    args = parser.parse_args()
    timing = json.loads((DATA / "iree_timing.json").read_text())["results"]
    results = run_all(args.repeats, args.favor)

    print(f"scheduler pipeline (best of {args.repeats}, parse excluded) vs IREE's scheduling passes")
    print(f"{'program':<10}{'dispatches':>11}{'ours s':>10}{'IREE s':>10}{'ours/IREE':>11}")
    for name in PROGRAMS:
        r, t = results[name], timing[name]
        ours, iree = float(r["total"]), float(t["scheduling_passes_wall_s"])  # type: ignore[arg-type]
        print(f"{name:<10}{t['dispatches']:>11}{ours:>10.3f}{iree:>10.3f}{ours / iree:>11.2f}")
    a, b = results[PROGRAMS[0]], results[PROGRAMS[1]]
    ta, tb = timing[PROGRAMS[0]], timing[PROGRAMS[1]]
    n_growth = tb["dispatches"] / ta["dispatches"]
    print(
        f"growth 400 -> 2000 ({n_growth:.1f}x dispatches): ours {float(b['total']) / float(a['total']):.1f}x, "  # type: ignore[arg-type]
        f"IREE {tb['scheduling_passes_wall_s'] / ta['scheduling_passes_wall_s']:.1f}x"
    )
    print()
    print(f"{'stage':<24}" + "".join(f"{n + ' s':>12}" for n in PROGRAMS) + f"{'growth':>9}")
    rows = [(stage, a["stages"][stage], b["stages"][stage]) for stage in a["stages"]]  # type: ignore[index,union-attr]
    rows.insert(
        0,
        (
            "prepare + build_graph",
            float(a["total"]) - sum(a["stages"].values()),  # type: ignore[arg-type,union-attr]
            float(b["total"]) - sum(b["stages"].values()),  # type: ignore[arg-type,union-attr]
        ),
    )
    for stage, x, y in rows:
        print(f"{stage:<24}{x:>12.4f}{y:>12.4f}{(y / x if x else float('nan')):>9.1f}")
    print()
    for name in PROGRAMS:
        s, i = results[name]["stats"], results[name]["iree_stats"]
        same = (s.execute_regions, s.waves, s.dispatches) == (i.execute_regions, i.waves, i.dispatches)  # type: ignore[union-attr]
        print(
            f"{name}: ours {s.execute_regions} regions, {s.waves} waves, {s.dispatches} dispatches, "  # type: ignore[union-attr]
            f"{s.transient_bytes} transient bytes; IREE {i.execute_regions}, {i.waves}, {i.dispatches}, "  # type: ignore[union-attr]
            f"{i.transient_bytes}; structure {'matches' if same else 'DIFFERS'}"  # type: ignore[union-attr]
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
