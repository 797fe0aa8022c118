"""The verifier's symbol-use rules: checks of an op against the symbol it names (MLIR's
``verifySymbolUses``), run once per module after the per-op checks of :mod:`ir.verifier`.

- ``util.call``/``func.call``: operand and result types are the callee's ``function_type``;
- ``stream.async.call``: as IREE's AsyncCallOp, counts equal and each type equal, where a callee resource
  of unknown lifetime (``!stream.resource<*>``) takes any resource;
- ``stream.async.dispatch``/``stream.cmd.dispatch``: the workload matches the export's workgroup-count
  region; a ``stream.cmd.dispatch`` of an export whose function is present passes one resource per
  ``!stream.binding`` argument and its uniform operands in the function's order and types;
- ``util.global.load``/``util.global.store`` and their ``.indirect`` forms: the accessed type suits the
  global's (IREE's isGlobalTypeCompatible: shaped types of compatible shapes, any resource for a resource
  global, otherwise equal; a direct store requires the very type), and an immutable load names an
  immutable global.
"""

from __future__ import annotations

from ir.attributes import ArrayAttr, SymbolRefAttr, TypeAttr
from ir.core import Operation, Region
from ir.errors import IRError, VerifyError
from ir.module import find_symbol, symbol_table
from ir.types import DYNAMIC, BindingType, FunctionType, HalType, OpaqueType, ResourceType, Type, shaped_dims


def verify_symbol_uses(top: Operation) -> None:
    functions = symbol_table(top)
    for op in _symbol_order(top):
        rule = _RULES.get(op.op_name)
        if rule is not None:
            if _UNDEFINED.get(op.op_name) and _resolves_in(op, top):
                _defined(op, functions)
            rule(op, functions)


#: Symbol operands that must name a symbol of a kind: (attribute, the ops it may name, what IREE says).
_UNDEFINED: dict[str, tuple[str, tuple[str, ...], str]] = {
    "util.global.load": ("global", ("util.global",), "undefined global"),
    "util.global.store": ("global", ("util.global",), "undefined global"),
    "util.call": ("callee", ("util.func", "func.func"), "undefined/incompatible callee"),
    "func.call": ("callee", ("util.func", "func.func"), "undefined/incompatible callee"),
    "stream.async.call": ("callee", ("stream.async.func", "util.func", "func.func"), "undefined external call"),
}
#: Ops that open a symbol table of their own (a reference inside one resolves there, not in the module).
_SYMBOL_TABLES = frozenset(
    {"builtin.module", "hal.executable", "hal.executable.variant", "stream.executable", "flow.executable"}
)


def _symbol_order(top: Operation) -> list[Operation]:
    """The ops in the order MLIR verifies their symbol uses: those of nested symbol tables first (each
    table is verified when the verifier leaves it, before the module), then the module's own as MLIR's
    walkSymbolTable visits them: a region's ops in order, then the regions they hold, the last first."""
    nested: list[Operation] = []
    own: list[Operation] = []
    worklist = list(top.regions)
    while worklist:
        for block in worklist.pop().blocks:
            for op in block.ops:
                own.append(op)
                if op.op_name in _SYMBOL_TABLES:
                    nested.extend(inner for region in op.regions for inner in _walk_regions(region))
                else:
                    worklist.extend(op.regions)
    return nested + own


def _walk_regions(region: Region) -> list[Operation]:
    return [inner for block in region.blocks for op in block.ops for inner in op.walk()]


def _resolves_in(op: Operation, top: Operation) -> bool:
    """Whether ``op``'s flat symbol references resolve in ``top``'s table (no nearer table encloses it)."""
    for parent in op.ancestors():
        if parent is top:
            return True
        if parent.op_name in _SYMBOL_TABLES:
            return False
    return True


def _defined(op: Operation, functions: dict[str, Operation]) -> None:
    """IREE's verifySymbolUses: a global access names a util.global, a call a function, of the module."""
    attr, kinds, message = _UNDEFINED[op.op_name]
    ref = op.attr(attr)
    if not isinstance(ref, SymbolRefAttr) or ref.nested:
        return
    found = functions.get(ref.root)
    if found is None or found.op_name not in kinds:
        raise VerifyError(f"{op.op_name}: {message}: {ref}", location=op.location)


def _callee_type(op: Operation, functions: dict[str, Operation]) -> FunctionType | None:
    callee = op.attr("callee")
    fn = functions.get(callee.root) if isinstance(callee, SymbolRefAttr) and not callee.nested else None
    ftype = fn.attr("function_type") if fn is not None else None
    sig = ftype.value if isinstance(ftype, TypeAttr) else None
    return sig if isinstance(sig, FunctionType) else None


