"""The fit recovers known coefficients from synthetic data; the fitted model loads and prices dispatches."""

from __future__ import annotations

import dataclasses
import math
import pathlib
import tomllib

import numpy as np
import pytest

from simulator.calibration.fit import (
    CallSample,
    DispatchSample,
    fit_dispatch_model,
    fit_fixed_costs,
    nnls,
    summarize_errors,
)
from simulator.calibration.toml_out import dumps
from simulator.costs import CostModel, DispatchCost, op_class
from simulator.errors import InputError, MachineError
from simulator.machine import load_machine, machine_from_dict

# The fixed cost per dispatch and per transcendental evaluation are shared by every class (fit.py).
TRUE_OVERHEAD = 2500.0
TRUE_PER_TRANSCENDENTAL = 20.0
TRUE_PER_BYTE = {"matmul": 0.05, "reduction": 0.02, "elementwise": 0.015, "conv": 0.1}
TRUE_PER_FLOP = {"matmul": 0.004, "reduction": 0.02, "elementwise": 0.03, "conv": 0.006}
NAMES = {
    "matmul": "main_dispatch_0_matmul_{n}_f32",
    "reduction": "main_dispatch_1_reduction_{n}_f32",
    "elementwise": "main_dispatch_2_elementwise_{n}_f32",
    "conv": "main_dispatch_3_conv_2d_{n}_f32",
}


def _samples(noise: float, seed: int = 0) -> list[DispatchSample]:
    rng = np.random.default_rng(seed)
    out = []
    for cls, per_flop in TRUE_PER_FLOP.items():
        for n in range(12):
            flops = int(rng.integers(1_000, 50_000_000))
            nbytes = int(rng.integers(1_000, 8_000_000))
            trans = int(rng.integers(0, 100_000)) if n % 3 == 0 else 0
            t = (
                TRUE_OVERHEAD
                + flops * per_flop
                + nbytes * TRUE_PER_BYTE[cls]
                + trans * TRUE_PER_TRANSCENDENTAL
            )
            t *= 1.0 + noise * float(rng.uniform(-1, 1))
            out.append(DispatchSample("p", NAMES[cls].format(n=n), flops, nbytes, t, trans))
    return out


def test_fit_dispatch_model_recovers_known_coefficients_exactly() -> None:
    model = fit_dispatch_model(_samples(0.0)).model
    for cls in TRUE_PER_FLOP:
        assert model.coefficients(cls) == pytest.approx(
            (TRUE_OVERHEAD, TRUE_PER_FLOP[cls], TRUE_PER_BYTE[cls]), rel=1e-4
        )
        assert model.ns_per_transcendental[cls] == pytest.approx(TRUE_PER_TRANSCENDENTAL, rel=1e-4)
    # A class never measured pays the shared costs.
    assert model.overhead_ns["default"] == pytest.approx(TRUE_OVERHEAD, rel=1e-4)
    assert model.ns_per_transcendental["default"] == pytest.approx(TRUE_PER_TRANSCENDENTAL, rel=1e-4)
    assert summarize_errors(fit_dispatch_model(_samples(0.0)).relative_errors)["worst_abs"] < 1e-4


def test_fit_dispatch_model_with_noise_stays_close() -> None:
    fit = fit_dispatch_model(_samples(0.05, seed=3))
    for cls, value in TRUE_PER_FLOP.items():
        assert fit.model.ns_per_flop[cls] == pytest.approx(value, rel=0.15)
    assert summarize_errors(fit.relative_errors)["median_abs"] < 0.05


def test_fit_dispatch_model_needs_samples() -> None:
    with pytest.raises(InputError, match="no measured dispatches"):
        fit_dispatch_model([])


def test_fit_fixed_costs_recovers_knobs_and_never_goes_negative() -> None:
    rng = np.random.default_rng(1)
    true = {"submit": 1500.0, "wake": 4000.0, "op": 0.0}
    samples = []
    for i in range(10):
        sens = {k: float(rng.integers(0, 30)) for k in true}
        base = float(rng.integers(10_000, 500_000))
        samples.append(CallSample(f"p{i}", base + sum(sens[k] * v for k, v in true.items()), base, sens))
    got = fit_fixed_costs(samples, list(true))
    assert got["submit"] == pytest.approx(1500.0, rel=1e-6) and got["wake"] == pytest.approx(4000.0, rel=1e-6)
    assert got["op"] == pytest.approx(0.0, abs=1e-6)


