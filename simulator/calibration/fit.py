"""Fitting the machine model to measurements: per-dispatch costs, then the fixed costs of a call.

Two linear least-squares fits, both on relative error (each row divided by its measured time, so that a
5 us dispatch counts as much as a 5 ms one) and both with non-negative coefficients (a negative cost per
byte would be a fit to noise):

1. :func:`fit_dispatch_model`: each measured dispatch (its minimum over the profiled calls) against the
   features the simulator computes for it, per op class ``c`` (:func:`simulator.costs.op_class`):
   ``overhead_ns[c] + flops * ns_per_flop[c] + bytes * ns_per_byte[c] + transcendentals *
   ns_per_transcendental[c]``.
2. :func:`fit_fixed_costs`: the measured call time (benchmark minimum) against the simulated call. The
   simulator is linearised around a base machine in which every fixed cost is zero: ``sensitivity[k]``
   is how much the simulated call grows per nanosecond of fixed cost ``k`` (for a serial program, the
   number of times it is paid on the critical path), so ``measured ~ base + sum_k sensitivity[k] * c_k``.

:func:`nnls` is Lawson and Hanson's active-set algorithm for ``min ||A x - b||, x >= 0`` in numpy.
"""

from __future__ import annotations

import dataclasses
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from simulator.costs import op_class
from simulator.dispatch_model import (
    SHAPE_FLOPS_TOLERANCE,
    TRANSCENDENTAL_FUNCTIONS,
    DispatchModelSpec,
    shape_key,
    tile_factor,
)
from simulator.errors import InputError


def nnls(a: np.ndarray, b: np.ndarray, *, max_iter: int | None = None) -> np.ndarray:
    """``x >= 0`` minimising ``||a @ x - b||`` (Lawson-Hanson active set).

    Examples
    --------
    >>> a = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    >>> [round(float(v), 6) for v in nnls(a, np.array([2.0, -1.0, 1.0]))]
    [1.5, 0.0]
    """
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    n = a.shape[1]
    x = np.zeros(n)
    passive = np.zeros(n, dtype=bool)
    tol = 1e-10 * max(1.0, float(np.abs(a).max(initial=0.0))) * max(a.shape)
    for _ in range(max_iter or 3 * n + 10):
        w = a.T @ (b - a @ x)
        candidates = np.where(~passive & (w > tol))[0]
        if candidates.size == 0:
            break
        passive[candidates[np.argmax(w[candidates])]] = True
        while True:
            z = np.zeros(n)
            z[passive] = np.linalg.lstsq(a[:, passive], b, rcond=None)[0]
            if np.all(z[passive] > 0):
                x = z
                break
            bad = passive & (z <= 0)
            alpha = float(np.min(x[bad] / (x[bad] - z[bad])))
            x = x + alpha * (z - x)
            passive &= x > tol
            x[~passive] = 0.0
    return x


@dataclass(frozen=True)
class DispatchSample:
    """One measured dispatch with the simulator's features for it."""

    program: str
    name: str
    flops: int
    bytes: int
    measured_ns: float
    transcendentals: int = 0
    #: evaluations of each math function (:attr:`simulator.costs.DispatchCost.math`).
    math: tuple[tuple[str, int], ...] = ()
    #: :attr:`simulator.costs.DispatchCost.dynamic_rows`
    dynamic_rows: int = 0
    #: :attr:`simulator.costs.DispatchCost.kind`
    kind: str = ""
    #: partial vectors in IREE's code for it (:func:`simulator.calibration.tiles.partial_vectors`)
    partial: int = 0
    #: vector lanes IREE's code runs masked (:func:`simulator.calibration.tiles.masked_lanes`)
    masked: int = 0
    #: workgroups IREE runs it in (:func:`simulator.calibration.tiles.workgroup_count`), 0 not known
    workgroups: int = 0
    #: softmax rows ending in a partial vector (:func:`simulator.calibration.tiles.ragged_rows`)
    ragged: int = 0

    @property
    def op_class(self) -> str:
        return op_class(self.name, self.kind)

    def predicted_ns(
        self,
        model: DispatchModelSpec,
        op_class: str | None = None,
        shape: str | None = None,
        workgroups: int | None = None,
    ) -> float:
        """``model``'s time for this dispatch from its features, priced as ``op_class`` (default its own)
        under ``shape`` (a shape_scale key; default none) with ``workgroups`` (default its own)."""
        return model.predict_ns(
            self.op_class if op_class is None else op_class,
            self.flops,
            self.bytes,
            self.transcendentals,
            self.math,
            shape,
            self.dynamic_rows,
            self.partial,
            self.masked,
            self.workgroups if workgroups is None else workgroups,
            self.ragged,
        )


