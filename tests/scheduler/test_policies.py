from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

import ir
from ir import attributes as A
from scheduler import (
    MemoryCapError,
    Pipeline,
    ScheduleStats,
    heft_placement,
    place_devices,
    schedule_concurrency_capped,
    schedule_module,
    transfer_bytes_cost,
    waves_under_memory_cap,
)
from scheduler.access import STREAMABLE, OpInfo
from scheduler.synthetic import wide_branches
from simulator import KernelRegistry, Session
from simulator.reference import run_reference


def literal(n, edges):
    g = nx.DiGraph()
    for i in range(n):
        g.add_node(i, info=OpInfo(STREAMABLE), op=f"d{i}", label=f"d{i}")
    g.add_edges_from(edges, kind="use", bytes=1000)
    return g


def test_heft_spreads_independent_ops_over_devices():
    g = literal(4, [])
    p = heft_placement(g, devices=["a", "b"], cost=lambda op, d: 10)
    assert sorted(p.device.values()) == ["a", "a", "b", "b"]
    assert p.makespan_ns == 20


def test_heft_keeps_a_chain_on_one_device_when_transfers_are_dear():
    g = literal(3, [(0, 1), (1, 2)])
    p = heft_placement(g, devices=["a", "b"], cost=lambda op, d: 10, transfer_cost=lambda n, s, t: 1000)
    assert len(set(p.device.values())) == 1
    assert p.makespan_ns == 30


def test_heft_uses_the_faster_device():
    g = literal(2, [(0, 1)])
    p = heft_placement(g, devices=["slow", "fast"], cost=lambda op, d: 5 if d == "fast" else 50)
    assert set(p.device.values()) == {"fast"}


def test_transfer_bytes_cost_is_latency_plus_bytes_over_bandwidth():
    assert transfer_bytes_cost(1e9, latency_ns=100)(1000, "a", "b") == pytest.approx(1100)


def test_memory_cap_waves_stay_under_cap():
    g = literal(4, [])
    assert waves_under_memory_cap(g, range(4), cap_bytes=250, sizes=lambda n: 100) == ((0, 1), (2, 3))


def test_memory_cap_frees_consumed_values():
    g = literal(4, [(0, 1), (2, 3)])
    # 0 and 2 (100 each) first; then 1 and 3 consume them, freeing 200 before their own outputs count.
    waves = waves_under_memory_cap(g, range(4), cap_bytes=400, sizes=lambda n: 100)
    assert waves == ((0, 2), (1, 3))


def test_memory_cap_too_small_names_the_op():
    g = literal(1, [])
    with pytest.raises(MemoryCapError, match="d0 needs 500 bytes"):
        waves_under_memory_cap(g, [0], cap_bytes=100, sizes=lambda n: 500)


def test_memory_cap_stage_bounds_the_transient_slab():
    free = ScheduleStats.from_module(schedule_module(wide_branches(4, 3), favor="max-concurrency"))
    cap = 40000
    capped_pipeline = Pipeline.default().replace(
        "schedule_concurrency", schedule_concurrency_capped, cap_bytes=cap
    )
    module = schedule_module(wide_branches(4, 3), pipeline=capped_pipeline)
    ir.verify(module)
    capped = ScheduleStats.from_module(module)
    assert free.transient_bytes > cap
    assert capped.transient_bytes <= cap
    assert capped.dispatches == free.dispatches


def _two_device_program():
    m = wide_branches(2, 2)
    second = ir.create(
        "util.global",
        properties={
            "sym_name": A.StringAttr("__device_1"),
            "sym_visibility": A.StringAttr("private"),
            "type": A.TypeAttr(ir.types.HalType("device")),
        },
    )
    m.body.insert(1, second)
    return m


def _kernels():
    reg = KernelRegistry()

    @reg.register("synthetic")
    def synthetic(ctx):
        # out = (sum of the first byte of every input + 1), splatted over the output.
        *ins, out = ctx.bindings
        out[:] = (sum(int(b[0]) for b in ins) + 1) % 256

    return reg


def test_place_devices_runs_branches_on_two_devices_and_matches_reference():
    devices = [
        A.DeviceAffinityAttr(A.SymbolRefAttr("__device_0")),
        A.DeviceAffinityAttr(A.SymbolRefAttr("__device_1")),
    ]
    pipeline = Pipeline.default().insert(
        "schedule_execution", "place_devices", place_devices, devices=devices, cost=lambda op, d: 1000
    )
    module = schedule_module(_two_device_program(), pipeline=pipeline)
    ir.verify(module)
    executes = [op for op in module.walk() if op.op_name == "stream.cmd.execute"]
    assert {str(op.attr("affinity")) for op in executes} == {str(d) for d in devices}
    kernels = _kernels()
    reference = run_reference(_two_device_program(), "main", [], kernels=kernels)
    result = Session("multi-gpu-4", kernels=kernels).run_sync(module, "main", [])
    np.testing.assert_array_equal(result.outputs[0].view(), reference[0])
