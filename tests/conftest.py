"""Shared test helpers.

``requires_iree`` marks tests that need the optional IREE packages. They skip when the packages are
absent, except under ``STREAMSIM_REQUIRE_IREE=1`` (set by CI), where a missing package is a failure.

Property tests run derandomized by default (the same examples on every run, so CI is not flaky and a
failure reproduces); ``HYPOTHESIS_PROFILE=explore`` draws fresh random examples on every run, for
hunting new failures locally.
"""

from __future__ import annotations

import functools
import gc
import importlib
import importlib.util
import json
import os
import pathlib
import subprocess
import sys
import types
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import settings

settings.register_profile("deterministic", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "deterministic"))

ROOT = pathlib.Path(__file__).resolve().parents[1]
FIXTURES = pathlib.Path(__file__).parent / "fixtures"
IREE_FIXTURES = FIXTURES / "iree"


def iree_available() -> bool:
    return (
        importlib.util.find_spec("iree") is not None
        and importlib.util.find_spec("iree.compiler") is not None
        and importlib.util.find_spec("iree.runtime") is not None
    )


def require_iree() -> None:
    """Skip the calling test without IREE, or fail it when CI demands IREE."""
    if iree_available():
        return
    if os.environ.get("STREAMSIM_REQUIRE_IREE") == "1":
        pytest.fail("STREAMSIM_REQUIRE_IREE=1 but iree-base-compiler/iree-base-runtime are not installed")
    pytest.skip("needs the 'iree' extra (iree-base-compiler, iree-base-runtime)")


def iree_tool(name: str) -> str | None:
    """IREE's executable ``name`` as :func:`simulator.profile.iree_tools.find_tool` finds it (the wheel's
    own binary, not the console script of the same name, which costs a Python start and an import of the
    compiler package a call), or None when IREE is not installed."""
    from simulator.profile.iree_tools import optional_tool

    return optional_tool(name)


@pytest.fixture
def iree() -> None:
    require_iree()


def iree_fixture_dirs() -> list[pathlib.Path]:
    return sorted(p for p in IREE_FIXTURES.iterdir() if p.is_dir()) if IREE_FIXTURES.exists() else []


@functools.cache
def scale_program() -> types.ModuleType:
    """benchmarks/scale_program.py (the residual-ladder generator of the scale benchmark), loaded from its
    file: not through sys.path, because benchmarks/ holds scripts named like the packages (traces.py,
    simulate.py) that a worker process started later (the Dask sweep tests) would import instead."""
    path = pathlib.Path(__file__).resolve().parents[1] / "benchmarks" / "scale_program.py"
    spec = importlib.util.spec_from_file_location("scale_program", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def import_benchmarks(*names: str) -> tuple[types.ModuleType, ...]:
    """The modules ``benchmarks/<name>.py``, imported with ``sys.path`` left as it was: a benchmark script
    puts benchmarks/ first on ``sys.path`` when imported, and the suite must not keep it there (a Dask
    worker spawned later inherits ``sys.path``, imports benchmarks/traces.py as ``traces``, dies at start and
    is restarted forever: test_sweep_dask hung the whole suite that way)."""
    saved = list(sys.path)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return tuple(importlib.import_module(name) for name in names)
    finally:
        sys.path[:] = saved


def scale_ladder(layers: int) -> str:
    """The scale benchmark's program of ``layers`` residual layers (3 dispatches and 4 parameters each)."""
    return scale_program().generate(layers)  # type: ignore[no-any-return]


@pytest.fixture
def collector_on() -> Iterator[None]:
    """The collector enabled (a parse or a schedule hands its objects over only when its caller had not
    paused it), and the hand-over's record of the last full collection restored after the test."""
    import ir.handover

    was, saved = gc.isenabled(), ir.handover._tracked_after_full
    gc.enable()
    try:
        yield
    finally:
        ir.handover._tracked_after_full = saved
        if not was:
            gc.disable()


def run_fresh(code: str, *args: str, stdin: str | None = None, timeout: float = 300) -> Any:
    """Run ``code`` in a fresh interpreter (``python -c code args``, from the repository root) and return
    the JSON value its last line of output prints; a non-zero exit fails the test with its stderr.

    For what counts the whole process's collector (cyclic garbage found, objects young after a call): in
    a test run, other threads allocate too (pytest-xdist's channel to its controller, a Dask client's or
    a subprocess reader's), and earlier tests leave their own garbage; a fresh process has neither."""
    proc = subprocess.run(
        [sys.executable, "-c", code, *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=timeout,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.splitlines()[-1])


def run_outcome(run: Any, path: pathlib.Path) -> tuple[bytes, int | None, Any]:
    """What ``run()`` (a simulation) gave, for comparing two ways of running it: its trace as Chrome JSON
    bytes (written to ``path``), its events (None if it failed) and its outputs' bytes or reprs (the error's
    text if it failed with a DeviceFailure, whose trace is the one returned)."""
    import numpy as np

    from simulator.errors import DeviceFailure

    try:
        result = run()
    except DeviceFailure as exc:
        trace, events, value = exc.trace, None, str(exc)  # type: ignore[attr-defined]
    else:
        trace, events = result.trace, result.events_processed
        value = [np.asarray(o).tobytes() if isinstance(o, np.ndarray) else repr(o) for o in result.outputs]
    trace.to_chrome_json(path)
    return path.read_bytes(), events, value


# Test files that share one process's cache and must run in the same pytest-xdist worker: the 576 fixture x
# preset traces of test_viewer_nesting._trace (functools.cache), which test_perfetto and
# test_third_party_readers read too. Under plain `--dist loadfile` each could start first in its own worker,
# which then simulates all 576 again (test_third_party_readers inside one test's 600 s timeout, in its
# `devtools` module fixture: under heavy load it ran out, and all 576 of its tests errored).
SHARED_WORKER = {
    "tests/traces/test_viewer_nesting.py": "fixture traces",
    "tests/traces/test_perfetto.py": "fixture traces",
    "tests/traces/test_third_party_readers.py": "fixture traces",
}


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadfile`` (the project's default), with the files of :data:`SHARED_WORKER` in one unit of
    work: each file's tests, in order, in one worker, as xdist's own scheduler does, and those files together."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class SharedFileScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = super()._split_scope(nodeid)
            return SHARED_WORKER.get(path, path)

    return SharedFileScheduling(config, log)
