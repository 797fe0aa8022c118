"""Simulating the calibration programs, and fitting a machine file from them.

The cases and their measurement are :mod:`simulator.calibration.measure`'s (re-exported here: this
module's names before the split). :func:`simulate_case` runs a case's stream IR in the simulator and
returns the call time and each dispatch's features (flops, bytes), located at its ``stream.cmd.dispatch``
as :func:`~simulator.calibration.measure.measure_case` locates the measured ones, so
:func:`~simulator.calibration.pairing.dispatch_samples` can pair them by location. :func:`fit_machine`
makes the whole fit: dispatch model first, then the fixed costs by linearising the simulator
(:mod:`simulator.calibration.fit`), and returns the machine as a TOML-ready dict with the fit's
provenance.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Sequence
from typing import Any

from simulator.calibration import tiles
from simulator.calibration.fit import (
    CallSample,
    DispatchFit,
    DispatchSample,
    fit_dispatch_model,
    fit_fixed_costs,
    summarize_errors,
)
from simulator.calibration.measure import (
    Case,
    benchmark_case,
    case_key,
    fixture_case,
    measure_case,
    measure_rounds,
    module_of,
    profile_dispatches,
    stale_reason,
    stream_ir_of,
)
from simulator.calibration.pairing import dispatch_samples
from simulator.calibration.provenance import device_workers
from simulator.costs import Calibration, CostModel, DispatchCost
from simulator.errors import ProfileError
from simulator.machine import DeviceSpec, Machine, machine_from_dict
from simulator.program import load_program
from simulator.values_io import parse_input

# This module's names; Case to stream_ir_of are simulator.calibration.measure's since the split, re-exported.
__all__ = [
    "benchmark_case",
    "CALL_RANK",
    "call_fitted",
    "call_samples",
    "Case",
    "case_key",
    "case_distribution",
    "case_masked",
    "case_partials",
    "case_vector_tiles",
    "fit_call_ns",
    "fit_machine",
    "fitted_dispatches",
    "fitted_knobs",
    "fixture_case",
    "KNOBS",
    "measure_case",
    "measure_rounds",
    "model_table",
    "module_of",
    "OPTIONAL_KNOBS",
    "POOL_KNOBS",
    "profile_dispatches",
    "ranked",
    "refine_fixed_costs",
    "simulate_case",
    "stale_reason",
    "stream_ir_of",
    "with_costs",
]

#: Fixed costs fitted on call times: (table, field) of the machine file. The device's queue-op cost
#: (alloca, dealloca, queue fill/copy) is left at the base machine's 0: on an out-of-order queue
#: (``in_order = false``) allocas submitted closer together than it overlap on the queue's one trace
#: track, which the trace checks reject (a fitted local-task machine did), and on these CPU devices the
#: host's costs per op and per submission already carry an alloca's cost.
KNOBS: tuple[tuple[str, str], ...] = (
    ("host", "op_cost_ns"),
    ("host", "call_cost_ns"),
    ("host", "record_cost_ns"),
    ("host", "submit_cost_ns"),
    ("host", "wake_cost_ns"),
    ("host", "rerecord_cost_ns"),
    ("host", "rerecord_dispatch_cost_ns"),
    ("host", "rerecord_binding_cost_ns"),
    ("host", "barrier_cost_ns"),
    ("host", "alloca_cost_ns"),
    ("host", "dealloca_cost_ns"),
    ("host", "inner_call_cost_ns"),
    ("host", "dispatch_cost_ns"),
)
_PROBE_NS = 1000
#: Fitted only for a device with a pool of workers: issuing a dispatch to them (local-sync runs it inline),
#: and a release apart from an allocation (local-task retires a release as a queue barrier on a worker after
#: the work it awaits; local-sync runs both inline on the submitting thread, at one cost).
POOL_KNOBS = frozenset({"host.dispatch_cost_ns", "host.dealloca_cost_ns"})
#: Fitted by default, left out when asked (:func:`fit_machine`'s ``release_cost=False``, the commands'
#: ``--no-release-cost``): a release's cost apart from an allocation's. On the AMD host's local-task data
#: it brings the held-out fixtures within 15% from 49 to 54 of 64 (the runs of record), and every AMD
#: evaluation since agrees (a later quiet run's own suite predicting its fixtures: 33 to 38); on the
#: Intel host's, measured at load 10-13, from 57 to 54.
#: When not fitted, such a knob is left unset (the machine's field ``None``: another cost stands in; a
#: release not fitted apart costs what an allocation does).
OPTIONAL_KNOBS = frozenset({"host.dealloca_cost_ns"})


#: Which of each program's round minima the fixed costs are fitted on (:func:`fit_machine`'s ``call_rank``,
#: :func:`~simulator.calibration.rounds.ranked_call_ns`): 1, the call's minimum.
CALL_RANK = 1


def fitted_knobs(workers: int, release: bool = True) -> list[str]:
    """The ``table.field`` names of :data:`KNOBS` fitted for a device of ``workers`` workers (others: 0),
    :data:`OPTIONAL_KNOBS` only with ``release``.

    >>> "host.dispatch_cost_ns" in fitted_knobs(1), "host.dispatch_cost_ns" in fitted_knobs(2)
    (False, True)
    >>> "host.dealloca_cost_ns" in fitted_knobs(2), "host.dealloca_cost_ns" in fitted_knobs(2, release=False)
    (True, False)
    """
    return [
        name
        for name in (f"{t}.{k}" for t, k in KNOBS)
        if (workers > 1 or name not in POOL_KNOBS) and (release or name not in OPTIONAL_KNOBS)
    ]


def _inputs(case: Case) -> list[Any]:
    return [parse_input(spec) for spec in case.inputs]


_MODULES: dict[pathlib.Path, Any] = {}


def _module(stream_ir: pathlib.Path) -> Any:
    """The parsed stream IR, once per file per process (pretty text goes through IREE's parser)."""
    module = _MODULES.get(stream_ir)
    if module is None:
        module = _MODULES[stream_ir] = load_program(stream_ir)
    return module


class _RecordingCosts(CostModel):
    """The session's cost model, remembering what each dispatch cost: the trace keeps flops and bytes
    but not the transcendental count the fit needs."""

    def __init__(
        self,
        partials: dict[str, int] | None = None,
        masked: dict[str, int] | None = None,
        distribution: dict[str, tuple[int, ...]] | None = None,
        vector_tiles: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] | None = None,
    ) -> None:
        table: dict[str, dict[str, float]] = {}
        for key, counts in (("partial_vectors", partials), ("masked_lanes", masked)):
            for name, n in (counts or {}).items():
                table.setdefault(name, {})[key] = float(n)
        super().__init__(Calibration(table, "IREE's executable configurations") if table else None)
        self.partials: dict[tuple[str, int, int], int] = {}
        self.masked: dict[tuple[str, int, int], int] = {}
        self.transcendentals: dict[tuple[str, int, int], int] = {}
        self.math: dict[tuple[str, int, int], tuple[tuple[str, int], ...]] = {}
        self.rows: dict[tuple[str, int, int], int] = {}
        self.kinds: dict[tuple[str, int, int], str] = {}
        self.distribution = distribution or {}
        self.counts: dict[tuple[str, int, int], int] = {}
        self.vector_tiles = vector_tiles or {}
        self.ragged: dict[tuple[str, int, int], int] = {}

    def workgroups(self, names: tuple[str, ...], cost: DispatchCost) -> int:
        """The dispatch's workgroups in IREE's compile (:func:`~simulator.calibration.tiles.workgroup_count`
        of its ``distribution`` tile; a dynamic extent from its workload), else the table's."""
        tile = self.distribution.get(names[0]) if names else None
        if tile is not None:
            count = tiles.workgroup_count(names[0], tile, cost.workload)
            if count:
                return count
        return super().workgroups(names, cost)

    def ragged_rows(self, names: tuple[str, ...], cost: DispatchCost) -> int:
        """The softmax rows ending in a partial vector in IREE's compile (:func:`~simulator.calibration.tiles.
        ragged_rows` of its vector tiles; a dynamic extent from its workload), else the table's."""
        tile = self.vector_tiles.get(names[0]) if names else None
        if tile is not None:
            count = tiles.ragged_rows(names[0], tile[0], tile[1], cost.workload)
            if count:
                return count
        return super().ragged_rows(names, cost)

    def dispatch_ns(self, device: DeviceSpec, names: tuple[str, ...], cost: DispatchCost) -> int:
        key = (names[0] if names else "", cost.flops, cost.bytes_read + cost.bytes_written)
        self.transcendentals[key] = cost.transcendentals
        self.math[key] = cost.math
        self.rows[key] = cost.dynamic_rows
        self.kinds[key] = cost.kind
        self.partials[key] = self.partial_vectors(names)
        self.masked[key] = self.masked_lanes(names)
        self.counts[key] = self.workgroups(names, cost)
        self.ragged[key] = self.ragged_rows(names, cost)
        return super().dispatch_ns(device, names, cost)


