"""scf control flow in dispatch bodies (simulator/dispatch/control.py), against IREE's runtime.

Inside a linalg body (evaluated over the whole iteration space at once): an ``scf.if`` whose untaken
branch reads out of bounds (index-guarded gather), an ``scf.for`` whose trip count differs per element, an
``scf.while`` iterating a Collatz step a different number of times per element, an ``scf.index_switch``.
At the top of a hand-written dispatch (``flow.dispatch.workgroups``): a loop of loads and stores, an
``scf.if`` on a value read from the input choosing which stores run, an ``scf.while`` whose trip count
depends on the data. Every program keeps its scf ops in the stream-level dispatch (asserted). Outputs
must equal IREE's exactly.

IREE's llvm-cpu code generator refuses a linalg op under top-level control flow ("write affecting
operations on global resources are restricted to workgroup distributed contexts"), so the top-level
programs move data with loads and stores only; the interpreter runs either.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ir.attributes import SymbolRefAttr
from simulator.dispatch import load_executable
from simulator.errors import UnsupportedOpError
from tests.simulator.dispatch.iree_diff import compile_both, run_both

PROGRAM = r"""
#id = affine_map<(d0) -> (d0)>
func.func @if_gather(%x: tensor<16xf32>) -> tensor<16xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} outs(%e : tensor<16xf32>) {
  ^bb0(%out: f32):
    %i = linalg.index 0 : index
    %c = arith.cmpi sgt, %i, %c0 : index
    %y = scf.if %c -> f32 {
      %j = arith.subi %i, %c1 : index
      %v = tensor.extract %x[%j] : tensor<16xf32>
      %w = tensor.extract %x[%i] : tensor<16xf32>
      %s = arith.subf %w, %v : f32
      scf.yield %s : f32
    } else {
      scf.yield %zero : f32
    }
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}
func.func @for_trips(%x: tensor<16xf32>) -> tensor<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %half = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %n = arith.remui %i, %c5 : index
    %y = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %in) -> f32 {
      %ki = arith.index_cast %k : index to i32
      %kf = arith.sitofp %ki : i32 to f32
      %a = arith.mulf %acc, %half : f32
      %b = arith.addf %a, %kf : f32
      scf.yield %b : f32
    }
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}
func.func @while_steps(%x: tensor<16xi32>) -> tensor<16xi32> {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c255 = arith.constant 255 : i32
  %e = tensor.empty() : tensor<16xi32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<16xi32>) outs(%e : tensor<16xi32>) {
  ^bb0(%in: i32, %out: i32):
    %v0 = arith.andi %in, %c255 : i32
    %v1 = arith.addi %v0, %c1 : i32
    %res:2 = scf.while (%v = %v1, %n = %c0) : (i32, i32) -> (i32, i32) {
      %go = arith.cmpi sgt, %v, %c1 : i32
      scf.condition(%go) %v, %n : i32, i32
    } do {
    ^bb0(%a: i32, %b: i32):
      %odd = arith.andi %a, %c1 : i32
      %isodd = arith.cmpi ne, %odd, %c0 : i32
      %t = arith.muli %a, %c3 : i32
      %t1 = arith.addi %t, %c1 : i32
      %h = arith.divsi %a, %c2 : i32
      %nv = arith.select %isodd, %t1, %h : i32
      %nb = arith.addi %b, %c1 : i32
      scf.yield %nv, %nb : i32, i32
    }
    linalg.yield %res#1 : i32
  } -> tensor<16xi32>
  return %r : tensor<16xi32>
}
func.func @switch_body(%x: tensor<16xf32>) -> tensor<16xf32> {
  %c3 = arith.constant 3 : index
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<16xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %i = linalg.index 0 : index
    %m = arith.remui %i, %c3 : index
    %y = scf.index_switch %m -> f32
    case 0 {
      %a = arith.mulf %in, %two : f32
      scf.yield %a : f32
    }
    case 1 {
      %a = math.exp %in : f32
      scf.yield %a : f32
    }
    default {
      %a = arith.negf %in : f32
      scf.yield %a : f32
    }
    linalg.yield %y : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}
