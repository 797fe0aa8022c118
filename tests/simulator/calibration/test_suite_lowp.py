"""Low-precision convolutions and contractions in the training suite (issue 16): IREE names their
dispatches with the element types, each gets a class of its own, the suite's programs were measured,
and the fit prices them apart from the f32 ones."""

from __future__ import annotations

import json
import pathlib

import pytest

from simulator.calibration.fit import DispatchSample, fit_dispatch_model
from simulator.calibration.suite import conv2d, reduction, training_suite
from simulator.calibration.suite_lowp import lowp_suite
from simulator.costs import op_class

ROOT = pathlib.Path(__file__).parents[3]

#: What the fixtures' low-precision dispatches (tests/fixtures/frontends) are classed as.
FIXTURE_CLASSES = {
    "main_dispatch_1_conv_2x6x6x4x3x3x3_f16": "conv.f16",
    "main_dispatch_1_conv_2x7x7x5x3x3x4_bf16": "conv.bf16",
    "main_dispatch_3_conv_2x3x3x6x3x3x4_i8xi8xi32": "conv.i8",
    "main_dispatch_4_matmul_2x12x10_f16": "matmul.f16",
    "main_dispatch_2_reduction_2x4x36_f16xf16xf32": "reduction.f16",
}


def test_low_precision_programs_are_in_the_training_suite_with_their_names() -> None:
    names = [b.name for b in training_suite()]
    assert len(names) == len(set(names))
    assert {b.name for b in lowp_suite()} <= set(names)
    # The f32 programs keep their names (measurements are cached by name).
    assert conv2d(6, 3, 8).name == "conv2d_6x6x3x8_k3" and reduction(2, 16).name == "reduction_2x16"
    assert conv2d(8, 4, 6, et="i8", acc="i32").name == "conv2d_8x8x4x6_k3_i8xi32"
    assert conv2d(6, 3, 4, et="f16").name == "conv2d_6x6x3x4_k3_f16"
    assert "arith.extf %q : f16 to f32" in reduction(8, 64, "f16").source
    assert "extf" not in reduction(8, 64).source


def test_iree_names_the_suites_dispatches_with_the_fixtures_classes(
    iree: None, tmp_path: pathlib.Path
) -> None:
    from simulator.calibration.run import benchmark_case, simulate_case, stream_ir_of
    from simulator.machine import load_machine

    machine = load_machine("cpu-local-sync")
    classes: dict[str, set[str]] = {}
    for bench in lowp_suite():
        case = benchmark_case(bench, tmp_path)
        simulated = simulate_case(case, stream_ir_of(case, tmp_path, "local-sync"), machine)
        classes.setdefault(bench.name.split("_")[0].rstrip("0123456789"), set()).update(
            op_class(d["name"], d["kind"]) for d in simulated["dispatches"]
        )
    assert classes == {
        "conv2d": {"conv.f16", "conv.bf16", "conv.i8"},
        "matmul": {"matmul.f16", "matmul.bf16"},
        "reduction": {"reduction.f16"},
        # IREE names a conversion by its operand's type.
        "convert": {"elementwise", "elementwise.f16", "elementwise.bf16"},
        "polynomial": {"elementwise.f16", "elementwise.bf16"},
        # (GELU's tanh on a 16-bit float)
        "elementwise": {"elementwise.f16", "elementwise.bf16"},
    }
    assert set(FIXTURE_CLASSES.values()) <= set().union(*classes.values())
    for name, cls in FIXTURE_CLASSES.items():
        assert op_class(name) == cls


@pytest.mark.parametrize("device", ["local-sync", "local-task"])
def test_the_suites_low_precision_programs_were_measured(device: str) -> None:
    cache = json.loads((ROOT / "benchmarks" / "data" / "calibration" / f"{device}.json").read_text())
    for bench in lowp_suite():
        entry = cache["programs"][bench.name]
        assert entry["role"] == "train" and len(entry["dispatches"]) == 1, bench.name
        # The dispatch's minimum is over the profiled round only, the call's over every round (on
        # local-task, rounds at other loads differ up to 2x).
        assert 0 < entry["dispatches"][0]["min_ns"] <= 2 * entry["call_ns"]["min_ns"], bench.name


def test_the_fit_prices_an_f16_convolution_apart_from_an_f32_one() -> None:
    def samples(dtype: str, per_flop: float) -> list[DispatchSample]:
        return [
            DispatchSample(
                f"{dtype}{i}", f"main_dispatch_0_conv_{i}x8_{dtype}", flops, 0, 300.0 + per_flop * flops
            )
            for i, flops in enumerate((1000, 10_000, 100_000))
        ]

    fit = fit_dispatch_model(samples("f32", 0.05) + samples("f16", 10.0), shapes=False)
    f16 = fit.model.predict_ns("conv.f16", 50_000, 0)
    f32 = fit.model.predict_ns("conv", 50_000, 0)
    assert f16 == pytest.approx(300.0 + 10.0 * 50_000, rel=0.05)
    assert f32 == pytest.approx(300.0 + 0.05 * 50_000, rel=0.1)


