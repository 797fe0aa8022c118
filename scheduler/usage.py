"""IREE's resource usage analysis: what each ``!stream.resource`` value is used for, and its lifetime.

Each resource value starts assumed *unused* and loses that assumption bit by bit as the solver finds
its uses: read by a transfer, written by a dispatch, stored to a global, handed outside the module...
A value's usage is joined with the usage of every value it is the same storage as: the operands its
tied results update, the branch operands and call arguments its block arguments receive, the
yields and returns its region results and call results come from (the walks of
:class:`~scheduler.usage_graph.FlowGraph`). Some joins are skipped where IREE skips them: a transfer
does not carry staging usage across, and does not make an internal value external across devices.

The fixed point is computed as IREE's DFX solver does (optimistic start, at most 32 rounds, a value
whose state becomes contradictory - constant and mutated, staging and dispatched - drags the values
that required it to their pessimistic state). :func:`usage_to_lifetime` then maps the usage bits to
``external``, ``staging``, ``constant``, ``variable`` or ``transient``, in IREE's priority order.

Examples
--------
>>> import ir
>>> m = ir.parse_module('''"builtin.module"() ({
...   "util.func"() <{function_type = (index) -> !stream.resource<*>, sym_name = "f"}> ({
...   ^bb0(%n: index):
...     %c = "arith.constant"() <{value = 0 : i32}> : () -> i32
...     %s = "stream.async.splat"(%c, %n) : (i32, index) -> !stream.resource<*>
...     "util.return"(%s) : (!stream.resource<*>) -> ()
...   }) : () -> ()
... }) : () -> ()''')
>>> splat = m.body.ops[0].body.ops[1]
>>> analyze_usage(m).lifetime(splat.results[0])  # returned from a public function
'external'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ir import Module, Operation, OpResult, Value
from ir import types as T
from scheduler.errors import ScheduleError
from scheduler.usage_graph import FlowGraph, is_resource, tied_results

# The bits say what a value is NOT used for (IREE's inverted ResourceUsageBitfield).
NOT_INDIRECT = 1 << 0
NOT_EXTERNAL = 1 << 1
NOT_MUTATED = 1 << 2
NOT_CONSTANT = 1 << 3
NOT_TRANSFER_READ = 1 << 4
NOT_TRANSFER_WRITE = 1 << 5
NOT_STAGING_READ = 1 << 6
NOT_STAGING_WRITE = 1 << 7
NOT_DISPATCH_READ = 1 << 8
NOT_DISPATCH_WRITE = 1 << 9
NOT_GLOBAL_READ = 1 << 10
NOT_GLOBAL_WRITE = 1 << 11
NOT_GLOBAL_STORAGE = 1 << 12
BEST = (1 << 13) - 1
MAX_ROUNDS = 32
_MAX_UPDATE_CHAIN = 16

_STAGING = NOT_STAGING_READ | NOT_STAGING_WRITE
_DISPATCH = NOT_DISPATCH_READ | NOT_DISPATCH_WRITE


def valid_bits(assumed: int) -> bool:
    """IREE's state validity: not everything used, never staging and dispatched, never constant and
    mutated."""
    if assumed == 0:
        return False
    used = ~assumed & BEST
    if used & _STAGING and used & _DISPATCH:
        return False
    return not (used & NOT_CONSTANT and used & NOT_MUTATED)


def usage_to_lifetime(used: int) -> str:
    """The lifetime for a set of usage bits (``used``: the bits of what the value *is* used for)."""
    if used & NOT_GLOBAL_STORAGE and used & NOT_CONSTANT:
        return "constant"
    if used & (NOT_INDIRECT | NOT_EXTERNAL):
        return "external"
    if used & _STAGING:
        return "staging"
    if used & NOT_CONSTANT:
        return "constant"
    if used & (NOT_GLOBAL_READ | NOT_GLOBAL_WRITE):
        writes = NOT_MUTATED | NOT_GLOBAL_WRITE | NOT_DISPATCH_WRITE | NOT_STAGING_WRITE | NOT_TRANSFER_WRITE
        return "variable" if used & writes else "constant"
    return "transient"


_KNOWN_BY_LIFETIME = {
    "external": NOT_CONSTANT | _STAGING,
    "staging": NOT_EXTERNAL | NOT_CONSTANT | _DISPATCH | NOT_GLOBAL_READ | NOT_GLOBAL_WRITE,
    "transient": NOT_EXTERNAL | NOT_CONSTANT | _STAGING,
    "variable": NOT_EXTERNAL | NOT_CONSTANT | _STAGING,
    "constant": NOT_MUTATED | NOT_EXTERNAL | _STAGING,
}


@dataclass(eq=False)
class _Element:
    value: Value
    assumed: int = BEST
    known: int = 0
    # (dependent element, required) pairs to revisit when this element changes.
    deps: list[tuple[_Element, bool]] = field(default_factory=list)

    def remove(self, bits: int) -> None:
        self.assumed = (self.assumed & ~bits & BEST) | self.known

    def join(self, other: _Element) -> None:
        self.assumed = (self.assumed & other.assumed) | self.known

    @property
    def fixed(self) -> bool:
        return self.assumed == self.known

    def staging(self) -> bool:
        return (self.assumed & _STAGING) != _STAGING


class ResourceUsage:
    """The solved usage of every resource value of a module (:func:`analyze_usage`)."""

    def __init__(self, module: Module) -> None:
        self.graph = FlowGraph(module)
        self._elements: dict[int, _Element] = {}
        # Elements in the order they were created (IREE's solver starts its rounds in that order).
        self._order: list[_Element] = []
        # One dependency list per update in progress (an update may create, and so update, another).
        self._stack: list[list[tuple[_Element, bool]]] = []

    def _create(self, v: Value) -> _Element:
        e = _Element(v)
        lifetime = v.type.lifetime if isinstance(v.type, T.ResourceType) else "*"
        if lifetime == "external":
            e.assumed &= ~NOT_EXTERNAL
        known = _KNOWN_BY_LIFETIME.get(lifetime, 0)
        e.known |= known
        e.assumed |= known
        self._elements[id(v)] = e
        self._order.append(e)
        return e

    # --- queries ----------------------------------------------------------------------------------

    def usage(self, v: Value) -> int:
        """The usage bits of ``v`` (what it is used for); every bit when ``v`` was not analysed."""
        e = self._elements.get(id(v))
        return BEST if e is None else ~e.assumed & BEST

    def lifetime(self, v: Value) -> str:
        return usage_to_lifetime(self.usage(v))

    # --- solver -----------------------------------------------------------------------------------

    def _get(self, v: Value, required: bool = True) -> _Element:
        """The element of ``v``, recording that the update in progress depends on it.

        As in IREE's solver, an element is created on first query and updated at once (up to a chain
        of 16 nested updates), so what a value sees of another depends on the order of the queries.
        """
        e = self._elements.get(id(v))
        if e is None:
            e = self._create(v)
            if len(self._stack) < _MAX_UPDATE_CHAIN:
                self._update(e)
            if not valid_bits(e.assumed):
                return e
        if self._stack and not e.fixed:
            self._stack[-1].append((e, required))
        return e

    def solve(self) -> ResourceUsage:
        # IREE creates (and so updates) an element for every resource value, callees first.
        for v in self.graph.values():
            if id(v) not in self._elements:
                self._get(v)
        worklist: list[_Element] = list(self._order)
        invalid: list[_Element] = []
        changed: list[_Element] = []
        rounds = 1
        while True:
            i = 0
            while i < len(invalid):
                bad = invalid[i]
                i += 1
                while bad.deps:
                    dep, required = bad.deps.pop()
                    if not required:
                        worklist.append(dep)
                        continue
                    dep.assumed = dep.known
                    (changed if valid_bits(dep.assumed) else invalid).append(dep)
            for c in changed:
                while c.deps:
                    worklist.append(c.deps.pop()[0])
            changed, invalid = [], []
            seen: set[int] = set()
            for e in worklist:
                if id(e) in seen:
                    continue
                seen.add(id(e))
                if not e.fixed and self._update(e):
                    changed.append(e)
                if not valid_bits(e.assumed):
                    invalid.append(e)
            worklist = list(dict.fromkeys(changed))
            if not worklist or rounds >= MAX_ROUNDS:
                break
            rounds += 1
        if worklist:
            raise ScheduleError("failed to solve for usage analysis: no fixed point in 32 rounds")
        return self

    def _update(self, e: _Element) -> bool:
        before = e.assumed
        deps: list[tuple[_Element, bool]] = []
        self._stack.append(deps)
        try:
            defs, complete_defs = self.graph.defining_results(e.value)
            for res in defs:
                self._from_definition(e, res)
            uses, complete_uses = self.graph.transitive_uses(e.value)
            for op, i in uses:
                self._from_use(e, op, i)
            if not (complete_defs and complete_uses):
                e.remove(NOT_EXTERNAL)
        finally:
            self._stack.pop()
        if not deps:
            e.known = e.assumed
        if not e.fixed:
            for other, required in deps:
                other.deps.append((e, required))
        return e.assumed != before

    # --- transfer functions -------------------------------------------------------------------------

    def _from_definition(self, e: _Element, res: OpResult) -> None:
        if not is_resource(res):
            return
        op = res.op
        name = op.op_name
        operands = op.operands
        g = self._get
        if name == "arith.select":
            e.join(g(operands[1]))
            e.join(g(operands[2]))
        elif name == "util.optimization_barrier":
            e.join(g(operands[0]))
        elif name == "util.global.load":
            e.remove(NOT_GLOBAL_READ | NOT_GLOBAL_STORAGE)
            if _lifetime(res) == "constant":
                e.remove(NOT_CONSTANT)
            e.join(g(res))
        elif name == "util.global.load.indirect":
            e.remove(NOT_INDIRECT | NOT_GLOBAL_READ | NOT_GLOBAL_STORAGE)
            e.join(g(res))
        elif name == "stream.tensor.import":
            e.remove(_IMPORT_BITS.get(_lifetime(res), NOT_MUTATED | NOT_EXTERNAL))
            e.join(g(res))
        elif name == "stream.async.alloca":
            e.remove(NOT_MUTATED)
            e.join(g(res))
        elif name in ("stream.async.constant", "stream.async.parameter.load"):
            e.remove(NOT_CONSTANT | NOT_TRANSFER_WRITE)
            e.join(g(res))
        elif name == "stream.async.splat":
            e.remove(NOT_TRANSFER_WRITE)
            e.join(g(res))
        elif name == "stream.async.clone":
            if self._mutated_in_place(res):
                e.remove(NOT_TRANSFER_WRITE)
            else:
                e.join(g(operands[0], required=False))
            e.join(g(res))
        elif name == "stream.async.slice":
            e.remove(NOT_TRANSFER_WRITE)
            e.join(g(operands[0], required=False))
        elif name in ("stream.async.fill", "stream.async.update", "stream.async.copy"):
            e.remove(NOT_TRANSFER_WRITE)
            e.join(g(_field(op, "target")))
        elif name == "stream.async.collective":
            e.remove(NOT_TRANSFER_WRITE | NOT_DISPATCH_WRITE)
            e.join(g(_field(op, "target")))
        elif name in ("stream.async.store", "stream.resource.store"):
            e.remove(NOT_STAGING_WRITE)
            e.join(g(_field(op, "target")))
        elif name in ("stream.async.barrier", "stream.async.cast"):
            e.join(g(operands[0]))
        elif name == "stream.async.transfer":
            e.remove(NOT_TRANSFER_WRITE)
            self._across_transfer(e, op, g(operands[0], required=False))
        elif name in ("stream.async.dispatch", "stream.async.call"):
            e.remove(
                NOT_DISPATCH_WRITE if name.endswith("dispatch") else NOT_TRANSFER_WRITE | NOT_DISPATCH_WRITE
            )
            tied = _tied_operand(op, res.index)
            e.join(g(tied if tied is not None else res))
        elif name in ("stream.async.execute", "stream.async.concurrent"):
            for block in op.regions[0].blocks if op.regions else []:
                t = block.terminator
                if t is not None and t.op_name == "stream.yield" and res.index < len(t.operands):
                    e.join(g(t.operands[res.index]))
            tied = _tied_operand(op, res.index)
            if tied is not None:
                e.join(g(tied))
        elif name in ("stream.async.parameter.read", "stream.async.parameter.gather"):
            e.remove(NOT_TRANSFER_WRITE)
            e.join(g(_field(op, "target")))
        elif name in ("stream.async.parameter.write", "stream.async.parameter.scatter"):
            e.remove(NOT_TRANSFER_READ)
            e.join(g(_field(op, "source")))

    def _from_use(self, e: _Element, op: Operation, i: int) -> None:
        operand = op.operands[i]
        if not is_resource(operand):
            return
        name = op.op_name
        g = self._get
        value = e.value
        if name == "arith.select":
            e.join(g(op.results[0]))
        elif name in ("cf.br", "cf.cond_br"):
            e.join(g(operand))
            outgoing, _ = self.graph._outgoing(op, i)
            for arg in outgoing:
                e.join(g(arg, required=False))
        elif name == "scf.for":
            e.join(g(operand))
            if i >= 3:
                e.join(g(op.regions[0].blocks[0].args[i - 2]))
        elif name == "scf.while":
            e.join(g(operand))
            e.join(g(op.regions[0].blocks[0].args[i]))
        elif name in ("scf.condition", "scf.yield"):
            e.join(g(operand))
            for target in self.graph._outgoing(op, i)[0]:
                e.join(g(target))
        elif name == "util.return":
            e.join(g(operand))
            for target in self.graph._outgoing(op, i)[0]:
                e.join(g(target, required=False))
        elif name == "util.optimization_barrier":
            e.join(g(op.results[0]))
        elif name == "util.global.store":
            e.remove(NOT_GLOBAL_WRITE | NOT_GLOBAL_STORAGE)
            if _lifetime(operand) == "constant":
                e.remove(NOT_CONSTANT)
        elif name == "util.global.store.indirect":
            e.remove(NOT_INDIRECT | NOT_GLOBAL_WRITE | NOT_GLOBAL_STORAGE)
        elif name == "stream.tensor.export":
            e.remove(_EXPORT_BITS.get(_lifetime(operand), NOT_MUTATED | NOT_EXTERNAL))
        elif name == "stream.tensor.trace":
            e.remove(NOT_STAGING_READ)
        elif name in ("stream.async.clone", "stream.async.slice"):
            e.remove(NOT_TRANSFER_READ)
            e.join(g(op.results[0], required=False))
        elif name == "stream.async.fill":
            e.remove(NOT_MUTATED | NOT_TRANSFER_WRITE)
            e.join(g(op.results[0]))
        elif name in ("stream.async.update", "stream.async.copy"):
            source = _field(op, "update" if name.endswith("update") else "source")
            if value is source:
                e.remove(NOT_TRANSFER_READ)
            else:
                e.remove(NOT_MUTATED | NOT_TRANSFER_WRITE)
                e.join(g(op.results[0]))
        elif name == "stream.async.collective":
            if value is _field(op, "source"):
                e.remove(NOT_TRANSFER_READ | NOT_DISPATCH_READ)
            else:
                e.remove(NOT_MUTATED | NOT_TRANSFER_WRITE | NOT_DISPATCH_WRITE)
                e.join(g(op.results[0]))
        elif name in ("stream.async.barrier", "stream.async.cast"):
            e.join(g(op.results[0], required=False))
        elif name == "stream.async.transfer":
            e.remove(NOT_TRANSFER_READ)
            self._across_transfer(e, op, g(op.results[0], required=False))
        elif name == "stream.async.load":
            e.remove(NOT_STAGING_READ)
        elif name == "stream.async.store":
            e.remove(NOT_MUTATED | NOT_STAGING_WRITE)
            e.join(g(op.results[0]))
        elif name in ("stream.async.dispatch", "stream.async.call"):
            e.remove(
                NOT_DISPATCH_READ if name.endswith("dispatch") else NOT_TRANSFER_READ | NOT_DISPATCH_READ
            )
            for r in tied_results(op, i):
                e.remove(NOT_MUTATED | NOT_DISPATCH_WRITE)
                e.join(g(r))
        elif name in ("stream.async.execute", "stream.async.concurrent"):
            args = op.regions[0].blocks[0].args if op.regions and op.regions[0].blocks else []
            if i < len(args):
                e.join(g(args[i]))
            for r in tied_results(op, i):
                e.join(g(r))
        elif name in ("stream.async.parameter.read", "stream.async.parameter.gather"):
            e.remove(NOT_MUTATED | NOT_TRANSFER_WRITE)
            e.join(g(op.results[0]))
        elif name in ("stream.async.parameter.write", "stream.async.parameter.scatter"):
            e.remove(NOT_TRANSFER_READ)
        elif name == "stream.yield":
            parent = op.parent_op
            if parent is not None and i < len(parent.results):
                e.join(g(parent.results[i]))

    def _across_transfer(self, e: _Element, op: Operation, other: _Element) -> None:
        # Staging never crosses a transfer, nor does external-ness into an internal value on another
        # device; a join that would leave a contradictory state is skipped.
        if e.staging() != other.staging():
            return
        target = op.attr("target_affinity") or op.attr("result_affinity")  # IREE 3.13 / older spelling
        device_change = op.attr("source_affinity") != target
        # Either way across the transfer: an internal value is not made external by the other side.
        if device_change and not other.assumed & NOT_EXTERNAL and e.assumed & NOT_EXTERNAL:
            return
        joined = (e.assumed & other.assumed) | e.known
        if valid_bits(joined):
            e.assumed = joined

    def _mutated_in_place(self, v: Value) -> bool:
        """IREE's ``hasMutatingTiedUses``: some tied use of ``v`` writes it (not a pass-through)."""
        for op, i in v.uses:
            if not tied_results(op, i):
                continue
            name = op.op_name
            if name in _PASSTHROUGH:
                continue
            if name in _ACCESS_OPS:
                if name in ("stream.async.dispatch", "stream.async.call"):
                    return True
                if name in ("stream.async.parameter.write", "stream.async.parameter.scatter"):
                    continue
                return True
            return True
        return False


