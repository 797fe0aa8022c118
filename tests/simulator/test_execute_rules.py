"""Tests of recording execute regions: dispatch facts kept across invocations follow edits of the op."""

from __future__ import annotations

import dataclasses

import pytest

from ir.attributes import DenseArrayAttr
from simulator import Session
from simulator.errors import UnsupportedOpError
from simulator.examples.programs import deep_program


def test_execute_dispatch_facts_are_reread_after_an_edit() -> None:
    module = deep_program(3)
    session = Session("cpu")
    first = session.run_sync(module, timing_only=True)
    again = session.run_sync(module, timing_only=True)
    assert again.trace == first.trace
    dispatch = next(op for op in module.walk() if op.op_name == "stream.cmd.dispatch")
    seg = dispatch.properties["operandSegmentSizes"]
    assert isinstance(seg, DenseArrayAttr)
    dispatch.properties["operandSegmentSizes"] = dataclasses.replace(seg, values=seg.values[:5])
    with pytest.raises(UnsupportedOpError, match="operandSegmentSizes has 5 groups, the host interpreter knows 6"):
        session.run_sync(module, timing_only=True)


def test_execute_dispatch_shapes_are_found_by_attribute_identity() -> None:
    """Dispatches that share their entry_points, resource_accesses and operandSegmentSizes objects (as
    the scheduler makes them) are read once: one shape, found by those objects' identity; an op given
    another object is read afresh."""
    from ir.attributes import ArrayAttr, IntegerAttr
    from simulator.host.execute_rules import _MODULE_FACTS

    module = deep_program(3)
    first, *others = [op for op in module.walk() if op.op_name == "stream.cmd.dispatch"]
    for op in others:
        for name in ("entry_points", "resource_accesses", "operandSegmentSizes"):
            assert op.properties[name] == first.properties[name]
            op.properties[name] = first.properties[name]
    session = Session("cpu")
    session.run_sync(module, timing_only=True)
    facts = _MODULE_FACTS[module]
    assert len(facts.by_attrs) == 1 and len({id(facts.ops[op].shape) for op in (first, *others)}) == 1
    assert facts.ops[first].shape.accesses == ["ro", "wo"]

    # The last dispatch writes both its bindings: its own accesses, not the shared shape's.
    acc = first.properties["resource_accesses"]
    assert isinstance(acc, ArrayAttr)
    others[-1].properties["resource_accesses"] = ArrayAttr(tuple(IntegerAttr(2, a.type) for a in acc))
    session.run_sync(module, timing_only=True)
    assert facts.ops[others[-1]].shape.accesses == ["wo", "wo"] and facts.ops[first].shape.accesses == ["ro", "wo"]
    assert len(facts.by_attrs) == 2

