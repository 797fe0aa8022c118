"""IREE's own iree-opt accepts what the project prints, with verification on, and sees the same ops."""

from __future__ import annotations

import collections
import os
import pathlib
import re
import subprocess

import pytest

import ir
from tests.conftest import iree_tool, require_iree
from tests.ir.test_roundtrip import _signature

FIXTURES = pathlib.Path(__file__).parents[1] / "fixtures" / "iree"
GENERIC = sorted(FIXTURES.glob("*/*.generic.mlir"))
OP_NAME = re.compile(r'^\s*(?:%[^=]+=\s*)?"([a-z_][\w.]*)"\(', re.M)


def _iree_opt() -> str:
    require_iree()
    found = iree_tool("iree-opt") or "iree-opt"
    if not os.path.exists(found):
        pytest.fail("iree-opt not found beside the Python interpreter or on PATH")
    return found


def _histogram(text: str) -> collections.Counter[str]:
    return collections.Counter(OP_NAME.findall(text))


def _iree_roundtrip(text: str, tmp_path: pathlib.Path) -> str:
    src = tmp_path / "in.mlir"
    src.write_text(text)
    proc = subprocess.run(
        [_iree_opt(), str(src), "--mlir-print-op-generic", "--verify-each"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_iree_opt_accepts_printed_fixture(path: pathlib.Path, tmp_path: pathlib.Path) -> None:
    source = path.read_text()
    printed = ir.print_generic(ir.parse_module(source, str(path)))
    reprinted = _iree_roundtrip(printed, tmp_path)
    assert _histogram(reprinted) == _histogram(source)


def test_iree_opt_accepts_builder_program_with_iree_names(tmp_path: pathlib.Path) -> None:
    from tests.ir.test_builder import build_program

    module = build_program()
    printed = ir.print_generic(module, iree_names=True)
    reprinted = _iree_roundtrip(printed, tmp_path)
    assert _histogram(reprinted) == _histogram(printed)


PRETTY = sorted(
    p for p in FIXTURES.glob("*/*.mlir") if not p.name.endswith(".generic.mlir") and p.name != "source.mlir"
)


@pytest.mark.parametrize("path", PRETTY, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_pretty_fixture_loads_with_locations_in_the_users_file(path: pathlib.Path) -> None:
    require_iree()
    module = ir.load_file(str(path))
    ir.verify(module)
    generic = ir.load_file(str(path.with_name(path.stem + ".generic.mlir")))
    assert module.op_histogram() == generic.op_histogram()
    assert _signature(module.op) == _signature(generic.op)
    lines = path.read_text().splitlines()
    for op in module.walk():
        if op.op_name.startswith("stream.cmd.") or op.op_name.startswith("stream.async."):
            assert op.location is not None and op.location.filename == str(path)
            assert op.op_name.split(".")[-1] in lines[op.location.line - 1], (op.op_name, op.location)
    assert "loc(" not in ir.print_generic(module)
