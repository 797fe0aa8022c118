"""elide-async-copies and its analysis, one behaviour each (the differential cases against iree-opt are
under tests/fixtures/scheduler_cases/elide-async-copies/, run by test_conformance.py)."""

from __future__ import annotations

import ir
from scheduler.passes import PASSES
from scheduler.passes.copy_analysis import CopyFacts, Range, is_effectively_last_user, may_overlap
from scheduler.passes.elide_async_copies import elide_async_copies, elide_async_copies_counted
from simulator.cli import main

_FILL_AFTER_CLONE = """util.func private @f(%n: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : i32
  %s = stream.async.splat %c1 : i32 -> !stream.resource<*>{%n}
  %k = stream.async.clone %s : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
  %f = stream.async.fill %c1, %k[%c0 to %c4 for %c4] : i32 -> %k as !stream.resource<*>{%n}
  util.return %f : !stream.resource<*>
}"""


def _names(fn: ir.Operation) -> list[str]:
    return [op.op_name for op in fn.walk() if op.op_name.startswith("stream.async.")]


def test_elide_async_copies_is_registered_with_irees_flag():
    assert PASSES["elide-async-copies"].iree_flag == "--iree-stream-elide-async-copies"


def test_elide_async_copies_clone_of_last_use_goes_and_fill_takes_the_source():
    m = ir.load_text(_FILL_AFTER_CLONE)
    counts = elide_async_copies_counted(m)
    fn = m.body.ops[0]
    assert (counts.clones, counts.total) == (1, 1)
    assert _names(fn) == ["stream.async.splat", "stream.async.fill"]
    splat, fill = (op for op in fn.body.ops if op.op_name in ("stream.async.splat", "stream.async.fill"))
    assert fill.operands[0] is splat.result


def test_elide_async_copies_lifetime_cast_is_kept():
    m = ir.load_text(
        """util.func private @f(%n: index) -> !stream.resource<external> {
          %c1 = arith.constant 1 : i32
          %s = stream.async.splat %c1 : i32 -> !stream.resource<*>{%n}
          %k = stream.async.clone %s : !stream.resource<*>{%n} -> !stream.resource<external>{%n}
          util.return %k : !stream.resource<external>
        }"""
    )
    assert elide_async_copies_counted(m).total == 0


def test_elide_async_copies_public_argument_is_by_reference():
    m = ir.load_text(
        _FILL_AFTER_CLONE.replace("private @f(%n: index)", "public @f(%s0: !stream.resource<*>, %n: index)")
        .replace("%s = stream.async.splat %c1 : i32 -> !stream.resource<*>{%n}\n", "")
        .replace("clone %s :", "clone %s0 :")
    )
    fn = m.body.ops[0]
    facts = CopyFacts(m)
    assert not facts.is_arg_moved(fn.body.args[0])
    elide_async_copies(m)
    assert "stream.async.clone" in _names(fn)


def test_copy_facts_private_argument_passed_by_last_use_is_moved():
    m = ir.load_text(
        """util.func private @callee(%r: !stream.resource<*>) -> !stream.resource<*> {
          util.return %r : !stream.resource<*>
        }
        util.func public @a(%n: index) -> !stream.resource<*> {
          %c1 = arith.constant 1 : i32
          %s = stream.async.splat %c1 : i32 -> !stream.resource<*>{%n}
          %r = util.call @callee(%s) : (!stream.resource<*>) -> !stream.resource<*>
          util.return %r : !stream.resource<*>
        }
        util.func public @b(%n: index) -> (!stream.resource<*>, !stream.resource<*>) {
          %c1 = arith.constant 1 : i32
          %s = stream.async.splat %c1 : i32 -> !stream.resource<*>{%n}
          %r = util.call @callee(%s) : (!stream.resource<*>) -> !stream.resource<*>
          util.return %r, %s : !stream.resource<*>, !stream.resource<*>
        }"""
    )
    arg = m.body.ops[0].body.args[0]
    assert not CopyFacts(m).is_arg_moved(arg)  # @b uses %s after the call
    m.body.ops[2].erase()
    assert CopyFacts(m).is_arg_moved(arg)


