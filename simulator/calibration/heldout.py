"""Scoring a fitted machine on programs it was not fitted on: the fits, prediction rows, goals and tables.

:func:`fit_on` fits a machine on some programs' measurements; :func:`leave_one_out` fits one for each
program, on the others (sharing their work: :mod:`simulator.calibration.loo`). A row
(:func:`predict_rows`) is a program's measured call minimum against the machine's simulated call, with
its dispatches' errors (each measured dispatch minimum paired with its simulated dispatch:
:func:`~simulator.calibration.pairing.pair_dispatches`). :func:`prediction_rows` makes the rows of many
programs, leaving out (and naming) one the simulator cannot run. :func:`print_table` prints them with the
held-out call and per-dispatch |error| medians and, given a device's goal (:data:`GOALS`, issue 16's Must
show), how many programs are within it; :func:`ratio_table` scores predicted ratios of two calls (a
favor variant to its default compile: :func:`variant_ratios`; one device to another:
:func:`device_ratios`). Used by ``benchmarks/accuracy.py`` (the fixtures held out from the calibration
suite) and ``benchmarks/calibrate.py report``.

A program's variants (the fixtures compiled with another ``--iree-stream-partitioning-favor``) are
named ``<program>``\\ :data:`SEP`\\ ``<variant>``.
"""

from __future__ import annotations

import pathlib
import statistics
import sys
from collections.abc import Callable, Sequence
from typing import Any

from simulator.calibration import loo
from simulator.calibration.fit import summarize_errors
from simulator.calibration.pairing import pair_dispatches
from simulator.calibration.provenance import base_machine, provenance
from simulator.calibration.run import CALL_RANK, Case, fit_machine, ranked, simulate_case
from simulator.errors import InputError, SimulationError
from simulator.machine import Machine, machine_from_dict

Entry = tuple[Case, pathlib.Path, dict[str, Any]]

#: between a program's name and its variant's (IREE's tools read ``@`` in a module path specially).
SEP = "~"

#: The Must show's goal for a fixture's call time, per device (|predicted / measured - 1|).
GOALS = {"local-sync": 0.10, "local-task": 0.15}


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def base_name(name: str) -> str:
    """The program a variant's ``name`` is of (``name`` itself for a default compile).

    >>> base_name("mlp~debug"), base_name("mlp")
    ('mlp', 'mlp')
    """
    return name.split(SEP, 1)[0]


def fit_on(
    device: str,
    fit_entries: Sequence[Entry],
    what: str,
    refine: int = 0,
    call_rank: int = CALL_RANK,
    split_workgroups: bool = False,
    dynamic_factor: bool = False,
    release_cost: bool = True,
    worker_pool: bool = False,
    ragged_rows: bool = True,
) -> Machine:
    """A machine fitted on ``fit_entries``; ``refine`` rounds of re-fitting the fixed costs at the
    fitted point (:func:`simulator.calibration.run.refine_fixed_costs`); the fixed costs fitted on each
    program's ``call_rank``-th lowest round minimum (:func:`simulator.calibration.run.ranked`);
    ``split_workgroups``, ``dynamic_factor``, ``worker_pool`` and ``ragged_rows``: the dispatch model's options; ``release_cost``: a release
    priced apart from an allocation (on by default: :func:`~simulator.calibration.run.fit_machine`)."""
    head = provenance(
        device, f"held out: fitted on {what}" + (f", refined {refine}x" if refine else "")
    )
    data = fit_data(
        device,
        fit_entries,
        head,
        refine=refine,
        call_rank=call_rank,
        split_workgroups=split_workgroups,
        dynamic_factor=dynamic_factor,
        release_cost=release_cost,
        worker_pool=worker_pool,
        ragged_rows=ragged_rows,
    )
    return machine_from_dict(data, source=f"fitted on {what}")


