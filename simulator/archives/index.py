"""The parameter index: every parameter a program can reference, by scope and key, and access to bytes.

A program names a parameter as ``scope::key`` (``#stream.parameter.named<"model"::"w0">``). Archive files
carry keys but no scope: as with IREE's ``--parameters=model=weights.irpa``, the scope is chosen when the
file is added to an index. One scope may gather entries from several files; a key may appear once per
scope.

Reads return bytes or zero-copy numpy views of the files (memory mapped, see :mod:`.mapped_files`);
splat entries read as their repeated pattern. Writes (single or scattered) change the archive file
itself, so what is written is on disk when the call returns. Splat entries cannot be written, as in
IREE, and virtual entries (timing-only) have no bytes to read or write.

Raises :class:`~simulator.errors.ParameterNotFoundError` for an unknown scope or key,
:class:`~simulator.errors.ParameterRangeError` for a range outside a parameter or storage that cannot
serve the request, and :class:`~simulator.errors.ArchiveError` from loading a bad file.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from simulator.archives.archive import Archive, open_archive, split_scope_spec
from simulator.archives.dtypes import numpy_dtype
from simulator.archives.entries import EntryKind, ParameterEntry
from simulator.archives.mapped_files import MappedFiles
from simulator.errors import ArchiveError, ParameterNotFoundError, ParameterRangeError


@dataclass(frozen=True, slots=True)
class ParameterSpan:
    """One element of a gather or scatter: ``length_bytes`` bytes of parameter ``key`` starting at
    ``parameter_offset_bytes``, paired with ``buffer_offset_bytes`` in the host buffer."""

    key: str
    parameter_offset_bytes: int
    buffer_offset_bytes: int
    length_bytes: int


def _as_bytes_array(data: object, what: str) -> np.ndarray:
    if isinstance(data, np.ndarray):
        return np.ascontiguousarray(data).reshape(-1).view(np.uint8)
    if isinstance(data, bytes | bytearray | memoryview):
        return np.frombuffer(data, dtype=np.uint8)
    raise ParameterRangeError(f"{what}: expected a numpy array or bytes, got {type(data).__name__}")


class ParameterIndex:
    """Entries by scope and key, with byte access to their storage.

    Examples
    --------
    >>> index = ParameterIndex()
    >>> index.add(ParameterEntry.splat("ones", b"\\x01", 4), scope="model")
    >>> index.read("model", "ones")
    b'\\x01\\x01\\x01\\x01'
    >>> index.entry("model", "twos")
    Traceback (most recent call last):
    ...
    simulator.errors.ParameterNotFoundError: no parameter 'twos' in scope 'model' (it has 1 key: 'ones')
    """

    def __init__(self) -> None:
        self._scopes: dict[str, dict[str, ParameterEntry]] = {}
        self.archives: list[tuple[str, Archive]] = []
        self._files = MappedFiles()

    # -- building ----------------------------------------------------------------------------------

    @classmethod
    def from_specs(cls, specs: Iterable[str], *, default_scope: str = "") -> ParameterIndex:
        """An index of the archives named as in IREE's ``--parameters=[SCOPE=]PATH`` flags."""
        index = cls()
        for spec in specs:
            scope, path = split_scope_spec(spec, default_scope=default_scope)
            index.load(path, scope=scope)
        return index

    def load(self, path: str | os.PathLike[str], *, scope: str = "", format: str | None = None) -> Archive:
        """Open the archive at ``path`` (by suffix) and add its entries under ``scope``."""
        archive = open_archive(path, format=format)
        self.add_archive(archive, scope=scope)
        return archive

    def add_archive(self, archive: Archive, *, scope: str = "") -> None:
        entries = self._scopes.get(scope, {})
        for entry in archive.entries:
            if entry.key in entries:
                raise ArchiveError(
                    f"{archive.path or 'virtual archive'}: parameter {entry.key!r} already exists in scope "
                    f"{scope!r}"
                )
        self._scopes.setdefault(scope, {}).update((e.key, e) for e in archive.entries)
        self.archives.append((scope, archive))

    def add(self, entry: ParameterEntry, *, scope: str = "") -> None:
        entries = self._scopes.setdefault(scope, {})
        if entry.key in entries:
            raise ArchiveError(f"parameter {entry.key!r} already exists in scope {scope!r}")
        entries[entry.key] = entry

    # -- lookup ------------------------------------------------------------------------------------

    @property
    def scopes(self) -> list[str]:
        return list(self._scopes)

    def __len__(self) -> int:
        return sum(len(entries) for entries in self._scopes.values())

    def __contains__(self, scope_and_key: object) -> bool:
        if not isinstance(scope_and_key, tuple) or len(scope_and_key) != 2:
            return False
        scope, key = scope_and_key
        return key in self._scopes.get(scope, {})

    def __iter__(self) -> Iterator[tuple[str, ParameterEntry]]:
        for scope, entries in self._scopes.items():
            for entry in entries.values():
                yield scope, entry

    def entries(self, scope: str | None = None) -> list[ParameterEntry]:
        """Entries of one scope (or of all scopes), in the order they were added."""
        if scope is None:
            return [entry for _, entry in self]
        return list(self._scope(scope).values())

    def total_bytes(self, scope: str | None = None) -> int:
        return sum(entry.size_bytes for entry in self.entries(scope))

    def scope_table(self, scope: str) -> Mapping[str, ParameterEntry] | None:
        """The entries of ``scope`` by key (None for an unknown scope), for a caller looking up many keys
        of one scope (a large load): not to be changed."""
        return self._scopes.get(scope)

    def _scope(self, scope: str) -> dict[str, ParameterEntry]:
        try:
            return self._scopes[scope]
        except KeyError:
            known = ", ".join(repr(s) for s in self._scopes) or "none"
            raise ParameterNotFoundError(f"no parameter scope {scope!r} (scopes: {known})") from None

    def entry(self, scope: str, key: str) -> ParameterEntry:
        entries = self._scope(scope)
        try:
            return entries[key]
        except KeyError:
            sample = ", ".join(repr(k) for k in list(entries)[:5])
            more = ", ..." if len(entries) > 5 else ""
            noun = "key" if len(entries) == 1 else "keys"
            skipped = [
                str(a.path or "virtual archive") for s, a in self.archives if s == scope and key in a.skipped
            ]
            why = f"; {skipped[0]} has an entry {key!r} of type skip, which is ignored" if skipped else ""
            raise ParameterNotFoundError(
                f"no parameter {key!r} in scope {scope!r} (it has {len(entries)} {noun}: {sample}{more}){why}"
            ) from None

    # -- reading -----------------------------------------------------------------------------------

    def _resolve(
        self, scope: str, key: str, offset_bytes: int, length_bytes: int | None, verb: str
    ) -> tuple[ParameterEntry, int]:
        entry = self.entry(scope, key)
        if length_bytes is None:
            length_bytes = entry.size_bytes - offset_bytes
        if offset_bytes < 0 or length_bytes < 0 or offset_bytes + length_bytes > entry.size_bytes:
            raise ParameterRangeError(
                f"{verb} of parameter {scope}::{key}: byte range [{offset_bytes}, {offset_bytes + length_bytes})"
                f" is outside its {entry.size_bytes} bytes"
            )
        if entry.kind is EntryKind.VIRTUAL:
            raise ParameterRangeError(
                f"{verb} of parameter {scope}::{key}: it is virtual (timing-only) and has no bytes"
            )
        return entry, length_bytes

    def view(
        self,
        scope: str,
        key: str,
        *,
        offset_bytes: int = 0,
        length_bytes: int | None = None,
        writable: bool = False,
    ) -> np.ndarray:
        """The parameter's bytes as a uint8 array: a view of the mapped file for data entries (writes
        to a ``writable`` view land in the file), a new array for splats."""
        return self._view(scope, key, offset_bytes, length_bytes, writable=writable, verb="view")

    def _view(
        self, scope: str, key: str, offset_bytes: int, length_bytes: int | None, *, writable: bool, verb: str
    ) -> np.ndarray:
        entry, length_bytes = self._resolve(scope, key, offset_bytes, length_bytes, verb)
        if entry.kind is EntryKind.SPLAT:
            if writable:
                raise ParameterRangeError(
                    f"{verb} of parameter {scope}::{key}: splat parameters are constant and cannot be written"
                )
            return _splat_bytes(entry.splat_pattern or b"", offset_bytes, length_bytes)
        assert entry.path is not None and entry.offset_bytes is not None
        return self._files.view(
            entry.path, entry.offset_bytes + offset_bytes, length_bytes, writable=writable
        )

    def read(self, scope: str, key: str, *, offset_bytes: int = 0, length_bytes: int | None = None) -> bytes:
        """A copy of the parameter's bytes (all of them, or ``length_bytes`` from ``offset_bytes``)."""
        return self._view(scope, key, offset_bytes, length_bytes, writable=False, verb="read").tobytes()

    def array(
        self,
        scope: str,
        key: str,
        *,
        dtype: npt.DTypeLike | None = None,
        shape: Sequence[int] | None = None,
    ) -> np.ndarray:
        """The whole parameter as a typed array: ``dtype``/``shape`` if given, else the ones its archive
        recorded (safetensors, gguf), else flat uint8. A view of the file for data entries."""
        entry = self.entry(scope, key)
        raw = self.view(scope, key)
        resolved = np.dtype(dtype) if dtype is not None else numpy_dtype(entry.dtype) or np.dtype(np.uint8)
        if raw.size % resolved.itemsize:
            raise ParameterRangeError(
                f"parameter {scope}::{key}: {raw.size} bytes is not a whole number of {resolved} elements"
            )
        typed = raw.view(resolved)
        if shape is None and dtype is None and numpy_dtype(entry.dtype) is not None:
            shape = entry.shape
        if shape is not None:
            try:
                typed = typed.reshape(tuple(shape))
            except ValueError:
                raise ParameterRangeError(
                    f"parameter {scope}::{key}: cannot view {typed.size} {resolved} elements as shape "
                    f"{tuple(shape)}"
                ) from None
        return typed

    def gather(self, scope: str, spans: Iterable[ParameterSpan], target: np.ndarray) -> None:
        """Copy each span of a parameter into the uint8 buffer ``target`` at its buffer offset."""
        buffer = target.reshape(-1).view(np.uint8)
        for span in spans:
            self._check_buffer(span, buffer.size, "gather", scope)
            data = self._view(
                scope, span.key, span.parameter_offset_bytes, span.length_bytes, writable=False, verb="gather"
            )
            start = span.buffer_offset_bytes
            buffer[start : start + span.length_bytes] = data

    # -- writing -----------------------------------------------------------------------------------

    def write(self, scope: str, key: str, data: np.ndarray | bytes, *, offset_bytes: int = 0) -> None:
        """Write ``data``'s bytes into the parameter at ``offset_bytes``; they are in the file on return."""
        raw = _as_bytes_array(data, f"write of parameter {scope}::{key}")
        entry, _ = self._resolve(scope, key, offset_bytes, raw.size, "write")
        if entry.kind is EntryKind.SPLAT:
            raise ParameterRangeError(
                f"write of parameter {scope}::{key}: splat parameters are constant and cannot be written"
            )
        assert entry.path is not None and entry.offset_bytes is not None
        self._files.write(entry.path, entry.offset_bytes + offset_bytes, raw)

    def scatter(self, scope: str, source: np.ndarray | bytes, spans: Iterable[ParameterSpan]) -> None:
        """Write each span of the host buffer ``source`` into its parameter (``io_parameters.scatter``)."""
        buffer = _as_bytes_array(source, f"scatter into scope {scope!r}")
        spans = list(spans)
        # Check every span before writing any, so a bad request changes nothing on disk.
        for span in spans:
            self._check_buffer(span, buffer.size, "scatter", scope)
            entry, _ = self._resolve(
                scope, span.key, span.parameter_offset_bytes, span.length_bytes, "scatter"
            )
            if entry.kind is EntryKind.SPLAT:
                raise ParameterRangeError(
                    f"scatter to parameter {scope}::{span.key}: splat parameters are constant and cannot "
                    "be written"
                )
        for span in spans:
            start = span.buffer_offset_bytes
            self.write(
                scope,
                span.key,
                buffer[start : start + span.length_bytes],
                offset_bytes=span.parameter_offset_bytes,
            )

    @staticmethod
    def _check_buffer(span: ParameterSpan, buffer_size_bytes: int, verb: str, scope: str) -> None:
        end = span.buffer_offset_bytes + span.length_bytes
        if span.buffer_offset_bytes < 0 or span.length_bytes < 0 or end > buffer_size_bytes:
            raise ParameterRangeError(
                f"{verb} of parameter {scope}::{span.key}: buffer range [{span.buffer_offset_bytes}, {end}) "
                f"is outside the {buffer_size_bytes}-byte buffer"
            )

    def sync(self) -> None:
        """fsync every file that has been written through this index."""
        self._files.sync()

    def close(self) -> None:
        """Drop the file maps (views already handed out stay valid)."""
        self._files.close()

    def __enter__(self) -> ParameterIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _splat_bytes(pattern: bytes, offset_bytes: int, length_bytes: int) -> np.ndarray:
    pattern_array = np.frombuffer(pattern, dtype=np.uint8)
    phase = offset_bytes % len(pattern)
    repeats = -(-(phase + length_bytes) // len(pattern))
    return np.tile(pattern_array, repeats)[phase : phase + length_bytes].copy()
