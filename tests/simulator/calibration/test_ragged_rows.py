"""Ragged softmax rows (issue 16): when a softmax's reduced loop does not divide by IREE's vector tile,
each row's passes end lane by lane; IREE's profile times such softmaxes 1.1-1.6x above the softmax line.
The count is read from IREE's own compile of the program (a dynamic extent from the dispatch's workload),
the fit prices a row when asked (``ragged_rows``, on by default in every fit command and in the presets' fit;
``--no-ragged-rows`` turns it off), and
the simulator charges them per dispatch."""

from __future__ import annotations

import argparse
import dataclasses
import pathlib

import pytest

from simulator.calibration import options
from simulator.calibration.fit import DispatchSample, fit_dispatch_model
from simulator.calibration.tiles import ragged_rows
from simulator.costs import Calibration, CostModel, DispatchCost
from simulator.errors import InputError

ROOT = pathlib.Path(__file__).parents[3]


def test_ragged_rows_counts_softmax_rows_whose_reduction_does_not_divide_by_the_tile() -> None:
    # 2 x 2 x 5 rows of 5 in a tile of 4; rows of 64 divide; a row of 5 in a tile of 8 is one partial vector.
    assert ragged_rows("main_dispatch_7_softmax_2x2x5x5xf32_generic", (1, 1, 1, 0), (0, 0, 0, 4)) == 20
    assert ragged_rows("main_dispatch_0_softmax_16x64xf32_dispatch_tensor_store", (2, 0), (0, 4)) == 0
    assert ragged_rows("main_dispatch_10_softmax_2x5xf32_dispatch_tensor_store", (1, 0), (0, 8)) == 2
    # The reduced loop is the innermost one with a vector_reduction tile, not the last one of the name.
    assert ragged_rows("main_dispatch_16_softmax_2x2x2x6x6xf32_generic", (1, 1, 1, 4, 0), (0, 0, 0, 0, 4)) == 48
    # Dynamic extents take the workload's values in order; without enough of them, no count.
    name = "main$async_dispatch_7_softmax_Dx10xf32_dispatch_tensor_store"
    assert ragged_rows(name, (4, 0), (0, 4), (3,)) == 3
    assert ragged_rows(name, (4, 0), (0, 4)) == 0
    # Another op, a shape of another rank than the tiles, no reduction tile: none.
    assert ragged_rows("main_dispatch_0_reduction_6x7x7_f32", (1, 1, 0), (0, 0, 4)) == 0
    assert ragged_rows("main_dispatch_0_softmax_24x5xf32_dispatch_tensor_store", (2, 1, 0), (0, 0, 4)) == 0
    assert ragged_rows("main_dispatch_0_softmax_24x5xf32_dispatch_tensor_store", (2, 0), (0, 0)) == 0


def test_iree_compile_gives_the_suite_softmax_its_ragged_rows(iree: None, tmp_path: pathlib.Path) -> None:
    """The suite's softmax over 24 rows of 5 is ragged in IREE's compile (tile 4), the one over rows of
    64 is not; the simulated run of the calibration records the count per dispatch."""
    from simulator.calibration.provenance import base_machine
    from simulator.calibration.run import benchmark_case, simulate_case, stream_ir_of, with_costs
    from simulator.calibration.suite import softmax

    counts = {}
    for bench in (softmax(24, 5), softmax(16, 64)):
        case = benchmark_case(bench, tmp_path)
        sim = simulate_case(case, stream_ir_of(case, tmp_path, "local-sync"), with_costs(base_machine("local-sync"), None, {}), "local-sync")
        counts[bench.name] = [d["ragged"] for d in sim["dispatches"]]
    assert counts == {"softmax_24x5": [24], "softmax_16x64": [0]}


def _samples(ragged_ns: float) -> list[DispatchSample]:
    return [
        DispatchSample(
            f"p{rows}x{cols}",
            f"main_dispatch_0_softmax_{rows}x{cols}xf32_dispatch_tensor_store",
            5 * rows * cols,
            8 * rows * cols,
            100.0 + 5.0 * 5 * rows * cols + (ragged_ns * rows if cols % 4 else 0.0),
            ragged=rows if cols % 4 else 0,
        )
        for rows in (2, 8, 32)
        for cols in (5, 16, 64)
    ]


def test_the_fit_prices_a_ragged_row_only_when_asked() -> None:
    samples = _samples(150.0)
    fit = fit_dispatch_model(samples, shapes=False, ragged_rows=True)
    assert fit.model.ns_per_ragged == pytest.approx(150.0, rel=0.05)
    assert max(abs(e) for e in fit.relative_errors) < 0.05
    # Off (the default): no column, the model prices none, and it is the model of samples without counts.
    off = fit_dispatch_model(samples, shapes=False)
    assert off.model.ns_per_ragged == 0.0
    blind = fit_dispatch_model([dataclasses.replace(s, ragged=0) for s in samples], shapes=False)
    assert off.model == blind.model
    assert max(abs(e) for e in off.relative_errors) > 0.05


