"""How resource values flow through a module: the program structure IREE's usage analysis walks.

IREE's ``ResourceUsageAnalysis`` asks its ``Explorer`` two questions about a value: which ops define it
(walking up through block arguments to branch operands, through function arguments to call sites, through
call results to the callee's returns, through tied results to the operands they update, through global
loads to the stores of that global, and through region ops to their yields), and which ops use it
(walking down the same edges the other way). Either walk is *incomplete* when it reaches something it
cannot see: a public function (callers outside the module), an external callee, an indirect global.

:class:`FlowGraph` answers both questions for the project's IR; :mod:`scheduler.usage` runs the analysis
on top of it.

Examples
--------
>>> import ir
>>> m = ir.parse_module('''"builtin.module"() ({
...   "util.func"() <{function_type = (!stream.resource<*>) -> !stream.resource<*>, sym_name = "f"}> ({
...   ^bb0(%a: !stream.resource<*>):
...     "util.return"(%a) : (!stream.resource<*>) -> ()
...   }) : () -> ()
... }) : () -> ()''')
>>> g = FlowGraph(m)
>>> f = m.body.ops[0]
>>> defs, complete = g.defining_results(f.body.args[0])
>>> defs, complete  # a public function's argument comes from outside the module
([], False)
"""

from __future__ import annotations

from collections.abc import Iterator

from ir import Block, BlockArgument, Module, Operation, OpResult, Value
from ir import attributes as A
from ir import types as T
from ir.opdef import segment_bounds

FUNC_OPS = ("util.func", "func.func", "stream.async.func")
CALL_OPS = ("util.call", "func.call", "stream.async.call")
RETURN_OPS = ("util.return", "func.return")
BRANCH_OPS = ("cf.br", "cf.cond_br")
# Ops whose contents the analysis never looks into (IREE: executables are ignored, other symbol tables
# are shallow).
OPAQUE_OPS = ("stream.executable", "hal.executable", "hal.executable.source", "builtin.module")
CLOSURE_OPS = ("stream.async.execute", "stream.async.concurrent")

# Ops whose result 0 updates (or passes through) their raw operand 0, whatever its type (IREE's
# TiedOpInterface: the target of fill/update/copy/store/collective/parameter.read, the source of
# barrier/cast/parameter.write/scatter/subview, the resource of transients/timepoint.barrier, and the
# tensor.import/export ties that cross a type change).
_TIED_OPERAND0 = frozenset(
    {
        "stream.async.fill",
        "stream.async.update",
        "stream.async.copy",
        "stream.async.collective",
        "stream.async.store",
        "stream.async.parameter.read",
        "stream.async.barrier",
        "stream.async.cast",
        "stream.async.parameter.write",
        "stream.async.parameter.scatter",
        "stream.resource.subview",
        "stream.resource.transients",
        "stream.timepoint.barrier",
        "stream.tensor.import",
        "stream.tensor.export",
    }
)
# Ops with a ``tied_operands`` attribute, and the operand field its indices count from.
_TIED_LIST_BASE = {
    "stream.async.dispatch": "resource_operands",
    "stream.async.call": "resource_operands",
    "stream.async.execute": "resource_operands",
    "stream.async.concurrent": "resource_operands",
    "util.call": None,
    "func.call": None,
}
# The terminators that hand values back to each kind of region op (functions: their returns).
_RETURNS_BY_PARENT = {
    "stream.async.execute": ("stream.yield",),
    "stream.async.concurrent": ("stream.yield",),
    "scf.if": ("scf.yield",),
    "scf.for": ("scf.yield",),
    "scf.execute_region": ("scf.yield",),
    "scf.while": ("scf.condition",),
}


def is_resource(v: Value) -> bool:
    return isinstance(v.type, T.ResourceType)


def _field_start(op: Operation, field: str) -> int | None:
    try:
        bounds = segment_bounds(op, "operands")
    except (AttributeError, KeyError, TypeError):
        return None
    b = bounds.get(field)
    return None if b is None or b[0] == b[1] else b[0]


