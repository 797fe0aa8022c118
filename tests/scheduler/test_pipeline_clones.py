"""Cheap producers consumed by several execution regions, through the whole pipeline, against IREE's (issue 14).

IREE's schedule-execution copies an op it prefers to clone to its consumers (``preferCloneToConsumers``: a
splat, an alloca, a clone, a dispatch that reads no resource) into every partition that consumes it, so each
region makes its own value instead of capturing another region's (a transient of that region then lives on,
or a result escapes). The pipeline partitioned without that rule: the second region captured the first's
splat. Compared by :func:`benchmarks.pipeline_random._figures` (execution regions, dispatches, waves,
concurrent dispatches, transient bytes, host awaits) of both pipelines' cmd form."""

from __future__ import annotations

import pytest

import ir
from benchmarks.pipeline_random import IREE_PIPELINE, _figures, verdict
from scheduler import Pipeline
from tests.scheduler.async_programs import HEADER, _iree
from tests.scheduler.test_existing_regions import _iree_opt


# 498 (--before-schedule): a splat read by a dispatch of each of two regions (the first region's result
# leaves through a barrier).
@pytest.mark.parametrize("seed", [498])
def test_cheap_producer_of_two_regions_as_iree_whole_pipeline(seed: int) -> None:
    v, detail = verdict(seed, _iree_opt(), False, False, before_schedule=True)
    assert v == "same", detail


# A splat read by a dispatch before a host read (a transfer to staging, then stream.async.load) and by one
# after it that takes the loaded value: two regions. IREE fills the splat in each, into a transient of each region (128 transient
# bytes); the pipeline made it in the first only and the second captured it (64).
SPLAT_OF_TWO_REGIONS = (
    HEADER
    + """util.func public @f(%a: !stream.resource<external>) -> (!stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c7 = arith.constant 7 : i32
  %s = stream.async.splat %c7 : i32 -> !stream.resource<transient>{%c64}
  %d = stream.async.dispatch @ex::@k(%s[%c0 to %c64 for %c64], %a[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}, !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
  %t = stream.async.transfer %d : !stream.resource<external>{%c64} -> !stream.resource<staging>{%c64}
  %v = stream.async.load %t[%c0] : !stream.resource<staging>{%c64} -> i32
  %e = stream.async.dispatch @ex::@k(%v, %s[%c0 to %c64 for %c64]) : (i32, !stream.resource<transient>{%c64}) -> !stream.resource<external>{%c64}
  util.return %d, %e : !stream.resource<external>, !stream.resource<external>
}
"""
)


def test_splat_of_two_regions_is_made_in_each() -> None:
    ok, theirs = _iree(_iree_opt(), IREE_PIPELINE, SPLAT_OF_TWO_REGIONS)
    assert ok, theirs
    m = ir.load_text(SPLAT_OF_TWO_REGIONS)
    Pipeline.default().run(m)
    ours_text = ir.print_generic(m)
    ok, ours = _iree(_iree_opt(), [], ours_text)
    assert ok, ours
    assert _figures(ir.parse_module(ours)) == _figures(ir.parse_module(theirs))
    # one fill per region, each into a transient of its own region
    executes = [op for op in m.walk() if op.op_name == "stream.cmd.execute"]
    assert len(executes) == 2
    assert [sum(1 for o in e.walk() if o.op_name == "stream.cmd.fill") for e in executes] == [1, 1]
