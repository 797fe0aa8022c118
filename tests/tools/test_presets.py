"""The shipped presets are what ``benchmarks/calibrate.py presets`` writes from the committed measurements:
the held-out fit of ``benchmarks/accuracy.py`` on the AMD host's merged runs (issue 16), saying on what."""

from __future__ import annotations

import pathlib
import tomllib

import pytest

from simulator.machine import load_machine
from tests.conftest import import_benchmarks

ROOT = pathlib.Path(__file__).resolve().parents[2]
(calibrate,) = import_benchmarks("calibrate")  # (sys.path left as it was)


def _calibration(name: str) -> dict:  # type: ignore[type-arg]
    return tomllib.loads((calibrate.MACHINES / f"{name}.toml").read_text())["calibration"]


@pytest.mark.parametrize("name", sorted(calibrate.PRESET_FILES))
def test_a_preset_says_it_was_fitted_on_the_suite_alone_of_the_committed_runs(name: str) -> None:
    """No fixture among the programs fitted (every fixture is held out: the accuracy report's preset table
    is its held-out table), every suite program of the merged runs among them, and the runs, host, date
    and IREE version recorded."""
    device = calibrate.PRESET_FILES[name]
    c = _calibration(name)
    assert c["device"] == device and c["date"] == calibrate.PRESET_DATE
    assert c["data"] == [f"benchmarks/data/amd/{d}" for d in calibrate.PRESET_RUNS[device]]
    assert c["host_cpu"] == "AMD EPYC (2 CPUs)" and c["iree_version"] == "3.13.0" and c["host"] == "7307fb5006d5"
    assert "held-out fit" in c["method"]
    fixtures = {d.name for sub in ("iree", "frontends") for d in (ROOT / "tests" / "fixtures" / sub).iterdir()}
    suite = {b.name for b in calibrate.training_suite(device)}
    assert set(c["programs"]) <= suite and not set(c["programs"]) & fixtures
    assert any(p.startswith("tiny_") for p in c["programs"]) == (device == "local-task")
    assert len(c["call_errors"]) == len(c["programs"])


def test_cpu_is_the_local_task_preset_under_its_own_name() -> None:
    cpu, task = load_machine("cpu"), load_machine("cpu-local-task")
    assert (cpu.host, cpu.devices, cpu.storage) == (task.host, task.devices, task.storage)
    assert _calibration("cpu") == _calibration("cpu-local-task")
    assert "calibrated on an AMD EPYC (2 CPUs)" in cpu.description


def test_the_shipped_texts_are_the_writers_rendering_of_their_fits() -> None:
    """Each file is what ``presets`` renders from its own content (no hand edit), ``cpu`` from
    ``cpu-local-task``'s."""
    for name, device in calibrate.PRESET_FILES.items():
        fit = tomllib.loads((calibrate.MACHINES / f"cpu-{device}.toml").read_text())
        assert calibrate.preset_text(name, fit) == (calibrate.MACHINES / f"{name}.toml").read_text(), name


@pytest.mark.parametrize("device", sorted(set(calibrate.PRESET_FILES.values())))
def test_a_preset_is_fitted_on_the_committed_runs_as_they_are_now(device: str) -> None:
    """What the fit reads of the committed data now (each fitted program's merged measurement and compile
    key: ``inputs_sha256``; the programs, runs and host) is what the preset records it was fitted on, and
    the machine as shipped still gives a sample of the programs the call error it recorded for them (a
    change of the simulator that moves the fitted calls shows there). The whole fit takes about a minute:
    ``python benchmarks/calibrate.py presets --check`` compares the files byte for byte; a failure here
    means run ``python benchmarks/calibrate.py presets`` and check its figures (benchmarks/accuracy.py)."""
    from simulator.calibration.run import fit_call_ns, simulate_case

    entries, head, _ = calibrate.preset_entries(device)
    path = calibrate.MACHINES / f"cpu-{device}.toml"
    c = tomllib.loads(path.read_text())["calibration"]
    assert {k: c[k] for k in head} == head
    assert c["programs"] == [case.name for case, _, _ in entries]
    machine = load_machine(path)
    for i in range(0, len(entries), 16):
        case, ir, m = entries[i]
        error = round(simulate_case(case, ir, machine)["call_ns"] / fit_call_ns(m) - 1.0, 4)
        assert error == c["call_errors"][i], case.name


def test_the_presets_price_the_release_apart_unless_told_not_to(monkeypatch: pytest.MonkeyPatch) -> None:
    """``presets`` fits local-task's release apart from an allocation by default (the shipped local-task
    preset says so in ``fitted_apart``; local-sync never fits it apart), ``--no-release-cost`` not."""
    assert _calibration("cpu-local-task")["fitted_apart"] == ["host.dealloca_cost_ns"]
    assert load_machine("cpu-local-task").host.dealloca_cost_ns is not None
    assert "fitted_apart" not in _calibration("cpu-local-sync")
    seen: list[tuple[bool, bool, bool]] = []

    def preset_texts(
        workdir: pathlib.Path, release_cost: bool = True, worker_pool: bool = False, ragged_rows: bool = False
    ) -> dict[str, str]:
        seen.append((release_cost, worker_pool, ragged_rows))
        return {}

    monkeypatch.setattr(calibrate, "preset_texts", preset_texts)
    for argv in (
        ["presets", "--check"],
        ["presets", "--check", "--release-cost"],
        ["presets", "--check", "--no-release-cost"],
        ["presets", "--check", "--worker-pool"],
        ["presets", "--check", "--no-ragged-rows"],
    ):
        assert calibrate.main(argv) == 0
    # --worker-pool (the dispatch model's option, off by default: the shipped presets are fitted without it)
    # and --no-ragged-rows (ragged softmax rows are priced by default) reach the presets' fit too.
    assert seen == [
        (True, False, True), (True, False, True), (False, False, True), (True, True, True), (True, False, False)
    ]
