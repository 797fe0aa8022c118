"""What a schedule leaves to the cyclic collector: a dropped ScheduleState is freed by reference counts
(networkx's cached views, the one cycle in it, are dropped at the end of the run), and a large schedule
hands what it made to the permanent generation without a walk (as a large parse does), so the first young
collection after it walks none of it. Speed only: the schedules themselves do not change."""

from __future__ import annotations

import gc
import weakref

import pytest

import ir
import ir.handover
import scheduler.pipeline
from scheduler import Pipeline
from tests.conftest import run_fresh, scale_ladder

TEXT = scale_ladder(40)  # 120 dispatches, 160 parameters


def test_a_dropped_schedule_state_is_freed_without_the_collector() -> None:
    module = ir.parse_module(TEXT, "ladder.mlir")
    was = gc.isenabled()
    gc.disable()
    try:
        state = Pipeline.default().run(module)
        graphs = [weakref.ref(plan.graph) for plan in state.functions]
        assert graphs and all(g() is not None for g in graphs)
        del state
        assert all(g() is None for g in graphs)
    finally:
        if was:
            gc.enable()


_YOUNG = """
import gc, json, sys
import ir, ir.handover
import scheduler.pipeline
from scheduler import Pipeline
text = sys.stdin.read()
ir.handover._tracked_after_full = 1 << 62  # no full collection here
counts = []
for nodes in (0, 1 << 40):
    scheduler.pipeline.HANDOVER_NODES = nodes
    module = ir.parse_module(text, "ladder.mlir")
    gc.collect()
    state = Pipeline.default().run(module)
    counts.append(gc.get_count()[0])
print(json.dumps(counts))
"""


def test_a_large_schedule_leaves_the_young_generation_empty() -> None:
    """Handed over (at or above HANDOVER_NODES), nothing the schedule made waits for a young collection;
    below it, all of it does. In a fresh process: another thread's allocations would count as young too."""
    at, below = run_fresh(_YOUNG, stdin=TEXT)
    assert at < 100, (at, below)
    assert below > 5_000, (at, below)


def test_the_schedule_is_the_same_either_way(monkeypatch: pytest.MonkeyPatch, collector_on: None) -> None:
    texts = []
    for nodes in (0, 1 << 40):
        monkeypatch.setattr(scheduler.pipeline, "HANDOVER_NODES", nodes)
        module = ir.parse_module(TEXT, "ladder.mlir")
        Pipeline.default().run(module)
        texts.append(ir.print_generic(module))
    assert texts[0] == texts[1]
