"""The timepoint facts behind elide-timepoints, one behaviour each (the differential cases against
iree-opt are under tests/fixtures/scheduler_cases/elide-timepoints/, run by test_conformance.py)."""

from __future__ import annotations

import ir
from scheduler.passes import PASSES
from scheduler.passes.elide_timepoints import elide_timepoints
from scheduler.passes.timepoint_analysis import TimepointFacts


def _ops(m: ir.Module, fn: int = 0) -> list[ir.Operation]:
    return list(m.body.ops[fn].walk())[1:]


def test_elide_timepoints_is_registered_with_irees_flag():
    assert PASSES["elide-timepoints"].iree_flag == "--iree-stream-elide-timepoints"


def test_timepoint_facts_public_argument_is_never_immediate():
    m = ir.load_text(
        """util.func public @f(%t: !stream.timepoint) -> !stream.timepoint {
          util.return %t : !stream.timepoint
        }"""
    )
    assert not TimepointFacts(m).is_immediate(m.body.ops[0].body.args[0])


def test_timepoint_facts_private_argument_takes_its_callers():
    m = ir.load_text(
        """util.func private @g(%t: !stream.timepoint) -> !stream.timepoint {
          util.return %t : !stream.timepoint
        }
        util.func public @f() -> !stream.timepoint {
          %i = stream.timepoint.immediate => !stream.timepoint
          %r = util.call @g(%i) : (!stream.timepoint) -> !stream.timepoint
          util.return %r : !stream.timepoint
        }"""
    )
    facts = TimepointFacts(m)
    call = next(op for op in _ops(m, 1) if op.op_name == "util.call")
    assert facts.is_immediate(m.body.ops[0].body.args[0])
    assert facts.is_immediate(call.results[0])


def test_timepoint_facts_loop_carried_timepoint_is_not_known():
    # IREE's solver only knows facts with a finite derivation: a cycle stays "assumed", never known.
    m = ir.load_text(
        """util.func public @f(%n: index) -> !stream.timepoint {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %i = stream.timepoint.immediate => !stream.timepoint
          %t = scf.for %k = %c0 to %n step %c1 iter_args(%a = %i) -> !stream.timepoint {
            %j = stream.timepoint.join max(%a, %i) => !stream.timepoint
            scf.yield %j : !stream.timepoint
          }
          util.return %t : !stream.timepoint
        }"""
    )
    loop = next(op for op in _ops(m) if op.op_name == "scf.for")
    assert not TimepointFacts(m).is_immediate(loop.results[0])


def test_timepoint_facts_opaque_immediate_is_unknown():
    m = ir.load_text(
        """util.func public @f() -> !stream.timepoint {
          %i = stream.timepoint.immediate => !stream.timepoint
          %j = stream.timepoint.join max(%i, %i) => !stream.timepoint
          util.return %j : !stream.timepoint
        }"""
    )
    imm, join = _ops(m)[:2]
    assert TimepointFacts(m).is_immediate(join.results[0])
    assert not TimepointFacts(m, opaque=frozenset({id(imm)})).is_immediate(join.results[0])


def test_timepoint_facts_region_covers_what_it_awaited():
    m = ir.load_text(
        """util.func public @f(%t: !stream.timepoint, %r: !stream.resource<transient>, %s: index) -> !stream.timepoint {
          %d = stream.cmd.execute await(%t) => with(%r as %c: !stream.resource<transient>{%s}) {
          } => !stream.timepoint
          util.return %d : !stream.timepoint
        }"""
    )
    t = m.body.ops[0].body.args[0]
    exe = next(op for op in _ops(m) if op.op_name == "stream.cmd.execute")
    facts = TimepointFacts(m)
    assert facts.coverage(exe.results[0]) == {t, exe.results[0]}
    assert facts.covers(exe.results[0], [t]) and not facts.covers(t, [exe.results[0]])


def test_elide_timepoints_output_is_deterministic():
    text = """util.func public @f(%t: !stream.timepoint, %r: !stream.resource<transient>, %s: index) -> !stream.timepoint {
      %d = stream.cmd.execute await(%t) => with(%r as %c: !stream.resource<transient>{%s}) {
      } => !stream.timepoint
      %j = stream.timepoint.join max(%t, %d) => !stream.timepoint
      util.return %j : !stream.timepoint
    }"""
    outs = []
    for _ in range(2):
        m = ir.load_text(text)
        elide_timepoints(m)
        ir.verify(m)
        outs.append(ir.print_generic(m))
    assert outs[0] == outs[1]
    assert '"stream.timepoint.immediate"' in outs[0]


def test_dominance_across_blocks_and_nested_regions():
    from scheduler.passes.transitive_uses import Dominance

    m = ir.load_text(
        """util.func public @f(%c: i1, %a: index) -> index {
          %x = arith.addi %a, %a : index
          cf.cond_br %c, ^l(%x : index), ^r
        ^l(%y: index):
          %z = scf.if %c -> index {
            %w = arith.addi %y, %x : index
            scf.yield %w : index
          } else {
            scf.yield %y : index
          }
          cf.br ^r
        ^r:
          util.return %x : index
        }"""
    )
    fn = m.body.ops[0]
    entry, left, right = fn.regions[0].blocks
    add_x = entry.ops[0]
    scf_if = left.ops[0]
    inner = scf_if.regions[0].blocks[0].ops[0]
    dom = Dominance()
    assert dom.properly_dominates(add_x.results[0], inner)  # an outer value reaches nested ops
    assert dom.properly_dominates(left.args[0], inner)
    assert not dom.properly_dominates(scf_if.results[0], inner)  # an op does not dominate what it holds
    assert not dom.properly_dominates(left.args[0], right.ops[0])  # ^r has another predecessor
    assert dom.block_properly_dominates(entry, right) and not dom.block_properly_dominates(left, right)
