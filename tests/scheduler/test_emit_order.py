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


def _reference_in_order(ops: list[Operation], limit: list[int] | None) -> bool:
    """``_in_order`` written plainly: the positions every op uses, each against the op's limit."""
    index = {op: i for i, op in enumerate(ops)}
    return all(
        all(pos <= (i if limit is None else limit[i]) for pos in emit_order._used_positions(op, index))
        for i, op in enumerate(ops)
    )


def test_in_order_matches_the_positions_used() -> None:
    """Random blocks of ops using earlier and later values (often the same few, as dispatches use the same
    index constants), with and without limits (runs of partitions: each op's limit the run's end; a run
    longer than what follows it is checked from the uses of the later ops' results)."""
    import random

    from ir import Builder
    from ir import types as T

    rng = random.Random(7)
    outcomes = set()
    for trial in range(600):
        block = Block([T.index])
        b = Builder(block)
        values = [block.args[0]]
        for _ in range(rng.randint(2, 25)):
            some = values[: rng.randint(1, len(values))]
            operands = [rng.choice(some) for _ in range(rng.choice((1, 2, 5, 16)))]
            values.append(b.create("arith.addi", operands, [T.index]).result)
        ops = list(block.ops)
        if trial % 2:  # a few ops moved: later values used early
            for _ in range(rng.randint(1, 3)):
                ops.insert(rng.randrange(len(ops)), ops.pop(rng.randrange(len(ops))))
        limit = None
        if trial % 3 == 0:  # runs of ops with the run's last position as their limit
            limit, start = [], 0
            while start < len(ops):
                end = min(len(ops), start + rng.choice((1, 2, 4, len(ops))))  # (long: _run_in_order)
                limit += [end - 1] * (end - start)
                start = end
        index = {op: i for i, op in enumerate(ops)}
        expected = _reference_in_order(ops, limit)
        assert emit_order._in_order(ops, index, limit) == expected
        outcomes.add(expected)
    assert outcomes == {True, False}


def test_a_run_using_what_a_later_op_defines() -> None:
    """A run of ops sharing its end as limit, longer than what follows it (checked from the later ops'
    uses): in order unless one of its ops, or an op nested in one, uses a value defined after the run (by
    a later op or an op nested in one)."""
    from ir import Region
    from ir import types as T

    for user_at in (0, 1, 3):  # the run's first op, one inside it, its last
        for nested_user in (False, True):
            for nested_def in (False, True):
                block = Block([T.index])
                arg = block.args[0]
                run = [Operation("t.run", [arg], [T.index]) for _ in range(4)]
                inner = Operation("t.def", [], [T.index])
                later = Operation("t.later", [], [T.index], regions=[Region([Block([], [inner])])])
                late_value = inner.results[0] if nested_def else later.results[0]
                user = run[user_at]
                if nested_user:
                    user = Operation("t.use", [], [])
                    run[user_at].add_region(Region([Block([], [user])]))
                user._append_operand(late_value)
                ops = [*run, later]
                index = {op: i for i, op in enumerate(ops)}
                limit = [3, 3, 3, 3, 4]
                assert not emit_order._in_order(ops, index, limit)
                assert _reference_in_order(ops, limit) is False
                user.drop_operands()  # (no use of the later value: in order)
                assert emit_order._in_order(ops, index, limit)
