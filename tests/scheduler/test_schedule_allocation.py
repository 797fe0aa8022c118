"""schedule-allocation alone, one behaviour each (the differential cases against iree-opt are under
tests/fixtures/scheduler_cases/schedule-allocation/, run by test_conformance.py)."""

from __future__ import annotations

import ir
from ir import attributes as A
from scheduler.passes import PASSES
from scheduler.passes.schedule_allocation import schedule_allocation
from simulator.cli import main
from tests.conftest import FIXTURES

CASES = FIXTURES / "scheduler_cases" / "schedule-allocation"

_GENERIC_CHAIN = """"builtin.module"() ({
  "util.func"() <{function_type = (index) -> !stream.timepoint, sym_name = "f", sym_visibility = "public"}> ({
  ^bb0(%n: index):
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %t = "stream.async.execute"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
      %a = "stream.async.splat"(%c1, %n) : (i32, index) -> !stream.resource<transient>
      %b = "stream.async.clone"(%a, %n, %n) : (!stream.resource<transient>, index, index) -> !stream.resource<transient>
      "stream.yield"() : () -> ()
    }) : () -> !stream.timepoint
    "util.return"(%t) : (!stream.timepoint) -> ()
  }) : () -> ()
}) : () -> ()
"""


def _ops(fn: ir.Operation, prefix: str = "stream.") -> list[str]:
    return [op.op_name for op in fn.body.ops if op.op_name.startswith(prefix)]


def test_schedule_allocation_is_registered_with_irees_flag():
    assert PASSES["schedule-allocation"].iree_flag == "--iree-stream-schedule-allocation"


def test_schedule_allocation_packs_transients_by_liveness_and_releases_them():
    m = ir.load_text(_GENERIC_CHAIN)
    schedule_allocation(m)
    fn = m.body.ops[0]
    assert _ops(fn) == [
        "stream.resource.pack",
        "stream.resource.alloca",
        "stream.cmd.execute",
        "stream.resource.dealloca",
        "stream.timepoint.join",
    ]
    pack = next(op for op in fn.body.ops if op.op_name == "stream.resource.pack")
    # splat at op 0 used by the clone at op 1; the clone's result is never used: [0, 1] and [1, 1]
    assert [e.value for e in pack.attr("lifetime_intervals")] == [0, 1, 1, 1]  # type: ignore[union-attr]
    exe = next(op for op in fn.body.ops if op.op_name == "stream.cmd.execute")
    assert [op.op_name for op in exe.body.ops] == ["stream.cmd.fill", "stream.cmd.copy", "stream.yield"]
    # the function returns the join of the dealloca and the region, not the region's own timepoint
    ret = fn.body.ops[-1]
    assert ret.operands[0].defining_op.op_name == "stream.timepoint.join"  # type: ignore[union-attr]


def test_schedule_allocation_marks_initializer_entry_regions_once():
    m = ir.load_file(str(CASES / "initializer_once.mlir"))
    schedule_allocation(m)
    init = next(op for op in m.body.ops if op.op_name == "util.initializer")
    executes = [op for op in init.walk() if op.op_name == "stream.cmd.execute"]
    assert [isinstance(e.attr("once"), A.UnitAttr) for e in executes] == [True, False]
    assert not [op for op in init.walk() if op.op_name.startswith("stream.async.")]


def test_schedule_allocation_runs_from_the_cli(tmp_path):
    out = tmp_path / "out.mlir"
    src = CASES / "constants_uploaded.mlir"
    assert main(["schedule", "--stage", "schedule-allocation", str(src), "-o", str(out)]) == 0
    text = out.read_text()
    assert "stream.resource.constants" in text and "stream.cmd.execute" in text
    assert "stream.async." not in text


def test_schedule_allocation_rejects_an_op_it_cannot_lower_with_its_place(tmp_path, capsys):
    src = tmp_path / "bad.mlir"
    src.write_text(
        _GENERIC_CHAIN.replace(
            '"stream.yield"() : () -> ()',
            '%x = "arith.addi"(%n, %n) : (index, index) -> index\n      "stream.yield"() : () -> ()',
        )
    )
    assert main(["schedule", "--stage", "schedule-allocation", str(src)]) == 2
    err = capsys.readouterr().err
    assert "arith.addi" in err and f"{src}:9:" in err
    assert "Traceback" not in err
