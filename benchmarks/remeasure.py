#!/usr/bin/env python3
"""Measure the fixtures and the calibration suite again, together, at one known load (issue 16).

The held-out figures of benchmarks/accuracy.py compare a machine fitted on the calibration suite
(the Intel host's ``benchmarks/data/calibration/<device>.json``, this script's files) with the fixtures
(``benchmarks/data/accuracy/<device>.json``);
on this shared two-CPU host local-task's call times move 1.5x with the load, so the two files must be
measured in one stretch of load. This script re-measures the programs of both files in interleaved
rounds (:mod:`simulator.calibration.rounds`): each round times every program once with
iree-benchmark-module (``--reps`` one-call repetitions, one program at a time) and, in the rounds listed
by ``--profile-rounds``, takes a HAL profile of ``--calls`` calls for the per-dispatch minima. Each
program keeps its minimum over the rounds, every round's minimum (``sessions_ns``) and the load average
before each (``sessions_load``; ``load`` is the minimum round's). The files are written after each
round, so a stopped run keeps whole rounds.

The programs are those already in the files, and the training suite's programs the calibration file
lacks (new in the suite: they are added); ``--roles`` picks the calibration file's roles (``train``:
what the held-out fit leans on).

Usage::

    python benchmarks/remeasure.py --device local-task --rounds 3 --workdir /tmp/w
    python benchmarks/remeasure.py --device local-sync --only onnx_loop host_loop_4x16x16
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import accuracy  # noqa: E402
import calibrate  # noqa: E402

from simulator.calibration.hosts import load_average, load_summary, stamp  # noqa: E402
from simulator.calibration.rounds import interleaved_rounds, merge_call, merge_dispatches  # noqa: E402
from simulator.calibration.run import Case, case_key, module_of, profile_dispatches, stream_ir_of  # noqa: E402
from simulator.profile import benchmark_call  # noqa: E402

#: (file label, program) -> what measuring it needs.
Target = tuple[str, str]

#: The files measured again: the Intel host's caches (``benchmarks/accuracy.py``'s defaults before the
#: figures of record moved to the AMD host's runs, which a run of their own measures instead).
DATA = accuracy.INTEL_DATA
CALIBRATION = accuracy.INTEL_CALIBRATION


def _fixtures(device: str) -> dict[str, Any]:
    """The fixtures' file for ``device`` (empty when there is none)."""
    path = DATA / f"{device}.json"
    return json.loads(path.read_text()) if path.exists() else {"device": device, "programs": {}, "favors": {}}


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def targets(device: str, workdir: pathlib.Path, roles: set[str], only: set[str] | None) -> dict[Target, Case]:
    """The programs of both files to measure again, each with its case."""
    out: dict[Target, Case] = {}
    data = _fixtures(device)
    for name, directory, favor in accuracy.variants(data):
        if name in data["programs"] and (only is None or name in only):
            out[("accuracy", name)] = accuracy.variant_case(directory, favor)
    path = CALIBRATION / f"{device}.json"
    measured = json.loads(path.read_text()) if path.exists() else {"programs": {}}
    for name, (role, case) in calibrate.cases(workdir / "calibration", device).items():
        m = measured["programs"].get(name)
        # A training program the file lacks (new in the suite) is measured too: the fit leans on it.
        wanted = role in roles and (m is not None and m.get("role") == role or m is None and role == "train")
        if wanted and (only is None or name in only):
            out[("calibration", name)] = case
    return out


def earlier_rounds(entry: dict[str, Any]) -> list[tuple[dict[str, Any], float | None]]:
    """A measurement's recorded rounds as :func:`~simulator.calibration.rounds.merge_call` takes them:
    the minimum round with its whole timing (``call_ns``), the others with their minimum alone.

    Examples
    --------
    >>> earlier_rounds({"call_ns": {"min_ns": 5, "reps_ns": [5, 6]}, "sessions_ns": [7, 5], "sessions_load": [1.0, 2.0]})
    [({'min_ns': 7}, 1.0), ({'min_ns': 5, 'reps_ns': [5, 6]}, 2.0)]
    """
    sessions = [int(ns) for ns in entry.get("sessions_ns", [])]
    loads = list(entry.get("sessions_load", [None] * len(sessions)))
    best = sessions.index(min(sessions)) if sessions else -1
    return [
        (dict(entry["call_ns"]) if i == best else {"min_ns": ns}, lo)
        for i, (ns, lo) in enumerate(zip(sessions, loads))
    ]