def test_nnls_matches_unconstrained_solution_when_positive() -> None:
    rng = np.random.default_rng(2)
    a = rng.uniform(0, 1, (20, 4))
    x_true = np.array([1.0, 2.0, 0.5, 3.0])
    assert np.allclose(nnls(a, a @ x_true), x_true)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("main_dispatch_0_matmul_16x64x64_f32", "matmul"),
        ("main_dispatch_3_reduction_16x16x64_f32", "reduction"),
        ("main_dispatch_1_conv_2d_nhwc_hwcf_1x14x14x8x3x3x4_f32", "conv"),
        ("main_dispatch_2_elementwise_16x64_f16", "elementwise.f16"),
        ("main_dispatch_4_matmul_64x64x256_i8xi8xi32", "matmul.i8"),
        ("main_dispatch_5_transpose_256x256_f32", "transpose"),
        ("main_dispatch_6_slow_memcpy", "copy"),
        ("matmul", "matmul"),
        ("main$async_dispatch_0_matmul_Dx16x8_f32", "matmul.dyn"),
        ("main$async_dispatch_2_elementwise_broadcast_D_f32", "elementwise.dyn"),
        ("main_dispatch_3_reduction_5xD_i32", "reduction.i32.dyn"),
        ("main$async_dispatch_0_attention_2x8x16x16x8", "attention"),
        ("main_dispatch_9_matmul_DxD_f32", "matmul.dyn"),
    ],
    ids=[
        "matmul",
        "reduction",
        "conv",
        "f16",
        "i8",
        "transpose",
        "memcpy",
        "builder-kernel",
        "dynamic",
        "dynamic-broadcast",
        "dynamic-i32",
        "attention",
        "all-dynamic",
    ],
)
def test_op_class_from_export_names(name: str, expected: str) -> None:
    assert op_class(name) == expected


def _fitted_machine_dict() -> dict:
    model = fit_dispatch_model(_samples(0.0)).model
    data = {
        "name": "fitted",
        "devices": [
            {
                "name": "cpu0",
                "kind": "cpu",
                "dispatch_model": {
                    "overhead_ns": dict(model.overhead_ns),
                    "ns_per_flop": dict(model.ns_per_flop),
                    "ns_per_byte": dict(model.ns_per_byte),
                },
            }
        ],
        "calibration": {"date": "2026-11-25", "programs": ["a", "b"], "call_median_abs_error": 0.05},
    }
    return data


def test_fitted_machine_prices_dispatches_with_the_model_and_round_trips() -> None:
    data = _fitted_machine_dict()
    machine = machine_from_dict(tomllib.loads(dumps(data)))
    device = machine.devices[0]
    cost = DispatchCost(flops=1_000_000, bytes_read=30_000, bytes_written=10_000)
    ns = CostModel().dispatch_ns(device, ("main_dispatch_0_matmul_8x8x8_f32",), cost)
    assert ns == pytest.approx(2500 + 1e6 * 0.004 + 40_000 * 0.05, abs=2)
    # A class never measured takes the base class, then the default.
    model = device.dispatch_model
    assert model is not None
    assert model.coefficients("matmul.math.bf16") == model.coefficients("matmul")
    assert model.coefficients("scan")[1] == model.ns_per_flop["default"]
    # Without a model the same dispatch is priced by the roofline.
    assert CostModel().dispatch_ns(load_machine("cpu").devices[0], ("mm",), cost) != ns
    # Written and read again, the machine gives byte-identical predictions.
    again = machine_from_dict(tomllib.loads(dumps(data)))
    assert again == machine


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"overhead_ns": {"matmul": -1.0}}, r"overhead_ns: field 'matmul' must be in"),
        ({"ns_per_byte": {"conv": "fast"}}, r"ns_per_byte: field 'conv' must be float"),
        ({"ns_per_flop": {"matmul": float("nan")}}, "'matmul' must be a finite number"),
        ({"ns_per_flop": 0.5}, "field 'ns_per_flop' must be dict"),
        ({"bogus": 1}, "unknown field"),
    ],
    ids=["negative", "type", "nan", "not-a-table", "unknown"],
)
def test_malformed_dispatch_model_is_rejected_naming_the_key(patch: dict, message: str) -> None:
    data = _fitted_machine_dict()
    data["devices"][0]["dispatch_model"].update(patch)
    with pytest.raises(MachineError, match=message):
        machine_from_dict(data)


