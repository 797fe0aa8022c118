"""A pretty printer: the dialects' custom syntax, for people to read.

``print_pretty(module)`` writes stream ops in the syntax the seed documents show (as IREE 3.13 prints
them: ``stream.cmd.execute await(%t) => with(%r as %arg0: !stream.resource<transient>{%c64}) {...}``), the
common builtin, func, util and arith ops in their usual custom syntax, and every other op in generic form,
which MLIR reads anywhere. The output is meant to be read; :func:`ir.parser.parse_module` reads only the
generic form, but ``iree-opt`` accepts the pretty text of IREE's own modules (see tests/ir/test_pretty.py).

Each custom printer is a function ``(printer, op, indent) -> bool`` registered under the op's seed name;
it returns False to fall back to the generic form when the op carries something its syntax cannot show.
The stream printers live in :mod:`ir.dialects.pretty_stream` and :mod:`ir.dialects.pretty_resource`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ir import attributes as A
from ir.core import Operation, Region, Value
from ir.module import Module
from ir.opdef import iree_spelling, lookup_op_class
from ir.printer import GenericPrinter
from ir.types import FunctionType

OpPrinter = Callable[["PrettyPrinter", Operation, int], bool]
PRETTY_PRINTERS: dict[str, OpPrinter] = {}

# Attributes every custom syntax shows through its operands (never printed in an attr-dict).
SEGMENT_KEYS = frozenset({"operandSegmentSizes", "resultSegmentSizes"})


def pretty(*names: str) -> Callable[[OpPrinter], OpPrinter]:
    """Register a custom printer for ops of these (seed) names."""

    def deco(fn: OpPrinter) -> OpPrinter:
        for name in names:
            PRETTY_PRINTERS[name] = fn
        return fn

    return deco


class PrettyPrinter(GenericPrinter):
    """The generic printer, with custom syntax wherever a printer is registered."""

    def operation(self, op: Operation, indent: int) -> None:
        cls = lookup_op_class(op.op_name)
        fn = PRETTY_PRINTERS.get(cls.name if cls is not None else op.op_name)
        if fn is not None:
            mark, named = len(self.out), len(self.names)
            counters = (self.next_value, self.next_arg)
            if fn(self, op, indent):
                return
            del self.out[mark:]  # the printer gave up: print this op in generic form instead
            # Forget the names it gave (the latest entries: a value is named once), without copying the
            # whole table per op, which made printing quadratic in the program's size.
            for _ in range(len(self.names) - named):
                self.names.popitem()
            self.next_value, self.next_arg = counters
        super().operation(op, indent)

    # --- pieces of custom syntax --------------------------------------------------------------------

    def op_name(self, op: Operation) -> str:
        return iree_spelling(op.op_name) if self.iree_names else op.op_name

    def begin(self, op: Operation, indent: int) -> None:
        """Indentation, result names and the op name."""
        self.out.append("  " * indent)
        if op.results:
            first = self.names[id(op.results[0])] = f"%{self.next_value}"
            self.next_value += 1
            self.out.append(f"{first}:{len(op.results)} = " if len(op.results) > 1 else f"{first} = ")
        self.out.append(self.op_name(op))

    def end(self, op: Operation) -> bool:
        if op.debug_loc:
            self.out.append(" " + op.debug_loc)
        self.out.append("\n")
        return True

    def w(self, *parts: str) -> None:
        self.out.extend(parts)

    def refs(self, values: Iterable[Value]) -> str:
        return ", ".join(self.ref(v) for v in values)

    def types(self, values: Iterable[Value]) -> str:
        return ", ".join(self.type(v.type) for v in values)

    def sized(self, value: Value, size: Value | None) -> str:
        """``!stream.resource<transient>{%size}``."""
        return self.type(value.type) + (f"{{{self.ref(size)}}}" if size is not None else "")

    def affinity(self, op: Operation, keyword: str = "on", key: str = "affinity") -> str:
        a = op.attr(key)
        return f" {keyword}({self.attr(a)})" if a is not None else ""

    def await_clause(self, timepoint: Value | None, arrow: str = " =>") -> str:
        return f" await({self.ref(timepoint)}){arrow}" if timepoint is not None else ""

    def extra_attrs(self, op: Operation, handled: Iterable[str], keyword: bool = False) -> str:
        """What an ``attr-dict`` shows: the attributes the syntax did not."""
        skip = set(handled) | SEGMENT_KEYS
        entries = [(k, v) for k, v in [*op.properties.items(), *op.attributes.items()] if k not in skip]
        if not entries:
            return ""
        return (" attributes {" if keyword else " {") + self.dict_body(entries) + "}"

    def region_body(
        self, region: Region, indent: int, *, entry_args: bool, drop_terminators: Sequence[str] = ()
    ) -> None:
        """``{ ... }``; ``entry_args=False`` when the custom syntax already named the entry block's
        arguments. Trailing ops in ``drop_terminators`` with no operands are implied and left out."""
        self.out.append("{\n")
        for i, block in enumerate(region.blocks):
            if i > 0 or (entry_args and block.args):
                args = []
                for a in block.args:
                    name = self.names[id(a)] = f"%arg{self.next_arg}"
                    self.next_arg += 1
                    args.append(f"{name}: {self.type(a.type)}")
                label = self.block_label(block)
                self.out.append("  " * indent + (f"{label}({', '.join(args)}):\n" if args else f"{label}:\n"))
            ops = list(block.ops)
            if (
                ops
                and ops[-1].op_name in drop_terminators
                and not ops[-1].operands
                and not ops[-1].attributes
            ):
                ops.pop()
            for child in ops:
                self.operation(child, indent + 1)
        self.out.append("  " * indent + "}")

    def name_args(self, region: Region) -> list[str]:
        """Number the entry block's arguments now, for syntax that lists them before the region."""
        names = []
        if region.blocks:
            for a in region.blocks[0].args:
                name = self.names[id(a)] = f"%arg{self.next_arg}"
                self.next_arg += 1
                names.append(name)
        return names


