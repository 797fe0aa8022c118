"""Lexing helpers shared by the parsers: positions, whitespace and comments, literals, balanced text.

:class:`Lexer` walks a string with an index. It turns positions into ``file:line:col`` and makes every
error a :class:`~ir.errors.ParseError` at that location.
"""

from __future__ import annotations

import bisect
import re

from ir.core import SourceLocation, source_location
from ir.errors import ParseError

_WS = re.compile(r"(?:\s+|//[^\n]*)*")
_WS_START = frozenset(" \t\r\n/")
_BARE_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*")
_INT = re.compile(r"-?(?:0x[0-9A-Fa-f]+|\d+)")


def int_literal(text: str) -> int:
    """The value of an MLIR integer literal: ``0x`` hexadecimal, else decimal (``012`` is twelve, not an
    octal or an error as Python's base-0 ``int`` would have it)."""
    body = text[1:] if text.startswith("-") else text
    value = int(body[2:], 16) if body[:2] in ("0x", "0X") else int(body, 10)
    return -value if text.startswith("-") else value


_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
# The escapes MLIR's lexer takes in a string literal (\", \\, \n, \t, \XX with two hex digits); group 1
# is a backslash that starts none of them.
_ESCAPE = re.compile(r'\\(?:["\\nt]|[0-9A-Fa-f]{2})|(\\)')
# Per bracket pair, the run of characters :meth:`Lexer.balanced` passes over without looking.
_BALANCED_SKIP: dict[str, re.Pattern[str]] = {}


