"""Channels: create with a rank in a group, split by color and key, rank and count; a split waits for
every rank of its parent."""

from __future__ import annotations

import numpy as np
import pytest

from ir import ProgramBuilder, verify
from ir import types as T
from simulator import Session
from simulator.errors import DeadlockError

P = 4
N = 4


def _split_program(colors: list[int], keys: list[int], splitting: list[int] | None = None):  # type: ignore[no-untyped-def]
    """Rank r creates its channel, splits it by ``colors[r]``/``keys[r]``, returns its new rank and count
    and the all_reduce (sum) of its input over its new communicator."""
    pb = ProgramBuilder()
    affinities = [pb.affinity] + [pb.add_device(f"__device_{r}") for r in range(1, P)]
    t = T.TensorType((N,), T.f32)
    fn = pb.function(
        "main", [T.HalType("buffer_view")] * P, [T.HalType("buffer_view")] * P + [T.index, T.index] * P
    )
    size = pb.index(N * 4)
    outs, tps, subs = [], [], []
    splitting = list(range(P)) if splitting is None else splitting
    for r in range(P):
        pb.affinity = affinities[r]
        x = pb.import_tensor(fn.body.args[r], t, size)
        channel = pb.channel_create(rank=r, count=P)
        sub = pb.channel_split(channel, colors[r], keys[r]) if r in splitting else channel
        y, ready = pb.alloca(size, lifetime="external")
        with pb.execute([x, y], [size, size], await_=ready) as (rx, ry):
            pb.collective(
                "all_reduce",
                "f32",
                N,
                sub,
                [(rx, size, 0, size, "ro"), (ry, size, 0, size, "wo")],
                reduction="sum",
            )
        outs.append(y)
        tps.append(pb.last_timepoint)
        subs.append(sub)
    # One host runs every rank: it asks for ranks once every rank has split (asked earlier, it would wait
    # for the later ranks' splits, which it has not reached: a deadlock).
    queried = [v for sub in subs for v in (pb.channel_rank(sub), pb.channel_count(sub))]
    pb.affinity = affinities[0]
    ready_outs = pb.await_(pb.join(*tps), outs, [size] * P)
    pb.returns(*(pb.export_tensor(y, t, size) for y in ready_outs), *queried)
    verify(pb.module)
    return pb.module


def test_channels_split_by_color_orders_by_key() -> None:
    xs = [np.full(N, 10.0**r, np.float32) for r in range(P)]
    # Colors 0,1,0,1; keys reverse the ranks inside each color.
    result = Session("multi-gpu-4").run_sync(_split_program([0, 1, 0, 1], [3, 2, 1, 0]), "main", xs)
    ys, queried = result.outputs[:P], result.outputs[P:]
    np.testing.assert_array_equal(ys[0], ys[2])
    np.testing.assert_array_equal(ys[0], np.full(N, 101.0, np.float32))
    np.testing.assert_array_equal(ys[1], np.full(N, 1010.0, np.float32))
    ranks_counts = [(int(queried[2 * r]), int(queried[2 * r + 1])) for r in range(P)]
    assert ranks_counts == [(1, 2), (1, 2), (0, 2), (0, 2)]
    names = {s.args["channel"] for s in result.trace.spans if s.category == "collective" and "rank" in s.args}
    assert names == {"ch1", "ch2"}  # two communicators made by the split, none on the parent ch0


def test_channels_rank_of_a_split_waits_for_the_other_ranks() -> None:
    xs = [np.ones(N, np.float32)] * P
    with pytest.raises(DeadlockError, match=r"waits for rank\(s\) \[3\] of ch0 to split it"):
        Session("multi-gpu-4").run_sync(_split_program([0] * P, [0] * P, splitting=[0, 1, 2]), "main", xs)


def test_channels_create_without_rank_is_rank_zero_of_one() -> None:
    pb = ProgramBuilder()
    pb.function("main", [], [T.index, T.index])
    channel = pb.channel_create()
    pb.returns(pb.channel_rank(channel), pb.channel_count(channel))
    assert Session("cpu").run_sync(pb.module).outputs == [0, 1]


def test_channels_collective_on_another_devices_channel_is_an_error() -> None:
    """IREE requires a collective to run on its channel's affinity."""
    pb = ProgramBuilder()
    dev1 = pb.add_device("__device_1")
    t = T.TensorType((N,), T.f32)
    fn = pb.function("main", [T.HalType("buffer_view")], [T.HalType("buffer_view")])
    size = pb.index(N * 4)
    x = pb.import_tensor(fn.body.args[0], t, size)
    channel = pb.channel_create()
    pb.affinity = dev1
    y, ready = pb.alloca(size, lifetime="external")
    with pb.execute([x, y], [size, size], await_=ready) as (rx, ry):
        pb.collective(
            "all_reduce",
            "f32",
            N,
            channel,
            [(rx, size, 0, size, "ro"), (ry, size, 0, size, "wo")],
            reduction="sum",
        )
    (y,) = pb.await_(pb.last_timepoint, [y], [size])
    pb.returns(pb.export_tensor(y, t, size))
    with pytest.raises(Exception, match="runs on gpu1 but its channel .* was created for gpu0"):
        Session("multi-gpu-4").run_sync(pb.module, "main", [np.ones(N, np.float32)])
