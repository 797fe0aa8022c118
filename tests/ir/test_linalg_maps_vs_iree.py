"""linalg.generic's indexing maps against iree-opt (MLIR's IndexingMapOpInterface and LinalgStructuredInterface
verifiers): the map count, symbols, ranks, invertibility, the shapes the loops imply, and the loop domain;
and iree_linalg_ext.sort's own verifier (inputs, comparator arguments, dimension, shapes, its yield). For each case ours rejects where iree-opt does, at the same line and column and with the same message, and
accepts the controls."""

from __future__ import annotations

import re

import pytest

from tests.ir.test_invalid_vs_iree import assert_error_as_iree_opt, iree_first_errors


def generic(
    maps: list[str],
    operands: list[str],
    iterators: int = 2,
    inputs: int | None = None,
) -> str:
    """A function whose one linalg.generic has the given maps (affine map bodies) over operands of the given
    types (function arguments; the last is the init), and ``iterators`` parallel loops."""
    n_in = len(operands) - 1 if inputs is None else inputs
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(operands))
    values = ", ".join(f"%a{i}" for i in range(len(operands)))
    elements = [re.sub(r"tensor<(?:[\d?]+x)*(\w+)>", r"\1", t) for t in operands]
    block = ", ".join(f"%b{i}: {e}" for i, e in enumerate(elements))
    init = operands[-1]
    its = ", ".join(["#linalg.iterator_type<parallel>"] * iterators)
    return (
        '"builtin.module"() ({\n'
        f'  "func.func"() <{{function_type = ({", ".join(operands)}) -> {init}, sym_name = "f"}}> ({{\n'
        f"  ^bb0({args}):\n"
        f'    %r = "linalg.generic"({values}) <{{indexing_maps = [{", ".join(f"affine_map<{m}>" for m in maps)}], '
        f"iterator_types = [{its}], operandSegmentSizes = array<i32: {n_in}, {len(operands) - n_in}>}}> ({{\n"
        f"    ^bb0({block}):\n"
        f'      "linalg.yield"(%b0) : ({elements[0]}) -> ()\n'
        f"    }}) : ({', '.join(operands)}) -> {init}\n"
        f'    "func.return"(%r) : ({init}) -> ()\n'
        "  }) : () -> ()\n"
        "}) : () -> ()\n"
    )


def sort(
    segments: str = "0, 2",
    dimension: int = 1,
    second: str = "tensor<4x8xf32>",
    comparator: str = "%p: i32, %q: i32, %u: f32, %v: f32",
    yielded: str = '"iree_linalg_ext.yield"(%c) : (i1) -> ()',
) -> str:
    """A function whose one iree_linalg_ext.sort sorts a tensor<4x8xi32> with ``second`` along ``dimension``."""
    types = f"tensor<4x8xi32>, {second}"
    return (
        '"builtin.module"() ({\n'
        f'  "func.func"() <{{function_type = ({types}) -> ({types}), sym_name = "f"}}> ({{\n'
        f"  ^bb0(%a: tensor<4x8xi32>, %b: {second}):\n"
        f'    %r:2 = "iree_linalg_ext.sort"(%a, %b) <{{dimension = {dimension} : i64, '
        f"operandSegmentSizes = array<i32: {segments}>}}> ({{\n"
        f"    ^bb0({comparator}):\n"
        '      %c = "arith.constant"() <{value = true}> : () -> i1\n'
        f"      {yielded}\n"
        f"    }}) : ({types}) -> ({types})\n"
        f'    "func.return"(%r#0, %r#1) : ({types}) -> ()\n'
        "  }) : () -> ()\n"
        "}) : () -> ()\n"
    )


