"""scheduler.emit_order: the early return of order_partitions and sort_topologically (a block already in
order is left as it is, found without the sweep) gives the order the full sweep gives, in order and out
of it."""

from __future__ import annotations

import pytest

import ir
from ir import Block, Operation
from scheduler import emit_order
from scheduler.emit_order import order_partitions, sort_topologically

SOURCE = """util.func public @f(%n: index) -> (index, index) {
  %a = arith.addi %n, %n : index
  %b = arith.muli %a, %n : index
  %c = arith.addi %b, %a : index
  %d = arith.muli %n, %n : index
  %e = arith.addi %d, %c : index
  %g = arith.muli %e, %b : index
  util.return %g, %d : index, index
}"""


def _block() -> tuple[ir.Module, Block]:
    m = ir.load_text(SOURCE)
    return m, m.function("f").regions[0].blocks[0]


def _both(monkeypatch: pytest.MonkeyPatch, apply, perm: list[int]) -> tuple[list[int], list[int]]:  # type: ignore[no-untyped-def]
    """The block's order after ``apply`` (given the block and its ops before ``perm`` permuted them), as
    positions in the source, with the early return and with the full sweep forced."""
    out = []
    for forced in (False, True):
        _, block = _block()
        ops = list(block.ops)
        block.ops[:] = [ops[i] for i in perm]
        with monkeypatch.context() as mp:
            if forced:
                mp.setattr(emit_order, "_in_order", lambda *args: False)
            apply(block, ops)
        out.append([ops.index(op) for op in block.ops])
    return out[0], out[1]


PERMS = {
    "in_order": [0, 1, 2, 3, 4, 5, 6],
    "user_before_producer": [1, 0, 2, 3, 4, 5, 6],
    "late_producer": [0, 1, 3, 5, 2, 4, 6],
}


@pytest.mark.parametrize("name", sorted(PERMS))
def test_sort_topologically_early_return_matches_sweep(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast, full = _both(monkeypatch, lambda block, ops: sort_topologically(block), PERMS[name])
    assert fast == full
    assert (fast == PERMS[name]) == (name == "in_order")


PARTITIONS = {  # (the block's order, the partitions, whether the order changes)
    # contiguous runs in an ordered block: nothing moves (the early return)
    "runs": ([0, 1, 2, 3, 4, 5, 6], [[0, 1, 2], [4, 5]], False),
    # %d (3) sits between a partition's ops: the partition goes where its last op is, %d before it
    "interleaved": ([0, 1, 2, 3, 4, 5, 6], [[0, 1, 4]], True),
    # an op in two partitions goes with the first (the sweep, not the early return, finds it stays)
    "shared": ([0, 1, 2, 3, 4, 5, 6], [[0, 1], [1, 2]], False),
    # a block whose op uses what a later op defines, with a partition split or a run
    "out_of_order": ([1, 0, 2, 3, 4, 5, 6], [[2, 4]], True),
    "out_of_order_runs": ([1, 0, 2, 3, 4, 5, 6], [[2, 3]], True),
}


@pytest.mark.parametrize("name", sorted(PARTITIONS))
def test_order_partitions_early_return_matches_sweep(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    perm, parts, changes = PARTITIONS[name]

    def apply(block: Block, ops: list[Operation]) -> None:
        order_partitions(block, [[ops[i] for i in part] for part in parts])

    fast, full = _both(monkeypatch, apply, perm)
    assert fast == full
    assert (fast != perm) == changes
