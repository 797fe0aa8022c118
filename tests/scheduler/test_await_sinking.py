"""scheduler.await_sinking against IREE's own pattern: ``iree-opt`` running the canonicalizer with only
``SinkAwaitToFirstConsumer`` enabled is the oracle; each program's ops, block by block (each await named
by the timepoint it awaits), must come out in the same order. Fails rather than skips without IREE under
STREAMSIM_REQUIRE_IREE=1."""

from __future__ import annotations

import subprocess

import pytest

import ir
from ir.core import BlockArgument, Operation
from scheduler.await_sinking import sink_awaits
from tests.conftest import iree_tool, require_iree


def _f(results: str, body: str) -> str:
    """Function @f with the same arguments in every program, returning ``results``."""
    return (
        "util.func public @f(%a: !stream.resource<external>, %b: !stream.resource<external>, "
        f"%t: !stream.timepoint, %u: !stream.timepoint, %n: index, %c: i1) -> {results} {{\n{body}}}"
    )


PROGRAMS = {
    # An await used only by the return sinks to it; one used in an scf.if sinks to the scf.if.
    "past_host_ops_and_into_if": _f(
        "(index, !stream.resource<external>, !stream.resource<external>)",
        """  %r = stream.timepoint.await %t => %a : !stream.resource<external>{%n}
  %s = stream.timepoint.await %u => %b : !stream.resource<external>{%n}
  %m = arith.addi %n, %n : index
  %x = scf.if %c -> !stream.resource<external> {
    scf.yield %s : !stream.resource<external>
  } else {
    scf.yield %b : !stream.resource<external>
  }
  %k = arith.muli %m, %n : index
  util.return %k, %r, %x : index, !stream.resource<external>, !stream.resource<external>
""",
    ),
    # A sync await guards what follows: it stays.
    "sync_await_stays": _f(
        "(index, !stream.resource<external>)",
        """  %r = stream.timepoint.await sync %t => %a : !stream.resource<external>{%n}
  %m = arith.addi %n, %n : index
  util.return %m, %r : index, !stream.resource<external>
""",
    ),
    # Two awaits sinking to one consumer end up in program order (the driver visits them in order).
    "two_awaits_one_consumer": _f(
        "(!stream.resource<external>, !stream.resource<external>, index)",
        """  %r = stream.timepoint.await %t => %a : !stream.resource<external>{%n}
  %m = arith.addi %n, %n : index
  %s = stream.timepoint.await %u => %b : !stream.resource<external>{%n}
  %k = arith.muli %m, %n : index
  util.return %r, %s, %k : !stream.resource<external>, !stream.resource<external>, index
""",
    ),
    # Awaits already before their consumer, with only other awaits between: nothing moves.
    "adjacent_awaits_are_stable": _f(
        "(!stream.resource<external>, !stream.resource<external>, index)",
        """  %m = arith.addi %n, %n : index
  %r = stream.timepoint.await %t => %a : !stream.resource<external>{%n}
  %s = stream.timepoint.await %u => %b : !stream.resource<external>{%n}
  util.return %r, %s, %m : !stream.resource<external>, !stream.resource<external>, index
""",
    ),
    # A use in a successor block only: the await moves to that block.
    "into_the_successor_block": _f(
        "(!stream.resource<external>, index)",
        """  %r = stream.timepoint.await %t => %a : !stream.resource<external>{%n}
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %m = arith.addi %n, %n : index
  util.return %r, %m : !stream.resource<external>, index
^bb2:
  util.return %b, %n : !stream.resource<external>, index
""",
    ),
    # Uses in both successors: the await stays in the dominating block, before its terminator.
    "uses_in_two_successors": _f(
        "(!stream.resource<external>, index)",
        """  %r = stream.timepoint.await %t => %a : !stream.resource<external>{%n}
  %m = arith.addi %n, %n : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  util.return %r, %m : !stream.resource<external>, index
^bb2:
  %k = arith.muli %m, %n : index
  util.return %r, %k : !stream.resource<external>, index
""",
    ),
    # An execute region consuming the awaited resource is its first consumer.
    "before_the_consuming_region": _f(
        "!stream.timepoint",
        """  %c0 = arith.constant 0 : index
  %c0_i32 = arith.constant 0 : i32
  %r = stream.timepoint.await %t => %a : !stream.resource<external>{%n}
  %m = arith.addi %n, %n : index
  %e = stream.cmd.execute with(%r as %x: !stream.resource<external>{%n}) {
    stream.cmd.fill %c0_i32, %x[%c0 for %m] : i32 -> !stream.resource<external>{%n}
  } => !stream.timepoint
  util.return %e : !stream.timepoint
""",
    ),
    # An await with more uses than _FEW_USERS whose next op consumes it: it stays (found without
    # gathering its users); with a host op between, it sinks past it as any other.
    "many_uses_consumed_next": _f(
        "(" + ", ".join(["!stream.resource<external>"] * 9) + ", index)",
        """  %m = arith.addi %n, %n : index
  %r = stream.timepoint.await %t => %a : !stream.resource<external>{%n}
  util.return %r, %r, %r, %r, %r, %r, %r, %r, %r, %m : """
        + ", ".join(["!stream.resource<external>"] * 9)
        + """, index
""",
    ),
    "many_uses_consumed_later": _f(
        "(" + ", ".join(["!stream.resource<external>"] * 9) + ", index)",
        """  %r = stream.timepoint.await %t => %a : !stream.resource<external>{%n}
  %m = arith.addi %n, %n : index
  util.return %r, %r, %r, %r, %r, %r, %r, %r, %r, %m : """
        + ", ".join(["!stream.resource<external>"] * 9)
        + """, index
""",
    ),
}


def _name(v: ir.Value, fn: Operation) -> str:
    if isinstance(v, BlockArgument) and v.block is fn.regions[0].blocks[0]:
        return f"arg{v.index}"
    return "value"


def _shape(module: ir.Module) -> list[list[str]]:
    """Each block of @f: its ops, each await with the argument it awaits."""
    fn = module.function("f")
    blocks = []
    for block in fn.regions[0].blocks:
        rows = []
        for op in block.ops:
            if op.op_name == "arith.constant":
                continue
            if op.op_name == "stream.timepoint.await":
                rows.append(f"await({_name(op.operands[-1], fn)})")
            else:
                rows.append(op.op_name)
        blocks.append(rows)
    return blocks


def _iree_opt() -> str:
    require_iree()
    found = iree_tool("iree-opt")
    if found is None:
        pytest.fail("iree-opt not found beside the Python interpreter or on PATH")
    return found


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_sink_awaits_matches_irees_pattern(name: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    tool = _iree_opt()
    src = tmp_path / f"{name}.mlir"
    src.write_text(PROGRAMS[name] + "\n")
    pipeline = "builtin.module(util.func(canonicalize{enable-patterns=SinkAwaitToFirstConsumer}))"
    done = subprocess.run(
        [tool, str(src), f"--pass-pipeline={pipeline}", "--mlir-print-op-generic"],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    theirs = ir.load_text(done.stdout)
    ours = ir.load_file(str(src))
    sink_awaits(ours.function("f"))
    ir.verify(ours)
    assert _shape(ours) == _shape(theirs)


def test_sink_awaits_is_idempotent() -> None:
    m = ir.load_text(PROGRAMS["past_host_ops_and_into_if"])
    first = sink_awaits(m.function("f"))
    assert first == 2
    assert sink_awaits(m.function("f")) == 0