class Lexer:
    """A position in a text, with the primitives the parsers are built from."""

    def __init__(self, text: str, filename: str = "<string>") -> None:
        self.text = text
        self.filename = filename
        self.pos = 0
        self._line_starts: list[int] | None = None
        # Where the last location asked for was, its line and the start of that line: the parser asks for
        # the locations of a file's ops in order, each found from the last by counting the newlines between.
        self._cursor = self._cursor_line_start = 0
        self._cursor_line = 1
        # A sub-lexer over a slice of another's text reports positions in that text.
        self._base: Lexer | None = None
        self._offset = 0

    def sub_lexer(self, start: int, end: int) -> Lexer:
        """A lexer of the same class over ``text[start:end]``, whose locations are those of this text."""
        sub = type(self)(self.text[start:end], self.filename)
        sub._base = self
        sub._offset = start
        return sub

    # --- positions and errors ----------------------------------------------------------------------

    def location(self, pos: int | None = None) -> SourceLocation:
        pos = self.pos if pos is None else pos
        if self._base is not None:
            return self._base.location(pos + self._offset)
        cursor = self._cursor
        if pos >= cursor:
            text = self.text
            newlines = text.count("\n", cursor, pos)
            if newlines:
                self._cursor_line += newlines
                self._cursor_line_start = text.rfind("\n", cursor, pos) + 1
            self._cursor = pos
            return source_location(self.filename, self._cursor_line, pos - self._cursor_line_start + 1)
        if self._line_starts is None:  # (a position before the last one asked for: an error's, mostly)
            self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.text)]
        line = bisect.bisect_right(self._line_starts, pos)
        return source_location(self.filename, line, pos - self._line_starts[line - 1] + 1)

    def error(self, message: str, pos: int | None = None) -> ParseError:
        return ParseError(message, location=self.location(pos))

    def wrong_token_error(self, message: str) -> ParseError:
        """An error about the next token not being the one expected, placed as MLIR's emitWrongTokenError
        places it: at the end of the text before that token, backing over blanks, line ends and a ``//``
        comment on the lines between (so "expected ','" points after the last thing written, not at the
        start of the next line). At the token itself when nothing precedes it; at end of input, one
        character back."""
        self.skip()
        text = self.text
        pos = self.pos if self.pos < len(text) else max(len(text) - 1, 0)
        i = pos
        while True:
            while i > 0 and text[i - 1] in " \t":
                i -= 1
            if i == 0:
                return self.error(message, pos)
            if text[i - 1] not in "\n\r":
                return self.error(message, i)
            i -= 1
            line_start = max(text.rfind("\n", 0, i), text.rfind("\r", 0, i)) + 1
            comment = text.find("//", line_start, i)
            if comment != -1:
                i = comment

    def _found(self) -> str:
        if self.pos >= len(self.text):
            return "end of input"
        return repr(self.text[self.pos : self.pos + 12].split("\n")[0])

    # --- lexing helpers ----------------------------------------------------------------------------

    def skip(self) -> None:
        text, pos = self.text, self.pos
        if pos < len(text) and text[pos] not in _WS_START:
            return
        self.pos = _WS.match(text, pos).end()  # type: ignore[union-attr]

    def peek(self, lit: str) -> bool:
        self.skip()
        return self.text.startswith(lit, self.pos)

    def accept(self, lit: str) -> bool:
        text, pos = self.text, self.pos
        if pos < len(text) and text[pos] in _WS_START:
            pos = self.pos = _WS.match(text, pos).end()  # type: ignore[union-attr]
        if text.startswith(lit, pos):
            self.pos = pos + len(lit)
            return True
        return False

    def expect(self, lit: str, what: str = "") -> None:
        if not self.accept(lit):
            ctx = f" {what}" if what else ""
            raise self.wrong_token_error(f"expected '{lit}'{ctx}, found {self._found()}")

    def match(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        self.skip()
        m = pattern.match(self.text, self.pos)
        if m:
            self.pos = m.end()
        return m

    def parse_string(self) -> str:
        m = self.match(_STRING)
        if not m:
            raise self.error(f"expected a string literal, found {self._found()}")
        self.check_escapes(m)
        return _unescape(m.group(1))

    def check_escapes(self, m: re.Match[str]) -> None:
        """MLIR's "unknown escape in string literal", at the backslash, for a string matched by _STRING."""
        if "\\" not in m.group(1):
            return
        for e in _ESCAPE.finditer(m.group(1)):
            if e.group(1) is not None:
                raise self.error("unknown escape in string literal", m.start(1) + e.start())

    def parse_bare_identifier(self) -> str:
        m = self.match(_BARE_ID)
        if not m:
            raise self.error(f"expected an identifier, found {self._found()}")
        return m.group(0)

    def parse_int(self) -> int:
        m = self.match(_INT)
        if not m:
            raise self.error(f"expected an integer, found {self._found()}")
        return int_literal(m.group(0))

    def balanced(self, open_: str, close: str) -> str:
        """Text up to the bracket that closes one already consumed; consumes that bracket."""
        depth, i, text = 1, self.pos, self.text
        n = len(text)
        skip = _BALANCED_SKIP.get(open_ + close)
        if skip is None:
            skip = _BALANCED_SKIP[open_ + close] = re.compile(f'[^"{re.escape(open_ + close)}]*')
        while i < n:
            # Characters other than a quote and the two brackets change nothing: one regex skips them.
            i = skip.match(text, i).end()  # type: ignore[union-attr]
            if i >= n:
                break
            c = text[i]
            if c == '"':
                m = _STRING.match(text, i)
                if not m:
                    raise self.error("unterminated string literal", i)
                self.check_escapes(m)
                i = m.end()
                continue
            if c == open_:
                depth += 1
            elif c == close and not (close == ">" and i > 0 and text[i - 1] == "-"):
                depth -= 1
                if depth == 0:
                    body = text[self.pos : i]
                    self.pos = i + 1
                    return body
            i += 1
        raise self.error(f"unterminated '{open_}': no matching '{close}' before end of input")


def _unescape(s: str) -> str:
    if "\\" not in s:
        return s
    out = bytearray()
    i = 0
    raw = s.encode("utf-8")
    while i < len(raw):
        b = raw[i]
        if b == 0x5C and i + 1 < len(raw):
            nxt = raw[i + 1 : i + 3]
            if len(nxt) == 2 and all(chr(x) in "0123456789abcdefABCDEF" for x in nxt):
                out.append(int(nxt.decode(), 16))
                i += 3
                continue
            c = chr(raw[i + 1])
            out.extend({"n": b"\n", "t": b"\t", '"': b'"', "\\": b"\\"}.get(c, c.encode()))
            i += 2
            continue
        out.append(b)
        i += 1
    return out.decode("utf-8", "surrogateescape")
