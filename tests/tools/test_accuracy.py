"""benchmarks/accuracy.py: its cache covers every fixture, and IREE's favor schedules are told apart."""

from __future__ import annotations

import json
import pathlib

import pytest

from tests.conftest import import_benchmarks

ROOT = pathlib.Path(__file__).resolve().parents[2]
(accuracy,) = import_benchmarks("accuracy")  # (sys.path left as it was)


@pytest.mark.parametrize("device", accuracy.DEVICES)
def test_every_fixture_and_differing_favor_is_measured(device: str) -> None:
    data = json.loads((accuracy.INTEL_DATA / f"{device}.json").read_text())
    dirs = accuracy.fixture_dirs()
    assert {d.parent.name for d in dirs} == {"iree", "frontends"}
    for d in dirs:
        assert set(data["favors"][d.name]) - {"key"} == set(accuracy.FAVORS), d.name
    names = [name for name, _, _ in accuracy.variants(data)]
    missing = [n for n in names if n not in data["programs"]]
    assert not missing, f"run benchmarks/accuracy.py --measure: {missing} have no {device} measurement"
    for name in names:
        m = data["programs"][name]
        assert m["call_ns"]["min_ns"] == min(m["sessions_ns"]) > 0
        assert m["dispatches"], name


def test_variants_follow_the_recorded_favor_differences() -> None:
    data = {"favors": {"quant_matmul": {"debug": True, "max-concurrency": False}}}
    names = [name for name, _, _ in accuracy.variants(data)]
    assert "quant_matmul" in names and "mlp" in names
    assert f"quant_matmul{accuracy.SEP}debug" in names
    assert f"quant_matmul{accuracy.SEP}max-concurrency" not in names
    assert not any(n.startswith(f"mlp{accuracy.SEP}") for n in names)


def test_favor_schedules_compared_with_iree(iree: None, tmp_path: pathlib.Path) -> None:
    fixtures = ROOT / "tests" / "fixtures" / "iree"
    # quant_matmul's three dispatches share one execute region by default and get one each under debug;
    # mlp's single region is the same under every favor.
    assert accuracy.favor_differs(fixtures / "quant_matmul", "debug", tmp_path)
    assert not accuracy.favor_differs(fixtures / "mlp", "debug", tmp_path)


