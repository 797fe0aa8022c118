"""Every notebook under notebooks/ runs top to bottom without error (executed with nbclient)."""

from __future__ import annotations

import pathlib

import nbclient
import nbformat
import pytest

ROOT = pathlib.Path(__file__).parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_executes(path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MPLBACKEND", "Agg")
    # Notebooks read this to run their small test-suite grid instead of the full study.
    monkeypatch.setenv("STREAMSIM_NOTEBOOK_TEST", "1")
    nb = nbformat.read(str(path), as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()
    errors = [
        out
        for cell in nb.cells
        if cell.get("cell_type") == "code"
        for out in cell.get("outputs", [])
        if out.get("output_type") == "error"
    ]
    assert not errors, errors
