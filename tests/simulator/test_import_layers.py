"""Imports go one way inside simulator: the session builds on params and machine, never the reverse
(not even lazily, inside a function), so no circle runs through them."""

from __future__ import annotations

import ast
import pathlib

import pytest

SIMULATOR = pathlib.Path(__file__).parents[2] / "simulator"


def _imports(path: pathlib.Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


LOWER = sorted(
    [*(SIMULATOR / "params").glob("*.py"), *(SIMULATOR / "archives").glob("*.py"), SIMULATOR / "machine.py"]
)


@pytest.mark.parametrize("path", LOWER, ids=lambda p: str(p.relative_to(SIMULATOR)))
def test_lower_layers_never_import_the_session(path: pathlib.Path) -> None:
    bad = {m for m in _imports(path) if m in ("simulator.session", "simulator.runtime", "simulator.host")}
    assert not bad, f"{path.name} imports {sorted(bad)}"


def test_machine_does_not_import_params() -> None:
    assert not {m for m in _imports(SIMULATOR / "machine.py") if m.startswith("simulator.params")}
