"""Writing .irpa archives that IREE's runtime loads.

An :class:`IrpaWriter` collects entries, then :meth:`IrpaWriter.write` lays them out the way IREE's own
archive builder does (see :mod:`.irpa` for the format): the 88-byte header at offset 0, the entry table at
offset 96 with each entry on a 16-byte boundary, names and metadata packed in the metadata segment, then
the storage segment with every data entry at a multiple of the data alignment (64 bytes unless asked
otherwise), and the file padded to 4096 bytes.

Entries come in three flavours, matching ``iree-create-parameters``:

- data from an array or bytes (:meth:`add_data`), streamed to disk in chunks, so a ``np.memmap`` of a
  large file is never loaded whole;
- data with a repeated pattern or zeros (:meth:`add_filled`), a storage reservation with known contents;
- splats (:meth:`add_splat`), which take no storage at all.

The archive is written to a temporary file next to the target and renamed over it, so a failed write
never leaves a half-written archive under the target name.

Raises :class:`~simulator.errors.ArchiveError` for a duplicate key, a bad splat pattern or alignment, or
an OS error while writing (naming the output path).
"""

from __future__ import annotations

import os
import pathlib
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import BinaryIO

import numpy as np

from simulator.archives.archive import Archive
from simulator.archives.entries import SPLAT_PATTERN_LENGTHS
from simulator.archives.irpa import (
    DATA_BODY,
    DATA_ENTRY_SIZE,
    DEFAULT_DATA_ALIGNMENT_BYTES,
    DEFAULT_FILE_ALIGNMENT_BYTES,
    ENTRY_ALIGNMENT_BYTES,
    ENTRY_HEADER,
    ENTRY_TYPE_DATA,
    ENTRY_TYPE_SPLAT,
    HEADER_ALIGNMENT_BYTES,
    HEADER_PREFIX,
    HEADER_V0_BODY,
    HEADER_V0_SIZE,
    MAGIC,
    SPLAT_BODY,
    SPLAT_ENTRY_SIZE,
    align_up,
    read_irpa,
)
from simulator.errors import ArchiveError

CHUNK_BYTES = 16 << 20


@dataclass(frozen=True)
class _Pending:
    key: str
    size_bytes: int
    metadata: bytes
    splat_pattern: bytes | None
    # Writes the entry's bytes at the file's current position; None for splats.
    emit: Callable[[BinaryIO], None] | None
    # Zero-filled: emit leaves a hole and takes no disk space.
    sparse: bool = False


def _as_byte_view(data: object, key: str) -> memoryview:
    if isinstance(data, np.ndarray):
        array = data if data.flags.c_contiguous else np.ascontiguousarray(data)
        # reshape(-1) then a uint8 view keeps memmaps lazy; ml_dtypes (bf16, fp8) arrays go through too.
        return memoryview(array.reshape(-1).view(np.uint8))  # type: ignore[arg-type]  # ndarray is a buffer
    if isinstance(data, bytes | bytearray | memoryview):
        return memoryview(data).cast("B")
    raise ArchiveError(
        f"parameter {key!r}: cannot write data of type {type(data).__name__}; expected a numpy array or bytes"
    )


