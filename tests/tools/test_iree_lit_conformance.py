"""benchmarks/iree_lit_conformance.py on a lit file of our own (IREE's tests are never copied here): RUN
lines and cases are read as lit does, each case goes through iree-opt and streamsim's pass, and the table
counts them."""

from __future__ import annotations

import importlib.util
import pathlib
import sys

from tests.conftest import require_iree

REPO = pathlib.Path(__file__).resolve().parents[2]


def _load():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "iree_lit_conformance", REPO / "benchmarks" / "iree_lit_conformance.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


lit = _load()

CASES = """// RUN: iree-opt --split-input-file \\
// RUN:   --iree-stream-elide-timepoints %s | FileCheck %s

// CHECK-LABEL: @joinImmediates
util.func public @joinImmediates() -> !stream.timepoint {
  %0 = stream.timepoint.immediate => !stream.timepoint
  %1 = stream.timepoint.immediate => !stream.timepoint
  %2 = stream.timepoint.join max(%0, %1) => !stream.timepoint
  util.return %2 : !stream.timepoint
}

// -----

// CHECK-LABEL: @testOpAwaitsArgument
util.func public @testOpAwaitsArgument(%arg0: !stream.timepoint) -> !stream.timepoint {
  %0 = stream.test.timeline_op await(%arg0) => with() : () -> () => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// expected-error @+1 {{not checked here}}
util.func public @diagnostic() {
  util.return
}
"""


def test_run_lines_are_joined_and_read_as_lit_does() -> None:
    runs = lit.run_lines(CASES)
    assert runs == ["iree-opt --split-input-file    --iree-stream-elide-timepoints %s | FileCheck %s"]
    args = lit.iree_args(runs[0])
    assert args == ["--iree-stream-elide-timepoints"]
    assert lit.pass_of(args) == "iree-stream-elide-timepoints"
    assert lit.iree_args("FileCheck %s") is None


def test_cases_go_through_iree_and_streamsim(tmp_path: pathlib.Path) -> None:
    require_iree()
    test_dir = tmp_path / lit.TEST_DIR
    test_dir.mkdir(parents=True)
    (test_dir / "mine.mlir").write_text(CASES)
    (test_dir / "other.mlir").write_text("// RUN: iree-opt --iree-stream-encode-host-tensors %s\n")
    tool_mod = lit._load_tool()
    cases = lit.collect(lit.Source(tmp_path, None), tool_mod, tool_mod.iree_opt(), diff=False)
    assert [(c.file, c.index, c.verdict) for c in cases] == [
        ("mine.mlir", 0, "same"),
        ("mine.mlir", 1, "same"),
        ("mine.mlir", 2, "skipped"),
    ]
    assert [c.changed for c in cases] == [True, False, False]
    assert all(c.accepted for c in cases[:2])
    text = lit.table(cases)
    lines = text.splitlines()
    assert lines[0].split() == [
        "IREE",
        "pass",
        "cases",
        "run",
        "changed",
        "same",
        "same|chg",
        "accepted",
        "rejected",
    ]
    assert lines[1].split() == ["iree-stream-elide-timepoints", "3", "2", "1", "2", "1", "2", "0"]
    assert lines[-2].split() == ["total", "3", "2", "1", "2", "1", "2", "0"]
    assert lines[-1] == "same structure in 2 of 2 cases run (1 of the 1 that IREE's pass changed)"


SCHEDULE = """// RUN: iree-opt --split-input-file --pass-pipeline="builtin.module(util.func(iree-stream-schedule-execution))" %s

util.func public @one(%arg0: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %0 = stream.async.dispatch @ex::@f[%c1](%arg0[%c0 to %c8 for %c8]) : (!stream.resource<external>{%c8}) -> !stream.resource<external>{%c8}
  util.return %0 : !stream.resource<external>
}
"""


def test_function_level_pass_through_pass_pipeline(tmp_path: pathlib.Path) -> None:
    require_iree()
    test_dir = tmp_path / lit.TEST_DIR
    test_dir.mkdir(parents=True)
    (test_dir / "sched.mlir").write_text(SCHEDULE)
    tool_mod = lit._load_tool()
    cases = lit.collect(lit.Source(tmp_path, None), tool_mod, tool_mod.iree_opt(), diff=False)
    assert [(c.pass_name, c.verdict, c.changed, c.accepted) for c in cases] == [
        ("iree-stream-schedule-execution", "same", True, True)
    ]


def test_passes_around_the_pass_under_test_are_split_off() -> None:
    pipeline = "--pass-pipeline=builtin.module(util.func(iree-stream-materialize-copy-on-write),iree-stream-elide-async-copies,cse,canonicalize)"
    assert lit.around([pipeline], "iree-stream-elide-async-copies") == (
        ["--pass-pipeline=builtin.module(util.func(iree-stream-materialize-copy-on-write))"],
        ["--pass-pipeline=builtin.module(cse,canonicalize)"],
    )
    nested = "--pass-pipeline=builtin.module(util.func(iree-stream-emplace-allocations,cse))"
    assert lit.around([nested], "iree-stream-emplace-allocations") == (
        [],
        ["--pass-pipeline=builtin.module(util.func(cse))"],
    )
    assert lit.around(["--iree-stream-elide-async-copies", "--cse"], "iree-stream-elide-async-copies") == (
        [],
        ["--cse"],
    )
    alone = "--pass-pipeline=builtin.module(util.func(iree-stream-schedule-execution))"
    assert lit.around([alone], "iree-stream-schedule-execution") == ([], [])


def test_cleanups_after_the_pass_run_on_streamsims_output_too(tmp_path: pathlib.Path) -> None:
    # IREE's cse drops the dispatch left dead once the clone is gone; streamsim's output gets the same cse.
    require_iree()
    test_dir = tmp_path / lit.TEST_DIR
    test_dir.mkdir(parents=True)
    (test_dir / "copies.mlir").write_text(
        """// RUN: iree-opt --split-input-file --iree-stream-elide-async-copies --cse %s
stream.executable private @ex {
  stream.executable.export public @d workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}
util.func public @f(%n: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1_i32 = arith.constant 1 : i32
  %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<*>{%n}
  %k = stream.async.clone %s : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
  %a = stream.async.dispatch @ex::@d(%s[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  %b = stream.async.dispatch @ex::@d(%k[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  util.return %a, %b : !stream.resource<*>, !stream.resource<*>
}
"""
    )
    tool_mod = lit._load_tool()
    src = lit.Source(tmp_path, None)
    cases = lit.collect(
        src, tool_mod, tool_mod.iree_opt(), diff=False, only=frozenset({"elide-async-copies"})
    )
    assert [(c.verdict, c.changed, c.accepted) for c in cases] == [("same", True, True)]
    assert lit.collect(src, tool_mod, tool_mod.iree_opt(), diff=False, only=frozenset({"refine-usage"})) == []
