"""Tests of ir.loader.read_source: the one way program bytes become text (stdin, gzip, cap, UTF-8)."""

from __future__ import annotations

import gzip
import io
import pathlib
import sys

import pytest

from ir import load_file, print_generic
from ir import load_text as ir_load_text
from ir.errors import ParseError, VerifyError
from ir.loader import read_source

GENERIC = '"builtin.module"() ({\n}) : () -> ()\n'


def test_loader_reads_plain_and_gzip_alike(tmp_path: pathlib.Path) -> None:
    plain = tmp_path / "m.mlir"
    plain.write_text(GENERIC)
    packed = tmp_path / "m.mlir.gz"
    packed.write_bytes(gzip.compress(GENERIC.encode()))
    assert read_source(plain) == read_source(packed) == GENERIC
    fixture = pathlib.Path(__file__).parents[1] / "fixtures" / "iree" / "mlp" / "cmd.generic.mlir"
    packed.write_bytes(gzip.compress(fixture.read_bytes()))
    assert print_generic(load_file(packed)) == print_generic(load_file(fixture))


def test_loader_reads_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(GENERIC.encode())))
    assert read_source("-") == GENERIC


@pytest.mark.parametrize(
    ("data", "where"),
    [(b"\xff" + GENERIC.encode(), "1:1"), (b"// ok\n  // caf\xc3 x\n", "2:9")],
    ids=["first-byte", "second-line"],
)
def test_loader_bad_utf8_names_line_and_column(tmp_path: pathlib.Path, data: bytes, where: str) -> None:
    p = tmp_path / "b.mlir"
    p.write_bytes(data)
    with pytest.raises(ParseError, match=rf"^{p}:{where}: byte 0x[0-9a-f]{{2}} is not valid UTF-8"):
        load_file(p)


def test_loader_caps_input_size(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "big.mlir"
    p.write_text(GENERIC + "// " + "x" * 200 + "\n")
    monkeypatch.setenv("STREAMSIM_MAX_INPUT_BYTES", "100")
    with pytest.raises(ParseError, match=r"larger than the input limit of 100 bytes"):
        read_source(p)
    packed = tmp_path / "big.mlir.gz"
    packed.write_bytes(gzip.compress(p.read_bytes()))
    assert packed.stat().st_size < 100
    with pytest.raises(ParseError, match=r"decompressed file is larger than the input limit"):
        read_source(packed)


def test_loader_endless_device_stops_at_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    if not pathlib.Path("/dev/zero").exists():
        pytest.skip("no /dev/zero on this platform")
    monkeypatch.setenv("STREAMSIM_MAX_INPUT_BYTES", str(1 << 20))
    with pytest.raises(ParseError, match=r"^/dev/zero: the file is larger than the input limit"):
        read_source("/dev/zero")


@pytest.mark.parametrize("value", ["0", "-3", "lots"], ids=["zero", "negative", "word"])
def test_loader_rejects_bad_cap_setting(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("STREAMSIM_MAX_INPUT_BYTES", value)
    with pytest.raises(ParseError, match="STREAMSIM_MAX_INPUT_BYTES must be a positive integer"):
        read_source("-")


def test_loader_missing_file_and_directory(tmp_path: pathlib.Path) -> None:
    with pytest.raises(ParseError, match=r"no such file: .*nope\.mlir$"):
        read_source(tmp_path / "nope.mlir")
    with pytest.raises(ParseError, match="is a directory"):
        read_source(tmp_path)


def test_loader_corrupt_gzip(tmp_path: pathlib.Path) -> None:
    p = tmp_path / "c.mlir.gz"
    p.write_bytes(gzip.compress(GENERIC.encode())[:-6])
    with pytest.raises(ParseError, match=r"c\.mlir\.gz: corrupt gzip data"):
        read_source(p)


@pytest.mark.parametrize(
    ("attrs", "result", "message"),
    [
        ("<{valu = 16 : index}>", "index", r"arith\.constant: missing required attribute 'value'"),
        ('<{value = "x"}>', "index", r'arith\.constant: value "x" is not a number or elements attribute'),
        (
            "<{value = 16 : i32}>",
            "index",
            r"arith\.constant: value type i32 does not match the result type index",
        ),
        ("<{value = true}>", "i32", r"arith\.constant: value true is i1 but the result type is i32"),
    ],
    ids=["missing", "string", "type-mismatch", "bool-as-i32"],
)
def test_verifier_rejects_bad_arith_constant(attrs: str, result: str, message: str) -> None:
    """A mutated constant is an invalid program (exit 2 at file:line:col), not an unsupported op at run time."""
    from ir import verify

    text = f'"builtin.module"() ({{\n  %0 = "arith.constant"() {attrs} : () -> {result}\n}}) : () -> ()\n'
    with pytest.raises(VerifyError, match=rf"^c\.mlir:2:8: {message}"):
        verify(ir_load_text(text, "c.mlir"))


def test_run_verifies_the_program_before_running(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from simulator.cli import main

    fixture = pathlib.Path(__file__).parents[1] / "fixtures" / "iree" / "mlp"
    lines = (fixture / "cmd.generic.mlir").read_text().splitlines()
    index = next(
        i for i, line in enumerate(lines) if '"arith.constant"() <{value = ' in line and ": index}>" in line
    )
    lines[index] = lines[index].replace("<{value = ", "<{valu = ", 1)
    program = tmp_path / "k.mlir"
    program.write_text("\n".join(lines) + "\n")
    argv = ["run", str(program), "--parameters", f"model={fixture / 'params.irpa'}"]
    assert main([*argv, "--input", f"@{fixture / 'input0.npy'}"]) == 2
    err = capsys.readouterr().err
    assert f"k.mlir:{index + 1}:" in err and "missing required attribute 'value'" in err