@dataclass(frozen=True)
class DispatchFit:
    """The fitted per-dispatch model and its relative errors on the samples it was fitted on."""

    model: DispatchModelSpec
    samples: int
    relative_errors: tuple[float, ...] = field(default=())

    def predict_ns(self, sample: DispatchSample) -> float:
        return sample.predicted_ns(self.model, shape=shape_key(sample.name, sample.math))


_FEATURES = ("overhead_ns", "ns_per_flop", "ns_per_byte", "ns_per_transcendental")
#: The owner of the columns every class shares (the fixed cost per dispatch, per transcendental).
SHARED = "*"
#: The owner of the per-function columns (``(MATH, "exp")``).
MATH = "math"
#: The column of the cost per partial vector (``(PARTIAL, 0)``), shared by every class.
PARTIAL = "partial"
#: The column of the cost per masked vector lane (``(MASKED, 0)``), shared by every class.
MASKED = "masked"
#: The column of the cost per ragged softmax row (``(RAGGED, 0)``), shared by every class.
RAGGED = "ragged"
#: Samples a class needs for its own overhead and per-byte terms.
MIN_SAMPLES = 3


#: Worker wake-up latencies (ns) :func:`fit_dispatch_model` tries for a pool of workers.
WAKE_GRID_NS = (0.0, 1000.0, 2000.0, 3000.0, 4000.0, 5000.0, 6000.0, 8000.0, 10000.0, 12000.0)


def fit_dispatch_model(
    samples: Sequence[DispatchSample],
    *,
    shapes: bool = True,
    workers: int = 1,
    row_tile: int = 1,
    split_workgroups: bool = False,
    dynamic_factor: bool = False,
    worker_pool: bool = False,
    ragged_rows: bool = False,
) -> DispatchFit:
    """Fit ``overhead + flops * ns_per_flop[c] + bytes * ns_per_byte[c] + transcendentals *
    (ns_per_transcendental + extra[c])`` per op class ``c``, on relative error, with non-negative
    coefficients.

    The fixed cost per dispatch and the cost of a transcendental evaluation are shared by every class
    (each class's table entry is the shared figure, plus the class's own extra): fitted per class
    alone, a class measured only at sizes where the fixed cost vanishes in the work (or whose bodies
    never evaluate a transcendental) would get none, and mispredict the small dispatches and fused
    bodies of real programs. A class gets its own extra fixed cost only when MIN_SAMPLES programs
    measured it. A table's ``default`` (for classes never measured) is the shared figure, or the
    median over the fitted classes for the per-flop and per-byte costs.

    When the samples count each math function (:attr:`DispatchSample.math`), the shared cost per
    transcendental and the classes' own give way to one shared cost per function (``ns_per_math``; its
    ``default``, for transcendental functions never measured, is the median of the measured ones), and
    ``ns_per_transcendental`` is 0.

    With ``shapes``, the shapes the line mispredicts get their measured ratio (:func:`shape_scales`):
    a program that runs a measured shape is predicted from its measurement. The relative errors are
    those of the model with them. Raises InputError without samples.

    With ``workers > 1`` (a device that spreads each dispatch over a pool of worker threads:
    ``DispatchModelSpec.workers``), the line is fitted to each measured time's one-worker equivalent
    (:meth:`~simulator.dispatch_model.DispatchModelSpec.serial_ns`) for each worker wake-up latency of
    :data:`WAKE_GRID_NS`, and the latency whose pooled predictions have the least weighted squared
    relative error is kept.

    ``row_tile`` is IREE's vector tile of a loop over a dynamic dimension (``DispatchModelSpec.row_tile``):
    a sample's compute features count its dynamic extent rounded up to whole tiles.

    ``split_workgroups``: the pool shares whole workgroups (``DispatchModelSpec.split_workgroups``; each
    sample's :attr:`DispatchSample.workgroups`). ``dynamic_factor``: a dynamic class (``.dyn``) measured
    by fewer than MIN_SAMPLES programs is priced as its static class times one factor (the median of its
    samples' measured / static predictions) rather than by a line of its own (:func:`_fit_line`).
    ``worker_pool``: the pool runs each dispatch's workgroups as IREE's workers claim them
    (``DispatchModelSpec.worker_pool``; each sample's workgroups), in place of ``split_workgroups``.
    ``ragged_rows``: each softmax row ending in a partial vector (:attr:`DispatchSample.ragged`) is priced
    by one more fitted cost (``DispatchModelSpec.ns_per_ragged``); without it none is.
    """
    rows = [s for s in samples if s.measured_ns > 0]
    if not rows:
        raise InputError("cannot fit a dispatch model: no measured dispatches")
    if workers <= 1:
        model = dataclasses.replace(
            _fit_line(rows, [s.measured_ns for s in rows], row_tile, dynamic_factor, ragged_rows), row_tile=row_tile
        )
    else:
        best: tuple[float, DispatchModelSpec] | None = None
        for wake in WAKE_GRID_NS:
            pool = DispatchModelSpec(
                {},
                {},
                {},
                workers=workers,
                worker_wake_ns=wake,
                split_workgroups=split_workgroups,
                worker_pool=worker_pool,
            )
            line = _fit_line(
                rows,
                [pool.serial_ns(s.measured_ns, s.workgroups) for s in rows],
                row_tile,
                dynamic_factor,
                ragged_rows,
            )
            candidate = dataclasses.replace(
                line,
                workers=workers,
                worker_wake_ns=wake,
                row_tile=row_tile,
                split_workgroups=split_workgroups,
                worker_pool=worker_pool,
            )
            score = _weighted_square_error(rows, candidate)
            if best is None or score < best[0] - 1e-12:
                best = (score, candidate)
        assert best is not None
        model = best[1]
    # No dispatch takes less than the fastest one measured (the line, fitted over the whole range of
    # sizes, says a few ns for a one-element map that IREE's profile times at 25-40).
    model = dataclasses.replace(model, floor_ns=float(min(s.measured_ns for s in rows)))
    if shapes:
        scale, flops = shape_scales(rows, model)
        model = dataclasses.replace(model, shape_scale=scale, shape_flops=flops)
    fit = DispatchFit(model, len(rows))
    errors = tuple(fit.predict_ns(s) / s.measured_ns - 1.0 for s in rows)
    return DispatchFit(model, len(rows), errors)


