"""IREE's multi-device programs as HAL form (issue 19 with issue 18), on the machine IREE ran them on.

The fixtures in tests/fixtures/multidevice were run by ``iree-run-module --device=local-task
--device=local-task``: two local devices in one process, both allocating host memory. The ``cpu-x2`` preset
is that machine. Their HAL form finds its devices as IREE's runtime does (``hal.devices.count/get`` and
``hal.device.query`` of ``hal.device.id`` against each target's ``local*`` pattern), picks the allocation
device with ``hal.allocator.select`` (the first pair, as the runtime does with no selection policy), and
needs no link between the devices: they share host memory.
"""

from __future__ import annotations

import pathlib
from typing import Any

import numpy as np
import pytest

from simulator import Session, load_program
from simulator.cli import main

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "multidevice"
NAMES = sorted(p.name for p in FIXTURES.iterdir() if (p / "hal.generic.mlir").exists())
FORMS = ["hal.generic.mlir", "hal.direct.generic.mlir", "cmd.generic.mlir"]


def _run(name: str, form: str, machine: str = "cpu-x2", timing_only: bool = False) -> Any:
    d = FIXTURES / name
    return Session(machine).run_sync(
        load_program(d / form),
        "main",
        [np.load(p) for p in sorted(d.glob("input*.npy"))],
        parameters={"model": d / "params.irpa"},
        timing_only=timing_only,
        executable_sources=load_program(d / "cmd.generic.mlir"),
    )


def test_multidevice_hal_fixtures_present() -> None:
    assert NAMES == ["pipeline_parallel", "tensor_parallel"]
    for name in NAMES:
        text = (FIXTURES / name / "hal.mlir").read_text()
        assert "hal.devices.get" in text and "hal.allocator.select" in text


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("name", NAMES)
def test_multidevice_hal_outputs_equal_iree(name: str, form: str) -> None:
    result = _run(name, form)
    expected = [np.load(p) for p in sorted((FIXTURES / name).glob("expected*.npy"))]
    assert len(result.outputs) == len(expected)
    for got, want in zip(result.outputs, expected):
        assert got.shape == want.shape and got.dtype == want.dtype
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    spans = result.trace.spans
    # Each target device found its own machine device: dispatches on both.
    assert {s.track.process for s in spans if s.category == "dispatch"} == {"cpu0", "cpu1"}
    # The devices share host memory: nothing crosses a link.
    assert [s for s in spans if s.track.kind == "link"] == []
    assert result.stats.link_bytes == {} or set(result.stats.link_bytes.values()) == {0}


@pytest.mark.parametrize("name", NAMES)
def test_multidevice_hal_same_work_per_device_as_stream_form(name: str) -> None:
    """The HAL form does the stream form's dispatches on the same devices, in the same order per device."""

    def per_device(result: Any) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for s in sorted(result.trace.spans, key=lambda s: (s.start_ns, s.id)):
            if s.category == "dispatch":
                out.setdefault(s.track.process, []).append(s.name)
        return out

    assert per_device(_run(name, "hal.generic.mlir")) == per_device(_run(name, "cmd.generic.mlir"))


@pytest.mark.parametrize("name", NAMES)
def test_multidevice_hal_allocates_on_the_selected_device(name: str) -> None:
    """hal.allocator.select without a policy takes the first (device, affinity) pair: @dev_a, so every
    transient queue alloca through @__allocator_select_device lands on cpu0, as the stream form's
    #hal.device.optimal allocations do."""
    hal = _run(name, "hal.generic.mlir")
    text = (FIXTURES / name / "hal.mlir").read_text()
    selected_allocas = text.count("hal.device.queue.alloca<%__allocator_select_device")
    assert selected_allocas >= 1
    allocas = [s for s in hal.trace.spans if s.category == "alloc" and s.name == "alloca"]
    on_cpu0 = [s for s in allocas if s.track.process == "cpu0"]
    assert len(on_cpu0) >= selected_allocas


@pytest.mark.parametrize("name", NAMES)
def test_multidevice_hal_timing_only_same_timeline(name: str) -> None:
    with_data = _run(name, "hal.generic.mlir")
    timing = _run(name, "hal.generic.mlir", timing_only=True)
    key = [(s.track, s.name, s.start_ns, s.dur_ns) for s in with_data.trace.spans]
    assert key == [(s.track, s.name, s.start_ns, s.dur_ns) for s in timing.trace.spans]


@pytest.mark.parametrize("name", NAMES)
def test_multidevice_hal_checks_clean(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    d = FIXTURES / name
    rc = main(
        [
            "check",
            str(d / "hal.generic.mlir"),
            "--executable-sources",
            str(d / "cmd.generic.mlir"),
            "--machine",
            "cpu-x2",
            f"--parameters=model={d / 'params.irpa'}",
            f"--input=@{d / 'input0.npy'}",
        ]
    )
    out, err = capsys.readouterr()
    assert rc == 0, out + err


def test_multidevice_hal_on_gpus_fails_as_iree_runtime_does(capsys: pytest.CaptureFixture[str]) -> None:
    """Compiled for local devices, the HAL form finds none on a GPU machine: the program's own status check
    fails with IREE's message (exit 1, a failed simulation), not a traceback."""
    d = FIXTURES / "pipeline_parallel"
    rc = main(
        [
            "run",
            str(d / "hal.mlir"),
            "--executable-sources",
            str(d / "cmd.mlir"),
            "--machine",
            "multi-gpu-4",
            f"--parameters=model={d / 'params.irpa'}",
            f"--input=@{d / 'input0.npy'}",
        ]
    )
    err = capsys.readouterr().err
    assert rc == 1
    assert "HAL device `dev_a` not found or unavailable" in err and "hal.mlir:" in err
    assert "Traceback" not in err
