"""``hal.device.queue.read``/``write`` against a file on disk and a file over host memory."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from simulator import Session, parse_program
from simulator.host.hal_file_rules import DiskFile

# These tests read IREE pretty text: skip without IREE, fail under STREAMSIM_REQUIRE_IREE=1.
pytestmark = pytest.mark.usefixtures("iree")

PROGRAM = """
"builtin.module"() ({
  "util.func"() <{function_type = () -> !hal.file, sym_name = "open_file", sym_visibility = "private"}> ({
  }) : () -> ()
  "util.func"() <{function_type = (!hal.buffer_view, index) -> (i32, !hal.buffer_view), sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%view: !hal.buffer_view, %file_offset: index):
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c16 = "arith.constant"() <{value = 16 : index}> : () -> index
    %c32 = "arith.constant"() <{value = 32 : index}> : () -> index
    %c0_i64 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %aff = "arith.constant"() <{value = -1 : i64}> : () -> i64
    %timeout = "arith.constant"() <{value = -1 : i32}> : () -> i32
    %dev = "hal.devices.get"(%c0) : (index) -> !hal.device
    %buf = "hal.buffer_view.buffer"(%view) : (!hal.buffer_view) -> !hal.buffer
    %file = "util.call"() <{callee = @open_file}> : () -> !hal.file
    %off = "arith.index_cast"(%file_offset) : (index) -> i64
    %ready = "hal.fence.create"(%dev) <{flags = 0 : i32}> : (!hal.device) -> !hal.fence
    "hal.fence.signal"(%ready) : (!hal.fence) -> ()
    %written = "hal.fence.create"(%dev) <{flags = 0 : i32}> : (!hal.device) -> !hal.fence
    "hal.device.queue.write"(%dev, %aff, %ready, %written, %buf, %c0, %file, %off, %c16) <{flags = 0 : i32}> : (!hal.device, i64, !hal.fence, !hal.fence, !hal.buffer, index, !hal.file, i64, index) -> ()
    %read = "hal.fence.create"(%dev) <{flags = 0 : i32}> : (!hal.device) -> !hal.fence
    "hal.device.queue.read"(%dev, %aff, %written, %read, %file, %c0_i64, %buf, %c16, %c16) <{flags = 0 : i32}> : (!hal.device, i64, !hal.fence, !hal.fence, !hal.file, i64, !hal.buffer, index, index) -> ()
    %status = "hal.fence.await"(%timeout, %read) : (i32, !hal.fence) -> i32
    "util.return"(%status, %view) : (i32, !hal.buffer_view) -> ()
  }) : () -> ()
}) : () -> ()
"""


@pytest.mark.parametrize("machine_name", ["cpu", "discrete-gpu"])
def test_queue_write_then_read_a_disk_file(tmp_path: pathlib.Path, machine_name: str) -> None:
    path = tmp_path / "data.bin"
    path.write_bytes(bytes(range(100, 164)))
    session = Session(machine_name, host_functions={"open_file": lambda: DiskFile(path)})
    data = np.arange(32, dtype=np.uint8)
    result = session.run_sync(parse_program(PROGRAM, filename="f.mlir"), "main", [data, 0])
    assert result.outputs[0] == 0
    np.testing.assert_array_equal(result.outputs[1], np.concatenate([data[:16], data[:16]]))
    # The write put data[0:16] at the start of the file; the read brought it back into data[16:32].
    assert path.read_bytes()[:16] == bytes(range(16)) and path.read_bytes()[16:] == bytes(range(116, 164))
    ops = [
        s.args["op"]
        for s in result.trace.spans
        if s.category == "io" and s.args.get("op", "").startswith("hal")
    ]
    assert ops == ["hal.device.queue.write", "hal.device.queue.read"]


def test_queue_write_outside_the_file_fails_the_fence(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "small.bin"
    path.write_bytes(bytes(20))
    session = Session("cpu", host_functions={"open_file": lambda: DiskFile(path)})
    result = session.run_sync(parse_program(PROGRAM, filename="f.mlir"), "main", [np.zeros(32, np.uint8), 8])
    assert result.outputs[0] == 10  # IREE's ABORTED: the write's fence failed, and the read's after it
    failures = [i.args["error"] for i in result.trace.instants if i.name == "failure"]
    assert "file write of [8, 24) is outside the 20-byte file" in failures[0]
    assert path.read_bytes() == bytes(20)
