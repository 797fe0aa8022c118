"""Where points run: in this process one by one, or on a Dask distributed cluster.

A cluster is named by a string:

- ``inprocess``: sequentially in this process (no Dask);
- ``local`` or ``local:N``: a :class:`distributed.LocalCluster` of ``N`` worker processes (default: the
  number of CPUs), one thread each, started for the sweep and closed after it;
- ``tcp://HOST:PORT`` (or ``tls://``...): the scheduler of an existing cluster, whose workers must have
  streamsim installed. The study's files must be readable by the workers at the same paths.

Points travel in small batches (``client.map(execute_batch, ...)``, ``pure=False, retries=2``): a
task per point would cost the scheduler more than a small point's simulation. A batch holds points that
share a schedule where it can, so a worker's cache schedules a program variant once for all of them. A
runner's own
exceptions are caught on the worker and become the point's error record, so ``retries`` covers failures
outside the point. A task lost with its worker is rescheduled by Dask itself; one that keeps killing
workers ends as ``KilledWorker``. Its points not yet stored are run again at the end, one task at a
time, so that only a point that kills workers on its own is recorded as failed (``KilledWorker``).

Records come back through ``as_completed`` and go to ``on_record`` in the calling process, which
stores them. On a local cluster the workers also store each record the moment its point finishes
(the store is on their filesystem), so a sweep killed mid-batch keeps those points, and a batch retried
after its worker died skips the points already stored. Workers of a remote cluster never write the
store, so it needs no shared filesystem.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from simulator.errors import InputError
from simulator.sweep.errors import SweepError
from simulator.sweep.points import Point

Runner = Callable[[Point], dict[str, Any]]
OnRecord = Callable[[dict[str, Any]], None]


@dataclass(frozen=True)
class ClusterSpec:
    """A parsed ``--cluster`` value: ``kind`` is ``inprocess``, ``local`` or ``address``."""

    kind: str
    workers: int | None = None
    address: str | None = None

    def describe(self) -> str:
        if self.kind == "local":
            return f"local cluster, {self.workers} worker process(es)"
        if self.kind == "address":
            return f"cluster at {self.address}"
        return "in process"


def parse_cluster(spec: str | None) -> ClusterSpec:
    """Parse a cluster name (see the module docstring); raises InputError naming the bad value.

    Examples
    --------
    >>> parse_cluster("local:3")
    ClusterSpec(kind='local', workers=3, address=None)
    >>> parse_cluster("tcp://10.0.0.5:8786").kind
    'address'
    """
    if spec is None or spec == "local":
        return ClusterSpec("local", workers=os.cpu_count() or 1)
    if spec == "inprocess":
        return ClusterSpec("inprocess")
    if spec.startswith("local:"):
        n = spec.partition(":")[2]
        if not n.isdigit() or int(n) < 1:
            raise InputError(f"--cluster {spec!r}: the number of workers must be a positive integer")
        return ClusterSpec("local", workers=int(n))
    if "://" in spec:
        scheme = spec.partition("://")[0]
        if scheme not in ("tcp", "tls", "ws", "wss", "inproc", "ucx"):
            raise InputError(f"--cluster {spec!r}: unknown scheme {scheme!r}; give tcp://HOST:PORT")
        return ClusterSpec("address", address=spec)
    raise InputError(f"--cluster {spec!r}: expected inprocess, local, local:WORKERS or tcp://HOST:PORT")


def execute_point(runner: Runner, point: Point) -> dict[str, Any]:
    """Run one point and return its record; a failure of the point becomes the record's error."""
    start = time.perf_counter()
    try:
        metrics = runner(point)
        status, error = "ok", None
    except Exception as exc:  # any failure of one point is data for the table, not a sweep failure
        metrics = {}
        status = "error"
        error = f"{type(exc).__name__}: {exc}".strip()
        if not str(exc):
            error += " at " + traceback.format_exc(limit=-1).strip().splitlines()[-2].strip()
    return {
        "key": point.key,
        "status": status,
        "error": error,
        "metrics": metrics,
        "elapsed_s": round(time.perf_counter() - start, 6),
        "config": point.config(),
    }


