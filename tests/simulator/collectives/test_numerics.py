"""Collectives across simulated devices compute what numpy computes over the ranks: every kind, reduction
and element type, on programs built with the IR builder (one rank per device of multi-gpu-4)."""

from __future__ import annotations

import numpy as np
import pytest

from ir import verify
from simulator import Session
from simulator.collectives import collective_steps, send_recv_peers
from simulator.errors import DeadlockError
from tests.simulator.collectives.programs import ELEMENT_TYPES, mixed_program, rank_program

P = 4
N = 8
MACHINE = "multi-gpu-4"


def _inputs(element_type: str, count: int, ranks: int = P) -> list[np.ndarray]:
    dtype = ELEMENT_TYPES[element_type][0]
    rng = np.random.default_rng(7)
    if np.dtype(dtype).kind == "f":
        # Small values: products over four ranks stay finite in f16.
        return [rng.uniform(-2, 2, count).astype(dtype) for _ in range(ranks)]
    return [rng.integers(-50, 50, count).astype(dtype) for _ in range(ranks)]


def _run(module, inputs):  # type: ignore[no-untyped-def]
    verify(module)
    return Session(MACHINE).run_sync(module, "main", inputs)


def _numpy_reduce(stack: np.ndarray, reduction: str) -> np.ndarray:
    """The oracle: numpy's own reduction over the rank axis, in the element type."""
    if reduction == "sum":
        return np.sum(stack, axis=0, dtype=stack.dtype)
    if reduction == "product":
        return np.prod(stack, axis=0, dtype=stack.dtype)
    if reduction == "minimum":
        return np.min(stack, axis=0)
    if reduction == "maximum":
        return np.max(stack, axis=0)
    total = np.sum(stack, axis=0, dtype=stack.dtype)
    if stack.dtype.kind == "i":
        return (np.trunc(total.astype(np.float64) / stack.shape[0])).astype(stack.dtype)
    return (total / stack.dtype.type(stack.shape[0])).astype(stack.dtype)


REDUCTIONS = ["sum", "product", "minimum", "maximum", "average"]


@pytest.mark.parametrize("element_type", list(ELEMENT_TYPES))
@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_numerics_all_reduce(element_type: str, reduction: str) -> None:
    xs = _inputs(element_type, N)
    result = _run(rank_program("all_reduce", element_type, P, N, N, element_count=N, reduction=reduction), xs)
    expected = _numpy_reduce(np.stack(xs), reduction)
    for got in result.outputs:
        np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("element_type", list(ELEMENT_TYPES))
@pytest.mark.parametrize("reduction", ["sum", "maximum", "average"])
def test_numerics_reduce_scatter(element_type: str, reduction: str) -> None:
    xs = _inputs(element_type, P * 2)
    module = rank_program("reduce_scatter", element_type, P, P * 2, 2, element_count=2, reduction=reduction)
    result = _run(module, xs)
    full = _numpy_reduce(np.stack(xs), reduction)
    for r, got in enumerate(result.outputs):
        np.testing.assert_array_equal(got, full[2 * r : 2 * r + 2])


@pytest.mark.parametrize("element_type", list(ELEMENT_TYPES))
def test_numerics_all_gather(element_type: str) -> None:
    xs = _inputs(element_type, 3)
    result = _run(rank_program("all_gather", element_type, P, 3, 3 * P, element_count=3), xs)
    for got in result.outputs:
        np.testing.assert_array_equal(got, np.concatenate(xs))


@pytest.mark.parametrize("element_type", list(ELEMENT_TYPES))
def test_numerics_all_to_all(element_type: str) -> None:
    xs = _inputs(element_type, N)
    result = _run(rank_program("all_to_all", element_type, P, N, N, element_count=N), xs)
    m = N // P
    for r, got in enumerate(result.outputs):
        np.testing.assert_array_equal(got, np.concatenate([xs[j][r * m : (r + 1) * m] for j in range(P)]))


