"""The whole scheduling pipeline on random async-form functions, against IREE's own pipeline.

The per-pass harness (``python -m tests.scheduler.async_programs``) runs one pass at a time on IREE's
own input for that pass; this one runs what a user runs: ``streamsim schedule`` (the default
:class:`scheduler.Pipeline`) on the same random function IREE lowers with
``--iree-stream-async-transformation-pipeline --iree-stream-cmd-transformation-pipeline``, and per seed
reports one verdict:

- "iree-error": IREE's pipeline fails on the function (not counted against streamsim);
- "rejected": streamsim's pipeline refuses a function IREE lowers (with the message);
- "not accepted": iree-opt does not read streamsim's cmd-form output back;
- "same" / "different": the figures of :class:`scheduler.stats.ScheduleStats` (execution regions,
  dispatches, waves, concurrent dispatches, transient bytes, host awaits) of both outputs.

Usage::

    python benchmarks/pipeline_random.py [--seeds N] [--first K] [--devices] [--details]

Exit 0 when no seed is rejected or not accepted, 1 otherwise.
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import ir  # noqa: E402
from ir.errors import IRError  # noqa: E402
from scheduler import Pipeline  # noqa: E402
from scheduler.errors import ScheduleError  # noqa: E402
from scheduler.stats import ScheduleStats  # noqa: E402
from tests.scheduler.async_programs import _ASYNC, HEADER, _iree, iree_opt, random_function  # noqa: E402

IREE_PIPELINE = ["--iree-stream-async-transformation-pipeline", "--iree-stream-cmd-transformation-pipeline"]


def _figures(module: ir.Module) -> tuple[int, ...]:
    s = ScheduleStats.from_module(module)
    return (s.execute_regions, s.dispatches, s.waves, s.concurrent_dispatches, s.transient_bytes, s.awaits)


def verdict(seed: int, tool: str, devices: bool, prepared: bool) -> tuple[str, str]:
    text = HEADER + random_function(seed, devices=devices) + "\n"
    if prepared:  # IREE's passes before scheduling first: the form IREE's schedule-execution takes
        ok, text = _iree(tool, [f"--pass-pipeline=builtin.module({_ASYNC})"], text)
        if not ok:
            return "iree-error", text
    ok, theirs = _iree(tool, IREE_PIPELINE, text)
    if not ok:
        return "iree-error", theirs
    try:
        module = ir.load_text(text)
        Pipeline.default().run(module)
        ours_text = ir.print_generic(module)
    except (IRError, ScheduleError) as e:
        return "rejected", str(e).splitlines()[0][:300]
    accepted, reprinted = _iree(tool, [], ours_text)
    if not accepted:
        return "not accepted", reprinted
    a, b = _figures(ir.parse_module(reprinted)), _figures(ir.parse_module(theirs))
    return ("same", "") if a == b else ("different", f"ours {a} IREE {b}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--devices", action="store_true", help="functions on two devices")
    ap.add_argument("--details", action="store_true")
    ap.add_argument(
        "--prepared",
        action="store_true",
        help="give both pipelines the function after IREE's copy-on-write, copy elision, emplacement and "
        "usage refinement (the form IREE's schedule-execution takes, as in IREE-compiled programs)",
    )
    args = ap.parse_args(argv)
    tool = iree_opt()
    if tool is None:
        print("pipeline_random: iree-opt not found (pip install -e '.[iree]')", file=sys.stderr)
        return 2
    start = time.perf_counter()
    results = {
        s: verdict(s, tool, args.devices, args.prepared) for s in range(args.first, args.first + args.seeds)
    }
    counts = collections.Counter(v for v, _ in results.values())
    print(
        f"{args.seeds} seeds ({time.perf_counter() - start:.0f} s): "
        + ", ".join(f"{k} {n}" for k, n in counts.most_common())
    )
    causes = collections.Counter(
        d.split(" at ")[0][:120] for v, d in results.values() if v in ("rejected", "not accepted")
    )
    for cause, n in causes.most_common():
        print(f"  {n:4}  {cause}")
    if args.details:
        for s, (v, d) in results.items():
            if v != "same":
                print(f"seed {s}: {v}: {d}")
    return 1 if counts["rejected"] or counts["not accepted"] else 0


if __name__ == "__main__":
    sys.exit(main())