def lost_point(point: Point, exc: BaseException) -> dict[str, Any]:
    """The record of a point whose task the cluster gave up on (its worker kept dying)."""
    return {
        "key": point.key,
        "status": "error",
        "error": f"{type(exc).__name__}: {exc}",
        "metrics": {},
        "elapsed_s": None,
        "config": point.config(),
    }


def run_inprocess(points: Sequence[Point], runner: Runner, on_record: OnRecord) -> None:
    for point in points:
        on_record(execute_point(runner, point))


@contextlib.contextmanager
def open_client(spec: ClusterSpec) -> Iterator[Any]:
    """A ``distributed.Client`` for the spec, closed (with its local cluster) on exit."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as exc:  # pragma: no cover - dask is a dependency
        raise SweepError(f"running on a cluster needs dask[distributed]: {exc}") from None
    if spec.kind == "local":
        cluster = LocalCluster(
            n_workers=spec.workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # a free port: 8787 may be taken by another cluster
            silence_logs=logging.ERROR,
        )
        try:
            with Client(cluster) as client:
                yield client
        finally:
            cluster.close()
        return
    try:
        client = Client(spec.address, timeout="10s")
    except (OSError, TimeoutError) as exc:
        raise SweepError(f"cannot reach the Dask scheduler at {spec.address}: {exc}") from None
    with client:
        yield client


def execute_batch(
    runner: Runner, points: Sequence[Point], store_dir: str | None = None
) -> list[dict[str, Any]]:
    """Run points one after the other; with ``store_dir``, store each record as soon as it exists and
    reuse a point's stored record (a retried batch whose first run died half way)."""
    from simulator.sweep.store import ResultStore

    store = ResultStore(store_dir) if store_dir is not None else None
    done = store.records() if store is not None else {}
    records = []
    for point in points:
        record = done.get(point.key)
        if record is None or record.get("status") != "ok":
            record = execute_point(runner, point)
            if store is not None:
                store.put(record)
        records.append(record)
    return records


