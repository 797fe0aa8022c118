"""ir.opdef.operand_groups: several variadic operand groups of an op read at once give what reading each
group's field gives."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

import ir.dialects  # noqa: F401  (registers the op classes)
from ir.loader import load_file
from ir.opdef import OP_CLASSES, VARIADIC, operand_groups

FIXTURES = sorted((pathlib.Path(__file__).parent.parent / "fixtures" / "iree").glob("*/*.generic.mlir"))


def _variadic_groups(op: object) -> list[str]:
    spec = getattr(type(op), "spec", None)
    return [] if spec is None else [name for name, d in spec.operands if d.kind == VARIADIC]


def test_every_fixture_op_reads_its_groups_as_its_fields_do() -> None:
    checked = 0
    for path in FIXTURES:
        for op in load_file(path).op.walk():
            names = _variadic_groups(op)
            if not names:
                continue
            groups = operand_groups(op, *names)
            fields = [getattr(op, name) for name in names]
            assert [[id(v) for v in g] for g in groups] == [[id(v) for v in f] for f in fields], op.describe()
            # in any order and repeated, too
            assert operand_groups(op, *reversed(names), names[0]) == [*reversed(fields), fields[0]]
            checked += 1
    assert checked > 100  # the fixtures have dispatches, executes, calls...


def _dispatch() -> Any:
    return next(
        o for path in FIXTURES for o in load_file(path).op.walk() if o.op_name == "stream.async.dispatch"
    )


def test_the_lists_are_the_callers_own() -> None:
    op = _dispatch()
    (operands,) = operand_groups(op, "resource_operands")
    before = list(op.resource_operands)
    operands.clear()
    assert op.resource_operands == before


def test_a_changed_spec_is_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    op = _dispatch()
    spec = OP_CLASSES["stream.async.dispatch"].spec  # type: ignore[attr-defined]
    first = operand_groups(op, "workload", "resource_operands")
    # the first two groups swapped in the class's spec: the segment sizes now delimit them the other way
    monkeypatch.setattr(spec, "operands", [spec.operands[1], spec.operands[0], *spec.operands[2:]])
    swapped = operand_groups(op, "workload", "resource_operands")
    assert swapped == [op.workload, op.resource_operands]
    sizes = op.attr("operandSegmentSizes").values
    assert [len(g) for g in swapped] == [sizes[1], sizes[0]]
    assert [len(g) for g in first] == [sizes[0], sizes[1]]


def test_an_unknown_group_is_a_key_error() -> None:
    op = _dispatch()
    with pytest.raises(KeyError):
        operand_groups(op, "no_such_group")
