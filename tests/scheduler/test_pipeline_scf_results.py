"""``scf.if`` results both branches yield alike, through the whole pipeline, against IREE's (issue 14).

Two ``scf.if`` on one condition that end up next to each other are combined (MLIR's ``CombineIfs``); once
timepoints are carried, the combined op yields one region's timepoint for each resource of a branch (and
an immediate one for each in the other). MLIR's canonicalizer merges results whose yielded values are the
same in every branch, so IREE awaits those resources together, on one timepoint; the pipeline awaited
each on its own copy of the timepoint (seed 193 of ``pipeline_random --prepared``: 3 host awaits, IREE 2)."""

from __future__ import annotations

import subprocess

import ir
from benchmarks.pipeline_random import verdict
from scheduler.passes.scf_canonicalize import canonicalize_if
from tests.scheduler.test_existing_regions import _iree_opt

DUPLICATES = """util.func public @f(%c: i1, %a: index, %b: index, %d: index) -> (index, index, index, index) {
  %x:4 = scf.if %c -> (index, index, index, index) {
    %s = arith.addi %a, %b : index
    %t = arith.muli %a, %b : index
    scf.yield %s, %t, %s, %t : index, index, index, index
  } else {
    scf.yield %a, %d, %b, %d : index, index, index, index
  }
  util.return %x#0, %x#1, %x#2, %x#3 : index, index, index, index
}
"""


def _returned_results(module: ir.Module) -> tuple[int, list[int]]:
    """The number of results of the function's scf.if and which of them it returns, in order."""
    fn = module.body.ops[0]
    if_op = next(op for op in fn.body.ops if op.op_name == "scf.if")
    ret = fn.body.ops[-1]
    return len(if_op.results), [if_op.results.index(v) for v in ret.operands]  # type: ignore[arg-type]


def test_duplicate_results_merged_as_mlir_canonicalizer() -> None:
    done = subprocess.run(
        [_iree_opt(), "--canonicalize", "--mlir-print-op-generic", "-"],
        input=DUPLICATES,
        capture_output=True,
        text=True,
        check=True,
    )
    theirs = _returned_results(ir.parse_module(done.stdout))
    m = ir.load_text(DUPLICATES)
    fn = m.body.ops[0]
    while any(canonicalize_if(op) for op in list(fn.body.ops) if op.op_name == "scf.if"):
        pass
    assert _returned_results(m) == theirs == (3, [0, 1, 2, 1])


def test_combined_ifs_awaited_together_as_iree() -> None:
    v, detail = verdict(193, _iree_opt(), False, True)
    assert v == "same", detail
