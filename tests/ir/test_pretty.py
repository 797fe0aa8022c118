"""The pretty printer: golden output on small modules, and IREE's iree-opt reading what it prints."""

from __future__ import annotations

import pathlib
import subprocess

import pytest

import ir.dialects  # noqa: F401  (registers the op classes)
from ir.loader import load_file
from ir.parser import parse_module
from ir.pretty import print_pretty
from ir.printer import print_generic
from tests.conftest import iree_tool

FIXTURES = sorted((pathlib.Path(__file__).parent.parent / "fixtures" / "iree").glob("*/*.generic.mlir"))
# iree-opt sits beside the interpreter when the iree extra is installed (the venv may not be on PATH).
IREE_OPT = iree_tool("iree-opt")

CMD_MODULE = """"builtin.module"() ({
  "util.func"() <{function_type = (index) -> !stream.timepoint, sym_name = "run", sym_visibility = "public"}> ({
  ^bb0(%n: index):
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c64 = "arith.constant"() <{value = 64 : index}> : () -> index
    %c32 = "arith.constant"() <{value = 32 : index}> : () -> index
    %v = "arith.constant"() <{value = 7 : i32}> : () -> i32
    %a:2 = "stream.resource.alloca"(%c64) <{affinity = #hal.device.affinity<@dev>}> : (index) -> (!stream.resource<transient>, !stream.timepoint)
    %b:2 = "stream.resource.alloca"(%c64) : (index) -> (!stream.resource<transient>, !stream.timepoint)
    %j = "stream.timepoint.join"(%a#1, %b#1) : (!stream.timepoint, !stream.timepoint) -> !stream.timepoint
    %t = "stream.cmd.execute"(%a#0, %b#0, %c64, %c64, %j) <{operandSegmentSizes = array<i32: 2, 2, 1>}> ({
    ^bb0(%x: !stream.resource<transient>, %y: !stream.resource<transient>):
      "stream.cmd.fill"(%x, %c64, %c0, %c64, %v) : (!stream.resource<transient>, index, index, index, i32) -> ()
      "stream.cmd.concurrent"() ({
        "stream.cmd.copy"(%x, %c64, %c0, %y, %c64, %c32, %c32) : (!stream.resource<transient>, index, index, !stream.resource<transient>, index, index, index) -> ()
        "stream.cmd.dispatch"(%n, %x, %y, %c64, %c64, %c0, %c0, %c64, %c64) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 1, 0, 2, 2, 2, 2>, resource_accesses = [1 : i32, 3 : i32]}> : (index, !stream.resource<transient>, !stream.resource<transient>, index, index, index, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.yield"() : () -> ()
    }) : (!stream.resource<transient>, !stream.resource<transient>, index, index, !stream.timepoint) -> !stream.timepoint
    %d = "stream.resource.dealloca"(%b#0, %c64, %t) : (!stream.resource<transient>, index, !stream.timepoint) -> !stream.timepoint
    %r = "stream.timepoint.await"(%a#0, %c64, %d) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!stream.resource<transient>, index, !stream.timepoint) -> !stream.resource<transient>
    %m = "arith.muli"(%n, %c64) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    "test.unknown"(%m) {note = "kept generic"} : (index) -> ()
    "util.return"(%d) : (!stream.timepoint) -> ()
  }) : () -> ()
}) : () -> ()
"""

CMD_PRETTY = """builtin.module {
  util.func public @run(%arg0: index) -> !stream.timepoint {
    %0 = arith.constant 0 : index
    %1 = arith.constant 64 : index
    %2 = arith.constant 32 : index
    %3 = arith.constant 7 : i32
    %4:2 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev>) : !stream.resource<transient>{%1} => !stream.timepoint
    %5:2 = stream.resource.alloca uninitialized : !stream.resource<transient>{%1} => !stream.timepoint
    %6 = stream.timepoint.join max(%4#1, %5#1) => !stream.timepoint
    %7 = stream.cmd.execute await(%6) => with(%4#0 as %arg1: !stream.resource<transient>{%1}, %5#0 as %arg2: !stream.resource<transient>{%1}) {
      stream.cmd.fill %3, %arg1[%0 for %1] : i32 -> !stream.resource<transient>{%1}
      stream.cmd.concurrent {
        stream.cmd.copy %arg1[%0], %arg2[%2], %2 : !stream.resource<transient>{%1} -> !stream.resource<transient>{%1}
        stream.cmd.dispatch @ex::@fn[%arg0] {
          ro %arg1[%0 for %1] : !stream.resource<transient>{%1},
          rw %arg2[%0 for %1] : !stream.resource<transient>{%1}
        }
      }
    } => !stream.timepoint
    %8 = stream.resource.dealloca await(%7) => %5#0 : !stream.resource<transient>{%1} => !stream.timepoint
    %9 = stream.timepoint.await %8 => %4#0 : !stream.resource<transient>{%1}
    %10 = arith.muli %arg0, %1 : index
    "test.unknown"(%10) {note = "kept generic"} : (index) -> ()
    util.return %8 : !stream.timepoint
  }
}
"""

