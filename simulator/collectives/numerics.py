"""What each collective computes, in numpy, over the ranks of a channel.

The definitions are those of IREE's HAL (``iree_hal_collective_kind_t``) as its CUDA driver hands them to
NCCL (``runtime/src/iree/hal/drivers/cuda/nccl_channel.c``), with ``n`` the op's element count:

============== ===================== ===================== ===========================================
kind           each rank sends       each rank receives    result
============== ===================== ===================== ===========================================
all_reduce     n                     n                     the reduction over the ranks
all_gather     n                     p * n                 the ranks' sends, concatenated by rank
reduce_scatter p * n                 n                     rank r: block r of the reduction
all_to_all     n (p blocks of n/p)   n (p blocks of n/p)   rank r's block j is rank j's block r
broadcast      n                     n                     the root's send (root = param)
reduce         n                     n (root only)         the reduction, at the root (root = param)
============== ===================== ===================== ===========================================

Reductions run over the ranks in rank order in the element type itself (integers wrap, as in C);
``average`` is the sum divided by the rank count (truncated toward zero for integers, as C's division).
Point-to-point kinds (send, recv, send_recv) move bytes between two ranks and compute nothing here.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from simulator.errors import DeviceFailure

REDUCING = frozenset({"all_reduce", "reduce_scatter", "reduce"})


def reduce_ranks(stack: np.ndarray, reduction: str) -> np.ndarray:
    """Reduce ``stack`` (ranks x elements) over its first axis with ``reduction``, in its own dtype."""
    dtype = stack.dtype
    if reduction == "sum":
        return np.add.reduce(stack, axis=0, dtype=dtype)
    if reduction == "product":
        return np.multiply.reduce(stack, axis=0, dtype=dtype)
    if reduction == "minimum":
        return np.minimum.reduce(stack, axis=0)
    if reduction == "maximum":
        return np.maximum.reduce(stack, axis=0)
    if reduction == "average":
        total = np.add.reduce(stack, axis=0, dtype=dtype)
        p = stack.shape[0]
        if dtype.kind in "iu":
            quotient = np.abs(total) // p
            return np.where(total < 0, -quotient, quotient).astype(dtype)
        return (total / np.asarray(p, dtype=dtype)).astype(dtype)
    raise DeviceFailure(
        f"collective reduction {reduction!r} is not one of sum, product, minimum, maximum, average"
    )


def collective_results(
    kind: str,
    reduction: str | None,
    sends: Sequence[np.ndarray | None],
    element_count: int,
    param: int | None,
) -> list[np.ndarray | None]:
    """Each rank's received elements (None: its receive buffer is left as it is).

    ``sends[r]`` is rank r's send buffer as elements of the collective's type (at least the elements the
    kind sends); raises :class:`~simulator.errors.DeviceFailure` for counts the kind cannot split.
    """
    p = len(sends)
    n = element_count

    def send(r: int, count: int) -> np.ndarray:
        s = sends[r]
        if s is None or s.size < count:
            have = 0 if s is None else s.size
            raise DeviceFailure(f"{kind}: rank {r} sends {count} elements but its send buffer holds {have}")
        return s[:count]

    if kind in REDUCING and reduction in (None, "none"):
        raise DeviceFailure(f"{kind} needs a reduction (sum, product, minimum, maximum or average)")
    if kind == "all_reduce":
        red = reduce_ranks(np.stack([send(r, n) for r in range(p)]), str(reduction))
        return [red.copy() for _ in range(p)]
    if kind == "all_gather":
        gathered = np.concatenate([send(r, n) for r in range(p)])
        return [gathered.copy() for _ in range(p)]
    if kind == "reduce_scatter":
        red = reduce_ranks(np.stack([send(r, p * n) for r in range(p)]), str(reduction))
        return [red[r * n : (r + 1) * n].copy() for r in range(p)]
    if kind == "all_to_all":
        if n % p:
            raise DeviceFailure(f"all_to_all of {n} elements cannot be split into {p} equal blocks")
        m = n // p
        blocks = [send(r, n) for r in range(p)]
        return [np.concatenate([blocks[j][r * m : (r + 1) * m] for j in range(p)]) for r in range(p)]
    if kind in ("broadcast", "reduce"):
        root = 0 if param is None else int(param)
        if not 0 <= root < p:
            raise DeviceFailure(f"{kind}: root rank {root} is not in [0, {p})")
        if kind == "broadcast":
            data = send(root, n)
            return [data.copy() for _ in range(p)]
        red = reduce_ranks(np.stack([send(r, n) for r in range(p)]), str(reduction))
        return [red if r == root else None for r in range(p)]
    raise DeviceFailure(
        f"collective kind {kind!r} has no group result (point-to-point kinds pair up instead)"
    )


def send_recv_peers(param: int) -> tuple[int, int]:
    """``(send peer, recv peer)`` of a send_recv: IREE packs them as two int16 in the i32 param, the send
    peer in the low half; -1 means none."""
    raw = int(param) & 0xFFFFFFFF
    lo, hi = raw & 0xFFFF, raw >> 16
    return (lo - 0x10000 if lo & 0x8000 else lo, hi - 0x10000 if hi & 0x8000 else hi)
