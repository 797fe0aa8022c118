"""Running a study: the points not yet stored go to an executor, and the results become a table.

:func:`run_study` is the Python API behind ``streamsim sweep``::

    study = load_study("study.toml")
    df = run_study(study, cluster="local:2", output="results.parquet")

It expands the study, skips points whose key the store already holds, runs the rest (in process or on
Dask), stores each record as it arrives and returns :func:`results_table`: one row per point in grid
order, the point's program, machine, seed and settings, ``status`` and ``error``, then the study's
metric columns. The same study gives the same table whichever executor ran it; run times are kept in
the store, not in the table. With ``output``, the table is also written as Parquet.
"""

from __future__ import annotations

import os
import pathlib
import sys
import tempfile
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import numpy as np
import pandas as pd

from simulator.sweep.errors import SweepError, SweepStopped
from simulator.sweep.executors import ClusterSpec, Runner, open_client, parse_cluster, run_dask, run_inprocess
from simulator.sweep.metrics import METRICS, metric_columns
from simulator.sweep.points import Point
from simulator.sweep.progress import Progress
from simulator.sweep.runner import run_point
from simulator.sweep.store import ResultStore, store_dir_for
from simulator.sweep.study import Study

_INT_COLUMNS = (
    "makespan_ns",
    "peak_memory_bytes",
    "first_dispatch_ns",
    "bytes_moved",
    "storage_bytes_",
    "findings",
)


def run_study(
    study: Study,
    *,
    cluster: str | ClusterSpec | Any = "local",
    output: str | pathlib.Path | None = None,
    store: str | pathlib.Path | ResultStore | None = None,
    retry_failed: bool = False,
    runner: Runner = run_point,
    progress: bool | None = None,
    progress_stream: TextIO | None = None,
    batch_size: int | None = None,
    stop: Callable[[], bool] | None = None,
) -> pd.DataFrame:
    """Run every point of ``study`` that is not stored yet; the results table of all its points.

    Parameters
    ----------
    cluster : str, ClusterSpec or distributed.Client
        ``"inprocess"``, ``"local"``, ``"local:N"``, ``"tcp://HOST:PORT"`` or a connected client.
    output : path, optional
        Parquet file for the table; its store folder (``OUTPUT.points/``) keeps finished points.
    store : path or ResultStore, optional
        The store folder when there is no ``output`` (default: in memory, nothing resumable).
    retry_failed : bool
        Run again the points stored with an error (they are skipped by default).
    runner : callable
        ``runner(point) -> metrics``; top-level and importable by the workers (default :func:`run_point`).
    progress : bool, optional
        Show the progress line (default: when the stream is a terminal, or when writing ``output``).
    batch_size : int, optional
        Points per Dask task (default: about eight tasks per worker, at most 16 points each).
    stop : callable, optional
        Asked after each finished point is stored; when it returns True the sweep stops there (local
        workers are shut down) and :class:`~simulator.sweep.errors.SweepStopped` is raised. The CLI sets
        it from SIGINT and SIGTERM.
    """
    points = study.points()
    result_store = _store(store, output)
    stored = result_store.records()
    todo = [p for p in points if not _is_done(stored.get(p.key), retry_failed)]
    stream = progress_stream if progress_stream is not None else sys.stderr
    if progress is None:
        progress = output is not None or bool(getattr(stream, "isatty", lambda: False)())
    bar = Progress(len(points), already_done=len(points) - len(todo), stream=stream, enabled=progress)
    if progress and not todo:
        bar.close()

    def on_record(record: dict[str, Any]) -> None:
        result_store.put(record)
        stored[record["key"]] = record
        bar.update(ok=record["status"] == "ok")
        if stop is not None and stop():
            bar.close()
            raise SweepStopped(f"stopped after {len(stored)} stored points")

    if todo:
        _execute(todo, runner, on_record, cluster, result_store, batch_size)
        bar.close()
    table = results_table(study, stored, points=points)
    if output is not None:
        write_parquet(table, output)
    return table


def _is_done(record: dict[str, Any] | None, retry_failed: bool) -> bool:
    return record is not None and (record.get("status") == "ok" or not retry_failed)


def _store(store: str | pathlib.Path | ResultStore | None, output: str | pathlib.Path | None) -> ResultStore:
    if isinstance(store, ResultStore):
        return store
    if store is not None:
        return ResultStore(store)
    return ResultStore(store_dir_for(output) if output is not None else None)


def _execute(
    todo: Sequence[Point],
    runner: Runner,
    on_record: Any,
    cluster: Any,
    store: ResultStore,
    batch_size: int | None,
) -> None:
    if isinstance(cluster, str | None):
        cluster = parse_cluster(cluster)
    directory = str(store.directory) if store.directory is not None else None
    if not isinstance(cluster, ClusterSpec):  # a distributed.Client the caller owns
        local = _is_local(cluster)
        run_dask(
            todo, runner, on_record, cluster, store_dir=directory if local else None, batch_size=batch_size
        )
        return
    if cluster.kind == "inprocess":
        run_inprocess(todo, runner, on_record)
        return
    if cluster.kind == "local" and cluster.workers and cluster.workers > len(todo):
        cluster = ClusterSpec("local", workers=len(todo))
    with open_client(cluster) as client:
        local_dir = directory if cluster.kind == "local" else None
        run_dask(todo, runner, on_record, client, store_dir=local_dir, batch_size=batch_size)


