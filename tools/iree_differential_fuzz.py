"""A differential fuzz of the IR layer against iree-opt: fixture programs, each mutated once (a number, a
type, two SSA names swapped, a line deleted, duplicated or moved), through iree-opt and through our parser
and verifier. Every mutant must get the same verdict from both: rejected by both, or accepted by both.

Differences are printed one per line (JSON) and counted by class:
- ``iree rejects, we accept``: invalid input we take (a verifier rule we lack);
- ``iree accepts, we reject``: valid input we refuse (the worse kind). What IREE leaves to its runtime
  (static ranges past a resource's size, results tied to an operand that does not exist) is checked only
  by the simulator's loader, ``verify(runtime_checks=True)``, not by the verifier this tool calls;
- ``crash``: an exception other than the IR's own errors (a bug of ours);
- ``both reject, elsewhere``: both reject it, but ours names another line:col than iree-opt's first error
  (the rest of "both reject" name the same place).

iree-opt reads the mutants in batches (``--split-input-file``); a batch where iree-opt itself crashes is
re-run case by case and the crashing mutants are listed (they are IREE bugs). Usage::

    python tools/iree_differential_fuzz.py --seed 6 --cases 1000 [--glob 'tests/fixtures/**/*.generic.mlir']
"""

from __future__ import annotations

import argparse
import bisect
import collections
import json
import os
import pathlib
import random
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ir import parse_module, verify  # noqa: E402
from ir.errors import IRError  # noqa: E402
from simulator.profile.iree_tools import optional_tool  # noqa: E402
from tools import fuzz_mutators  # noqa: E402  (tools/ is not a package; the repo root is on sys.path)

#: Mutations that keep the text well formed enough to reach the verifier (fuzz_mutators' other kinds are
#: byte-level and almost always fail to lex on both sides).
KINDS = ("number", "type", "swap-ssa", "delete", "duplicate", "swap-lines")
#: Our errors for input iree-opt takes but that could only fail when run.
MAX_BYTES = 60_000


def mutants(seed: int, count: int, files: list[pathlib.Path]) -> list[tuple[str, str, str]]:
    """(fixture, mutation kind, mutated text) per case; the same seed gives the same cases."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        path = rng.choice(files)
        text = path.read_text()
        for _attempt in range(20):
            mutated, kind = fuzz_mutators.mutate_text(text, random.Random(rng.random()))
            if kind in KINDS and mutated != text and "// -----" not in mutated:
                out.append((str(path.relative_to(ROOT)), kind, mutated))
                break
    return out


def iree_opt() -> str:
    """iree-opt as the IREE wheel ships it (simulator.profile.iree_tools.find_tool), not its console script."""
    return optional_tool("iree-opt") or "iree-opt"


def iree_verdicts(texts: list[str], batch: int = 100) -> tuple[dict[int, str], list[int]]:
    """iree-opt's first error per rejected case (``line:col: message`` in the case's own text), and the
    cases iree-opt crashed on."""
    errors: dict[int, str] = {}
    crashed: list[int] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "cases.mlir"

        def run(idx: list[int]) -> tuple[dict[int, str], bool]:
            chunks, starts, line = [], [], 1
            for i in idx:
                t = texts[i] if texts[i].endswith("\n") else texts[i] + "\n"
                starts.append(line)
                chunks.append(t)
                line += t.count("\n") + 1
            path.write_text("// -----\n".join(chunks))
            proc = subprocess.run(
                [iree_opt(), "--split-input-file", str(path), "-o", os.devnull],
                capture_output=True,
                text=True,
                errors="replace",
                timeout=600,
            )
            found: dict[int, str] = {}
            for row in proc.stderr.splitlines():
                m = re.match(r".*cases\.mlir:(\d+):(\d+): error: (.*)", row)
                if m:
                    k = bisect.bisect_right(starts, int(m.group(1))) - 1
                    where = f"{int(m.group(1)) - starts[k] + 1}:{m.group(2)}"
                    found.setdefault(idx[k], f"{where}: {m.group(3)}")
            return found, "Stack dump" in proc.stderr or proc.returncode < 0 or proc.returncode > 128

        for b in range(0, len(texts), batch):
            idx = list(range(b, min(b + batch, len(texts))))
            found, crash = run(idx)
            if not crash:
                errors.update(found)
                continue
            for i in idx:
                one, one_crash = run([i])
                if one_crash:
                    crashed.append(i)
                    one = {i: "iree-opt crashed"}
                errors.update(one)
    return errors, crashed


def our_verdict(text: str) -> tuple[str, str | None]:
    """("ok" | "rejected" | "crash", the message)."""
    try:
        verify(parse_module(text, "case.mlir"))
    except IRError as exc:
        return "rejected", str(exc)
    except RecursionError:
        return "rejected", "nesting too deep"
    except Exception as exc:  # noqa: BLE001 - what the fuzz is for
        return "crash", f"{type(exc).__name__}: {exc}"
    return "ok", None


def campaign(seed: int, count: int, pattern: str) -> tuple[collections.Counter[str], list[dict[str, object]]]:
    files = sorted(p for p in ROOT.glob(pattern) if p.stat().st_size < MAX_BYTES)
    cases = mutants(seed, count, files)
    theirs, crashed = iree_verdicts([t for _, _, t in cases])
    tally: collections.Counter[str] = collections.Counter()
    differences = []
    for i, (fixture, kind, text) in enumerate(cases):
        if i in crashed:
            tally["iree-opt crashed"] += 1
            continue
        ours, message = our_verdict(text)
        iree_rejects = i in theirs
        if ours == "crash":
            key = "crash"
        elif iree_rejects:
            key = "both reject" if ours == "rejected" else "iree rejects, we accept"
            if key == "both reject" and not _same_place(theirs[i], message):
                key = "both reject, elsewhere"
        elif ours == "ok":
            key = "both accept"
        else:
            key = "iree accepts, we reject"
        tally[key] += 1
        if key not in ("both reject", "both accept"):
            differences.append(
                {"case": i, "class": key, "fixture": fixture, "mutation": kind, "iree": theirs.get(i), "ours": message}
            )
    return tally, differences


def _same_place(iree_error: str, ours: str | None) -> bool:
    """Whether our error names iree-opt's line and column (``L:C: ...`` vs ``case.mlir:L:C: ...``)."""
    theirs = re.match(r"(\d+):(\d+): ", iree_error)
    mine = re.match(r"case\.mlir:(\d+):(\d+): ", ours or "")
    return theirs is not None and mine is not None and theirs.groups() == mine.groups()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cases", type=int, default=200)
    ap.add_argument("--glob", default="tests/fixtures/**/*.generic.mlir", help="fixtures to mutate (under the repo)")
    args = ap.parse_args(argv)
    tally, differences = campaign(args.seed, args.cases, args.glob)
    for d in differences:
        print(json.dumps(d))
    print(json.dumps({"seed": args.seed, "cases": sum(tally.values()), **dict(sorted(tally.items()))}), file=sys.stderr)
    bad = tally["iree accepts, we reject"] + tally["crash"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
