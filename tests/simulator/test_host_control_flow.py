"""Host code as frontends lower it: several blocks joined by ``cf.br``/``cf.cond_br`` (loops of a
``lax.scan``), ``util.align`` of dynamic sizes, ``#util.composite`` constants and ``stream.resource.try_map``."""

from __future__ import annotations

import numpy as np
import pytest

from ir import load_text
from simulator import Session, load_program
from simulator.errors import SimulationError
from simulator.host.core_rules import constant_bytes

# sum over i < 5 of align(10 i + 1, 16) = 16 + 16 + 32 + 32 + 48; align(13 : i32, 8) = 16.
LOOP = """\
"builtin.module"() ({
  "util.func"() <{function_type = () -> (index, i32), sym_name = "main", sym_visibility = "public"}> ({
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 5 : index}> : () -> index
    %3 = "arith.constant"() <{value = 10 : index}> : () -> index
    %4 = "arith.constant"() <{value = 16 : index}> : () -> index
    %5 = "arith.constant"() <{value = 8 : i32}> : () -> i32
    %6 = "arith.constant"() <{value = 13 : i32}> : () -> i32
    %7 = "util.align"(%6, %5) : (i32, i32) -> i32
    "cf.br"(%0, %0)[^bb1] : (index, index) -> ()
  ^bb1(%8: index, %9: index):
    %10 = "arith.cmpi"(%8, %2) <{predicate = 5 : i64}> : (index, index) -> i1
    "cf.cond_br"(%10, %9)[^bb3, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, index) -> ()
  ^bb2:
    %11 = "arith.muli"(%8, %3) : (index, index) -> index
    %12 = "arith.addi"(%11, %1) : (index, index) -> index
    %13 = "util.align"(%12, %4) : (index, index) -> index
    %14 = "arith.addi"(%9, %13) : (index, index) -> index
    %15 = "arith.addi"(%8, %1) : (index, index) -> index
    "cf.br"(%15, %14)[^bb1] : (index, index) -> ()
  ^bb3(%16: index):
    "util.return"(%16, %7) : (index, i32) -> ()
  }) : () -> ()
}) : () -> ()
"""

# ^bb1 uses values of ^bb2, which dominates it but comes after it in the text (iree-opt accepts this).
LATER_DOMINATOR = """\
"builtin.module"() ({
  "util.func"() <{function_type = (i1) -> index, sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: i1):
    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
    "cf.br"(%0)[^bb2] : (index) -> ()
  ^bb1:
    %1 = "arith.addi"(%2, %3) : (index, index) -> index
    "util.return"(%1) : (index) -> ()
  ^bb2(%2: index):
    %3 = "arith.muli"(%2, %2) : (index, index) -> index
    "cf.cond_br"(%arg0)[^bb1, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb3:
    "util.return"(%3) : (index) -> ()
  }) : () -> ()
}) : () -> ()
"""

TRY_MAP = """\
#composite = #util.composite<16xi8, [
    dense<[7, 9]> : tensor<2xi32>,
    dense<0> : vector<8xi8>,
]>
"builtin.module"() ({
  "util.func"() <{function_type = () -> i1, sym_name = "main", sym_visibility = "public"}> ({
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "arith.constant"() <{value = 16 : index}> : () -> index
    %3 = "util.buffer.constant"() <{value = #composite}> : () -> !util.buffer
    %4:2 = "stream.resource.try_map"(%3, %0, %2) : (!util.buffer, index, index) -> (i1, !stream.resource<constant>)
    "util.return"(%4#0) : (i1) -> ()
  }) : () -> ()
}) : () -> ()
"""


def test_host_runs_a_loop_of_blocks_with_align(tmp_path) -> None:
    path = tmp_path / "loop.mlir"
    path.write_text(LOOP)
    result = Session("cpu").run_sync(load_program(path), "main", [])
    assert result.outputs == [144, 16]


@pytest.mark.parametrize(("flag", "want"), [(1, 2), (0, 1)])
def test_host_block_arguments_used_in_a_block_they_dominate(tmp_path, flag: int, want: int) -> None:
    path = tmp_path / "later.mlir"
    path.write_text(LATER_DOMINATOR)
    assert Session("cpu").run_sync(load_program(path), "main", [flag]).outputs == [want]


@pytest.mark.parametrize(("machine", "mapped"), [("cpu", 1), ("discrete-gpu", 0)])
def test_host_try_map_maps_only_shared_memory(tmp_path, machine: str, mapped: int) -> None:
    path = tmp_path / "try_map.mlir"
    path.write_text(TRY_MAP)
    assert Session(machine).run_sync(load_program(path), "main", []).outputs == [mapped]


def test_host_composite_constant_lays_parts_end_to_end() -> None:
    op = next(o for o in load_text(TRY_MAP).walk() if o.op_name == "util.buffer.constant")
    want = np.array([7, 9], np.int32).tobytes() + bytes(8)
    assert constant_bytes(op, op.attr("value")) == want


def test_host_composite_constant_of_wrong_size_is_an_error() -> None:
    op = next(
        o for o in load_text(TRY_MAP.replace("16xi8", "20xi8")).walk() if o.op_name == "util.buffer.constant"
    )
    with pytest.raises(SimulationError, match="parts hold 16 bytes, its type 20"):
        constant_bytes(op, op.attr("value"))


# ONNX's Resize lowering asserts on the host that the batch and channel scales are 1 (cf.assert).
ASSERT = """\
"builtin.module"() ({
  "util.func"() <{function_type = (f32) -> f32, sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: f32):
    %0 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %1 = "arith.cmpf"(%arg0, %0) <{predicate = 8 : i64}> : (f32, f32) -> i1
    "cf.assert"(%1) <{msg = "Unsupported: non-trivial scale factor for dimension 0"}> : (i1) -> ()
    "util.return"(%arg0) : (f32) -> ()
  }) : () -> ()
}) : () -> ()
"""


def test_host_cf_assert_fails_the_call_with_its_message(tmp_path) -> None:
    path = tmp_path / "assert.mlir"
    path.write_text(ASSERT)
    program = load_program(path)
    assert Session("cpu").run_sync(program, "main", [1.0]).outputs == [1.0]
    with pytest.raises(SimulationError, match=r"cf.assert at .*assert.mlir:6:\d+: assertion failed: Unsupported"):
        Session("cpu").run_sync(program, "main", [2.0])
    # Without data the values an assertion reads from device memory are unknown: it is not evaluated.
    assert Session("cpu").run_sync(program, "main", [2.0], timing_only=True).outputs is not None
