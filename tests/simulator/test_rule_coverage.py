"""Which ops each rule table covers, checked against every IREE fixture: the host interpreter's tables
cover the host code, the reference's table the async form, the dispatch interpreter's the executables'
bodies. The tables are objects listed in one place per interpreter (simulator.host.HOST_RULES,
simulator.dispatch.tables), so which rules exist never depends on import order."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

import ir
from simulator.dispatch import DISPATCH_RULES
from simulator.dispatch.tables import PARTS
from simulator.host import HOST_RULES
from simulator.host.interpreter import BRANCHES, TERMINATORS, seed_name
from simulator.reference import OP_ALIASES
from simulator.reference import RULES as REFERENCE_RULES
from simulator.rules import RuleTable, covered
from tests.conftest import iree_fixture_dirs

FIXTURES = iree_fixture_dirs()
HOST = RuleTable.merge("host", HOST_RULES)
IMPLS = DISPATCH_RULES.impls
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
    host_missing = {n for n in _host_ops(cmd) if n not in TERMINATORS and not {n, seed_name(n)} & set(HOST)}
    assert not host_missing, f"host interpreter has no rule for {sorted(host_missing)}"
    for form in ("hal.generic.mlir", "hal.direct.generic.mlir"):
        if (fixture / form).exists():
            hal = ir.load_file(fixture / form)
            missing = {n for n in _host_ops(hal) if n not in TERMINATORS | BRANCHES and n not in HOST}
            assert not missing, f"{form}: host interpreter has no rule for {sorted(missing)}"
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
    host = set(HOST)
    assert {"stream.cmd.execute", "stream.timepoint.await", "stream.resource.alloca", "arith.addi"} <= host
    assert {"stream.async.dispatch", "stream.async.execute", "stream.cmd.parameter.load"} <= set(
        REFERENCE_RULES
    )
    assert {"linalg.generic", "linalg.matmul", "arith.addf", "math.exp"} <= set(IMPLS)


def test_reference_rules_do_not_depend_on_import_order() -> None:
    """In a fresh interpreter, importing the reference alone gives it its parameter-load rule, and the
    dispatch tables hold every rule module's ops whatever was imported first."""
    code = (
        "import simulator.reference as r, sys; "
        "ok = 'stream.cmd.parameter.load' in r.RULES and 'simulator.checks.run' not in sys.modules; "
        "from simulator.dispatch.registry import default_rules; "
        "ok = ok and 'linalg.generic' in default_rules().impls; "
        "sys.exit(0 if ok else 1)"
    )
    root = pathlib.Path(__file__).parents[2]
    done = subprocess.run([sys.executable, "-c", code], cwd=root, check=False, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-1000:]


# What each table covers, by dialect prefix: a rule for an op outside its table's families is misfiled.
FAMILIES = {
    "host.core": ("util.", "func.", "arith.", "math.", "scf.", "cf."),
    "host.hal": ("hal.",),
    "host.stream": ("stream.", "util."),
    "host.channel": ("stream.channel.",),
    "host.execute": ("stream.cmd.",),
    "host.io": ("io_parameters.", "stream.cmd.parameter.", "stream.parameter.", "stream.file."),
    "host.hal_file": ("hal.",),
    "host.hal_device": ("hal.",),
    "host.hal_command": ("hal.",),
    "host.hal_channel": ("hal.channel.", "hal.command_buffer.collective"),
    "reference": ("stream.", "util.", "func.", "io_parameters.", "hal.", "arith.", "scf."),
    "dispatch.scalars": ("arith.", "math.", "util.", "affine.", "flow.dispatch.", "iree_tensor_ext.dispatch."),
    "dispatch.tensors": ("tensor.", "iree_tensor_ext.", "flow.", "util.", "arith.", "bufferization."),
    "dispatch.bindings": ("stream.", "hal.", "iree_tensor_ext.", "flow.", "util.", "memref."),
    "dispatch.linalg": ("linalg.",),
    "dispatch.linalg_ext": ("iree_linalg_ext.",),
    "dispatch.instrument": ("hal.instrument.",),
    "dispatch.attention": ("iree_linalg_ext.",),
    "dispatch.fastpaths": ("linalg.", "iree_tensor_ext.", "flow."),
    "dispatch.control": ("scf.",),
    "dispatch.encodings": ("iree_encoding.",),
    "dispatch.relayout": ("linalg.",),
    "dispatch.winograd": ("iree_linalg_ext.winograd.",),
    "dispatch.workgroups": ("stream.dispatch.workgroup.", "hal.interface.workgroup.", "flow.dispatch.workgroup."),
}


def _tables() -> list[RuleTable]:  # type: ignore[type-arg]
    return [*HOST_RULES, REFERENCE_RULES, *(p.impls for p in PARTS), *(p.fast for p in PARTS)]


def test_rule_tables_each_cover_their_own_dialects() -> None:
    listing = covered(_tables())
    for name, ops in listing.items():
        family = FAMILIES[name.removesuffix(".fast")]
        strays = sorted(n for n in ops if not n.startswith(family))
        assert not strays, f"{name} has rules outside {family}: {strays}"
    # Every table has rules, and the tables of one interpreter never share an op (merging raises).
    assert all(listing[t.name] for t in [*HOST_RULES, REFERENCE_RULES, *(p.impls for p in PARTS[:4])])
    assert len(HOST) == sum(len(t) for t in HOST_RULES)
    assert len(IMPLS) == sum(len(p.impls) for p in PARTS)


def test_rule_table_merge_names_both_owners_of_an_op() -> None:
    mine: RuleTable = RuleTable("mine")  # type: ignore[type-arg]
    mine.register("stream.cmd.execute")(lambda interp, op, args: None)
    with pytest.raises(Exception, match="stream.cmd.execute has a rule in both host.execute and mine"):
        RuleTable.merge("host", [*HOST_RULES, mine])
