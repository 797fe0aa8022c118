"""Queue assignment (issue 18): :func:`scheduler.assign_queues` gives independent chains of ops queue masks,
so that a device's extra queues run work; under IREE's default (no masks) they stay idle.

The wide program is the wide_branches_softmax fixture (four independent matmul branches joined by a
concat). IREE's own ``iree-stream-schedule-execution`` partitions the masked async form into the same
regions as streamsim does, and iree-opt accepts the cmd form; outputs stay equal to IREE's.
"""

from __future__ import annotations

import pathlib
import subprocess

import networkx as nx
import numpy as np
import pytest

import ir
import scheduler
from ir import attributes as A
from scheduler import Pipeline, ScheduleError, Stage, assign_queues, queue_chains
from scheduler.access import STREAMABLE, OpInfo
from simulator import Session
from simulator.machine import load_machine
from simulator.sweep import run_study, study_from_dict
from simulator.sweep.study import machine_with_overrides
from tests.conftest import IREE_FIXTURES, iree_tool, require_iree

WIDE = IREE_FIXTURES / "wide_branches_softmax"


def _graph(n: int, edges: list[tuple[int, int]]) -> nx.DiGraph[int]:
    g: nx.DiGraph[int] = nx.DiGraph()
    for i in range(n):
        g.add_node(i, info=OpInfo(STREAMABLE), op=str(i))
    g.add_edges_from(edges)
    return g


def test_queue_chains_fork_and_join() -> None:
    g = _graph(6, [(0, 1), (0, 2), (0, 3), (0, 4), (1, 5), (2, 5), (3, 5), (4, 5)])
    assert queue_chains(g, queues=4) == {0: 0, 1: 0, 2: 1, 3: 2, 4: 3, 5: 0}
    assert queue_chains(g, queues=1) == dict.fromkeys(range(6), 0)


def test_queue_chains_join_continues_longest_chain() -> None:
    # 0 -> 1 -> 2 is a chain of three; 3 is a root; 4 joins 2 and 3 and stays on 2's chain.
    g = _graph(5, [(0, 1), (1, 2), (2, 4), (3, 4)])
    assert queue_chains(g, queues=2) == {0: 0, 1: 0, 2: 0, 3: 1, 4: 0}


def test_queue_chains_rejects_no_queues() -> None:
    with pytest.raises(ScheduleError, match="at least one queue, got 0"):
        queue_chains(_graph(1, []), queues=0)


def _scheduled(queues: int | None, favor: str | None = None) -> ir.Module:
    module = ir.load_file(str(WIDE / "async.generic.mlir"))
    pipeline = Pipeline.default()
    if queues is not None:
        pipeline = pipeline.insert("schedule_execution", "assign_queues", assign_queues, queues=queues)
    scheduler.schedule_module(module, favor=favor, pipeline=pipeline)
    return module


def _execute_affinities(module: ir.Module) -> list[str]:
    return [str(op.attr("affinity")) for op in module.walk() if op.op_name == "stream.cmd.execute"]


def test_assign_queues_puts_branches_on_queues() -> None:
    four = _execute_affinities(_scheduled(4))
    # The constants' upload (a region of the input, kept) has no mask; the branches spread over 4 queues.
    masked = sorted(a for a in four if ", [" in a)
    assert masked == [f"#hal.device.affinity<@__device_0, [{q}]>" for q in range(4)]
    one, default = _execute_affinities(_scheduled(1)), _execute_affinities(_scheduled(None))
    assert len(one) == len(default) == len(four) - 3
    assert sorted(a.replace(", [0]", "") for a in one) == sorted(default)


def _run(module: ir.Module, queues: int) -> tuple[int, list[np.ndarray]]:
    machine = machine_with_overrides(load_machine("discrete-gpu"), {"queues": queues})
    inputs = [np.load(p) for p in sorted(WIDE.glob("input*.npy"))]
    result = Session(machine).run_sync(module, "main", inputs, parameters={"model": WIDE / "params.irpa"})
    return result.stats.makespan_ns, result.outputs


