"""Malformed input gives one clear error line with file:line:col and exit code 2, never a traceback."""

from __future__ import annotations

import pathlib
import re

import pytest

import ir
from simulator.cli import main

FIXTURES = pathlib.Path(__file__).parents[1] / "fixtures" / "iree"
MLP = (FIXTURES / "mlp" / "cmd.generic.mlir").read_text()


def _mutate(old: str, new: str) -> str:
    assert old in MLP, old
    return MLP.replace(old, new, 1)


CASES = [
    pytest.param(MLP[: len(MLP) // 2], r"unterminated|expected", id="truncated"),
    pytest.param(
        _mutate('"stream.timepoint.join"(%15#1, %16#1)', '"stream.timepoint.join"(%15#1, %999)'),
        r"use of undeclared SSA value %999",
        id="unknown-ssa-value",
    ),
    pytest.param(
        _mutate(
            '"stream.resource.dealloca"(%16#0, %2, %18) <{affinity = #hal.device.affinity<@__device_0>}> : '
            "(!stream.resource<transient>, index, !stream.timepoint)",
            '"stream.resource.dealloca"(%16#0, %2, %18) <{affinity = #hal.device.affinity<@__device_0>}> : '
            "(!stream.resource<external>, index, !stream.timepoint)",
        ),
        r"type mismatch for %16",
        id="type-mismatch",
    ),
    pytest.param(
        _mutate("operandSegmentSizes = array<i32: 6, 6, 1>", "operandSegmentSizes = array<i32: 5, 7, 1>"),
        r"operandSegmentSizes|segment|operand",
        id="wrong-segment-sizes",
    ),
    pytest.param(
        _mutate(
            "affinity = #hal.device.affinity<@__device_0>}> : (index)",
            "affinity = #hal.device.affinity<42>}> : (index)",
        ),
        r"#hal.device.affinity expects a device symbol",
        id="bad-attribute",
    ),
    pytest.param(
        _mutate("indexing_maps = [#map, #map1, #map2]", "indexing_maps = [#map, #nomap, #map2]"),
        r"undefined attribute alias #nomap",
        id="unknown-alias",
    ),
    pytest.param(
        '%0 = "arith.constant"() <{value = 1 : index}> : () -> index\n"foo.bar"(%0, %0) : (index) -> ()\n',
        r"has 2 operands but its type lists 1",
        id="operand-count",
    ),
    pytest.param(
        '"builtin.module"() ({\n  %0 = "a.b"() : () -> tensor<4xf33>\n}) : () -> ()\n',
        r"expected|type",
        id="bad-type",
    ),
    pytest.param(  # an op of a dispatch body, which has no op class: MLIR's segment invariant still holds
        _mutate(
            "operandSegmentSizes = array<i32: 1, 0, 0, 0, 0>, static_offsets = array<i64: 0, 0>",
            "operandSegmentSizes = array<i32: -1, 0, 0, 0, 0>, static_offsets = array<i64: 0, 0>",
        ),
        r"iree_tensor_ext.dispatch.tensor.load: operandSegmentSizes \[-1, 0, 0, 0, 0\] does not split",
        id="body-op-segment-sizes",
    ),
]


@pytest.mark.parametrize(("text", "message"), CASES)
def test_opt_rejects_malformed_input_with_location(
    text: str, message: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.mlir"
    path.write_text(text)
    code = main(["opt", str(path)])
    err = capsys.readouterr().err
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert re.search(re.escape(str(path)) + r":\d+:\d+: ", lines[0]), lines[0]
    assert re.search(message, lines[0]), lines[0]
    assert "Traceback" not in err


def test_opt_missing_file_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["opt", "/nonexistent/x.mlir"]) == 2
    assert "no such file: /nonexistent/x.mlir" in capsys.readouterr().err


def test_opt_prints_generic_form(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = FIXTURES / "mlp" / "cmd.generic.mlir"
    out = tmp_path / "out.mlir"
    assert main(["opt", str(src), "-o", str(out)]) == 0
    assert ir.print_generic(ir.load_file(str(out))) == out.read_text()


def test_integer_literals_with_leading_zeros_are_decimal() -> None:
    """MLIR's decimal literal is ``[0-9]+``: iree-opt reads ``012`` as twelve (Python's base-0 int()
    refused it, an internal error)."""
    module = ir.parse_module(
        '%0 = "arith.constant"() <{value = 012 : i32}> : () -> i32\n'
        '%1 = "arith.constant"() <{value = -0x1F : i32}> : () -> i32\n',
        "f.mlir",
    )
    assert [op.attr("value").value for op in module.op.walk() if op.op_name == "arith.constant"] == [12, -31]


def test_an_empty_entry_block_prints_with_its_label() -> None:
    """MLIR reads ``({\n})`` as a region without blocks: an empty block is printed ``^bb0:`` (a module
    holding only attributes, as IREE's util attribute tests have, came back as one iree-opt rejects)."""
    text = '"builtin.module"() <{sym_name = "m"}> ({\n^bb0:\n}) {util.x = 1 : i32} : () -> ()\n'
    module = ir.parse_module(text, "m.mlir")
    assert len(module.op.regions[0].blocks) == 1
    assert "^bb0:" in ir.print_generic(module)
    assert len(ir.parse_module(ir.print_generic(module), "n.mlir").op.regions[0].blocks) == 1


def test_a_global_whose_initial_value_has_another_type_prints_both() -> None:
    """IREE's syntax ``@g : tensor<4xf32> = dense<4> : tensor<4xi32>`` (the value converts on load)."""
    from ir.pretty import print_pretty

    text = (
        '"util.global"() <{initial_value = dense<4> : tensor<4xi32>, sym_name = "g", sym_visibility = "public", '
        "type = tensor<4xf32>}> : () -> ()\n"
    )
    assert "@g : tensor<4xf32> = dense<4> : tensor<4xi32>" in print_pretty(ir.parse_module(text, "g.mlir"))


def test_zero_bit_integers_are_a_type() -> None:
    """MLIR has i0 (IREE's util numeric tests use it); it was 'width must be positive'."""
    module = ir.parse_module('%0 = "test.op"() : () -> i0\n', "z.mlir")
    assert str(next(op for op in module.op.walk() if op.op_name == "test.op").results[0].type) == "i0"


def _dense_constant(literal: str, element: str) -> ir.Module:
    return ir.parse_module(
        f'%0 = "arith.constant"() <{{value = dense<{literal}> : tensor<2x{element}>}}> : () -> tensor<2x{element}>\n',
        "f.mlir",
    )


def _dense_values(literal: str, element: str) -> list[int]:
    (op,) = [op for op in _dense_constant(literal, element).op.walk() if op.op_name == "arith.constant"]
    return op.attr("value").to_numpy().tolist()


def test_dense_integer_literals_take_the_range_mlir_reads() -> None:
    """MLIR reads an N-bit element from -2^(N-1) to 2^N - 1, wrapping past the signed range (iree-opt prints
    dense<[0, 4294967295]> : tensor<2xi32> as [0, -1]); unsigned types keep the value."""
    assert _dense_values("[0, 4294967295]", "i32") == [0, -1]
    assert _dense_values("[-128, 255]", "i8") == [-128, -1]
    assert _dense_values("[0, 0xFFFF]", "i16") == [0, -1]
    assert _dense_values("[0, 255]", "ui8") == [0, 255]


@pytest.mark.parametrize("literal", ["[0, 9223372036854775807]", "[0, -2147483649]", "[4294967296, 0]"])
def test_dense_integer_literal_out_of_range_is_an_error_with_location(
    literal: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fuzz find (seed 13, hal area): an i32 element of 2^63-1 was numpy's OverflowError, exit 70."""
    src = tmp_path / "big.mlir"
    src.write_text(
        '"builtin.module"() ({\n'
        '  "util.func"() <{function_type = () -> tensor<2xi32>, sym_name = "main", sym_visibility = "public"}> ({\n'
        f'    %0 = "arith.constant"() <{{value = dense<{literal}> : tensor<2xi32>}}> : () -> tensor<2xi32>\n'
        '    "util.return"(%0) : (tensor<2xi32>) -> ()\n'
        "  }) : () -> ()\n"
        "}) : () -> ()\n"
    )
    assert main(["run", str(src)]) == 2
    err = capsys.readouterr().err
    assert re.search(rf"{re.escape(str(src))}:3:\d+: .*integer constant -?\d+ out of range for type i32", err), err


@pytest.mark.parametrize("stage", [None, "schedule-execution"])
def test_schedule_verifies_its_input(
    stage: str | None, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As iree-opt, a pass runs only on input the verifier accepts: a dispatch whose segment sizes do not
    split its operands was an IndexError deep in the scheduler."""
    text = (FIXTURES / "mlp" / "async.generic.mlir").read_text()
    old = "operandSegmentSizes = array<i32: 0, 3, 3, 3, 3, 3, 1>"
    assert old in text
    path = tmp_path / "bad.mlir"
    path.write_text(text.replace(old, "operandSegmentSizes = array<i32: 0, 3, 3, 6, 3, 3, 1>", 1))
    code = main(["schedule", str(path), *(["--stage", stage] if stage else [])])
    err = capsys.readouterr().err
    assert code == 2, err
    assert re.search(re.escape(str(path)) + r":\d+:\d+: stream.async.dispatch: operandSegmentSizes sums to 19", err)


def test_generated_inputs_too_large_are_refused_by_name(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check`` without --input generates inputs from the signature; a signature of 2^62 elements is an
    error naming the input and the limit, not numpy's 'array is too big' out of main."""
    d = FIXTURES / "conv2d_relu"
    text = (d / "async.generic.mlir").read_text()
    old = '"arith.constant"() <{value = 16 : index}> : () -> index'
    assert old in text
    path = tmp_path / "big.mlir"
    path.write_text(text.replace(old, '"arith.constant"() <{value = 2147483648 : index}> : () -> index', 1))
    args = ["check", str(path), "--timing-only", "--interleavings", "1", "--no-reference"]
    code = main([*args, "--parameters", f"model={d / 'params.irpa'}"])
    err = capsys.readouterr().err
    assert code == 2, err
    assert re.search(r"input 0 of @main \(.*\) would take \d+ bytes to generate, more than the input limit", err)


def test_parse_error_names_file_line_col() -> None:
    with pytest.raises(ir.ParseError, match=r"^f\.mlir:2:3: expected an operation in generic form"):
        ir.parse_module('"builtin.module"() ({\n  func.func @f() {\n}) : () -> ()', "f.mlir")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            '%0 = "arith.constant"() <{value = 1 : index}> : () -> index\n'
            '%1 = "stream.timepoint.join"(%0) : (index) -> !stream.timepoint\n',
            r"stream.timepoint.join: operand 'await_timepoints' has type index, which is not TimepointType",
            id="operand",
        ),
        pytest.param(
            '%0 = "stream.timepoint.immediate"() : () -> index\n',
            r"stream.timepoint.immediate: result 'result_timepoint' has type index, which is not TimepointType",
            id="result",
        ),
    ],
)
def test_verify_rejects_types_outside_the_declared_constraint(text: str, message: str) -> None:
    with pytest.raises(ir.VerifyError, match=message):
        ir.verify(ir.parse_module(text, "t.mlir"))


def test_dense_constant_whose_values_do_not_fill_its_type(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 3x16 literal typed tensor<0x16xi32> inside a #util.composite (found by the fuzz campaign's type
    mutation on a HAL program): an error at the literal, where iree-opt reports it (4:5: the composite's
    parts are read with the attribute), not numpy's reshape error."""
    d = FIXTURES.parent / "frontends" / "dropout_rng"
    text = (d / "hal.direct.generic.mlir").read_text()
    old = "]]> : tensor<3x16xi32>,"
    assert text.count(old) == 1
    path = tmp_path / "hal.mlir"
    path.write_text(text.replace(old, "]]> : tensor<0x16xi32>,"))
    argv = ["run", str(path), "--timing-only", "--parameters", f"model={d / 'params.irpa'}"]
    argv += ["--input", f"@{d / 'input0.npy'}", "--input", f"@{d / 'input1.npy'}"]
    code = main([*argv, "--executable-sources", str(d / "hal_sources")])
    err = capsys.readouterr().err
    assert code == 2, err
    assert re.search(
        re.escape(str(path)) + r":4:5: inferred shape of elements literal \(\[3, 16\]\) does not match type "
        r"\(\[0, 16\]\)",
        err,
    ), err
