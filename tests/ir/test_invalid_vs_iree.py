"""Programs one edit away from a valid one, through iree-opt and through our parser and verifier.

Found by a differential fuzz (fixture programs mutated, each mutant through both): IREE rejected these and
we took them. Each case is the module below with one edit. iree-opt reads all cases in one run
(``--split-input-file``); where it rejects a case, ours must reject it at the same line and column, and
where it accepts one (the controls), ours must accept it too.
"""

from __future__ import annotations

import bisect
import pathlib
import re
import subprocess

import pytest

from ir import parse_module, verify
from ir.errors import IRError
from tests.ir.test_iree_acceptance import _iree_opt

BASE = """\
"builtin.module"() ({
  "util.global"() <{sym_name = "g", sym_visibility = "private", type = tensor<4xf32>}> : () -> ()
  "stream.executable"() <{sym_name = "ex", sym_visibility = "private"}> ({
    "stream.executable.export"() <{function_ref = @f, sym_name = "f"}> ({
    ^bb0(%arg0: index):
      %5 = "arith.constant"() <{value = 1 : index}> : () -> index
      "stream.return"(%5, %5, %5) : (index, index, index) -> ()
    }) : () -> ()
    "builtin.module"() ({
      "func.func"() <{function_type = (!stream.binding) -> (), sym_name = "f"}> ({
      ^bb0(%arg0: !stream.binding):
        %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
        %11 = "stream.binding.subspan"(%arg0, %c0) : (!stream.binding, index) -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>
        %12 = "iree_tensor_ext.dispatch.tensor.load"(%11) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (!iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>) -> tensor<4xf32>
        %13 = "linalg.generic"(%12, %12) <{indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
        ^bb0(%a3: f32, %a4: f32):
          %14 = "linalg.index"() <{dim = 0 : i64}> : () -> index
          "linalg.yield"(%a3) : (f32) -> ()
        }) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
        "iree_tensor_ext.dispatch.tensor.store"(%12, %11) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>, static_offsets = array<i64: 0>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<4xf32>, !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>) -> ()
        "func.return"() : () -> ()
      }) : () -> ()
    }) : () -> ()
    "stream.executable.end"() : () -> ()
  }) : () -> ()
  "util.func"() <{function_type = (i32) -> i32, sym_name = "callee", sym_visibility = "private"}> ({
  ^bb0(%arg0: i32):
    "util.return"(%arg0) : (i32) -> ()
  }) : () -> ()
  "util.func"() <{function_type = (i32) -> tensor<4xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: i32):
    %0 = "util.global.load"() <{global = @g}> : () -> tensor<4xf32>
    %1 = "util.call"(%arg0) <{callee = @callee}> : (i32) -> i32
    %2 = "arith.constant"() <{value = dense<1.0> : vector<4xf32>}> : () -> vector<4xf32>
    %3 = "arith.constant"() <{value = 3 : i32}> {x = array<i8: 1, 2>} : () -> i32
    %4 = "arith.constant"() <{value = dense<"0x0000803F0000803F0000803F0000803F"> : tensor<4xf32>}> : () -> tensor<4xf32>
    %6 = "scf.execute_region"() ({
      %7 = "arith.addi"(%1, %1) : (i32, i32) -> i32
      "scf.yield"(%7) : (i32) -> ()
    }) : () -> i32
    %8 = "tensor.extract_slice"(%0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1>, static_sizes = array<i64: 2>, static_strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<2xf32>
    %9 = "arith.cmpi"(%1, %1) <{predicate = 0 : i64}> : (i32, i32) -> i1
    %10 = "hal.buffer_usage"() <{usage = 3 : i32}> : () -> i32
    "util.global.store"(%0) <{global = @g}> : (tensor<4xf32>) -> ()
    "util.return"(%0) : (tensor<4xf32>) -> ()
  }) : () -> ()
  "util.func"() <{function_type = (!stream.resource<transient>, !stream.timepoint) -> !stream.timepoint, sym_name = "cmdf", sym_visibility = "private", tied_operands = [-1 : index]}> ({
  ^bb0(%arg0: !stream.resource<transient>, %arg1: !stream.timepoint):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 16 : index}> : () -> index
    %2 = "stream.cmd.execute"(%arg0, %1, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 1>}> ({
    ^bb0(%arg2: !stream.resource<transient>):
      "stream.cmd.dispatch"(%0, %arg2, %1, %0, %1) <{entry_points = [@ex::@f], operandSegmentSizes = array<i32: 1, 0, 1, 1, 1, 1>, resource_accesses = [3 : i32]}> : (index, !stream.resource<transient>, index, index, index) -> ()
      "stream.yield"() : () -> ()
    }) : (!stream.resource<transient>, index, !stream.timepoint) -> !stream.timepoint
    "util.return"(%2) : (!stream.timepoint) -> ()
  }) : () -> ()
}) : () -> ()
"""
HEX = '"0x0000803F0000803F0000803F0000803F"'
VEC = "dense<1.0> : vector<4xf32>}> : () -> vector<4xf32>"
COMPOSITE = "{x = array<i8: 1, 2>}"
ENTRY = "^bb0(%arg0: i32):\n    %0"
# name: (text of the base module, its replacement)
CASES = {
    "control": ("", ""),
    "undefined global load": ("<{global = @g}> : () -> tensor", "<{global = @nope}> : () -> tensor"),
    "undefined global store": ('store"(%0) <{global = @g}>', 'store"(%0) <{global = @nope}>'),
    "global names a function": ("<{global = @g}> : () -> tensor", "<{global = @callee}> : () -> tensor"),
    "undefined callee": ("<{callee = @callee}>", "<{callee = @nope}>"),
    "callee is a global": ("<{callee = @callee}>", "<{callee = @g}>"),
    "array i8 300": ("array<i8: 1, 2>", "array<i8: 1, 300>"),
    "array i8 -129": ("array<i8: 1, 2>", "array<i8: -129, 2>"),
    "array i8 255 (control)": ("array<i8: 1, 2>", "array<i8: 255, 2>"),
    "array i8 -0": ("array<i8: 1, 2>", "array<i8: -0, 2>"),
    "array i1 integers": ("array<i8: 1, 2>", "array<i1: 1, 0>"),
    "array i1 true (control)": ("array<i8: 1, 2>", "array<i1: true, false>"),
    "array i32 true": ("array<i8: 1, 2>", "array<i32: true>"),
    "array i32 float": ("array<i8: 1, 2>", "array<i32: 1.5>"),
    "array f32 integers": ("array<i8: 1, 2>", "array<f32: 1, 2>"),
    "array f32 hex (control)": ("array<i8: 1, 2>", "array<f32: 0x3F800000, -2.5>"),
    "array f32 inf": ("array<i8: 1, 2>", "array<f32: inf>"),
    "array i64 2^64": ("array<i8: 1, 2>", "array<i64: 18446744073709551616>"),
    "array i3": ("array<i8: 1, 2>", "array<i3: 1>"),
    "array index": ("array<i8: 1, 2>", "array<index: 1>"),
    "array empty (control)": ("array<i8: 1, 2>", "array<i8>"),
    "hex short": (HEX, '"0x0000803F0000803F0000803F"'),
    "hex splat (control)": (HEX, '"0x0000803F"'),
    "hex odd digits": (HEX, '"0x0000803F0"'),
    "hex bad digit": (HEX, '"0x0000803G0000803F0000803F0000803F"'),
    "hex upper X": (HEX, '"0X0000803F0000803F0000803F0000803F"'),
    "hex lower digits (control)": (HEX, '"0x0000803f0000803f0000803f0000803f"'),
    "vector 0": (VEC, "dense<1.0> : vector<0xf32>}> : () -> vector<0xf32>"),
    "vector 2x0": (VEC, "dense<1.0> : vector<2x0xf32>}> : () -> vector<2x0xf32>"),
    "vector dynamic": (VEC, "dense<1.0> : vector<?xf32>}> : () -> vector<?xf32>"),
    "function without terminator": ('    "util.return"(%arg0) : (i32) -> ()\n', ""),
    "string unknown escape": ('sym_name = "main"', 'sym_name = "ma\\qin"'),
    "string half hex escape": ('sym_name = "main"', 'sym_name = "ma\\1in"'),
    "string escapes (control)": ('sym_name = "main"', 'sym_name = "ma\\22\\n\\t\\\\in"'),
    "entry argument type": (ENTRY, "^bb0(%arg0: i64):\n    %0"),
    "entry argument count": (ENTRY, "^bb0(%arg0: i32, %arg1: i32):\n    %0"),
    "tensor negative dim": ("type = tensor<4xf32>", "type = tensor<-4xf32>"),
    "slice offset -1": ("static_offsets = array<i64: 1>", "static_offsets = array<i64: -1>"),
    "slice type not its sizes": (
        "static_strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<2xf32>",
        "static_strides = array<i64: 1>}> : (tensor<4xf32>) -> tensor<3xf32>",
    ),
    "call ties what the callee does not": (
        "<{callee = @callee}>", "<{callee = @callee, tied_operands = [0 : index]}>"
    ),
    "cmpi predicate 10": ("predicate = 0 : i64", "predicate = 10 : i64"),
    "cmpi predicate -1": ("predicate = 0 : i64", "predicate = -1 : i64"),
    "cmpi predicate 9 (control)": ("predicate = 0 : i64", "predicate = 9 : i64"),
    "buffer usage unknown bit": ("usage = 3 : i32", "usage = 4 : i32"),
    "buffer usage bit 31": ("usage = 3 : i32", "usage = -2147483648 : i32"),
    "buffer usage mapping (control)": ("usage = 3 : i32", "usage = 150994947 : i32"),
    "dispatch load sizes not its type (control)": (
        "static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (!iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>) -> tensor<4xf32>",
        "static_sizes = array<i64: 2>, static_strides = array<i64: 1>}> : (!iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xf32>>) -> tensor<4xf32>",
    ),
    "dispatch store sizes not its value": (
        "static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<4xf32>, !iree",
        "static_sizes = array<i64: 2>, static_strides = array<i64: 1>}> : (tensor<4xf32>, !iree",
    ),
    "slice size -2": ("static_sizes = array<i64: 2>", "static_sizes = array<i64: -2>"),
    "executable without its end": ('    "stream.executable.end"() : () -> ()\n', ""),
    "executable end not last": (
        '    }) : () -> ()\n    "stream.executable.end"() : () -> ()\n',
        '    "stream.executable.end"() : () -> ()\n    }) : () -> ()\n',
    ),
    "export body without return": ('      "stream.return"(%5, %5, %5) : (index, index, index) -> ()\n', ""),
    "dispatch function without return": ('        "func.return"() : () -> ()\n', ""),
    "region without yield": ('      "scf.yield"(%7) : (i32) -> ()\n', ""),
    "region ends in a store": (
        '      "scf.yield"(%7) : (i32) -> ()\n',
        '      "scf.yield"(%7) : (i32) -> ()\n      "util.global.store"(%0) <{global = @g}> : (tensor<4xf32>) -> ()\n',
    ),
    "resource access 4": ("resource_accesses = [3 : i32]", "resource_accesses = [4 : i32]"),
    "resource access -1": ("resource_accesses = [3 : i32]", "resource_accesses = [-1 : i32]"),
    "resource access i64": ("resource_accesses = [3 : i32]", "resource_accesses = [1 : i64]"),
    "resource access not an integer": ("resource_accesses = [3 : i32]", 'resource_accesses = ["rw"]'),
    "resource access 0 (control)": ("resource_accesses = [3 : i32]", "resource_accesses = [0 : i32]"),
    "float without a dot": ("<{value = 3 : i32}> {x", "<{value = 3e0 : f32}> {x"),
    "float with a dot and exponent (control)": (
        "<{value = 3 : i32}> {x = array<i8: 1, 2>} : () -> i32",
        "<{value = 3.e0 : f32}> {x = array<i8: 1, 2>} : () -> f32",
    ),
    "alias used above its definition": (
        '"builtin.module"() ({\n  "util.global"',
        '#a = #hal.device.target<"local", [#b]>\n#b = #hal.executable.target<"llvm-cpu", "x">\n"builtin.module"() ({\n  "util.global"',
    ),
    "alias defined above its use (control)": (
        '"builtin.module"() ({\n  "util.global"',
        '#b = #hal.executable.target<"llvm-cpu", "x">\n#a = #hal.device.target<"local", [#b]>\n"builtin.module"() ({\n  "util.global"',
    ),
    "undefined alias in a dialect attribute": (
        'sym_visibility = "private", type = tensor<4xf32>}>',
        'sym_visibility = "private", type = tensor<4xf32>, t = #hal.device.target<"local", [#nope, "#str"]>}>',
    ),
    "slice dynamic size without its operand": (
        "static_sizes = array<i64: 2>",
        "static_sizes = array<i64: -9223372036854775808>",
    ),
    "dispatch load static size with an operand": (
        '"iree_tensor_ext.dispatch.tensor.load"(%11) <{operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>',
        '"iree_tensor_ext.dispatch.tensor.load"(%11, %c0) <{operandSegmentSizes = array<i32: 1, 0, 0, 1, 0>',
    ),
    "linalg index past the loops": ("<{dim = 0 : i64}>", "<{dim = 1 : i64}>"),
    "generic result not its init's type": (
        "}) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>",
        "}) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf16>",
    ),
    "generic region argument missing": ("^bb0(%a3: f32, %a4: f32):", "^bb0(%a3: f32):"),
    "generic region argument type": ("^bb0(%a3: f32, %a4: f32):", "^bb0(%a3: f32, %a4: f16):"),
    "dispatch binding past its resource (control: IREE's runtime fails on it)": (
        '"stream.cmd.dispatch"(%0, %arg2, %1, %0, %1)', '"stream.cmd.dispatch"(%0, %arg2, %1, %1, %1)'
    ),
    "composite (control)": (COMPOSITE, "{c = #util.composite<8xi8, [dense<1> : tensor<2xi32>, ]>, x = array<i8: 1, 2>}"),
    "composite parts' sizes not its length (control: iree-opt does not check)": (
        COMPOSITE, "{c = #util.composite<9xi8, [dense<1> : tensor<2xi32>]>, x = array<i8: 1, 2>}"
    ),
    "composite of i16": (COMPOSITE, "{c = #util.composite<8xi16, [dense<1> : tensor<2xi32>]>, x = array<i8: 1, 2>}"),
    "composite without a length": (COMPOSITE, "{c = #util.composite<x8xi8, []>, x = array<i8: 1, 2>}"),
    "op name missing, a token in its place": ('    %9 = "arith.cmpi"', '    %9 = = "arith.cmpi"'),
    "op name missing after a comment line": ('    %9 = "arith.cmpi"', '    %9 =\n    // a comment\n\n    ) "arith.cmpi"'),
    "region open at end of input": ('  }) : () -> ()\n}) : () -> ()\n', '  }) : () -> ()\n'),
    "branch to an undefined block": ('"scf.yield"(%7) : (i32) -> ()', '"cf.br"()[^bb9] : () -> ()'),
    "missing comma between types, on the next line": (
        "<{predicate = 0 : i64}> : (i32, i32) -> i1", "<{predicate = 0 : i64}> : (i32\n      i32) -> i1"
    ),
    "execute_region with two regions": (
        '      "scf.yield"(%7) : (i32) -> ()\n    }) : () -> i32', '      "scf.yield"(%7) : (i32) -> ()\n    }, {\n    }) : () -> i32'
    ),
    "if with one region": (
        '    %10 = "hal.buffer_usage"',
        '    "scf.if"(%9) ({\n      "scf.yield"() : () -> ()\n    }) : (i1) -> ()\n    %10 = "hal.buffer_usage"',
    ),
    "if with an empty else (control)": (
        '    %10 = "hal.buffer_usage"',
        '    "scf.if"(%9) ({\n      "scf.yield"() : () -> ()\n    }, {\n    }) : (i1) -> ()\n    %10 = "hal.buffer_usage"',
    ),
}


