"""The speed reference: a few suite programs timed before every round, recorded in the measurement file,
compared between the suite a machine is fitted on and the programs it predicts."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

from simulator import profile
from simulator.calibration import measure, speed
from simulator.calibration.measure import Case, measure_rounds
from simulator.cli import main


def _file(rounds: dict[str, list[int]], key: str = "k") -> dict[str, Any]:
    return {
        speed.KEY: {
            n: {"compile_key": key, "rounds_ns": ns, "rounds_load": [1.0] * len(ns)} for n, ns in rounds.items()
        }
    }


def test_references_are_suite_programs_on_both_devices(tmp_path: pathlib.Path) -> None:
    for device in ("local-sync", "local-task"):
        cases = speed.reference_cases(tmp_path, device)
        assert [c.name for c in cases] == list(speed.REFERENCES)
        assert all(c.source.is_file() for c in cases)


def test_round_hook_times_each_reference_once_a_round_into_every_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    """measure_rounds calls the hook before each round, before that round's programs; one timing of each
    reference goes into both files (a suite and fixtures measured in the same rounds), with the load taken
    before it and the module's compile key."""
    order: list[str] = []
    ns = iter(range(1000, 100000, 1000))

    class Timing:
        def __init__(self, n: int) -> None:
            self.min_ns = self.n = n

        def to_dict(self) -> dict[str, int]:
            return {"min_ns": self.n, "median_ns": self.n}

    def benchmark_call(vmfb: Any, **kw: Any) -> Timing:
        order.append(pathlib.Path(vmfb).stem)
        return Timing(next(ns))

    def measure_case(case: Case, workdir: pathlib.Path, **kw: Any) -> dict[str, Any]:
        order.append(case.name)
        return {"name": case.name, "call_ns": {"min_ns": 5, "median_ns": 5}, "dispatches": []}

    monkeypatch.setattr(measure, "benchmark_call", benchmark_call)
    monkeypatch.setattr(profile, "benchmark_call", benchmark_call)
    monkeypatch.setattr(measure, "measure_case", measure_case)
    monkeypatch.setattr(measure, "profile_dispatches", lambda case, workdir, **kw: [])
    monkeypatch.setattr(measure, "module_of", lambda case, workdir, device: tmp_path / f"{case.name}.vmfb")
    monkeypatch.setattr(measure, "case_key", lambda case, device: f"key-{case.name}")
    loads = iter([0.5, 0.75, 1.0, 1.5, 2.0, 2.5])
    suite_file: dict[str, Any] = {}
    fixture_file: dict[str, Any] = {speed.KEY: {"chain_24x16x16": {"compile_key": "old", "rounds_ns": [1]}}}
    hook = speed.round_hook([suite_file, fixture_file], tmp_path, "local-sync", 7, load=lambda: next(loads))
    cases = [Case(n, tmp_path / f"{n}.mlir", ()) for n in ("p", "q")]
    measure_rounds(cases, tmp_path, device="local-sync", rounds=2, before_round=hook, load=lambda: None)
    refs = list(speed.REFERENCES)
    assert order == [*refs, "p", "q", *refs, "q", "p"]
    table = suite_file[speed.KEY]
    assert table == fixture_file[speed.KEY]  # the old compile's round is dropped
    assert table[refs[0]] == {"compile_key": f"key-{refs[0]}", "rounds_ns": [1000, 4000], "rounds_load": [0.5, 1.5]}
    assert table[refs[2]]["rounds_ns"] == [3000, 6000] and table[refs[2]]["rounds_load"] == [1.0, 2.5]


