"""The checks on multi-device programs (issue 18): IREE's two-device fixtures check clean, in cmd form and
scheduled by us; a region reading another device's transfer before its timepoint is a race naming the
transfer's copy and the reading dispatch; a collective some rank never issues (or a send without its recv,
a split a rank never makes) is a deadlock naming the ranks that wait and the ranks missing."""

from __future__ import annotations

import pathlib
from typing import Any

import numpy as np
import pytest

import ir
from simulator.checks import check_program
from simulator.checks.mutants import MULTIDEVICE_MUTANTS, MUTANTS, unordered_transfer
from tests.simulator.collectives.programs import mixed_program, rank_program
from tests.simulator.collectives.test_channels import _split_program

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "multidevice"
NAMES = ["pipeline_parallel", "tensor_parallel"]
P, N = 4, 8


def _check(module: Any, name: str, **kw: Any) -> Any:
    d = FIXTURES / name
    inputs = [np.load(p) for p in sorted(d.glob("input*.npy"))]
    return check_program(
        module, "main", inputs, parameters={"model": d / "params.irpa"}, machine="multi-gpu-4", **kw
    )


@pytest.mark.parametrize("program", ["cmd.generic.mlir", "async.generic.mlir"])
@pytest.mark.parametrize("name", NAMES)
def test_checks_multidevice_fixture_is_clean(name: str, program: str) -> None:
    report = _check(FIXTURES / name / program, name, interleavings=2)
    assert report.findings == []
    assert report.exit_code == 0


def _locs_inside(op: Any) -> set[str]:
    return {str(o.location) for o in op.walk() if o.location is not None}


@pytest.mark.parametrize("name", NAMES)
def test_checks_transfer_read_before_its_timepoint_is_a_race(name: str) -> None:
    module = ir.load_file(str(FIXTURES / name / "cmd.generic.mlir"))
    mutation = unordered_transfer(module, "main")
    assert mutation is not None
    consumer, producer = mutation.ops
    assert str(consumer.attr("affinity")) != str(producer.attr("affinity"))
    report = _check(module, name)
    assert report.exit_code == 1
    races = [f for f in report.findings if f.category == "race"]
    assert races
    # The transfer's copy (in the producer's region, on the source device) and the dispatch that reads
    # its target (in the consumer's region, on the other device).
    copies = {str(o.location) for o in producer.walk() if o.op_name == "stream.cmd.copy"}
    reads = {str(o.location) for o in consumer.walk() if o.op_name == "stream.cmd.dispatch"}
    assert any({o.loc for o in f.ops} & copies and {o.loc for o in f.ops} & reads for f in races)


def test_checks_unordered_transfer_needs_two_devices() -> None:
    # Single-device programs have nothing to mutate that way; the multi-device mutants are kept apart.
    single = FIXTURES.parent / "iree" / "mlp" / "cmd.generic.mlir"
    assert unordered_transfer(ir.load_file(str(single)), "main") is None
    assert set(MULTIDEVICE_MUTANTS).isdisjoint(MUTANTS)


def _deadlock(module: ir.Module, xs: list[np.ndarray]) -> list[Any]:
    report = check_program(module, "main", xs, machine="multi-gpu-4")
    assert report.exit_code == 1
    return [f for f in report.findings if f.kind == "collective-missing-rank"]


def test_checks_collective_missing_rank_is_a_deadlock_naming_the_ranks() -> None:
    xs = [np.arange(N, dtype=np.float32) + r for r in range(P)]
    module = rank_program(
        "all_reduce", "f32", P, N, N, element_count=N, reduction="sum", ranks_issuing=[0, 1, 3]
    )
    [found] = _deadlock(module, xs)
    assert found.category == "deadlock"
    assert (
        found.message
        == "all_reduce #0 on ch0: rank(s) [0, 1, 3] of 4 wait in it for rank(s) [2], which never issued it"
    )
    assert found.extra["missing"] == [2] and found.extra["waiting"] == [0, 1, 3]
    assert [o.op for o in found.ops] == ["stream.cmd.collective"] * 3
    assert [o.detail for o in found.ops] == [
        "rank 0 on gpu0/queue0",
        "rank 1 on gpu1/queue0",
        "rank 3 on gpu3/queue0",
    ]


def test_checks_send_without_recv_is_a_deadlock_naming_the_ranks() -> None:
    xs = [np.arange(N, dtype=np.float32) + r for r in range(P)]
    module = mixed_program({0: ("send", 3), 1: ("send", 2), 2: ("recv", 1)}, "f32", P, N)
    [found] = _deadlock(module, xs)
    assert found.message == "send on ch0: rank 0 waits for rank 3's matching recv, which it never issued"
    assert found.extra["missing"] == [3] and found.extra["waiting"] == [0]


def test_checks_split_missing_rank_is_a_deadlock_naming_the_ranks() -> None:
    xs = [np.full(4, 1.0, np.float32) for _ in range(P)]
    module = _split_program([0, 1, 0, 1], [0, 0, 1, 1], splitting=[0, 1, 2])
    found = _deadlock(module, xs)
    split = [f for f in found if f.extra["collective"] == "split"]
    assert [f.message for f in split] == [
        "split #0 of ch0: rank(s) [0, 1, 2] of 4 wait for rank(s) [3] to split it too"
    ]
