"""Helpers for the parameter provider tests: small archives and machines with round figures."""

from __future__ import annotations

import pathlib
from typing import Any

import numpy as np
import pytest

from simulator import Machine, machine_from_dict
from simulator.archives import IrpaWriter

IREE_FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "iree"


def round_machine(*, host_link: bool = False, capacity_bytes: int = 1 << 30, **storage: Any) -> Machine:
    """One device, no host costs, storage at 1 byte/ns with 1000 ns latency; a 1 byte/ns host link
    (latency 0) if ``host_link``."""
    device: dict[str, Any] = {
        "name": "d0",
        "queues": 1,
        "dispatch_slots": 1,
        "copy_engines": 1,
        "memory_bandwidth_bytes_per_s": 1e9,
        "pools": [{"name": "mem", "capacity_bytes": capacity_bytes, "alignment_bytes": 64}],
    }
    data: dict[str, Any] = {
        "name": "round",
        "host": {
            "op_cost_ns": 0,
            "call_cost_ns": 0,
            "record_cost_ns": 0,
            "submit_cost_ns": 0,
            "wake_cost_ns": 0,
        },
        "devices": [device],
        "storage": {"bandwidth_bytes_per_s": 1e9, "latency_ns": 1000, "queue_depth": 4, **storage},
    }
    if host_link:
        device["host_link"] = "link0"
        data["links"] = [{"name": "link0", "endpoints": ["host", "d0"], "bandwidth_bytes_per_s": 1e9}]
    return machine_from_dict(data)


def write_archive(
    path: pathlib.Path, sizes: dict[str, int], splats: dict[str, tuple[bytes, int]] | None = None
) -> pathlib.Path:
    """An .irpa with data entry ``k`` holding ``(i * 7 + j) % 251`` for entry i, byte j; and splats."""
    writer = IrpaWriter()
    for i, (key, n) in enumerate(sizes.items()):
        writer.add_data(key, ((np.arange(n) + i * 7) % 251).astype(np.uint8))
    for key, (pattern, n) in (splats or {}).items():
        writer.add_splat(key, pattern, n)
    writer.write(path)
    return path


@pytest.fixture
def machine() -> Any:
    return round_machine


@pytest.fixture(name="write_archive")
def write_archive_fixture() -> Any:
    """The :func:`write_archive` helper (test modules cannot import conftest under importlib mode)."""
    return write_archive


@pytest.fixture
def fixtures_dir() -> pathlib.Path:
    return IREE_FIXTURES
