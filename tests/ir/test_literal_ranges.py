"""Numeric literals in generic text read as MLIR's parser reads them, differentially against iree-opt.

Each case is one ``util.global`` whose initial value is a literal of a type: an integer past its type's
range, a minus sign on an unsigned type, a hexadecimal float with more bits than its type, an integer type
wider than MLIR allows, a dimension past int64, a dense literal whose elements or count do not fit. For
each, iree-opt (``--split-input-file``: all cases in one run) and our parser must both reject it, ours
with ``file:line:col``, or both accept it with the same value (a signless integer past the signed range
reads as its two's complement: ``255 : i8`` is ``-1 : i8``). Before, our parser accepted every out-of-range
case, and 5,000-digit literals or over-wide hex floats ended in an internal error (Python's int()
digit limit, numpy's uint overflow).
"""

from __future__ import annotations

import pathlib
import subprocess

import numpy as np
import pytest

from ir import ParseError, parse_module
from ir.attributes import BoolAttr, DenseElementsAttr, FloatAttr, IntegerAttr
from tests.ir.test_iree_acceptance import _iree_opt

BIG = "9" * 5000
# (initial value, global type)
CASES = [
    ("255 : i8", "i8"), ("256 : i8", "i8"), ("-128 : i8", "i8"), ("-129 : i8", "i8"), ("-255 : i8", "i8"),
    ("0xFF : i8", "i8"), ("0x1FF : i8", "i8"), ("-0x80 : i8", "i8"),
    ("-1 : i1", "i1"), ("1 : i1", "i1"), ("-0 : i32", "i32"), ("-0x0 : index", "index"), ("-00 : i1", "i1"), ("2 : i1", "i1"), ("0 : i0", "i0"), ("1 : i0", "i0"),
    ("-1 : ui8", "ui8"), ("255 : ui8", "ui8"), ("256 : ui8", "ui8"), ("127 : si8", "si8"), ("128 : si8", "si8"),
    ("-128 : si8", "si8"), ("18446744073709551615 : i64", "i64"), ("18446744073709551616 : i64", "i64"),
    ("9223372036854775807 : index", "index"), ("9223372036854775808 : index", "index"),
    ("-9223372036854775808 : index", "index"), ("-9223372036854775809 : index", "index"),
    (f"{BIG} : index", "index"), (f"0x{'F' * 5000} : i32", "i32"),
    ("0x7F800000 : f32", "f32"), ("0xFFFFFFFF : f32", "f32"), ("0x100000000 : f32", "f32"),
    ("-0x3F800000 : f32", "f32"), ("0x10000 : f16", "f16"), ("0xFF : f8E4M3FN", "f8E4M3FN"),
    ("0x100 : f8E4M3FN", "f8E4M3FN"), (f"0x{'F' * 5000} : f32", "f32"),
    ("0 : i16777215", "i16777215"), ("0 : i16777216", "i16777216"), (f"0 : i{BIG}", f"i{BIG}"),
    ("dense<[255, -128]> : tensor<2xi8>", "tensor<2xi8>"), ("dense<[256]> : tensor<1xi8>", "tensor<1xi8>"),
    ("dense<[99999999999999999999999]> : tensor<1xi64>", "tensor<1xi64>"),
    ("dense<0x100000000> : tensor<f32>", "tensor<f32>"), ("dense<[1, 2]> : tensor<3xi32>", "tensor<3xi32>"),
    ("dense<[1.5]> : tensor<1xi32>", "tensor<1xi32>"), ("dense<[[1, 2], [3, 4]]> : tensor<2x2xindex>", "tensor<2x2xindex>"),
    ("dense<1.0> : tensor<4xf32>", "tensor<4xf32>"),
    ("dense<0> : tensor<9223372036854775808xi8>", "tensor<9223372036854775808xi8>"),
    ("dense<0> : tensor<99999999999999999999xi8>", "tensor<99999999999999999999xi8>"),
]  # fmt: skip


def _module(value: str, type_: str) -> str:
    return (
        '"builtin.module"() ({\n'
        f'  "util.global"() <{{sym_name = "g", type = {type_}, initial_value = {value}}}> : () -> ()\n'
        "}) : () -> ()\n"
    )


def _value(text: str) -> object:
    """The global's initial value as plain Python numbers (i1 true/false as 1/0, dense as a list)."""
    module = parse_module(text)
    value = next(op for op in module.walk() if op.op_name == "util.global").attr("initial_value")
    if isinstance(value, BoolAttr):
        return int(value.value)
    if isinstance(value, IntegerAttr):
        return value.value
    if isinstance(value, FloatAttr):
        return np.float64(value.value).tobytes()  # NaN payloads and signed zeros compared by bits
    assert isinstance(value, DenseElementsAttr), value
    return value.to_numpy().tolist()


@pytest.fixture(scope="module")
def iree_outputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """iree-opt's generic output per case: '' where it rejected the case."""
    path = tmp_path_factory.mktemp("literals") / "cases.mlir"
    path.write_text("// -----\n".join(_module(v, t) for v, t in CASES))
    proc = subprocess.run(
        [_iree_opt(), "--split-input-file", "--mlir-print-op-generic", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    chunks = [c.strip() for c in proc.stdout.split("// -----")]
    assert len(chunks) == len(CASES), proc.stdout[-2000:] + proc.stderr[-2000:]
    return chunks


@pytest.mark.parametrize("index", range(len(CASES)), ids=[v[:40] for v, _ in CASES])
def test_literal_reads_as_iree_opt_reads_it(index: int, iree_outputs: list[str], tmp_path: pathlib.Path) -> None:
    value, type_ = CASES[index]
    text = _module(value, type_)
    expected = iree_outputs[index]
    if not expected:
        with pytest.raises(ParseError) as info:
            parse_module(text, "case.mlir")
        assert str(info.value).startswith("case.mlir:2:"), info.value
        assert len(str(info.value)) < 300  # a 5,000-digit literal is not quoted whole
    else:
        assert _value(text) == _value(expected)
