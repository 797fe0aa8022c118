"""Print the verifier conformance table: every case under tests/fixtures/verifier/ through streamsim's
verifier and through IREE's iree-opt (the oracle), side by side.

A case's file name says what it is: ``valid_*.mlir`` must be accepted, ``invalid_*.mlir`` rejected (by
streamsim with exit 2 and the file:line:col of the bad op). Exit status 0 when every case is as its name
says on both sides, 1 otherwise. Usage::

    python tools/verifier_conformance.py [--no-iree]
"""

from __future__ import annotations

import argparse
import pathlib
import subprocess
import sys

from simulator.profile.iree_tools import optional_tool

CASES = pathlib.Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "verifier"


def case_files() -> list[pathlib.Path]:
    return sorted(CASES.glob("*valid_*.mlir"))


def expected_valid(path: pathlib.Path) -> bool:
    return path.name.startswith("valid_")


def iree_opt() -> str | None:
    """iree-opt as the IREE wheel ships it (simulator.profile.iree_tools.find_tool), not its console script."""
    return optional_tool("iree-opt")


def streamsim_verdict(path: pathlib.Path) -> tuple[bool, str]:
    """(accepted, first line of the error) from ``streamsim opt``, which exits 2 on bad input."""
    done = subprocess.run(
        [sys.executable, "-m", "simulator", "opt", str(path)], capture_output=True, text=True, check=False
    )
    if done.returncode not in (0, 2):
        return False, f"exit {done.returncode}: {done.stderr.strip()[-300:]}"
    return done.returncode == 0, done.stderr.strip().splitlines()[0] if done.stderr.strip() else ""


def iree_verdict(path: pathlib.Path, tool: str) -> tuple[bool, str]:
    done = subprocess.run([tool, str(path)], capture_output=True, text=True, check=False)
    errors = [line for line in done.stderr.splitlines() if "error:" in line]
    return done.returncode == 0, errors[0] if errors else ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-iree", action="store_true", help="only run streamsim's verifier")
    args = ap.parse_args(argv)
    tool = None if args.no_iree else iree_opt()
    rows, bad = [], 0
    for path in case_files():
        want = expected_valid(path)
        ours, why = streamsim_verdict(path)
        ok = ours == want and (want or f"{path.name}:" in why)
        theirs = "-"
        if tool is not None:
            accepted, _ = iree_verdict(path, tool)
            theirs = "accept" if accepted else "reject"
            ok = ok and accepted == want
        bad += not ok
        rows.append(
            (path.stem, "valid" if want else "invalid", "accept" if ours else "reject", theirs, ok, why)
        )
    width = max(len(r[0]) for r in rows)
    print(f"{'case':<{width}}  expected  streamsim  iree-opt  agree")
    for name, exp, ours_s, theirs, ok, _why in rows:
        print(f"{name:<{width}}  {exp:<8}  {ours_s:<9}  {theirs:<8}  {'yes' if ok else 'NO'}")
    valid = sum(1 for r in rows if r[1] == "valid")
    print(f"\n{len(rows)} cases ({valid} valid, {len(rows) - valid} invalid); {len(rows) - bad} as expected")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
