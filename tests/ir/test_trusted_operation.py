"""ir.core.trusted_operation (and ir.builder.trusted_create): the op Operation.__init__ (create) makes of the
same arguments, without its checks; it keeps the caller's operand list and properties."""

from __future__ import annotations

import ir.dialects  # noqa: F401  (registers the op classes)
from ir import attributes as A
from ir import types as T
from ir.builder import Builder, create, trusted_create
from ir.core import Block, Operation, OpResult, Region, SourceLocation, trusted_operation
from ir.opdef import lookup_op_class


def _fields(op: Operation) -> tuple[object, ...]:
    return (
        type(op),
        op.op_name,
        [id(v) for v in op.operands],
        [(r.type, r.index, r.op is op, r.uses) for r in op.results],
        op.properties,
        op.attributes,
        op.regions,
        op.successors,
        op.parent,
        op.location,
        op.debug_loc,
    )


def test_trusted_ops_equal_checked_ones() -> None:
    block = Block()
    b = Builder(block)
    x = b.index(4)
    y = b.index(8)
    where = SourceLocation("f.mlir", 3, 5)
    cases: list[tuple[str, list[object], list[T.Type], dict[str, A.Attribute]]] = [
        ("arith.addi", [x, y], [T.index], {}),
        ("arith.addi", [x, x], [T.index], {"overflowFlags": A.UnitAttr()}),
        ("stream.timepoint.immediate", [], [T.timepoint], {}),
        ("util.buffer.constant", [], [T.OpaqueType("!util.buffer")], {"value": A.StringAttr("k")}),
        ("t.unregistered", [y, x, y], [T.index, T.i32], {"a": A.i32_attr(1)}),
        ("stream.yield", [], [], {}),
    ]
    for name, operands, types, props in cases:
        checked = create(name, list(operands), types, dict(props))  # type: ignore[arg-type]
        checked.location = where
        mine = list(operands)
        given = dict(props)
        trusted = trusted_create(name, mine, types, given, where)  # type: ignore[arg-type]
        assert _fields(trusted) == _fields(checked), name
        assert trusted._operands is mine or not mine  # kept, not copied (no operands: the shared list)
        assert trusted.properties is given
        for i, v in enumerate(operands):
            assert (trusted, i) in v.uses and (checked, i) in v.uses  # type: ignore[attr-defined]
        assert all(isinstance(r, OpResult) for r in trusted.results)


def test_trusted_operation_shares_the_empty_lists() -> None:
    op = trusted_operation(Operation, "t.a", [], (), {}, None)
    plain = Operation("t.a")
    assert op._operands is plain._operands and op.results is plain.results and op.regions is plain.regions
    assert op.successors is plain.successors and op.location is None


def test_trusted_operation_with_regions() -> None:
    """An op given new regions keeps the list and becomes their parent, as create makes it."""
    where = SourceLocation("f.mlir", 7, 1)
    for name in ("stream.cmd.concurrent", "t.unregistered"):
        checked = create(name, [], [], {}, None, [Region([Block()]), Region()])
        checked.location = where
        regions = [Region([Block()]), Region()]
        cls = lookup_op_class(name) or Operation
        trusted = trusted_operation(cls, name, [], (), {}, where, regions)
        assert trusted.regions is regions
        assert all(r.parent is trusted for r in trusted.regions)
        assert [len(r.blocks) for r in trusted.regions] == [len(r.blocks) for r in checked.regions]
        mine, theirs = _fields(trusted), _fields(checked)
        assert mine[:6] + mine[7:] == theirs[:6] + theirs[7:], name
