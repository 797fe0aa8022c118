#!/usr/bin/env python3
"""How well the calibrated machine model predicts programs it was not fitted on (issue 16's Must show).

The programs are the fixtures, none of which is in the generated microbenchmark suite: every set under
tests/fixtures/iree and tests/fixtures/frontends, plus, for each fixture whose
``--iree-stream-partitioning-favor`` variants (``debug``, ``max-concurrency``) give IREE a different stream
schedule than the default, that variant compiled by IREE. Each is measured with IREE's tools on each HAL
device (``--measure``: iree-benchmark-module, the call's minimum over ``--reps`` one-call repetitions in
each of ``--sessions`` sessions; a HAL profile of ``--calls`` calls for each dispatch's minimum) and the
measurements are kept in ``<device>.json`` of the ``--data`` directory, so that a rerun without
``--measure`` only simulates: it is deterministic and takes a minute or two. By default the report reads
the figures of record (:func:`calibrate.record_dirs`): the AMD host's committed runs
(``benchmarks/data/amd``), merged, the fixtures' (``--data``) and the suite's the shipped presets are
fitted on (``--calibration-data``, each device's own: local-task's with the tiny programs' runs); the
Intel host's caches are ``--data benchmarks/data/accuracy --calibration-data benchmarks/data/calibration``.
What is compiled into ``--workdir`` (modules, IREE's stream IR of the favor variants) is named by a
digest of the source, the flags and ``iree-compile --version``
(:func:`simulator.profile.iree_tools.compile_cached`), so a stale compile is never reused; each measurement records that digest (``compile_key``), and one recording
another digest than the program's now is left out of the report (and measured again by ``--measure``).

Tables, per device (``spread``: median/min of the best session's repetitions; ``sess``: max/min of the
sessions' minima, how far a minimum itself moves on this shared machine):

``preset``
    the committed calibrated preset (``cpu-local-sync``/``cpu-local-task``; column ``fit``: the preset was
    fitted on the program). ``benchmarks/calibrate.py presets`` fits them as the held-out table's machine
    is fitted, on the same default ``--calibration-data``: with it this table is the held-out one.
``held-out``
    a machine fitted now on the microbenchmark suite alone (``--calibration-data``'s ``<device>.json``,
    role ``train``): every fixture is unseen.
``leave-one-out``
    for each fixture, a machine fitted on the microbenchmarks and every other fixture (both directories),
    predicting that fixture (and its favor variants). The fits share the programs' dispatch features
    and their calls' sensitivities to the fixed costs (:mod:`simulator.calibration.loo`: each fit then
    simulates each program once), which is exact on local-sync and linearised once on local-task;
    ``--loo-exact`` makes each fit from scratch (about ten times slower).

Every measured program records the host it was measured on (``hosts``, ``host``:
:mod:`simulator.calibration.hosts`); the report warns when the cache was measured elsewhere, and times
:data:`SPEED_REFERENCES` again (``--no-speed-check`` skips it) to say whether this host still runs them
at the cached speed. It also prints the load averages the cache and the calibration data were measured at
(``load``, recorded with each program since this session), and compares the two files' speed references
(:mod:`simulator.calibration.speed`: three short suite programs timed before every round or session of a
measurement): a host's speed can change for minutes without its load average saying so, and a suite and
fixtures measured at speeds further apart than :data:`~simulator.calibration.speed.TOLERANCE` are warned of.

Then predicting a change rather than a time, with the held-out machines: the measured ratio of a favor
variant's call to the default's against the predicted ratio, and local-sync's call against local-task's.
Each table ends with the median and worst |error|. The fits, the rows and the tables are
:mod:`simulator.calibration.heldout`'s; this script measures the fixtures and keeps their cache.

Usage::

    python benchmarks/accuracy.py                         # report on the figures of record (AMD runs, merged)
    python benchmarks/accuracy.py --device local-sync --no-loo
    python benchmarks/accuracy.py --data benchmarks/data/accuracy \
        --calibration-data benchmarks/data/calibration   # the Intel host's caches
    python benchmarks/accuracy.py --measure --data DIR    # measure what DIR lacks, then report on it
    # another host, as a user calibrates one: the suite, then the fixtures, each host's files apart
    streamsim calibrate --device local-sync -o mybox.toml --measurements mybox-suite/local-sync.json
    python benchmarks/accuracy.py --device local-sync --measure --data mybox-fixtures \
        --calibration-data mybox-suite --no-loo
    # ... or the suite and the fixtures measured again in the same interleaved rounds (a host whose
    # speed changes for minutes at a time: measure_with_suite)
    python benchmarks/accuracy.py --device local-sync --measure --with-suite --data mybox-fixtures \
        --calibration-data mybox-suite --no-loo
    # one such pair of the AMD EPYC VM alone (benchmarks/data/amd/README.md)
    python benchmarks/accuracy.py --data benchmarks/data/amd/accuracy \
        --calibration-data benchmarks/data/amd/calibration --no-loo --no-speed-check
    python benchmarks/accuracy.py --data r1/acc r2/acc --calibration-data r1/cal r2/cal  # one host's runs, merged
    # some suite programs only (new ones, to give them the rounds the others have), into a directory of
    # their own, merged after the others' runs
    python benchmarks/accuracy.py --device local-task --measure --with-suite --programs 'tiny_*' --rounds 8 \
        --calibration-data new1 --no-report
    python benchmarks/accuracy.py --device local-task --data r1/acc r2/acc --calibration-data r1/cal r2/cal new1
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
import tempfile
import tomllib
from collections.abc import Sequence
from typing import Any

# One BLAS thread: the fits solve many small least-squares problems, and on a shared two-CPU host
# OpenBLAS's threads wait for each other behind other processes (a dispatch fit took 33 s with its
# default threads at load 9, 1.7 s with one). Set before numpy is first imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy_args  # noqa: E402
import calibrate  # noqa: E402

from simulator.calibration import options, speed  # noqa: E402
from simulator.calibration.heldout import (  # noqa: E402
    GOALS,
    SEP,
    Entry,
    base_name,
    device_ratios,
    device_rounds,
    fit_on,
    leave_one_out,
    left_out_failures,
    prediction_rows,
    print_table,
    ratio_table,
    variant_ratios,
    variant_rounds,
)
from simulator.calibration.hosts import host_warnings, load_summary, speed_check, stamp  # noqa: E402
from simulator.calibration.merge import merge_runs, read_runs  # noqa: E402
from simulator.calibration.run import (  # noqa: E402
    Case,
    case_key,
    fixture_case,
    measure_case,
    measure_rounds,
    module_of,
    stale_reason,
    stream_ir_of,
)
from simulator.errors import InputError  # noqa: E402
from simulator.machine import load_machine  # noqa: E402
from simulator.profile import benchmark_call  # noqa: E402

FIXTURE_DIRS = (ROOT / "tests" / "fixtures" / "iree", ROOT / "tests" / "fixtures" / "frontends")
WORKDIR = pathlib.Path(tempfile.gettempdir()) / "streamsim-accuracy"
DEVICES = ("local-sync", "local-task")
#: The Intel Xeon VM's caches (the figures of record until the presets were fitted on the AMD host; that
#: VM is gone): ``--data benchmarks/data/accuracy --calibration-data benchmarks/data/calibration``.
INTEL_DATA = ROOT / "benchmarks" / "data" / "accuracy"
INTEL_CALIBRATION = ROOT / "benchmarks" / "data" / "calibration"
#: The fixtures' runs the report reads, oldest first, merged (``--data A B``; :func:`_measurements`); the
#: last is where ``--measure`` writes. By default the figures of record (:func:`calibrate.record_dirs`).
DATA_RUNS: list[pathlib.Path] = calibrate.record_dirs(DEVICES[0])[0]
#: Per device, the suite's runs the held-out machine is fitted on (``--calibration-data``), likewise; by
#: default those the shipped presets are fitted on (``benchmarks/calibrate.py presets``).
CALIBRATION_RUNS: dict[str, list[pathlib.Path]] = {d: calibrate.record_dirs(d)[1] for d in DEVICES}
FAVORS = ("debug", "max-concurrency")
PRESETS = {"local-sync": "cpu-local-sync", "local-task": "cpu-local-task"}
FAVOR_FLAG = "--iree-stream-partitioning-favor="
#: Fixtures timed again by the report's speed check (short calls of a few dispatches).
SPEED_REFERENCES = ("attention_block", "conv2d_relu", "mlp")


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def fixture_dirs() -> list[pathlib.Path]:
    return [d for root in FIXTURE_DIRS for d in sorted(root.iterdir()) if (d / "source.mlir").exists()]


def variant_case(directory: pathlib.Path, favor: str | None) -> Case:
    """The fixture at ``directory`` as a case; with ``favor``, compiled with that partitioning favor
    (its stream IR compiled by IREE into the workdir rather than the committed cmd.mlir)."""
    case = fixture_case(directory)
    if favor is None:
        return case
    return Case(
        f"{directory.name}{SEP}{favor}",
        case.source,
        case.inputs,
        case.parameters,
        None,
        (*case.flags, FAVOR_FLAG + favor),
    )


def favors_key(directory: pathlib.Path) -> str:
    """The key the cached favor comparison of the fixture at ``directory`` was made for (its source
    under the default flags, the compiler): another key means the comparison must be made again."""
    return case_key(variant_case(directory, None), "local-task")


def favor_differs(directory: pathlib.Path, favor: str, workdir: pathlib.Path) -> bool:
    """Whether IREE's stream IR for ``favor`` differs from its default stream IR (both compiled now)."""
    default = Case(
        f"{directory.name}{SEP}default", directory / "source.mlir", (), flags=fixture_case(directory).flags
    )
    variant = variant_case(directory, favor)
    a = stream_ir_of(default, workdir, "local-task").read_text()
    b = stream_ir_of(variant, workdir, "local-task").read_text()
    return a != b


