"""Random functions with an execution region of the input, through the whole pipeline, against IREE's (issue 14).

``random_function(seed, regions=True)`` puts a run of a random function's top-level ops in a
``stream.async.execute`` awaiting a timepoint argument (``benchmarks/pipeline_random.py --regions``). Both
pipelines keep such a region and schedule the other ops around it; IREE's schedule-concurrency then splits
it into waves as it does the regions it forms, and schedule-execution's cleanup drops its barriers (a
region left with only its yield is replaced by its captures). The seeds below give IREE's figures
(execution regions, dispatches, waves, concurrent dispatches, transient bytes, host awaits) and did not
while the pipeline kept a kept region's ops serial and its barriers (43: a region of one barrier).

IREE's partitioning sees a region of the input as one op with effects: no partition grows across it, even
one its cleanup then elides (21: a region of one barrier, the ops before and after it in two regions; 30,
42: ops before and after a kept region).

A result of a kept region that passes a capture through (tied, once its barrier went) is awaited with the
region, as IREE keeps it a result of the region (8, 81)."""

from __future__ import annotations

import re

import pytest

import ir
from benchmarks.pipeline_random import BEFORE_SCHEDULE, verdict, wave_races
from scheduler import Pipeline
from tests.scheduler.async_programs import HEADER, _iree, random_function
from tests.scheduler.test_existing_regions import _iree_opt


@pytest.mark.parametrize("seed", [3, 5, 12, 43, 46])
def test_input_region_as_iree_whole_pipeline(seed: int) -> None:
    v, detail = verdict(seed, _iree_opt(), False, False, before_schedule=True, regions=True)
    assert v == "same", detail


@pytest.mark.parametrize("seed", [21, 30, 42])
def test_no_partition_grows_across_an_input_region(seed: int) -> None:
    v, detail = verdict(seed, _iree_opt(), False, False, before_schedule=True, regions=True)
    assert v == "same", detail


@pytest.mark.parametrize("seed", [8, 81])
def test_pass_through_result_awaited_with_its_region(seed: int) -> None:
    # a result of the kept region yields a capture as it came in (its barrier gone): IREE awaits it with
    # the region (8: an argument; 81: results of the region before, awaited with the kept region's own)
    v, detail = verdict(seed, _iree_opt(), False, False, before_schedule=True, regions=True)
    assert v == "same", detail


def test_region_capturing_an_operand_tied_twice_is_scheduled() -> None:
    # seed 11: IREE's canonicalizer ties two results of the region to one capture; copy-on-write cloned
    # it once, then looked for the capture again (a traceback)
    v, detail = verdict(11, _iree_opt(), False, False, regions=True)
    assert v in ("same", "different"), detail


def test_regions_keep_the_ops_of_the_seed() -> None:
    plain = random_function(7)
    wrapped = random_function(7, regions=True)
    assert "stream.async.execute await(%tp)" in wrapped and "stream.async.execute" not in plain

    def ops(text: str) -> list[str]:
        return re.findall(r"= (stream\.async\.(?!execute)\w+|scf\.if)", text)

    assert ops(plain) == ops(wrapped)


@pytest.mark.parametrize("seed", [295])
def test_an_in_place_write_of_an_awaited_resource_waits_for_its_readers(seed: int) -> None:
    # an elided region of the input yields %arg1 twice (barriers); a dispatch writes the await's second
    # result in place after a clone, a dispatch and a slice read %arg1 (the same storage: the await's
    # results are its operands): the write must not run in one wave with those reads. The graph saw no
    # storage shared through the await, and the pipeline put the write and two reads in one wave (1 wave
    # of 4 where IREE has 2). IREE's own output, with the same figures, runs the write in its first wave
    # and the reads after it (its SSA-only order; the reads see the written bytes)
    tool = _iree_opt()
    v, detail = verdict(seed, tool, False, False, before_schedule=True, regions=True)
    assert v == "same", detail
    ok, text = _iree(tool, [f"--pass-pipeline=builtin.module({BEFORE_SCHEDULE})"], HEADER + random_function(
        seed, regions=True) + "\n")
    assert ok, text
    module = ir.load_text(text)
    Pipeline.default().run(module)
    assert wave_races(module) == []
