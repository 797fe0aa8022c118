"""A finished run's state is freed by reference counts when the run returns (not left as cyclic garbage
for the collector to walk and free): with the collector paused, its interpreter and runtime are gone."""

from __future__ import annotations

import gc
import weakref
from typing import Any

import numpy as np
import pytest

import ir
import simulator.session
from scheduler import Pipeline
from simulator import Session, parameter_keys
from simulator.archives import ParameterEntry, ParameterIndex
from simulator.host import Interpreter
from simulator.runtime import Runtime
from tests.conftest import scale_ladder


def test_a_run_frees_its_state_by_reference_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """60 dispatches with parameters (execute regions, provider batches). The interpreter and its
    execute-region recorder referred to each other, which kept the whole run state (runtime, provider log
    and plans) alive until a collection."""
    module = ir.load_text(scale_ladder(20), "ladder.mlir")
    index = ParameterIndex()
    for scope, key, size in parameter_keys(module):
        index.add(ParameterEntry.virtual(key, size), scope=scope)
    Pipeline.default().run(module)
    made: list[weakref.ref[Any]] = []

    def watched(cls: type) -> Any:
        def make(*args: Any, **kwargs: Any) -> Any:
            obj = cls(*args, **kwargs)
            made.append(weakref.ref(obj))
            return obj

        return make

    monkeypatch.setattr(simulator.session, "Interpreter", watched(Interpreter))
    monkeypatch.setattr(simulator.session, "Runtime", watched(Runtime))
    x = np.zeros((8, 32), np.float32)
    was = gc.isenabled()
    gc.disable()
    try:
        result = Session("cpu").run_sync(module, "main", [x], parameters=index, timing_only=True)
        alive = [r() for r in made]
    finally:
        if was:
            gc.enable()
    assert result.stats.counts["dispatches"] == 60
    assert len(alive) == 2
    assert alive == [None, None]
