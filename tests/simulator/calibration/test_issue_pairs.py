"""The suite's cell loops tell the host's cost of issuing a dispatch (``host.dispatch_cost_ns``) from that
of recording it again (``host.rerecord_dispatch_cost_ns``), issue 16: every count of dispatches a trip
is there re-recorded and memoized in local-sync's suite (kept out of local-task's: fitted with them, the
AMD six-run held-out fit was worse), and on local-task the memoized loop's call grows with the issue cost
alone while its re-recorded twin's grows with both, by trips x dispatches each."""

from __future__ import annotations

import pathlib

import numpy as np

from simulator.calibration.provenance import base_machine
from simulator.calibration.run import benchmark_case, fitted_knobs, simulate_case, stream_ir_of
from simulator.calibration.suite import training_suite
from simulator.calibration.suite_host import ISSUE_CELLS, cell_loop
from simulator.machine import machine_from_dict

DEVICE = "local-task"
KNOBS = ("dispatch_cost_ns", "rerecord_dispatch_cost_ns")


def test_every_count_is_in_the_suite_re_recorded_and_memoized() -> None:
    names = {b.name for b in training_suite("local-sync")}
    for cells in ISSUE_CELLS:
        assert {f"cell_loop_32x{cells}", f"cell_loop_32x{cells}_static"} <= names, cells
    assert len(ISSUE_CELLS) >= 3 and "host.dispatch_cost_ns" in fitted_knobs(2)
    # not in local-task's suite (measured: six AMD runs merged, local-task 42/64 within 15% with them, 49 without)
    assert not {b.name for b in training_suite("local-task")} & {f"cell_loop_32x{c}" for c in ISSUE_CELLS}


def _growth(case: object, ir: pathlib.Path, knob: str) -> int:
    """The simulated local-task call's growth when host ``knob`` alone goes from 0 to 1000 ns."""
    calls = []
    for ns in (0, 1000):
        base = base_machine(DEVICE)
        base["host"].update({k: 0 for k in KNOBS}, **{knob: ns})
        calls.append(int(simulate_case(case, ir, machine_from_dict(base), DEVICE)["call_ns"]))  # type: ignore[arg-type]
    return calls[1] - calls[0]


def test_memoized_loops_price_the_issue_alone_and_re_recorded_ones_both(iree: None, tmp_path: pathlib.Path) -> None:
    """Over the pairs (4 trips here, the suite's 32 are alike), the sensitivities to the two costs are
    trips x cells for the issue cost in both loops and for the recording cost in the re-recorded one only:
    the pairs' sensitivity matrix has full rank, so a least-squares fit can price each apart (a suite of
    re-recorded loops alone gives two equal columns)."""
    trips = 4
    rows = []
    for cells in (1, 2, 8):
        for static in (False, True):
            case = benchmark_case(cell_loop(trips, cells, static=static), tmp_path)
            ir = stream_ir_of(case, tmp_path, DEVICE)
            sens = [_growth(case, ir, k) for k in KNOBS]
            assert sens == [trips * cells * 1000, 0 if static else trips * cells * 1000], case.name
            rows.append(sens)
    assert np.linalg.matrix_rank(np.array(rows, dtype=float)) == 2
    re_recorded = np.array([r for r in rows if r[1]], dtype=float)
    assert np.linalg.matrix_rank(re_recorded) == 1
