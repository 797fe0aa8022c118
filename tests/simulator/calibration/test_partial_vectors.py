"""Partial vectors (issue 16): IREE's vector tile of a dispatch's innermost loop, read from IREE's own
compile of the program, leaves a partial vector at the end of each run of that loop when it does not
divide the loop's extent; the suite measures what one costs, the fit prices it, the simulator charges
it per dispatch."""

from __future__ import annotations

import json
import pathlib

import pytest

from simulator.calibration.fit import DispatchSample, fit_dispatch_model
from simulator.calibration.suite import training_suite
from simulator.calibration.suite_ragged import bias_map, ragged_suite, strided_map
from simulator.calibration.tiles import parse_export_tiles, partial_vectors
from simulator.costs import Calibration
from simulator.errors import InputError

ROOT = pathlib.Path(__file__).parents[3]


def test_the_ragged_maps_are_in_the_training_suite() -> None:
    names = [b.name for b in training_suite()]
    assert len(names) == len(set(names)) and {b.name for b in ragged_suite()} <= set(names)
    assert "tensor.extract_slice %a[0, 1, 1, 0] [2, 10, 10, 5]" in strided_map(2, 12, 5).source
    assert bias_map(200, 6).inputs == ("200x6xf32=0.5", "6xf32=0.5")


def test_iree_tiles_the_suites_maps_and_the_fixtures_dispatches(iree: None, tmp_path: pathlib.Path) -> None:
    """The counts come from IREE's compile: a partial vector per row when the row's extent is not a
    multiple of IREE's tile (4 f32 lanes here), none when it is or when IREE collapses the map."""
    from simulator.calibration.run import benchmark_case, case_partials, fixture_case, stream_ir_of

    found = {}
    for bench in (bias_map(200, 6), bias_map(256, 8), strided_map(2, 12, 5), strided_map(2, 12, 8)):
        case = benchmark_case(bench, tmp_path)
        found[bench.name] = sorted(case_partials(stream_ir_of(case, tmp_path, "local-sync")).values())
    assert found == {
        "bias_map_200x6": [200],
        "bias_map_256x8": [],
        "strided_map_2x12x12x5": [200],
        "strided_map_2x12x12x8": [],
    }
    winograd = fixture_case(ROOT / "tests" / "fixtures" / "frontends" / "flax_cnn_winograd")
    assert winograd.stream_ir is not None
    partials = case_partials(winograd.stream_ir)
    # The bias + relu on the 2x11x14x6 crop of the convolution's output: a partial vector per pixel.
    assert partials["main_dispatch_4_elementwise_2x11x14x6_f32"] == 2 * 11 * 14
    assert "main_dispatch_1_winograd_input_transform_8x8x2x2x3x3xf32_dispatch_tensor_store" not in partials


def test_parse_export_tiles_takes_the_root_ops_configuration() -> None:
    text = """hal.executable.export public @main_dispatch_2_batch_matmul_64x12x6x3_f32 ordinal(0)
      lowering_config = #iree_cpu.lowering_config<cache_parallel = [1, 12, 6], vector_common_parallel = [1, 8, 4]>
      lowering_config = #iree_cpu.lowering_config<cache_parallel = [1, 12, 6, 0], distribution = [1, 12, 6, 0], vector_common_parallel = [1, 8, 4, 0], vector_reduction = [0, 0, 0, 4]>
    hal.executable.export public @gpu_dispatch ordinal(0)
      lowering_config = #iree_gpu.lowering_config<{workgroup = [64, 64, 0]}>"""
    tiles = parse_export_tiles(text)
    assert tiles == {"main_dispatch_2_batch_matmul_64x12x6x3_f32": ((1, 8, 4, 0), (0, 0, 0, 4))}
    # A contraction (a 0 entry: a reduction) counts none: its partial vector of results stays in registers
    # over the reduction, and IREE's profile times such matmuls at their class's rate.
    assert partial_vectors("main_dispatch_2_batch_matmul_64x12x6x3_f32", tiles[next(iter(tiles))][0]) == 0
    # A loop shorter than its tile is one vector of fewer lanes, not a remainder.
    assert partial_vectors("main_dispatch_0_transpose_4x2x3x2_f32", (1, 1, 4, 4)) == 0
    assert partial_vectors("main_dispatch_0_transpose_6x4x6_f32", (1, 4, 4)) == 24
    # A name whose shape has another number of loops than the tile gives nothing.
    assert partial_vectors("main_dispatch_0_elementwise_10x6_f32", (1, 1, 4)) == 0


@pytest.mark.parametrize("device", ["local-sync", "local-task"])
def test_the_measured_maps_pay_for_their_partial_vectors(device: str) -> None:
    """IREE's profile: each row ending in a partial vector costs several ns, a row of whole vectors
    a fraction of one (the twins of 8 and 12 lanes run several times faster with more elements)."""
    cache = json.loads((ROOT / "benchmarks" / "data" / "calibration" / f"{device}.json").read_text())

    def dispatch_ns(name: str) -> float:
        entry = cache["programs"][name]
        assert entry["role"] == "train" and len(entry["dispatches"]) == 1, name
        return float(entry["dispatches"][0]["min_ns"])

    ragged = {"bias_map_200x6": 200, "bias_map_400x7": 400, "strided_map_2x12x12x5": 200}
    for name, rows in ragged.items():
        assert dispatch_ns(name) / rows > 3.0, name
    for name in ("bias_map_256x8", "bias_map_128x12", "strided_map_2x12x12x8"):
        assert dispatch_ns(name) < dispatch_ns("bias_map_200x6") / 2, name


def test_the_fit_prices_a_partial_vector() -> None:
    samples = [
        DispatchSample(
            f"p{n}{p}", f"main_dispatch_0_elementwise_{n}x{w}_f32", 2 * n * w, 12 * n * w, ns, partial=p
        )
        for n in (64, 256, 1024)
        for w, p, ns in ((8, 0, 150.0 + 0.1 * n * 8), (6, n, 150.0 + 0.1 * n * 6 + 7.0 * n))
    ]
    fit = fit_dispatch_model(samples, shapes=False)
    assert fit.model.ns_per_partial == pytest.approx(7.0, rel=0.05)
    assert max(abs(e) for e in fit.relative_errors) < 0.05


def test_a_calibration_table_carries_partial_vectors(tmp_path: pathlib.Path) -> None:
    from simulator.costs import CostModel, DispatchCost
    from simulator.machine import load_machine

    path = tmp_path / "tiles.toml"
    name = "main_dispatch_4_elementwise_2x11x14x6_f32"
    path.write_text(f'[executables."{name}"]\npartial_vectors = 308\n')
    costs = CostModel(Calibration.from_file(path))
    assert costs.partial_vectors((name,)) == 308 and costs.partial_vectors(("other",)) == 0
    device = load_machine("cpu-local-sync").devices[0]
    model = device.dispatch_model
    assert model is not None and model.ns_per_partial > 0
    cost = DispatchCost(2 * 1848, 4 * 1848 + 24, 4 * 1848)
    priced = costs.dispatch_ns(device, (name,), cost) - CostModel().dispatch_ns(device, (name,), cost)
    assert priced == pytest.approx(308 * model.ns_per_partial, abs=1.0)
    path.write_text(f'[executables."{name}"]\npartial_vectors = -1\n')
    with pytest.raises(InputError, match="partial_vectors must be a finite number"):
        Calibration.from_file(path)