def case_masked(stream_ir: pathlib.Path, device: str = "local-task") -> dict[str, int]:
    """Each export's masked vector lanes (:func:`~simulator.calibration.tiles.stream_masked`) in IREE's
    compile of ``stream_ir`` for ``device``, or none without IREE's tools (the model then prices none)."""
    try:
        return tiles.stream_masked(stream_ir, device)
    except ProfileError:
        return {}


def case_distribution(stream_ir: pathlib.Path, device: str = "local-task") -> dict[str, tuple[int, ...]]:
    """Each export's ``distribution`` tile (:func:`~simulator.calibration.tiles.stream_distribution`) in
    IREE's compile of ``stream_ir`` for ``device``, or none without IREE's tools (no workgroup counts)."""
    try:
        return tiles.stream_distribution(stream_ir, device)
    except ProfileError:
        return {}


def case_vector_tiles(stream_ir: pathlib.Path, device: str = "local-task") -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each export's vector tiles (:func:`~simulator.calibration.tiles.stream_tiles`) in IREE's compile of
    ``stream_ir`` for ``device``, or none without IREE's tools (no ragged softmax rows)."""
    try:
        return tiles.stream_tiles(stream_ir, device)
    except ProfileError:
        return {}


def case_partials(stream_ir: pathlib.Path, device: str = "local-task") -> dict[str, int]:
    """Each export's partial vectors (:func:`~simulator.calibration.tiles.stream_partials`) in IREE's
    compile of ``stream_ir`` for ``device`` (the CPU devices share one target), or none without IREE's
    tools (the model then prices none)."""
    try:
        return tiles.stream_partials(stream_ir, device)
    except ProfileError:
        return {}


