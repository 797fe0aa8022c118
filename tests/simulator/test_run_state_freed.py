"""A finished run leaves no cyclic garbage: its state (interpreter, runtime, parameter provider) is freed by
reference counts when the run returns, not left for the cyclic collector to walk and free."""

from __future__ import annotations

import gc
import importlib.util
import pathlib

import numpy as np

import ir
from scheduler import Pipeline
from simulator import Session, parameter_keys
from simulator.archives import ParameterEntry, ParameterIndex

REPO = pathlib.Path(__file__).resolve().parents[2]


def _generate(layers: int) -> str:
    spec = importlib.util.spec_from_file_location("scale_program", REPO / "benchmarks" / "scale_program.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.generate(layers)  # type: ignore[no-any-return]


def test_a_run_leaves_no_cyclic_garbage() -> None:
    """60 dispatches with parameters (execute regions, provider batches): a few dozen objects of cyclic
    garbage after the run, however many ops it ran (it was the whole run state, thousands of objects)."""
    module = ir.load_text(_generate(20), "ladder.mlir")
    index = ParameterIndex()
    for scope, key, size in parameter_keys(module):
        index.add(ParameterEntry.virtual(key, size), scope=scope)
    Pipeline.default().run(module)
    x = np.zeros((8, 32), np.float32)
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        result = Session("cpu").run_sync(module, "main", [x], parameters=index, timing_only=True)
        garbage = gc.collect()
    finally:
        if was:
            gc.enable()
    assert result.stats.counts["dispatches"] == 60
    assert garbage < 200, garbage