def tied_operand_index(op: Operation, result: int) -> int | None:
    """The raw operand index that result ``result`` of ``op`` updates in place, if it is tied."""
    name = op.op_name
    if name in _TIED_OPERAND0:
        return 0 if result == 0 and op.operands else None
    if name == "stream.timepoint.await":
        return result if result < len(op.results) else None
    if name == "stream.async.parameter.gather":
        # IREE ties the result to the raw operand numbered len(source_offsets).
        b = _field_start(op, "source_offsets")
        n = len(getattr(op, "source_offsets", ()))
        return n if result == 0 and b is not None else None
    if name in _TIED_LIST_BASE:
        attr = op.attr("tied_operands")
        if not isinstance(attr, A.ArrayAttr) or result >= len(attr.elements):
            return None
        e = attr.elements[result]
        if not isinstance(e, A.IntegerAttr) or e.value < 0:
            return None
        field = _TIED_LIST_BASE[name]
        base = 0 if field is None else _field_start(op, field)
        return None if base is None else base + e.value
    return None


def tied_results(op: Operation, operand: int) -> list[OpResult]:
    """The results of ``op`` tied to raw operand ``operand``."""
    return [r for r in op.results if tied_operand_index(op, r.index) == operand]


def successor_operand_ranges(op: Operation) -> list[tuple[int, int]]:
    """``[(start, count)]`` per successor: the operands a branch forwards to each successor block."""
    if op.op_name == "cf.br":
        return [(0, len(op.operands))]
    if op.op_name == "cf.cond_br":
        seg = op.attr("operandSegmentSizes")
        if isinstance(seg, A.DenseArrayAttr) and len(seg.values) == 3:
            n_true, n_false = int(seg.values[1]), int(seg.values[2])
            return [(1, n_true), (1 + n_true, n_false)]
    return []


def _symbol(op: Operation, key: str) -> str | None:
    attr = op.attr(key)
    if isinstance(attr, A.SymbolRefAttr):
        return attr.root if not attr.nested else None
    if isinstance(attr, A.StringAttr):
        return attr.value
    return None


def _is_public(op: Operation) -> bool:
    vis = op.attr("sym_visibility")
    return not (isinstance(vis, A.StringAttr) and vis.value in ("private", "nested"))


