"""local-task's workers as IREE's block processor runs them (issue 16, ``DispatchModelSpec.worker_pool``):
the commands between two barriers are one region whose workgroups the workers claim in order, so a
dispatch of one workgroup runs on one worker and two concurrent dispatches share the workers; the
option off leaves every fit, preset and simulation as it was."""

from __future__ import annotations

import argparse
import pathlib
from typing import Any

import pytest

from ir import ProgramBuilder
from simulator import Session
from simulator.calibration import options
from simulator.calibration.fit import DispatchSample, fit_dispatch_model
from simulator.calibration.provenance import base_machine
from simulator.calibration.run import DispatchFit, model_table
from simulator.costs import Calibration
from simulator.dispatch_model import DispatchModelSpec, claim_tiles, share_work
from simulator.errors import InputError
from simulator.machine import machine_from_dict


def _pool(**kw: Any) -> DispatchModelSpec:
    return DispatchModelSpec({}, {}, {}, workers=2, worker_wake_ns=1000.0, **kw)


def test_a_one_workgroup_dispatch_runs_on_one_worker() -> None:
    pool = _pool(worker_pool=True)
    assert pool.pooled_ns(8000.0, 1) == 8000.0  # the second worker has no workgroup to claim
    assert _pool().pooled_ns(8000.0, 1) == 4500.0  # the old pool: every dispatch over both workers
    # Eight workgroups of 1 us: the first worker takes one before the second wakes, then they alternate.
    assert pool.pooled_ns(8000.0, 8) == 5000.0
    # A count not known: shared as in very many workgroups, as the old pool splits every dispatch.
    assert pool.pooled_ns(8000.0, 0) == _pool().pooled_ns(8000.0) == 4500.0
    assert pool.pooled_ns(800.0, 4) == 800.0  # done before the second worker wakes
    # 20 workgroups of 1 us: a worker claims 8 at a time (IREE's reservation, at 8 a worker or more), the
    # last 4 go to the first worker free.
    assert pool.region_times([(20000.0, 20)]) == [(0.0, 12000.0)]
    assert pool.region_times([(15000.0, 15)]) == [(0.0, 8000.0)]  # one at a time below 16
    for n in (0, 1, 2, 3, 8, 100):
        for serial in (500.0, 8000.0, 123456.0):
            assert pool.serial_ns(pool.pooled_ns(serial, n), n) == pytest.approx(serial, rel=1e-6)


def test_two_concurrent_dispatches_share_two_workers() -> None:
    pool = _pool(worker_pool=True)
    # Two one-workgroup dispatches: one on each worker, the second from when it wakes.
    assert pool.region_times([(8000.0, 1), (2000.0, 1)]) == [(0.0, 8000.0), (1000.0, 3000.0)]
    # A one-workgroup dispatch beside a wide one: the free worker claims the wide one's workgroups.
    assert pool.region_times([(8000.0, 1), (4000.0, 4)]) == [(0.0, 8000.0), (1000.0, 5000.0)]
    assert pool.region_times([(2000.0, 1), (4000.0, 4)]) == [(0.0, 2000.0), (1000.0, 4000.0)]
    # A region of one workgroup in all wakes no second worker.
    one = DispatchModelSpec({}, {}, {}, workers=4, worker_wake_ns=0.0, worker_pool=True)
    assert one.region_times([(3000.0, 1)]) == [(0.0, 3000.0)]
    assert one.region_times([(3000.0, 1), (3000.0, 1), (3000.0, 1)])[-1] == (0.0, 3000.0)


def test_claiming_in_place() -> None:
    free = [0.0, 1000.0]
    assert claim_tiles(free, 3, 1000.0) == (0.0, 2000.0) and free == [2000.0, 2000.0]
    assert claim_tiles(free, 0, 1000.0) == (2000.0, 2000.0) and free == [2000.0, 2000.0]
    assert share_work(free, 1000.0) == (2000.0, 2500.0) and free == [2500.0, 2500.0]
    staggered = [0.0, 10.0, 20.0]
    # Claims at 0 4 8 (first worker) 10 (second) 12 14 16: the third worker is not free before the last.
    assert claim_tiles(staggered, 7, 4.0) == (0.0, 20.0)
    assert staggered == [20.0, 18.0, 20.0]


def _program() -> Any:
    """One execute: a concurrent block of two dispatches (8,000 and 2,000 bytes), then a dispatch of
    8,000 bytes after a barrier."""
    pb = ProgramBuilder()
    pb.kernel_executable("one", kernel="noop", num_bindings=2)
    pb.kernel_executable("wide", kernel="noop", num_bindings=2)
    pb.function("main", [], [])
    size = pb.index(1 << 16)
    slab, ready = pb.alloca(size)
    with pb.execute([slab], [size], await_=ready) as (s,):
        with pb.concurrent():
            pb.dispatch("one", [(s, size, 0, 4000, "ro"), (s, size, 8192, 4000, "wo")])
            pb.dispatch("one", [(s, size, 16384, 1000, "ro"), (s, size, 24576, 1000, "wo")])
        pb.dispatch("wide", [(s, size, 0, 4000, "ro"), (s, size, 32768, 4000, "wo")])
    pb.await_(pb.last_timepoint)
    pb.returns()
    return pb.module


