"""Every case under tests/fixtures/scheduler_cases/<pass>/ through IREE's pass (iree-opt) and streamsim's
(:data:`scheduler.passes.PASSES`): the same structure (:func:`scheduler.passes.structure.structure`), and
iree-opt accepts streamsim's output. Fails rather than skips without IREE under STREAMSIM_REQUIRE_IREE=1.

Known differences are listed in ``KNOWN_DIFFERENT`` with their cause, as strict xfails: fixing one turns
its test into an unexpected pass, which fails until the entry is removed.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys

import pytest

from scheduler.passes import PASSES
from tests.conftest import FIXTURES, require_iree

REPO = pathlib.Path(__file__).resolve().parents[2]


def _load_tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "sched_conformance", REPO / "tools" / "sched_conformance.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


conformance = _load_tool()
CASES = conformance.case_files(FIXTURES / "scheduler_cases")

# "<pass>/<case>": why streamsim's output differs from IREE's.
KNOWN_DIFFERENT: dict[str, str] = {}


def _param(pass_name: str, path: pathlib.Path) -> object:
    key = f"{pass_name}/{path.stem}"
    marks = [pytest.mark.xfail(strict=True, reason=KNOWN_DIFFERENT[key])] if key in KNOWN_DIFFERENT else []
    return pytest.param(pass_name, path, id=key, marks=marks)


def test_conformance_case_directories_name_passes() -> None:
    dirs = {p.name for p in (FIXTURES / "scheduler_cases").iterdir() if p.is_dir()}
    assert dirs <= set(PASSES)
    assert {p for p, _ in CASES} == dirs


def test_conformance_known_differences_name_cases() -> None:
    assert set(KNOWN_DIFFERENT) <= {f"{p}/{f.stem}" for p, f in CASES}


@pytest.mark.parametrize(("pass_name", "path"), [_param(p, f) for p, f in CASES])
def test_conformance_pass_matches_iree(pass_name: str, path: pathlib.Path) -> None:
    require_iree()
    tool = conformance.iree_opt()
    if tool is None:
        pytest.fail("iree-opt not found beside the Python interpreter or on PATH")
    outcome, theirs, ours = conformance.run_case(pass_name, path, tool)
    assert outcome.verdict != "iree-error", outcome.detail
    assert outcome.verdict != "rejected", outcome.detail
    assert outcome.accepted, outcome.detail
    assert ours == theirs
