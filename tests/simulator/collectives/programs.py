"""Programs with channels and collectives, built with the IR builder (one rank per device)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ir import Module, ProgramBuilder
from ir import types as T

# numpy dtype of each collective element type the tests use, and its MLIR element type.
ELEMENT_TYPES = {"f32": (np.float32, T.f32), "f16": (np.float16, T.f16), "si32": (np.int32, T.i32)}


def rank_program(
    kind: str,
    element_type: str,
    ranks: int,
    send_elements: int,
    recv_elements: int,
    *,
    element_count: int,
    reduction: str | None = None,
    params: Sequence[int | None] | None = None,
    ranks_issuing: Sequence[int] | None = None,
) -> Module:
    """``@main(x_0, ..., x_{p-1}) -> (y_0, ..., y_{p-1})``: rank r runs on device r, sends its input x_r
    and receives y_r (zero-filled first) through one ``stream.cmd.collective`` on a ``ranks``-rank channel.

    ``params`` gives each rank's param (root or peer); ``ranks_issuing`` leaves the other ranks' collective
    out (they still create their channel).
    """
    issuing = range(ranks) if ranks_issuing is None else ranks_issuing
    kinds = {r: (kind, None if params is None else params[r]) for r in issuing}
    return mixed_program(
        kinds,
        element_type,
        ranks,
        send_elements,
        recv_elements,
        element_count=element_count,
        reduction=reduction,
    )


def mixed_program(
    kinds: dict[int, tuple[str, int | None]],
    element_type: str,
    ranks: int,
    send_elements: int,
    recv_elements: int | None = None,
    *,
    element_count: int | None = None,
    reduction: str | None = "sum",
) -> Module:
    """As :func:`rank_program`, rank r issuing ``kinds[r] = (kind, param)`` (none when absent)."""
    recv_elements = send_elements if recv_elements is None else recv_elements
    element_count = send_elements if element_count is None else element_count
    dtype, mlir = ELEMENT_TYPES[element_type]
    esize = np.dtype(dtype).itemsize
    pb = ProgramBuilder()
    affinities = [pb.affinity] + [pb.add_device(f"__device_{r}") for r in range(1, ranks)]
    send_t = T.TensorType((send_elements,), mlir)
    recv_t = T.TensorType((recv_elements,), mlir)
    fn = pb.function("main", [T.HalType("buffer_view")] * ranks, [T.HalType("buffer_view")] * ranks)
    send_size, recv_size = pb.index(send_elements * esize), pb.index(recv_elements * esize)
    outs, tps = [], []
    for r in range(ranks):
        pb.affinity = affinities[r]
        x = pb.import_tensor(fn.body.args[r], send_t, send_size)
        channel = pb.channel_create(rank=r, count=ranks, group="world")
        y, ready = pb.alloca(recv_size, lifetime="external")
        with pb.execute([x, y], [send_size, recv_size], await_=ready) as (rx, ry):
            pb.fill(ry, recv_size, 0, recv_size, pb.constant(0, T.i32))
            if r in kinds:
                kind, param = kinds[r]
                ranges = [(rx, send_size, 0, send_size, "ro"), (ry, recv_size, 0, recv_size, "wo")]
                if kind == "send":
                    ranges = ranges[:1]
                elif kind == "recv":
                    ranges = ranges[1:]
                reducing = kind in ("all_reduce", "reduce_scatter", "reduce")
                pb.collective(
                    kind,
                    element_type,
                    element_count,
                    channel,
                    ranges,
                    reduction=reduction if reducing else None,
                    param=param,
                )
        outs.append(y)
        tps.append(pb.last_timepoint)
    pb.affinity = affinities[0]
    done = pb.join(*tps)
    ready_outs = pb.await_(done, outs, [recv_size] * ranks)
    pb.returns(*(pb.export_tensor(y, recv_t, recv_size) for y in ready_outs))
    return pb.module
