"""``stream.async.barrier`` through the whole pipeline, against IREE's (issue 15).

A barrier on a value no streamable op makes (a function argument) has nothing to synchronize with: IREE
partitions it as an op without accesses and schedule-execution's ``RemoveBarriers`` drops it. The pipeline
used to keep it as a host op with effects, which split the regions around it and left it in the cmd form.
The random functions of ``benchmarks/pipeline_random.py --prepared`` with such barriers give IREE's
figures (execution regions, dispatches, waves, concurrent dispatches, transient bytes, host awaits)."""

from __future__ import annotations

import pytest

import ir
from benchmarks.pipeline_random import verdict
from scheduler import Pipeline
from tests.scheduler.test_existing_regions import _iree_opt

# seeds whose prepared function holds a barrier on a function argument (82: two, around two dispatches)
SEEDS = (0, 17, 60, 73, 82, 99)


@pytest.mark.parametrize("seed", SEEDS)
def test_pipeline_on_barriers_as_iree(seed: int) -> None:
    v, detail = verdict(seed, _iree_opt(), False, True)
    assert v == "same", detail


def test_barrier_on_an_argument_leaves_no_trace() -> None:
    m = ir.load_text("""
stream.executable private @ex {
  stream.executable.export public @k workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}
util.func public @f(%a: !stream.resource<external>, %b: !stream.resource<external>) -> (!stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %x = stream.async.barrier %a : !stream.resource<external>{%c64}
  %y = stream.async.dispatch @ex::@k(%x[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  %z = stream.async.dispatch @ex::@k(%b[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  util.return %y, %z : !stream.resource<external>, !stream.resource<external>
}""")
    Pipeline.default().run(m)
    ir.verify(m)
    names = [op.op_name for op in m.walk()]
    assert "stream.async.barrier" not in names
    assert names.count("stream.cmd.execute") == 1
