"""ir.core.Operation.walk_list: the ops walk() yields, the same objects in the same pre-order, as a list."""

from __future__ import annotations

import pathlib

import ir.dialects  # noqa: F401  (registers the op classes)
from ir.core import Block, Operation, Region
from ir.loader import load_file

FIXTURES = sorted((pathlib.Path(__file__).parent.parent / "fixtures" / "iree").glob("*/*.generic.mlir"))


def test_every_fixture_module_walks_as_walk_does() -> None:
    nested = 0
    for path in FIXTURES:
        module = load_file(path)
        for top in [module.op, *module.body.ops]:
            walked = top.walk_list()
            assert [id(op) for op in walked] == [id(op) for op in top.walk()], path.name
            nested += sum(1 for op in walked if op.regions and op is not top)
    assert len(FIXTURES) > 20 and nested > 100  # functions, executes, waves, scf ops at several depths


def test_pre_order_across_regions_and_blocks() -> None:
    # a(b(c, d(e)), f) with b holding two regions, the second of two blocks
    def op(name: str, *regions: list[list[Operation]]) -> Operation:
        return Operation(name, regions=[Region([Block(ops=ops) for ops in blocks]) for blocks in regions])

    e = op("t.e")
    d = op("t.d", [[e]])
    c = op("t.c")
    g = op("t.g")
    b = op("t.b", [[c]], [[d], [g]])
    f = op("t.f")
    a = op("t.a", [[b, f]])
    assert [o.op_name for o in a.walk_list()] == ["t.a", "t.b", "t.c", "t.d", "t.e", "t.g", "t.f"]
    assert a.walk_list() == list(a.walk())
    assert f.walk_list() == [f]