class IrpaWriter:
    """Collects parameters and writes them as one .irpa archive.

    Examples
    --------
    >>> import numpy as np, tempfile, pathlib
    >>> w = IrpaWriter()
    >>> w.add_data("w", np.arange(4, dtype=np.float32))
    >>> w.add_splat("b", np.float32(1.0).tobytes(), 64)
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "p.irpa"
    >>> archive = w.write(out)
    >>> [(e.key, e.kind.value, e.offset_bytes, e.size_bytes) for e in archive.entries]
    [('w', 'data', 320, 16), ('b', 'splat', None, 64)]
    """

    def __init__(self, *, alignment_bytes: int = DEFAULT_DATA_ALIGNMENT_BYTES) -> None:
        if alignment_bytes <= 0 or alignment_bytes & (alignment_bytes - 1):
            raise ArchiveError(f"irpa data alignment must be a power of two, got {alignment_bytes}")
        self.alignment_bytes = alignment_bytes
        self._pending: list[_Pending] = []
        self._keys: set[str] = set()

    def __len__(self) -> int:
        return len(self._pending)

    def _add(self, pending: _Pending) -> None:
        if pending.key in self._keys:
            raise ArchiveError(f"duplicate parameter key {pending.key!r}")
        if not pending.key:
            raise ArchiveError("parameter keys must not be empty")
        # The entry table holds sizes as uint64; a data entry's bytes also lie in the file, whose offsets
        # are signed 64-bit.
        limit = 2**64 - 1 if pending.splat_pattern is not None else 2**63 - 1
        if pending.size_bytes > limit:
            raise ArchiveError(
                f"parameter {pending.key!r}: {pending.size_bytes:,} bytes is more than an .irpa "
                f"{'splat' if pending.splat_pattern is not None else 'data'} entry can hold ({limit:,})"
            )
        self._keys.add(pending.key)
        self._pending.append(pending)

    def add_data(
        self, key: str, data: np.ndarray | bytes | bytearray | memoryview, *, metadata: bytes = b""
    ) -> None:
        """Add a data entry whose bytes are ``data`` (C order, native little-endian layout)."""
        view = _as_byte_view(data, key)

        def emit(f: BinaryIO) -> None:
            for start in range(0, len(view), CHUNK_BYTES):
                f.write(view[start : start + CHUNK_BYTES])

        self._add(_Pending(key, len(view), bytes(metadata), None, emit))

    def add_filled(
        self, key: str, size_bytes: int, pattern: bytes = b"\x00", *, metadata: bytes = b""
    ) -> None:
        """Add a data entry of ``size_bytes`` bytes holding ``pattern`` repeated (zeros by default)."""
        pattern = bytes(pattern)
        if not pattern or size_bytes % len(pattern):
            raise ArchiveError(
                f"parameter {key!r}: size_bytes {size_bytes} is not a multiple of the "
                f"{len(pattern)}-byte fill pattern"
            )

        def emit(f: BinaryIO) -> None:
            if pattern.count(0) == len(pattern):
                # Zeros: leave a hole; the final truncate makes it read back as zeros.
                f.seek(size_bytes, os.SEEK_CUR)
                return
            chunk = pattern * max(1, CHUNK_BYTES // len(pattern))
            remaining = size_bytes
            while remaining:
                n = min(remaining, len(chunk))
                f.write(chunk[:n])
                remaining -= n

        self._add(_Pending(key, size_bytes, bytes(metadata), None, emit, sparse=not any(pattern)))

    def add_splat(self, key: str, pattern: bytes, size_bytes: int, *, metadata: bytes = b"") -> None:
        """Add a splat entry: ``pattern`` (1, 2, 4, 8 or 16 bytes) repeated over ``size_bytes`` bytes."""
        pattern = bytes(pattern)
        if len(pattern) not in SPLAT_PATTERN_LENGTHS:
            raise ArchiveError(
                f"parameter {key!r}: splat pattern of {len(pattern)} bytes; IREE allows 1, 2, 4, 8 or 16"
            )
        if size_bytes < 0 or size_bytes % len(pattern):
            raise ArchiveError(
                f"parameter {key!r}: splat size_bytes {size_bytes} is not a non-negative multiple of its "
                f"{len(pattern)}-byte pattern"
            )
        self._add(_Pending(key, size_bytes, bytes(metadata), pattern, None))

    def write(self, path: str | os.PathLike[str]) -> Archive:
        """Write the archive to ``path`` (replacing it) and return the index read back from disk."""
        out = pathlib.Path(path)
        table, metadata_segment, data_offsets, storage_length = self._layout()
        entry_offset = align_up(HEADER_V0_SIZE, HEADER_ALIGNMENT_BYTES)
        metadata_offset = entry_offset + len(table)
        storage_offset = align_up(metadata_offset + len(metadata_segment), self.alignment_bytes)
        file_size = align_up(storage_offset + storage_length, DEFAULT_FILE_ALIGNMENT_BYTES)
        if file_size > 2**63 - 1:
            raise ArchiveError(f"{out}: {file_size:,} bytes of data entries is more than a file can hold")
        self._check_free_space(out)
        header = HEADER_PREFIX.pack(MAGIC, 0, 0, HEADER_V0_SIZE, 0, 0) + HEADER_V0_BODY.pack(
            len(self._pending),
            entry_offset,
            len(table),
            metadata_offset,
            len(metadata_segment),
            storage_offset,
            storage_length,
        )
        try:
            fd, tmp_name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".tmp", dir=out.parent or ".")
        except OSError as exc:
            raise ArchiveError(f"{out}: cannot create the archive: {exc.strerror}") from None
        tmp = pathlib.Path(tmp_name)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(header)
                f.write(b"\0" * (entry_offset - len(header)))
                f.write(table)
                f.write(metadata_segment)
                for pending, relative in zip(self._pending, data_offsets):
                    if pending.emit is None or relative is None:
                        continue
                    f.seek(storage_offset + relative)
                    pending.emit(f)
                f.truncate(file_size)
            os.chmod(tmp, 0o644)
            os.replace(tmp, out)
        except OSError as exc:
            tmp.unlink(missing_ok=True)
            raise ArchiveError(f"{out}: writing the archive failed: {exc.strerror or exc}") from None
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        return read_irpa(out)

    def _check_free_space(self, out: pathlib.Path) -> None:
        """Refuse, before writing, an archive whose written bytes (zero-filled entries are holes) exceed
        the free space of the disk it goes to: a mistyped size must not fill the disk first."""
        written = sum(p.size_bytes for p in self._pending if p.emit is not None and not p.sparse)
        try:
            free = shutil.disk_usage(out.parent if str(out.parent) else ".").free
        except OSError:
            return  # the write itself reports the directory
        if written > free:
            raise ArchiveError(
                f"{out}: the data entries need {written:,} bytes on disk, more than the {free:,} bytes free"
            )

    def _layout(self) -> tuple[bytes, bytes, list[int | None], int]:
        table = bytearray()
        metadata_segment = bytearray()
        data_offsets: list[int | None] = []
        storage_cursor = 0
        for i, pending in enumerate(self._pending):
            name = pending.key.encode("utf-8")
            name_offset = len(metadata_segment)
            metadata_segment += name
            meta_offset = len(metadata_segment) if pending.metadata else 0
            metadata_segment += pending.metadata
            if i:
                table += b"\0" * (align_up(len(table), ENTRY_ALIGNMENT_BYTES) - len(table))
            if pending.splat_pattern is not None:
                common = ENTRY_HEADER.pack(
                    SPLAT_ENTRY_SIZE, ENTRY_TYPE_SPLAT, 0,
                    name_offset, len(name), meta_offset, len(pending.metadata), 0,
                )  # fmt: skip
                padded = pending.splat_pattern.ljust(16, b"\0")
                table += common + SPLAT_BODY.pack(pending.size_bytes, padded, len(pending.splat_pattern))
                data_offsets.append(None)
            else:
                storage_cursor = align_up(storage_cursor, self.alignment_bytes)
                common = ENTRY_HEADER.pack(
                    DATA_ENTRY_SIZE, ENTRY_TYPE_DATA, 0,
                    name_offset, len(name), meta_offset, len(pending.metadata), self.alignment_bytes,
                )  # fmt: skip
                table += common + DATA_BODY.pack(storage_cursor, pending.size_bytes)
                data_offsets.append(storage_cursor)
                storage_cursor += pending.size_bytes
        return bytes(table), bytes(metadata_segment), data_offsets, storage_cursor


def write_irpa(
    path: str | os.PathLike[str],
    arrays: dict[str, np.ndarray | bytes],
    *,
    alignment_bytes: int = DEFAULT_DATA_ALIGNMENT_BYTES,
) -> Archive:
    """Write ``{key: array}`` as data entries of a new .irpa archive at ``path``; return its index."""
    writer = IrpaWriter(alignment_bytes=alignment_bytes)
    for key, array in arrays.items():
        writer.add_data(key, array)
    return writer.write(path)
