"""Pooling windows and grouped convolutions, which IREE names ``conv``, get classes of their own from
their bodies (issue 16): the suite measures them, the fit prices them apart, and a model without the
classes prices them as convolutions."""

from __future__ import annotations

import json
import pathlib

import pytest

from simulator.calibration.fit import DispatchSample, fit_dispatch_model
from simulator.calibration.suite import training_suite
from simulator.calibration.suite_conv import depthwise_conv, grouped_conv, pad, pool2d, window_suite
from simulator.costs import op_class
from simulator.dispatch_model import DispatchModelSpec

ROOT = pathlib.Path(__file__).parents[3]


def test_a_model_without_the_window_classes_prices_them_as_convolutions() -> None:
    assert op_class("main_dispatch_0_conv_2x3x3x8x2x2_f32", "pool") == "conv.pool"
    assert op_class("main$async_dispatch_2_conv_Dx8x4x4x2x2_f32", "grouped") == "conv.grouped.dyn"
    # The body's kind refines only a conv: a matmul stays a matmul.
    assert op_class("main_dispatch_0_matmul_8x8x8_f32", "pool") == "matmul"
    model = DispatchModelSpec({"conv": 50.0, "default": 7.0}, {"conv": 0.1, "default": 1.0}, {"default": 0.0})
    assert model.coefficients("conv.pool.dyn") == model.coefficients("conv") == (50.0, 0.1, 0.0)


def _samples(kind: str, per_flop: float, overhead: float, program: str) -> list[DispatchSample]:
    return [
        DispatchSample(
            f"{program}{i}",
            f"main_dispatch_0_conv_{i}x8_f32",
            flops,
            0,
            overhead + per_flop * flops,
            kind=kind,
        )
        for i, flops in enumerate((1000, 10_000, 100_000, 400_000))
    ]


def test_the_fit_prices_pooling_and_grouped_convolutions_apart_from_convolutions() -> None:
    samples = (
        _samples("", 0.05, 200.0, "c")
        + _samples("pool", 0.8, 300.0, "p")
        + _samples("grouped", 0.4, 900.0, "g")
    )
    fit = fit_dispatch_model(samples, shapes=False)
    per_flop = fit.model.ns_per_flop
    assert per_flop["conv.pool"] == pytest.approx(0.8, rel=0.02)
    assert per_flop["conv.grouped"] == pytest.approx(0.4, rel=0.02)
    assert per_flop["conv"] == pytest.approx(0.05, rel=0.05)
    assert max(abs(e) for e in fit.relative_errors) < 0.02


def test_window_benchmarks_are_in_the_training_suite_with_new_shapes() -> None:
    names = {b.name for b in training_suite()}
    assert {b.name for b in window_suite()} <= names
    assert pool2d(2, 6, 8, 2, 2).name == "pool_sum_2x6x6x8_k2s2"
    with pytest.raises(ValueError, match="pool op must be sum or max, got 'avg'"):
        pool2d(1, 4, 1, 2, 2, "avg")


def test_suite_windows_are_classed_by_their_bodies_and_were_measured(
    iree: None, tmp_path: pathlib.Path
) -> None:
    from simulator.calibration.run import benchmark_case, simulate_case, stream_ir_of
    from simulator.calibration.suite import conv2d
    from simulator.machine import load_machine

    machine = load_machine("cpu-local-sync")
    classes = {}
    for bench in (
        pool2d(2, 6, 8, 2, 2),
        pool2d(1, 16, 4, 3, 1, "max"),
        grouped_conv(1, 10, 2, 4, 4),
        depthwise_conv(2, 10, 8),
        pad(2, 16, 4),
        conv2d(6, 3, 8),
    ):
        case = benchmark_case(bench, tmp_path)
        simulated = simulate_case(case, stream_ir_of(case, tmp_path, "local-sync"), machine)
        classes[bench.name] = {op_class(d["name"], d["kind"]) for d in simulated["dispatches"]}
    assert classes == {
        "pool_sum_2x6x6x8_k2s2": {"conv.pool"},
        "pool_max_1x16x16x4_k3s1": {"conv.pool"},
        "grouped_conv_1x10x10_g2x4x4_k3": {"conv.grouped"},
        "depthwise_conv_2x10x10x8_k3": {"conv.depthwise"},
        "pad_2x16x16x4_w1": {"copy"},
        "conv2d_6x6x3x8_k3": {"conv"},
    }
    for device in ("local-sync", "local-task"):
        cache = json.loads((ROOT / "benchmarks" / "data" / "calibration" / f"{device}.json").read_text())
        for bench in window_suite():
            assert len(cache["programs"][bench.name]["dispatches"]) == 1, (device, bench.name)


@pytest.mark.parametrize(
    ("fixture", "dispatch", "cls"),
    [
        ("flax_grouped_conv", "main_dispatch_6_conv_2x2x2x8x2x2_f32", "conv.pool"),
        ("flax_grouped_conv", "main_dispatch_1_conv_2x4x6x6x2x3x3x2_f32", "conv.grouped"),
        ("flax_grouped_conv", "main_dispatch_5_conv_2x4x4x8x3x3_f32", "conv.depthwise"),
        ("onnx_conv_group_dyn", "main$async_dispatch_1_conv_Dx2x3x7x7x2x3x3_f32", "conv.grouped.dyn"),
        ("stax_cnn", "main_dispatch_1_conv_2x8x8x8x3x3x3_f32", "conv"),
        ("onnx_cnn", "main$async_dispatch_2_conv_Dx8x4x4x2x2_f32", "conv.pool.dyn"),
    ],
)
def test_fixture_windows_are_classed_by_their_bodies(
    iree: None, fixture: str, dispatch: str, cls: str
) -> None:
    from simulator.calibration.run import fixture_case, simulate_case
    from simulator.machine import load_machine

    case = fixture_case(ROOT / "tests" / "fixtures" / "frontends" / fixture)
    assert case.stream_ir is not None
    simulated = simulate_case(case, case.stream_ir, load_machine("cpu-local-sync"))
    found = {op_class(d["name"], d["kind"]) for d in simulated["dispatches"] if d["name"] == dispatch}
    assert found == {cls}