def _is_local(client: Any) -> bool:
    """Whether the client's workers run on this machine (a LocalCluster), so they can write the store."""
    try:
        from distributed import LocalCluster
    except ImportError:  # pragma: no cover
        return False
    return isinstance(getattr(client, "cluster", None), LocalCluster)


def results_table(
    study: Study, records: dict[str, dict[str, Any]], *, points: list[Point] | None = None
) -> pd.DataFrame:
    """One row per point of the study (grid order) from stored records; points without a record are
    ``status == "missing"``."""
    points = points if points is not None else study.points()
    axes = study.axes()
    rows = []
    all_columns: list[str] = []
    seen: set[str] = set()
    for p in points:
        record = records.get(p.key)
        row: dict[str, Any] = {"point": p.key[:16]}
        base = p.row()
        row.update({k: base[k] for k in ("program", "machine", "seed")})
        row.update({a: base.get(a) for a in axes})
        if record is None:
            row.update(status="missing", error=None)
            metrics: dict[str, Any] = {}
        else:
            row.update(status=record["status"], error=record.get("error"))
            metrics = record.get("metrics") or {}
        for c in metrics:
            if c not in seen:
                seen.add(c)
                all_columns.append(c)
        rows.append((row, metrics))
    keep = metric_columns(study.metrics, all_columns)
    table = pd.DataFrame([{**row, **{c: m.get(c) for c in keep}} for row, m in rows])
    if table.empty:
        return table
    for c in keep:
        if c.startswith(_INT_COLUMNS) or c in ("execute_regions", "waves", "dispatches", "transient_bytes"):
            table[c] = pd.array(table[c].tolist(), dtype="Int64")
        elif c.startswith("busy_fraction["):
            table[c] = table[c].astype("float64")
    return table


#: The columns every results table of :func:`results_table` has, whatever the study's metrics.
RESULT_COLUMNS = ("point", "program", "machine", "seed", "status", "error")


def read_parquet(path: str | pathlib.Path) -> pd.DataFrame:
    """A sweep's results table as written by :func:`write_parquet`; :class:`~simulator.errors.InputError`
    naming the file when it is not a Parquet file or not a sweep's results (no ``point``/``status``...)."""
    import pyarrow
    import pyarrow.parquet

    from simulator.errors import InputError

    p = pathlib.Path(path)
    try:
        arrow = pyarrow.parquet.read_table(p)
        arrow.validate(full=True)  # text columns hold valid UTF-8, offsets in range
        # pandas' own metadata (index, dtypes) only restores what write_parquet never writes (no index):
        # dropping it keeps a damaged metadata blob from failing the conversion.
        table = arrow.replace_schema_metadata(None).to_pandas()
    except (OSError, ValueError, pyarrow.ArrowException) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError(f"{p}: not a readable Parquet file ({first})") from None
    missing = [c for c in RESULT_COLUMNS if c not in table.columns]
    if missing:
        raise InputError(
            f"{p}: not a sweep's results table: missing the column(s) {', '.join(map(repr, missing))} "
            "(streamsim report reads the .parquet that streamsim sweep writes)"
        )
    problem = _results_problem(table)
    if problem:
        raise InputError(f"{p}: not a sweep's results table: {problem}")
    return table


_STATUSES = ("ok", "error", "missing")


def _results_problem(table: pd.DataFrame) -> str | None:
    """What makes ``table`` unlike any table :func:`results_table` writes, or None: a status outside
    ok/error/missing, a metric column that is not numeric, or a number that is not finite."""
    from pandas.api.types import is_numeric_dtype

    specs = [spec for metric in METRICS.values() for spec in metric.columns]
    for row, status in enumerate(table["status"]):
        if status not in _STATUSES:
            return f"row {row}: status {status!r} is not one of {', '.join(_STATUSES)}"
    for column in table.columns:
        values = table[column]
        is_metric = any(column.startswith(s) if s.endswith("[") else column == s for s in specs)
        if is_metric and not is_numeric_dtype(values) and values.notna().any():
            return f"metric column {column!r} holds {values.dtype} values, not numbers"
        if is_numeric_dtype(values) and values.dtype != bool:
            numbers = values.astype("float64")
            bad = numbers[numbers.notna() & ~np.isfinite(numbers.fillna(0.0))]
            if len(bad):
                return f"row {bad.index[0]}: column {column!r} is {bad.iloc[0]}, not a finite number"
    return None


def write_parquet(table: pd.DataFrame, path: str | pathlib.Path) -> None:
    """Write the table atomically (a temporary file, then a rename)."""
    p = pathlib.Path(path)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=p.parent, prefix=f".{p.name}-", suffix=".tmp")
        os.close(fd)
        table.to_parquet(tmp, index=False)
        os.replace(tmp, p)
    except OSError as exc:
        raise SweepError(f"cannot write the results table {p}: {exc}") from None
