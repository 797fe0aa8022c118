"""The pipeline's loops carry timepoints as IREE's propagate-timepoints makes them (scf.while as scf.for),
and what a loop region allocates waits for what the region waits for, as IREE's schedule-allocation
makes its allocas wait. Differential: IREE's own scheduling passes (iree-opt) on the same program."""

from __future__ import annotations

import subprocess

import ir
from scheduler import schedule_module
from tests.conftest import iree_tool, require_iree

#: iree-opt as the IREE wheel ships it (not the console script: a Python start a call).
_IREE_OPT = iree_tool("iree-opt") or "iree-opt"

_WHILE = """util.func public @w(%n: index, %lim: i32) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i32
  %init = stream.async.splat %c1 : i32 -> !stream.resource<external>{%n}
  %r:2 = scf.while (%a = %init, %i = %c1) : (!stream.resource<external>, i32) -> (!stream.resource<external>, i32) {
    %go = arith.cmpi slt, %i, %lim : i32
    scf.condition(%go) %a, %i : !stream.resource<external>, i32
  } do {
  ^bb0(%b: !stream.resource<external>, %j: i32):
    %d = stream.async.dispatch @ex::@step(%b[%c0 to %n for %n]) : (!stream.resource<external>{%n}) -> !stream.resource<external>{%n}
    %j2 = arith.addi %j, %c1 : i32
    scf.yield %d, %j2 : !stream.resource<external>, i32
  }
  %out = stream.async.dispatch @ex::@last(%r#0[%c0 to %n for %n]) : (!stream.resource<external>{%n}) -> !stream.resource<external>{%n}
  util.return %out : !stream.resource<external>
}"""

_IREE = (
    "--pass-pipeline=builtin.module(util.func(iree-stream-schedule-execution,"
    "iree-stream-schedule-concurrency),iree-stream-propagate-timepoints,iree-stream-schedule-allocation,"
    "iree-stream-elide-timepoints)"
)


def _used_host_awaits(module: ir.Module) -> int:
    return sum(
        1
        for op in module.walk()
        if op.op_name == "stream.timepoint.await" and any(r.uses for r in op.results)
    )


def _while(module: ir.Module) -> ir.Operation:
    return next(op for op in module.walk() if op.op_name == "scf.while")


def test_pipeline_scf_while_carries_a_timepoint_beside_each_resource():
    m = schedule_module(ir.load_text(_WHILE))
    loop = _while(m)
    assert [str(r.type) for r in loop.results] == ["!stream.resource<external>", "!stream.timepoint", "i32"]
    for region in loop.regions:
        assert [str(a.type) for a in region.blocks[0].args] == [
            "!stream.resource<external>",
            "!stream.timepoint",
            "i32",
        ]
        # the host never waits inside the loop: the body's region awaits the carried timepoint
        assert not [
            o
            for b in region.blocks
            for op in b.ops
            for o in op.walk()
            if o.op_name == "stream.timepoint.await"
        ]
    # what the loop takes is not freed before it (the loop owns it, as an scf.for's initial value)
    fn = m.body.ops[0]
    before = fn.body.ops[: fn.body.ops.index(loop)]
    assert not [op for op in before if op.op_name == "stream.resource.dealloca"]


def test_pipeline_scf_while_host_waits_as_iree(tmp_path):
    require_iree()
    src = tmp_path / "w.mlir"
    src.write_text(_WHILE)
    done = subprocess.run(
        [_IREE_OPT, _IREE, "--mlir-print-op-generic", str(src)], capture_output=True, text=True, check=True
    )
    theirs = ir.parse_module(done.stdout)
    ours = schedule_module(ir.load_text(_WHILE))
    assert _used_host_awaits(ours) == _used_host_awaits(theirs) == 1
    # the allocas of the loop body's region wait for the carried timepoint, as IREE's do
    for m in (ours, theirs):
        body = _while(m).regions[1].blocks[0]
        allocas = [op for op in body.ops if op.op_name == "stream.resource.alloca"]
        assert allocas and all(len(op.operands) == 2 for op in allocas)
    out = tmp_path / "ours.mlir"
    out.write_text(ir.print_generic(ours))
    subprocess.run([_IREE_OPT, str(out), "-o", "/dev/null"], check=True)


# A loop whose body passes its carried resource on unchanged through an scf.if branch and an inner loop
# (the pattern of onnx_nms's host loops): the carried timepoint goes with it, the host does not wait.
_PASS_ON = """util.func public @g(%n: index, %c: i1) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1 : i32
  %init = stream.async.splat %one : i32 -> !stream.resource<external>{%n}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %init) -> (!stream.resource<external>) {
    %x = scf.if %c -> !stream.resource<external> {
      %d = stream.async.dispatch @ex::@step(%a[%c0 to %n for %n]) : (!stream.resource<external>{%n}) -> !stream.resource<external>{%n}
      scf.yield %d : !stream.resource<external>
    } else {
      scf.yield %a : !stream.resource<external>
    }
    %y = scf.for %j = %c0 to %c4 step %c1 iter_args(%b = %x) -> (!stream.resource<external>) {
      %z = scf.if %c -> !stream.resource<external> {
        %e = stream.async.dispatch @ex::@step(%b[%c0 to %n for %n]) : (!stream.resource<external>{%n}) -> !stream.resource<external>{%n}
        scf.yield %e : !stream.resource<external>
      } else {
        scf.yield %b : !stream.resource<external>
      }
      scf.yield %z : !stream.resource<external>
    }
    scf.yield %y : !stream.resource<external>
  }
  %out = stream.async.dispatch @ex::@last(%r[%c0 to %n for %n]) : (!stream.resource<external>{%n}) -> !stream.resource<external>{%n}
  util.return %out : !stream.resource<external>
}"""


def test_pipeline_loop_passes_carried_resource_on_with_its_timepoint(tmp_path):
    require_iree()
    src = tmp_path / "g.mlir"
    src.write_text(_PASS_ON)
    done = subprocess.run(
        [_IREE_OPT, _IREE, "--mlir-print-op-generic", str(src)], capture_output=True, text=True, check=True
    )
    theirs = ir.parse_module(done.stdout)
    ours = schedule_module(ir.load_text(_PASS_ON))
    assert _used_host_awaits(ours) == _used_host_awaits(theirs) == 1
    loops = [op for op in ours.walk() if op.op_name in ("scf.for", "scf.if")]
    # inside the loops nothing waits on the host: each branch and loop passes the timepoint on
    assert not [o for op in loops for o in op.walk() if o.op_name == "stream.timepoint.await"]
    out = tmp_path / "ours.mlir"
    out.write_text(ir.print_generic(ours))
    subprocess.run([_IREE_OPT, str(out), "-o", "/dev/null"], check=True)
