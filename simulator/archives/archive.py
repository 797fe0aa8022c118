"""An archive: the parameter entries one file provides, and opening a file by its suffix.

Three formats are understood, as in IREE's runtime: ``.irpa`` (IREE parameter archive), ``.safetensors``
and ``.gguf``. A fourth kind, ``virtual``, has entries but no file (see :mod:`.virtual`).

Opening parses only the file's index (headers, entry tables); parameter bytes stay on disk until read
through a :class:`~simulator.archives.index.ParameterIndex`.

Raises :class:`~simulator.errors.ArchiveError` for an unknown suffix, a missing file, a directory, or a
corrupt or truncated file; the message names the file and what is wrong.
"""

from __future__ import annotations

import os
import pathlib
from collections.abc import Mapping
from dataclasses import dataclass, field

from simulator.archives.entries import ParameterEntry
from simulator.errors import ArchiveError, ParameterNotFoundError

FORMATS_BY_SUFFIX = {".irpa": "irpa", ".safetensors": "safetensors", ".gguf": "gguf"}


@dataclass(frozen=True)
class Archive:
    """The parsed index of one archive file (or of a virtual archive, whose ``path`` is ``None``)."""

    path: pathlib.Path | None
    format: str
    entries: tuple[ParameterEntry, ...]
    file_size_bytes: int
    metadata: Mapping[str, str] = field(default_factory=dict)
    #: Names of the entries the format marks as skipped (IRPA's type 0): not parameters, ignored as
    #: IREE's runtime ignores them, but listed so that a tool can say so rather than drop them silently.
    skipped: tuple[str, ...] = ()

    @property
    def total_bytes(self) -> int:
        return sum(e.size_bytes for e in self.entries)

    def keys(self) -> list[str]:
        return [e.key for e in self.entries]

    def entry(self, key: str) -> ParameterEntry:
        for e in self.entries:
            if e.key == key:
                return e
        raise ParameterNotFoundError(f"{self.path or 'virtual archive'}: no parameter with key {key!r}")


def format_for_path(path: str | os.PathLike[str]) -> str:
    suffix = pathlib.Path(path).suffix.lower()
    try:
        return FORMATS_BY_SUFFIX[suffix]
    except KeyError:
        known = ", ".join(sorted(FORMATS_BY_SUFFIX))
        raise ArchiveError(
            f"{path}: unknown parameter archive suffix {suffix or '(none)'!r}; expected one of {known}"
        ) from None


def check_readable_file(path: pathlib.Path) -> int:
    """Return the file's size in bytes, or raise ArchiveError if it is not a readable regular file."""
    try:
        st = path.stat()
    except FileNotFoundError:
        raise ArchiveError(f"{path}: no such parameter archive") from None
    except OSError as exc:
        raise ArchiveError(f"{path}: cannot open parameter archive: {exc.strerror}") from None
    if not path.is_file():
        raise ArchiveError(f"{path}: not a regular file")
    return st.st_size


def open_archive(path: str | os.PathLike[str], *, format: str | None = None) -> Archive:
    """Parse the index of the archive at ``path``, choosing the reader by suffix unless ``format`` is given.

    Examples
    --------
    >>> open_archive("weights.bin")
    Traceback (most recent call last):
    ...
    simulator.errors.ArchiveError: weights.bin: unknown parameter archive suffix '.bin'; expected one of .gguf, .irpa, .safetensors
    """
    p = pathlib.Path(path)
    fmt = format or format_for_path(p)
    if fmt == "irpa":
        from simulator.archives.irpa import read_irpa

        return read_irpa(p)
    if fmt == "safetensors":
        from simulator.archives.safetensors_reader import read_safetensors

        return read_safetensors(p)
    if fmt == "gguf":
        from simulator.archives.gguf_reader import read_gguf

        return read_gguf(p)
    raise ArchiveError(f"{p}: unknown parameter archive format {fmt!r}; expected irpa, safetensors or gguf")


def split_scope_spec(spec: str, *, default_scope: str = "") -> tuple[str, pathlib.Path]:
    """Split IREE's ``--parameters`` form ``[SCOPE=]PATH`` into (scope, path).

    A spec naming an existing file is taken whole, so a path that contains ``=`` still works.

    Examples
    --------
    >>> split_scope_spec("model=weights.irpa")
    ('model', PosixPath('weights.irpa'))
    >>> split_scope_spec("weights.irpa", default_scope="model")
    ('model', PosixPath('weights.irpa'))
    """
    scope, sep, path = spec.partition("=")
    if sep and not pathlib.Path(spec).exists():
        return scope, pathlib.Path(path)
    return default_scope, pathlib.Path(spec)
