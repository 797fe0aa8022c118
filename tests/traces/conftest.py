"""Traces built by hand for the traces tests."""

from __future__ import annotations

import matplotlib
import pytest

from traces import Trace, TraceMetadata, Track

matplotlib.use("Agg")


def build_sample_trace() -> Trace:
    """Two queues, a host thread, storage and a pool, with every kind of record.

    queue0: load [0, 100) io on storage, fill [0, 20) transfer, mm [100, 160) dispatch (waits on load)
    queue1: copy [170, 200) transfer (waits on mm)
    host:   await [0, 200) sync
    """
    t = Trace(TraceMetadata(machine="test-machine", program="sample", seed=7, version="0"))
    q0, q1, st, host, pool = (
        Track.queue(0, 0),
        Track.queue(0, 1),
        Track.storage(),
        Track.host(),
        Track.pool(0, 0),
    )
    load = t.add_span(
        st, "read", "io", 0, 100, {"op": "stream.cmd.read", "loc": "m.mlir:3:5", "size_bytes": 4096}
    )
    fill = t.add_span(q0, "fill", "transfer", 0, 20, {"op": "stream.cmd.fill", "size_bytes": 64})
    mm = t.add_span(
        q0,
        "mm",
        "dispatch",
        100,
        60,
        {"op": "stream.cmd.dispatch", "loc": "m.mlir:9:7", "flops": 1.5e6, "affinity": [0, 1]},
    )
    copy = t.add_span(q1, "copy", "transfer", 170, 30, {"op": "stream.cmd.copy", "size_bytes": 64})
    t.add_span(host, "await", "sync", 0, 200, {"op": "stream.timepoint.await"})
    t.add_flow(load, mm, args={"semaphore": 1, "value": 1})
    t.add_flow(fill, mm)
    t.add_flow(mm, copy)
    t.add_counter(pool, "memory_bytes", 0, 0)
    t.add_counter(pool, "memory_bytes", 0, 4096)
    t.add_counter(pool, "memory_bytes", 100, 4160)
    t.add_counter(pool, "memory_bytes", 200, 64)
    t.add_counter(q0, "queue_depth", 0, 2)
    t.add_counter(q0, "queue_depth", 160, 0)
    t.add_instant(q0, "signal", 160, args={"semaphore": 2, "value": 1})
    t.add_instant(q1, "failure", 200, "sync", {"status": "ok"})
    return t


@pytest.fixture
def sample_trace() -> Trace:
    return build_sample_trace()


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    import matplotlib.pyplot as plt

    plt.close("all")
