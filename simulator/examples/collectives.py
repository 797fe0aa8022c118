"""A collective benchmark program: what nccl-tests' ``*_perf`` runs, one rank per device.

:func:`collective_program` builds ``@main()``: each of ``ranks`` devices allocates a send and a receive
buffer, creates its channel (rank r of ``ranks``) and runs one collective of ``element_count`` elements;
the host waits for every rank. With ``channels > 1`` each rank runs that many collectives at once (a
concurrent wave, one channel each, each into its own part of the receive buffer): they share the links,
which is how contention slows them. Buffers are never filled: the program is meant for timing-only runs
(``timing_only=True``), where even gigabyte buffers cost nothing.

Examples
--------
>>> from simulator import Session
>>> result = Session("multi-gpu-4").run_sync(collective_program("all_reduce", 4, 1024), timing_only=True)
>>> [s.args["algorithm"] for s in result.trace.spans if s.category == "collective" and "algorithm" in s.args][:1]
['ring']
"""

from __future__ import annotations

from ir import ProgramBuilder
from ir.module import Module

ELEMENT_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "si8": 1, "si32": 4, "si64": 8, "ui8": 1, "ui32": 4}


def collective_program(
    kind: str,
    ranks: int,
    element_count: int,
    element_type: str = "f32",
    *,
    reduction: str | None = "sum",
    channels: int = 1,
) -> Module:
    """``@main()`` running ``kind`` over ``ranks`` devices (see the module docstring).

    ``element_count`` is the op's count: for reduce_scatter each rank sends ``ranks * element_count``
    elements, for all_gather it receives that many.
    """
    esize = ELEMENT_BYTES[element_type]
    send_elements = ranks * element_count if kind == "reduce_scatter" else element_count
    recv_elements = ranks * element_count if kind == "all_gather" else element_count
    pb = ProgramBuilder()
    affinities = [pb.affinity] + [pb.add_device(f"__device_{r}") for r in range(1, ranks)]
    pb.function("main", [], [])
    send_bytes, recv_bytes = send_elements * esize, recv_elements * esize
    send_size, recv_size = pb.index(send_bytes), pb.index(recv_bytes * channels)
    reducing = kind in ("all_reduce", "reduce_scatter", "reduce")
    done = []
    for r in range(ranks):
        pb.affinity = affinities[r]
        chans = [pb.channel_create(rank=r, count=ranks, group=f"bench{c}") for c in range(channels)]
        send, send_ready = pb.alloca(send_size)
        recv, recv_ready = pb.alloca(recv_size)
        with pb.execute([send, recv], [send_size, recv_size], await_=pb.join(send_ready, recv_ready)) as (
            s,
            t,
        ):
            calls = [
                (
                    chans[c],
                    [(s, send_size, 0, send_bytes, "ro"), (t, recv_size, c * recv_bytes, recv_bytes, "wo")],
                )
                for c in range(channels)
            ]
            if channels == 1:
                pb.collective(
                    kind, element_type, element_count, *calls[0], reduction=reduction if reducing else None
                )
            else:
                with pb.concurrent():
                    for channel, ranges in calls:
                        pb.collective(
                            kind,
                            element_type,
                            element_count,
                            channel,
                            ranges,
                            reduction=reduction if reducing else None,
                        )
        ran = pb.last_timepoint
        freed = pb.join(pb.dealloca(send, send_size, await_=ran), pb.dealloca(recv, recv_size, await_=ran))
        done.append(freed)
    pb.affinity = affinities[0]
    pb.await_(pb.join(*done))
    pb.returns()
    return pb.module
