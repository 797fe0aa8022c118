"""The rule table (ir.verifier_rules) and the conformance cases name each other completely."""

from __future__ import annotations

import pathlib

import pytest

from ir.verifier_rules import RULES, Rule

CASES = pathlib.Path(__file__).parents[1] / "fixtures" / "verifier"


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name[:40])
def test_verifier_rules_name_existing_cases(rule: Rule) -> None:
    cases = rule.cases
    assert cases
    missing = [c for c in cases if not (CASES / f"{c}.mlir").is_file()]
    assert missing == []


def test_verifier_rules_cover_every_case() -> None:
    named = {c for r in RULES for c in r.cases}
    on_disk = {p.stem for p in CASES.glob("*.mlir")}
    assert on_disk - named == set()
