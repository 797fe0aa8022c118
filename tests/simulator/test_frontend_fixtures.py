"""Programs from real frontends (JAX/flax/stax StableHLO, ONNX) go through every stage a user runs.

The fixtures under ``tests/fixtures/frontends/`` are made by ``tools/frontend_fixtures.py``. Each stage runs
through the CLI, as a user would run it: ``opt`` (round trip, iree-opt accepts the output), ``schedule``
under each favor (IREE's structure: execute regions, dispatches, waves, awaits, transient bytes no larger),
``run`` with data (IREE's runtime outputs: max abs error <= 1e-4 x scale, integers exact), ``run
--timing-only`` on cpu and discrete-gpu (on cpu the same ops as a data run: the host's read-backs are
computed with data), and ``check`` (no findings on IREE's schedule); our schedule
under each favor runs with data to IREE's outputs and checks clean too.

A stage that streamsim cannot do yet is a strict xfail that must fail with an unsupported-construct exit
(2, "not supported: OP at FILE:LINE:COL"), naming the construct in its reason.
"""

from __future__ import annotations

import pathlib
import subprocess

import numpy as np
import pytest

import ir
from ir.errors import UnsupportedConstructError
from scheduler import ScheduleStats
from simulator.cli import main
from tests.conftest import FIXTURES, iree_tool, require_iree
from tests.scheduler.test_fixtures import wave_signature

#: iree-opt as the IREE wheel ships it (not the console script: a Python start a call).
_IREE_OPT = iree_tool("iree-opt") or "iree-opt"

FRONTENDS = FIXTURES / "frontends"
NAMES = sorted(p.name for p in FRONTENDS.iterdir() if (p / "cmd.generic.mlir").exists())
FAVORS = ("debug", "min-peak-memory", "max-concurrency")

#: (fixture, stage) -> the construct that stops it today (an unsupported-construct exit), or a known bug
#: (listed in BUGS: any failure).
#: Stages: "async"/"cmd" (opt), a favor (our schedule against IREE's), "run-data", "ours:FAVOR" (our
#: schedule run with data and checked), "cpu"/"discrete-gpu" (timing-only), "check".
XFAIL: dict[tuple[str, str], str] = {}
BUGS: set[tuple[str, str]] = set(XFAIL)
#: test_frontend_schedule_matches_iree only: (fixture, favor) -> why our schedule differs from IREE's.
SCHEDULE_DIFFERS: dict[tuple[str, str], str] = {}


def _mark(name: str, stage: str) -> pytest.MarkDecorator | tuple[()]:
    reason = XFAIL.get((name, stage))
    if reason is None:
        return ()
    raises = AssertionError if (name, stage) in BUGS else UnsupportedConstructError
    return pytest.mark.xfail(strict=True, raises=raises, reason=reason)


def _cases(stages: tuple[str, ...]) -> list[object]:
    return [
        pytest.param(name, stage, marks=_mark(name, stage), id=f"{name}-{stage}")
        for name in NAMES
        for stage in stages
    ]


