"""tensor.pad whose padding value depends on the position (its region reads the index arguments).

IREE 3.13 keeps such a pad in the stream-level dispatch body but its llvm-cpu code generator cannot
tile it ("'tensor.pad' op failed to tile operation"), so there is no runtime to compare with: the test
asserts that, and checks the interpreter against MLIR's definition (each padded position gets the
region's value at its own indices; the source is placed at ``low``), computed here with numpy.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

import numpy as np

from simulator import Session, load_program
from tests.conftest import require_iree
from tests.simulator.dispatch.iree_diff import FLAGS

PROGRAM = """
func.func @pad_ij(%x: tensor<4x6xf32>) -> tensor<7x9xf32> {
  %p = tensor.pad %x low[1, 2] high[2, 1] {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %t = arith.index_cast %s : index to i32
    %f = arith.sitofp %t : i32 to f32
    tensor.yield %f : f32
  } : tensor<4x6xf32> to tensor<7x9xf32>
  return %p : tensor<7x9xf32>
}
func.func @pad_row(%x: tensor<3x2xi32>, %v: tensor<i32>) -> tensor<6x3xi32> {
  %b = tensor.extract %v[] : tensor<i32>
  %p = tensor.pad %x low[2, 0] high[1, 1] {
  ^bb0(%i: index, %j: index):
    %t = arith.index_cast %i : index to i32
    %n = arith.muli %t, %b : i32
    tensor.yield %n : i32
  } : tensor<3x2xi32> to tensor<6x3xi32>
  return %p : tensor<6x3xi32>
}
"""


def test_index_dependent_pads(tmp_path: pathlib.Path) -> None:
    require_iree()
    source = tmp_path / "pad.mlir"
    source.write_text(PROGRAM)
    compiler = pathlib.Path(sys.executable).parent / "iree-compile"
    base = [str(compiler), str(source), *FLAGS]
    r = subprocess.run(
        [*base, "--compile-to=stream", "-o", str(tmp_path / "pad.stream.mlir")],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    text = (tmp_path / "pad.stream.mlir").read_text()
    assert text.count("= tensor.pad ") == 2  # both stay in their dispatch bodies
    native = subprocess.run([*base, "-o", str(tmp_path / "pad.vmfb")], capture_output=True, text=True)
    assert native.returncode != 0 and "'tensor.pad' op failed to tile" in native.stderr

    program = load_program(tmp_path / "pad.stream.mlir")
    rng = np.random.default_rng(5)
    x = rng.standard_normal((4, 6)).astype(np.float32)
    (got,) = Session("cpu").run_sync(program, "pad_ij", [x]).outputs
    i, j = np.indices((7, 9))
    want = (i + j).astype(np.float32)
    want[1:5, 2:8] = x
    assert np.array_equal(got, want)

    y = rng.integers(-50, 50, (3, 2)).astype(np.int32)
    (got,) = Session("cpu").run_sync(program, "pad_row", [y, np.array(-7, np.int32)]).outputs
    i, _ = np.indices((6, 3))
    want = (i * -7).astype(np.int32)
    want[2:5, 0:2] = y
    assert np.array_equal(got, want)
