"""Modules and symbols.

A :class:`Module` wraps the top ``builtin.module`` op and keeps what the text around it held (attribute
and type aliases, trailing ``{-# ... #-}`` metadata) so that printing loses nothing. Symbols are ops with a
``sym_name`` attribute; ``@exe::@entry`` references resolve through nested symbol tables.
"""

from __future__ import annotations

from collections.abc import Iterator

from ir.attributes import Attribute, StringAttr, SymbolRefAttr
from ir.core import Block, Operation, Region
from ir.errors import IRError
from ir.types import Type


def symbol_name(op: Operation) -> str | None:
    attr = op.attr("sym_name")
    return attr.value if isinstance(attr, StringAttr) else None


def symbol_table(op: Operation) -> dict[str, Operation]:
    """The symbols defined directly in the (first) region of ``op``."""
    table: dict[str, Operation] = {}
    if not op.regions:
        return table
    for block in op.regions[0].blocks:
        for child in block.ops:
            name = symbol_name(child)
            if name is not None:
                table[name] = child
    return table


def find_symbol(op: Operation, name: str) -> Operation | None:
    """``symbol_table(op).get(name)`` without building the table: the last op of that name (as the
    table keeps it), found by scanning from the end (a module's functions and executables follow its
    thousands of globals)."""
    if not op.regions:
        return None
    for block in reversed(op.regions[0].blocks):
        for child in reversed(block.ops):
            attr = child.properties.get("sym_name")
            if attr is None:
                attr = child.attributes.get("sym_name")
            if isinstance(attr, StringAttr) and attr.value == name:
                return child
    return None


def _nested_symbol_scopes(op: Operation) -> Iterator[Operation]:
    """``op`` and its nested builtin.module ops, where IREE keeps executable functions."""
    yield op
    for region in op.regions:
        for block in region.blocks:
            for child in block.ops:
                if child.op_name == "builtin.module" and symbol_name(child) is None:
                    yield from _nested_symbol_scopes(child)


class Module:
    def __init__(self, op: Operation | None = None) -> None:
        if op is None:
            op = Operation("builtin.module", regions=[Region([Block()])])
        if op.op_name != "builtin.module":
            raise IRError(f"a module's top op must be builtin.module, got {op.op_name}")
        self.op = op
        self.attr_aliases: dict[str, Attribute] = {}
        self.type_aliases: dict[str, Type] = {}
        self.file_metadata: str | None = None
        self.filename: str | None = None

    @property
    def body(self) -> Block:
        return self.op.body

    def walk(self) -> Iterator[Operation]:
        return self.op.walk()

    def symbols(self) -> dict[str, Operation]:
        return symbol_table(self.op)

    def lookup(self, ref: str | SymbolRefAttr) -> Operation:
        """Resolve ``@name`` or ``@outer::@inner``; raises IRError naming the missing symbol."""
        if isinstance(ref, str):
            ref = SymbolRefAttr(ref)
        op = find_symbol(self.op, ref.root)
        if op is None:
            raise IRError(f"unknown symbol @{ref.root}")
        for name in ref.nested:
            found = None
            for scope in _nested_symbol_scopes(op):
                found = find_symbol(scope, name)
                if found is not None:
                    break
            if found is None:
                raise IRError(f"unknown symbol @{name} in @{symbol_name(op)} (resolving {ref})")
            op = found
        return op

    def function(self, name: str) -> Operation:
        op = find_symbol(self.op, name)
        if op is None or op.op_name not in FUNCTION_OPS:
            known = sorted(n for n, o in self.symbols().items() if o.op_name in FUNCTION_OPS)
            raise IRError(f"no function @{name} in the module; functions: {', '.join(known) or 'none'}")
        return op

    def functions(self) -> list[Operation]:
        return [op for op in self.body.ops if op.op_name in FUNCTION_OPS]

    def op_histogram(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for op in self.walk():
            counts[op.op_name] = counts.get(op.op_name, 0) + 1
        return counts


FUNCTION_OPS = frozenset({"util.func", "func.func", "stream.async.func", "stream.cmd.func"})

# Ops of dialects without classes whose regions are isolated from above (they see no outer values).
ISOLATED_GENERIC_OPS = frozenset(
    {
        "builtin.module",
        "func.func",
        "util.func",
        "util.initializer",
        "hal.executable",
        "hal.executable.variant",
    }
)
