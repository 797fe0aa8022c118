"""``streamsim calibrate`` end to end with IREE on two small programs of the suite."""

from __future__ import annotations

import json
import pathlib

from simulator.calibration.run import benchmark_case, simulate_case, stream_ir_of
from simulator.calibration.suite import training_suite
from simulator.cli import main
from simulator.machine import load_machine

PROGRAMS = ["matmul_16x64x64_f32", "reduction_64x256"]


def test_calibrate_writes_a_machine_that_reproduces_its_own_fit(iree: None, tmp_path: pathlib.Path) -> None:
    out, measurements = tmp_path / "mybox.toml", tmp_path / "m.json"
    argv = ["calibrate", "-o", str(out), "--device", "local-sync", "--reps", "5", "--calls", "3"]
    argv += ["--workdir", str(tmp_path), "--measurements", str(measurements), "--only", *PROGRAMS]
    assert main(argv) == 0
    machine = load_machine(out)
    assert machine.devices[0].dispatch_model is not None
    import tomllib

    provenance = tomllib.loads(out.read_text())["calibration"]
    assert provenance["programs"] == PROGRAMS and provenance["device"] == "local-sync"
    measured = json.loads(measurements.read_text())["programs"]
    benches = {b.name: b for b in training_suite()}
    for name, recorded in zip(provenance["programs"], provenance["call_errors"]):
        case = benchmark_case(benches[name], tmp_path)
        ir = stream_ir_of(case, tmp_path, "local-sync")  # compiled by calibrate, reused here
        first = simulate_case(case, ir, machine)
        again = simulate_case(case, ir, load_machine(out))
        assert first == again
        assert round(first["call_ns"] / measured[name]["call_ns"]["min_ns"] - 1.0, 4) == recorded


def test_calibrate_rejects_an_output_that_is_not_toml(tmp_path: pathlib.Path, capsys: object) -> None:
    assert main(["calibrate", "-o", str(tmp_path / "m.json")]) == 2