@pytest.mark.parametrize("element_type", list(ELEMENT_TYPES))
def test_numerics_broadcast_and_reduce_at_a_root(element_type: str) -> None:
    xs = _inputs(element_type, N)
    result = _run(rank_program("broadcast", element_type, P, N, N, element_count=N, params=[2] * P), xs)
    for got in result.outputs:
        np.testing.assert_array_equal(got, xs[2])
    module = rank_program("reduce", element_type, P, N, N, element_count=N, reduction="sum", params=[1] * P)
    result = _run(module, xs)
    for r, got in enumerate(result.outputs):
        expected = np.sum(np.stack(xs), axis=0, dtype=xs[0].dtype) if r == 1 else np.zeros_like(xs[0])
        np.testing.assert_array_equal(got, expected)


def _pack(send_peer: int, recv_peer: int) -> int:
    raw = (send_peer & 0xFFFF) | ((recv_peer & 0xFFFF) << 16)
    return raw - (1 << 32) if raw & 0x80000000 else raw


def test_numerics_send_recv_packs_peers_as_irees_cuda_driver_reads_them() -> None:
    assert send_recv_peers(_pack(3, -1)) == (3, -1)
    assert send_recv_peers(_pack(-1, 0)) == (-1, 0)


@pytest.mark.parametrize("element_type", list(ELEMENT_TYPES))
def test_numerics_send_recv_ring_shift(element_type: str) -> None:
    """Every rank sends to the next and receives from the previous: a ring of send_recv completes."""
    xs = _inputs(element_type, N)
    params = [_pack((r + 1) % P, (r - 1) % P) for r in range(P)]
    result = _run(rank_program("send_recv", element_type, P, N, N, element_count=N, params=params), xs)
    for r, got in enumerate(result.outputs):
        np.testing.assert_array_equal(got, xs[(r - 1) % P])


def test_numerics_send_recv_without_a_recv_peer_zeroes_the_target() -> None:
    xs = [np.full(N, r + 1, np.float32) for r in range(2)]
    params = [_pack(1, -1), _pack(-1, 0)]
    result = _run(rank_program("send_recv", "f32", 2, N, N, element_count=N, params=params), xs)
    np.testing.assert_array_equal(result.outputs[0], np.zeros(N, np.float32))
    np.testing.assert_array_equal(result.outputs[1], xs[0])


def test_numerics_send_and_recv_pair_up() -> None:
    """Rank 0 sends to rank 3 (send), rank 3 receives from rank 0 (recv); the two others pair 1 -> 2."""
    xs = _inputs("f32", N)
    kinds = {0: ("send", 3), 3: ("recv", 0), 1: ("send", 2), 2: ("recv", 1)}
    result = _run(mixed_program(kinds, "f32", P, N), xs)
    np.testing.assert_array_equal(result.outputs[3], xs[0])
    np.testing.assert_array_equal(result.outputs[2], xs[1])
    np.testing.assert_array_equal(result.outputs[0], np.zeros(N, np.float32))


def test_numerics_missing_rank_is_a_deadlock_naming_it() -> None:
    xs = _inputs("f32", N)
    module = rank_program(
        "all_reduce", "f32", P, N, N, element_count=N, reduction="sum", ranks_issuing=[0, 1, 3]
    )
    with pytest.raises(
        DeadlockError, match=r"all_reduce #0 on ch0 \(rank 0 of 4, gpu0/queue0\) waits for rank\(s\) \[2\]"
    ):
        _run(module, xs)


def test_numerics_mismatched_collectives_fail_naming_both() -> None:
    xs = _inputs("f32", N)
    kinds = {0: ("all_reduce", None), 1: ("all_gather", None)}
    with pytest.raises(
        Exception, match="rank 1 issued all_gather of 8 x f32 as collective #0 on ch0 but rank 0"
    ):
        _run(mixed_program(kinds, "f32", 2, N), xs[:2])


def test_numerics_ring_steps_visit_each_chunk_once_per_phase() -> None:
    steps = collective_steps("all_reduce", "ring", ranks=P, element_count=8, element_bytes=4)
    assert len(steps) == 2 * (P - 1)
    assert all(sorted(src for src, _, _ in s) == list(range(P)) for s in steps)
