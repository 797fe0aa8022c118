"""The IREE parameter archive (.irpa) format: its binary layout and a reader.

Layout, as defined by IREE's ``iree/schemas/parameter_archive.h`` (all integers little-endian, structs
packed with no padding):

- Header, 88 bytes, at a 16-byte aligned file offset (0 for a plain archive)::

    0  u32 magic = 0x41505249 ("IRPA")   4 u16 version_major = 0   6 u16 version_minor = 0
    8  u64 header_size = 88              16 u64 next_header_offset (0: none; else relative to this header)
    24 u64 flags (reserved)              32 u64 entry_count
    40 range entry_segment   56 range metadata_segment   72 range storage_segment

  where a ``range`` is ``u64 offset, u64 length`` and segment offsets are relative to the header.

- Entry table: ``entry_count`` entries, each starting at a 16-byte multiple within the segment. Every entry
  begins with a 60-byte common header: ``u64 entry_size, u32 type, u64 flags, range name,
  range metadata, u64 minimum_alignment``. Names and metadata are byte ranges of the metadata segment
  (names are not NUL-terminated). Types: 0 skip, 1 splat, 2 data, 3 external.

  - splat (85 bytes): ``u64 length, u8 pattern[16], u8 pattern_length``
  - data (76 bytes): ``range storage`` (relative to the storage segment); its length is the parameter's
  - external (92 bytes): ``range path, range file_range``; IREE's runtime parser rejects these.

- Metadata segment: unaligned bytes. Storage segment: parameter bytes, each at a multiple of the data
  alignment (64 by default) relative to the header. Files are padded to 4096 bytes.

A file may chain archives with ``next_header_offset``; the reader follows the chain (and refuses a loop).
Skip entries are ignored. Only the index is read: the entry table and metadata segment, never the storage.

Raises :class:`~simulator.errors.ArchiveError` naming the file and the bad field (magic, version, header
size, a segment or reference out of range, a duplicate key, an unsupported entry type).
"""

from __future__ import annotations

import os
import pathlib
import struct
from typing import BinaryIO

from simulator.archives.archive import Archive, check_readable_file
from simulator.archives.entries import SPLAT_PATTERN_LENGTHS, ParameterEntry
from simulator.errors import ArchiveError

MAGIC = 0x41505249
MAGIC_BYTES = b"IRPA"
HEADER_ALIGNMENT_BYTES = 16
ENTRY_ALIGNMENT_BYTES = 16
DEFAULT_DATA_ALIGNMENT_BYTES = 64
DEFAULT_FILE_ALIGNMENT_BYTES = 4096

# magic, version_major, version_minor, header_size, next_header_offset, flags
HEADER_PREFIX = struct.Struct("<IHHQQQ")
# entry_count, entry_segment (offset, length), metadata_segment, storage_segment
HEADER_V0_BODY = struct.Struct("<QQQQQQQ")
HEADER_V0_SIZE = HEADER_PREFIX.size + HEADER_V0_BODY.size
# entry_size, type, flags, name (offset, length), metadata (offset, length), minimum_alignment
ENTRY_HEADER = struct.Struct("<QIQQQQQQ")
SPLAT_BODY = struct.Struct("<Q16sB")
DATA_BODY = struct.Struct("<QQ")
EXTERNAL_BODY = struct.Struct("<QQQQ")

U64_MASK = (1 << 64) - 1

ENTRY_TYPE_SKIP = 0
ENTRY_TYPE_SPLAT = 1
ENTRY_TYPE_DATA = 2
ENTRY_TYPE_EXTERNAL = 3

SPLAT_ENTRY_SIZE = ENTRY_HEADER.size + SPLAT_BODY.size
DATA_ENTRY_SIZE = ENTRY_HEADER.size + DATA_BODY.size

assert HEADER_V0_SIZE == 88 and ENTRY_HEADER.size == 60
assert SPLAT_ENTRY_SIZE == 85 and DATA_ENTRY_SIZE == 76


def align_up(value: int, alignment: int) -> int:
    return value if alignment <= 1 else (value + alignment - 1) // alignment * alignment


