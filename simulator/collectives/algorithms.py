"""Collective algorithms as steps of transfers between ranks.

An algorithm turns one collective into a list of *steps*; a step is a set of transfers
``(source rank, destination rank, bytes)`` that run at the same time, and the next step starts when the
last transfer of the step has ended. Each transfer costs the alpha-beta time of the links it crosses
(``latency + bytes / bandwidth`` per link, see :class:`simulator.queues.Link`), and transfers that share a
link direction take turns on it: that is where contention comes from. Reduction arithmetic is taken to
overlap the transfers (NCCL reduces inside its copy kernels), so it adds no time.

``ring`` (NCCL's default for large messages), with ``p`` ranks and ``S`` bytes per rank:

- all_reduce: a reduce-scatter then an all-gather around the ring, ``2(p-1)`` steps of ``S/p`` bytes,
  each rank sending to the next. Uncontended, ``2(p-1)/p * S/B + 2(p-1) * alpha``.
- reduce_scatter and all_gather: ``p-1`` steps of one block each.
- broadcast and reduce: a chain from (to) the root, ``p-1`` steps of ``S`` bytes (not pipelined).

``tree``: binomial trees rooted at the root (rank 0 for all_reduce): reduce and broadcast take
``ceil(log2 p)`` steps of ``S`` bytes, all_reduce both (``2 ceil(log2 p)`` steps, latency-optimal);
all_gather and reduce_scatter use recursive doubling and halving when ``p`` is a power of two, the ring
otherwise.

``direct``: every rank sends each peer its share at once, one step (all_reduce: a direct
reduce-scatter then a direct all-gather, two steps).

all_to_all is always the pairwise exchange (``p-1`` steps, rank r sending to r+k at step k) except under
``direct`` (one step). One rank alone copies its bytes inside its device (a transfer from rank 0 to 0).

Examples
--------
>>> steps = collective_steps("all_reduce", "ring", ranks=4, element_count=8, element_bytes=4)
>>> len(steps), steps[0]
(6, [(0, 1, 8), (1, 2, 8), (2, 3, 8), (3, 0, 8)])
>>> [len(s) for s in collective_steps("all_reduce", "tree", ranks=4, element_count=8, element_bytes=4)]
[2, 1, 1, 2]
"""

from __future__ import annotations

from simulator.errors import DeviceFailure

Transfer = tuple[int, int, int]
Step = list[Transfer]


def _chunks(total_elements: int, p: int) -> list[int]:
    """``total_elements`` split into ``p`` chunks as equal as possible (the first ones one larger)."""
    base, extra = divmod(total_elements, p)
    return [base + (1 if i < extra else 0) for i in range(p)]


def _log2_ceil(p: int) -> int:
    return (p - 1).bit_length()


def _ring(kind: str, p: int, n: int, esize: int, root: int) -> list[Step]:
    if kind == "all_reduce":
        chunk = [c * esize for c in _chunks(n, p)]
        rs = [[(r, (r + 1) % p, chunk[(r - k) % p]) for r in range(p)] for k in range(p - 1)]
        ag = [[(r, (r + 1) % p, chunk[(r + 1 - k) % p]) for r in range(p)] for k in range(p - 1)]
        return rs + ag
    if kind in ("all_gather", "reduce_scatter"):
        return [[(r, (r + 1) % p, n * esize) for r in range(p)] for _ in range(p - 1)]
    order = [(root + i) % p for i in range(p)]
    if kind == "broadcast":
        return [[(order[k], order[k + 1], n * esize)] for k in range(p - 1)]
    if kind == "reduce":
        return [[(order[p - 1 - k], order[p - 2 - k], n * esize)] for k in range(p - 1)]
    return _pairwise(kind, p, n, esize)


