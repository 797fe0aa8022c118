"""Random async-form functions for the differential tests of the scheduling passes: one seed, one function.

Each function (public, taking two resources and a condition) mixes the ops the scheduling passes act on:
splats, constants, dispatches (new results, results tied to an operand, results that read nothing),
updates of a dispatch result into a larger target (what emplace-allocations rewrites), copies, fills,
clones, slices, barriers, transfers between two devices and dispatches pinned to a device (what
clone-to-consumers and the partitioning read), and an ``scf.if`` holding a dispatch. Sizes are constants
(16, 32 and 64 bytes), so that allocation sizes and pack offsets can be compared. Every value is used:
the ones nothing consumes are returned, so that no pass folds them away.

:func:`random_module` puts the functions of many seeds in one module (one ``iree-opt`` run for all of
them); :func:`by_function` splits a :func:`~scheduler.passes.structure.structure` listing per function.
"""

from __future__ import annotations

import random
import re

from tests.conftest import iree_tool

R = "!stream.resource<*>"
SIZES = (16, 32, 64)
DEVICES = ("#hal.device.affinity<@dev_a>", "#hal.device.affinity<@dev_b>")

HEADER = """stream.executable private @ex {
  stream.executable.export public @k workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}
"""


class _Body:
    def __init__(self, rng: random.Random, devices: bool) -> None:
        self.rng = rng
        self.devices = devices
        self.lines: list[str] = []
        self.sizes: dict[str, int] = {"%in0": 64, "%in1": 64}
        self.used: set[str] = set()
        self.cheap: set[str] = set()  # splats and dispatches reading no resource
        self.n = 0

    def new(self, size: int) -> str:
        self.n += 1
        name = f"%v{self.n}"
        self.sizes[name] = size
        return name

    def pick(self, at_least: int = 0) -> str | None:
        names = [v for v, s in self.sizes.items() if s >= at_least]
        return self.rng.choice(names) if names else None

    def emit(self, line: str, indent: int = 1) -> None:
        self.lines.append("  " * indent + line)

    def on(self) -> str:
        if self.devices and self.rng.random() < 0.5:
            return f"on({self.rng.choice(DEVICES)}) "
        return ""

    def dispatch(self, args: list[str], size: int, indent: int = 1, tied: str | None = None) -> str:
        ins = ", ".join(f"{x}[%c0 to %c{self.sizes[x]} for %c{self.sizes[x]}]" for x in args)
        tys = ", ".join(f"{R}{{%c{self.sizes[x]}}}" for x in args)
        if tied is not None:
            v = self.new(self.sizes[tied])
            out = f"{tied}{{%c{self.sizes[tied]}}}"
        else:
            v = self.new(size)
            out = f"{R}{{%c{size}}}"
        self.emit(f"{v} = stream.async.dispatch {self.on()}@ex::@k({ins}) : ({tys}) -> {out}", indent)
        self.used.update(args)
        return v

    def op(self) -> None:
        rng = self.rng
        kind = rng.choice(
            ["splat", "constant", "dispatch", "dispatch", "tied", "gen", "update", "update", "copy", "fill",
             "clone", "slice", "barrier", "transfer", "if", *(["fanout"] * 3 if self.devices else [])]
        )  # fmt: skip
        a = self.pick()
        assert a is not None
        size = rng.choice(SIZES)
        if kind == "splat":
            v = self.new(size)
            self.emit(f"{v} = stream.async.splat %c7_i32 : i32 -> {R}{{%c{size}}}")
            self.cheap.add(v)
        elif kind == "constant":
            v = self.new(16)
            self.emit(f"{v} = stream.async.constant : {R}{{%c16}} = dense<[1, 2, 3, 4]> : tensor<4xi32>")
        elif kind in ("dispatch", "tied"):
            b = self.pick()
            args = [a] if b is None or b == a or rng.random() < 0.5 else [a, b]
            self.dispatch(args, size, tied=a if kind == "tied" else None)
        elif kind == "gen":  # a dispatch reading no resource: cheap to make again on each device
            v = self.new(size)
            self.emit(f"{v} = stream.async.dispatch {self.on()}@ex::@k(%c7_i32) : (i32) -> {R}{{%c{size}}}")
            self.cheap.add(v)
        elif kind == "update":
            target = self.pick(at_least=32)
            if target is None:
                return
            small = rng.choice([s for s in SIZES if s <= self.sizes[target] // 2])
            src = self.pick()
            assert src is not None
            u = self.dispatch([src], small)
            offset = rng.choice([0, self.sizes[target] - small])
            v = self.new(self.sizes[target])
            ts = self.sizes[target]
            self.emit(
                f"{v} = stream.async.update {u}, {target}[%c{offset} to %c{offset + small}] : "
                f"{R}{{%c{small}}} -> {target} as {R}{{%c{ts}}}"
            )
            self.used.update([u, target])
        elif kind == "copy":
            dst = self.pick()
            assert dst is not None
            if dst == a:
                return
            n = min(self.sizes[a], self.sizes[dst])
            v = self.new(self.sizes[dst])
            self.emit(
                f"{v} = stream.async.copy {a}[%c0 to %c{n}], {dst}[%c0 to %c{n}], %c{n} : "
                f"{R}{{%c{self.sizes[a]}}} -> {dst} as {R}{{%c{self.sizes[dst]}}}"
            )
            self.used.update([a, dst])
        elif kind == "fill":
            s = self.sizes[a]
            v = self.new(s)
            self.emit(
                f"{v} = stream.async.fill %c7_i32, {a}[%c0 to %c{s} for %c{s}] : i32 -> {a} as {R}{{%c{s}}}"
            )
            self.used.add(a)
        elif kind == "clone":
            s = self.sizes[a]
            v = self.new(s)
            self.emit(f"{v} = stream.async.clone {a} : {R}{{%c{s}}} -> {R}{{%c{s}}}")
            self.used.add(a)
        elif kind == "slice":
            s = self.sizes[a]
            n = rng.choice([x for x in SIZES if x <= s])
            v = self.new(n)
            self.emit(f"{v} = stream.async.slice {a}[%c0 to %c{n}] : {R}{{%c{s}}} -> {R}{{%c{n}}}")
            self.used.add(a)
        elif kind == "barrier":
            s = self.sizes[a]
            v = self.new(s)
            self.emit(f"{v} = stream.async.barrier {a} : {R}{{%c{s}}}")
            self.used.add(a)
        elif kind == "transfer":
            s = self.sizes[a]
            v = self.new(s)
            to = f" -> to({rng.choice(DEVICES)})" if self.devices else " ->"
            self.emit(f"{v} = stream.async.transfer {a} : {R}{{%c{s}}}{to} {R}{{%c{s}}}")
            self.used.add(a)
        elif kind == "fanout":  # a cheap value read on both devices (what clone-to-consumers clones)
            cheap = [v for v in self.sizes if v in self.cheap]
            if not cheap:
                v = self.new(size)
                self.emit(f"{v} = stream.async.splat %c7_i32 : i32 -> {R}{{%c{size}}}")
                self.cheap.add(v)
                cheap = [v]
            src = rng.choice(cheap)
            for device in DEVICES:
                s = self.sizes[src]
                v = self.new(s)
                self.emit(
                    f"{v} = stream.async.dispatch on({device}) @ex::@k({src}[%c0 to %c{s} for %c{s}]) : "
                    f"({R}{{%c{s}}}) -> {R}{{%c{s}}}"
                )
            self.used.add(src)
        elif kind == "if":
            s = self.sizes[a]
            self.n += 1
            v = f"%v{self.n}"
            self.emit(f"{v} = scf.if %cond -> {R} {{")
            inner = self.dispatch([a], s, indent=2)
            self.emit(f"scf.yield {inner} : {R}", 2)
            self.emit("} else {")
            self.emit(f"scf.yield {a} : {R}", 2)
            self.emit("}")
            del self.sizes[inner]
            self.sizes[v] = s
            self.used.add(a)


_NAME = re.compile(r"%(?:v\d+|in[01])\b")


def _wrap_in_region(body: _Body, results: list[str], rng: random.Random) -> None:
    """Put a run of ``body``'s top-level ops in a ``stream.async.execute`` awaiting ``%tp`` (a region of the
    input, which the schedulers keep and schedule around): it captures what the run uses from before it and
    yields what is used after it (or returned), awaited at once under the names the ops gave them."""
    lines = body.lines
    top = [i for i, line in enumerate(lines) if line.startswith("  %") and " scf.if " not in line]
    runs: list[list[int]] = []
    for i in top:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    run = rng.choice(runs)
    a = rng.randrange(len(run))
    b = rng.randrange(a, len(run))
    first, last = run[a], run[b]
    window = lines[first : last + 1]
    defined = [line.split(" = ", 1)[0].strip() for line in window]
    captured: list[str] = []
    for line in window:
        for name in _NAME.findall(line.split(" = ", 1)[1]):
            if name not in defined and name not in captured:
                captured.append(name)
    later = " ".join(lines[last + 1 :]) + " " + " ".join(results)
    yielded = [d for d in defined if re.search(re.escape(d) + r"\b", later)]
    inner = {**{c: "%x" + c[1:] for c in captured}, **{d: "%y" + d[1:] for d in defined}}

    def rename(line: str) -> str:
        return _NAME.sub(lambda m: inner.get(m.group(0), m.group(0)), line)

    def typed(names: list[str]) -> str:
        return ", ".join(f"{R}{{%c{body.sizes[n]}}}" for n in names)

    k = len(yielded)
    caps = ", ".join(f"{c} as {inner[c]}: {R}{{%c{body.sizes[c]}}}" for c in captured)
    outs = typed(yielded) if k == 1 else f"({typed(yielded)})"
    res = "%exr" if k == 1 else f"%exr:{k}"
    region = [f"  {res}, %ext = stream.async.execute await(%tp) => with({caps}) -> {outs} {{"]
    region += ["  " + rename(line) for line in window]
    region.append(f"    stream.yield {', '.join(inner[d] for d in yielded)} : {typed(yielded)}")
    region.append("  } => !stream.timepoint")
    parts = "%exr" if k == 1 else ", ".join(f"%exr#{i}" for i in range(k))
    region.append(f"  {', '.join(yielded)} = stream.timepoint.await %ext => {parts} : {typed(yielded)}")
    lines[first : last + 1] = region


def random_function(seed: int, *, devices: bool = False, regions: bool = False) -> str:
    """The function ``@f<seed>`` of ``seed`` (the same text for the same seed); ``devices`` adds
    affinities (dispatches pinned to one of two devices, transfers between them); ``regions`` puts a run
    of its top-level ops (the same ops as without it) in an execution region of the input that awaits a
    timepoint argument ``%tp``."""
    rng = random.Random(seed)
    body = _Body(rng, devices)
    for _ in range(rng.randint(2, 9)):
        body.op()
    results = [v for v in body.sizes if v not in body.used and v.startswith("%v")]
    if not results:
        results = [next(reversed(body.sizes))]
    if regions:
        _wrap_in_region(body, results, random.Random(f"region {seed}"))
    consts = sorted({0, 1, *SIZES, *(s for v in body.sizes for s in (body.sizes[v],))})
    offsets = {int(w[2:]) for line in body.lines for w in line.replace("[", " ").replace(",", " ").split()
               if w.startswith("%c") and w[2:].isdigit()}  # fmt: skip
    head = [f"  %c{c} = arith.constant {c} : index" for c in sorted(set(consts) | offsets)]
    head.append("  %c7_i32 = arith.constant 7 : i32")
    types = ", ".join([R] * len(results))
    tp = ", %tp: !stream.timepoint" if regions else ""
    return "\n".join(
        [
            f"util.func public @f{seed}(%in0: {R}, %in1: {R}, %cond: i1{tp}) -> ({types}) {{",
            *head,
            *body.lines,
            f"  util.return {', '.join(results)} : {types}",
            "}",
        ]
    )


def random_module(seeds: range | list[int], *, devices: bool = False) -> str:
    """One module holding the functions of ``seeds``."""
    return HEADER + "\n".join(random_function(s, devices=devices) for s in seeds) + "\n"


def by_function(lines: list[str]) -> dict[str, list[str]]:
    """A structure listing split per top-level op, keyed by its ``sym_name`` (unnamed ops by position)."""
    out: dict[str, list[str]] = {}
    key = ""
    for line in lines:
        if not line.startswith(" "):
            marker = 'sym_name = "'
            key = line.split(marker, 1)[1].split('"', 1)[0] if marker in line else f"#{len(out)}"
            out[key] = []
        out[key].append(line)
    return out


# --- comparison with iree-opt ------------------------------------------------------------------------

# IREE's passes that put a random function into the form the scheduling passes take (copies made explicit
# where a value is updated in place but read later, then elided where nobody can tell, results emplaced,
# lifetimes refined).
_ASYNC = (
    "iree-stream-materialize-copy-on-write,iree-stream-elide-async-copies,"
    "util.func(iree-stream-emplace-allocations),iree-stream-refine-usage"
)
_EXECUTE = f"{_ASYNC},util.func(iree-stream-schedule-execution,iree-stream-schedule-concurrency)"
# Per pass: the passes IREE runs first to make the pass's input from a random function (its place in
# IREE's pipeline), and whether the functions use two devices.
STAGES: dict[str, tuple[str, bool]] = {
    "emplace-allocations": ("", False),
    "clone-to-consumers": ("", True),
    "elide-async-copies": ("", False),
    "automatic-reference-counting": (f"{_EXECUTE},iree-stream-schedule-allocation", True),
    "schedule-execution": (_ASYNC, True),
    "schedule-concurrency": (f"{_ASYNC},util.func(iree-stream-schedule-execution)", True),
    "propagate-timepoints": (_EXECUTE, False),
    "elide-timepoints": (f"{_EXECUTE},iree-stream-propagate-timepoints", False),
    "schedule-allocation": (_EXECUTE, True),
}


def iree_opt() -> str | None:
    """The ``iree-opt`` on PATH or beside the Python interpreter."""

    return iree_tool("iree-opt")


def _iree(tool: str, args: list[str], text: str) -> tuple[bool, str]:
    import subprocess

    done = subprocess.run(
        [tool, *args, "--mlir-print-op-generic", "-"], input=text, capture_output=True, text=True, timeout=600
    )
    if done.returncode != 0:
        errors = [line for line in done.stderr.splitlines() if "error:" in line]
        return False, errors[0] if errors else done.stderr.strip()[-300:]
    return True, done.stdout


def compare(stage: str, seeds: list[int], tool: str) -> dict[int, str]:
    """Run the functions of ``seeds`` through IREE's pass (after IREE's earlier passes) and through
    streamsim's, per seed: "same" or "different" (with " (unchanged)" when IREE's pass left the function
    as it was), "not accepted: ..." (iree-opt rejects streamsim's output), "rejected: ..." (streamsim
    refused the input) or "iree-error: ..." (IREE failed on it)."""
    import ir
    from scheduler.passes import PASSES
    from scheduler.passes.structure import structure

    prefix, devices = STAGES[stage]
    text = random_module(seeds, devices=devices)
    ok, theirs_text = True, ""
    if prefix:
        ok, text = _iree(tool, [f"--pass-pipeline=builtin.module({prefix})"], text)
        theirs_text = text
    if ok:
        ok, theirs_text = _iree(tool, PASSES[stage].iree_args(), text)
    if not ok:  # one function makes IREE fail: split the batch until it is found
        if len(seeds) == 1:
            return {seeds[0]: f"iree-error: {theirs_text}"}
        half = len(seeds) // 2
        return {**compare(stage, seeds[:half], tool), **compare(stage, seeds[half:], tool)}
    theirs = by_function(structure(ir.parse_module(theirs_text)))
    try:
        module = ir.load_text(text)
        PASSES[stage].run(module)
        ours_text = ir.print_generic(module)
    except Exception as e:  # noqa: BLE001 - a rejection or a crash, per seed when split
        if len(seeds) == 1:
            return {seeds[0]: f"rejected: {type(e).__name__}: {str(e).splitlines()[0]}"}
        half = len(seeds) // 2
        return {**compare(stage, seeds[:half], tool), **compare(stage, seeds[half:], tool)}
    accepted, reprinted = _iree(tool, [], ours_text)
    if not accepted:
        if len(seeds) == 1:
            return {seeds[0]: f"not accepted: {reprinted}"}
        half = len(seeds) // 2
        return {**compare(stage, seeds[:half], tool), **compare(stage, seeds[half:], tool)}
    ours = by_function(structure(ir.parse_module(reprinted)))
    before = by_function(structure(ir.parse_module(_iree(tool, [], text)[1])))
    out = {}
    for s in seeds:
        key = f"f{s}"
        same = ours.get(key) == theirs.get(key)
        out[s] = ("same" if same else "different") + (
            "" if before.get(key) != theirs.get(key) else " (unchanged)"
        )
    return out


def main(argv: list[str] | None = None) -> int:
    """``python -m tests.scheduler.async_programs [--seeds N] [--start S] [--stage NAME ...]``: agreement
    per stage on the seeds ``S .. S+N-1``."""
    import argparse
    import collections
    import sys

    ap = argparse.ArgumentParser(description=main.__doc__)
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--batch", type=int, default=200)
    ap.add_argument("--stage", action="append", default=None)
    args = ap.parse_args(argv)
    tool = iree_opt()
    if tool is None:
        print("iree-opt not found", file=sys.stderr)
        return 2
    bad = 0
    for stage in args.stage or list(STAGES):
        verdicts: dict[int, str] = {}
        end = args.start + args.seeds
        for start in range(args.start, end, args.batch):
            verdicts.update(compare(stage, list(range(start, min(end, start + args.batch))), tool))
        count = collections.Counter(v.split(":")[0].split(" (")[0] for v in verdicts.values())
        count["IREE changed"] = sum("unchanged" not in v and ":" not in v for v in verdicts.values())
        print(
            f"{stage:<30} {args.seeds:>6} functions: "
            + ", ".join(f"{k} {n}" for k, n in sorted(count.items()))
        )
        for s, v in sorted(verdicts.items()):
            if not v.startswith("same"):
                bad += 1
                print(f"    seed {s}: {v[:200]}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
