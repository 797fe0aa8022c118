"""Reading the index of a .gguf file with the ``gguf`` package's ``GGUFReader``.

GGUF (the llama.cpp format) starts with the magic ``GGUF``, a u32 version, a u64 tensor count and a u64
key/value count, then the key/values, the tensor infos (name, dims, ggml type, offset) and the aligned
tensor data. ``GGUFReader`` memory-maps the file and parses all of that; we keep, per tensor, its absolute
data offset, byte count, type name (``F32``, ``BF16``, ``Q4_0``...) and shape in numpy order (GGUF stores
dimensions innermost first).

Before handing the file to ``GGUFReader`` the fixed header is checked here, so that a corrupt count cannot
send the parser into a near-endless loop: every tensor info takes at least 24 bytes and every key/value
at least 13, so counts the file cannot hold are rejected at once.

Raises :class:`~simulator.errors.ArchiveError` naming the file: bad magic, unsupported version, counts
the file cannot hold, tensor data past the end of the file, or any parse failure inside ``gguf``.
"""

from __future__ import annotations

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
    needed = FIXED_HEADER.size + tensor_count * MIN_TENSOR_INFO_BYTES + kv_count * MIN_KV_BYTES
    if needed > file_size:
        raise ArchiveError(
            f"{p}: truncated or corrupt: {tensor_count} tensors and {kv_count} key/values need at least "
            f"{needed} bytes, but the file has {file_size}"
        )


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
        reader = None  # drop the reader's map of the whole file
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
