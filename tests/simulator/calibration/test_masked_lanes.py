"""Masked convolutions (issue 16): when a loop IREE vectorizes in a convolution (a pooling window, a
depthwise or grouped convolution) does not divide by its vector tile, IREE's code masks the whole
convolution's vector operations, which a generic x86-64 CPU runs lane by lane; the count of masked
vector lanes is read from IREE's own compile of the program, the fit prices a lane, the simulator charges
them per dispatch."""

from __future__ import annotations

import json
import pathlib

import pytest

from simulator.calibration.fit import DispatchSample, fit_dispatch_model
from simulator.calibration.tiles import masked_lanes, tiles_table
from simulator.costs import Calibration, CostModel, DispatchCost
from simulator.errors import InputError

ROOT = pathlib.Path(__file__).parents[3]


def test_iree_masks_the_convolutions_whose_columns_do_not_divide_by_the_tile(
    iree: None, tmp_path: pathlib.Path
) -> None:
    """flax_dilated_pools: the depthwise convolution over 5 output columns gets a tile of 2 columns (its
    masked lanes: 2 x 9 rows, 6 columns (3 tiles of 2), 6 channels, 3 x 3 window); the other windows of the
    program get tiles that divide their loops. The suite's max pool over 15 columns in tiles of 2 is
    masked, its depthwise convolution over 9 columns in tiles of 3 is not."""
    from simulator.calibration.run import benchmark_case, case_masked, fixture_case, stream_ir_of
    from simulator.calibration.suite_conv import depthwise_conv, pool2d

    dilated = fixture_case(ROOT / "tests" / "fixtures" / "frontends" / "flax_dilated_pools")
    assert dilated.stream_ir is not None
    assert case_masked(dilated.stream_ir, "local-sync") == {
        "main_dispatch_8_conv_2x9x5x6x3x3_f32": 2 * 9 * 6 * 6 * 3 * 3
    }
    found = {}
    for bench in (pool2d(2, 32, 8, 3, 2, "max"), depthwise_conv(2, 11, 6)):
        found[bench.name] = case_masked(stream_ir_of(benchmark_case(bench, tmp_path), tmp_path, "local-sync"))
    assert found == {
        "pool_max_2x32x32x8_k3s2": {"main_dispatch_0_conv_2x15x15x8x3x3_f32": 2 * 15 * 16 * 8 * 3 * 3},
        "depthwise_conv_2x11x11x6_k3": {},
    }


def test_masked_lanes_counts_convolutions_only() -> None:
    # A map's ragged rows are partial vectors (simulator.calibration.tiles.partial_vectors), not masked
    # lanes; a dynamic shape gives no count; a loop shorter than its tile is not a remainder.
    assert masked_lanes("main_dispatch_4_elementwise_2x11x14x6_f32", (1, 1, 1, 4), ()) == 0
    assert (
        masked_lanes("main$async_dispatch_3_conv_Dx6x4x4x2x2_f32", (1, 1, 1, 4, 0, 0), (0, 0, 0, 0, 1, 2))
        == 0
    )
    assert masked_lanes("main_dispatch_0_conv_2x9x1x8x3x3_f32", (1, 1, 2, 4, 0, 0), (0, 0, 0, 0, 1, 3)) == 0
    assert masked_lanes("main_dispatch_1_winograd_input_transform_8x8x2x2x3x3xf32", (1, 1, 1, 1), ()) == 0
    # IREE leaves a leading loop of one out of the name: conv_14x14x8x3x3x4 is 7 loops, n = 1.
    lanes = masked_lanes(
        "main_dispatch_0_conv_14x14x8x3x3x4_f32", (1, 1, 4, 4, 0, 0, 0), (0, 0, 0, 0, 1, 1, 4)
    )
    assert lanes == 14 * 16 * 8 * 3 * 3 * 4


@pytest.mark.parametrize("device", ["local-sync", "local-task"])
def test_the_measured_masked_windows_run_several_times_slower_per_flop(device: str) -> None:
    """IREE's profile: the max pool over 15 columns in tiles of 2 (masked) against the one over 14 (same
    tile, not masked): several times the time per window element."""
    cache = json.loads((ROOT / "benchmarks" / "data" / "calibration" / f"{device}.json").read_text())

    def per_output(name: str, outputs: int) -> float:
        entry = cache["programs"][name]
        assert entry["role"] == "train" and len(entry["dispatches"]) == 1, name
        return float(entry["dispatches"][0]["min_ns"]) / outputs

    masked = per_output("pool_max_2x32x32x8_k3s2", 2 * 15 * 15 * 8)
    whole = per_output("pool_max_1x16x16x4_k3s1", 14 * 14 * 4)
    assert masked > 3 * whole


def test_the_fit_prices_a_masked_lane() -> None:
    samples = [
        DispatchSample(
            f"p{n}{m}",
            f"main_dispatch_0_conv_{n}x8x8x3x3_f32",
            2 * 576 * n,
            4 * 800 * n,
            ns,
            kind="pool",
            masked=m,
        )
        for n in (1, 4, 16)
        for m, ns in ((0, 100.0 + 0.1 * 576 * n), (640 * n, 100.0 + 0.1 * 576 * n + 0.5 * 640 * n))
    ]
    fit = fit_dispatch_model(samples, shapes=False)
    assert fit.model.ns_per_masked == pytest.approx(0.5, rel=0.05)
    assert max(abs(e) for e in fit.relative_errors) < 0.05


def test_a_calibration_table_carries_masked_lanes(tmp_path: pathlib.Path) -> None:
    import dataclasses

    from simulator.machine import load_machine

    name = "main_dispatch_8_conv_2x9x7x6x3x3_f32"  # a shape no calibration measured (no shape_scale)
    path = tmp_path / "tiles.toml"
    path.write_text(tiles_table({}, {name: 2268}))
    costs = CostModel(Calibration.from_file(path))
    assert costs.masked_lanes((name,)) == 2268 and costs.masked_lanes(("other",)) == 0
    device = load_machine("cpu-local-sync").devices[0]
    assert device.dispatch_model is not None
    device = dataclasses.replace(
        device, dispatch_model=dataclasses.replace(device.dispatch_model, ns_per_masked=0.5)
    )
    cost = DispatchCost(10260, 4000, 2096, kind="depthwise")
    priced = costs.dispatch_ns(device, (name,), cost) - CostModel().dispatch_ns(device, (name,), cost)
    assert priced == pytest.approx(2268 * 0.5, abs=1.0)
    path.write_text(f'[executables."{name}"]\nmasked_lanes = -1\n')
    with pytest.raises(InputError, match="masked_lanes must be a finite number"):
        Calibration.from_file(path)
