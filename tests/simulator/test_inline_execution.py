"""A device that runs its queue operations on the submitting thread (``inline_execution``: IREE's local-sync)."""

from __future__ import annotations

import pathlib

import pytest

from simulator import Session, machine_from_dict
from simulator.calibration.provenance import base_machine
from simulator.calibration.run import _inputs, fixture_case
from simulator.errors import MachineError
from simulator.machine import load_machine
from simulator.program import load_program
from traces import Trace, Track, call_time_ns

#: A loop of four trips that never waits: alloca, alloca, execute, dealloca per trip.
FIXTURE = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "frontends" / "onnx_loop"


def _run(inline: bool) -> Trace:
    data = base_machine("local-sync")
    data["devices"][0]["inline_execution"] = inline
    case = fixture_case(FIXTURE)
    assert case.stream_ir is not None
    params = dict(p.split("=", 1) for p in case.parameters)
    result = Session(machine_from_dict(data)).run_sync(
        load_program(case.stream_ir), "main", _inputs(case), parameters=params or None
    )
    return result.trace


def _overlaps(trace: Trace) -> int:
    """Pairs of (span of the host's own work, device span) that overlap in time."""
    host = [s for s in trace.iter_spans() if s.track == Track.host() and s.category == "host" and s.dur_ns]
    device = [
        s for s in trace.iter_spans() if s.track.kind == "queue" and s.category in ("dispatch", "transfer")
    ]
    return sum(
        h.start_ns < d.start_ns + d.dur_ns and d.start_ns < h.start_ns + h.dur_ns
        for h in host
        for d in device
    )


def test_the_host_runs_the_work_it_submits_before_it_goes_on() -> None:
    apart, inline = _run(False), _run(True)
    # Without it the host records the next trip while the device runs this one; with it, never.
    assert _overlaps(apart) > 0
    assert _overlaps(inline) == 0
    assert call_time_ns(inline) > call_time_ns(apart)
    # The host waits for each execute in a span of its own, which ends with the execute's last command.
    runs = [s for s in inline.iter_spans() if s.name == "run inline"]
    executes = [s for s in runs if s.args["op"] == "stream.cmd.execute"]
    # the initializer's execute, then four trips and the last one
    assert len(executes) == 6 and all(s.category == "sync" and s.track.kind == "host" for s in runs)
    ends = {
        s.start_ns + s.dur_ns
        for s in inline.iter_spans()
        if s.track.kind == "queue" and s.category in ("dispatch", "transfer")
    }
    assert {s.start_ns + s.dur_ns for s in executes} <= ends


def test_local_sync_fits_and_its_preset_run_inline_and_local_task_does_not() -> None:
    assert base_machine("local-sync")["devices"][0]["inline_execution"] is True
    assert "inline_execution" not in base_machine("local-task")["devices"][0]
    assert load_machine("cpu-local-sync").devices[0].inline_execution
    assert not load_machine("cpu-local-task").devices[0].inline_execution
    assert not load_machine("cpu").devices[0].inline_execution


def test_a_malformed_value_is_rejected_with_its_key() -> None:
    data = base_machine("local-sync")
    data["devices"][0]["inline_execution"] = "yes"
    with pytest.raises(MachineError, match="inline_execution"):
        machine_from_dict(data)
