"""The fitted dispatch cost model of a machine file (``[devices.dispatch_model]``): per op class overheads and
costs per flop and per byte, per math function costs, and per shape corrections, as ``streamsim
calibrate`` fits them (:mod:`simulator.calibration`). :mod:`simulator.machine` reads and validates the
table; :mod:`simulator.costs` prices dispatches with it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

#: The workgroups a worker of IREE's local-task claims at once from a dispatch of at least that many a
#: worker (IREE_HAL_CMD_DISPATCH_MAX_TILES_PER_RESERVATION in its block processor); one at a time below.
RESERVATION = 8
#: How far (relative) a dispatch's flops may be from the measured shape's for ``shape_scale`` to apply:
#: a fused epilogue (a relu) adds a few percent; a different fusion of the same name is beyond it.
SHAPE_FLOPS_TOLERANCE = 0.1
_SHAPE = re.compile(r"_dispatch_\d+_(.+)$")


def shape_key(name: str, math_counts: tuple[tuple[str, int], ...] = ()) -> str | None:
    """The shape part of an IREE export name (what follows ``_dispatch_<n>_``), then the math functions
    the body evaluates (IREE names ``exp(x)`` and ``rsqrt(x)`` maps alike), or None.

    Examples
    --------
    >>> shape_key("main_dispatch_0_conv_14x14x8x3x3x4_f32"), shape_key("main$async_dispatch_12_matmul_Dx8_f32")
    ('conv_14x14x8x3x3x4_f32', 'matmul_Dx8_f32')
    >>> shape_key("main_dispatch_0_elementwise_2048_f32", (("exp", 2048),)), shape_key("my_kernel")
    ('elementwise_2048_f32+exp', None)
    """
    match = _SHAPE.search(name)
    if match is None:
        return None
    # (a software float conversion, ``extf.f16``, is not a math function: IREE's name says its types)
    return "+".join([match.group(1), *(f for f, n in math_counts if n and "." not in f)])


#: ``math`` functions that IREE's CPU backend expands into polynomial approximations (``sqrt``,
#: ``fma``, ``absf`` are single instructions and stay ordinary flops).
TRANSCENDENTAL_FUNCTIONS = frozenset(
    [
        "exp",
        "exp2",
        "expm1",
        "log",
        "log1p",
        "log2",
        "log10",
        "tanh",
        "sinh",
        "cosh",
        "sin",
        "cos",
        "tan",
        "asin",
        "acos",
        "atan",
        "atan2",
        "asinh",
        "acosh",
        "atanh",
        "erf",
        "erfc",
        "powf",
        "fpowi",
        "ipowi",
        "cbrt",
    ]
)


def tile_factor(extent: int, tile: int) -> float:
    """How much more compute a loop of ``extent`` trips costs when it runs in whole tiles of ``tile``
    (the remainder as a full tile): ``ceil(extent / tile) * tile / extent``; 1 for a static loop (extent
    0) or a tile of 1.

    IREE's CPU code generator tiles a matmul's dynamic rows by a vector tile it picks at compile time
    (``vector_common_parallel`` of the dispatch's ``lowering_config``: 8 rows on a generic x86-64 CPU)
    and runs the remainder as a partial tile, which costs about what a full one does: IREE's profile
    times a dynamic 12-row matmul+tanh at more than a 16-row one.

    Examples
    --------
    >>> tile_factor(12, 8), tile_factor(16, 8), tile_factor(3, 8), tile_factor(0, 8), tile_factor(12, 1)
    (1.3333333333333333, 1.0, 2.6666666666666665, 1.0, 1.0)
    """
    if extent <= 0 or tile <= 1:
        return 1.0
    return -(-extent // tile) * tile / extent


@dataclass(frozen=True, slots=True)
class DispatchModelSpec:
    """A dispatch cost model fitted to measurements (``benchmarks/calibrate.py``), replacing the roofline.

    A dispatch of op class ``c`` (:func:`simulator.costs.op_class`: ``matmul``, ``conv``, ``reduction``,
    ``softmax``, ``elementwise``, ``transpose``, ``copy``, then the element type when not f32: ``matmul.i8``) that
    does ``flops``, moves ``bytes`` and evaluates ``transcendentals`` (exp, tanh, ...) takes
    ``overhead_ns[c] + flops * ns_per_flop[c] + bytes * ns_per_byte[c] + transcendentals *
    ns_per_transcendental[c]``. Each table is keyed by class; a class it does not list drops its last part
    until one is listed (``matmul.bf16``, ``matmul``), then takes the table's ``default``.

    ``ns_per_math`` (keyed by math function: ``exp``, ``erf``, ``rsqrt``, ``roundeven``) adds each
    function's own cost per evaluation; a transcendental function it does not list costs its
    ``default``, any other unlisted function nothing beyond its flop. With it, ``ns_per_transcendental``
    is what a class adds per transcendental evaluation on top of the function's cost (a ``tanh`` fused
    into a matmul's epilogue costs more than one in an elementwise map).

    ``shape_scale`` (keyed by the shape part of IREE's export name and the math functions it evaluates,
    :func:`shape_key`: ``conv_14x14x8x3x3x4_f32``, ``elementwise_2048_f32+exp``) multiplies the prediction for a dispatch of that shape measured by the
    calibration, when its flops are within :data:`SHAPE_FLOPS_TOLERANCE` of ``shape_flops`` of that
    shape: IREE's code generator has cliffs no per-class line follows (a 16x16 convolution over 4 input
    channels runs 8x slower per flop than one over 3 or 8).

    ``floor_ns`` is the least a dispatch takes, however little it does: the fastest dispatch the
    calibration measured (IREE's profile times a one-element dispatch at 25-40 ns on a CPU, where the
    fitted line, made for the whole range of sizes, says a few).

    ``row_tile`` is the vector tile of rows IREE's code generator gives a matmul whose rows are dynamic (read
    from IREE's ``lowering_config`` by the calibration: :mod:`simulator.calibration.tiles`): a dispatch
    whose costliest matmul has ``dynamic_rows`` rows not known at compile time pays its flops,
    transcendentals and math functions as if the rows were rounded up to whole tiles
    (:func:`tile_factor`). 1: no rounding.

    ``ns_per_partial`` is the cost of each partial vector a dispatch runs (IREE's vector tile of its
    innermost loop does not divide that loop's extent, and the last vector of each run goes lane by lane:
    :func:`simulator.calibration.tiles.partial_vectors`, read from IREE's compile of the program); a
    dispatch whose count is not known (no table) pays none.

    ``ns_per_masked`` is the cost of each vector lane a convolution runs masked (a loop IREE vectorizes
    does not divide by its tile, and the whole convolution's vector code is masked:
    :func:`simulator.calibration.tiles.masked_lanes`); a dispatch whose count is not known pays none.

    ``workers`` and ``worker_wake_ns`` model a pool of worker threads (IREE's local-task): a dispatch
    that takes longer than the wake-up on one worker shares the rest among them (:meth:`pooled_ns`).
    With ``split_workgroups``, they share whole workgroups: a dispatch IREE runs in one workgroup is not
    split at all, one of 3 on 2 workers takes 2/3 of its time (the count from IREE's ``distribution``
    tile: :func:`simulator.calibration.tiles.workgroup_count`; a dispatch whose count is not known is
    split evenly).

    ``ns_per_ragged`` is the cost of each row of a softmax that ends in a partial vector (its reduced
    loop's extent is not a multiple of IREE's vector tile: :func:`simulator.calibration.tiles.ragged_rows`,
    read from IREE's compile of the program); a dispatch whose count is not known pays none.

    With ``worker_pool`` (in place of ``split_workgroups``), the pool runs a dispatch as IREE's local-task
    block processor does (runtime/src/iree/hal/drivers/local_task/block_processor.c): the commands between
    two barriers are one region; the region's workgroups (tiles) are counted, ``min(tiles, workers)``
    workers are given work (its wake budget), and each worker, as soon as it is free, claims the next
    tile of the first command of the region that has one left (:data:`RESERVATION` at a time from a large
    dispatch). One worker starts at once, the others
    after ``worker_wake_ns``; a dispatch's tiles each take its one-worker time over its workgroups
    (:func:`claim_tiles`), and one whose count is not known is shared out as it would be in very many
    tiles (:func:`share_work`). So a dispatch of one workgroup runs on one worker, and two concurrent
    ones share the workers (:meth:`region_times`; the executor runs a ``stream.cmd.concurrent`` block of
    dispatches so).
    """

    overhead_ns: dict[str, float]
    ns_per_flop: dict[str, float]
    ns_per_byte: dict[str, float]
    ns_per_transcendental: dict[str, float] = field(default_factory=dict)
    ns_per_math: dict[str, float] = field(default_factory=dict)
    shape_scale: dict[str, float] = field(default_factory=dict)
    shape_flops: dict[str, float] = field(default_factory=dict)
    workers: int = 1
    worker_wake_ns: float = 0.0
    floor_ns: float = 0.0
    row_tile: int = 1
    ns_per_partial: float = 0.0
    ns_per_masked: float = 0.0
    split_workgroups: bool = False
    ns_per_ragged: float = 0.0
    worker_pool: bool = False

    @staticmethod
    def _lookup(table: dict[str, float], op_class: str) -> float:
        key = op_class
        while key:
            if key in table:
                return table[key]
            key = key.rpartition(".")[0]
        return table.get("default", 0.0)

    def coefficients(self, op_class: str) -> tuple[float, float, float]:
        """``(overhead_ns, ns_per_flop, ns_per_byte)`` for ``op_class``."""
        return (
            self._lookup(self.overhead_ns, op_class),
            self._lookup(self.ns_per_flop, op_class),
            self._lookup(self.ns_per_byte, op_class),
        )

    def predict_ns(
        self,
        op_class: str,
        flops: int,
        nbytes: int,
        transcendentals: int = 0,
        math_counts: tuple[tuple[str, int], ...] = (),
        shape: str | None = None,
        dynamic_rows: int = 0,
        partial: int = 0,
        masked: int = 0,
        workgroups: int = 0,
        ragged: int = 0,
    ) -> float:
        overhead, per_flop, per_byte = self.coefficients(op_class)
        per_t = self._lookup(self.ns_per_transcendental, op_class) if transcendentals else 0.0
        tiles = tile_factor(dynamic_rows, self.row_tile)
        compute = flops * per_flop + transcendentals * per_t
        if self.ns_per_math:
            compute += sum(n * self.math_ns(f) for f, n in math_counts)
        ns = (
            overhead
            + compute * tiles
            + nbytes * per_byte
            + partial * self.ns_per_partial
            + masked * self.ns_per_masked
            + ragged * self.ns_per_ragged
        )
        return max(self.floor_ns, self.pooled_ns(ns, workgroups) * self.shape_factor(shape, flops))

    def busiest_share(self, workgroups: int = 0) -> float:
        """The share of a dispatch's work (beyond the wake-up) that the busiest worker runs: ``1 /
        workers``, or with ``split_workgroups`` and a known count, ``ceil(workgroups / workers) /
        workgroups``.

        Examples
        --------
        >>> m = DispatchModelSpec({}, {}, {}, workers=2, split_workgroups=True)
        >>> m.busiest_share(0), m.busiest_share(1), m.busiest_share(3), m.busiest_share(8)
        (0.5, 1.0, 0.6666666666666666, 0.5)
        """
        if self.workers <= 1:
            return 1.0
        if not self.split_workgroups or workgroups <= 0:
            return 1.0 / self.workers
        return -(-workgroups // self.workers) / workgroups

    def pooled_ns(self, serial_ns: float, workgroups: int = 0) -> float:
        """The time of a dispatch that takes ``serial_ns`` on one worker, on the worker pool (its
        ``workgroups``: :meth:`busiest_share`).

        Examples
        --------
        >>> m = DispatchModelSpec({}, {}, {}, workers=2, worker_wake_ns=4000.0)
        >>> m.pooled_ns(3000.0), m.pooled_ns(20000.0), m.pooled_ns(20000.0, 1)
        (3000.0, 12000.0, 12000.0)
        >>> w = DispatchModelSpec({}, {}, {}, workers=2, worker_wake_ns=4000.0, split_workgroups=True)
        >>> w.pooled_ns(20000.0, 1), w.pooled_ns(20000.0, 3), w.pooled_ns(20000.0)
        (20000.0, 14666.666666666666, 12000.0)
        """
        if self.worker_pool and self.workers > 1:
            return self.region_times(((serial_ns, workgroups),))[0][1]
        wake = self.worker_wake_ns
        if self.workers <= 1 or serial_ns <= wake:
            return serial_ns
        return wake + (serial_ns - wake) * self.busiest_share(workgroups)

    def serial_ns(self, pooled_ns: float, workgroups: int = 0) -> float:
        """The inverse of :meth:`pooled_ns`: the one-worker time of a dispatch measured at ``pooled_ns``.

        Examples
        --------
        >>> DispatchModelSpec({}, {}, {}, workers=2, worker_wake_ns=4000.0).serial_ns(12000.0)
        20000.0
        >>> DispatchModelSpec({}, {}, {}, workers=2, worker_wake_ns=4000.0, split_workgroups=True).serial_ns(14000.0, 1)
        14000.0
        """
        if self.worker_pool and self.workers > 1:
            return self._serial_by_bisection(pooled_ns, workgroups)
        wake = self.worker_wake_ns
        if self.workers <= 1 or pooled_ns <= wake:
            return pooled_ns
        return wake + (pooled_ns - wake) / self.busiest_share(workgroups)

    def _serial_by_bisection(self, pooled_ns: float, workgroups: int) -> float:
        """The one-worker time whose :meth:`pooled_ns` under ``worker_pool`` is ``pooled_ns`` (that time
        grows with the one-worker time, and lies between it and ``workers`` times it)."""
        if pooled_ns <= 0:
            return pooled_ns
        lo, hi = pooled_ns, pooled_ns * self.workers
        for _ in range(64):
            mid = 0.5 * (lo + hi)
            if self.pooled_ns(mid, workgroups) < pooled_ns:
                lo = mid
            else:
                hi = mid
            if hi - lo <= 1e-9 * hi:
                break
        return 0.5 * (lo + hi)

    def region_times(self, dispatches: Sequence[tuple[float, int]]) -> list[tuple[float, float]]:
        """When each dispatch of a region starts and ends on the pool (ns from the region's start), each
        given as (its one-worker time, its workgroups, 0 when not known), in the region's order
        (``worker_pool``: see the class's note). The region's tiles bound the workers it wakes: a region
        of one workgroup runs on one worker.

        Examples
        --------
        >>> m = DispatchModelSpec({}, {}, {}, workers=2, worker_wake_ns=3000.0, worker_pool=True)
        >>> m.region_times([(40000.0, 1)])
        [(0.0, 40000.0)]
        >>> m.region_times([(40000.0, 1), (30000.0, 1)])
        [(0.0, 40000.0), (3000.0, 33000.0)]
        >>> m.region_times([(20000.0, 4)]), m.region_times([(2000.0, 4)]), m.region_times([(20000.0, 0)])
        ([(0.0, 13000.0)], [(0.0, 2000.0)], [(0.0, 11500.0)])
        """
        workers = self.workers
        tiles = sum(n if n > 0 else workers for _, n in dispatches)
        woken = max(1, min(tiles, workers))
        free = [0.0] + [float(self.worker_wake_ns)] * (woken - 1)
        times = []
        for serial, n in dispatches:
            if n <= 0:
                times.append(share_work(free, serial))
                continue
            # A worker claims RESERVATION tiles at a time of a dispatch with that many a worker or more.
            per = RESERVATION if n >= RESERVATION * workers else 1
            whole, rest = divmod(n, per)
            tile = serial / n
            start, end = claim_tiles(free, whole, per * tile)
            if rest:
                last_start, last_end = claim_tiles(free, 1, rest * tile)
                start, end = (start, max(end, last_end)) if whole else (last_start, last_end)
            times.append((start, end))
        return times

    def shape_factor(self, shape: str | None, flops: int) -> float:
        """``shape_scale[shape]`` when the calibration measured that shape at about ``flops``, else 1."""
        if shape is None or shape not in self.shape_scale:
            return 1.0
        measured = self.shape_flops.get(shape)
        if measured is not None and abs(flops - measured) > SHAPE_FLOPS_TOLERANCE * max(measured, 1.0):
            return 1.0
        return self.shape_scale[shape]

    def math_ns(self, function: str) -> float:
        """The cost of one evaluation of ``math.<function>`` (``exp``) beside its class's costs; a
        function evaluated on a 16-bit float (``tanh.f16``) the model does not price costs what the
        function does (``tanh``)."""
        if function in self.ns_per_math:
            return self.ns_per_math[function]
        base, _, soft = function.partition(".")
        if soft and base in TRANSCENDENTAL_FUNCTIONS:
            return self.math_ns(base)
        return self.ns_per_math.get("default", 0.0) if function in TRANSCENDENTAL_FUNCTIONS else 0.0


def claim_tiles(free: list[float], tiles: int, tile_ns: float) -> tuple[float, float]:
    """Workers free at the times ``free`` (ns, in place: each worker's time once the tiles are done) claim
    ``tiles`` tiles of ``tile_ns`` each, a worker claiming the next one as soon as it is free (IREE's block
    processor: :meth:`DispatchModelSpec.region_times`); the first claim's time and the last tile's end.

    Examples
    --------
    >>> free = [0.0, 3.0]
    >>> claim_tiles(free, 4, 2.0), free
    ((0.0, 6.0), [6.0, 5.0])
    >>> claim_tiles(free, 1, 10.0), free
    ((5.0, 15.0), [6.0, 15.0])
    """
    order = sorted(range(len(free)), key=free.__getitem__)
    start = free[order[0]]
    if tile_ns <= 0 or tiles <= 0:
        return start, start
    end = start
    left = tiles
    while left:
        order.sort(key=free.__getitem__)
        first = free[order[0]]
        if len(order) == 1 or free[order[-1]] - first < tile_ns:
            # Every worker is free within one tile of the first: they claim in turn, in this order.
            rounds, rest = divmod(left, len(order))
            for rank, w in enumerate(order):
                claimed = rounds + (1 if rank < rest else 0)
                if claimed:
                    free[w] += claimed * tile_ns
                    end = max(end, free[w])
            break
        # The first worker claims tile after tile until the next one is free.
        claimed = min(left, max(1, math.ceil((free[order[1]] - first) / tile_ns - 1e-9)))
        free[order[0]] = first + claimed * tile_ns
        end = max(end, free[order[0]])
        left -= claimed
    return start, end


def share_work(free: list[float], work_ns: float) -> tuple[float, float]:
    """Workers free at the times ``free`` (ns, in place) share ``work_ns`` of work that divides without
    limit (a dispatch of very many tiles): each works from when it is free to the common end; the start
    (the first worker's time) and that end.

    Examples
    --------
    >>> free = [0.0, 3000.0]
    >>> share_work(free, 2000.0), free
    ((0.0, 2000.0), [2000.0, 3000.0])
    >>> share_work(free, 4000.0), free
    ((2000.0, 4500.0), [4500.0, 4500.0])
    """
    order = sorted(range(len(free)), key=free.__getitem__)
    start = free[order[0]]
    if work_ns <= 0:
        return start, start
    total = 0.0
    end = start
    used = 0
    for used, w in enumerate(order, 1):
        total += free[w]
        end = (work_ns + total) / used
        if used == len(order) or end <= free[order[used]]:
            break
    for w in order[:used]:
        free[w] = end
    return start, end
