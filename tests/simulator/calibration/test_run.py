"""Pairing measured and simulated dispatches, and machines with fitted costs."""

from __future__ import annotations

import pathlib
import tomllib

import pytest

from simulator.calibration.fit import DispatchSample, fit_dispatch_model
from simulator.calibration.pairing import dispatch_samples, pair_dispatches
from simulator.calibration.run import KNOBS, fixture_case, with_costs
from simulator.calibration.suite import holdout_suite, training_suite

ROOT = pathlib.Path(__file__).parents[3]


def _base() -> dict:
    with open(ROOT / "simulator" / "machines" / "cpu-roofline.toml", "rb") as f:
        return tomllib.load(f)


def test_dispatch_samples_pair_by_location_then_by_name() -> None:
    measured = {
        "name": "p",
        "dispatches": [
            {"name": "mm", "loc": "p.mlir:9:5", "min_ns": 900},
            {"name": "mm", "loc": "p.mlir:12:5", "min_ns": 700},
            {"name": "red", "loc": None, "min_ns": 300},
        ],
    }
    simulated = {
        "dispatches": [
            {"name": "mm", "loc": "p.mlir:12:5", "flops": 20, "bytes": 2},
            {"name": "mm", "loc": "p.mlir:9:5", "flops": 10, "bytes": 1},
            {"name": "red", "loc": "p.mlir:14:5", "flops": 5, "bytes": 3, "transcendentals": 64},
        ]
    }
    assert dispatch_samples(measured, simulated) == [
        DispatchSample("p", "mm", 10, 1, 900.0),
        DispatchSample("p", "mm", 20, 2, 700.0),
        DispatchSample("p", "red", 5, 3, 300.0, 64),
    ]


def test_pair_dispatches_by_site_wherever_the_file_was_and_in_order_in_loops() -> None:
    # Measured where the stream IR was in /tmp/x, simulated from /work/y: the site is file:line:col.
    # A site run twice (a loop) pairs in order; a dispatch without a location pairs by name; one that
    # the simulation does not have is left out.
    measured = {
        "name": "p",
        "dispatches": [
            {"name": "a", "loc": "/tmp/x/p.mlir:9:5", "min_ns": 1},
            {"name": "a", "loc": "/tmp/x/p.mlir:9:5", "min_ns": 2},
            {"name": "b", "loc": None, "min_ns": 3},
            {"name": "c", "loc": None, "min_ns": 4},
        ],
    }
    simulated = {
        "dispatches": [
            {"name": "a", "loc": "/work/y/p.mlir:9:5", "dur_ns": 10},
            {"name": "b", "loc": "/work/y/p.mlir:12:5", "dur_ns": 30},
            {"name": "a", "loc": "/work/y/p.mlir:9:5", "dur_ns": 20},
        ]
    }
    pairs = pair_dispatches(measured, simulated)
    assert [(m["min_ns"], s["dur_ns"]) for m, s in pairs] == [(1, 10), (2, 20), (3, 30)]


def test_with_costs_sets_every_knob_and_the_model() -> None:
    fit = fit_dispatch_model([DispatchSample("p", "mm", 1000, 10, 5000.0)] * 3)
    costs = {f"{t}.{k}": 100.0 * (i + 1) for i, (t, k) in enumerate(KNOBS)}
    machine = with_costs(_base(), fit, costs)
    assert machine.host.op_cost_ns == 100 and machine.host.wake_cost_ns == 500
    # The device's queue-op cost is not fitted (run.KNOBS): the base machine's figure stays.
    assert machine.devices[0].queue_op_overhead_ns == _base()["devices"][0]["queue_op_overhead_ns"]
    assert machine.devices[0].dispatch_model == fit.model
    # The base dict is not changed.
    assert _base()["host"]["op_cost_ns"] == 20


def test_suites_have_unique_names_and_holdout_is_disjoint() -> None:
    train = [b.name for b in training_suite()]
    holdout = [b.name for b in holdout_suite()]
    assert len(set(train)) == len(train) and not set(train) & set(holdout)
    assert all(b.source.startswith("func.func @main(") for b in training_suite() + holdout_suite())


def test_fixture_case_uses_the_fixture_inputs_parameters_and_stream_ir() -> None:
    case = fixture_case(ROOT / "tests" / "fixtures" / "iree" / "attention_block")
    assert case.stream_ir is not None and case.stream_ir.name == "cmd.mlir"
    assert [pathlib.Path(i[1:]).name for i in case.inputs] == ["input0.npy"]
    assert case.parameters[0].startswith("model=") and case.parameters[0].endswith("params.irpa")


