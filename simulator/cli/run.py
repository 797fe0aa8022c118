"""``streamsim run``: simulate a program the way ``iree-run-module`` runs it.

::

    streamsim run [PROGRAM] [--function main] [--input 8x64xf32=1 | --input @x.npy]...
                  [--parameters model=params.irpa]... [--output @out.npy]...
                  [--machine NAME | file.toml] [--trace out.json|out.pftrace] [--timing-only] [--seed N]
                  [--calibration table.toml] [--executable-sources cmd.mlir|DIR]

PROGRAM is cmd-form MLIR, generic or pretty (pretty text is converted with IREE's parser); async-form
programs go through the scheduler. HAL-form programs (``iree-compile --compile-to=hal``) run as IREE's
runtime runs them (command buffers, queue allocations, fences); their dispatches execute the bodies of
``--executable-sources``: the stream form of the same compilation, or IREE's dumps of its executables.
Without PROGRAM it runs the built-in example, a real IREE-compiled MLP (``simulator/examples/mlp``), with
inputs and parameters generated from ``--seed`` (timing-only while IREE executables compute no data).

It prints the outputs as iree-run-module does, then a summary (makespan, busy % per queue, peak memory per
pool, bytes read from storage). Exit codes: 0 success, 1 the simulated program failed (the message names
the op), 2 bad input.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.resources
import pathlib
import sys
import tempfile
from typing import Any

import numpy as np

from ir.loader import max_input_bytes
from simulator.archives import ParameterIndex
from simulator.costs import Calibration
from simulator.errors import InputError, SimulationError
from simulator.machine import load_machine
from simulator.params.scan import check_parameters_present
from simulator.params.standins import stand_in_parameters
from simulator.program import input_signature, load_program, parameter_keys, parse_program, to_cmd_form
from simulator.session import Session
from simulator.values_io import dtype_for, format_result, parse_input
from traces import Trace, is_perfetto_path

EXAMPLE = "mlp"


def seed_value(text: str) -> int:
    """argparse type of a seed: a non-negative integer (numpy's generators take no negative seed)."""
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a non-negative integer, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed is a non-negative integer, got {text!r}")
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "run",
        help="simulate a program like iree-run-module (outputs, summary, trace)",
        description="Simulate a stream program (async or cmd form) or a HAL-form program on a machine model, "
        "like iree-run-module.",
    )
    parser.add_argument(
        "program", nargs="?", help="MLIR file (generic or pretty); default: the built-in example"
    )
    parser.add_argument("--function", default="main", help="function to invoke (default: main)")
    parser.add_argument(
        "--input", action="append", default=[], metavar="SPEC", help="8x64xf32=1, @x.npy, ..."
    )
    parser.add_argument(
        "--parameters",
        action="append",
        default=[],
        metavar="[SCOPE=]FILE",
        help="parameter archive for a scope",
    )
    parser.add_argument("--output", action="append", default=[], metavar="@FILE.npy", help="save result i")
    parser.add_argument("--machine", default="cpu", help="preset name or .toml file (default: cpu)")
    parser.add_argument(
        "--trace", metavar="OUT", help="write the trace: Chrome JSON (.json, .json.gz) or Perfetto (.pftrace)"
    )
    parser.add_argument("--timing-only", action="store_true", help="buffers without data; the same timeline")
    parser.add_argument(
        "--seed", type=seed_value, default=0, help="seed for generated inputs and parameters"
    )
    parser.add_argument(
        "--calibration", metavar="TABLE", help="per-executable duration overrides (.toml/.json)"
    )
    parser.add_argument("--no-summary", action="store_true", help="print only the outputs")
    parser.add_argument(
        "--executable-sources",
        metavar="FILE|DIR",
        help="HAL-form programs: the compiled dispatches' bodies, from the stream form of the same compilation "
        "(cmd.mlir) or from the directory iree-compile --iree-hal-dump-executable-sources-to=DIR wrote",
    )
    parser.set_defaults(func=run)


def _parameter_index(specs: list[str]) -> ParameterIndex | None:
    if not specs:
        return None
    index = ParameterIndex()
    for spec in specs:
        scope, sep, path = spec.partition("=")
        if not sep or pathlib.Path(spec).exists():
            scope, path = "", spec
        if not pathlib.Path(path).exists():
            raise InputError(f"--parameters {spec!r}: no such file: {path}")
        index.load(path, scope=scope)
    return index


def generated_parameters(module: Any, seed: int, timing_only: bool, workdir: str) -> ParameterIndex:
    """Stand-in parameters for every key the program reads (see :mod:`simulator.params.standins`)."""
    return stand_in_parameters(parameter_keys(module), seed=seed, timing_only=timing_only, workdir=workdir)


