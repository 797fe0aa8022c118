"""local-task's workers run on the host's own CPUs (``devices.host_shares_cpus``): the host thread makes no
headway while the device works, so a host loop that runs ahead of the device still pays each trip's
device time, and a host that waits is woken by the worker that signals. Checked on IREE's stream IR of
the calibration suite's loops: the memoized cell loop and the host loop have the same trip (two allocas,
an execute of a copy and one dispatch, a dealloca), and the loop of four cells records four
dispatches into the same memoized command buffer."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from simulator.calibration.provenance import base_machine
from simulator.calibration.run import benchmark_case, stream_ir_of
from simulator.calibration.suite_host import cell_loop, device_loop
from simulator.errors import MachineError
from simulator.machine import machine_from_dict
from simulator.program import load_program
from simulator.session import Session
from simulator.values_io import parse_input
from traces import call_time_ns


def _machine(shares: bool, **host: int) -> Any:
    base = base_machine("local-task")
    base["devices"][0]["host_shares_cpus"] = shares
    base["host"].update(host)
    return machine_from_dict(base)


def _run(bench: Any, tmp_path: pathlib.Path, machine: Any) -> tuple[int, int]:
    """The simulated call and the device's busy time (its queue spans) in it."""
    case = benchmark_case(bench, tmp_path)
    stream_ir = stream_ir_of(case, tmp_path, "local-task")
    inputs = [parse_input(spec) for spec in case.inputs]
    result = Session(machine).run_sync(load_program(stream_ir), "main", inputs, timing_only=False)
    busy = sum(s.dur_ns for s in result.trace.iter_spans() if s.track.kind == "queue")
    return call_time_ns(result.trace), busy


def test_a_loop_ahead_of_the_device_pays_the_device_time(iree: None, tmp_path: pathlib.Path) -> None:
    """With host costs far above the dispatches', the loop is the host's: on separate CPUs the three
    more dispatches a trip hide under the host's submissions (but for the last trip's); on shared CPUs
    each trip adds its device time, so the two loops differ by exactly their device times."""
    trips = 8
    host = {"submit_cost_ns": 10_000, "alloca_cost_ns": 10_000, "record_cost_ns": 0, "barrier_cost_ns": 0}
    loops = (cell_loop(trips, 1, static=True), cell_loop(trips, 4, static=True))
    apart = {b.name: _run(b, tmp_path, _machine(False, **host)) for b in loops}
    shared = {b.name: _run(b, tmp_path, _machine(True, **host)) for b in loops}
    (h_apart, _), (c_apart, _) = apart.values()
    (h_call, h_busy), (c_call, c_busy) = shared.values()
    assert c_busy > h_busy > 0
    # Apart, only the last trip's dispatch shows (the host waits for it at the end).
    assert 0 <= c_apart - h_apart <= (c_busy - h_busy) // trips + 1
    # (up to the few more host ops of the larger program: constants, not per trip)
    assert abs((c_call - h_call) - (c_busy - h_busy)) < 0.01 * (c_busy - h_busy)
    assert h_call > h_apart


def test_a_host_that_waited_out_the_device_is_woken(iree: None, tmp_path: pathlib.Path) -> None:
    """device_loop waits for a flag every trip: on shared CPUs the host has slept through the device's
    work, and each wait costs the worker's wake-up, as a wait on separate CPUs does."""
    bench = device_loop(4)
    plain, _ = _run(bench, tmp_path, _machine(True, wake_cost_ns=0))
    woken, _ = _run(bench, tmp_path, _machine(True, wake_cost_ns=10_000))
    apart_plain, _ = _run(bench, tmp_path, _machine(False, wake_cost_ns=0))
    apart_woken, _ = _run(bench, tmp_path, _machine(False, wake_cost_ns=10_000))
    assert woken - plain == apart_woken - apart_plain > 0


def test_the_field_is_read_and_checked() -> None:
    base = base_machine("local-task")
    assert machine_from_dict(base).devices[0].host_shares_cpus
    assert not machine_from_dict(base_machine("local-sync")).devices[0].host_shares_cpus
    base["devices"][0]["host_shares_cpus"] = 3
    with pytest.raises(MachineError, match="host_shares_cpus"):
        machine_from_dict(base)