def test_malformed_provenance_is_rejected() -> None:
    data = _fitted_machine_dict()
    data["calibration"]["nested"] = {"a": 1}
    with pytest.raises(MachineError, match=r"\[calibration\]: field 'nested'"):
        machine_from_dict(data)


def test_a_class_with_one_sample_scales_with_its_work() -> None:
    samples = _samples(0.0) + [DispatchSample("p", "main_dispatch_9_matmul_8x8x8_f16", 1000, 500, 20_000.0)]
    model = fit_dispatch_model(samples).model
    overhead, per_flop, per_byte = model.coefficients("matmul.f16")
    # It pays the shared fixed cost; the rest of its time is priced per flop, so twice the flops cost
    # twice that rest.
    assert overhead == pytest.approx(TRUE_OVERHEAD, rel=1e-4) and per_byte == 0.0
    assert per_flop == pytest.approx((20_000.0 - TRUE_OVERHEAD) / 1000, rel=1e-4)
    assert model.predict_ns("matmul.f16", 2000, 500) == pytest.approx(
        TRUE_OVERHEAD + 2 * (20_000.0 - TRUE_OVERHEAD), rel=1e-4
    )


def test_linalg_estimate_counts_transcendentals_of_fused_bodies() -> None:
    import pathlib

    from simulator.costs import LinalgEstimate
    from simulator.program import load_program

    root = pathlib.Path(__file__).parents[3] / "tests" / "fixtures" / "iree" / "wide_branches_softmax"
    module = load_program(root / "cmd.generic.mlir")
    funcs = {
        op.attr("sym_name").value: op  # type: ignore[union-attr]
        for op in module.walk()
        if op.op_name == "func.func" and op.attr("sym_name") is not None
    }
    count = {name: LinalgEstimate(f)([]).transcendentals for name, f in funcs.items() if "dispatch" in name}
    # Branch 0 is matmul + relu (no transcendental), branch 1 matmul + tanh over 16x32 outputs.
    assert count["main_dispatch_0_matmul_16x32x64_f32"] == 0
    assert count["main_dispatch_1_matmul_16x32x64_f32"] == 16 * 32
    assert all(n == 0 for name, n in count.items() if "slow_memcpy" in name)


# Each math function's own cost (ns per evaluation): rsqrt is one instruction, erf a long polynomial.
TRUE_PER_FUNCTION = {"exp": 20.0, "erf": 16.0, "rsqrt": 0.4, "roundeven": 3.0}


def _math_samples() -> list[DispatchSample]:
    rng = np.random.default_rng(7)
    out = []
    for cls in ("elementwise", "matmul"):
        for n in range(16):
            flops = int(rng.integers(1_000, 5_000_000))
            nbytes = int(rng.integers(1_000, 800_000))
            counts = {f: int(rng.integers(0, 50_000)) for f in TRUE_PER_FUNCTION if rng.uniform() < 0.5}
            t = TRUE_OVERHEAD + flops * TRUE_PER_FLOP[cls] + nbytes * TRUE_PER_BYTE[cls]
            t += sum(TRUE_PER_FUNCTION[f] * k for f, k in counts.items())
            trans = sum(k for f, k in counts.items() if f in ("exp", "erf"))
            math_counts = tuple(sorted(counts.items()))
            out.append(DispatchSample("p", NAMES[cls].format(n=n), flops, nbytes, t, trans, math_counts))
    return out


