"""The verifier against IREE's: every case under tests/fixtures/verifier/ (``valid_*`` / ``invalid_*``) is
accepted or rejected by streamsim's verifier as its name says, an invalid one with the file:line:col of the
bad op, and iree-opt 3.13 gives the same verdict (the differential half; it fails rather than skips under
STREAMSIM_REQUIRE_IREE=1). ``python tools/verifier_conformance.py`` prints the same comparison as a table."""

from __future__ import annotations

import pathlib
import re
import subprocess

import pytest

import ir
from ir.errors import ParseError, VerifyError
from tests.conftest import iree_tool, require_iree

CASES = sorted((pathlib.Path(__file__).parents[1] / "fixtures" / "verifier").glob("*valid_*.mlir"))


def _valid(path: pathlib.Path) -> bool:
    return path.name.startswith("valid_")


def test_verifier_cases_cover_both_kinds() -> None:
    assert sum(map(_valid, CASES)) >= 2 and sum(not _valid(p) for p in CASES) >= 2


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_verifier_verdict_matches_the_case(path: pathlib.Path) -> None:
    if _valid(path):
        ir.verify(ir.load_file(str(path)))
        return
    with pytest.raises((VerifyError, ParseError), match=rf"^{re.escape(str(path))}:\d+:\d+: "):
        ir.verify(ir.load_file(str(path)))


def _iree_opt() -> str:
    require_iree()
    found = iree_tool("iree-opt")
    if found is None:
        pytest.fail("iree-opt not found beside the Python interpreter or on PATH")
    return found


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_iree_opt_gives_the_same_verdict(path: pathlib.Path) -> None:
    done = subprocess.run([_iree_opt(), str(path)], capture_output=True, text=True, timeout=120, check=False)
    assert (done.returncode == 0) == _valid(path), done.stderr[-2000:]
