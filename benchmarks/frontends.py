#!/usr/bin/env python3
"""Every stage a user runs, on every frontend fixture: pass/fail and wall time, as a table.

For each ``tests/fixtures/frontends/<name>/`` (made by ``tools/frontend_fixtures.py``), runs the CLI as a
user would, each stage in a fresh process (so a time includes start-up and parsing):

``opt``        ``streamsim opt async.generic.mlir`` (round trip: printing the output again gives the same text)
``sched:F``    ``streamsim schedule async.generic.mlir --favor F`` for the three favors; "pass" also needs
               IREE's structure (execute regions, dispatches, waves, awaits, allocas that wait, transient
               bytes no more than IREE's) from ``cmd[.F].generic.mlir``
``run``        ``streamsim run cmd.generic.mlir`` with the fixture's inputs, against IREE's outputs
               (max abs error <= 1e-4 x scale, integers exact)
``ours``       ``streamsim run`` of our min-peak-memory schedule, against IREE's outputs
``t:cpu``      ``streamsim run --timing-only --machine cpu`` (and ``t:gpu``: discrete-gpu); on cpu "pass"
               also needs the ops a data run does (read-backs computed with data)
``check``      ``streamsim check cmd.generic.mlir`` exits 0

A failing cell shows its exit code (2: unsupported construct or bad input, 1: findings, x: wrong numbers
or structure). Usage::

    python benchmarks/frontends.py [--markdown] [NAME ...] [--root DIR]
"""

from __future__ import annotations

import argparse
import pathlib
import subprocess
import sys
import tempfile
import time

import numpy as np

REPO = pathlib.Path(__file__).resolve().parent.parent
FRONTENDS = REPO / "tests" / "fixtures" / "frontends"
FAVORS = ("debug", "min-peak-memory", "max-concurrency")
STAGES = (
    "opt",
    "sched:debug",
    "sched:min-peak-memory",
    "sched:max-concurrency",
    "run",
    "ours",
    "t:cpu",
    "t:gpu",
    "check",
)


def streamsim(*args: str) -> tuple[int, str, float]:
    rc, _, err, secs = streamsim_out(*args)
    return rc, err, secs


def streamsim_out(*args: str) -> tuple[int, str, str, float]:
    start = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "simulator", *args], capture_output=True, text=True, cwd=REPO)
    return r.returncode, r.stdout, r.stderr, time.perf_counter() - start


def ops_line(summary: str) -> str | None:
    return next((line for line in summary.splitlines() if line.startswith("ops ")), None)


def data_args(d: pathlib.Path) -> list[str]:
    args = ["--parameters", f"model={d / 'params.irpa'}"]
    for p in sorted(d.glob("input*.npy")):
        args += ["--input", f"@{p}"]
    return args


def outputs_match(d: pathlib.Path, tmp: pathlib.Path) -> bool:
    for i, p in enumerate(sorted(d.glob("expected*.npy"))):
        want, got = np.load(p), np.load(tmp / f"out{i}.npy")
        if got.shape != want.shape or got.dtype != want.dtype:
            return False
        if np.issubdtype(want.dtype, np.floating):
            scale = max(float(np.max(np.abs(want))), 1.0)
            if float(np.max(np.abs(got.astype(np.float64) - want))) > 1e-4 * scale:
                return False
        elif not np.array_equal(got, want):
            return False
    return True


def run_with_data(
    d: pathlib.Path, program: pathlib.Path, tmp: pathlib.Path
) -> tuple[tuple[str, float], str | None]:
    """The stage's cell, and the run's ``ops`` summary line."""
    n = len(list(d.glob("expected*.npy")))
    outs = [a for i in range(n) for a in ("--output", f"@{tmp / f'out{i}.npy'}")]
    rc, out, _, secs = streamsim_out("run", str(program), *data_args(d), *outs)
    if rc:
        return (str(rc), secs), None
    return (("pass" if outputs_match(d, tmp) else "x"), secs), ops_line(out)


