#!/usr/bin/env python3
"""Scheduler pipeline time on the deep 400- and 2,000-dispatch programs, beside IREE's own passes.

For each program in ``benchmarks/data/deepN/async.generic.mlir[.gz]`` (made by
``benchmarks/make_deep_data.py``) this parses the async form, runs :class:`scheduler.Pipeline` on it
(parsing excluded; best of ``--repeats`` runs, each on a fresh parse) and prints the time of every stage
and the total, next to IREE's wall time for the same passes (schedule-execution to elide-timepoints,
``benchmarks/data/iree_timing.json``), and the growth of each from 400 to 2,000 dispatches. It also checks
that our schedule has IREE's execute regions, waves and dispatches, and a transient slab no larger.

With ``--scale N`` (a program of ``benchmarks/scale_program.py`` with N dispatches, N rounded to a multiple
of 3 as ``benchmarks/scale.py`` makes it) or ``--program PATH`` (any async-form program, such as one
``scale.py --keep`` wrote) it instead prints the process CPU seconds of every part of a schedule of that
program: the prelude, ``prepare_pinned``, ``build_graph``, each stage, and the passes after the stages
(loop timepoints, reference counting, alloca batching, the hand-over to the collector), in the fastest of
``--repeats`` schedules of fresh parses in this process (parsing excluded), with their shares of it. The
parts are timed by wrapping the functions ``Pipeline.run`` calls (its stages and prelude, and the names it
calls in :mod:`scheduler.pipeline`), so a scheduler change shows where it moved without a profiler;
``other`` is what no wrapper covers.

Usage::

    python benchmarks/schedule.py [--repeats 5] [--favor min-peak-memory]
    python benchmarks/schedule.py --scale 10000 [--repeats 3]
    python benchmarks/schedule.py --program scale10000.mlir [--repeats 3]
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import pathlib
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import ir
import scheduler.pipeline as pipeline_module
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


#: The functions Pipeline.run calls outside its stages (names in scheduler.pipeline), in the order it calls them.
_RUN_PARTS = (
    "prepare_pinned",
    "build_graph",
    "carry_loop_timepoints",
    "automatic_reference_counting",
    "batch_alloca_chains",
    "hand_over_survivors",
)


def scale_program(dispatches: int) -> str:
    """The text ``benchmarks/scale.py`` schedules for ``dispatches`` dispatches (``round(dispatches / 3)``
    layers of three)."""
    # By file, not through sys.path: benchmarks/ holds scripts named like the packages (traces.py).
    spec = importlib.util.spec_from_file_location("scale_program", pathlib.Path(__file__).parent / "scale_program.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.generate(max(1, round(dispatches / 3))))


@contextmanager
def _cpu_timed(cpu: dict[str, float]) -> Iterator[Pipeline]:
    """The default pipeline with its prelude and stages timed, and the functions of :data:`_RUN_PARTS` in
    :mod:`scheduler.pipeline` wrapped while the ``with`` lasts; each adds its process CPU seconds to
    ``cpu`` (a part called again, as build_graph is for a later block, adds up)."""

    def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                cpu[name] = cpu.get(name, 0.0) + time.process_time() - start

        return run

    base = Pipeline.default()
    saved = {name: getattr(pipeline_module, name) for name in _RUN_PARTS if hasattr(pipeline_module, name)}
    for name, fn in saved.items():
        setattr(pipeline_module, name, timed(name, fn))
    try:
        yield Pipeline(
            tuple(Stage(s.name, timed(s.name, s.fn), s.options) for s in base.stages),
            base.resource_config,
            prelude=timed("prelude", base.prelude) if base.prelude is not None else None,
        )
    finally:
        for name, fn in saved.items():
            setattr(pipeline_module, name, fn)


def scale_stages(text: str, name: str, repeats: int, favor: str) -> tuple[list[float], dict[str, float], int]:
    """``repeats`` schedules of ``text`` (each on a fresh parse): their process CPU seconds, the CPU of
    each part of the fastest (summing to its total), and the program's dispatch count."""
    totals: list[float] = []
    best: dict[str, float] = {}
    dispatches = text.count('"stream.async.dispatch"')
    for _ in range(repeats):
        module = ir.parse_module(text, name)
        cpu: dict[str, float] = {}
        with _cpu_timed(cpu) as pipeline:
            start = time.process_time()
            pipeline.run(module, favor=favor)
            total = time.process_time() - start
        cpu["other"] = total - sum(cpu.values())
        if not totals or total < min(totals):
            best = cpu
        totals.append(total)
        del module
    return totals, best, dispatches


def print_scale(text: str, name: str, repeats: int, favor: str) -> None:
    totals, parts, dispatches = scale_stages(text, name, repeats, favor)
    total = min(totals)
    print(
        f"{name}: {dispatches:,} dispatches; schedule CPU {total:.3f} s, the fastest of {repeats} "
        f"(slowest {max(totals):.3f} s; parse excluded), by part:"
    )
    print(f"{'part':<30}{'CPU s':>9}{'share':>8}")
    for part, seconds in sorted(parts.items(), key=lambda kv: -kv[1]):
        print(f"{part:<30}{seconds:>9.3f}{100 * seconds / total:>7.1f}%")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--favor", default="min-peak-memory")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--scale", type=int, metavar="N", help="per-part CPU of the N-dispatch scale program")
    which.add_argument("--program", type=pathlib.Path, help="per-part CPU of this async-form program")
    args = parser.parse_args()
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    if args.scale is not None:
        if args.scale < 1:
            parser.error("--scale must be at least 1")
        print_scale(scale_program(args.scale), f"scale{args.scale}", args.repeats, args.favor)
        return 0
    if args.program is not None:
        if not args.program.is_file():
            print(f"error: no such program: {args.program}", file=sys.stderr)
            return 2
        print_scale(args.program.read_text(), args.program.name, args.repeats, args.favor)
        return 0
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
