"""Costs: the roofline per device, link transfers, linalg estimates and calibration overrides."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from simulator import Calibration, CostModel, DispatchCost, Session, load_machine, load_program
from simulator.costs import LinalgEstimate
from simulator.errors import InputError

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "iree"


def test_costs_roofline_compute_and_memory_bound() -> None:
    gpu = load_machine("discrete-gpu").devices[0]
    model = CostModel()
    compute = DispatchCost(flops=67_000_000, bytes_read=0, bytes_written=0, dtype="f32")
    assert model.dispatch_ns(gpu, ("k",), compute) == gpu.launch_overhead_ns + 1000
    bf16 = DispatchCost(flops=990_000_000, bytes_read=0, bytes_written=0, dtype="bf16")
    assert model.dispatch_ns(gpu, ("k",), bf16) == gpu.launch_overhead_ns + 1000
    memory = DispatchCost(flops=1, bytes_read=3_350_000, bytes_written=3_350_000)
    assert model.dispatch_ns(gpu, ("k",), memory) == gpu.launch_overhead_ns + 2000
    assert CostModel.transfer_ns(55_000, 55e9, 2000) == 3000


def test_costs_linalg_estimate_of_a_matmul_fixture() -> None:
    module = load_program(FIXTURES / "mlp" / "cmd.generic.mlir")
    funcs = [op for op in module.walk() if op.op_name == "func.func"]
    est = LinalgEstimate(funcs[0])([])
    # 8x64 @ 64x128 plus bias+relu over 8x128 (two ops per element).
    assert est.flops == 2 * 8 * 128 * 64 + 8 * 128 * 2
    assert est.bytes_read == 4 * (8 * 64 + 64 * 128 + 128) and est.bytes_written == 4 * 8 * 128


def test_costs_calibration_overrides_and_scales(tmp_path: pathlib.Path) -> None:
    table = tmp_path / "cal.toml"
    table.write_text(
        '[executables."main_dispatch_0_matmul_8x128x64_f32"]\nduration_ns = 12345\n'
        '[executables."main_dispatch_1::main_dispatch_1_matmul_8x32x128_f32"]\nscale = 2.0\n'
    )
    d = FIXTURES / "mlp"
    kw = {"parameters": {"model": d / "params.irpa"}, "timing_only": True}
    inputs = [np.load(d / "input0.npy")]
    plain = Session("cpu").run_sync(d / "cmd.generic.mlir", "main", inputs, **kw)
    tuned = Session("cpu", calibration=table).run_sync(d / "cmd.generic.mlir", "main", inputs, **kw)
    durations = {s.name: s.dur_ns for s in tuned.trace.spans if s.category == "dispatch"}
    before = {s.name: s.dur_ns for s in plain.trace.spans if s.category == "dispatch"}
    assert durations["main_dispatch_0_matmul_8x128x64_f32"] == 12345
    assert (
        durations["main_dispatch_1_matmul_8x32x128_f32"] == 2 * before["main_dispatch_1_matmul_8x32x128_f32"]
    )


def test_costs_calibration_file_errors(tmp_path: pathlib.Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"executables": {"x": {"speed": 1}}}')
    with pytest.raises(InputError, match="entry 'x' needs duration_ns, scale, partial_vectors, masked_lanes, workgroups or ragged_rows"):
        Calibration.from_file(bad)
    with pytest.raises(InputError, match="cannot read calibration table"):
        Calibration.from_file(tmp_path / "missing.toml")


def test_costs_discrete_gpu_stages_inputs_over_the_link() -> None:
    d = FIXTURES / "mlp"
    result = Session("discrete-gpu").run_sync(
        d / "cmd.generic.mlir",
        "main",
        [np.load(d / "input0.npy")],
        parameters={"model": d / "params.irpa"},
        timing_only=True,
    )
    link = [s for s in result.trace.spans if s.track.kind == "link"]
    names = [s.name for s in link]
    assert "input0" in names and "result0" in names and "upload w0" in names
    assert result.stats.link_bytes["pcie0"] == 2048 + 1024 + 32768 + 512 + 16384
    unified = Session("apu").run_sync(
        d / "cmd.generic.mlir",
        "main",
        [np.load(d / "input0.npy")],
        parameters={"model": d / "params.irpa"},
        timing_only=True,
    )
    assert not [s for s in unified.trace.spans if s.track.kind == "link"]