def simulate_case(
    case: Case, stream_ir: pathlib.Path, machine: Machine, device: str = "local-task"
) -> dict[str, Any]:
    """Simulate ``case`` with its inputs' data: the call's time and each dispatch's features and
    duration (with each dispatch's partial vectors in IREE's compile for ``device``: :func:`case_partials`). With data, not timing only: a loop or branch on a value read back from the device
    (``stream.resource.load`` feeding ``cf.cond_br``) takes the path IREE's run takes (a timing-only
    run reads zeros and leaves a while loop after one trip)."""
    from simulator.session import Session

    params = dict(p.split("=", 1) for p in case.parameters)
    session = Session(machine)
    costs = session.costs = _RecordingCosts(
        case_partials(stream_ir, device),
        case_masked(stream_ir, device),
        case_distribution(stream_ir, device),
        case_vector_tiles(stream_ir, device),
    )
    result = session.run_sync(
        _module(stream_ir), "main", _inputs(case), parameters=params or None, timing_only=False
    )
    from traces import call_time_ns

    return {
        "call_ns": call_time_ns(result.trace),
        "dispatches": [
            {
                "name": s.name,
                "loc": s.args.get("loc"),
                "flops": int(s.args.get("flops", 0)),
                "bytes": int(s.args.get("bytes", 0)),
                "transcendentals": costs.transcendentals.get(_key(s), 0),
                "math": dict(costs.math.get(_key(s), ())),
                "dynamic_rows": costs.rows.get(_key(s), 0),
                "kind": costs.kinds.get(_key(s), ""),
                "partial": costs.partials.get(_key(s), 0),
                "masked": costs.masked.get(_key(s), 0),
                "workgroups": costs.counts.get(_key(s), 0),
                "ragged": costs.ragged.get(_key(s), 0),
                "dur_ns": s.dur_ns,
            }
            for s in result.trace.iter_spans()
            if s.category == "dispatch" and s.args.get("op") == "stream.cmd.dispatch"
        ],
    }


def _key(span: Any) -> tuple[str, int, int]:
    return (span.name, int(span.args.get("flops", 0)), int(span.args.get("bytes", 0)))