def merged_profile(
    earlier: list[list[dict[str, Any]]], new: list[list[dict[str, Any]]]
) -> list[dict[str, Any]]:
    """The new profiles merged (:func:`~simulator.calibration.rounds.merge_dispatches`) with an earlier
    one that lists the same dispatches (name and site: the stream IR's file name, line and column,
    wherever its directory was), else the new ones alone.

    Examples
    --------
    >>> old = [{"name": "d", "loc": "/a/x.mlir:1:1", "min_ns": 8, "median_ns": 9, "max_ns": 9}]
    >>> new = [{"name": "d", "loc": "/b/x.mlir:1:1", "min_ns": 10, "median_ns": 12, "max_ns": 20}]
    >>> merged_profile([old], [new])[0]["min_ns"], merged_profile([[dict(old[0], loc="/a/x.mlir:2:2")]], [new])[0]["min_ns"]
    (8, 10)
    """

    def sites(profile: list[dict[str, Any]]) -> list[tuple[str, str | None]]:
        return [(d["name"], str(d["loc"]).rsplit("/", 1)[-1] if d["loc"] else None) for d in profile]

    same = [[dict(d, loc=n["loc"]) for d, n in zip(p, new[0])] for p in earlier if sites(p) == sites(new[0])]
    return merge_dispatches([*same, *new])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--device", default="local-task", choices=accuracy.DEVICES)
    ap.add_argument("--rounds", type=int, default=3, help="times each program is measured, interleaved")
    ap.add_argument("--profile-rounds", type=int, nargs="*", default=[0], help="rounds that also profile")
    ap.add_argument("--reps", type=int, default=100, help="one-call benchmark repetitions per round")
    ap.add_argument("--calls", type=int, default=10, help="calls profiled for per-dispatch times")
    ap.add_argument("--roles", nargs="*", default=["train", "fixture", "holdout"], help="calibration roles")
    ap.add_argument("--only", nargs="*", help="only these programs")
    ap.add_argument(
        "--append",
        action="store_true",
        help="keep each program's earlier rounds (the minimum is over all of them, and each dispatch's over the earlier profile and the new ones)"
        " rather than replace them",
    )
    ap.add_argument("--workdir", type=pathlib.Path, default=accuracy.WORKDIR)
    args = ap.parse_args(argv)
    if args.rounds < 1 or any(not 0 <= r < args.rounds for r in args.profile_rounds):
        ap.error(f"--profile-rounds {args.profile_rounds} must lie in 0..{args.rounds - 1}")
    device = args.device
    workdirs = {"accuracy": args.workdir / "accuracy", "calibration": args.workdir / "calibration"}
    todo = targets(device, args.workdir, set(args.roles), set(args.only) if args.only else None)
    if not todo:
        _log("nothing to measure")
        return 2
    files: dict[str, dict[str, Any]] = {
        "accuracy": _fixtures(device),
        "calibration": json.loads((CALIBRATION / f"{device}.json").read_text()),
    }
    paths = {
        "accuracy": DATA / f"{device}.json",
        "calibration": CALIBRATION / f"{device}.json",
    }
    names = [f"{label}:{name}" for label, name in todo]
    # With --append, each program's earlier rounds (only their minima: the best one keeps its timing).
    earlier: dict[str, list[tuple[dict[str, Any], float | None]]] = {n: [] for n in names}
    profiles: dict[str, list[list[dict[str, Any]]]] = {n: [] for n in names}
    # ... and their earlier profile (its dispatches' minima): the new rounds' profiles are merged into it.
    earlier_profiles: dict[str, list[list[dict[str, Any]]]] = {n: [] for n in names}
    if args.append:
        for label_name in names:
            label, name = label_name.split(":", 1)
            entry = files[label]["programs"].get(name)
            if entry is not None:
                earlier[label_name] = earlier_rounds(entry)
                if entry.get("dispatches") and entry.get("compile_key") == case_key(
                    todo[(label, name)], device
                ):
                    earlier_profiles[label_name].append(entry["dispatches"])

    def measure(label_name: str, r: int) -> dict[str, Any]:
        label, name = label_name.split(":", 1)
        case = todo[(label, name)]
        wd = workdirs[label]
        _log(f"[{device} round {r + 1}/{args.rounds}] {label_name} (load {load_average()})")
        timing = benchmark_call(
            module_of(case, wd, device),
            device=device,
            inputs=case.inputs,
            parameters=case.parameters,
            repetitions=args.reps,
        )
        # A program new to its file is profiled in its first round whatever --profile-rounds says.
        if r in args.profile_rounds or not profiles[label_name] and name not in files[label]["programs"]:
            profiles[label_name].append(profile_dispatches(case, wd, device=device, calls=args.calls))
        return timing.to_dict()

    def save(r: int, results: dict[str, list[tuple[dict[str, Any], float | None]]]) -> None:
        for label_name, timings in results.items():
            label, name = label_name.split(":", 1)
            case = todo[(label, name)]
            entry = files[label]["programs"].setdefault(
                name,
                {
                    "name": name,
                    "device": device,
                    "role": "train",
                    "dispatches": [],
                    "stream_ir": str(stream_ir_of(case, workdirs[label], device)),
                },
            )
            # stamp first: it records the load now; merge_call then records the minimum round's.
            stamp(files[label], entry)
            merge_call(entry, [*earlier[label_name], *timings])
            entry["compile_key"] = case_key(case, device)
            if profiles[label_name]:
                entry["dispatches"] = merged_profile(earlier_profiles[label_name], profiles[label_name])
        for label, data in files.items():
            paths[label].write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        _log(f"round {r + 1} saved")

    interleaved_rounds(names, measure, args.rounds, load=load_average, after_round=save)
    for label, data in files.items():
        path = paths[label]
        print(load_summary(data, str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
