"""Run the doctest examples of the archive modules (``simulator`` is not in pytest's doctest paths)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "simulator.archives.archive",
    "simulator.archives.dtypes",
    "simulator.archives.entries",
    "simulator.archives.index",
    "simulator.archives.irpa_writer",
    "simulator.archives.virtual",
]


@pytest.mark.parametrize("name", MODULES)
def test_archive_module_doctests_pass(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
