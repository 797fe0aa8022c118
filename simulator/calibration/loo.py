"""Leave-one-out fits that share their work: minutes for a series of fits rather than hours.

A fit (:func:`simulator.calibration.run.fit_machine`) simulates every program it is fitted on about a
dozen times: once at zero costs for the dispatches' features, then once per fixed cost (the call's
sensitivity to it, probed) and once at the fitted dispatch model, and once more for the fit's own
errors. A leave-one-out series fits on all programs but one, for each program, so almost all of that
work is repeated. What does not depend on which program is left out is done once (:func:`prepare`):

- each program's dispatch samples at zero costs (the features do not depend on the fit at all);
- each program's sensitivity to each fixed cost, linearised once at the dispatch model fitted on every
  program. On local-sync (inline execution) the call is linear in the fixed costs with coefficients
  that count events (submissions, waits, ...), whatever the dispatches cost, so this is exact; on
  local-task a cost that overlaps other work has a sensitivity that depends a little on the dispatches'
  durations, which leaving one program out moves little.

Each fit (:func:`fit_without`) then fits the dispatch model on the kept programs' samples and simulates
each kept program once at that model and zero fixed costs (the call the fixed costs are fitted against),
a twelfth of the full fit's simulations.

The fit's options are :func:`~simulator.calibration.run.fit_machine`'s, given once to :func:`prepare`
and kept for every fit: ``release_cost`` (a release's cost fitted apart from an allocation's, by default: its
sensitivity probed apart, and the knob fitted), ``split_workgroups``, ``dynamic_factor``, ``worker_pool`` and
``ragged_rows`` (the dispatch model's), so that a leave-one-out series is made with the options the held-out fit
was made with.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from simulator.calibration import tiles
from simulator.calibration.fit import (
    CallSample,
    DispatchFit,
    DispatchSample,
    fit_dispatch_model,
    fit_fixed_costs,
)
from simulator.calibration.pairing import dispatch_samples
from simulator.calibration.provenance import device_workers
from simulator.calibration.run import (
    Case,
    call_fitted,
    call_samples,
    fit_call_ns,
    fitted_dispatches,
    fitted_knobs,
    simulate_case,
    with_costs,
)
from simulator.errors import InputError
from simulator.machine import Machine

Entry = tuple[Case, pathlib.Path, dict[str, Any]]


@dataclass(frozen=True)
class Prepared:
    """What a series of fits on subsets of the same programs shares: the base machine, each program's
    dispatch samples at zero costs and its call's sensitivity to each fixed cost (ns per ns), and the
    fit's options (:func:`prepare`'s)."""

    base: dict[str, Any]
    workers: int
    row_tile: int
    samples: dict[str, tuple[DispatchSample, ...]]
    sensitivity: dict[str, dict[str, float]]
    release_cost: bool = True
    split_workgroups: bool = False
    dynamic_factor: bool = False
    worker_pool: bool = False
    ragged_rows: bool = True

    def dispatch_model(self, samples: Sequence[DispatchSample]) -> DispatchFit:
        """The dispatch model fitted on ``samples`` with these fits' options."""
        return fit_dispatch_model(
            samples,
            workers=self.workers,
            row_tile=self.row_tile,
            split_workgroups=self.split_workgroups,
            dynamic_factor=self.dynamic_factor,
            worker_pool=self.worker_pool,
            ragged_rows=self.ragged_rows,
        )


def prepare(
    base: dict[str, Any],
    entries: Sequence[Entry],
    device: str,
    progress: Callable[[str], None] | None = None,
    *,
    workers: int | None = None,
    release_cost: bool = True,
    split_workgroups: bool = False,
    dynamic_factor: bool = False,
    worker_pool: bool = False,
    ragged_rows: bool = True,
) -> Prepared:
    """Simulate ``entries`` once at zero costs and linearise their calls once, at the dispatch model
    fitted on all of them. ``workers``: the HAL device's worker pool (:func:`~simulator.calibration.
    provenance.device_workers` of ``device`` when None); ``release_cost``, ``split_workgroups``,
    ``dynamic_factor``, ``worker_pool`` and ``ragged_rows``: :func:`~simulator.calibration.run.fit_machine`'s
    options, kept for every fit."""
    names = [case.name for case, _, _ in entries]
    if len(set(names)) != len(names):
        raise InputError(
            f"leave-one-out: programs named twice: {sorted({n for n in names if names.count(n) > 1})}"
        )
    if workers is None:
        workers = device_workers(device)
    row_tile = tiles.row_tile(device) if device else 1
    zero = with_costs(base, None, {})
    samples = {}
    for case, ir, measured in entries:
        if progress is not None:
            progress(f"features of {case.name}")
        samples[case.name] = tuple(
            dispatch_samples(fitted_dispatches(measured, device), simulate_case(case, ir, zero))
        )
    unlinearised = Prepared(
        base, workers, row_tile, samples, {}, release_cost, split_workgroups, dynamic_factor, worker_pool, ragged_rows
    )
    every = unlinearised.dispatch_model([s for v in samples.values() for s in v])
    calls = call_samples(entries, base, every, progress, release=release_cost)
    return replace(unlinearised, sensitivity={c.program: dict(c.sensitivity) for c in calls})


def fit_without(
    prepared: Prepared,
    entries: Sequence[Entry],
    left_out: Collection[str],
    progress: Callable[[str], None] | None = None,
) -> Machine:
    """The machine fitted on ``entries`` but those named in ``left_out``: the dispatch model on the
    kept programs' samples, then the fixed costs against each kept call simulated at that model (zero
    fixed costs) with the prepared sensitivities. Every entry must have been prepared."""
    missing = sorted(case.name for case, _, _ in entries if case.name not in prepared.samples)
    if missing:
        raise InputError(f"leave-one-out: programs not prepared: {missing}")
    kept = [e for e in entries if e[0].name not in left_out]
    if not kept:
        raise InputError("leave-one-out: every program is left out")
    dispatch = prepared.dispatch_model([s for case, _, _ in kept for s in prepared.samples[case.name]])
    at_zero = with_costs(prepared.base, dispatch, {})
    calls = []
    for case, ir, measured in call_fitted(kept):
        if progress is not None:
            progress(case.name)
        calls.append(
            CallSample(
                case.name,
                fit_call_ns(measured),
                float(simulate_case(case, ir, at_zero)["call_ns"]),
                prepared.sensitivity[case.name],
            )
        )
    costs = fit_fixed_costs(calls, fitted_knobs(prepared.workers, prepared.release_cost))
    return with_costs(prepared.base, dispatch, costs)
