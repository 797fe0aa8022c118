"""IREE's stream affinity analysis (``Analysis/Affinity.cpp``): where each resource is produced and
consumed, and where each affinity-aware op runs, as sets of affinities solved to a fixpoint over the
module.

Four kinds of facts, each a set of affinities or *invalid* (the analysis could not see everything):

- **op** (``OpAffinityPVS``): an op's explicit affinity (its own, else the nearest enclosing op's or a
  ``stream.affinity`` attribute); without one, the union of where its resource operands are produced,
  or, when it reads no resource, of where its resource results are consumed.
- **producer** of a value (``ValueProducerAffinityPVS``): walking up its definitions (through block
  arguments to their incoming values, call results to the callee's returns, global loads to the stores,
  region results to the values their regions yield, not through tied results), each defining op adds
  its op fact (a tied result adds its tied operand's producer instead, plus the dispatch's explicit
  affinity); a select adds both operands' producers; ``util.optimization_barrier`` and global loads
  stand for their operand and global. An incomplete walk (a public function's argument) is invalid.
- **consumer** of a value (``ValueConsumerAffinityPVS``): walking its transitive uses (into regions,
  branches, callees and callers, global loads; not through ties), each affinity-aware user adds its op
  fact, a tied use the consumers of the tied results, a transfer its target, a select, an optimization
  barrier or a global store the consumers of what they make. A use reaching a public function's return
  is invalid.
- **global**: its explicit affinity, else where its loads are consumed (where it is stored, when never
  loaded).

Invalid is absorbing and spreads to every fact that takes an invalid fact in (IREE's states ``^=``),
except where IREE guards on validity (pinned values, a global's loads and stores). The fixpoint starts
from empty sets (IREE's optimistic solver) and grows them.

Values *pinned* by an op that pins affinity (``stream.tensor.import``/``export``,
``stream.resource.transients`` with an affinity) take that op's affinity, found through the uses of its
results and the definitions of its operands (tied values followed).

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func private @f(%n: index) -> !stream.resource<*> {
...   %c0 = arith.constant 0 : i32
...   %s = stream.async.splat %c0 : i32 -> !stream.resource<*>{%n}
...   %d = stream.async.dispatch on(#hal.device.affinity<@dev_b>) @ex::@k(%s[%n to %n for %n]) :
...       (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
...   util.return %d : !stream.resource<*>
... }''')
>>> ops = m.body.ops[0].body.ops
>>> facts = AffinityAnalysis(m)
>>> [str(a) for a in facts.usage_affinities(ops[1].results[0])]
['#hal.device.affinity<@dev_b>']
"""

from __future__ import annotations

from collections.abc import Callable

from ir import BlockArgument, Module, Operation, OpResult, Value
from ir import attributes as A
from scheduler.affinity import transfer_target
from scheduler.passes.affinity_ops import (
    REGION_OPS,
    is_affinity_op,
    is_affinity_type,
    lookup_affinity,
    pins,
    requires_affinity,
    tied_from,
    tied_to,
)
from scheduler.usage_graph import BRANCH_OPS, CALL_OPS, RETURN_OPS, FlowGraph

# Users whose successors' consumers IREE's consumer element asks for.
_FORWARDING = frozenset(
    {*BRANCH_OPS, *RETURN_OPS, "scf.for", "scf.while", "scf.condition", "scf.yield", "stream.yield"}
)
# A fact: the affinities (by their printed form) or None when invalid.
Fact = frozenset[str] | None
_Key = tuple[str, int]


def _sorted(attrs: dict[str, A.Attribute], names: frozenset[str] | set[str]) -> list[A.Attribute]:
    return [attrs[n] for n in sorted(names)]


