"""The bounded fuzz campaign of tools/fuzz_campaign.py: a few hundred mutated programs, archives,
machine files, traces and studies through the CLI. Each must end with exit 0, 1 or 2 and one error
line: no traceback (exit 70 or an exception out of main), no hang. ``--long`` runs thousands."""

from __future__ import annotations

import importlib.util
import pathlib
import random
import sys

import pytest

_PATH = pathlib.Path(__file__).parents[2] / "tools" / "fuzz_campaign.py"
_SPEC = importlib.util.spec_from_file_location("fuzz_campaign", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
fuzz = importlib.util.module_from_spec(_SPEC)
sys.modules["fuzz_campaign"] = fuzz
_SPEC.loader.exec_module(fuzz)
AREAS, DEFAULT_COUNTS, campaign, table = fuzz.AREAS, fuzz.DEFAULT_COUNTS, fuzz.campaign, fuzz.table
mutate_bytes, mutate_text = fuzz.mutate_bytes, fuzz.mutate_text


def test_fuzz_campaign_slice_is_clean() -> None:
    tallies, bad = campaign(DEFAULT_COUNTS, seed=0, limit_s=20.0)
    assert sum(t.cases for t in tallies.values()) == sum(DEFAULT_COUNTS.values())
    details = "\n".join(f"[{o.area}] {o.name}: exit {o.code}: {o.error.strip()[:400]}" for o in bad)
    assert not bad, f"{table(tallies)}\n{details}"


def test_fuzz_mutators_are_seeded_and_change_their_input() -> None:
    text = (pathlib.Path(__file__).parents[1] / "fixtures" / "iree" / "mlp" / "cmd.generic.mlir").read_text()
    first = [mutate_text(text, random.Random(f"s{i}")) for i in range(30)]
    again = [mutate_text(text, random.Random(f"s{i}")) for i in range(30)]
    assert first == again
    assert all(mutated != text for mutated, _ in first)
    assert {kind for _, kind in first} >= {"truncate", "flip", "delete", "duplicate"}
    data = bytes(range(256)) * 8
    assert all(mutate_bytes(data, random.Random(i))[0] != data for i in range(30))


def test_fuzz_campaign_catches_a_planted_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness itself can fail: a verb that raises an unexpected error is counted as a traceback."""
    import simulator.cli.params as params_cli

    def boom(args: object) -> int:
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(params_cli, "run_show", boom)
    tallies, bad = campaign({"archive": 3}, seed=1, limit_s=20.0)
    assert tallies["archive"].tracebacks == 3 and len(bad) == 3
    assert all("internal error: ZeroDivisionError: planted" in o.error for o in bad)
    assert set(AREAS) >= set(DEFAULT_COUNTS)
