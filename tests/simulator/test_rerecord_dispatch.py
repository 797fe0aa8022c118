"""The host's cost of recording dispatches again on every execution (``host.rerecord_dispatch_cost_ns``
and ``host.rerecord_binding_cost_ns``), against IREE's own HAL output: the calibration suite's cell loops
are recorded per trip (or memoized) as IREE records them, and each re-recorded dispatch pays for the
bindings IREE's ``hal.command_buffer.dispatch`` passes."""

from __future__ import annotations

import pathlib
import re

import pytest

from simulator.calibration.provenance import base_machine
from simulator.calibration.run import KNOBS, benchmark_case, fixture_case, simulate_case, stream_ir_of
from simulator.calibration.suite_host import cell_loop, host_suite
from simulator.commands import DispatchCmd, Serial
from simulator.errors import MachineError
from simulator.host.execute_rules import count_dispatch_bindings
from simulator.host.memoize import recorded_per_execution
from simulator.machine import load_machine, machine_from_dict
from simulator.profile import compile_module
from simulator.program import load_program

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"


def _call_ns(case: object, stream_ir: pathlib.Path, **host: int) -> int:
    base = base_machine("local-sync")
    base["host"].update(host)
    return int(simulate_case(case, stream_ir, machine_from_dict(base))["call_ns"])  # type: ignore[arg-type]


def _iree_public_dispatch_bindings(hal: str) -> list[int]:
    """The bindings of each ``hal.command_buffer.dispatch`` IREE records in the public functions (the
    ones recorded at every call; a memoized command buffer is recorded in an initializer)."""
    out: list[int] = []
    for body in re.findall(r"util\.func public @[\w$]+\(.*?\n  \}\n", hal, re.S):
        for m in re.finditer(r"hal\.command_buffer\.dispatch<.*?bindings\(\[(.*?)\]\)", body, re.S):
            out.append(m.group(1).count(": !hal.buffer)"))
    return out


@pytest.mark.parametrize(("cells", "extra"), [(2, 0), (3, 2)])
def test_cell_loop_rerecords_what_iree_records_per_trip(
    iree: None, tmp_path: pathlib.Path, cells: int, extra: int
) -> None:
    """IREE records the trip's command buffer inline in ``main`` (one-shot: the trip count is a push
    constant) with ``cells`` dispatches of ``3 + extra`` bindings; the static twin has none there. The
    simulated call grows by trips x IREE's dispatches (bindings) x the cost."""
    trips = 4
    for static in (False, True):
        case = benchmark_case(cell_loop(trips, cells, extra, static=static), tmp_path)
        hal = compile_module(case.source, tmp_path / f"{case.name}.hal.mlir", extra_flags=("--compile-to=hal",))
        iree_bindings = _iree_public_dispatch_bindings(hal.read_text())
        stream_ir = stream_ir_of(case, tmp_path, "local-sync")
        executes = [op for op in load_program(stream_ir).walk() if op.op_name == "stream.cmd.execute"]
        one_shot = [op for op in executes if recorded_per_execution(op)]
        plain = _call_ns(case, stream_ir)
        per_dispatch = _call_ns(case, stream_ir, rerecord_dispatch_cost_ns=1000) - plain
        per_binding = _call_ns(case, stream_ir, rerecord_binding_cost_ns=1000) - plain
        if static:
            assert iree_bindings == [] and one_shot == []
            assert per_dispatch == per_binding == 0
        else:
            assert iree_bindings == [3 + extra] * cells
            assert len(one_shot) == 1
            assert per_dispatch == trips * len(iree_bindings) * 1000
            assert per_binding == trips * sum(iree_bindings) * 1000


def test_memoized_regions_do_not_pay_and_one_shot_fixture_regions_do() -> None:
    """mlp's region is memoized: the costs change nothing. dropout_rng records regions at every call."""
    mlp = fixture_case(FIXTURES / "iree" / "mlp")
    assert mlp.stream_ir is not None
    plain = _call_ns(mlp, mlp.stream_ir)
    assert _call_ns(mlp, mlp.stream_ir, rerecord_dispatch_cost_ns=1000, rerecord_binding_cost_ns=1000) == plain
    rng = fixture_case(FIXTURES / "frontends" / "dropout_rng")
    assert rng.stream_ir is not None
    plain = _call_ns(rng, rng.stream_ir)
    more = _call_ns(rng, rng.stream_ir, rerecord_dispatch_cost_ns=1000)
    most = _call_ns(rng, rng.stream_ir, rerecord_dispatch_cost_ns=1000, rerecord_binding_cost_ns=1000)
    assert plain < more < most


