"""Fixtures for simulator tests: small machines with round figures, so timelines can be computed by hand."""

from __future__ import annotations

from typing import Any

import pytest

from simulator import Machine, machine_from_dict


def ideal_machine(
    *,
    queues: int = 2,
    submit_cost_ns: int = 0,
    capacity_bytes: int = 1 << 30,
    bandwidth: float = 1e9,
    in_order: bool = True,
    **device: Any,
) -> Machine:
    """One device, 1 GB/s memory (1 byte per ns), 1 GFLOP/s, no overheads unless asked."""
    return machine_from_dict(
        {
            "name": "ideal",
            "host": {
                "op_cost_ns": 0,
                "call_cost_ns": 0,
                "record_cost_ns": 0,
                "submit_cost_ns": submit_cost_ns,
                "wake_cost_ns": 0,
            },
            "devices": [
                {
                    "name": "d0",
                    "queues": queues,
                    "in_order": in_order,
                    "dispatch_slots": 2,
                    "copy_engines": 1,
                    "memory_bandwidth_bytes_per_s": bandwidth,
                    "peak_flops_per_s": {"f32": 1e9},
                    "pools": [{"name": "mem", "capacity_bytes": capacity_bytes, "alignment_bytes": 64}],
                    **device,
                }
            ],
            "storage": {"bandwidth_bytes_per_s": 1e9, "latency_ns": 1000, "queue_depth": 4},
        }
    )


@pytest.fixture
def make_machine() -> Any:
    """The :func:`ideal_machine` factory (test modules cannot import conftest under importlib mode)."""
    return ideal_machine


def run_fixture_on_base_machine(directory: Any, device: str, host: dict[str, int]) -> Any:
    """Run a committed fixture's stream program (with its inputs and parameters) on the machine a fit for
    HAL device ``device`` starts from, with ``host`` figures changed; the InvocationResult."""
    from simulator import Session
    from simulator.calibration.provenance import base_machine
    from simulator.calibration.run import _inputs, fixture_case
    from simulator.program import load_program

    data = base_machine(device)
    data["host"].update(host)
    case = fixture_case(directory)
    assert case.stream_ir is not None
    params = dict(p.split("=", 1) for p in case.parameters)
    return Session(machine_from_dict(data)).run_sync(
        load_program(case.stream_ir), "main", _inputs(case), parameters=params or None
    )
