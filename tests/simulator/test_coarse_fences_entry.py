"""Calling an importer's coarse-fences export directly (``@main$async``, ``iree.abi.model = "coarse-fences"``)
as IREE's tools do: the caller supplies a wait fence already reached and a signal fence it waits on before
reading the results. The ONNX fixtures' ``$async`` functions give IREE's outputs in cmd and HAL form, and
check clean."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from simulator import Session, load_program
from simulator.checks import check_program
from simulator.errors import InputError

ROOT = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "frontends"
NAMES = ["onnx_cnn", "onnx_seq_topk"]


def _args(d: pathlib.Path) -> tuple[list[np.ndarray], dict[str, str]]:
    return [np.load(p) for p in sorted(d.glob("input*.npy"))], {"model": str(d / "params.irpa")}


@pytest.mark.parametrize("form", ["cmd.generic.mlir", "hal.generic.mlir"])
@pytest.mark.parametrize("name", NAMES)
def test_coarse_fences_export_runs_to_irees_outputs(name: str, form: str) -> None:
    d = ROOT / name
    inputs, params = _args(d)
    sources = {"executable_sources": d / "cmd.generic.mlir"} if form.startswith("hal") else {}
    result = Session("cpu").run_sync(load_program(d / form), "main$async", inputs, parameters=params, **sources)
    expected = [np.load(p) for p in sorted(d.glob("expected*.npy"))]
    assert len(result.outputs) == len(expected)
    for got, want in zip(result.outputs, expected):
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    # The call ends with the host waiting for the signal fence, then the read-back.
    sync = Session("cpu").run_sync(load_program(d / form), "main", inputs, parameters=params, **sources)
    for a, b in zip(result.outputs, sync.outputs):
        np.testing.assert_array_equal(a, b)


def test_coarse_fences_export_checks_clean() -> None:
    d = ROOT / "onnx_cnn"
    inputs, params = _args(d)
    report = check_program(load_program(d / "cmd.generic.mlir"), "main$async", inputs, parameters=params)
    assert report.findings == [], report.text()


def test_coarse_fences_export_counts_user_inputs_only() -> None:
    d = ROOT / "onnx_cnn"
    inputs, params = _args(d)
    with pytest.raises(InputError, match=r"@main\$async takes 1 input\(s\), 2 given"):
        Session("cpu").run_sync(load_program(d / "cmd.generic.mlir"), "main$async", inputs * 2, parameters=params)
