#!/usr/bin/env python3
"""Which kind of command a fixture's prediction misses on: measure and simulate it ablated (issue 16).

For each ``--kind`` (copy, fill, dispatch), the fixture's stream IR with every such command of its
functions recorded twice (:mod:`simulator.calibration.ablate`) is compiled with
``iree-compile --compile-from=stream``; the original and the ablated programs are timed with
iree-benchmark-module in interleaved rounds (each keeps its minimum), and simulated with ``--machine``.
Per kind: the measured and the simulated time the repeated commands add to the call, and their ratio,
beside the whole call's ratio. A kind whose ratio is well below the call's is one the model prices too
low in this program's context. Ratios compare within one run (one stretch of load, one host): a
machine fitted on another host, or at another load, scales every ratio alike.

Usage::

    python benchmarks/ablate.py tests/fixtures/frontends/dropout_rng --device local-sync \\
        --kind copy dispatch --rounds 6 --reps 30 --workdir /tmp/ablate
"""

from __future__ import annotations

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simulator.calibration.ablate import KINDS, duplicate_commands  # noqa: E402
from simulator.calibration.hosts import load_average  # noqa: E402
from simulator.calibration.rounds import interleaved_rounds  # noqa: E402
from simulator.calibration.run import fixture_case, simulate_case  # noqa: E402
from simulator.machine import load_machine  # noqa: E402
from simulator.profile import benchmark_call  # noqa: E402
from simulator.profile.iree_tools import compile_cached  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("fixture", type=pathlib.Path, help="a fixture directory (source.mlir, cmd.mlir, inputs)")
    ap.add_argument("--device", default="local-sync", choices=("local-sync", "local-task"))
    ap.add_argument("--kind", nargs="+", default=["copy", "dispatch"], choices=KINDS)
    ap.add_argument("--machine", help="machine to simulate with (default: the device's calibrated preset)")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--reps", type=int, default=30, help="one-call repetitions per program per round")
    ap.add_argument("--workdir", type=pathlib.Path, required=True)
    args = ap.parse_args(argv)
    if not (args.fixture / "cmd.mlir").is_file() or not (args.fixture / "source.mlir").is_file():
        print(f"error: {args.fixture} is not a fixture directory (no cmd.mlir and source.mlir)", file=sys.stderr)
        return 2
    if args.rounds < 1 or args.reps < 1:
        print("error: --rounds and --reps must be at least 1", file=sys.stderr)
        return 2
    machine = load_machine(args.machine or f"cpu-{args.device}")
    case = fixture_case(args.fixture)
    args.workdir.mkdir(parents=True, exist_ok=True)
    text = (args.fixture / "cmd.mlir").read_text()
    variants: dict[str, pathlib.Path] = {"original": args.fixture / "cmd.mlir"}
    for kind in args.kind:
        ablated, count = duplicate_commands(text, kind)
        if count == 0:
            print(f"{kind}: none outside initializers, skipped", file=sys.stderr)
            continue
        path = args.workdir / f"{case.name}.{kind}x2.mlir"
        path.write_text(ablated)
        variants[kind] = path
    flags = (*case.flags, "--compile-from=stream")
    modules = {
        name: compile_cached(path, args.workdir, f"{case.name}.{name}", device=args.device, extra_flags=flags)
        for name, path in variants.items()
    }
    simulated = {name: simulate_case(case, path, machine, args.device)["call_ns"] for name, path in variants.items()}

    def measure(name: str, _round: int) -> int:
        timing = benchmark_call(
            modules[name], device=args.device, inputs=case.inputs, parameters=case.parameters, repetitions=args.reps
        )
        return timing.min_ns

    results = interleaved_rounds(list(variants), measure, args.rounds, load=load_average)
    measured = {name: min(t for t, _ in runs) for name, runs in results.items()}
    loads = [load for runs in results.values() for _, load in runs if load is not None]
    print(f"{case.name} on {args.device}, machine {machine.name}; {args.rounds} rounds x {args.reps} reps, "
          f"load {min(loads, default=0):.1f}-{max(loads, default=0):.1f}")
    print(f"{'program':12s} {'measured_us':>12s} {'spread':>7s} {'simulated_us':>13s} {'sim/meas':>9s}")
    for name, runs in results.items():
        times = [t for t, _ in runs]
        print(f"{name:12s} {measured[name] / 1e3:12.1f} {max(times) / min(times):7.2f} "
              f"{simulated[name] / 1e3:13.1f} {simulated[name] / measured[name]:9.3f}")
    base_m, base_s = measured["original"], simulated["original"]
    for name in variants:
        if name == "original":
            continue
        added_m, added_s = measured[name] - base_m, simulated[name] - base_s
        ratio = f"{added_s / added_m:.3f}" if added_m > 0 else "n/a (not measurably slower)"
        print(f"added by repeating each {name}: measured {added_m / 1e3:.1f} us, simulated {added_s / 1e3:.1f} us, "
              f"sim/meas {ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
