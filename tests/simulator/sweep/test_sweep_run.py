"""Running studies in process: the store, resuming, failed points, the table, plots, the CLI."""

from __future__ import annotations

import doctest
import io
import json
import pathlib

import matplotlib
import pandas as pd
import pytest

matplotlib.use("Agg")

import simulator.sweep.executors
import simulator.sweep.plots
import simulator.sweep.points
import simulator.sweep.progress
from simulator.cli import main
from simulator.sweep import (
    Point,
    ResultStore,
    StudyError,
    heatmap,
    pareto_front,
    parse_cluster,
    pivot,
    plot_pareto,
    run_point,
    run_study,
    store_dir_for,
    study_from_dict,
)
from simulator.sweep.testing import toy_runner

FIXTURE = pathlib.Path(__file__).parents[2] / "fixtures" / "iree" / "attention_block"


def toy_study(tmp_path: pathlib.Path, queues: list[int] | None = None) -> object:
    program = tmp_path / "toy.mlir"
    program.write_text("// a stand-in: toy runners do not read it\n")
    return study_from_dict(
        {
            "programs": [{"path": "toy.mlir"}],
            "machines": ["cpu", "apu"],
            "metrics": ["makespan", "peak_memory", "busy"],
            "overrides": {"queues": queues or [1, 2, 3, 4, 13]},
            "seeds": [0, 1],
        },
        base_dir=tmp_path,
    )


