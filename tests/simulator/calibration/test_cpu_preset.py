"""The built-in ``cpu`` preset is a calibrated machine (issue 16's Build): the ``cpu-local-task`` fit,
saying what host and IREE it was calibrated on; the uncalibrated roofline it replaced is ``cpu-roofline``,
and fits start from that roofline, never from a fitted machine."""

from __future__ import annotations

import importlib.resources
import json
import pathlib
import tomllib

import pytest

from simulator.calibration.provenance import base_machine
from simulator.machine import load_machine


def _toml(name: str) -> dict:  # type: ignore[type-arg]
    return tomllib.loads((importlib.resources.files("simulator") / "machines" / f"{name}.toml").read_text())


def test_cpu_is_the_local_task_fit_and_says_on_what() -> None:
    cpu, fitted = load_machine("cpu"), load_machine("cpu-local-task")
    assert cpu.name == "cpu" and "calibrated on" in cpu.description
    # Everything but its name is the local-task fit: host costs, the device and its fitted dispatch model.
    assert cpu.host == fitted.host
    assert cpu.devices == fitted.devices and cpu.devices[0].dispatch_model is not None
    assert cpu.storage == fitted.storage
    calibration = _toml("cpu")["calibration"]
    assert calibration == _toml("cpu-local-task")["calibration"]
    assert calibration["device"] == "local-task" and calibration["iree_version"].startswith("3.")
    assert calibration["host_cpu"] and "matmul_128x128x128_f32" in calibration["programs"]


def test_the_roofline_it_replaced_is_kept_and_fits_start_from_it() -> None:
    roof = load_machine("cpu-roofline")
    (device,) = roof.devices
    assert device.dispatch_model is None and device.dispatch_slots == 8
    assert device.peak_for("f32") == 0.6e12 and roof.host.call_cost_ns == 200
    for hal_device in ("local-sync", "local-task"):
        data = base_machine(hal_device)
        assert "dispatch_model" not in data["devices"][0]
        assert data["host"] == _toml("cpu-roofline")["host"]


def test_a_program_on_cpu_is_priced_by_the_fitted_model() -> None:
    from simulator.costs import CostModel, DispatchCost

    cpu, roof = load_machine("cpu").devices[0], load_machine("cpu-roofline").devices[0]
    cost = DispatchCost(2 * 64 * 64 * 64, 3 * 64 * 64 * 4, 0)
    name = ("main_dispatch_0_matmul_64x64x64_f32",)
    fitted = CostModel().dispatch_ns(cpu, name, cost)
    assert fitted == CostModel().dispatch_ns(load_machine("cpu-local-task").devices[0], name, cost)
    # The roofline says under 4 us (3 us of it launch overhead); IREE's code takes tens.
    assert CostModel().dispatch_ns(roof, name, cost) < 4000 < 10_000 < fitted


def test_check_on_the_calibrated_cpu_still_finds_a_racy_waves_race_and_its_order_dependence(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``streamsim check`` keeps the calibrated ``cpu`` as its default machine although it runs one
    dispatch at a time: the race is found from happens-before, not from the timeline, and the random
    legal interleavings still reorder the wave's dispatches, so the order-dependent numerics are found
    too. Only "schedule-differs" (this machine's own timeline gives another result than the serialised
    reference) needs dispatches that overlap, and on a one-slot machine none do."""
    from ir import load_file, print_generic
    from simulator.checks.mutants import MUTANTS
    from simulator.cli import main

    mlp = pathlib.Path(__file__).parents[2] / "fixtures" / "iree" / "mlp"
    module = load_file(str(mlp / "cmd.generic.mlir"))
    MUTANTS["conflicting-wave"](module, "main")
    racy = tmp_path / "racy.mlir"
    racy.write_text(print_generic(module))
    args = ["--parameters", f"model={mlp / 'params.irpa'}", "--input", f"@{mlp / 'input0.npy'}", "--json"]
    kinds = {}
    for machine in ((), ("--machine", "cpu-roofline")):
        assert main(["check", str(racy), *args, *machine]) == 1
        report = json.loads(capsys.readouterr().out)
        kinds[machine] = {(f["category"], f["kind"]) for f in report["findings"]}
    assert kinds[()] == {("race", "write-read"), ("numerics", "order-dependent")}
    assert kinds[("--machine", "cpu-roofline")] == kinds[()] | {("numerics", "schedule-differs")}
