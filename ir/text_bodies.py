"""Checks of the dialect attribute and type bodies the parser keeps as text (``#hal.device.target<...>``,
``#util.composite<...>``, ``!hal.something<...>``): what MLIR would find in them while parsing, found here
too, at the same line and column, though the body stays text."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ir import attributes as A
from ir import types as T
from ir.errors import IRError

if TYPE_CHECKING:
    from ir.attr_parser import AttrTypeParser

# A #util.composite's length: ``<N>x`` before its element type.
_COMPOSITE_LENGTH = re.compile(r"(\d+)x")
# In a body kept as text: a string (skipped), a ``#name``/``!name`` reference, or a typed integer literal
# (``32768 : i64``).
_BODY_REF = re.compile(
    r'"(?:[^"\\]|\\.)*"|([#!])([A-Za-z_][A-Za-z0-9_$.\-]*)'
    r"|(?<![\w.$-])(-?(?:0x[0-9A-Fa-f]+|[0-9]+)) : (?:([su]?)i([0-9]{1,8})|index)\b"
)


def check_text_body(parser: AttrTypeParser, body: str, at: int) -> None:
    """What MLIR finds while parsing a body kept as text (``#hal.executable.target<"llvm-cpu", "x", {n = 16 :
    i64}>``, ``#hal.device.target<"local", [#target]>``): aliases must be defined above their use (a name
    with a dot, or with a body of its own, is a dialect's), reported where the name ends, as MLIR's lexer
    reports it; a typed integer must fit its type, reported at the literal. ``at``: where ``body`` starts."""
    if "#" not in body and "!" not in body and " : " not in body:
        return
    for m in _BODY_REF.finditer(body):
        literal = m.group(3)
        if literal is not None:
            try:
                width = m.group(5)
                t = T.index if width is None else T.IntegerType(int(width), m.group(4) or "")
                A.integer_literal_value(literal, t)
            except IRError:
                raise parser.error("integer constant out of range for attribute", at + m.start(3)) from None
            continue
        sigil = m.group(1)
        if sigil is None or "." in m.group(2) or body.startswith("<", m.end()):
            continue
        aliases: dict[str, A.Attribute] | dict[str, T.Type] = (
            parser.attr_aliases if sigil == "#" else parser.type_aliases
        )
        if m.group(2) not in aliases:
            kind = "attribute" if sigil == "#" else "type"
            raise parser.error(f"undefined {kind} alias {sigil}{m.group(2)}", at + m.end())


def check_composite(sub: AttrTypeParser) -> None:
    """``#util.composite<Nxi8, [parts]>``'s body (``sub`` parses it alone) as IREE's CompositeAttr parser
    reads it: a length, the type i8, then parts read as attributes, each checked now (a bad dense inside is
    an error where it is written, not when a constant is used). iree-opt does not check the parts' sizes
    against the length (the parser builds the attribute unverified), so neither does this; the simulator
    does, when the constant is made."""
    sub.skip()
    m = _COMPOSITE_LENGTH.match(sub.text, sub.pos)
    if m is None:
        raise sub.error("invalid length specifier")
    sub.pos = m.end()
    if sub.parse_type() != T.IntegerType(8):
        raise sub.error("invalid type specifier; expected i8")
    sub.expect(",", "in #util.composite")
    sub.expect("[", "in #util.composite")
    while not sub.accept("]"):
        sub.parse_attribute()
        if not sub.accept(","):
            sub.expect("]", "in #util.composite")
            break
    sub.skip()
    if sub.pos != len(sub.text):
        raise sub.error("unterminated value list")
