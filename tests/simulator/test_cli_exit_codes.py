"""The CLI's exit codes: one error kind, one code, whatever order the handlers are in."""

from __future__ import annotations

import argparse
import pathlib

import pytest

from ir.errors import IRError, UnsupportedConstructError
from scheduler.errors import ScheduleError
from scheduler.errors import UnsupportedOpError as ScheduleUnsupported
from simulator import cli
from simulator.errors import (
    ArchiveError,
    DeadlockError,
    DeviceFailure,
    InputError,
    MachineError,
    SimulationError,
    UnsupportedOpError,
)


def test_error_kinds_do_not_nest() -> None:
    assert not issubclass(InputError, SimulationError)
    assert not issubclass(SimulationError, InputError)
    for kind in (MachineError, ArchiveError):
        assert issubclass(kind, InputError) and not issubclass(kind, SimulationError)
    # One notion of "unsupported", shared by the scheduler and the simulator.
    assert issubclass(UnsupportedOpError, UnsupportedConstructError)
    assert issubclass(ScheduleUnsupported, UnsupportedConstructError)
    assert issubclass(ScheduleUnsupported, ScheduleError)


def _raising(exc: BaseException) -> object:
    def run(args: argparse.Namespace) -> int:
        raise exc

    return run


@pytest.mark.parametrize(
    ("exc", "code", "prefix"),
    [
        (InputError("bad flag"), 2, "streamsim: error: bad flag"),
        (MachineError("bad machine"), 2, "streamsim: error: bad machine"),
        (IRError("bad text", location="p.mlir:1:2"), 2, "streamsim: error: p.mlir:1:2: bad text"),
        (ScheduleError("cannot"), 2, "streamsim: error: cannot"),
        (UnsupportedOpError("x.op at p.mlir:3:4"), 2, "streamsim: error: not supported: x.op at p.mlir:3:4"),
        (ScheduleUnsupported("y.op at p.mlir:5:6"), 2, "streamsim: error: not supported: y.op at p.mlir:5:6"),
        (DeviceFailure("out of memory"), 1, "streamsim: error: out of memory"),
        (DeadlockError("stuck"), 1, "streamsim: error: stuck"),
        (KeyboardInterrupt(), 130, "streamsim: interrupted"),
        (ZeroDivisionError("division by zero"), 70, "streamsim: internal error: ZeroDivisionError: division"),
        (RecursionError("deep"), 70, "streamsim: internal error: RecursionError: deep"),
        (MemoryError("Unable to allocate 32.0 GiB"), 1, "streamsim: error: out of host memory: Unable to"),
    ],
    ids=lambda v: type(v).__name__ if isinstance(v, BaseException) else str(v)[:12],
)
def test_cli_exit_code_per_error_kind(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    exc: BaseException,
    code: int,
    prefix: str,
) -> None:
    monkeypatch.delenv("STREAMSIM_DEBUG", raising=False)
    monkeypatch.setattr(cli.importlib.import_module("simulator.cli.machines"), "run", _raising(exc))
    assert cli.main(["machines"]) == code
    err = capsys.readouterr().err
    assert err.startswith(prefix)
    assert "Traceback" not in err and err.count("\n") == 1


@pytest.mark.parametrize("how", ["flag", "env"])
def test_cli_internal_error_traceback_only_on_request(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], how: str
) -> None:
    monkeypatch.setattr(
        cli.importlib.import_module("simulator.cli.machines"), "run", _raising(ValueError("oops"))
    )
    argv = ["machines"]
    if how == "flag":
        argv = ["--debug", *argv]
    else:
        monkeypatch.setenv("STREAMSIM_DEBUG", "1")
    assert cli.main(argv) == 70
    err = capsys.readouterr().err
    assert "Traceback (most recent call last)" in err and "ValueError: oops" in err
    assert "please report it" in err


def test_cli_help_documents_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    for code in (0, 1, 2, 70, 130):
        assert f"  {code:>3}  " in out


@pytest.mark.parametrize("verb", ["run", "check", "report"])
def test_cli_negative_seed_is_bad_input(verb: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A negative --seed reached numpy's generator (ValueError: exit 70 from check and report)."""
    program = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "iree" / "mlp" / "cmd.generic.mlir"
    argv = [verb, str(program), "--seed", "-1"] + (["-o", str(tmp_path / "r.html")] if verb == "report" else [])
    with pytest.raises(SystemExit) as exit_info:
        cli.main(argv)
    assert exit_info.value.code == 2
    assert "argument --seed: a seed is a non-negative integer, got '-1'" in capsys.readouterr().err
