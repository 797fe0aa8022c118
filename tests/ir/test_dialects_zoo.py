"""Ops the fixtures do not contain, in the generic form IREE 3.13 accepts: each parses into its class with
its declared groups, verifies, and pretty-prints into text iree-opt reads as the same module."""

from __future__ import annotations

import pathlib
import subprocess

import pytest

from ir.opdef import lookup_op_class
from ir.parser import parse_module
from ir.pretty import print_pretty
from ir.verifier import verify
from tests.conftest import iree_tool

from .test_dialects_fixtures import check_op

# iree-opt sits beside the interpreter when the iree extra is installed (the venv may not be on PATH).
IREE_OPT = iree_tool("iree-opt")

# Resource, timepoint, parameter (cmd and async), command and async ops; iree-opt 3.13 verifies this module.
ZOO = """"builtin.module"() ({
  "util.func"() <{function_type = (!stream.resource<transient>, !stream.resource<staging>, !stream.timepoint, !hal.fence) -> (), sym_name = "zoo", sym_visibility = "public"}> ({
  ^bb0(%r: !stream.resource<transient>, %st: !stream.resource<staging>, %tp: !stream.timepoint, %fence: !hal.fence):
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c16 = "arith.constant"() <{value = 16 : index}> : () -> index
    %c32 = "arith.constant"() <{value = 32 : index}> : () -> index
    %c64 = "arith.constant"() <{value = 64 : index}> : () -> index
    %i0 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %v = "arith.constant"() <{value = 5 : i32}> : () -> i32
    %scope = "util.buffer.constant"() <{value = "scope"}> : () -> !util.buffer
    %key = "util.buffer.constant"() <{value = "key"}> : () -> !util.buffer
    %pack:3 = "stream.resource.pack"(%c16, %c32) <{lifetime_intervals = [0 : index, 4 : index, 2 : index, 6 : index], operandSegmentSizes = array<i32: 0, 2>}> : (index, index) -> (index, index, index)
    %ld = "stream.resource.load"(%st, %c64, %c0) : (!stream.resource<staging>, index, index) -> i32
    "stream.resource.store"(%st, %c64, %c0, %v) : (!stream.resource<staging>, index, index, i32) -> ()
    %sz = "stream.resource.size"(%r) : (!stream.resource<transient>) -> index
    %imm = "stream.timepoint.immediate"() : () -> !stream.timepoint
    %exp = "stream.timepoint.export"(%tp) : (!stream.timepoint) -> !hal.fence
    %bar:2 = "stream.timepoint.barrier"(%r, %c64) : (!stream.resource<transient>, index) -> (!stream.resource<transient>, !stream.timepoint)
    %rd = "stream.cmd.parameter.read"(%scope, %key, %i0, %r, %c64, %c0, %c32, %tp) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1>}> : (!util.buffer, !util.buffer, i64, !stream.resource<transient>, index, index, index, !stream.timepoint) -> !stream.timepoint
    %wr = "stream.cmd.parameter.write"(%r, %c64, %c0, %c32, %scope, %key, %i0, %tp) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1>}> : (!stream.resource<transient>, index, index, index, !util.buffer, !util.buffer, i64, !stream.timepoint) -> !stream.timepoint
    %ga = "stream.cmd.parameter.gather"(%scope, %key, %key, %i0, %i0, %r, %c64, %c0, %c32, %c16, %c16) <{operandSegmentSizes = array<i32: 1, 2, 2, 1, 1, 2, 2, 0>}> : (!util.buffer, !util.buffer, !util.buffer, i64, i64, !stream.resource<transient>, index, index, index, index, index) -> !stream.timepoint
    %sc = "stream.cmd.parameter.scatter"(%r, %c64, %c0, %c32, %c16, %c16, %scope, %key, %key, %i0, %i0) <{operandSegmentSizes = array<i32: 1, 1, 2, 2, 1, 2, 2, 0>}> : (!stream.resource<transient>, index, index, index, index, index, !util.buffer, !util.buffer, !util.buffer, i64, i64) -> !stream.timepoint
    %ex = "stream.cmd.execute"(%r, %c64) <{operandSegmentSizes = array<i32: 1, 1, 0>}> ({
    ^bb0(%a: !stream.resource<transient>):
      "stream.cmd.serial"() ({
        "stream.cmd.discard"(%a, %c64, %c0, %c32) : (!stream.resource<transient>, index, index, index) -> ()
        "stream.cmd.flush"(%a, %c64, %c0, %c32) : (!stream.resource<transient>, index, index, index) -> ()
        "stream.cmd.invalidate"(%a, %c64, %c32, %c32) : (!stream.resource<transient>, index, index, index) -> ()
        "stream.yield"() : () -> ()
      }) : () -> ()
      "stream.yield"() : () -> ()
    }) : (!stream.resource<transient>, index) -> !stream.timepoint
    %sp = "stream.async.splat"(%v, %c64) : (i32, index) -> !stream.resource<transient>
    %cl = "stream.async.clone"(%sp, %c64, %c64) : (!stream.resource<transient>, index, index) -> !stream.resource<transient>
    %sl = "stream.async.slice"(%cl, %c64, %c0, %c32, %c32) : (!stream.resource<transient>, index, index, index, index) -> !stream.resource<transient>
    %fl = "stream.async.fill"(%cl, %c64, %c0, %c32, %c32, %v) : (!stream.resource<transient>, index, index, index, index, i32) -> !stream.resource<transient>
    %up = "stream.async.update"(%fl, %c64, %c32, %c64, %sl, %c32) : (!stream.resource<transient>, index, index, index, !stream.resource<transient>, index) -> !stream.resource<transient>
    %cp = "stream.async.copy"(%up, %c64, %c0, %c32, %sp, %c64, %c32, %c64, %c32) : (!stream.resource<transient>, index, index, index, !stream.resource<transient>, index, index, index, index) -> !stream.resource<transient>
    %tr = "stream.async.transfer"(%cp, %c64, %c64) : (!stream.resource<transient>, index, index) -> !stream.resource<staging>
    %al = "stream.async.load"(%tr, %c64, %c0) : (!stream.resource<staging>, index, index) -> i32
    %as = "stream.async.store"(%tr, %c64, %c0, %v) : (!stream.resource<staging>, index, index, i32) -> !stream.resource<staging>
    %apl:2 = "stream.async.parameter.load"(%scope, %key, %i0, %c64) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1>}> : (!util.buffer, !util.buffer, i64, index) -> (!stream.resource<constant>, !stream.timepoint)
    %apr:2 = "stream.async.parameter.read"(%r, %c64, %c0, %c32, %c32, %scope, %key, %i0) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0>}> : (!stream.resource<transient>, index, index, index, index, !util.buffer, !util.buffer, i64) -> (!stream.resource<transient>, !stream.timepoint)
    %apw:2 = "stream.async.parameter.write"(%r, %c64, %c0, %c32, %c32, %scope, %key, %i0) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0>}> : (!stream.resource<transient>, index, index, index, index, !util.buffer, !util.buffer, i64) -> (!stream.resource<transient>, !stream.timepoint)
    %apg:2 = "stream.async.parameter.gather"(%scope, %key, %i0, %r, %c64, %c0, %c32, %c32) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0>}> : (!util.buffer, !util.buffer, i64, !stream.resource<transient>, index, index, index, index) -> (!stream.resource<transient>, !stream.timepoint)
    %aps:2 = "stream.async.parameter.scatter"(%r, %c64, %c0, %c32, %c32, %scope, %key, %i0) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 0>}> : (!stream.resource<transient>, index, index, index, index, !util.buffer, !util.buffer, i64) -> (!stream.resource<transient>, !stream.timepoint)
    %imp = "stream.timepoint.import"(%fence) : (!hal.fence) -> !stream.timepoint
    "util.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"""

