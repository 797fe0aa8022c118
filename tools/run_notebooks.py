#!/usr/bin/env python3
"""Execute notebooks in place, their outputs written back: after a change that moves the figures they print
(a preset refit, a model change), so the committed notebooks show what the code now gives.

tests/test_notebooks.py runs every notebook with ``STREAMSIM_NOTEBOOK_TEST=1`` (the small grid) and throws
the outputs away; this runs the full study (that variable removed) and keeps them. A notebook whose run
raises is not written, and the exit status is 1 with the notebook and the error named.

Usage: ``python tools/run_notebooks.py notebooks/01_quickstart.ipynb notebooks/04_calibration.ipynb`` from
the project root (``--all`` for every notebook under notebooks/).
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys
import time
from collections.abc import Sequence

ROOT = pathlib.Path(__file__).resolve().parents[1]


def execute(path: pathlib.Path, *, timeout: int) -> None:
    """Run ``path`` top to bottom with the project root as its working directory and write it back."""
    import nbclient
    import nbformat

    nb = nbformat.read(str(path), as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    )
    client.execute()
    nbformat.write(nb, str(path))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=pathlib.Path, help="the .ipynb files to execute")
    parser.add_argument("--all", action="store_true", help="every notebook under notebooks/")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds a cell may run (default 1800)")
    args = parser.parse_args(argv)
    paths = sorted((ROOT / "notebooks").glob("*.ipynb")) if args.all else list(args.notebooks)
    if not paths:
        parser.error("name the notebooks to execute, or --all")
    missing = [str(p) for p in paths if not p.is_file()]
    if missing:
        parser.error(f"no such notebook: {', '.join(missing)}")
    os.environ.pop("STREAMSIM_NOTEBOOK_TEST", None)
    os.environ.setdefault("MPLBACKEND", "Agg")
    for path in paths:
        start = time.monotonic()
        try:
            execute(path, timeout=args.timeout)
        except Exception as exc:  # nbclient raises CellExecutionError and timeouts; name the notebook
            print(f"error: {path}: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}",
                  file=sys.stderr)
            return 1
        print(f"wrote {path} ({time.monotonic() - start:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
