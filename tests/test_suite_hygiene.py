"""The suite leaves the interpreter as it found it where child processes would inherit it."""

from __future__ import annotations

import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]


def test_no_test_module_leaves_benchmarks_or_tools_on_sys_path() -> None:
    # Collection has imported every test module by now. Spawned processes (Dask workers) inherit sys.path,
    # and benchmarks/traces.py would shadow the traces package in them.
    for folder in ("benchmarks", "tools"):
        assert str(REPO / folder) not in sys.path, f"{folder}/ is on sys.path: {sys.path[:4]}"
