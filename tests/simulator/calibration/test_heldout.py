"""simulator.calibration.heldout: the held-out tables (benchmarks/accuracy.py's report prints them)."""

from __future__ import annotations

import pytest

from simulator.calibration import heldout


def test_the_table_gives_the_programs_dispatch_median_beside_the_pooled_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The pooled per-dispatch median is the many-dispatch program's (here ``loop``'s five 50% errors);
    the median of the programs' own medians is beside it, a program without a measured dispatch left out."""
    rows = [
        {"program": "loop", "dispatch_median_abs": 0.5, "dispatches": 5},
        {"program": "a", "dispatch_median_abs": 0.1, "dispatches": 1},
        {"program": "b", "dispatch_median_abs": 0.2, "dispatches": 1},
        {"program": "none", "dispatch_median_abs": float("nan"), "dispatches": 0},
    ]
    for r in rows:
        r.update(fit=False, measured_ns=1000, spread=1.0, sessions=1.0, predicted_ns=1000, error=0.0)
    assert heldout.programs_dispatch_median(rows) == (0.2, 3)
    heldout.print_table("t", rows, [0.5] * 5 + [0.1, -0.2])
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("held-out call"))
    assert "per-dispatch |error| (all rows): median 50.0%, worst 50.0% over 7" in line
    assert "median of the programs' medians 20.0% over 3;" in line


def test_the_table_says_how_many_fixtures_the_merged_runs_themselves_reproduce_within_the_goal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Merged runs (rows with ``runs``, max/min of the runs' call minima): beyond (1 + goal) / (1 - goal) no
    prediction is within the goal of every run; without merged runs the line is not printed."""
    rows = [
        {"program": p, "runs": runs, "dispatch_median_abs": 0.1, "dispatches": 1}
        for p, runs in (("a", 1.2), ("b", 1.25), ("c", 1.0), ("a~debug", 2.0))
    ]
    for r in rows:
        r.update(fit=False, measured_ns=1000, spread=1.0, sessions=1.0, predicted_ns=1000, error=0.0)
    heldout.print_table("t", rows, [0.1], 0.10)
    assert "merged runs: 2/3 fixtures' call minima within x1.222 of each other" in capsys.readouterr().out
    for r in rows:
        r["runs"] = None
    heldout.print_table("t", rows, [0.1], 0.10)
    assert "merged runs" not in capsys.readouterr().out


def test_the_ratio_table_takes_the_ratio_round_by_round_and_says_which_ratios_the_rounds_settle(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A variant and its default measured in the same rounds: their minima's ratio (``a~debug``: 50 / 100,
    the variant met a fast round the default did not) against the ratio taken round by round (the median
    of 100/100, 100/100, 50/100: 1.0), and the split of the minima's ratio between the even and odd rounds
    (a~debug: 1.0 against 0.5, 100%; b~debug: 1.1 both, 0%). The prediction is scored on the ratios whose
    split is within the goal only in the last line."""
    rows = [
        {"program": "a", "sessions_ns": [100, 100, 100], "measured_ns": 100, "predicted_ns": 100},
        {"program": "a~debug", "sessions_ns": [100, 100, 50], "measured_ns": 50, "predicted_ns": 100},
        {"program": "b", "sessions_ns": [10, 20], "measured_ns": 10, "predicted_ns": 10},
        {"program": "b~debug", "sessions_ns": [11, 22], "measured_ns": 11, "predicted_ns": 10},
        {"program": "c~debug", "sessions_ns": [1, 1], "measured_ns": 1, "predicted_ns": 1},
    ]
    rounds = heldout.variant_rounds(rows)
    assert set(rounds) == {"a~debug", "b~debug"}
    assert rounds["a~debug"] == (1.0, 1.0)
    assert rounds["b~debug"][0] == pytest.approx(1.1) and rounds["b~debug"][1] == pytest.approx(0.0)
    heldout.ratio_table("t", heldout.variant_ratios(rows), rounds)
    out = capsys.readouterr().out.splitlines()
    assert any(x.startswith("a~debug") and "+100.0%" in x and "1.000" in x and "100.0%" in x for x in out)
    assert "ratio |error|: median 54.5%, worst 100.0% over 2, within 10%: 1" in out
    assert "ratio taken round by round, |error|: median 4.5%, worst 9.1% over 2, within 10%: 2" in out
    assert any(x.startswith("the measured ratio's split") and "within 10%: 1 of 2" in x for x in out)
    assert "ratio |error| where the split is within 10%: median 9.1%, worst 9.1% over 1, within 10%: 1" in out
    # without rounds the table is as before (no round columns, no split lines)
    heldout.ratio_table("t", heldout.variant_ratios(rows))
    plain = capsys.readouterr().out
    assert "split" not in plain and "round by round" not in plain