def test_copy_facts_loop_carried_last_use_stays_by_value():
    # The greatest fixpoint: the argument is passed its own last use around the loop.
    m = ir.load_text(
        """util.func private @f(%p: i1, %n: index) -> !stream.resource<*> {
          %c1 = arith.constant 1 : i32
          %s = stream.async.splat %c1 : i32 -> !stream.resource<*>{%n}
          cf.br ^loop(%s : !stream.resource<*>)
        ^loop(%x: !stream.resource<*>):
          %k = stream.async.clone %x : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
          cf.cond_br %p, ^loop(%k : !stream.resource<*>), ^exit(%k : !stream.resource<*>)
        ^exit(%e: !stream.resource<*>):
          util.return %e : !stream.resource<*>
        }"""
    )
    loop = m.body.ops[0].regions[0].blocks[1]
    assert CopyFacts(m).is_arg_moved(loop.args[0])


def test_last_user_exclusive_branches_and_loops():
    m = ir.load_text(
        """util.func private @f(%p: i1, %r: !stream.resource<*>, %n: index, %t: index) -> !stream.resource<*> {
          %c0 = arith.constant 0 : index
          %c1 = arith.constant 1 : index
          %y = scf.if %p -> !stream.resource<*> {
            %k = stream.async.clone %r : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
            scf.yield %k : !stream.resource<*>
          } else {
            scf.yield %r : !stream.resource<*>
          }
          %z = scf.for %i = %c0 to %t step %c1 iter_args(%a = %y) -> !stream.resource<*> {
            %k2 = stream.async.clone %y : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
            scf.yield %k2 : !stream.resource<*>
          }
          util.return %z : !stream.resource<*>
        }"""
    )
    fn = m.body.ops[0]
    clone_in_if = next(op for op in fn.walk() if op.op_name == "stream.async.clone")
    assert is_effectively_last_user(fn.body.args[1], clone_in_if)
    loop = next(op for op in fn.walk() if op.op_name == "scf.for")
    clone_in_loop = next(op for op in loop.walk() if op.op_name == "stream.async.clone")
    y = next(op for op in fn.body.ops if op.op_name == "scf.if").results[0]
    # %y is the loop's init operand and read in the body: the loop is both users' position.
    assert not is_effectively_last_user(y, clone_in_loop)


def test_may_overlap_compares_bounds_by_ssa_identity():
    m = ir.load_text(
        """util.func private @f(%r: !stream.resource<*>, %a: index, %b: index, %c: index) {
          util.return
        }"""
    )
    r, a, b, c = m.body.ops[0].body.args
    assert not may_overlap(Range(1, r, a, b, b), Range(2, r, b, c, c))  # adjacent: [a, b) then [b, c)
    assert may_overlap(Range(1, r, a, c, c), Range(2, r, b, c, c))
    assert not may_overlap(Range(1, r, a, c, c), Range(2, a, a, c, c))  # other resource


def test_elide_async_copies_output_verifies_and_is_deterministic():
    outs = []
    for _ in range(2):
        m = ir.load_text(_FILL_AFTER_CLONE)
        elide_async_copies(m)
        ir.verify(m)
        outs.append(ir.print_generic(m))
    assert outs[0] == outs[1]


def test_elide_async_copies_runs_from_the_cli(tmp_path):
    src, out = tmp_path / "in.mlir", tmp_path / "out.mlir"
    src.write_text(_FILL_AFTER_CLONE)
    assert main(["schedule", "--stage", "elide-async-copies", str(src), "-o", str(out)]) == 0
    text = out.read_text()
    assert "stream.async.clone" not in text and "stream.async.fill" in text
