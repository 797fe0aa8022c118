"""Loading a program from text in either form.

Generic-form text goes to the project's parser directly. IREE's pretty (custom-syntax) text goes through
the IREE compiler's Python bindings when the ``iree`` extra is installed: converted in-process to generic
form with debug locations, parsed, and each op given its ``file:line:col`` in the text the user wrote.
Without the extra, pretty text gets the parser's error at the first custom-syntax op.

Every program file reaches the parsers through :func:`read_source`: ``-`` is standard input, gzip is
recognised by its magic bytes, the size is capped before anything large is allocated (an endless input such
as ``/dev/zero`` stops at the cap), and bytes that are not UTF-8 are reported with their ``file:line:col``.
"""

from __future__ import annotations

import gzip
import io
import os
import re
import sys
import zlib
from collections.abc import Iterator
from typing import Protocol

from ir.core import SourceLocation
from ir.errors import ParseError
from ir.lexer import _unescape
from ir.module import Module
from ir.parser import parse_module
from ir.printer import print_generic

#: Default cap on the bytes of one program (after gzip decompression); ``STREAMSIM_MAX_INPUT_BYTES``
#: overrides it. Programs that keep their weights in parameter archives are a few MB of text; 256 MiB
#: leaves room for inlined constants and stops runaway inputs before they exhaust memory.
DEFAULT_MAX_INPUT_BYTES = 256 << 20
_GZIP_MAGIC = b"\x1f\x8b"
_CHUNK = 1 << 20


def max_input_bytes() -> int:
    """The input size cap in bytes: ``STREAMSIM_MAX_INPUT_BYTES`` if set, else the default."""
    raw = os.environ.get("STREAMSIM_MAX_INPUT_BYTES")
    if raw is None or raw.strip() == "":
        return DEFAULT_MAX_INPUT_BYTES
    try:
        value = int(raw)
    except ValueError:
        value = -1
    if value <= 0:
        raise ParseError(f"STREAMSIM_MAX_INPUT_BYTES must be a positive integer of bytes, got {raw!r}")
    return value


class _Readable(Protocol):
    def read(self, size: int = ..., /) -> bytes: ...


def _read_capped(stream: _Readable, name: str, cap: int, what: str) -> bytes:
    data = bytearray()
    while True:
        chunk = stream.read(min(_CHUNK, cap + 1 - len(data)))
        if not chunk:
            return bytes(data)
        data += chunk
        if len(data) > cap:
            raise ParseError(
                f"{what} is larger than the input limit of {cap} bytes (set STREAMSIM_MAX_INPUT_BYTES to "
                "raise it)",
                location=name,
            )


