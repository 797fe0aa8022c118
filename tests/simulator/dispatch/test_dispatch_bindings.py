"""Dispatch functions over bindings: subspans, dynamic and strided loads and stores, accesses, errors."""

from __future__ import annotations

import numpy as np
import pytest

import ir
from ir.attributes import SymbolRefAttr
from simulator.dispatch import DispatchCost, evaluate_function, load_executable
from simulator.errors import DispatchError, SimulationError, UnsupportedOpError
from tests.simulator.dispatch.mlir_text import func

DT = "!iree_tensor_ext.dispatch.tensor"

# A dispatch that loads a strided, rank-reduced, dynamically offset 2-D slice of a 3-D f32 tensor at a
# uniform byte offset, doubles it, and stores it transposed into a readwrite 4x6 tensor at row %o.
STRIDED = f""""builtin.module"() ({{
  "stream.executable"() <{{sym_name = "ex", sym_visibility = "private"}}> ({{
    "stream.executable.export"() <{{function_ref = @f, sym_name = "f"}}> ({{
    ^bb0:
      %c1 = "arith.constant"() <{{value = 1 : index}}> : () -> index
      "stream.return"(%c1, %c1, %c1) : (index, index, index) -> ()
    }}) : () -> ()
    "builtin.module"() ({{
      "func.func"() <{{function_type = (!stream.binding, !stream.binding, i32, i32) -> (), sym_name = "f"}}> ({{
      ^bb0(%b0: !stream.binding, %b1: !stream.binding, %u0: i32, %u1: i32):
        %off = "arith.index_castui"(%u0) : (i32) -> index
        %row = "arith.index_castui"(%u1) : (i32) -> index
        %c0 = "arith.constant"() <{{value = 0 : index}}> : () -> index
        %s0 = "stream.binding.subspan"(%b0, %off) : (!stream.binding, index) -> {DT}<readonly:tensor<2x4x6xf32>>
        %s1 = "stream.binding.subspan"(%b1, %c0) : (!stream.binding, index) -> {DT}<readwrite:tensor<6x4xf32>>
        %x = "iree_tensor_ext.dispatch.tensor.load"(%s0, %row) <{{operandSegmentSizes = array<i32: 1, 0, 1, 0, 0>, static_offsets = array<i64: 1, -9223372036854775808, 0>, static_sizes = array<i64: 1, 2, 3>, static_strides = array<i64: 1, 1, 2>}}> : ({DT}<readonly:tensor<2x4x6xf32>>, index) -> tensor<2x3xf32>
        %e = "tensor.empty"() : () -> tensor<3x2xf32>
        %y = "linalg.generic"(%x, %e) <{{indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}}> ({{
        ^bb0(%in: f32, %out: f32):
          %d = "arith.addf"(%in, %in) : (f32, f32) -> f32
          "linalg.yield"(%d) : (f32) -> ()
        }}) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
        "iree_tensor_ext.dispatch.tensor.store"(%y, %s1, %row) <{{operandSegmentSizes = array<i32: 1, 1, 0, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 1>, static_sizes = array<i64: 3, 2>, static_strides = array<i64: 1, 1>}}> : (tensor<3x2xf32>, {DT}<readwrite:tensor<6x4xf32>>, index) -> ()
        "func.return"() : () -> ()
      }}) : () -> ()
    }}) : () -> ()
    "stream.executable.end"() : () -> ()
  }}) : () -> ()
}}) : () -> ()
"""
REF = SymbolRefAttr("ex", ("f",))


def _program():  # type: ignore[no-untyped-def]
    return load_executable(ir.parse_module(STRIDED, "strided.mlir"), REF)


def test_strided_dynamic_load_and_store_in_place() -> None:
    program = _program()
    src = np.arange(2 * 4 * 6, dtype=np.float32).reshape(2, 4, 6)
    b0 = np.zeros(64 + src.nbytes, np.uint8)
    b0[64:] = src.view(np.uint8).reshape(-1)
    out = np.full((6, 4), -1, np.float32)
    b1 = out.view(np.uint8).reshape(-1)
    program.run([b0, b1], [64, 2], [])
    x = src[1, 2:4, 0:6:2]
    want = np.full((6, 4), -1, np.float32)
    want[2:5, 1:3] = 2 * x.T
    np.testing.assert_array_equal(out, want)  # written in place into the caller's array


def test_strided_accesses_are_exact_runs() -> None:
    program = _program()
    ranges = program.accesses([64, 2], [64 + 192, 96])
    row = 64 + (1 * 24 + 2 * 6) * 4
    reads = [("read", row + r * 24 + c * 8, row + r * 24 + c * 8 + 4) for r in range(2) for c in range(3)]
    assert ranges[0] == reads
    assert ranges[1] == [("write", (2 + r) * 16 + 4, (2 + r) * 16 + 12) for r in range(3)]
    cost = program.cost([64, 2], [], [64 + 192, 96])
    assert cost == DispatchCost(flops=6, bytes_read=24, bytes_written=24, dtype="f32")


def test_access_outside_the_binding_is_an_error() -> None:
    program = _program()
    with pytest.raises(DispatchError, match=r"outside its 100 bound bytes"):
        program.run([np.zeros(100, np.uint8), np.zeros(96, np.uint8)], [64, 2], [])
    with pytest.raises(DispatchError, match=r"leave the tensor of shape \(2, 4, 6\)"):
        program.accesses([64, 3], [1000, 96])


