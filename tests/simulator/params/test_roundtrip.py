"""Scatter and write through the simulator's parameter ops: what is written reads back equal, from a
later run and from the archive file on disk."""

from __future__ import annotations

import pathlib
from typing import Any

import numpy as np
import pytest

from simulator import Session, parse_program
from simulator.archives import ParameterIndex, open_archive
from simulator.params import Parameters
from simulator.params.programs import parameter_load_program

ROUND_TRIP = """
util.func public @main(%arg0: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c96 = arith.constant 96 : index
  %c0_i64 = arith.constant 0 : i64
  %c16_i64 = arith.constant 16 : i64
  %scope = util.buffer.constant : !util.buffer = "model"
  %a = util.buffer.constant : !util.buffer = "a"
  %b = util.buffer.constant : !util.buffer = "b"
  %c = util.buffer.constant : !util.buffer = "c"
  %src = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<96xi8> in !stream.resource<external>{%c96}
  %t0 = stream.cmd.parameter.scatter {
    %src[%c0 for %c32] : !stream.resource<external>{%c96} -> %scope::%a[%c0_i64],
    %src[%c32 for %c64] : !stream.resource<external>{%c96} -> %scope::%b[%c0_i64]
  } => !stream.timepoint
  %t1 = stream.cmd.parameter.write await(%t0) => %src[%c0 for %c16] : !stream.resource<external>{%c96} -> %scope::%c[%c16_i64] => !stream.timepoint
  %r, %ta = stream.resource.alloca uninitialized : !stream.resource<external>{%c96} => !stream.timepoint
  %j = stream.timepoint.join max(%t1, %ta) => !stream.timepoint
  %t2 = stream.cmd.parameter.gather await(%j) => {
    %scope::%a[%c0_i64] -> %r[%c0 for %c32] : !stream.resource<external>{%c96},
    %scope::%b[%c0_i64] -> %r[%c32 for %c64] : !stream.resource<external>{%c96}
  } => !stream.timepoint
  %5 = stream.timepoint.await %t2 => %r : !stream.resource<external>{%c96}
  %6 = stream.tensor.export %5 : tensor<96xi8> in !stream.resource<external>{%c96} -> !hal.buffer_view
  util.return %6 : !hal.buffer_view
}
"""


@pytest.mark.parametrize("provider", ["file", "host", "mapped"])
@pytest.mark.parametrize("machine_name", ["cpu", "discrete-gpu"])
def test_scatter_write_round_trip(
    tmp_path: pathlib.Path, write_archive: Any, machine_name: str, provider: str
) -> None:
    path = write_archive(tmp_path / "rt.irpa", {"a": 32, "b": 64, "c": 64})
    data = (np.arange(96) * 3 % 256).astype(np.uint8).view(np.int8)
    result = Session(machine_name).run_sync(
        parse_program(ROUND_TRIP, filename="rt.mlir"),
        "main",
        [data],
        parameters=Parameters({"model": path}, provider=provider, staging_chunk_bytes=32),
    )
    # What was scattered reads back equal through a gather in the same run...
    np.testing.assert_array_equal(result.outputs[0], data)
    assert result.stats.storage_bytes_written == 32 + 64 + 16
    # ...and the archive file on disk holds it, at each entry's offset.
    archive = open_archive(path)
    raw = path.read_bytes()
    entries = {e.key: e for e in archive.entries}
    at = lambda k: raw[entries[k].offset_bytes : entries[k].offset_bytes + entries[k].size_bytes]  # noqa: E731
    assert at("a") == data[:32].tobytes() and at("b") == data[32:].tobytes()
    assert at("c")[16:32] == data[:16].tobytes()
    # The untouched bytes of c stay as they were written.
    assert at("c")[:16] == ((np.arange(16) + 14) % 251).astype(np.uint8).tobytes()
    # A later run loads what was written.
    sizes = [("a", 32), ("b", 64)]
    again = Session(machine_name).run_sync(
        parse_program(parameter_load_program(sizes, mode="gather", export=True), filename="again.mlir"),
        parameters=Parameters({"model": path}, provider=provider),
    )
    out = again.outputs[0].view(np.uint8)
    np.testing.assert_array_equal(out[:32], data[:32].view(np.uint8))
    np.testing.assert_array_equal(out[256 : 256 + 64], data[32:].view(np.uint8))  # slabs align at 256


def test_fixture_archives_load_through_the_readers(fixtures_dir: pathlib.Path) -> None:
    """Each IREE fixture's params.irpa, gathered through the simulator, gives the bytes the archive
    reader (checked against IREE's runtime in tests/simulator/archives) reads."""
    for name in ("mlp", "attention_block"):
        path = fixtures_dir / name / "params.irpa"
        index = ParameterIndex()
        index.load(path, scope="model")
        sizes = [(e.key, e.size_bytes) for e in index.entries("model")]
        text = parameter_load_program(sizes, mode="gather", export=True, alignment_bytes=1)
        result = Session("cpu").run_sync(
            parse_program(text, filename=f"{name}.mlir"), parameters={"model": path}
        )
        expected = b"".join(index.read("model", k) for k, _ in sizes)
        assert result.outputs[0].view(np.uint8).tobytes() == expected
