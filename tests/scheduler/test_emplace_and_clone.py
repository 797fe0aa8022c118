"""emplace-allocations and clone-to-consumers alone, one behaviour each (the differential cases against
iree-opt are under tests/fixtures/scheduler_cases/<pass>/, run by test_conformance.py)."""

from __future__ import annotations

import ir
from scheduler.passes import PASSES
from scheduler.passes.clone_to_consumers import clone_to_consumers
from scheduler.passes.emplace_allocations import emplace_allocations
from simulator.cli import main
from tests.conftest import FIXTURES

CASES = FIXTURES / "scheduler_cases"


def _names(fn: ir.Operation) -> list[str]:
    return [op.op_name for op in fn.body.ops if not op.op_name.startswith("arith.")]


def test_passes_are_registered_with_irees_flags():
    assert PASSES["emplace-allocations"].iree_flag == "--iree-stream-emplace-allocations"
    assert PASSES["emplace-allocations"].nest == "util.func"
    assert PASSES["clone-to-consumers"].iree_flag == "--iree-stream-clone-to-consumers"


def test_emplace_allocations_writes_each_concat_piece_into_the_target():
    m = ir.load_file(str(CASES / "emplace-allocations" / "concat_into_alloca.mlir"))
    emplace_allocations(m)
    fn = m.body.ops[0]
    assert _names(fn) == [
        "stream.async.alloca",
        "stream.async.dispatch",
        "stream.async.dispatch",
        "stream.async.dispatch",
        "util.return",
    ]
    alloca, *dispatches = (op for op in fn.body.ops if op.op_name.startswith("stream."))
    # each dispatch is tied to the previous one's result (the first to the alloca): one buffer written
    # in three places, returned as the last dispatch's result
    targets = [alloca.result] + [d.results[0] for d in dispatches[:-1]]
    for d, target in zip(dispatches, targets):
        assert any(v is target for v in d.operands)
        assert [e.value for e in d.attr("tied_operands")] == [1]  # type: ignore[union-attr]
    assert fn.body.ops[-1].operands[0] is dispatches[-1].results[0]


def test_emplace_allocations_leaves_what_it_cannot_place():
    m = ir.load_file(str(CASES / "emplace-allocations" / "kept_when_not_alone_or_other_device.mlir"))
    before = ir.print_generic(m)
    emplace_allocations(m)
    # a result used twice, an update on another affinity, a tied dispatch: nothing is rewritten
    assert ir.print_generic(m) == before


def test_clone_to_consumers_clones_a_chain_per_device():
    m = ir.load_file(str(CASES / "clone-to-consumers" / "chains_cloned_whole.mlir"))
    clone_to_consumers(m)
    names = _names(m.body.ops[0])
    assert names.count("flow.tensor.splat") == 6
    assert names.count("flow.tensor.reshape") == 2


def test_clone_to_consumers_and_emplace_run_from_the_cli(tmp_path):
    for stage, case in (
        ("clone-to-consumers", "clone-to-consumers/stream_splat_per_device.mlir"),
        ("emplace-allocations", "emplace-allocations/lifetime_change_transfers.mlir"),
    ):
        out = tmp_path / f"{stage}.mlir"
        assert main(["schedule", "--stage", stage, str(CASES / case), "-o", str(out)]) == 0
        assert out.read_text()