# Transfers between affinities and parameter ops that await (IREE writes no `=>` after an async op's
# await, and a transfer's `from(...)` follows the source type).
AFFINITIES = """"builtin.module"() ({
  "util.func"() <{function_type = (!stream.resource<transient>, !stream.timepoint) -> (), sym_name = "z", sym_visibility = "public"}> ({
  ^bb0(%r: !stream.resource<transient>, %tp: !stream.timepoint):
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c32 = "arith.constant"() <{value = 32 : index}> : () -> index
    %c64 = "arith.constant"() <{value = 64 : index}> : () -> index
    %i0 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %scope = "util.buffer.constant"() <{value = "scope"}> : () -> !util.buffer
    %key = "util.buffer.constant"() <{value = "key"}> : () -> !util.buffer
    %tr = "stream.async.transfer"(%r, %c64, %c64) <{source_affinity = #hal.device.promise<@a>, target_affinity = #hal.device.promise<@b>}> : (!stream.resource<transient>, index, index) -> !stream.resource<staging>
    %tr2 = "stream.async.transfer"(%r, %c64, %c64) <{target_affinity = #hal.device.promise<@b>}> : (!stream.resource<transient>, index, index) -> !stream.resource<staging>
    %tr3 = "stream.async.transfer"(%r, %c64, %c64) <{source_affinity = #hal.device.promise<@b>}> : (!stream.resource<transient>, index, index) -> !stream.resource<staging>
    %apl:2 = "stream.async.parameter.load"(%tp, %scope, %key, %i0, %c64) <{affinity = #hal.device.promise<@a>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}> : (!stream.timepoint, !util.buffer, !util.buffer, i64, index) -> (!stream.resource<constant>, !stream.timepoint)
    %apr:2 = "stream.async.parameter.read"(%r, %c64, %c0, %c32, %c32, %scope, %key, %i0, %tp) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1>}> : (!stream.resource<transient>, index, index, index, index, !util.buffer, !util.buffer, i64, !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint)
    %apg:2 = "stream.async.parameter.gather"(%scope, %key, %key, %i0, %i0, %r, %c64, %c0, %c32, %c32, %c64, %c32, %c32, %tp) <{operandSegmentSizes = array<i32: 1, 2, 2, 1, 1, 2, 2, 2, 1>}> : (!util.buffer, !util.buffer, !util.buffer, i64, i64, !stream.resource<transient>, index, index, index, index, index, index, index, !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint)
    %apw:2 = "stream.async.parameter.write"(%r, %c64, %c0, %c32, %c32, %scope, %key, %i0, %tp) <{affinity = #hal.device.promise<@a>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1>}> : (!stream.resource<transient>, index, index, index, index, !util.buffer, !util.buffer, i64, !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint)
    %aps:2 = "stream.async.parameter.scatter"(%r, %c64, %c0, %c32, %c32, %scope, %key, %i0, %tp) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1>}> : (!stream.resource<transient>, index, index, index, index, !util.buffer, !util.buffer, i64, !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint)
    %cl = "stream.async.clone"(%r, %c64, %c64) <{affinity = #hal.device.promise<@a>}> : (!stream.resource<transient>, index, index) -> !stream.resource<transient>
    %rd = "stream.cmd.parameter.read"(%scope, %key, %i0, %r, %c64, %c0, %c32, %tp) <{affinity = #hal.device.promise<@a>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1>}> : (!util.buffer, !util.buffer, i64, !stream.resource<transient>, index, index, index, !stream.timepoint) -> !stream.timepoint
    "util.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"""