def test_count_dispatch_bindings_counts_nested_dispatches_only() -> None:
    def dispatch(bindings: int) -> DispatchCmd:
        return DispatchCmd(None, [], (0,) * 7, [0] * bindings, [], None, 0, {}, None)  # type: ignore[arg-type]

    tree = Serial(["fill", dispatch(3), Serial([dispatch(2), "copy"]), Serial([Serial([dispatch(4)])])])
    assert count_dispatch_bindings(tree) == (3, 9)
    assert count_dispatch_bindings(Serial(["fill", "copy"])) == (0, 0)


def test_machine_files_carry_the_costs_and_old_files_load_with_zero() -> None:
    assert ("host", "rerecord_dispatch_cost_ns") in KNOBS and ("host", "rerecord_binding_cost_ns") in KNOBS
    # cpu-roofline's file predates the costs (no such keys): they load as 0. The fitted presets carry them.
    old = load_machine("cpu-roofline")
    assert old.host.rerecord_dispatch_cost_ns == 0 and old.host.rerecord_binding_cost_ns == 0
    assert load_machine("cpu-local-sync").host.rerecord_binding_cost_ns > 0
    data = base_machine("local-sync")
    data["host"].update(rerecord_dispatch_cost_ns=120, rerecord_binding_cost_ns=40)
    host = machine_from_dict(data).host
    assert (host.rerecord_dispatch_cost_ns, host.rerecord_binding_cost_ns) == (120, 40)
    data["host"]["rerecord_binding_cost_ns"] = -1
    with pytest.raises(MachineError, match="rerecord_binding_cost_ns"):
        machine_from_dict(data)


def test_suite_has_the_cell_loops_and_their_twins() -> None:
    names = {b.name for b in host_suite()}
    assert {"cell_loop_32x4", "cell_loop_32x4_static", "cell_loop_32x4_b4", "cell_loop_32x4_b4_static"} <= names


def test_hal_form_recording_pays_per_dispatch_and_binding() -> None:
    """A HAL-form program records its command buffers itself: each ``hal.command_buffer.finalize``'s
    recording span grows by the cost times the dispatches (bindings) recorded into it. mlp's HAL form
    records one buffer of 2 dispatches, of 4 and 3 bindings."""
    import numpy as np

    from simulator import Session

    d = FIXTURES / "iree" / "mlp"
    inputs = [np.load(p) for p in sorted(d.glob("input*.npy"))]

    def recording_ns(**host: int) -> int:
        data = base_machine("local-sync")
        data["host"].update(host)
        result = Session(machine_from_dict(data)).run_sync(
            load_program(d / "hal.generic.mlir"), "main", inputs, timing_only=True,
            parameters={"model": str(d / "params.irpa")},
            executable_sources=load_program(d / "cmd.generic.mlir"),
        )  # fmt: skip
        return sum(s.dur_ns for s in result.trace.spans if s.name == "record command buffer")

    plain = recording_ns()
    assert recording_ns(rerecord_dispatch_cost_ns=1000) - plain == 2 * 1000
    assert recording_ns(rerecord_binding_cost_ns=1000) - plain == 7 * 1000


def test_cell_loops_are_fitted_on_local_sync_only() -> None:
    """Kept out of local-task's suite: measured on the AMD host (six quiet runs merged), the local-task fit
    with them put 42/64 fixtures within 15% against 49/64 without (tests/simulator/calibration/
    test_issue_pairs.py)."""
    from simulator.calibration.suite import training_suite
    from simulator.calibration.suite_tiny import tiny_suite

    sync = {b.name for b in training_suite("local-sync")}
    task = {b.name for b in training_suite("local-task")}
    every = {b.name for b in training_suite()}
    tiny = {b.name for b in tiny_suite()}  # (local-task's only: test_suite_tiny.py)
    assert "cell_loop_32x4" in sync and "cell_loop_32x4" not in task
    assert task - tiny < sync and sync | tiny == every and "scan_loop_4x16" in task
