"""Winograd's convolutions and data-tiled matmuls in the training suite (issue 16): each program carries
the iree-compile flag that asks for the rewrite, IREE's dispatches fall in classes of their own (as the
flax_cnn_winograd and flax_mlp_datatiled fixtures' do), the programs were measured, and the fit prices
a data-tiled matmul apart from a plain one."""

from __future__ import annotations

import json
import pathlib

import pytest

from simulator.calibration.fit import DispatchSample, fit_dispatch_model
from simulator.calibration.suite import conv2d, matmul, training_suite
from simulator.calibration.suite_tiled import (
    DATA_TILING_FLAGS,
    WINOGRAD_FLAGS,
    FlaggedBenchmark,
    padded_tiled_suite,
    tiled_suite,
)
from simulator.costs import op_class

ROOT = pathlib.Path(__file__).parents[3]
FRONTENDS = ROOT / "tests" / "fixtures" / "frontends"


def test_the_rewritten_programs_are_in_the_training_suite_with_their_flags(tmp_path: pathlib.Path) -> None:
    from simulator.calibration.run import benchmark_case

    names = [b.name for b in training_suite()]
    assert len(names) == len(set(names))
    assert {b.name for b in tiled_suite()} <= set(names)
    by_name = {b.name: b for b in tiled_suite()}
    wino = by_name["conv2d_10x10x4x8_k3_winograd"]
    assert wino.flags == WINOGRAD_FLAGS and wino.source == conv2d(10, 4, 8).source
    dt = by_name["matmul_24x40x36_f32_dt"]
    assert dt.flags == DATA_TILING_FLAGS and dt.source == matmul(24, 40, 36).source
    # The case passes the flags to iree-compile; the suite's other programs compile as before.
    assert benchmark_case(dt, tmp_path).flags == DATA_TILING_FLAGS
    assert benchmark_case(matmul(24, 40, 36), tmp_path).flags == ()
    padded = {b.name for b in padded_tiled_suite()}
    assert padded <= set(names) and all(b.flags == DATA_TILING_FLAGS for b in padded_tiled_suite())
    flagged = by_name.keys() | padded
    assert not any(isinstance(b, FlaggedBenchmark) for b in training_suite() if b.name not in flagged)


def test_class_words() -> None:
    assert op_class("main_dispatch_1_winograd_input_transform_8x8x1x3x3x8xf32_dispatch_tensor_store") == (
        "winograd.input"
    )
    assert op_class("main_dispatch_3_winograd_output_transform_8x8x2x2x3x6xf32_dispatch_tensor_store") == (
        "winograd.output"
    )
    assert op_class("main_dispatch_0_winograd_filter_transform_8x8x4x8xf32_dispatch_tensor_store") == (
        "winograd.filter"
    )
    assert op_class(
        "main_dispatch_1_winograd_input_transform_8x8x1x3x3x8xf32_dispatch_tensor_store", "exact"
    ) == ("winograd.input.exact")
    assert op_class("_encoding_5_encode_6x20xf32_to_6x20xf32") == "pack"
    assert op_class("main_dispatch_0_matmul_6x33x20_f32", "tiled") == "matmul.tiled"
    assert op_class("main_dispatch_4_matmul_7x5x19_i8xi8xi32", "tiled") == "matmul.tiled.i8"
    # The kind says nothing of another class; a matmul without it stays one.
    assert op_class("main_dispatch_2_reduction_6x33_f32", "tiled") == "reduction"
    assert op_class("main_dispatch_0_matmul_6x33x20_f32") == "matmul"


def _classes(case, device: str = "local-sync") -> dict[str, str]:  # type: ignore[no-untyped-def]
    from simulator.calibration.run import simulate_case, stream_ir_of
    from simulator.machine import load_machine

    ir = case.stream_ir or stream_ir_of(case, pathlib.Path(str(case.source)).parent, device)
    simulated = simulate_case(case, ir, load_machine("cpu-local-sync"))
    return {d["name"]: op_class(d["name"], d["kind"]) for d in simulated["dispatches"]}