class Counting:
    """A toy runner that counts its calls and can stop the sweep (as Ctrl-C would) after ``stop_after``."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.calls: list[int] = []
        self.stop_after = stop_after

    def __call__(self, point: Point) -> dict[str, object]:
        if self.stop_after is not None and len(self.calls) == self.stop_after:
            raise KeyboardInterrupt
        self.calls.append(point.index)
        return toy_runner(point)


@pytest.mark.parametrize(
    "module",
    [simulator.sweep.executors, simulator.sweep.plots, simulator.sweep.points, simulator.sweep.progress],
    ids=lambda m: m.__name__,
)
def test_sweep_doctests_pass(module: object) -> None:
    failed, _ = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert failed == 0


def test_run_study_records_failed_points_and_goes_on(tmp_path: pathlib.Path) -> None:
    table = run_study(toy_study(tmp_path), cluster="inprocess", runner=toy_runner)
    assert len(table) == 20
    failed = table[table["status"] == "error"]
    assert sorted(failed["queues"]) == [13] * 4
    assert failed["error"].str.contains("SimulationError: toy failure at queues = 13").all()
    assert failed["makespan_ns"].isna().all()
    assert (table[table["status"] == "ok"]["makespan_ns"] > 0).all()
    assert list(table.columns[:8]) == [
        "point",
        "program",
        "machine",
        "seed",
        "queues",
        "status",
        "error",
        "makespan_ns",
    ]
    assert {"busy_fraction[cpu/queue0]", "busy_fraction[apu/queue0]"} <= set(table.columns)


def test_run_study_resumes_after_interruption(tmp_path: pathlib.Path) -> None:
    study = toy_study(tmp_path)
    out = tmp_path / "results.parquet"
    interrupted = Counting(stop_after=7)
    with pytest.raises(KeyboardInterrupt):
        run_study(study, cluster="inprocess", output=out, runner=interrupted)
    assert len(ResultStore(store_dir_for(out)).records()) == 7
    resumed = Counting()
    table = run_study(study, cluster="inprocess", output=out, runner=resumed)
    assert resumed.calls == list(range(7, 20))
    whole = run_study(study, cluster="inprocess", runner=toy_runner)
    pd.testing.assert_frame_equal(table, whole)
    pd.testing.assert_frame_equal(pd.read_parquet(out), whole)


def test_run_study_skips_failed_points_unless_asked(tmp_path: pathlib.Path) -> None:
    study = toy_study(tmp_path)
    store = tmp_path / "store"
    run_study(study, cluster="inprocess", store=store, runner=toy_runner)
    again = Counting()
    run_study(study, cluster="inprocess", store=store, runner=again)
    assert again.calls == []
    retry = Counting()
    run_study(study, cluster="inprocess", store=store, runner=retry, retry_failed=True)
    assert retry.calls == [p.index for p in study.points() if p.setting["queues"] == 13]


def test_result_store_writes_one_whole_file_per_point(tmp_path: pathlib.Path) -> None:
    store = ResultStore(tmp_path / "s")
    store.put({"key": "ab" * 32, "status": "ok", "metrics": {"x": float("nan")}})
    (tmp_path / "s" / ("cd" * 32 + ".json")).write_text("{truncated")
    files = sorted(p.name for p in (tmp_path / "s").iterdir())
    assert files == ["ab" * 32 + ".json", "cd" * 32 + ".json"]
    assert list(store.records()) == ["ab" * 32]
    assert json.loads((tmp_path / "s" / files[0]).read_text())["metrics"] == {"x": None}


def test_progress_line_shows_failed_rate_and_time_left(tmp_path: pathlib.Path) -> None:
    stream = io.StringIO()
    run_study(
        toy_study(tmp_path), cluster="inprocess", runner=toy_runner, progress=True, progress_stream=stream
    )
    last = stream.getvalue().splitlines()[-1]
    assert last.startswith("sweep: 20/20 points, 4 failed, ")
    assert "points/s" in last


def test_run_point_attention_fixture_is_deterministic() -> None:
    study = study_from_dict(
        {
            "programs": [{"fixture": str(FIXTURE)}],
            "machines": ["discrete-gpu"],
            "scheduler": {"favor": ["max-concurrency", "debug"]},
            "metrics": ["makespan", "peak_memory", "busy", "first_dispatch", "bytes_moved", "schedule"],
        }
    )
    a, b = study.points()
    first = run_point(a)
    assert first["makespan_ns"] > first["first_dispatch_ns"] > 0
    assert first["peak_memory_bytes"] == first["peak_memory_bytes[gpu0/hbm]"] > 0
    assert first["dispatches"] == 10
    assert run_point(b)["waves"] == 0  # favor debug makes no waves
    assert run_point(a) == first  # cached schedule, same result
    simulator.sweep.clear_caches()
    assert run_point(a) == first


def test_run_point_cmd_form_rejects_scheduler_settings(tmp_path: pathlib.Path) -> None:
    study = study_from_dict(
        {
            "programs": [
                {"path": str(FIXTURE / "cmd.generic.mlir"), "parameters": str(FIXTURE / "params.irpa")}
            ],
            "machines": ["cpu"],
            "scheduler": {"favor": "debug"},
        }
    )
    table = run_study(study, cluster="inprocess")
    assert table["status"].tolist() == ["error"]
    assert "already in cmd form" in table["error"][0]


def test_pareto_front_and_pivot_skip_failed_rows(tmp_path: pathlib.Path) -> None:
    table = run_study(toy_study(tmp_path), cluster="inprocess", runner=toy_runner)
    front = pareto_front(table)
    assert (front["status"] == "ok").all()
    ok = table[table["status"] == "ok"]
    for _, row in ok.iterrows():
        dominated = (front["makespan_ns"] <= row["makespan_ns"]) & (
            front["peak_memory_bytes"] <= row["peak_memory_bytes"]
        )
        assert dominated.any()
    grid = pivot(table, "queues", "machine")
    assert list(grid.columns) == [1, 2, 3, 4]
    assert list(grid.index) == ["apu", "cpu"]
    assert heatmap(table, "queues", "machine").get_xlabel() == "queues"
    assert plot_pareto(table, by="queues").get_ylabel() == "peak_memory_bytes"
    with pytest.raises(StudyError, match="no column 'latency'"):
        pivot(table, "queues", "latency")


@pytest.mark.parametrize(
    ("spec", "kind", "workers"),
    [("local:3", "local", 3), ("inprocess", "inprocess", None), ("tcp://h:8786", "address", None)],
    ids=["local-n", "inprocess", "address"],
)
def test_parse_cluster_reads_spec(spec: str, kind: str, workers: int | None) -> None:
    c = parse_cluster(spec)
    assert (c.kind, c.workers) == (kind, workers)


@pytest.mark.parametrize("spec", ["local:0", "local:x", "http://h:1", "big"], ids=str)
def test_parse_cluster_rejects_bad_spec(spec: str) -> None:
    from simulator.errors import InputError

    with pytest.raises(InputError, match=f"--cluster '{spec}'"):
        parse_cluster(spec)


def test_cli_sweep_writes_parquet_and_resumes(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    study = tmp_path / "study.toml"
    study.write_text(
        f'machines = ["apu"]\n[[programs]]\nfixture = "{FIXTURE}"\n[scheduler]\nfavor = ["debug", "max-concurrency"]\n'
    )
    out = tmp_path / "r.parquet"
    assert main(["sweep", str(study), "--cluster", "inprocess", "-o", str(out), "--no-progress"]) == 0
    table = pd.read_parquet(out)
    assert table["status"].tolist() == ["ok", "ok"]
    assert main(["sweep", str(study), "--cluster", "inprocess", "-o", str(out)]) == 0
    assert "(2 stored before)" in capsys.readouterr().err


def test_cli_sweep_bad_study_exits_2_naming_file_and_key(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    study = tmp_path / "study.toml"
    study.write_text(
        f'machines = ["apu"]\n[[programs]]\nfixture = "{FIXTURE}"\n[overrides]\nqueues = [2, -1]\n'
    )
    assert main(["sweep", str(study), "--cluster", "inprocess"]) == 2
    err = capsys.readouterr().err
    assert f"{study}: overrides.queues[1]: bad value -1" in err
    assert not (tmp_path / "study.parquet").exists()


@pytest.mark.parametrize("name", ["results.txt", "results", "dir.parquet"])
def test_cli_sweep_output_is_checked_before_anything_runs(
    name: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """-o results.txt wrote a Parquet table under a name report then took for a program, and -o DIR ran
    the whole sweep before failing to write (exit 1); both are bad input now, before any point runs."""
    study = tmp_path / "study.toml"
    study.write_text(f'machines = ["apu"]\n[[programs]]\nfixture = "{FIXTURE}"\n')
    (tmp_path / "dir.parquet").mkdir()
    out = tmp_path / name
    assert main(["sweep", str(study), "--cluster", "inprocess", "-o", str(out), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert f"-o {out}: " in err and ("name it .parquet" in err or "is a directory" in err)
    assert "study " not in err  # refused before the study's size line, and before any run
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".points")]


def test_run_study_memory_cap_and_placement_reach_the_scheduler() -> None:
    study = study_from_dict(
        {
            "programs": [{"fixture": str(FIXTURE)}],
            "machines": ["discrete-gpu"],
            "scheduler": {"memory_cap_bytes": [8192, 1 << 20], "placement": ["none", "heft"]},
            "metrics": ["makespan", "schedule"],
        }
    )
    table = run_study(study, cluster="inprocess").set_index(["placement", "memory_cap_bytes"])
    assert table.loc[("none", 1 << 20), "status"] == "ok"
    assert table.loc[("none", 8192), "error"].startswith("MemoryCapError: stream.async.constant at ")
    assert (
        "placement 'heft' needs a program with two or more device globals"
        in table.loc[("heft", 1 << 20), "error"]
    )


def test_run_study_with_real_data_runs_the_fixture_inputs_and_parameters() -> None:
    study = study_from_dict(
        {
            "programs": [{"fixture": str(FIXTURE)}],
            "machines": ["cpu"],
            "timing_only": False,
            "scheduler": {"favor": "max-concurrency"},
        }
    )
    table = run_study(study, cluster="inprocess")
    assert table["status"].tolist() == ["ok"], table["error"].tolist()
    assert table["makespan_ns"][0] > 0


def test_run_study_heft_places_a_two_device_program(tmp_path: pathlib.Path) -> None:
    import ir
    from ir import attributes as A
    from scheduler.synthetic import wide_branches

    module = wide_branches(2, 2)
    device1 = ir.create(
        "util.global",
        properties={
            "sym_name": A.StringAttr("__device_1"),
            "sym_visibility": A.StringAttr("private"),
            "type": A.TypeAttr(ir.types.HalType("device")),
        },
    )
    module.body.insert(1, device1)
    # timing-only runs still look kernels up: name one the simulator registers
    text = ir.print_generic(module).replace('"synthetic"', '"noop"')
    (tmp_path / "two.mlir").write_text(text)
    study = study_from_dict(
        {
            "programs": [{"path": "two.mlir"}],
            "machines": ["multi-gpu-4"],
            "scheduler": {"placement": ["none", "heft"]},
            "metrics": ["makespan", "bytes_moved", "schedule"],
        },
        base_dir=tmp_path,
    )
    table = run_study(study, cluster="inprocess").set_index("placement")
    assert table["status"].tolist() == ["ok", "ok"], table["error"].tolist()
    assert table.loc["none", "bytes_moved[nvlink01]"] == 0
    assert table.loc["heft", "bytes_moved[nvlink01]"] > 0  # values cross from gpu0 to gpu1
    assert table.loc["heft", "execute_regions"] > table.loc["none", "execute_regions"]


def test_run_study_findings_count_checker_findings(tmp_path: pathlib.Path) -> None:
    import ir
    from simulator import load_program
    from simulator.checks import mutants

    broken = load_program(FIXTURE / "cmd.generic.mlir")
    assert mutants.conflicting_wave(broken) is not None  # two dispatches of one wave write the same bytes
    (tmp_path / "racy.mlir").write_text(ir.print_generic(broken))
    study = study_from_dict(
        {
            "programs": [
                {
                    "name": "iree",
                    "path": str(FIXTURE / "cmd.generic.mlir"),
                    "parameters": str(FIXTURE / "params.irpa"),
                },
                {"name": "racy", "path": "racy.mlir", "parameters": str(FIXTURE / "params.irpa")},
            ],
            "machines": ["cpu"],
            "metrics": ["makespan", "findings"],
        },
        base_dir=tmp_path,
    )
    table = run_study(study, cluster="inprocess").set_index("program")
    assert table["status"].tolist() == ["ok", "ok"], table["error"].tolist()
    assert table.loc["iree", "findings"] == 0
    assert table.loc["racy", "findings"] == table.loc["racy", "findings[race]"] > 0
    assert table.loc["racy", "findings[lifetime]"] == 0


def test_cli_sweep_killed_mid_sweep_resumes_and_loses_nothing(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import signal
    import subprocess
    import sys
    import time

    study = tmp_path / "study.toml"
    study.write_text(
        f'machines = ["discrete-gpu", "apu", "cpu"]\nseeds = [0, 1]\n[[programs]]\nfixture = "{FIXTURE}"\n'
        '[scheduler]\nfavor = ["min-peak-memory", "max-concurrency", "debug"]\n'
        "[overrides]\nqueues = [1, 2, 4, 8]\nstorage_bandwidth_bytes_per_s = [1e9, 3e9, 7e9, 14e9, 28e9]\n"
    )
    out = tmp_path / "r.parquet"
    points = out.with_name("r.parquet.points")
    argv = [sys.executable, "-m", "simulator", "sweep", str(study), "--cluster", "inprocess", "-o", str(out)]
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(list(points.glob("*.json"))) < 40 and proc.poll() is None:
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done = len(list(points.glob("*.json")))
    assert 40 <= done < 360, "the sweep was not stopped half way"
    assert not out.exists()
    assert main(["sweep", str(study), "--cluster", "inprocess", "-o", str(out)]) == 0
    assert f"({done} stored before)" in capsys.readouterr().err
    table = pd.read_parquet(out)
    assert len(table) == 360 and (table["status"] == "ok").all()