def fit_data(
    device: str,
    fit_entries: Sequence[Entry],
    head: dict[str, Any],
    *,
    refine: int = 0,
    call_rank: int = CALL_RANK,
    split_workgroups: bool = False,
    dynamic_factor: bool = False,
    workers: int | None = None,
    release_cost: bool = True,
    worker_pool: bool = False,
    ragged_rows: bool = True,
) -> dict[str, Any]:
    """:func:`fit_on`'s fit as a machine file's dict (``head``: its ``[calibration]`` table's head), from
    :func:`~simulator.calibration.provenance.base_machine`; ``workers``: the HAL device's worker pool
    (this host's when None, as :func:`fit_on` fits), the base machine's copy engines too. The shipped presets are this fit of the committed
    measurements (``benchmarks/calibrate.py presets``), so that they predict what the held-out report says."""
    data, _ = fit_machine(
        base_machine(device, workers),
        fit_entries,
        provenance=head,
        workers=workers,
        refine=refine,
        call_rank=call_rank,
        split_workgroups=split_workgroups,
        dynamic_factor=dynamic_factor,
        release_cost=release_cost,
        worker_pool=worker_pool,
        ragged_rows=ragged_rows,
    )
    return data


def leave_one_out(
    device: str,
    train: Sequence[Entry],
    defaults: Sequence[Entry],
    *,
    exact: bool = False,
    refine: int = 0,
    call_rank: int = CALL_RANK,
    split_workgroups: bool = False,
    dynamic_factor: bool = False,
    release_cost: bool = True,
    worker_pool: bool = False,
    ragged_rows: bool = True,
) -> dict[str, Machine]:
    """For each fixture of ``defaults``, a machine fitted on ``train`` and every other fixture. By
    default the fits share the programs' features and fixed-cost sensitivities
    (:mod:`simulator.calibration.loo`: exact on local-sync, linearised once on local-task); ``exact``
    makes each fit from scratch (:func:`fit_on`, with ``refine``), a dozen times slower. Each fit's fixed
    costs on each program's ``call_rank``-th lowest round minimum, and with :func:`fit_on`'s options
    ``split_workgroups``, ``dynamic_factor``, ``worker_pool``, ``release_cost`` and ``ragged_rows``: the held-out fit's."""
    machines: dict[str, Machine] = {}
    if not exact:
        everything = ranked([*train, *defaults], call_rank) if call_rank != 1 else [*train, *defaults]
        _log(f"{device}: leave-one-out: features and sensitivities of {len(everything)} programs")
        prepared = loo.prepare(
            base_machine(device),
            everything,
            device,
            split_workgroups=split_workgroups,
            dynamic_factor=dynamic_factor,
            release_cost=release_cost,
            worker_pool=worker_pool,
            ragged_rows=ragged_rows,
        )
    for case, _, _ in defaults:
        _log(f"{device}: leave-one-out fit without {case.name}")
        if exact:
            others = [e for e in defaults if e[0].name != case.name]
            what = f"the microbenchmarks and the fixtures but {case.name}"
            machines[case.name] = fit_on(
                device,
                [*train, *others],
                what,
                refine,
                call_rank,
                split_workgroups=split_workgroups,
                dynamic_factor=dynamic_factor,
                release_cost=release_cost,
                worker_pool=worker_pool,
                ragged_rows=ragged_rows,
            )
        else:
            machines[case.name] = loo.fit_without(prepared, everything, {case.name})
    return machines


def predict_rows(entries: Sequence[Entry], machine: Machine) -> tuple[list[dict[str, Any]], list[float]]:
    """A row per entry (its call measured and simulated on ``machine``) and every paired dispatch's
    error (simulated / measured minimum - 1), in order."""
    rows: list[dict[str, Any]] = []
    dispatch_errors: list[float] = []
    for case, ir, m in entries:
        sim = simulate_case(case, ir, machine)
        per_prog = [s["dur_ns"] / d["min_ns"] - 1.0 for d, s in pair_dispatches(m, sim) if d["min_ns"] > 0]
        dispatch_errors += per_prog
        c = m["call_ns"]
        sessions = m.get("sessions_ns") or [c["min_ns"]]
        runs = m.get("runs_ns") or []
        rows.append(
            {
                "program": case.name,
                "measured_ns": c["min_ns"],
                "spread": c["median_ns"] / c["min_ns"],
                "sessions": max(sessions) / min(sessions),
                "predicted_ns": sim["call_ns"],
                "error": sim["call_ns"] / c["min_ns"] - 1.0,
                "dispatches": len(m["dispatches"]),
                # merged runs (simulator.calibration.merge): max / min of the runs' call minima
                "runs": max(runs) / min(runs) if len(runs) > 1 else None,
                # each round's (session's) call minimum, in the order measured: round_ratio, split_half
                "sessions_ns": list(sessions),
                "dispatch_median_abs": statistics.median(abs(e) for e in per_prog)
                if per_prog
                else float("nan"),
            }
        )
    return rows, dispatch_errors


