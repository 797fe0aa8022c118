"""Fixtures for the parameter archive tests: the IREE fixtures' params.irpa files and temp copies."""

from __future__ import annotations

import pathlib
import shutil

import pytest

IREE_FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "iree"


@pytest.fixture
def mlp_copy(tmp_path: pathlib.Path) -> pathlib.Path:
    """A writable copy of the mlp fixture's params.irpa."""
    target = tmp_path / "params.irpa"
    shutil.copyfile(IREE_FIXTURES / "mlp" / "params.irpa", target)
    return target
