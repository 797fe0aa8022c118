"""IREE's multi-device programs (tests/fixtures/multidevice, issue 18): two local devices in IREE, two GPUs
of the multi-gpu-4 preset here.

Outputs equal what ``iree-run-module --device=local-task --device=local-task`` computed, from IREE's own
scheduled cmd form and from its async form scheduled by streamsim; the bytes a device reads from (or
writes to) another device's memory cross the machine's links, as spans on the link tracks; a machine
without a direct link stages them through the host.
"""

from __future__ import annotations

import dataclasses
import pathlib
import subprocess
import sys

import numpy as np
import pytest

from simulator import Session, load_program
from simulator.cli import main
from simulator.costs import CostModel
from simulator.machine import load_machine
from traces import Span, Trace

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "multidevice"
NAMES = sorted(p.name for p in FIXTURES.iterdir() if (p / "cmd.generic.mlir").exists())
BIN = pathlib.Path(sys.executable).parent
REPO = FIXTURES.parents[2]


def _run(name: str, program: str, machine: object = "multi-gpu-4", timing_only: bool = False) -> object:
    d = FIXTURES / name
    module = load_program(d / program)
    inputs = [np.load(p) for p in sorted(d.glob("input*.npy"))]
    return Session(machine).run_sync(  # type: ignore[arg-type]
        module, "main", inputs, parameters={"model": d / "params.irpa"}, timing_only=timing_only
    )


def _link_spans(trace: Trace) -> list[Span]:
    return [s for s in trace.spans if s.track.kind == "link"]


def test_multidevice_fixtures_present() -> None:
    assert NAMES == ["pipeline_parallel", "tensor_parallel"]
    for name in NAMES:
        assert "#hal.device.promise<@dev_b>" in (FIXTURES / name / "source.mlir").read_text()
        cmd = (FIXTURES / name / "cmd.mlir").read_text()
        assert "stream.cmd.execute on(#hal.device.affinity<@dev_b>)" in cmd
        assert "#hal.device.optimal<[#hal.device.affinity<@dev_a>, #hal.device.affinity<@dev_b>]>" in cmd
        assert "stream.async.transfer" in (FIXTURES / name / "async.mlir").read_text()


@pytest.mark.parametrize("program", ["cmd.generic.mlir", "cmd.mlir", "async.generic.mlir"])
@pytest.mark.parametrize("name", NAMES)
def test_multidevice_outputs_equal_iree(name: str, program: str) -> None:
    result = _run(name, program)
    expected = [np.load(p) for p in sorted((FIXTURES / name).glob("expected*.npy"))]
    outputs = result.outputs  # type: ignore[attr-defined]
    assert len(outputs) == len(expected)
    for got, want in zip(outputs, expected):
        assert got.shape == want.shape and got.dtype == want.dtype
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    # Both devices did work: dispatches on gpu0 and on gpu1.
    devices = {s.track.process for s in result.trace.spans if s.category == "dispatch"}  # type: ignore[attr-defined]
    assert devices == {"gpu0", "gpu1"}


# (link span name, direction, bytes) IREE's cmd form makes cross the NVLink between gpu0 and gpu1.
# pipeline: layer 1 on dev_b reads the 8x128xf32 activations from the transfer buffer IREE allocates on
# dev_a (#hal.device.optimal picks the first device) and writes its 8x32xf32 result into another one.
# tensor: dev_b reads its 16x32 half of x, and copies its 16x64 partial product into dev_a's memory.
EXPECTED_LINK_TRAFFIC = {
    "pipeline_parallel": [("peer read", "gpu0->gpu1", 4096), ("peer write", "gpu1->gpu0", 1024)],
    "tensor_parallel": [("peer read", "gpu0->gpu1", 2048), ("copy", "gpu1->gpu0", 4096)],
}