def decode_source(raw: bytes, name: str) -> str:
    """Decode program bytes as UTF-8; a bad byte is a :class:`ParseError` at its ``file:line:col``."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        head = raw[: exc.start]
        line = head.count(b"\n") + 1
        col = exc.start - (head.rfind(b"\n") + 1) + 1
        raise ParseError(
            f"byte 0x{raw[exc.start]:02x} is not valid UTF-8 (MLIR text must be UTF-8)",
            location=f"{name}:{line}:{col}",
        ) from None


def read_source(path: str | os.PathLike[str]) -> str:
    """Read a program file as text: ``-`` is stdin, gzip by magic bytes, capped size, strict UTF-8.

    Raises :class:`ParseError` naming the file for a missing or unreadable file, an input over the cap,
    a corrupt gzip stream or bytes that are not UTF-8.
    """
    name = os.fspath(path)
    cap = max_input_bytes()
    try:
        if name == "-":
            raw = _read_capped(sys.stdin.buffer, "<stdin>", cap, "the input")
            name = "<stdin>"
        else:
            if os.path.isdir(name):
                raise ParseError("is a directory, not a program file", location=name)
            with open(name, "rb") as f:
                raw = _read_capped(f, name, cap, "the file")
    except FileNotFoundError:
        raise ParseError(f"no such file: {name}") from None
    except OSError as exc:
        raise ParseError(f"cannot read the program: {exc.strerror or exc}", location=name) from None
    if raw[:2] == _GZIP_MAGIC:
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(raw)) as g:
                raw = _read_capped(g, name, cap, "the decompressed file")
        except (OSError, EOFError, zlib.error) as exc:
            raise ParseError(f"corrupt gzip data: {exc}", location=name) from None
    return decode_source(raw, name)


#: The first op of a text: generic (``"dialect.op"(``) or custom syntax (``dialect.op``, ``module``), after
#: an optional result list. Lines that are neither (comments, attribute and type aliases, including the
#: continuation lines of a multi-line alias such as IREE's ``#util.composite<...>``) are skipped.
_GENERIC_OP = re.compile(r'^\s*(?:%[^=]*=\s*)?"[A-Za-z_][\w$.]*"\s*\(')
_PRETTY_OP = re.compile(r"^\s*(?:%[^=]*=\s*)?(?:module|[A-Za-z_]\w*(?:\.[\w$]+)+)(?![\w$.])(?!\s*=)")


def _lines(text: str) -> Iterator[str]:
    """``text.splitlines()``, a piece of the text at a time: :func:`looks_generic` reads a few lines of
    texts of a hundred megabytes and more, and splitting them whole made a string per line of the file."""
    pos, size, n = 0, 1 << 12, len(text)
    while pos < n:
        end = pos + size
        lines = text[pos:end].splitlines(keepends=True)
        if end < n:
            if len(lines) < 2:
                size *= 2  # one line longer than the piece so far
                continue
            lines.pop()  # it may go on past the piece (or be the '\r' of a '\r\n' cut in two)
        for line in lines:
            pos += len(line)
            yield line.splitlines()[0]


def looks_generic(text: str) -> bool:
    """True when the first op of the text is in generic form (``"dialect.op"(...)``)."""
    for line in _lines(text):
        if line.lstrip().startswith(("//", "#", "!")):
            continue
        if _GENERIC_OP.match(line):
            return True
        if _PRETTY_OP.match(line):
            return False
    return True


def load_text(text: str, filename: str = "<string>", *, allow_unregistered: bool = False) -> Module:
    """Parse program text in generic form, or IREE's pretty form when the ``iree`` extra is installed.

    Pretty text with ops of dialects IREE does not know is rejected, as by ``iree-opt``, unless
    ``allow_unregistered`` (``iree-opt --allow-unregistered-dialect``): such ops are then kept opaque,
    in generic form (the generic parser always keeps them so)."""
    if looks_generic(text):
        return parse_module(text, filename)
    from ir.iree_bridge import iree_available, to_generic_text

    if not iree_available():
        return parse_module(text, filename)
    generic = to_generic_text(text, filename=filename, debug_info=True, allow_unregistered=allow_unregistered)
    module = parse_module(generic, filename)
    adopt_debug_locations(module, filename=filename)
    return module


def load_file(path: str | os.PathLike[str], *, allow_unregistered: bool = False) -> Module:
    """Read and parse a program file (``-`` is standard input, ``.gz`` or any gzip stream is
    decompressed); see :func:`read_source` and :func:`load_text`."""
    name = os.fspath(path)
    text = read_source(name)
    return load_text(text, "<stdin>" if name == "-" else name, allow_unregistered=allow_unregistered)


def copy_module(module: Module) -> Module:
    """An independent copy of ``module``: printed in generic form and parsed again, with each op's
    source location and the module's file name carried over (so errors still point at the user's file).
    The tools that rewrite modules in place (the scheduler) work on a copy so that the caller's module is
    never changed."""
    text = print_generic(module)
    copy = parse_module(text, module.filename or "<copy>")
    for original, copied in zip(module.walk(), copy.walk(), strict=True):
        copied.location = original.location
    copy.filename = module.filename
    return copy


_FILE_LINE_COL = re.compile(r'"((?:[^"\\]|\\.)*)":(\d+):(\d+)')


def adopt_debug_locations(module: Module, *, filename: str | None = None) -> None:
    """Turn ``loc("file":line:col)`` annotations (as IREE prints with debug info) into op locations.

    The annotations and the ``#loc`` aliases they use are dropped afterwards, so that printing the module
    gives plain generic text while errors point into the file the user wrote. ``filename`` replaces the
    name ``-`` that MLIR's Python bindings give to text parsed from a string.
    """
    aliases = {name: str(a) for name, a in module.attr_aliases.items() if str(a).startswith("loc(")}

    def resolve(text: str, depth: int = 0) -> SourceLocation | None:
        m = _FILE_LINE_COL.search(text)
        if m:
            name = _unescape(m.group(1))
            if name == "-" and filename is not None:
                name = filename
            return SourceLocation(name, int(m.group(2)), int(m.group(3)))
        ref = re.search(r"#(loc\w*)", text)
        if ref and ref.group(1) in aliases and depth < 16:
            return resolve(aliases[ref.group(1)], depth + 1)
        return None

    for op in module.walk():
        if op.debug_loc:
            found = resolve(op.debug_loc)
            if found is not None:
                op.location = found
            op.debug_loc = None
    for name in aliases:
        del module.attr_aliases[name]
