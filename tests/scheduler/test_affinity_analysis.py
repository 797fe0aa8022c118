"""streamsim's affinity analysis (:mod:`scheduler.passes.affinity_analysis`) against IREE's, through
IREE's ``--iree-stream-annotate-affinities`` (:mod:`tests.scheduler.affinity_programs`): every
affinity-aware op's execution affinities and every resource's resource and usage affinities are the
same, on the hand-written cases of ``tests/fixtures/affinity_cases`` and on random functions at each
phase the passes asking the analysis run in."""

from __future__ import annotations

import pytest

import ir
from scheduler.passes.affinity_analysis import AffinityAnalysis
from tests.conftest import FIXTURES, require_iree
from tests.scheduler.affinity_programs import PHASES, compare, compare_text, iree_opt

CASES = sorted((FIXTURES / "affinity_cases").glob("*.mlir"))


def _tool() -> str:
    require_iree()
    tool = iree_opt()
    if tool is None:
        pytest.fail("iree-opt not found beside the Python interpreter or on PATH")
    return tool


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_case_matches_iree(case) -> None:  # type: ignore[no-untyped-def]
    diffs = compare_text(case.read_text(), _tool())
    assert not any(diffs.values()), diffs


@pytest.mark.parametrize("phase", list(PHASES))
def test_random_functions_match_iree(phase: str) -> None:
    verdicts = compare(phase, list(range(40)), _tool())
    assert not {s: d for s, d in verdicts.items() if d}


def test_public_argument_has_no_producer_and_no_consumer_element() -> None:
    # IREE makes consumer elements for op results only: a function argument's usage is its producer
    # alone, invalid for a public function (callers unseen), so the lookup finds nothing.
    m = ir.load_text("""util.func public @f(%r: !stream.resource<*>) -> !stream.resource<*> {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %d = stream.async.dispatch on(#hal.device.affinity<@dev_b>) @ex::@k(%r[%c0 to %c16 for %c16]) :
          (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
      util.return %d : !stream.resource<*>
    }""")
    fn = m.body.ops[0]
    facts = AffinityAnalysis(m)
    arg, d = fn.body.args[0], fn.body.ops[2].results[0]
    assert facts.usage_affinities(arg) == []
    assert facts.resource_affinities(arg) is None
    assert [str(a) for a in facts.usage_affinities(d)] == ["#hal.device.affinity<@dev_b>"]


def test_values_made_after_the_analysis_are_unknown() -> None:
    m = ir.load_text("""util.func private @f() -> !stream.resource<*> {
      %c16 = arith.constant 16 : index
      %c7 = arith.constant 7 : i32
      %s = stream.async.splat on(#hal.device.affinity<@dev_a>) %c7 : i32 -> !stream.resource<*>{%c16}
      util.return %s : !stream.resource<*>
    }""")
    facts = AffinityAnalysis(m)
    s = m.body.ops[0].body.ops[2]
    assert [str(a) for a in facts.resource_affinities(s.results[0]) or []] == ["#hal.device.affinity<@dev_a>"]
    from scheduler.passes.clone_to_consumers import deep_clone

    copy = deep_clone(s, {})
    assert facts.resource_affinities(copy.results[0]) is None
