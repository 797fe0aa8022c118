#!/usr/bin/env python3
"""Predicting a change, measured side by side: the favor variants and their default compiles, on both CPU
devices, in alternating rounds (issue 16's Must show: a favor variant's call over its default's, and
local-sync's over local-task's, measured against predicted).

``benchmarks/accuracy.py --measure --with-suite`` measures each program's call as the minimum over rounds
that are minutes apart; the AMD host switches between a fast and a slow state for 20-60 s at a time, so
the ratio of two such minima says which program met the fast state in some round as much as what the
change did (on the ``favors`` run, the minima's ratio moved 19.5% (local-task) and 23.0% (local-sync) at
the median between the even and the odd rounds). Here every round runs each fixture's default compile and its favor variants on
both devices one right after the other (``--reps`` one-call repetitions each, a fresh
iree-benchmark-module each time: about 40 ms), so each round's ratios meet one state of the host; the
ratio reported is the median over the rounds of each round's ratio
(:func:`simulator.calibration.heldout.round_ratio`), beside the minima's ratio and its split between the
even and odd rounds (:func:`~simulator.calibration.heldout.split_half`). The order alternates: the
fixtures forward then backward, and within a fixture the programs and the devices likewise.

``measure`` compiles nothing with ``--no-compile`` (every module must already be in ``--workdir``: warm it
with ``--warm`` beforehand, when the host may be loaded). ``report`` predicts each program's call with a
machine per device (default: the presets, which are the held-out fit on the calibration suite:
``benchmarks/calibrate.py presets``) and prints the favor tables and the device table
(:func:`~simulator.calibration.heldout.ratio_table`).

Usage::

    python benchmarks/favor_ab.py measure --warm --workdir W            # compile what W lacks, nothing else
    python benchmarks/favor_ab.py measure --check --workdir W           # exit 1 when W lacks a module
    python benchmarks/favor_ab.py measure --no-compile --workdir W -o DIR [--rounds 24 --reps 20]
    python benchmarks/favor_ab.py report DIR --workdir W [--machine local-task=cpu-local-task]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
import time
from collections.abc import Sequence
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402

from simulator.calibration.heldout import (  # noqa: E402
    SEP,
    device_ratios,
    device_rounds,
    ratio_table,
    variant_ratios,
    variant_rounds,
)
from simulator.calibration.hosts import host_identity, load_average  # noqa: E402
from simulator.calibration.run import Case, case_key, simulate_case, stream_ir_of  # noqa: E402
from simulator.machine import load_machine  # noqa: E402
from simulator.profile import benchmark_call  # noqa: E402
from simulator.profile.iree_tools import cached_path  # noqa: E402

DEVICES = ("local-sync", "local-task")
#: The favor comparisons of record: which fixtures' favors give IREE another schedule (the ``favors``
#: table of the AMD run that measured the variants).
FAVORS = ROOT / "benchmarks" / "data" / "amd" / "favors" / "accuracy" / "local-task.json"
PRESETS = accuracy.PRESETS


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def groups(favors: dict[str, Any], only: Sequence[str] = ()) -> list[list[Case]]:
    """Per fixture, its default compile and the favor variants that give IREE another schedule
    (``favors``: fixture -> favor -> differs), as cases; ``only``: those fixtures alone. A fixture
    without such a variant is there for the device table alone."""
    out = []
    for d in accuracy.fixture_dirs():
        if only and d.name not in only:
            continue
        differing = [f for f in accuracy.FAVORS if favors.get(d.name, {}).get(f)]
        out.append([accuracy.variant_case(d, None), *(accuracy.variant_case(d, f) for f in differing)])
    return out


def missing_modules(cases: Sequence[Case], workdir: pathlib.Path) -> list[str]:
    """The modules (one per case and device) not compiled into ``workdir`` yet."""
    return [
        f"{case.name} ({device})"
        for case in cases
        for device in DEVICES
        if not cached_path(case.source, workdir, case.name, device=device, extra_flags=case.flags).exists()
    ]


def order(items: list[Any], round_index: int) -> list[Any]:
    """``items`` forward in even rounds, backward in odd ones.

    >>> order([1, 2, 3], 0), order([1, 2, 3], 1)
    ([1, 2, 3], [3, 2, 1])
    """
    return items if round_index % 2 == 0 else items[::-1]


def measure(args: argparse.Namespace) -> int:
    favors = json.loads(FAVORS.read_text())["favors"]
    fixture_groups = groups(favors, args.only or ())
    cases = [c for g in fixture_groups for c in g]
    if args.warm:
        for case in cases:
            for device in DEVICES:
                accuracy.module_of(case, args.workdir, device)
                stream_ir_of(case, args.workdir, device)
        _log(f"{len(cases)} programs' modules and stream IR in {args.workdir}")
        return 0
    lacking = missing_modules(cases, args.workdir)
    if lacking and (args.no_compile or args.check):
        _log(f"{len(lacking)} module(s) not compiled in {args.workdir}: {', '.join(lacking[:8])}; run --warm")
        return 1
    if args.check:
        _log(f"{len(cases)} programs' modules for {', '.join(DEVICES)} in {args.workdir}: nothing to compile")
        return 0
    data: dict[str, Any] = {
        "rounds": args.rounds,
        "reps": args.reps,
        "host": host_identity(),
        "programs": {
            c.name: {"compile_key": {d: case_key(c, d) for d in DEVICES}, **{d: [] for d in DEVICES}} for c in cases
        },
        "load": [],
        "round_seconds": [],
    }
    out = args.output / "favor_ab.json"
    args.output.mkdir(parents=True, exist_ok=True)
    modules = {(c.name, d): accuracy.module_of(c, args.workdir, d) for c in cases for d in DEVICES}
    for r in range(args.rounds):
        start = time.monotonic()
        data["load"].append(load_average())
        for group in order(fixture_groups, r):
            for case in order(group, r):
                for device in order(list(DEVICES), r):
                    timing = benchmark_call(
                        modules[(case.name, device)],
                        device=device,
                        inputs=case.inputs,
                        parameters=case.parameters,
                        repetitions=args.reps,
                    )
                    data["programs"][case.name][device].append(timing.min_ns)
        data["round_seconds"].append(round(time.monotonic() - start, 1))
        out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        _log(f"round {r + 1}/{args.rounds}: {data['round_seconds'][-1]} s, load {data['load'][-1]}")
    return 0


def rows_of(data: dict[str, Any], device: str, machine: Any, workdir: pathlib.Path) -> list[dict[str, Any]]:
    """A row per program measured on ``device`` (its round minima, their minimum, the call ``machine``
    predicts), as :func:`~simulator.calibration.heldout.predict_rows` makes them; a program measured for
    another compile than today's is left out and named."""
    cases = {c.name: c for g in groups(json.loads(FAVORS.read_text())["favors"]) for c in g}
    rows = []
    for name, m in sorted(data["programs"].items()):
        case = cases.get(name)
        if case is None or m["compile_key"][device] != case_key(case, device):
            print(f"WARNING: {device}: left out: {name} (not a fixture's favor compile now, or another compile)")
            continue
        rounds = m[device]
        if not rounds:
            continue
        predicted = simulate_case(case, stream_ir_of(case, workdir, device), machine, device)["call_ns"]
        rows.append({"program": name, "sessions_ns": rounds, "measured_ns": min(rounds), "predicted_ns": predicted})
    return rows


