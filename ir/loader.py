"""Loading a program from text in either form.

Generic-form text goes to the project's parser directly. IREE's pretty (custom-syntax) text goes through
the IREE compiler's Python bindings when the ``iree`` extra is installed: converted in-process to generic
form with debug locations, parsed, and each op given its ``file:line:col`` in the text the user wrote.
Without the extra, pretty text gets the parser's error at the first custom-syntax op.
"""

from __future__ import annotations

import sys

from ir.module import Module
from ir.parser import adopt_debug_locations, parse_module


def looks_generic(text: str) -> bool:
    """True when the first op of the text is in generic form (``"dialect.op"(...)``)."""
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("//") or s.startswith("#") or s.startswith("!"):
            continue
        if s.startswith("%"):
            _, _, s = s.partition("=")
            s = s.strip()
        return s.startswith('"')
    return True


def load_text(text: str, filename: str = "<string>") -> Module:
    """Parse program text in generic form, or IREE's pretty form when the ``iree`` extra is installed."""
    if looks_generic(text):
        return parse_module(text, filename)
    from ir.iree_bridge import iree_available, to_generic_text

    if not iree_available():
        return parse_module(text, filename)
    module = parse_module(to_generic_text(text, filename=filename, debug_info=True), filename)
    adopt_debug_locations(module, filename=filename)
    return module


def load_file(path: str) -> Module:
    """Read and parse a program file (``-`` is standard input); see :func:`load_text`."""
    if path == "-":
        return load_text(sys.stdin.read(), "<stdin>")
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        text = f.read()
    return load_text(text, path)
