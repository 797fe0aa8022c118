"""Execution regions already in the input (issue 14, cause 4): a region that awaits, holds
``stream.async.concurrent`` waves, or whose timepoint other host ops use is kept as it is and the other
ops are scheduled around it, as IREE's ``--iree-stream-schedule-execution`` does; IREE's
``--iree-stream-schedule-concurrency`` then splits it into waves as it does the regions it formed (a
``stream.async.concurrent`` of the input is one op to it). Each case under
tests/fixtures/pipeline_cases/existing_regions/ is compared with iree-opt: the same dispatches share a
region, with the same waves, iree-opt accepts the pipeline's cmd-form output, and the whole pipeline gives
IREE's figures."""

from __future__ import annotations

import pathlib
import subprocess

import pytest

import ir
from scheduler import Pipeline
from tests.conftest import FIXTURES, iree_tool, require_iree

CASES = sorted((FIXTURES / "pipeline_cases" / "existing_regions").glob("*.mlir"))


def _iree_opt() -> str:
    require_iree()
    found = iree_tool("iree-opt")
    if found is None:
        pytest.fail("iree-opt not found beside the Python interpreter or on PATH")
    return found


def _run(args: list[str]) -> str:
    done = subprocess.run(args, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def regions(module: ir.Module, region_op: str, wave_op: str) -> list[tuple[frozenset[str], list[list[str]]]]:
    """Each execution region as (its dispatches' entry points, its concurrent waves' entry points)."""
    out = []
    for op in module.walk():
        if op.op_name != region_op:
            continue
        names = frozenset(str(o.attr("entry_points")) for o in op.walk() if o.op_name.endswith(".dispatch"))
        waves = sorted(
            sorted(str(o.attr("entry_points")) for o in w.walk() if o.op_name.endswith(".dispatch"))
            for w in op.walk()
            if w.op_name == wave_op
        )
        out.append((names, waves))
    return sorted(out, key=lambda r: sorted(r[0]))


def test_existing_regions_has_cases() -> None:
    assert len(CASES) >= 4


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_existing_region_kept_as_iree_keeps_it(path: pathlib.Path, tmp_path: pathlib.Path) -> None:
    tool = _iree_opt()
    pipeline = (
        "--pass-pipeline=builtin.module(util.initializer(iree-stream-schedule-execution,"
        "iree-stream-schedule-concurrency),util.func(iree-stream-schedule-execution,"
        "iree-stream-schedule-concurrency))"
    )
    theirs = ir.parse_module(_run([tool, pipeline, "--mlir-print-op-generic", str(path)]))
    ours = ir.load_file(str(path))
    Pipeline.default().run(ours)
    ir.verify(ours)
    assert regions(ours, "stream.cmd.execute", "stream.cmd.concurrent") == regions(
        theirs, "stream.async.execute", "stream.async.concurrent"
    )
    printed = tmp_path / "scheduled.mlir"
    printed.write_text(ir.print_generic(ours))
    _run([tool, str(printed)])


#: IREE's scheduling passes from schedule-execution to elide-timepoints (without the clean-ups between).
IREE_SCHEDULE = (
    "--pass-pipeline=builtin.module("
    "util.initializer(iree-stream-schedule-execution,iree-stream-schedule-concurrency),"
    "util.func(iree-stream-schedule-execution,iree-stream-schedule-concurrency),"
    "iree-stream-propagate-timepoints,iree-stream-schedule-allocation,iree-stream-elide-timepoints)"
)


def host_awaits(module: ir.Module) -> list[tuple[str, int]]:
    """Per function in order: its name and how many host awaits it has."""
    return [
        (
            str(fn.attr("sym_name") or fn.op_name),
            sum(op.op_name == "stream.timepoint.await" for op in fn.walk()),
        )
        for fn in module.body.ops
        if fn.op_name in ("util.func", "util.initializer")
    ]


#: case -> why the pipeline's host awaits differ from IREE's.
AWAITS_DIFFER: dict[str, str] = {}


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(p, id=p.stem, marks=[pytest.mark.xfail(strict=True, reason=AWAITS_DIFFER[p.stem])])
        if p.stem in AWAITS_DIFFER
        else pytest.param(p, id=p.stem)
        for p in CASES
    ],
)
def test_existing_region_host_awaits_as_iree(path: pathlib.Path) -> None:
    """As many host awaits per function as IREE's scheduling passes leave: a region result the input used
    unawaited (an importer's ``$async`` export chained to a fence) stays unawaited."""
    theirs = ir.parse_module(_run([_iree_opt(), IREE_SCHEDULE, "--mlir-print-op-generic", str(path)]))
    ours = ir.load_file(str(path))
    Pipeline.default().run(ours)
    assert host_awaits(ours) == host_awaits(theirs)


# IREE's whole pipeline folds the initializer's stores of globals nothing loads away (no region is left).
WHOLE_PIPELINE_SKIP = {"region_yields_wave_results"}


@pytest.mark.parametrize(
    "path", [p for p in CASES if p.stem not in WHOLE_PIPELINE_SKIP], ids=lambda p: p.stem
)
def test_existing_region_whole_pipeline_as_iree(path: pathlib.Path) -> None:
    """The figures (regions, dispatches, waves, concurrent dispatches, transient bytes, host awaits) of
    IREE's async and cmd pipelines: a kept region's independent ops share a wave."""
    from benchmarks.pipeline_random import IREE_PIPELINE, _figures

    theirs = ir.parse_module(_run([_iree_opt(), *IREE_PIPELINE, "--mlir-print-op-generic", str(path)]))
    ours = ir.load_file(str(path))
    Pipeline.default().run(ours)
    assert _figures(ours) == _figures(theirs)


def test_existing_region_keeps_its_await() -> None:
    m = ir.load_file(str(FIXTURES / "pipeline_cases" / "existing_regions" / "region_awaits_argument.mlir"))
    Pipeline.default().run(m)
    fn = next(op for op in m.body.ops if op.op_name == "util.func")
    tp_arg = fn.body.args[1]
    awaited = set()
    for op in fn.walk():
        if op.op_name == "stream.timepoint.join":
            awaited.update(id(v) for v in op.operands)
        elif op.op_name == "stream.cmd.execute":
            awaited.update(id(v) for v in op.operands[-1:])
    assert id(tp_arg) in awaited


def test_existing_region_timepoint_reaches_its_host_users() -> None:
    m = ir.load_file(str(FIXTURES / "pipeline_cases" / "existing_regions" / "region_timepoint_exported.mlir"))
    Pipeline.default().run(m)
    export = next(op for op in m.walk() if op.op_name == "stream.timepoint.export")
    producer = export.operands[0].defining_op
    assert producer is not None and producer.op_name in ("stream.cmd.execute", "stream.resource.dealloca")
    assert not any(op.op_name == "stream.timepoint.immediate" for op in m.walk())
