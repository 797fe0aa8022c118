"""A speed reference in every measurement file: a few suite programs timed at the start of every round.

A host's speed can change for minutes at a time without its load average saying so. On the AMD VM of
``benchmarks/data/amd`` the fixtures measured right after a quiet suite ran 1.27x (local-sync) and 1.39x
(local-task) slower at the median than the same compiles in an earlier stretch, while the suite's
programs ran as fast in both; the machine fitted on that suite then under-predicted the fixtures by 11%
and 17% at the median, more than the accuracy goal, and nothing in the two files said why.

So every measurement (``streamsim calibrate``, ``benchmarks/accuracy.py --measure``) times the same
:data:`REFERENCES` (short programs of the calibration suite: a chain of tiny dispatches, a matmul, an
elementwise map) at the start of each of its rounds, and records each round's minimum and load in the
file's ``speed_reference`` table (:func:`record_round`)::

    "speed_reference": {"matmul_64x64x64_f32": {"compile_key": "...", "rounds_ns": [30100, 29800],
                                               "rounds_load": [1.1, 1.3]}, ...}

A file measured again later appends its rounds. :func:`compare` then says, for the suite a machine was
fitted on and the programs it predicts, how far apart the host's speed was when each was measured (the
median over the references of the ratio of their minima), :func:`drift` how far it moved within one
file (the median over the references of max/min of their rounds), and :func:`fast_rounds` how many of the
file's rounds met its fastest speed.
"""

from __future__ import annotations

import pathlib
import statistics
from collections.abc import Callable, Mapping, Sequence
from typing import Any

#: Calibration-suite programs timed at the start of every round, on either device: a chain of 24 tiny
#: dispatches (the host's and the device's per-dispatch costs), a matmul and an elementwise map (a
#: worker's compute and memory speed). Short calls: three of them add well under a second to a round.
REFERENCES = ("chain_24x16x16", "matmul_64x64x64_f32", "elementwise_add_64x64_f32")

#: Beyond this ratio (either way) between two files' reference minima, the files were measured at
#: different host speeds: half the 10% goal for a held-out call (``benchmarks/accuracy.py``).
TOLERANCE = 1.05

#: The measurement file's key of the table.
KEY = "speed_reference"

#: (one round's minimum in ns, the load average taken before it, the module's compile key) per program
RoundTimes = Mapping[str, tuple[int, float | None, str]]


def reference_cases(workdir: pathlib.Path, device: str) -> list[Any]:
    """:data:`REFERENCES` as cases written under ``workdir`` (those the suite has for ``device``)."""
    from simulator.calibration.measure import benchmark_case
    from simulator.calibration.suite import training_suite

    by_name = {b.name: b for b in training_suite(device)}
    return [benchmark_case(by_name[n], workdir) for n in REFERENCES if n in by_name]


def time_references(
    cases: Sequence[Any],
    workdir: pathlib.Path,
    device: str,
    reps: int,
    load: Callable[[], float | None],
) -> dict[str, tuple[int, float | None, str]]:
    """One round of the references: each case's call minimum over ``reps`` one-call repetitions
    (iree-benchmark-module), the load average just before it, and its module's compile key."""
    from simulator import profile
    from simulator.calibration import measure

    out: dict[str, tuple[int, float | None, str]] = {}
    for case in cases:
        before = load()
        vmfb = measure.module_of(case, workdir, device)
        timing = profile.benchmark_call(
            vmfb, device=device, inputs=case.inputs, parameters=case.parameters, repetitions=reps
        )
        out[case.name] = (int(timing.min_ns), before, measure.case_key(case, device))
    return out


