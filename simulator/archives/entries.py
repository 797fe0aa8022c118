"""Parameter entries: what one named parameter is and where its bytes live.

An entry has a key, a length in bytes, optional opaque metadata and one of three kinds of storage, the
same split IREE's runtime parameter index makes:

- ``DATA``: the bytes are ``size_bytes`` bytes of a file, starting at ``offset_bytes`` (absolute).
- ``SPLAT``: the bytes are a little-endian pattern of 1, 2, 4, 8 or 16 bytes repeated ``size_bytes`` times
  over; IREE requires the pattern length to divide the entry length. A splat has no file.
- ``VIRTUAL``: the entry has a size (and a notional offset in a file that does not exist) but no bytes,
  for timing-only simulation of models too large to materialise.

Entries also carry the ``dtype``/``shape`` their format recorded (safetensors and gguf do, irpa does
not) so that a numpy view can be typed without the caller knowing the model.

Raises :class:`~simulator.errors.ArchiveError` for an entry that breaks these rules (a splat pattern of
length 3, a negative size); the message names the key.
"""

from __future__ import annotations

import enum
import pathlib
from dataclasses import dataclass, field

from simulator.errors import ArchiveError

# IREE's splat pattern lengths: powers of two up to 16 bytes, enough for complex<f64>.
SPLAT_PATTERN_LENGTHS = (1, 2, 4, 8, 16)


class EntryKind(enum.StrEnum):
    DATA = "data"
    SPLAT = "splat"
    VIRTUAL = "virtual"


@dataclass(frozen=True, slots=True)
class ParameterEntry:
    """One parameter. Build with :meth:`data`, :meth:`splat` or :meth:`virtual`.

    Examples
    --------
    >>> e = ParameterEntry.splat("bias", b"\\x00\\x00\\x80\\x3f", 64)
    >>> e.kind, e.size_bytes, e.splat_pattern.hex()
    (<EntryKind.SPLAT: 'splat'>, 64, '0000803f')
    """

    key: str
    size_bytes: int
    kind: EntryKind
    path: pathlib.Path | None = None
    offset_bytes: int | None = None
    splat_pattern: bytes | None = None
    metadata: bytes = b""
    dtype: str | None = None
    shape: tuple[int, ...] | None = None
    alignment_bytes: int = field(default=0, compare=False)

    def __post_init__(self) -> None:
        if self.size_bytes < 0:
            raise ArchiveError(f"parameter {self.key!r}: negative size_bytes {self.size_bytes}")
        if self.kind is EntryKind.SPLAT:
            pattern = self.splat_pattern or b""
            if len(pattern) not in SPLAT_PATTERN_LENGTHS:
                raise ArchiveError(
                    f"parameter {self.key!r}: splat pattern of {len(pattern)} bytes; "
                    f"IREE allows {', '.join(map(str, SPLAT_PATTERN_LENGTHS))} bytes"
                )
            if self.size_bytes % len(pattern):
                raise ArchiveError(
                    f"parameter {self.key!r}: splat size_bytes {self.size_bytes} is not a multiple of "
                    f"its {len(pattern)}-byte pattern"
                )
        elif self.kind is EntryKind.DATA and (
            self.path is None or self.offset_bytes is None or self.offset_bytes < 0
        ):
            raise ArchiveError(
                f"parameter {self.key!r}: data entries need a file path and a non-negative "
                f"offset_bytes (got path={self.path}, offset_bytes={self.offset_bytes})"
            )

    @classmethod
    def data(
        cls,
        key: str,
        path: str | pathlib.Path,
        offset_bytes: int,
        size_bytes: int,
        *,
        metadata: bytes = b"",
        dtype: str | None = None,
        shape: tuple[int, ...] | None = None,
        alignment_bytes: int = 0,
    ) -> ParameterEntry:
        return cls(
            key,
            size_bytes,
            EntryKind.DATA,
            path=pathlib.Path(path),
            offset_bytes=offset_bytes,
            metadata=metadata,
            dtype=dtype,
            shape=shape,
            alignment_bytes=alignment_bytes,
        )

    @classmethod
    def splat(cls, key: str, pattern: bytes, size_bytes: int, *, metadata: bytes = b"") -> ParameterEntry:
        return cls(key, size_bytes, EntryKind.SPLAT, splat_pattern=bytes(pattern), metadata=metadata)

    @classmethod
    def virtual(
        cls,
        key: str,
        size_bytes: int,
        *,
        offset_bytes: int | None = None,
        dtype: str | None = None,
        shape: tuple[int, ...] | None = None,
    ) -> ParameterEntry:
        return cls(key, size_bytes, EntryKind.VIRTUAL, offset_bytes=offset_bytes, dtype=dtype, shape=shape)

    @property
    def end_bytes(self) -> int | None:
        """One past the last file byte of a data (or laid-out virtual) entry; ``None`` otherwise."""
        return None if self.offset_bytes is None else self.offset_bytes + self.size_bytes

    def describe_storage(self) -> str:
        """A short human description: ``file.irpa@384+32768``, ``splat 0x3f800000``, ``virtual``."""
        if self.kind is EntryKind.DATA:
            return f"{self.path.name if self.path else '?'}@{self.offset_bytes}+{self.size_bytes}"
        if self.kind is EntryKind.SPLAT:
            assert self.splat_pattern is not None
            # Printed as the little-endian integer, the way IREE's docs write patterns.
            return f"splat 0x{self.splat_pattern[::-1].hex()}"
        return "virtual"
