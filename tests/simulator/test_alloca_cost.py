"""The host's cost of submitting a queue-ordered allocation or release (host.alloca_cost_ns,
host.dealloca_cost_ns)."""

from __future__ import annotations

import pathlib

import pytest

from simulator import machine_from_dict
from simulator.calibration.fit import DispatchSample, fit_dispatch_model
from simulator.calibration.provenance import base_machine
from simulator.calibration.run import KNOBS, call_samples, fitted_knobs, fixture_case, with_costs
from simulator.errors import MachineError
from simulator.machine import load_machine
from tests.simulator.conftest import run_fixture_on_base_machine
from traces.window import call_window

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


def test_releases_pay_their_own_cost_when_given() -> None:
    costs = {"submit_cost_ns": 700, "record_cost_ns": 0, "barrier_cost_ns": 0, "rerecord_cost_ns": 0}
    given = _submit_spans({**costs, "alloca_cost_ns": 150, "dealloca_cost_ns": 4000})
    assert given["submit dealloca"] == {4000}
    assert given["submit alloca"] == {150}
    assert given["submit execute"] == {700}
    # Without alloca_cost_ns a release still pays its own figure, an allocation the submission's.
    alone = _submit_spans({**costs, "dealloca_cost_ns": 4000})
    assert alone["submit dealloca"] == {4000} and alone["submit alloca"] == {700}
    assert load_machine("cpu-roofline").host.dealloca_cost_ns is None


def test_the_release_cost_is_fitted_apart_from_the_allocation_cost() -> None:
    assert {("host", "alloca_cost_ns"), ("host", "dealloca_cost_ns")} <= set(KNOBS)


def test_a_malformed_release_cost_is_rejected_with_its_key() -> None:
    data = base_machine("local-task")
    data["host"]["dealloca_cost_ns"] = -5
    with pytest.raises(MachineError, match="dealloca_cost_ns"):
        machine_from_dict(data)


def test_a_release_is_fitted_apart_unless_turned_off_and_only_for_a_pool_of_workers() -> None:
    assert "host.dealloca_cost_ns" in fitted_knobs(2, release=True)
    assert "host.dealloca_cost_ns" not in fitted_knobs(1, release=True)
    assert "host.dealloca_cost_ns" in fitted_knobs(2)  # the default (run.OPTIONAL_KNOBS: --no-release-cost)
    assert "host.dealloca_cost_ns" not in fitted_knobs(2, release=False)
    fit = fit_dispatch_model([DispatchSample("p", "mm", 1000, 10, 5000.0)] * 3)
    # Not fitted (local-sync), a release keeps costing what an allocation does; fitted, its own figure.
    assert with_costs(base_machine("local-sync"), fit, {"host.alloca_cost_ns": 300}).host.dealloca_cost_ns is None
    assert with_costs(base_machine("local-task"), fit, {"host.dealloca_cost_ns": 0}).host.dealloca_cost_ns == 0


def test_the_fit_sees_each_release_of_the_call_once() -> None:
    case = fixture_case(FIXTURE)
    assert case.stream_ir is not None
    pool = fit_dispatch_model([DispatchSample("p", "mm", 1000, 10, 5000.0)] * 3, workers=2)
    entry = (case, case.stream_ir, {"call_ns": {"min_ns": 50_000}})
    [sample] = call_samples([entry], base_machine("local-task"), pool)  # (the release probed apart by default)
    # Turned off, a release is probed with the allocations (it costs what one does).
    [plain] = call_samples([entry], base_machine("local-task"), pool, release=False)
    assert "host.dealloca_cost_ns" not in plain.sensitivity
    trace = run_fixture_on_base_machine(FIXTURE, "local-task", {}).trace
    start, end = call_window(trace)
    names = [s.name for s in trace.iter_spans() if s.category == "host" and start <= s.start_ns <= end]
    releases, allocations = names.count("submit dealloca"), names.count("submit alloca")
    assert releases > 0 and allocations > releases
    assert sample.sensitivity["host.dealloca_cost_ns"] == pytest.approx(releases)
    assert sample.sensitivity["host.alloca_cost_ns"] == pytest.approx(allocations)
    assert plain.sensitivity["host.alloca_cost_ns"] == pytest.approx(allocations + releases)