def record_round(data: dict[str, Any], times: RoundTimes) -> None:
    """Append one round's reference ``times`` to measurement file ``data``'s table; a program whose
    recorded compile key differs (its source or IREE changed) starts again from this round.

    Examples
    --------
    >>> d = {}
    >>> record_round(d, {"m": (30, 1.0, "k")})
    >>> record_round(d, {"m": (28, None, "k")})
    >>> d["speed_reference"]["m"]["rounds_ns"], d["speed_reference"]["m"]["rounds_load"]
    ([30, 28], [1.0, None])
    >>> record_round(d, {"m": (40, 2.0, "other")})
    >>> d["speed_reference"]["m"]["rounds_ns"]
    [40]
    """
    table = data.setdefault(KEY, {})
    for name, (ns, load, key) in times.items():
        entry = table.get(name)
        if entry is None or entry.get("compile_key") != key:
            entry = table[name] = {"compile_key": key, "rounds_ns": [], "rounds_load": []}
        entry["rounds_ns"].append(int(ns))
        entry["rounds_load"].append(load)


def round_hook(
    files: Sequence[dict[str, Any]],
    workdir: pathlib.Path,
    device: str,
    reps: int,
    load: Callable[[], float | None] | None = None,
) -> Callable[[int], None]:
    """A ``before_round`` for :func:`~simulator.calibration.measure.measure_rounds`: each round, the
    references timed once (:func:`time_references`) and recorded in every one of ``files`` (the
    measurement files whose programs the round measures)."""
    from simulator.calibration.hosts import load_average

    cases = reference_cases(workdir, device)

    def hook(round_index: int) -> None:
        times = time_references(cases, workdir, device, reps, load or load_average)
        for data in files:
            record_round(data, times)

    return hook


def program_hook(
    workdir: pathlib.Path, device: str, reps: int, load: Callable[[], float | None] | None = None
) -> Callable[[int, Any], int | None]:
    """A ``before_program`` for :func:`~simulator.calibration.measure.measure_rounds` (off by default):
    before each program's measurement in each round, the first of :data:`REFERENCES` timed once
    (:func:`time_references`, ``reps`` one-call repetitions), its minimum returned (None when the suite
    has no reference for ``device``). The host's speed at each program's round, rather than at the
    round's start: the AMD VM's fast and slow states last 20-60 s, shorter than a round."""
    from simulator.calibration.hosts import load_average

    cases = reference_cases(workdir, device)[:1]

    def hook(round_index: int, case: Any) -> int | None:
        if not cases:
            return None
        times = time_references(cases, workdir, device, reps, load or load_average)
        return int(times[cases[0].name][0])

    return hook


def minima(data: Mapping[str, Any]) -> dict[str, tuple[int, str]]:
    """Each reference program's minimum over the file's rounds, with its compile key."""
    return {
        name: (min(e["rounds_ns"]), str(e.get("compile_key", "")))
        for name, e in data.get(KEY, {}).items()
        if e.get("rounds_ns")
    }


def _rounds(data: Mapping[str, Any]) -> list[list[int]]:
    """The rounds' minima of each of file ``data``'s references that has any."""
    return [e["rounds_ns"] for e in data.get(KEY, {}).values() if e.get("rounds_ns")]


def drift(data: Mapping[str, Any]) -> tuple[float, int] | None:
    """How far the host's speed moved while file ``data`` was measured: the median over its references
    of max/min of their rounds' minima, and the most rounds a reference has; None without a reference.

    Examples
    --------
    >>> drift({"speed_reference": {"a": {"rounds_ns": [10, 12, 11]}, "b": {"rounds_ns": [20, 20]}}})
    (1.1, 3)
    >>> drift({}) is None
    True
    """
    rows = _rounds(data)
    if not rows:
        return None
    return statistics.median(max(r) / min(r) for r in rows), max(len(r) for r in rows)


