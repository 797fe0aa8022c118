"""One operand schema: the host interpreter, the reference and the typed accessors the scheduler uses
all read an op's operand groups from its ir op class. A planted change of one op's layout (here in
memory; in the code it is one edit, in the op's class under ir/dialects/) reaches all of them."""

from __future__ import annotations

import pytest

from ir import ProgramBuilder
from ir import attributes as A
from ir import types as T
from ir.opdef import OP_CLASSES
from simulator.host.fields import groups, layout_of
from simulator.reference import _seg


def _execute_op():  # type: ignore[no-untyped-def]
    pb = ProgramBuilder()
    pb.function("f", [], [])
    size = pb.index(64)
    splat = pb.create("stream.async.splat", [pb.constant(0, T.i32), size], [T.ResourceType("*")])
    resource = splat.results[0]
    op = pb.create(
        "stream.async.execute",
        [resource, size, size],
        [T.ResourceType("*"), T.TimepointType()],
        properties={"operandSegmentSizes": A.segment_sizes(1, 1, 1, 0)},
    )
    return op, resource, size


def test_one_schema_every_reader_follows_the_op_class() -> None:
    op, resource, size = _execute_op()
    assert [n for n, _ in layout_of(op)] == [n for n, _ in OP_CLASSES["stream.async.execute"].spec.operands]
    assert groups(op, list(op.operands))["resource_operands"] == [resource]
    assert _seg(op)["resource_operands"] == [0]
    assert op.resource_operands == [resource]  # type: ignore[attr-defined]


def test_one_schema_planted_layout_change_reaches_every_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """Swap the first two operand groups of stream.async.execute in its class's spec: the host groups,
    the reference's indices and the typed accessor all see the new layout, with no other edit."""
    spec = OP_CLASSES["stream.async.execute"].spec
    swapped = [spec.operands[1], spec.operands[0], *spec.operands[2:]]
    monkeypatch.setattr(spec, "operands", swapped)
    op, resource, size = _execute_op()
    # The same operands now read as sizes first, then resources.
    assert groups(op, list(op.operands))["resource_operand_sizes"] == [resource]
    assert groups(op, list(op.operands))["resource_operands"] == [size]
    assert _seg(op)["resource_operands"] == [1]
    assert op.resource_operands == [size]  # type: ignore[attr-defined]


def _cmd_dispatch_op():  # type: ignore[no-untyped-def]
    pb = ProgramBuilder()
    pb.function("g", [], [])
    one, size = pb.index(1), pb.index(64)
    res = pb.create("stream.resource.alloca", [size], [T.ResourceType("transient"), T.TimepointType()]).results[0]
    # workload 1, uniforms 2, then one resource with its size, offset and length.
    return pb.create(
        "stream.cmd.dispatch",
        [one, one, size, res, size, one, size],
        [],
        properties={"operandSegmentSizes": A.segment_sizes(1, 2, 1, 1, 1, 1)},
    )


def test_one_schema_dispatch_recording_reads_groups_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """The execute rule's dispatch recording finds its operand groups by the names CmdDispatchOp gives
    them; a reordering of the groups in the class (one edit) moves the boundaries with it."""
    from simulator.host.execute_rules import _bounds

    op = _cmd_dispatch_op()
    assert _bounds(op) == (0, 1, 3, 4, 5, 6, 7)
    spec = OP_CLASSES["stream.cmd.dispatch"].spec
    # Planted: uniforms declared before the workload; the segment sizes are read in the new order.
    monkeypatch.setattr(spec, "operands", [spec.operands[1], spec.operands[0], *spec.operands[2:]])
    assert _bounds(op) == (0, 2, 3, 4, 5, 6, 7)
