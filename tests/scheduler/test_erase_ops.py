"""scheduler.state.erase_ops against a plain reference (every use list filtered of the erased users, in order):
random blocks whose values are used by many ops (the index constants of a program), erased sets whose
uses stand in a run, are spread out, come twice in the list, or sit in nested regions and outside the block."""

from __future__ import annotations

import random

from ir import types as T
from ir.core import Block, Operation, Region, Value
from scheduler.state import erase_ops


def _reference(ops: list[Operation], block: Block) -> dict[int, list[tuple[int, int]]]:
    """What erase_ops leaves: each value's uses without those of the erased ops and of the ops nested in the
    erased ops that stand in ``block``; by ids, in order."""
    gone: set[int] = {id(op) for op in ops}
    for op in ops:
        if op.parent is block:
            gone.update(id(inner) for inner in op.walk())
    out: dict[int, list[tuple[int, int]]] = {}
    for op in ops:
        for inner in op.walk():
            for v in inner.operands:
                out[id(v)] = [(id(u), i) for u, i in v.uses if id(u) not in gone]
    return out


def _program(rng: random.Random) -> tuple[Block, list[Value], list[Operation], Block]:
    block = Block()
    values: list[Value] = []
    for _ in range(rng.randint(1, 6)):
        c = Operation("t.const", result_types=[T.index])
        block.append(c)
        values.append(c.results[0])
    made: list[Operation] = []
    other = Block()  # ops of another block, also erased at times (their uses go; nested ones stay)
    for _ in range(rng.randint(2, 40)):
        operands = [rng.choice(values) for _ in range(rng.randint(0, 5))]
        regions = []
        if rng.random() < 0.2:
            inner = Operation("t.inner", [rng.choice(values) for _ in range(rng.randint(1, 3))])
            regions = [Region([Block(ops=[inner])])]
        op = Operation("t.op", operands, [T.index], regions=regions)
        (other if rng.random() < 0.1 else block).append(op)
        made.append(op)
        if rng.random() < 0.3:
            values.append(op.results[0])
    return block, values, made, other


def test_erase_ops_matches_the_reference() -> None:
    rng = random.Random(20)
    runs = 0
    for _ in range(400):
        block, values, made, _other = _program(rng)
        # erase ops none of whose results is used by an op that stays
        candidates = [op for op in made if not any(r.uses for r in op.results)]
        if not candidates:
            continue
        mode = rng.random()
        if mode < 0.3:  # a run of consecutive ops (their uses stand together)
            i = rng.randrange(len(candidates))
            chosen = candidates[i : i + rng.randint(1, len(candidates))]
        else:
            chosen = [op for op in candidates if rng.random() < 0.5] or candidates[:1]
        if rng.random() < 0.2:
            chosen = chosen + chosen[: rng.randint(1, len(chosen))]  # an op named twice
        expected = _reference(chosen, block)
        staying = [op for op in block.ops if all(op is not c for c in chosen)]
        erase_ops(chosen, block)
        assert block.ops == staying  # (in order: a few ops removed one by one, more by a filter)
        for v in values:
            if id(v) in expected:
                assert [(id(u), i) for u, i in v.uses] == expected[id(v)]
        assert not any(op in block.ops for op in chosen)
        assert all(op.parent is None for op in chosen)
        runs += 1
    assert runs > 300


def test_a_run_of_erased_uses_between_kept_ones() -> None:
    block = Block()
    c = Operation("t.const", result_types=[T.index])
    block.append(c)
    v = c.results[0]
    first = Operation("t.keep", [v])
    dead = [Operation("t.dead", [v, v]) for _ in range(5)]
    last = Operation("t.keep", [v])
    for op in [first, *dead, last]:
        block.append(op)
    erase_ops(dead, block)
    assert v.uses == [(first, 0), (last, 0)]
    assert block.ops == [c, first, last]