def parse_inputs(module: Any, function: str, specs: list[str]) -> list[Any]:
    """``--input`` values, each checked against the shape and element type the function states for its
    argument (its ``hal.buffer_view.assert``) before it is allocated."""
    try:
        signature = input_signature(module, function)
    except Exception:  # no such function, or one without a body: the session reports it by name
        signature = []
    return [
        parse_input(spec, signature[i] if i < len(signature) else None, name=f"input{i} of @{function}")
        for i, spec in enumerate(specs)
    ]


def generated_inputs(module: Any, function: str, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    out = []
    for i, sig in enumerate(input_signature(module, function)):
        if sig is None:
            raise InputError(f"input {i} of @{function} has a dynamic shape; give it with --input")
        shape, element = sig
        dtype = dtype_for(element, element)
        size = int(np.prod(shape, dtype=object)) * dtype.itemsize
        if size > max_input_bytes():
            raise InputError(
                f"input {i} of @{function} ({'x'.join(map(str, shape))}x{element}) would take {size} bytes to "
                f"generate, more than the input limit of {max_input_bytes()} bytes (give it with --input, or set "
                "STREAMSIM_MAX_INPUT_BYTES to raise the limit)"
            )
        if dtype.kind == "f":
            out.append(rng.standard_normal(shape).astype(dtype))
        else:
            out.append(rng.integers(-8, 8, size=shape).astype(dtype))
    return out


def _load(args: argparse.Namespace) -> tuple[Any, str, bool]:
    if args.program:
        return load_program(args.program), pathlib.Path(args.program).name, False
    resource = importlib.resources.files("simulator") / "examples" / EXAMPLE / "cmd.generic.mlir"
    module = parse_program(resource.read_text(), filename=f"<example {EXAMPLE}>/cmd.generic.mlir")
    return module, f"example:{EXAMPLE}", True


def run(args: argparse.Namespace) -> int:
    machine = load_machine(args.machine)
    calibration = Calibration.from_file(args.calibration) if args.calibration else None
    module, name, is_example = _load(args)
    module = to_cmd_form(module)
    session = Session(machine, seed=args.seed, calibration=calibration)
    timing_only = bool(args.timing_only)
    inputs: list[Any] = parse_inputs(module, args.function, list(args.input))
    if not inputs and is_example:
        inputs = list(generated_inputs(module, args.function, args.seed))
    with tempfile.TemporaryDirectory(prefix="streamsim-") as workdir:
        parameters = _parameter_index(args.parameters)
        if parameters is not None:
            check_parameters_present(module, parameters)
        if parameters is None and is_example:
            parameters = generated_parameters(module, args.seed, timing_only, workdir)
        try:
            result = asyncio.run(
                session.invoke(
                    module,
                    args.function,
                    inputs,
                    parameters=parameters,
                    timing_only=timing_only,
                    program_name=name,
                    executable_sources=args.executable_sources,
                )
            )
        except (SimulationError, InputError) as exc:
            trace = getattr(exc, "trace", None)
            if args.trace and trace is not None:
                _write_trace(trace, args.trace)
            raise
    ft = module.function(args.function).attr("function_type")
    result_types = [str(t) for t in getattr(getattr(ft, "value", None), "results", ())]
    print(f"EXEC @{args.function}")
    for i, value in enumerate(result.outputs):
        print(format_result(i, value, result_types[i] if i < len(result_types) else None))
    for i, spec in enumerate(args.output):
        _save_output(spec, i, result.outputs)
    if args.trace:
        _write_trace(result.trace, args.trace)
    if not args.no_summary:
        print()
        print(f"machine {machine.name}, program {name}{', timing-only' if timing_only else ''}")
        print(result.stats.table())
    return 0


def _save_output(spec: str, index: int, outputs: list[Any]) -> None:
    if not spec.startswith("@"):
        raise InputError(f"--output {spec!r}: expected @FILE.npy")
    if index >= len(outputs):
        raise InputError(f"--output {spec!r}: the function has {len(outputs)} result(s)")
    value = outputs[index]
    if not isinstance(value, np.ndarray):
        print(
            f"streamsim: note: --output {spec}: result {index} has no data (timing-only); not written",
            file=sys.stderr,
        )
        return
    np.save(spec[1:], value)


def _write_trace(trace: Trace, path: str) -> None:
    """Write ``trace`` in the format its name asks for (Perfetto for .pftrace, else Chrome JSON), and say so
    on stderr (stdout carries the outputs, as iree-run-module's does)."""
    try:
        trace.write(path)
    except OSError as exc:
        raise InputError(f"cannot write --trace {path}: {exc.strerror or exc}") from None
    kind = "Perfetto" if is_perfetto_path(path) else "Chrome JSON"
    print(
        f"wrote {kind} trace {path}: {len(trace.spans)} spans, {len(trace.flows)} flows, "
        f"{len(trace.counters)} counters on {len(trace.tracks)} tracks",
        file=sys.stderr,
    )
