"""Workgroup counts and the worker pool (issue 16): IREE runs a dispatch in workgroups of its
``distribution`` tile, and local-task's workers share whole workgroups, so a dispatch of one workgroup
is not split. The counts come from IREE's configuration of the program (a dynamic extent from the
dispatch's workload) and are checked against the ``workgroup_count`` IREE's own profile recorded."""

from __future__ import annotations

import json
import math
import pathlib

import pytest

from simulator.calibration.fit import DispatchSample, fit_dispatch_model
from simulator.calibration.provenance import base_machine
from simulator.calibration.tiles import parse_export_distribution, workgroup_count
from simulator.costs import Calibration, CostModel, DispatchCost
from simulator.dispatch_model import DispatchModelSpec
from simulator.errors import InputError
from simulator.machine import machine_from_dict

ROOT = pathlib.Path(__file__).parents[3]
MEASURED = ROOT / "benchmarks" / "data" / "amd" / "adaptive4" / "accuracy" / "local-task.json"


@pytest.mark.parametrize(
    "fixture", ["iree/dynamic_mlp", "iree/attention_block", "frontends/onnx_resize_einsum", "frontends/onnx_cnn"]
)
def test_counts_equal_the_workgroups_iree_profiled(iree: None, fixture: str) -> None:
    """Every count the simulation gives a fixture's dispatches (dynamic ones from their workload: the
    first three programs have `D` extents) equals the product of the ``workgroup_count`` IREE's profile
    recorded for that dispatch on the AMD host, and most dispatches get one."""
    from simulator.calibration.pairing import pair_dispatches
    from simulator.calibration.run import fixture_case, simulate_case

    case = fixture_case(ROOT / "tests" / "fixtures" / fixture)
    assert case.stream_ir is not None
    measured = json.loads(MEASURED.read_text())["programs"][case.name]
    sim = simulate_case(case, case.stream_ir, machine_from_dict(base_machine("local-task")))
    pairs = [(m, s) for m, s in pair_dispatches(measured, sim) if s["workgroups"]]
    assert len(pairs) >= len(measured["dispatches"]) // 2
    for m, s in pairs:
        assert s["workgroups"] == math.prod(m["workgroup_count"]), (m["name"], m["loc"])
    if fixture != "iree/attention_block":
        assert any("D" in m["name"].rsplit("_dispatch_", 1)[1] for m, _ in pairs)


def test_distribution_and_count_from_the_configuration() -> None:
    text = """hal.executable.export public @main_dispatch_3_reduction_Dx12x5x12_f32 ordinal(0)
      lowering_config = #iree_cpu.lowering_config<vector_common_parallel = [1, 4]>
      lowering_config = #iree_cpu.lowering_config<distribution = [4, 12, 0, 0], vector_common_parallel = [1, 4, 0, 0]>
    hal.executable.export public @__builtin_fill_i64 ordinal(0)"""
    dist = parse_export_distribution(text)
    assert dist == {"main_dispatch_3_reduction_Dx12x5x12_f32": (4, 12, 0, 0)}
    name = "main_dispatch_3_reduction_Dx12x5x12_f32"
    assert workgroup_count(name, dist[name], (10,)) == 3
    assert workgroup_count(name, dist[name], (10, 7)) == 3  # the D takes the first workload value
    assert workgroup_count(name, dist[name]) == 0  # the extent is not known
    assert workgroup_count("main_dispatch_0_matmul_8x8_f32", (4, 4, 0)) == 0  # loops do not match


def test_the_pool_shares_whole_workgroups() -> None:
    pool = DispatchModelSpec({}, {}, {}, workers=2, worker_wake_ns=3000.0, split_workgroups=True)
    even = DispatchModelSpec({}, {}, {}, workers=2, worker_wake_ns=3000.0)
    assert pool.pooled_ns(23000.0, 1) == 23000.0
    assert pool.pooled_ns(23000.0, 2) == even.pooled_ns(23000.0, 2) == 13000.0
    assert pool.pooled_ns(23000.0, 5) == pytest.approx(3000.0 + 20000.0 * 3 / 5)
    assert pool.pooled_ns(23000.0) == 13000.0  # a count not known: an even split
    assert pool.pooled_ns(2000.0, 4) == 2000.0  # within the wake-up: one worker
    for wg in (0, 1, 2, 3, 7):
        assert pool.serial_ns(pool.pooled_ns(23000.0, wg), wg) == pytest.approx(23000.0)
    one = DispatchModelSpec({}, {}, {}, workers=1, split_workgroups=True)
    assert one.pooled_ns(23000.0, 5) == 23000.0