class AffinityAnalysis:
    """The affinity facts of ``module`` (see the module docstring), solved when made; queries answer
    from the solution (values made later are unknown to it)."""

    def __init__(self, module: Module) -> None:
        self.graph = FlowGraph(module)
        self.module = module
        self.attrs: dict[str, A.Attribute] = {}
        self.facts: dict[_Key, Fact] = {}
        self._objects: dict[_Key, object] = {}
        self._dependents: dict[_Key, set[_Key]] = {}
        self._work: list[_Key] = []
        self.pinned: dict[int, list[Operation]] = {}
        # The values the analysis knows (held, so that their ids stay theirs): ones made later are not.
        self._known: dict[int, Value] = {
            id(v): v for op in self.graph.ops() for v in (*op.results, *_args(op))
        }
        self._pin_all()
        self._seed()
        self._solve()

    def _seed(self) -> None:
        """IREE's initial elements: every global of a placed type; in every function-like op, the
        producer of each block argument (of its blocks and of region ops' regions), the op fact of each
        affinity-aware op that requires an affinity, the producer and consumer of each op result. Other
        elements exist only when one of these asks for them (queries find nothing for the rest)."""
        for top in self.module.body.ops:
            if top.op_name == "util.global":
                ty = top.attr("type")
                if ty is not None and _placed_type(str(ty)):
                    self._get(("G", hash(_symbol_name(top))), _symbol_name(top), None)
            if top.op_name not in ("util.func", "func.func", "util.initializer") or not top.regions:
                continue
            for block in top.regions[0].blocks:
                for a in block.args:
                    if is_affinity_type(a):
                        self._get(("P", id(a)), a, None)
            for op in top.walk():
                if op is top:
                    continue
                if op.op_name in REGION_OPS:
                    for arg in _args(op):
                        if is_affinity_type(arg):
                            self._get(("P", id(arg)), arg, None)
                if is_affinity_op(op) and requires_affinity(op):
                    self._get(("O", id(op)), op, None)
                for r in op.results:
                    if is_affinity_type(r):
                        self._get(("P", id(r)), r, None)
                        self._get(("C", id(r)), r, None)

    # --- solver -------------------------------------------------------------------------------------

    def _name(self, a: A.Attribute) -> str:
        s = str(a)
        self.attrs.setdefault(s, a)
        return s

    def _get(self, key: _Key, obj: object, by: _Key | None) -> Fact:
        if key not in self.facts:
            self.facts[key] = frozenset()
            self._objects[key] = obj
            self._work.append(key)
        if by is not None:
            self._dependents.setdefault(key, set()).add(by)
        return self.facts[key]

    def _solve(self) -> None:
        while self._work:
            key = self._work.pop()
            old = self.facts[key]
            if old is None:
                continue
            new = self._update(key)
            merged: Fact = None if new is None else old | new
            if merged != old:
                self.facts[key] = merged
                self._work.extend(self._dependents.get(key, ()))

    def _update(self, key: _Key) -> Fact:
        obj = self._objects[key]
        kind = key[0]
        if kind == "P":
            assert isinstance(obj, Value)
            return self._producer(obj, key)
        if kind == "C":
            assert isinstance(obj, Value)
            return self._consumer(obj, key)
        if kind == "O":
            assert isinstance(obj, Operation)
            return self._op(obj, key)
        assert isinstance(obj, str)
        return self._global(obj, key)

    def producer(self, v: Value, by: _Key) -> Fact:
        return self._get(("P", id(v)), v, by)

    def consumer(self, v: Value, by: _Key) -> Fact:
        return self._get(("C", id(v)), v, by)

    def op_fact(self, op: Operation, by: _Key) -> Fact:
        return self._get(("O", id(op)), op, by)

    def global_fact(self, name: str, by: _Key) -> Fact:
        return self._get(("G", hash(name)), name, by)

    # --- the elements -------------------------------------------------------------------------------

    def _op(self, op: Operation, key: _Key) -> Fact:
        explicit = lookup_affinity(op)
        if explicit is not None:
            return frozenset({self._name(explicit)})
        acc: Fact = frozenset()
        reads = [v for v in op.operands if is_affinity_type(v)]
        for v in reads if reads else [r for r in op.results if is_affinity_type(r)]:
            acc = _union(acc, self.producer(v, key) if reads else self.consumer(v, key))
        return acc

    def _global(self, name: str, key: _Key) -> Fact:
        g = _find_global(self.module, name)
        explicit = lookup_affinity(g) if g is not None else None
        if explicit is not None:
            return frozenset({self._name(explicit)})
        if name in self.graph.indirect_globals:
            return None
        acc: Fact = frozenset()
        loads = self.graph.global_loads.get(name, [])
        for ld in loads:
            f = self.consumer(ld.results[0], key)
            if f is not None:
                acc = _union(acc, f)
        if not loads:
            for st in self.graph.global_stores.get(name, []):
                f = self.producer(st.operands[0], key)
                if f is not None:
                    acc = _union(acc, f)
        return acc

    def _producer(self, value: Value, key: _Key) -> Fact:
        d = value.defining_op
        if isinstance(value, OpResult) and d is not None:
            if d.op_name == "util.optimization_barrier":
                return self.producer(d.operands[value.index], key)
            if d.op_name == "util.global.load":
                return self.global_fact(_global_name(d), key)
        acc: Fact = frozenset()

        def visit(r: OpResult) -> None:
            nonlocal acc
            op = r.op
            if op.op_name in CALL_OPS:
                return
            pinned = is_affinity_op(op) and pins(op)
            if pinned:
                acc = _union(acc, self.op_fact(op, key))
            t = tied_to(r)
            if t is not None:
                f = self.producer(t, key)
                if not pinned or f is not None:
                    acc = _union(acc, f)
                if op.op_name == "stream.async.dispatch" and op.attr("affinity") is not None:
                    acc = _union(acc, self.op_fact(op, key))
                return
            if is_affinity_op(op):
                f = self.op_fact(op, key)
                if not pinned or f is not None:
                    acc = _union(acc, f)
                return
            if op.op_name == "util.global.load":
                f = self.global_fact(_global_name(op), key)
            elif op.op_name == "arith.select":
                f = _union(self.producer(op.operands[1], key), self.producer(op.operands[2], key))
            else:
                f = self.producer(r, key)
            if not pinned or f is not None:
                acc = _union(acc, f)

        complete = self._walk_defining(value, visit)
        return acc if complete else None

    def _consumer(self, value: Value, key: _Key) -> Fact:
        acc: Fact = frozenset()

        def visit(op: Operation, i: int) -> None:
            nonlocal acc
            if is_affinity_op(op):
                acc = _union(acc, self.op_fact(op, key))
            for r in tied_from(op, i):
                acc = _union(acc, self.consumer(r, key))
            name = op.op_name
            if name == "stream.async.transfer":
                target = transfer_target(op)
                if target is not None:
                    acc = _union(acc, frozenset({self._name(target)}))
            elif name == "arith.select" and op.results:
                acc = _union(acc, self.consumer(op.results[0], key))
            elif name == "util.optimization_barrier" and i < len(op.results):
                acc = _union(acc, self.consumer(op.results[i], key))
            elif name == "util.global.store":
                acc = _union(acc, self.global_fact(_global_name(op), key))
            elif name in _FORWARDING:
                # IREE asks the consumers of where a branch, loop, yield or return hands the value on
                # (the walk reaches their uses anyway, but the asking makes those elements exist).
                for v in self.graph._outgoing(op, i)[0]:
                    acc = _union(acc, self.consumer(v, key))
                parent = op.parent_op
                if name == "scf.yield" and parent is not None and parent.op_name == "scf.if":
                    acc = _union(acc, self.consumer(op.operands[i], key))

        complete = self._walk_uses(value, visit, follow_ties=False)
        return acc if complete else None

    # --- walks (IREE's Explorer, affinity analysis' traversal actions) --------------------------------

    def _walk_defining(
        self, value: Value, fn: Callable[[OpResult], bool | None], follow_ties: bool = False
    ) -> bool:
        """``walkDefiningOps``: ``fn`` on each op result that may define ``value`` (returning False: not
        past it); True if complete."""
        d = value.defining_op
        if isinstance(value, OpResult) and d is not None and d.op_name == "arith.constant":
            fn(value)
            return True
        g = self.graph
        complete = True
        done: set[int] = set()
        work: list[Value] = [value]
        while work:
            v = work.pop()
            if id(v) in done:
                continue
            done.add(id(v))
            if isinstance(v, BlockArgument):
                more, ok = g._incoming(v)
                complete &= ok
                work.extend(more)
                continue
            assert isinstance(v, OpResult)
            if _opaque(v.op) or fn(v) is False:
                continue
            op = v.op
            if follow_ties:
                t = tied_to(v)
                if t is not None:
                    work.append(t)
            if op.op_name in CALL_OPS:
                callee = g._callee(op)
                if callee is None or not callee.regions or not callee.regions[0].blocks:
                    complete = False
                else:
                    for ret in g._returns(callee):
                        if v.index < len(ret.operands):
                            work.append(ret.operands[v.index])
            elif op.op_name == "util.global.load":
                name = _global_name(op)
                if name in g.indirect_globals:
                    complete = False
                work.extend(st.operands[0] for st in g.global_stores.get(name, []) if st.operands)
            elif op.regions and op.op_name in REGION_OPS:
                for region in op.regions:
                    if not region.blocks:
                        continue
                    term = region.blocks[0].terminator
                    if term is None or term.op_name not in ("stream.yield", "scf.yield", "scf.condition"):
                        continue
                    if op.op_name == "scf.while" and term.op_name != "scf.condition":
                        continue
                    vals = g._returned(term)
                    if v.index < len(vals):
                        work.append(vals[v.index])
        return complete

    def _walk_uses(self, value: Value, fn: Callable[[Operation, int], None], follow_ties: bool) -> bool:
        """``walkTransitiveUses``: ``fn(user, operand index)`` once per use reached; True if complete."""
        g = self.graph
        complete = True
        done: set[tuple[int, int]] = set()
        work: list[Value] = [value]
        while work:
            v = work.pop()
            for op, i in list(v.uses):
                if (id(op), i) in done or any(_opaque(a) for a in op.ancestors()):
                    continue
                done.add((id(op), i))
                fn(op, i)
                if follow_ties:
                    work.extend(tied_from(op, i))
                more, ok = g._outgoing(op, i)
                complete &= ok
                work.extend(more)
        return complete

    # --- pinned values ------------------------------------------------------------------------------

    def _pin_all(self) -> None:
        for op in self.graph.ops():
            if is_affinity_op(op) and pins(op):
                self._pin(op)

    def _pin(self, pinner: Operation) -> None:
        def mark(v: Value) -> bool:
            ops = self.pinned.setdefault(id(v), [])
            if pinner in ops:
                return False
            ops.append(pinner)
            return True

        for r in pinner.results:
            if not is_affinity_type(r):
                continue
            seen: set[tuple[int, int]] = set()
            work: list[Value] = [r]
            while work:
                v = work.pop()
                for op, i in list(v.uses):
                    if (id(op), i) in seen:
                        continue
                    seen.add((id(op), i))
                    if not is_affinity_type(v) or (is_affinity_op(op) and pins(op)) or not mark(v):
                        continue
                    work.extend(tied_from(op, i))
                    work.extend(self.graph._outgoing(op, i)[0])
        for operand in pinner.operands:
            if not is_affinity_type(operand):
                continue

            def visit(res: OpResult) -> bool:
                if res.op is pinner:
                    return True
                if not is_affinity_type(res) or (is_affinity_op(res.op) and pins(res.op)):
                    return False
                return mark(res)

            self._walk_defining(operand, visit, follow_ties=True)

    # --- queries ------------------------------------------------------------------------------------

    def fact(self, kind: str, v: Value) -> Fact:
        """The producer (``"P"``) or consumer (``"C"``) fact of ``v``; None when invalid or when the
        analysis has no such element (IREE's ``lookupElementFor`` finds none)."""
        if not self.knows(v):
            return None
        return self.facts.get((kind, id(v)))

    def pinned_affinities(self, v: Value) -> list[A.Attribute] | None:
        """``tryLookupPinnedAffinities``: the affinities of the ops pinning ``v``, sorted; None when
        nothing pins it (or a pinning op's affinity is unknown)."""
        ops = self.pinned.get(id(v))
        if not ops:
            return None
        names: set[str] = set()
        for op in ops:
            f = self.facts.get(("O", id(op)))
            explicit = lookup_affinity(op)
            if explicit is not None:
                names.add(self._name(explicit))
            elif f is None:
                return None
            else:
                names |= f
        return _sorted(self.attrs, names)

    def knows(self, v: Value) -> bool:
        """Whether ``v`` existed when the analysis was made."""
        return self._known.get(id(v)) is v

    def resource_affinities(self, v: Value) -> list[A.Attribute] | None:
        """``tryLookupResourceAffinity``: the pinning ops' affinities, else where ``v`` is produced
        (sorted; the holders' default when none); None when the analysis failed or does not know ``v``."""
        if not self.knows(v):
            return None
        pinned = self.pinned_affinities(v)
        if pinned is not None:
            return pinned
        f = self.fact("P", v)
        if f is None:
            return None
        return _sorted(self.attrs, f) if f else _default(_holder(v))

    def execution_affinities(self, op: Operation) -> list[A.Attribute] | None:
        """``tryLookupExecutionAffinity`` of an affinity-aware op: its op fact sorted (the holders'
        default when empty); None when the analysis failed."""
        key = ("O", id(op))
        if key not in self.facts:
            return _default(op)
        f = self.facts[key]
        if f is None:
            return None
        return _sorted(self.attrs, f) if f else _default(op)

    def usage_affinities(self, v: Value) -> list[A.Attribute]:
        """``tryLookupResourceUsageAffinity``: where ``v`` is produced and consumed (each fact only when
        valid) and pinned, sorted by their printed form; else the ``stream.affinity.default`` of the
        ops holding it."""
        names: set[str] = set()
        for kind in ("P", "C"):
            f = self.fact(kind, v)
            if f is not None:
                names |= f
        for a in self.pinned_affinities(v) or []:
            names.add(self._name(a))
        if not names:
            return _default(_holder(v))
        return _sorted(self.attrs, names)


