"""Host control flow that must not hang or pass silently: endless loops stop the run with an error naming the
loop; a failing cf.assert fails the run with its message."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

import ir
from simulator import Session
from simulator.cli import main
from simulator.errors import SimulationError
from simulator.host import interpreter

pytestmark = pytest.mark.usefixtures("iree")  # the programs are written in IREE's custom syntax

WHILE = """
util.func public @main() -> i32 {
  %c0 = arith.constant 0 : i32
  %true = arith.constant true
  %r = scf.while (%a = %c0) : (i32) -> i32 {
    scf.condition(%true) %a : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  util.return %r : i32
}
"""

BRANCHES = """
util.func public @main() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^bb1(%c0 : i32)
^bb1(%i: i32):
  %n = arith.addi %i, %c1 : i32
  cf.br ^bb1(%n : i32)
}
"""

FOR = """
util.func public @main() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = arith.constant 1000000000000 : index
  %r = scf.for %i = %c0 to %big step %c1 iter_args(%acc = %c0) -> (index) {
    scf.yield %i : index
  }
  util.return %r : index
}
"""


@pytest.mark.parametrize(
    ("text", "what"),
    [(WHILE, "scf.while"), (BRANCHES, "a loop of branches between its blocks"),
     (FOR, "scf.for from 0 to 1000000000000 step 1")],
    ids=["scf.while", "cf.br", "scf.for"],
)  # fmt: skip
def test_endless_host_loop_is_an_error_naming_it(monkeypatch: Any, text: str, what: str) -> None:
    monkeypatch.setattr(interpreter, "MAX_LOOP_ITERATIONS", 1000)
    module = ir.load_text("module {\n" + text + "\n}\n", "loop.mlir")
    with pytest.raises(SimulationError, match=rf"loop.mlir:\d+:\d+: {what} runs more than 1,000 iterations .*"
                       "STREAMSIM_MAX_LOOP_ITERATIONS"):
        Session("cpu").run_sync(module, "main", [], timing_only=True)


def test_endless_host_loop_exits_1_from_the_cli(monkeypatch: Any, tmp_path: pathlib.Path, capsys: Any) -> None:
    monkeypatch.setattr(interpreter, "MAX_LOOP_ITERATIONS", 1000)
    path = tmp_path / "loop.mlir"
    path.write_text("module {\n" + WHILE + "\n}\n")
    assert main(["run", str(path), "--timing-only"]) == 1
    err = capsys.readouterr().err
    assert "scf.while runs more than 1,000 iterations" in err and "Traceback" not in err


TWO_LOOPS = """
util.func public @main() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1000 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    scf.yield %i : index
  }
  %s = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %r) -> (index) {
    scf.yield %j : index
  }
  util.return %s : index
}
"""


def test_the_budget_counts_every_loop_of_the_run(monkeypatch: Any) -> None:
    """Loops each within the budget whose iterations together exceed it stop the run: the budget is the
    run's, not each loop's (an outer loop of 1,000 around an inner one of 1,000 would hang as well); each
    run starts with the whole budget."""
    module = ir.load_text("module {\n" + TWO_LOOPS + "\n}\n", "loop.mlir")
    monkeypatch.setenv("STREAMSIM_MAX_LOOP_ITERATIONS", "2000")
    for _ in range(2):
        assert int(Session("cpu").run_sync(module, "main", [], timing_only=True).outputs[0]) == 999
    monkeypatch.setenv("STREAMSIM_MAX_LOOP_ITERATIONS", "1500")
    with pytest.raises(SimulationError, match=r"loop.mlir:10:\d+: scf.for from 0 to 1000 step 1 runs more than 1,500"):
        Session("cpu").run_sync(module, "main", [], timing_only=True)


@pytest.mark.parametrize("bad", ["0", "-5", "lots"])
def test_a_bad_budget_is_named(monkeypatch: Any, bad: str) -> None:
    monkeypatch.setenv("STREAMSIM_MAX_LOOP_ITERATIONS", bad)
    module = ir.load_text("module {\n" + FOR.replace("1000000000000", "10") + "\n}\n", "loop.mlir")
    with pytest.raises(SimulationError, match=f"STREAMSIM_MAX_LOOP_ITERATIONS='{bad}': expected a positive integer"):
        Session("cpu").run_sync(module, "main", [], timing_only=True)


def test_a_long_but_finite_host_loop_still_runs(monkeypatch: Any) -> None:
    monkeypatch.setattr(interpreter, "MAX_LOOP_ITERATIONS", 1000)
    module = ir.load_text("module {\n" + FOR.replace("1000000000000", "1000") + "\n}\n", "loop.mlir")
    result = Session("cpu").run_sync(module, "main", [], timing_only=True)
    assert int(result.outputs[0]) == 999


ASSERT = """
util.func public @main(%arg0: i32) -> i32 {
  %c4 = arith.constant 4 : i32
  %ok = arith.cmpi slt, %arg0, %c4 : i32
  cf.assert %ok, "batch must be below 4"
  util.return %arg0 : i32
}
"""


def test_cf_assert_holds_or_fails_the_run_with_its_message(tmp_path: pathlib.Path, capsys: Any) -> None:
    module = ir.load_text("module {\n" + ASSERT + "\n}\n", "assert.mlir")
    assert int(Session("cpu").run_sync(module, "main", [3]).outputs[0]) == 3
    with pytest.raises(SimulationError, match=r"cf.assert at assert.mlir:\d+:\d+: assertion failed: batch must"):
        Session("cpu").run_sync(module, "main", [5])
    path = tmp_path / "assert.mlir"
    path.write_text("module {\n" + ASSERT + "\n}\n")
    assert main(["run", str(path), "--input", "5"]) == 1
    assert "assertion failed: batch must be below 4" in capsys.readouterr().err
    # Timing-only runs compute no device data, so their assertions are taken to hold.
    assert main(["run", str(path), "--input", "5", "--timing-only"]) == 0


RECURSE = """
util.func public @main(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %z -> (index) {
    scf.yield %c0 : index
  } else {
    %m = arith.subi %n, %c1 : index
    %s = util.call @main(%m) : (index) -> index
    %t = arith.addi %s, %c1 : index
    scf.yield %t : index
  }
  util.return %r : index
}
"""


def _nested_ifs(depth: int) -> str:
    opens = "".join("  scf.if %t {\n" for _ in range(depth))
    return (
        "util.func public @main() -> index {\n  %t = arith.constant true\n  %c7 = arith.constant 7 : index\n"
        + opens + "  }\n" * depth + "  util.return %c7 : index\n}\n"
    )


def test_bounded_recursion_runs_and_unbounded_recursion_is_an_error_naming_the_function(
    tmp_path: pathlib.Path, capsys: Any
) -> None:
    """A recursive host function (IREE's VM runs them until its stack is full) runs while calls and regions
    together nest within interpreter.MAX_HOST_NESTING (each call here is two levels: its body and the
    scf.if's region); past it, or recursing without end, the run fails (exit 1) naming the function and its
    location, instead of Python's RecursionError (an internal error, exit 70)."""
    module = ir.load_text("module {\n" + RECURSE + "\n}\n", "rec.mlir")
    depth = interpreter.MAX_HOST_NESTING // 2 - 1
    assert int(Session("cpu").run_sync(module, "main", [depth]).outputs[0]) == depth
    with pytest.raises(SimulationError, match=r"util.func at rec.mlir:3:1: host code nests more than 200 levels"):
        Session("cpu").run_sync(module, "main", [depth + 1])
    path = tmp_path / "rec.mlir"
    path.write_text("module {\n" + RECURSE.replace("%n, %c0", "%n, %n").replace("eq,", "ne,") + "\n}\n")
    assert main(["run", str(path), "--input", "5"]) == 1
    err = capsys.readouterr().err
    assert "host code nests more than 200 levels deep" in err and "internal error" not in err


def test_deeply_nested_regions_run_or_stop_with_the_op_that_is_too_deep() -> None:
    ok = ir.load_text("module {\n" + _nested_ifs(interpreter.MAX_HOST_NESTING - 1) + "}\n", "deep.mlir")
    assert int(Session("cpu").run_sync(ok, "main", []).outputs[0]) == 7
    deep = ir.load_text("module {\n" + _nested_ifs(300) + "}\n", "deep.mlir")
    with pytest.raises(SimulationError, match=r"scf.if at deep.mlir:\d+:\d+: host code nests more than 200"):
        Session("cpu").run_sync(deep, "main", [])
    # the interpreter's count is back to zero after a failed run: the next run of the same session works
    session = Session("cpu")
    with pytest.raises(SimulationError):
        session.run_sync(deep, "main", [])
    assert int(session.run_sync(ok, "main", []).outputs[0]) == 7
