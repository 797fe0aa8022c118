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