def _weighted_square_error(rows: Sequence[DispatchSample], model: DispatchModelSpec) -> float:
    """Sum over ``rows`` of the squared relative error of ``model``, each program weighing alike."""
    per_program: dict[str, int] = {}
    for s in rows:
        per_program[s.program] = per_program.get(s.program, 0) + 1
    total = 0.0
    for s in rows:
        p = s.predicted_ns(model)
        total += (p / s.measured_ns - 1.0) ** 2 / per_program[s.program]
    return total


def _fit_line(
    rows: Sequence[DispatchSample],
    targets: Sequence[float],
    row_tile: int = 1,
    dynamic_factor: bool = False,
    ragged_rows: bool = False,
) -> DispatchModelSpec:
    """The linear per-class model (no shape corrections) fitted to ``targets`` (ns, one per row), each
    row's compute features (flops, transcendentals, math functions) scaled by its
    :func:`~simulator.dispatch_model.tile_factor` under ``row_tile``.

    With ``dynamic_factor``, the rows of a dynamic class (``.dyn``) that fewer than MIN_SAMPLES programs
    measured are left out of the line; the class's overhead and costs per flop, byte and transcendental
    are then its static class's (the name without ``.dyn``, as the model looks it up) times the median
    of its rows' target / the line's prediction for them as the static class (math functions, partial
    vectors and masked lanes at their shared costs). With ``ragged_rows``, a shared column prices each
    sample's ragged softmax rows (:attr:`DispatchSample.ragged`)."""
    scaled: dict[str, list[int]] = {}
    if dynamic_factor:
        programs: dict[str, set[str]] = {}
        for s in rows:
            programs.setdefault(s.op_class, set()).add(s.program)
        for i, s in enumerate(rows):
            if s.op_class.endswith(".dyn") and len(programs[s.op_class]) < MIN_SAMPLES:
                scaled.setdefault(s.op_class, []).append(i)
        if len(rows) == sum(len(v) for v in scaled.values()):
            scaled = {}
    if scaled:
        apart = {i for v in scaled.values() for i in v}
        keep = [i for i in range(len(rows)) if i not in apart]
        line = _fit_line([rows[i] for i in keep], [targets[i] for i in keep], row_tile, ragged_rows=ragged_rows)
        for c, indices in sorted(scaled.items()):
            base = c[: -len(".dyn")]
            ratios = []
            for i in indices:
                s = rows[i]
                p = s.predicted_ns(line, op_class=base, workgroups=0)
                if p > 0:
                    ratios.append(targets[i] / p)
            factor = float(statistics.median(ratios)) if ratios else 1.0
            for table in (line.overhead_ns, line.ns_per_flop, line.ns_per_byte, line.ns_per_transcendental):
                table[c] = float(f"{DispatchModelSpec._lookup(table, base) * factor:.6g}")
        return line
    classes = sorted({s.op_class for s in rows})
    functions = sorted({f for s in rows for f, n in s.math if n})
    # Columns (k: 0 overhead, 1 per flop, 2 per byte, 3 per transcendental): the shared ones first,
    # then per class; with fewer than MIN_SAMPLES samples a class gets one work coefficient (per flop,
    # or per byte when it does no flops) rather than a line through too few points. When the samples
    # count each math function, each function gets its own shared column in place of the per
    # transcendental ones (a class's own column would take the whole cost of the functions its
    # benchmarks evaluate and leave the others none).
    columns: list[tuple[str, int | str]] = [(SHARED, 0)]
    columns += [(MATH, f) for f in functions] if functions else [(SHARED, 3)]
    if any(s.partial for s in rows):
        columns.append((PARTIAL, 0))
    if any(s.masked for s in rows):
        columns.append((MASKED, 0))
    if ragged_rows and any(s.ragged for s in rows):
        columns.append((RAGGED, 0))
    for c in classes:
        members = [s for s in rows if s.op_class == c]
        has_flops = any(s.flops for s in members)
        if len(members) >= MIN_SAMPLES:
            columns += [(c, 1), (c, 2)] if has_flops else [(c, 2)]
            if len({s.program for s in members}) >= MIN_SAMPLES:
                columns.append((c, 0))
        else:
            columns.append((c, 1) if has_flops else (c, 2))
        if not functions and any(s.transcendentals for s in members):
            columns.append((c, 3))
    index = {key: j for j, key in enumerate(columns)}
    a = np.zeros((len(rows), len(columns)))
    b = np.ones(len(rows))
    # Each program weighs alike: a loop or a chain of one dispatch 24 times over is one program's
    # evidence, not 24 programs'.
    per_program: dict[str, int] = {}
    for s in rows:
        per_program[s.program] = per_program.get(s.program, 0) + 1
    for i, s in enumerate(rows):
        tiles = tile_factor(s.dynamic_rows, row_tile)
        for k, value in enumerate((1.0, s.flops * tiles, float(s.bytes), s.transcendentals * tiles)):
            for owner in (s.op_class, SHARED):
                j = index.get((owner, k))
                if j is not None:
                    a[i, j] = value / targets[i]
        for f, n in s.math:
            j = index.get((MATH, f))
            if j is not None:
                a[i, j] += n * tiles / targets[i]
        if s.partial and (PARTIAL, 0) in index:
            a[i, index[(PARTIAL, 0)]] = s.partial / targets[i]
        if s.masked and (MASKED, 0) in index:
            a[i, index[(MASKED, 0)]] = s.masked / targets[i]
        if s.ragged and (RAGGED, 0) in index:
            a[i, index[(RAGGED, 0)]] = s.ragged / targets[i]
    weights = np.array([1.0 / math.sqrt(per_program[s.program]) for s in rows])
    a *= weights[:, None]
    b *= weights
    # Columns scaled to unit norm, so that ns-per-flop and ns-per-call coefficients weigh alike.
    norms = np.linalg.norm(a, axis=0)
    norms[norms == 0] = 1.0
    x = nnls(a / norms, b) / norms
    shared = {k: float(x[index[(SHARED, k)]]) for k in (0, 3) if (SHARED, k) in index}
    per_function = {f: float(f"{float(x[index[(MATH, f)]]):.6g}") for f in functions}
    transcendental = [v for f, v in per_function.items() if f in TRANSCENDENTAL_FUNCTIONS]
    if per_function:
        # A transcendental function never measured costs what the measured ones do (their median).
        per_function["default"] = float(statistics.median(transcendental)) if transcendental else 0.0
        shared[3] = 0.0
    tables: dict[str, dict[str, float]] = {f: {} for f in _FEATURES}
    for c in classes:
        for k, f in enumerate(_FEATURES):
            j = index.get((c, k))
            own = float(x[j]) if j is not None else 0.0
            tables[f][c] = float(f"{own + shared.get(k, 0.0):.6g}")
    for k, f in enumerate(_FEATURES):
        tables[f]["default"] = (
            float(f"{shared[k]:.6g}") if k in shared else float(statistics.median(tables[f].values()))
        )
    return DispatchModelSpec(
        tables["overhead_ns"],
        tables["ns_per_flop"],
        tables["ns_per_byte"],
        tables["ns_per_transcendental"],
        dict(sorted(per_function.items())),
        ns_per_partial=float(f"{float(x[index[(PARTIAL, 0)]]):.6g}") if (PARTIAL, 0) in index else 0.0,
        ns_per_masked=float(f"{float(x[index[(MASKED, 0)]]):.6g}") if (MASKED, 0) in index else 0.0,
        ns_per_ragged=float(f"{float(x[index[(RAGGED, 0)]]):.6g}") if (RAGGED, 0) in index else 0.0,
    )