def prediction_rows(
    rows_entries: Sequence[Entry],
    machine_for: Callable[[Case], Machine],
    fitted: set[str],
    failed: dict[str, str] | None = None,
) -> tuple[list[dict[str, Any]], list[float]]:
    """A row per entry the machine predicts (``fit``: the machine was fitted on it, its name in
    ``fitted``); an entry whose simulation fails (a bad input, a device failure: the simulator's own
    errors) gets no row, and its reason goes into ``failed`` (name -> message), so that one broken
    program does not end the whole report."""
    rows: list[dict[str, Any]] = []
    dispatch_errors: list[float] = []
    for entry in rows_entries:
        case = entry[0]
        try:
            r, e = predict_rows([entry], machine_for(case))
        except (InputError, SimulationError) as exc:
            if failed is not None:
                failed[case.name] = f"{type(exc).__name__}: {exc}"
            continue
        r[0]["fit"] = case.name in fitted
        rows += r
        dispatch_errors += e
    return rows, dispatch_errors


def left_out_failures(device: str, entries: list[Entry], failed: dict[str, str]) -> list[Entry]:
    """``entries`` without those whose simulation failed, each failure printed (and logged to stderr)
    once."""
    for name, reason in failed.items():
        message = f"{device}: left out (the simulation failed): {name}: {reason}"
        print(f"WARNING: {message}")
        _log(f"WARNING: {message}")
    return [e for e in entries if e[0].name not in failed]


def within_goal(rows: Sequence[dict[str, Any]], goal: float) -> tuple[int, int]:
    """(programs whose held-out call is within ``goal``, programs): default compiles only (not the
    variants), rows not fitted on.

    Examples
    --------
    >>> rows = [{"program": "a", "fit": False, "error": 0.05}, {"program": "b", "fit": False, "error": -0.2},
    ...         {"program": "a~debug", "fit": False, "error": 0.5}, {"program": "c", "fit": True, "error": 0.0}]
    >>> within_goal(rows, 0.10)
    (1, 2)
    """
    held = [r for r in rows if not r["fit"] and SEP not in r["program"]]
    return sum(abs(r["error"]) <= goal for r in held), len(held)


def runs_agree(rows: Sequence[dict[str, Any]], goal: float) -> tuple[int, int]:
    """(fixtures whose runs' call minima are within (1 + goal) / (1 - goal) of each other, fixtures of
    merged runs): default compiles only. Beyond that ratio no single prediction is within ``goal`` of
    every run, so the count is the goal's ceiling that the host's measurements themselves set.

    Examples
    --------
    >>> rows = [{"program": "a", "runs": 1.1}, {"program": "b", "runs": 1.3}, {"program": "a~debug", "runs": 1.0},
    ...         {"program": "c", "runs": None}]
    >>> runs_agree(rows, 0.10)
    (1, 2)
    """
    merged = [r for r in rows if SEP not in r["program"] and r.get("runs") is not None]
    return sum(r["runs"] <= (1 + goal) / (1 - goal) for r in merged), len(merged)


