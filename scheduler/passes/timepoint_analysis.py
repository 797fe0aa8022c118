"""Whole-program facts about ``!stream.timepoint`` values, as IREE's elide-timepoints pass computes them.

Two analyses over every function, initializer and global of a module:

- **Immediate**: a timepoint is *known immediate* when every op that can define it, followed across
  block edges, calls, ``scf`` regions and global stores, is a ``stream.timepoint.immediate``, a join
  or select of known-immediate timepoints, or a load of a global that is immediate (immutable with an
  initial value, or whose every store is known immediate). A public function's arguments are never
  known (unknown callers), nor is anything defined on a cycle (a loop-carried timepoint): like IREE's
  DFX solver, only facts with a finite derivation are *known*.
- **Coverage**: the set of timepoints certainly reached when a timepoint is reached. A timeline op's
  result covers itself, its awaited timepoints and what they cover; a block argument covers itself and
  what every incoming value covers (intersection); a call or ``scf`` result what every return covers
  (intersection); a select what either operand covers (IREE takes the union here, and so do we).
  Imported timepoints cover nothing (IREE's fence coverage through HAL fences is not modelled).

The facts are computed on the module as given; :class:`TimepointFacts` answers for values created
afterwards only if they are immediates.

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func public @f(%t: !stream.timepoint) -> !stream.timepoint {
...   %a = stream.timepoint.immediate => !stream.timepoint
...   %j = stream.timepoint.join max(%a, %a) => !stream.timepoint
...   %k = stream.timepoint.join max(%t, %j) => !stream.timepoint
...   util.return %k : !stream.timepoint
... }''')
>>> facts = TimepointFacts(m)
>>> ops = m.body.ops[0].body.ops
>>> facts.is_immediate(ops[1].result), facts.is_immediate(ops[2].result)
(True, False)
>>> m.body.ops[0].body.args[0] in facts.coverage(ops[2].result)
True
"""

from __future__ import annotations

from collections.abc import Iterator

from ir import Block, BlockArgument, Module, Operation, OpResult, Value
from ir import attributes as A
from ir import types as T

# Ops implementing IREE's TimelineOpInterface: timepoint operands are awaits, a timepoint result is
# the op's own completion.
TIMELINE_OPS = frozenset(
    {
        "stream.resource.alloca",
        "stream.resource.dealloca",
        "stream.resource.constants",
        "stream.resource.transients",
        "stream.file.read",
        "stream.file.write",
        "stream.async.constant",
        "stream.async.splat",
        "stream.async.execute",
        "stream.async.parameter.load",
        "stream.async.parameter.read",
        "stream.async.parameter.write",
        "stream.async.parameter.gather",
        "stream.async.parameter.scatter",
        "stream.cmd.execute",
        "stream.cmd.parameter.load",
        "stream.cmd.parameter.read",
        "stream.cmd.parameter.write",
        "stream.cmd.parameter.gather",
        "stream.cmd.parameter.scatter",
        "stream.timepoint.await",
        "stream.timepoint.barrier",
        "stream.timepoint.immediate",
        "stream.timepoint.join",
        "stream.test.timeline_op",
    }
)
CALL_OPS = frozenset({"util.call", "func.call"})
CALLABLE_OPS = frozenset({"util.func", "func.func", "util.initializer"})
SCF_REGION_OPS = frozenset({"scf.if", "scf.for", "scf.while", "scf.index_switch", "scf.execute_region"})
_RETURN_OPS = frozenset({"util.return", "func.return"})


def is_timepoint(v: Value) -> bool:
    return isinstance(v.type, T.TimepointType)


def is_defined_immediate(v: Value) -> bool:
    op = v.defining_op
    return op is not None and op.op_name == "stream.timepoint.immediate"


def awaits(op: Operation) -> list[Value]:
    """The timepoints a timeline op awaits (its timepoint operands)."""
    return [v for v in op.operands if is_timepoint(v)]


def result_timepoint(op: Operation) -> Value | None:
    return next((r for r in op.results if is_timepoint(r)), None)


def _symbol(attr: A.Attribute | None) -> str | None:
    if isinstance(attr, A.SymbolRefAttr) and not attr.nested:
        return attr.root
    if isinstance(attr, A.StringAttr):
        return attr.value
    return None


def _cond_br_operands(op: Operation, successor: int) -> list[Value]:
    sizes = op.attr("operandSegmentSizes")
    if not isinstance(sizes, A.DenseArrayAttr):
        return []
    n = [int(v) for v in sizes.values]
    start = n[0] + (n[1] if successor == 1 else 0)
    return list(op.operands[start : start + n[1 + successor]])


