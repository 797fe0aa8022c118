"""The cost of issuing each dispatch of a command buffer (``host.dispatch_cost_ns``), beside the cost per
command (``host.record_cost_ns``) that a fill or copy pays alone: paid per dispatch wherever the command
buffer's commands and barriers are paid (every execution of a ``stream.cmd.execute``; a HAL command
buffer's recording)."""

from __future__ import annotations

import pathlib
from typing import Any

import numpy as np
import pytest

from simulator import Session, machine_from_dict
from simulator.calibration.provenance import base_machine
from simulator.calibration.run import KNOBS
from simulator.errors import MachineError
from simulator.machine import load_machine
from simulator.program import load_program
from tests.simulator.conftest import run_fixture_on_base_machine
from traces import call_time_ns

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures"


def _dispatches(result: Any) -> int:
    spans = result.trace.iter_spans()
    return len([s for s in spans if s.category == "dispatch" and s.args.get("op") == "stream.cmd.dispatch"])


@pytest.mark.parametrize(
    ("fixture", "device"),
    [
        (FIXTURES / "iree" / "attention_block", "local-sync"),
        (FIXTURES / "iree" / "attention_block", "local-task"),
        # a host loop: its command buffers are executed (and paid) once per trip
        (FIXTURES / "frontends" / "onnx_loop", "local-task"),
        (FIXTURES / "frontends" / "flax_lstm_rnn", "local-sync"),
    ],
)
def test_each_executed_dispatch_pays_the_cost(fixture: pathlib.Path, device: str) -> None:
    plain = run_fixture_on_base_machine(fixture, device, {"dispatch_cost_ns": 0})
    priced = run_fixture_on_base_machine(fixture, device, {"dispatch_cost_ns": 700})
    dispatches = _dispatches(plain)
    assert dispatches > 1 and _dispatches(priced) == dispatches
    # the host and the device's work add up on both CPU devices: the call grows by every dispatch's cost
    # (and by nothing for the fills and copies the command buffers record)
    assert call_time_ns(priced.trace) - call_time_ns(plain.trace) == 700 * dispatches


def test_a_hal_command_buffer_pays_it_when_recorded() -> None:
    """mlp's HAL program records its 2 dispatches into a command buffer (memoized: once, in an
    initializer): the recording's host span grows by 2 x the cost."""
    d = FIXTURES / "iree" / "mlp"
    inputs = [np.load(p) for p in sorted(d.glob("input*.npy"))]

    def record_ns(cost: int) -> list[int]:
        data = base_machine("local-task")
        data["host"].update({"record_cost_ns": 0, "barrier_cost_ns": 0, "dispatch_cost_ns": cost})
        result = Session(machine_from_dict(data)).run_sync(
            load_program(d / "hal.generic.mlir"),
            "main",
            inputs,
            parameters={"model": str(d / "params.irpa")},
            timing_only=True,
        )
        return [s.dur_ns for s in result.trace.iter_spans() if s.name == "record command buffer"]

    plain, priced = record_ns(0), record_ns(900)
    assert len(plain) == 1 and len(priced) == 1
    assert priced[0] - plain[0] == 900 * 2


def test_it_is_fitted_and_defaults_to_nothing() -> None:
    assert ("host", "dispatch_cost_ns") in KNOBS
    assert load_machine("cpu-roofline").host.dispatch_cost_ns == 0
    data = base_machine("local-task")
    data["host"]["dispatch_cost_ns"] = -1
    with pytest.raises(MachineError, match="dispatch_cost_ns"):
        machine_from_dict(data)
