"""End to end: ``streamsim run cmd.mlir --parameters model=params.irpa --input @input0.npy --output @out.npy``
reproduces IREE's outputs through the dispatch interpreter; an unsupported op exits with code 1."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from simulator.cli import main
from tests.conftest import IREE_FIXTURES, iree_fixture_dirs, require_iree

FIXTURES = iree_fixture_dirs()


def _run(directory: pathlib.Path, text_name: str, tmp_path: pathlib.Path) -> list[np.ndarray]:
    inputs = sorted(directory.glob("input*.npy"))
    expected = sorted(directory.glob("expected*.npy"))
    outs = [tmp_path / f"out{i}.npy" for i in range(len(expected))]
    argv = [
        "run",
        str(directory / text_name),
        "--parameters",
        f"model={directory / 'params.irpa'}",
        "--no-summary",
    ]
    for p in inputs:
        argv += ["--input", f"@{p}"]
    for p in outs:
        argv += ["--output", f"@{p}"]
    assert main(argv) == 0
    return [np.load(p) for p in outs]


def _check(directory: pathlib.Path, outs: list[np.ndarray]) -> None:
    for got, path in zip(outs, sorted(directory.glob("expected*.npy")), strict=True):
        want = np.load(path)
        assert got.shape == want.shape and got.dtype == want.dtype
        scale = max(1.0, float(np.abs(want.astype(np.float64)).max()))
        assert float(np.abs(got.astype(np.float64) - want.astype(np.float64)).max()) <= 1e-4 * scale


@pytest.mark.parametrize("directory", FIXTURES, ids=[d.name for d in FIXTURES])
def test_cli_run_reproduces_expected_from_generic_text(
    directory: pathlib.Path, tmp_path: pathlib.Path, capsys
) -> None:  # type: ignore[no-untyped-def]
    _check(directory, _run(directory, "cmd.generic.mlir", tmp_path))


@pytest.mark.parametrize("directory", FIXTURES, ids=[d.name for d in FIXTURES])
def test_cli_run_reproduces_expected_from_pretty_text(
    directory: pathlib.Path, tmp_path: pathlib.Path, capsys
) -> None:  # type: ignore[no-untyped-def]
    require_iree()
    _check(directory, _run(directory, "cmd.mlir", tmp_path))


def test_cli_run_unsupported_dispatch_op_exits_2(tmp_path: pathlib.Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """A body op the interpreter has no rule for stops the run, naming the op and its location: exit 2
    (a construct streamsim does not support), not 1 (a failure of the simulated program)."""
    directory = IREE_FIXTURES / "mlp"
    text = (directory / "cmd.generic.mlir").read_text()
    lines = text.splitlines()
    # Swap the relu's maximumf for an op no rule table knows (same operands and types).
    index = next(i for i, line in enumerate(lines) if '"arith.maximumf"' in line)
    lines[index] = lines[index].replace('"arith.maximumf"', '"arith.frobnicatef"')
    program = tmp_path / "bad.mlir"
    program.write_text("\n".join(lines) + "\n")
    argv = ["run", str(program), "--parameters", f"model={directory / 'params.irpa'}"]
    argv += ["--input", f"@{directory / 'input0.npy'}", "--output", f"@{tmp_path / 'out.npy'}"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("streamsim: error: not supported: ")
    assert "arith.frobnicatef" in err and f"bad.mlir:{index + 1}:" in err
    assert not (tmp_path / "out.npy").exists()
