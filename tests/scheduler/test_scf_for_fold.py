"""MLIR's ``ForOpIterArgsFolder`` (scheduler.passes.scf_canonicalize.canonicalize_for) against
``iree-opt --canonicalize``: which iteration arguments an ``scf.for`` keeps, and what its results become.

The loops after the scheduler carries timepoints (issue 15) are folded with it: a resource updated in
place is yielded unchanged, and resources ready at one timepoint carry that timepoint twice (the same
initial and yielded values), which MLIR merges into one argument."""

from __future__ import annotations

import pathlib

import pytest

import ir
from scheduler.passes.scf_canonicalize import canonicalize_for
from tests.scheduler.test_existing_regions import _iree_opt, _run

# (name, iter_args, yields, returned results): each loop adds its arguments into %s (so each is used)
CASES = {
    # the same (initial, yielded) pair twice: one argument, both results the first one
    "duplicate": ("%x = %a, %y = %a", "%s, %s", "%r#0, %r#1"),
    # same yield, other initial values: both kept
    "same_yield_other_init": ("%x = %a, %y = %b", "%s, %s", "%r#0, %r#1"),
    # same initial value, other yields: both kept
    "same_init_other_yield": ("%x = %a, %y = %a", "%s, %y", "%r#0, %r#1"),
    # a forwarded argument (yielded unchanged) and a duplicate pair after it
    "forwarded_then_duplicates": ("%x = %a, %y = %b, %z = %b", "%x, %s, %s", "%r#0, %r#1, %r#2"),
    # three of one pair
    "triple": ("%x = %b, %y = %b, %z = %b", "%s, %s, %s", "%r#2, %r#1, %r#0"),
}


def _loop_text(args: str, yields: str, results: str) -> str:
    names = [a.split("=")[0].strip() for a in args.split(",")]
    n = len(names)
    types = ", ".join(["i32"] * n)
    adds = [f"%s0 = arith.addi {names[0]}, %a : i32"]
    for i, name in enumerate(names[1:], 1):
        adds.append(f"%s{i} = arith.addi %s{i - 1}, {name} : i32")
    adds.append(f"%s = arith.addi %s{n - 1}, %b : i32")
    body = "\n    ".join(adds)
    rtypes = ", ".join(["i32"] * len(results.split(",")))
    return f"""util.func public @f(%a: i32, %b: i32, %n: index) -> ({rtypes}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:{n} = scf.for %i = %c0 to %n step %c1 iter_args({args}) -> ({types}) {{
    {body}
    scf.yield {yields} : {types}
  }}
  util.return {results} : {rtypes}
}}
"""


def _shape(m: ir.Module) -> tuple[int, list[str]]:
    """(the loop's iteration argument count, each returned value as 'arg N' or 'result N')."""
    fn = next(op for op in m.walk() if op.op_name == "util.func")
    loop = next(op for op in fn.walk() if op.op_name == "scf.for")
    ret = next(op for op in fn.walk() if op.op_name == "util.return")
    out = []
    for v in ret.operands:
        if v.defining_op is loop:
            out.append(f"result {[id(r) for r in loop.results].index(id(v))}")
        else:
            out.append(f"arg {[id(a) for a in fn.body.args].index(id(v))}")
    return len(loop.operands) - 3, out


@pytest.mark.parametrize("name", sorted(CASES))
def test_for_iter_args_fold_as_iree_opt(name: str, tmp_path: pathlib.Path) -> None:
    text = _loop_text(*CASES[name])
    src = tmp_path / "loop.mlir"
    src.write_text(text)
    ours = ir.load_text(text)
    loop = next(op for op in ours.walk() if op.op_name == "scf.for")
    block = loop.parent
    assert block is not None
    at = block.ops.index(loop)
    while canonicalize_for(block.ops[at]):
        pass
    ir.verify(ours)
    theirs = ir.parse_module(_run([_iree_opt(), "--canonicalize", "--mlir-print-op-generic", str(src)]))
    assert _shape(ours) == _shape(theirs)
