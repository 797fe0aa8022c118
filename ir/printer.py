"""Printer of MLIR's generic operation form.

The output reads back with :func:`ir.parser.parse_module` and is accepted by ``iree-opt``. Values are
numbered in print order (``%0``, ``%1``, block arguments ``%arg0``...). Attribute and type aliases read from
the input are printed first and used again wherever an equal attribute appears. Ops print with the name
they were read with; ``iree_names=True`` spells ops renamed by IREE 3.x the new way (for programs built
with the seeds' names that must go through ``iree-opt``).

Examples
--------
>>> from ir.parser import parse_module
>>> text = '"builtin.module"() ({\\n  %0 = "arith.constant"() <{value = 4 : index}> : () -> index\\n}) : () -> ()\\n'
>>> print(print_generic(parse_module(text)), end="")
"builtin.module"() ({
  %0 = "arith.constant"() <{value = 4 : index}> : () -> index
}) : () -> ()
"""

from __future__ import annotations

from ir import attributes as A
from ir.core import Block, Operation, Region, Value
from ir.module import Module
from ir.opdef import iree_spelling
from ir.types import FunctionType, Type


class GenericPrinter:
    def __init__(self, module: Module | None = None, *, iree_names: bool = False) -> None:
        self.names: dict[int, str] = {}
        self.next_value = 0
        self.next_arg = 0
        self.iree_names = iree_names
        self.attr_alias: dict[A.Attribute, str] = {}
        self.type_alias: dict[Type, str] = {}
        if module is not None:
            for name, attr in module.attr_aliases.items():
                self.attr_alias.setdefault(attr, name)
            for name, t in module.type_aliases.items():
                self.type_alias.setdefault(t, name)
        self.out: list[str] = []
        self.block_names: dict[int, str] = {}

    # --- values ----------------------------------------------------------------------------------------

    def value_name(self, v: Value) -> str:
        name = self.names.get(id(v))
        if name is None:
            # Not defined yet in print order (a graph region or a forward reference): number it now.
            name = self.names[id(v)] = f"%{self.next_value}"
            self.next_value += 1
        return name

    def ref(self, v: Value) -> str:
        from ir.core import OpResult

        if isinstance(v, OpResult) and len(v.op.results) > 1:
            base = self.value_name(v.op.results[0])
            return f"{base}#{v.index}"
        return self.value_name(v)

    # --- attributes and types ------------------------------------------------------------------------

    def attr(self, a: A.Attribute) -> str:
        alias = self.attr_alias.get(a)
        if alias is not None:
            return f"#{alias}"
        if isinstance(a, A.ArrayAttr):
            return "[" + ", ".join(self.attr(e) for e in a.elements) + "]"
        if isinstance(a, A.DictAttr):
            return "{" + self.dict_body(a.entries) + "}"
        if isinstance(a, A.TypeAttr):
            return self.type(a.value)
        return str(a)

    def dict_body(self, entries: object) -> str:
        parts = []
        for k, v in entries:  # type: ignore[attr-defined]
            key = k if A._BARE_KEY.match(k) else A.quote_string(k)
            parts.append(key if isinstance(v, A.UnitAttr) else f"{key} = {self.attr(v)}")
        return ", ".join(parts)

    def type(self, t: Type) -> str:
        alias = self.type_alias.get(t)
        if alias is not None:
            return f"!{alias}"
        if isinstance(t, FunctionType):
            ins = ", ".join(self.type(x) for x in t.inputs)
            if len(t.results) == 1 and not isinstance(t.results[0], FunctionType):
                return f"({ins}) -> {self.type(t.results[0])}"
            return f"({ins}) -> ({', '.join(self.type(x) for x in t.results)})"
        return str(t)

    # --- structure -------------------------------------------------------------------------------------

    def module(self, module: Module) -> str:
        for name, attr in module.attr_aliases.items():
            # Print the aliased attribute itself, not its own alias.
            saved = self.attr_alias.pop(attr, None)
            self.out.append(f"#{name} = {self.attr(attr)}\n")
            if saved is not None:
                self.attr_alias[attr] = saved
        for name, t in module.type_aliases.items():
            saved_t = self.type_alias.pop(t, None)
            self.out.append(f"!{name} = {self.type(t)}\n")
            if saved_t is not None:
                self.type_alias[t] = saved_t
        self.operation(module.op, 0)
        if module.file_metadata:
            self.out.append("\n" + module.file_metadata + "\n")
        return "".join(self.out)

    def operation(self, op: Operation, indent: int) -> None:
        pad = "  " * indent
        out = self.out
        out.append(pad)
        if op.results:
            first = self.names[id(op.results[0])] = f"%{self.next_value}"
            self.next_value += 1
            out.append(f"{first}:{len(op.results)} = " if len(op.results) > 1 else f"{first} = ")
        name = iree_spelling(op.op_name) if self.iree_names else op.op_name
        out.append(f'"{name}"(')
        out.append(", ".join(self.ref(v) for v in op._operands))
        out.append(")")
        if op.successors:
            out.append("[" + ", ".join(self.block_label(b) for b in op.successors) + "]")
        if op.properties:
            out.append(" <{" + self.dict_body(op.properties.items()) + "}>")
        if op.regions:
            out.append(" (")
            for i, r in enumerate(op.regions):
                if i:
                    out.append(", ")
                self.region(r, indent)
            out.append(")")
        if op.attributes:
            out.append(" {" + self.dict_body(op.attributes.items()) + "}")
        ins = ", ".join(self.type(v.type) for v in op._operands)
        if len(op.results) == 1 and not isinstance(op.results[0].type, FunctionType):
            outs = self.type(op.results[0].type)
        else:
            outs = "(" + ", ".join(self.type(r.type) for r in op.results) + ")"
        out.append(f" : ({ins}) -> {outs}")
        if op.debug_loc:
            out.append(" " + op.debug_loc)
        out.append("\n")

    def block_label(self, b: Block) -> str:
        name = self.block_names.get(id(b))
        if name is None:
            name = self.block_names[id(b)] = f"^bb{len(self.block_names)}"
        return name

    def region(self, r: Region, indent: int) -> None:
        self.out.append("{\n")
        for i, block in enumerate(r.blocks):
            # An empty body of a module or executable (ops without terminators) is labelled too: ``({\n})``
            # would read back as a region without blocks, which MLIR rejects for them.
            empty_body = not block.ops and r.parent is not None and r.parent.op_name in _EMPTY_BODY_OPS
            if block.args or i > 0 or len(r.blocks) > 1 or empty_body:
                args = []
                for a in block.args:
                    name = self.names[id(a)] = f"%arg{self.next_arg}"
                    self.next_arg += 1
                    args.append(f"{name}: {self.type(a.type)}")
                label = self.block_label(block)
                self.out.append("  " * indent + (f"{label}({', '.join(args)}):\n" if args else f"{label}:\n"))
            for op in block.ops:
                self.operation(op, indent + 1)
        self.out.append("  " * indent + "}")


#: Ops whose single block needs no terminator (MLIR's NoTerminator): their empty body is still a block.
_EMPTY_BODY_OPS = frozenset({"builtin.module", "stream.executable", "hal.executable", "hal.executable.variant"})


def print_generic(module: Module | Operation, *, iree_names: bool = False) -> str:
    """The module (or a single op) in MLIR's generic form."""
    if isinstance(module, Operation):
        printer = GenericPrinter(iree_names=iree_names)
        printer.operation(module, 0)
        return "".join(printer.out)
    return GenericPrinter(module, iree_names=iree_names).module(module)