def _args(op: Operation) -> list[Value]:
    return [a for region in op.regions for block in region.blocks for a in block.args]


def _placed_type(ty: str) -> bool:
    return ty.startswith("!stream.resource") or (ty.startswith("tensor<") and "*" not in ty)


def _symbol_name(op: Operation) -> str:
    sym = op.attr("sym_name")
    return sym.value if isinstance(sym, A.StringAttr) else ""


def _holder(v: Value) -> Operation | None:
    """The op holding the block ``v`` is defined in."""
    if isinstance(v, BlockArgument):
        return v.block.parent_op
    d = v.defining_op
    return d.parent_op if d is not None else None


def _default(op: Operation | None) -> list[A.Attribute]:
    """``tryLookupDefaultAffinity``: the ``stream.affinity.default`` of ``op`` or an op holding it."""
    while op is not None:
        default = op.attr("stream.affinity.default")
        if default is not None:
            return [default]
        op = op.parent_op
    return []


def _union(a: Fact, b: Fact) -> Fact:
    if a is None or b is None:
        return None
    return a | b


def _global_name(op: Operation) -> str:
    g = op.attr("global")
    if isinstance(g, A.SymbolRefAttr):
        return g.root
    return g.value if isinstance(g, A.StringAttr) else ""


def _find_global(module: Module, name: str) -> Operation | None:
    for op in module.body.ops:
        if op.op_name == "util.global":
            sym = op.attr("sym_name")
            if isinstance(sym, A.StringAttr) and sym.value == name:
                return op
    return None


def _opaque(op: Operation) -> bool:
    return op.op_name in ("stream.executable", "hal.executable", "hal.executable.source")
