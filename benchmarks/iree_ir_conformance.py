"""IREE's own op tests for the stream, hal and io_parameters dialects, through iree-opt and through streamsim.

The scheduler's harness (``iree_lit_conformance.py``) measures the passes; this one measures the IR layer
the same way, on the test files of the dialects themselves (``Dialect/Stream/IR/test``,
``Dialect/HAL/IR/test``, ``Modules/IO/Parameters/IR/test``, and ``Dialect/Util/IR/test``, whose ops hold
every stream program), read from an IREE source tree at run time
(never copied into this repository). Every ``// -----`` case goes through:

* a valid case (no ``expected-error``):
  1. IREE prints it in generic form (``iree-opt --mlir-print-op-generic``), the form streamsim's own
     parser reads; a case IREE itself cannot read is "iree-error";
  2. streamsim parses that text and its verifier must accept it ("rejected" otherwise, with the message);
  3. streamsim prints it back in generic form and in pretty form; iree-opt reads each and prints it in
     generic form, which must be IREE's text of step 1 character for character ("generic differs" /
     "pretty differs", or "generic unreadable" / "pretty unreadable" when iree-opt rejects ours);
* an invalid case (``expected-error``): IREE's verdict is checked with ``--verify-diagnostics``; the case
  is printed in generic form without IREE's verifier (``--mlir-very-unsafe-disable-verifier-on-parsing``),
  and streamsim's parser and verifier must reject it with the file:line:col of an op ("missed" when
  streamsim accepts it). A case IREE rejects while parsing (before any verifier) never reaches streamsim's
  generic parser: pretty text goes through IREE's parser in the loader, so it is "parser (IREE)".

Usage::

    python benchmarks/iree_ir_conformance.py --git-dir /work/.mirror/iree-org+iree/repo [--json]
        [--file NAME ...] [--details]

Prints one row per test file and the totals; with ``--details`` every case that is not "same"/"rejected as
expected" with its message. Exit 0 when every case agrees with IREE, 1 otherwise, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import json
import os
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass

REPO = pathlib.Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from ir.errors import IRError  # noqa: E402
from ir.parser import parse_module  # noqa: E402
from ir.pretty import print_pretty  # noqa: E402
from ir.printer import print_generic  # noqa: E402
from ir.verifier import verify  # noqa: E402

TEST_DIRS = (
    "compiler/src/iree/compiler/Dialect/Stream/IR/test",
    "compiler/src/iree/compiler/Dialect/HAL/IR/test",
    "compiler/src/iree/compiler/Modules/IO/Parameters/IR/test",
    "compiler/src/iree/compiler/Dialect/Util/IR/test",  # util.func/global/call hold every stream program
)
LOCATION = re.compile(r"^[^:\s]+:\d+:\d+")


@dataclass(frozen=True)
class Case:
    file: str
    index: int
    line: int  # the case's first line in its file
    kind: str  # valid | invalid
    verdict: str
    detail: str = ""


class Source:
    """IREE's test files from a work tree (``--iree-src``) or a bare clone (``--git-dir``)."""

    def __init__(self, src: pathlib.Path | None, git_dir: pathlib.Path | None) -> None:
        self.src, self.git_dir = src, git_dir

    def _git(self, *args: str) -> str:
        cmd = ["git", "-C", str(self.git_dir), *args]
        return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout

    def files(self) -> list[str]:
        names: list[str] = []
        for d in TEST_DIRS:
            if self.src is not None:
                names += [f"{d}/{p.name}" for p in sorted((self.src / d).glob("*.mlir"))]
            else:
                names += [f"{d}/{n}" for n in self._git("ls-tree", "--name-only", f"HEAD:{d}").split()]
        return [n for n in names if n.endswith(".mlir")]

    def read(self, name: str) -> str:
        if self.src is not None:
            return (self.src / name).read_text()
        return self._git("show", f"HEAD:{name}")


def iree_opt() -> str:
    from ir.iree_bridge import _iree_opt_binary

    found = _iree_opt_binary()
    if found is None:
        sys.exit("iree_ir_conformance: iree-opt not found (pip install -e '.[iree]')")
    return found


def _opt(text: str, *flags: str) -> tuple[bool, str]:
    """iree-opt on ``text``: (succeeded, stdout or the first error line)."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        done = subprocess.run([iree_opt(), path, *flags], capture_output=True, text=True, timeout=120)
    finally:
        os.unlink(path)
    if done.returncode != 0:
        errors = [ln for ln in done.stderr.splitlines() if "error:" in ln] or done.stderr.splitlines() or ["?"]
        return False, errors[0].replace(path, "case.mlir")
    return True, done.stdout


def _run_flags(text: str) -> list[str]:
    """iree-opt flags of the file's first RUN line that change what is parsed."""
    m = re.search(r"//\s*RUN:\s*(.*)", text)
    words = shlex.split(m.group(1).split("|")[0]) if m else []
    return [w for w in words if w in ("--allow-unregistered-dialect", "-allow-unregistered-dialect")]