#: A measured shape needs an entry when its median measured/predicted ratio is beyond 1.5 or 1/1.5: a
#: cliff of the code generator, not the few tens of percent by which one measurement differs from another.
SHAPE_MIN_DEVIATION = 0.5


def shape_scales(
    rows: Sequence[DispatchSample], model: DispatchModelSpec
) -> tuple[dict[str, float], dict[str, float]]:
    """``shape_scale`` and ``shape_flops`` (:class:`~simulator.dispatch_model.DispatchModelSpec`): for each
    shape (:func:`~simulator.dispatch_model.shape_key` of the export name) among ``rows`` that the linear model
    mispredicts by more than :data:`SHAPE_MIN_DEVIATION`, the median of measured / predicted over its
    samples near its median flops, and those flops."""
    groups: dict[str, list[DispatchSample]] = {}
    for s in rows:
        key = shape_key(s.name, s.math)
        if key is not None:
            groups.setdefault(key, []).append(s)
    scale: dict[str, float] = {}
    flops: dict[str, float] = {}
    for key, members in sorted(groups.items()):
        typical = float(statistics.median(m.flops for m in members))
        near = [m for m in members if abs(m.flops - typical) <= SHAPE_FLOPS_TOLERANCE * max(typical, 1.0)]
        ratios = [
            m.measured_ns / p
            for m in near
            if (
                p := m.predicted_ns(model)
            )
            > 0
        ]
        if not ratios:
            continue
        ratio = float(statistics.median(ratios))
        if abs(math.log(ratio)) > math.log1p(SHAPE_MIN_DEVIATION):
            scale[key] = float(f"{ratio:.4g}")
            flops[key] = typical
    return scale, flops


