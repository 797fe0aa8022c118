"""The checks on IREE's fixtures: the unmodified cmd form reports nothing; every mutant is reported, naming
the ops; bindings must be resolved through the executables; the same seed gives the same findings."""

from __future__ import annotations

import asyncio
import pathlib
from typing import Any

import numpy as np
import pytest

from ir import load_file
from simulator import Session
from simulator.checks import Observer, analyse, check_program
from simulator.checks.mutants import MUTANTS

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "iree"
NAMES = sorted(p.name for p in FIXTURES.iterdir() if (p / "cmd.generic.mlir").exists())


def _args(name: str) -> tuple[list[np.ndarray], dict[str, Any]]:
    d = FIXTURES / name
    inputs = [np.load(p) for p in sorted(d.glob("input*.npy"))]
    return inputs, {"parameters": {"model": d / "params.irpa"}}


def _check(module: Any, name: str, interleavings: int = 0) -> Any:
    # On the roofline the host runs ahead of the device, so a release submitted before the last use is
    # found unordered by the happens-before graph; on the calibrated cpu the host sits out work that can
    # start at once (local-task's workers share its CPUs), so the run itself observes the use after it.
    inputs, kw = _args(name)
    return check_program(module, "main", inputs, interleavings=interleavings, machine="cpu-roofline", **kw)


@pytest.mark.parametrize("name", NAMES)
def test_checks_unmodified_fixture_is_clean(name: str) -> None:
    report = _check(FIXTURES / name / "cmd.generic.mlir", name, interleavings=2)
    assert report.findings == []
    assert report.exit_code == 0
    assert [r["status"] for r in report.runs] == ["ok"] * 4


# Which mutants apply to which fixture (conv2d_relu has one dispatch, no transient and no join).
APPLICABLE = {name: set(MUTANTS) for name in NAMES}
APPLICABLE["conv2d_relu"] = {"drop-execute-await"}

# What each mutant must be reported as.
EXPECTED_KIND = {
    "drop-execute-await": "lifetime/use-before-alloca",
    "dealloca-before-last-use": "lifetime/dealloca-unordered",
    "conflicting-wave": "race/write-read",
    "drop-join-input": "lifetime/use-before-alloca",
}


def _locs_inside(op: Any) -> set[str]:
    return {str(o.location) for o in op.walk() if o.location is not None}


@pytest.mark.parametrize("mutant", sorted(MUTANTS))
@pytest.mark.parametrize("name", NAMES)
def test_checks_mutant_is_reported_naming_the_ops(name: str, mutant: str) -> None:
    module = load_file(str(FIXTURES / name / "cmd.generic.mlir"))
    mutation = MUTANTS[mutant](module, "main")
    if mutant not in APPLICABLE[name]:
        assert mutation is None
        return
    assert mutation is not None
    report = _check(module, name)
    assert report.exit_code == 1
    assert EXPECTED_KIND[mutant] in report.kinds()
    named = [
        {o.loc for o in f.ops} for f in report.findings if f"{f.category}/{f.kind}" == EXPECTED_KIND[mutant]
    ]
    first = mutation.ops[0]
    if mutant == "drop-execute-await":
        # A dispatch of the execute that lost its await, and the alloca it no longer waits for.
        inside = _locs_inside(first)
        assert any(locs & inside for locs in named)
    elif mutant == "dealloca-before-last-use":
        assert all(str(first.location) in locs for locs in named)
        assert any(locs & _locs_inside(mutation.ops[1]) for locs in named)
    elif mutant == "conflicting-wave":
        pair = {str(op.location) for op in mutation.ops}
        assert pair in named
    else:  # drop-join-input: the alloca whose timepoint was dropped, and a user inside the guarded execute
        dropped = str(mutation.ops[-1].location)
        guarded = _locs_inside(mutation.ops[1])
        assert any(dropped in locs and locs & guarded for locs in named)


def test_checks_attention_needs_resolved_bindings() -> None:
    """Two dispatches of one wave bind the whole slab for writing; only their resolved ranges are disjoint."""
    name = "attention_block"
    inputs, kw = _args(name)
    program = FIXTURES / name / "cmd.generic.mlir"

    def findings(resolve: bool) -> list[Any]:
        obs = Observer(resolve=resolve)
        result = asyncio.run(Session("cpu").invoke(program, "main", inputs, observer=obs, **kw))
        obs.finish(result.buffer_views)
        return analyse(obs, outputs=result.buffer_views, globals_=obs.interp.globals)

    assert findings(True) == []
    races = [f for f in findings(False) if f.category == "race"]
    assert races
    assert {o.detail.split(" binding")[0] for o in races[0].ops} == {"@main_dispatch_0_matmul_16x64x64_f32"}


def test_checks_same_seed_same_findings() -> None:
    def run() -> list[dict[str, Any]]:
        module = load_file(str(FIXTURES / "mlp" / "cmd.generic.mlir"))
        MUTANTS["conflicting-wave"](module, "main")
        return [f.to_dict() for f in _check(module, "mlp", interleavings=2).findings]

    first = run()
    assert first and run() == first


@pytest.mark.parametrize("name", ["attention_block", "quant_matmul"])
def test_checks_async_form_matches_the_op_by_op_reference(name: str) -> None:
    report = _check(FIXTURES / name / "async.generic.mlir", name, interleavings=1)
    assert report.findings == [] and report.notes == []
    assert [r["name"] for r in report.runs] == [
        "checked",
        "reference (serialised)",
        "reference (async form, op by op)",
        "interleaving 0 (seed 0)",
    ]


def test_checks_queue_order_counts_only_when_asked() -> None:
    """On an in-order machine the alloca runs before the execute on the same queue anyway; HAL semantics
    (the default) still call the missing await a bug, ``queue_order=True`` accepts the queue's order."""
    inputs, kw = _args("mlp")

    def kinds(queue_order: bool) -> list[str]:
        module = load_file(str(FIXTURES / "mlp" / "cmd.generic.mlir"))
        MUTANTS["drop-execute-await"](module, "main")
        report = check_program(module, "main", inputs, machine="discrete-gpu", queue_order=queue_order, **kw)
        return report.kinds()

    assert kinds(False) == ["lifetime/use-before-alloca"] * 2
    assert kinds(True) == []
