"""Runners for testing sweeps without the simulator: deterministic, fast, and importable by workers.

Dask sends a runner to worker processes by reference, so test runners must live in an importable
module (test modules are not importable under pytest's importlib mode).

- :func:`toy_runner`: metrics computed from the point's settings alone; a point whose ``queues`` is 13
  raises, to show a failed point being recorded.
- :class:`CrashOnce`: kills its worker process the first time it runs one of the chosen points (the
  first run leaves a marker file in ``marker_dir``), then behaves like :func:`toy_runner`; with
  ``every_time=True`` it kills every worker that runs those points.
"""

from __future__ import annotations

import os
import pathlib
import time
from dataclasses import dataclass
from typing import Any

from simulator.errors import SimulationError
from simulator.sweep.points import Point


def toy_runner(point: Point) -> dict[str, Any]:
    s = point.setting
    queues = int(s.get("queues", 1))
    if queues == 13:
        raise SimulationError(f"toy failure at queues = {queues}")
    digits = int(point.key[:6], 16)
    return {
        "makespan_ns": 1000 * (1 + point.seed) + 100_000 // queues + digits % 97,
        "peak_memory_bytes": 4096 * queues + digits % 13,
        f"busy_fraction[{point.machine.label}/queue0]": 1.0 / queues,
    }


@dataclass(frozen=True)
class CrashOnce:
    """Kill the worker process on the first run of each point whose index is in ``indices``."""

    marker_dir: str
    indices: tuple[int, ...]
    delay_s: float = 0.0
    every_time: bool = False

    def __call__(self, point: Point) -> dict[str, Any]:
        if self.delay_s:
            time.sleep(self.delay_s)
        if point.index in self.indices:
            marker = pathlib.Path(self.marker_dir) / f"crashed-{point.index}"
            if self.every_time or not marker.exists():
                marker.write_text(str(os.getpid()))
                os._exit(17)  # as abrupt as a killed process: no cleanup, no reply
        return toy_runner(point)
