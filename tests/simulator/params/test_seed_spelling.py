"""The seeds' spelling (``stream.parameter.*`` with scope and keys as attributes) runs like IREE 3.x's."""

from __future__ import annotations

import pathlib

import numpy as np

from simulator import Session, parse_program
from simulator.archives import IrpaWriter, ParameterIndex

PROGRAM = """
"builtin.module"() ({
  "util.func"() <{function_type = () -> !hal.buffer_view, sym_name = "main", sym_visibility = "public"}> ({
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c16 = "arith.constant"() <{value = 16 : index}> : () -> index
    %c32 = "arith.constant"() <{value = 32 : index}> : () -> index
    %c0_i64 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %r, %t = "stream.resource.alloca"(%c32) : (index) -> (!stream.resource<external>, !stream.timepoint)
    %t1 = "stream.parameter.gather"(%c0_i64, %c0_i64, %r, %c32, %c0, %c16, %c16, %c16, %t) <{source_scope = "model", source_keys = ["a", "b"], operandSegmentSizes = array<i32: 2, 1, 1, 2, 2, 1>}> : (i64, i64, !stream.resource<external>, index, index, index, index, index, !stream.timepoint) -> !stream.timepoint
    %t2 = "stream.parameter.scatter"(%r, %c32, %c0, %c16, %c0_i64, %t1) <{target_scope = "model", target_keys = ["b"], operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1>}> : (!stream.resource<external>, index, index, index, i64, !stream.timepoint) -> !stream.timepoint
    %x = "stream.timepoint.await"(%r, %c32, %t2) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!stream.resource<external>, index, !stream.timepoint) -> !stream.resource<external>
    %v = "stream.tensor.export"(%x, %c32) <{source_encoding = tensor<32xi8>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (!stream.resource<external>, index) -> !hal.buffer_view
    "util.return"(%v) : (!hal.buffer_view) -> ()
  }) : () -> ()
}) : () -> ()
"""


def test_seed_spelled_gather_and_scatter(tmp_path: pathlib.Path) -> None:
    writer = IrpaWriter()
    writer.add_data("a", np.arange(16, dtype=np.uint8))
    writer.add_data("b", np.arange(16, 32, dtype=np.uint8))
    writer.write(tmp_path / "p.irpa")
    result = Session("discrete-gpu").run_sync(
        parse_program(PROGRAM, filename="seed.mlir"), parameters={"model": tmp_path / "p.irpa"}
    )
    np.testing.assert_array_equal(result.outputs[0].view(np.uint8), np.arange(32))
    index = ParameterIndex()
    index.load(tmp_path / "p.irpa", scope="model")
    assert index.read("model", "b") == bytes(range(16))
