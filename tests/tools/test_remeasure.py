"""benchmarks/remeasure.py: the fixtures and the calibration suite measured again together, in interleaved
rounds, each figure with the load it was taken at."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest

from tests.conftest import import_benchmarks

ROOT = pathlib.Path(__file__).resolve().parents[2]
(accuracy, remeasure) = import_benchmarks("accuracy", "remeasure")  # (sys.path left as it was)


class _Timing:
    def __init__(self, ns: int) -> None:
        self.ns = ns

    def to_dict(self) -> dict[str, Any]:
        return {"min_ns": self.ns, "median_ns": self.ns + 1, "max_ns": self.ns + 2, "reps_ns": [self.ns]}


def test_programs_of_both_files_are_measured_in_rounds_and_new_suite_programs_added(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    data, cal = tmp_path / "accuracy", tmp_path / "calibration"
    data.mkdir()
    cal.mkdir()
    old = {"call_ns": {"min_ns": 1}, "sessions_ns": [1], "dispatches": [], "compile_key": "old"}
    (data / "local-sync.json").write_text(json.dumps({"programs": {"mlp": dict(old)}, "favors": {}}))
    programs = {"mlp_2x16x32x16": {**old, "role": "train"}, "mlp": {**old, "role": "fixture"}}
    (cal / "local-sync.json").write_text(json.dumps({"device": "local-sync", "programs": programs}))
    monkeypatch.setattr(remeasure, "DATA", data)
    monkeypatch.setattr(remeasure, "CALIBRATION", cal)
    times = iter(range(1000, 100000, 100))
    calls: list[str] = []
    profiled: list[str] = []

    def bench(vmfb: pathlib.Path, **kw: Any) -> _Timing:
        calls.append(str(vmfb))
        return _Timing(next(times))

    def profile(case: Any, wd: pathlib.Path, **kw: Any) -> list[dict[str, Any]]:
        profiled.append(case.name)
        return [{"name": "d", "loc": "x:1:1", "min_ns": 50 + len(profiled), "median_ns": 60, "max_ns": 70}]

    monkeypatch.setattr(remeasure, "benchmark_call", bench)
    monkeypatch.setattr(remeasure, "profile_dispatches", profile)
    monkeypatch.setattr(remeasure, "module_of", lambda case, wd, device: pathlib.Path(case.name))
    monkeypatch.setattr(remeasure, "stream_ir_of", lambda case, wd, device: pathlib.Path(case.name + ".ir"))
    monkeypatch.setattr(remeasure, "case_key", lambda case, device: "key-" + case.name)
    monkeypatch.setattr(remeasure, "load_average", lambda: 2.5)
    monkeypatch.setattr(remeasure, "stamp", lambda data, entry: entry.update(host="h", load=9.0))
    new = {"host_loop_4x16x16"}
    monkeypatch.setattr(
        remeasure.calibrate,
        "cases",
        lambda wd, device=None: {
            n: ("train" if n != "mlp" else "fixture", accuracy.Case(n, ROOT / "x.mlir", ()))
            for n in ("mlp_2x16x32x16", "mlp", *new)
        },
    )
    argv = [
        "--device",
        "local-sync",
        "--rounds",
        "2",
        "--profile-rounds",
        "1",
        "--workdir",
        str(tmp_path / "w"),
    ]
    assert remeasure.main(argv) == 0
    # 4 programs (the fixture in both files, a suite program, a new one), 2 rounds, the second backward.
    assert len(calls) == 8 and calls[:4] == list(reversed(calls[4:]))
    # The new program is profiled in its first round; every program in round 1 (--profile-rounds 1).
    assert profiled.count("host_loop_4x16x16") == 2 and profiled.count("mlp") == 2
    acc = json.loads((data / "local-sync.json").read_text())["programs"]["mlp"]
    assert acc["sessions_ns"] == [1000, 1700] and acc["call_ns"]["min_ns"] == 1000
    assert acc["sessions_load"] == [2.5, 2.5] and acc["load"] == 2.5 and acc["host"] == "h"
    assert acc["compile_key"] == "key-mlp"
    calibration = json.loads((cal / "local-sync.json").read_text())["programs"]
    added = calibration["host_loop_4x16x16"]
    assert added["role"] == "train" and added["stream_ir"] == "host_loop_4x16x16.ir"
    assert len(added["dispatches"]) == 1 and added["dispatches"][0]["min_ns"] == min(
        50 + i for i, n in enumerate(profiled, start=1) if n == "host_loop_4x16x16"
    )
    assert calibration["mlp"]["role"] == "fixture"
    # --append: two more rounds join the earlier two; the minimum stays the first round's.
    assert remeasure.main([*argv[:4], "--profile-rounds", "--append", *argv[6:]]) == 0
    acc = json.loads((data / "local-sync.json").read_text())["programs"]["mlp"]
    assert acc["sessions_ns"][:2] == [1000, 1700] and len(acc["sessions_ns"]) == 4
    assert acc["call_ns"]["min_ns"] == 1000 and acc["call_ns"]["median_ns"] == 1001
    # The first run profiled 5 times (the new program in round 0, all four in round 1), this one none.
    assert len(profiled) == 5


def test_bad_profile_rounds_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        remeasure.main(["--rounds", "2", "--profile-rounds", "2"])
    assert exc.value.code == 2
    assert "--profile-rounds [2] must lie in 0..1" in capsys.readouterr().err


@pytest.mark.parametrize("device", accuracy.DEVICES)
def test_the_caches_were_measured_in_rounds_with_their_loads(device: str) -> None:
    """Every fixture measurement and every training program records the load of each of its rounds, and
    the two files' loads overlap (measured in one stretch: benchmarks/remeasure.py)."""
    files = [remeasure.DATA / f"{device}.json", remeasure.CALIBRATION / f"{device}.json"]
    ranges = []
    for path in files:
        data = json.loads(path.read_text())
        programs = data["programs"]
        if path.parent.name == "calibration":
            names = [n for n, m in programs.items() if m["role"] == "train"]
        else:
            names = [name for name, _, _ in accuracy.variants(data)]
        loads = []
        for name in names:
            m = programs[name]
            assert len(m["sessions_load"]) == len(m["sessions_ns"]) >= 3, (path.name, name)
            assert m["load"] in m["sessions_load"], (path.name, name)
            loads += [lo for lo in m["sessions_load"] if lo is not None]
        ranges.append((min(loads), max(loads)))
    (a_lo, a_hi), (b_lo, b_hi) = ranges
    assert a_lo <= b_hi and b_lo <= a_hi
