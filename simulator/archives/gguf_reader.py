"""Reading the index of a .gguf file with the ``gguf`` package's ``GGUFReader``.

GGUF (the llama.cpp format) starts with the magic ``GGUF``, a u32 version, a u64 tensor count and a u64
key/value count, then the key/values, the tensor infos (name, dims, ggml type, offset) and the aligned
tensor data. ``GGUFReader`` memory-maps the file and parses all of that; we keep, per tensor, its absolute
data offset, byte count, type name (``F32``, ``BF16``, ``Q4_0``...) and shape in numpy order (GGUF stores
dimensions innermost first).

Before handing the file to ``GGUFReader`` the index is walked here, checking every count and length read
from the file against the bytes that remain, so that a corrupt count cannot make the parser allocate
without limit or loop nearly forever (``GGUFReader`` trusts them): the fixed header's counts (every tensor
info takes at least 24 bytes and every key/value at least 13), each key/value's string lengths, array
element counts and nesting, and each tensor info's name and dimension count.

Raises :class:`~simulator.errors.ArchiveError` naming the file: bad magic, unsupported version, counts
the file cannot hold, tensor data past the end of the file, or any parse failure inside ``gguf``.
"""

from __future__ import annotations

import mmap
import pathlib
import struct

from simulator.archives.archive import Archive, check_readable_file
from simulator.archives.entries import ParameterEntry
from simulator.errors import ArchiveError

GGUF_MAGIC = b"GGUF"
MIN_TENSOR_INFO_BYTES = 24
MIN_KV_BYTES = 13
FIXED_HEADER = struct.Struct("<4sIQQ")


def _check_fixed_header(p: pathlib.Path, file_size: int) -> None:
    with p.open("rb") as f:
        head = f.read(FIXED_HEADER.size)
    endian = "<"
    if len(head) < FIXED_HEADER.size:
        raise ArchiveError(f"{p}: truncated: {file_size} bytes is too short for a GGUF header")
    magic, version, tensor_count, kv_count = FIXED_HEADER.unpack(head)
    if magic != GGUF_MAGIC:
        raise ArchiveError(f"{p}: not a GGUF file: magic is {magic!r}, expected {GGUF_MAGIC!r}")
    if version not in (2, 3):
        # A big-endian file reads its version byte-swapped; gguf handles that, so let it through.
        swapped = struct.unpack("<I", struct.pack(">I", version))[0]
        if swapped not in (2, 3):
            raise ArchiveError(f"{p}: unsupported GGUF version {version} (expected 2 or 3)")
        tensor_count = struct.unpack("<Q", struct.pack(">Q", tensor_count))[0]
        kv_count = struct.unpack("<Q", struct.pack(">Q", kv_count))[0]
        endian = ">"
    needed = FIXED_HEADER.size + tensor_count * MIN_TENSOR_INFO_BYTES + kv_count * MIN_KV_BYTES
    if needed > file_size:
        raise ArchiveError(
            f"{p}: truncated or corrupt: {tensor_count} tensors and {kv_count} key/values need at least "
            f"{needed} bytes, but the file has {file_size}"
        )
    # The index is walked over a read-only map, so only the pages it touches are read (not the weights).
    with p.open("rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
        _IndexWalker(p, data, endian).walk(tensor_count, kv_count)


# Byte sizes of GGUF's fixed-size value types (by type id); 8 is a string, 9 an array.
_FIXED_VALUE_BYTES = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}
_STRING, _ARRAY = 8, 9
_MAX_ARRAY_NESTING = 8
_MAX_DIMS = 16


