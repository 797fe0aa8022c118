"""The host's cost of submitting a queue-ordered allocation or release (host.alloca_cost_ns)."""

from __future__ import annotations

import pathlib

from simulator import Session, machine_from_dict
from simulator.calibration.provenance import base_machine
from simulator.calibration.run import _inputs, fixture_case
from simulator.machine import load_machine
from simulator.program import load_program

FIXTURE = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "frontends" / "onnx_loop"


def _submit_spans(host: dict[str, int]) -> dict[str, set[int]]:
    data = base_machine("local-sync")
    data["host"].update(host)
    case = fixture_case(FIXTURE)
    assert case.stream_ir is not None
    params = dict(p.split("=", 1) for p in case.parameters)
    result = Session(machine_from_dict(data)).run_sync(
        load_program(case.stream_ir), "main", _inputs(case), parameters=params or None
    )
    out: dict[str, set[int]] = {}
    for span in result.trace.iter_spans():
        if span.category == "host" and span.name.startswith("submit "):
            out.setdefault(span.name, set()).add(span.dur_ns)
    return out


def test_allocas_pay_their_own_submission_cost_when_given() -> None:
    costs = {"submit_cost_ns": 700, "record_cost_ns": 0, "barrier_cost_ns": 0, "rerecord_cost_ns": 0}
    default = _submit_spans(costs)
    assert default["submit alloca"] == default["submit dealloca"] == {700}  # submit_cost_ns when absent
    given = _submit_spans({**costs, "alloca_cost_ns": 150})
    assert given["submit alloca"] == given["submit dealloca"] == {150}
    assert given["submit execute"] == default["submit execute"] == {700}
    assert load_machine("cpu").host.alloca_cost_ns is None
