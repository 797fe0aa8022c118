"""Byte access to archive files through memory maps.

Parameter files can be many gigabytes, so nothing here reads a whole file: each file is mapped once
(read-only, or read-write on the first write) with ``np.memmap``, and reads slice the map. A slice is a
view of the page cache, so a read touches only the pages it needs.

Writes go through a shared read-write map and are flushed to the file before :meth:`MappedFiles.write`
returns, so once it returns the bytes are in the file on disk (as far as the OS page cache is
concerned; ``fsync`` is left to :meth:`MappedFiles.sync`). Because both maps are shared mappings of the
same file, earlier read-only views see the new bytes too.

Raises :class:`~simulator.errors.ParameterRangeError` for a range outside the file and
:class:`~simulator.errors.ArchiveError` when a file cannot be opened or mapped (naming the file).
"""

from __future__ import annotations

import os
import pathlib

import numpy as np

from simulator.errors import ArchiveError, ParameterRangeError


class MappedFiles:
    """A cache of memory maps, one read-only and at most one read-write map per file path."""

    def __init__(self) -> None:
        self._read: dict[pathlib.Path, np.memmap] = {}
        self._write: dict[pathlib.Path, np.memmap] = {}

    def _map(self, path: pathlib.Path, *, writable: bool) -> np.memmap:
        cache = self._write if writable else self._read
        mapped = cache.get(path)
        if mapped is None:
            try:
                mapped = np.memmap(path, dtype=np.uint8, mode="r+" if writable else "r")
            except FileNotFoundError:
                raise ArchiveError(f"{path}: parameter file no longer exists") from None
            except PermissionError:
                mode = "writing" if writable else "reading"
                raise ArchiveError(
                    f"{path}: permission denied opening the parameter file for {mode}"
                ) from None
            except (OSError, ValueError) as exc:
                raise ArchiveError(f"{path}: cannot map the parameter file: {exc}") from None
            cache[path] = mapped
        return mapped

    def _check(self, path: pathlib.Path, offset_bytes: int, length_bytes: int, mapped: np.memmap) -> None:
        if offset_bytes < 0 or length_bytes < 0 or offset_bytes + length_bytes > mapped.shape[0]:
            raise ParameterRangeError(
                f"{path}: byte range [{offset_bytes}, {offset_bytes + length_bytes}) is outside the file "
                f"({mapped.shape[0]} bytes)"
            )

    def view(
        self, path: pathlib.Path, offset_bytes: int, length_bytes: int, *, writable: bool = False
    ) -> np.ndarray:
        """A uint8 view of ``length_bytes`` bytes of ``path`` at ``offset_bytes`` (no copy)."""
        if length_bytes == 0:
            return np.zeros(0, dtype=np.uint8)
        mapped = self._map(path, writable=writable)
        self._check(path, offset_bytes, length_bytes, mapped)
        # Slicing a memmap returns a memmap subclass; callers get a plain ndarray over the same pages.
        return np.asarray(mapped[offset_bytes : offset_bytes + length_bytes]).view(np.ndarray)

    def read(self, path: pathlib.Path, offset_bytes: int, length_bytes: int) -> bytes:
        return self.view(path, offset_bytes, length_bytes).tobytes()

    def write(self, path: pathlib.Path, offset_bytes: int, data: np.ndarray) -> None:
        """Copy the uint8 array ``data`` into ``path`` at ``offset_bytes`` and flush it to the file."""
        if data.size == 0:
            return
        mapped = self._map(path, writable=True)
        self._check(path, offset_bytes, data.size, mapped)
        mapped[offset_bytes : offset_bytes + data.size] = data
        mapped.flush()

    def sync(self) -> None:
        """Flush every writable map and fsync its file."""
        for path, mapped in self._write.items():
            mapped.flush()
            fd = os.open(path, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)

    def close(self) -> None:
        for mapped in self._write.values():
            mapped.flush()
        self._read.clear()
        self._write.clear()