# Tensor-phase ops and the context.
TENSORS = """"builtin.module"() ({
  "util.func"() <{function_type = (index) -> (), sym_name = "t", sym_visibility = "public"}> ({
  ^bb0(%d: index):
    %c64 = "arith.constant"() <{value = 64 : index}> : () -> index
    %f = "arith.constant"() <{value = 1.0 : f32}> : () -> f32
    %s = "stream.tensor.sizeof"(%d) <{encoding = tensor<?x4xf32>}> : (index) -> index
    %e = "stream.tensor.empty"(%d, %s) <{result_encoding = tensor<?x4xf32>}> : (index, index) -> !stream.resource<transient>
    %sp = "stream.tensor.splat"(%f, %d, %s) <{result_encoding = tensor<?x4xf32>}> : (f32, index, index) -> !stream.resource<transient>
    %k = "stream.tensor.constant"() <{result_encoding = tensor<4xf32>, value = dense<2.0> : tensor<4xf32>}> : () -> !stream.resource<constant>
    %dev = "stream.context.resolve"() <{affinity = #hal.device.affinity<@dev>}> : () -> !hal.device
    "util.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"""

# The io_parameters ops as iree-opt 3.13 prints them in generic form.
IO_PARAMETERS = """"builtin.module"() ({
  "util.func"() <{function_type = (!hal.device, !hal.fence, !hal.fence, !hal.buffer) -> (), sym_name = "f", sym_visibility = "public"}> ({
  ^bb0(%arg0: !hal.device, %arg1: !hal.fence, %arg2: !hal.fence, %arg3: !hal.buffer):
    %0 = "arith.constant"() <{value = -1 : i64}> : () -> i64
    %1 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %2 = "arith.constant"() <{value = 48 : i32}> : () -> i32
    %3 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %4 = "arith.constant"() <{value = 0 : index}> : () -> index
    %5 = "arith.constant"() <{value = 64 : index}> : () -> index
    %6 = "util.buffer.constant"() <{value = "m"}> : () -> !util.buffer
    %7 = "util.buffer.constant"() <{value = "a"}> : () -> !util.buffer
    %8 = "io_parameters.load"(%arg0, %0, %arg1, %arg2, %6, %7, %1, %2, %3, %5) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>}> : (!hal.device, i64, !hal.fence, !hal.fence, !util.buffer, !util.buffer, i64, i32, i32, index) -> !hal.buffer
    "io_parameters.gather"(%arg0, %0, %arg1, %arg2, %6, %7, %1, %arg3, %4, %5) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>}> : (!hal.device, i64, !hal.fence, !hal.fence, !util.buffer, !util.buffer, i64, !hal.buffer, index, index) -> ()
    "io_parameters.scatter"(%arg0, %0, %arg1, %arg2, %arg3, %4, %5, %6, %7, %1) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>}> : (!hal.device, i64, !hal.fence, !hal.fence, !hal.buffer, index, index, !util.buffer, !util.buffer, i64) -> ()
    "util.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

"""


