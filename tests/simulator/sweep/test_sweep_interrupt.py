"""Stopping a sweep: SIGINT or SIGTERM stop it within seconds, keep every finished point, shut the
workers down and exit 128 + the signal, even when the shell started it with SIGINT ignored (a
background job of a script). And a study too big to mean it needs --yes."""

from __future__ import annotations

import os
import pathlib
import shutil
import signal
import subprocess
import sys
import time

import pytest

from simulator.cli import main

FIXTURE = pathlib.Path(__file__).parents[2] / "fixtures" / "iree" / "attention_block"


def _study(tmp_path: pathlib.Path, seeds: int) -> pathlib.Path:
    shutil.copytree(FIXTURE, tmp_path / "fx")
    path = tmp_path / "s.toml"
    path.write_text(
        f'name = "stop"\nmachines = ["discrete-gpu", "apu"]\nseeds = {list(range(seeds))}\n'
        '[[programs]]\nfixture = "fx"\n[scheduler]\nfavor = ["min-peak-memory", "max-concurrency"]\n'
    )
    return path


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_sweep_stops_on_signal_and_keeps_finished_points(tmp_path: pathlib.Path, sig: signal.Signals) -> None:
    study = _study(tmp_path, 20000)
    out = tmp_path / "r.parquet"
    argv = [sys.executable, "-m", "simulator", "sweep", str(study), "--cluster", "inprocess", "-o", str(out)]
    env = {**os.environ, "PYTHONPATH": str(pathlib.Path(__file__).parents[3])}
    # As a non-interactive shell starts a background job: SIGINT ignored.
    proc = subprocess.Popen(
        argv,
        env=env,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    store = pathlib.Path(f"{out}.points")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(list(store.glob("*.json")) if store.exists() else []) < 20:
        time.sleep(0.2)
    kept_before = len(list(store.glob("*.json")))
    assert kept_before >= 20, "the sweep stored no points within a minute"
    sent = time.monotonic()
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    assert time.monotonic() - sent < 10
    assert proc.returncode == 128 + int(sig), err
    assert f"sweep stopped by {sig.name}; finished points are kept in" in err
    assert "Traceback" not in err
    assert len(list(store.glob("*.json"))) >= kept_before


def test_sweep_asks_for_yes_above_the_point_limit(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    study = _study(tmp_path, 60000)  # 240,000 points
    assert main(["sweep", str(study), "--cluster", "inprocess"]) == 2
    err = capsys.readouterr().err
    assert "the study has 240,000 points" in err and "give --yes" in err
    assert main(["sweep", str(study), "--dry-run"]) == 0
    assert "240000 points" in capsys.readouterr().err
