"""Differential conformance of streamsim's passes against IREE's: the table per pass.

Each case is ``tests/fixtures/scheduler_cases/<pass>/<case>.mlir`` where ``<pass>`` is a key of
:data:`scheduler.passes.PASSES`. For each case:

1. IREE: ``iree-opt <flag of the pass> --mlir-print-op-generic case.mlir``.
2. streamsim: the pass alone on the same file, printed in generic form; a rejection (exit-2 kind of
   error: an unsupported construct, a schedule or IR error) is counted as "rejected".
3. iree-opt reads streamsim's output back (no pass), which both checks that IREE accepts it and prints
   it with the same printer as IREE's own output.
4. Both are reduced to :func:`scheduler.passes.structure.structure` (blind to SSA names, constant
   placement and dead pure ops) and compared.

Usage::

    python tools/sched_conformance.py [--pass NAME ...] [--diff] [--cases DIR]

Exit 0 when every case has the same structure and iree-opt accepts every output, 1 otherwise, 2 when
iree-opt is missing or a directory names no pass.
"""

from __future__ import annotations

import argparse
import difflib
import os
import pathlib
import subprocess
import sys
import tempfile
from dataclasses import dataclass

REPO = pathlib.Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import ir  # noqa: E402
from ir.errors import IRError  # noqa: E402
from scheduler.errors import ScheduleError  # noqa: E402
from scheduler.passes import PASSES  # noqa: E402
from scheduler.passes.structure import structure  # noqa: E402
from simulator.profile.iree_tools import optional_tool  # noqa: E402

CASES = REPO / "tests" / "fixtures" / "scheduler_cases"


@dataclass(frozen=True)
class Outcome:
    """One case: ``verdict`` is "same", "different", "rejected" (by streamsim) or "iree-error"."""

    pass_name: str
    case: str
    verdict: str
    accepted: bool  # iree-opt reads streamsim's output
    detail: str = ""


def iree_opt() -> str | None:
    """iree-opt as the IREE wheel ships it (simulator.profile.iree_tools.find_tool), not its console script."""
    return optional_tool("iree-opt")


def case_files(root: pathlib.Path = CASES) -> list[tuple[str, pathlib.Path]]:
    """(pass name, case file) for every case, sorted; a directory that names no pass is an error."""
    out: list[tuple[str, pathlib.Path]] = []
    for d in sorted(p for p in root.iterdir() if p.is_dir()):
        if d.name not in PASSES:
            raise SystemExit(f"{d}: directory names no pass of scheduler.passes.PASSES ({', '.join(PASSES)})")
        out.extend((d.name, f) for f in sorted(d.glob("*.mlir")))
    return out


def _iree(tool: str, args: list[str]) -> tuple[bool, str]:
    done = subprocess.run([tool, *args], capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0:
        errors = [line for line in done.stderr.splitlines() if "error:" in line]
        return False, errors[0] if errors else done.stderr.strip()[-300:]
    return True, done.stdout


def run_case(pass_name: str, path: pathlib.Path, tool: str) -> tuple[Outcome, list[str], list[str]]:
    """Run one case both ways: the outcome, and IREE's and streamsim's structure lines."""
    name = path.stem
    ok, theirs_text = _iree(tool, [*PASSES[pass_name].iree_args(), "--mlir-print-op-generic", str(path)])
    if not ok:
        return Outcome(pass_name, name, "iree-error", False, theirs_text), [], []
    theirs = structure(ir.parse_module(theirs_text))
    try:
        module = ir.load_file(str(path))
        PASSES[pass_name].run(module)
        ours_text = ir.print_generic(module)
    except (IRError, ScheduleError) as e:
        return Outcome(pass_name, name, "rejected", False, str(e).splitlines()[0]), theirs, []
    except Exception as e:  # a bug of the pass: reported as a rejection, with its kind
        return Outcome(pass_name, name, "rejected", False, f"crash: {type(e).__name__}: {e}"), theirs, []
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(ours_text)
    try:
        accepted, reprinted = _iree(tool, ["--mlir-print-op-generic", f.name])
    finally:
        os.unlink(f.name)
    ours = structure(ir.parse_module(reprinted if accepted else ours_text))
    verdict = "same" if ours == theirs else "different"
    detail = "" if accepted else f"iree-opt rejects streamsim's output: {reprinted}"
    return Outcome(pass_name, name, verdict, accepted, detail), theirs, ours


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--pass", dest="passes", action="append", default=None, help="only this pass (repeatable)"
    )
    ap.add_argument("--diff", action="store_true", help="print the structure diff of each different case")
    ap.add_argument("--cases", type=pathlib.Path, default=CASES, help="case root (default: %(default)s)")
    args = ap.parse_args(argv)
    tool = iree_opt()
    if tool is None:
        print("iree-opt not found beside the Python interpreter or on PATH", file=sys.stderr)
        return 2
    cases = [(p, f) for p, f in case_files(args.cases) if args.passes is None or p in args.passes]
    outcomes: list[Outcome] = []
    for pass_name, path in cases:
        outcome, theirs, ours = run_case(pass_name, path, tool)
        outcomes.append(outcome)
        mark = "ok" if outcome.verdict == "same" and outcome.accepted else "NO"
        accepted = "accepted" if outcome.accepted else "not accepted"
        print(
            f"{mark:2}  {pass_name}/{outcome.case}: {outcome.verdict}, {accepted}  {outcome.detail}".rstrip()
        )
        if args.diff and outcome.verdict == "different":
            for line in difflib.unified_diff(theirs, ours, "iree", "streamsim", lineterm="", n=2):
                print("      " + line)
    print()
    print(f"{'pass':<24} {'cases':>5} {'same':>5} {'different':>9} {'rejected':>8} {'iree-opt accepts':>16}")
    for pass_name in sorted({o.pass_name for o in outcomes}):
        mine = [o for o in outcomes if o.pass_name == pass_name]
        count = {
            v: sum(o.verdict == v for o in mine) for v in ("same", "different", "rejected", "iree-error")
        }
        accepted = sum(o.accepted for o in mine)
        rejected = count["rejected"] + count["iree-error"]
        print(
            f"{pass_name:<24} {len(mine):>5} {count['same']:>5} {count['different']:>9} {rejected:>8}"
            f" {accepted:>10}/{len(mine)}"
        )
    bad = [o for o in outcomes if o.verdict != "same" or not o.accepted]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
