"""The calibration programs as cases, and measuring them with IREE's tools.

A :class:`Case` is a linalg-level program with its inputs (IREE ``--input`` specs: ``@x.npy`` or splats)
and parameter archives: a fixture set (:func:`fixture_case`) or a generated microbenchmark
(:func:`benchmark_case`), compiled once per source, flags and compiler (:func:`module_of`,
:func:`stream_ir_of`). :func:`measure_case` compiles and measures one with IREE's tools
(:mod:`simulator.profile`) and returns plain JSON: the call's benchmark timing and each dispatch's
minimum over the profiled calls (:func:`profile_dispatches`), named and located at its
``stream.cmd.dispatch``. :func:`measure_rounds` measures many in interleaved rounds
(:mod:`simulator.calibration.rounds`). Simulating and fitting them is :mod:`simulator.calibration.run`'s
(which re-exports these names).
"""

from __future__ import annotations

import dataclasses
import os
import pathlib
from collections.abc import Callable, Sequence
from typing import Any

from simulator.calibration.suite import Benchmark
from simulator.calibration.suite_tiled import FlaggedBenchmark
from simulator.profile import benchmark_call, capture_profile, compile_cached, compile_key, measured_trace
from simulator.program import load_program


@dataclasses.dataclass(frozen=True)
class Case:
    """A program to measure: linalg source, IREE input specs, ``scope=file`` parameter archives and,
    when it is already compiled, its stream IR."""

    name: str
    source: pathlib.Path
    inputs: tuple[str, ...]
    parameters: tuple[str, ...] = ()
    stream_ir: pathlib.Path | None = None
    #: extra iree-compile flags (``--iree-stream-partitioning-favor=debug``), for the module and its
    #: stream IR alike.
    flags: tuple[str, ...] = ()
    #: whether the call's time enters the fit of the fixed costs (:attr:`Benchmark.fixed_costs`)
    fixed_costs: bool = True


def fixture_case(directory: pathlib.Path) -> Case:
    """A fixture set of tests/fixtures/iree as a case (its cmd.mlir is the stream IR); the iree-compile
    flags its ``compile_flags.txt`` lists (one a line: a frontend fixture compiled with data tiling, say)
    are the case's flags."""
    inputs = tuple(f"@{p}" for p in sorted(directory.glob("input*.npy")))
    params = directory / "params.irpa"
    flags_file = directory / "compile_flags.txt"
    flags = tuple(f for f in flags_file.read_text().splitlines() if f.strip()) if flags_file.exists() else ()
    return Case(
        directory.name,
        directory / "source.mlir",
        inputs,
        (f"model={params}",) if params.exists() else (),
        directory / "cmd.mlir",
        flags,
    )


def benchmark_case(bench: Benchmark, workdir: pathlib.Path) -> Case:
    """A generated benchmark written under ``workdir`` as a case (with its compile flags, when it has
    some: :class:`~simulator.calibration.suite_tiled.FlaggedBenchmark`)."""
    workdir.mkdir(parents=True, exist_ok=True)
    source = workdir / f"{bench.name}.mlir"
    # Written only when it differs, and whole (a rename): processes sharing the workdir (the default
    # /tmp/streamsim-calibrate of benchmarks/calibrate.py and accuracy.py) read each other's sources, and
    # a file truncated for rewriting was read empty by another's compile key (every program "measured
    # from another compile", all with one key).
    try:
        same = source.read_text() == bench.source
    except OSError:
        same = False
    if not same:
        scratch = source.with_name(f"{source.name}.{os.getpid()}.tmp")
        scratch.write_text(bench.source)
        scratch.replace(source)
    flags = bench.flags if isinstance(bench, FlaggedBenchmark) else ()
    return Case(bench.name, source, bench.inputs, flags=flags, fixed_costs=bench.fixed_costs)


def stream_ir_of(case: Case, workdir: pathlib.Path, device: str) -> pathlib.Path:
    """The case's stream IR: the committed one, else IREE's, compiled into ``workdir`` once per
    source, flags and compiler (:func:`~simulator.profile.iree_tools.compile_cached`)."""
    if case.stream_ir is not None:
        return case.stream_ir
    return compile_cached(
        case.source, workdir, case.name, device=device, extra_flags=case.flags, to_stream=True
    )


