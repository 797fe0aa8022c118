"""The calibration suite's read-back loop (:func:`simulator.calibration.suite_host.while_scan`): the
frontends' while loops in miniature. Checked against IREE's own stream IR (each trip reads the counter
back twice and records its command buffer again, with a dispatch whose workload and push constants come
from the value read back) and the measurements the local-sync fit leans on."""

from __future__ import annotations

import json
import pathlib

from ir import types as T
from simulator.calibration.run import benchmark_case, simulate_case, stream_ir_of
from simulator.calibration.suite import training_suite
from simulator.calibration.suite_host import while_scan
from simulator.host.memoize import recorded_per_execution
from simulator.machine import load_machine
from simulator.program import load_program

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_iree_records_each_trip_again_and_reads_back_twice(iree: None, tmp_path: pathlib.Path) -> None:
    case = benchmark_case(while_scan(4), tmp_path)
    stream_ir = stream_ir_of(case, tmp_path, "local-sync")
    ops = list(load_program(stream_ir).walk())
    loop = next(op for op in ops if op.op_name == "stream.cmd.execute" and recorded_per_execution(op))
    trip = [op for op in ops if op.parent is loop.parent]
    names = [op.op_name for op in trip]
    assert names.count("stream.timepoint.await") == 2 and names.count("stream.resource.load") == 2
    dispatches = [op for op in loop.walk() if op.op_name == "stream.cmd.dispatch"]
    # The trip's index, read back, is a dispatch's workload and push constants: the buffer is one-shot.
    assert any(not isinstance(v.type, T.ResourceType) for d in dispatches for v in d.operands)
    assert sum(1 for op in ops if op.op_name == "stream.cmd.execute" and recorded_per_execution(op)) == 1
    # The simulated run takes the trips IREE takes (the counter read back with data).
    sync = load_machine("cpu-local-sync")
    assert simulate_case(case, stream_ir, sync)["call_ns"] > 0
    assert len(simulate_case(case, stream_ir, sync)["dispatches"]) == 3 * 4


def test_the_local_sync_fit_leans_on_measured_read_back_loops() -> None:
    sync = {b.name for b in training_suite("local-sync")}
    task = {b.name for b in training_suite("local-task")}
    assert {"while_scan_4x16", "while_scan_16x16"} <= sync
    assert not {"while_scan_4x16", "while_scan_16x16"} & task
    measured = json.loads((ROOT / "benchmarks" / "data" / "calibration" / "local-sync.json").read_text())
    for name in ("while_scan_4x16", "while_scan_16x16"):
        entry = measured["programs"][name]
        assert entry["role"] == "train" and entry["call_ns"]["min_ns"] > 0
    # 16 trips cost more than 4 by about 12 trips' worth.
    small, large = (
        measured["programs"][n]["call_ns"]["min_ns"] for n in ("while_scan_4x16", "while_scan_16x16")
    )
    assert 3 < large / small < 4.5
