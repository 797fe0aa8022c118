"""The checker's lifetime policy, IREE's: copying uninitialised bytes is no error (using them is), and an
allocation IREE leaves to the runtime's reference counting is no leak (one its reference counting would
free and the program never does is). Each false positive sits beside the true positive it must not hide.
"""

from __future__ import annotations

from typing import Any

from ir import ProgramBuilder, Value, load_text
from ir import types as T
from scheduler.passes.reference_counting import automatic_reference_counting
from simulator.checks import check_program

# -- uninitialised bytes carried by copies ------------------------------------------------------------


def _copies(*, out_bytes: int, dispatch_reads: bool = False) -> Any:
    """``t``'s first 32 bytes are filled, its last 32 never; ``t`` is copied WHOLE into ``s``, and the first
    ``out_bytes`` of ``s`` are copied to the result (optionally a dispatch reads all of ``s`` too)."""
    pb = ProgramBuilder()
    pb.kernel_executable("cp", kernel="copy", num_bindings=2)
    pb.function("main", [], [T.HalType("buffer_view")])
    size = pb.index(64)
    t, t_ready = pb.alloca(size)
    s, s_ready = pb.alloca(size)
    scratch, scratch_ready = pb.alloca(size)
    out, out_ready = pb.alloca(size, lifetime="external")
    ready = pb.join(t_ready, s_ready, scratch_ready, out_ready)
    with pb.execute([t, s, scratch, out], [size] * 4, await_=ready) as (a, b, c, o):
        pb.fill(o, size, 0, 64, pb.constant(0, T.i32))
        pb.fill(a, size, 0, 32, pb.constant(1, T.i32))
        pb.copy(a, size, 0, b, size, 0, 64)
        pb.copy(b, size, 0, o, size, 0, out_bytes)
        if dispatch_reads:
            pb.dispatch("cp", [(b, size, 0, 64, "ro"), (c, size, 0, 64, "wo")])
    done: Value = pb.last_timepoint
    for r in (t, s, scratch):
        done = pb.dealloca(r, size, await_=done)
    (res,) = pb.await_(done, [out], [size])
    pb.returns(pb.export_tensor(res, T.TensorType((16,), T.i32), size))
    return pb.module


def test_copying_uninitialised_bytes_that_are_never_used_is_clean() -> None:
    # The unwritten half of t goes to s and no further: IREE's NonMaxSuppression copies its growing
    # selection buffer whole the same way.
    assert check_program(_copies(out_bytes=32), interleavings=0).findings == []


def test_uninitialised_bytes_that_reach_the_result_through_copies_are_reported() -> None:
    report = check_program(_copies(out_bytes=64), interleavings=0)
    assert report.kinds() == ["lifetime/uninitialized-read"]
    f = report.findings[0]
    # where the bytes were left unwritten, the copy that last carried them, and who used them
    assert [o.op for o in f.ops] == ["stream.resource.alloca", "stream.cmd.copy", "output"]
    assert f.ops[1].detail == "copy target" and f.range_bytes == (32, 64)
    assert "copied there" in f.message


def test_uninitialised_bytes_a_dispatch_reads_after_a_copy_are_reported() -> None:
    report = check_program(_copies(out_bytes=32, dispatch_reads=True), interleavings=0)
    assert report.kinds() == ["lifetime/uninitialized-read"]
    assert [o.op for o in report.findings[0].ops] == [
        "stream.resource.alloca",
        "stream.cmd.copy",
        "stream.cmd.dispatch",
    ]
    assert report.findings[0].range_bytes == (32, 64)


# -- leaks and reference counting -----------------------------------------------------------------------

_BRANCH = """
util.func public @main() -> () {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c7 = arith.constant 7 : i32
  %true = arith.constant true
  %t, %t_tp = stream.resource.alloca uninitialized : !stream.resource<transient>{%c64} => !stream.timepoint
  %e = stream.cmd.execute await(%t_tp) => with(%t as %x: !stream.resource<transient>{%c64}) {
    stream.cmd.fill %c7, %x[%c0 for %c64] : i32 -> !stream.resource<transient>{%c64}
  } => !stream.timepoint
  cf.cond_br %true, ^bb1, ^bb2(%t, %e : !stream.resource<transient>, !stream.timepoint)
^bb1:
  SCRATCH
  util.return
^bb2(%r: !stream.resource<transient>, %rt: !stream.timepoint):
  %d = stream.resource.dealloca await(%rt) => %r : !stream.resource<transient>{%c64} => !stream.timepoint
  util.return
}
"""

_SCRATCH = """%s, %s_tp = stream.resource.alloca uninitialized : !stream.resource<transient>{%c64} => !stream.timepoint
  %se = stream.cmd.execute await(%s_tp) => with(%s as %y: !stream.resource<transient>{%c64}) {
    stream.cmd.fill %c7, %y[%c0 for %c64] : i32 -> !stream.resource<transient>{%c64}
  } => !stream.timepoint"""


def test_a_transient_handed_to_the_untaken_branch_is_left_to_reference_counting() -> None:
    """The path taken drops ``%t``, which the other edge hands on: IREE's reference counting cannot free it
    (a branch operand makes it indeterminate) and the runtime's reference count does (onnx_nms's final
    branch). A scratch buffer made and dropped in the taken block is a leak."""
    clean = check_program(load_text(_BRANCH.replace("SCRATCH", "")), interleavings=0)
    assert clean.findings == []
    leaky = check_program(load_text(_BRANCH.replace("SCRATCH", _SCRATCH)), interleavings=0)
    assert leaky.kinds() == ["lifetime/leak"]
    assert "%s" not in leaky.findings[0].message and "(64 bytes)" in leaky.findings[0].message


_BLOCK = """
util.func public @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c7 = arith.constant 7 : i32
  %a, %a_tp = stream.resource.alloca uninitialized : !stream.resource<transient>{%c64} => !stream.timepoint
  %b, %b_tp = stream.resource.alloca uninitialized : !stream.resource<staging>{%c64} => !stream.timepoint
  %j = stream.timepoint.join max(%a_tp, %b_tp) => !stream.timepoint
  %e = stream.cmd.execute await(%j) => with(%a as %x: !stream.resource<transient>{%c64}, %b as %y: !stream.resource<staging>{%c64}) {
    stream.cmd.fill %c7, %x[%c0 for %c64] : i32 -> !stream.resource<transient>{%c64}
    stream.cmd.copy %x[%c0], %y[%c0], %c64 : !stream.resource<transient>{%c64} -> !stream.resource<staging>{%c64}
  } => !stream.timepoint
  %r = stream.timepoint.await %e => %b : !stream.resource<staging>{%c64}
  %v = stream.resource.load %r[%c0] : !stream.resource<staging>{%c64} -> i32
  util.return %v : i32
}
"""


def test_leaks_are_what_irees_reference_counting_would_free() -> None:
    """Differential against the reference-counting pass: the transient only an execute uses is a leak, and
    is what the pass deallocates; the staging buffer the host reads is left to the runtime by both. After
    the pass, nothing leaks."""
    before = check_program(load_text(_BLOCK), interleavings=0)
    assert before.kinds() == ["lifetime/leak"]
    module = load_text(_BLOCK)
    automatic_reference_counting(module)
    (freed,) = [op for op in module.walk() if op.op_name == "stream.resource.dealloca"]
    transient = next(op for op in module.walk() if op.op_name == "stream.resource.alloca")
    assert freed.operands[0] is transient.results[0]
    assert before.findings[0].ops[0].loc == str(transient.location)
    assert check_program(module, interleavings=0).findings == []