def programs_dispatch_median(rows: Sequence[dict[str, Any]]) -> tuple[float, int]:
    """(median over the programs of their per-dispatch |error| medians, programs): beside the median over
    all dispatches, which one program of many dispatches decides (vmap_while_jax: 335 of the fixtures'
    1,231, one-element maps timed at the profile's 10 ns steps). Programs without a measured dispatch
    are left out.

    Examples
    --------
    >>> rows = [{"dispatch_median_abs": e} for e in (0.3, 0.1, float("nan"), 0.2)]
    >>> programs_dispatch_median(rows)
    (0.2, 3)
    >>> programs_dispatch_median([{"dispatch_median_abs": float("nan")}])
    (nan, 0)
    """
    medians = [r["dispatch_median_abs"] for r in rows if r["dispatch_median_abs"] == r["dispatch_median_abs"]]
    return (statistics.median(medians) if medians else float("nan")), len(medians)


def print_table(
    title: str, rows: list[dict[str, Any]], dispatch_errors: list[float], goal: float | None = None
) -> None:
    """The rows (``fit``: fitted on; ``spread``: median / min of the call's repetitions; ``sess``: max /
    min of the sessions' minima), then the held-out |error| medians and, with ``goal``, the count within
    it (:func:`within_goal`)."""
    print(f"\n{title}")
    print(
        f"{'program':<36} {'fit':>3} {'measured_us':>11} {'spread':>6} {'sess':>5} {'predicted_us':>12}"
        f" {'error':>8} {'disp':>4} {'disp|err|med':>12}"
    )
    for r in rows:
        print(
            f"{r['program'][:36]:<36} {'yes' if r['fit'] else '-':>3} {r['measured_ns'] / 1e3:11.1f}"
            f" {r['spread']:6.2f} {r['sessions']:5.2f} {r['predicted_ns'] / 1e3:12.1f}"
            f" {100 * r['error']:+7.1f}% {r['dispatches']:4d} {100 * r['dispatch_median_abs']:11.1f}%"
        )
    held = [r["error"] for r in rows if not r["fit"]]
    calls = summarize_errors(held)
    disp = summarize_errors(dispatch_errors)
    noise = statistics.median(r["sessions"] for r in rows) if rows else float("nan")
    by_program, programs = programs_dispatch_median(rows)
    print(
        f"held-out call |error|: median {100 * calls['median_abs']:.1f}%, worst {100 * calls['worst_abs']:.1f}%"
        f" over {calls['count']} programs; per-dispatch |error| (all rows): median"
        f" {100 * disp['median_abs']:.1f}%, worst {100 * disp['worst_abs']:.1f}% over {disp['count']}, median of"
        f" the programs' medians {100 * by_program:.1f}% over {programs}; noise floor (median sess) {noise:.3f}"
    )
    if goal is not None:
        inside, count = within_goal(rows, goal)
        print(f"held-out fixtures within {100 * goal:.0f}%: {inside}/{count} (default compiles)")
        agree, merged = runs_agree(rows, goal)
        if merged:
            print(
                f"merged runs: {agree}/{merged} fixtures' call minima within x{(1 + goal) / (1 - goal):.3f} of each"
                f" other, the fixtures one prediction can put within {100 * goal:.0f}% of every run"
            )


def variant_ratios(rows: Sequence[dict[str, Any]]) -> list[tuple[str, float, float]]:
    """(variant, measured, predicted) ratio of each variant's call to its default compile's, for the
    variants whose default compile has a row.

    >>> rows = [{"program": p, "measured_ns": m, "predicted_ns": s}
    ...         for p, m, s in (("a", 10.0, 8.0), ("a~debug", 20.0, 20.0), ("b~debug", 5.0, 5.0))]
    >>> variant_ratios(rows)
    [('a~debug', 2.0, 2.5)]
    """
    by_name = {r["program"]: r for r in rows}
    return [
        (
            r["program"],
            r["measured_ns"] / by_name[base]["measured_ns"],
            r["predicted_ns"] / by_name[base]["predicted_ns"],
        )
        for r in rows
        if SEP in r["program"] and (base := base_name(r["program"])) in by_name
    ]


