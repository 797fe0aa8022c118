"""Which ops each rule registry covers, checked against every IREE fixture: the host interpreter's rules
cover the host code, the reference's rules the async form, the dispatch interpreter's the executables'
bodies. The registries are filled when their package is imported, whatever else was imported first (the
reference's parameter rules used to appear only after simulator.checks.run was imported)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

import ir
from simulator.dispatch.registry import IMPLS
from simulator.host.interpreter import BLOCKING_RULES, RULES, TERMINATORS, seed_name
from simulator.reference import OP_ALIASES
from simulator.reference import RULES as REFERENCE_RULES
from tests.conftest import iree_fixture_dirs

FIXTURES = iree_fixture_dirs()
HOST_FUNCTIONS = ("util.func", "func.func", "util.initializer")
# Recorded by the stream.cmd.execute rule into a command buffer, not run by the host one by one.
RECORDED = ("stream.cmd.execute",)
# Structure the dispatch interpreter's loader handles itself, not ops it runs.
DISPATCH_STRUCTURE = {"func.func", "func.return", "linalg.yield"}


def _host_ops(module: ir.Module) -> set[str]:
    found: set[str] = set()

    def visit(op: ir.Operation) -> None:
        for region in op.regions:
            for block in region.blocks:
                for inner in block.ops:
                    found.add(inner.op_name)
                    if inner.op_name not in RECORDED:
                        visit(inner)

    for top in module.body.ops:
        if top.op_name in HOST_FUNCTIONS:
            visit(top)
    return found


def _body_ops(module: ir.Module) -> set[str]:
    found: set[str] = set()
    for top in module.body.ops:
        if top.op_name not in ("stream.executable", "hal.executable"):
            continue
        for op in top.walk():
            if op.op_name == "func.func":
                found.update(inner.op_name for inner in op.walk() if inner is not op)
    return found


@pytest.mark.parametrize("fixture", FIXTURES, ids=[d.name for d in FIXTURES])
def test_rule_coverage_of_every_fixture(fixture: pathlib.Path) -> None:
    cmd = ir.load_file(fixture / "cmd.generic.mlir")
    host_missing = {
        n
        for n in _host_ops(cmd)
        if n not in TERMINATORS and not {n, seed_name(n)} & (set(RULES) | set(BLOCKING_RULES))
    }
    assert not host_missing, f"host interpreter has no rule for {sorted(host_missing)}"
    async_form = ir.load_file(fixture / "async.generic.mlir")
    terminators = {"util.return", "func.return", "stream.yield", "scf.yield"}
    reference_missing = {
        n
        for n in _host_ops(async_form)
        if OP_ALIASES.get(n, n) not in REFERENCE_RULES
        and not n.startswith(("arith.", "math."))
        and n not in terminators
    }
    assert not reference_missing, f"reference has no rule for {sorted(reference_missing)}"
    dispatch_missing = _body_ops(cmd) - set(IMPLS) - DISPATCH_STRUCTURE
    assert not dispatch_missing, f"dispatch interpreter has no rule for {sorted(dispatch_missing)}"


def test_rule_registries_list_their_core_ops() -> None:
    host = set(RULES) | set(BLOCKING_RULES)
    assert {"stream.cmd.execute", "stream.timepoint.await", "stream.resource.alloca", "arith.addi"} <= host
    assert {"stream.async.dispatch", "stream.async.execute", "stream.cmd.parameter.load"} <= set(
        REFERENCE_RULES
    )
    assert {"linalg.generic", "linalg.matmul", "arith.addf", "math.exp"} <= set(IMPLS)


def test_reference_rules_do_not_depend_on_import_order() -> None:
    """In a fresh interpreter, importing the reference alone registers its parameter-load rule."""
    code = (
        "import simulator.reference as r, sys; "
        "sys.exit(0 if 'stream.cmd.parameter.load' in r.RULES and 'simulator.checks.run' not in sys.modules else 1)"
    )
    root = pathlib.Path(__file__).parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, check=False, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-1000:]