class Program:
    """The module's call graph, globals and control-flow edges (IREE's ``Explorer``, for timepoints)."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self.callables: list[Operation] = [op for op in module.body.ops if op.op_name in CALLABLE_OPS]
        self.functions = {
            str(_symbol(op.attr("sym_name"))): op for op in self.callables if op.attr("sym_name")
        }
        self.calls: dict[str, list[Operation]] = {}
        self.stores: dict[str, list[Operation]] = {}
        self.indirect: set[str] = set()
        self.globals = {
            str(_symbol(op.attr("sym_name"))): op for op in module.body.ops if op.op_name == "util.global"
        }
        for fn in self.callables:
            for op in fn.walk_list():
                if op.op_name in CALL_OPS:
                    name = _symbol(op.attr("callee"))
                    if name is not None:
                        self.calls.setdefault(name, []).append(op)
                elif op.op_name == "util.global.store":
                    name = _symbol(op.attr("global"))
                    if name is not None:
                        self.stores.setdefault(name, []).append(op)
                elif op.op_name == "util.global.address":
                    name = _symbol(op.attr("global"))
                    if name is not None:
                        self.indirect.add(name)

    def timepoint_values(self) -> Iterator[Value]:
        """Every timepoint value of every callable body, in program order."""
        for fn in self.callables:
            for op in fn.walk_list():
                for region in op.regions:
                    for block in region.blocks:
                        yield from (a for a in block.args if is_timepoint(a))
                if op is not fn:
                    for r in op.results:  # (a loop: no generator per op)
                        if is_timepoint(r):
                            yield r

    def is_public(self, fn: Operation) -> bool:
        if fn.op_name == "util.initializer":
            return False
        vis = fn.attr("sym_visibility")
        return not (isinstance(vis, A.StringAttr) and vis.value in ("private", "nested"))

    def callee(self, call: Operation) -> Operation | None:
        name = _symbol(call.attr("callee"))
        return self.functions.get(name) if name is not None else None

    def incoming(self, arg: BlockArgument) -> tuple[list[Value], bool]:
        """The values that flow into ``arg`` over every edge, and whether all edges are known."""
        block, i = arg.block, arg.index
        out: list[Value] = []
        complete = True
        region = block.parent
        parent = region.parent if region is not None else None
        if region is not None and parent is not None and region.blocks[0] is block:
            name = parent.op_name
            if name == "scf.for":
                if i >= 1:
                    out.append(parent.operands[3 + i - 1])
                    out.append(block.ops[-1].operands[i - 1])
            elif name == "scf.while":
                if region is parent.regions[0]:
                    out.append(parent.operands[i])
                    out.append(parent.regions[1].blocks[-1].ops[-1].operands[i])
                else:
                    out.append(parent.regions[0].blocks[-1].ops[-1].operands[1 + i])
            elif name in CALLABLE_OPS:
                fname = _symbol(parent.attr("sym_name"))
                for call in self.calls.get(fname or "", []):
                    out.append(call.operands[i])
                complete = not self.is_public(parent)
            else:
                complete = False
        if region is not None:
            for pred in region.blocks:
                term = pred.terminator
                if term is None:
                    continue
                for s, succ in enumerate(term.successors):
                    if succ is not block:
                        continue
                    if term.op_name == "cf.br":
                        out.append(term.operands[i])
                    elif term.op_name == "cf.cond_br":
                        out.append(_cond_br_operands(term, s)[i])
                    else:
                        complete = False
        return out, complete

    def returned(self, op: Operation, index: int) -> tuple[list[Value], bool]:
        """The values returned as result ``index`` of a call or ``scf`` op, and whether all are known."""
        if op.op_name in CALL_OPS:
            fn = self.callee(op)
            if fn is None or not fn.regions or not fn.regions[0].blocks:
                return [], False
            terms = [b.terminator for b in fn.regions[0].blocks]
            return [t.operands[index] for t in terms if t is not None and t.op_name in _RETURN_OPS], True
        out: list[Value] = []
        for region in op.regions:
            for block in region.blocks:
                term = block.terminator
                if term is None:
                    continue
                if op.op_name == "scf.while":
                    if term.op_name == "scf.condition":
                        out.append(term.operands[1 + index])
                elif term.op_name == "scf.yield" and index < len(term.operands):
                    out.append(term.operands[index])
        return out, True

    def defining_results(self, value: Value) -> tuple[list[OpResult], bool]:
        """Every op result that can define ``value``, across block edges, calls, ``scf`` regions and
        global stores (IREE's ``Explorer::walkDefiningOps``), and whether the walk saw every edge."""
        seen: set[int] = set()
        work = [value]
        found: list[OpResult] = []
        complete = True
        while work:
            v = work.pop()
            if id(v) in seen:
                continue
            seen.add(id(v))
            if isinstance(v, BlockArgument):
                vals, ok = self.incoming(v)
                complete &= ok
                work.extend(vals)
                continue
            assert isinstance(v, OpResult)
            found.append(v)
            op = v.op
            if op.op_name in CALL_OPS or op.op_name in SCF_REGION_OPS:
                vals, ok = self.returned(op, v.index)
                complete &= ok
                work.extend(vals)
            elif op.op_name == "util.global.load":
                name = _symbol(op.attr("global"))
                if name is None or name not in self.globals or name in self.indirect:
                    complete = False
                else:
                    work.extend(s.operands[0] for s in self.stores.get(name, []))
        return found, complete


class TimepointFacts:
    """Known-immediate timepoints and timepoint coverage of a module (see the module docstring)."""

    def __init__(self, module: Module, *, opaque: frozenset[int] = frozenset()) -> None:
        # ``opaque``: ids of ``stream.timepoint.immediate`` ops that stand for something not yet
        # written (the scheduler's placeholders for pinned regions): treated as unknown timepoints.
        self.program = Program(module)
        self._opaque = opaque
        self._immediate: dict[int, bool] = {}
        self._global_immediate: dict[str, bool] = {}
        self._coverage: dict[Value, set[Value]] = {}
        values = list(self.program.timepoint_values())
        for v in values:
            self._is_immediate(v, set())
        self._solve_coverage(values)

    # --- immediates ---------------------------------------------------------------------------------

    def _defined_immediate(self, value: Value) -> bool:
        op = value.defining_op
        return is_defined_immediate(value) and op is not None and id(op) not in self._opaque

    def is_immediate(self, value: Value) -> bool:
        """Whether ``value`` is known to be reached as soon as it is defined."""
        if self._defined_immediate(value):
            return True
        return self._immediate.get(id(value), False)

    def _is_immediate(self, value: Value, active: set[int]) -> bool:
        key = id(value)
        if key in self._immediate:
            return self._immediate[key]
        if self._defined_immediate(value):
            self._immediate[key] = True
            return True
        if key in active:
            return False  # on a cycle: never known (IREE's solver leaves it assumed, not known)
        active.add(key)
        result = self._derive_immediate(value, active)
        active.discard(key)
        self._immediate[key] = result
        return result

    def _derive_immediate(self, value: Value, active: set[int]) -> bool:
        results, complete = self.program.defining_results(value)
        if not complete:
            return False
        for r in results:
            op = r.op
            name = op.op_name
            if name == "util.global.load":
                if not self._global_is_immediate(_symbol(op.attr("global")), active):
                    return False
            elif name == "stream.timepoint.immediate":
                if id(op) in self._opaque:
                    return False
            elif name == "stream.timepoint.join":
                if not all(self._is_immediate(a, active) for a in op.operands):
                    return False
            elif name in TIMELINE_OPS:
                return False
            elif name == "arith.select":
                if not all(self._is_immediate(a, active) for a in op.operands[1:]):
                    return False
            elif name in CALL_OPS or name in SCF_REGION_OPS or op.successors:
                continue
            else:
                return False
        return True

    def _global_is_immediate(self, name: str | None, active: set[int]) -> bool:
        if name is None or name not in self.program.globals or name in self.program.indirect:
            return False
        if name in self._global_immediate:
            return self._global_immediate[name]
        op = self.program.globals[name]
        if op.attr("is_mutable") is None and op.attr("initial_value") is not None:
            self._global_immediate[name] = True
            return True
        key = id(op)
        if key in active:
            return False
        active.add(key)
        result = all(self._is_immediate(s.operands[0], active) for s in self.program.stores.get(name, []))
        active.discard(key)
        self._global_immediate[name] = result
        return result

    # --- coverage -----------------------------------------------------------------------------------

    def coverage(self, value: Value) -> set[Value]:
        """The timepoints certainly reached when ``value`` is (a value covers itself where IREE says so)."""
        if value in self._coverage:
            return self._coverage[value]
        return {value} if self._defined_immediate(value) else set()

    def covers(self, producer: Value, consumers: list[Value]) -> bool:
        """IREE's ``covers(producer, consumers)``: every consumer is in the producer's coverage."""
        if not consumers:
            return False
        cov = self.coverage(producer)
        return all(c in cov for c in consumers)

    def _solve_coverage(self, values: list[Value]) -> None:
        cov = self._coverage
        for v in values:
            cov[v] = {v} if self._defined_immediate(v) else set()
        changed = True
        while changed:
            changed = False
            for v in values:
                if self._defined_immediate(v):
                    continue
                new = self._transfer(v)
                if not new <= cov[v]:
                    cov[v] |= new
                    changed = True

    def _intersect(self, vals: list[Value]) -> set[Value]:
        out: set[Value] | None = None
        for u in vals:
            c = self.coverage(u)
            out = set(c) if out is None else out & c
        return out if out is not None else set()

    def _transfer(self, v: Value) -> set[Value]:
        if isinstance(v, BlockArgument):
            vals, _ = self.program.incoming(v)
            return self._intersect(vals) | {v}
        assert isinstance(v, OpResult)
        op = v.op
        name = op.op_name
        if name in TIMELINE_OPS:
            new: set[Value] = set()
            for a in awaits(op):
                new.add(a)
                new |= self.coverage(a)
            rt = result_timepoint(op)
            if rt is not None:
                new.add(rt)
            return new
        if name in CALL_OPS or name in SCF_REGION_OPS:
            vals, _ = self.program.returned(op, v.index)
            return self._intersect(vals)
        if name == "arith.select":
            return self.coverage(op.operands[1]) | self.coverage(op.operands[2])
        return set()


def blocks_of(op: Operation) -> Iterator[Block]:
    for region in op.regions:
        yield from region.blocks