def _shown(path: pathlib.Path) -> str:
    """``path`` relative to the repository when it is in it (as the messages name the cache files)."""
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def _measurements(runs: Sequence[pathlib.Path], device: str) -> dict[str, Any]:
    """The ``<device>.json`` of the directories ``runs`` (oldest first), merged (merge_runs)."""
    files = read_runs([d / f"{device}.json" for d in runs], _shown)
    return files[0][1] if len(files) == 1 else merge_runs(files)


def _what(runs: Sequence[pathlib.Path], device: str) -> str:
    earlier = len(runs) - 1
    return _shown(runs[-1] / f"{device}.json") + (f" (merged with {earlier} earlier run(s))" if earlier else "")


def _load(device: str) -> dict[str, Any]:
    if (DATA_RUNS[-1] / f"{device}.json").exists() or len(DATA_RUNS) > 1:
        return _measurements(DATA_RUNS, device)
    return {"device": device, "programs": {}, "favors": {}}


def _save(device: str, data: dict[str, Any]) -> None:
    DATA_RUNS[-1].mkdir(parents=True, exist_ok=True)
    (DATA_RUNS[-1] / f"{device}.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def variants(data: dict[str, Any]) -> list[tuple[str, pathlib.Path, str | None]]:
    """(name, fixture directory, favor) of every program: each fixture, then its differing favors."""
    out: list[tuple[str, pathlib.Path, str | None]] = []
    for d in fixture_dirs():
        out.append((d.name, d, None))
        for favor in FAVORS:
            if data["favors"].get(d.name, {}).get(favor):
                out.append((f"{d.name}{SEP}{favor}", d, favor))
    return out


def _compare_favors(device: str, data: dict[str, Any], args: argparse.Namespace) -> None:
    """Record for every fixture whether each favor gives IREE another stream schedule (compiled now, once
    per source: ``favors_key``)."""
    for d in fixture_dirs():
        known = data["favors"].setdefault(d.name, {})
        if known.get("key") != favors_key(d):
            known.clear()
            known["key"] = favors_key(d)
        for favor in FAVORS:
            if favor not in known:
                _log(f"comparing IREE's schedules: {d.name} favor {favor}")
                known[favor] = favor_differs(d, favor, args.workdir)
                _save(device, data)


def measure(device: str, args: argparse.Namespace) -> None:
    data = _load(device)
    _compare_favors(device, data, args)
    todo = [v for v in variants(data) if not args.only or v[0] in args.only]
    reference = speed.round_hook([data], args.workdir, device, args.reps)
    timed = False
    for i, (name, directory, favor) in enumerate(todo, start=1):
        m = data["programs"].get(name)
        case = variant_case(directory, favor)
        stale = stale_reason(case, device, m) if m is not None else None
        if m is None or args.again or stale:
            if not timed:
                reference(0)
                timed = True
            _log(f"[{device} {i}/{len(todo)}] measuring {name}" + (f" ({stale})" if stale else ""))
            m = measure_case(case, args.workdir, device=device, reps=args.reps, calls=args.calls)
            m["stream_ir"] = str(pathlib.Path(m["stream_ir"]).relative_to(ROOT)) if favor is None else ""
            m["sessions_ns"] = [m["call_ns"]["min_ns"]]
            stamp(data, m)
            data["programs"][name] = m
            _save(device, data)
    for session in range(1, args.sessions):
        timed = False
        for name, directory, favor in todo:
            m = data["programs"][name]
            if len(m["sessions_ns"]) > session:
                continue
            if not timed:
                reference(session)
                timed = True
            _log(f"[{device} session {session + 1}/{args.sessions}] {name}")
            case = variant_case(directory, favor)
            timing = benchmark_call(
                module_of(case, args.workdir, device),
                device=device,
                inputs=case.inputs,
                parameters=case.parameters,
                repetitions=args.reps,
            )
            m["sessions_ns"].append(timing.min_ns)
            if timing.min_ns < m["call_ns"]["min_ns"]:
                m["call_ns"] = timing.to_dict()
            _save(device, data)


def measure_with_suite(device: str, args: argparse.Namespace) -> None:
    """Measure the fixtures (those ``--only`` names, else all) and the calibration suite's training
    programs in the same interleaved rounds, ``--sessions`` of them
    (:func:`~simulator.calibration.run.measure_rounds`, as ``streamsim calibrate`` measures the suite):
    the fixtures into ``--data``, the suite into ``--calibration-data``, each program measured again.

    A host's speed can change for minutes at a time without its load average saying so: on the AMD host
    (benchmarks/data/amd) the fixtures measured right after a quiet suite ran 1.27x (local-sync) and 1.39x
    (local-task) slower at the median than in an earlier, loaded stretch in which the suite's programs ran
    as fast as in the quiet one, and the held-out machine fitted on that suite under-predicted them by 11%
    and 17% at the median. Measured in the same rounds, the suite and the programs it predicts meet the
    same stretches. Every round profiles the dispatches as well as timing the call, so that each
    dispatch's minimum, like the call's, is over all the rounds
    (:data:`~simulator.calibration.rounds.DEFAULT_ROUNDS`): the first round's profile of ``--calls`` calls,
    the later ones of as many as fit the program (:func:`~simulator.calibration.rounds.profile_calls`, up
    to ``--max-calls``)."""
    from simulator.cli.calibrate import REPROFILE

    # --programs: those suite programs, and the fixtures --only names (none without it)
    with_fixtures = not args.programs or bool(args.only)
    data = _load(device) if with_fixtures else {"device": device, "programs": {}, "favors": {}}
    if with_fixtures:
        _compare_favors(device, data, args)
    todo = [v for v in variants(data) if not args.only or v[0] in args.only] if with_fixtures else []
    suite = picked_suite(device, args)
    fixtures = [variant_case(directory, favor) for _, directory, favor in todo]
    total = (len(suite) + len(fixtures)) * args.sessions

    def progress(round_index: int, done: int, case: Case, m: dict[str, Any]) -> None:
        _log(f"[{device} {done}/{total}] round {round_index + 1} {case.name}")

    path = CALIBRATION_RUNS[device][-1] / f"{device}.json"
    suite_data: dict[str, Any] = (
        json.loads(path.read_text()) if path.exists() else {"device": device, "programs": {}}
    )
    measured = measure_rounds(
        [*suite, *fixtures],
        args.workdir,
        device=device,
        reps=args.reps,
        calls=args.calls,
        max_calls=args.max_calls,
        rounds=args.sessions,
        profile_rounds=args.sessions,
        progress=progress,
        reprofile=REPROFILE if device == "local-sync" else 0,
        before_round=speed.round_hook([suite_data, *([data] if with_fixtures else [])], args.workdir, device, args.reps),
        before_program=speed.program_hook(args.workdir, device, args.reps) if args.program_reference else None,
    )
    for case in suite:
        m = measured[case.name]
        m["role"] = "train"
        stamp(suite_data, m, load=m.get("load"))
        suite_data["programs"][case.name] = m
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(suite_data, indent=1, sort_keys=True) + "\n")
    for name, _, favor in todo:
        m = measured[name]
        stream_ir = pathlib.Path(m["stream_ir"])
        m["stream_ir"] = str(stream_ir.relative_to(ROOT)) if favor is None and stream_ir.is_relative_to(ROOT) else ""
        stamp(data, m, load=m.get("load"))
        data["programs"][name] = m
    if with_fixtures:
        _save(device, data)