def test_a_calibration_table_carries_ragged_rows(tmp_path: pathlib.Path) -> None:
    from simulator.machine import load_machine, machine_from_dict

    name = "main_dispatch_7_softmax_3x2x5x5xf32_generic"  # a shape no calibration measured (no shape_scale)
    path = tmp_path / "tiles.toml"
    path.write_text(f'[executables."{name}"]\nragged_rows = 30\n')
    costs = CostModel(Calibration.from_file(path))
    assert costs.ragged_rows((name,), DispatchCost(0, 0, 0)) == 30
    assert costs.ragged_rows(("other",), DispatchCost(0, 0, 0)) == 0
    device = load_machine("cpu-local-sync").devices[0]
    assert device.dispatch_model is not None and device.dispatch_model.ns_per_ragged > 0.0
    cost = DispatchCost(750, 600, 600, math=(("exp", 150),))
    # The presets price ragged rows (fitted with --ragged-rows): the table adds its 30 at the preset's cost.
    extra = costs.dispatch_ns(device, (name,), cost) - CostModel().dispatch_ns(device, (name,), cost)
    assert extra == pytest.approx(30 * device.dispatch_model.ns_per_ragged, abs=1.0)
    # A model without the price (fitted with --no-ragged-rows): the table changes nothing.
    unpriced = dataclasses.replace(device, dispatch_model=dataclasses.replace(device.dispatch_model, ns_per_ragged=0.0))
    assert costs.dispatch_ns(unpriced, (name,), cost) == CostModel().dispatch_ns(unpriced, (name,), cost)
    priced = dataclasses.replace(device, dispatch_model=dataclasses.replace(device.dispatch_model, ns_per_ragged=150.0))
    extra = costs.dispatch_ns(priced, (name,), cost) - CostModel().dispatch_ns(priced, (name,), cost)
    assert extra == pytest.approx(30 * 150.0, abs=1.0)
    # A machine file carries it, and rejects a bad one with the key named.
    from simulator.calibration.provenance import base_machine

    data = base_machine("local-sync")
    data["devices"][0]["dispatch_model"] = {
        "overhead_ns": {"default": 20.0},
        "ns_per_flop": {"default": 0.1},
        "ns_per_byte": {"default": 0.0},
        "ns_per_ragged": 150.0,
    }
    assert machine_from_dict(data).devices[0].dispatch_model.ns_per_ragged == 150.0  # type: ignore[union-attr]
    data["devices"][0]["dispatch_model"]["ns_per_ragged"] = -1.0
    with pytest.raises(Exception, match="ns_per_ragged"):
        machine_from_dict(data)
    path.write_text(f'[executables."{name}"]\nragged_rows = -1\n')
    with pytest.raises(InputError, match="ragged_rows must be a finite number"):
        Calibration.from_file(path)


def test_every_fit_entry_point_takes_the_option() -> None:
    """``--ragged-rows`` is on by default in every command that fits, ``--no-ragged-rows`` turns it off
    (accuracy.py and streamsim calibrate through add_fit_options; benchmarks/calibrate.py's fit, report and
    presets)."""
    p = argparse.ArgumentParser()
    options.add_fit_options(p)
    assert [p.parse_args(a).ragged_rows for a in ([], ["--ragged-rows"], ["--no-ragged-rows"])] == [True, True, False]
    from tests.conftest import import_benchmarks

    (calibrate,) = import_benchmarks("calibrate")
    seen = {}

    def record(args: argparse.Namespace) -> int:
        seen[args.step] = args.ragged_rows
        return 0

    for step, extra in (("fit", ["m.json", "-o", "x.toml"]), ("report", ["m.json"]), ("presets", [])):
        for flag, on in (([], True), (["--ragged-rows"], True), (["--no-ragged-rows"], False)):
            import unittest.mock as mock

            with mock.patch.object(calibrate, f"cmd_{step}", record):
                calibrate.main([step, *extra, *flag])
            assert seen[step] is on


def test_the_tiles_table_gives_a_program_its_ragged_rows(iree: None, tmp_path: pathlib.Path) -> None:
    """``python -m simulator.calibration.tiles``: flax_mha_mask's attention mask (a softmax over 2 x 2 x 5
    rows of 5) gets its 20 ragged rows in the table ``streamsim run --calibration`` reads."""
    from simulator.calibration import tiles
    from simulator.calibration.run import fixture_case

    case = fixture_case(ROOT / "tests" / "fixtures" / "frontends" / "flax_mha_mask")
    assert case.stream_ir is not None
    out = tmp_path / "tiles.toml"
    assert tiles.main([str(case.stream_ir), "--device", "local-sync", "-o", str(out)]) == 0
    table = Calibration.from_file(out)
    assert table.lookup(("main_dispatch_7_softmax_2x2x5x5xf32_generic",)) == {"ragged_rows": 20}
    assert all(set(e) != {"ragged_rows"} or "softmax" in n for n, e in table.table.items())
