"""tools/iree_differential_fuzz.py on a fixed seed: mutants of the fixtures through iree-opt and through our
parser and verifier; none may crash ours, and none that iree-opt takes may be refused by ours."""

from __future__ import annotations

import importlib.util
import pathlib
import sys

from tests.conftest import require_iree

_PATH = pathlib.Path(__file__).resolve().parents[2] / "tools" / "iree_differential_fuzz.py"
_SPEC = importlib.util.spec_from_file_location("iree_differential_fuzz", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
fuzz = importlib.util.module_from_spec(_SPEC)
sys.modules[_SPEC.name] = fuzz
_SPEC.loader.exec_module(fuzz)


def test_mutants_get_iree_opts_verdict() -> None:
    require_iree()
    tally, differences = fuzz.campaign(seed=3, count=60, pattern="tests/fixtures/iree/**/*.generic.mlir")
    assert sum(tally.values()) == 60
    assert tally["both reject"] > 0 and tally["both accept"] > 0, tally
    wrong = [d for d in differences if d["class"] in ("crash", "iree accepts, we reject")]
    assert not wrong, wrong
