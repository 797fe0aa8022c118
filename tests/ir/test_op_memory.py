"""What an op holds costs memory per op: ops without results, regions or successors share one empty list
that cannot change in place (ir.core._Empty), and a SourceLocation has slots; the IR they make prints,
copies and pickles as before."""

from __future__ import annotations

import copy
import gc
import pickle
import tracemalloc

import pytest

import ir
from ir.core import _EMPTY, Block, Operation, Region, SourceLocation, source_location
from ir.errors import IRError
from tests.conftest import scale_ladder


def _ops(module: ir.Module) -> list[Operation]:
    return list(module.op.walk())


def test_ops_without_results_regions_or_successors_share_one_empty_list() -> None:
    module = ir.load_text(scale_ladder(3), "ladder.mlir")
    ops = _ops(module)
    bare = [op for op in ops if not op.results and not op.regions and not op.successors]
    assert len(bare) > 10
    assert all(op.results is _EMPTY and op.regions is _EMPTY and op.successors is _EMPTY for op in bare)
    with_results = [op for op in ops if op.results]
    assert with_results and all(op.results is not _EMPTY for op in with_results)
    op = bare[0]
    for change in (
        lambda: op.results.append(None),  # type: ignore[arg-type]
        lambda: op.regions.extend([Region()]),
        lambda: op.successors.insert(0, Block()),
        lambda: op.results.__setitem__(slice(0, 0), [1]),  # type: ignore[list-item]
        lambda: op.results.__iadd__([1]),  # type: ignore[list-item]
    ):
        with pytest.raises(IRError, match="shared empty list"):
            change()
    op.regions.clear()  # (empty already: allowed, as on a list of its own)
    assert _EMPTY == [] and len(_EMPTY) == 0
    region = op.add_region()
    assert op.regions == [region] and op.regions is not _EMPTY and region.parent is op
    assert bare[1].regions is _EMPTY  # the others still share it


def test_ir_with_shared_empties_prints_copies_and_pickles_the_same() -> None:
    text = scale_ladder(3)
    module = ir.load_text(text, "ladder.mlir")
    printed = ir.print_generic(module)
    assert ir.print_generic(ir.load_text(printed, "again.mlir")) == printed
    for other in (copy.deepcopy(module), pickle.loads(pickle.dumps(module))):
        assert ir.print_generic(other) == printed
        for op in _ops(other):
            if not op.regions:
                op.add_region()  # a copied empty list (not the shared object) is replaced too
                assert len(op.regions) == 1


def test_source_location_is_a_slotted_frozen_record() -> None:
    location = source_location("m.mlir", 3, 7)
    assert location == SourceLocation("m.mlir", 3, 7) and hash(location) == hash(SourceLocation("m.mlir", 3, 7))
    assert str(location) == "m.mlir:3:7" and repr(location) == "SourceLocation(filename='m.mlir', line=3, col=7)"
    assert not hasattr(location, "__dict__")
    with pytest.raises(AttributeError):
        location.line = 4  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(location)) == location


def test_bytes_per_op_after_parse() -> None:
    """The IR of the ladder program, measured with tracemalloc (its second parse, so that caches the first
    filled do not count): under 1,340 bytes an op (1,474 with a list per op for its results, regions and
    successors and a SourceLocation with a __dict__; 1,299 with neither)."""
    text = scale_ladder(20)
    ir.load_text(text, "first.mlir")
    gc.collect()
    tracemalloc.start()
    try:
        module = ir.load_text(text, "ladder.mlir")
        gc.collect()
        current, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    per_op = current / len(_ops(module))
    assert per_op < 1340, per_op
