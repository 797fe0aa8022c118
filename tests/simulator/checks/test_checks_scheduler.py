"""What the scheduler makes of async-form programs passes the checks, under each concurrency policy: no
races, no lifetime errors, and the outputs of the schedule, of the serialised cmd form, of the op-by-op
reference and of random interleavings agree."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from scheduler import schedule_module
from scheduler.synthetic import async_program, wide_branches
from simulator import KERNELS, KernelRegistry
from simulator.testing import assert_schedule_safe


def _synthetic(ctx: Any) -> None:
    """Each output byte mixes the same bytes of every input, so a wrong order shows in the result."""
    out = ctx.bindings[-1]
    acc = np.full(out.size, 1, np.uint8)
    for b in ctx.bindings[:-1]:
        n = min(b.size, out.size)
        acc[:n] = acc[:n] * 3 + b[:n]
    out[...] = acc


@pytest.fixture(scope="module")
def kernels() -> KernelRegistry:
    registry = KernelRegistry(KERNELS)
    registry.register("synthetic", _synthetic)
    return registry


def _random_spec(seed: int) -> tuple[list[tuple[str, list[str], int]], list[str]]:
    rng = random.Random(seed)
    n = rng.randint(2, 12)
    spec = []
    for i in range(n):
        ins = rng.sample(["x"] + [f"d{j}" for j in range(i)], rng.randint(1, min(3, i + 1)))
        spec.append((f"d{i}", ins, rng.choice([64, 256, 1024])))
    outputs = list(dict.fromkeys([f"d{n - 1}", f"d{rng.randrange(n)}"]))
    return spec, outputs


@pytest.mark.parametrize("favor", ["min-peak-memory", "max-concurrency", "debug"])
def test_checks_scheduled_wide_branches_are_safe(favor: str, kernels: KernelRegistry) -> None:
    assert_schedule_safe(schedule_module(wide_branches(4, 3), favor=favor), kernels=kernels)


def test_checks_async_form_is_scheduled_and_compared_op_by_op(kernels: KernelRegistry) -> None:
    report = assert_schedule_safe(wide_branches(3, 2), kernels=kernels, interleavings=1)
    assert "reference (async form, op by op)" in [r["name"] for r in report.runs]


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("favor", ["min-peak-memory", "max-concurrency"])
def test_checks_scheduled_random_programs_are_safe(seed: int, favor: str, kernels: KernelRegistry) -> None:
    spec, outputs = _random_spec(seed)
    assert_schedule_safe(schedule_module(async_program(spec, outputs=outputs), favor=favor), kernels=kernels)
