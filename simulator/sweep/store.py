"""The result store: one small JSON file per finished point, named by the point's key.

A sweep writes ``<key>.json`` into the store's folder as soon as a point finishes, through a temporary
file and an atomic rename, so a file is either whole or absent: an interrupted sweep loses nothing it
finished, and a rerun skips every key already stored (failed points too, unless asked to retry them).
The folder sits next to the output table (``results.parquet`` -> ``results.parquet.points/``); the table
is rewritten from the store at the end of each sweep, so it can always be rebuilt.

A record is a JSON object::

    {"key": "...", "status": "ok" | "error", "error": "KindOfError: message" | null,
     "metrics": {"makespan_ns": 1234, ...}, "elapsed_s": 0.12, "config": {...}}

Raises :class:`~simulator.sweep.errors.SweepError` when the folder cannot be written.
"""

from __future__ import annotations

import json
import math
import os
import pathlib
import tempfile
from typing import Any

from simulator.sweep.errors import SweepError


def store_dir_for(output: str | pathlib.Path) -> pathlib.Path:
    """The store folder that belongs to an output table."""
    p = pathlib.Path(output)
    return p.with_name(p.name + ".points")


def _json_safe(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(v) for v in value]
    return value


class ResultStore:
    """Finished points on disk (see the module docstring). ``directory=None`` keeps them in memory."""

    def __init__(self, directory: str | pathlib.Path | None) -> None:
        self.directory = pathlib.Path(directory) if directory is not None else None
        self._memory: dict[str, dict[str, Any]] = {}
        if self.directory is not None:
            try:
                self.directory.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise SweepError(f"cannot create the result store {self.directory}: {exc}") from None

    def records(self) -> dict[str, dict[str, Any]]:
        """Every stored record by key. Unreadable files (from a crash of another tool) are skipped."""
        if self.directory is None:
            return dict(self._memory)
        out: dict[str, dict[str, Any]] = {}
        for f in sorted(self.directory.glob("*.json")):
            try:
                record = json.loads(f.read_text())
            except (OSError, ValueError):
                continue
            if isinstance(record, dict) and record.get("key") == f.stem:
                out[f.stem] = record
        return out

    def put(self, record: dict[str, Any]) -> None:
        """Store one point's record, atomically."""
        key = record["key"]
        if self.directory is None:
            self._memory[key] = record
            return
        text = json.dumps(_json_safe(record), sort_keys=True)
        try:
            fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=f".{key[:16]}-", suffix=".tmp")
            with os.fdopen(fd, "w") as f:
                f.write(text)
            os.replace(tmp, self.directory / f"{key}.json")
        except OSError as exc:
            raise SweepError(f"cannot write a result into {self.directory}: {exc}") from None

    def __len__(self) -> int:
        if self.directory is None:
            return len(self._memory)
        return sum(1 for _ in self.directory.glob("*.json"))