def module_of(case: Case, workdir: pathlib.Path, device: str) -> pathlib.Path:
    """The case's ``.vmfb`` for ``device``, compiled into ``workdir`` once per source, flags and
    compiler."""
    return compile_cached(case.source, workdir, case.name, device=device, extra_flags=case.flags)


def case_key(case: Case, device: str) -> str:
    """The :func:`~simulator.profile.iree_tools.compile_key` of the module a measurement of ``case``
    on ``device`` times: a measurement recording another key was taken of another program (its source,
    flags or compiler changed since)."""
    return compile_key(case.source, device=device, extra_flags=case.flags)


def stale_reason(case: Case, device: str, measured: dict[str, Any]) -> str | None:
    """Why ``measured`` cannot be used for ``case`` now, or None: its ``compile_key`` differs from the
    case's. A measurement that records no key (taken before keys were recorded) is not called stale
    here; callers count and report those."""
    recorded = measured.get("compile_key")
    if recorded is None or recorded == case_key(case, device):
        return None
    return (
        f"{case.name}: measured from another compile (key {str(recorded)[:16]}, now "
        f"{case_key(case, device)[:16]}: its source, flags or IREE changed); measure it again"
    )


def measure_case(
    case: Case,
    workdir: pathlib.Path,
    *,
    device: str = "local-task",
    reps: int = 30,
    calls: int = 10,
    min_time: str = "1x",
) -> dict[str, Any]:
    """Compile and measure ``case``: the call's timing and each dispatch's (JSON values), with the
    compile key of the module measured (``compile_key``)."""
    workdir.mkdir(parents=True, exist_ok=True)
    vmfb = module_of(case, workdir, device)
    stream_ir = stream_ir_of(case, workdir, device)
    kw: dict[str, Any] = {"device": device, "inputs": case.inputs, "parameters": case.parameters}
    timing = benchmark_call(vmfb, repetitions=reps, min_time=min_time, **kw)
    return {
        "name": case.name,
        "device": device,
        "compile_key": case_key(case, device),
        "stream_ir": str(stream_ir),
        "call_ns": timing.to_dict(),
        "dispatches": profile_dispatches(case, workdir, device=device, calls=calls),
    }


