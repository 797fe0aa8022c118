"""The host's cost of submitting a queue-ordered allocation or release (host.alloca_cost_ns)."""

from __future__ import annotations

import pathlib

from simulator.machine import load_machine
from tests.simulator.conftest import run_fixture_on_base_machine

FIXTURE = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "frontends" / "onnx_loop"


def _submit_spans(host: dict[str, int]) -> dict[str, set[int]]:
    result = run_fixture_on_base_machine(FIXTURE, "local-sync", host)
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
    assert load_machine("cpu-roofline").host.alloca_cost_ns is None
