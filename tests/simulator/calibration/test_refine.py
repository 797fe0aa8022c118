"""Re-fitting the fixed costs at the fitted point (Gauss-Newton on the simulator): the linearisation
reproduces the simulated call at that point, and a refined fit never explains the measured calls worse
than the fit linearised at zero costs."""

from __future__ import annotations

import json
import pathlib

import pytest

from simulator.calibration import tiles
from simulator.calibration.fit import fit_dispatch_model
from simulator.calibration.pairing import dispatch_samples
from simulator.calibration.provenance import base_machine, device_workers, provenance
from simulator.calibration.run import (
    KNOBS,
    benchmark_case,
    call_samples,
    fit_machine,
    refine_fixed_costs,
    simulate_case,
    stream_ir_of,
    with_costs,
)
from simulator.calibration.suite import training_suite

ROOT = pathlib.Path(__file__).parents[3]
PROGRAMS = ("host_loop_4x16x16", "chain_8x16x16", "mlp_2x16x32x16")
DEVICE = "local-sync"


@pytest.fixture
def entries(iree: None, tmp_path: pathlib.Path) -> list:
    cache = json.loads((ROOT / "benchmarks" / "data" / "calibration" / f"{DEVICE}.json").read_text())
    benches = {b.name: b for b in training_suite()}
    out = []
    for name in PROGRAMS:
        case = benchmark_case(benches[name], tmp_path)
        out.append((case, stream_ir_of(case, tmp_path, DEVICE), cache["programs"][name]))
    return out


def test_the_linearisation_at_a_point_reproduces_the_simulated_call_there(entries: list) -> None:
    base = base_machine(DEVICE)
    samples = []
    for case, ir, measured in entries:
        samples += dispatch_samples(measured, simulate_case(case, ir, with_costs(base, None, {})))
    dispatch = fit_dispatch_model(samples)
    point = {"host.op_cost_ns": 300.0, "host.submit_cost_ns": 2000.0, "host.call_cost_ns": 700.0}
    at_point = with_costs(base, dispatch, point)
    for (case, ir, _), sample in zip(entries, call_samples(entries, base, dispatch, at=point)):
        predicted = sample.base_ns + sum(sample.sensitivity[k] * v for k, v in point.items())
        assert predicted == pytest.approx(simulate_case(case, ir, at_point)["call_ns"], abs=1.0)
        assert sample.sensitivity["host.submit_cost_ns"] > 0


def test_a_refined_fit_never_explains_the_calls_worse(entries: list) -> None:
    head = provenance(DEVICE, "test")
    plain, plain_report = fit_machine(base_machine(DEVICE), entries, provenance=head)
    refined, refined_report = fit_machine(base_machine(DEVICE), entries, provenance=head, refine=2)

    def squares(report: dict) -> float:
        return sum(e * e for e in report["call_errors"].values())

    assert squares(refined_report) <= squares(plain_report) + 1e-9
    # The refinement's own errors are those of the machine it returns (as written, integer costs).
    base = base_machine(DEVICE)
    samples = []
    for case, ir, measured in entries:
        samples += dispatch_samples(measured, simulate_case(case, ir, with_costs(base, None, {})))
    dispatch = fit_dispatch_model(samples, workers=device_workers(DEVICE), row_tile=tiles.row_tile(DEVICE))
    # (a knob the fit does not fit for this device may be left out of the machine: run.OPTIONAL_KNOBS)
    start = {f"{t}.{k}": float(plain[t][k]) for t, k in KNOBS if k in plain[t]}
    costs, errors = refine_fixed_costs(entries, base, dispatch, start, 1)
    machine = with_costs(base, dispatch, costs)
    assert errors == pytest.approx(
        [simulate_case(c, ir, machine)["call_ns"] / m["call_ns"]["min_ns"] - 1.0 for c, ir, m in entries]
    )


def test_a_fit_with_the_release_option_writes_a_machine_that_loads(entries: list) -> None:
    from simulator.machine import machine_from_dict

    data, _ = fit_machine(base_machine(DEVICE), entries, provenance=provenance(DEVICE, "test"), release_cost=True)
    # local-sync has no pool of workers: the release is not fitted apart there, stays unset, and the
    # provenance does not say it was fitted apart
    assert "fitted_apart" not in data["calibration"]
    assert machine_from_dict(data).host.dealloca_cost_ns is None
    # with a pool of workers it is fitted apart, said so, and set
    pooled, _ = fit_machine(
        base_machine(DEVICE), entries, provenance=provenance(DEVICE, "test"), workers=2, release_cost=True
    )
    assert pooled["calibration"]["fitted_apart"] == ["host.dealloca_cost_ns"]
    assert machine_from_dict(pooled).host.dealloca_cost_ns is not None
