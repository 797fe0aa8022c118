"""Where points run: in this process one by one, or on a Dask distributed cluster.

A cluster is named by a string:

- ``inprocess``: sequentially in this process (no Dask);
- ``local`` or ``local:N``: a :class:`distributed.LocalCluster` of ``N`` worker processes (default: the
  number of CPUs), one thread each, started for the sweep and closed after it;
- ``tcp://HOST:PORT`` (or ``tls://``...): the scheduler of an existing cluster, whose workers must have
  streamsim installed. The study's files must be readable by the workers at the same paths.

Points are submitted as ``client.map(execute_point, runners, points, pure=False, retries=2)``: the
runner's own exceptions are caught on the worker and become the point's error record, so ``retries``
covers failures outside the point (a task lost with its worker is rescheduled by Dask itself; one that
keeps killing workers ends as ``KilledWorker``, which is recorded too). Records come back through
``as_completed`` and are handed to ``on_record`` in the calling process, which stores them: workers
never write the store, so a remote cluster needs no shared filesystem for results.
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


def run_dask(points: Sequence[Point], runner: Runner, on_record: OnRecord, client: Any) -> None:
    """Run the points on the client's cluster, handing each record to ``on_record`` as it arrives."""
    from distributed import as_completed

    workers = sorted(client.scheduler_info().get("workers", {}))
    shares = assign_to_workers(points, max(1, len(workers)))
    futures = []
    by_key = {}
    # One message per worker submits its share, and results come back as they complete: a round trip per
    # point would cost more than a small point's simulation. Shares keep points that share a schedule on
    # one worker (its cache then schedules the program once); other workers may still steal them.
    for address, share in zip(workers or [None], shares):
        if not share:
            continue
        placement = {"workers": [address], "allow_other_workers": True} if len(workers) > 1 else {}
        submitted = client.map(
            execute_point, [runner] * len(share), share, pure=False, retries=2, **placement
        )
        futures += submitted
        by_key.update((f.key, p) for f, p in zip(submitted, share))
    for fut, result in as_completed(futures, with_results=True, raise_errors=False):
        point = by_key.pop(fut.key)
        if fut.status == "finished":
            record = result
        else:  # KilledWorker and the like: the cluster gave up on this point
            record = lost_point(point, _exception_of(result))
        fut.release()
        on_record(record)


def assign_to_workers(points: Sequence[Point], workers: int) -> list[list[Point]]:
    """Points split into ``workers`` shares of nearly equal size that keep schedule groups together.

    Groups (:attr:`Point.schedule_group`) go whole to the least loaded share, largest first; a group
    larger than what a share may still take is split. Each share keeps grid order.

    Examples
    --------
    >>> from simulator.sweep.points import MachineSpec, ProgramSpec
    >>> prog, m = ProgramSpec("p", "/p", digest="0"), MachineSpec("cpu", "cpu", "1")
    >>> pts = [Point(i, prog, m, 0, (("favor", f), ("queues", q)))
    ...        for i, (f, q) in enumerate((f, q) for f in ("a", "b") for q in (1, 2, 3))]
    >>> [[p.index for p in share] for share in assign_to_workers(pts, 2)]
    [[0, 1, 2], [3, 4, 5]]
    >>> [[p.index for p in share] for share in assign_to_workers(pts[:3], 2)]
    [[0, 1], [2]]
    """
    if workers <= 1:
        return [list(points)]
    groups: dict[Any, list[Point]] = {}
    for p in points:
        groups.setdefault(p.schedule_group, []).append(p)
    capacity = -(-len(points) // workers)
    shares: list[list[Point]] = [[] for _ in range(workers)]
    for group in sorted(groups.values(), key=len, reverse=True):
        while group:
            target = min(range(workers), key=lambda i: len(shares[i]))
            room = max(1, capacity - len(shares[target]))
            shares[target].extend(group[:room])
            group = group[room:]
    return [sorted(s, key=lambda p: p.index) for s in shares]


def _exception_of(result: Any) -> BaseException:
    """The exception of a failed future's ``as_completed`` result (an exception or an exc_info triple)."""
    if isinstance(result, BaseException):
        return result
    if isinstance(result, tuple) and len(result) == 3 and isinstance(result[1], BaseException):
        return result[1]
    return SweepError(f"the cluster lost the point: {result!r}")
