"""``streamsim report``: one self-contained HTML page of a run, a trace or a sweep.

Usage::

    streamsim report PROGRAM.mlir -o report.html [--machine M] [--input SPEC]... [--parameters [SCOPE=]FILE]...
                     [the options of streamsim check: --interleavings N --inject FAULT ... | --no-check]
    streamsim report TRACE.json|TRACE.json.gz|TRACE.pftrace -o report.html
    streamsim report RESULTS.parquet -o report.html

A program is checked (:mod:`simulator.checks`, with ``streamsim check``'s options) and the page shows
the checked run's timeline, so the program is simulated once for both (up to the failure, when the run
fails, e.g. under ``--inject``); ``--no-check`` simulates it once, timing-only. Without ``--input`` or ``--parameters`` they are generated from ``--seed`` as
``streamsim check`` does. The page needs no network access: its script and styles are inline
(:mod:`traces.report`, :mod:`simulator.report`).
"""

from __future__ import annotations

import argparse
import pathlib
import tempfile
from typing import Any

from simulator.cli.check import add_check_options, check_options
from simulator.cli.run import _parameter_index, generated_inputs, generated_parameters, parse_inputs
from simulator.errors import InputError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "report",
        help="write a self-contained HTML report of a run, a trace or a sweep",
        description=(
            "Write one self-contained HTML page (no network access needed): an interactive timeline, "
            "tables by category and executable, memory and utilisation charts, and the checker's findings "
            "for a program; heatmaps and the Pareto front for a sweep's results (.parquet)."
        ),
    )
    parser.add_argument(
        "source", metavar="RUN_OR_TRACE", help="program (.mlir), trace (.json[.gz], .pftrace) or .parquet"
    )
    parser.add_argument("-o", "--output", required=True, help="HTML file to write")
    parser.add_argument("--function", default="main", help="function to invoke (default: main)")
    parser.add_argument("--input", action="append", default=[], metavar="SPEC", help="8x64xf32=1, @x.npy")
    parser.add_argument(
        "--parameters", action="append", default=[], metavar="[SCOPE=]FILE", help="parameter archive"
    )
    parser.add_argument("--machine", default="cpu", help="preset name or .toml file (default: cpu)")
    parser.add_argument(
        "--no-check", action="store_true", help="do not check a program: simulate it once, timing-only"
    )
    add_check_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from simulator.program import load_program, parameter_keys, to_cmd_form
    from simulator.report import _TRACE_SUFFIXES, report, run_report

    source = pathlib.Path(args.source)
    if not source.is_file():
        raise InputError(f"{args.source}: no such file")
    if source.name.endswith((*_TRACE_SUFFIXES, ".parquet")):
        page = report(source)
    else:
        from simulator.params.scan import check_parameters_present

        options = check_options(args)
        cmd = to_cmd_form(load_program(source))
        inputs: list[Any] = parse_inputs(cmd, args.function, list(args.input))
        with tempfile.TemporaryDirectory(prefix="streamsim-report-") as workdir:
            parameters = _parameter_index(args.parameters)
            if parameters is not None:
                check_parameters_present(cmd, parameters)
            timing_only = args.no_check or args.timing_only
            if parameters is None and parameter_keys(cmd):
                parameters = generated_parameters(cmd, args.seed, timing_only, workdir)
            if not inputs and not args.input:
                inputs = generated_inputs(cmd, args.function, args.seed)
            page = run_report(
                source,
                args.function,
                inputs,
                machine=args.machine,
                parameters=parameters,
                seed=args.seed,
                check=not args.no_check,
                **options,
            )
    try:
        written = page.write(args.output)
    except OSError as exc:
        raise InputError(f"cannot write {args.output}: {exc.strerror}") from None
    print(f"wrote HTML report {written} ({written.stat().st_size:,} bytes, {len(page.sections)} sections)")
    return 0