def _text(name: str) -> str:
    old, new = CASES[name]
    assert not old or BASE.count(old) == 1, name
    return BASE.replace(old, new) if old else BASE


def iree_first_errors(texts: list[str], directory: pathlib.Path) -> list[tuple[int, int, str] | None]:
    """iree-opt's first error in each text, as (line, column, message) in the text's own lines; None where
    it accepts the text. All texts go through one iree-opt run (``--split-input-file``)."""
    path = directory / "cases.mlir"
    path.write_text("// -----\n".join(texts))
    proc = subprocess.run(
        [_iree_opt(), "--split-input-file", str(path), "-o", "/dev/null"], capture_output=True, text=True, timeout=120
    )
    assert "Stack dump" not in proc.stderr, "iree-opt crashed: run the crashing case alone"
    starts, line = [], 1
    for t in texts:
        starts.append(line)
        line += t.count("\n") + 1
    found: list[tuple[int, int, str] | None] = [None] * len(texts)
    for row in proc.stderr.splitlines():
        m = re.match(r".*cases\.mlir:(\d+):(\d+): error: (.*)", row)
        if m:
            k = bisect.bisect_right(starts, int(m.group(1))) - 1
            if found[k] is None:
                found[k] = (int(m.group(1)) - starts[k] + 1, int(m.group(2)), m.group(3))
    return found


