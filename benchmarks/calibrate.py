#!/usr/bin/env python3
"""Calibrate the machine model against IREE's measured runs, and report how well it predicts.

Three steps, each reusing the previous one's output:

``measure``
    compiles and measures every program with IREE's tools (``streamsim profile``'s machinery:
    iree-benchmark-module for the call, minimum and spread over ``--reps`` repetitions; a HAL profile of
    ``--calls`` calls for each dispatch's minimum) and writes the measurements to JSON. The programs are
    the generated training suite (:func:`simulator.calibration.suite.training_suite`), the IREE fixtures
    (tests/fixtures/iree) and the held-out suite (:func:`holdout_suite`), which is never fitted on.
``fit``
    fits the dispatch model and the fixed costs (:mod:`simulator.calibration.fit`) on the training suite
    and the fixtures and writes a machine file (``-o cpu-local-task.toml``) with the fit's provenance.
``report``
    prints, for the held-out programs, predicted vs measured call time and per-dispatch time with the
    error ratio and the measured spread (``med/min``: median over one session's repetitions / minimum;
    ``sess``: max/min of the minima of ``--sessions`` sessions, minutes apart: how far a minimum itself
    moves on this machine), then the leave-one-out table over the fixtures (fit on all
    programs but one fixture, predict that fixture), and the aggregate (median and worst |error|).
``ratio``
    predicting a change rather than a time: for each program measured on two devices (local-task and
    local-sync), the measured ratio of call times against the ratio the two fitted machines predict.
``presets``
    writes the shipped presets (``simulator/machines/cpu-local-task.toml``, ``cpu-local-sync.toml`` and
    ``cpu.toml``, the built-in ``cpu``: the local-task fit under its own name) from the committed
    measurements (:data:`PRESET_RUNS`) by the held-out report's own fit
    (:func:`simulator.calibration.heldout.fit_data`: the calibration suite's programs only, each program's
    minima over the merged runs, the tiny programs fitted for their dispatches alone), so that a preset
    predicts every fixture as ``benchmarks/accuracy.py``'s held-out table says. The files are a function
    of the committed data and the code: ``presets --check`` says whether the shipped ones are what it
    would write (exit 1 when not). The held-out fit prices local-task's release (dealloca) apart from an
    allocation (``host.dealloca_cost_ns``), as ``fit`` and ``report`` do, unless ``--no-release-cost``.

Usage::

    python benchmarks/calibrate.py measure --device local-task -o measured-local-task.json [--reps 40]
    python benchmarks/calibrate.py fit measured-local-task.json -o simulator/machines/cpu-local-task.toml
    python benchmarks/calibrate.py report measured-local-task.json [--machine FILE.toml] [--no-loo]
    python benchmarks/calibrate.py ratio measured-local-task.json measured-local-sync.json \
        --machine-a cpu-local-task --machine-b cpu-local-sync   # predicting a change of device
    python benchmarks/calibrate.py presets [--check]      # the shipped presets, from benchmarks/data/amd

Measuring takes a few minutes on 2 cores; these machines are shared and noisy, so every figure is the
minimum over repetitions and is printed with its spread (max/min).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pathlib
import statistics
import sys
import tempfile
from typing import Any

# One BLAS thread: the fits solve many small least-squares problems, and on a shared two-CPU host
# OpenBLAS's threads wait for each other behind other processes (a dispatch fit took 33 s with its
# default threads at load 9, 1.7 s with one). Set before numpy is first imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simulator.calibration import options, speed  # noqa: E402
from simulator.calibration.fit import summarize_errors  # noqa: E402
from simulator.calibration.heldout import fit_data, predict_rows  # noqa: E402
from simulator.calibration.hosts import host_warnings, stamp  # noqa: E402
from simulator.calibration.merge import merge_runs, read_runs  # noqa: E402
from simulator.calibration.provenance import base_machine, cpu_count, device_workers, provenance  # noqa: E402
from simulator.calibration.run import (  # noqa: E402
    Case,
    benchmark_case,
    fit_machine,
    fixture_case,
    measure_case,
    module_of,
    simulate_case,
    stale_reason,
    stream_ir_of,
)
from simulator.calibration.suite import holdout_suite, training_suite  # noqa: E402
from simulator.calibration.toml_out import dumps  # noqa: E402
from simulator.errors import InputError  # noqa: E402
from simulator.machine import machine_from_dict  # noqa: E402
from simulator.profile import benchmark_call  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "iree"
WORKDIR = pathlib.Path(tempfile.gettempdir()) / "streamsim-calibrate"

#: The committed measurements the shipped presets are fitted on: one host's runs (oldest first, merged:
#: :mod:`simulator.calibration.merge`), the directories ``benchmarks/accuracy.py --calibration-data``
#: takes for the figures of record of issue 16 (the AMD EPYC VM these sessions run on; each directory's
#: README says how and when it was measured). local-sync's suite has no tiny programs.
PRESET_DATA = ROOT / "benchmarks" / "data" / "amd"
#: The runs of record under PRESET_DATA, oldest first: each holds ``calibration/`` (the suite) and
#: ``accuracy/`` (the fixtures), both devices' files.
RUNS = ("default_quiet", "calls100", "adaptive", "adaptive2", "adaptive3", "adaptive4")
PRESET_RUNS: dict[str, tuple[str, ...]] = {
    "local-task": (*(f"{r}/calibration" for r in RUNS), *(f"tiny/r{i}" for i in range(1, 7))),
    "local-sync": tuple(f"{r}/calibration" for r in RUNS),
}
#: The fixtures' measurements of the same runs (both devices'), oldest first: what
#: ``benchmarks/accuracy.py`` predicts by default.
RECORD_FIXTURES: tuple[str, ...] = tuple(f"{r}/accuracy" for r in RUNS)


def record_dirs(device: str) -> tuple[list[pathlib.Path], list[pathlib.Path]]:
    """The figures of record for ``device``: the directories of the fixtures' runs and of the suite's
    (:data:`PRESET_RUNS`, what the presets are fitted on), oldest first, merged by ``benchmarks/accuracy.py``
    (its default ``--data`` and ``--calibration-data``)."""
    return [PRESET_DATA / d for d in RECORD_FIXTURES], [PRESET_DATA / d for d in PRESET_RUNS[device]]
#: The date of the newest run above (its README's): the presets' ``date``. A refit of the same data on
#: another day writes the same files.
PRESET_DATE = "2026-11-28"
#: preset -> the HAL device whose fit it is (``cpu``, ``streamsim run``'s default machine, is local-task's:
#: IREE's default CPU device).
PRESET_FILES = {"cpu-local-task": "local-task", "cpu-local-sync": "local-sync", "cpu": "local-task"}
MACHINES = ROOT / "simulator" / "machines"


def cases(workdir: pathlib.Path, device: str | None = None) -> dict[str, tuple[str, Case]]:
    """name -> (role, case); roles: train (generated, those of ``device`` when given), fixture, holdout."""
    out: dict[str, tuple[str, Case]] = {}
    for b in training_suite(device):
        out[b.name] = ("train", benchmark_case(b, workdir))
    for d in sorted(p for p in FIXTURES.iterdir() if (p / "source.mlir").exists()):
        out[d.name] = ("fixture", fixture_case(d))
    for b in holdout_suite():
        out[b.name] = ("holdout", benchmark_case(b, workdir))
    return out


def _write(path: pathlib.Path, data: dict[str, Any]) -> None:
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def _warn_host(measured: dict[str, Any], what: str) -> None:
    for w in host_warnings(measured, what):
        print(f"WARNING: {w}", file=sys.stderr)
    unkeyed = sum("compile_key" not in m for m in measured["programs"].values())
    if unkeyed:
        print(
            f"WARNING: {what}: {unkeyed} program(s) record no compile key (measured before keys): a "
            "change of their source since cannot be detected",
            file=sys.stderr,
        )


def cmd_measure(args: argparse.Namespace) -> int:
    all_cases = cases(args.workdir, args.device)
    out_path = pathlib.Path(args.output)
    data: dict[str, Any] = (
        json.loads(out_path.read_text()) if out_path.exists() else {"device": args.device, "programs": {}}
    )
    done: dict[str, Any] = data["programs"]
    names = [n for n in all_cases if not args.only or n in args.only]
    # a speed reference before each session that measures something (simulator.calibration.speed)
    reference = speed.round_hook([data], args.workdir, args.device, args.reps)
    timed = False
    for i, name in enumerate(names, start=1):
        role, case = all_cases[name]
        stale = stale_reason(case, args.device, done[name]) if name in done else None
        if name in done and not args.again and not stale:
            continue
        if not timed:
            reference(0)
            timed = True
        print(f"[{i}/{len(names)}] {role:<8} {name}" + (f" ({stale})" if stale else ""), flush=True)
        m = measure_case(case, args.workdir, device=args.device, reps=args.reps, calls=args.calls)
        m["role"] = role
        m["sessions_ns"] = [m["call_ns"]["min_ns"]]
        stamp(data, m)
        done[name] = m
        _write(out_path, data)
    # Later sessions time the call again, minutes apart: the minimum over sessions is the figure, and
    # max/min of the sessions' minima says how far one session's minimum can be trusted.
    for session in range(1, args.sessions):
        timed = False
        for i, name in enumerate(names, start=1):
            m = done[name]
            if len(m["sessions_ns"]) > session:
                continue
            if not timed:
                reference(session)
                timed = True
            role, case = all_cases[name]
            print(f"session {session + 1}/{args.sessions} [{i}/{len(names)}] {name}", flush=True)
            timing = benchmark_call(
                module_of(case, args.workdir, args.device),
                device=args.device,
                inputs=case.inputs,
                parameters=case.parameters,
                repetitions=args.reps,
            )
            m["sessions_ns"].append(timing.min_ns)
            if timing.min_ns < m["call_ns"]["min_ns"]:
                m["call_ns"] = timing.to_dict()
            _write(out_path, data)
    print(f"wrote {out_path}")
    return 0


def _entries(
    measured: dict[str, Any], workdir: pathlib.Path, roles: set[str], exclude: set[str] = frozenset()
):
    all_cases = cases(workdir, measured.get("device"))
    out = []
    for name, m in sorted(measured["programs"].items()):
        # (``streamsim calibrate --measurements`` records no role: the suite's programs are its own)
        if name in all_cases and m.get("role", all_cases[name][0]) in roles and name not in exclude:
            case = all_cases[name][1]
            stale = stale_reason(case, measured["device"], m)
            if stale:
                print(f"WARNING: left out: {stale}", file=sys.stderr)
                continue
            out.append((case, stream_ir_of(case, workdir, measured["device"]), m))
    return out


def fit(
    measured: dict[str, Any],
    workdir: pathlib.Path,
    exclude: set[str] = frozenset(),
    refine: int = 0,
    release_cost: bool = True,
    worker_pool: bool = False,
    ragged_rows: bool = True,
):
    device = measured["device"]
    how = "benchmarks/calibrate.py fit: non-negative least squares on relative error"
    head = provenance(
        device, how + (f", fixed costs re-fitted {refine}x at the fitted point" if refine else "")
    )
    entries = _entries(measured, workdir, {"train", "fixture"}, exclude)
    return fit_machine(
        base_machine(device),
        entries,
        provenance=head,
        refine=refine,
        release_cost=release_cost,
        worker_pool=worker_pool, ragged_rows=ragged_rows,
    )


def cmd_fit(args: argparse.Namespace) -> int:
    measured = json.loads(pathlib.Path(args.measurements).read_text())
    _warn_host(measured, args.measurements)
    data, report = fit(
        measured, args.workdir, refine=args.refine, release_cost=args.release_cost, worker_pool=args.worker_pool, ragged_rows=args.ragged_rows
    )
    pathlib.Path(args.output).write_text(
        "# Written by benchmarks/calibrate.py fit; see [calibration] for how and on what.\n" + dumps(data)
    )
    print(json.dumps(report, indent=1, sort_keys=True))
    print(f"wrote {args.output}")
    return 0


def _fmt_us(ns: float) -> str:
    return f"{ns / 1e3:10.1f}"


def print_table(title: str, rows: list[dict[str, Any]], dispatch_errors: list[float]) -> None:
    print(f"\n{title}")
    print(
        f"{'program':<34} {'measured_us':>11} {'med/min':>7} {'sess':>5} {'predicted_us':>12} {'ratio':>7}"
        f" {'error':>8} {'disp':>5} {'disp |err| med':>14}"
    )
    for r in rows:
        print(
            f"{r['program'][:34]:<34} {_fmt_us(r['measured_ns']):>11} {r['spread']:7.2f} {r['sessions']:5.2f}"
            f" {_fmt_us(r['predicted_ns']):>12}"
            f" {r['predicted_ns'] / r['measured_ns']:7.3f} {100 * r['error']:+7.1f}% {r['dispatches']:5d}"
            f" {100 * r['dispatch_median_abs']:13.1f}%"
        )
    calls = summarize_errors([r["error"] for r in rows])
    disp = summarize_errors(dispatch_errors)
    noise = statistics.median(r["sessions"] for r in rows) if rows else float("nan")
    print(f"measured: median over programs of max/min of the sessions' minima {noise:.3f} (the noise floor)")
    print(
        f"call |error|: median {100 * calls['median_abs']:.1f}%, worst {100 * calls['worst_abs']:.1f}% over "
        f"{calls['count']} programs; dispatch |error|: median {100 * disp['median_abs']:.1f}%, worst "
        f"{100 * disp['worst_abs']:.1f}% over {disp['count']} dispatches"
    )


def cmd_report(args: argparse.Namespace) -> int:
    measured = json.loads(pathlib.Path(args.measurements).read_text())
    _warn_host(measured, args.measurements)
    if args.machine:
        from simulator.machine import load_machine

        machine = load_machine(args.machine)
    else:
        data, _ = fit(measured, args.workdir, release_cost=args.release_cost, worker_pool=args.worker_pool, ragged_rows=args.ragged_rows)
        machine = machine_from_dict(data)
    print(f"device {measured['device']}, machine {machine.name} ({machine.source or 'fitted now'})")
    holdout = _entries(measured, args.workdir, {"holdout"})
    rows, errs = predict_rows(holdout, machine)
    print_table("held-out programs (never fitted on)", rows, errs)
    if not args.no_loo:
        loo_rows, loo_errs = [], []
        for case, ir, m in _entries(measured, args.workdir, {"fixture"}):
            data, _ = fit(
                measured,
                args.workdir,
                exclude={case.name},
                release_cost=args.release_cost,
                worker_pool=args.worker_pool, ragged_rows=args.ragged_rows,
            )
            r, e = predict_rows([(case, ir, m)], machine_from_dict(data))
            loo_rows += r
            loo_errs += e
        print_table(
            "leave-one-out over the fixtures (fit without the fixture, predict it)", loo_rows, loo_errs
        )
    train_rows, train_errs = predict_rows(_entries(measured, args.workdir, {"train", "fixture"}), machine)
    print_table("training programs (fitted on: in-sample, for reference)", train_rows, train_errs)
    return 0


def cmd_ratio(args: argparse.Namespace) -> int:
    """Predicting a change: measured time on device A over device B against the predicted ratio."""
    from simulator.machine import load_machine

    a = json.loads(pathlib.Path(args.a).read_text())
    b = json.loads(pathlib.Path(args.b).read_text())
    machine_a, machine_b = load_machine(args.machine_a), load_machine(args.machine_b)
    all_cases = cases(args.workdir)
    print(f"measured and predicted call time ratio {a['device']} / {b['device']}")
    print(f"{'program':<34} {'role':<8} {'measured':>9} {'predicted':>9} {'error':>8}")
    errors, held_out = [], []
    for name in sorted(set(a["programs"]) & set(b["programs"])):
        if name not in all_cases:
            continue
        role, case = all_cases[name]
        ir = stream_ir_of(case, args.workdir, a["device"])
        measured = a["programs"][name]["call_ns"]["min_ns"] / b["programs"][name]["call_ns"]["min_ns"]
        predicted = (
            simulate_case(case, ir, machine_a)["call_ns"] / simulate_case(case, ir, machine_b)["call_ns"]
        )
        error = predicted / measured - 1.0
        errors.append(error)
        if role == "holdout":
            held_out.append(error)
        print(f"{name[:34]:<34} {role:<8} {measured:9.3f} {predicted:9.3f} {100 * error:+7.1f}%")
    for title, errs in (("all programs", errors), ("held-out programs", held_out)):
        e = summarize_errors(errs)
        print(
            f"{title}: ratio |error| median {100 * e['median_abs']:.1f}%, worst {100 * e['worst_abs']:.1f}% "
            f"over {e['count']}"
        )
    return 0


def preset_entries(device: str, workdir: pathlib.Path = WORKDIR) -> tuple[list[Any], dict[str, Any], int]:
    """The entries the ``cpu-<device>`` preset is fitted on (the suite's programs in
    :data:`PRESET_RUNS`\\ [device], merged), its ``[calibration]`` table's head, and the HAL device's
    workers on the host that measured them. An InputError when a program's measurement is of another
    compile than the suite's now (its source, flags or IREE changed: the preset would not be the fit of
    the committed data)."""
    dirs = [PRESET_DATA / d for d in PRESET_RUNS[device]]
    runs = read_runs([d / f"{device}.json" for d in dirs], lambda p: str(p.relative_to(ROOT)))
    measured = merge_runs(runs)
    (key, identity), *others = sorted(measured["hosts"].items())
    if others:  # (merge_runs refuses runs of two hosts; a file's table could still name two)
        raise InputError(f"{device}: the preset's runs name {len(others) + 1} hosts: only one host's runs fit a preset")
    suite = cases(workdir, device)
    train = [n for n, m in measured["programs"].items() if n in suite and m.get("role", suite[n][0]) == "train"]
    entries = _entries(measured, workdir, {"train"})
    if len(entries) != len(train):
        left = sorted(set(train) - {case.name for case, _, _ in entries})
        raise InputError(
            f"{device}: {len(left)} suite program(s) measured for another compile than now ({', '.join(left[:5])}"
            f"{', ...' if len(left) > 5 else ''}): measure them again before refitting the presets"
        )
    head = {
        "date": PRESET_DATE,
        "host_cpu": identity["cpu"],
        "host": key,
        "kernel": identity["kernel"],
        "iree_version": identity["iree_version"],
        "device": device,
        "method": "benchmarks/calibrate.py presets: the held-out fit of benchmarks/accuracy.py"
        " (simulator.calibration.heldout.fit_data): the calibration suite's programs only, no fixture; each"
        " program's minima over the merged runs; the fixed costs fitted on the call minima of the programs"
        " measured for their calls (not the tiny ones, fitted for their dispatches alone); non-negative"
        " least squares on relative error",
        "data": [str(d.relative_to(ROOT)) for d in dirs],
        # what the fit reads of the data: each fitted program's merged measurement (with its compile key)
        "inputs_sha256": hashlib.sha256(
            json.dumps([[case.name, m] for case, _, m in entries], sort_keys=True).encode()
        ).hexdigest(),
    }
    return entries, head, device_workers(device, cpu_count(identity["cpu"]))


def preset_fit(
    device: str, workdir: pathlib.Path = WORKDIR, release_cost: bool = True, worker_pool: bool = False, ragged_rows: bool = True
) -> dict[str, Any]:
    """The ``cpu-<device>`` preset as a TOML dict: the held-out fit (:func:`~simulator.calibration.
    heldout.fit_data`) of :func:`preset_entries`, with the measuring host's worker count (so that another
    host writes the same file) and a ``[calibration]`` table saying on what; ``release_cost`` and
    ``ragged_rows`` (on by default, as the held-out fit's): local-task's release priced apart from an allocation,
    ragged softmax rows priced; ``worker_pool`` (off by default): the dispatch model's (:func:`~simulator.calibration.fit.fit_dispatch_model`)."""
    entries, head, workers = preset_entries(device, workdir)
    return fit_data(
        device,
        entries,
        head,
        workers=workers,
        release_cost=release_cost,
        worker_pool=worker_pool,
        ragged_rows=ragged_rows,
    )


def preset_text(name: str, data: dict[str, Any]) -> str:
    """The text of preset ``name`` (:data:`PRESET_FILES`) whose device's fit is ``data`` (``cpu``: the
    local-task fit under cpu's name and description)."""
    head = "# Written by benchmarks/calibrate.py presets from the committed measurements; see [calibration].\n"
    if name == "cpu":
        c = data["calibration"]
        data = {
            **data,
            "name": "cpu",
            "description": f"host CPU under IREE's local-task HAL device, calibrated on an {c['host_cpu']} with"
            f" IREE {c['iree_version']}: the cpu-local-task fit (benchmarks/calibrate.py presets)",
        }
        head = (
            "# The built-in cpu preset (streamsim run's default machine): the cpu-local-task fit under its own\n"
            "# name, written by benchmarks/calibrate.py presets; see [calibration]. The uncalibrated roofline\n"
            "# it replaced is the cpu-roofline preset.\n"
        )
    return head + dumps(data)


def preset_texts(
    workdir: pathlib.Path = WORKDIR, release_cost: bool = True, worker_pool: bool = False, ragged_rows: bool = True
) -> dict[str, str]:
    """preset name -> the text ``presets`` writes to ``simulator/machines/<name>.toml``."""
    fits = {
        device: preset_fit(device, workdir, release_cost, worker_pool, ragged_rows)
        for device in sorted(set(PRESET_FILES.values()))
    }
    return {name: preset_text(name, fits[device]) for name, device in PRESET_FILES.items()}


def cmd_presets(args: argparse.Namespace) -> int:
    texts = preset_texts(args.workdir, args.release_cost, args.worker_pool, args.ragged_rows)
    stale = []
    for name, text in texts.items():
        path = MACHINES / f"{name}.toml"
        if args.check:
            if not path.exists() or path.read_text() != text:
                stale.append(name)
            continue
        path.write_text(text)
        print(f"wrote {path.relative_to(ROOT)}")
    if args.check:
        for name in stale:
            print(f"{name}: the shipped preset is not what benchmarks/calibrate.py presets writes")
        print(f"{len(texts) - len(stale)} of {len(texts)} presets are what the committed data fits")
        return 1 if stale else 0
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--workdir", type=pathlib.Path, default=WORKDIR, help=f"compiled programs (default {WORKDIR})"
    )
    sub = ap.add_subparsers(dest="step", required=True)
    m = sub.add_parser("measure", help="measure every program with IREE into JSON")
    m.add_argument("--device", default="local-task")
    m.add_argument("-o", "--output", required=True)
    m.add_argument("--reps", type=int, default=100, help="benchmark repetitions of one call each")
    m.add_argument("--calls", type=int, default=20, help="calls profiled for per-dispatch times")
    m.add_argument("--sessions", type=int, default=3, help="times each call is benchmarked, minutes apart")
    m.add_argument("--only", nargs="*", help="measure only these programs")
    m.add_argument("--again", action="store_true", help="re-measure programs already in the file")
    m.set_defaults(func=cmd_measure)
    f = sub.add_parser("fit", help="fit a machine file to the measurements")
    f.add_argument("measurements")
    f.add_argument("-o", "--output", required=True)
    f.add_argument(
        "--refine", type=int, default=0, help="rounds re-fitting the fixed costs at the fitted point"
    )
    options.add_release_cost(f)
    options.add_worker_pool(f)
    options.add_ragged_rows(f)
    f.set_defaults(func=cmd_fit)
    r = sub.add_parser("report", help="held-out and leave-one-out prediction errors")
    r.add_argument("measurements")
    r.add_argument("--machine", help="machine file to predict with (default: fit now)")
    r.add_argument("--no-loo", action="store_true", help="skip the leave-one-out refits")
    options.add_release_cost(r, "the fit (without --machine)")
    options.add_worker_pool(r, "the fit (without --machine)")
    options.add_ragged_rows(r, "the fit (without --machine)")
    r.set_defaults(func=cmd_report)
    q = sub.add_parser("ratio", help="measured vs predicted ratio of two devices' call times")
    q.add_argument("a", help="measurements on device A")
    q.add_argument("b", help="measurements on device B")
    q.add_argument("--machine-a", required=True, help="machine file for A")
    q.add_argument("--machine-b", required=True, help="machine file for B")
    q.set_defaults(func=cmd_ratio)
    w = sub.add_parser("presets", help="write the shipped presets from the committed measurements")
    w.add_argument("--check", action="store_true", help="only say whether the shipped presets are what it writes")
    options.add_release_cost(w, "the presets' fit")
    options.add_worker_pool(w, "the presets' fit")
    options.add_ragged_rows(w, "the presets' fit")
    w.set_defaults(func=cmd_presets)
    args = ap.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