def _pairwise(kind: str, p: int, n: int, esize: int) -> list[Step]:
    if kind != "all_to_all":
        raise DeviceFailure(f"no algorithm times a {kind!r} collective")
    block = (n // p) * esize
    return [[(r, (r + k) % p, block) for r in range(p)] for k in range(1, p)]


def _tree_reduce(p: int, nbytes: int, root: int) -> list[Step]:
    steps = []
    for level in range(_log2_ceil(p)):
        span = 1 << level
        step = [
            ((rel + root) % p, (rel - span + root) % p, nbytes)
            for rel in range(p)
            if rel % (2 * span) == span
        ]
        steps.append(step)
    return steps


def _tree_broadcast(p: int, nbytes: int, root: int) -> list[Step]:
    steps = []
    for level in reversed(range(_log2_ceil(p))):
        span = 1 << level
        step = [
            ((rel + root) % p, (rel + span + root) % p, nbytes)
            for rel in range(p)
            if rel % (2 * span) == 0 and rel + span < p
        ]
        steps.append(step)
    return steps


def _tree(kind: str, p: int, n: int, esize: int, root: int) -> list[Step]:
    power_of_two = p & (p - 1) == 0
    if kind == "all_reduce":
        return _tree_reduce(p, n * esize, 0) + _tree_broadcast(p, n * esize, 0)
    if kind == "reduce":
        return _tree_reduce(p, n * esize, root)
    if kind == "broadcast":
        return _tree_broadcast(p, n * esize, root)
    if kind == "all_gather" and power_of_two:
        return [[(r, r ^ (1 << k), (1 << k) * n * esize) for r in range(p)] for k in range(_log2_ceil(p))]
    if kind == "reduce_scatter" and power_of_two:
        halves = [p >> (k + 1) for k in range(_log2_ceil(p))]
        return [[(r, r ^ h, h * n * esize) for r in range(p)] for h in halves]
    return _ring(kind, p, n, esize, root)


def _direct(kind: str, p: int, n: int, esize: int, root: int) -> list[Step]:
    peers = [(r, j) for r in range(p) for j in range(p) if j != r]
    if kind == "all_reduce":
        chunk = [c * esize for c in _chunks(n, p)]
        return [[(r, j, chunk[j]) for r, j in peers], [(r, j, chunk[r]) for r, j in peers]]
    if kind in ("all_gather", "reduce_scatter"):
        return [[(r, j, n * esize) for r, j in peers]]
    if kind == "all_to_all":
        return [[(r, j, (n // p) * esize) for r, j in peers]]
    if kind == "broadcast":
        return [[(root, j, n * esize) for j in range(p) if j != root]]
    if kind == "reduce":
        return [[(j, root, n * esize) for j in range(p) if j != root]]
    raise DeviceFailure(f"no algorithm times a {kind!r} collective")


ALGORITHMS = {"ring": _ring, "tree": _tree, "direct": _direct}


def collective_steps(
    kind: str, algorithm: str, *, ranks: int, element_count: int, element_bytes: int, root: int = 0
) -> list[Step]:
    """The steps of collective ``kind`` over ``ranks`` ranks under ``algorithm`` (see the module doc)."""
    if ranks < 1:
        raise DeviceFailure(f"a collective needs at least one rank, got {ranks}")
    fn = ALGORITHMS.get(algorithm)
    if fn is None:
        raise DeviceFailure(f"unknown collective algorithm {algorithm!r} (known: {', '.join(ALGORITHMS)})")
    if ranks == 1:
        return [[(0, 0, element_count * element_bytes)]]
    if kind == "all_to_all" and algorithm != "direct":
        return _pairwise(kind, ranks, element_count, element_bytes)
    return fn(kind, ranks, element_count, element_bytes, root)


def bus_bandwidth_factor(kind: str, ranks: int) -> float:
    """nccl-tests' factor from algorithm bandwidth to bus bandwidth (its ``doc/PERFORMANCE.md``):
    ``2(p-1)/p`` for all_reduce, ``(p-1)/p`` for all_gather, reduce_scatter and all_to_all, 1 otherwise."""
    p = ranks
    if kind == "all_reduce":
        return 2 * (p - 1) / p
    if kind in ("all_gather", "reduce_scatter", "all_to_all"):
        return (p - 1) / p
    return 1.0
