"""Interleaved measurement rounds: every program in every round, alternating direction, each figure with
the load it was taken at; the minimum round kept, dispatch minima merged over profiles."""

from __future__ import annotations

from typing import Any

import pytest

from simulator.calibration.rounds import interleaved_rounds, merge_call, merge_dispatches, round_order


def test_rounds_alternate_direction_and_record_the_load_before_each_measurement() -> None:
    order: list[tuple[str, int]] = []
    loads = iter([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    saved: list[int] = []

    def measure(name: str, r: int) -> str:
        order.append((name, r))
        return f"{name}{r}"

    out = interleaved_rounds(
        ["a", "b", "c"], measure, 2, load=lambda: next(loads), after_round=lambda r, _: saved.append(r)
    )
    assert order == [("a", 0), ("b", 0), ("c", 0), ("c", 1), ("b", 1), ("a", 1)]
    assert out == {
        "a": [("a0", 1.0), ("a1", 6.0)],
        "b": [("b0", 2.0), ("b1", 5.0)],
        "c": [("c0", 3.0), ("c1", 4.0)],
    }
    assert saved == [0, 1]
    assert round_order(["x", "y"], 3) == ["y", "x"]


def test_a_drifting_load_does_not_favour_a_program_by_its_place() -> None:
    """Call time grows with the load, which grows through the session: with alternating rounds the
    first and last programs meet the same mean load."""
    clock = iter(range(100))
    loads: dict[str, list[float]] = {}

    def measure(name: str, r: int) -> None:
        return None

    out = interleaved_rounds(list("abcd"), measure, 4, load=lambda: float(next(clock)))
    for name, rows in out.items():
        loads[name] = [lo for _, lo in rows if lo is not None]
    means = {n: sum(v) / len(v) for n, v in loads.items()}
    assert len(set(means.values())) == 1


def test_bad_rounds_and_duplicate_programs_are_refused() -> None:
    with pytest.raises(ValueError, match="rounds must be at least 1, got 0"):
        interleaved_rounds(["a"], lambda n, r: 0, 0)
    with pytest.raises(ValueError, match=r"programs named twice: \['a'\]"):
        interleaved_rounds(["a", "b", "a"], lambda n, r: 0, 1)


def test_merge_call_keeps_the_minimum_round_with_its_load() -> None:
    entry: dict[str, Any] = {"load": 9.0}
    merge_call(entry, [({"min_ns": 300}, 7.5), ({"min_ns": 200}, 2.0), ({"min_ns": 250}, None)])
    assert entry == {
        "call_ns": {"min_ns": 200},
        "load": 2.0,
        "sessions_ns": [300, 200, 250],
        "sessions_load": [7.5, 2.0, None],
    }
    merge_call(entry, [({"min_ns": 100}, None)])
    assert "load" not in entry
    with pytest.raises(ValueError, match="no round"):
        merge_call(entry, [])


def _d(name: str, lo: int, hi: int, loc: str = "cmd.mlir:1:1") -> dict[str, Any]:
    return {
        "name": name,
        "loc": loc,
        "min_ns": lo,
        "median_ns": (lo + hi) // 2,
        "max_ns": hi,
        "workgroup_count": [1, 1, 1],
    }


def test_merge_dispatches_takes_each_dispatch_minimum_and_refuses_other_dispatch_lists() -> None:
    a = [_d("x", 10, 20), _d("y", 50, 60, "cmd.mlir:2:1")]
    b = [_d("x", 12, 40), _d("y", 45, 55, "cmd.mlir:2:1")]
    merged = merge_dispatches([a, b])
    assert [(d["name"], d["min_ns"], d["max_ns"], d["median_ns"]) for d in merged] == [
        ("x", 10, 40, 15),
        ("y", 45, 60, 55),
    ]
    assert a[0]["min_ns"] == 10 and b[1]["min_ns"] == 45  # inputs untouched
    with pytest.raises(ValueError, match="profile 1 lists other dispatches"):
        merge_dispatches([a, [_d("x", 1, 2)]])
    with pytest.raises(ValueError, match="no profile"):
        merge_dispatches([])


def test_before_round_runs_before_each_rounds_first_measurement() -> None:
    """The speed reference (simulator.calibration.speed) is timed there: before the round's programs."""
    order: list[str] = []
    interleaved_rounds(
        ["a", "b"], lambda n, r: order.append(f"{n}{r}"), 2, load=lambda: None, before_round=lambda r: order.append(f"ref{r}")
    )
    assert order == ["ref0", "a0", "b0", "ref1", "b1", "a1"]
