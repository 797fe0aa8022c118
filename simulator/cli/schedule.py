"""``streamsim schedule``: turn an async-form program into cmd form with the scheduler pipeline.

``--stats`` prints the figures of the result (execute regions, waves, dispatches, transient bytes,
awaits) instead of the program, unless ``-o`` names a file for it. ``--graph FILE`` writes the
dependence graph of the first public function (``.graphml`` or ``.dot``), each op labelled with the
execution region (partition) and wave the scheduler gave it.
"""

from __future__ import annotations

import argparse
import sys

from ir import load_file, print_generic, verify
from scheduler import Pipeline, ScheduleStats, write_dot, write_graphml
from scheduler.passes import PASSES
from simulator.errors import InputError


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser("schedule", help="schedule an async-form stream program into cmd form")
    p.add_argument("program", help="MLIR file in async form (generic, or IREE pretty text); - for stdin")
    p.add_argument("-o", "--output", default=None, help="output file for the cmd-form program")
    p.add_argument(
        "--favor",
        choices=["debug", "min-peak-memory", "max-concurrency"],
        default=None,
        help="concurrency policy (default: the module's partitioning config, else min-peak-memory)",
    )
    p.add_argument(
        "--stats", action="store_true", help="print execute regions, waves, dispatches, bytes, awaits"
    )
    p.add_argument("--memory-model", choices=["unified", "discrete"], default="unified")
    p.add_argument("--graph", default=None, help="write the dependence graph (.graphml or .dot) of @main")
    p.add_argument(
        "--allow-unregistered-dialect",
        action="store_true",
        help="accept ops of dialects IREE does not know in pretty text, kept opaque (as iree-opt's flag)",
    )
    p.add_argument(
        "--no-verify",
        action="store_true",
        help="skip verifying the input and the result (as iree-opt's --verify-each=false)",
    )
    p.add_argument(
        "--stage",
        choices=sorted(PASSES),
        default=None,
        metavar="PASS",
        help="run one of IREE's stream passes alone (IR in, IR out) instead of the whole pipeline: "
        + ", ".join(sorted(PASSES)),
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.graph and not args.graph.endswith((".graphml", ".dot")):
        raise InputError(f"--graph {args.graph}: the graph is written as .graphml or .dot; name one of them")
    if args.graph and args.stage is not None:
        raise InputError("--graph shows the whole pipeline's partitions and waves; it has no graph with --stage")
    module = load_file(args.program, allow_unregistered=args.allow_unregistered_dialect)
    if not args.no_verify:  # as iree-opt: a pass runs only on input the verifier accepts
        verify(module)
    if args.stage is not None:
        PASSES[args.stage].run(module)
        if not args.no_verify:
            verify(module)
        _write(print_generic(module), args.output)
        return 0
    pipeline = Pipeline.default().with_options("parameter_upload", memory_model=args.memory_model)
    state = pipeline.run(module, favor=args.favor)
    if args.graph:
        # The graph of the first public function, its nodes annotated with partition and wave.
        plan = next((p for p in state.functions if p.op.attr("sym_name") is not None), None)
        if plan is not None:
            (write_dot if args.graph.endswith(".dot") else write_graphml)(plan.graph, args.graph)
    if not args.no_verify:
        verify(module)
    text = print_generic(module)
    if args.output or not args.stats:
        _write(text, args.output)
    if args.stats:
        for line in ScheduleStats.from_module(module).lines():
            print(line)
    return 0


def _write(text: str, output: str | None) -> None:
    if output:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
