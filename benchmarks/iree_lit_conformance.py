"""IREE's own lit tests for the stream passes, through iree-opt and through streamsim: how often the same.

Reads the tests from an IREE source tree at run time (never copied into this repository): either a work
tree (``--iree-src DIR``) or a bare clone (``--git-dir DIR``, read with ``git show HEAD:path``). For every
test file of ``compiler/src/iree/compiler/Dialect/Stream/Transforms/test/`` whose RUN line runs one of the
stream scheduling passes, each ``// -----`` case goes through:

1. IREE: iree-opt with the RUN line's own pass arguments (cases that expect diagnostics are skipped);
2. streamsim: its pass of the same name alone (:data:`scheduler.passes.PASSES`) on the same text, a
   rejection counted with its message; passes streamsim runs only inside its pipeline are "not alone";
3. iree-opt reading streamsim's output back (does IREE accept it?); the passes the RUN line runs
   around the pass (IREE's own earlier passes, cleanups such as ``--cse`` after it) run, by iree-opt,
   before streamsim's pass and after it, so that both sides get the same input and the same cleanups;
4. :func:`scheduler.passes.structure.structure` of both (blind to SSA names, constant placement and dead
   pure ops), compared; and IREE's output against its input, to count the cases IREE's pass changed.

Usage::

    python benchmarks/iree_lit_conformance.py --git-dir /work/.mirror/iree-org+iree/repo [--json] [--diff]
        [--pass elide-async-copies ...]
"""

from __future__ import annotations

import argparse
import collections
import difflib
import importlib.util
import json
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass, replace
from typing import Any

REPO = pathlib.Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

import ir  # noqa: E402
from ir.errors import IRError  # noqa: E402
from scheduler.errors import ScheduleError  # noqa: E402
from scheduler.passes import PASSES  # noqa: E402
from scheduler.passes.structure import structure  # noqa: E402

TEST_DIR = "compiler/src/iree/compiler/Dialect/Stream/Transforms/test"
# The stream passes that schedule (the scope), in pipeline order.
SCHEDULING = (
    "iree-stream-refine-usage",
    "iree-stream-schedule-execution",
    "iree-stream-schedule-concurrency",
    "iree-stream-propagate-timepoints",
    "iree-stream-elide-timepoints",
    "iree-stream-schedule-allocation",
    "iree-stream-clone-to-consumers",
    "iree-stream-elide-async-copies",
    "iree-stream-emplace-allocations",
    "iree-stream-automatic-reference-counting",
)


