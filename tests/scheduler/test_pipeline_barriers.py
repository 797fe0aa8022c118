"""``stream.async.barrier`` through the whole pipeline, against IREE's (issues 15 and 14).

A barrier on a value no streamable op makes (a function argument, an ``scf.if`` result) has nothing to
synchronize with: IREE partitions it as an op without accesses and schedule-execution's ``RemoveBarriers``
replaces it by its source inside its region. The pipeline used to keep it as a host op with effects, which
split the regions around it and left it in the cmd form. The random functions of
``benchmarks/pipeline_random.py --prepared`` with such barriers give IREE's figures (execution regions,
dispatches, waves, concurrent dispatches, transient bytes, host awaits).

In a region with other ops, such a barrier becomes a result the region yields tied to what it captured, so
its users take the source once that region is done: an ``scf.if`` result returned through a barrier is
awaited with the region's other results (one host await), not on the ``scf.if``'s own timepoint. A region
of barriers alone only yields its captures and IREE's canonicalizer replaces it by them."""

from __future__ import annotations

import pytest

import ir
from benchmarks.pipeline_random import IREE_PIPELINE, _figures, verdict
from scheduler import Pipeline
from tests.scheduler.async_programs import HEADER, _iree
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


# --before-schedule seeds: 156 and 227 return an scf.if result through a barrier beside a region (IREE:
# awaited with that region's results; the pipeline awaited it on the scf.if's timepoint, one host await
# more); 0 has a region of two barriers alone (IREE elides it); 150 writes in place, in a region, the
# barrier of an argument another op of the region reads (one wave more in IREE).
@pytest.mark.parametrize("seed", [0, 150, 156, 227])
def test_barriers_in_regions_as_iree_whole_pipeline(seed: int) -> None:
    v, detail = verdict(seed, _iree_opt(), False, False, before_schedule=True)
    assert v == "same", detail


BARRIER_OF_IF_RESULT = (
    HEADER
    + """util.func public @f(%a: !stream.resource<external>, %b: !stream.resource<external>, %cond: i1) -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %i = scf.if %cond -> !stream.resource<external> {
    %d = stream.async.dispatch @ex::@k(%b[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
    scf.yield %d : !stream.resource<external>
  } else {
    scf.yield %b : !stream.resource<external>
  }
  %z = stream.async.dispatch @ex::@k(%a[%c0 to %c64 for %c64], %i[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  %x = stream.async.barrier %i : !stream.resource<external>{%c64}
  util.return %z, %x, %a : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>
}
"""
)


def test_barrier_of_an_if_result_is_awaited_with_its_region() -> None:
    ok, theirs = _iree(_iree_opt(), IREE_PIPELINE, BARRIER_OF_IF_RESULT)
    assert ok, theirs
    m = ir.load_text(BARRIER_OF_IF_RESULT)
    Pipeline.default().run(m)
    ok, ours = _iree(_iree_opt(), [], ir.print_generic(m))
    assert ok, ours
    # (regions, dispatches, waves, concurrent dispatches, transient bytes, host awaits): one await
    assert _figures(ir.parse_module(ours)) == _figures(ir.parse_module(theirs)) == (2, 2, 0, 0, 0, 1)
