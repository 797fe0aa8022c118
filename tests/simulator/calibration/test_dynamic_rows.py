"""A matmul over a dynamic number of rows pays its last, partial row tile in full (dispatch_model.row_tile)."""

from __future__ import annotations

import pathlib
import tomllib

import pytest

from simulator.calibration.fit import DispatchSample, fit_dispatch_model
from simulator.calibration.run import fixture_case, simulate_case
from simulator.calibration.tiles import parse_row_tile, row_tile
from simulator.dispatch_model import DispatchModelSpec, tile_factor
from simulator.errors import MachineError
from simulator.machine import load_machine, machine_from_dict

ROOT = pathlib.Path(__file__).parents[3]
FIXTURES = ROOT / "tests" / "fixtures"


def test_row_tile_is_read_from_iree_lowering_config(iree: None) -> None:
    # IREE's llvm-cpu configuration of a dynamic matmul on a generic x86-64 CPU:
    # vector_common_parallel = [8, 4, 0].
    assert row_tile("local-sync") == 8
    assert parse_row_tile("#iree_gpu.lowering_config<{workgroup = [64, 64, 0]}>") == 1


@pytest.mark.parametrize(
    ("fixture", "rows"),
    [
        # two matmuls over the 12-row input, the first with its bias and tanh fused
        (
            "iree/dynamic_mlp",
            {"main_dispatch_0_matmul_Dx64x64_f32": 12, "main_dispatch_1_matmul_Dx32x64_f32": 12},
        ),
        # a 3-row batch; its reductions over the dynamic dimension are no contractions: not recorded
        (
            "frontends/dynamic_batch_jax",
            {
                "main_dispatch_0_matmul_Dx16x8_f32": 3,
                "main_dispatch_1_matmul_Dx5x16_f32": 3,
                "main_dispatch_2_reduction_5xD_f32": 0,
                "main_dispatch_3_reduction_5xD_f32": 0,
            },
        ),
        # static shapes: no dynamic rows anywhere
        ("iree/mlp", {"main_dispatch_0_matmul_8x128x64_f32": 0, "main_dispatch_1_matmul_8x32x128_f32": 0}),
    ],
)
def test_dynamic_rows_of_a_dispatch_come_from_its_matmul_result_type(
    fixture: str, rows: dict[str, int]
) -> None:
    case = fixture_case(FIXTURES / fixture)
    assert case.stream_ir is not None
    sim = simulate_case(case, case.stream_ir, load_machine("cpu-local-sync"))
    found = {d["name"]: d["dynamic_rows"] for d in sim["dispatches"]}
    assert {k: found.get(k) for k in rows} == rows


def test_a_partial_row_tile_costs_a_whole_one() -> None:
    model = DispatchModelSpec({"default": 100.0}, {"default": 1.0}, {"default": 0.5}, row_tile=8)
    # 12 rows compute as 16; the bytes moved are the 12 rows' own.
    assert model.predict_ns("matmul", 1200, 40, dynamic_rows=12) == 100.0 + 1600.0 + 20.0
    assert model.predict_ns("matmul", 1600, 40, dynamic_rows=16) == 100.0 + 1600.0 + 20.0
    assert model.predict_ns("matmul", 1200, 40) == 100.0 + 1200.0 + 20.0  # static rows
    untiled = DispatchModelSpec({"default": 100.0}, {"default": 1.0}, {"default": 0.5})
    assert untiled.predict_ns("matmul", 1200, 40, dynamic_rows=12) == 100.0 + 1200.0 + 20.0
    assert tile_factor(20, 8) == 24 / 20


def test_the_fit_counts_whole_tiles() -> None:
    # Times made by 50 ns + 2 ns per flop of whole 8-row tiles: the fit with the tile recovers them
    # exactly; the fit without it cannot.
    samples = [
        DispatchSample(f"p{rows}", "main_dispatch_0_matmul_Dx8x8_f32", 128 * rows, 0, 0.0, dynamic_rows=rows)
        for rows in (3, 8, 12, 16, 20, 32)
    ]
    samples = [
        DispatchSample(
            s.program,
            s.name,
            s.flops,
            0,
            50 + 2 * s.flops * tile_factor(s.dynamic_rows, 8),
            0,
            (),
            s.dynamic_rows,
        )
        for s in samples
    ]
    tiled = fit_dispatch_model(samples, shapes=False, row_tile=8)
    assert tiled.model.row_tile == 8
    assert max(abs(e) for e in tiled.relative_errors) < 1e-6
    untiled = fit_dispatch_model(samples, shapes=False)
    assert max(abs(e) for e in untiled.relative_errors) > 0.05


def test_row_tile_in_a_machine_file_is_checked() -> None:
    with open(ROOT / "simulator" / "machines" / "cpu-local-sync.toml", "rb") as f:
        data = tomllib.load(f)
    model = data["devices"][0]["dispatch_model"]
    model["row_tile"] = 4
    assert machine_from_dict(data).devices[0].dispatch_model.row_tile == 4  # type: ignore[union-attr]
    model["row_tile"] = 0
    with pytest.raises(MachineError, match="row_tile"):
        machine_from_dict(data)
