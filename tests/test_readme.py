"""The README's Python example runs as written (from the repository root)."""

from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).parents[1]


def test_readme_python_examples_run(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert blocks
    for block in blocks:
        code = block.replace('"tests/fixtures', f'"{ROOT}/tests/fixtures')
        monkeypatch.chdir(tmp_path)
        exec(compile(code, "README.md", "exec"), {"__name__": "readme"})
    assert (tmp_path / "run.json").exists()
