"""Sweeps on a real Dask LocalCluster (two worker processes, a fresh cluster per test: tests kill workers,
and on a loaded machine a nanny may fail to replace one, which must not leave the next test without any)."""

from __future__ import annotations

import logging
import pathlib
from collections.abc import Iterator
from typing import Any

import dask
import distributed
import pandas as pd
import pytest

from simulator.sweep import ResultStore, run_study, study_from_dict
from simulator.sweep.errors import SweepError
from simulator.sweep.executors import run_dask
from simulator.sweep.testing import CrashOnce, toy_runner

FIXTURE = pathlib.Path(__file__).parents[2] / "fixtures" / "iree" / "attention_block"


def _cluster(n_workers: int, allowed_failures: int) -> Iterator[Any]:
    # On a loaded machine a live worker can miss heartbeats or connect late: only a worker that really died
    # may count against a task here, so the scheduler does not time workers out and connections may take a
    # minute.
    with dask.config.set({
        "distributed.scheduler.allowed-failures": allowed_failures,
        "distributed.scheduler.worker-ttl": None,
        "distributed.comm.timeouts.connect": "60s",
        "distributed.comm.timeouts.tcp": "120s",
    }):  # fmt: skip
        cluster = distributed.LocalCluster(
            n_workers=n_workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.CRITICAL,
        )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


@pytest.fixture
def client() -> Iterator[Any]:
    """Dask's default: a task may lose three workers; the fourth loss gives it up (KilledWorker)."""
    yield from _cluster(n_workers=2, allowed_failures=3)


@pytest.fixture
def unforgiving_client() -> Iterator[Any]:
    """A task is given up at the first worker it kills, and there are more workers than the test kills:
    a test of what the sweep does with a deadly point must not depend on Dask's nannies replacing killed
    workers in time, which on a loaded machine they did not (the cluster was left with no worker)."""
    yield from _cluster(n_workers=3, allowed_failures=0)


def toy_study(tmp_path: pathlib.Path) -> Any:
    (tmp_path / "toy.mlir").write_text("// toy runners do not read it\n")
    return study_from_dict(
        {
            "programs": [{"path": "toy.mlir"}],
            "machines": ["cpu", "discrete-gpu"],
            "overrides": {"queues": [1, 2, 3, 4, 5, 13], "pool_capacity_bytes": [1 << 20, 1 << 30]},
            "seeds": [0, 1],
            "metrics": ["makespan", "peak_memory", "busy"],
        },
        base_dir=tmp_path,
    )


def test_dask_sweep_of_216_points_matches_inprocess(client: Any) -> None:
    study = study_from_dict(
        {
            "programs": [{"fixture": str(FIXTURE)}],
            "machines": ["discrete-gpu", "apu", "cpu"],
            "scheduler": {"favor": ["min-peak-memory", "max-concurrency", "debug"]},
            "overrides": {
                "queues": [1, 2, 4, 8],
                "memory_model": ["unified", "discrete"],
                "storage_bandwidth_bytes_per_s": [3e9, 7e9, 14e9],
            },
            "metrics": ["makespan", "peak_memory", "busy", "first_dispatch", "bytes_moved", "schedule"],
        }
    )
    assert len(study.points()) == 216
    on_dask = run_study(study, cluster=client)
    one_by_one = run_study(study, cluster="inprocess")
    assert (one_by_one["status"] == "ok").all(), one_by_one["error"].dropna().unique()
    pd.testing.assert_frame_equal(on_dask, one_by_one)
    # the axes do something: the schedule and the machine both move the makespan
    by_favor = on_dask.groupby("favor")["makespan_ns"].mean()
    assert by_favor["debug"] > by_favor["min-peak-memory"]  # no waves: slower
    assert on_dask.groupby("storage_bandwidth_bytes_per_s")["makespan_ns"].mean().is_monotonic_decreasing