def fast_rounds(data: Mapping[str, Any]) -> tuple[int, int] | None:
    """How many of file ``data``'s rounds met the host's fastest speed: the median over its references
    of the rounds within :data:`TOLERANCE` of that reference's minimum, and the most rounds a reference
    has; None without a reference. A program's figure is its minimum over the rounds, so it is the fast
    state's only if one of its rounds met that state: on a host that switches between speeds, the
    fewer rounds met it, the likelier a program's minimum is a slower state's (more rounds help).

    Examples
    --------
    >>> fast_rounds({"speed_reference": {"a": {"rounds_ns": [10, 14, 10]}, "b": {"rounds_ns": [20, 30, 29]}}})
    (1, 3)
    >>> fast_rounds({}) is None
    True
    """
    rows = _rounds(data)
    if not rows:
        return None
    met = [sum(ns <= TOLERANCE * min(r) for ns in r) for r in rows]
    return int(statistics.median_low(met)), max(len(r) for r in rows)


def compare(
    measured: Mapping[str, Any], fitted: Mapping[str, Any]
) -> tuple[list[tuple[str, int, int]], float | None]:
    """The references both files timed from the same compile: rows ``(program, minimum in
    ``fitted``, minimum in ``measured``)`` and the median over them of measured / fitted (None without
    a common reference). Above 1 the programs of ``measured`` met a slower host than the suite of
    ``fitted``: a machine fitted on it predicts them too fast by about that much.

    Examples
    --------
    >>> a = {"speed_reference": {"m": {"compile_key": "k", "rounds_ns": [30, 26]},
    ...                          "c": {"compile_key": "k", "rounds_ns": [12]}}}
    >>> b = {"speed_reference": {"m": {"compile_key": "k", "rounds_ns": [20]},
    ...                          "c": {"compile_key": "x", "rounds_ns": [10]}}}
    >>> compare(a, b)
    ([('m', 20, 26)], 1.3)
    """
    mine, theirs = minima(measured), minima(fitted)
    rows = [
        (name, theirs[name][0], ns)
        for name, (ns, key) in sorted(mine.items())
        if name in theirs and theirs[name][1] == key
    ]
    if not rows:
        return rows, None
    return rows, statistics.median(b / a for _, a, b in rows if a > 0)


def compare_lines(
    measured: Mapping[str, Any], fitted: Mapping[str, Any], what: str, fitted_what: str
) -> tuple[list[str], list[str]]:
    """The report's lines on two files' speed references (``what``: the measured programs' file,
    ``fitted_what``: the suite's) and its warnings: a file without a reference, or two files whose
    references' minima are further apart than :data:`TOLERANCE`. How far the host moved within a file
    is a line, not a warning: each figure is its program's minimum over the rounds, and on a host
    that switches between speeds (benchmarks/data/amd) the rounds always differ; what matters is
    whether the two files' minima describe the same speed."""
    lines: list[str] = []
    warnings: list[str] = []
    for data, name in ((fitted, fitted_what), (measured, what)):
        d = drift(data)
        if d is None:
            warnings.append(
                f"{name}: no speed reference (measured before this was recorded): whether it met"
                " another host speed than the other file cannot be told"
            )
            continue
        fast = fast_rounds(data)
        assert fast is not None  # a file with a drift has references
        lines.append(
            f"{name}: speed reference over {d[1]} round(s) moved x{d[0]:.3f} (median max/min); {fast[0]} of"
            f" {fast[1]} round(s) within x{TOLERANCE} of its fastest (median)"
        )
    rows, ratio = compare(measured, fitted)
    for program, a, b in rows:
        lines.append(
            f"  {program:<28} {fitted_what} {a / 1e3:8.1f} us  {what} {b / 1e3:8.1f} us  x{b / a:.3f}"
        )
    if ratio is not None:
        lines.append(f"{what} measured at x{ratio:.3f} the suite's reference time (median of {len(rows)})")
        if not 1 / TOLERANCE <= ratio <= TOLERANCE:
            warnings.append(
                f"{what} and {fitted_what} were measured at different host speeds (their speed references"
                f" x{ratio:.2f} apart): the held-out errors carry that bias; measure them in the same rounds"
                " (benchmarks/accuracy.py --measure --with-suite)"
            )
    return lines, warnings