def _read_exact(f: BinaryIO, path: pathlib.Path, offset: int, size: int, what: str) -> bytes:
    end = os.fstat(f.fileno()).st_size
    if offset < 0 or size < 0 or offset + size > end:
        raise ArchiveError(
            f"{path}: truncated or corrupt: {what} needs bytes [{offset}, {offset + size}) but the file has "
            f"{end} bytes"
        )
    f.seek(offset)
    data = f.read(size)
    if len(data) != size:
        raise ArchiveError(
            f"{path}: truncated: {what} needs bytes [{offset}, {offset + size}) but the file ends at "
            f"{offset + len(data)}"
        )
    return data


def read_irpa(path: str | pathlib.Path) -> Archive:
    """Parse the index of an .irpa file (every archive in its header chain)."""
    p = pathlib.Path(path)
    file_size = check_readable_file(p)
    entries: list[ParameterEntry] = []
    skipped: list[str] = []
    seen_keys: set[str] = set()
    visited: set[int] = set()
    base = 0
    with p.open("rb") as f:
        while True:
            if base in visited:
                raise ArchiveError(f"{p}: archive header chain loops back to offset {base}")
            visited.add(base)
            next_relative = _read_one_archive(f, p, file_size, base, entries, seen_keys, skipped)
            if next_relative == 0:
                break
            base = (base + next_relative) & U64_MASK
    return Archive(
        path=p, format="irpa", entries=tuple(entries), file_size_bytes=file_size, skipped=tuple(skipped)
    )


def _check_range(path: pathlib.Path, file_size: int, base: int, offset: int, length: int, what: str) -> None:
    if length and base + offset + length > file_size:
        raise ArchiveError(
            f"{path}: truncated or corrupt: {what} [{base + offset}, {base + offset + length}) extends past "
            f"the end of the file ({file_size} bytes)"
        )