def with_costs(base: dict[str, Any], dispatch: DispatchFit | None, costs: dict[str, float]) -> Machine:
    """The machine ``base`` (TOML dict, one device) with the dispatch model and fixed costs set."""
    data = _deep_copy(base)
    _set_knobs(data, costs)
    if dispatch is not None:
        data["devices"][0]["dispatch_model"] = model_table(dispatch)
    return machine_from_dict(data, source=str(data.get("name", "calibrated")))


def _set_knobs(data: dict[str, Any], costs: dict[str, float]) -> None:
    """Write each of :data:`KNOBS` into the machine dict ``data``: its cost in ``costs`` (ns, rounded), 0
    when not given, except that one of :data:`OPTIONAL_KNOBS` not given is left as it is."""
    for table, key in KNOBS:
        name = f"{table}.{key}"
        if name in OPTIONAL_KNOBS and name not in costs:
            continue
        target = data.setdefault("host", {}) if table == "host" else data["devices"][0]
        target[key] = int(round(costs.get(name, 0.0)))


def model_table(dispatch: DispatchFit) -> dict[str, Any]:
    """The ``[devices.dispatch_model]`` table of a fit (keys sorted: the file is deterministic)."""
    m = dispatch.model
    return {
        "overhead_ns": dict(sorted(m.overhead_ns.items())),
        "ns_per_flop": dict(sorted(m.ns_per_flop.items())),
        "ns_per_byte": dict(sorted(m.ns_per_byte.items())),
        "ns_per_transcendental": dict(sorted(m.ns_per_transcendental.items())),
        **({"ns_per_math": dict(sorted(m.ns_per_math.items()))} if m.ns_per_math else {}),
        **({"shape_scale": dict(sorted(m.shape_scale.items()))} if m.shape_scale else {}),
        **({"shape_flops": dict(sorted(m.shape_flops.items()))} if m.shape_flops else {}),
        **({"workers": m.workers, "worker_wake_ns": m.worker_wake_ns} if m.workers > 1 else {}),
        **({"floor_ns": m.floor_ns} if m.floor_ns else {}),
        **({"row_tile": m.row_tile} if m.row_tile > 1 else {}),
        **({"ns_per_partial": m.ns_per_partial} if m.ns_per_partial else {}),
        **({"ns_per_masked": m.ns_per_masked} if m.ns_per_masked else {}),
        **({"split_workgroups": True} if m.split_workgroups else {}),
        **({"worker_pool": True} if m.worker_pool else {}),
        **({"ns_per_ragged": m.ns_per_ragged} if m.ns_per_ragged else {}),
    }


def _deep_copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_copy(v) for v in value]
    return value


def call_fitted(entries: Sequence[tuple[Case, pathlib.Path, dict[str, Any]]]) -> list[tuple[Case, pathlib.Path, dict[str, Any]]]:
    """The entries whose calls the fixed costs are fitted on: all but a case whose ``fixed_costs`` is
    False (a program measured for its dispatches alone: :attr:`~simulator.calibration.suite.Benchmark.
    fixed_costs`). :func:`call_samples` and the leave-one-out fits (:mod:`simulator.calibration.loo`)
    both take them from here."""
    return [e for e in entries if e[0].fixed_costs]


def call_samples(
    cases: Sequence[tuple[Case, pathlib.Path, dict[str, Any]]],
    base: dict[str, Any],
    dispatch: DispatchFit,
    progress: Callable[[str], None] | None = None,
    at: dict[str, float] | None = None,
    release: bool = True,
) -> list[CallSample]:
    """Linearise the simulated call of each (case, stream IR, measurement) around the fixed costs
    ``at`` (knob -> ns; zero when None): each knob's sensitivity is the growth of the call when that
    knob alone grows by ``_PROBE_NS``, and the sample's ``base_ns`` is the call extrapolated to zero
    costs along those sensitivities (so that :func:`fit_fixed_costs` solves for the costs themselves).
    A case whose ``fixed_costs`` is False gives none (:func:`call_fitted`). ``release``: the knobs
    :func:`fitted_knobs` fits with ``release``."""
    # every fitted knob given (0 when ``at`` has none): a knob left unset would take another's figure
    knobs = fitted_knobs(dispatch.model.workers, release)
    point = {**dict.fromkeys(knobs, 0.0), **(at or {})}
    here = with_costs(base, dispatch, point)
    probes = {
        knob: with_costs(base, dispatch, {**point, knob: float(round(point.get(knob, 0.0))) + _PROBE_NS})
        for knob in knobs
    }
    out = []
    for case, stream_ir, measured in call_fitted(cases):
        if progress is not None:
            progress(case.name)
        here_ns = float(simulate_case(case, stream_ir, here)["call_ns"])
        sens = {
            knob: (simulate_case(case, stream_ir, m)["call_ns"] - here_ns) / _PROBE_NS
            for knob, m in probes.items()
        }
        base_ns = here_ns - sum(sens[k] * round(point.get(k, 0.0)) for k in sens)
        out.append(CallSample(case.name, fit_call_ns(measured), base_ns, sens))
    return out