@dataclass(frozen=True)
class CallSample:
    """One program: its measured call time, the simulated call on the base machine and the simulated
    call's growth per ns of each fixed cost."""

    program: str
    measured_ns: float
    base_ns: float
    sensitivity: dict[str, float]


def fit_fixed_costs(samples: Sequence[CallSample], knobs: Sequence[str]) -> dict[str, float]:
    """Non-negative fixed costs (ns) for ``knobs`` that best explain ``measured - base`` (relative error).

    Examples
    --------
    >>> s = [CallSample("a", 1000 + 3 * 50 + 1 * 200, 1000, {"submit": 3, "wake": 1}),
    ...      CallSample("b", 500 + 1 * 50 + 2 * 200, 500, {"submit": 1, "wake": 2})]
    >>> {k: round(v, 3) for k, v in fit_fixed_costs(s, ["submit", "wake"]).items()}
    {'submit': 50.0, 'wake': 200.0}
    """
    if not samples:
        raise InputError("cannot fit fixed costs: no measured calls")
    a = np.array([[s.sensitivity.get(k, 0.0) / s.measured_ns for k in knobs] for s in samples])
    b = np.array([(s.measured_ns - s.base_ns) / s.measured_ns for s in samples])
    norms = np.linalg.norm(a, axis=0)
    norms[norms == 0] = 1.0
    x = nnls(a / norms, b) / norms
    return {k: float(v) for k, v in zip(knobs, x)}


def summarize_errors(errors: Sequence[float]) -> dict[str, float]:
    """Median and worst absolute relative error (0.1 is 10%).

    Examples
    --------
    >>> summarize_errors([0.1, -0.3, 0.05])
    {'median_abs': 0.1, 'worst_abs': 0.3, 'count': 3}
    """
    absolute = [abs(e) for e in errors if math.isfinite(e)]
    if not absolute:
        return {"median_abs": float("nan"), "worst_abs": float("nan"), "count": 0}
    return {
        "median_abs": round(float(statistics.median(absolute)), 6),
        "worst_abs": round(max(absolute), 6),
        "count": len(absolute),
    }