@pytest.fixture(scope="module")
def iree_errors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, int, str]]:
    """iree-opt's first error per case: (line, column, message) in the case's own text."""
    names = list(CASES)
    errors = iree_first_errors([_text(n) for n in names], tmp_path_factory.mktemp("invalid"))
    return {name: error for name, error in zip(names, errors) if error is not None}


@pytest.mark.parametrize("name", list(CASES))
def test_verdict_and_place_as_iree_opt(name: str, iree_errors: dict[str, tuple[int, int, str]]) -> None:
    theirs = iree_errors.get(name)
    if "(control)" in name or name == "control":
        assert theirs is None, f"the control case is not valid for iree-opt: {theirs}"
    assert_verdict_and_place(_text(name), theirs)


def assert_verdict_and_place(text: str, theirs: tuple[int, int, str] | None) -> None:
    """Ours rejects ``text`` (named case.mlir) at iree-opt's first error, ``theirs``, or accepts it with it."""
    try:
        verify(parse_module(text, "case.mlir"))
    except IRError as exc:
        assert theirs is not None, f"iree-opt accepts it; we say {exc}"
        m = re.match(r"case\.mlir:(\d+):(\d+): ", str(exc))
        assert m and (int(m.group(1)), int(m.group(2))) == theirs[:2], f"iree-opt: {theirs}; ours: {exc}"
        return
    assert theirs is None, f"iree-opt rejects it ({theirs}); we accept it"


