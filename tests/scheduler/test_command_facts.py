"""What the cmd-form emitter reads of an async op without the opdef fields, against those fields: a
dispatch's operand groups and ties (scheduler.commands, found once per attribute) and a constant's size
(scheduler.emit_uploads.const_size), over every such op of the IREE fixtures."""

from __future__ import annotations

import pathlib
import sys

import ir.dialects  # noqa: F401  (registers the op classes)
from ir import attributes as A
from ir import types as T
from ir.builder import Builder
from ir.core import Block
from ir.dialects import stream_async as D
from ir.loader import load_file, load_text
from ir.opdef import operand_groups
from scheduler.commands import _DISPATCH_GROUPS, _dispatch_shape
from scheduler.emit_uploads import const_size

FIXTURES = sorted((pathlib.Path(__file__).parent.parent / "fixtures" / "iree").glob("*/*.generic.mlir"))
ROOT = pathlib.Path(__file__).parent.parent.parent


def _ties(op: D.AsyncDispatchOp) -> tuple[set[int], set[int]]:
    """The operands tied to a result and the results tied to an operand, read as lower_dispatch read them
    before it kept them per attribute."""
    ties = op.attr("tied_operands")
    tied_idx: set[int] = set()
    tied_results: set[int] = set()
    if isinstance(ties, A.ArrayAttr):
        for r, e in enumerate(ties):
            tied_idx.add(e.value)  # type: ignore[attr-defined]
            if isinstance(e, A.IntegerAttr) and e.value >= 0:
                tied_results.add(r)
    return tied_idx, tied_results


def test_dispatch_groups_ties_and_constant_sizes_match_the_fields() -> None:
    dispatches = constants = tied = 0
    # the fixtures (IREE's compiled programs, mostly in cmd form) and a scale program (async: 20 layers)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from scale_program import generate
    finally:
        sys.path.pop(0)
    modules = [(path.name, lambda path=path: load_file(path)) for path in FIXTURES]
    modules.append(("scale", lambda: load_text(generate(20))))
    for name, load in modules:
        module = load()
        for op in module.op.walk_list():
            if isinstance(op, D.AsyncDispatchOp):
                groups = operand_groups(op, *_DISPATCH_GROUPS)
                every = op._operands
                for _ in range(2):  # the first time found, the second time kept
                    shape = _dispatch_shape(op)
                    attrs = ("operandSegmentSizes", "tied_operands", "entry_points")
                    assert all(shape[k] is op.attr(a) for k, a in enumerate(attrs)), name
                    assert [every[s] for s in shape[3]] == groups, name
                    idx, results = shape[4], shape[5]
                    assert (set(idx), set(results)) == _ties(op), name
                    assert shape[6] == op.attr("entry_points"), name
                dispatches += 1
                tied += bool(results)
            elif isinstance(op, D.AsyncConstantOp):
                assert const_size(op) is op.result_size, name
                constants += 1
    assert dispatches > 80 and constants > 20 and tied > 3


def test_constant_size_after_an_await() -> None:
    b = Builder(Block())
    tp = b.create("stream.timepoint.immediate", [], [T.timepoint]).result
    size = b.index(64)
    for operands in ([size], [tp, size]):
        op = b.create(
            "stream.async.constant",
            operands,
            [T.ResourceType("constant")],
            properties={"value": A.StringAttr("x")},
        )
        assert isinstance(op, D.AsyncConstantOp)
        assert const_size(op) is op.result_size is size
        assert op.await_timepoint is (tp if len(operands) == 2 else None)
