"""benchmarks/scale.py: its program generator matches IREE's async form of the deep ladder, and its --quick
run prints every figure in the documented format."""

from __future__ import annotations

import importlib.util
import pathlib
import re
import shutil
import subprocess
import sys

from ir import load_file, load_text, verify
from scheduler import Pipeline, ScheduleStats
from tests.conftest import require_iree

REPO = pathlib.Path(__file__).resolve().parents[2]


def _load():  # type: ignore[no-untyped-def]
    # Not through sys.path: benchmarks/ holds scripts named like the packages (traces.py, simulate.py),
    # and a worker process started later (the Dask sweep tests) would import those instead.
    spec = importlib.util.spec_from_file_location("scale_program", REPO / "benchmarks" / "scale_program.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


scale_program = _load()
MODEL, generate = scale_program.MODEL, scale_program.generate


def test_generated_program_schedules_like_iree_deep400() -> None:
    """133 layers is deep400: same ops per kind, and the scheduler makes the same regions, waves and awaits
    of it as of the program IREE printed."""
    ours = load_text(generate(133), "gen.mlir")
    theirs = load_file(str(MODEL))
    verify(ours)
    assert ours.op_histogram() == theirs.op_histogram()
    stats = []
    for module in (ours, theirs):
        Pipeline.default().run(module)
        stats.append(ScheduleStats.from_module(module).lines())
    assert stats[0] == stats[1]
    assert "dispatches: 399" in stats[0]


def test_generated_program_is_accepted_by_iree(tmp_path: pathlib.Path) -> None:
    require_iree()
    path = tmp_path / "gen.mlir"
    path.write_text(generate(5))
    opt = shutil.which("iree-opt") or str(pathlib.Path(sys.executable).parent / "iree-opt")
    proc = subprocess.run([opt, str(path), "-o", "/dev/null"], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr


def test_quick_run_prints_every_figure() -> None:
    proc = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "scale.py"), "--quick"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert re.search(r"^raw simpy: [\d,]+ events/s", out, re.M), out
    assert re.search(r"^201 dispatches \(.* MiB of text, \d+ trace events\)", out, re.M), out
    for step in ("parse", "verify", "schedule", "simulate", "trace write", "trace read"):
        assert re.search(
            rf"^  {step} +\d+\.\d\d s ±\d+\.\d\d +CPU, +\d+\.\d\d s ±\d+\.\d\d +wall", out, re.M
        ), (
            step,
            out,
        )
    assert re.search(r"^  wall +\d+\.\d\d s ±\d+\.\d\d", out, re.M), out
    assert re.search(r"^  peak RSS +\d+ MiB", out, re.M), out
    m = re.search(
        r"^  event rate +([\d,]+) events/s \((\d+) simpy events .*\), (\d+\.\d\d) of raw simpy", out, re.M
    )
    assert m is not None, out
    assert int(m.group(2)) > 201 and float(m.group(3)) > 0