def device_ratios(
    rows: Sequence[dict[str, Any]], others: Sequence[dict[str, Any]]
) -> list[tuple[str, float, float]]:
    """(program, measured, predicted) ratio of each program's call in ``rows`` to its call in ``others``
    (another device's rows), for the programs both have, by name.

    >>> sync = [{"program": "a", "measured_ns": 10.0, "predicted_ns": 9.0}]
    >>> task = [{"program": "a", "measured_ns": 5.0, "predicted_ns": 6.0},
    ...         {"program": "b", "measured_ns": 1.0, "predicted_ns": 1.0}]
    >>> device_ratios(sync, task)
    [('a', 2.0, 1.5)]
    """
    a = {r["program"]: r for r in rows}
    b = {r["program"]: r for r in others}
    return [
        (name, a[name]["measured_ns"] / b[name]["measured_ns"], a[name]["predicted_ns"] / b[name]["predicted_ns"])
        for name in sorted(set(a) & set(b))
    ]


def round_ratio(a: Sequence[float], b: Sequence[float]) -> float | None:
    """The median over the rounds of ``a``'s round minimum over ``b``'s in the same round (both lists in
    the order measured, one figure a round), or None unless both have the same two or more rounds.

    Two programs measured in the same interleaved rounds (a favor variant and its default compile:
    ``benchmarks/accuracy.py --with-suite``) meet each stretch of the host's speed together, so each
    round's ratio cancels the stretch; the ratio of the two minima over all rounds does not when one
    program met the host's fast state in some round and the other did not (on the AMD host's
    ``favors`` run, onnx_lstm's rounds ran 167-257 us and its debug variant's 86-230 us).

    >>> round_ratio([10, 30, 12], [10, 20, 10])
    1.2
    >>> round_ratio([10, 30], [10]) is None, round_ratio([10], [10]) is None
    (True, True)
    """
    if len(a) != len(b) or len(a) < 2:
        return None
    return float(statistics.median(x / y for x, y in zip(a, b)))


def split_half(a: Sequence[float], b: Sequence[float]) -> float | None:
    """How far the ratio of two programs' call minima moves with the rounds it is taken over: the ratio
    of the minima over the even rounds against that over the odd rounds, ``|even / odd - 1|`` (rounds
    in the order measured, one figure a round), or None with fewer than two rounds each. A measured
    ratio whose two halves disagree by more than a goal cannot check a prediction to that goal.

    >>> round(split_half([10, 12, 11, 12], [10, 10, 10, 10]), 6)
    0.2
    >>> split_half([10], [10, 11]) is None
    True
    """
    if len(a) < 2 or len(b) < 2:
        return None
    even = min(a[0::2]) / min(b[0::2])
    odd = min(a[1::2]) / min(b[1::2])
    return max(even, odd) / min(even, odd) - 1.0


def variant_rounds(rows: Sequence[dict[str, Any]]) -> dict[str, tuple[float | None, float | None]]:
    """For each variant whose default compile has a row: (:func:`round_ratio`, :func:`split_half`) of
    its rounds' call minima (``sessions_ns``) against its default's.

    >>> rows = [{"program": "a", "sessions_ns": [10, 20]}, {"program": "a~debug", "sessions_ns": [11, 22]},
    ...         {"program": "b~debug", "sessions_ns": [1, 1]}]
    >>> {k: tuple(round(x, 6) for x in v) for k, v in variant_rounds(rows).items()}
    {'a~debug': (1.1, 0.0)}
    """
    by_name = {r["program"]: r for r in rows}
    out = {}
    for r in rows:
        if SEP in r["program"] and (base := base_name(r["program"])) in by_name:
            a, b = r.get("sessions_ns") or [], by_name[base].get("sessions_ns") or []
            out[r["program"]] = (round_ratio(a, b), split_half(a, b))
    return out


