"""``streamsim profile``: measure a program with IREE's own tools and write the measured trace.

::

    streamsim profile PROGRAM [--device local-task] -o measured.json [--function main]
                      [--input SPEC]... [--parameters SCOPE=FILE]... [--stream-ir cmd.mlir]
                      [--reps 30] [--calls 10] [--min-time 1x] [--compile-flag FLAG]...

PROGRAM is a linalg-level MLIR program (compiled with the fixtures' flags for the device) or a compiled
``.vmfb``. The call is timed with ``iree-benchmark-module`` (``--reps`` repetitions of one call each by
default; the minimum, median, maximum and spread are printed and kept in the trace's metadata as
``call_ns``; on a shared machine the minimum is the figure to compare), then ``--calls`` calls
are profiled (``--device_profiling_mode``, ``iree-profile export``) and the fastest one is written as a
Chrome trace whose dispatch spans carry their export name, the location of their ``stream.cmd.dispatch``
op in the stream IR (``--stream-ir``; for an MLIR PROGRAM it is compiled next to the output as
``<output stem>.stream.mlir`` unless given) and their min/median/max duration over the calls. The trace is
the call alone (``window = "call"``), as ``streamsim trace diff --window call`` compares it with a
simulated run. Exit 2 when a tool is missing or fails.
"""

from __future__ import annotations

import argparse
import pathlib

from simulator.errors import InputError
from simulator.profile import benchmark_call, capture_profile, compile_module, measured_trace
from simulator.program import input_signature, load_program


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "profile",
        help="measure a program with IREE (iree-benchmark-module, iree-profile) into a trace",
        description="Measure a program's call with IREE's tools and write the measured trace.",
    )
    parser.add_argument("program", help="linalg-level MLIR program or compiled .vmfb")
    parser.add_argument("-o", "--output", required=True, help="measured trace (.json, .json.gz or .pftrace)")
    parser.add_argument("--device", default="local-task", help="HAL device (default: local-task)")
    parser.add_argument("--function", default="main", help="function to call (default: main)")
    parser.add_argument("--input", action="append", default=[], metavar="SPEC", help="as iree-run-module")
    parser.add_argument("--parameters", action="append", default=[], metavar="SCOPE=FILE")
    parser.add_argument("--stream-ir", metavar="FILE", help="stream IR of the program (names dispatch sites)")
    parser.add_argument("--reps", type=int, default=30, help="benchmark repetitions (default: 30)")
    parser.add_argument("--calls", type=int, default=10, help="calls to profile (default: 10)")
    parser.add_argument(
        "--min-time", default="1x", help="calls (1x) or time (0.1s) per repetition (default: 1x)"
    )
    parser.add_argument(
        "--compile-flag", action="append", default=[], metavar="FLAG", help="extra iree-compile flag"
    )
    parser.add_argument("--json", action="store_true", help="print the call timing as JSON")
    parser.set_defaults(func=run)


def _default_inputs(stream_ir: pathlib.Path | None, function: str) -> list[str]:
    """Splat inputs from the stream IR's argument asserts, when the user gave none."""
    if stream_ir is None:
        return []
    specs = []
    for i, sig in enumerate(input_signature(load_program(stream_ir), function)):
        if sig is None:
            raise InputError(
                f"{stream_ir}: @{function} argument {i} has a dynamic or unknown shape; give --input"
            )
        shape, element = sig
        specs.append("x".join([*(str(d) for d in shape), element]) + "=0.5")
    return specs


def run(args: argparse.Namespace) -> int:
    program = pathlib.Path(args.program)
    output = pathlib.Path(args.output)
    if not program.is_file():
        raise InputError(f"no such program file: {program}")
    for name in ("reps", "calls"):
        if getattr(args, name) < 1:
            raise InputError(f"--{name} must be at least 1, got {getattr(args, name)}")
    stem = output.name.split(".")[0] or "measured"
    stream_ir = pathlib.Path(args.stream_ir) if args.stream_ir else None
    if program.suffix == ".vmfb":
        vmfb = program
    else:
        vmfb = output.with_name(f"{stem}.vmfb")
        compile_module(program, vmfb, device=args.device, extra_flags=args.compile_flag)
        if stream_ir is None:
            stream_ir = output.with_name(f"{stem}.stream.mlir")
            compile_module(
                program, stream_ir, device=args.device, extra_flags=args.compile_flag, to_stream=True
            )
    inputs = list(args.input) or _default_inputs(stream_ir, args.function)
    run_kw = {
        "device": args.device,
        "function": args.function,
        "inputs": inputs,
        "parameters": args.parameters,
    }
    timing = benchmark_call(vmfb, repetitions=args.reps, min_time=args.min_time, **run_kw)
    records = capture_profile(vmfb, calls=args.calls, **run_kw)
    module = load_program(stream_ir) if stream_ir is not None else None
    trace, timings = measured_trace(
        records,
        args.calls,
        program=program.name,
        device=args.device,
        module=module,
        function=args.function,
        timing=timing,
    )
    trace.write(output)
    if args.json:
        import json

        print(json.dumps({"call_ns": timing.to_dict(), "dispatches": len(timings)}, sort_keys=True))
        return 0
    print(
        f"call @{args.function} on {args.device}: min {timing.min_ns / 1e3:.3f} us, median "
        f"{timing.median_ns / 1e3:.3f} us, max {timing.max_ns / 1e3:.3f} us (spread {timing.spread:.2f}x, "
        f"{len(timing.reps_ns)} reps of {timing.iterations} iterations)"
    )
    print(f"{'dispatch':<48} {'min_us':>9} {'max/min':>7}  loc")
    for t in timings:
        print(f"{t.name[:48]:<48} {t.min_ns / 1e3:9.3f} {t.max_ns / max(1, t.min_ns):7.2f}  {t.loc or '-'}")
    print(f"wrote {output}")
    return 0
