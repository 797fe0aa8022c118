"""``streamsim run``: the built-in example, outputs to files, Chrome traces, the summary table."""

from __future__ import annotations

import pathlib
import re

import numpy as np
import pytest

import simulator
from simulator.cli import main
from traces import check_chrome_trace, read_trace

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "iree"


def test_cli_run_builtin_example(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    trace = tmp_path / "example.json"
    assert main(["run", "--trace", str(trace), "--machine", "discrete-gpu"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("EXEC @main\nresult[0]: hal.buffer_view\n8x32xf32=")
    for line in ("makespan", "busy gpu0/queue0", "peak memory gpu0/hbm", "read from storage"):
        assert line in out
    assert check_chrome_trace(trace) == []
    t = read_trace(trace)
    assert t.metadata.program == "example:mlp" and t.metadata.machine == "discrete-gpu"
    assert {s.category for s in t.spans} >= {"dispatch", "io", "alloc", "sync", "host", "transfer"}


def test_cli_run_writes_outputs_like_iree_run_module(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = FIXTURES / "quant_matmul"
    out0, out1 = tmp_path / "o0.npy", tmp_path / "o1.npy"
    argv = ["run", str(d / "cmd.mlir"), "--function=main", f"--parameters=model={d / 'params.irpa'}"]
    argv += [
        f"--input=@{d / 'input0.npy'}",
        f"--input=@{d / 'input1.npy'}",
        f"--output=@{out0}",
        f"--output=@{out1}",
    ]
    assert main(argv) == 0
    np.testing.assert_allclose(np.load(out0), np.load(d / "expected0.npy"), rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(np.load(out1), np.load(d / "expected1.npy"))
    out = capsys.readouterr().out
    assert "result[1]: hal.buffer_view\n16x16xi32=[" in out


def test_cli_run_timing_only_outputs_have_no_data(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = FIXTURES / "mlp"
    argv = ["run", str(d / "cmd.generic.mlir"), "--parameters", f"model={d / 'params.irpa'}", "--timing-only"]
    argv += ["--input", "8x64xf32=0.5", "--output", f"@{tmp_path / 'o.npy'}", "--no-summary"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert captured.out == "EXEC @main\nresult[0]: hal.buffer_view\n8x32xf32 (timing-only: no data)\n"
    assert "timing-only" in captured.err and not (tmp_path / "o.npy").exists()


def test_cli_run_failed_run_still_writes_its_trace(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = FIXTURES / "mlp"
    trace = tmp_path / "failed.json"
    # A machine whose device memory (4 KiB) cannot hold the parameters: the load fails on the device.
    machine = tmp_path / "tiny.toml"
    cpu = (pathlib.Path(simulator.__file__).parent / "machines" / "cpu.toml").read_text()
    machine.write_text(cpu.replace("capacity_bytes = 68719476736", "capacity_bytes = 4096"))
    argv = ["run", str(d / "cmd.generic.mlir"), "--parameters", f"model={d / 'params.irpa'}", "--timing-only"]
    argv += ["--input", f"@{d / 'input0.npy'}", "--trace", str(trace), "--machine", str(machine)]
    assert main(argv) == 1
    assert "out of memory" in capsys.readouterr().err
    failures = [i for i in read_trace(trace).instants if i.name == "failure"]
    assert failures and failures[0].args["op"] == "stream.cmd.parameter.load"


@pytest.mark.parametrize("spec", ["other={params}", "{params}"], ids=["wrong-scope", "no-scope"])
def test_cli_run_parameters_without_the_programs_scope_is_bad_input(
    spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    d = FIXTURES / "mlp"
    argv = ["run", str(d / "cmd.generic.mlir"), "--parameters", spec.format(params=d / "params.irpa")]
    assert main([*argv, "--input", f"@{d / 'input0.npy'}"]) == 2
    err = capsys.readouterr().err
    assert re.search(r"stream\.cmd\.parameter\.load at .*cmd\.generic\.mlir:\d+:\d+ reads parameter 'model'::", err)
    assert "gives no scope 'model'" in err