class FlowGraph:
    """The functions, calls, globals and branches of a module, and the two walks over them."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self.functions: dict[str, Operation] = {}
        self.calls: dict[str, list[Operation]] = {}
        self.global_loads: dict[str, list[Operation]] = {}
        self.global_stores: dict[str, list[Operation]] = {}
        self.indirect_globals: set[str] = set()
        self.predecessors: dict[int, list[Operation]] = {}
        for op in module.body.ops:
            if op.op_name in FUNC_OPS:
                name = _symbol(op, "sym_name")
                if name is not None:
                    self.functions[name] = op
        for op in self.ops():
            name = op.op_name
            if name in CALL_OPS:
                callee = _symbol(op, "callee")
                if callee is not None:
                    self.calls.setdefault(callee, []).append(op)
            elif name == "util.global.load":
                self.global_loads.setdefault(_symbol(op, "global") or "", []).append(op)
            elif name == "util.global.store":
                self.global_stores.setdefault(_symbol(op, "global") or "", []).append(op)
            elif name == "util.global.address":
                self.indirect_globals.add(_symbol(op, "global") or "")
            for succ in op.successors:
                self.predecessors.setdefault(id(succ), []).append(op)

    def ops(self) -> Iterator[Operation]:
        """Every op the analysis sees, in pre-order (executables and nested modules excluded)."""
        stack = list(reversed(self.module.body.ops))
        while stack:
            op = stack.pop()
            yield op
            if op.op_name in OPAQUE_OPS:
                continue
            for region in reversed(op.regions):
                for block in reversed(region.blocks):
                    stack.extend(reversed(block.ops))

    def values(self) -> Iterator[Value]:
        """Every resource value, in IREE's order: callables callees first (a post-order of the call
        graph), in each one the arguments of a block and then its ops' results and nested blocks."""
        done: set[int] = set()
        order: list[Operation] = []

        def visit(fn: Operation) -> None:
            if id(fn) in done:
                return
            done.add(id(fn))
            for op in fn.walk():
                if op.op_name in CALL_OPS:
                    callee = self._callee(op)
                    if callee is not None and callee.regions and callee.regions[0].blocks:
                        visit(callee)
            order.append(fn)

        for op in self.module.body.ops:
            if (
                (op.op_name in FUNC_OPS or op.op_name == "util.initializer")
                and op.regions
                and op.regions[0].blocks
            ):
                visit(op)
        for fn in order:
            yield from _values_in(fn)

    # --- edges ------------------------------------------------------------------------------------

    def _callers(self, func: Operation) -> tuple[list[Operation], bool]:
        name = _symbol(func, "sym_name")
        calls = self.calls.get(name or "", [])
        return calls, not _is_public(func)

    def _callee(self, call: Operation) -> Operation | None:
        name = _symbol(call, "callee")
        return self.functions.get(name or "")

    def _returns(self, parent: Operation) -> Iterator[Operation]:
        """Terminators that hand values back to ``parent`` (a function or a region op)."""
        for region in parent.regions:
            for block in region.blocks:
                t = block.terminator
                if t is None:
                    continue
                if t.op_name in _RETURNS_BY_PARENT.get(parent.op_name, RETURN_OPS):
                    yield t

    @staticmethod
    def _returned(term: Operation) -> tuple[Value, ...]:
        return term.operands[1:] if term.op_name == "scf.condition" else term.operands

    def _incoming(self, arg: BlockArgument) -> tuple[list[Value], bool]:
        """The values flowing into block argument ``arg``; False when some come from outside."""
        block = arg.block
        found: list[Value] = []
        complete = True
        region = block.parent
        parent = region.parent if region is not None else None
        if region is not None and region.blocks and region.blocks[0] is block and parent is not None:
            n = arg.index
            name = parent.op_name
            if name == "scf.while":
                yield_ops = (
                    [b.terminator for b in parent.regions[1].blocks] if len(parent.regions) > 1 else []
                )
                if parent.regions[0].blocks[0] is block:
                    found += _at(parent.operands, n)
                    for y in yield_ops:
                        if y is not None and y.op_name == "scf.yield":
                            found += _at(y.operands, n)
                else:
                    cond = parent.regions[0].blocks[-1].terminator
                    if cond is not None and cond.op_name == "scf.condition":
                        found += _at(cond.operands[1:], n)
            elif name == "scf.for":
                found += _at(parent.operands[3:], n - 1)
                y = block.terminator
                if y is not None:
                    found += _at(y.operands, n - 1)
            elif name in CLOSURE_OPS:
                start = _field_start(parent, "resource_operands") or 0
                found += _at(parent.operands[start:], n)
            elif name in FUNC_OPS:
                calls, complete = self._callers(parent)
                for c in calls:
                    found += _at(c.operands, n)
            elif name not in ("util.initializer",):
                complete = False
        for pred in self.predecessors.get(id(block), []):
            for s, (start, count) in zip(pred.successors, successor_operand_ranges(pred)):
                if s is block and arg.index < count:
                    found.append(pred.operands[start + arg.index])
        return found, complete

    def _outgoing(self, op: Operation, i: int) -> tuple[list[Value], bool]:
        """Where the value used as operand ``i`` of ``op`` flows next (besides tied results)."""
        out: list[Value] = []
        complete = True
        name = op.op_name
        if name in CLOSURE_OPS:
            start = _field_start(op, "resource_operands") or 0
            stop = start + len(getattr(op, "resource_operands", ()))
            if start <= i < stop and op.regions and op.regions[0].blocks:
                out += _at(op.regions[0].blocks[0].args, i - start)
        elif name == "scf.for":
            if i >= 3 and op.regions and op.regions[0].blocks:
                out += _at(op.regions[0].blocks[0].args, i - 2)
        elif name == "scf.while":
            if op.regions and op.regions[0].blocks:
                out += _at(op.regions[0].blocks[0].args, i)
        elif name in BRANCH_OPS:
            for s, (start, count) in zip(op.successors, successor_operand_ranges(op)):
                if start <= i < start + count:
                    out += _at(s.args, i - start)
        elif name in ("scf.yield", "scf.condition", "stream.yield"):
            parent = op.parent_op
            j = i - 1 if name == "scf.condition" else i
            if parent is not None and j >= 0:
                if parent.op_name == "scf.for":
                    out += _at(parent.regions[0].blocks[0].args, j + 1)
                    out += _at(parent.results, j)
                elif parent.op_name == "scf.while":
                    if name == "scf.condition":
                        if len(parent.regions) > 1 and parent.regions[1].blocks:
                            out += _at(parent.regions[1].blocks[0].args, j)
                        out += _at(parent.results, j)
                    else:
                        out += _at(parent.regions[0].blocks[0].args, j)
                elif parent.op_name in ("scf.if", "scf.execute_region") or parent.op_name in CLOSURE_OPS:
                    out += _at(parent.results, j)
        elif name in CALL_OPS:
            callee = self._callee(op)
            if callee is None or not callee.regions or not callee.regions[0].blocks:
                complete = False
            else:
                out += _at(callee.regions[0].blocks[0].args, i)
        elif name in RETURN_OPS:
            func = op.parent_op
            if func is not None and func.op_name in FUNC_OPS:
                calls, complete = self._callers(func)
                for c in calls:
                    out += _at(c.results, i)
        elif name == "util.global.store":
            g = _symbol(op, "global") or ""
            if g in self.indirect_globals:
                complete = False
            out += [ld.results[0] for ld in self.global_loads.get(g, []) if ld.results]
        return out, complete

    # --- the walks --------------------------------------------------------------------------------

    def defining_results(self, value: Value) -> tuple[list[OpResult], bool]:
        """Every op result that may define ``value``, and whether the walk saw all of them."""
        found: list[OpResult] = []
        complete = True
        seen: set[int] = set()
        work: list[Value] = [value]
        while work:
            v = work.pop()
            if id(v) in seen:
                continue
            seen.add(id(v))
            if isinstance(v, BlockArgument):
                more, ok = self._incoming(v)
                complete &= ok
                work.extend(more)
                continue
            assert isinstance(v, OpResult)
            op = v.op
            found.append(v)
            if op.op_name == "arith.constant":
                continue
            t = tied_operand_index(op, v.index)
            if t is not None and t < len(op.operands):
                work.append(op.operands[t])
            if op.op_name in CALL_OPS:
                callee = self._callee(op)
                if callee is None or not callee.regions or not callee.regions[0].blocks:
                    complete = False
                else:
                    for ret in self._returns(callee):
                        work += _at(ret.operands, v.index)
            elif op.op_name == "util.global.load":
                g = _symbol(op, "global") or ""
                if g in self.indirect_globals:
                    complete = False
                for st in self.global_stores.get(g, []):
                    work += _at(st.operands, 0)
            elif op.regions and op.op_name in CLOSURE_OPS + ("scf.if", "scf.for", "scf.while"):
                for ret in self._returns(op):
                    work += _at(self._returned(ret), v.index)
        return found, complete

    def transitive_uses(self, value: Value) -> tuple[list[tuple[Operation, int]], bool]:
        """Every (op, operand index) that may use ``value`` (through ties, branches, calls, returns and
        globals), and whether the walk saw all of them."""
        found: list[tuple[Operation, int]] = []
        complete = True
        top = self.module.op
        seen: set[tuple[int, int]] = set()
        work: list[Value] = [value]
        while work:
            v = work.pop()
            for op, i in list(v.uses):
                key = (id(op), i)
                if key in seen:
                    continue
                seen.add(key)
                if any(a.op_name in OPAQUE_OPS and a is not top for a in op.ancestors()):
                    continue
                found.append((op, i))
                work.extend(tied_results(op, i))
                more, ok = self._outgoing(op, i)
                complete &= ok
                work.extend(more)
        return found, complete


def _values_in(op: Operation) -> Iterator[Value]:
    for r in op.results:
        if is_resource(r):
            yield r
    if op.op_name in OPAQUE_OPS:
        return
    for region in op.regions:
        for block in region.blocks:
            yield from (a for a in block.args if is_resource(a))
            for inner in block.ops:
                yield from _values_in(inner)


def _at(seq: tuple[Value, ...] | list[Value] | list[BlockArgument] | list[OpResult], i: int) -> list[Value]:
    return [seq[i]] if 0 <= i < len(seq) else []


def block_of(v: Value) -> Block | None:
    if isinstance(v, BlockArgument):
        return v.block
    op = v.defining_op
    return op.parent if op is not None else None