def test_queue_sweep_changes_makespan_only_under_the_policy() -> None:
    expected = [np.load(p) for p in sorted(WIDE.glob("expected*.npy"))]
    default, chains = {}, {}
    for q in (1, 2, 4):
        default[q], out = _run(_scheduled(None), q)
        np.testing.assert_allclose(out[0], expected[0], rtol=1e-5, atol=1e-5)
        chains[q], out = _run(_scheduled(q), q)
        np.testing.assert_allclose(out[0], expected[0], rtol=1e-5, atol=1e-5)
    assert len(set(default.values())) == 1  # IREE's programs carry no queue mask: extra queues idle
    assert chains[1] == default[1]  # one queue: the same regions, the same run
    assert len(set(chains.values())) == 3


def test_queue_policy_sweep_axis() -> None:
    study = study_from_dict(
        {
            "programs": [{"fixture": str(WIDE)}],
            "machines": ["discrete-gpu"],
            "scheduler": {"queue_policy": ["iree", "chains"]},
            "overrides": {"queues": [1, 2, 4]},
        }
    )
    df = run_study(study)
    by = df.set_index(["queue_policy", "queues"])["makespan_ns"]
    assert by.loc["iree"].nunique() == 1
    assert by.loc["chains"].nunique() == 3
    assert by.loc[("chains", 1)] == by.loc[("iree", 1)]
    assert df.loc[df.queue_policy == "chains", "busy_fraction[gpu0/queue3]"].max() > 0
    assert df.loc[df.queue_policy == "iree", "busy_fraction[gpu0/queue3]"].max() == 0


def test_assign_queues_needs_a_device() -> None:
    module = ir.load_file(str(WIDE / "async.generic.mlir"))
    del module.op.attributes["stream.affinity.default"]
    for op in module.walk():
        op.properties.pop("affinity", None)
    match = r"async\.generic\.mlir:\d+:\d+: queue assignment needs a #hal.device.affinity .* found None"
    with pytest.raises(ScheduleError, match=match):
        Pipeline(stages=(Stage("assign_queues", assign_queues, {"queues": 2}),)).run(module)


def _iree_opt() -> str:
    require_iree()
    found = iree_tool("iree-opt")
    if found is None:
        pytest.fail("iree-opt not found beside the Python interpreter or on PATH")
    return found


def _regions(module: ir.Module, region_op: str) -> list[tuple[str, frozenset[str]]]:
    out = []
    for op in module.walk():
        if op.op_name == region_op:
            names = frozenset(
                str(o.attr("entry_points")) for o in op.walk() if o.op_name.endswith(".dispatch")
            )
            if names:
                out.append((str(op.attr("affinity")), names))
    return sorted(out, key=lambda r: sorted(r[1]))


def test_masked_regions_match_iree_schedule_execution(tmp_path: pathlib.Path) -> None:
    tool = _iree_opt()
    masked = ir.load_file(str(WIDE / "async.generic.mlir"))
    Pipeline(stages=(Stage("assign_queues", assign_queues, {"queues": 4}),)).run(masked)
    src = tmp_path / "masked.mlir"
    src.write_text(ir.print_generic(masked))
    pipeline = "--pass-pipeline=builtin.module(util.func(iree-stream-schedule-execution))"
    done = subprocess.run(
        [tool, pipeline, "--mlir-print-op-generic", str(src)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    theirs = ir.parse_module(done.stdout)
    ours = _scheduled(4)
    assert _regions(ours, "stream.cmd.execute") == _regions(theirs, "stream.async.execute")
    assert len(_regions(ours, "stream.cmd.execute")) == 4
    printed = tmp_path / "scheduled.mlir"
    printed.write_text(ir.print_generic(ours))
    done = subprocess.run([tool, str(printed)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]


def test_device_affinity_with_queues_prints_as_iree_reads_it() -> None:
    aff = A.DeviceAffinityAttr(A.SymbolRefAttr("__device_0"), (2,))
    assert str(aff) == "#hal.device.affinity<@__device_0, [2]>"
