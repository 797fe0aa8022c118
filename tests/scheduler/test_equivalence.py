"""Scheduled programs against the sequential reference and IREE's own outputs (simulator Session)."""

from __future__ import annotations

import numpy as np
import pytest

import ir
from scheduler import Pipeline, schedule_module
from simulator import Session
from simulator.reference import run_reference
from tests.conftest import IREE_FIXTURES

FIXTURES = [
    "mlp",
    "attention_block",
    "conv2d_relu",
    "layer_norm",
    "quant_matmul",
    "dynamic_mlp",
    "wide_branches_softmax",
]


def load(name):
    d = IREE_FIXTURES / name
    inputs = [np.load(p) for p in sorted(d.glob("input*.npy"))]
    expected = [np.load(p) for p in sorted(d.glob("expected*.npy"))]
    return d, inputs, expected


@pytest.mark.parametrize("name", FIXTURES)
def test_reference_reproduces_iree_outputs(name):
    d, inputs, expected = load(name)
    out = run_reference(
        ir.load_file(str(d / "async.generic.mlir")),
        "main",
        inputs,
        parameters={"model": str(d / "params.irpa")},
    )
    assert len(out) == len(expected)
    for a, b in zip(out, expected):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("favor", ["min-peak-memory", "max-concurrency", "debug"])
@pytest.mark.parametrize("name", FIXTURES)
def test_scheduled_program_equals_reference(name, favor):
    d, inputs, expected = load(name)
    params = {"model": str(d / "params.irpa")}
    reference = run_reference(ir.load_file(str(d / "async.generic.mlir")), "main", inputs, parameters=params)
    module = schedule_module(ir.load_file(str(d / "async.generic.mlir")), favor=favor)
    result = Session().run_sync(module, "main", inputs, parameters=params)
    for a, b, e in zip(result.outputs, reference, expected):
        np.testing.assert_array_equal(a, b)
        np.testing.assert_allclose(a, e, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("name", ["attention_block", "quant_matmul"])
def test_scheduled_program_with_gathered_parameters_equals_reference(name):
    d, inputs, _ = load(name)
    params = {"model": str(d / "params.irpa")}
    reference = run_reference(ir.load_file(str(d / "async.generic.mlir")), "main", inputs, parameters=params)
    pipeline = Pipeline.default().with_options(
        "parameter_upload", memory_model="discrete", max_allocation_size_bytes=70000
    )
    module = schedule_module(ir.load_file(str(d / "async.generic.mlir")), pipeline=pipeline)
    result = Session().run_sync(module, "main", inputs, parameters=params)
    for a, b in zip(result.outputs, reference):
        np.testing.assert_array_equal(a, b)
