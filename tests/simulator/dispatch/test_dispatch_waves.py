"""Dispatches of one concurrency wave write disjoint bytes once resolved through their executables.

Judged by whole bindings, IREE's own waves look racy: several dispatches bind the same transient slab
for writing and pass their real offsets as constants or push constants. ``accesses`` resolves each
binding through the subspan offset and the store's slice, which is what the race checker needs.
"""

from __future__ import annotations

import pathlib

import pytest

from ir.attributes import ArrayAttr, SymbolRefAttr
from ir.core import Operation, Value
from simulator.dispatch import load_executable
from simulator.dispatch.bindings import split_segments
from simulator.dispatch.scalars import constant_value
from tests.conftest import IREE_FIXTURES
from tests.simulator.dispatch.cmd_driver import load_fixture_module

WAVE_FIXTURES = ["attention_block", "wide_branches_softmax", "quant_matmul"]


def _const(v: Value) -> int:
    op = v.defining_op
    assert op is not None and op.op_name == "arith.constant", f"{v} is not a constant"
    return int(constant_value(op))


def _writes(module, dispatch: Operation) -> list[tuple[Value, int, int]]:  # type: ignore[no-untyped-def]
    """(resource, start, stop) of every byte range the dispatch writes, in resource coordinates."""
    _, uniforms, resources, _sizes, offsets, lengths = split_segments(dispatch, list(dispatch.operands))
    entries = dispatch.attr("entry_points")
    assert isinstance(entries, ArrayAttr) and isinstance(entries.elements[0], SymbolRefAttr)
    program = load_executable(module, entries.elements[0])
    lens = [_const(n) for n in lengths]
    ranges = program.accesses([_const(u) for u in uniforms], lens)
    out = []
    for res, off, per in zip(resources, offsets, ranges):
        base = _const(off)
        out += [(res, base + a, base + b) for kind, a, b in per if kind == "write"]
    return out


@pytest.mark.parametrize("name", WAVE_FIXTURES)
def test_wave_writes_are_disjoint_after_resolution(name: str) -> None:
    module = load_fixture_module(pathlib.Path(IREE_FIXTURES / name))
    waves = [op for op in module.walk() if op.op_name == "stream.cmd.concurrent"]
    assert waves, f"{name} has no concurrency wave"
    shared_slab = False
    for wave in waves:
        dispatches = [op for op in wave.body.ops if op.op_name == "stream.cmd.dispatch"]
        writes = [_writes(module, d) for d in dispatches]
        for i in range(len(dispatches)):
            for j in range(i + 1, len(dispatches)):
                for ra, a0, a1 in writes[i]:
                    for rb, b0, b1 in writes[j]:
                        if ra is rb:
                            shared_slab = True
                            assert a1 <= b0 or b1 <= a0, (
                                f"{name}: dispatches {i} and {j} both write [{max(a0, b0)}, {min(a1, b1)})"
                            )
    if name != "quant_matmul":
        assert shared_slab, "expected dispatches of one wave to write the same slab at different offsets"