def fit_call_ns(measured: dict[str, Any]) -> float:
    """The call time the fixed costs are fitted on: ``fit_call_ns`` when :func:`ranked` set it, else the
    call's minimum.

    >>> fit_call_ns({"call_ns": {"min_ns": 80}}), fit_call_ns({"call_ns": {"min_ns": 80}, "fit_call_ns": 90})
    (80.0, 90.0)
    """
    return float(measured.get("fit_call_ns", measured["call_ns"]["min_ns"]))


def ranked(
    cases: Sequence[tuple[Case, pathlib.Path, dict[str, Any]]], rank: int
) -> list[tuple[Case, pathlib.Path, dict[str, Any]]]:
    """``cases`` with each measurement's ``fit_call_ns`` set to its ``rank``-th lowest round minimum
    (:func:`~simulator.calibration.rounds.ranked_call_ns`; copies: the measurements are left as they
    are). The dispatch model is fitted on the dispatches' minima whatever the rank."""
    from simulator.calibration.rounds import ranked_call_ns

    return [(c, ir, {**m, "fit_call_ns": ranked_call_ns(m, rank)}) for c, ir, m in cases]


def _call_errors(cases: Sequence[tuple[Case, pathlib.Path, dict[str, Any]]], machine: Machine) -> list[float]:
    return [simulate_case(case, ir, machine)["call_ns"] / fit_call_ns(measured) - 1.0 for case, ir, measured in cases]


def _squares(errors: Sequence[float]) -> float:
    return float(sum(e * e for e in errors))


def refine_fixed_costs(
    cases: Sequence[tuple[Case, pathlib.Path, dict[str, Any]]],
    base: dict[str, Any],
    dispatch: DispatchFit,
    costs: dict[str, float],
    rounds: int,
    progress: Callable[[str], None] | None = None,
    release: bool = True,
) -> tuple[dict[str, float], list[float]]:
    """Gauss-Newton on the fixed costs: linearise the simulator again at ``costs`` (:func:`call_samples`
    with ``at``), fit, and keep the new costs only when the simulated calls' squared relative error
    falls; at most ``rounds`` times. The fit at zero costs prices each cost as if it were paid on the
    critical path; at the fitted point a cost that overlaps other work (the host recording while the
    device runs) has a smaller sensitivity, which the fit linearised at zero cannot see. Returns the
    costs kept and their call errors."""
    knobs = fitted_knobs(dispatch.model.workers, release)
    current = {k: float(round(costs.get(k, 0.0))) for k in knobs}
    errors = _call_errors(cases, with_costs(base, dispatch, current))
    for _ in range(rounds):
        step = fit_fixed_costs(call_samples(cases, base, dispatch, progress, at=current, release=release), knobs)
        candidate = {k: float(round(v)) for k, v in step.items()}
        if candidate == current:
            break
        trial = _call_errors(cases, with_costs(base, dispatch, candidate))
        if _squares(trial) >= _squares(errors):
            break
        current, errors = candidate, trial
    return current, errors


def fitted_dispatches(measured: dict[str, Any], device: str) -> dict[str, Any]:
    """The measurement the dispatch fit uses: on ``local-sync`` (one call runs its dispatches one after
    another) dispatch minima bounded by the call's minimum (:func:`~simulator.calibration.rounds.
    within_call`); as measured on other devices, whose workers may overlap a call's dispatches."""
    from simulator.calibration.rounds import within_call

    return within_call(measured) if device == "local-sync" else measured