def picked_suite(device: str, args: argparse.Namespace) -> list[Case]:
    """The suite's training programs for ``device`` that ``--with-suite`` measures: those whose names
    match one of ``--programs``' shell patterns (``tiny_*``), every one without it."""
    suite = {case.name: case for role, case in calibrate.cases(args.workdir, device).values() if role == "train"}
    return [suite[name] for name in options.matching(suite, args.programs or ["*"])]


def entries(device: str, data: dict[str, Any], workdir: pathlib.Path) -> list[Entry]:
    """Every measured program as an entry; a measurement of another compile of the program (its
    source, flags or IREE changed since: :func:`stale_reason`) is left out with a warning."""
    out = []
    for name, directory, favor in variants(data):
        m = data["programs"].get(name)
        if m is None:
            continue
        case = variant_case(directory, favor)
        stale = stale_reason(case, device, m)
        if stale:
            print(f"WARNING: {device}: left out: {stale}")
            _log(f"WARNING: {device}: left out: {stale}")
            continue
        out.append((case, stream_ir_of(case, workdir, device), m))
    return out


def key_warnings(device: str, data: dict[str, Any]) -> list[str]:
    """Warnings for what the cache cannot vouch for: measurements recording no compile key (taken
    before keys were recorded) and favor comparisons made for another source."""
    out = []
    unkeyed = [n for n, m in data["programs"].items() if "compile_key" not in m]
    if unkeyed:
        out.append(
            f"{_what(DATA_RUNS, device)}: {len(unkeyed)} program(s) record no compile key "
            "(measured before keys): a change of their source since cannot be detected"
        )
    for d in fixture_dirs():
        known = data["favors"].get(d.name, {})
        if known and known.get("key") not in (None, favors_key(d)):
            out.append(f"{d.name}: the cached favor comparison is for another source: run --measure")
    return out


