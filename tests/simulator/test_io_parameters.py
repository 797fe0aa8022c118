"""HAL-level parameter ops (``io_parameters.*``, IREE 3.x operand layout) with HAL fences."""

from __future__ import annotations

import pathlib

import numpy as np

from simulator import Session, parse_program
from simulator.archives import IrpaWriter, ParameterIndex

PROGRAM = """
"builtin.module"() ({
  "util.func"() <{function_type = () -> i32, sym_name = "main", sym_visibility = "public"}> ({
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c16 = "arith.constant"() <{value = 16 : index}> : () -> index
    %c0_i64 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %c4_i64 = "arith.constant"() <{value = 4 : i64}> : () -> i64
    %aff = "arith.constant"() <{value = -1 : i64}> : () -> i64
    %mt = "arith.constant"() <{value = 48 : i32}> : () -> i32
    %bu = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %timeout = "arith.constant"() <{value = -1 : i32}> : () -> i32
    %dev = "hal.devices.get"(%c0) : (index) -> !hal.device
    %scope = "util.buffer.constant"() <{value = "model"}> : () -> !util.buffer
    %w = "util.buffer.constant"() <{value = "w"}> : () -> !util.buffer
    %v = "util.buffer.constant"() <{value = "v"}> : () -> !util.buffer
    %ready = "hal.fence.create"(%dev) <{flags = 0 : i32}> : (!hal.device) -> !hal.fence
    "hal.fence.signal"(%ready) : (!hal.fence) -> ()
    %loaded = "hal.fence.create"(%dev) <{flags = 0 : i32}> : (!hal.device) -> !hal.fence
    %buf = "io_parameters.load"(%dev, %aff, %ready, %loaded, %scope, %w, %c4_i64, %mt, %bu, %c16) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>}> : (!hal.device, i64, !hal.fence, !hal.fence, !util.buffer, !util.buffer, i64, i32, i32, index) -> !hal.buffer
    %stored = "hal.fence.create"(%dev) <{flags = 0 : i32}> : (!hal.device) -> !hal.fence
    "io_parameters.scatter"(%dev, %aff, %loaded, %stored, %buf, %c0, %c16, %scope, %v, %c0_i64) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>}> : (!hal.device, i64, !hal.fence, !hal.fence, !hal.buffer, index, index, !util.buffer, !util.buffer, i64) -> ()
    %status = "hal.fence.await"(%timeout, %stored) : (i32, !hal.fence) -> i32
    "util.return"(%status) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
"""


def _archive(tmp_path: pathlib.Path, w_bytes: int = 20) -> pathlib.Path:
    writer = IrpaWriter()
    writer.add_data("w", np.arange(w_bytes, dtype=np.uint8))
    writer.add_data("v", np.zeros(16, np.uint8))
    path = tmp_path / "io.irpa"
    writer.write(path)
    return path


def test_io_parameters_load_then_scatter_through_fences(tmp_path: pathlib.Path) -> None:
    path = _archive(tmp_path)
    result = Session("discrete-gpu").run_sync(
        parse_program(PROGRAM, filename="io.mlir"), parameters={"model": path}
    )
    assert result.outputs == [0]
    index = ParameterIndex()
    index.load(path, scope="model")
    assert index.read("model", "v") == bytes(range(4, 20))
    io = [(s.args["verb"], s.args["parameter"]) for s in result.trace.spans if s.track.kind == "storage"]
    assert io == [("read", "model::w"), ("write", "model::v")]
    links = [s.name for s in result.trace.spans if s.track.kind == "link"]
    assert links == ["upload w", "download v"]


def test_io_parameters_failed_load_fails_the_await(tmp_path: pathlib.Path) -> None:
    path = _archive(tmp_path, w_bytes=8)
    result = Session("cpu").run_sync(parse_program(PROGRAM, filename="io.mlir"), parameters={"model": path})
    # hal.fence.await reports IREE's ABORTED status instead of raising, as the HAL does.
    assert result.outputs == [10]
    failures = [i.args["op"] for i in result.trace.instants if i.name == "failure"]
    assert failures[:2] == ["io_parameters.load", "io_parameters.scatter"]