def test_fit_dispatch_model_prices_each_math_function() -> None:
    model = fit_dispatch_model(_math_samples()).model
    for f, value in TRUE_PER_FUNCTION.items():
        assert model.ns_per_math[f] == pytest.approx(value, rel=1e-3)
    # A transcendental never measured costs the median of the measured transcendentals (exp, erf);
    # a cheap function never measured (absf) costs nothing beyond its flop.
    assert model.math_ns("sin") == pytest.approx(18.0, rel=1e-3)
    assert model.math_ns("absf") == 0.0
    assert all(v == 0.0 for v in model.ns_per_transcendental.values())
    flops = 1_000_000  # within the samples' range (the fitted floor is below the prediction)
    assert model.predict_ns("elementwise", flops, 0, 10, (("exp", 10),)) == pytest.approx(
        TRUE_OVERHEAD + flops * TRUE_PER_FLOP["elementwise"] + 200.0, rel=1e-3
    )


def test_no_dispatch_is_predicted_faster_than_the_fastest_measured() -> None:
    """The line through tiny and large dispatches alike says a few ns for a one-element map; the fit's
    floor is the fastest dispatch it measured, and the machine file keeps it."""
    from simulator.calibration.run import model_table
    from simulator.machine import machine_from_dict

    samples = [
        DispatchSample("p", NAMES["elementwise"].format(n=n), flops, 8 * flops, measured)
        for n, (flops, measured) in enumerate(
            [(1, 30.0), (4, 31.0), (256, 36.0), (65536, 2100.0), (1 << 20, 33000.0), (1 << 22, 130000.0)]
        )
    ]
    model = fit_dispatch_model(samples, shapes=False).model
    assert model.floor_ns == 30.0
    assert model.predict_ns("elementwise", 1, 8) == 30.0
    assert model.predict_ns("elementwise", 1 << 21, 8 << 21) > 30.0
    table = {
        "name": "m",
        "devices": [
            {"name": "d0", "kind": "cpu", "dispatch_model": model_table(fit_dispatch_model(samples))}
        ],
    }
    loaded = machine_from_dict(table).devices[0].dispatch_model
    assert loaded is not None and loaded.floor_ns == 30.0


def test_ns_per_math_round_trips_through_the_machine_file_and_is_checked() -> None:
    from simulator.calibration.run import model_table

    fit = fit_dispatch_model(_math_samples())
    base = {"name": "m", "devices": [{"name": "d0", "kind": "cpu", "dispatch_model": model_table(fit)}]}
    text = dumps(base)
    again = machine_from_dict(tomllib.loads(text)).devices[0].dispatch_model
    assert again is not None and again.ns_per_math == fit.model.ns_per_math
    cost = DispatchCost(1000, 100, 100, "f32", 64, (("exp", 64), ("rsqrt", 8)))
    device = machine_from_dict(tomllib.loads(text)).devices[0]
    expected = math.ceil(fit.model.predict_ns("elementwise", 1000, 200, 64, cost.math) - 1e-6)
    assert CostModel().dispatch_ns(device, ("x_elementwise_8_f32",), cost) == expected
    bad = tomllib.loads(text)
    bad["devices"][0]["dispatch_model"]["ns_per_math"]["exp"] = -1.0
    with pytest.raises(MachineError, match="ns_per_math.*'exp'"):
        machine_from_dict(bad)


def test_linalg_estimate_counts_each_math_function() -> None:
    import pathlib

    from simulator.costs import LinalgEstimate
    from simulator.program import load_program

    root = pathlib.Path(__file__).parents[3] / "tests" / "fixtures" / "iree" / "layer_norm"
    module = load_program(root / "cmd.generic.mlir")
    counts = {
        op.attr("sym_name").value: dict(LinalgEstimate(op)([]).math)  # type: ignore[union-attr]
        for op in module.walk()
        if op.op_name == "func.func" and "dispatch" in str(op.attr("sym_name"))
    }
    # layer_norm: the normalizing dispatch's body evaluates rsqrt of its row's variance, once a row of
    # its 16x64 points (hoisted out of the column loop); no other dispatch evaluates a math function.
    assert sorted(c for c in counts.values() if c) == [{"rsqrt": 16}]


