"""``streamsim calibrate`` end to end with IREE on two small programs of the suite."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

from simulator.calibration.run import benchmark_case, simulate_case, stream_ir_of
from simulator.calibration.suite import training_suite
from simulator.cli import main
from simulator.machine import load_machine

PROGRAMS = ["matmul_16x64x64_f32", "reduction_64x256"]


def test_calibrate_writes_a_machine_that_reproduces_its_own_fit(iree: None, tmp_path: pathlib.Path) -> None:
    out, measurements = tmp_path / "mybox.toml", tmp_path / "m.json"
    argv = ["calibrate", "-o", str(out), "--device", "local-sync", "--reps", "5", "--calls", "3"]
    argv += ["--rounds", "2", "--workdir", str(tmp_path)]
    argv += ["--measurements", str(measurements), "--only", *PROGRAMS]
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
        # two interleaved rounds: the call's minimum is the lower round's, each round's minimum recorded
        assert len(measured[name]["sessions_ns"]) == 2
        assert measured[name]["call_ns"]["min_ns"] == min(measured[name]["sessions_ns"]) > 0


def test_calibrate_rejects_an_output_that_is_not_toml(tmp_path: pathlib.Path, capsys: object) -> None:
    assert main(["calibrate", "-o", str(tmp_path / "m.json")]) == 2
    assert main(["calibrate", "-o", str(tmp_path / "m.toml"), "--rounds", "0"]) == 2


def test_calibrate_only_names_an_unknown_program_and_list_gives_the_suite(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--only with a name the suite lacks said "nothing to measure: --only names no program of the suite"
    (and measured the rest silently when some names were right); it names the unknown ones, before any
    compile, and --list prints the suite's names (no -o needed)."""
    out = tmp_path / "m.toml"
    assert main(["calibrate", "-o", str(out), "--only", "matmul_16x64x64_f32", "matmul_typo"]) == 2
    err = capsys.readouterr().err
    assert "--only: no program 'matmul_typo' in the calibration suite of " in err and "--list" in err
    assert not out.exists()
    assert main(["calibrate", "--list"]) == 0
    assert capsys.readouterr().out.split() == [b.name for b in training_suite("local-task")]
    assert main(["calibrate", "--only", "matmul_16x64x64_f32"]) == 2
    assert "-o/--output: the machine file to write is required" in capsys.readouterr().err


