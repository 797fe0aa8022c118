"""Reading the index of a .safetensors file.

The format (as documented by the safetensors project): an 8-byte little-endian unsigned header length
``N``, then ``N`` bytes of UTF-8 JSON, then the data region. The JSON object maps each tensor name to
``{"dtype": "F32", "shape": [2, 3], "data_offsets": [begin, end]}`` with offsets relative to the start of
the data region (byte ``8 + N`` of the file); an optional ``"__metadata__"`` maps strings to strings.

Each tensor becomes a data entry at absolute file offset ``8 + N + begin`` with ``end - begin`` bytes,
keeping its dtype and shape. Only the header is read.

Raises :class:`~simulator.errors.ArchiveError` naming the file and the problem: a header length past the
end of the file, JSON that does not parse or is not an object, a tensor record with missing or ill-typed
fields, a byte count that disagrees with dtype and shape, or data offsets past the end of the file.
"""

from __future__ import annotations

import json
import math
import pathlib
import struct

from simulator.archives.archive import Archive, check_readable_file
from simulator.archives.dtypes import numpy_dtype
from simulator.archives.entries import ParameterEntry
from simulator.errors import ArchiveError

# The safetensors project refuses headers above 100 MB; so do we, rather than read a corrupt length.
MAX_HEADER_BYTES = 100_000_000


def read_safetensors(path: str | pathlib.Path) -> Archive:
    p = pathlib.Path(path)
    file_size = check_readable_file(p)
    with p.open("rb") as f:
        prefix = f.read(8)
        if len(prefix) < 8:
            raise ArchiveError(
                f"{p}: truncated: {file_size} bytes is too short for the 8-byte safetensors header length"
            )
        (header_size,) = struct.unpack("<Q", prefix)
        if header_size > MAX_HEADER_BYTES:
            raise ArchiveError(
                f"{p}: corrupt: safetensors header length {header_size} exceeds the "
                f"{MAX_HEADER_BYTES}-byte limit"
            )
        if 8 + header_size > file_size:
            raise ArchiveError(
                f"{p}: truncated: safetensors header of {header_size} bytes extends past the end of the "
                f"file ({file_size} bytes)"
            )
        header_bytes = f.read(header_size)
    try:
        header = json.loads(header_bytes.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ArchiveError(f"{p}: corrupt: safetensors header is not valid UTF-8 JSON ({exc})") from None
    if not isinstance(header, dict):
        raise ArchiveError(
            f"{p}: corrupt: safetensors header is a JSON {type(header).__name__}, not an object"
        )

    data_start = 8 + header_size
    data_size = file_size - data_start
    metadata = header.pop("__metadata__", None) or {}
    if not isinstance(metadata, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in metadata.items()
    ):
        raise ArchiveError(f"{p}: corrupt: safetensors __metadata__ must map strings to strings")

    entries = []
    for key, record in header.items():
        entries.append(_entry(p, key, record, data_start, data_size))
    # File order, which is what a provider reading sequentially cares about.
    entries.sort(key=lambda e: e.offset_bytes or 0)
    return Archive(path=p, format="safetensors", entries=tuple(entries), file_size_bytes=file_size,
                   metadata=dict(metadata))  # fmt: skip


def _entry(p: pathlib.Path, key: str, record: object, data_start: int, data_size: int) -> ParameterEntry:
    if not isinstance(record, dict):
        raise ArchiveError(f"{p}: corrupt: safetensors tensor {key!r} is not a JSON object")
    dtype = record.get("dtype")
    shape = record.get("shape")
    offsets = record.get("data_offsets")
    if not isinstance(dtype, str):
        raise ArchiveError(f"{p}: corrupt: safetensors tensor {key!r} has no string 'dtype'")
    if not isinstance(shape, list) or not all(isinstance(d, int) and d >= 0 for d in shape):
        raise ArchiveError(
            f"{p}: corrupt: safetensors tensor {key!r} 'shape' {shape!r} is not a list of sizes"
        )
    if (
        not isinstance(offsets, list)
        or len(offsets) != 2
        or not all(isinstance(o, int) for o in offsets)
        or not 0 <= offsets[0] <= offsets[1]
    ):
        raise ArchiveError(
            f"{p}: corrupt: safetensors tensor {key!r} 'data_offsets' {offsets!r} is not [begin, end] "
            "with 0 <= begin <= end"
        )
    begin, end = offsets
    if end > data_size:
        raise ArchiveError(
            f"{p}: truncated or corrupt: safetensors tensor {key!r} data [{begin}, {end}) extends past the "
            f"{data_size}-byte data region"
        )
    np_dtype = numpy_dtype(dtype)
    if np_dtype is not None and math.prod(shape) * np_dtype.itemsize != end - begin:
        raise ArchiveError(
            f"{p}: corrupt: safetensors tensor {key!r} has {end - begin} bytes but dtype {dtype} and shape "
            f"{shape} need {math.prod(shape) * np_dtype.itemsize}"
        )
    return ParameterEntry.data(key, p, data_start + begin, end - begin, dtype=dtype, shape=tuple(shape))
