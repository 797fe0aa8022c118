"""Fixed costs fitted on each program's N-th lowest round minimum (issue 16): ``fit_machine``'s
``call_rank`` fits them as on measurements whose minimum were that round, leaves the dispatch model on
the dispatches' minima, records the rank, and the leave-one-out fits share it."""

from __future__ import annotations

import json
import pathlib

import pytest

from simulator.calibration import loo
from simulator.calibration.provenance import base_machine, provenance
from simulator.calibration.rounds import ranked_call_ns
from simulator.calibration.run import benchmark_case, fit_machine, ranked, simulate_case, stream_ir_of
from simulator.calibration.suite import training_suite
from simulator.machine import machine_from_dict

ROOT = pathlib.Path(__file__).parents[3]
PROGRAMS = ("host_loop_4x16x16", "chain_8x16x16", "mlp_2x16x32x16", "matmul_8x32x32_f32", "softmax_2x16")


def _entries(device: str, tmp_path: pathlib.Path) -> list:
    cache = json.loads((ROOT / "benchmarks" / "data" / "calibration" / f"{device}.json").read_text())
    benches = {b.name: b for b in training_suite()}
    out = []
    for name in PROGRAMS:
        case = benchmark_case(benches[name], tmp_path)
        out.append((case, stream_ir_of(case, tmp_path, device), cache["programs"][name]))
    return out


def test_rank_two_fits_the_fixed_costs_on_each_second_round(iree: None, tmp_path: pathlib.Path) -> None:
    """On local-task (no bound of the dispatches by the call) the rank-2 fit is the minimum's fit of the
    same measurements with each call minimum replaced by the program's second-lowest round; the
    dispatch model is the one fitted on the original minima; only the rank-2 file records its rank."""
    device = "local-task"
    entries = _entries(device, tmp_path)
    second = [
        (c, ir, {**m, "call_ns": {**m["call_ns"], "min_ns": sorted(m["sessions_ns"])[1]}}) for c, ir, m in entries
    ]
    assert all(ranked_call_ns(m, 2) > m["call_ns"]["min_ns"] for _, _, m in entries)
    base, head = base_machine(device), provenance(device, "t")
    at_rank, _ = fit_machine(base, entries, provenance=head, call_rank=2)
    at_min, _ = fit_machine(base, entries, provenance=head)
    on_second, _ = fit_machine(base, second, provenance=head)
    assert at_rank["host"] == on_second["host"] != at_min["host"]
    assert at_rank["devices"][0]["dispatch_model"] == at_min["devices"][0]["dispatch_model"]
    assert at_rank["calibration"]["call_rank"] == 2 and "call_rank" not in at_min["calibration"]
    # the training errors are against what was fitted: each program's second round
    assert at_rank["calibration"]["call_errors"] == on_second["calibration"]["call_errors"]
    # the measurements themselves are left as they were
    assert [m["call_ns"]["min_ns"] for _, _, m in entries] == [min(m["sessions_ns"]) for _, _, m in entries]


def test_a_shared_leave_one_out_fit_at_rank_two_is_the_fit_from_scratch(iree: None, tmp_path: pathlib.Path) -> None:
    device = "local-sync"
    entries = _entries(device, tmp_path)
    base = base_machine(device)
    every = ranked(entries, 2)
    prepared = loo.prepare(base, every, device)
    left = "chain_8x16x16"
    shared = loo.fit_without(prepared, every, {left})
    data, _ = fit_machine(
        base, [e for e in entries if e[0].name != left], provenance=provenance(device, "t"), call_rank=2
    )
    scratch = machine_from_dict(data, source="scratch")
    assert shared.host == scratch.host
    assert shared.devices[0].dispatch_model == scratch.devices[0].dispatch_model
    at_min = loo.fit_without(loo.prepare(base, entries, device), entries, {left})
    assert at_min.host != shared.host
    case, ir, _ = entries[0]
    assert simulate_case(case, ir, shared)["call_ns"] == simulate_case(case, ir, scratch)["call_ns"]


def test_a_rank_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="call rank: need 1 or more, got 0"):
        ranked_call_ns({"call_ns": {"min_ns": 5}, "sessions_ns": [5, 6]}, 0)