def assert_error_as_iree_opt(text: str, theirs: tuple[int, int, str] | None) -> None:
    """As :func:`assert_verdict_and_place`, and ours says what iree-opt says: its message without the
    "'op' op " prefix of emitOpError (ours names the op as "op: ") begins ours, which may add what it saw."""
    try:
        verify(parse_module(text, "case.mlir"))
    except IRError as exc:
        assert theirs is not None, f"iree-opt accepts it; we say {exc}"
        m = re.match(r"case\.mlir:(\d+):(\d+): (?:([\w.]+): )?(.*)", str(exc))
        assert m, str(exc)
        assert (int(m.group(1)), int(m.group(2))) == theirs[:2], f"iree-opt: {theirs}; ours: {exc}"
        want = re.sub(r"^'[\w.]+' op ", "", theirs[2])
        assert m.group(4).startswith(want), f"iree-opt: {theirs[2]!r}; ours: {m.group(4)!r}"
        return
    assert theirs is None, f"iree-opt rejects it ({theirs}); we accept it"


#: Cases iree-opt reports and then crashes on (an IREE bug: after a bad part, CompositeAttr's parser goes on
#: with a null attribute, and printing the diagnostic's op dereferences it). Each runs alone; iree-opt's
#: first error is still printed before the crash, and ours must name the same line and column.
IREE_CRASHES = {
    "composite with a bad dense part": (
        COMPOSITE, "{c = #util.composite<8xi8, [dense<1.5> : tensor<2xi32>]>, x = array<i8: 1, 2>}"
    ),
    "composite part of an undefined type alias": (
        COMPOSITE, "{c = #util.composite<8xi8, [dense<1> : !nope]>, x = array<i8: 1, 2>}"
    ),
}