def _cliff_samples(factor: float) -> list[DispatchSample]:
    """The synthetic samples (each its own program, as each microbenchmark is) and two of a conv shape
    that runs ``factor`` times slower than the conv line says: a code-generator cliff."""
    samples = [dataclasses.replace(s, program=s.name) for s in _samples(0.0)]
    # Small convolutions pin the class's fixed cost down (as the suite's launch-bound sizes do).
    for n, flops in enumerate((2_000, 20_000, 60_000)):
        t = TRUE_OVERHEAD + flops * TRUE_PER_FLOP["conv"] + 1_000 * TRUE_PER_BYTE["conv"]
        samples.append(DispatchSample(f"small{n}", f"main_dispatch_0_conv_{n}_f32", flops, 1_000, t))
    line = TRUE_OVERHEAD + 112_896 * TRUE_PER_FLOP["conv"] + 11_552 * TRUE_PER_BYTE["conv"]
    cliff = "main_dispatch_0_conv_14x14x8x3x3x4_f32"
    return samples + [DispatchSample("cliff", cliff, 112_896, 11_552, factor * line) for _ in range(2)]


def test_fit_dispatch_model_keeps_the_measured_ratio_of_a_shape_off_the_line() -> None:
    samples = _cliff_samples(8.0)
    fit = fit_dispatch_model(samples)
    model = fit.model
    assert model.shape_scale == {"conv_14x14x8x3x3x4_f32": pytest.approx(8.0, rel=0.05)}
    assert model.shape_flops == {"conv_14x14x8x3x3x4_f32": 112_896}
    # Another program's dispatch of that shape (a relu fused: a few percent more flops) is predicted
    # from the measurement; the same name doing half the work, or evaluating a math function, is not.
    relu = model.predict_ns("conv", 116_032, 11_552, shape="conv_14x14x8x3x3x4_f32")
    assert relu == pytest.approx(8 * model.predict_ns("conv", 116_032, 11_552), rel=0.06)
    half = model.predict_ns("conv", 56_448, 11_552, shape="conv_14x14x8x3x3x4_f32")
    assert half == model.predict_ns("conv", 56_448, 11_552)
    from simulator.dispatch_model import shape_key

    assert shape_key("main_dispatch_5_conv_14x14x8x3x3x4_f32", (("exp", 9),)) != "conv_14x14x8x3x3x4_f32"
    # Without shapes, the line alone.
    assert not fit_dispatch_model(samples, shapes=False).model.shape_scale


def test_shape_scale_round_trips_through_the_machine_file_and_prices_dispatches() -> None:
    from simulator.calibration.run import model_table

    fit = fit_dispatch_model(_cliff_samples(4.0))
    data = {"name": "m", "devices": [{"name": "d0", "kind": "cpu", "dispatch_model": model_table(fit)}]}
    device = machine_from_dict(tomllib.loads(dumps(data))).devices[0]
    assert device.dispatch_model == fit.model
    cost = DispatchCost(112_896, 10_000, 1_552)
    plain = CostModel().dispatch_ns(device, ("main_dispatch_2_conv_10x10x8x3x3x4_f32",), cost)
    cliff = CostModel().dispatch_ns(device, ("main$async_dispatch_7_conv_14x14x8x3x3x4_f32",), cost)
    scale = fit.model.shape_scale["conv_14x14x8x3x3x4_f32"]
    assert scale == pytest.approx(4.0, rel=0.05)
    assert cliff == pytest.approx(scale * plain, rel=1e-3)
    bad = tomllib.loads(dumps(data))
    bad["devices"][0]["dispatch_model"]["shape_scale"]["conv_14x14x8x3x3x4_f32"] = "8"
    with pytest.raises(MachineError, match="shape_scale.*conv_14x14x8x3x3x4_f32"):
        machine_from_dict(bad)


