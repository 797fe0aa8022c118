"""What-if sweeps: one program (or a few) under hundreds of configurations, on Dask when one machine is
not enough.

A :class:`Study` (TOML via :func:`load_study`, or a dict via :func:`study_from_dict`) names programs,
machines, seeds, settings to vary (favor, queues, memory model, link and storage bandwidth, pool
capacity) and metrics to keep. :func:`run_study` runs its points in process or on a Dask cluster
(``"local"``, ``"local:N"``, ``"tcp://HOST:PORT"``), stores each point's result as soon as it finishes
(keyed by a hash of its configuration, so an interrupted sweep resumes) and returns a pandas table.
:func:`heatmap`, :func:`pareto_front` and :func:`plot_pareto` summarise it. The command line is
``streamsim sweep STUDY.toml [--cluster ...] [-o results.parquet]``.
"""

from __future__ import annotations

from simulator.sweep.errors import StudyError, SweepError
from simulator.sweep.executors import ClusterSpec, execute_point, parse_cluster
from simulator.sweep.metrics import METRICS, available_metrics
from simulator.sweep.plots import heatmap, pareto_front, pivot, plot_pareto
from simulator.sweep.points import MachineSpec, Point, ProgramSpec
from simulator.sweep.run import results_table, run_study, write_parquet
from simulator.sweep.runner import clear_caches, point_machine, run_point
from simulator.sweep.store import ResultStore, store_dir_for
from simulator.sweep.study import AXES, Study, load_study, machine_with_overrides, study_from_dict

__all__ = [
    "AXES",
    "METRICS",
    "ClusterSpec",
    "MachineSpec",
    "Point",
    "ProgramSpec",
    "ResultStore",
    "Study",
    "StudyError",
    "SweepError",
    "available_metrics",
    "clear_caches",
    "execute_point",
    "heatmap",
    "load_study",
    "machine_with_overrides",
    "pareto_front",
    "parse_cluster",
    "pivot",
    "plot_pareto",
    "point_machine",
    "results_table",
    "run_point",
    "run_study",
    "store_dir_for",
    "study_from_dict",
    "write_parquet",
]
