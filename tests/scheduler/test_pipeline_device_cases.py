"""Hand-written multi-device programs (tests/fixtures/pipeline_cases/devices/) against iree-opt, stage by
stage and as a whole pipeline (issue 14).

The cases: transfers between devices and into a region on their target device, a consumer on another
device without a transfer, a value or a splat read on both devices, a region of the input with an
affinity, a read before an in-place write beside a transfer. Each is raw async form (``!stream.resource<*>``).

- Per stage (:data:`STAGES`): the case is put in the stage's input form by IREE's passes before it (its
  place in IREE's pipeline, :data:`tests.scheduler.async_programs.STAGES`), then IREE's pass and
  streamsim's standalone pass (:data:`scheduler.passes.PASSES`) run on it: the same structure
  (:func:`scheduler.passes.structure.structure`), and iree-opt accepts streamsim's output.
- Whole pipeline: ``streamsim schedule``'s :class:`scheduler.Pipeline` against IREE's async and cmd
  pipelines, from the raw case and from the form iree-compile holds just before schedule-execution
  (``pipeline_random --before-schedule``): the same figures (regions, dispatches, waves, concurrent
  dispatches, transient bytes, host awaits), the same affinities of the regions (in order) and of the
  allocations, and iree-opt accepts the output.
"""

from __future__ import annotations

import pathlib

import pytest

import ir
from benchmarks.pipeline_random import BEFORE_SCHEDULE, FROM_SCHEDULE, IREE_PIPELINE, _figures
from scheduler import Pipeline
from scheduler.passes import PASSES
from scheduler.passes.structure import structure
from tests.conftest import FIXTURES
from tests.scheduler.async_programs import STAGES as PREFIXES
from tests.scheduler.async_programs import _iree
from tests.scheduler.test_existing_regions import _iree_opt
from tests.scheduler.test_pipeline_devices import _placement

CASES = sorted((FIXTURES / "pipeline_cases" / "devices").glob("*.mlir"))
#: The stages whose input can hold more than one device, in IREE's order.
STAGES = (
    "clone-to-consumers",
    "schedule-execution",
    "schedule-concurrency",
    "schedule-allocation",
    "automatic-reference-counting",
)


def test_cases_found() -> None:
    assert len(CASES) >= 8


@pytest.mark.parametrize("stage", STAGES)
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_stage_as_iree(path: pathlib.Path, stage: str) -> None:
    tool = _iree_opt()
    text = path.read_text()
    prefix = PREFIXES[stage][0]
    if prefix:
        ok, text = _iree(tool, [f"--pass-pipeline=builtin.module({prefix})"], text)
        assert ok, text
    ok, theirs = _iree(tool, PASSES[stage].iree_args(), text)
    assert ok, theirs
    module = ir.load_text(text)
    PASSES[stage].run(module)
    accepted, ours = _iree(tool, [], ir.print_generic(module))
    assert accepted, ours
    assert structure(ir.parse_module(ours)) == structure(ir.parse_module(theirs))


@pytest.mark.parametrize("before_schedule", [False, True], ids=["raw", "before-schedule"])
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_pipeline_as_iree(path: pathlib.Path, before_schedule: bool) -> None:
    tool = _iree_opt()
    text = path.read_text()
    if before_schedule:
        ok, text = _iree(tool, [f"--pass-pipeline=builtin.module({BEFORE_SCHEDULE})"], text)
        assert ok, text
        ok, theirs = _iree(tool, FROM_SCHEDULE, text)
        assert ok, theirs
        ok, theirs = _iree(tool, IREE_PIPELINE[1:], theirs)
    else:
        ok, theirs = _iree(tool, IREE_PIPELINE, text)
    assert ok, theirs
    module = ir.load_text(text)
    Pipeline.default().run(module)
    accepted, ours = _iree(tool, [], ir.print_generic(module))
    assert accepted, ours
    a, b = ir.parse_module(ours), ir.parse_module(theirs)
    assert _figures(a) == _figures(b)
    assert _placement(a) == _placement(b)