def _pooled_samples(wake: float, workers: int) -> list[DispatchSample]:
    """Dispatches whose one-worker time follows the known line, measured on a pool of ``workers``."""
    from simulator.dispatch_model import DispatchModelSpec

    pool = DispatchModelSpec({}, {}, {}, workers=workers, worker_wake_ns=wake)
    out = []
    for s in _samples(0.0, seed=7):
        serial = TRUE_OVERHEAD + s.flops * TRUE_PER_FLOP[s.op_class] + s.bytes * TRUE_PER_BYTE[s.op_class]
        serial += s.transcendentals * TRUE_PER_TRANSCENDENTAL
        out.append(dataclasses.replace(s, measured_ns=pool.pooled_ns(serial)))
    # Small dispatches, below the wake-up: they run on the calling worker alone.
    for n in range(6):
        flops = 20_000 * (n + 1)
        serial = TRUE_OVERHEAD + flops * TRUE_PER_FLOP["matmul"] + 1000 * TRUE_PER_BYTE["matmul"]
        out.append(
            DispatchSample("q", f"main_dispatch_9_matmul_{n}x8_f32", flops, 1000, pool.pooled_ns(serial))
        )
    return out


def test_fit_dispatch_model_finds_a_worker_pools_wake_up_and_one_worker_line() -> None:
    fit = fit_dispatch_model(_pooled_samples(4000.0, 2), workers=2, shapes=False)
    model = fit.model
    assert (model.workers, model.worker_wake_ns) == (2, 4000.0)
    assert model.coefficients("matmul") == pytest.approx(
        (TRUE_OVERHEAD, TRUE_PER_FLOP["matmul"], TRUE_PER_BYTE["matmul"]), rel=1e-3
    )
    assert summarize_errors(fit.relative_errors)["worst_abs"] < 1e-4
    # Fitted as one thread, the same measurements leave a line that cannot follow both regimes.
    single = fit_dispatch_model(_pooled_samples(4000.0, 2), workers=1, shapes=False)
    assert single.model.workers == 1
    assert summarize_errors(single.relative_errors)["worst_abs"] > 0.02


def test_pooled_and_serial_times_are_inverse_and_one_worker_is_the_identity() -> None:
    from simulator.dispatch_model import DispatchModelSpec

    pool = DispatchModelSpec({}, {}, {}, workers=4, worker_wake_ns=3000.0)
    for t in (10.0, 2999.0, 3000.0, 7000.0, 1e6):
        assert pool.serial_ns(pool.pooled_ns(t)) == pytest.approx(t)
    assert pool.pooled_ns(1e6) == pytest.approx(3000.0 + (1e6 - 3000.0) / 4)
    one = DispatchModelSpec({}, {}, {}, worker_wake_ns=3000.0)
    assert one.pooled_ns(1e6) == one.serial_ns(1e6) == 1e6


def test_a_pooled_model_round_trips_through_a_machine_file_and_bad_pools_are_named(
    tmp_path: pathlib.Path,
) -> None:
    from simulator.calibration.run import model_table

    fit = fit_dispatch_model(_pooled_samples(4000.0, 2), workers=2)
    data = _fitted_machine_dict()
    data["devices"][0]["dispatch_model"] = model_table(fit)
    assert data["devices"][0]["dispatch_model"]["workers"] == 2
    path = tmp_path / "pool.toml"
    path.write_text(dumps(data))
    loaded = load_machine(str(path)).devices[0].dispatch_model
    assert loaded == fit.model
    for key, value, words in (("workers", 0, "workers"), ("worker_wake_ns", -1.0, "worker_wake_ns")):
        bad = _fitted_machine_dict()
        bad["devices"][0]["dispatch_model"][key] = value
        path.write_text(dumps(bad))
        with pytest.raises(MachineError, match=words):
            load_machine(str(path))


def test_a_dynamic_class_the_model_lacks_is_priced_as_the_static_class() -> None:
    model = fit_dispatch_model(_samples(0.0)).model
    assert model.coefficients("matmul.dyn") == model.coefficients("matmul")
    assert model.coefficients("reduction.i32.dyn") == model.coefficients("reduction")

