"""Where a fit was made: the host, the IREE version, the base machine the fit starts from.

:func:`base_machine` is the machine a CPU fit starts from: the ``cpu`` preset renamed for the HAL device,
one dispatch at a time (local-task spreads each dispatch's workgroups over all its workers, so
concurrent dispatches share the same cores). :func:`provenance` is the ``[calibration]`` table's head.
"""

from __future__ import annotations

import datetime
import importlib.resources
import os
import pathlib
import platform
import tomllib
from typing import Any


def base_machine(device: str, workers: int | None = None) -> dict[str, Any]:
    """The machine (TOML dict) a fit for HAL device ``device`` starts from: the uncalibrated roofline
    (the ``cpu-roofline`` preset), never a fitted machine (the ``cpu`` preset is one). ``workers``: the
    device's worker pool (:func:`device_workers` on this host when None; the measuring host's, for a fit
    of measurements made elsewhere)."""
    text = (importlib.resources.files("simulator") / "machines" / "cpu-roofline.toml").read_text()
    data = tomllib.loads(text)
    data["name"] = f"cpu-{device.replace('://', '-')}"
    data["description"] = (
        f"host CPU under IREE's {device} HAL device, fitted to IREE's measured runs "
        "(benchmarks/calibrate.py or streamsim calibrate)"
    )
    data["devices"][0]["dispatch_slots"] = 1
    # Copies and fills of one concurrent block run one at a time on local-sync (inline, on the calling
    # thread) and spread over the workers on local-task (measured: 8 copies of 64 KiB in 19.7 us on
    # local-sync, 14.5 us on local-task).
    data["devices"][0]["copy_engines"] = device_workers(device) if workers is None else workers
    # local-sync runs every queue operation on the thread that submits it (sync_device.c: the queue op
    # waits for its semaphores and applies the command buffer inline): the host's time and the
    # device's add up, even in a loop that never waits.
    if device == "local-sync":
        data["devices"][0]["inline_execution"] = True
    if device == "local-task":
        data["devices"][0]["host_shares_cpus"] = True
    # Not fitted (simulator.calibration.run.KNOBS): an alloca's cost is carried by the host's.
    data["devices"][0]["queue_op_overhead_ns"] = 0
    return data


def device_workers(device: str, cpus: int | None = None) -> int:
    """The worker threads IREE's HAL device ``device`` spreads a dispatch's workgroups over: one per
    CPU for ``local-task`` (its task executor's default topology; ``cpus``: this host's when None), one
    otherwise (``local-sync`` runs each dispatch on the calling thread).

    >>> device_workers("local-task", cpus=2), device_workers("local-sync", cpus=2)
    (2, 1)
    """
    if device != "local-task":
        return 1
    return max(1, (os.cpu_count() or 1) if cpus is None else cpus)


def iree_version() -> str:
    """The installed iree-base-runtime version, or ``unknown``."""
    try:
        from importlib.metadata import PackageNotFoundError, version

        return version("iree-base-runtime")
    except PackageNotFoundError:
        return "unknown"


def host_cpu() -> str:
    """The host's CPU model and count, from /proc/cpuinfo where there is one."""
    try:
        for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return f"{line.split(':', 1)[1].strip()} ({os.cpu_count()} CPUs)"
    except OSError:
        pass
    return f"{platform.processor() or platform.machine()} ({os.cpu_count()} CPUs)"


def cpu_count(cpu: str) -> int:
    """The CPU count in a :func:`host_cpu` text (a host identity's ``cpu``).

    >>> cpu_count("AMD EPYC (2 CPUs)")
    2
    """
    return int(cpu.rsplit("(", 1)[1].split()[0])


def provenance(device: str, method: str) -> dict[str, Any]:
    """The head of a fitted file's ``[calibration]`` table."""
    return {
        "date": datetime.date.today().isoformat(),
        "host_cpu": host_cpu(),
        "iree_version": iree_version(),
        "device": device,
        "method": method,
    }