def make_batches(points: Sequence[Point], workers: int, batch_size: int | None = None) -> list[list[Point]]:
    """Points cut into batches (Dask tasks) that never mix schedule groups (:attr:`Point.schedule_group`).

    A batch holds at most ``batch_size`` points, by default about half a worker's fair share and never
    more than 16: few enough tasks that the scheduler's cost per task stays small against the points,
    enough that the workers stay balanced, and whole schedule groups where they are small, so that each
    worker schedules a program variant once. Each group is split into near-equal parts, in grid order.

    Examples
    --------
    >>> from simulator.sweep.points import MachineSpec, ProgramSpec
    >>> prog, m = ProgramSpec("p", "/p", digest="0"), MachineSpec("cpu", "cpu", "1")
    >>> pts = [Point(i, prog, m, 0, (("favor", f), ("queues", q)))
    ...        for i, (f, q) in enumerate((f, q) for f in ("a", "b") for q in range(1, 7))]
    >>> [[p.index for p in b] for b in make_batches(pts, 2)]
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9, 10, 11]]
    >>> [len(b) for b in make_batches(pts * 10, 2)]
    [15, 15, 15, 15, 15, 15, 15, 15]
    """
    size = batch_size or min(16, max(1, -(-len(points) // (2 * max(1, workers)))))
    groups: dict[Any, list[Point]] = {}
    for p in points:
        groups.setdefault(p.schedule_group, []).append(p)
    batches = []
    for group in groups.values():
        parts = -(-len(group) // size)
        bounds = [round(i * len(group) / parts) for i in range(parts + 1)]
        batches += [group[a:b] for a, b in zip(bounds, bounds[1:])]
    return batches


#: How long a sweep waits while the cluster has no worker at all before it gives up (seconds).
NO_WORKERS_TIMEOUT_S = 120.0
# How often a waiting sweep looks at the cluster (seconds).
_POLL_S = 2.0


def run_dask(
    points: Sequence[Point],
    runner: Runner,
    on_record: OnRecord,
    client: Any,
    *,
    store_dir: str | None = None,
    batch_size: int | None = None,
    no_workers_timeout_s: float = NO_WORKERS_TIMEOUT_S,
) -> None:
    """Run the points on the client's cluster, handing each record to ``on_record`` as it arrives.

    ``store_dir``: a store folder the workers can write (local clusters); ``batch_size``: points per task
    at most (default: see :func:`make_batches`). Raises :class:`SweepError` when the cluster has had no
    worker for ``no_workers_timeout_s`` while points were left (Dask itself would wait for ever: a
    nanny that fails to restart a killed worker leaves the scheduler empty).
    """
    from distributed import wait

    # No worker restrictions on the tasks: a restricted task whose workers were all replaced (killed and
    # restarted under new addresses) waits for them for ever.
    chunks = make_batches(points, len(client.scheduler_info().get("workers", {})), batch_size)
    futures = client.map(
        execute_batch, [runner] * len(chunks), chunks, [store_dir] * len(chunks), pure=False, retries=2
    )
    batches: dict[str, list[Point]] = {f.key: chunk for f, chunk in zip(futures, chunks)}
    order = {f.key: i for i, f in enumerate(futures)}  # batches handed on in submission order
    watch = _WorkerWatch(client, no_workers_timeout_s)
    lost: list[Point] = []
    remaining = list(futures)
    while remaining:
        try:
            done, not_done = wait(remaining, timeout=_POLL_S, return_when="FIRST_COMPLETED")
        except TimeoutError:
            watch.check(sum(len(batches[f.key]) for f in remaining))
            continue
        remaining = list(not_done)
        for fut in sorted(done, key=lambda f: order[f.key]):
            chunk = batches.pop(fut.key)
            records = []
            try:
                # A finished batch whose result was lost with its worker is recomputed: wait it out.
                records = watch.result(fut, len(chunk))
            except SweepError:
                raise
            except Exception:  # KilledWorker and the like: the cluster gave up on this batch
                stored = _stored(store_dir)
                records = [stored[p.key] for p in chunk if p.key in stored]
                lost += [p for p in chunk if p.key not in stored]
            fut.release()
            for record in records:
                on_record(record)
    # Dask counts a worker's death against every task it held, so a point that kills its workers can take
    # innocent points with it. Run the lost points again one at a time: a point that fails alone is
    # recorded as failed, the others get their results.
    for point in lost:
        alone = client.submit(execute_batch, runner, [point], store_dir, pure=False, retries=2)
        try:
            record = watch.result(alone, 1)[0]
        except SweepError:
            raise
        except Exception as exc:
            record = lost_point(point, exc)
        alone.release()
        on_record(record)


class _WorkerWatch:
    """Gives up a wait once the cluster has had no worker for ``limit_s`` (see :func:`run_dask`)."""

    def __init__(self, client: Any, limit_s: float) -> None:
        self.client = client
        self.limit_s = limit_s
        self.empty_since: float | None = None

    def check(self, points_left: int) -> None:
        try:
            workers = len(self.client.scheduler_info().get("workers", {}))
        except Exception:  # the scheduler itself is gone: as good as no workers
            workers = 0
        if workers:
            self.empty_since = None
            return
        now = time.monotonic()
        if self.empty_since is None:
            self.empty_since = now
        elif now - self.empty_since >= self.limit_s:
            raise SweepError(
                f"the Dask cluster at {self.client.scheduler.address} has had no workers for "
                f"{now - self.empty_since:.0f} s with {points_left} point(s) left; its workers died and were not "
                "replaced (see the workers' logs); the points finished so far are kept"
            )

    def result(self, future: Any, points: int) -> Any:
        while True:
            try:
                return future.result(timeout=_POLL_S)
            except TimeoutError:
                self.check(points)


def _stored(store_dir: str | None) -> dict[str, dict[str, Any]]:
    from simulator.sweep.store import ResultStore

    return ResultStore(store_dir).records() if store_dir is not None else {}
