"""Merging measurement runs of one host: each program's minima over every run's rounds.

A program's figure is its minimum over the rounds that measured it (:mod:`simulator.calibration.rounds`),
and on a host that switches between a fast and a slow state for tens of seconds at a time (the AMD VM of
``benchmarks/data/amd``) a run's eight rounds do not always meet the fast state for every program. Two
quiet 8-round runs there gave call minima up to 1.5x apart for the same suite program, and the fixtures'
minima over both runs' 16 rounds were better predicted (local-sync 41/64 within 10%, from 35 and 27)
than either run's. So a later run can be merged with earlier ones (``streamsim calibrate --merge``,
``benchmarks/accuracy.py --data DIR DIR ...``): :func:`merge_runs` keeps, per program, the minimum
round's call timing and every round's minimum and load, and each dispatch's minimum over every run's
profiles (:func:`~simulator.calibration.rounds.merge_dispatches`).

Only runs of one host and one compile merge: a minimum over two hosts, or over two compiles of a
program, describes neither. Every program must record the same host key (:func:`~simulator.calibration.
hosts.stamp`) and the same ``compile_key`` in each run that has it, and the runs the same ``device`` and
the same speed reference compiles; anything else is an :class:`~simulator.errors.InputError` naming the
key, the program and the runs. A program that only some runs measured keeps what those runs have.
"""

from __future__ import annotations

import copy
import json
import pathlib
from collections.abc import Callable, Sequence
from typing import Any

from simulator.calibration import speed
from simulator.calibration.pairing import site
from simulator.calibration.rounds import merge_dispatches
from simulator.errors import InputError

#: The keys a program's runs must agree on to be merged (besides the file's ``device``).
KEYS = ("host", "compile_key")


def _recorded(entry: dict[str, Any], key: str, program: str, what: str) -> str:
    """``entry``'s ``key``; an InputError when it has none (a run that cannot say it is comparable)."""
    value = entry.get(key)
    if value is None:
        raise InputError(
            f"{what}: {program} records no {key}: a run that cannot say which {key} it measured cannot be"
            " merged with another (measure it again)"
        )
    return str(value)


def check_compatible(runs: Sequence[tuple[str, dict[str, Any]]], host: str | None = None) -> None:
    """Raise an InputError naming the key when the ``(name, measurement file)`` runs cannot be merged:
    another ``device``; a program recording another ``host`` than the runs' first program (or than
    ``host``, this host's key, when given) or another ``compile_key`` than the first run that measured it
    (or none); a speed reference timed from another compile.

    Examples
    --------
    >>> a = {"device": "local-sync", "programs": {"p": {"host": "h1", "compile_key": "k"}}}
    >>> b = {"device": "local-sync", "programs": {"q": {"host": "h2", "compile_key": "k"}}}
    >>> check_compatible([("a.json", a), ("b.json", b)])
    Traceback (most recent call last):
    ...
    simulator.errors.InputError: b.json: q: host h2, but a.json: p: host h1: only runs of one host and one compile merge
    >>> check_compatible([("a.json", a)], host="h3")
    Traceback (most recent call last):
    ...
    simulator.errors.InputError: a.json: p: host h1, but this host: host h3: only runs of one host and one compile merge
    """
    if not runs:
        raise InputError("no measurement run to merge")
    first_name, first = runs[0]
    for name, data in runs[1:]:
        if data.get("device") != first.get("device"):
            raise InputError(
                f"{name}: device {data.get('device')!r}, but {first_name}: device {first.get('device')!r}:"
                " only runs of one device merge"
            )
    # (value, where it was first seen) per key: the host is one for all the runs, a compile per program
    seen: dict[tuple[str, str], tuple[str, str]] = {}
    if host is not None:
        seen[("", "host")] = (host, "this host")
    for name, data in runs:
        for program, entry in sorted(data.get("programs", {}).items()):
            for key in KEYS:
                value = _recorded(entry, key, program, name)
                earlier = seen.setdefault((program if key != "host" else "", key), (value, f"{name}: {program}"))
                if earlier[0] != value:
                    raise InputError(
                        f"{name}: {program}: {key} {value[:16]}, but {earlier[1]}: {key} {earlier[0][:16]}:"
                        " only runs of one host and one compile merge"
                    )
        for program, ref in sorted(data.get(speed.KEY, {}).items()):
            value = str(ref.get("compile_key", ""))
            earlier = seen.setdefault((program, speed.KEY), (value, name))
            if earlier[0] != value:
                raise InputError(
                    f"{name}: speed reference {program}: compile_key {value[:16]}, but {earlier[1]}:"
                    f" compile_key {earlier[0][:16]}: only runs of one compile merge"
                )