def _streamsim_rejects(generic: str) -> str | None:
    """The error streamsim's parser and verifier give ``generic`` (None when they accept it)."""
    try:
        verify(parse_module(generic, "case.mlir"))
    except IRError as e:
        return str(e)
    return None


def check_valid(name: str, index: int, line: int, text: str, flags: list[str]) -> Case:
    ok, generic = _opt(text, "--mlir-print-op-generic", *flags)
    if not ok:
        return Case(name, index, line, "valid", "iree-error", generic)
    try:
        module = parse_module(generic, "case.mlir")
        verify(module)
    except IRError as e:
        return Case(name, index, line, "valid", "rejected", str(e).splitlines()[0])
    for form, printed in (("generic", print_generic(module)), ("pretty", print_pretty(module))):
        ok, back = _opt(printed, "--mlir-print-op-generic", *flags)
        if not ok:
            return Case(name, index, line, "valid", f"{form} unreadable", back)
        if back != generic:
            diff = next((f"IREE: {a.strip()} | ours: {b.strip()}" for a, b in
                         zip(generic.splitlines(), back.splitlines()) if a != b), "length differs")
            return Case(name, index, line, "valid", f"{form} differs", diff)
    return Case(name, index, line, "valid", "same")


def check_invalid(name: str, index: int, line: int, text: str, flags: list[str]) -> Case:
    ok, why = _opt(text, "--verify-diagnostics", *flags)
    if not ok:
        return Case(name, index, line, "invalid", "iree-error", f"IREE's diagnostics differ: {why}")
    ok, generic = _opt(
        text, "--mlir-print-op-generic", "--mlir-very-unsafe-disable-verifier-on-parsing", *flags
    )
    if not ok:
        return Case(name, index, line, "invalid", "parser (IREE)", generic)
    error = _streamsim_rejects(generic)
    if error is None:
        expected = re.findall(r"expected-error[^{]*\{\{(.*?)\}\}", text)
        return Case(name, index, line, "invalid", "missed", expected[0] if expected else "")
    first = error.splitlines()[0]
    verdict = "rejected" if LOCATION.match(first) else "rejected (no location)"
    return Case(name, index, line, "invalid", verdict, first)


def cases_of(name: str, text: str) -> list[tuple[str, int, int, str, list[str]]]:
    flags = _run_flags(text)
    out, start = [], 0
    bounds = [m.start() for m in re.finditer(r"^// -----", text, flags=re.M)] + [len(text)]
    for i, end in enumerate(bounds):
        chunk = text[start:end]
        if re.search(r"^\s*(?!//)\S", chunk, flags=re.M):
            kind = "invalid" if "expected-error" in chunk else "valid"
            out.append((kind, i, text.count("\n", 0, start) + 1, chunk, flags))
        start = text.find("\n", end) + 1 if end < len(text) else end
    return [(name, *c) for c in out]  # type: ignore[misc]


def run(source: Source, only: list[str], jobs: int) -> list[Case]:
    work = []
    for name in source.files():
        if only and not any(o in name for o in only):
            continue
        for file, kind, index, line, chunk, flags in cases_of(name, source.read(name)):
            fn = check_invalid if kind == "invalid" else check_valid
            work.append((fn, file.rsplit("/", 1)[1], index, line, chunk, flags))
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        futures = [pool.submit(fn, *args) for fn, *args in work]
        return [f.result() for f in futures]


def agrees(case: Case) -> bool:
    """The case went as with IREE (a case IREE itself cannot run counts neither way)."""
    return case.verdict in ("same", "iree-error") if case.kind == "valid" else case.verdict == "rejected"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--iree-src", type=pathlib.Path, help="an IREE source work tree")
    where.add_argument("--git-dir", type=pathlib.Path, help="a bare clone of IREE (read with git show)")
    ap.add_argument("--file", action="append", default=[], help="only test files whose path contains this")
    ap.add_argument("--json", action="store_true", help="one JSON object per case")
    ap.add_argument("--details", action="store_true", help="list every case that does not agree")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    cases = run(Source(args.iree_src, args.git_dir), args.file, args.jobs)
    if args.json:
        for c in cases:
            print(json.dumps(asdict(c)))
        return 0 if all(map(agrees, cases)) else 1
    by_file: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for c in cases:
        by_file[c.file][f"{c.kind}:{c.verdict}"] += 1
    total: collections.Counter[str] = collections.Counter()
    print(f"{'file':32} cases  outcome")
    for file, counts in by_file.items():
        total.update(counts)
        print(f"{file:32} {sum(counts.values()):5}  " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"{'total':32} {sum(total.values()):5}  " + ", ".join(f"{k} {v}" for k, v in sorted(total.items())))
    bad = [c for c in cases if not agrees(c)]
    if args.details:
        for c in bad + [c for c in cases if c.verdict == "iree-error"]:
            print(f"{c.file}:{c.line} (case {c.index}) {c.kind} {c.verdict}: {c.detail}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
