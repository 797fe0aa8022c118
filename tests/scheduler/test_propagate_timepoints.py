"""propagate-timepoints, one behaviour each (the differential cases against iree-opt are under
tests/fixtures/scheduler_cases/propagate-timepoints/, run by test_conformance.py)."""

from __future__ import annotations

import pytest

import ir
from scheduler import UnsupportedOpError
from scheduler.passes import PASSES
from scheduler.passes.propagate_timepoints import propagate_timepoints


def test_propagate_timepoints_is_registered_with_irees_flag():
    assert PASSES["propagate-timepoints"].iree_flag == "--iree-stream-propagate-timepoints"


def test_propagate_timepoints_adds_a_timepoint_global_beside_a_resource_global():
    m = ir.load_text("util.global private mutable @buf : !stream.resource<variable>")
    propagate_timepoints(m)
    names = [str(op.attr("sym_name")) for op in m.body.ops]
    assert names == ['"buf__timepoint"', '"buf"']


def test_propagate_timepoints_scf_while_carries_timepoints_in_both_regions():
    m = ir.load_text(
        """util.func public @w(%r: !stream.resource<external>) -> !stream.resource<external> {
          %y = scf.while (%a = %r) : (!stream.resource<external>) -> !stream.resource<external> {
            %c = arith.constant false
            scf.condition(%c) %a : !stream.resource<external>
          } do {
          ^bb0(%b: !stream.resource<external>):
            scf.yield %b : !stream.resource<external>
          }
          util.return %y : !stream.resource<external>
        }""",
    )
    propagate_timepoints(m)
    loop = next(op for op in m.walk() if op.op_name == "scf.while")
    pair = ["!stream.resource<external>", "!stream.timepoint"]
    assert [str(r.type) for r in loop.results] == pair
    for region in loop.regions:
        assert [str(a.type) for a in region.blocks[0].args] == pair
        assert [str(v.type) for v in region.blocks[0].ops[-1].operands[-2:]] == pair


def test_propagate_timepoints_scf_execute_region_with_resources_is_unsupported_by_name():
    m = ir.load_text(
        """util.func public @e(%r: !stream.resource<external>) -> !stream.resource<external> {
          %y = scf.execute_region -> !stream.resource<external> {
            scf.yield %r : !stream.resource<external>
          }
          util.return %y : !stream.resource<external>
        }""",
    )
    with pytest.raises(UnsupportedOpError, match="scf.execute_region"):
        propagate_timepoints(m)


def test_propagate_timepoints_output_verifies_and_is_deterministic():
    text = """util.func private @id(%r: !stream.resource<external>) -> !stream.resource<external> {
      util.return %r : !stream.resource<external>
    }
    util.func public @f(%t: !stream.timepoint, %r: !stream.resource<external>, %n: index) -> !stream.resource<external> {
      %x = stream.timepoint.await %t => %r : !stream.resource<external>{%n}
      %y = util.call @id(%x) : (!stream.resource<external>) -> !stream.resource<external>
      util.return %y : !stream.resource<external>
    }"""
    outs = []
    for _ in range(2):
        m = ir.load_text(text)
        propagate_timepoints(m)
        ir.verify(m)
        outs.append(ir.print_generic(m))
    assert outs[0] == outs[1]