def merge_program(program: str, entries: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One program's measurements of several runs (oldest first) as one: the newest entry's fields
    (its stream IR, its dispatches' sites), the minimum run's call timing and load, every round's
    minimum and load in run order (and speed reference, ``sessions_reference_ns``, when a run has one:
    None for the rounds of a run without), each dispatch's minimum over all the runs' profiles (their dispatches
    matched by name and site: runs compiled into other directories name other paths), each run's call
    minimum (``runs_ns``), the runs' profile calls and re-profiles added up.

    Examples
    --------
    >>> d = lambda ns, loc: [{"name": "d", "loc": loc, "min_ns": ns, "median_ns": ns, "max_ns": ns}]
    >>> a = {"call_ns": {"min_ns": 90}, "load": 1.0, "sessions_ns": [95, 90], "sessions_load": [1.2, 1.0],
    ...      "dispatches": d(50, "/run1/p.mlir:3:5"), "profile_calls": [10, 40]}
    >>> b = {"call_ns": {"min_ns": 99}, "load": 0.5, "sessions_ns": [99], "dispatches": d(60, "/run2/p.mlir:3:5")}
    >>> m = merge_program("p", [a, b])
    >>> m["call_ns"], m["load"], m["sessions_ns"], m["sessions_load"], m["profile_calls"], m["runs_ns"]
    ({'min_ns': 90}, 1.0, [95, 90, 99], [1.2, 1.0, None], [10, 40], [90, 99])
    >>> m["dispatches"][0]["min_ns"], m["dispatches"][0]["loc"]
    (50, '/run2/p.mlir:3:5')
    """
    newest = entries[-1]
    out = copy.deepcopy(newest)
    best = min(entries, key=lambda e: e["call_ns"]["min_ns"])
    out["call_ns"] = copy.deepcopy(best["call_ns"])
    if "load" in best:
        out["load"] = best["load"]
    else:
        out.pop("load", None)
    sessions: list[int] = []
    loads: list[float | None] = []
    for e in entries:
        ns = list(e.get("sessions_ns") or [e["call_ns"]["min_ns"]])
        sessions += ns
        loads += list(e.get("sessions_load") or [None] * len(ns))
    out["sessions_ns"], out["sessions_load"] = sessions, loads
    if any("sessions_reference_ns" in e for e in entries):  # (measure_rounds' before_program)
        out["sessions_reference_ns"] = [
            ref
            for e in entries
            for ref in e.get("sessions_reference_ns")
            or [None] * len(e.get("sessions_ns") or [e["call_ns"]["min_ns"]])
        ]
    # each run's call minimum (a merged entry's own runs' when merged again): how far the runs agree
    out["runs_ns"] = [int(ns) for e in entries for ns in e.get("runs_ns") or [e["call_ns"]["min_ns"]]]
    profiles = [[dict(d, loc=site(d.get("loc"))) for d in e.get("dispatches", [])] for e in entries]
    try:
        merged = merge_dispatches([profiles[-1], *profiles[:-1]])
    except ValueError as exc:
        raise InputError(f"{program}: the runs profiled other dispatches: {exc}") from exc
    out["dispatches"] = [dict(m, loc=d.get("loc")) for m, d in zip(merged, newest.get("dispatches", []))]
    calls = [n for e in entries for n in e.get("profile_calls", ())]
    if calls:
        out["profile_calls"] = calls
    again = sum(int(e.get("reprofiled", 0)) for e in entries)
    if again:
        out["reprofiled"] = again
    return out


def merge_runs(runs: Sequence[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """The ``(name, measurement file)`` runs of one host (oldest first) as one file: each program merged
    over the runs that measured it (:func:`merge_program`), the files' host tables joined and each speed
    reference's rounds appended in run order; an InputError naming the key when they cannot merge
    (:func:`check_compatible`)."""
    check_compatible(runs)
    out = copy.deepcopy(runs[-1][1])
    names = sorted({p for _, data in runs for p in data.get("programs", {})})
    out["programs"] = {
        p: merge_program(p, [data["programs"][p] for _, data in runs if p in data.get("programs", {})])
        for p in names
    }
    out["hosts"] = {k: v for _, data in runs for k, v in data.get("hosts", {}).items()}
    references: dict[str, Any] = {}
    for _, data in runs:
        for program, ref in data.get(speed.KEY, {}).items():
            into = references.setdefault(
                program, {"compile_key": ref.get("compile_key", ""), "rounds_ns": [], "rounds_load": []}
            )
            into["rounds_ns"] += list(ref.get("rounds_ns", ()))
            into["rounds_load"] += list(ref.get("rounds_load") or [None] * len(ref.get("rounds_ns", ())))
    if references:
        out[speed.KEY] = references
    return out


def read_runs(
    paths: Sequence[pathlib.Path], shown: Callable[[pathlib.Path], str] = str
) -> list[tuple[str, dict[str, Any]]]:
    """The measurement files at ``paths`` as ``(shown(path), file)`` runs for :func:`merge_runs`; an
    InputError for a file that is not a measurement file."""
    runs = []
    for path in paths:
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError) as exc:
            raise InputError(f"{shown(path)}: not a measurements file: {exc}") from exc
        if not isinstance(data, dict) or not isinstance(data.get("programs"), dict):
            raise InputError(f"{shown(path)}: not a measurements file (no programs table)")
        runs.append((shown(path), data))
    return runs
