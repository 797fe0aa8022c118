"""scheduler.passes.greedy.post_order: every op after the ops it holds, blocks and ops in order."""

from __future__ import annotations

import pathlib

import pytest

import ir
from ir import Operation
from scheduler.passes.greedy import post_order

FIXTURES = sorted((pathlib.Path(__file__).parents[1] / "fixtures" / "iree").glob("*/async.generic.mlir"))


def _reference(op: Operation) -> list[Operation]:
    out: list[Operation] = []
    for region in op.regions:
        for block in region.blocks:
            for inner in block.ops:
                out.extend(_reference(inner))
    out.append(op)
    return out


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.parent.name)
def test_post_order_is_the_recursive_walk(path: pathlib.Path) -> None:
    module = ir.load_file(str(path))
    got, want = post_order(module.op), _reference(module.op)
    assert any(op.regions for op in want[:-1])  # (nested ops, and ops after them)
    assert len(got) == len(want) and all(a is b for a, b in zip(got, want))
