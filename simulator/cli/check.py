"""``streamsim check``: check a schedule for races, deadlocks, lifetime errors and numerical differences.

::

    streamsim check PROGRAM [--function main] [--input SPEC]... [--parameters [SCOPE=]FILE]...
                    [--machine NAME] [--interleavings N] [--seed N] [--inject FAULT]...
                    [--queue-order] [--timing-only] [--timeout S] [--json]
                    [--junit-xml FILE] [--sarif FILE]

Runs the program watched (happens-before from host order, queue submissions, command-buffer barriers,
semaphore signal->wait edges and host awaits; byte-range accesses with dispatch bindings resolved through
their executables), then a sequential reference and ``N`` seeded random legal interleavings, and compares
outputs. ``--inject`` takes ``read-failure:KEY``, ``device-loss:DEVICE@T_NS`` or ``oom:POOL``. Without
``--input``/``--parameters``, inputs and parameters are generated from ``--seed`` (static shapes only).

``--junit-xml`` and ``--sarif`` also write the report for CI systems (JUnit XML test results, SARIF 2.1.0
code-scanning results), each finding located at ``file:line:col`` in the program; see
:mod:`simulator.checks.ci`.

Exit codes: 0 clean, 1 findings (``--json`` prints them as JSON on stdout), 2 bad input.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.metadata
import math
import pathlib
import sys
import tempfile
from typing import Any

from simulator.checks import CheckReport, check
from simulator.checks.ci import Anchors, junit_xml, sarif_text
from simulator.checks.run import DEFAULT_TIMEOUT_S
from simulator.cli.run import (
    _parameter_index,
    generated_inputs,
    generated_parameters,
    parse_inputs,
    seed_value,
)
from simulator.params.scan import check_parameters_present
from simulator.program import load_program, parameter_keys, to_cmd_form


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "check",
        help="check a schedule: races, deadlocks, lifetimes, numerics, injected faults",
        description="Check a stream program's schedule; exit 0 when clean, 1 with findings, 2 on bad input.",
    )
    parser.add_argument("program", help="MLIR file (cmd or async form, generic or pretty)")
    parser.add_argument("--function", default="main", help="function to invoke (default: main)")
    parser.add_argument("--input", action="append", default=[], metavar="SPEC", help="8x64xf32=1, @x.npy")
    parser.add_argument(
        "--parameters", action="append", default=[], metavar="[SCOPE=]FILE", help="parameter archive"
    )
    parser.add_argument("--machine", default="cpu", help="preset name or .toml file (default: cpu)")
    add_check_options(parser)
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument(
        "--junit-xml", metavar="FILE", help="also write the report as JUnit XML (CI test results)"
    )
    parser.add_argument(
        "--sarif", metavar="FILE", help="also write the report as SARIF 2.1.0 (code scanning)"
    )
    parser.set_defaults(func=run)


def add_check_options(parser: argparse.ArgumentParser) -> None:
    """The checker's options (``streamsim check`` and ``streamsim report`` of a program)."""
    parser.add_argument(
        "--interleavings", type=int, default=2, metavar="N", help="random legal interleavings (default 2)"
    )
    parser.add_argument(
        "--seed", type=seed_value, default=0, help="seed of interleavings and generated data"
    )
    parser.add_argument(
        "--inject",
        action="append",
        default=[],
        metavar="FAULT",
        help="read-failure:KEY, device-loss:DEVICE@T_NS or oom:POOL",
    )
    parser.add_argument(
        "--queue-order",
        action="store_true",
        help="count in-order queues' submission order as happens-before (default: HAL semantics, "
        "semaphores only)",
    )
    parser.add_argument("--timing-only", action="store_true", help="no data: races and lifetimes only")
    parser.add_argument(
        "--timeout", type=positive_seconds, default=DEFAULT_TIMEOUT_S, metavar="S", help="wall time per run"
    )
    parser.add_argument("--no-reference", action="store_true", help="skip the numerical comparisons")
    parser.add_argument(
        "--executable-sources",
        metavar="FILE|DIR",
        help="HAL-form programs: the compiled dispatches' bodies, from the stream form of the same compilation "
        "(cmd.mlir) or from the directory iree-compile --iree-hal-dump-executable-sources-to=DIR wrote",
    )


def check_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of :func:`simulator.checks.check` that :func:`add_check_options` parsed."""
    from simulator.errors import InputError

    if args.interleavings < 0:
        raise InputError(f"--interleavings must not be negative, got {args.interleavings}")
    return {
        "interleavings": args.interleavings,
        "faults": list(args.inject),
        "timing_only": args.timing_only,
        "queue_order": args.queue_order,
        "timeout_s": args.timeout,
        "reference": not args.no_reference,
        "executable_sources": args.executable_sources,
    }


def positive_seconds(text: str) -> float:
    """argparse type of a wall-time limit: a finite number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds above 0, got {text!r}")
    return value


def run(args: argparse.Namespace) -> int:
    options = check_options(args)
    module = load_program(args.program)
    cmd = to_cmd_form(module)
    inputs: list[Any] = parse_inputs(cmd, args.function, list(args.input))
    with tempfile.TemporaryDirectory(prefix="streamsim-check-") as workdir:
        parameters = _parameter_index(args.parameters)
        if parameters is not None:
            check_parameters_present(cmd, parameters)
        if parameters is None and parameter_keys(cmd):
            parameters = generated_parameters(cmd, args.seed, args.timing_only, workdir)
        if not inputs and not args.input:
            inputs = generated_inputs(cmd, args.function, args.seed)
        report = asyncio.run(
            check(
                module,
                args.function,
                inputs,
                parameters=parameters,
                machine=args.machine,
                seed=args.seed,
                **options,
            )
        )
    report.program = args.program
    print(report.to_json() if args.json else report.text())
    if args.junit_xml or args.sarif:
        _write_ci_reports(args, report, Anchors.of(module, args.function))
    return report.exit_code


def _write_ci_reports(args: argparse.Namespace, report: CheckReport, anchors: Anchors) -> None:
    """Write the ``--junit-xml`` and ``--sarif`` files; a file that cannot be written is bad input."""
    from simulator.errors import InputError

    outputs: list[tuple[str, str, bytes]] = []
    if args.junit_xml:
        properties = {
            "machine": str(args.machine),
            "function": args.function,
            "seed": str(args.seed),
            "interleavings": str(args.interleavings),
        }
        numerics = not (args.timing_only or args.no_reference)
        xml = junit_xml(
            report,
            anchors,
            numerics_checked=numerics,
            faults_injected=bool(args.inject),
            properties=properties,
        )
        outputs.append(("--junit-xml", args.junit_xml, xml))
    if args.sarif:
        outputs.append(("--sarif", args.sarif, sarif_text(report, anchors, version=_version()).encode()))
    for flag, path, data in outputs:
        try:
            pathlib.Path(path).write_bytes(data)
        except OSError as exc:
            raise InputError(f"cannot write {flag} {path}: {exc.strerror or exc}") from None
        print(f"wrote {path}", file=sys.stderr)


def _version() -> str:
    try:
        return importlib.metadata.version("streamsim")
    except importlib.metadata.PackageNotFoundError:
        return ""