def winograd(kind: str, src: str, dst: str, dims: str, kernel: int = 3, tile: int = 6) -> str:
    """A function whose one iree_linalg_ext.winograd.``kind`` (output tile ``tile``) takes ``src`` to ``dst``."""
    dims_name = "kernel_dimensions" if kind == "filter_transform" else "image_dimensions"
    return (
        '"builtin.module"() ({\n'
        f'  "func.func"() <{{function_type = (tensor<{src}>, tensor<{dst}>) -> tensor<{dst}>, sym_name = "f"}}> ({{\n'
        f"  ^bb0(%a: tensor<{src}>, %b: tensor<{dst}>):\n"
        f'    %r = "iree_linalg_ext.winograd.{kind}"(%a, %b) <{{{dims_name} = array<i64: {dims}>, '
        f"kernel_size = {kernel} : i64, output_tile_size = {tile} : i64}}> : (tensor<{src}>, tensor<{dst}>) -> tensor<{dst}>\n"
        f'    "func.return"(%r) : (tensor<{dst}>) -> ()\n'
        "  }) : () -> ()\n"
        "}) : () -> ()\n"
    )


def winograd_filter(src: str = "3x3x3x6xf32", dst: str = "8x8x3x6xf32", dims: str = "0, 1", kernel: int = 3) -> str:
    return winograd("filter_transform", src, dst, dims, kernel)


def winograd_input(
    src: str = "2x13x16x3xf32", dst: str = "8x8x2x2x3x3xf32", dims: str = "1, 2", tile: int = 6
) -> str:
    return winograd("input_transform", src, dst, dims, tile=tile)


def winograd_output(src: str = "8x8x2x2x3x6xf32", dst: str = "2x12x18x6xf32", dims: str = "1, 2") -> str:
    return winograd("output_transform", src, dst, dims)


def named(
    name: str, a: str, b: str, c: str, maps: list[str] | None = None, block: str = "%x: f32, %y: f32, %z: f32"
) -> str:
    """A function whose one named contraction ``linalg.<name>`` multiplies ``a`` by ``b`` into ``c`` (f32
    tensor shapes, "" for a 0-D tensor), with explicit indexing ``maps`` or the op's defaults, its region's
    arguments ``block``."""
    ta, tb, tc = (f"tensor<{x}xf32>" if x else "tensor<f32>" for x in (a, b, c))
    props = "operandSegmentSizes = array<i32: 2, 1>"
    if maps is not None:
        props = "indexing_maps = [" + ", ".join(f"affine_map<{m}>" for m in maps) + "], " + props
    return (
        '"builtin.module"() ({\n'
        f'  "func.func"() <{{function_type = ({ta}, {tb}, {tc}) -> {tc}, sym_name = "f"}}> ({{\n'
        f"  ^bb0(%a: {ta}, %b: {tb}, %c: {tc}):\n"
        f'    %r = "linalg.{name}"(%a, %b, %c) <{{{props}}}> ({{\n'
        f"    ^bb0({block}):\n"
        '      %m = "arith.mulf"(%x, %y) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32\n'
        '      %s = "arith.addf"(%z, %m) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32\n'
        '      "linalg.yield"(%s) : (f32) -> ()\n'
        f"    }}) : ({ta}, {tb}, {tc}) -> {tc}\n"
        f'    "func.return"(%r) : ({tc}) -> ()\n'
        "  }) : () -> ()\n"
        "}) : () -> ()\n"
    )


def softmax(src: str = "4x8", dst: str = "4x8", dimension: int = 1) -> str:
    """A function whose one linalg.softmax along ``dimension`` takes an f32 ``src`` tensor to ``dst``."""
    ta, tb = f"tensor<{src}xf32>", f"tensor<{dst}xf32>"
    return (
        '"builtin.module"() ({\n'
        f'  "func.func"() <{{function_type = ({ta}, {tb}) -> {tb}, sym_name = "f"}}> ({{\n'
        f"  ^bb0(%a: {ta}, %b: {tb}):\n"
        f'    %r = "linalg.softmax"(%a, %b) <{{dimension = {dimension} : i64}}> : ({ta}, {tb}) -> {tb}\n'
        f'    "func.return"(%r) : ({tb}) -> ()\n'
        "  }) : () -> ()\n"
        "}) : () -> ()\n"
    )