def _call(op: Operation, functions: dict[str, Operation]) -> None:
    """MLIR's and IREE's call verifiers: the call passes and returns the callee's types exactly."""
    sig = _callee_type(op, functions)
    if sig is None:
        return
    got_in = [str(v.type) for v in op._operands]
    got_out = [str(r.type) for r in op.results]
    if got_in != [str(t) for t in sig.inputs] or got_out != [str(t) for t in sig.results]:
        raise VerifyError(
            f"{op.op_name}: callee @{op.attr('callee')} has type {sig} but the call passes ({', '.join(got_in)}) "
            f"and expects ({', '.join(got_out)})",
            location=op.location,
        )
    if op.op_name == "util.call":
        callee = functions.get(op.attr("callee").root)  # type: ignore[union-attr]
        have, want = _tied(op.attr("tied_operands"), len(op.results)), _tied(
            callee.attr("tied_operands") if callee is not None else None, len(sig.results)
        )
        if have != want:
            raise VerifyError(
                f"{op.op_name}: function tied operands mismatch; have {_show_tied(have)} but callee "
                f"@{op.attr('callee')} is {_show_tied(want)}",
                location=op.location,
            )


def _tied(attr: object, results: int) -> list[int]:
    """A tied_operands array as indices (-1: untied); absent means every result untied."""
    if not isinstance(attr, ArrayAttr):
        return [-1] * results
    return [int(getattr(e, "value", -1)) for e in attr.elements]


def _show_tied(tied: list[int]) -> str:
    return "[" + ", ".join(f"{t} : index" for t in tied) + "]"


def _async_call(op: Operation, functions: dict[str, Operation]) -> None:
    """IREE's AsyncCallOp::verifySymbolUses: the callee type has the call's arity; a callee resource of
    unknown lifetime takes any resource, every other type must be the call's own."""
    sig = _callee_type(op, functions)
    if sig is None:
        return
    args = list(getattr(op, "resource_operands", op._operands))
    if len(sig.inputs) != len(args) or len(sig.results) != len(op.results):
        raise VerifyError(
            f"{op.op_name}: function type mismatch; the call passes {len(args)} operands and expects "
            f"{len(op.results)} results but callee @{op.attr('callee')} is {sig}",
            location=op.location,
        )

    def compatible(callee: Type, call: Type) -> bool:
        if str(callee) == str(call):
            return True
        return isinstance(callee, ResourceType) and isinstance(call, ResourceType) and callee.lifetime == "*"

    for what, callee_types, call_types in (
        ("argument", sig.inputs, [v.type for v in args]),
        ("result", sig.results, [r.type for r in op.results]),
    ):
        for want, got in zip(callee_types, call_types):
            if not compatible(want, got):
                raise VerifyError(
                    f"{op.op_name}: function {what} type mismatch; expected {got} but callee provides {want}",
                    location=op.location,
                )


def _exports(op: Operation, functions: dict[str, Operation]) -> list[tuple[SymbolRefAttr, Operation]]:
    entries = op.attr("entry_points")
    found = []
    for entry in entries.elements if isinstance(entries, ArrayAttr) else ():
        if not isinstance(entry, SymbolRefAttr) or len(entry.nested) != 1:
            continue
        exe = functions.get(entry.root)
        export = find_symbol(exe, entry.nested[0]) if exe is not None else None  # (no table per dispatch)
        if export is not None:
            found.append((entry, export))
    return found


def _dispatch(op: Operation, functions: dict[str, Operation]) -> None:
    """IREE's dispatch symbol-use rules (an unknown entry point is not an error, as in IREE)."""
    workload = getattr(op, "workload", None) or []
    for entry, export in _exports(op, functions):
        _check_workload(op, entry, export, workload)
        if op.op_name == "stream.cmd.dispatch":
            _check_exported_function(op, entry, export)


def _check_workload(op: Operation, entry: SymbolRefAttr, export: Operation, workload: list) -> None:  # type: ignore[type-arg]
    """One workload value per explicit argument of the export's workgroup-count region (the
    ``!hal.device`` argument is captured implicitly), each of the argument's type."""
    if not export.regions or not export.regions[0].blocks:
        return
    explicit = [a.type for a in export.regions[0].blocks[0].args if not isinstance(a.type, HalType)]
    if len(explicit) != len(workload):
        raise VerifyError(
            f"{op.op_name}: workload mismatch; export {entry} expects {len(explicit)} workload values "
            f"but the dispatch passes {len(workload)}",
            location=op.location,
        )
    for i, (want, value) in enumerate(zip(explicit, workload)):
        if str(want) != str(value.type):
            raise VerifyError(
                f"{op.op_name}: workload operand {i} is {value.type}, export {entry} expects {want}",
                location=op.location,
            )


def _exported_function(export: Operation) -> Operation | None:
    """The function an export names inside its executable's inner ``builtin.module`` (IREE's
    ExecutableExportOp::lookupFunctionRef), or None."""
    executable = export.parent_op
    if executable is None or executable.op_name != "stream.executable":
        return None
    ref = export.attr("function_ref")
    name = ref.root if isinstance(ref, SymbolRefAttr) else getattr(export.attr("sym_name"), "value", None)
    for block in executable.regions[0].blocks if executable.regions else ():
        for inner in block.ops:
            if inner.op_name == "builtin.module":
                return symbol_table(inner).get(name) if isinstance(name, str) else None
    return None


