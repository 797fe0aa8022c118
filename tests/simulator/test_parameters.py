"""Parameter ops in IREE 3.x spelling (read, gather, write, scatter, load) against .irpa archives on disk,
through the storage model: bytes land where they should and every request is a storage span."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from simulator import Session, parse_program
from simulator.archives import IrpaWriter, ParameterIndex
from simulator.errors import DeviceFailure
from simulator.parameters import MAX_TIMELINES
from tests.conftest import require_iree

PROGRAM = """
util.func public @main() -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c0_i64 = arith.constant 0 : i64
  %c4_i64 = arith.constant 4 : i64
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %scope = util.buffer.constant : !util.buffer = "model"
  %w = util.buffer.constant : !util.buffer = "w"
  %v = util.buffer.constant : !util.buffer = "v"
  %r, %t = stream.resource.alloca uninitialized : !stream.resource<external>{%c64} => !stream.timepoint
  %0 = stream.cmd.parameter.read await(%t) => %scope::%w[%c0_i64] -> %r[%c0 for %c16] : !stream.resource<external>{%c64} => !stream.timepoint
  %1 = stream.cmd.parameter.gather await(%0) => {
    %scope::%v[%c0_i64] -> %r[%c16 for %c16] : !stream.resource<external>{%c64},
    %scope::%w[%c4_i64] -> %r[%c32 for %c16] : !stream.resource<external>{%c64}
  } => !stream.timepoint
  %2 = stream.cmd.parameter.write await(%1) => %r[%c16 for %c16] : !stream.resource<external>{%c64} -> %scope::%w[%c0_i64] => !stream.timepoint
  %3 = stream.cmd.parameter.scatter await(%2) => {
    %r[%c0 for %c16] : !stream.resource<external>{%c64} -> %scope::%v[%c0_i64]
  } => !stream.timepoint
  %4 = stream.timepoint.await %3 => %r : !stream.resource<external>{%c64}
  %5 = stream.tensor.export %4 : tensor<64xi8> in !stream.resource<external>{%c64} -> !hal.buffer_view
  util.return %5 : !hal.buffer_view
}
"""


def _archive(tmp_path: pathlib.Path) -> pathlib.Path:
    writer = IrpaWriter()
    writer.add_data("w", np.arange(0, 20, dtype=np.uint8))
    writer.add_data("v", np.arange(100, 116, dtype=np.uint8))
    path = tmp_path / "rw.irpa"
    writer.write(path)
    return path


def test_parameters_read_gather_write_scatter(tmp_path: pathlib.Path) -> None:
    require_iree()
    path = _archive(tmp_path)
    result = Session("cpu").run_sync(
        parse_program(PROGRAM, filename="params.mlir"), parameters={"model": path}
    )
    out = result.outputs[0].view(np.uint8)
    np.testing.assert_array_equal(out[:16], np.arange(0, 16))
    np.testing.assert_array_equal(out[16:32], np.arange(100, 116))
    np.testing.assert_array_equal(out[32:48], np.arange(4, 20))
    np.testing.assert_array_equal(out[48:], np.zeros(16))
    # write put v's bytes into w[0:16]; scatter put w's original first 16 bytes into v.
    index = ParameterIndex()
    index.load(path, scope="model")
    assert index.read("model", "w") == bytes(range(100, 116)) + bytes(range(16, 20))
    assert index.read("model", "v") == bytes(range(0, 16))
    io = [s for s in result.trace.spans if s.track.kind == "storage"]
    assert [(s.args["verb"], s.args["parameter"], s.args["bytes"]) for s in io] == [
        ("read", "model::w", 16),
        ("read", "model::v", 16),
        ("read", "model::w", 16),
        ("write", "model::w", 16),
        ("write", "model::v", 16),
    ]
    assert result.stats.storage_bytes_read == 48 and result.stats.storage_bytes_written == 32


def test_parameters_range_outside_parameter_fails(tmp_path: pathlib.Path) -> None:
    require_iree()
    writer = IrpaWriter()
    writer.add_data("w", np.zeros(8, np.uint8))
    writer.add_data("v", np.zeros(16, np.uint8))
    writer.write(tmp_path / "small.irpa")
    with pytest.raises(
        DeviceFailure, match=r"stream\.cmd\.parameter\.read at params\.mlir:\d+:\d+: range \[0, 16\)"
    ):
        Session("cpu").run_sync(
            parse_program(PROGRAM, filename="params.mlir"), parameters={"model": tmp_path / "small.irpa"}
        )


def test_parameters_load_spreads_over_timelines(tmp_path: pathlib.Path, make_machine: object) -> None:
    require_iree()
    keys = [f"k{i}" for i in range(MAX_TIMELINES + 2)]
    writer = IrpaWriter()
    for i, k in enumerate(keys):
        writer.add_data(k, np.full(1000 * (i + 1), i, np.uint8))
    writer.add_splat("s", b"\x2a", 64)
    writer.write(tmp_path / "many.irpa")
    loads = ",\n".join(
        f"      %scope::%k{i}[%c0_i64] : !stream.resource<constant>{{%c{1000 * (i + 1)}}}"
        for i in range(len(keys))
    )
    consts = "\n".join(
        f"  %c{1000 * (i + 1)} = arith.constant {1000 * (i + 1)} : index" for i in range(len(keys))
    )
    key_bufs = "\n".join(f'  %k{i} = util.buffer.constant : !util.buffer = "k{i}"' for i in range(len(keys)))
    text = f"""
util.func public @main() {{
  %c0_i64 = arith.constant 0 : i64
  %c64 = arith.constant 64 : index
{consts}
  %scope = util.buffer.constant : !util.buffer = "model"
  %ks = util.buffer.constant : !util.buffer = "s"
{key_bufs}
  %r:{len(keys) + 1}, %t = stream.cmd.parameter.load {{
{loads},
      %scope::%ks[%c0_i64] : !stream.resource<constant>{{%c64}}
  }} => !stream.timepoint
  %x = stream.timepoint.await %t => %r#0 : !stream.resource<constant>{{%c1000}}
  util.return
}}
"""
    module = parse_program(text, filename="load.mlir")
    result = Session(make_machine()).run_sync(module, parameters={"model": tmp_path / "many.irpa"})  # type: ignore[operator]
    reads = [s for s in result.trace.spans if s.track.kind == "storage"]
    assert len(reads) == len(keys)
    # Each request went to the timeline with the fewest outstanding bytes: k0..k7 one each, then k8 to
    # timeline 0 (1000 bytes outstanding) and k9 to timeline 1 (2000 bytes, while timeline 0 has 10000).
    assert [s.args["timeline"] for s in sorted(reads, key=lambda s: s.args["parameter"])] == [
        0,
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        0,
        1,
    ]
    # Splats are fills batched into one transfer command buffer.
    splats = [s for s in result.trace.spans if s.name == "parameter splats"]
    assert len(splats) == 1 and splats[0].args["bytes"] == 64 and splats[0].args["fills"] == 1