def same_structure(ours: pathlib.Path, iree: pathlib.Path) -> bool:
    sys.path.insert(0, str(REPO))
    import ir
    from scheduler import ScheduleStats
    from tests.scheduler.test_fixtures import wave_signature
    from tests.simulator.test_frontend_fixtures import _waiting_allocas

    a_mod, b_mod = ir.load_file(str(ours)), ir.load_file(str(iree))
    a, b = ScheduleStats.from_module(a_mod), ScheduleStats.from_module(b_mod)
    return (
        (a.execute_regions, a.dispatches, a.awaits) == (b.execute_regions, b.dispatches, b.awaits)
        and wave_signature(a_mod) == wave_signature(b_mod)
        and a.transient_bytes <= b.transient_bytes
        and _waiting_allocas(a_mod) == _waiting_allocas(b_mod)
    )


def fixture_row(d: pathlib.Path) -> dict[str, tuple[str, float]]:
    row: dict[str, tuple[str, float]] = {}
    with tempfile.TemporaryDirectory() as name:
        tmp = pathlib.Path(name)
        once, twice = tmp / "once.mlir", tmp / "twice.mlir"
        rc, _, secs = streamsim("opt", str(d / "async.generic.mlir"), "-o", str(once))
        if not rc:
            rc2, _, _ = streamsim("opt", str(once), "-o", str(twice))
            rc = rc2 if rc2 else (0 if once.read_text() == twice.read_text() else -1)
        row["opt"] = ("pass" if rc == 0 else "x" if rc == -1 else str(rc), secs)
        for favor in FAVORS:
            ours = tmp / f"ours.{favor}.mlir"
            rc, _, secs = streamsim(
                "schedule", str(d / "async.generic.mlir"), "--favor", favor, "-o", str(ours)
            )
            iree = d / ("cmd.generic.mlir" if favor == "min-peak-memory" else f"cmd.{favor}.generic.mlir")
            status = str(rc) if rc else ("pass" if same_structure(ours, iree) else "x")
            row[f"sched:{favor}"] = (status, secs)
        row["run"], data_ops = run_with_data(d, d / "cmd.generic.mlir", tmp)
        ours = tmp / "ours.min-peak-memory.mlir"
        row["ours"] = run_with_data(d, ours, tmp)[0] if ours.exists() else ("-", 0.0)
        for key, machine in (("t:cpu", "cpu"), ("t:gpu", "discrete-gpu")):
            rc, out, _, secs = streamsim_out(
                "run", str(d / "cmd.generic.mlir"), *data_args(d), "--timing-only", "--machine", machine
            )
            # on cpu, "pass" also needs the data run's ops (the host's read-backs computed with data)
            same = machine != "cpu" or data_ops is None or ops_line(out) == data_ops
            row[key] = ("pass" if rc == 0 and same else "x" if rc == 0 else str(rc), secs)
        rc, _, secs = streamsim("check", str(d / "cmd.generic.mlir"), *data_args(d))
        row["check"] = ("pass" if rc == 0 else str(rc), secs)
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--markdown", action="store_true", help="print a markdown table")
    ap.add_argument("names", nargs="*", help="fixtures to run (default: all)")
    ap.add_argument("--root", type=pathlib.Path, default=FRONTENDS, help=f"fixture directory (default {FRONTENDS})")
    a = ap.parse_args(argv)
    names = a.names or sorted(p.name for p in a.root.iterdir() if (p / "cmd.generic.mlir").exists())
    rows = {n: fixture_row(a.root / n) for n in names}
    cell = lambda s, t: f"{s} {t:.2f}s"  # noqa: E731
    if a.markdown:
        print("| fixture | " + " | ".join(STAGES) + " |")
        print("|---" * (len(STAGES) + 1) + "|")
        for n, row in rows.items():
            print(f"| {n} | " + " | ".join(cell(*row[s]) for s in STAGES) + " |")
    else:
        width = max(len(n) for n in names)
        print(f"{'fixture':<{width}}  " + "  ".join(f"{s:>22}" for s in STAGES))
        for n, row in rows.items():
            print(f"{n:<{width}}  " + "  ".join(f"{cell(*row[s]):>22}" for s in STAGES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
