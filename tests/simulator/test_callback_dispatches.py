"""A concurrent wave's timing-only dispatches run by event callbacks (simulator.command_events.DispatchRun)
against the same dispatches run as simpy processes: the same trace byte for byte, the same timeline and
the same number of simpy events, with the same ids in the same order, with free and busy execution units, waves mixing dispatches with fills
and copies (which stay processes), and the scale benchmark's residual ladder."""

from __future__ import annotations

import heapq
import pathlib
from typing import Any

import pytest

import simulator.command_events as command_events
from ir import ProgramBuilder
from ir import types as T
from scheduler import Pipeline
from simulator import Session
from simulator.commands import Executor
from tests.conftest import scale_ladder


def _wave_program(waves: int, width: int) -> Any:
    """One execute: ``waves`` concurrent waves, each of ``width`` dispatches, a fill and a copy, then a
    serial dispatch (a barrier) after each wave."""
    pb = ProgramBuilder()
    pb.kernel_executable("step", kernel="noop", num_bindings=2)
    pb.function("main", [], [])
    size = pb.index(1 << 16)
    slab, ready = pb.alloca(size)
    pattern = pb.constant(7, T.i32)
    with pb.execute([slab], [size], await_=ready) as (s,):
        for w in range(waves):
            with pb.concurrent():
                for k in range(width):
                    n = 256 * (1 + (k + w) % 3)
                    pb.dispatch("step", [(s, size, 0, n, "ro"), (s, size, 4096 * (k + 1), n, "wo")])
                pb.fill(s, size, 40960, 512, pattern)
                pb.copy(s, size, 0, s, size, 49152, 1024)
            pb.dispatch("step", [(s, size, 4096, 1500, "ro"), (s, size, 8192, 500, "wo")])
    pb.await_(pb.last_timepoint)
    pb.returns()
    return pb.module


def _both(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, run: Any) -> list[tuple[Any, ...]]:
    """``run()`` with callback dispatches, then with processes: (trace bytes, events, timeline, the
    (time, priority, event id) of every event the engine processed, in order; and the runs made)."""
    made = [0]
    init = command_events.DispatchRun.__init__

    def counted(self: Any, *args: Any) -> None:
        made[0] += 1
        init(self, *args)

    popped: list[tuple[Any, ...]] = []
    pop = heapq.heappop

    def recorded(heap: list[Any]) -> Any:
        entry = pop(heap)
        popped.append(entry[:3])
        return entry

    monkeypatch.setattr(command_events.DispatchRun, "__init__", counted)
    monkeypatch.setattr(heapq, "heappop", recorded)  # (the engine's step loop takes heapq.heappop per batch)
    out = []
    for callback in (True, False):
        monkeypatch.setattr(Executor, "callback_dispatches", callback)
        made[0] = 0
        popped.clear()
        result = run()
        path = tmp_path / f"{callback}.json"
        result.trace.to_chrome_json(path)
        out.append((path.read_bytes(), result.events_processed, result.timeline(), list(popped), made[0]))
    assert out[0][4] > 0 and out[1][4] == 0, "the callback path was not taken, or not turned off"
    assert len(out[0][3]) >= out[0][1] > 0
    return out


def _same(out: list[tuple[Any, ...]]) -> None:
    (trace_a, events_a, timeline_a, popped_a, _), (trace_b, events_b, timeline_b, popped_b, _) = out
    assert events_a == events_b
    assert popped_a == popped_b  # the same event ids, processed in the same order at the same times
    assert timeline_a == timeline_b
    assert trace_a == trace_b


@pytest.mark.parametrize("slots", [1, 2, 3])
@pytest.mark.parametrize("width", [2, 4])
def test_waves_match_the_processes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, make_machine: Any, slots: int, width: int
) -> None:
    """One unit (every dispatch but the first waits), two (some wait) and three."""
    machine = make_machine(dispatch_slots=slots, submit_cost_ns=100)
    _same(
        _both(
            monkeypatch,
            tmp_path,
            lambda: Session(machine).run_sync(_wave_program(3, width), timing_only=True),
        )
    )


def test_the_scale_ladder_matches_the_processes(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path) -> None:
    """The scale benchmark's program (two concurrent branches and a join a layer), with its parameters."""
    import numpy as np

    import ir
    from simulator import parameter_keys
    from simulator.archives import ParameterEntry, ParameterIndex

    module = ir.load_text(scale_ladder(6), "ladder.mlir")
    index = ParameterIndex()
    for scope, key, size in parameter_keys(module):
        index.add(ParameterEntry.virtual(key, size), scope=scope)
    Pipeline.default().run(module)
    x = np.zeros((8, 32), np.float32)
    out = _both(
        monkeypatch,
        tmp_path,
        lambda: Session("cpu").run_sync(module, "main", [x], parameters=index, timing_only=True),
    )
    _same(out)
    assert out[0][4] == 12  # two branches a layer


def test_a_data_run_keeps_the_processes(monkeypatch: pytest.MonkeyPatch, make_machine: Any) -> None:
    """With data a dispatch computes at its end: the wave's dispatches stay processes."""
    made = [0]
    init = command_events.DispatchRun.__init__

    def counted(self: Any, *args: Any) -> None:
        made[0] += 1
        init(self, *args)

    monkeypatch.setattr(command_events.DispatchRun, "__init__", counted)
    Session(make_machine()).run_sync(_wave_program(2, 2))
    assert made[0] == 0
    Session(make_machine()).run_sync(_wave_program(2, 2), timing_only=True)
    assert made[0] == 4
