"""benchmarks/accuracy.py's command line: its options, and the checks of their values that need no file.
The fit's options, ``--program-reference`` and ``--programs`` are ``streamsim calibrate``'s too
(:mod:`simulator.calibration.options`).

A usage error exits 2 with argparse's message (``ap.error``); the checks that read the measurement
directories (a missing ``<device>.json``, runs of another host) are :func:`accuracy.main`'s.
"""

from __future__ import annotations

import argparse
import pathlib
from collections.abc import Sequence


def parse(
    argv: list[str] | None,
    description: str,
    devices: Sequence[str],
    workdir: pathlib.Path,
) -> tuple[argparse.ArgumentParser, argparse.Namespace]:
    """The parser and ``argv`` parsed (the defaults: ``devices``, the ``workdir``; ``--data`` and
    ``--calibration-data`` None when not given: the figures of record, ``accuracy.main``'s), with the
    option values checked."""
    # Imported here: accuracy.py puts benchmarks/ first on sys.path, where traces.py would shadow the
    # traces package simulator imports; accuracy.py has imported simulator by the time it parses.
    from simulator.calibration import options
    from simulator.calibration.rounds import DEFAULT_ROUNDS, PROFILE_CALLS

    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--device", nargs="*", default=list(devices), help="HAL devices (default: both)")
    ap.add_argument("--measure", action="store_true", help="measure programs the cache lacks")
    ap.add_argument(
        "--with-suite",
        action="store_true",
        help="with --measure: measure the fixtures (--only, else all) and the calibration suite again, in the"
        " same interleaved rounds (--sessions), into --data and --calibration-data",
    )
    ap.add_argument("--again", action="store_true", help="with --measure: re-measure cached programs")
    ap.add_argument("--only", nargs="*", help="with --measure: only these programs")
    options.add_programs(
        ap,
        " (with --with-suite), and no fixture but those --only names: a run of some programs, into a"
        " --calibration-data directory of its own that merges with earlier runs' (--calibration-data A B ...)",
    )
    ap.add_argument("--reps", type=int, default=100, help="one-call benchmark repetitions per session")
    ap.add_argument(
        "--calls",
        type=int,
        default=PROFILE_CALLS[0],
        help=f"calls profiled for per-dispatch times (default {PROFILE_CALLS[0]}; with --with-suite, at"
        " least)",
    )
    ap.add_argument(
        "--max-calls",
        type=int,
        help="with --with-suite: calls profiled at most, in the rounds after the first (as many as fit in"
        " 20 ms of the program's calls and 2,000 dispatches: rounds.profile_calls; default"
        f" {PROFILE_CALLS[1]})",
    )
    ap.add_argument(
        "--sessions",
        "--rounds",
        type=int,
        default=DEFAULT_ROUNDS,
        help=f"benchmark sessions per program (default {DEFAULT_ROUNDS}; with --with-suite, interleaved rounds"
        " that each profile the dispatches too)",
    )
    ap.add_argument("--no-loo", action="store_true", help="skip the leave-one-out refits")
    ap.add_argument(
        "--loo-exact",
        action="store_true",
        help="make each leave-one-out fit from scratch (with --refine) rather than share the programs'"
        " features and fixed-cost sensitivities across the fits (a dozen times slower)",
    )
    ap.add_argument(
        "--no-speed-check", action="store_true", help="do not time the reference programs again on this host"
    )
    ap.add_argument("--no-report", action="store_true", help="measure only")
    ap.add_argument("--workdir", type=pathlib.Path, default=workdir)
    ap.add_argument(
        "--data",
        type=pathlib.Path,
        nargs="+",
        help="directory of the fixtures' measurements, <device>.json; several (runs of one host, oldest first)"
        " are merged for the report (simulator.calibration.merge); --measure writes one, a new run's. Default:"
        " the figures of record, the AMD host's runs the presets are fitted on (benchmarks/calibrate.py"
        " RECORD_FIXTURES); the Intel host's: benchmarks/data/accuracy",
    )
    ap.add_argument(
        "--calibration-data",
        type=pathlib.Path,
        nargs="+",
        help="directory of the microbenchmark suite's measurements the held-out machine is fitted on,"
        " <device>.json (streamsim calibrate --measurements writes one); several are merged, as --data's."
        " Default: each device's runs the presets are fitted on (benchmarks/calibrate.py PRESET_RUNS:"
        " local-task's with the tiny runs); the Intel host's: benchmarks/data/calibration",
    )
    ap.add_argument(
        "--refine", type=int, default=0, help="rounds re-fitting the fixed costs at the fitted point"
    )
    options.add_fit_options(ap, "held-out fit")
    options.add_program_reference(ap, "in every round of --with-suite")
    args = ap.parse_args(argv)
    if args.program_reference and not args.with_suite:
        ap.error("--program-reference times the reference in --with-suite's rounds: give --with-suite too")
    bad = options.check_fit_options(args)
    if bad:
        ap.error(bad)
    if args.refine < 0:
        ap.error(f"--refine must be 0 or more, got {args.refine}")
    if args.calls < 1:
        ap.error(f"--calls must be at least 1, got {args.calls}")
    if args.max_calls is None:
        args.max_calls = max(args.calls, PROFILE_CALLS[1])
    elif args.max_calls < args.calls:
        ap.error(f"--max-calls {args.max_calls} is less than --calls {args.calls}")
    if args.with_suite and not args.measure:
        ap.error("--with-suite measures: give --measure too")
    if args.programs and not args.with_suite:
        ap.error("--programs picks the suite programs --with-suite measures: give --with-suite too")
    # (with --programs the fixtures measured are --only's, none without it)
    fixtures = not args.programs or bool(args.only)
    if args.with_suite and (args.calibration_data is None or (fixtures and args.data is None)):
        ap.error(
            "--with-suite writes the suite's and the fixtures' measurements: give --data DIR and"
            " --calibration-data DIR (a new run's, apart from the committed runs of record)"
        )
    if args.measure and not args.with_suite and args.data is None:
        ap.error(
            "--measure writes the fixtures' measurements: give --data DIR (a new run's, apart from the"
            " committed runs of record)"
        )
    if args.measure and (len(args.data or ()) > 1 or (args.with_suite and len(args.calibration_data) > 1)):
        ap.error("--measure writes one --data and one --calibration-data directory (several merge for a report)")
    return ap, args