def test_dask_sweep_completes_when_a_worker_is_killed(client: Any, tmp_path: pathlib.Path) -> None:
    study = toy_study(tmp_path)
    markers = tmp_path / "markers"
    markers.mkdir()
    crash = CrashOnce(str(markers), indices=(5,), delay_s=0.01)
    out = tmp_path / "r.parquet"
    table = run_study(study, cluster=client, output=out, runner=crash)
    assert sorted(p.name for p in markers.iterdir()) == ["crashed-5"]
    expected = run_study(study, cluster="inprocess", runner=toy_runner)
    pd.testing.assert_frame_equal(table, expected)
    assert table.loc[5, "status"] == "ok"
    assert len(ResultStore(tmp_path / "r.parquet.points").records()) == len(study.points())


def test_dask_sweep_resumes_and_skips_stored_points(client: Any, tmp_path: pathlib.Path) -> None:
    study = toy_study(tmp_path)
    points = study.points()
    store = ResultStore(tmp_path / "store")
    first_part = study_from_dict(
        {
            "programs": [{"path": "toy.mlir"}],
            "machines": ["cpu"],
            "overrides": {"queues": [1, 2, 3, 4, 5, 13], "pool_capacity_bytes": [1 << 20, 1 << 30]},
            "seeds": [0, 1],
            "metrics": ["makespan"],
        },
        base_dir=tmp_path,
    )
    run_study(first_part, cluster="inprocess", store=store, runner=toy_runner)
    before = {f.name: f.stat().st_mtime_ns for f in (tmp_path / "store").iterdir()}
    assert len(before) == len(points) // 2
    # every point run again would kill its worker for good (a marker is never written): none may run
    never = CrashOnce("/nonexistent", indices=tuple(range(len(points) // 2)))
    table = run_study(study, cluster=client, store=store, runner=never)
    pd.testing.assert_frame_equal(table, run_study(study, cluster="inprocess", runner=toy_runner))
    after = {f.name: f.stat().st_mtime_ns for f in (tmp_path / "store").iterdir()}
    assert {k: after[k] for k in before} == before
    assert len(after) == len(points)


def test_dask_sweep_reaches_a_cluster_by_address(client: Any, tmp_path: pathlib.Path) -> None:
    study = toy_study(tmp_path)
    address = client.scheduler.address
    assert address.startswith("tcp://")
    table = run_study(study, cluster=address, runner=toy_runner)
    pd.testing.assert_frame_equal(table, run_study(study, cluster="inprocess", runner=toy_runner))


def test_dask_sweep_records_a_point_that_keeps_killing_workers(
    unforgiving_client: Any, tmp_path: pathlib.Path
) -> None:
    study = toy_study(tmp_path)
    markers = tmp_path / "markers"
    markers.mkdir()
    deadly = CrashOnce(str(markers), indices=(2,), every_time=True)
    # batches of three: the batch holding point 2 is given up (with innocent points, and perhaps others
    # that were queued on its worker); they run again one at a time, where only point 2 fails. Two workers
    # die (the batch's, then point 2's alone), one is left even if none is replaced.
    table = run_study(study, cluster=unforgiving_client, runner=deadly, batch_size=3)
    assert table.loc[2, "status"] == "error"
    assert table.loc[2, "error"].startswith("KilledWorker: ")
    others = table.drop(index=2)
    expected = run_study(study, cluster="inprocess", runner=toy_runner).drop(index=2)
    pd.testing.assert_frame_equal(others, expected)


def test_dask_sweep_gives_up_when_the_cluster_has_no_workers(tmp_path: pathlib.Path) -> None:
    # A cluster whose workers are all gone (here: never started) would make Dask wait for ever.
    points = toy_study(tmp_path).points()[:3]
    records: list[Any] = []
    with (
        distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0") as cluster,
        distributed.Client(cluster) as c,
        pytest.raises(SweepError, match=r"has had no workers for \d+ s with 3 point\(s\) left"),
    ):
        run_dask(points, toy_runner, records.append, c, no_workers_timeout_s=1.0)
    assert records == []