def fill(block: str = "%i: f32, %o: f32", out: str = "tensor<4xf32>") -> str:
    """A function whose one linalg.fill writes an f32 scalar into ``out``, its region's arguments ``block``."""
    return (
        '"builtin.module"() ({\n'
        f'  "func.func"() <{{function_type = (f32, {out}) -> {out}, sym_name = "f"}}> ({{\n'
        f"  ^bb0(%a: f32, %b: {out}):\n"
        f'    %r = "linalg.fill"(%a, %b) <{{operandSegmentSizes = array<i32: 1, 1>}}> ({{\n'
        f"    ^bb0({block}):\n"
        '      "linalg.yield"(%i) : (f32) -> ()\n'
        f"    }}) : (f32, {out}) -> {out}\n"
        f'    "func.return"(%r) : ({out}) -> ()\n'
        "  }) : () -> ()\n"
        "}) : () -> ()\n"
    )


MK, NK, MN = "(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d1, d2)", "(d0, d1, d2) -> (d0, d1)"
ID = "(d0, d1) -> (d0, d1)"
TR = "(d0, d1) -> (d1, d0)"
WINDOW = "(d0, d1) -> (d0 + d1)"
TAP = "(d0, d1) -> (d1)"
ROW = "(d0, d1) -> (d0)"
CASES: dict[str, str] = {
    "a transpose (control)": generic([ID, TR], ["tensor<4x8xf32>", "tensor<8x4xf32>"]),
    "a window over taps (control)": generic([WINDOW, TAP, ROW], ["tensor<10xf32>", "tensor<3xf32>", "tensor<8xf32>"]),
    "a window with room to spare (control)": generic(
        [WINDOW, TAP, ROW], ["tensor<11xf32>", "tensor<3xf32>", "tensor<8xf32>"]
    ),
    "dynamic extents are not checked (control)": generic([ID, TR], ["tensor<4x?xf32>", "tensor<9x4xf32>"]),
    "a scalar input (control)": generic(["(d0, d1) -> ()", ID], ["f32", "tensor<4x8xf32>"]),
    "one map for two operands": generic([ID], ["tensor<4x8xf32>", "tensor<8x4xf32>"]),
    "a map with a symbol": generic([ID, "(d0, d1)[s0] -> (d1, d0)"], ["tensor<4x8xf32>", "tensor<8x4xf32>"]),
    "a map's rank below its operand's": generic([ID, TAP], ["tensor<4x8xf32>", "tensor<8x4xf32>"]),
    "a loop that is no operand's plain dimension": generic(
        [WINDOW, WINDOW, ROW], ["tensor<10xf32>", "tensor<10xf32>", "tensor<8xf32>"]
    ),
    "a transpose of the wrong extent": generic([ID, TR], ["tensor<4x9xf32>", "tensor<8x4xf32>"]),
    "an init of the wrong extent": generic([ID, TR], ["tensor<4x8xf32>", "tensor<8x5xf32>"]),
    "a window past its input": generic([WINDOW, TAP, ROW], ["tensor<9xf32>", "tensor<3xf32>", "tensor<8xf32>"]),
    "a negative index": generic([ID, "(d0, d1) -> (d1 - 9, d0)"], ["tensor<4x8xf32>", "tensor<8x4xf32>"]),
    "fewer iterator types than map dimensions": generic([ID, TR], ["tensor<4x8xf32>", "tensor<8x4xf32>"], iterators=1),
    "more iterator types than map dimensions": generic([ID, TR], ["tensor<4x8xf32>", "tensor<8x4xf32>"], iterators=3),
    "a sort of two tensors (control)": sort(),
    "a sort with an input": sort(segments="1, 1"),
    "a sort's comparator with three arguments": sort(comparator="%p: i32, %q: i32, %u: f32"),
    "a sort along a dimension past the rank": sort(dimension=2),
    "a sort of tensors of two shapes": sort(second="tensor<4x9xf32>"),
    "a sort of tensors of two ranks": sort(second="tensor<32xf32>"),
    "a sort's comparator argument of another type": sort(comparator="%p: i32, %q: i32, %u: f32, %v: f16"),
    "a sort's comparator yielding two values": sort(yielded='"iree_linalg_ext.yield"(%c, %c) : (i1, i1) -> ()'),
    "a sort's comparator yielding an i32": sort(yielded='"iree_linalg_ext.yield"(%p) : (i32) -> ()'),
    "a winograd filter transform, HWCF (control)": winograd_filter(),
    "a winograd filter transform, FCHW (control)": winograd_filter("6x3x3x3xf32", "8x8x3x6xf32", dims="2, 3"),
    "a winograd filter transform of a 2-D kernel (control)": winograd_filter("3x3xf32", "8x8xf32", dims="0, 1"),
    "winograd kernel dimensions [0, 3]": winograd_filter(dims="0, 3"),
    "winograd kernel dimensions [1, 0]": winograd_filter(dims="1, 0"),
    "winograd with three kernel dimensions": winograd_filter(dims="0, 1, 2"),
    "winograd kernel dimensions not of the kernel size": winograd_filter(src="3x4x3x6xf32"),
    "winograd element types differ": winograd_filter(dst="8x8x3x6xf16"),
    "winograd kernel of rank 3": winograd_filter(src="3x3x6xf32", dst="8x8x6xf32"),
    "winograd output rank differs": winograd_filter(dst="8x8x3x6x1xf32"),
    "winograd output of the wrong shape": winograd_filter(dst="8x8x3x7xf32"),
    "winograd 2-D kernel of the wrong size": winograd_filter("3x4xf32", "8x8xf32"),
    "winograd 2-D kernel's output of the wrong size": winograd_filter("3x3xf32", "8x7xf32"),
    "winograd FCHW output of HWCF's shape": winograd_filter("6x3x3x3xf32", "8x8x6x3xf32", dims="2, 3"),
    "winograd FCHW output with a dynamic channel (control)": winograd_filter("6x?x3x3xf32", "8x8x5x6xf32", dims="2, 3"),
    "a winograd input transform, NHWC (control)": winograd_input(),
    "a winograd input transform, NCHW (control)": winograd_input("2x3x13x16xf32", "8x8x2x2x3x3xf32", dims="2, 3"),
    "a winograd input transform of a 2-D tile (control)": winograd_input("7x8xf32", "8x8xf32", dims="0, 1"),
    "a winograd input transform of a dynamic image (control)": winograd_input("2x?x16x3xf32", "8x8x2x5x3x3xf32"),
    "winograd input 2-D tile past the input tile": winograd_input("9x8xf32", "8x8xf32", dims="0, 1"),
    "winograd input 2-D output not the input tile": winograd_input("8x8xf32", "8x6xf32", dims="0, 1"),
    "winograd input of rank 3": winograd_input("13x16x3xf32", "8x8x2x3x3xf32"),
    "winograd input output rank not input rank + 2": winograd_input(dst="8x8x2x2x3xf32"),
    "winograd input element types differ": winograd_input(dst="8x8x2x2x3x3xf16"),
    "winograd input image dimensions [0, 1]": winograd_input(dims="0, 1"),
    "winograd input with three image dimensions": winograd_input(dims="1, 2, 3"),
    "winograd input tile count wrong": winograd_input(dst="8x8x2x3x3x3xf32"),
    "winograd input with an output tile of 0 (fuzz seed 24: a crash)": winograd_input(tile=0),
    "winograd input with an output tile of 0, any image extent fits (control)": winograd_input(
        dst="2x2x2x7x9x3xf32", tile=0
    ),
    "winograd input with a negative output tile": winograd_input(dst="8x8x2x5x3x3xf32", tile=-2),
    "winograd input NCHW output in NCHW order": winograd_input("2x3x13x16xf32", "8x8x2x3x2x3xf32", dims="2, 3"),
    "a winograd output transform, NCHW (control)": winograd_output(dst="2x6x12x18xf32", dims="2, 3"),
    "a winograd output transform of a 2-D tile (control)": winograd_output("8x8xf32", "6x6xf32", dims="0, 1"),
    "winograd output of rank 4": winograd_output("8x8x2x3xf32", "12x18xf32"),
    "winograd output 2-D input not the input tile": winograd_output("8x7xf32", "6x6xf32", dims="0, 1"),
    "winograd output 2-D output not the output tile": winograd_output("8x8xf32", "6x5xf32", dims="0, 1"),
    "winograd output element types differ": winograd_output(dst="2x12x18x6xf16"),
    "winograd output rank not input rank - 2": winograd_output(dst="2x12x18xf32"),
    "winograd output image dimensions [1, 3]": winograd_output(dims="1, 3"),
    "winograd output image of the wrong size": winograd_output(dst="2x12x17x6xf32"),
    "winograd output NCHW in NHWC order": winograd_output(dims="2, 3"),
    "a matmul (control)": named("matmul", "4x8", "8x16", "4x16"),
    "a matmul's B of the wrong depth": named("matmul", "4x8", "9x16", "4x16"),
    "a matmul's init of the wrong width": named("matmul", "4x8", "8x16", "4x15"),
    "a matmul with dynamic rows (control)": named("matmul", "?x8", "8x16", "4x16"),
    "a matmul with B transposed by its maps (control)": named("matmul", "4x8", "16x8", "4x16", [MK, NK, MN]),
    "a matmul whose maps transpose a B that is not": named("matmul", "4x8", "8x16", "4x16", [MK, NK, MN]),
    "a batch matmul (control)": named("batch_matmul", "2x4x8", "2x8x16", "2x4x16"),
    "a batch matmul of two batch counts": named("batch_matmul", "2x4x8", "3x8x16", "2x4x16"),
    "a vecmat (control)": named("vecmat", "8", "8x16", "16"),
    "a vecmat's matrix of the wrong depth": named("vecmat", "8", "7x16", "16"),
    "a matvec (control)": named("matvec", "4x8", "8", "4"),
    "a matvec's init of the wrong length": named("matvec", "4x8", "8", "5"),
    "a dot (control)": named("dot", "8", "8", ""),
    "a dot of two lengths": named("dot", "8", "9", ""),
    "a softmax (control)": softmax(),
    "a softmax into a dynamic output (control)": softmax(dst="4x?"),
    "a softmax into another shape": softmax(dst="4x9"),
    "a softmax into another rank": softmax(dst="4x8x1"),
    "a softmax along a dimension past the rank": softmax(dimension=2),
    "a softmax along a negative dimension": softmax(dimension=-1),
    "a fill (control)": fill(),
    "a fill of a 0-D tensor (control)": fill(out="tensor<f32>"),
    "a fill's region with one argument": fill(block="%i: f32"),
    "a fill's region argument of another type than its init's elements": fill(block="%i: f32, %o: f16"),
    "a matmul's region with four arguments": named(
        "matmul", "4x8", "8x16", "4x16", block="%x: f32, %y: f32, %z: f32, %w: f32"
    ),
    "a sort's comparator without its yield, ending in a two-operand op": sort(
        yielded='%d = "arith.cmpi"(%p, %q) <{predicate = 4 : i64}> : (i32, i32) -> i1'
    ),
    "a sort's comparator without its yield, ending in an i1 op (its terminator missing)": sort(
        yielded='%d = "arith.xori"(%c, %c) : (i1, i1) -> i1'
    ),
}  # fmt: skip


@pytest.fixture(scope="module")
def iree_errors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, int, str] | None]:
    found = iree_first_errors(list(CASES.values()), tmp_path_factory.mktemp("maps"))
    return dict(zip(CASES, found))


def test_controls_are_accepted_by_iree_opt(iree_errors: dict[str, tuple[int, int, str] | None]) -> None:
    controls = [name for name in CASES if name.endswith("(control)")]
    assert len(controls) == 28 and all(iree_errors[name] is None for name in controls), iree_errors


@pytest.mark.parametrize("name", list(CASES))
def test_map_error_as_iree_opt(name: str, iree_errors: dict[str, tuple[int, int, str] | None]) -> None:
    assert_error_as_iree_opt(CASES[name], iree_errors[name])