func.func @top_rows(%x: tensor<6x4xf32>) -> tensor<6x4xf32> {
  %r = flow.dispatch.workgroups(%x) : (tensor<6x4xf32>) -> tensor<6x4xf32> =
      (%in: !iree_tensor_ext.dispatch.tensor<readonly:tensor<6x4xf32>>, %out: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<6x4xf32>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    scf.for %i = %c0 to %c6 step %c1 {
      %j = arith.subi %c5, %i : index
      %row = iree_tensor_ext.dispatch.tensor.load %in, offsets = [%i, 0], sizes = [1, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<6x4xf32>> -> tensor<1x4xf32>
      iree_tensor_ext.dispatch.tensor.store %row, %out, offsets = [%j, 0], sizes = [1, 4], strides = [1, 1] : tensor<1x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<6x4xf32>>
    }
    flow.return
  } count() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %c1, %c1, %c1 : index, index, index
  }
  return %r : tensor<6x4xf32>
}
func.func @top_if(%x: tensor<8xf32>) -> tensor<8xf32> {
  %r = flow.dispatch.workgroups(%x) : (tensor<8xf32>) -> tensor<8xf32> =
      (%in: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %out: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %lo = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<4xf32>
    %hi = iree_tensor_ext.dispatch.tensor.load %in, offsets = [4], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<4xf32>
    %first = tensor.extract %lo[%c0] : tensor<4xf32>
    %pos = arith.cmpf ogt, %first, %zero : f32
    scf.if %pos {
      iree_tensor_ext.dispatch.tensor.store %lo, %out, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>
      iree_tensor_ext.dispatch.tensor.store %hi, %out, offsets = [4], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>
    } else {
      iree_tensor_ext.dispatch.tensor.store %hi, %out, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>
      iree_tensor_ext.dispatch.tensor.store %lo, %out, offsets = [4], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32>>
    }
    flow.return
  } count() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %c1, %c1, %c1 : index, index, index
  }
  return %r : tensor<8xf32>
}
func.func @top_while(%x: tensor<8xf32>) -> tensor<2xi32> {
  %r = flow.dispatch.workgroups(%x) : (tensor<8xf32>) -> tensor<2xi32> =
      (%in: !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>>, %out: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xi32>>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0.0 : f32
    %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [0], sizes = [8], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32>> -> tensor<8xf32>
    %n = scf.while (%i = %c0) : (index) -> index {
      %inb = arith.cmpi slt, %i, %c8 : index
      %go = scf.if %inb -> i1 {
        %v = tensor.extract %t[%i] : tensor<8xf32>
        %p = arith.cmpf ogt, %v, %zero : f32
        scf.yield %p : i1
      } else {
        %f = arith.constant false
        scf.yield %f : i1
      }
      scf.condition(%go) %i : index
    } do {
    ^bb0(%i: index):
      %j = arith.addi %i, %c1 : index
      scf.yield %j : index
    }
    %ni = arith.index_cast %n : index to i32
    %c7 = arith.constant 7 : i32
    %res = tensor.from_elements %ni, %c7 : tensor<2xi32>
    iree_tensor_ext.dispatch.tensor.store %res, %out, offsets = [0], sizes = [2], strides = [1] : tensor<2xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xi32>>
    flow.return
  } count() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %c1, %c1, %c1 : index, index, index
  }
  return %r : tensor<2xi32>
}
"""


def _inputs() -> dict[str, list[np.ndarray]]:
    rng = np.random.default_rng(3)
    f = rng.standard_normal(16).astype(np.float32)
    leading = [np.abs(rng.standard_normal(8)).astype(np.float32) + 0.1 for _ in range(3)]
    leading[0][0] = -1.0  # no leading positive element
    leading[1][3] = -2.0  # three
    return {
        "if_gather": [f],
        "for_trips": [f],
        "while_steps": [rng.integers(-1000, 1000, 16).astype(np.int32)],
        "switch_body": [f],
        "top_rows": [rng.standard_normal((6, 4)).astype(np.float32)],
        "top_if+": [np.abs(rng.standard_normal(8)).astype(np.float32)],
        "top_if-": [-np.abs(rng.standard_normal(8)).astype(np.float32)],
        "top_while0": [leading[0]],
        "top_while3": [leading[1]],
        "top_while8": [leading[2]],
    }


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, str]:
    return compile_both(tmp_path_factory.mktemp("control"), "control", PROGRAM)


def test_scf_stays_in_the_dispatch_bodies(compiled: tuple[Any, Any, str]) -> None:
    text = compiled[2]  # the host functions of these programs hold no scf
    for op, n in (("scf.if", 3), ("scf.for", 2), ("scf.while", 2), ("scf.index_switch", 1)):
        assert text.count(f" {op} ") == n, op


@pytest.mark.parametrize("case", sorted(_inputs()))
def test_control_flow_matches_iree(compiled: tuple[Any, Any, str], case: str) -> None:
    iree, ours, _ = compiled
    fn = case.rstrip("+-0123456789")
    ((got, want),) = run_both(iree, ours, fn, _inputs()[case])
    assert got.shape == want.shape and got.dtype == want.dtype
    assert np.array_equal(got, want)


def _program(module: Any, name: str) -> Any:
    op = next(
        o
        for o in module.walk()
        if o.op_name == "stream.cmd.dispatch" and f"@{name}_" in str(o.attr("entry_points"))
    )
    entry = op.attr("entry_points").elements[0]
    assert isinstance(entry, SymbolRefAttr)
    return load_executable(module, entry)


def test_analysis_follows_the_regions(compiled: tuple[Any, Any, str]) -> None:
    module = compiled[1]
    # The loop's loads and stores, every iteration: all 96 bytes read, all 96 written.
    rows = _program(module, "top_rows")
    assert rows.accesses([], [96, 96]) == [[("read", 0, 96)], [("write", 0, 96)]]
    # A condition read from the data: both branches' stores count.
    assert _program(module, "top_if").accesses([], [32, 32]) == [[("read", 0, 32)], [("write", 0, 32)]]
    # A loop whose trip count depends on the data cannot be analysed: said, not guessed.
    with pytest.raises(UnsupportedOpError, match="scf.while at .*condition, which depends on tensor data"):
        _program(module, "top_while").accesses([], [32, 8])
