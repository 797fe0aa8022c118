"""The calibration suite's tiny-dispatch programs (:mod:`simulator.calibration.suite_tiny`): in local-task's
suite only, each ``n`` dispatches of one class in one execute as IREE compiles them, and priced by the fit
(its dispatch model is fitted on every one of them)."""

from __future__ import annotations

import pathlib

import pytest

from simulator.calibration.suite import training_suite
from simulator.calibration.suite_tiny import tiny_suite
from simulator.costs import op_class

#: Each program's dispatches in IREE's compile (how many, of which class).
EXPECTED = {
    "tiny_maps_16x10_i32": (16, "elementwise.i32"),
    "tiny_maps_16x40_i32": (16, "elementwise.i32"),
    "tiny_maps_16x1_f32": (16, "elementwise"),
    "tiny_maps_16x20_f32": (16, "elementwise"),
    "tiny_any_16x10_i32": (16, "reduction.i32"),
    "tiny_sums_16x3_f32": (16, "reduction"),
    "tiny_sums_16x24_f32": (16, "reduction"),
    "tiny_concat_8x4x6": (8, "copy"),
    "tiny_concat_16x5x6": (16, "copy"),
    "tiny_transposes_5x2x3x4": (5, "transpose"),
    "tiny_transposes_8x2x3x2x4": (8, "transpose"),
    "tiny_matmuls_16x3x8x8": (16, "matmul"),
}


def test_the_tiny_programs_are_in_local_tasks_suite_only() -> None:
    names = [b.name for b in tiny_suite()]
    assert sorted(names) == sorted(EXPECTED)
    task = [b.name for b in training_suite("local-task")]
    sync = {b.name for b in training_suite("local-sync")}
    assert set(names) <= set(task) and not set(names) & sync and len(task) == len(set(task))


def _compiled(name: str, tmp_path: pathlib.Path) -> tuple[object, pathlib.Path, dict]:
    from simulator.calibration.run import benchmark_case, simulate_case, stream_ir_of
    from simulator.machine import load_machine

    [bench] = [b for b in tiny_suite() if b.name == name]
    case = benchmark_case(bench, tmp_path)
    ir = stream_ir_of(case, tmp_path, "local-task")
    return case, ir, simulate_case(case, ir, load_machine("cpu-local-task"), "local-task")


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_iree_keeps_each_tiny_dispatch_apart_in_one_execute(
    name: str, iree: None, tmp_path: pathlib.Path
) -> None:
    from simulator.program import load_program

    _, ir, simulated = _compiled(name, tmp_path)
    count, cls = EXPECTED[name]
    dispatches = simulated["dispatches"]
    assert len(dispatches) == count
    assert {op_class(d["name"], d["kind"]) for d in dispatches} == {cls}
    assert simulated["call_ns"] > 0 and all(d["dur_ns"] > 0 for d in dispatches)
    # one execute records them all: the call's timing and one profile see every one
    ops = list(load_program(ir).walk())
    [execute] = [op for op in ops if op.op_name == "stream.cmd.execute"]
    assert sum(op.op_name == "stream.cmd.dispatch" for op in execute.walk()) == count


def test_the_fit_prices_every_tiny_dispatch(iree: None, tmp_path: pathlib.Path) -> None:
    """Measurements of three of the programs (every dispatch 35 ns, the fixtures' typical tiny dispatch on
    local-task) are paired with the simulated dispatches, fitted on, and priced at what was measured; their
    calls stay out of the fixed costs' fit (``fixed_costs=False``): the fitted costs are the same whatever
    the tiny programs' calls measured, and come from the one other program's call."""
    from simulator.calibration import loo
    from simulator.calibration.provenance import base_machine
    from simulator.calibration.run import benchmark_case, fit_machine, simulate_case, stream_ir_of
    from simulator.calibration.suite import elementwise
    from simulator.machine import load_machine, machine_from_dict

    assert not any(b.fixed_costs for b in tiny_suite())
    other = benchmark_case(elementwise(4, 16), tmp_path)
    assert other.fixed_costs
    other_ir = stream_ir_of(other, tmp_path, "local-task")
    other_dispatches = simulate_case(other, other_ir, load_machine("cpu-local-task"), "local-task")["dispatches"]
    other_measured = {
        "name": other.name,
        "call_ns": {"min_ns": 9_000, "median_ns": 9_500},
        "dispatches": [{"name": d["name"], "loc": d["loc"], "min_ns": 200} for d in other_dispatches],
    }
    compiled = [_compiled(name, tmp_path) for name in ("tiny_maps_16x10_i32", "tiny_any_16x10_i32", "tiny_concat_8x4x6")]

    def entries(call_ns: int) -> list:
        cases = [(other, other_ir, other_measured)]
        for case, ir, simulated in compiled:
            measured = {
                "name": case.name,
                "call_ns": {"min_ns": call_ns, "median_ns": call_ns + 1_000},
                "dispatches": [{"name": d["name"], "loc": d["loc"], "min_ns": 35} for d in simulated["dispatches"]],
            }
            cases.append((case, ir, measured))
        return cases

    def fitted(call_ns: int) -> dict:
        data, _ = fit_machine(base_machine("local-task"), entries(call_ns), provenance={"device": "local-task"})
        return data

    def left_one_out(call_ns: int) -> tuple:
        # the leave-one-out fits (simulator.calibration.loo) leave the tiny calls out too
        cases = entries(call_ns)
        prepared = loo.prepare(base_machine("local-task"), cases, "local-task")
        machine = loo.fit_without(prepared, cases, {"tiny_any_16x10_i32"})
        return machine.host, machine.devices[0]

    data = fitted(20_000)
    assert data["calibration"]["dispatches_fitted"] == len(other_dispatches) + 16 + 16 + 8
    machine = machine_from_dict(data, source="test")
    for case, ir, _ in compiled:
        priced = simulate_case(case, ir, machine)["dispatches"]
        assert all(d["dur_ns"] == pytest.approx(35, abs=2) for d in priced), case.name
    slow = fitted(2_000_000)
    assert slow["host"] == data["host"] and slow["devices"][0] == data["devices"][0]
    assert sum(v for k, v in data["host"].items() if k.endswith("_ns") and isinstance(v, int)) > 0
    assert left_one_out(20_000) == left_one_out(2_000_000)