@pytest.mark.parametrize("bench", training_suite()[:3] + holdout_suite()[:1], ids=lambda b: b.name)
def test_generated_programs_compile_with_iree(iree: None, bench: object, tmp_path: pathlib.Path) -> None:
    from simulator.profile import compile_module

    source = tmp_path / "p.mlir"
    source.write_text(bench.source)  # type: ignore[attr-defined]
    assert (
        compile_module(source, tmp_path / "p.mlir.stream", to_stream=True)
        .read_text()
        .count("stream.cmd.dispatch")
        >= 1
    )


@pytest.mark.parametrize("preset", ["cpu-local-task", "cpu-local-sync"])
def test_the_calibrated_presets_load_and_state_their_provenance(preset: str) -> None:
    from simulator.machine import load_machine

    machine = load_machine(preset)
    model = machine.devices[0].dispatch_model
    assert model is not None and model.coefficients("matmul")[1] > 0
    with open(ROOT / "simulator" / "machines" / f"{preset}.toml", "rb") as f:
        provenance = tomllib.load(f)["calibration"]
    assert provenance["device"] == preset.removeprefix("cpu-")
    assert {"date", "host_cpu", "iree_version", "device", "programs", "call_errors"} <= set(provenance)
    assert len(provenance["call_errors"]) == len(provenance["programs"])
    # No held-out program was fitted on.
    assert not {b.name for b in holdout_suite()} & set(provenance["programs"])


@pytest.mark.parametrize("fixture", ["newton_while", "onnx_loop"])
def test_simulated_loops_on_device_values_run_as_many_dispatches_as_iree_measured(fixture: str) -> None:
    """A loop whose condition is read back from the device takes IREE's trip count in the simulated
    call (simulate_case runs with data), as many dispatches as IREE's profile of the call recorded."""
    import json

    from simulator.calibration.run import simulate_case
    from simulator.machine import load_machine

    case = fixture_case(ROOT / "tests" / "fixtures" / "frontends" / fixture)
    assert case.stream_ir is not None
    simulated = simulate_case(case, case.stream_ir, load_machine("cpu-local-sync"))
    for device in ("local-sync", "local-task"):
        cache = json.loads((ROOT / "benchmarks" / "data" / "accuracy" / f"{device}.json").read_text())
        measured = cache["programs"][fixture]["dispatches"]
        assert len(measured) > 2
        assert len(simulated["dispatches"]) == len(measured)
        assert len(pair_dispatches(cache["programs"][fixture], simulated)) == len(measured)


def test_new_suite_programs_get_their_classes_and_loop_as_iree_measured(
    iree: None, tmp_path: pathlib.Path
) -> None:
    """IREE names the suite's dynamic-shape and attention dispatches so that they get their own op
    classes; the device loop's simulated call runs as many dispatches as IREE's profile measured."""
    import json

    from simulator.calibration.run import benchmark_case, simulate_case, stream_ir_of
    from simulator.calibration.suite import attention, dynamic
    from simulator.calibration.suite_host import device_loop
    from simulator.costs import op_class
    from simulator.machine import load_machine

    machine = load_machine("cpu-local-sync")
    classes = {}
    for bench in (dynamic("matmul", 4, 16, 8), dynamic("reduction", 5, 16), attention(2, 8, 16, 8, 16)):
        case = benchmark_case(bench, tmp_path)
        simulated = simulate_case(case, stream_ir_of(case, tmp_path, "local-sync"), machine)
        classes[bench.name] = {op_class(d["name"]) for d in simulated["dispatches"]}
    assert classes == {
        "dynamic_matmul_4x8x16": {"matmul.dyn"},
        "dynamic_reduction_5x16": {"reduction.dyn"},
        "attention_2x8x16x8x16": {"attention"},
    }
    cache = json.loads((ROOT / "benchmarks" / "data" / "calibration" / "local-sync.json").read_text())
    for n in (4, 16):
        case = benchmark_case(device_loop(n), tmp_path)
        simulated = simulate_case(case, stream_ir_of(case, tmp_path, "local-sync"), machine)
        assert len(simulated["dispatches"]) == len(cache["programs"][case.name]["dispatches"]) == 2 * n + 1