@pytest.mark.parametrize(
    "text", [ZOO, AFFINITIES, TENSORS, IO_PARAMETERS], ids=["stream", "affinities", "tensors", "io_parameters"]
)
def test_ops_match_their_classes_and_verify(text: str) -> None:
    module = parse_module(text)
    checked = [op for op in module.walk() if lookup_op_class(op.op_name) is not None]
    assert len(checked) >= 3
    assert [p for op in checked for p in check_op(op)] == []
    verify(module)


def test_io_parameters_load_accessors() -> None:
    op = next(op for op in parse_module(IO_PARAMETERS).walk() if op.op_name == "io_parameters.load")
    assert op.source_scope is op.operands[4]
    assert op.source_keys == [op.operands[5]]
    assert op.memory_types is op.operands[7]
    assert op.lengths == [op.operands[9]]


@pytest.mark.parametrize("text", [ZOO, AFFINITIES, TENSORS], ids=["stream", "affinities", "tensors"])
def test_every_stream_op_has_custom_syntax(text: str) -> None:
    assert '"stream.' not in print_pretty(parse_module(text))


def test_zoo_pretty_form_details() -> None:
    out = print_pretty(parse_module(ZOO))
    assert "stream.cmd.parameter.gather {" in out
    assert "stream.resource.pack slices({" in out


@pytest.mark.usefixtures("iree")
@pytest.mark.parametrize("text", [ZOO, AFFINITIES, TENSORS], ids=["stream", "affinities", "tensors"])
def test_iree_opt_reads_the_pretty_form_as_the_same_module(text: str, tmp_path: pathlib.Path) -> None:
    generic, pretty = tmp_path / "generic.mlir", tmp_path / "pretty.mlir"
    generic.write_text(text)
    pretty.write_text(print_pretty(parse_module(text)))
    outs = []
    for path in (generic, pretty):
        done = subprocess.run(
            [IREE_OPT, "--mlir-print-op-generic", str(path)],
            capture_output=True,
            text=True,
            check=False,  # type: ignore[list-item]
        )
        assert done.returncode == 0, done.stderr[:2000]
        outs.append(done.stdout)
    assert outs[0] == outs[1]
