"""Checks of the dialect attribute and type bodies the parser keeps as text (``#hal.device.target<...>``,
``#util.composite<...>``, ``!hal.something<...>``): what MLIR would find in them while parsing, found here
too, at the same line and column, though the body stays text."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ir import types as T

if TYPE_CHECKING:
    from ir import attributes as A
    from ir.attr_parser import AttrTypeParser

# A #util.composite's length: ``<N>x`` before its element type.
_COMPOSITE_LENGTH = re.compile(r"(\d+)x")
# In a body kept as text: a string (skipped) or a ``#name``/``!name`` reference.
_BODY_REF = re.compile(r'"(?:[^"\\]|\\.)*"|([#!])([A-Za-z_][A-Za-z0-9_$.\-]*)')


def check_alias_refs(parser: AttrTypeParser, body: str, at: int) -> None:
    """A body kept as text may name aliases (``#hal.device.target<"local", [#target]>``); as in MLIR, each
    must be defined above its use. A name with a dot, or with a body of its own, is a dialect's. An undefined
    one is reported where its name ends, as MLIR's lexer reports it. ``at``: where ``body`` starts."""
    if "#" not in body and "!" not in body:
        return
    for m in _BODY_REF.finditer(body):
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