def fit_machine(
    base: dict[str, Any],
    cases: Sequence[tuple[Case, pathlib.Path, dict[str, Any]]],
    *,
    provenance: dict[str, Any],
    progress: Callable[[str], None] | None = None,
    workers: int | None = None,
    row_tile: int | None = None,
    refine: int = 0,
    call_rank: int = CALL_RANK,
    split_workgroups: bool = False,
    dynamic_factor: bool = False,
    release_cost: bool = True,
    worker_pool: bool = False,
    ragged_rows: bool = True,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Fit the dispatch model and the fixed costs on ``cases`` (with their measurements); the machine
    as a TOML-ready dict and a report of the fit (errors on the training programs). ``workers`` is the
    HAL device's worker pool (:func:`~simulator.calibration.provenance.device_workers` of the
    provenance's device when None); ``row_tile`` IREE's vector tile of a loop over a dynamic dimension
    (:func:`~simulator.calibration.tiles.row_tile` for the provenance's device when None). ``refine``:
    rounds of :func:`refine_fixed_costs` after the fit linearised at zero costs. ``call_rank``: the fixed
    costs are fitted on each program's ``call_rank``-th lowest round minimum (:func:`ranked`; 1, the
    minimum), recorded in the provenance when not 1. ``split_workgroups`` and ``dynamic_factor``: the
    dispatch model's options (:func:`~simulator.calibration.fit.fit_dispatch_model`; the first written as
    its ``split_workgroups``). ``worker_pool``: the dispatch model runs a region's workgroups as IREE's
    workers claim them (``DispatchModelSpec.worker_pool``, an option). ``release_cost`` (on by default): a release's cost fitted apart from an
    allocation's (on a device with workers: :data:`OPTIONAL_KNOBS`), recorded in the provenance
    (``fitted_apart``) when fitted. ``ragged_rows`` (on by default): the dispatch model prices ragged softmax
    rows (:func:`~simulator.calibration.fit.fit_dispatch_model`'s option)."""
    device = str(provenance.get("device", ""))
    if call_rank != 1:
        cases = ranked(cases, call_rank)
    if workers is None:
        workers = device_workers(device)
    if row_tile is None:
        row_tile = tiles.row_tile(device) if device else 1
    samples: list[DispatchSample] = []
    for case, stream_ir, measured in cases:
        samples += dispatch_samples(
            fitted_dispatches(measured, device), simulate_case(case, stream_ir, with_costs(base, None, {}))
        )
    dispatch = fit_dispatch_model(
        samples,
        workers=workers,
        row_tile=row_tile,
        split_workgroups=split_workgroups,
        dynamic_factor=dynamic_factor,
        worker_pool=worker_pool,
        ragged_rows=ragged_rows,
    )
    knobs = fitted_knobs(workers, release_cost)
    calls = call_samples(cases, base, dispatch, progress, release=release_cost)
    costs = fit_fixed_costs(calls, knobs)
    if refine:
        costs, _ = refine_fixed_costs(cases, base, dispatch, costs, refine, progress, release_cost)
    data = _deep_copy(base)
    _set_knobs(data, costs)
    data["devices"][0]["dispatch_model"] = model_table(dispatch)
    # The errors are those of the machine as written (integer fixed costs), so that loading the file
    # again reproduces them exactly.
    machine = machine_from_dict(_deep_copy(data), source=str(data.get("name", "calibrated")))
    call_errors = _call_errors(cases, machine)
    dispatch_summary = summarize_errors(dispatch.relative_errors)
    call_summary = summarize_errors(call_errors)
    data["calibration"] = {
        **provenance,
        **({"call_rank": call_rank} if call_rank != 1 else {}),
        **({"fitted_apart": apart} if (apart := sorted(OPTIONAL_KNOBS.intersection(knobs))) else {}),
        "programs": [case.name for case, _, _ in cases],
        "dispatches_fitted": dispatch.samples,
        "dispatch_median_abs_error": dispatch_summary["median_abs"],
        "dispatch_worst_abs_error": dispatch_summary["worst_abs"],
        "call_median_abs_error": call_summary["median_abs"],
        "call_worst_abs_error": call_summary["worst_abs"],
        # predicted / measured - 1 of each program's call, in the order of ``programs``.
        "call_errors": [round(e, 4) for e in call_errors],
    }
    report = {
        "dispatch": dispatch_summary,
        "call": call_summary,
        "call_errors": {case.name: round(e, 4) for (case, _, _), e in zip(cases, call_errors)},
        "fixed_costs_ns": costs,
    }
    return data, report
