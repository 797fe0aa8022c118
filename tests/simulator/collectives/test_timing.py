"""Collective timing by algorithm: each step costs the alpha-beta time of the links it crosses, and
transfers sharing a link direction take turns. On an uncontended ring, an all_reduce of S bytes over p
ranks takes exactly 2(p-1)/p * S/B + 2(p-1) * alpha."""

from __future__ import annotations

from typing import Any

import pytest

from simulator import Session
from simulator.errors import MachineError
from simulator.examples.collectives import collective_program
from simulator.machine import Machine, machine_from_dict

ALPHA_NS = 1000
BANDWIDTH = 1e9  # 1 byte per ns, so that times are exact integers


def _machine(ranks: int, topology: str, algorithm: str = "ring", **by_kind: str) -> Machine:
    devices = [
        {
            "name": f"gpu{i}",
            "memory_bandwidth_bytes_per_s": 1e12,
            "pools": [{"name": "hbm", "capacity_bytes": 1 << 34}],
        }
        for i in range(ranks)
    ]
    if topology == "ring":
        pairs = [(i, (i + 1) % ranks) for i in range(ranks)]
    else:  # all-to-all
        pairs = [(i, j) for i in range(ranks) for j in range(i + 1, ranks)]
    links = [
        {
            "name": f"l{a}{b}",
            "endpoints": [f"gpu{a}", f"gpu{b}"],
            "bandwidth_bytes_per_s": BANDWIDTH,
            "latency_ns": ALPHA_NS,
        }
        for a, b in pairs
    ]
    collectives: dict[str, Any] = {"algorithm": algorithm}
    if by_kind:
        collectives["by_kind"] = by_kind
    return machine_from_dict(
        {"name": f"{topology}{ranks}", "devices": devices, "links": links, "collectives": collectives}
    )


def _collective_spans(machine: Machine, kind: str, ranks: int, count: int, channels: int = 1) -> list[Any]:
    program = collective_program(kind, ranks, count, channels=channels)
    result = Session(machine).run_sync(program, timing_only=True)
    return [s for s in result.trace.spans if s.category == "collective" and s.track.kind == "queue"]


@pytest.mark.parametrize("ranks", [2, 4, 8])
@pytest.mark.parametrize("count", [4096, 1 << 18])
def test_timing_ring_all_reduce_is_the_alpha_beta_formula(ranks: int, count: int) -> None:
    size = count * 4
    spans = _collective_spans(_machine(ranks, "ring"), "all_reduce", ranks, count)
    formula = 2 * (ranks - 1) / ranks * size / (BANDWIDTH / 1e9) + 2 * (ranks - 1) * ALPHA_NS
    assert len(spans) == ranks
    assert {s.dur_ns for s in spans} == {formula}
    assert {s.start_ns for s in spans} == {spans[0].start_ns}  # every rank starts when the last arrives


def test_timing_two_all_reduces_sharing_the_ring_take_twice_as_long() -> None:
    """Two all_reduces at once on the same ring (two channels): every step's transfers queue behind each
    other on each link, so the pair ends at twice one all_reduce's time (the first one step earlier)."""
    ranks, count = 4, 4096
    alone = _collective_spans(_machine(ranks, "ring"), "all_reduce", ranks, count)[0].dur_ns
    step = ALPHA_NS + count * 4 // ranks
    spans = _collective_spans(_machine(ranks, "ring"), "all_reduce", ranks, count, channels=2)
    start = min(s.start_ns for s in spans)
    ends = sorted({s.end_ns - start for s in spans})
    assert ends == [2 * alone - step, 2 * alone]


@pytest.mark.parametrize(
    ("algorithm", "steps", "bytes_per_step"),
    [("ring", 6, 4096), ("tree", 4, 16384), ("direct", 2, 4096)],
)
def test_timing_algorithm_comes_from_the_machine_file(
    algorithm: str, steps: int, bytes_per_step: int
) -> None:
    """On a fully connected 4-GPU machine: ring 2(p-1) steps of S/p; tree (binomial, reduce then
    broadcast) 2 log2(p) steps of S; direct 2 steps of S/p, each rank sending to every peer at once."""
    spans = _collective_spans(_machine(4, "mesh", algorithm), "all_reduce", 4, 4096)
    assert {s.dur_ns for s in spans} == {steps * (ALPHA_NS + bytes_per_step)}
    assert {s.args["algorithm"] for s in spans} == {algorithm}


def test_timing_by_kind_overrides_the_default_algorithm() -> None:
    machine = _machine(4, "mesh", "ring", all_gather="direct")
    (gather,) = {s.dur_ns for s in _collective_spans(machine, "all_gather", 4, 1024)}
    (reduce,) = {s.dur_ns for s in _collective_spans(machine, "all_reduce", 4, 1024)}
    assert gather == ALPHA_NS + 4096  # one direct step of each rank's 4 KiB
    assert reduce == 6 * (ALPHA_NS + 1024)


def test_timing_ring_through_the_host_stages_each_step() -> None:
    """Without peer links (PCIe only) each ring step goes up to the host and down again."""
    ranks, count = 4, 4096
    devices = [
        {"name": f"gpu{i}", "host_link": f"pcie{i}", "pools": [{"name": "hbm", "capacity_bytes": 1 << 34}]}
        for i in range(ranks)
    ]
    links = [
        {
            "name": f"pcie{i}",
            "endpoints": ["host", f"gpu{i}"],
            "bandwidth_bytes_per_s": BANDWIDTH,
            "latency_ns": ALPHA_NS,
        }
        for i in range(ranks)
    ]
    machine = machine_from_dict({"name": "pcie4", "devices": devices, "links": links})
    spans = _collective_spans(machine, "all_reduce", ranks, count)
    assert {s.dur_ns for s in spans} == {2 * (ranks - 1) * 2 * (ALPHA_NS + count * 4 // ranks)}


def test_timing_unknown_algorithm_is_a_machine_error() -> None:
    with pytest.raises(
        MachineError,
        match=r"\[collectives\]: field 'algorithm' must be one of ring, tree, direct, got 'hypercube'",
    ):
        _machine(2, "ring", "hypercube")
    with pytest.raises(MachineError, match=r"by_kind: unknown field\(s\) 'allreduce'"):
        _machine(2, "ring", allreduce="tree")


def test_timing_multi_gpu_8_busbw_approaches_the_nvlink_line_rate() -> None:
    """The preset's ring all_reduce of 1 GiB: busbw (nccl-tests' algbw * 2(p-1)/p) within 1% of the
    450 GB/s NVLink 4 line rate, above the ~370 GB/s NVIDIA reports for NCCL's ring (the model has no
    protocol overhead; benchmarks/collectives_busbw.py prints the whole curve)."""
    from simulator.collectives import bus_bandwidth_factor

    size = 1 << 30
    spans = _collective_spans(machine_from_dict_preset("multi-gpu-8"), "all_reduce", 8, size // 4)
    busbw = size / max(s.dur_ns for s in spans) * bus_bandwidth_factor("all_reduce", 8)
    assert 0.99 * 450 < busbw < 450


def machine_from_dict_preset(name: str) -> Machine:
    from simulator.machine import load_machine

    return load_machine(name)
