"""Every IREE fixture runs: timing-only from generic and pretty text, with every op in the trace, and with
real data equal to IREE's own outputs."""

from __future__ import annotations

import io
import pathlib

import numpy as np
import pytest

from simulator import Session, load_program
from simulator.cli import main
from traces import check_chrome_trace, write_chrome_json

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "iree"
NAMES = sorted(p.name for p in FIXTURES.iterdir() if (p / "cmd.generic.mlir").exists())


def _inputs(d: pathlib.Path) -> list[np.ndarray]:
    return [np.load(p) for p in sorted(d.glob("input*.npy"))]


def _cli_args(d: pathlib.Path, program: str) -> list[str]:
    args = ["run", str(d / program), "--parameters", f"model={d / 'params.irpa'}", "--timing-only"]
    for p in sorted(d.glob("input*.npy")):
        args += ["--input", f"@{p}"]
    return args


@pytest.mark.parametrize("program", ["cmd.generic.mlir", "cmd.mlir"], ids=["generic", "pretty"])
@pytest.mark.parametrize("name", NAMES)
def test_session_fixture_cli_timing_only(name: str, program: str, capsys: pytest.CaptureFixture[str]) -> None:
    d = FIXTURES / name
    assert main(_cli_args(d, program)) == 0
    out = capsys.readouterr().out
    assert out.startswith("EXEC @main\nresult[0]: hal.buffer_view\n")
    for i, p in enumerate(sorted(d.glob("expected*.npy"))):
        expected = np.load(p)
        assert f"result[{i}]: hal.buffer_view\n{'x'.join(map(str, expected.shape))}x" in out
    assert "makespan" in out and "read from storage" in out


def _static_counts(module: object) -> dict[str, int]:
    counts = {"dispatch": 0, "copy": 0, "fill": 0, "alloca": 0, "dealloca": 0, "parameters": 0}
    for op in module.walk():  # type: ignore[attr-defined]
        name = op.op_name
        if name == "stream.cmd.dispatch":
            counts["dispatch"] += 1
        elif name in ("stream.cmd.copy", "stream.cmd.fill") or name in (
            "stream.resource.alloca",
            "stream.resource.dealloca",
        ):
            counts[name.rsplit(".", 1)[1]] += 1
        elif name in ("stream.cmd.parameter.load", "stream.parameter.load"):
            counts["parameters"] += len(op.results) - 1
    return counts


@pytest.mark.parametrize("machine", ["cpu", "discrete-gpu"])
@pytest.mark.parametrize("name", NAMES)
def test_session_fixture_trace_has_every_op(name: str, machine: str) -> None:
    d = FIXTURES / name
    module = load_program(d / "cmd.generic.mlir")
    static = _static_counts(module)
    result = Session(machine).run_sync(
        module, "main", _inputs(d), parameters={"model": d / "params.irpa"}, timing_only=True
    )
    spans = result.trace.spans
    dispatches = [s for s in spans if s.category == "dispatch"]
    assert len(dispatches) == static["dispatch"]
    assert all(s.args["op"] == "stream.cmd.dispatch" and s.args["loc"] for s in dispatches)
    assert all(s.args["flops"] >= 0 and s.args["bytes"] > 0 for s in dispatches)
    assert len([s for s in spans if s.name == "copy"]) == static["copy"]
    assert len([s for s in spans if s.name == "alloca"]) == static["alloca"]
    assert len([s for s in spans if s.name == "dealloca"]) == static["dealloca"]
    reads = [s for s in spans if s.category == "io" and s.args.get("verb") == "read"]
    assert len(reads) == static["parameters"]
    assert result.stats.storage_bytes_read == sum(s.args["bytes"] for s in reads)
    assert result.stats.makespan_ns > 0
    buffer = io.BytesIO()
    write_chrome_json(result.trace, buffer)
    assert check_chrome_trace(io.BytesIO(buffer.getvalue())) == []


@pytest.mark.parametrize("name", NAMES)
def test_session_fixture_outputs_match_iree(name: str) -> None:
    d = FIXTURES / name
    result = Session("cpu").run_sync(
        d / "cmd.generic.mlir", "main", _inputs(d), parameters={"model": d / "params.irpa"}
    )
    expected = [np.load(p) for p in sorted(d.glob("expected*.npy"))]
    assert len(result.outputs) == len(expected)
    for got, want in zip(result.outputs, expected):
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", NAMES)
def test_session_fixture_timing_only_keeps_the_timeline(name: str) -> None:
    d = FIXTURES / name
    session = Session("discrete-gpu")
    kw = {"parameters": {"model": d / "params.irpa"}}
    real = session.run_sync(d / "cmd.generic.mlir", "main", _inputs(d), **kw)
    timing = session.run_sync(d / "cmd.generic.mlir", "main", _inputs(d), timing_only=True, **kw)
    assert timing.timeline() == real.timeline()
