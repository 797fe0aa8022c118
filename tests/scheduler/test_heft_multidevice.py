"""HEFT placement (scheduler.place_devices) applied to IREE's multi-device programs (issue 18).

IREE's async form already has affinities and ``stream.async.transfer`` ops. Placed again, the transfers
that keep their resource type go (HEFT inserts its own where a value changes device) and the one that
makes the caller's external result stays, re-pointed at wherever its input ends up. Whatever the
placement, the program computes IREE's output, and iree-opt reads the schedule.
"""

from __future__ import annotations

import pathlib
from typing import Any

import numpy as np
import pytest

import ir
import scheduler
from ir import attributes as A
from scheduler.policies import _drop_plain_transfers
from simulator import Session
from tests.scheduler.test_existing_regions import _iree_opt, _run

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "multidevice"
NAMES = ["pipeline_parallel", "tensor_parallel"]
DEV = {n: A.DeviceAffinityAttr(A.SymbolRefAttr(n)) for n in ("dev_a", "dev_b")}


def _placed(name: str, cost: Any, transfer_cost: Any) -> ir.Module:
    module = ir.load_file(str(FIXTURES / name / "async.generic.mlir"))
    pipeline = scheduler.Pipeline.default().insert(
        "schedule_execution",
        "place_devices",
        scheduler.place_devices,
        devices=list(DEV.values()),
        cost=cost,
        transfer_cost=transfer_cost,
    )
    pipeline.run(module)
    ir.verify(module)
    return module


def _outputs(name: str, module: ir.Module) -> list[np.ndarray]:
    d = FIXTURES / name
    inputs = [np.load(p) for p in sorted(d.glob("input*.npy"))]
    result = Session("multi-gpu-4").run_sync(module, "main", inputs, parameters={"model": d / "params.irpa"})
    return list(result.outputs)


def _regions(module: ir.Module) -> list[str]:
    return [str(op.attr("affinity")) for op in module.function("main").walk() if op.op_name == "stream.cmd.execute"]


@pytest.mark.parametrize("name", NAMES)
def test_heft_with_dear_transfers_keeps_the_program_on_one_device(name: str, tmp_path: pathlib.Path) -> None:
    module = _placed(name, cost=lambda op, dev: 1000.0, transfer_cost=lambda n, a, b: 1e6)
    assert _regions(module) == ["#hal.device.affinity<@dev_a>"]
    # The transfers IREE had are gone but for the one making the caller's result.
    for got, want in zip(_outputs(name, module), [np.load(FIXTURES / name / "expected0.npy")]):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    printed = tmp_path / "placed.mlir"
    printed.write_text(ir.print_generic(module))
    _run([_iree_opt(), str(printed)])


@pytest.mark.parametrize("name", NAMES)
def test_heft_moves_work_to_a_faster_device_with_transfers(name: str, tmp_path: pathlib.Path) -> None:
    # dev_b ten times faster, transfers cheap: every dispatch moves there, and the input (imported on
    # dev_a) and the result (exported on dev_a) cross the link through transfers HEFT inserts or keeps.
    def cost(op: Any, dev: Any) -> float:
        return 100.0 if dev == DEV["dev_b"] else 1000.0

    module = _placed(name, cost=cost, transfer_cost=lambda n, a, b: 1.0)
    assert "#hal.device.affinity<@dev_b>" in _regions(module)
    execs = [op for op in module.function("main").walk() if op.op_name == "stream.cmd.execute"]
    on_b = [e for e in execs if str(e.attr("affinity")) == "#hal.device.affinity<@dev_b>"]
    assert sum(1 for e in on_b for o in e.walk() if o.op_name == "stream.cmd.dispatch") == sum(
        1 for e in execs for o in e.walk() if o.op_name == "stream.cmd.dispatch"
    )
    for got, want in zip(_outputs(name, module), [np.load(FIXTURES / name / "expected0.npy")]):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    printed = tmp_path / "placed.mlir"
    printed.write_text(ir.print_generic(module))
    _run([_iree_opt(), str(printed)])


def test_heft_drops_plain_transfers_and_keeps_the_external_one() -> None:
    module = ir.load_file(str(FIXTURES / "pipeline_parallel" / "async.generic.mlir"))
    main = module.function("main")
    before = [op for op in main.walk() if op.op_name == "stream.async.transfer"]
    assert len(before) == 2
    assert _drop_plain_transfers(main.body)
    after = [op for op in main.walk() if op.op_name == "stream.async.transfer"]
    assert len(after) == 1 and str(after[0].results[0].type) == "!stream.resource<external>"