def print_pretty(module: Module | Operation, *, iree_names: bool = False) -> str:
    """The module in custom syntax where the printer knows it, generic form elsewhere."""
    import ir.dialects.pretty_resource  # noqa: F401  (registers the stream and hal printers)
    import ir.dialects.pretty_stream  # noqa: F401

    if isinstance(module, Operation):
        printer = PrettyPrinter(iree_names=iree_names)
        printer.operation(module, 0)
        return "".join(printer.out)
    return PrettyPrinter(module, iree_names=iree_names).module(module)


# --- builtin, func, util ------------------------------------------------------------------------------


def _str_attr(op: Operation, key: str) -> str | None:
    a = op.attr(key)
    return a.value if isinstance(a, A.StringAttr) else None


@pretty("builtin.module")
def _module(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    if op.results or op.operands or len(op.regions) != 1:
        return False
    p.begin(op, indent)
    name = _str_attr(op, "sym_name")
    if name is not None:
        p.w(" @", name)
    p.w(p.extra_attrs(op, {"sym_name"}, keyword=True), " ")
    p.region_body(op.regions[0], indent, entry_args=False)
    return p.end(op)


def _signature(p: PrettyPrinter, op: Operation, ftype: FunctionType, body: Region | None) -> str:
    arg_attrs = op.attr("arg_attrs")
    res_attrs = op.attr("res_attrs")
    names = p.name_args(body) if body is not None and body.blocks else []

    def with_attrs(text: str, attrs: A.Attribute | None, i: int) -> str:
        entry = attrs[i] if isinstance(attrs, A.ArrayAttr) and i < len(attrs) else None
        return text + " " + p.attr(entry) if isinstance(entry, A.DictAttr) and entry.entries else text

    args = [
        with_attrs(f"{names[i]}: {p.type(t)}" if names else p.type(t), arg_attrs, i)
        for i, t in enumerate(ftype.inputs)
    ]
    results = [with_attrs(p.type(t), res_attrs, i) for i, t in enumerate(ftype.results)]
    sig = f"({', '.join(args)})"
    if len(results) == 1 and not (isinstance(res_attrs, A.ArrayAttr) and " {" in results[0]):
        sig += f" -> {results[0]}"
    elif results:
        sig += f" -> ({', '.join(results)})"
    return sig


@pretty("func.func", "util.func")
def _func(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    ftype = op.attr("function_type")
    name = _str_attr(op, "sym_name")
    tied = op.attr("tied_operands")
    if not isinstance(ftype, A.TypeAttr) or not isinstance(ftype.value, FunctionType) or name is None:
        return False
    if isinstance(tied, A.ArrayAttr) and (
        any(getattr(e, "value", -1) != -1 for e in tied) or len(tied.elements) != len(ftype.value.results)
    ):
        # tied results (`-> %arg0 as T`), and a list that is not one entry per result (IREE keeps it as
        # written; its custom syntax would rewrite it), stay in generic form
        return False
    body = op.regions[0] if op.regions and op.regions[0].blocks else None
    p.begin(op, indent)
    vis = _str_attr(op, "sym_visibility")
    if vis is not None:
        p.w(" ", vis)
    p.w(" ", A.SymbolRefAttr(name).__str__(), _signature(p, op, ftype.value, body))
    handled = {"function_type", "sym_name", "sym_visibility", "arg_attrs", "res_attrs", "tied_operands"}
    p.w(p.extra_attrs(op, handled, keyword=True))
    if body is not None:
        p.w(" ")
        p.region_body(body, indent, entry_args=False)
    return p.end(op)


@pretty("util.initializer")
def _initializer(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    p.begin(op, indent)
    p.w(p.extra_attrs(op, {"function_type"}, keyword=True), " ")
    p.region_body(op.regions[0], indent, entry_args=False)
    return p.end(op)


@pretty("func.return", "util.return", "stream.return", "hal.return", "scf.yield", "linalg.yield")
def _return(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    if op.results or op.regions:
        return False
    p.begin(op, indent)
    if op.operands:
        p.w(" ", p.refs(op.operands), " : ", p.types(op.operands))
    p.w(p.extra_attrs(op, ()))
    return p.end(op)


@pretty("util.global")
def _global(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    name, ty = _str_attr(op, "sym_name"), op.attr("type")
    if name is None or not isinstance(ty, A.TypeAttr):
        return False
    p.begin(op, indent)
    vis = _str_attr(op, "sym_visibility")
    p.w(f" {vis}" if vis else "", " mutable" if op.attr("is_mutable") is not None else "")
    p.w(" ", str(A.SymbolRefAttr(name)))
    init = op.attr("initial_value")
    init_type = getattr(init, "type", None)
    if init is None:
        p.w(" : ", p.type(ty.value))
    elif init_type is None:  # an untyped initial value: `= #hal.device.target<...> : !hal.device`
        p.w(" = ", p.attr(init), " : ", p.type(ty.value))
    elif str(init_type) == str(ty.value):  # a typed one of the global's own type carries it
        p.w(" = ", p.attr(init))
    else:  # `: tensor<4xf32> = dense<4> : tensor<4xi32>`
        p.w(" : ", p.type(ty.value), " = ", p.attr(init))
    p.w(p.extra_attrs(op, {"sym_name", "sym_visibility", "is_mutable", "type", "initial_value"}))
    return p.end(op)


@pretty("util.global.load")
def _global_load(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    if op.operands or len(op.results) != 1 or op.attr("global") is None:
        return False
    p.begin(op, indent)
    p.w(" immutable" if op.attr("is_immutable") is not None else "", " ", p.attr(op.attr("global")))  # type: ignore[arg-type]
    p.w(p.extra_attrs(op, {"global", "is_immutable"}), " : ", p.type(op.results[0].type))
    return p.end(op)


@pretty("util.global.store")
def _global_store(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    if len(op.operands) != 1 or op.attr("global") is None:
        return False
    p.begin(op, indent)
    p.w(" ", p.ref(op.operands[0]), ", ", p.attr(op.attr("global")))  # type: ignore[arg-type]
    p.w(p.extra_attrs(op, {"global"}), " : ", p.type(op.operands[0].type))
    return p.end(op)


@pretty("util.buffer.constant")
def _buffer_constant(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    value = op.attr("value")
    if value is None or op.attr("name") is not None or op.attr("alignment") is not None:
        return False
    p.begin(op, indent)
    p.w(p.extra_attrs(op, {"value"}), " : ", p.type(op.results[0].type), " = ", p.attr(value))
    return p.end(op)


# --- arith -------------------------------------------------------------------------------------------

ARITH_BINARY = tuple(
    f"arith.{n}"
    for n in [
        "addf",
        "subf",
        "mulf",
        "divf",
        "remf",
        "maximumf",
        "minimumf",
        "maxnumf",
        "minnumf",
        "addi",
        "subi",
        "muli",
        "divsi",
        "divui",
        "ceildivsi",
        "ceildivui",
        "floordivsi",
        "remsi",
        "remui",
        "andi",
        "ori",
        "xori",
        "shli",
        "shrsi",
        "shrui",
        "maxsi",
        "maxui",
        "minsi",
        "minui",
    ]
)
# Unary float ops: `math.exp %x fastmath<fast> : f32`.
UNARY = ("arith.negf",) + tuple(
    f"math.{n}"
    for n in [
        "absf",
        "ceil",
        "cos",
        "erf",
        "exp",
        "exp2",
        "expm1",
        "floor",
        "log",
        "log1p",
        "log2",
        "round",
        "roundeven",
        "rsqrt",
        "sin",
        "sqrt",
        "tan",
        "tanh",
    ]
)
ARITH_CASTS = tuple(
    f"arith.{n}"
    for n in [
        "index_cast",
        "index_castui",
        "extf",
        "extsi",
        "extui",
        "truncf",
        "trunci",
        "sitofp",
        "uitofp",
        "fptosi",
        "fptoui",
        "bitcast",
    ]
)


@pretty("arith.constant")
def _constant(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    value = op.attr("value")
    if value is None or len(op.results) != 1 or len(op.properties) + len(op.attributes) != 1:
        return False
    text = p.attr(value)
    if isinstance(value, A.IntegerAttr | A.FloatAttr) and value.type != op.results[0].type:
        return False
    p.begin(op, indent)
    p.w(" ", text)
    return p.end(op)


def _flags(op: Operation) -> str | None:
    """`` fastmath<fast>`` / `` overflow<nsw>`` from the fastmath and overflowFlags properties; None when the
    op has any other attribute (the custom syntax has no room for it)."""
    text = ""
    for key, prefix in (("fastmath", "#arith.fastmath<"), ("overflowFlags", "#arith.overflow<")):
        a = op.attr(key)
        if a is None:
            continue
        s = str(a)
        if not s.startswith(prefix):
            return None
        if s[len(prefix) : -1] != "none":
            text += f" {prefix[len('#arith.') :]}{s[len(prefix) :]}"
    if any(k not in ("fastmath", "overflowFlags") for k in [*op.properties, *op.attributes]):
        return None
    return text


@pretty(*ARITH_BINARY, *UNARY)
def _elementwise(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    flags = _flags(op)
    if flags is None or len(op.results) != 1 or not op.operands:
        return False
    if any(v.type != op.results[0].type for v in op.operands):
        return False
    p.begin(op, indent)
    p.w(" ", p.refs(op.operands), flags, " : ", p.type(op.results[0].type))
    return p.end(op)


@pretty(*ARITH_CASTS)
def _cast(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    flags = _flags(op)
    if flags is None or len(op.operands) != 1 or len(op.results) != 1:
        return False
    p.begin(op, indent)
    p.w(
        " ",
        p.ref(op.operands[0]),
        flags,
        " : ",
        p.type(op.operands[0].type),
        " to ",
        p.type(op.results[0].type),
    )
    return p.end(op)


@pretty("hal.element_type")
def _element_type(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    t = op.attr("type")
    if not isinstance(t, A.TypeAttr) or op.operands or len(op.properties) + len(op.attributes) != 1:
        return False
    p.begin(op, indent)
    p.w(f"<{p.type(t.value)}> : {p.type(op.results[0].type)}")
    return p.end(op)


@pretty("hal.encoding_type")
def _encoding_type(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    if op.operands or op.properties or op.attributes:
        return False  # only the default (dense row-major) encoding has a simple spelling
    p.begin(op, indent)
    p.w(f"<dense_row_major> : {p.type(op.results[0].type)}")
    return p.end(op)


@pretty("tensor.empty")
def _tensor_empty(p: PrettyPrinter, op: Operation, indent: int) -> bool:
    if op.properties or op.attributes or len(op.results) != 1:
        return False
    p.begin(op, indent)
    p.w(f"({p.refs(op.operands)}) : {p.type(op.results[0].type)}")
    return p.end(op)
