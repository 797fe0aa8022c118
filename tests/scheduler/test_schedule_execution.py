"""The schedule-execution pass alone (scheduler.passes.schedule_execution) and its cleanup
(scheduler.passes.canonicalize): the registry entry, the CLI, and behaviours checked without IREE.
Its agreement with iree-opt is tested over tests/fixtures/scheduler_cases/schedule-execution/
(tests/scheduler/test_conformance.py)."""

from __future__ import annotations

import pathlib
import subprocess

import pytest

import ir
from scheduler.errors import CyclicPartitionError
from scheduler.passes import PASSES
from scheduler.passes.async_folders import narrow_pattern_bits
from simulator.cli import main
from tests.conftest import iree_tool, require_iree

#: iree-opt as the IREE wheel ships it (not the console script: a Python start a call).
_IREE_OPT = iree_tool("iree-opt") or "iree-opt"

TEXT = """util.func public @f(%a: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c0_i64 = arith.constant 0 : i64
  %s = stream.async.splat %c0_i64 : i64 -> !stream.resource<transient>{%c16}
  %d = stream.async.dispatch @ex::@f[%c1](%a[%c0 to %c16 for %c16], %s[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}, !stream.resource<transient>{%c16}) -> !stream.resource<external>{%c16}
  util.return %d : !stream.resource<external>
}
"""


def test_registry_runs_iree_pass_through_pass_pipeline() -> None:
    p = PASSES["schedule-execution"]
    assert p.iree_flag == "--iree-stream-schedule-execution"
    assert p.iree_args() == ["--pass-pipeline=builtin.module(util.func(iree-stream-schedule-execution))"]
    assert PASSES["elide-timepoints"].iree_args() == ["--iree-stream-elide-timepoints"]


def test_one_region_awaited_and_i64_zero_splat_narrowed() -> None:
    m = ir.load_text(TEXT)
    PASSES["schedule-execution"].run(m)
    f = m.function("f")
    names = [op.op_name for op in f.body.ops if not op.op_name.startswith("arith.")]
    assert names == ["stream.async.execute", "stream.timepoint.await", "util.return"]
    exe = f.body.ops[[op.op_name for op in f.body.ops].index("stream.async.execute")]
    inner = [op.op_name for op in exe.body.ops]
    assert inner == ["stream.async.splat", "stream.async.dispatch", "stream.yield"]
    splat = exe.body.ops[0]
    assert str(splat.operands[0].type) == "i8"  # 0 : i64 narrowed as IREE's NarrowFillPattern does
    ir.verify(m)


def test_pattern_narrowing_matches_iree_rules() -> None:
    assert narrow_pattern_bits(0, 64) == (0, 8)
    assert narrow_pattern_bits(0xFFFFFFFF, 32) == (0xFF, 8)
    assert narrow_pattern_bits(0x12341234, 32) == (0x1234, 16)
    assert narrow_pattern_bits(0x0102030401020304, 64) == (0x01020304, 32)
    assert narrow_pattern_bits(7, 32) == (7, 32)
    assert narrow_pattern_bits(0xAB, 8) == (0xAB, 8)


def test_cli_stage_runs_the_pass(tmp_path: pathlib.Path) -> None:
    src = tmp_path / "in.mlir"
    src.write_text(TEXT)
    out = tmp_path / "out.mlir"
    assert main(["schedule", str(src), "--stage", "schedule-execution", "-o", str(out)]) == 0
    text = out.read_text()
    assert '"stream.async.execute"' in text and '"stream.timepoint.await"' in text
    again = tmp_path / "again.mlir"
    assert main(["schedule", str(src), "--stage", "schedule-execution", "-o", str(again)]) == 0
    assert again.read_text() == text


CONCURRENT = """util.func public @f(%a: !stream.resource<external>) -> !stream.resource<external>
    attributes {stream.partitioning = #stream.partitioning_config<"max-concurrency">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c9_i32 = arith.constant 9 : i32
  %r, %t = stream.async.execute with(%a as %x: !stream.resource<external>{%c16}) -> !stream.resource<external>{%c16} {
    %s = stream.async.splat %c9_i32 : i32 -> !stream.resource<transient>{%c16}
    %p = stream.async.dispatch @ex::@a[%c1](%x[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<transient>{%c16}
    %q = stream.async.dispatch @ex::@b[%c1](%p[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    %o = stream.async.dispatch @ex::@c[%c1](%q[%c0 to %c16 for %c16], %s[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}) -> !stream.resource<external>{%c16}
    stream.yield %o : !stream.resource<external>{%c16}
  } => !stream.timepoint
  %w = stream.timepoint.await %t => %r : !stream.resource<external>{%c16}
  util.return %w : !stream.resource<external>
}
"""


def test_concurrency_favor_from_function_config() -> None:
    # max-concurrency sinks the splat into the latest wave it may join: beside @b, not beside @a.
    # (iree-opt agrees; not a conformance case because IREE prints the config as
    # <favor-max-concurrency>, which its own parser rejects, so it cannot read either output back.)
    m = ir.load_text(CONCURRENT)
    PASSES["schedule-concurrency"].run(m)
    exe = next(op for op in m.function("f").body.ops if op.op_name == "stream.async.execute")
    items = [op.op_name for op in exe.body.ops]
    assert items == [
        "stream.async.dispatch",
        "stream.async.concurrent",
        "stream.async.dispatch",
        "stream.yield",
    ]
    wave = exe.body.ops[1]
    assert [op.op_name for op in wave.body.ops] == [
        "stream.async.splat",
        "stream.async.dispatch",
        "stream.yield",
    ]


# A barrier of a barrier of a cheap producer: IREE's partitioning leaves the outer barrier out of every
# partition (its operand, the inner barrier, is a sync op that is never placed) while the copy using it
# joins the producer's partition, so the partition would capture a value made from its own output.
CYCLE = """util.func public @cycle(%a: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c7 = arith.constant 7 : i32
  %d = stream.async.dispatch @ex::@k(%c7) : (i32) -> !stream.resource<external>{%c32}
  %b1 = stream.async.barrier %d : !stream.resource<external>{%c32}
  %b2 = stream.async.barrier %b1 : !stream.resource<external>{%c32}
  %x = stream.async.clone %a : !stream.resource<external>{%c64} -> !stream.resource<external>{%c64}
  %y = stream.async.copy %b2[%c0 to %c32], %x[%c0 to %c32], %c32 : !stream.resource<external>{%c32} -> %x as !stream.resource<external>{%c64}
  util.return %y : !stream.resource<external>
}
"""


def test_partition_cycle_fails_as_iree_does(tmp_path: pathlib.Path) -> None:
    require_iree()
    src = tmp_path / "cycle.mlir"
    src.write_text(CYCLE)
    done = subprocess.run(
        [_IREE_OPT, *PASSES["schedule-execution"].iree_args(), str(src)], capture_output=True, text=True
    )
    assert done.returncode != 0 and "circular dependency" in done.stderr
    with pytest.raises(CyclicPartitionError, match=r"cycle\.mlir:1:1: circular dependency: input operation"):
        PASSES["schedule-execution"].run(ir.load_file(str(src)))
    # the CLI: one line naming the function's location, exit 2
    assert main(["schedule", str(src), "--stage", "schedule-execution", "-o", str(tmp_path / "o.mlir")]) == 2
