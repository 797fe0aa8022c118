#!/usr/bin/env python3
"""Benchmark: size, build time and headless-Chromium render time of HTML reports (issue 17).

Three reports: the attention_block fixture run and checked on discrete-gpu (:func:`simulator.report.run_report`),
a timing-only run of ``benchmarks/data/deep2000`` (2,001 dispatches, 2,668 parameter reads; the program
``tools/gen_deep_program.py 2000`` makes, compiled by IREE) on ``--machine``, and a sweep of the fixture
over 2 machines x 3 queue counts. For each: the page's size, the time to build it in Python (least of
``--repeats``), the wall time of ``chromium --headless --screenshot`` (browser start included; least of
``--repeats``) and the time the page's script took to draw the timeline (``data-draw-ms``, read from
``--dump-dom``). ``--png DIR`` keeps the screenshots. Not a test.

Usage: ``python benchmarks/report.py [--machine discrete-gpu] [--repeats 3] [--png DIR]``
"""

from __future__ import annotations

import argparse
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

# Sibling scripts (benchmarks/traces.py) would shadow the packages of the same name.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]
sys.path.insert(0, str(_HERE))

import numpy as np  # noqa: E402
from plots import deep_trace  # noqa: E402

from simulator.report import run_report, sweep_report  # noqa: E402
from simulator.sweep import run_study, study_from_dict  # noqa: E402
from traces.report import Report, trace_report  # noqa: E402

FIXTURE = _HERE.parent / "tests" / "fixtures" / "iree" / "attention_block"


def least(repeats: int, fn: Callable[[], object]) -> tuple[float, object]:
    best, value = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - start)
    return best, value


def render(chromium: str, page: pathlib.Path, png: pathlib.Path, repeats: int) -> tuple[float, str]:
    base = [
        chromium,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        f"--user-data-dir={png.parent / 'profile'}",
    ]
    shot = [*base, f"--screenshot={png}", "--window-size=1280,900", page.as_uri()]
    seconds, _ = least(repeats, lambda: subprocess.run(shot, capture_output=True, check=True, timeout=300))
    dom = subprocess.run(
        [*base, "--dump-dom", page.as_uri()], capture_output=True, text=True, check=True
    ).stdout
    drawn = re.search(r'data-draw-ms="([0-9.]+)"', dom)
    return seconds, f"{drawn.group(1)} ms" if drawn else "no timeline"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--machine", default="discrete-gpu")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--png", type=pathlib.Path, default=None)
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    with tempfile.TemporaryDirectory() as tmp:
        work = pathlib.Path(tmp)

        def fixture() -> Report:
            return run_report(
                FIXTURE / "cmd.generic.mlir",
                "main",
                [np.load(FIXTURE / "input0.npy")],
                machine="discrete-gpu",
                parameters={"model": FIXTURE / "params.irpa"},
            )

        deep = deep_trace(args.machine)
        study = study_from_dict(
            {
                "programs": [{"fixture": str(FIXTURE)}],
                "machines": ["cpu", "discrete-gpu"],
                "overrides": {"queues": [1, 2, 4]},
                "metrics": ["makespan", "peak_memory"],
            }
        )
        table = run_study(study, cluster="inprocess", progress=False)
        cases: list[tuple[str, Callable[[], Report]]] = [
            ("attention_block run + check", fixture),
            (f"deep2000 on {args.machine}", lambda: trace_report(deep)),
            (f"sweep, {len(table)} points", lambda: sweep_report(table)),
        ]
        for label, build in cases:
            seconds, report = least(args.repeats, build)
            assert isinstance(report, Report)
            page = report.write(work / "report.html")
            line = f"{label}: {page.stat().st_size:,} bytes, built in {seconds:.2f} s"
            if chromium:
                png_dir = args.png or work
                png_dir.mkdir(parents=True, exist_ok=True)
                png = png_dir / f"report_{re.sub(r'[^a-z0-9]+', '_', label.lower())}.png"
                shot, drawn = render(chromium, page, png, args.repeats)
                line += f", chromium --screenshot {shot:.2f} s (timeline drawn in {drawn})"
            else:
                line += " (chromium not installed: no render time)"
            print(line)


if __name__ == "__main__":
    main()