@pytest.mark.parametrize("name", list(IREE_CRASHES))
def test_place_as_iree_opt_where_it_crashes(name: str, tmp_path: pathlib.Path) -> None:
    old, new = IREE_CRASHES[name]
    assert BASE.count(old) == 1
    text = BASE.replace(old, new)
    path = tmp_path / "case.mlir"
    path.write_text(text)
    proc = subprocess.run([_iree_opt(), str(path), "-o", "/dev/null"], capture_output=True, text=True, timeout=120)
    first = re.search(r"case\.mlir:(\d+):(\d+): error: ", proc.stderr)
    assert first is not None, proc.stderr[-2000:]
    with pytest.raises(IRError) as exc:
        verify(parse_module(text, "case.mlir"))
    m = re.match(r"case\.mlir:(\d+):(\d+): ", str(exc.value))
    assert m and m.groups() == first.groups(), f"iree-opt: {first.group(0)}; ours: {exc.value}"


#: Edits of whole fixture programs, for ops the base module above does not hold: (fixture, text, its
#: replacement); iree-opt rejects each, and ours must at the same line and column.
FIXTURE_EDITS = {
    "an i64 out of range inside a target attribute kept as text": (
        "frontends/dyn_slice_jax/cmd.debug.generic.mlir",
        "native_vector_size = 16 : i64",
        "native_vector_size = 99999999999999999999 : i64",
    ),
    "arg_compare result not its init's type": (
        "frontends/onnx_layout_norm/cmd.generic.mlir",
        "}) : (tensor<1x2x4x6xf32>, tensor<1x2x4xf32>, tensor<1x2x4xi32>) -> (tensor<1x2x4xf32>, tensor<1x2x4xi32>)",
        "}) : (tensor<1x2x4x6xf32>, tensor<1x2x4xf32>, tensor<1x2x4xi32>) -> (tensor<2x2x4xf32>, tensor<1x2x4xi32>)",
    ),
}


@pytest.mark.parametrize("name", list(FIXTURE_EDITS))
def test_fixture_edit_rejected_as_iree_opt(name: str, tmp_path: pathlib.Path) -> None:
    fixture, old, new = FIXTURE_EDITS[name]
    text = (pathlib.Path(__file__).parents[1] / "fixtures" / fixture).read_text()
    assert text.count(old) == 1
    path = tmp_path / "case.mlir"
    path.write_text(text.replace(old, new))
    proc = subprocess.run([_iree_opt(), str(path), "-o", "/dev/null"], capture_output=True, text=True, timeout=120)
    first = re.search(r"case\.mlir:(\d+):(\d+): error: ", proc.stderr)
    assert first is not None, "iree-opt accepts the edit"
    with pytest.raises(IRError) as exc:
        verify(parse_module(path.read_text(), "case.mlir"))
    m = re.match(r"case\.mlir:(\d+):(\d+): ", str(exc.value))
    assert m and m.groups() == first.groups(), f"iree-opt: {first.group(0)}; ours: {exc.value}"
