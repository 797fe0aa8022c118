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
  dispatches, waves, concurrent dispatches, transient bytes, host awaits) of both outputs. A difference
  names what IREE's output shows of two known IREE bugs and ours does not: results it returns that no
  command writes (:func:`unwritten_results`: a constant never uploaded, bug (a)), and commands of one
  wave where one writes what the other touches (:func:`wave_races`, bug (b)).

``--before-schedule`` gives both the function as iree-compile holds it just before schedule-execution (the
form of the fixtures' ``async.mlir``): IREE's async pipeline up to there (:data:`BEFORE_SCHEDULE`: copy-on-write,
copy elision, emplacement, usage refinement and the cleanups between them) run on the random function; IREE
then runs the rest of its pipeline from that point (:data:`FROM_SCHEDULE`), as iree-compile does. With
``--prepared`` IREE instead runs its whole async pipeline again on the prepared function (its first half
re-makes copies, folds and CSEs what the preparation left), which the pipeline does not do, nor iree-compile:
that mode measures iree-opt re-running IREE's async prefix, whose steps are not idempotent.

``--composed`` measures another candidate for the pipeline instead of ``streamsim schedule``: IREE's
pipeline written out pass by pass from schedule-execution on (:data:`CHAIN`), with streamsim's standalone
passes (:data:`scheduler.passes.PASSES`) in the places of IREE's passes they mirror and iree-opt running
the passes streamsim has no standalone version of (canonicalize/CSE and the util cleanups,
materialize-builtins, emplace-transients, layout-slices, propagate-subranges, ...); "step-error" is a step
of that chain failing. ``--composed --iree-only`` runs the same chain with IREE's passes everywhere: the
differences it still shows come from the chain (IREE's real pipeline also re-runs its earlier passes), not
from streamsim.

Usage::

    python benchmarks/pipeline_random.py [--seeds N] [--first K] [--devices] [--regions] [--details]
        [--prepared | --before-schedule] [--composed [--iree-only]]

Exit 0 when no seed is rejected or not accepted, 1 otherwise.
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
# Run as a script, Python puts this directory first on sys.path, where benchmarks/traces.py would stand for
# the traces package (imported by the simulator): the repository goes first instead.
HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != HERE]
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


_CLEANUP = (  # IREE's buildStreamCleanupPassPipeline
    "util.func(canonicalize,cse,iree-util-optimize-int-arithmetic,iree-util-simplify-global-accesses,"
    "iree-util-apply-patterns),iree-util-fold-globals,iree-util-fuse-globals,iree-util-ipo"
)
#: IREE's async pipeline up to (not including) place-transfer-executions (Stream/Transforms/Passes.cpp,
#: buildStreamAsyncPassPipeline, after the tensor lowering the random functions do not need).
BEFORE_SCHEDULE = (
    "util.func(iree-stream-materialize-copy-on-write,canonicalize),iree-stream-elide-async-copies,"
    "util.func(canonicalize,iree-stream-emplace-allocations),iree-stream-refine-usage,util.func(canonicalize),"
    f"iree-stream-elide-async-copies,{_CLEANUP}"
)
#: The rest of IREE's async pipeline from there, then its cmd pipeline (given as flags after it).
FROM_SCHEDULE = [
    "--pass-pipeline=builtin.module(iree-stream-place-transfer-executions,util.func(iree-stream-schedule-execution,"
    f"iree-stream-schedule-concurrency),iree-stream-propagate-timepoints,iree-stream-materialize-builtins,{_CLEANUP})",
]

#: IREE's async pipeline from schedule-execution on, then its cmd pipeline (Stream/Transforms/Passes.cpp),
#: as steps: ("ours", the name of a standalone pass of streamsim's) or ("iree", an iree-opt pass pipeline).
CHAIN: tuple[tuple[str, str], ...] = (
    ("iree", "iree-stream-place-transfer-executions"),
    ("ours", "schedule-execution"),
    ("ours", "schedule-concurrency"),
    ("ours", "propagate-timepoints"),
    ("iree", f"iree-stream-materialize-builtins,{_CLEANUP}"),
    ("ours", "schedule-allocation"),
    (
        "iree",
        "iree-stream-emplace-transients,iree-stream-materialize-transient-size-queries,"
        "util.func(iree-stream-pack-constants,iree-stream-layout-slices,canonicalize),"
        f"iree-util-propagate-subranges,{_CLEANUP}",
    ),
    ("ours", "automatic-reference-counting"),
    ("iree", "iree-stream-annotate-constant-transient-size"),
)


def _writes(execute: ir.Operation, arg: ir.Value) -> bool:
    """Whether a command of ``execute`` writes its block argument ``arg`` (a copy or fill target, a
    dispatch binding with write access)."""
    for op in execute.walk():
        if op.op_name == "stream.cmd.copy" and op.operands[3] is arg:
            return True
        if op.op_name == "stream.cmd.fill" and op.operands[0] is arg:
            return True
        if op.op_name == "stream.cmd.dispatch":
            accesses = op.attr("resource_accesses")
            bits = [a.value for a in accesses.elements] if isinstance(accesses, ir.attributes.ArrayAttr) else []
            if any(r is arg and b & 2 for r, b in zip(op.resources, bits)):  # type: ignore[attr-defined]
                return True
    return False


def unwritten_results(module: ir.Module) -> int:
    """How many allocations of a cmd-form module's functions reach a ``util.return`` (through host awaits
    and subviews) with no command ever writing them: IREE's output returns such an
    ``stream.resource.alloca uninitialized`` where the input returns a constant it never uploads (IREE bug
    (a)), or a clone passed through an elided region of the input."""
    count = 0
    for op in module.walk():
        if op.op_name != "stream.resource.alloca":
            continue
        stack, seen, written, returned = [op.results[0]], set(), False, False
        while stack:
            v = stack.pop()
            if id(v) in seen:
                continue
            seen.add(id(v))
            for user, i in v.uses:
                if user.op_name == "stream.cmd.execute":
                    written |= _writes(user, user.regions[0].blocks[0].args[i])
                elif user.op_name.startswith(("stream.resource.try_map", "stream.cmd.parameter", "scf.", "cf.")):
                    written = True  # filled elsewhere, or carried by control flow: not followed
                elif user.op_name == "stream.timepoint.await":
                    stack.append(user.results[i])
                elif user.op_name == "stream.resource.subview":
                    stack.append(user.results[0])
                elif user.op_name == "util.return":
                    returned = True
        count += returned and not written
    return count


def _accesses(op: ir.Operation) -> list[tuple[int, bool, int, int]]:
    """(id of the resource, writes, start, stop) of a cmd op of a wave; a dynamic range is everything."""

    def rng(off: ir.Value, n: ir.Value) -> tuple[int, int]:
        o, k = off.defining_op, n.defining_op
        if o is not None and k is not None and o.op_name == k.op_name == "arith.constant":
            a, b = o.attr("value"), k.attr("value")
            if isinstance(a, ir.attributes.IntegerAttr) and isinstance(b, ir.attributes.IntegerAttr):
                return a.value, a.value + b.value
        return 0, 1 << 62

    d = op
    if op.op_name == "stream.cmd.copy":
        return [
            (id(d.source), False, *rng(d.source_offset, d.length)),
            (id(d.target), True, *rng(d.target_offset, d.length)),
        ]
    if op.op_name == "stream.cmd.fill":
        return [(id(d.target), True, *rng(d.target_offset, d.target_length))]
    if op.op_name == "stream.cmd.dispatch":
        out = []
        for res, off, n, acc in zip(d.resources, d.resource_offsets, d.resource_lengths, d.resource_accesses):
            bits = acc.value
            if bits & 1:
                out.append((id(res), False, *rng(off, n)))
            if bits & 2:
                out.append((id(res), True, *rng(off, n)))
        return out
    return []


def wave_races(module: ir.Module) -> list[str]:
    """The pairs of commands of one wave (``stream.cmd.concurrent``) of a cmd-form module where one writes
    bytes the other reads or writes: a race (IREE bug (b): its schedule-concurrency can put a clone of a
    value and an in-place write of it in one wave)."""
    races = []
    for wave in (o for o in module.walk() if o.op_name == "stream.cmd.concurrent"):
        ops = [o for o in wave.regions[0].blocks[0].ops if o.op_name != "stream.yield"]
        for i, a in enumerate(ops):
            for b in ops[i + 1 :]:
                for ra, wa, sa, ea in _accesses(a):
                    for rb, wb, sb, eb in _accesses(b):
                        if ra == rb and (wa or wb) and sa < eb and sb < ea:
                            races.append(f"{a.describe()} / {b.describe()}")
    return races


def _composed(tool: str, text: str, iree_only: bool) -> tuple[str, str]:
    """Run :data:`CHAIN` on ``text``: ("ok", the cmd form) or (a verdict, its message)."""
    from scheduler.passes import PASSES

    for who, what in CHAIN:
        if who == "ours" and not iree_only:
            try:
                module = ir.load_text(text)
                PASSES[what].run(module)
                text = ir.print_generic(module)
            except (IRError, ScheduleError) as e:
                return "rejected", f"{what}: {str(e).splitlines()[0][:300]}"
            continue
        # IREE's pass in the place of ours (IreePass.iree_args), or a pipeline of IREE's own
        args = PASSES[what].iree_args() if who == "ours" else [f"--pass-pipeline=builtin.module({what})"]
        ok, out = _iree(tool, args, text)
        if not ok:
            return "step-error", f"{what[:60]}: {out.strip().splitlines()[0][:240] if out.strip() else ''}"
        text = out
    return "ok", text


def verdict(
    seed: int,
    tool: str,
    devices: bool,
    prepared: bool,
    composed: bool = False,
    iree_only: bool = False,
    before_schedule: bool = False,
    regions: bool = False,
) -> tuple[str, str]:
    text = HEADER + random_function(seed, devices=devices, regions=regions) + "\n"
    if before_schedule:  # the module as iree-compile holds it just before schedule-execution
        ok, text = _iree(tool, [f"--pass-pipeline=builtin.module({BEFORE_SCHEDULE})"], text)
        if not ok:
            return "iree-error", text
        ok, theirs = _iree(tool, FROM_SCHEDULE, text)
        if ok:
            ok, theirs = _iree(tool, IREE_PIPELINE[1:], theirs)
        if not ok:
            return "iree-error", theirs
    if (
        (prepared or composed) and not before_schedule
    ):  # IREE's passes before scheduling first: the form IREE's schedule-execution takes
        ok, text = _iree(tool, [f"--pass-pipeline=builtin.module({_ASYNC})"], text)
        if not ok:
            return "iree-error", text
    if not before_schedule:
        ok, theirs = _iree(tool, IREE_PIPELINE, text)
        if not ok:
            return "iree-error", theirs
    if composed:
        kind, out = _composed(tool, text, iree_only)
        if kind != "ok":
            return kind, out
        a, b = _figures(ir.parse_module(out)), _figures(ir.parse_module(theirs))
        return ("same", "") if a == b else ("different", f"ours {a} IREE {b}")
    try:
        module = ir.load_text(text)
        Pipeline.default().run(module)
        ours_text = ir.print_generic(module)
    except (IRError, ScheduleError) as e:
        return "rejected", str(e).splitlines()[0][:300]
    accepted, reprinted = _iree(tool, [], ours_text)
    if not accepted:
        return "not accepted", reprinted
    ours_m, theirs_m = ir.parse_module(reprinted), ir.parse_module(theirs)
    a, b = _figures(ours_m), _figures(theirs_m)
    if a == b:
        return "same", ""
    detail = f"ours {a} IREE {b}"
    lost = unwritten_results(theirs_m) - unwritten_results(ours_m)
    if lost > 0:
        detail += f"; IREE returns {lost} allocation(s) no command writes"
    races = len(wave_races(theirs_m)) - len(wave_races(ours_m))
    if races > 0:
        detail += f"; IREE has {races} race(s) in a wave"
    return "different", detail


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--devices", action="store_true", help="functions on two devices")
    ap.add_argument("--details", action="store_true")
    ap.add_argument(
        "--regions",
        action="store_true",
        help="functions with an execution region of the input (a run of their ops in a stream.async.execute "
        "awaiting a timepoint argument), which both pipelines keep and schedule around",
    )
    ap.add_argument(
        "--prepared",
        action="store_true",
        help="give both pipelines the function after IREE's copy-on-write, copy elision, emplacement and "
        "usage refinement; iree-opt then runs IREE's whole async pipeline on it, that prefix again (which "
        "iree-compile never does, and IREE's prefix is not idempotent), while the pipeline schedules the "
        "refined function as it is: this measures iree-opt re-running the prefix, not iree-compile "
        "(--before-schedule gives both iree-compile's view)",
    )
    ap.add_argument(
        "--composed",
        action="store_true",
        help="measure IREE's pipeline pass by pass with streamsim's standalone passes in their places "
        "(implies --prepared)",
    )
    ap.add_argument(
        "--before-schedule",
        action="store_true",
        help="give both the function as iree-compile holds it just before schedule-execution (IREE's async "
        "pipeline up to there); IREE runs the rest of its pipeline from that point",
    )
    ap.add_argument("--iree-only", action="store_true", help="with --composed: IREE's passes at every step")
    args = ap.parse_args(argv)
    if args.iree_only and not args.composed:
        ap.error("--iree-only needs --composed")
    if args.before_schedule and args.prepared:
        ap.error("--before-schedule and --prepared are two inputs: give one")
    tool = iree_opt()
    if tool is None:
        print("pipeline_random: iree-opt not found (pip install -e '.[iree]')", file=sys.stderr)
        return 2
    start = time.perf_counter()
    results = {
        s: verdict(
            s,
            tool,
            args.devices,
            args.prepared,
            args.composed,
            args.iree_only,
            args.before_schedule,
            args.regions,
        )
        for s in range(args.first, args.first + args.seeds)
    }
    counts = collections.Counter(v for v, _ in results.values())
    print(
        f"{args.seeds} seeds ({time.perf_counter() - start:.0f} s): "
        + ", ".join(f"{k} {n}" for k, n in counts.most_common())
    )
    causes = collections.Counter(
        d.split(" at ")[0][:120]
        for v, d in results.values()
        if v in ("rejected", "not accepted", "step-error")
    )
    for cause, n in causes.most_common():
        print(f"  {n:4}  {cause}")
    if args.details:
        for s, (v, d) in results.items():
            if v != "same":
                print(f"seed {s}: {v}: {d}")
    return 1 if counts["rejected"] or counts["not accepted"] or counts["step-error"] else 0


if __name__ == "__main__":
    sys.exit(main())