@pytest.mark.parametrize("name", NAMES)
def test_multidevice_transfers_on_links(name: str) -> None:
    result = _run(name, "cmd.generic.mlir")
    trace = result.trace  # type: ignore[attr-defined]
    nvlink = [s for s in _link_spans(trace) if s.track.process == "link:nvlink01"]
    got = sorted((s.name, s.track.thread, s.args["bytes"]) for s in nvlink)
    assert got == sorted(EXPECTED_LINK_TRAFFIC[name])
    spec = load_machine("multi-gpu-4").link_between("gpu0", "gpu1")
    assert spec is not None
    for s in nvlink:
        assert s.category == "transfer"
        assert s.dur_ns == CostModel.transfer_ns(s.args["bytes"], spec.bandwidth_bytes_per_s, spec.latency_ns)
        assert s.args["op"] in ("stream.cmd.dispatch", "stream.cmd.copy")
    # A peer read ends before the dispatch that reads it starts; a peer write starts after it ends.
    dispatches = [s for s in trace.spans if s.category == "dispatch" and s.track.process == "gpu1"]
    assert len(dispatches) == 1
    for s in nvlink:
        if s.name == "peer read":
            assert s.end_ns <= dispatches[0].start_ns
        elif s.name == "peer write":
            assert s.start_ns >= dispatches[0].end_ns
    assert result.stats.link_bytes["nvlink01"] == sum(b for _, _, b in EXPECTED_LINK_TRAFFIC[name])  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", NAMES)
def test_multidevice_without_peer_link_stages_through_host(name: str) -> None:
    base = load_machine("multi-gpu-4")
    machine = dataclasses.replace(
        base, name="multi-gpu-4-pcie-only", links=tuple(k for k in base.links if "host" in k.endpoints)
    )
    result = _run(name, "cmd.generic.mlir", machine)
    for got, want in zip(result.outputs, [np.load(FIXTURES / name / "expected0.npy")]):  # type: ignore[attr-defined]
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    spans = [s for s in _link_spans(result.trace) if s.name in ("peer read", "peer write", "copy")]  # type: ignore[attr-defined]
    for kind, direction, nbytes in EXPECTED_LINK_TRAFFIC[name]:
        src, dst = direction.split("->")
        up = [
            s
            for s in spans
            if s.name == kind and s.track.thread == f"{src}->host" and s.args["bytes"] == nbytes
        ]
        down = [
            s
            for s in spans
            if s.name == kind and s.track.thread == f"host->{dst}" and s.args["bytes"] == nbytes
        ]
        assert len(up) == 1 and len(down) == 1
        assert up[0].end_ns <= down[0].start_ns


@pytest.mark.parametrize("name", NAMES)
def test_multidevice_timing_only_same_timeline(name: str) -> None:
    with_data = _run(name, "cmd.generic.mlir")
    timing = _run(name, "cmd.generic.mlir", timing_only=True)
    key = [(s.track, s.name, s.start_ns, s.dur_ns) for s in with_data.trace.spans]  # type: ignore[attr-defined]
    assert key == [(s.track, s.name, s.start_ns, s.dur_ns) for s in timing.trace.spans]  # type: ignore[attr-defined]


def test_multidevice_on_single_device_machine_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    d = FIXTURES / "pipeline_parallel"
    argv = [
        "run",
        str(d / "cmd.mlir"),
        f"--parameters=model={d / 'params.irpa'}",
        f"--input=@{d / 'input0.npy'}",
    ]
    assert main([*argv, "--machine", "cpu"]) == 2
    err = capsys.readouterr().err
    assert "uses 2 devices (@dev_a, @dev_b)" in err and "'cpu' has 1" in err and "Traceback" not in err


@pytest.mark.parametrize("name", NAMES)
def test_multidevice_fixture_expected_is_iree_run_module(
    name: str, iree: None, tmp_path: pathlib.Path
) -> None:
    """The fixture's expected outputs are what IREE computes today with one --device per target device."""
    d = FIXTURES / name
    sys.path.insert(0, str(REPO / "tools"))
    try:
        import regen_fixtures
    finally:
        sys.path.pop(0)
    spec = regen_fixtures.fixture_spec((d / "source.mlir").read_text())
    flags = regen_fixtures.target_flags(spec)
    assert flags[:2] == ["--iree-hal-target-device=dev_a=local[0]", "--iree-hal-target-device=dev_b=local[1]"]
    vmfb = tmp_path / "m.vmfb"
    subprocess.run([str(BIN / "iree-compile"), str(d / "source.mlir"), *flags, "-o", str(vmfb)], check=True)
    out = tmp_path / "out.npy"
    subprocess.run(
        [
            str(BIN / "iree-run-module"),
            f"--module={vmfb}",
            "--device=local-task",
            "--device=local-task",
            "--function=main",
            f"--parameters=model={d / 'params.irpa'}",
            f"--input=@{d / 'input0.npy'}",
            f"--output=@{out}",
        ],
        check=True,
        capture_output=True,
    )
    np.testing.assert_array_equal(np.load(out), np.load(d / "expected0.npy"))
