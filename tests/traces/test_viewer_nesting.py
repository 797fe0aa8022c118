"""No two sibling slices overlap on any track of any fixture's trace, at every machine preset (issue 17).

Viewers read Chrome JSON timestamps as doubles and compute the end of an ``X`` event as ``ts + dur``;
with ``92.010 + 0.352 == 92.36200000000001`` a dispatch that ends where the next starts used to overlap it,
and speedscope drew it as the parent of the rest of the run. Spans are written as ``X`` events whose
``dur`` adds up to the end exactly in floating point (``traces.chrome.format_dur``); this test reads
each written file the way a viewer does (stdlib floats, ``ts`` shifted by the earliest time as
speedscope does, ``B``/``E`` paired per thread, ``X`` ends as ``ts + dur``) and checks that the slices
of every thread nest, and that ``trace check`` finds nothing.
"""

from __future__ import annotations

import functools
import json
import pathlib
from collections import defaultdict
from typing import Any

import numpy as np
import pytest

from simulator import Session
from simulator.machine import preset_names
from tests.conftest import IREE_FIXTURES
from traces import Trace, check_chrome_trace

FIXTURE_ROOTS = [IREE_FIXTURES, IREE_FIXTURES.parent / "frontends"]


def _fixtures() -> list[pathlib.Path]:
    found = []
    for root in FIXTURE_ROOTS:
        if root.exists():
            found += [d for d in sorted(root.iterdir()) if _program(d) is not None]
    return found


def _program(d: pathlib.Path) -> pathlib.Path | None:
    for name in ("cmd.generic.mlir", "async.generic.mlir"):
        if (d / name).exists():
            return d / name
    return None


FIXTURES = _fixtures()
PRESETS = preset_names()


@functools.cache
def _trace(fixture: pathlib.Path, machine: str) -> Trace:
    program = _program(fixture)
    assert program is not None
    inputs = [np.load(p) for p in sorted(fixture.glob("input*.npy"))]
    parameters = {"model": fixture / "params.irpa"} if (fixture / "params.irpa").exists() else None
    result = Session(machine, seed=0).run_sync(
        program, "main", inputs, parameters=parameters, timing_only=True
    )
    return result.trace


def viewer_slices(document: dict[str, Any]) -> dict[tuple[int, int], list[tuple[float, float, str]]]:
    """Slices per thread as a viewer computes them: floats, shifted by the earliest ts, X end = ts + dur."""
    events = document["traceEvents"]
    origin = min(e["ts"] for e in events if e["ph"] in "BEX")
    slices: dict[tuple[int, int], list[tuple[float, float, str]]] = defaultdict(list)
    open_: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for e in events:
        thread = (e["pid"], e["tid"])
        if e["ph"] == "X":
            start = e["ts"] - origin
            slices[thread].append((start, start + e["dur"], e["name"]))
        elif e["ph"] == "B":
            open_[thread].append(e)
        elif e["ph"] == "E":
            begin = open_[thread].pop()
            assert begin["name"] == e["name"] and begin.get("args") == e.get("args")
            slices[thread].append((begin["ts"] - origin, e["ts"] - origin, begin["name"]))
    assert not any(open_.values())
    return slices


def overlaps(thread_slices: list[tuple[float, float, str]]) -> list[str]:
    """Pairs of slices that overlap without one nesting in the other."""
    found = []
    stack: list[tuple[float, float, str]] = []
    for start, end, name in sorted(thread_slices, key=lambda s: (s[0], -s[1])):
        while stack and stack[-1][1] <= start:
            stack.pop()
        if stack and end > stack[-1][1]:
            found.append(
                f"{name} [{start!r}, {end!r}) overlaps {stack[-1][2]} [{stack[-1][0]!r}, {stack[-1][1]!r})"
            )
        stack.append((start, end, name))
    return found


@pytest.mark.parametrize("machine", PRESETS)
@pytest.mark.parametrize("fixture", FIXTURES, ids=[f"{d.parent.name}-{d.name}" for d in FIXTURES])
def test_viewer_sees_no_sibling_overlap_on_any_track(
    fixture: pathlib.Path, machine: str, tmp_path: pathlib.Path
) -> None:
    trace = _trace(fixture, machine)
    path = tmp_path / "t.json"
    trace.to_chrome_json(path)
    assert check_chrome_trace(path) == []
    slices = viewer_slices(json.loads(path.read_text()))
    assert sum(len(s) for s in slices.values()) == len(trace.spans)
    problems = {thread: overlaps(s) for thread, s in slices.items()}
    assert {thread: p for thread, p in problems.items() if p} == {}


def test_viewer_float_overlap_of_x_events_is_what_check_now_rejects() -> None:
    """The old layout (X events) of the issue's case: a viewer sees the overlap, and check says so."""
    document = {
        "traceEvents": [
            {
                "ph": "X",
                "ts": 92.010,
                "dur": 0.352,
                "pid": 1,
                "tid": 1,
                "name": "dispatch_5",
                "cat": "dispatch",
            },
            {
                "ph": "X",
                "ts": 92.362,
                "dur": 0.500,
                "pid": 1,
                "tid": 1,
                "name": "dispatch_6",
                "cat": "dispatch",
            },
        ]
    }
    assert overlaps(viewer_slices(document)[(1, 1)])
    from traces import check_chrome_events

    [problem] = check_chrome_events(document["traceEvents"])
    assert "ends at 92.36200000000001 us as viewers compute ts + dur" in problem
