"""Whole timelines of small builder programs on the ideal machine (1 byte/ns, no overheads)."""

from __future__ import annotations

from typing import Any

import numpy as np

from simulator import Session
from simulator.examples.programs import two_queue_program

MIB = 1 << 20


def test_timeline_two_queues_cross_queue_wait(make_machine: Any) -> None:
    # Queue 0 fills X (1 MiB at 1 B/ns); queue 1's copy dispatch waits on that fill across queues, then reads
    # and writes 1 MiB each; queue 0 frees X after the copy; each submission costs the host 1000 ns.
    result = Session(make_machine(submit_cost_ns=1000)).run_sync(two_queue_program(MIB))
    log = result.timeline()
    assert log == [
        ("host/main", "submit alloca", 0, 1000),
        ("host/calls", "call @main", 0, 3 * MIB + 2000),
        ("d0/queue0", "alloca", 1000, 1000),
        ("host/main", "submit execute", 1000, 2000),
        ("host/main", "submit alloca", 2000, 3000),
        ("d0/queue0", "fill", 2000, 2000 + MIB),
        ("d0/queue1", "alloca", 3000, 3000),
        ("host/main", "submit execute", 3000, 4000),
        ("host/main", "submit dealloca", 4000, 5000),
        ("host/main", "await", 5000, 3 * MIB + 2000),
        ("d0/queue1", "copy", 2000 + MIB, 3 * MIB + 2000),
        ("d0/queue0", "dealloca", 3 * MIB + 2000, 3 * MIB + 2000),
        ("host/main", "wake", 3 * MIB + 2000, 3 * MIB + 2000),
    ]
    np.testing.assert_array_equal(result.outputs[0], np.ones(MIB // 4, np.float32))


def test_timeline_cross_queue_wait_is_a_flow(make_machine: Any) -> None:
    result = Session(make_machine()).run_sync(two_queue_program(MIB))
    spans = {s.id: s for s in result.trace.spans}
    edges = {(spans[f.src_span].name, spans[f.dst_span].name) for f in result.trace.flows}
    assert ("fill", "copy") in edges
    assert ("copy", "dealloca") in edges
    assert ("dealloca", "wake") in edges


def test_timeline_queue_depth_and_memory_counters(make_machine: Any) -> None:
    result = Session(make_machine()).run_sync(two_queue_program(MIB))
    memory = [(c.track.label, c.time_ns, c.value) for c in result.trace.counters if c.name == "memory_bytes"]
    assert memory == [
        ("d0/mem", 0, MIB),
        ("d0/mem", 0, 2 * MIB),
        ("d0/mem", 3 * MIB, MIB),
    ]
    assert result.stats.pools[0].peak_bytes == 2 * MIB
    depth = [c for c in result.trace.counters if c.name == "queue_depth"]
    assert max(c.value for c in depth) >= 1 and depth[-1].value == 0


def test_timeline_timing_only_is_the_same(make_machine: Any) -> None:
    session = Session(make_machine(submit_cost_ns=1000))
    with_data = session.run_sync(two_queue_program(MIB))
    timing = session.run_sync(two_queue_program(MIB), timing_only=True)
    assert timing.timeline() == with_data.timeline()
    assert timing.outputs[0].describe() == f"{MIB // 4}xf32"


def _wave_program() -> Any:
    """One execute: a concurrent wave of two 1000-byte noop dispatches, then a serial one (a barrier)."""
    from ir import ProgramBuilder

    pb = ProgramBuilder()
    pb.kernel_executable("step", kernel="noop", num_bindings=2)
    pb.function("main", [], [])
    size = pb.index(4096)
    slab, ready = pb.alloca(size)
    with pb.execute([slab], [size], await_=ready) as (s,):
        with pb.concurrent():
            pb.dispatch("step", [(s, size, 0, 500, "ro"), (s, size, 1024, 500, "wo")])
            pb.dispatch("step", [(s, size, 0, 500, "ro"), (s, size, 2048, 500, "wo")])
        pb.dispatch("step", [(s, size, 1024, 1500, "ro"), (s, size, 3072, 500, "wo")])
    pb.await_(pb.last_timepoint)
    pb.returns()
    return pb.module


def test_timeline_concurrent_wave_then_barrier(make_machine: Any) -> None:
    result = Session(make_machine()).run_sync(_wave_program())
    assert result.timeline(categories=("dispatch",)) == [
        ("d0/queue0", "step", 0, 1000),
        ("d0/queue0.1", "step", 0, 1000),
        ("d0/queue0", "step", 1000, 3000),
    ]
    assert result.stats.queues[0].busy_ns == 3000


def test_timeline_wave_serialises_on_one_execution_unit(make_machine: Any) -> None:
    result = Session(make_machine(dispatch_slots=1)).run_sync(_wave_program())
    assert result.timeline(categories=("dispatch",)) == [
        ("d0/queue0", "step", 0, 1000),
        ("d0/queue0.1", "step", 1000, 2000),
        ("d0/queue0", "step", 2000, 4000),
    ]