def test_the_cost_model_passes_the_table_count_only_to_a_model_that_splits(tmp_path: pathlib.Path) -> None:
    table = tmp_path / "t.toml"
    table.write_text('[executables."main_dispatch_0_matmul_8x64x64_f32"]\nworkgroups = 1\n')
    costs = CostModel(Calibration.from_file(table))
    cost = DispatchCost(8 * 64 * 64 * 2, 20000, 2000)
    names = ("main_dispatch_0_matmul_8x64x64_f32",)
    assert costs.workgroups(names, cost) == 1
    times = {}
    for split in (False, True):
        data = base_machine("local-task")
        data["devices"][0]["dispatch_model"] = {
            "overhead_ns": {"default": 1000.0},
            "ns_per_flop": {"default": 0.5},
            "ns_per_byte": {"default": 0.0},
            "ns_per_transcendental": {"default": 0.0},
            "workers": 2,
            "worker_wake_ns": 1000.0,
            "split_workgroups": split,
        }
        device = machine_from_dict(data).devices[0]
        times[split] = costs.dispatch_ns(device, names, cost)
    serial = 1000 + 8 * 64 * 64 * 2 * 0.5
    assert times == {False: math.ceil(1000 + (serial - 1000) / 2), True: serial}
    bad = tmp_path / "bad.toml"
    bad.write_text('[executables."x"]\nworkgroups = -1\n')
    with pytest.raises(InputError, match="workgroups"):
        Calibration.from_file(bad)


def _sample(program: str, name: str, flops: int, ns: float, wg: int) -> DispatchSample:
    return DispatchSample(program, name, flops, 0, ns, workgroups=wg)


def test_the_fit_recovers_a_pool_of_whole_workgroups() -> None:
    """Samples made by a pool that shares whole workgroups (1 ns a flop, 2 us of wake-up): the fit with
    the counts finds the line again; without them it cannot (one-workgroup dispatches look twice as
    slow per flop as the others)."""
    truth = DispatchModelSpec(
        {"matmul": 500.0}, {"matmul": 1.0}, {"matmul": 0.0}, workers=2, worker_wake_ns=2000.0,
        split_workgroups=True,
    )
    samples = [
        _sample(f"p{i}", f"main_dispatch_0_matmul_{i}x8x8_f32", flops, truth.pooled_ns(500.0 + flops, wg), wg)
        for i, (flops, wg) in enumerate(
            [(1000, 1), (4000, 1), (16000, 1), (8000, 2), (30000, 3), (60000, 4), (100000, 8), (2000, 2)]
        )
    ]
    with_counts = fit_dispatch_model(samples, workers=2, split_workgroups=True, shapes=False)
    assert with_counts.model.split_workgroups and with_counts.model.worker_wake_ns == 2000.0
    assert with_counts.model.coefficients("matmul")[1] == pytest.approx(1.0, rel=1e-3)
    assert max(abs(e) for e in with_counts.relative_errors) < 1e-3
    without = fit_dispatch_model(samples, workers=2, shapes=False)
    assert not without.model.split_workgroups
    assert max(abs(e) for e in without.relative_errors) > 0.05


def test_a_dynamic_class_of_few_programs_is_its_static_class_times_a_factor() -> None:
    """elementwise.dyn measured by 2 programs (adds only, so its own line would put every cost on the
    flop): priced as elementwise times the median ratio, it keeps the static class's overhead and byte
    costs, scaled."""
    static = [
        DispatchSample(f"s{i}", f"main_dispatch_0_elementwise_{n}_f32", n, 12 * n, 300.0 + 0.2 * n + 0.1 * 12 * n)
        for i, n in enumerate([64, 256, 1024, 4096, 16384])
    ]
    dyn = [
        DispatchSample(f"d{i}", "main_dispatch_0_elementwise_D_f32", n, 12 * n, 2.0 * (300.0 + 0.2 * n + 1.2 * n))
        for i, n in enumerate([512, 8192])
    ]
    scaled = fit_dispatch_model([*static, *dyn], shapes=False, dynamic_factor=True).model
    assert scaled.coefficients("elementwise.dyn") == pytest.approx(
        tuple(2.0 * c for c in scaled.coefficients("elementwise")), rel=1e-3
    )
    assert scaled.coefficients("elementwise")[0] == pytest.approx(300.0, rel=1e-3)
    own = fit_dispatch_model([*static, *dyn], shapes=False).model
    assert own.coefficients("elementwise.dyn")[2] == 0.0  # its own line: the whole cost on the flop
    assert scaled.predict_ns("elementwise.dyn", 100, 1200) == pytest.approx(2.0 * (300 + 20 + 120), rel=1e-3)


def test_the_report_options_defaults(tmp_path: pathlib.Path) -> None:
    """benchmarks/accuracy.py --workgroups and --dynamic-factor (the held-out fit's options) are off unless
    given; --release-cost is on unless --no-release-cost is given."""
    import sys

    saved = list(sys.path)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import accuracy_args
    finally:
        sys.path[:] = saved
    common = ("doc", ("local-sync", "local-task"), tmp_path)
    _, off = accuracy_args.parse(["--device", "local-task"], *common)
    _, on = accuracy_args.parse(["--device", "local-task", "--workgroups", "--dynamic-factor"], *common)
    assert (off.workgroups, off.dynamic_factor, on.workgroups, on.dynamic_factor) == (False, False, True, True)
    _, given = accuracy_args.parse(["--device", "local-task", "--release-cost"], *common)
    _, without = accuracy_args.parse(["--device", "local-task", "--no-release-cost"], *common)
    assert (off.release_cost, on.release_cost, given.release_cost, without.release_cost) == (True, True, True, False)