def test_iree_compiles_the_rewritten_programs_into_the_fixtures_classes(
    iree: None, tmp_path: pathlib.Path
) -> None:
    from simulator.calibration.run import benchmark_case, fixture_case

    by_program = {b.name: set(_classes(benchmark_case(b, tmp_path)).values()) for b in tiled_suite()}
    # (a strided copy of the result, slow_memcpy, follows some of them)
    assert by_program["conv2d_16x16x4x8_k3_winograd"] - {"copy"} == {
        "winograd.filter",
        "winograd.input",
        "matmul",
        "winograd.output",
    }
    # 18 = 3 whole tiles of 6: no window passes the image's edge.
    assert by_program["conv2d_20x20x8x8_k3_winograd"] - {"copy"} == {
        "winograd.filter",
        "winograd.input.exact",
        "matmul",
        "winograd.output",
    }
    assert by_program["matmul_24x40x36_f32_dt"] == {"pack", "matmul.tiled"}
    assert by_program["matmul_16x48x24_i8_dt"] == {"pack", "matmul.tiled.i8"}
    assert by_program["batch_matmul_4x8x32x16_dt"] == {"pack", "matmul.tiled"}
    # The same compile without the flag has none of these classes.
    plain = set(_classes(benchmark_case(matmul(24, 40, 36), tmp_path)).values())
    assert plain == {"matmul"}
    # The fixtures' dispatches fall in the classes the suite measures.
    suite = set().union(*by_program.values())
    wino = _classes(fixture_case(FRONTENDS / "flax_cnn_winograd"))
    # (its filters' transforms run in the initializer, on the parameters)
    assert {c for c in wino.values() if c.startswith("winograd")} == {
        "winograd.filter",
        "winograd.input",
        "winograd.output",
    }
    tiled = _classes(fixture_case(FRONTENDS / "flax_mlp_datatiled"))
    assert tiled["main_dispatch_0_matmul_6x33x20_f32"] == "matmul.tiled"
    assert tiled["main_dispatch_4_matmul_7x5x19_i8xi8xi32"] == "matmul.tiled.i8"
    assert tiled["_encoding_5_encode_6x20xf32_to_6x20xf32"] == "pack"
    assert {
        c for c in [*wino.values(), *tiled.values()] if "tiled" in c or "winograd" in c or c == "pack"
    } <= suite


@pytest.mark.parametrize("device", ["local-sync", "local-task"])
def test_the_rewritten_programs_were_measured(device: str) -> None:
    cache = json.loads((ROOT / "benchmarks" / "data" / "calibration" / f"{device}.json").read_text())
    for bench in tiled_suite():
        entry = cache["programs"][bench.name]
        assert entry["role"] == "train" and len(entry["sessions_ns"]) >= 3, bench.name
        names = [d["name"] for d in entry["dispatches"]]
        if bench.name.endswith("_winograd"):
            assert any("winograd_input_transform" in n for n in names), names
        else:
            assert sum("_encode_" in n for n in names) == 2, names
        assert all(d["min_ns"] > 0 for d in entry["dispatches"]), bench.name


def test_the_fit_prices_a_data_tiled_matmul_apart_from_a_plain_one() -> None:
    def samples(kind: str, per_flop: float) -> list[DispatchSample]:
        return [
            DispatchSample(
                f"{kind}{i}",
                f"main_dispatch_0_matmul_{i}x8_f32",
                flops,
                0,
                300.0 + per_flop * flops,
                kind=kind,
            )
            for i, flops in enumerate((1000, 10_000, 100_000))
        ]

    fit = fit_dispatch_model(samples("", 0.05) + samples("tiled", 0.4), shapes=False)
    assert fit.model.predict_ns("matmul.tiled", 50_000, 0) == pytest.approx(300.0 + 0.4 * 50_000, rel=0.05)
    assert fit.model.predict_ns("matmul", 50_000, 0) == pytest.approx(300.0 + 0.05 * 50_000, rel=0.1)


def test_a_winograd_input_transform_is_exact_when_its_windows_fit_the_image() -> None:
    from ir import parse_module
    from simulator.costs import winograd_kind

    def kind(image: str, tiles: str, dims: str = "1, 2") -> str:
        x, o = f"tensor<{image}xf32>", f"tensor<{tiles}xf32>"
        text = f""""builtin.module"() ({{
  "func.func"() <{{function_type = ({x}, {o}) -> {o}, sym_name = "f"}}> ({{
  ^bb0(%x: {x}, %o: {o}):
    %r = "iree_linalg_ext.winograd.input_transform"(%x, %o) <{{image_dimensions = array<i64: {dims}>,
        kernel_size = 3 : i64, output_tile_size = 6 : i64}}> : ({x}, {o}) -> {o}
    "func.return"(%r) : ({o}) -> ()
  }}) : () -> ()
}}) : () -> ()
"""
        op = next(o for o in parse_module(text).walk() if o.op_name.endswith("input_transform"))
        return winograd_kind(op)

    assert kind("1x20x20x8", "8x8x1x3x3x8") == "exact"
    assert kind("2x13x16x3", "8x8x2x2x3x3") == ""  # the fixture's: 13 and 16 are not 6 t + 2
    assert kind("1x20x14x8", "8x8x1x3x2x8") == "exact"
    assert kind("1x20x15x8", "8x8x1x3x3x8") == ""
    assert kind("1x8x20x20", "8x8x1x3x3x8", "2, 3") == "exact"
    assert kind("1x8x20x19", "8x8x1x3x3x8", "2, 3") == ""
