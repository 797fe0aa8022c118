"""The calibration suite's programs for classes the fixtures miss (masked softmax rows, padded data-tiled
operands, channels-first strided pools, small re-recorded copies): in the suite, and what IREE makes of
them."""

from __future__ import annotations

import collections
import pathlib

import pytest

from simulator.calibration.suite import training_suite
from simulator.calibration.suite_conv import channels_first_pools, pool2d_nchw, window_suite
from simulator.calibration.suite_host import scan_store
from simulator.calibration.suite_tiled import padded_tiled_suite, tiled_suite
from simulator.costs import op_class

NEW = (
    "softmax_24x5",
    "softmax_16x6",
    "softmax_32x7",
    "matmul_5x24x12_f32_dt",
    "matmul_12x20x9_f32_dt",
    "matmul_6x18x10_i8_dt",
    "pool_nchw_max_1x4x12x12_k2s2",
    "pool_nchw_sum_2x8x16x16_k2s2",
    "pool_nchw_max_1x16x6x6_k2s2",
    "scan_store_16x4x1",
    "scan_store_16x8x1",
)


@pytest.mark.parametrize("device", ["local-sync", "local-task"])
def test_the_new_classes_are_in_both_devices_training_suites(device: str) -> None:
    names = [b.name for b in training_suite(device)]
    assert set(NEW) <= set(names) and len(names) == len(set(names))
    # (not window_suite's: the cached Intel suite, measured before them, has every window program)
    assert not {b.name for b in channels_first_pools()} & {b.name for b in window_suite()}
    assert not {b.name for b in padded_tiled_suite()} & {b.name for b in tiled_suite()}


def test_a_channels_first_pool_strides_its_columns() -> None:
    b = pool2d_nchw(1, 4, 12, 2, 2, "max")
    assert b.name == "pool_nchw_max_1x4x12x12_k2s2"
    assert "(d0, d1, d2 * 2 + d4, d3 * 2 + d5)" in b.source and "tensor<1x4x6x6xf32>" in b.source
    with pytest.raises(ValueError, match="pool op must be sum or max, got 'avg'"):
        pool2d_nchw(1, 4, 12, 2, 2, "avg")


def _simulated(bench: object, tmp_path: pathlib.Path) -> tuple[dict, collections.Counter]:
    from simulator.calibration.run import _inputs, _module, benchmark_case, simulate_case, stream_ir_of
    from simulator.machine import load_machine
    from simulator.session import Session

    case = benchmark_case(bench, tmp_path)  # type: ignore[arg-type]
    ir = stream_ir_of(case, tmp_path, "local-sync")
    machine = load_machine("cpu-local-sync")
    result = Session(machine).run_sync(_module(ir), "main", _inputs(case), timing_only=False)
    ops = collections.Counter(s.args.get("op") for s in result.trace.iter_spans())
    return simulate_case(case, ir, machine, "local-sync"), ops


def test_iree_names_a_channels_first_pool_conv_and_its_body_says_pool(
    iree: None, tmp_path: pathlib.Path
) -> None:
    simulated, _ = _simulated(pool2d_nchw(2, 8, 16, 2, 2, "sum"), tmp_path)
    [dispatch] = simulated["dispatches"]
    assert dispatch["name"] == "main_dispatch_0_conv_2x8x8x8x2x2_f32"
    assert op_class(dispatch["name"], dispatch["kind"]) == "conv.pool"


def test_each_store_of_a_scan_trip_is_two_re_recorded_copies(iree: None, tmp_path: pathlib.Path) -> None:
    # IREE's loop copies h into each carried result and the result back every trip: 1 + 2 * stores copies.
    _, four = _simulated(scan_store(16, 4), tmp_path)
    _, eight = _simulated(scan_store(16, 8), tmp_path)
    assert four["stream.cmd.copy"] == 16 * (1 + 2 * 4) and eight["stream.cmd.copy"] == 16 * (1 + 2 * 8)
    assert four["stream.cmd.dispatch"] == eight["stream.cmd.dispatch"] == 16