def test_calibrate_warns_of_a_busy_host_and_names_programs_profiled_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The measurement (monkeypatched) meets a load of 3.5 on a 2-core host before its first program: one
    warning then, naming the load and the cores, and a summary after; on local-sync the programs whose
    dispatch minima summed above the call are profiled again (``reprofile``) and counted."""
    from simulator.calibration.provenance import base_machine
    from simulator.cli import calibrate as cli

    seen: dict[str, Any] = {}

    def measure_rounds(cases: list[Any], workdir: pathlib.Path, **kw: Any) -> dict[str, Any]:
        seen.update(kw)
        out = {}
        for i, (case, load) in enumerate(zip(cases, (3.5, 4.25)), start=1):
            call = {"min_ns": 100, "median_ns": 110}
            kw["progress"](0, i, case, {"call_ns": call, "load": load})
            out[case.name] = {"call_ns": call, "sessions_ns": [100], "sessions_load": [load], "dispatches": []}
        first, second = (c.name for c in cases)
        out[first].update(reprofiled=1, dispatches=[{"min_ns": 90}])
        out[second].update(reprofiled=2, dispatches=[{"min_ns": 130}])
        return out

    report = {"call": {"median_abs": 0.1, "worst_abs": 0.2}, "dispatch": {"median_abs": 0.1}}
    monkeypatch.setattr(cli, "measure_rounds", measure_rounds)
    monkeypatch.setattr(cli, "stream_ir_of", lambda case, workdir, device: workdir / "x.mlir")
    monkeypatch.setattr(cli, "fit_machine", lambda base, entries, **kw: (base_machine("local-sync"), report))
    monkeypatch.setattr(cli, "host_cores", lambda: 2)
    out = tmp_path / "m.toml"
    argv = ["calibrate", "-o", str(out), "--device", "local-sync", "--workdir", str(tmp_path), "--only", *PROGRAMS]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert seen["reprofile"] == cli.REPROFILE > 0
    # every round times the call and profiles the dispatches, 8 rounds by default
    assert seen["rounds"] == seen["profile_rounds"] == cli.DEFAULT_ROUNDS == 8
    # profiles of 10 calls in the first round, then as many as fit the program, up to 100
    assert (seen["calls"], seen["max_calls"]) == (10, 100)
    assert err.count("the 1-minute load average is 3.50, above this host's 2 cores") == 1
    assert "load average is 4.25" not in err
    assert "2 of 2 measurements were taken at a 1-minute load average above this host's 2 cores (up to 4.25)" in err
    assert "profiled 2 of 2 program(s) again" in err and f"1 now sum below it, 1 still above ({PROGRAMS[1]})" in err
    # local-task runs a call's dispatches side by side on its workers: no re-profile; a quiet host: no warning
    monkeypatch.setattr(cli, "host_cores", lambda: 8)
    assert main([*argv[:3], "--device", "local-task", *argv[5:]]) == 0
    err = capsys.readouterr().err
    assert seen["reprofile"] == 0 and "load average" not in err
    assert main([*argv[:3], "--device", "local-task", *argv[5:], "--calls", "20", "--max-calls", "20"]) == 0
    assert (seen["calls"], seen["max_calls"]) == (20, 20)
    capsys.readouterr()
    assert main([*argv, "--calls", "20", "--max-calls", "10"]) == 2
    assert "--max-calls 10 is less than --calls 20" in capsys.readouterr().err


def test_calibrate_release_cost_reaches_the_machine_file(
    iree: None, monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    """``streamsim calibrate --device local-task`` fits (the real fit, on committed local-task measurements
    in place of this host's) and by default writes the release's own cost into the machine file's
    ``[host]`` and names it in ``[calibration]`` ``fitted_apart`` (``--release-cost`` writes the same
    file); with ``--no-release-cost`` the file has neither (a release costs what an allocation does) and
    its method names the option, and every file loads."""
    import tomllib

    from simulator.calibration import run
    from simulator.cli import calibrate as cli

    names = ["host_loop_4x16x16", "chain_8x16x16", "mlp_2x16x32x16"]  # mlp: a transient released
    data = pathlib.Path(__file__).parents[3] / "benchmarks" / "data" / "calibration" / "local-task.json"
    committed = json.loads(data.read_text())

    def measure_rounds(cases: list[Any], workdir: pathlib.Path, **kw: Any) -> dict[str, Any]:
        return {c.name: json.loads(json.dumps(committed["programs"][c.name])) for c in cases}

    monkeypatch.setattr(cli, "measure_rounds", measure_rounds)
    # a pool of 2 workers whatever this host's CPUs (the release is fitted apart only for a pool)
    monkeypatch.setattr(run, "device_workers", lambda device, cpus=None: 2)
    argv = ["calibrate", "--device", "local-task", "--workdir", str(tmp_path), "--only", *names]
    files = {}
    for flag in ("", "--release-cost", "--no-release-cost"):
        out = files[flag] = tmp_path / f"m{flag}.toml"
        assert main([*argv, "-o", str(out), *([flag] if flag else [])]) == 0
        load_machine(out)
    assert files["--release-cost"].read_text() == files[""].read_text()
    plain, apart = (tomllib.loads(files[f].read_text()) for f in ("--no-release-cost", ""))
    assert "dealloca_cost_ns" not in plain["host"] and "fitted_apart" not in plain["calibration"]
    assert plain["calibration"]["method"].endswith(", --no-release-cost")
    assert isinstance(apart["host"]["dealloca_cost_ns"], int)
    assert apart["calibration"]["fitted_apart"] == ["host.dealloca_cost_ns"]
    assert "release" not in apart["calibration"]["method"]


def test_calibrate_merges_earlier_runs_of_this_host_and_refuses_another_hosts(
    iree: None, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--merge EARLIER.json: the fit and --measurements take each program's minima over the earlier run's
    rounds and this run's; a file of another host, or of another compile of a program, is refused (exit 2,
    naming the key) before anything is measured."""
    program = PROGRAMS[0]
    first, merged = tmp_path / "first.json", tmp_path / "merged.json"
    argv = ["calibrate", "--device", "local-sync", "--reps", "3", "--calls", "2", "--rounds", "1"]
    argv += ["--workdir", str(tmp_path), "--only", program]
    assert main([*argv, "-o", str(tmp_path / "a.toml"), "--measurements", str(first)]) == 0
    assert main([*argv, "-o", str(tmp_path / "b.toml"), "--measurements", str(merged), "--merge", str(first)]) == 0
    assert "merged with 1 earlier run(s)" in capsys.readouterr().out
    a = json.loads(first.read_text())["programs"][program]
    m = json.loads(merged.read_text())["programs"][program]
    assert len(m["sessions_ns"]) == 2 and m["sessions_ns"][0] == a["sessions_ns"][0]
    assert m["call_ns"]["min_ns"] == min(m["sessions_ns"])
    # (a program whose dispatches summed above its call was profiled again: more profiles, a's first)
    assert m["profile_calls"][: len(a["profile_calls"])] == a["profile_calls"] != m["profile_calls"]
    assert all(d["min_ns"] <= e["min_ns"] for d, e in zip(m["dispatches"], a["dispatches"], strict=True))
    other = json.loads(first.read_text())
    for key, value in (("host", "elsewhere"), ("compile_key", "0" * 64)):
        entry = dict(a, **{key: value})
        path = tmp_path / f"other-{key}.json"
        path.write_text(json.dumps(dict(other, programs={program: entry})))
        out = tmp_path / f"{key}.toml"
        assert main([*argv, "-o", str(out), "--merge", str(path)]) == 2
        captured = capsys.readouterr()
        assert f"{path}: {program}: {key} {value[:16]}" in captured.err
        assert "round 1" not in captured.out and not out.exists()


def test_calibrate_takes_the_accuracy_scripts_fit_and_measurement_options(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--programs GLOB`` (beside ``--only NAME``), ``--program-reference``, ``--call-rank``,
    ``--workgroups``, ``--dynamic-factor`` and ``--no-release-cost`` reach the measurement and the fit as
    ``benchmarks/accuracy.py``'s do (one definition: simulator.calibration.options); a bad value exits 2
    naming it, before anything is measured."""
    from simulator.calibration.provenance import base_machine
    from simulator.cli import calibrate as cli

    measured: list[list[str]] = []
    hooks: list[Any] = []
    fits: list[dict[str, Any]] = []

    def measure_rounds(cases: list[Any], workdir: pathlib.Path, **kw: Any) -> dict[str, Any]:
        measured.append([c.name for c in cases])
        hooks.append(kw["before_program"])
        call = {"min_ns": 100, "median_ns": 110}
        return {c.name: {"call_ns": call, "sessions_ns": [100], "dispatches": []} for c in cases}

    def fit_machine(base: Any, entries: Any, **kw: Any) -> Any:
        fits.append(kw)
        return base_machine("local-task"), {"call": {"median_abs": 0.1, "worst_abs": 0.2}, "dispatch": {"median_abs": 0.1}}

    monkeypatch.setattr(cli, "measure_rounds", measure_rounds)
    monkeypatch.setattr(cli, "stream_ir_of", lambda case, workdir, device: workdir / "x.mlir")
    monkeypatch.setattr(cli, "fit_machine", fit_machine)
    suite = [b.name for b in training_suite("local-task")]
    tiny = [n for n in suite if n.startswith("tiny_")]
    assert tiny
    out = tmp_path / "m.toml"
    argv = ["calibrate", "-o", str(out), "--device", "local-task", "--workdir", str(tmp_path)]
    assert main([*argv, "--programs", "tiny_*", "--only", PROGRAMS[0]]) == 0
    assert measured[-1] == [n for n in suite if n in {*tiny, PROGRAMS[0]}]
    assert hooks[-1] is None
    assert (fits[-1]["call_rank"], fits[-1]["split_workgroups"], fits[-1]["dynamic_factor"]) == (1, False, False)
    assert fits[-1]["release_cost"] is True  # (the release is fitted apart by default)
    assert "release" not in fits[-1]["provenance"]["method"]
    assert fits[-1]["worker_pool"] is False
    argv += ["--only", PROGRAMS[0]]
    assert main([*argv, "--program-reference", "--call-rank", "3", "--workgroups", "--dynamic-factor", "--no-release-cost"]) == 0
    assert measured[-1] == [PROGRAMS[0]] and callable(hooks[-1])
    assert (fits[-1]["call_rank"], fits[-1]["split_workgroups"], fits[-1]["dynamic_factor"]) == (3, True, True)
    assert fits[-1]["release_cost"] is False
    assert fits[-1]["provenance"]["method"].endswith(", --workgroups, --dynamic-factor, --no-release-cost")
    assert main([*argv, "--release-cost"]) == 0
    assert fits[-1]["release_cost"] is True and "release" not in fits[-1]["provenance"]["method"]
    assert main([*argv, "--worker-pool"]) == 0
    assert fits[-1]["worker_pool"] is True and fits[-1]["provenance"]["method"].endswith(", --worker-pool")
    capsys.readouterr()
    runs = len(measured)
    for bad, message in (
        (["--call-rank", "0"], "--call-rank must be at least 1, got 0"),
        (["--programs", "tiny_*", "tyni_*"], "--programs tyni_*: no local-task suite program matches"),
    ):
        out.unlink(missing_ok=True)
        assert main([*argv, *bad]) == 2
        assert message in capsys.readouterr().err and not out.exists()
    with pytest.raises(SystemExit) as exc:  # argparse's own: not a number
        main([*argv, "--call-rank", "two"])
    assert exc.value.code == 2 and "--call-rank: invalid int value: 'two'" in capsys.readouterr().err
    assert len(measured) == runs


def test_calibrate_merge_fits_every_program_of_the_merged_runs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--merge: two runs of disjoint programs fit both sets (the earlier run's programs too, not only this
    run's), each on its own run's figures; a program neither in the suite nor under --fixtures is left out
    and named; an earlier program recording another compile than today's is refused (exit 2) before
    anything is measured, whether or not this run measures it."""
    from simulator.calibration.provenance import base_machine
    from simulator.cli import calibrate as cli

    measured: list[list[str]] = []
    fitted: list[dict[str, int]] = []

    def measure_rounds(cases: list[Any], workdir: pathlib.Path, **kw: Any) -> dict[str, Any]:
        measured.append([c.name for c in cases])
        ns = 100 * len(measured)
        return {
            c.name: {"call_ns": {"min_ns": ns, "median_ns": ns}, "sessions_ns": [ns], "dispatches": [],
                     "compile_key": cli.case_key(c, "local-sync")}
            for c in cases
        }

    def fit_machine(base: Any, entries: Any, **kw: Any) -> Any:
        fitted.append({case.name: m["call_ns"]["min_ns"] for case, _, m in entries})
        return base_machine("local-sync"), {"call": {"median_abs": 0.1, "worst_abs": 0.2}, "dispatch": {"median_abs": 0.1}}

    monkeypatch.setattr(cli, "case_key", lambda case, device: f"key-{case.name}")
    monkeypatch.setattr(cli, "measure_rounds", measure_rounds)
    monkeypatch.setattr(cli, "stream_ir_of", lambda case, workdir, device: workdir / "x.mlir")
    monkeypatch.setattr(cli, "fit_machine", fit_machine)
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    argv = ["calibrate", "--device", "local-sync", "--workdir", str(tmp_path)]
    assert main([*argv, "-o", str(tmp_path / "a.toml"), "--measurements", str(first), "--only", PROGRAMS[0]]) == 0
    assert fitted[-1] == {PROGRAMS[0]: 100}
    # an earlier program this command cannot fit (no longer in the suite, or a fixture of another --fixtures)
    data = json.loads(first.read_text())
    data["programs"]["gone_program"] = dict(data["programs"][PROGRAMS[0]], compile_key="key-gone_program")
    first.write_text(json.dumps(data))
    merge = ["--measurements", str(second), "--only", PROGRAMS[1], "--merge", str(first)]
    assert main([*argv, "-o", str(tmp_path / "b.toml"), *merge]) == 0
    assert measured[-1] == [PROGRAMS[1]]
    assert fitted[-1] == {PROGRAMS[0]: 100, PROGRAMS[1]: 200}
    out = capsys.readouterr().out
    assert "merged with 1 earlier run(s): 3 program(s), 2 fitted on the minima over all their rounds (1 measured" in out
    assert "left out 1 neither in the local-sync suite nor under --fixtures: gone_program" in out
    assert sorted(json.loads(second.read_text())["programs"]) == sorted([*PROGRAMS, "gone_program"])
    # the earlier run's program recorded for another compile: refused, though this run does not measure it
    data["programs"][PROGRAMS[0]]["compile_key"] = "0" * 64
    first.write_text(json.dumps(data))
    runs = len(measured)
    assert main([*argv, "-o", str(tmp_path / "c.toml"), *merge]) == 2
    assert f"{PROGRAMS[0]}: compile_key 0000000000000000" in capsys.readouterr().err
    assert len(measured) == runs and not (tmp_path / "c.toml").exists()