def test_a_measurement_of_another_compile_is_left_out_and_unkeyed_ones_are_counted(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from simulator.profile import iree_tools

    monkeypatch.setattr(iree_tools, "compiler_version", lambda: "IREE compiler version 1.0")
    mlp = accuracy.variant_case(ROOT / "tests" / "fixtures" / "iree" / "mlp", None)
    key = accuracy.case_key(mlp, "local-sync")
    data: dict = {"favors": {}, "programs": {"mlp": {"compile_key": key}}}
    assert [e[0].name for e in accuracy.entries("local-sync", data, tmp_path)] == ["mlp"]
    assert accuracy.key_warnings("local-sync", data) == []
    data["programs"]["mlp"]["compile_key"] = "0" * 64
    assert accuracy.entries("local-sync", data, tmp_path) == []
    assert "left out: mlp: measured from another compile" in capsys.readouterr().out
    data["programs"]["mlp"] = {}
    assert [e[0].name for e in accuracy.entries("local-sync", data, tmp_path)] == ["mlp"]
    (warning,) = accuracy.key_warnings("local-sync", data)
    assert "1 program(s) record no compile key" in warning


def test_a_program_the_simulator_cannot_run_is_left_out_not_fatal(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fixture whose simulation fails (here: its stream IR loads a parameter its archive lacks, as an
    IREE favor compile that externalizes a constant did) gets no row and a warning; the others are
    predicted."""
    from simulator.calibration import heldout
    from simulator.machine import load_machine

    mlp = accuracy.variant_case(ROOT / "tests" / "fixtures" / "iree" / "mlp", None)
    assert mlp.stream_ir is not None
    good: accuracy.Entry = (mlp, mlp.stream_ir, _measured(mlp))
    broken_ir = tmp_path / "cmd.mlir"
    broken_ir.write_text((ROOT / "tests" / "fixtures" / "iree" / "mlp" / "cmd.mlir").read_text())
    broken_case = accuracy.Case("broken", mlp.source, mlp.inputs, ("model=/nonexistent/params.irpa",))
    broken: accuracy.Entry = (broken_case, broken_ir, _measured(mlp))
    failed: dict[str, str] = {}
    machine = load_machine("cpu-local-sync")
    rows, _ = heldout.prediction_rows([broken, good], lambda c: machine, set(), failed)
    assert [r["program"] for r in rows] == ["mlp"]
    assert list(failed) == ["broken"] and "nonexistent" in failed["broken"]
    assert heldout.left_out_failures("local-sync", [broken, good], failed) == [good]
    assert "left out (the simulation failed): broken" in capsys.readouterr().out


def _keep_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """accuracy.main sets the directories it reads and writes (module globals): restored after the test."""
    for name in ("DATA_RUNS", "CALIBRATION_RUNS"):
        monkeypatch.setattr(accuracy, name, getattr(accuracy, name))


def _measured(case: accuracy.Case) -> dict:
    data = json.loads((accuracy.INTEL_DATA / "local-sync.json").read_text())
    return dict(data["programs"][case.name])


@pytest.mark.parametrize(
    ("flag", "message"),
    [
        ("--data", "no measurements local-sync.json"),
        ("--calibration-data", "no suite measurements local-sync.json"),
    ],
)
def test_another_hosts_directories_must_hold_the_devices_measurements(
    flag: str,
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _keep_runs(monkeypatch)
    with pytest.raises(SystemExit) as exc:
        accuracy.main(["--device", "local-sync", flag, str(tmp_path), "--workdir", str(tmp_path / "w")])
    assert exc.value.code == 2
    assert f"{flag} {tmp_path}: {message}" in capsys.readouterr().err


def test_a_suite_file_without_roles_gives_the_suites_training_programs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    # streamsim calibrate --measurements records no role: the suite's programs are the training set,
    # a fixture of the same file is not, whatever its name; a recorded role still wins.
    calibrate = accuracy.calibrate
    monkeypatch.setattr(calibrate, "stale_reason", lambda case, device, m: None)
    monkeypatch.setattr(
        calibrate, "stream_ir_of", lambda case, workdir, device: tmp_path / f"{case.name}.mlir"
    )
    measured = {
        "device": "local-sync",
        "programs": {
            "matmul_16x64x64_f32": {},
            "softmax_24x5": {},
            "mlp": {},
            "matmul_8x32x32_f32": {"role": "holdout"},
            "no_such_program": {},
        },
    }
    names = [case.name for case, _, _ in calibrate._entries(measured, tmp_path, {"train"})]
    assert names == ["matmul_16x64x64_f32", "softmax_24x5"]
    assert [case.name for case, _, _ in calibrate._entries(measured, tmp_path, {"fixture"})] == ["mlp"]


def test_with_suite_measures_the_fixtures_and_the_suite_in_the_same_rounds(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--measure --with-suite: one measure_rounds over the suite's training programs and the fixtures
    (--sessions rounds; re-profiled on local-sync), the suite written to --calibration-data with its role,
    the fixtures to --data; the committed directories are refused."""
    from simulator.calibration.run import Case

    _keep_runs(monkeypatch)
    suite = {n: ("train", Case(n, tmp_path / f"{n}.mlir", ())) for n in ("matmul_a", "softmax_b")}
    suite["held"] = ("holdout", Case("held", tmp_path / "held.mlir", ()))
    monkeypatch.setattr(accuracy.calibrate, "cases", lambda workdir, device=None: suite)
    monkeypatch.setattr(accuracy, "favors_key", lambda d: "key")
    monkeypatch.setattr(accuracy, "favor_differs", lambda d, favor, workdir: False)
    calls: list[tuple[list[str], dict]] = []

    def measure_rounds(cases: list, workdir: pathlib.Path, **kw: object) -> dict:
        calls.append(([c.name for c in cases], kw))
        stream = {"mlp": str(accuracy.ROOT / "tests" / "fixtures" / "iree" / "mlp" / "cmd.mlir")}
        return {
            c.name: {"call_ns": {"min_ns": 5}, "sessions_ns": [7, 5], "load": 0.5, "stream_ir": stream.get(c.name, "x")}
            for c in cases
        }

    monkeypatch.setattr(accuracy, "measure_rounds", measure_rounds)
    acc, cal = tmp_path / "acc", tmp_path / "cal"
    argv = ["--device", "local-sync", "--measure", "--with-suite", "--no-report", "--workdir", str(tmp_path)]
    argv += ["--sessions", "2", "--only", "mlp", "attention_block"]
    assert accuracy.main([*argv, "--data", str(acc), "--calibration-data", str(cal)]) == 0
    [(names, kw)] = calls
    assert names == ["matmul_a", "softmax_b", "attention_block", "mlp"]
    assert kw["rounds"] == kw["profile_rounds"] == 2 and kw["reprofile"] == 2 and kw["device"] == "local-sync"
    # profiles of 10 calls in the first round, up to 100 in the later ones (rounds.profile_calls)
    assert (kw["calls"], kw["max_calls"]) == (10, 100)
    suite_file = json.loads((cal / "local-sync.json").read_text())
    assert sorted(suite_file["programs"]) == ["matmul_a", "softmax_b"]
    assert all(m["role"] == "train" and m["host"] in suite_file["hosts"] for m in suite_file["programs"].values())
    fixture_file = json.loads((acc / "local-sync.json").read_text())
    assert sorted(fixture_file["programs"]) == ["attention_block", "mlp"]
    assert fixture_file["programs"]["mlp"]["stream_ir"] == "tests/fixtures/iree/mlp/cmd.mlir"
    # the committed directories are not written by --with-suite; it measures, so --measure is needed
    for extra in (["--data", str(acc)], ["--calibration-data", str(cal)], []):
        with pytest.raises(SystemExit) as exc:
            accuracy.main([*argv, *extra])
        assert exc.value.code == 2
    assert "--with-suite writes the suite's and the fixtures' measurements" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        accuracy.main(["--with-suite", "--data", str(acc), "--calibration-data", str(cal)])
    assert "--with-suite measures: give --measure too" in capsys.readouterr().err
    # --calls (at least, default 10) and --max-calls (at most, default 100 or --calls if more); each run
    # writes new directories (main keeps the last ones as its defaults)
    dirs = iter(range(10))

    def fresh() -> list[str]:
        k = next(dirs)
        return ["--data", str(tmp_path / f"acc{k}"), "--calibration-data", str(tmp_path / f"cal{k}")]

    for extra, expected in ((["--calls", "20"], (20, 100)), (["--calls", "200"], (200, 200))):
        calls.clear()
        assert accuracy.main([*argv, *fresh(), *extra]) == 0
        assert (calls[0][1]["calls"], calls[0][1]["max_calls"]) == expected
    bad_calls = ((["--max-calls", "5"], "--max-calls 5 is less than --calls 10"), (["--calls", "0"], "--calls"))
    for bad, message in bad_calls:
        with pytest.raises(SystemExit) as exc:
            accuracy.main([*argv, *fresh(), *bad])
        assert exc.value.code == 2 and message in capsys.readouterr().err


def _fake_references(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """speed.time_references monkeypatched: round k times every reference at 1000 + 100 k ns; returns the
    rounds timed so far (their k)."""
    from simulator.calibration import speed

    timed: list[int] = []

    def time_references(cases: list, workdir: pathlib.Path, device: str, reps: int, load: object) -> dict:
        timed.append(len(timed))
        return {n: (1000 + 100 * timed[-1], 0.5, "k") for n in speed.REFERENCES}

    monkeypatch.setattr(speed, "time_references", time_references)
    return timed


def test_with_suite_records_the_speed_reference_in_both_files(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    from simulator.calibration import speed
    from simulator.calibration.run import Case

    _keep_runs(monkeypatch)
    suite = {"matmul_a": ("train", Case("matmul_a", tmp_path / "matmul_a.mlir", ()))}
    monkeypatch.setattr(accuracy.calibrate, "cases", lambda workdir, device=None: suite)
    monkeypatch.setattr(accuracy, "favors_key", lambda d: "key")
    monkeypatch.setattr(accuracy, "favor_differs", lambda d, favor, workdir: False)

    def measure_rounds(cases: list, workdir: pathlib.Path, **kw: object) -> dict:
        for r in range(kw["rounds"]):
            kw["before_round"](r)
        return {c.name: {"call_ns": {"min_ns": 5}, "sessions_ns": [5], "load": 0.5, "stream_ir": "x"} for c in cases}

    monkeypatch.setattr(accuracy, "measure_rounds", measure_rounds)
    timed = _fake_references(monkeypatch)
    acc, cal = tmp_path / "acc", tmp_path / "cal"
    argv = ["--device", "local-task", "--measure", "--with-suite", "--no-report", "--workdir", str(tmp_path)]
    argv += ["--sessions", "3", "--only", "mlp", "--data", str(acc), "--calibration-data", str(cal)]
    assert accuracy.main(argv) == 0
    assert timed == [0, 1, 2]
    fixtures = json.loads((acc / "local-task.json").read_text())[speed.KEY]
    assert fixtures == json.loads((cal / "local-task.json").read_text())[speed.KEY]
    assert all(e["rounds_ns"] == [1000, 1100, 1200] for e in fixtures.values()) and len(fixtures) == 3


def test_measure_times_the_speed_reference_before_each_session_that_measures(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    """Without --with-suite: one reference round before the first pass and one before each later session,
    appended to the file's table; a rerun with nothing to measure times none."""
    from simulator.calibration import speed

    _keep_runs(monkeypatch)
    monkeypatch.setattr(accuracy, "favors_key", lambda d: "key")
    monkeypatch.setattr(accuracy, "favor_differs", lambda d, favor, workdir: False)
    stream = str(accuracy.ROOT / "tests" / "fixtures" / "iree" / "mlp" / "cmd.mlir")
    monkeypatch.setattr(
        accuracy,
        "measure_case",
        lambda case, workdir, **kw: {"call_ns": {"min_ns": 50}, "stream_ir": stream, "dispatches": []},
    )

    class Timing:
        min_ns = 40

        def to_dict(self) -> dict[str, int]:
            return {"min_ns": 40}

    monkeypatch.setattr(accuracy, "benchmark_call", lambda vmfb, **kw: Timing())
    monkeypatch.setattr(accuracy, "module_of", lambda case, workdir, device: tmp_path / "m.vmfb")
    timed = _fake_references(monkeypatch)
    acc = tmp_path / "acc"
    argv = ["--device", "local-sync", "--measure", "--no-report", "--workdir", str(tmp_path), "--data", str(acc)]
    assert accuracy.main([*argv, "--sessions", "2", "--only", "mlp"]) == 0
    assert timed == [0, 1]
    data = json.loads((acc / "local-sync.json").read_text())
    assert data["programs"]["mlp"]["sessions_ns"] == [50, 40]
    assert all(e["rounds_ns"] == [1000, 1100] for e in data[speed.KEY].values())
    assert accuracy.main([*argv, "--sessions", "2", "--only", "mlp"]) == 0
    assert timed == [0, 1]
    assert accuracy.main([*argv, "--sessions", "3", "--only", "mlp"]) == 0
    assert timed == [0, 1, 2]
    data = json.loads((acc / "local-sync.json").read_text())
    assert all(e["rounds_ns"] == [1000, 1100, 1200] for e in data[speed.KEY].values())


def test_the_report_compares_the_suites_and_the_fixtures_speed_references(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    from simulator.calibration import speed

    def table(ns: int) -> dict:
        return {n: {"compile_key": "k", "rounds_ns": [ns, ns + 10], "rounds_load": [1.0, 1.0]} for n in speed.REFERENCES}

    (tmp_path / "local-sync.json").write_text(json.dumps({"programs": {}, speed.KEY: table(20000)}))
    monkeypatch.setattr(accuracy, "CALIBRATION_RUNS", {d: [tmp_path] for d in accuracy.DEVICES})
    monkeypatch.setattr(accuracy, "DATA_RUNS", [tmp_path / "acc"])
    monkeypatch.setattr(accuracy, "key_warnings", lambda device, data: [])
    args = argparse.Namespace(no_speed_check=True)
    accuracy.check_host("local-sync", {"programs": {}, speed.KEY: table(25400)}, args)
    out = capsys.readouterr().out
    assert "measured at x1.270 the suite's reference time (median of 3)" in out
    assert "were measured at different host speeds (their speed references x1.27 apart)" in out
    accuracy.check_host("local-sync", {"programs": {}, speed.KEY: table(20400)}, args)
    out = capsys.readouterr().out
    assert "measured at x1.020 the suite's reference time" in out and "WARNING" not in out


def test_several_data_directories_are_runs_of_one_host_merged_for_the_report(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--data A B (oldest first): the report reads each program's minima over both runs; a run of another
    host is refused (exit 2, naming the key) before anything is fitted, and --measure writes one directory."""
    _keep_runs(monkeypatch)

    def run(call: int, host: str = "h1") -> dict:
        dispatch = {"name": "d", "loc": "x.mlir:1:1", "min_ns": call // 2, "median_ns": call, "max_ns": call}
        entry = {"call_ns": {"min_ns": call, "median_ns": call}, "sessions_ns": [call], "dispatches": [dispatch]}
        return {"device": "local-sync", "favors": {}, "programs": {"mlp": {**entry, "host": host, "compile_key": "k"}}}

    dirs = [tmp_path / n for n in ("a", "b", "c")]
    for d, data in zip(dirs, (run(100), run(80), run(70, host="h2"))):
        d.mkdir()
        (d / "local-sync.json").write_text(json.dumps(data))
    argv = ["--device", "local-sync", "--no-report", "--workdir", str(tmp_path / "w")]
    assert accuracy.main([*argv, "--data", str(dirs[0]), str(dirs[1])]) == 0
    merged = accuracy._load("local-sync")["programs"]["mlp"]
    assert merged["call_ns"]["min_ns"] == 80 and merged["sessions_ns"] == [100, 80]
    assert merged["dispatches"][0]["min_ns"] == 40
    assert "(merged with 1 earlier run(s))" in accuracy.key_warnings("local-sync", {**run(1), "programs": {"p": {}}})[0]
    for extra, message in (
        (["--data", str(dirs[1]), str(dirs[2])], f"{dirs[2] / 'local-sync.json'}: mlp: host h2, but"),
        (["--data", str(dirs[0]), str(dirs[1]), "--measure"], "--measure writes one --data"),
    ):
        with pytest.raises(SystemExit) as exc:
            accuracy.main([*argv, *extra])
        assert exc.value.code == 2 and message in capsys.readouterr().err


def test_call_rank_reaches_the_report_and_below_one_is_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--call-rank N (default run.CALL_RANK) is the rank the report's fits use; 0 exits 2, named."""
    from simulator.calibration.run import CALL_RANK

    _keep_runs(monkeypatch)
    seen: list[int] = []
    monkeypatch.setattr(accuracy, "report", lambda devices, args: seen.append(args.call_rank) or 0)
    argv = ["--device", "local-sync", "--workdir", str(tmp_path / "w")]
    assert accuracy.main(argv) == 0 and accuracy.main([*argv, "--call-rank", "3"]) == 0
    assert seen == [CALL_RANK, 3]
    with pytest.raises(SystemExit) as exc:
        accuracy.main([*argv, "--call-rank", "0"])
    assert exc.value.code == 2 and "--call-rank must be at least 1, got 0" in capsys.readouterr().err


def test_program_reference_times_the_reference_before_every_program_of_every_round(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--program-reference (off by default): measure_rounds gets a before_program that times the first speed
    reference once and returns its minimum; without --with-suite it is a usage error."""
    from simulator.calibration.run import Case

    _keep_runs(monkeypatch)
    suite = {"matmul_a": ("train", Case("matmul_a", tmp_path / "matmul_a.mlir", ()))}
    monkeypatch.setattr(accuracy.calibrate, "cases", lambda workdir, device=None: suite)
    monkeypatch.setattr(accuracy, "favors_key", lambda d: "key")
    monkeypatch.setattr(accuracy, "favor_differs", lambda d, favor, workdir: False)
    hooks: list[object] = []
    refs: list[object] = []

    def measure_rounds(cases: list, workdir: pathlib.Path, **kw: object) -> dict:
        hooks.append(kw["before_program"])
        for r in range(kw["rounds"]):  # type: ignore[call-overload]
            kw["before_round"](r)  # type: ignore[operator]
            refs.extend(kw["before_program"](r, c) for c in cases if kw["before_program"])  # type: ignore[operator]
        return {c.name: {"call_ns": {"min_ns": 5}, "sessions_ns": [5], "load": 0.5, "stream_ir": "x"} for c in cases}

    monkeypatch.setattr(accuracy, "measure_rounds", measure_rounds)
    timed = _fake_references(monkeypatch)
    argv = ["--device", "local-task", "--measure", "--with-suite", "--no-report", "--workdir", str(tmp_path)]
    argv += ["--sessions", "2", "--only", "mlp"]

    def dirs(k: int) -> list[str]:  # (each run's own: main sets the defaults to the last run's)
        return ["--data", str(tmp_path / f"acc{k}"), "--calibration-data", str(tmp_path / f"cal{k}")]

    assert accuracy.main([*argv, *dirs(0)]) == 0 and hooks == [None] and refs == []
    assert accuracy.main([*argv, *dirs(1), "--program-reference"]) == 0 and callable(hooks[1])
    # per round: the round's references (k), then one reference before each of matmul_a and mlp
    assert len(timed) == 2 + 2 * 3 and refs == [1000 + 100 * k for k in (3, 4, 6, 7)]
    with pytest.raises(SystemExit) as exc:
        accuracy.main(["--device", "local-task", "--program-reference"])
    assert exc.value.code == 2 and "give --with-suite too" in capsys.readouterr().err


def test_programs_measures_only_the_suite_programs_it_names_into_files_that_merge(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--with-suite --programs GLOB: the rounds measure the matching suite programs and no fixture (unless
    --only names some), the speed reference goes into the suite file alone, --data is neither needed nor
    written; the file merges with an earlier run that lacks the programs, each program keeping its own
    rounds. A pattern matching no program, or --programs without --with-suite, exits 2."""
    from simulator.calibration.run import Case

    _keep_runs(monkeypatch)
    names = ("matmul_a", "tiny_maps_b", "tiny_sums_c")
    suite = {n: ("train", Case(n, tmp_path / f"{n}.mlir", ())) for n in names}
    monkeypatch.setattr(accuracy.calibrate, "cases", lambda workdir, device=None: suite)
    monkeypatch.setattr(accuracy, "favors_key", lambda d: "key")
    monkeypatch.setattr(accuracy, "favor_differs", lambda d, favor, workdir: False)
    compared: list[str] = []
    monkeypatch.setattr(accuracy, "_compare_favors", lambda device, data, args: compared.append(device))
    calls: list[tuple[list[str], dict]] = []

    def measure_rounds(cases: list, workdir: pathlib.Path, **kw: object) -> dict:
        calls.append(([c.name for c in cases], kw))
        for r in range(kw["rounds"]):  # type: ignore[call-overload]
            kw["before_round"](r)  # type: ignore[operator]
        return {
            c.name: {"call_ns": {"min_ns": 5}, "sessions_ns": [6, 5, 7], "load": 0.5, "stream_ir": "x",
                     "compile_key": "k", "dispatches": []}
            for c in cases
        }

    monkeypatch.setattr(accuracy, "measure_rounds", measure_rounds)
    timed = _fake_references(monkeypatch)
    cal, acc = tmp_path / "cal", tmp_path / "acc"
    argv = ["--device", "local-task", "--measure", "--with-suite", "--no-report", "--workdir", str(tmp_path)]
    assert accuracy.main([*argv, "--programs", "tiny_*", "--rounds", "3", "--calibration-data", str(cal)]) == 0
    [(measured, kw)] = calls
    assert measured == ["tiny_maps_b", "tiny_sums_c"] and kw["rounds"] == kw["profile_rounds"] == 3
    assert compared == [] and timed == [0, 1, 2] and not acc.exists()
    written = json.loads((cal / "local-task.json").read_text())
    assert sorted(written["programs"]) == ["tiny_maps_b", "tiny_sums_c"]
    assert all(e["rounds_ns"] == [1000, 1100, 1200] for e in written["speed_reference"].values())
    # merged after an earlier run of the whole suite that lacks them: their rounds are this run's alone
    earlier = tmp_path / "earlier"
    earlier.mkdir()
    old = {"call_ns": {"min_ns": 9}, "sessions_ns": [9, 10], "compile_key": "k", "dispatches": []}
    host = next(iter(written["hosts"]))
    (earlier / "local-task.json").write_text(
        json.dumps({"device": "local-task", "hosts": written["hosts"], "programs": {"matmul_a": {**old, "host": host}}})
    )
    merged = accuracy._measurements([earlier, cal.resolve()], "local-task")["programs"]
    assert merged["matmul_a"]["sessions_ns"] == [9, 10] and merged["tiny_maps_b"]["sessions_ns"] == [6, 5, 7]
    # --only names fixtures measured beside them (then --data is needed)
    calls.clear()
    argv2 = [*argv, "--programs", "matmul_*", "--only", "mlp", "--calibration-data", str(tmp_path / "cal2")]
    assert accuracy.main([*argv2, "--data", str(acc)]) == 0
    assert calls[0][0] == ["matmul_a", "mlp"] and compared == ["local-task"] and (acc / "local-task.json").exists()
    for bad, message in (
        ([*argv, "--programs", "nothing_*", "--calibration-data", str(tmp_path / "c3")], "--programs nothing_*: no"),
        (argv2, "give --data DIR"),
    ):
        with pytest.raises(SystemExit) as exc:
            accuracy.main(bad)
        assert exc.value.code == 2 and message in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        accuracy.main(["--device", "local-task", "--programs", "tiny_*"])
    assert exc.value.code == 2 and "give --with-suite too" in capsys.readouterr().err



def test_the_defaults_are_the_figures_of_record_the_presets_are_fitted_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --data / --calibration-data the report reads the AMD host's runs of record, merged: the
    fixtures' of calibrate.RECORD_FIXTURES and, per device, the suite's runs calibrate.PRESET_RUNS lists
    (what `benchmarks/calibrate.py presets` fits, its [calibration] data: test_presets; local-task's with
    the tiny runs), so that both devices
    report in one command; the Intel host's caches are still named by their directories. --measure needs a
    --data directory of its own (the runs of record are not written)."""
    calibrate = accuracy.calibrate
    _keep_runs(monkeypatch)
    seen: list[tuple[list[pathlib.Path], dict[str, list[pathlib.Path]]]] = []
    monkeypatch.setattr(
        accuracy, "report", lambda devices, args: seen.append((accuracy.DATA_RUNS, accuracy.CALIBRATION_RUNS)) or 0
    )
    argv = ["--workdir", str(tmp_path / "w")]
    assert accuracy.main(argv) == 0
    data, suites = seen[-1]
    amd = accuracy.ROOT / "benchmarks" / "data" / "amd"
    assert data == [amd / r / "accuracy" for r in calibrate.RUNS]
    for device in accuracy.DEVICES:
        assert suites[device] == [amd / d for d in calibrate.PRESET_RUNS[device]]
        assert all((d / f"{device}.json").is_file() for d in [*data, *suites[device]])
    assert any(d.parent.name == "tiny" for d in suites["local-task"])
    assert not any(d.parent.name == "tiny" for d in suites["local-sync"])
    intel = ["--data", str(accuracy.INTEL_DATA), "--calibration-data", str(accuracy.INTEL_CALIBRATION)]
    assert accuracy.main([*argv, *intel]) == 0
    assert seen[-1] == ([accuracy.INTEL_DATA], {d: [accuracy.INTEL_CALIBRATION] for d in accuracy.DEVICES})
    with pytest.raises(SystemExit) as exc:
        accuracy.main([*argv, "--measure", "--no-report"])
    assert exc.value.code == 2 and "--measure writes the fixtures' measurements: give --data DIR" in capsys.readouterr().err