def _load_tool() -> Any:
    spec = importlib.util.spec_from_file_location(
        "sched_conformance", REPO / "tools" / "sched_conformance.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@dataclass(frozen=True)
class Case:
    file: str
    index: int
    pass_name: str  # IREE's pass name (iree-stream-...)
    verdict: str  # same | different | rejected | iree-error | unreadable | skipped | not-alone
    changed: bool  # IREE's pass changed the structure
    accepted: bool  # iree-opt reads streamsim's output
    detail: str = ""


class Source:
    """IREE's test files from a work tree or a bare clone."""

    def __init__(self, src: pathlib.Path | None, git_dir: pathlib.Path | None) -> None:
        self.src, self.git_dir = src, git_dir

    def _git(self, *args: str) -> str:
        done = subprocess.run(
            ["git", "-C", str(self.git_dir), *args], capture_output=True, text=True, check=True
        )
        return done.stdout

    def files(self) -> list[str]:
        if self.src is not None:
            return sorted(p.name for p in (self.src / TEST_DIR).glob("*.mlir"))
        return sorted(
            n for n in self._git("ls-tree", "--name-only", f"HEAD:{TEST_DIR}").split() if n.endswith(".mlir")
        )

    def read(self, name: str) -> str:
        if self.src is not None:
            return (self.src / TEST_DIR / name).read_text()
        return self._git("show", f"HEAD:{TEST_DIR}/{name}")


def run_lines(text: str) -> list[str]:
    """The RUN commands of a lit test (continuation lines joined)."""
    lines, cur = [], ""
    for raw in text.splitlines():
        m = re.match(r"\s*//\s*RUN:\s?(.*)$", raw)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            cur += part[:-1] + " "
            continue
        lines.append(cur + part)
        cur = ""
    return lines


def iree_args(run: str) -> list[str] | None:
    """iree-opt's pass arguments of a RUN line, or None when it is not an iree-opt run."""
    try:
        words = shlex.split(run.split("|")[0])
    except ValueError:
        return None
    if not words or words[0] != "iree-opt":
        return None
    drop = {"%s", "--split-input-file", "-split-input-file"}
    return [w for w in words[1:] if w not in drop and not w.startswith("--verify-diagnostics")]


# Generic MLIR cleanups a RUN line may run around the pass under test, as flags.
_CLEANUP_FLAGS = frozenset({"--cse", "-cse", "--canonicalize", "-canonicalize", "--symbol-dce", "-symbol-dce"})


@dataclass
class _Node:
    """One element of a ``--pass-pipeline`` (a pass, or an op anchor with its nested passes)."""

    name: str
    children: list[_Node] | None = None

    def render(self) -> str:
        if self.children is None:
            return self.name
        return f"{self.name}({','.join(c.render() for c in self.children)})"

    def holds(self, target: str) -> bool:
        return self.name == target or any(c.holds(target) for c in self.children or [])


def _parse_pipeline(text: str) -> list[_Node]:
    out: list[_Node] = []
    i = 0
    while i < len(text):
        j = i
        while j < len(text) and text[j] not in "(),":
            j += 1
        node = _Node(text[i:j].strip())
        if j < len(text) and text[j] == "(":
            depth, k = 1, j + 1
            while depth:
                depth += {"(": 1, ")": -1}.get(text[k], 0)
                k += 1
            node.children = _parse_pipeline(text[j + 1 : k - 1])
            j = k
        if node.name:
            out.append(node)
        i = j + 1
    return out


def _split(nodes: list[_Node], target: str) -> tuple[list[_Node], list[_Node]]:
    """The passes of ``nodes`` before and after ``target``, each nested as it was."""
    for i, node in enumerate(nodes):
        if not node.holds(target):
            continue
        if node.children is None:
            return nodes[:i], nodes[i + 1 :]
        before, after = _split(node.children, target)
        pre = [*nodes[:i], *([_Node(node.name, before)] if before else [])]
        post = [*([_Node(node.name, after)] if after else []), *nodes[i + 1 :]]
        return pre, post
    return nodes, []


def around(args: list[str], iree_name: str) -> tuple[list[str], list[str]]:
    """iree-opt arguments for the passes a RUN line runs before and after ``iree_name`` (another IREE
    pass, or cleanups such as cse and canonicalize), so that streamsim's pass gets the same input and
    its output the same cleanups."""
    pre: list[str] = []
    post: list[str] = []
    for a in args:
        if a.startswith("--pass-pipeline="):
            nodes = _parse_pipeline(a.split("=", 1)[1])
            before, after = _split(nodes, iree_name)
            if before:
                pre.append(f"--pass-pipeline={','.join(n.render() for n in before)}")
            if after:
                post.append(f"--pass-pipeline={','.join(n.render() for n in after)}")
    flags = [a for a in args if not a.startswith("--pass-pipeline=")]
    if any(iree_name in a for a in flags):
        at = next(i for i, a in enumerate(flags) if iree_name in a)
        pre += [a for a in flags[:at] if a in _CLEANUP_FLAGS]
        post += [a for a in flags[at + 1 :] if a in _CLEANUP_FLAGS]
    return pre, post


def pass_of(args: list[str]) -> str | None:
    for name in SCHEDULING:
        if any(name in a for a in args):
            return name
    return None


def run_case(
    tool_mod: Any, tool: str, args: list[str], iree_name: str, text: str
) -> tuple[Case, list[str], list[str]]:
    with tempfile.TemporaryDirectory() as d:
        case, theirs, ours = _run_case(tool_mod, tool, args, iree_name, text, d)
    # Messages name the case's temporary file: its directory is left out so runs print the same.
    return replace(case, detail=case.detail.replace(d + "/", "")), theirs, ours


def _run_case(
    tool_mod: Any, tool: str, args: list[str], iree_name: str, text: str, d: str
) -> tuple[Case, list[str], list[str]]:
    base = Case("", 0, iree_name, "", False, False)
    path = pathlib.Path(d) / "case.mlir"
    path.write_text(text)
    extra = [a for a in args if a == "--allow-unregistered-dialect"]
    ok, theirs_text = tool_mod._iree(tool, [*args, "--mlir-print-op-generic", str(path)])
    if not ok:
        return replace(base, verdict="iree-error", detail=theirs_text), [], []
    try:
        theirs = structure(ir.parse_module(theirs_text))
    except IRError as e:  # counted, never a traceback: IREE's output that streamsim cannot read
        return replace(base, verdict="unreadable", detail=f"streamsim cannot read IREE's output: {e}"), [], []
    ok_in, input_text = tool_mod._iree(tool, [*extra, "--mlir-print-op-generic", str(path)])
    try:
        changed = not ok_in or structure(ir.parse_module(input_text)) != theirs
    except IRError:
        changed = True
    base = replace(base, changed=changed)
    short = iree_name.removeprefix("iree-stream-")
    if short not in PASSES:
        return replace(base, verdict="not-alone"), theirs, []
    pre, post = around(args, iree_name)
    if pre:  # the passes the RUN line runs first, by IREE, give streamsim's pass its input
        ok_pre, pre_text = tool_mod._iree(tool, [*extra, *pre, str(path)])
        if not ok_pre:
            return replace(base, verdict="iree-error", detail=pre_text), theirs, []
        path = pathlib.Path(d) / "pre.mlir"
        path.write_text(pre_text)
    try:
        module = ir.load_file(str(path), allow_unregistered=bool(extra))
        PASSES[short].run(module)
        ours_text = ir.print_generic(module)
    except (IRError, ScheduleError) as e:
        return replace(base, verdict="rejected", detail=str(e).splitlines()[0]), theirs, []
    except Exception as e:  # a bug of the pass
        return replace(base, verdict="rejected", detail=f"crash: {type(e).__name__}: {e}"), theirs, []
    out = pathlib.Path(d) / "ours.mlir"
    out.write_text(ours_text)
    # The cleanups the RUN line runs after the pass (cse, canonicalize) run on streamsim's output too.
    accepted, reprinted = tool_mod._iree(tool, [*extra, *post, "--mlir-print-op-generic", str(out)])
    detail = "" if accepted else f"iree-opt rejects streamsim's output: {reprinted}"
    try:
        ours = structure(ir.parse_module(reprinted if accepted else ours_text))
    except IRError as e:  # output neither IREE nor streamsim reads back: counted, never a traceback
        return replace(base, verdict="different", detail=f"{detail} ({e})"), theirs, []
    verdict = "same" if ours == theirs else "different"
    return replace(base, verdict=verdict, accepted=accepted, detail=detail), theirs, ours


def collect(
    source: Source, tool_mod: Any, tool: str, diff: bool, only: frozenset[str] = frozenset()
) -> list[Case]:
    cases: list[Case] = []
    for name in source.files():
        text = source.read(name)
        runs = [a for a in (iree_args(r) for r in run_lines(text)) if a is not None]
        picked = [(a, p) for a in runs if (p := pass_of(a)) is not None]
        if not picked:
            continue
        args, iree_name = picked[0]
        if only and iree_name.removeprefix("iree-stream-") not in only:
            continue
        for i, chunk in enumerate(re.split(r"^// -----\s*$", text, flags=re.M)):
            if not re.search(
                r"^\s*(util\.func|func\.func|util\.initializer|util\.global|stream\.)", chunk, re.M
            ):
                continue
            if "expected-error" in chunk or "expected-warning" in chunk or "expected-remark" in chunk:
                cases.append(Case(name, i, iree_name, "skipped", False, False, "expects diagnostics"))
                continue
            case, theirs, ours = run_case(tool_mod, tool, args, iree_name, chunk)
            case = replace(case, file=name, index=i)
            cases.append(case)
            if diff and case.verdict == "different":
                print(f"--- {name} case {i}")
                for line in difflib.unified_diff(theirs, ours, "iree", "streamsim", lineterm="", n=1):
                    print("    " + line)
    return cases


def table(cases: list[Case]) -> str:
    """Per IREE pass: cases, run (IREE ran them), changed (IREE changed the IR), same structure, same among
    changed, accepted (iree-opt reads ours back), rejected (by streamsim)."""
    head = ("cases", "run", "changed", "same", "same|chg", "accepted", "rejected")
    out = [f"{'IREE pass':<40}" + "".join(f" {h:>8}" for h in head)]
    by_pass: dict[str, list[Case]] = collections.defaultdict(list)
    for c in cases:
        by_pass[c.pass_name].append(c)
    totals: collections.Counter[str] = collections.Counter()
    for name in SCHEDULING:
        mine = by_pass.get(name)
        if not mine:
            continue
        ran = [c for c in mine if c.verdict in ("same", "different", "rejected", "not-alone")]
        row = {
            "cases": len(mine),
            "run": len(ran),
            "changed": sum(c.changed for c in ran),
            "same": sum(c.verdict == "same" for c in ran),
            "same|chg": sum(c.verdict == "same" and c.changed for c in ran),
            "accepted": sum(c.accepted for c in ran),
            "rejected": sum(c.verdict == "rejected" for c in ran),
        }
        totals.update(row)
        note = (
            "  (no standalone streamsim pass)"
            if all(c.verdict in ("not-alone", "skipped", "iree-error") for c in mine)
            else ""
        )
        out.append(f"{name:<40}" + "".join(f" {row[h]:>8}" for h in head) + note)
    out.append(f"{'total':<40}" + "".join(f" {totals[h]:>8}" for h in head))
    out.append(
        f"same structure in {totals['same']} of {totals['run']} cases run"
        f" ({totals['same|chg']} of the {totals['changed']} that IREE's pass changed)"
    )
    reasons = collections.Counter(
        re.sub(r"\d+", "N", c.detail)[:110] for c in cases if c.verdict == "unreadable"
    ) + collections.Counter(
        re.sub(r"\d+", "N", c.detail)[:110]
        for c in cases
        if c.verdict in ("rejected",) or (c.verdict in ("same", "different") and not c.accepted)
    )
    if reasons:
        out.append("")
        out.append("streamsim rejections and outputs iree-opt rejects, by message:")
        out.extend(f"  {n:>3}  {msg}" for msg, n in reasons.most_common())
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--iree-src", type=pathlib.Path, help="an IREE source work tree")
    where.add_argument("--git-dir", type=pathlib.Path, help="a bare clone of IREE (read with git show)")
    ap.add_argument("--json", action="store_true", help="one JSON object per case instead of the table")
    ap.add_argument("--diff", action="store_true", help="print the structure diff of each different case")
    ap.add_argument(
        "--pass",
        dest="passes",
        action="append",
        default=[],
        metavar="NAME",
        help="only the tests of this pass (e.g. elide-async-copies; repeatable)",
    )
    args = ap.parse_args(argv)
    tool_mod = _load_tool()
    tool = tool_mod.iree_opt()
    if tool is None:
        print("iree-opt not found beside the Python interpreter or on PATH", file=sys.stderr)
        return 2
    only = frozenset(n.removeprefix("iree-stream-") for n in args.passes)
    cases = collect(Source(args.iree_src, args.git_dir), tool_mod, tool, args.diff, only)
    if args.json:
        for c in cases:
            print(json.dumps(asdict(c), sort_keys=True))
    else:
        print(table(cases))
    return 0


if __name__ == "__main__":
    sys.exit(main())
