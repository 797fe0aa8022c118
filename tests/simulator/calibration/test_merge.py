"""simulator.calibration.merge: runs of one host and one compile merged into their minima; others refused."""

from __future__ import annotations

import copy
import json
import pathlib
from typing import Any

import pytest

from simulator.calibration import merge
from simulator.errors import InputError


def _program(call: int, sessions: list[int], dispatch: int, loc: str, **extra: Any) -> dict[str, Any]:
    return {
        "call_ns": {"min_ns": call, "median_ns": call + 1},
        "sessions_ns": sessions,
        "sessions_load": [1.0] * len(sessions),
        "load": 1.0,
        "dispatches": [
            {"name": "d0", "loc": f"{loc}/p.mlir:3:5", "min_ns": dispatch, "median_ns": dispatch, "max_ns": 99},
            {"name": "d1", "loc": f"{loc}/p.mlir:9:5", "min_ns": 7, "median_ns": 7, "max_ns": 9},
        ],
        "host": "h1",
        "compile_key": "k1",
        **extra,
    }


def _run(loc: str, call: int, dispatch: int, reference: list[int], **programs: dict[str, Any]) -> dict[str, Any]:
    return {
        "device": "local-sync",
        "hosts": {"h1": {"cpu": "x"}},
        "programs": {"p": _program(call, [call + 5, call], dispatch, loc), **programs},
        "speed_reference": {"r": {"compile_key": "rk", "rounds_ns": reference, "rounds_load": [0.5] * len(reference)}},
    }


def test_merging_keeps_each_programs_minima_over_every_runs_rounds() -> None:
    """The call's minimum run and load, all rounds in run order, each dispatch's minimum over both runs
    (compiled into other directories: matched by site), the newest run's paths, the speed reference's
    rounds appended; a program only one run measured is kept as that run has it."""
    old = _run("/run1", 90, 60, [30, 31], only_old=_program(5, [5], 1, "/run1"))
    new = _run("/run2", 99, 50, [33])
    merged = merge.merge_runs([("old.json", old), ("new.json", new)])
    p = merged["programs"]["p"]
    assert p["call_ns"] == {"min_ns": 90, "median_ns": 91} and p["load"] == 1.0
    assert p["sessions_ns"] == [95, 90, 104, 99] and len(p["sessions_load"]) == 4 and p["runs_ns"] == [90, 99]
    # merged again with a third run: each run's minimum, not the merged entry's one
    again = merge.merge_runs([("merged.json", merged), ("third.json", _run("/run3", 95, 55, [31]))])
    assert again["programs"]["p"]["runs_ns"] == [90, 99, 95]
    assert [(d["loc"], d["min_ns"], d["max_ns"]) for d in p["dispatches"]] == [
        ("/run2/p.mlir:3:5", 50, 99),
        ("/run2/p.mlir:9:5", 7, 9),
    ]
    only = merged["programs"]["only_old"]
    assert only["call_ns"]["min_ns"] == 5 and only["sessions_ns"] == [5] and only["dispatches"][0]["min_ns"] == 1
    assert merged["speed_reference"]["r"]["rounds_ns"] == [30, 31, 33]
    assert merged["device"] == "local-sync" and merged["hosts"] == {"h1": {"cpu": "x"}}
    # the inputs are not changed
    assert old["programs"]["p"]["dispatches"][0]["loc"] == "/run1/p.mlir:3:5"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["programs"]["p"].update(host="h2"), "new.json: p: host h2, but old.json: p: host h1"),
        (
            lambda r: r["programs"]["p"].update(compile_key="k2"),
            "new.json: p: compile_key k2, but old.json: p: compile_key k1",
        ),
        (lambda r: r["programs"]["p"].pop("compile_key"), "new.json: p records no compile_key"),
        (lambda r: r["programs"]["p"].pop("host"), "new.json: p records no host"),
        (lambda r: r.update(device="local-task"), "new.json: device 'local-task', but old.json: device 'local-sync'"),
        (
            lambda r: r["speed_reference"]["r"].update(compile_key="rk2"),
            "new.json: speed reference r: compile_key rk2, but old.json: compile_key rk",
        ),
        (
            lambda r: r["programs"]["p"]["dispatches"].pop(),
            "p: the runs profiled other dispatches",
        ),
    ],
)
def test_runs_of_another_host_device_or_compile_are_refused_naming_the_key(change: Any, message: str) -> None:
    old = _run("/run1", 90, 60, [30])
    new = copy.deepcopy(old)
    change(new)
    with pytest.raises(InputError) as exc:
        merge.merge_runs([("old.json", old), ("new.json", new)])
    assert message in str(exc.value)