ASYNC_MODULE = """"builtin.module"() ({
  "stream.executable"() <{sym_name = "ex", sym_visibility = "private"}> ({
    "stream.executable.export"() <{function_ref = @fn, sym_name = "fn", sym_visibility = "public"}> ({
    ^bb0(%w: index):
      "stream.return"(%w, %w, %w) : (index, index, index) -> ()
    }) : () -> ()
    "builtin.module"() ({
      "func.func"() <{arg_attrs = [{stream.alignment = 64 : index}, {}], function_type = (!stream.binding, index) -> (), sym_name = "fn"}> ({
      ^bb0(%b: !stream.binding, %i: index):
        %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
        %s = "stream.binding.subspan"(%b, %c0) : (!stream.binding, index) -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>>
        "func.return"() : () -> ()
      }) : () -> ()
    }) : () -> ()
    "stream.executable.end"() : () -> ()
  }) : () -> ()
  "util.func"() <{function_type = (!stream.resource<external>) -> !stream.resource<external>, sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%in: !stream.resource<external>):
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c64 = "arith.constant"() <{value = 64 : index}> : () -> index
    %c16 = "arith.constant"() <{value = 16 : index}> : () -> index
    %r:3 = "stream.async.execute"(%in, %c64, %c64, %c64) <{operandSegmentSizes = array<i32: 1, 1, 2, 0>, tied_operands = [0 : index, -1 : index]}> ({
    ^bb0(%x: !stream.resource<external>):
      %k = "stream.async.constant"(%c64) <{value = dense<1.0> : tensor<16xf32>}> : (index) -> !stream.resource<transient>
      %d = "stream.async.dispatch"(%c16, %x, %c16, %c64, %c0, %c64, %c64, %c64) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 1, 2, 1, 1, 1, 1, 1>, tied_operands = [0 : index]}> : (index, !stream.resource<external>, index, index, index, index, index, index) -> !stream.resource<external>
      "stream.yield"(%d, %k, %c64, %c64) : (!stream.resource<external>, !stream.resource<transient>, index, index) -> ()
    }) : (!stream.resource<external>, index, index, index) -> (!stream.resource<external>, !stream.resource<transient>, !stream.timepoint)
    %w = "stream.timepoint.await"(%r#0, %c64, %r#2) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!stream.resource<external>, index, !stream.timepoint) -> !stream.resource<external>
    "util.return"(%w) : (!stream.resource<external>) -> ()
  }) : () -> ()
}) : () -> ()
"""

ASYNC_PRETTY = """builtin.module {
  stream.executable private @ex {
    stream.executable.export public @fn workgroups(%arg0: index) -> (index, index, index) {
      stream.return %arg0, %arg0, %arg0 : index, index, index
    }
    builtin.module {
      func.func @fn(%arg1: !stream.binding {stream.alignment = 64 : index}, %arg2: index) {
        %0 = arith.constant 0 : index
        %1 = stream.binding.subspan %arg1[%0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<16xf32>>
        func.return
      }
    }
  }
  util.func public @main(%arg3: !stream.resource<external>) -> !stream.resource<external> {
    %2 = arith.constant 0 : index
    %3 = arith.constant 64 : index
    %4 = arith.constant 16 : index
    %5:3 = stream.async.execute with(%arg3 as %arg4: !stream.resource<external>{%3}) -> (%arg3 as !stream.resource<external>{%3}, !stream.resource<transient>{%3}) {
      %6 = stream.async.constant : !stream.resource<transient>{%3} = dense<1.0> : tensor<16xf32>
      %7 = stream.async.dispatch @ex::@fn[%4](%arg4[%2 to %3 for %3], %4) : (!stream.resource<external>{%3}, index) -> (%arg4 as !stream.resource<external>{%3})
      stream.yield %7, %6 : !stream.resource<external>{%3}, !stream.resource<transient>{%3}
    } => !stream.timepoint
    %8 = stream.timepoint.await %5#2 => %5#0 : !stream.resource<external>{%3}
    util.return %8 : !stream.resource<external>
  }
}
"""


