"""measure_rounds: every program measured once a round, the rounds interleaved, the minima kept."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from simulator.calibration import measure
from simulator.calibration.measure import Case, measure_rounds


class _Timing:
    """What benchmark_call returns, as measure_rounds reads it: a call's minimum (and median, ``median_offset``
    above it)."""

    def __init__(self, ns: int, median_offset: int = 0) -> None:
        self.ns, self.median_offset = ns, median_offset

    def to_dict(self) -> dict[str, int]:
        return {"min_ns": self.ns, "median_ns": self.ns + self.median_offset}


def test_rounds_interleave_the_programs_and_keep_each_minimum(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    order: list[tuple[str, str]] = []
    calls = {"a": iter([50, 30, 40]), "b": iter([7, 9, 5])}
    dispatch = {"a": iter([20, 12, 99]), "b": iter([3, 2, 1])}

    def profile(name: str) -> list[dict[str, Any]]:
        ns = next(dispatch[name])
        return [{"name": "d", "loc": "x:1:1", "min_ns": ns, "median_ns": ns, "max_ns": ns}]

    def measure_case(case: Case, workdir: pathlib.Path, **kw: Any) -> dict[str, Any]:
        order.append(("whole", case.name))
        ns = next(calls[case.name])
        return {
            "name": case.name,
            "call_ns": {"min_ns": ns, "median_ns": ns},
            "dispatches": profile(case.name),
        }

    def benchmark_call(vmfb: Any, **kw: Any) -> _Timing:
        name = pathlib.Path(vmfb).stem
        order.append(("call", name))
        return _Timing(next(calls[name]), median_offset=1)

    def profile_dispatches(case: Case, workdir: pathlib.Path, **kw: Any) -> list[dict[str, Any]]:
        order.append(("profile", case.name))
        return profile(case.name)

    monkeypatch.setattr(measure, "measure_case", measure_case)
    monkeypatch.setattr(measure, "benchmark_call", benchmark_call)
    monkeypatch.setattr(measure, "profile_dispatches", profile_dispatches)
    monkeypatch.setattr(measure, "module_of", lambda case, workdir, device: tmp_path / f"{case.name}.vmfb")
    seen: list[tuple[int, int, str]] = []
    cases = [Case(n, tmp_path / f"{n}.mlir", ()) for n in ("a", "b")]
    out = measure_rounds(
        cases, tmp_path, rounds=3, profile_rounds=2, progress=lambda r, i, c, m: seen.append((r, i, c.name))
    )
    # forward, backward, forward; the second round profiles again, the third does not
    assert order == [
        ("whole", "a"),
        ("whole", "b"),
        ("call", "b"),
        ("profile", "b"),
        ("call", "a"),
        ("profile", "a"),
        ("call", "a"),
        ("call", "b"),
    ]
    assert seen == [(0, 1, "a"), (0, 2, "b"), (1, 3, "b"), (1, 4, "a"), (2, 5, "a"), (2, 6, "b")]
    assert out["a"]["call_ns"] == {"min_ns": 30, "median_ns": 31} and out["a"]["sessions_ns"] == [50, 30, 40]
    assert out["b"]["call_ns"]["min_ns"] == 5 and out["b"]["sessions_ns"] == [7, 9, 5]
    # each dispatch's minimum over the profiled rounds (the third profile's 99 and 1 were never taken)
    assert out["a"]["dispatches"][0]["min_ns"] == 12 and out["b"]["dispatches"][0]["min_ns"] == 2
    assert out["a"]["name"] == "a" and len(out["a"]["sessions_load"]) == 3


def _fake_measurement(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, calls: dict[str, int], profiles: dict[str, list[int]]
) -> list[str]:
    """measure_case, benchmark_call and profile_dispatches monkeypatched: each program's call always takes
    ``calls[name]``, its one dispatch the next of ``profiles[name]`` each time it is profiled; returns the
    log of what was profiled."""
    profiled: list[str] = []
    left = {n: iter(v) for n, v in profiles.items()}

    def profile(name: str) -> list[dict[str, Any]]:
        profiled.append(name)
        ns = next(left[name])
        return [{"name": "d", "loc": "x:1:1", "min_ns": ns, "median_ns": ns, "max_ns": ns}]

    def measure_case(case: Case, workdir: pathlib.Path, **kw: Any) -> dict[str, Any]:
        ns = calls[case.name]
        return {"name": case.name, "call_ns": {"min_ns": ns, "median_ns": ns}, "dispatches": profile(case.name)}

    monkeypatch.setattr(measure, "measure_case", measure_case)
    monkeypatch.setattr(measure, "benchmark_call", lambda vmfb, **kw: _Timing(calls[pathlib.Path(vmfb).stem]))
    monkeypatch.setattr(measure, "profile_dispatches", lambda case, workdir, **kw: profile(case.name))
    monkeypatch.setattr(measure, "module_of", lambda case, workdir, device: tmp_path / f"{case.name}.vmfb")
    return profiled


def test_a_program_whose_dispatches_sum_above_its_call_is_profiled_again(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    """On local-sync the dispatches run inside the call: a profile whose dispatch minima sum to more than
    the call's minimum met more load than the timing did. ``ok`` (40 < 50) is never profiled again;
    ``late`` (80, then 45) once; ``stuck`` (90, 95, 91) twice, the most allowed, and keeps its least."""
    calls = {"ok": 50, "late": 50, "stuck": 50}
    profiled = _fake_measurement(
        monkeypatch, tmp_path, calls, {"ok": [40], "late": [80, 45], "stuck": [90, 95, 91]}
    )
    cases = [Case(n, tmp_path / f"{n}.mlir", ()) for n in calls]
    out = measure_rounds(cases, tmp_path, device="local-sync", rounds=2, reprofile=2, load=lambda: 0.5)
    assert profiled == ["ok", "late", "stuck", "late", "stuck", "stuck"]
    assert "reprofiled" not in out["ok"] and out["ok"]["dispatches"][0]["min_ns"] == 40
    assert out["late"]["reprofiled"] == 1 and out["late"]["dispatches"][0]["min_ns"] == 45
    assert out["stuck"]["reprofiled"] == 2 and out["stuck"]["dispatches"][0]["min_ns"] == 90
    # without reprofile (local-task, whose workers run dispatches side by side) none is
    profiled.clear()
    _fake_measurement(monkeypatch, tmp_path, calls, {"ok": [40], "late": [80], "stuck": [90]})
    out = measure_rounds(cases, tmp_path, rounds=1, load=lambda: 0.5)
    assert not any("reprofiled" in m for m in out.values())


def test_progress_gets_the_load_taken_before_each_measurement(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    _fake_measurement(monkeypatch, tmp_path, {"a": 10, "b": 20}, {"a": [1], "b": [2]})
    loads = iter([0.5, 3.0, 2.5, 0.25])
    seen: list[tuple[str, float | None]] = []
    cases = [Case(n, tmp_path / f"{n}.mlir", ()) for n in ("a", "b")]
    out = measure_rounds(
        cases, tmp_path, rounds=2, load=lambda: next(loads), progress=lambda r, i, c, m: seen.append((c.name, m["load"]))
    )
    assert seen == [("a", 0.5), ("b", 3.0), ("b", 2.5), ("a", 0.25)]
    assert out["a"]["sessions_load"] == [0.5, 0.25] and out["b"]["sessions_load"] == [3.0, 2.5]


def test_later_rounds_profile_as_many_calls_as_fit_the_program(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    """With ``max_calls`` the first round profiles ``calls`` calls, as before; the later rounds (and a
    re-profile) as many as fit in 20 ms of the program's first-round call and 2,000 dispatches
    (rounds.profile_calls): a short one-dispatch call the most, a 1 ms call 20, a call of 335 dispatches the
    least. Without ``max_calls`` every profile has ``calls``."""
    calls = {"short": 40_000, "long": 1_000_000, "loop": 586_000}
    dispatches = {"short": 1, "long": 4, "loop": 335}
    dispatch_ns = {"short": 1, "long": 1, "loop": 1}
    seen: list[tuple[str, int]] = []

    def profile(name: str, n: int) -> list[dict[str, Any]]:
        seen.append((name, n))
        ns = dispatch_ns[name]
        return [
            {"name": "d", "loc": f"x:{k}:1", "min_ns": ns, "median_ns": ns, "max_ns": ns}
            for k in range(dispatches[name])
        ]

    def measure_case(case: Case, workdir: pathlib.Path, **kw: Any) -> dict[str, Any]:
        ns = calls[case.name]
        measured = profile(case.name, kw["calls"])
        return {"name": case.name, "call_ns": {"min_ns": ns, "median_ns": ns}, "dispatches": measured}

    monkeypatch.setattr(measure, "measure_case", measure_case)
    monkeypatch.setattr(measure, "benchmark_call", lambda vmfb, **kw: _Timing(calls[pathlib.Path(vmfb).stem]))
    monkeypatch.setattr(
        measure, "profile_dispatches", lambda case, workdir, **kw: profile(case.name, kw["calls"])
    )
    monkeypatch.setattr(measure, "module_of", lambda case, workdir, device: tmp_path / f"{case.name}.vmfb")
    cases = [Case(n, tmp_path / f"{n}.mlir", ()) for n in calls]
    out = measure_rounds(
        cases, tmp_path, rounds=3, profile_rounds=3, calls=10, max_calls=100, load=lambda: 0.5
    )
    assert {n: m["profile_calls"] for n, m in out.items()} == {
        "short": [10, 100, 100],
        "long": [10, 20, 20],
        "loop": [10, 10, 10],
    }
    assert sorted(set(seen)) == [("long", 10), ("long", 20), ("loop", 10), ("short", 10), ("short", 100)]
    # a program profiled again (its dispatches sum above its call on local-sync) gets the later rounds' calls
    dispatch_ns["short"] = 50_000
    kw: dict[str, Any] = {"device": "local-sync", "calls": 10, "max_calls": 100, "reprofile": 1}
    kw["load"] = lambda: 0.5
    out = measure_rounds(cases[:1], tmp_path, rounds=2, profile_rounds=2, **kw)
    assert out["short"]["profile_calls"] == [10, 100, 100] and out["short"]["reprofiled"] == 1
    out = measure_rounds(cases[:1], tmp_path, rounds=2, profile_rounds=1, **kw)
    assert out["short"]["profile_calls"] == [10, 100] and out["short"]["reprofiled"] == 1
    # without max_calls, every profile of ``calls``
    out = measure_rounds(cases, tmp_path, rounds=2, profile_rounds=2, calls=10, load=lambda: 0.5)
    assert all(m["profile_calls"] == [10, 10] for m in out.values())
    with pytest.raises(ValueError, match="1 <= calls <= max_calls"):
        measure_rounds(cases, tmp_path, calls=20, max_calls=10)


def test_before_program_runs_before_each_programs_measurement_and_is_recorded_per_round(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    """The hook runs right before each program's measurement in each round (in the round's order); what it
    returns is that program's ``sessions_reference_ns``, a round each, beside ``sessions_ns``; without a
    hook no entry has one."""
    _fake_measurement(monkeypatch, tmp_path, {"a": 50, "b": 7}, {"a": [1, 1, 1], "b": [1, 1, 1]})
    cases = [Case(n, tmp_path / f"{n}.mlir", ()) for n in ("a", "b")]
    hooked: list[tuple[int, str]] = []

    def hook(round_index: int, case: Case) -> int | None:
        hooked.append((round_index, case.name))
        return None if case.name == "b" and round_index == 1 else 100 * round_index + len(hooked)

    out = measure_rounds(cases, tmp_path, rounds=3, load=lambda: None, before_program=hook)
    assert hooked == [(0, "a"), (0, "b"), (1, "b"), (1, "a"), (2, "a"), (2, "b")]
    assert out["a"]["sessions_reference_ns"] == [1, 104, 205] and out["b"]["sessions_reference_ns"] == [2, None, 206]
    assert len(out["a"]["sessions_ns"]) == 3
    plain = measure_rounds(cases, tmp_path, rounds=1, load=lambda: None)
    assert all("sessions_reference_ns" not in e for e in plain.values())