def test_compare_lines_say_when_two_files_met_different_speeds() -> None:
    refs = speed.REFERENCES
    suite = _file({refs[0]: [20000, 21000], refs[1]: [30000, 30500], refs[2]: [7000]})
    same = _file({refs[0]: [20500], refs[1]: [30000], refs[2]: [7100]})
    lines, warnings = speed.compare_lines(same, suite, "fix.json", "suite.json")
    assert warnings == []
    assert "fix.json measured at x1.014 the suite's reference time (median of 3)" in lines
    assert (
        "suite.json: speed reference over 2 round(s) moved x1.017 (median max/min); 2 of 2 round(s) within"
        " x1.05 of its fastest (median)" in lines
    )
    slow = _file({refs[0]: [25400], refs[1]: [38100], refs[2]: [8900]})
    lines, warnings = speed.compare_lines(slow, suite, "fix.json", "suite.json")
    assert "fix.json measured at x1.270 the suite's reference time (median of 3)" in lines
    [warning] = warnings
    assert "fix.json and suite.json were measured at different host speeds" in warning and "x1.27" in warning
    # a reference compiled differently (another IREE) is not compared; a file without one is said
    other = _file({refs[0]: [40000]}, key="x")
    lines, warnings = speed.compare_lines(other, {}, "fix.json", "suite.json")
    assert warnings == [
        "suite.json: no speed reference (measured before this was recorded): whether it met another host"
        " speed than the other file cannot be told"
    ]
    assert speed.compare(other, suite) == ([], None)
    # a host whose speed moved within one file: said, not warned of, when the minima agree
    moving = _file({refs[0]: [20000, 26000], refs[1]: [30000, 39000], refs[2]: [7000, 7000]})
    lines, warnings = speed.compare_lines(moving, suite, "fix.json", "suite.json")
    assert warnings == []
    assert "fix.json: speed reference over 2 round(s) moved x1.300 (median max/min); 1 of 2 round(s)" in lines[1]


def test_calibrate_records_the_reference_and_says_how_far_it_moved(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """streamsim calibrate passes the hook to measure_rounds (monkeypatched: two rounds, each calling
    it); the --measurements file holds both rounds of the reference, stdout says how far it moved and
    stderr warns when only one round met the fastest speed."""
    from simulator.calibration.provenance import base_machine
    from simulator.cli import calibrate as cli

    def measure_rounds(cases: list[Any], workdir: pathlib.Path, **kw: Any) -> dict[str, Any]:
        for r in range(kw["rounds"]):
            kw["before_round"](r)
        call = {"min_ns": 100, "median_ns": 110}
        return {c.name: {"call_ns": call, "sessions_ns": [100], "sessions_load": [0.5], "dispatches": []} for c in cases}

    rounds = iter([{n: (1000, 0.5, "k") for n in speed.REFERENCES}, {n: (1250, 0.7, "k") for n in speed.REFERENCES}])
    monkeypatch.setattr(speed, "time_references", lambda cases, workdir, device, reps, load: next(rounds))
    report = {"call": {"median_abs": 0.1, "worst_abs": 0.2}, "dispatch": {"median_abs": 0.1}}
    monkeypatch.setattr(cli, "measure_rounds", measure_rounds)
    monkeypatch.setattr(cli, "stream_ir_of", lambda case, workdir, device: workdir / "x.mlir")
    monkeypatch.setattr(cli, "fit_machine", lambda base, entries, **kw: (base_machine("local-sync"), report))
    monkeypatch.setattr(cli, "host_cores", lambda: 8)
    out, measurements = tmp_path / "m.toml", tmp_path / "m.json"
    argv = ["calibrate", "-o", str(out), "--device", "local-sync", "--workdir", str(tmp_path), "--rounds", "2"]
    assert main([*argv, "--measurements", str(measurements), "--only", "matmul_16x64x64_f32"]) == 0
    captured = capsys.readouterr()
    assert (
        "timed before each round): moved x1.250 over the 2 round(s) (median max/min); 1 of 2 round(s) within"
        " x1.05 of its fastest (median)" in captured.out
    )
    assert "WARNING: only 1 of the 2 rounds met this host's fastest speed (the speed reference moved x1.25)" in (
        captured.err
    )
    table = json.loads(measurements.read_text())[speed.KEY]
    assert sorted(table) == sorted(speed.REFERENCES)
    assert all(e["rounds_ns"] == [1000, 1250] and e["rounds_load"] == [0.5, 0.7] for e in table.values())
    # a host that met its fastest speed in both rounds: said, not warned of
    rounds = iter([{n: (1000, 0.5, "k") for n in speed.REFERENCES}, {n: (1040, 0.7, "k") for n in speed.REFERENCES}])
    assert main([*argv, "--only", "matmul_16x64x64_f32"]) == 0
    captured = capsys.readouterr()
    assert "moved x1.040 over the 2 round(s) (median max/min); 2 of 2 round(s) within x1.05" in captured.out
    assert "WARNING" not in captured.err