def _read_one_archive(
    f: BinaryIO,
    path: pathlib.Path,
    file_size: int,
    base: int,
    entries: list[ParameterEntry],
    seen_keys: set[str],
    skipped: list[str],
) -> int:
    if base % HEADER_ALIGNMENT_BYTES:
        raise ArchiveError(f"{path}: archive header at offset {base} is not 16-byte aligned")
    if file_size < base + HEADER_PREFIX.size:
        raise ArchiveError(
            f"{path}: truncated: {file_size} bytes is too short for an IRPA header at offset {base}"
        )
    prefix = _read_exact(f, path, base, HEADER_PREFIX.size, "the IRPA header")
    magic, major, minor, header_size, next_offset, _flags = HEADER_PREFIX.unpack(prefix)
    if magic != MAGIC:
        raise ArchiveError(
            f"{path}: not an IRPA archive: magic at offset {base} is {prefix[:4]!r}, expected {MAGIC_BYTES!r}"
        )
    if major != 0 or minor != 0:
        raise ArchiveError(f"{path}: IRPA version {major}.{minor} is not supported (only 0.0)")
    if header_size != HEADER_V0_SIZE:
        raise ArchiveError(
            f"{path}: IRPA v0 header_size is {header_size} at offset {base}, expected {HEADER_V0_SIZE}"
        )
    # Offsets are u64 and IREE adds them with wrap-around, which is the only way a link can point back.
    next_base = (base + next_offset) & U64_MASK
    if next_offset and next_base + HEADER_PREFIX.size > file_size:
        raise ArchiveError(
            f"{path}: truncated or corrupt: linked archive header at offset {next_base} is past "
            f"the end of the file ({file_size} bytes)"
        )
    body = _read_exact(f, path, base + HEADER_PREFIX.size, HEADER_V0_BODY.size, "the IRPA v0 header")
    entry_count, eoff, elen, moff, mlen, soff, slen = HEADER_V0_BODY.unpack(body)
    _check_range(path, file_size, base, eoff, elen, "entry segment")
    _check_range(path, file_size, base, moff, mlen, "metadata segment")
    _check_range(path, file_size, base, soff, slen, "storage segment")
    if entry_count * ENTRY_HEADER.size > elen:
        raise ArchiveError(
            f"{path}: corrupt: entry_count {entry_count} cannot fit in an entry segment of {elen} bytes"
        )
    table = _read_exact(f, path, base + eoff, elen, "the entry table")
    metadata_segment = _read_exact(f, path, base + moff, mlen, "the metadata segment")

    def metadata_bytes(offset: int, length: int, index: int, what: str) -> bytes:
        if offset + length > mlen:
            raise ArchiveError(
                f"{path}: corrupt: entry {index} {what} [{offset}, {offset + length}) is outside the "
                f"metadata segment ({mlen} bytes)"
            )
        return metadata_segment[offset : offset + length]

    position = 0
    for index in range(entry_count):
        if elen - position < ENTRY_HEADER.size:
            raise ArchiveError(f"{path}: truncated entry table: entry {index} of {entry_count} is missing")
        entry_size, etype, eflags, noff, nlen, mdoff, mdlen, min_align = ENTRY_HEADER.unpack_from(
            table, position
        )
        if eflags:
            # Reserved: IREE's writer always writes 0 and its reader ignores the field. A non-zero value
            # means the entry was damaged (an 8-byte write over type and flags turns a data entry into a
            # "skip" that IREE would silently drop), so it is an error here rather than a lost parameter.
            raise ArchiveError(
                f"{path}: corrupt: entry {index} has reserved flags 0x{eflags:x} (must be 0); its type "
                f"field reads {etype}"
            )
        if entry_size < ENTRY_HEADER.size or entry_size > elen - position:
            raise ArchiveError(
                f"{path}: corrupt: entry {index} declares entry_size {entry_size}, but "
                f"{elen - position} bytes remain in the entry table"
            )
        raw = table[position : position + entry_size]
        position += align_up(entry_size, ENTRY_ALIGNMENT_BYTES)
        name_bytes = metadata_bytes(noff, nlen, index, "name")
        try:
            key = name_bytes.decode("utf-8")
        except UnicodeDecodeError:
            raise ArchiveError(f"{path}: corrupt: entry {index} name {name_bytes!r} is not UTF-8") from None
        metadata = metadata_bytes(mdoff, mdlen, index, "metadata")
        if etype == ENTRY_TYPE_SKIP:
            skipped.append(key)
            continue
        if key in seen_keys:
            raise ArchiveError(f"{path}: duplicate parameter key {key!r} (entry {index})")
        if etype == ENTRY_TYPE_SPLAT:
            if entry_size < SPLAT_ENTRY_SIZE:
                raise ArchiveError(f"{path}: corrupt: splat entry {key!r} has entry_size {entry_size} < 85")
            length, pattern, pattern_length = SPLAT_BODY.unpack_from(raw, ENTRY_HEADER.size)
            if pattern_length not in SPLAT_PATTERN_LENGTHS:
                raise ArchiveError(
                    f"{path}: corrupt: splat entry {key!r} has pattern_length {pattern_length}; "
                    "expected 1, 2, 4, 8 or 16"
                )
            try:
                entry = ParameterEntry.splat(key, pattern[:pattern_length], length, metadata=metadata)
            except ArchiveError as exc:
                raise ArchiveError(f"{path}: corrupt: {exc}") from None
        elif etype == ENTRY_TYPE_DATA:
            if entry_size < DATA_ENTRY_SIZE:
                raise ArchiveError(f"{path}: corrupt: data entry {key!r} has entry_size {entry_size} < 76")
            data_offset, data_length = DATA_BODY.unpack_from(raw, ENTRY_HEADER.size)
            if data_length and data_offset + data_length > slen:
                raise ArchiveError(
                    f"{path}: corrupt: data entry {key!r} storage [{data_offset}, {data_offset + data_length})"
                    f" is outside the storage segment ({slen} bytes)"
                )
            entry = ParameterEntry.data(
                key,
                path,
                base + soff + data_offset,
                data_length,
                metadata=metadata,
                alignment_bytes=min_align,
            )
        elif etype == ENTRY_TYPE_EXTERNAL:
            raise ArchiveError(
                f"{path}: entry {key!r} refers to an external file; external IRPA entries are not "
                "supported (IREE's runtime rejects them too)"
            )
        else:
            raise ArchiveError(f"{path}: corrupt: entry {index} ({key!r}) has unknown type {etype}")
        seen_keys.add(key)
        entries.append(entry)
    return next_offset