def test_software_float_conversions_are_counted_and_priced_apart() -> None:
    from simulator.calibration.suite_lowp import convert
    from simulator.dispatch_model import DispatchModelSpec, shape_key

    assert convert(16, 64, "f32", "f16").name == "convert_16x64_f32_to_f16"
    assert "arith.truncf %x : f32 to bf16" in convert(2, 2, "f32", "bf16").source
    with pytest.raises(ValueError, match="one 16-bit and one 32-bit float type, got 'f16' and 'bf16'"):
        convert(2, 2, "f16", "bf16")
    # A model that does not price a conversion adds nothing for it, and the shape key ignores it.
    model = DispatchModelSpec(
        {"default": 100.0}, {"default": 0.0}, {"default": 0.0}, ns_per_math={"exp": 5.0}
    )
    assert model.predict_ns("elementwise", 0, 0, math_counts=(("truncf.f16", 1000),)) == 100.0
    name = "main_dispatch_0_elementwise_2x6x6x3_f32xf16"
    assert shape_key(name, (("truncf.f16", 216),)) == shape_key(name) == "elementwise_2x6x6x3_f32xf16"
    samples = [
        DispatchSample(
            f"c{n}",
            f"main_dispatch_0_elementwise_{n}_f32xf16",
            0,
            6 * n,
            200.0 + 6.0 * n,
            0,
            (("truncf.f16", n),),
        )
        for n in (64, 1024, 8192, 32768)
    ] + [
        DispatchSample(f"e{n}", f"main_dispatch_0_elementwise_{n}_f32", n, 8 * n, 200.0 + 0.3 * n)
        for n in (64, 1024, 8192, 32768)
    ]
    fit = fit_dispatch_model(samples, shapes=False)
    assert fit.model.math_ns("truncf.f16") == pytest.approx(6.0, rel=0.1)


def test_the_fixtures_conversions_are_counted(iree: None) -> None:
    from simulator.calibration.run import fixture_case, simulate_case
    from simulator.machine import load_machine

    case = fixture_case(ROOT / "tests" / "fixtures" / "frontends" / "flax_f16_mixed")
    assert case.stream_ir is not None
    simulated = simulate_case(case, case.stream_ir, load_machine("cpu-local-sync"))
    by_name = {d["name"]: d["math"] for d in simulated["dispatches"]}
    # 2x6x6x3 f32 activations cast to f16 for the convolution.
    assert by_name["main_dispatch_0_elementwise_2x6x6x3_f32xf16"] == {"truncf.f16": 216}
    assert by_name["main_dispatch_2_reduction_2x4x36_f16xf16xf32"]["extf.f16"] == 288
    # ... and its GELU's nine f16 adds and multiplies at each of those 288 points, each done in software.
    assert by_name["main_dispatch_2_reduction_2x4x36_f16xf16xf32"]["arith.f16"] == 9 * 288
    assert "arith.f16" not in by_name["main_dispatch_0_elementwise_2x6x6x3_f32xf16"]


def test_software_arithmetic_on_16_bit_floats_is_counted_and_priced_apart() -> None:
    from simulator.calibration.suite_lowp import polynomial
    from simulator.dispatch_model import DispatchModelSpec, shape_key

    bench = polynomial(32, 64, "f16", 3)
    assert bench.name == "polynomial3_32x64_f16"
    assert bench.source.count("arith.mulf") == 2 and bench.source.count("arith.addf") == 1
    with pytest.raises(ValueError, match="at least one op, got 0"):
        polynomial(2, 2, "f16", 0)
    # A model without the function prices it at nothing, and a shape key ignores it.
    model = DispatchModelSpec(
        {"default": 100.0}, {"default": 0.0}, {"default": 0.0}, ns_per_math={"exp": 5.0}
    )
    assert model.predict_ns("elementwise.f16", 0, 0, math_counts=(("arith.f16", 1000),)) == 100.0
    name = "main_dispatch_0_elementwise_32x64_f16"
    assert shape_key(name, (("arith.f16", 6144),)) == shape_key(name)
    samples = [
        DispatchSample(
            f"p{n}x{k}",
            f"main_dispatch_0_elementwise_{n}_f16",
            n,
            4 * n,
            200.0 + 20.0 * k * n,
            0,
            (("arith.f16", k * n),),
        )
        for n in (64, 1024, 8192)
        for k in (1, 4)
    ]
    fit = fit_dispatch_model(samples, shapes=False)
    assert fit.model.math_ns("arith.f16") == pytest.approx(20.0, rel=0.1)