class _IndexWalker:
    """Walks the key/values and tensor infos of a GGUF index, checking each length against the file."""

    def __init__(self, path: pathlib.Path, data: mmap.mmap, endian: str) -> None:
        self.path, self.data, self.pos = path, data, FIXED_HEADER.size
        self.u32 = struct.Struct(endian + "I")
        self.u64 = struct.Struct(endian + "Q")

    def _fail(self, what: str, value: int) -> ArchiveError:
        return ArchiveError(
            f"{self.path}: corrupt GGUF file: {what} {value} at byte {self.pos} does not fit in the "
            f"{len(self.data) - self.pos} bytes that remain of the file ({len(self.data)} bytes)"
        )

    def _take(self, n: int, what: str) -> int:
        if n > len(self.data) - self.pos:
            raise self._fail(what, n)
        start = self.pos
        self.pos += n
        return start

    def _int(self, fmt: struct.Struct, what: str) -> int:
        start = self._take(fmt.size, what)
        return int(fmt.unpack_from(self.data, start)[0])

    def string(self, what: str) -> None:
        length = self._int(self.u64, f"{what} length")
        self._take(length, f"{what} length")

    def value(self, vtype: int, what: str, depth: int = 0) -> None:
        if vtype in _FIXED_VALUE_BYTES:
            self._take(_FIXED_VALUE_BYTES[vtype], what)
        elif vtype == _STRING:
            self.string(what)
        elif vtype == _ARRAY:
            if depth >= _MAX_ARRAY_NESTING:
                raise ArchiveError(f"{self.path}: corrupt GGUF file: {what} nests arrays deeper than {depth}")
            etype = self._int(self.u32, f"{what} element type")
            count = self._int(self.u64, f"{what} element count")
            if etype in _FIXED_VALUE_BYTES:
                if count * _FIXED_VALUE_BYTES[etype] > len(self.data) - self.pos:
                    raise self._fail(f"{what} element count", count)
                self.pos += count * _FIXED_VALUE_BYTES[etype]
                return
            # Every string or array element takes at least 8 bytes (its length or header).
            if count * 8 > len(self.data) - self.pos:
                raise self._fail(f"{what} element count", count)
            for _ in range(count):
                self.value(etype, what, depth + 1)
        else:
            raise ArchiveError(f"{self.path}: corrupt GGUF file: {what} has unknown value type {vtype}")

    def walk(self, tensor_count: int, kv_count: int) -> None:
        for index in range(kv_count):
            self.string(f"key/value {index} key")
            self.value(self._int(self.u32, f"key/value {index} type"), f"key/value {index} value")
        for index in range(tensor_count):
            self.string(f"tensor info {index} name")
            n_dims = self._int(self.u32, f"tensor info {index} dimension count")
            if n_dims > _MAX_DIMS:
                raise ArchiveError(
                    f"{self.path}: corrupt GGUF file: tensor info {index} has {n_dims} dimensions "
                    f"(at most {_MAX_DIMS})"
                )
            self._take(8 * n_dims + 4 + 8, f"tensor info {index} dims, type and offset")


def read_gguf(path: str | pathlib.Path) -> Archive:
    p = pathlib.Path(path)
    file_size = check_readable_file(p)
    _check_fixed_header(p, file_size)
    try:
        from gguf import GGUFReader
    except ImportError:  # pragma: no cover - gguf is a declared dependency
        raise ArchiveError(f"{p}: reading .gguf files needs the 'gguf' package") from None
    try:
        reader = GGUFReader(p, "r")
        infos = [
            (t.name, int(t.data_offset), int(t.n_bytes), t.tensor_type.name, tuple(int(d) for d in t.shape))
            for t in reader.tensors
        ]
        alignment = int(reader.alignment)
    except ArchiveError:
        raise
    except Exception as exc:  # gguf raises assorted ValueError/KeyError/IndexError on bad input
        raise ArchiveError(f"{p}: corrupt GGUF file: {type(exc).__name__}: {exc}") from None
    finally:
        reader = None  # type: ignore[assignment]  # drop the reader's map of the whole file
    entries = []
    for name, offset, size, type_name, ggml_shape in infos:
        if offset + size > file_size:
            raise ArchiveError(
                f"{p}: truncated: tensor {name!r} data [{offset}, {offset + size}) extends past the end of "
                f"the file ({file_size} bytes)"
            )
        entries.append(
            ParameterEntry.data(
                name,
                p,
                offset,
                size,
                dtype=type_name,
                shape=tuple(reversed(ggml_shape)),
                alignment_bytes=alignment,
            )
        )
    return Archive(path=p, format="gguf", entries=tuple(entries), file_size_bytes=file_size)
