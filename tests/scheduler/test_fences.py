"""Timepoints where IREE's passes put them (issues 14 and 15), so the host waits only where it reads data.

Importers' coarse-fences ``$async`` functions import the wait fence and await it on the host before the
first dispatch, and forward the result through ``stream.timepoint.barrier`` to the signal fence: IREE's
propagate-timepoints (and elide-timepoints, for ``sync`` awaits) make the consuming region await the
timepoint itself and forward the region's timepoint to the barrier's users. An ``scf.for`` over resources
(``lax.scan``) carries each resource's timepoint beside it. Each case under
tests/fixtures/pipeline_cases/fences/ is compared with IREE's scheduling passes run by iree-opt (then its
canonicalizer, which drops the awaits nothing uses)."""

from __future__ import annotations

import pathlib

import pytest

import ir
from scheduler import Pipeline
from tests.conftest import FIXTURES
from tests.scheduler.test_existing_regions import IREE_SCHEDULE, _iree_opt, _run, host_awaits, regions

IREE_CANONICAL = IREE_SCHEDULE.removesuffix(")") + ",canonicalize)"
CASES = sorted((FIXTURES / "pipeline_cases" / "fences").glob("*.mlir"))


def _scheduled(name: str) -> ir.Module:
    m = ir.load_file(str(FIXTURES / "pipeline_cases" / "fences" / f"{name}.mlir"))
    Pipeline.default().run(m)
    ir.verify(m)
    return m


def test_fences_has_cases() -> None:
    assert len(CASES) >= 4


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_fences_regions_and_host_awaits_as_iree(path: pathlib.Path, tmp_path: pathlib.Path) -> None:
    tool = _iree_opt()
    theirs = ir.parse_module(_run([tool, IREE_CANONICAL, "--mlir-print-op-generic", str(path)]))
    ours = ir.load_file(str(path))
    Pipeline.default().run(ours)
    ir.verify(ours)
    assert regions(ours, "stream.cmd.execute", "stream.cmd.concurrent") == regions(
        theirs, "stream.cmd.execute", "stream.cmd.concurrent"
    )
    assert host_awaits(ours) == host_awaits(theirs)
    printed = tmp_path / "scheduled.mlir"
    printed.write_text(ir.print_generic(ours))
    _run([tool, str(printed)])


def _awaited_by_execute(m: ir.Module) -> set[int]:
    """ids of the timepoints the regions await, directly or through a join or the allocas they await
    (IREE's schedule-allocation makes a region's allocas await what the region awaited)."""
    out: set[int] = set()
    for op in m.walk():
        if op.op_name != "stream.cmd.execute":
            continue
        stack = list(op.operands[-1:])
        while stack:
            v = stack.pop()
            out.add(id(v))
            d = v.defining_op
            if d is not None and d.op_name == "stream.timepoint.join":
                stack.extend(d.operands)
            elif d is not None and d.op_name == "stream.resource.alloca":
                stack.extend(d.operands[1:])
    return out


def test_fences_region_awaits_the_imported_fence() -> None:
    m = _scheduled("coarse_fences")
    names = [op.op_name for op in m.walk()]
    assert "stream.timepoint.await" not in names
    assert "stream.timepoint.barrier" not in names
    assert names.count("stream.cmd.execute") == 1  # the leading splat joins the dispatches' region
    imported = next(op for op in m.walk() if op.op_name == "stream.timepoint.import")
    assert id(imported.results[0]) in _awaited_by_execute(m)


def test_fences_barrier_forwards_the_region_timepoint() -> None:
    m = _scheduled("two_barriers_joined")
    chain = next(op for op in m.walk() if op.op_name == "stream.timepoint.chain_external")
    producer = chain.operands[0].defining_op
    # the join of the two barriers' timepoints folded: both are the region's
    assert producer is not None and producer.op_name in ("stream.cmd.execute", "stream.resource.dealloca")
    exports = [op for op in m.walk() if op.op_name == "stream.tensor.export"]
    assert len(exports) == 2
    for export in exports:
        source = export.operands[0].defining_op
        assert source is not None and source.op_name in ("stream.resource.alloca", "stream.resource.subview")


def test_fences_sync_await_folds_into_its_consumer() -> None:
    m = _scheduled("sync_await_folded")
    fn = next(op for op in m.body.ops if op.op_name == "util.func")
    assert not any(op.op_name == "stream.timepoint.await" and op.attr("sync") for op in fn.walk())
    assert id(fn.body.args[1]) in _awaited_by_execute(m)


def _loop(m: ir.Module) -> ir.Operation:
    return next(op for op in m.walk() if op.op_name == "scf.for")


def test_fences_loop_carries_timepoints() -> None:
    m = _scheduled("loop_two_resources")
    loop = _loop(m)
    body = loop.regions[0].blocks[0]
    types = [str(a.type) for a in body.args[1:]]
    # As IREE's passes and canonicalizer leave it (iree-opt IREE_CANONICAL on the case): the state with
    # its timepoint; the history, updated in place (yielded unchanged), is not carried.
    path = FIXTURES / "pipeline_cases" / "fences" / "loop_two_resources.mlir"
    theirs = ir.parse_module(_run([_iree_opt(), IREE_CANONICAL, "--mlir-print-op-generic", str(path)]))
    assert types == [str(a.type) for a in _loop(theirs).regions[0].blocks[0].args[1:]]
    assert types == ["!stream.resource<transient>", "!stream.timepoint"]
    assert not any(op.op_name == "stream.timepoint.await" for op in body.ops)
    awaited = _awaited_by_execute(m)
    assert {id(a) for a in body.args[2::2]} <= awaited  # the body's region awaits what the loop carries
    assert {id(r) for r in loop.results[1::2]} & awaited  # the region after the loop awaits the loop


def test_fences_loop_result_freed_only_when_whole() -> None:
    """The loop result owns its initial value (no iteration) and its yield: freed after its last use when
    both are whole allocations, never when one is a subview of a slab other values share."""
    whole = _scheduled("loop_carries_timepoint")
    loop = _loop(whole)
    freed = [op.operands[0] for op in whole.walk() if op.op_name == "stream.resource.dealloca"]
    assert any(v is loop.results[0] for v in freed)
    shared = _scheduled("loop_two_resources")
    loop = _loop(shared)
    freed = [op.operands[0] for op in shared.walk() if op.op_name == "stream.resource.dealloca"]
    assert not any(v is r for v in freed for r in loop.results)
