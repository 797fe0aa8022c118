"""Sweep throughput: points per second in process and on Dask LocalClusters of 1 and 2 workers.

Each cluster is started and its workers import streamsim before the clock starts (start-up is printed
separately); the timed sweep then includes everything a real sweep does per point: sending it, parsing
and scheduling the program once per worker and schedule variant, simulating, and storing the record.
Every run gives the same table, which is checked.

    python benchmarks/sweep.py                     # attention fixture, 216 points; deep400, 24 points
                                                   # best of 3 sweeps each
    python benchmarks/sweep.py --programs attention --workers 1 2
"""

from __future__ import annotations

import argparse
import logging
import os
import pathlib
import sys
import time

# benchmarks/traces.py is named like the traces package; keep this directory off the import path.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

import pandas as pd  # noqa: E402
from distributed import Client, LocalCluster  # noqa: E402

from simulator.sweep import Study, clear_caches, run_study, study_from_dict  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]

STUDIES = {
    "attention": {
        "programs": [{"fixture": str(ROOT / "tests/fixtures/iree/attention_block")}],
        "machines": ["discrete-gpu", "apu", "cpu"],
        "scheduler": {"favor": ["min-peak-memory", "max-concurrency", "debug"]},
        "overrides": {
            "queues": [1, 2, 4, 8],
            "memory_model": ["unified", "discrete"],
            "storage_bandwidth_bytes_per_s": [3e9, 7e9, 14e9],
        },
    },
    "deep400": {
        "programs": [{"name": "deep400", "path": str(ROOT / "benchmarks/data/deep400/async.generic.mlir")}],
        "machines": ["discrete-gpu", "apu"],
        "scheduler": {"favor": ["min-peak-memory", "max-concurrency"]},
        "overrides": {"queues": [1, 2], "storage_bandwidth_bytes_per_s": [3e9, 7e9, 14e9]},
    },
}


def _warm() -> None:
    import simulator.sweep  # noqa: F401


def timed(study: Study, cluster: object, repeat: int) -> tuple[float, pd.DataFrame]:
    """The best of ``repeat`` sweeps (other processes on a shared machine only ever slow one down).
    Caches are cleared first, so each sweep parses and schedules again, in process and on the workers."""
    best = float("inf")
    for _ in range(repeat):
        if isinstance(cluster, Client):
            cluster.run(clear_caches)
        clear_caches()
        start = time.perf_counter()
        table = run_study(study, cluster=cluster, progress=False)
        best = min(best, time.perf_counter() - start)
    return best, table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--programs", nargs="+", default=list(STUDIES), choices=list(STUDIES))
    parser.add_argument("--workers", nargs="+", type=int, default=[1, 2])
    parser.add_argument("--repeat", type=int, default=3, help="best of this many sweeps (default 3)")
    args = parser.parse_args()
    print(f"cpus: {os.cpu_count()}, load average: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for name in args.programs:
        study = study_from_dict({"name": name, **STUDIES[name]})
        n = len(study.points())
        seconds, reference = timed(study, "inprocess", args.repeat)
        assert (reference["status"] == "ok").all(), reference["error"].dropna().unique()
        print(f"\n{name}: {n} points")
        print(f"  in process:              {seconds:7.2f} s  {n / seconds:7.1f} points/s")
        rates = {}
        for workers in args.workers:
            t0 = time.perf_counter()
            cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",
                silence_logs=logging.CRITICAL,
            )
            with Client(cluster) as client:
                client.run(_warm)
                startup = time.perf_counter() - t0
                seconds, table = timed(study, client, args.repeat)
            cluster.close()
            pd.testing.assert_frame_equal(table, reference)
            rates[workers] = n / seconds
            print(
                f"  dask, {workers} worker(s): {seconds:7.2f} s  {rates[workers]:7.1f} points/s"
                f"  (cluster start-up {startup:.1f} s, not counted)"
            )
        if 1 in rates:
            for workers, rate in rates.items():
                if workers != 1:
                    print(f"  speedup {workers} vs 1 worker: {rate / rates[1]:.2f}x")
    print(f"\nload average after: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