def _cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run the CLI; exit 2 on an unsupported construct raises it, any other non-zero exit fails."""
    rc = main(args)
    out, err = capsys.readouterr()
    if rc == 2 and "not supported:" in err:
        raise UnsupportedConstructError(err.strip())
    assert rc == 0, f"streamsim {' '.join(args)} exited {rc}:\n{err}"
    return out


def _data_args(d: pathlib.Path) -> list[str]:
    args = ["--parameters", f"model={d / 'params.irpa'}"]
    for p in sorted(d.glob("input*.npy")):
        args += ["--input", f"@{p}"]
    return args


def _iree_opt_accepts(path: pathlib.Path) -> None:
    require_iree()
    r = subprocess.run([_IREE_OPT, str(path), "-o", "/dev/null"], capture_output=True, text=True)
    assert r.returncode == 0, f"iree-opt rejects {path}:\n{r.stderr[-2000:]}"


@pytest.mark.parametrize(("name", "form"), _cases(("async", "cmd")))
def test_frontend_opt_round_trips(
    name: str, form: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = FRONTENDS / name
    once, twice = tmp_path / "once.mlir", tmp_path / "twice.mlir"
    _cli(["opt", str(d / f"{form}.generic.mlir"), "-o", str(once)], capsys)
    _cli(["opt", str(once), "-o", str(twice)], capsys)
    assert once.read_text() == twice.read_text()
    _iree_opt_accepts(once)


def _iree_cmd(d: pathlib.Path, favor: str) -> pathlib.Path:
    return d / ("cmd.generic.mlir" if favor == "min-peak-memory" else f"cmd.{favor}.generic.mlir")


def _schedule_cases() -> list[object]:
    out = []
    for name in NAMES:
        for favor in FAVORS:
            why = SCHEDULE_DIFFERS.get((name, favor))
            marks = (
                [pytest.mark.xfail(strict=True, raises=AssertionError, reason=why)]
                if why
                else _mark(name, favor)
            )
            out.append(pytest.param(name, favor, marks=marks, id=f"{name}-{favor}"))
    return out


@pytest.mark.parametrize(("name", "favor"), _schedule_cases())
def test_frontend_schedule_matches_iree(
    name: str, favor: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = FRONTENDS / name
    out = tmp_path / "ours.mlir"
    _cli(["schedule", str(d / "async.generic.mlir"), "--favor", favor, "-o", str(out)], capsys)
    ours, iree = ir.load_file(str(out)), ir.load_file(str(_iree_cmd(d, favor)))
    a, b = ScheduleStats.from_module(ours), ScheduleStats.from_module(iree)
    assert (a.execute_regions, a.dispatches, a.awaits) == (b.execute_regions, b.dispatches, b.awaits)
    assert wave_signature(ours) == wave_signature(iree)
    assert a.transient_bytes <= b.transient_bytes
    # allocas that wait (for what their region waits for, a loop's carried timepoint included), as IREE's
    assert _waiting_allocas(ours) == _waiting_allocas(iree)
    _iree_opt_accepts(out)


def _waiting_allocas(module: ir.Module) -> int:
    return sum(1 for op in module.walk() if op.op_name == "stream.resource.alloca" and len(op.operands) == 2)


def _run_and_compare(
    d: pathlib.Path, program: pathlib.Path, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = [np.load(p) for p in sorted(d.glob("expected*.npy"))]
    outs = [f"@{tmp_path / f'out{i}.npy'}" for i in range(len(expected))]
    args = ["run", str(program), *_data_args(d), "--no-summary"]
    _cli(args + [a for o in outs for a in ("--output", o)], capsys)
    for i, want in enumerate(expected):
        got = np.load(tmp_path / f"out{i}.npy")
        assert (got.dtype, got.shape) == (want.dtype, want.shape), f"result {i}"
        if np.issubdtype(want.dtype, np.floating):
            scale = max(float(np.max(np.abs(want))), 1.0)
            err = float(np.max(np.abs(got.astype(np.float64) - want.astype(np.float64))))
            assert err <= 1e-4 * scale, f"result {i}: max abs error {err} > 1e-4 x {scale}"
        else:
            np.testing.assert_array_equal(got, want, err_msg=f"result {i}")


@pytest.mark.parametrize(("name", "stage"), _cases(("run-data",)))
def test_frontend_run_matches_iree_runtime(
    name: str, stage: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = FRONTENDS / name
    _run_and_compare(d, d / "cmd.generic.mlir", tmp_path, capsys)


@pytest.mark.parametrize(("name", "stage"), _cases(tuple(f"ours:{favor}" for favor in FAVORS)))
def test_frontend_our_schedule_runs_and_checks_clean(
    name: str, stage: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = FRONTENDS / name
    favor = stage.removeprefix("ours:")
    ours = tmp_path / "ours.mlir"
    _cli(["schedule", str(d / "async.generic.mlir"), "--favor", favor, "-o", str(ours)], capsys)
    _run_and_compare(d, ours, tmp_path, capsys)
    _cli(["check", str(ours), *_data_args(d)], capsys)


@pytest.mark.parametrize(("name", "machine"), _cases(("cpu", "discrete-gpu")))
def test_frontend_run_timing_only(name: str, machine: str, capsys: pytest.CaptureFixture[str]) -> None:
    d = FRONTENDS / name
    out = _cli(
        ["run", str(d / "cmd.generic.mlir"), *_data_args(d), "--timing-only", "--machine", machine], capsys
    )
    assert "makespan" in out
    if machine == "cpu":
        # The values the host reads back (loop conditions, predicates, shapes computed in an initializer)
        # are computed with data even here: the run does the work a data run does, op for op.
        data = _cli(["run", str(d / "cmd.generic.mlir"), *_data_args(d), "--machine", machine], capsys)
        assert _ops(out) == _ops(data)


def _ops(summary: str) -> str:
    return next(line for line in summary.splitlines() if line.startswith("ops "))


@pytest.mark.parametrize(("name", "stage"), _cases(("check",)))
def test_frontend_check_is_clean(name: str, stage: str, capsys: pytest.CaptureFixture[str]) -> None:
    d = FRONTENDS / name
    _cli(["check", str(d / "cmd.generic.mlir"), *_data_args(d)], capsys)
