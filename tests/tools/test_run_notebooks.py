"""tools/run_notebooks.py: a notebook is executed with its outputs written back; one whose cell raises is
left as it was, named, with exit status 1; bad arguments are usage errors."""

from __future__ import annotations

import importlib.util
import pathlib

import nbformat
import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


def _load_tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("run_notebooks", REPO / "tools" / "run_notebooks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


run_notebooks = _load_tool()


def _notebook(path: pathlib.Path, *sources: str) -> pathlib.Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in sources]
    nbformat.write(nb, str(path))
    return path


def test_outputs_are_written_back_without_the_test_grid(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("STREAMSIM_NOTEBOOK_TEST", "1")
    path = _notebook(
        tmp_path / "a.ipynb", "print(6 * 7)", "import os; print(os.environ.get('STREAMSIM_NOTEBOOK_TEST', 'full'))"
    )
    assert run_notebooks.main([str(path)]) == 0
    cells = nbformat.read(str(path), as_version=4).cells
    assert [out["text"] for cell in cells for out in cell["outputs"]] == ["42\n", "full\n"]
    assert f"wrote {path}" in capsys.readouterr().out


def test_a_failing_notebook_is_named_and_not_written(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _notebook(tmp_path / "bad.ipynb", "print('ran')", "raise ValueError('no such preset')")
    before = path.read_bytes()
    assert run_notebooks.main([str(path)]) == 1
    assert path.read_bytes() == before
    err = capsys.readouterr().err
    assert str(path) in err and "CellExecutionError" in err


def test_usage_errors(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        run_notebooks.main([])
    assert exc.value.code == 2
    with pytest.raises(SystemExit) as exc:
        run_notebooks.main([str(tmp_path / "missing.ipynb")])
    assert exc.value.code == 2
    assert "missing.ipynb" in capsys.readouterr().err