def measure_rounds(
    cases: Sequence[Case],
    workdir: pathlib.Path,
    *,
    device: str = "local-task",
    reps: int = 30,
    calls: int = 10,
    max_calls: int | None = None,
    rounds: int = 1,
    profile_rounds: int = 1,
    progress: Callable[[int, int, Case, dict[str, Any]], None] | None = None,
    load: Callable[[], float | None] | None = None,
    reprofile: int = 0,
    before_round: Callable[[int], None] | None = None,
    before_program: Callable[[int, Case], int | None] | None = None,
) -> dict[str, dict[str, Any]]:
    """Measure every case in ``rounds`` interleaved rounds (:func:`~simulator.calibration.rounds.
    interleaved_rounds`: each round times every case once, then the next; the first compiles and
    measures it whole with :func:`measure_case`, the others time the call, and the first
    ``profile_rounds`` profile the dispatches), keeping the call's minimum round (:func:`~simulator.calibration.rounds.merge_call`: every
    round's minimum in ``sessions_ns``, its load in ``sessions_load``) and each dispatch's minimum over
    the rounds' profiles. On a shared host a figure measured once meets one stretch of load: the
    programs a calibration predicts, measured in several sessions (``benchmarks/accuracy.py
    --sessions``), would keep a lower minimum than the suite it was fitted on. ``progress(round,
    index, case, round's measurement)`` after each measurement (its ``call_ns`` and the ``load``
    average taken just before it: ``load()``, :func:`~simulator.calibration.hosts.load_average` when
    None).

    With ``reprofile``, a program whose dispatch minima sum to more than its call's minimum
    (:func:`~simulator.calibration.rounds.dispatch_excess` above 1: on ``local-sync``, which runs the
    dispatches inside the call, the profile met more load than the call's timing) is profiled again,
    up to ``reprofile`` times or until they no longer do, each dispatch's minimum kept over every
    profile; its entry records how many profiles that took (``reprofiled``).

    Each profile is of ``calls`` calls; with ``max_calls``, the first round's is, and the later ones of
    as many as :func:`~simulator.calibration.rounds.profile_calls` gives for the first round's call
    minimum and dispatches, between ``calls`` and ``max_calls``. The entry lists each profile's calls
    (``profile_calls``).

    ``before_round(round_index)`` runs before each round (:func:`simulator.calibration.speed.
    round_hook` times the speed reference there). ``before_program(round_index, case)`` runs right before
    each program's measurement in each round; what it returns (:func:`simulator.calibration.speed.
    program_hook`: the speed reference's time, in ns, or None) is each round's
    ``sessions_reference_ns``, beside ``sessions_ns``: the host's speed at that program's round, which a
    round's load average cannot say."""
    from simulator.calibration import hosts
    from simulator.calibration.rounds import (
        dispatch_excess,
        interleaved_rounds,
        merge_call,
        merge_dispatches,
        profile_calls,
    )

    if calls < 1 or (max_calls is not None and max_calls < calls):
        raise ValueError(f"calls to profile: need 1 <= calls <= max_calls, got {calls} and {max_calls}")

    by_name = {c.name: c for c in cases}
    first: dict[str, dict[str, Any]] = {}
    profiles: dict[str, list[list[dict[str, Any]]]] = {c.name: [] for c in cases}
    #: calls of each profile taken, and of the next ones, per program
    taken: dict[str, list[int]] = {c.name: [] for c in cases}
    later: dict[str, int] = {}
    references: dict[str, list[int | None]] = {c.name: [] for c in cases}
    done = [0]
    read_load = load if load is not None else hosts.load_average
    last_load: list[float | None] = [None]

    def load_now() -> float | None:
        last_load[0] = read_load()
        return last_load[0]

    def measure(name: str, round_index: int) -> dict[str, Any]:
        case = by_name[name]
        if before_program is not None:
            references[name].append(before_program(round_index, case))
        if round_index == 0:
            m = first[name] = measure_case(case, workdir, device=device, reps=reps, calls=calls)
            timing = m["call_ns"]
            profiles[name].append(m["dispatches"])
            taken[name].append(calls)
            later[name] = (
                calls
                if max_calls is None
                else profile_calls(timing["min_ns"], len(m["dispatches"]), calls, max_calls)
            )
        else:
            kw: dict[str, Any] = {"device": device, "inputs": case.inputs, "parameters": case.parameters}
            timing = benchmark_call(module_of(case, workdir, device), repetitions=reps, **kw).to_dict()
            if round_index < profile_rounds:
                profiles[name].append(profile_dispatches(case, workdir, device=device, calls=later[name]))
                taken[name].append(later[name])
        done[0] += 1
        if progress is not None:
            progress(round_index, done[0], case, {"call_ns": timing, "load": last_load[0]})
        return dict(timing)

    results = interleaved_rounds(
        [c.name for c in cases], measure, rounds, load=load_now, before_round=before_round
    )
    out: dict[str, dict[str, Any]] = {}
    for case in cases:
        entry = dict(first[case.name])
        merge_call(entry, results[case.name])
        if before_program is not None:
            entry["sessions_reference_ns"] = references[case.name]
        entry["dispatches"] = merge_dispatches(profiles[case.name])
        again = 0
        while again < reprofile and dispatch_excess(entry) > 1.0:
            n = later[case.name]
            profiles[case.name].append(profile_dispatches(case, workdir, device=device, calls=n))
            taken[case.name].append(n)
            entry["dispatches"] = merge_dispatches(profiles[case.name])
            again += 1
        if again:
            entry["reprofiled"] = again
        entry["profile_calls"] = taken[case.name]
        out[case.name] = entry
    return out


def profile_dispatches(
    case: Case, workdir: pathlib.Path, *, device: str = "local-task", calls: int = 10
) -> list[dict[str, Any]]:
    """Each dispatch's minimum, median and maximum over a HAL profile of ``calls`` calls of ``case``
    (JSON values, in execution order, located at its ``stream.cmd.dispatch``)."""
    vmfb = module_of(case, workdir, device)
    stream_ir = stream_ir_of(case, workdir, device)
    records = capture_profile(
        vmfb, device=device, inputs=case.inputs, parameters=case.parameters, calls=calls
    )
    _, timings = measured_trace(
        records, calls, program=case.name, device=device, module=load_program(stream_ir)
    )
    return [
        {
            "name": t.name,
            "loc": t.loc,
            "min_ns": t.min_ns,
            "median_ns": t.median_ns,
            "max_ns": t.max_ns,
            "workgroup_count": list(t.workgroup_count),
        }
        for t in timings
    ]
