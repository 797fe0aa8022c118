"""``streamsim calibrate``: fit a machine file to this host with IREE's own measurements.

::

    streamsim calibrate [--device local-task] -o mybox.toml [--reps 100] [--calls 10] [--max-calls 100]
                        [--rounds 8]
                        [--fixtures DIR] [--workdir DIR] [--measurements OUT.json]
                        [--merge EARLIER.json ...] [--only NAME ...] [--programs GLOB ...]
                        [--program-reference] [--call-rank N] [--workgroups] [--dynamic-factor] [--worker-pool]
                        [--no-release-cost]

Compiles and measures the generated microbenchmark suite (:func:`simulator.calibration.suite.
training_suite`: matmuls, batch matmuls, convolutions, reductions and generic contractions, softmax
whole and decomposed, elementwise maps, transposes, in f32 and a few i8/f16 cases; each math function
alone and fused into a matmul or a reduction; chains of tiny dispatches, a host loop and a loop on a
value read back from the device; matmuls, maps and reductions of a shape IREE does not know when it
compiles; IREE's fused attention) and, with ``--fixtures``, every fixture set under DIR (``source.mlir``,
``cmd.mlir``, ``input*.npy``, ``params.irpa``), printing one line per program and round (``--rounds``:
every program's call is timed and its dispatches profiled once a round, the rounds interleaved, and each
minimum kept (:data:`~simulator.calibration.rounds.DEFAULT_ROUNDS` says why 8 by default), as
``benchmarks/accuracy.py`` keeps the minimum of its sessions for the programs it predicts: on a shared
host, a figure measured once meets one stretch of load; the first round profiles ``--calls`` calls, the
later ones as many as :func:`~simulator.calibration.rounds.profile_calls` fits in 20 ms of the program's
calls and 2,000 dispatches, up to ``--max-calls``); then fits the dispatch
model and the host's fixed costs (:mod:`simulator.calibration.fit`) and writes the machine file, with
the fit's provenance and residuals under ``[calibration]``. On stderr it warns when the host's 1-minute
load average is above its CPU count during the measurement (the figures then run slower than on a quiet
host), and on ``local-sync`` it profiles again (up to :data:`REPROFILE` times) a program whose
dispatches' minima sum to more than its call's minimum, saying how many. Before each round it times a
speed reference (:mod:`simulator.calibration.speed`: three short suite programs), recorded in the
``--measurements`` file, and says how far the host's speed moved over the rounds and in how many rounds
it met its fastest speed (a warning when only one did). ``--machine mybox.toml`` then uses it in
``run``, ``check`` and ``sweep``. ``--merge`` fits on this run's rounds and those of earlier runs of
this host (their ``--measurements`` files, or ``benchmarks/accuracy.py``'s suite files): each program's
minima over all of them (:mod:`simulator.calibration.merge`; a host that met its fast state in too few
rounds of one run gets more chances), and ``--measurements`` then writes the merged file. The fit takes
every program of the merged files, those only earlier runs measured too (so a run of a few programs
merged with the runs of the rest fits them all, as ``benchmarks/calibrate.py presets`` fits its runs),
but one that is neither in the device's suite nor under ``--fixtures`` (named, left out); a file of
another host or device, or a program recording another compile than today's, is refused (exit 2)
before anything is measured.
``--only NAME...`` and ``--programs GLOB...`` measure some of the suite's programs (those named, and
those matching a shell pattern). ``--program-reference``, ``--call-rank``, ``--workgroups``,
``--dynamic-factor``, ``--worker-pool`` and ``--no-release-cost`` are ``benchmarks/accuracy.py``'s options of the same names
(:mod:`simulator.calibration.options`), so that the fit of a figure of record can be made here too. On
local-task a release (dealloca) is priced apart from an allocation unless ``--no-release-cost`` is given
(the machine file's ``[calibration] fitted_apart`` says when it was).
``benchmarks/calibrate.py`` does the same in steps and reports the error on held-out programs. Exit 2
when IREE's tools are missing or fail, or for a bad option value (named).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import tempfile
import time
from typing import Any

from simulator.calibration import options, speed
from simulator.calibration.hosts import busy_now, busy_summary, host_cores, host_identity, host_key, stamp
from simulator.calibration.merge import check_compatible, merge_runs, read_runs
from simulator.calibration.provenance import base_machine, provenance
from simulator.calibration.rounds import DEFAULT_ROUNDS, PROFILE_CALLS, dispatch_excess
from simulator.calibration.run import (
    benchmark_case,
    case_key,
    fit_machine,
    fixture_case,
    measure_rounds,
    stream_ir_of,
)
from simulator.calibration.suite import training_suite
from simulator.calibration.toml_out import dumps
from simulator.errors import InputError

#: Profiles more a local-sync program gets when its dispatches' minima sum to more than its call's
#: minimum (a profile under more load than the call's timing; the device runs them inside the call).
REPROFILE = 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "calibrate",
        help="fit a machine file to this host from IREE's measured runs",
        description="Measure a microbenchmark suite with IREE's tools and fit a machine file to it.",
    )
    parser.add_argument("-o", "--output", help="machine file to write (.toml; required unless --list)")
    parser.add_argument("--device", default="local-task", help="HAL device (default: local-task)")
    parser.add_argument("--reps", type=int, default=100, help="benchmark repetitions of one call each")
    parser.add_argument(
        "--calls",
        type=int,
        default=PROFILE_CALLS[0],
        help=f"calls profiled for per-dispatch times, at least (default {PROFILE_CALLS[0]})",
    )
    parser.add_argument(
        "--max-calls",
        type=int,
        help="calls profiled at most, in the rounds after the first: as many as fit in 20 ms of the program's"
        f" calls and 2,000 dispatches (default {PROFILE_CALLS[1]}; --max-calls equal to --calls profiles"
        " every round alike)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=DEFAULT_ROUNDS,
        help="times each program is timed and profiled, in interleaved rounds; the minima are kept (default"
        f" {DEFAULT_ROUNDS}, as benchmarks/accuracy.py --sessions measures the programs it predicts)",
    )
    parser.add_argument("--fixtures", metavar="DIR", help="also measure every fixture set under DIR")
    parser.add_argument("--workdir", metavar="DIR", help="where programs are compiled (default: a temp dir)")
    parser.add_argument("--measurements", metavar="OUT.json", help="also write the measurements as JSON")
    parser.add_argument(
        "--merge",
        nargs="+",
        default=[],
        metavar="EARLIER.json",
        help="--measurements files of earlier runs on this host: fit every program of them and of this run on"
        " its minima over all their rounds (--measurements writes the merged file)",
    )
    parser.add_argument("--only", nargs="*", metavar="NAME", help="measure only these suite programs")
    options.add_programs(parser, ", and those --only names (streamsim calibrate --list names them)")
    options.add_program_reference(parser)
    options.add_fit_options(parser)
    parser.add_argument("--list", action="store_true", help="list the suite's programs and exit")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    suite = training_suite(args.device)
    if args.list:
        for b in suite:
            print(b.name)
        return 0
    if args.output is None:
        raise InputError("-o/--output: the machine file to write is required (or --list the suite)")
    if not str(args.output).endswith(".toml"):
        raise InputError(f"-o {args.output}: a machine file ends in .toml")
    for name in ("reps", "calls", "rounds"):
        if getattr(args, name) < 1:
            raise InputError(f"--{name} must be at least 1, got {getattr(args, name)}")
    max_calls = max(args.calls, PROFILE_CALLS[1]) if args.max_calls is None else args.max_calls
    if max_calls < args.calls:
        raise InputError(f"--max-calls {max_calls} is less than --calls {args.calls}")
    bad = options.check_fit_options(args)
    if bad:
        raise InputError(bad)
    names = [b.name for b in suite]
    if args.only:
        unknown = [n for n in args.only if n not in names]
        if unknown:
            raise InputError(
                f"--only: no program {', '.join(map(repr, unknown))} in the calibration suite of "
                f"{len(names)} (streamsim calibrate --list names them)"
            )
    if args.programs:
        bad = options.unmatched_patterns(names, args.programs, f"{args.device} suite program")
        if bad:
            raise InputError(f"{bad} (streamsim calibrate --list names them)")
    # --only's names and --programs' patterns, or the whole suite without either
    picked = set(args.only or ()) | set(options.matching(names, args.programs or ()))
    with tempfile.TemporaryDirectory(prefix="streamsim-calibrate-") as tmp:
        workdir = pathlib.Path(args.workdir or tmp)
        # every program this command can fit: the device's suite, and the fixtures under --fixtures
        known = {b.name: benchmark_case(b, workdir) for b in suite}
        cases = [known[b.name] for b in suite if not picked or b.name in picked]
        if args.fixtures:
            root = pathlib.Path(args.fixtures)
            if not root.is_dir():
                raise InputError(f"--fixtures {root}: not a directory")
            fixtures = [fixture_case(d) for d in sorted(root.iterdir()) if (d / "source.mlir").exists()]
            cases += fixtures
            known.update((c.name, c) for c in fixtures)
        if not cases:
            raise InputError("nothing to measure: --only and --programs pick no program of the suite")
        earlier = _earlier_runs(args.merge, cases, known, args.device)
        measurements: dict[str, Any] = {}
        file: dict[str, Any] = {"device": args.device, "programs": measurements}
        start = time.monotonic()
        total = len(cases) * args.rounds
        cores = host_cores()
        warned = [False]

        def progress(round_index: int, done: int, case: Any, m: dict[str, Any]) -> None:
            c = m["call_ns"]
            print(
                f"[{done}/{total}] round {round_index + 1} {case.name:<36} call {c['min_ns'] / 1e3:10.1f} us "
                f"(median/min {c['median_ns'] / c['min_ns']:.2f}), {time.monotonic() - start:5.0f} s",
                flush=True,
            )
            busy = busy_now(m.get("load"), cores)
            if busy is not None and not warned[0]:
                warned[0] = True
                print(f"WARNING: {busy}", file=sys.stderr, flush=True)

        measured = measure_rounds(
            cases,
            workdir,
            device=args.device,
            reps=args.reps,
            calls=args.calls,
            max_calls=max_calls,
            rounds=args.rounds,
            profile_rounds=args.rounds,
            progress=progress,
            reprofile=REPROFILE if args.device == "local-sync" else 0,
            before_round=speed.round_hook([file], workdir, args.device, args.reps),
            before_program=speed.program_hook(workdir, args.device, args.reps) if args.program_reference else None,
        )
        _report_measurement(measured, cores)
        moved, fast = speed.drift(file), speed.fast_rounds(file)
        if moved is not None and fast is not None and moved[1] > 1:
            print(
                f"speed reference ({', '.join(speed.REFERENCES)}, timed before each round): moved"
                f" x{moved[0]:.3f} over the {args.rounds} round(s) (median max/min); {fast[0]} of"
                f" {fast[1]} round(s) within x{speed.TOLERANCE} of its fastest (median)",
                flush=True,
            )
            if fast[0] < 2:
                print(
                    f"WARNING: only {fast[0]} of the {fast[1]} rounds met this host's fastest speed (the speed"
                    f" reference moved x{moved[0]:.2f}): a program's minimum may be a slower state's; more"
                    " --rounds give each program more chances to meet it",
                    file=sys.stderr,
                )
        for case in cases:
            m = measurements[case.name] = measured[case.name]
            stamp(file, m, load=m.get("load"))
        fitted = cases
        if earlier:
            file = merge_runs([*earlier, ("this run", file)])
            # every program of the merged files (as the presets' fit takes every program of theirs), the
            # earlier runs' alone too, in the suite's order; one this command has no case for is left out
            fitted = [c for c in known.values() if c.name in file["programs"]]
            unknown = sorted(set(file["programs"]) - known.keys())
            print(
                f"merged with {len(earlier)} earlier run(s): {len(file['programs'])} program(s), {len(fitted)}"
                f" fitted on the minima over all their rounds ({len(cases)} measured in this run)"
                + (
                    f"; left out {len(unknown)} neither in the {args.device} suite nor under --fixtures:"
                    f" {', '.join(unknown[:8])}{', ...' if len(unknown) > 8 else ''}"
                    if unknown
                    else ""
                ),
                flush=True,
            )
        entries = [
            (case, stream_ir_of(case, workdir, args.device), file["programs"][case.name]) for case in fitted
        ]
        if args.measurements:
            pathlib.Path(args.measurements).write_text(json.dumps(file, indent=1, sort_keys=True) + "\n")
        chosen = (
            ("--workgroups", args.workgroups),
            ("--dynamic-factor", args.dynamic_factor),
            ("--worker-pool", args.worker_pool),
            ("--no-release-cost", not args.release_cost),  # (the release's cost is fitted apart by default)
            ("--no-ragged-rows", not args.ragged_rows),  # (ragged softmax rows are priced by default)
        )
        flags = [flag for flag, on in chosen if on]
        method = "streamsim calibrate: non-negative least squares on relative error" + "".join(f", {f}" for f in flags)
        data, report = fit_machine(
            base_machine(args.device),
            entries,
            provenance=provenance(args.device, method),
            call_rank=args.call_rank,
            split_workgroups=args.workgroups,
            dynamic_factor=args.dynamic_factor,
            release_cost=args.release_cost,
            worker_pool=args.worker_pool,
            ragged_rows=args.ragged_rows,
        )
    pathlib.Path(args.output).write_text(
        "# Written by streamsim calibrate; see [calibration] for how and on what.\n" + dumps(data)
    )
    print(
        f"fit on {len(entries)} programs: call |error| median {100 * report['call']['median_abs']:.1f}%, "
        f"worst {100 * report['call']['worst_abs']:.1f}%; dispatch |error| median "
        f"{100 * report['dispatch']['median_abs']:.1f}% (in-sample; benchmarks/calibrate.py report gives "
        "the held-out figures)"
    )
    print(f"wrote {args.output}")
    return 0


def _earlier_runs(
    paths: list[str], cases: list[Any], known: dict[str, Any], device: str
) -> list[tuple[str, dict[str, Any]]]:
    """The ``--merge`` files, read and checked against this run before it measures anything: this host,
    ``device``, and the compile now of each program this run measures (``cases``) or the merge fits
    (those of ``known``, the suite and the fixtures, the earlier runs measured)
    (:func:`~simulator.calibration.merge.check_compatible`)."""
    runs = read_runs([pathlib.Path(p) for p in paths])
    if runs:
        here = host_key(host_identity())
        earlier = {p for _, data in runs for p in data.get("programs", {})}
        checked = [*cases, *(known[p] for p in sorted(earlier & known.keys()))]
        now = {c.name: {"host": here, "compile_key": case_key(c, device)} for c in checked}
        check_compatible([*runs, ("this run", {"device": device, "programs": now})], host=here)
    return runs


def _report_measurement(measured: dict[str, dict[str, Any]], cores: int) -> None:
    """On stderr: how many measurements met a load above the host's cores, and which programs were
    profiled again because their dispatches' minima summed to more than their call's minimum."""
    busy = busy_summary([lo for m in measured.values() for lo in m.get("sessions_load", ())], cores)
    if busy is not None:
        print(f"WARNING: {busy}: the machine fitted to them predicts too slow", file=sys.stderr)
    again = sorted(n for n, m in measured.items() if m.get("reprofiled"))
    if again:
        still = [n for n in again if dispatch_excess(measured[n]) > 1.0]
        print(
            f"profiled {len(again)} of {len(measured)} program(s) again (their dispatches' minima summed to"
            " more than the call's minimum, which local-sync runs them inside): "
            f"{len(again) - len(still)} now sum below it"
            + (f", {len(still)} still above ({', '.join(still)})" if still else ""),
            file=sys.stderr,
        )