def training_entries(device: str, workdir: pathlib.Path) -> list[Entry]:
    """The microbenchmark suite's measurements (role ``train``) from the calibration data, their stream IR
    compiled into ``workdir`` (``--workdir``, where ``--measure`` compiled them)."""
    measured = _measurements(CALIBRATION_RUNS[device], device)
    return list(calibrate._entries(measured, workdir, {"train"}))


def check_host(device: str, data: dict[str, Any], args: argparse.Namespace) -> None:
    """Print (and log) whether the cache was measured on this host and, unless ``--no-speed-check``,
    this host's call time of each of SPEED_REFERENCES against the cached minimum."""
    what = _what(DATA_RUNS, device)
    warnings = host_warnings(data, what) + key_warnings(device, data)
    # The held-out machine is fitted on the calibration file: loads far apart make its figures and the
    # fixtures' incomparable on local-task.
    suite_runs = CALIBRATION_RUNS[device]
    print(load_summary(data, what))
    if (suite_runs[-1] / f"{device}.json").exists():
        suite_data = _measurements(suite_runs, device)
        suite_what = _what(suite_runs, device)
        print(load_summary(suite_data, suite_what))
        # The speed reference each file timed at its rounds: whether the fixtures met the host at the
        # speed the suite did (the load average cannot say).
        lines, slow = speed.compare_lines(data, suite_data, what, suite_what)
        for line in lines:
            print(line)
        warnings += slow
    if not args.no_speed_check:

        def time_now(name: str) -> float:
            case = variant_case(FIXTURE_DIRS[0] / name, None)
            vmfb = module_of(case, args.workdir, device)
            timing = benchmark_call(
                vmfb, device=device, inputs=case.inputs, parameters=case.parameters, repetitions=args.reps
            )
            return float(timing.min_ns)

        programs = data["programs"]
        cached = [(n, float(programs[n]["call_ns"]["min_ns"])) for n in SPEED_REFERENCES if n in programs]
        _log(f"{device}: speed check ({', '.join(n for n, _ in cached)})")
        rows, slow = speed_check(cached, time_now, what)
        warnings += slow
        print(f"\nspeed check on this host ({device}, minimum of {args.reps} calls):")
        for name, before, now in rows:
            print(f"  {name:<24} cached {before / 1e3:9.1f} us  now {now / 1e3:9.1f} us  x{now / before:.3f}")
    for w in warnings:
        print(f"WARNING: {w}")
        _log(f"WARNING: {w}")