def _check_exported_function(op: Operation, entry: SymbolRefAttr, export: Operation) -> None:
    fn = _exported_function(export)
    ftype = fn.attr("function_type") if fn is not None else None
    sig = ftype.value if isinstance(ftype, TypeAttr) else None
    if not isinstance(sig, FunctionType):
        return
    bindings = sum(isinstance(t, BindingType) for t in sig.inputs)
    uniform = [t for t in sig.inputs if not isinstance(t, BindingType)]
    passed = list(getattr(op, "uniform_operands", []))
    resources = list(getattr(op, "resources", []))
    if len(passed) != len(uniform):
        raise VerifyError(
            f"{op.op_name}: function type mismatch; expected {len(passed)} uniform arguments on exported "
            f"function {entry}, but has {len(uniform)}",
            location=op.location,
        )
    if len(resources) != bindings:
        raise VerifyError(
            f"{op.op_name}: function type mismatch; expected {len(resources)} binding arguments on exported "
            f"function {entry}, but has {bindings}",
            location=op.location,
        )
    for value, want in zip(passed, uniform):
        if str(value.type) != str(want):
            raise VerifyError(
                f"{op.op_name}: uniform dispatch argument type mismatch: expected {value.type} but "
                f"{entry} takes {want}",
                location=op.location,
            )


def _global_compatible(global_type: Type, access: Type) -> bool:
    """IREE's isGlobalTypeCompatible."""
    a, b = shaped_dims(global_type), shaped_dims(access)
    if a is not None and b is not None:
        return len(a) == len(b) and all(x == y or DYNAMIC in (x, y) for x, y in zip(a, b))
    if isinstance(global_type, ResourceType):
        return isinstance(access, ResourceType) or b is not None
    return str(global_type) == str(access)


def _global_of(op: Operation, functions: dict[str, Operation]) -> Operation | None:
    ref = op.attr("global")
    if not isinstance(ref, SymbolRefAttr) or ref.nested:
        return None
    found = functions.get(ref.root)
    return found if found is not None and found.op_name == "util.global" else None


def _global_type(g: Operation) -> Type | None:
    attr = g.attr("type")
    return attr.value if isinstance(attr, TypeAttr) else None


def _global_access(op: Operation, functions: dict[str, Operation]) -> None:
    g = _global_of(op, functions)
    if g is None:
        return  # an unknown global is IREE's "undefined global"; the interpreter names it where used
    gtype = _global_type(g)
    name = getattr(g.attr("sym_name"), "value", "?")
    if gtype is None:
        return
    if op.op_name == "util.global.load":
        loaded = op.results[0].type if op.results else None
        if loaded is not None and not _global_compatible(gtype, loaded):
            raise VerifyError(
                f"{op.op_name}: global type mismatch; global \"{name}\" is '{gtype}' but load is '{loaded}'",
                location=op.location,
            )
        if op.attr("is_immutable") is not None and g.attr("is_mutable") is not None:
            raise VerifyError(
                f'{op.op_name}: is marked as immutable but the global "{name}" is mutable',
                location=op.location,
            )
    elif op.op_name == "util.global.store" and op._operands:
        stored = op._operands[0].type
        if str(stored) != str(gtype):
            raise VerifyError(
                f"{op.op_name}: global type mismatch; global \"{name}\" is '{gtype}' but store is '{stored}'",
                location=op.location,
            )


def _pointer_target(t: Type) -> str | None:
    text = str(t)
    return text[len("!util.ptr<") : -1] if text.startswith("!util.ptr<") and text.endswith(">") else None


def _global_indirect(op: Operation, functions: dict[str, Operation]) -> None:
    """``util.global.{load,store}.indirect``: the pointer's target type suits the accessed type."""
    if op.op_name == "util.global.store.indirect" and len(op._operands) == 2:
        access, pointer = op._operands[0].type, op._operands[1].type
        what = "store"
    elif op.op_name == "util.global.load.indirect" and op._operands and op.results:
        access, pointer = op.results[0].type, op._operands[0].type
        what = "load"
    else:
        return
    target = _pointer_target(pointer)
    if target is not None and target != str(access) and not _global_compatible(_parse_type(target), access):
        raise VerifyError(
            f"{op.op_name}: global type mismatch; global pointer is '{target}' but {what} is '{access}'",
            location=op.location,
        )


def _parse_type(text: str) -> Type:
    from ir.attr_parser import AttrTypeParser

    try:
        return AttrTypeParser(text).parse_type()
    except IRError:  # a type the IR does not model: compared by text
        return OpaqueType(text)


_RULES = {
    "util.call": _call,
    "func.call": _call,
    "stream.async.call": _async_call,
    "stream.async.dispatch": _dispatch,
    "stream.cmd.dispatch": _dispatch,
    "util.global.load": _global_access,
    "util.global.store": _global_access,
    "util.global.load.indirect": _global_indirect,
    "util.global.store.indirect": _global_indirect,
}