def test_cmd_module_golden() -> None:
    assert print_pretty(parse_module(CMD_MODULE)) == CMD_PRETTY


def test_async_module_golden() -> None:
    assert print_pretty(parse_module(ASYNC_MODULE)) == ASYNC_PRETTY


def test_iree_names_on_request() -> None:
    text = """"builtin.module"() ({
  %c0 = "arith.constant"() <{value = 0 : i64}> : () -> i64
  %c8 = "arith.constant"() <{value = 8 : index}> : () -> index
  %s = "util.null"() : () -> !util.buffer
  %p:2 = "stream.parameter.load"(%s, %s, %c0, %c8) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (!util.buffer, !util.buffer, i64, index) -> (!stream.resource<constant>, !stream.timepoint)
}) : () -> ()
"""
    module = parse_module(text)
    assert (
        "%3:2 = stream.parameter.load {\n    %2::%2[%0] : !stream.resource<constant>{%1}\n  } => !stream.timepoint"
        in print_pretty(module)
    )
    assert "stream.cmd.parameter.load {" in print_pretty(module, iree_names=True)


def test_an_op_its_syntax_cannot_show_falls_back_to_generic_form() -> None:
    # resource_accesses = 0 has no ro/wo/rw spelling.
    text = CMD_MODULE.replace(
        "resource_accesses = [1 : i32, 3 : i32]", "resource_accesses = [0 : i32, 3 : i32]"
    )
    out = print_pretty(parse_module(text))
    assert '"stream.cmd.dispatch"(%arg0, %arg1, %arg2, %1, %1, %0, %0, %1, %1)' in out
    assert "stream.cmd.copy %arg1[%0], %arg2[%2], %2" in out  # neighbours keep their custom syntax


def test_single_op() -> None:
    module = parse_module(CMD_MODULE)
    join = next(op for op in module.walk() if op.op_name == "stream.timepoint.join")
    assert print_pretty(join) == "%0 = stream.timepoint.join max(%1#1, %2#1) => !stream.timepoint\n"


def test_the_generic_printer_is_unchanged_by_the_pretty_one() -> None:
    module = parse_module(CMD_MODULE)
    before = print_generic(module)
    print_pretty(module)
    assert print_generic(module) == before


# Skip without IREE, fail under STREAMSIM_REQUIRE_IREE=1 (the iree fixture of tests/conftest.py).
needs_iree_opt = pytest.mark.usefixtures("iree")


def _iree_generic(path: pathlib.Path) -> str:
    done = subprocess.run(
        [IREE_OPT, "--allow-unregistered-dialect", "--mlir-print-op-generic", str(path)],  # type: ignore[list-item]
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[:2000]
    return done.stdout


@needs_iree_opt
@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_iree_opt_reads_the_pretty_form_of_each_fixture_as_the_same_module(
    path: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    pretty = tmp_path / "pretty.mlir"
    pretty.write_text(print_pretty(load_file(str(path))))
    assert _iree_generic(pretty) == _iree_generic(path)


@needs_iree_opt
@pytest.mark.parametrize("text", [CMD_MODULE, ASYNC_MODULE], ids=["cmd", "async"])
def test_iree_opt_reads_the_golden_modules(text: str, tmp_path: pathlib.Path) -> None:
    pretty = tmp_path / "pretty.mlir"
    pretty.write_text(print_pretty(parse_module(text)))
    _iree_generic(pretty)


UNTIED_SHORT_LIST = """"builtin.module"() ({
  "util.func"() <{function_type = (i32) -> (i32, i64), sym_name = "two", sym_visibility = "public", tied_operands = [-1 : index]}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.extsi"(%arg0) : (i32) -> i64
    "util.return"(%arg0, %0) : (i32, i64) -> ()
  }) : () -> ()
}) : () -> ()
"""


@needs_iree_opt
def test_a_tied_operands_list_shorter_than_the_results_is_kept_as_written(tmp_path: pathlib.Path) -> None:
    # IREE keeps [-1] for two results as written; its custom syntax would print one entry per result.
    source = tmp_path / "source.mlir"
    source.write_text(UNTIED_SHORT_LIST)
    out = print_pretty(parse_module(UNTIED_SHORT_LIST))
    assert '"util.func"() <{' in out and "tied_operands = [-1 : index]}>" in out
    pretty = tmp_path / "pretty.mlir"
    pretty.write_text(out)
    assert _iree_generic(pretty) == _iree_generic(source)
