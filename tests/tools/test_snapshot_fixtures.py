"""tools/snapshot_fixtures.py: the in-process snapshot writes the files the shell loop of ``streamsim``
commands wrote, byte for byte (one fixture, against the commands run as processes)."""

from __future__ import annotations

import importlib.util
import os
import pathlib
import shutil
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]


def _load_tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "snapshot_fixtures", REPO / "tools" / "snapshot_fixtures.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


snapshot_fixtures = _load_tool()


def _streamsim(args: list[str], cwd: pathlib.Path, stdout: pathlib.Path, stderr_too: bool) -> int:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]))
    with open(stdout, "w") as out:
        proc = subprocess.run(
            [sys.executable, "-m", "simulator", *args],
            cwd=cwd,
            stdout=out,
            stderr=subprocess.STDOUT if stderr_too else subprocess.PIPE,
            env=env,
            check=False,
            timeout=300,
        )
    return proc.returncode


def test_in_process_snapshot_matches_the_commands(tmp_path: pathlib.Path) -> None:
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    shutil.copytree(REPO / "tests" / "fixtures" / "iree" / "mlp", fixtures / "mlp")
    ours = tmp_path / "ours"
    n = snapshot_fixtures.snapshot(ours, pathlib.Path("fixtures"), root=tmp_path)
    assert n == 9
    names = sorted(p.name for p in ours.iterdir())
    assert len(names) == 23, names
    assert (ours / "mlp.cmd.cpu.stdout").read_text().endswith("exit 0\n")
    # Two of the commands as processes, as the shell loop ran them: a data run and a timing-only run
    # (its stdout and stderr in one file), and a schedule.
    shell = tmp_path / "shell"
    shell.mkdir()
    f = "fixtures/mlp/"
    params = ["--parameters", f"model={f}/params.irpa"]
    inputs = [a for i in sorted((fixtures / "mlp").glob("input*.npy")) for a in ("--input", f"@{f}{i.name}")]
    status = _streamsim(
        ["run", f"{f}cmd.generic.mlir", *params, *inputs, "--output", f"@{shell}/mlp.cmd.cpu.out.npy",
         "--machine", "cpu", "--trace", f"{ours}/mlp.cmd.cpu.trace.json.shell"],
        tmp_path, shell / "mlp.cmd.cpu.stdout", stderr_too=False,
    )  # fmt: skip
    assert status == 0
    assert (shell / "mlp.cmd.cpu.stdout").read_text() + "exit 0\n" == (
        ours / "mlp.cmd.cpu.stdout"
    ).read_text()
    assert (shell / "mlp.cmd.cpu.out.npy").read_bytes() == (ours / "mlp.cmd.cpu.out.npy").read_bytes()
    assert (ours / "mlp.cmd.cpu.trace.json.shell").read_bytes() == (
        ours / "mlp.cmd.cpu.trace.json"
    ).read_bytes()
    timing = ours / "mlp.async.timing"
    _streamsim(
        ["run", f"{f}async.generic.mlir", *params, *inputs, "--timing-only", "--machine", "discrete-gpu",
         "--trace", f"{timing}.trace.json"],
        tmp_path, shell / "mlp.async.timing.stdout", stderr_too=True,
    )  # fmt: skip
    assert (shell / "mlp.async.timing.stdout").read_text() == (ours / "mlp.async.timing.stdout").read_text()
    _streamsim(
        ["schedule", f"{f}/async.generic.mlir", "--favor", "debug"],
        tmp_path, shell / "mlp.schedule.debug.mlir", stderr_too=True,
    )  # fmt: skip
    assert (shell / "mlp.schedule.debug.mlir").read_bytes() == (ours / "mlp.schedule.debug.mlir").read_bytes()