# Tied ops that pass a resource through without touching its bytes.
_PASSTHROUGH = frozenset(
    {
        "stream.async.barrier",
        "stream.async.cast",
        "stream.timepoint.await",
        "stream.timepoint.barrier",
        "stream.resource.transients",
    }
)
# Tied ops that report byte accesses (IREE's AsyncAccessOpInterface); their tied operand is written,
# except the parameter writes, which only read theirs.
_ACCESS_OPS = frozenset(
    {
        "stream.async.fill",
        "stream.async.update",
        "stream.async.copy",
        "stream.async.collective",
        "stream.async.store",
        "stream.async.dispatch",
        "stream.async.call",
        "stream.async.parameter.read",
        "stream.async.parameter.gather",
        "stream.async.parameter.write",
        "stream.async.parameter.scatter",
    }
)
_IMPORT_BITS = {
    "staging": NOT_MUTATED | _STAGING,
    "transient": NOT_MUTATED,
    "variable": NOT_MUTATED | NOT_GLOBAL_READ | NOT_GLOBAL_WRITE,
    "constant": NOT_CONSTANT,
}
_EXPORT_BITS = {
    "staging": NOT_MUTATED | _STAGING | NOT_TRANSFER_READ | NOT_TRANSFER_WRITE,
    "transient": NOT_MUTATED | NOT_TRANSFER_READ | NOT_TRANSFER_WRITE | _DISPATCH,
    "variable": NOT_MUTATED | NOT_TRANSFER_READ | NOT_TRANSFER_WRITE | _DISPATCH,
    "constant": NOT_CONSTANT | NOT_TRANSFER_READ | NOT_DISPATCH_READ,
}


def _lifetime(v: Value) -> str:
    return v.type.lifetime if isinstance(v.type, T.ResourceType) else "*"


def _field(op: Operation, name: str) -> Value:
    """An operand by its field name; raw operand 0 for ops without a class (IREE's tied operand)."""
    v = getattr(op, name, None)
    return v if isinstance(v, Value) else op.operands[0]


def _tied_operand(op: Operation, result: int) -> Value | None:
    from scheduler.usage_graph import tied_operand_index

    t = tied_operand_index(op, result)
    return op.operands[t] if t is not None and t < len(op.operands) else None


def analyze_usage(module: Module) -> ResourceUsage:
    """Solve the usage of every resource value in ``module``.

    Raises
    ------
    ScheduleError
        When the analysis finds no fixed point (IREE's pass fails the same way).
    """
    return ResourceUsage(module).solve()


__all__ = ["ResourceUsage", "analyze_usage", "usage_to_lifetime", "valid_bits"]
