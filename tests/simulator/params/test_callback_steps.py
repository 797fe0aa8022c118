"""Parameter steps run by event callbacks (simulator.params.steps.StepRun), made as their turn comes
(StepStarts, a load's plan) and all at once, against the same steps run as simpy processes: the same trace
byte for byte, the same outputs, the same failures and the same number of
simpy events, over allocas with and without a queue overhead, storage slots and the channel under
contention, data and timing-only runs, and failing allocas and requests."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator
from typing import Any

import pytest

from simulator import Session, parse_program
from simulator.archives import ParameterEntry, ParameterIndex
from simulator.params import ParameterProvider
from simulator.params.programs import parameter_load_program
from simulator.params.steps import BatchRecord, StepRun, StepStarts
from tests.conftest import run_outcome

# These tests read IREE pretty text: skip without IREE, fail under STREAMSIM_REQUIRE_IREE=1.
pytestmark = pytest.mark.usefixtures("iree")

SIZES = [(f"p{i}", 64 * (1 + i % 5)) for i in range(14)]


def _each_way(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[bool, bool]]:
    """Set the provider to each way of making a load's steps, in this order, and yield (callback_steps,
    steps_in_turn): callback runs made as their turn comes, callback runs made at once, processes."""
    for callback, in_turn in ((True, True), (True, False), (False, False)):
        monkeypatch.setattr(ParameterProvider, "callback_steps", callback)
        monkeypatch.setattr(ParameterProvider, "steps_in_turn", in_turn)
        yield callback, in_turn


def _both(monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, run: Any) -> list[tuple[Any, ...]]:
    """``run()`` with callback steps made as their turn comes (StepStarts, for plan_loads' plans), with
    callback steps made at once, then with processes: (trace bytes, events, outputs or error, runs made, call
    starts made) each."""
    made = [0, 0]
    run_init, starts_init = StepRun.__init__, StepStarts.__init__

    def counted_run(self: StepRun, *args: Any) -> None:
        made[0] += 1
        run_init(self, *args)

    def counted_starts(self: StepStarts, *args: Any) -> None:
        made[1] += 1
        starts_init(self, *args)

    monkeypatch.setattr(StepRun, "__init__", counted_run)
    monkeypatch.setattr(StepStarts, "__init__", counted_starts)
    out = []
    for callback, in_turn in _each_way(monkeypatch):
        made[:] = [0, 0]
        out.append((*run_outcome(run, tmp_path / f"{callback}{in_turn}.json"), *made))
    assert out[1][3] > 0 and out[1][4] == 0, "the callback path was not taken, or made its runs in turn"
    assert out[2][3] == 0 and out[2][4] == 0, "the callback path was not turned off"
    return out


def _same(out: list[tuple[Any, ...]]) -> None:
    for other in out[1:]:
        assert other[1] == out[0][1]  # events
        assert other[2] == out[0][2]  # outputs or error
        assert other[0] == out[0][0]  # trace bytes


def _in_turn(out: list[tuple[Any, ...]]) -> None:
    """The first run made its steps' runs as their turn came (a load's plan_loads plan)."""
    assert out[0][4] > 0 and out[0][3] > 0


@pytest.mark.parametrize("mode", ["load", "gather", "each"])
@pytest.mark.parametrize("machine_name", ["cpu", "round"])
def test_data_runs_match_the_processes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, write_archive: Any, machine: Any,
    mode: str, machine_name: str,
) -> None:  # fmt: skip
    """cpu: a 500 ns queue overhead (an alloca timeout); round: none, and two storage slots for 14 reads."""
    path = write_archive(tmp_path / "m.irpa", dict(SIZES))
    program = parse_program(parameter_load_program(SIZES, mode=mode), filename="p.mlir")
    m = "cpu" if machine_name == "cpu" else machine(queue_depth=2)
    out = _both(monkeypatch, tmp_path, lambda: Session(m).run_sync(program, parameters={"model": path}))
    _same(out)
    if mode == "load":
        _in_turn(out)


def test_timing_only_runs_match_the_processes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    sizes = [(f"w{i}", 4096 + 64 * i) for i in range(60)]
    index = ParameterIndex()
    for key, n in sizes:
        index.add(ParameterEntry.virtual(key, n), scope="model")
    program = parse_program(parameter_load_program(sizes, mode="load"), filename="t.mlir")
    out = _both(monkeypatch, tmp_path, lambda: Session("cpu").run_sync(program, parameters=index, timing_only=True))
    _in_turn(out)
    _same(out)


def test_an_alloca_out_of_memory_fails_alike(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, write_archive: Any, machine: Any
) -> None:
    sizes = [("a", 1024), ("b", 2048), ("c", 512), ("d", 256)]
    path = write_archive(tmp_path / "o.irpa", dict(sizes))
    program = parse_program(parameter_load_program(sizes, mode="load"), filename="o.mlir")
    m = machine(capacity_bytes=2048)
    out = _both(monkeypatch, tmp_path, lambda: Session(m).run_sync(program, parameters={"model": path}))
    assert "out of memory" in out[0][2]
    _in_turn(out)
    _same(out)


def test_a_missing_key_fails_alike(
    monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path, write_archive: Any, machine: Any
) -> None:
    path = write_archive(tmp_path / "k.irpa", {"a": 1024, "c": 64})
    sizes = [("a", 1024), ("zz", 64), ("c", 64)]
    program = parse_program(parameter_load_program(sizes, mode="gather"), filename="k.mlir")
    out = _both(
        monkeypatch, tmp_path, lambda: Session(machine()).run_sync(program, parameters={"model": path})
    )
    assert "no parameter 'zz'" in out[0][2]
    _same(out)


def test_the_log_records_every_step_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """The provider's log: a BatchRecord per step of each call's plan and one per flush barrier, the same
    records whether the steps ran as callbacks or as processes (kept as rows, made into records when
    asked)."""
    sizes = [(f"w{i}", 4096 + 64 * i) for i in range(12)]
    index = ParameterIndex()
    for key, n in sizes:
        index.add(ParameterEntry.virtual(key, n), scope="model")
    program = parse_program(parameter_load_program(sizes, mode="load"), filename="t.mlir")
    made: list[ParameterProvider] = []
    init = ParameterProvider.__init__

    def keep(self: ParameterProvider, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(ParameterProvider, "__init__", keep)
    logs = []
    for _ in _each_way(monkeypatch):
        made.clear()
        Session("cpu").run_sync(program, parameters=index, timing_only=True)
        (provider,) = made
        log = provider.log
        assert all(isinstance(r, BatchRecord) for r in log)
        steps = [s for plan in provider.plans for s in plan.steps]
        assert sorted((r.kind, r.keys) for r in log if r.kind != "barrier") == sorted(
            (s.kind, (f"model::w{s.items[0]}",)) for s in steps
        )
        assert [r.kind for r in log].count("barrier") == len(provider.plans) == 1
        assert all(r.end_ns >= r.start_ns for r in log)
        assert {r.length_bytes for r in log if r.kind == "read"} == {n for _, n in sizes}
        logs.append(log)
    assert logs[0] == logs[1] == logs[2] and len(logs[0]) == 2 * len(sizes) + 1


def test_pending_waits_are_named_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a deadlock report would name at every return to the event loop (batches of 5 events): the same
    waits, in the same order, whether the steps' runs are made in turn, at once, or are processes."""
    from simulator.engine import Engine

    sizes = [(f"w{i}", 4096 + 64 * i) for i in range(20)]
    index = ParameterIndex()
    for key, n in sizes:
        index.add(ParameterEntry.virtual(key, n), scope="model")
    program = parse_program(parameter_load_program(sizes, mode="load"), filename="t.mlir")
    seen: list[list[str]] = []
    step = Engine._step

    def noting(self: Engine, limit: int, target: Any) -> None:
        step(self, limit, target)
        seen.append(self.pending_waits())

    monkeypatch.setattr(Engine, "_step", noting)
    runs = []
    for _ in _each_way(monkeypatch):
        seen.clear()
        Session("cpu", events_per_batch=5).run_sync(program, parameters=index, timing_only=True)
        runs.append(list(seen))
    assert runs[0] == runs[1] == runs[2]
    assert max(sum("on parameter timeline" in w for w in waits) for waits in runs[0]) >= 20