def report(devices: Sequence[str], args: argparse.Namespace) -> int:
    held_out_rows: dict[str, list[dict[str, Any]]] = {}
    for device in devices:
        data = _load(device)
        if not data["programs"]:
            _log(f"no measurements for {device} in {DATA_RUNS[-1]}: run with --measure")
            continue
        check_host(device, data, args)
        fixtures = entries(device, data, args.workdir)
        preset = load_machine(PRESETS[device])
        preset_toml = tomllib.loads((ROOT / "simulator" / "machines" / f"{PRESETS[device]}.toml").read_text())
        preset_fitted = set(preset_toml.get("calibration", {}).get("programs", ()))
        print(f"\n=== device {device}: {len(fixtures)} programs; preset {preset.name} ===")
        failed: dict[str, str] = {}
        rows, errs = prediction_rows(fixtures, lambda c, m=preset: m, preset_fitted, failed)
        print_table(
            f"preset {preset.name} (fit: the preset was fitted on that program)",
            rows,
            errs,
            GOALS.get(device),
        )
        # A program the simulator cannot run is left out of the fits and tables that follow.
        fixtures = left_out_failures(device, fixtures, failed)

        _log(f"{device}: fitting on the microbenchmark suite")
        train = training_entries(device, args.workdir)
        held_out = fit_on(
            device,
            train,
            "the microbenchmark suite",
            args.refine,
            args.call_rank,
            split_workgroups=args.workgroups,
            dynamic_factor=args.dynamic_factor,
            release_cost=args.release_cost,
            worker_pool=args.worker_pool,
            ragged_rows=args.ragged_rows,
        )
        failed = {}
        rows, errs = prediction_rows(fixtures, lambda c, m=held_out: m, set(), failed)
        print_table("held-out: fitted on the microbenchmark suite only", rows, errs, GOALS.get(device))
        fixtures = left_out_failures(device, fixtures, failed)
        host = held_out.host
        model = held_out.devices[0].dispatch_model
        print(
            "fitted host costs (ns): "
            + ", ".join(f"{k} {getattr(host, k)}" for k in type(host).__slots__)
            + (f"; dispatch floor {model.floor_ns:g} ns" if model is not None else "")
        )
        held_out_rows[device] = rows
        ratio_table(
            f"favor variant / default call time on {device} (held-out machine)", variant_ratios(rows), variant_rounds(rows)
        )

        if not args.no_loo:
            defaults = [e for e in fixtures if SEP not in e[0].name]
            machines = leave_one_out(
                device,
                train,
                defaults,
                exact=args.loo_exact,
                refine=args.refine,
                call_rank=args.call_rank,
                split_workgroups=args.workgroups,
                dynamic_factor=args.dynamic_factor,
                release_cost=args.release_cost,
                worker_pool=args.worker_pool,
                ragged_rows=args.ragged_rows,
            )
            failed = {}
            rows, errs = prediction_rows(
                [e for e in fixtures if base_name(e[0].name) in machines],
                lambda c, ms=machines: ms[base_name(c.name)],
                set(),
                failed,
            )
            print_table(
                "leave-one-out: fitted on the microbenchmarks and every other fixture",
                rows,
                errs,
                GOALS.get(device),
            )
            left_out_failures(device, fixtures, failed)
    if all(d in held_out_rows for d in DEVICES):
        sync, task = (held_out_rows[d] for d in DEVICES)
        ratio_table(
            "local-sync / local-task call time (held-out machines)", device_ratios(sync, task), device_rounds(sync, task)
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    global DATA_RUNS, CALIBRATION_RUNS
    ap, args = accuracy_args.parse(argv, __doc__.split("\n\n")[0], DEVICES, WORKDIR)
    for device in args.device if args.programs else ():
        bad = options.unmatched_patterns(
            [case.name for case in picked_suite(device, args)], args.programs, f"{device} suite program"
        )
        if bad:
            ap.error(bad)
    args.workdir.mkdir(parents=True, exist_ok=True)
    # (directories named on the command line; the default ones, the figures of record, are committed)
    for flag, dirs, what in (
        ("--data", args.data if args.data and not args.measure else [], ""),
        ("--calibration-data", args.calibration_data if args.calibration_data and not args.no_report and not args.with_suite else [], "suite "),
    ):
        for x in dirs:
            missing = [f"{d}.json" for d in args.device if not (x / f"{d}.json").is_file()]
            if missing:
                ap.error(f"{flag} {x}: no {what}measurements {', '.join(missing)}")
    DATA_RUNS = [d.resolve() for d in args.data or calibrate.record_dirs(DEVICES[0])[0]]
    CALIBRATION_RUNS = {
        device: [d.resolve() for d in args.calibration_data or calibrate.record_dirs(device)[1]] for device in DEVICES
    }
    try:  # runs of another host or compile are refused before anything is measured or fitted
        for device in args.device:
            for runs in (DATA_RUNS, CALIBRATION_RUNS[device]):
                if len(runs) > 1:
                    _measurements(runs, device)
    except InputError as exc:
        ap.error(str(exc))
    if args.measure:
        for device in args.device:
            (measure_with_suite if args.with_suite else measure)(device, args)
    if args.no_report:
        return 0
    return report(args.device, args)


if __name__ == "__main__":
    sys.exit(main())