def _machine(**model: Any) -> Any:
    data = base_machine("local-task")
    data["devices"][0]["dispatch_model"] = {
        "overhead_ns": {"default": 0.0},
        "ns_per_flop": {"default": 0.0},
        "ns_per_byte": {"default": 1.0},
        "ns_per_transcendental": {"default": 0.0},
        "workers": 2,
        "worker_wake_ns": 1000.0,
        **model,
    }
    return machine_from_dict(data)


@pytest.mark.parametrize("timing_only", [True, False])
def test_the_executor_runs_a_concurrent_block_on_the_workers(tmp_path: pathlib.Path, timing_only: bool) -> None:
    """The dispatch spans (start, duration) of the program above: with ``worker_pool`` the two
    one-workgroup dispatches run side by side (8 us and 2 us from the second worker's wake) and the
    8-workgroup one after the barrier takes 5 us; the old pool runs each over both workers, one after the
    other (4.5, 1.5 and 4.5 us); ``split_workgroups`` runs the one-workgroup dispatches whole, in turn."""
    table = tmp_path / "wg.toml"
    table.write_text('[executables."one"]\nworkgroups = 1\n[executables."wide"]\nworkgroups = 8\n')
    spans = {}
    for name, model in (
        ("pool", {"worker_pool": True}),
        ("old", {}),
        ("split", {"split_workgroups": True}),
    ):
        result = Session(_machine(**model), calibration=Calibration.from_file(table)).run_sync(
            _program(), timing_only=timing_only
        )
        got = sorted((s.start_ns, s.dur_ns, s.name) for s in result.trace.iter_spans() if s.category == "dispatch")
        first = got[0][0]
        spans[name] = [(start - first, dur, n) for start, dur, n in got]
    assert spans["pool"] == [(0, 8000, "one"), (1000, 2000, "one"), (8000, 5000, "wide")]
    assert spans["old"] == [(0, 4500, "one"), (4500, 1500, "one"), (6000, 4500, "wide")]
    assert spans["split"] == [(0, 8000, "one"), (8000, 2000, "one"), (10000, 4500, "wide")]


def test_the_option_is_read_written_and_checked() -> None:
    assert _machine().devices[0].dispatch_model.worker_pool is False
    assert _machine(worker_pool=True).devices[0].dispatch_model.worker_pool is True
    with pytest.raises(InputError, match="worker_pool"):
        _machine(worker_pool=2)
    model = _machine(worker_pool=True).devices[0].dispatch_model
    assert model_table(DispatchFit(model, 1))["worker_pool"] is True
    assert "worker_pool" not in model_table(DispatchFit(_machine().devices[0].dispatch_model, 1))


def test_the_fit_recovers_a_pool_whose_workers_claim_workgroups() -> None:
    """Samples made by the pool (1 ns a flop, 2 us of wake-up): the fit with ``worker_pool`` finds the
    line and the wake-up again; the old pool cannot (one-workgroup dispatches look twice as slow)."""
    truth = DispatchModelSpec(
        {"matmul": 500.0}, {"matmul": 1.0}, {"matmul": 0.0}, workers=2, worker_wake_ns=2000.0, worker_pool=True
    )
    samples = [
        DispatchSample(f"p{i}", f"main_dispatch_0_matmul_{i}x8x8_f32", flops, 0, truth.pooled_ns(500.0 + flops, wg), workgroups=wg)
        for i, (flops, wg) in enumerate(
            [(1000, 1), (4000, 1), (16000, 1), (8000, 2), (30000, 3), (60000, 4), (100000, 8), (2000, 2)]
        )
    ]
    fitted = fit_dispatch_model(samples, workers=2, worker_pool=True, shapes=False)
    assert fitted.model.worker_pool and fitted.model.worker_wake_ns == 2000.0
    assert fitted.model.coefficients("matmul")[1] == pytest.approx(1.0, rel=1e-3)
    assert max(abs(e) for e in fitted.relative_errors) < 1e-3
    old = fit_dispatch_model(samples, workers=2, shapes=False)
    assert not old.model.worker_pool
    assert max(abs(e) for e in old.relative_errors) > 0.05


def test_the_option_is_off_unless_given() -> None:
    parser = argparse.ArgumentParser()
    options.add_fit_options(parser)
    assert parser.parse_args([]).worker_pool is False
    assert parser.parse_args(["--worker-pool"]).worker_pool is True
