"""Leave-one-out fits that share their programs' features and sensitivities (issue 16): on local-sync
they give the machine a fit from scratch gives, and they reject programs they were not prepared for."""

from __future__ import annotations

import json
import pathlib

import pytest

from simulator.calibration import loo
from simulator.calibration.provenance import base_machine, provenance
from simulator.calibration.run import benchmark_case, fit_machine, simulate_case, stream_ir_of
from simulator.calibration.suite import training_suite
from simulator.errors import InputError
from simulator.machine import machine_from_dict

ROOT = pathlib.Path(__file__).parents[3]
PROGRAMS = ("host_loop_4x16x16", "chain_8x16x16", "mlp_2x16x32x16", "matmul_8x32x32_f32", "softmax_2x16")
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


def test_a_shared_fit_without_a_program_is_the_fit_from_scratch_on_local_sync(entries: list) -> None:
    base = base_machine(DEVICE)
    prepared = loo.prepare(base, entries, DEVICE)
    for left in ("mlp_2x16x32x16", "chain_8x16x16"):
        shared = loo.fit_without(prepared, entries, {left})
        data, _ = fit_machine(
            base, [e for e in entries if e[0].name != left], provenance=provenance(DEVICE, "t")
        )
        scratch = machine_from_dict(data, source="scratch")
        assert shared.host == scratch.host
        assert shared.devices[0].dispatch_model == scratch.devices[0].dispatch_model
        for case, ir, _ in entries:
            assert simulate_case(case, ir, shared)["call_ns"] == simulate_case(case, ir, scratch)["call_ns"]


def test_shared_fits_take_the_options_of_the_fit_from_scratch(entries: list) -> None:
    """The fit's options given to ``prepare`` (a pool of 2 workers, the release priced apart, whole
    workgroups shared, the dynamic factor) make the shared fits the fit from scratch with the same
    options; the release is priced apart by default too, and with ``release_cost=False`` it is left unset (it
    costs what an allocation does)."""
    base = base_machine(DEVICE)
    options = {"release_cost": True, "split_workgroups": True, "dynamic_factor": True}
    left = "chain_8x16x16"
    kept = [e for e in entries if e[0].name != left]
    shared = loo.fit_without(loo.prepare(base, entries, DEVICE, workers=2, **options), entries, {left})
    data, _ = fit_machine(base, kept, provenance=provenance(DEVICE, "t"), workers=2, **options)
    scratch = machine_from_dict(data, source="scratch")
    assert shared.host == scratch.host and shared.host.dealloca_cost_ns is not None
    assert shared.devices[0].dispatch_model == scratch.devices[0].dispatch_model
    assert shared.devices[0].dispatch_model is not None and shared.devices[0].dispatch_model.split_workgroups
    plain = loo.fit_without(loo.prepare(base, entries, DEVICE, workers=2), entries, {left})
    assert plain.host.dealloca_cost_ns is not None and not plain.devices[0].dispatch_model.split_workgroups
    off = loo.fit_without(loo.prepare(base, entries, DEVICE, workers=2, release_cost=False), entries, {left})
    assert off.host.dealloca_cost_ns is None


def test_unprepared_or_no_programs_are_rejected(entries: list) -> None:
    prepared = loo.prepare(base_machine(DEVICE), entries[:3], DEVICE)
    with pytest.raises(InputError, match="not prepared: \\['matmul_8x32x32_f32', 'softmax_2x16'\\]"):
        loo.fit_without(prepared, entries, set())
    with pytest.raises(InputError, match="every program is left out"):
        loo.fit_without(prepared, entries[:3], {e[0].name for e in entries})
    with pytest.raises(InputError, match="named twice"):
        loo.prepare(base_machine(DEVICE), [entries[0], entries[0]], DEVICE)


def test_local_sync_fits_bound_the_dispatches_by_their_call(
    entries: list, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A program whose dispatch minima sum to more than its call's (a profile in a slower state than the
    call's fastest round) is fitted with them scaled down to the call: by fit_machine and by the shared
    leave-one-out fits alike; without the bound the fit differs."""
    from simulator.calibration import run
    from simulator.calibration.rounds import dispatch_excess, within_call

    base = base_machine(DEVICE)
    slow = []
    for case, ir, m in entries:
        if case.name == "matmul_8x32x32_f32":
            call = m["call_ns"]["min_ns"]
            m = dict(m, dispatches=[dict(d, min_ns=3 * call) for d in m["dispatches"]])
            assert dispatch_excess(m) == 3.0
        slow.append((case, ir, m))
    bounded = [(case, ir, within_call(m)) for case, ir, m in slow]
    head = provenance(DEVICE, "t")

    def model(fitted: list) -> object:
        data = fit_machine(base, fitted, provenance=head)[0]
        return machine_from_dict(data, source="t").devices[0].dispatch_model

    assert model(slow) == model(bounded)
    shared = loo.fit_without(loo.prepare(base, slow, DEVICE), slow, {"chain_8x16x16"})
    assert shared.devices[0].dispatch_model == model([e for e in slow if e[0].name != "chain_8x16x16"])
    monkeypatch.setattr(run, "fitted_dispatches", lambda measured, device: measured)
    assert model(slow) != model(bounded)