def device_rounds(
    rows: Sequence[dict[str, Any]], others: Sequence[dict[str, Any]], paired: bool = False
) -> dict[str, tuple[float | None, float | None]]:
    """:func:`device_ratios`' programs with (:func:`round_ratio`, :func:`split_half`) of their rounds;
    without ``paired`` (the two devices' rounds were not measured side by side, as ``benchmarks/
    accuracy.py`` measures one device after the other) no ratio is taken round by round (None).

    >>> device_rounds([{"program": "a", "sessions_ns": [10, 15]}], [{"program": "a", "sessions_ns": [5, 6]}])
    {'a': (None, 0.25)}
    >>> device_rounds([{"program": "a", "sessions_ns": [10, 15]}], [{"program": "a", "sessions_ns": [5, 6]}], True)
    {'a': (2.25, 0.25)}
    """
    b = {r["program"]: r for r in others}
    out: dict[str, tuple[float | None, float | None]] = {}
    for r in rows:
        if r["program"] in b:
            x, y = r.get("sessions_ns") or [], b[r["program"]].get("sessions_ns") or []
            out[r["program"]] = (round_ratio(x, y) if paired else None, split_half(x, y))
    return out


#: The goal of a predicted ratio (issue 16's Must show: predicting a change within 10%).
RATIO_GOAL = 0.10


def ratio_table(
    title: str,
    pairs: list[tuple[str, float, float]],
    rounds: dict[str, tuple[float | None, float | None]] | None = None,
    goal: float = RATIO_GOAL,
) -> None:
    """Each (name, measured, predicted) ratio with its error, then the median and worst |error| and the
    count within ``goal``. With ``rounds`` (name -> (:func:`round_ratio`, :func:`split_half`): a pair's
    rounds), each row also gives the ratio taken round by round (``rounds``) and its error, and the
    measured ratio's ``split`` (how far it moves between the two halves of the rounds); the summary
    says how many pairs the measurement itself determines within ``goal`` (split within it) and scores
    the prediction on them, and on the round-by-round ratios."""
    print(f"\n{title}")
    extra = f" {'rounds':>9} {'error':>8} {'split':>6}" if rounds is not None else ""
    print(f"{'program':<36} {'measured':>9} {'predicted':>9} {'error':>8}" + extra)
    errors: list[float] = []
    by_round: list[float] = []
    settled: list[float] = []
    splits: list[float] = []
    for name, measured, predicted in pairs:
        error = predicted / measured - 1.0
        errors.append(error)
        line = f"{name[:36]:<36} {measured:9.3f} {predicted:9.3f} {100 * error:+7.1f}%"
        if rounds is not None:
            ratio, split = rounds.get(name, (None, None))
            if ratio is not None:
                by_round.append(predicted / ratio - 1.0)
                line += f" {ratio:9.3f} {100 * (predicted / ratio - 1.0):+7.1f}%"
            else:
                line += f" {'-':>9} {'-':>8}"
            if split is not None:
                splits.append(split)
                if split <= goal:
                    settled.append(error)
                line += f" {100 * split:5.1f}%"
            else:
                line += f" {'-':>6}"
        print(line)
    print(_ratio_summary("ratio |error|", errors, goal))
    if rounds is not None:
        if by_round:
            print(_ratio_summary("ratio taken round by round, |error|", by_round, goal))
        if splits:
            half = summarize_errors(splits)
            print(
                f"the measured ratio's split (even rounds' minima against the odd rounds'): median"
                f" {100 * half['median_abs']:.1f}%, within {100 * goal:.0f}%: {len(settled)} of {len(splits)}"
            )
            if settled:
                print(_ratio_summary(f"ratio |error| where the split is within {100 * goal:.0f}%", settled, goal))


def _ratio_summary(what: str, errors: Sequence[float], goal: float) -> str:
    """``what``: the median and worst |error| over the count, and how many are within ``goal``.

    >>> _ratio_summary("ratio |error|", [0.05, -0.2, 0.1], 0.10)
    'ratio |error|: median 10.0%, worst 20.0% over 3, within 10%: 2'
    """
    e = summarize_errors(errors)
    inside = sum(abs(x) <= goal + 1e-12 for x in errors)
    return (
        f"{what}: median {100 * e['median_abs']:.1f}%, worst {100 * e['worst_abs']:.1f}% "
        f"over {e['count']}, within {100 * goal:.0f}%: {inside}"
    )