def report(args: argparse.Namespace) -> int:
    data = json.loads((args.data / "favor_ab.json").read_text())
    machines = dict(PRESETS)
    for spec in args.machine or ():
        device, _, name = spec.partition("=")
        machines[device] = name
    print(
        f"{args.data}: {data['rounds']} rounds of {data['reps']} one-call repetitions a program and device;"
        f" load {min(data['load'])}-{max(data['load'])}; rounds took {min(data['round_seconds'])}-"
        f"{max(data['round_seconds'])} s"
    )
    rows = {}
    for device in DEVICES:
        machine = load_machine(machines[device])
        rows[device] = rows_of(data, device, machine, args.workdir)
        ratio_table(
            f"favor variant / default call time on {device} ({machine.name}; measured side by side)",
            variant_ratios(rows[device]),
            variant_rounds(rows[device]),
        )
    sync, task = rows["local-sync"], rows["local-task"]
    ratio_table(
        "local-sync / local-task call time (measured side by side)",
        device_ratios(sync, task),
        device_rounds(sync, task, paired=True),
    )
    variants = sum(SEP in r["program"] for r in task)
    print(f"\n{len(task)} programs ({variants} favor variants)")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    m = sub.add_parser("measure", help="time the variants and their defaults side by side")
    m.add_argument("--workdir", type=pathlib.Path, default=accuracy.WORKDIR)
    m.add_argument("-o", "--output", type=pathlib.Path, help="directory of favor_ab.json")
    m.add_argument("--rounds", type=int, default=24)
    m.add_argument("--reps", type=int, default=20, help="one-call repetitions a program, device and round")
    m.add_argument("--only", nargs="*", help="these fixtures (and their variants) alone")
    m.add_argument("--warm", action="store_true", help="compile what --workdir lacks and stop (no timing)")
    m.add_argument("--no-compile", action="store_true", help="exit 1, timing nothing, when a module is missing")
    m.add_argument("--check", action="store_true", help="say whether a module is missing (exit 1) and stop")
    r = sub.add_parser("report", help="measured against predicted ratios")
    r.add_argument("data", type=pathlib.Path, help="directory of favor_ab.json")
    r.add_argument("--workdir", type=pathlib.Path, default=accuracy.WORKDIR)
    r.add_argument(
        "--machine", action="append", help="DEVICE=MACHINE (a preset or a file); default the presets"
    )
    args = ap.parse_args(argv)
    if args.command == "measure":
        if not (args.warm or args.check) and args.output is None:
            ap.error("measure: give -o DIR (or --warm, --check)")
        if args.rounds < 2 or args.reps < 1:
            ap.error("--rounds must be at least 2 and --reps at least 1")
        return measure(args)
    return report(args)


if __name__ == "__main__":
    sys.exit(main())
