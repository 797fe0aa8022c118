"""Measuring many programs on a shared host: interleaved rounds, each figure with the load it was taken at.

On a two-CPU host shared with other work, a program's call time moves with the load (local-task's calls
1.5x between a load of 1 and one of 6), and a program measured alone, minutes after another, meets
another load: their figures are not comparable. :func:`interleaved_rounds` measures every program once
per round, one at a time, so each program meets each stretch of the session's load; the rounds
alternate direction (forward, backward, ...) so that no program sits always at a round's start or end,
where a load that drifts over the session would favour it. Each measurement records the one-minute load
average just before it (:func:`~simulator.calibration.hosts.load_average`). The figure kept is the
minimum over the rounds (:func:`merge_call`: its load is that round's); each dispatch's minimum over the
rounds that profiled it (:func:`merge_dispatches`).

On a device that runs a call's dispatches one after another inside the call (``local-sync``), the
dispatches' minima cannot sum to more than the call's minimum; when they do (:func:`dispatch_excess`
above 1), the profile met more load than the call's timing did, and the program is profiled again; if
they still do, the fit scales them down to the call (:func:`within_call`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from simulator.calibration.hosts import load_average

T = TypeVar("T")

#: Rounds a measurement takes by default (``streamsim calibrate --rounds``, ``benchmarks/accuracy.py
#: --sessions``), each one profiling the dispatches as well as timing the call. The AMD VM of
#: ``benchmarks/data/amd`` switches between a fast and a slow state (compute 1.4-1.8x slower) for 20-60 s
#: at a time, whatever its load average: a program's minimum is its fast state's only when some round met
#: it. On the quiet 8-round measurement (``benchmarks/data/amd/rounds8``), the minimum of the first 3
#: rounds was within 2% of the 8 rounds' for 44 of 64 fixtures on local-sync, of the first 5 for 59; the
#: held-out fit on the suite put 19/64 fixtures within 10% from 3 rounds, 27 from 5 and 32 from 8. Those
#: files profile the dispatches in the first round only (then in the slow state for most fixtures); a
#: measurement profiling them in every round (at load 4-9) brought the held-out per-dispatch median error
#: from 27.5% to 16.4% (local-sync). Eight rounds of the suite and the fixtures took 4 minutes a device
#: on the quiet host with one profile each; seven more profiles (about 0.1 s each) add about 3 minutes.
DEFAULT_ROUNDS = 8


#: Calls a profile takes, at least and at most (``streamsim calibrate --calls/--max-calls``,
#: ``benchmarks/accuracy.py --with-suite``). A call's timing is the minimum of 100 one-call repetitions;
#: a profile of 10 calls missed the fast state of the AMD host that the timing met (28 of 157 local-sync
#: suite programs' dispatch minima summed above their call in ``benchmarks/data/amd/default_quiet``, 8
#: in ``benchmarks/data/amd/calls100``, profiled 100 calls a round), but a profile's cost grows with its
#: dispatch records (vmap_while_jax: 335 dispatches a call, 17 s a profile of 100 calls at load 7 against
#: 1.7 s of 10): :func:`profile_calls` fits the calls to the program.
PROFILE_CALLS = (10, 100)
#: A profile's budget: the time its calls take (ns) and the dispatches they run.
PROFILE_NS = 20_000_000
PROFILE_DISPATCHES = 2_000


def profile_calls(
    call_ns: float, dispatches: int, least: int = PROFILE_CALLS[0], most: int = PROFILE_CALLS[1]
) -> int:
    """How many calls to profile of a program whose call takes ``call_ns`` and runs ``dispatches``
    dispatches: as many as fit in :data:`PROFILE_NS` of calls and :data:`PROFILE_DISPATCHES` dispatches,
    but no fewer than ``least`` nor more than ``most``.

    Examples
    --------
    >>> profile_calls(40_000, 1)  # a 40 us call of one dispatch: 500 fit, the most
    100
    >>> profile_calls(1_000_000, 4)  # a 1 ms call: 20
    20
    >>> profile_calls(586_000, 335)  # 34 calls' time but 5 calls' dispatches: the least
    10
    >>> profile_calls(50_000, 46), profile_calls(50_000, 46, least=10, most=10)
    (43, 10)
    """
    if least < 1 or most < least:
        raise ValueError(f"calls to profile: need 1 <= least <= most, got {least} and {most}")
    fit = min(PROFILE_NS / max(float(call_ns), 1.0), PROFILE_DISPATCHES / max(dispatches, 1))
    return max(least, min(most, int(fit)))


def round_order(names: Sequence[str], round_index: int) -> list[str]:
    """The order programs are measured in round ``round_index``: forward in even rounds, backward in
    odd ones.

    Examples
    --------
    >>> round_order(["a", "b", "c"], 0), round_order(["a", "b", "c"], 1)
    (['a', 'b', 'c'], ['c', 'b', 'a'])
    """
    return list(names) if round_index % 2 == 0 else list(reversed(names))


def interleaved_rounds(
    names: Sequence[str],
    measure: Callable[[str, int], T],
    rounds: int,
    *,
    load: Callable[[], float | None] = load_average,
    after_round: Callable[[int, dict[str, list[tuple[T, float | None]]]], None] | None = None,
    before_round: Callable[[int], None] | None = None,
) -> dict[str, list[tuple[T, float | None]]]:
    """``measure(name, round_index)`` for every program in every round (:func:`round_order`), one at
    a time; per program, each round's result with the load average taken just before it.
    ``before_round(round_index)`` runs before each round (to time a speed reference:
    :mod:`simulator.calibration.speed`), ``after_round(round_index, results)`` after it (to save what
    was measured so far)."""
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, got {rounds}")
    if len(set(names)) != len(names):
        raise ValueError(f"programs named twice: {sorted({n for n in names if list(names).count(n) > 1})}")
    results: dict[str, list[tuple[T, float | None]]] = {n: [] for n in names}
    for r in range(rounds):
        if before_round is not None:
            before_round(r)
        for name in round_order(names, r):
            before = load()
            results[name].append((measure(name, r), before))
        if after_round is not None:
            after_round(r, results)
    return results


def merge_call(entry: dict[str, Any], timings: Sequence[tuple[dict[str, Any], float | None]]) -> None:
    """Set measurement ``entry``'s call figures from its rounds' ``(CallTiming.to_dict(), load)``: the
    minimum round's timing (``call_ns``) and load (``load``), every round's minimum (``sessions_ns``)
    and load (``sessions_load``; None where the platform has none).

    Examples
    --------
    >>> e = {}
    >>> merge_call(e, [({"min_ns": 30, "median_ns": 31}, 6.0), ({"min_ns": 20, "median_ns": 25}, 1.5)])
    >>> e["call_ns"], e["load"], e["sessions_ns"], e["sessions_load"]
    ({'min_ns': 20, 'median_ns': 25}, 1.5, [30, 20], [6.0, 1.5])
    """
    if not timings:
        raise ValueError("no round measured the call")
    best, best_load = min(timings, key=lambda t: t[0]["min_ns"])
    entry["call_ns"] = dict(best)
    entry["sessions_ns"] = [int(t["min_ns"]) for t, _ in timings]
    entry["sessions_load"] = [lo for _, lo in timings]
    if best_load is None:
        entry.pop("load", None)
    else:
        entry["load"] = best_load


def ranked_call_ns(entry: dict[str, Any], rank: int) -> int:
    """Measurement ``entry``'s ``rank``-th lowest round minimum (``sessions_ns``; 1: the call's minimum,
    ``call_ns``), or its highest when it has fewer rounds (its call minimum when it records none).

    A statistic robust to one fast round: on a host that switches between a fast and a slow state
    (``benchmarks/data/amd``), a program that met the fast state in one round of forty keeps a minimum
    the others did not reach, and a fit of the host's fixed costs on minima lets a few host-heavy
    programs' lucky rounds re-split them (:func:`~simulator.calibration.run.fit_machine`'s ``call_rank``).

    Examples
    --------
    >>> e = {"call_ns": {"min_ns": 80}, "sessions_ns": [95, 80, 90, 120]}
    >>> ranked_call_ns(e, 1), ranked_call_ns(e, 2), ranked_call_ns(e, 3), ranked_call_ns(e, 9)
    (80, 90, 95, 120)
    >>> ranked_call_ns({"call_ns": {"min_ns": 70}}, 2)
    70
    """
    if rank < 1:
        raise ValueError(f"call rank: need 1 or more, got {rank}")
    rounds = sorted(int(ns) for ns in entry.get("sessions_ns") or ())
    if rank == 1 or not rounds:
        return int(entry["call_ns"]["min_ns"])
    return rounds[min(rank, len(rounds)) - 1]


def merge_dispatches(profiles: Sequence[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """Per-dispatch figures over several profiles of one program (each a list of ``{"name", "loc",
    "min_ns", "median_ns", "max_ns", "workgroup_count"}`` in execution order): each dispatch's minimum
    of the minima, median of the medians' first profile (it is a spread, not a figure) and maximum of
    the maxima. The profiles must list the same dispatches (name and site) in the same order.

    Examples
    --------
    >>> a = [{"name": "d", "loc": "x:1:1", "min_ns": 10, "median_ns": 12, "max_ns": 20}]
    >>> b = [{"name": "d", "loc": "x:1:1", "min_ns": 8, "median_ns": 15, "max_ns": 30}]
    >>> merge_dispatches([a, b])[0]["min_ns"], merge_dispatches([a, b])[0]["max_ns"]
    (8, 30)
    """
    if not profiles:
        raise ValueError("no profile to merge")
    first = profiles[0]
    for i, other in enumerate(profiles[1:], start=1):
        if [(d["name"], d["loc"]) for d in other] != [(d["name"], d["loc"]) for d in first]:
            raise ValueError(
                f"profile {i} lists other dispatches than profile 0 ({len(other)} vs {len(first)}): "
                "a program's dispatches cannot be merged across different runs"
            )
    out = []
    for k, d in enumerate(first):
        row = dict(d)
        row["min_ns"] = min(p[k]["min_ns"] for p in profiles)
        row["max_ns"] = max(p[k]["max_ns"] for p in profiles)
        out.append(row)
    return out


def dispatch_excess(entry: dict[str, Any]) -> float:
    """The sum of measurement ``entry``'s dispatch minima over its call's minimum (0 without either).
    On ``local-sync`` a call runs its dispatches one after another, so above 1 the profile was taken
    under more load than the call's timing.

    Examples
    --------
    >>> dispatch_excess({"call_ns": {"min_ns": 100}, "dispatches": [{"min_ns": 70}, {"min_ns": 50}]})
    1.2
    >>> dispatch_excess({"call_ns": {"min_ns": 0}, "dispatches": [{"min_ns": 70}]})
    0.0
    """
    call = float(entry.get("call_ns", {}).get("min_ns", 0))
    if call <= 0:
        return 0.0
    return sum(float(d["min_ns"]) for d in entry.get("dispatches", ())) / call


def within_call(entry: dict[str, Any]) -> dict[str, Any]:
    """Measurement ``entry`` with its dispatch minima scaled down alike so that they sum to no more than
    its call's minimum (the entry itself when they already do). For a device that runs a call's
    dispatches one after another inside the call (``local-sync``): dispatches that sum to more than the
    call were profiled in a slower state of the host than the call's fastest round met (a profile times
    10-100 calls in one process, :func:`profile_calls`; a call's timing 100), and the fitted dispatch model
    would price the slow state. The fit uses this (:func:`~simulator.calibration.run.fit_machine`); the measurement a
    prediction is checked against is left as it is.

    Examples
    --------
    >>> e = {"call_ns": {"min_ns": 100}, "dispatches": [{"name": "a", "min_ns": 90}, {"name": "b", "min_ns": 60}]}
    >>> [d["min_ns"] for d in within_call(e)["dispatches"]], [d["min_ns"] for d in e["dispatches"]]
    ([60.0, 40.0], [90, 60])
    >>> within_call({"call_ns": {"min_ns": 100}, "dispatches": [{"min_ns": 70}]})["dispatches"][0]["min_ns"]
    70
    """
    excess = dispatch_excess(entry)
    if excess <= 1.0:
        return entry
    out = dict(entry)
    out["dispatches"] = [dict(d, min_ns=float(d["min_ns"]) / excess) for d in entry["dispatches"]]
    return out
