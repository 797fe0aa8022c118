"""IREE's affinity analysis against streamsim's (:mod:`scheduler.passes.affinity_analysis`), through
IREE's ``--iree-stream-annotate-affinities`` pass, which writes the analysis' answers on the IR: per
affinity-aware op its execution affinities (``stream.affinities``), per resource operand and result its
resource affinities and usage affinities (``stream.affinities.operands``/``.results`` and their
``.usage``). streamsim's analysis answers the same questions on the same input, and the two annotated
listings must be equal.

Inputs are the random async-form functions of :mod:`tests.scheduler.async_programs` with two devices, at
the phases the passes that ask the analysis run in (:data:`PHASES`), and any module given as a file.

Usage::

    python -m tests.scheduler.affinity_programs [--seeds N] [--start S] [--phase NAME ...] [FILE ...]
"""

from __future__ import annotations

from ir import Module, Operation
from ir import attributes as A
from scheduler.passes.affinity_analysis import AffinityAnalysis
from scheduler.passes.affinity_ops import (
    is_affinity_op,
    is_affinity_type,
    requires_affinity,
)
from tests.scheduler.async_programs import _ASYNC, _EXECUTE, _iree, iree_opt, random_module

# Phase name -> IREE's passes making the input from a random function.
PHASES: dict[str, str] = {
    "async": "",  # what clone-to-consumers and elide-async-copies see
    "refined": _ASYNC,  # what schedule-execution sees
    "scheduled": _EXECUTE,  # what schedule-allocation sees
}
_KEYS = (
    "stream.affinities",
    "stream.affinities.operands",
    "stream.affinities.operands.usage",
    "stream.affinities.results",
    "stream.affinities.results.usage",
)


def _array(attrs: list[A.Attribute] | None) -> str:
    return "[" + ", ".join(str(a) for a in attrs or []) + "]"


def annotate(module: Module) -> dict[tuple[str, int], dict[str, str]]:
    """streamsim's answers, keyed by (function, position of the op in a pre-order walk of it), as
    IREE's annotate-affinities pass writes them."""
    facts = AffinityAnalysis(module)
    out: dict[tuple[str, int], dict[str, str]] = {}
    for key, op in _ops(module):
        row: dict[str, str] = {}
        if is_affinity_op(op) and requires_affinity(op):
            affs = facts.execution_affinities(op)
            if affs:
                row["stream.affinities"] = _array(affs)
        for where, values in (("operands", op.operands), ("results", op.results)):
            vals = [v for v in values if is_affinity_type(v)]
            if vals:
                row[f"stream.affinities.{where}"] = _arrays([facts.resource_affinities(v) for v in vals])
                row[f"stream.affinities.{where}.usage"] = _arrays([facts.usage_affinities(v) for v in vals])
        out[key] = row
    return out


def _arrays(lists: list[list[A.Attribute] | None]) -> str:
    return "[" + ", ".join(_array(x) for x in lists) + "]"


def read_annotations(module: Module) -> dict[tuple[str, int], dict[str, str]]:
    """IREE's answers, read from the annotated module, keyed as :func:`annotate`'s."""
    return {key: {k: str(op.attributes[k]) for k in _KEYS if k in op.attributes} for key, op in _ops(module)}


def _ops(module: Module) -> list[tuple[tuple[str, int], Operation]]:
    ops: list[tuple[tuple[str, int], Operation]] = []
    for i, top in enumerate(module.body.ops):
        if top.op_name in ("util.func", "func.func", "util.initializer"):
            name = top.attr("sym_name")
            fn = name.value if isinstance(name, A.StringAttr) else f"#{i}"
            ops.extend(((fn, n), op) for n, op in enumerate(top.walk()))
    return ops


def compare_text(text: str, tool: str) -> dict[str, list[str]]:
    """Per function: the differences between IREE's and streamsim's answers (empty when they agree)."""
    import ir

    ok, annotated = _iree(tool, ["--iree-stream-annotate-affinities"], text)
    if not ok:
        return {"": [f"iree-error: {annotated}"]}
    theirs = read_annotations(ir.parse_module(annotated))
    module = ir.load_text(text)
    names = dict(_ops(module))
    ours = annotate(module)
    diffs: dict[str, list[str]] = {key[0]: [] for key in names}
    for key in sorted(set(theirs) | set(ours)):
        a, b = theirs.get(key, {}), ours.get(key, {})
        for k in _KEYS:
            if a.get(k) != b.get(k):
                op = names[key].op_name if key in names else "?"
                diffs.setdefault(key[0], []).append(
                    f"{op} (op {key[1]}) {k}: iree {a.get(k)} ours {b.get(k)}"
                )
    return diffs


def compare(phase: str, seeds: list[int], tool: str) -> dict[int, list[str]]:
    """Per seed: the differences (empty when the same); ``["iree-error: ..."]`` when IREE's passes making
    the phase's input fail on the function (the batch is split until that function is found)."""
    text = random_module(seeds, devices=True)
    if PHASES[phase]:
        ok, text = _iree(tool, [f"--pass-pipeline=builtin.module({PHASES[phase]})"], text)
        if not ok:
            if len(seeds) == 1:
                return {seeds[0]: [f"iree-error: {text}"]}
            half = len(seeds) // 2
            return {**compare(phase, seeds[:half], tool), **compare(phase, seeds[half:], tool)}
    diffs = compare_text(text, tool)
    return {s: diffs.get(f"f{s}", []) for s in seeds}


def main(argv: list[str] | None = None) -> int:
    import argparse
    import pathlib
    import sys

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=100)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--phase", action="append", default=None)
    ap.add_argument("files", nargs="*")
    args = ap.parse_args(argv)
    tool = iree_opt()
    if tool is None:
        print("iree-opt not found", file=sys.stderr)
        return 2
    bad = 0
    for f in args.files:
        found = [d for ds in compare_text(pathlib.Path(f).read_text(), tool).values() for d in ds]
        print(f"{f}: {'same' if not found else 'different'}")
        for d in found:
            print("    " + d)
        bad += bool(found)
    if args.files:
        return 1 if bad else 0
    for phase in args.phase or list(PHASES):
        verdicts: dict[int, list[str]] = {}
        for start in range(args.start, args.start + args.seeds, 500):
            verdicts.update(
                compare(phase, list(range(start, min(args.start + args.seeds, start + 500))), tool)
            )
        errors = sum(bool(d) and d[0].startswith("iree-error") for d in verdicts.values())
        same = sum(not d for d in verdicts.values())
        print(
            f"{phase:<10} {len(verdicts)} functions: same {same}, different {len(verdicts) - same - errors}, "
            f"iree-error {errors}"
        )
        for s, d in sorted(verdicts.items()):
            if d and not d[0].startswith("iree-error"):
                bad += 1
                print(f"    seed {s}: {d[0][:220]}" + (f" (+{len(d) - 1})" if len(d) > 1 else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