def test_the_host_is_one_for_every_program_and_can_be_required() -> None:
    """Two programs of one run on two hosts do not merge (a minimum over hosts describes neither); with
    ``host``, every program must record it."""
    run = _run("/run1", 90, 60, [30], q=_program(5, [5], 1, "/run1", host="h2"))
    with pytest.raises(InputError, match="old.json: q: host h2, but old.json: p: host h1"):
        merge.check_compatible([("old.json", run)])
    del run["programs"]["q"]
    merge.check_compatible([("old.json", run)], host="h1")
    with pytest.raises(InputError, match="old.json: p: host h1, but this host: host h9"):
        merge.check_compatible([("old.json", run)], host="h9")


def test_read_runs_names_a_file_that_is_not_a_measurements_file(tmp_path: pathlib.Path) -> None:
    good, bad, listed = tmp_path / "good.json", tmp_path / "bad.json", tmp_path / "list.json"
    good.write_text(json.dumps(_run("/r", 90, 60, [30])))
    bad.write_text("{not json")
    listed.write_text("[1, 2]")
    assert merge.read_runs([good])[0][0] == str(good)
    for path, message in ((bad, "not a measurements file:"), (listed, "no programs table"), (tmp_path / "none", "")):
        with pytest.raises(InputError, match=f"{path}: not a measurements file"):
            merge.read_runs([good, path])
        assert message in str(pytest.raises(InputError, merge.read_runs, [path]).value)


@pytest.mark.parametrize("kind", ["accuracy", "calibration"])
@pytest.mark.parametrize("device", ["local-sync", "local-task"])
def test_the_three_quiet_amd_runs_merge_into_24_rounds(kind: str, device: str) -> None:
    """benchmarks/data/amd/adaptive/README.md's merged figures: its three quiet runs are of one host and one
    compile of every program, and merged each program has its 24 rounds and the least of their minima."""
    root = pathlib.Path(__file__).resolve().parents[3] / "benchmarks" / "data" / "amd"
    paths = [root / run / kind / f"{device}.json" for run in ("default_quiet", "calls100", "adaptive")]
    runs = merge.read_runs(paths)
    merged = merge.merge_runs(runs)
    assert len(merged["hosts"]) == 1
    for name, entry in merged["programs"].items():
        minima = [data["programs"][name]["call_ns"]["min_ns"] for _, data in runs]
        assert len(entry["sessions_ns"]) == 24 and entry["call_ns"]["min_ns"] == min(minima), name
        assert entry["runs_ns"] == minima, name


def test_the_programs_speed_references_merge_round_for_round() -> None:
    """A run's per-program speed references (measure_rounds' before_program) are appended in run order, a run
    without them adding None for each of its rounds; with none in any run the merged entry has none."""
    with_refs = _program(50, [55, 50], 9, "/r2", sessions_reference_ns=[1000, 1100])
    runs = [("a", _run("/r1", 60, 9, [10])), ("b", _run("/r2", 50, 9, [11], q=with_refs))]
    runs[0][1]["programs"]["q"] = _program(60, [65, 60, 70], 9, "/r1")
    merged = merge.merge_runs(runs)["programs"]
    assert merged["q"]["sessions_ns"] == [65, 60, 70, 55, 50]
    assert merged["q"]["sessions_reference_ns"] == [None, None, None, 1000, 1100]
    assert "sessions_reference_ns" not in merged["p"]