UNSUPPORTED = STRIDED.replace(
    '        "func.return"() : () -> ()',
    '        "scf.execute_region"() ({\n          "scf.yield"() : () -> ()\n        }) : () -> ()\n        "func.return"() : () -> ()',
)


def test_unsupported_op_is_named_with_its_location() -> None:
    module = ir.parse_module(UNSUPPORTED, "unsupported.mlir")
    with pytest.raises(UnsupportedOpError, match=r"scf\.execute_region at unsupported\.mlir:24:9") as info:
        load_executable(module, REF)
    assert isinstance(info.value, SimulationError)  # the CLI maps it to exit code 1


def test_uniforms_wrap_to_their_type() -> None:
    """An i32 push constant given as an unsigned 32-bit value is the same bits."""
    program = _program()
    with pytest.raises(DispatchError):
        # 0xFFFFFFC0 is -64 as i32, but index_castui zero-extends: offset 4294967232 is out of range.
        program.run([np.zeros(400, np.uint8), np.zeros(96, np.uint8)], [0xFFFFFFC0, 2], [])


HAL = f""""builtin.module"() ({{
  "func.func"() <{{function_type = () -> (), sym_name = "g"}}> ({{
    %c0 = "arith.constant"() <{{value = 0 : index}}> : () -> index
    %k = "hal.interface.constant.load"() <{{layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>, ordinal = 0 : index}}> : () -> i32
    %off = "arith.index_castui"(%k) : (i32) -> index
    %s0 = "hal.interface.binding.subspan"(%off) <{{binding = 0 : index, layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>, operandSegmentSizes = array<i32: 1, 0>}}> : (index) -> {DT}<readonly:tensor<4xi32>>
    %s1 = "hal.interface.binding.subspan"(%c0) <{{binding = 1 : index, layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>, operandSegmentSizes = array<i32: 1, 0>}}> : (index) -> {DT}<writeonly:tensor<4xi32>>
    %x = "iree_tensor_ext.dispatch.tensor.load"(%s0) <{{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}}> : ({DT}<readonly:tensor<4xi32>>) -> tensor<4xi32>
    %y = "arith.muli"(%x, %x) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    "iree_tensor_ext.dispatch.tensor.store"(%y, %s1) <{{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}}> : (tensor<4xi32>, {DT}<writeonly:tensor<4xi32>>) -> ()
    "func.return"() : () -> ()
  }}) : () -> ()
}}) : () -> ()
"""


def test_hal_interface_bindings_and_push_constants() -> None:
    """HAL-level bodies pick bindings and push constants by ordinal; arith works on whole tensors."""
    from simulator.dispatch import ExecutableProgram

    module = ir.parse_module(HAL, "hal.mlir")
    func = next(op for op in module.walk() if op.op_name == "func.func")
    program = ExecutableProgram(func)
    src = np.zeros(32, np.uint8)
    src[16:] = np.array([3, -4, 5, 2**16], np.int32).view(np.uint8)
    out = np.zeros(16, np.uint8)
    program.run([src, out], [16], [])
    np.testing.assert_array_equal(out.view(np.int32), np.array([9, 16, 25, 0], np.int32))  # 2**32 wraps to 0
    assert program.accesses([16], [32, 16]) == [[("read", 16, 32)], [("write", 0, 16)]]
    assert program.cost([16], [], [32, 16]).flops == 4  # arith.muli on a whole tensor: 1 per element


def test_float_push_constants_keep_their_value_and_key() -> None:
    """A stream program's f32/i64 uniform operands reach the interpreter as they are (IREE's cmd form
    packs them into i32 bits; a schedule of the async form does not), and its per-uniforms cache tells
    floats apart: ``int()`` made 0.05 and 0.07 both 0 (the scheduled ONNX QLinearMatMul gave zeros)."""
    from simulator.dispatch.program import _uniform_key
    from simulator.kernels import push_constant

    assert push_constant(np.float32(0.05)) == pytest.approx(0.05) and isinstance(push_constant(0.05), float)
    assert push_constant(np.int64(-3)) == -3 and isinstance(push_constant(np.array(7, np.int8)), int)
    assert _uniform_key([0.05, 3]) != _uniform_key([0.07, 3])
    assert _uniform_key([float("nan")]) == _uniform_key([float("nan")])


def test_negative_dynamic_dimension_is_named() -> None:
    """A dynamic size the host computed as -1 (IREE 3.13's ONNX Reshape with -1 beside a dynamic dim can
    push one) is an error naming the op and the tensor type, not a numpy ValueError."""
    body = "\n".join(
        [
            '    %e = "tensor.empty"(%a0) : (index) -> tensor<?x16xf32>',
            '    "func.return"(%e) : (tensor<?x16xf32>) -> ()',
        ]
    )
    negative = r"tensor.empty at .*: dynamic dimension -1 of tensor<\?x16xf32> is negative"
    with pytest.raises(DispatchError, match=negative):
        evaluate_function(func(["index"], ["tensor<?x16xf32>"], body), [-1])
