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
