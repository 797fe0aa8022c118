"""IREE's ``--iree-stream-automatic-reference-counting``: deallocate what the program allocated and dropped.

Runs on cmd-form (or async-form) modules, each function and initializer on its own, as IREE's local
analysis does; a function with more than one block, or with a call in its body, is left as it is.

In a block, timeline ops (those with a timepoint result: allocas, deallocas, executes, parameter ops,
joins, barriers) are walked in order:

- *coverage*: a timeline op's result timepoint is reached only after each timepoint it awaits, and after
  everything those cover; an op that awaits nothing, an immediate, an import and a timepoint argument of
  the function start a new root. An awaited timepoint the analysis has not seen adds nothing.
- *last uses*: each resource a timeline op takes is in use until the op's result timepoint; a new use
  drops the earlier ones it covers, so the set holds the uses no other covers (more than one: a fork).
  A result tied to an operand (``stream.timepoint.barrier``) is an alias of the operand's base resource.
- *produced* resources are those a timeline op made; any other producer than ``stream.resource.alloca``
  makes its resource *indeterminate* (IREE cannot tell who else holds it), as does an alloca marked
  ``indeterminate`` and any use by an op that
  is neither a timeline op nor structured control flow (a return, a global store, an export, a subview,
  an ``scf.yield``). Resources with a dealloca of their own are *handled*.
- ``scf.for``/``scf.if``/``scf.while`` with a timepoint result (their joined results if several) are
  analysed in place: the resources they capture are in use until that timepoint, their resource
  iteration arguments' initial values are indeterminate (the loop result owns them), each body block is
  analysed with last uses of its own and deallocates what it made and did not yield, and every resource
  result is produced at the result timepoint in the enclosing block. Two results yielding one resource
  are both indeterminate, and so is a result yielding a subview (part of a slab) or the region's own
  argument (the loop hands on its initial value, e.g. a constant from a global). Without a timepoint
  result the op's resources, those of its regions and every resource the block tracked before it are
  indeterminate.

Every produced resource neither indeterminate nor handled gets a ``stream.resource.dealloca`` right
after its last use: awaiting that timepoint, or a join of the fork's timepoints (the one defined last is
where it goes); later users of that timepoint then take the dealloca's. The dealloca has the producer's
affinity, or none and ``origin`` (free wherever the resource came from) when the producer names none.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ir import Block, Builder, Module, Operation, Value
from ir import attributes as A
from ir import types as T
from scheduler.passes.timepoint_analysis import CALL_OPS, CALLABLE_OPS

_CONTROL = frozenset({"scf.for", "scf.if", "scf.while"})


def automatic_reference_counting(module: Module) -> None:
    """Run the pass on ``module`` in place (see the module docstring)."""
    for fn in module.body.ops:
        if fn.op_name in CALLABLE_OPS and fn.regions and len(fn.regions[0].blocks) == 1:
            _process_function(fn.regions[0].blocks[0])


def _is_resource(v: Value) -> bool:
    return isinstance(v.type, T.ResourceType)


def _is_timepoint(v: Value) -> bool:
    return isinstance(v.type, T.TimepointType)


def _result_timepoint(op: Operation) -> Value | None:
    if op.op_name == "stream.timepoint.await":
        return op.operands[-1]  # an await is done when what it awaits is reached
    return next((r for r in op.results if _is_timepoint(r)), None)


class _Coverage:
    """Which timepoints are reached whenever another is (shared by a function and its nested scopes)."""

    def __init__(self) -> None:
        self.covered: dict[Value, set[Value]] = {}

    def add(self, timepoint: Value) -> None:
        self.covered.setdefault(timepoint, {timepoint})

    def add_after(self, predecessor: Value, timepoint: Value) -> None:
        pred = self.covered.get(predecessor)
        if pred is None:
            return
        self.add(timepoint)
        self.covered[timepoint] |= pred

    def covers(self, predecessor: Value, timepoint: Value) -> bool:
        """Whether ``predecessor`` has been reached whenever ``timepoint`` is."""
        return predecessor in self.covered and predecessor in self.covered.get(timepoint, ())


@dataclass
class _LastUses:
    coverage: _Coverage
    uses: dict[Value, list[Value]] = field(default_factory=dict)
    aliases: dict[Value, Value] = field(default_factory=dict)
    produced: list[Value] = field(default_factory=list)

    def base(self, v: Value) -> Value:
        return self.aliases.get(v, v)

    def produce(self, resource: Value, timepoint: Value) -> None:
        self.uses[resource] = [timepoint]
        self.produced.append(resource)

    def consume(self, resource: Value, timepoint: Value) -> None:
        base = self.aliases.get(resource, resource)
        # the uses that ``timepoint`` does not cover (Coverage.covers, written out: a call per use)
        covered = self.coverage.covered
        after = covered.get(timepoint, ())
        kept = [t for t in self.uses.get(base, []) if t not in covered or t not in after]
        if timepoint not in kept:
            kept.append(timepoint)
        self.uses[base] = kept

    def tie(self, source: Value, target: Value, timepoint: Value) -> None:
        self.aliases[target] = self.base(source)
        self.consume(source, timepoint)


@dataclass
class _State:
    indeterminate: set[Value] = field(default_factory=set)
    handled: set[Value] = field(default_factory=set)
    # joins of control flow ops' timepoint results made for the analysis (erased if left unused)
    joins: list[Operation] = field(default_factory=list)


def _process_function(block: Block) -> None:
    if any(op.op_name in CALL_OPS for op in block.ops):
        return
    coverage = _Coverage()
    for arg in block.args:
        if _is_timepoint(arg):
            coverage.add(arg)
    uses, state = _LastUses(coverage), _State()
    _analyze_block(block, uses, state)
    _insert_deallocas(uses, state)
    for join in state.joins:
        if not join.results[0].uses:
            join.erase()


def _tied(op: Operation) -> dict[int, int]:
    """Result index -> operand index for the results ``op`` ties to an operand."""
    if op.op_name == "stream.timepoint.barrier":
        return {0: 0}
    if op.op_name == "stream.timepoint.await":
        return {i: i for i in range(len(op.results))}
    attr = op.attr("tied_operands")
    if not isinstance(attr, A.ArrayAttr):
        return {}
    return {i: e.value for i, e in enumerate(attr) if isinstance(e, A.IntegerAttr) and e.value >= 0}


def _mark_all(op: Operation, uses: _LastUses, state: _State) -> None:
    """IREE's conservative fallback for control flow it cannot analyze: every resource tracked so far in
    the block, and every resource the op and its regions touch, is indeterminate."""
    state.indeterminate.update(uses.uses)
    for inner in op.walk():
        for v in [*inner.operands, *inner.results]:
            if _is_resource(v):
                state.indeterminate.add(uses.base(v))


def _analyze_block(block: Block, uses: _LastUses, state: _State) -> None:
    coverage = uses.coverage
    # _is_resource and _is_timepoint written out below (a call per operand and result)
    resource_type, timepoint_type = T.ResourceType, T.TimepointType
    for op in block.ops:
        name = op.op_name
        if name in ("stream.timepoint.immediate", "stream.timepoint.import"):
            coverage.add(op.results[0])
            continue
        if name in ("stream.resource.retain", "stream.resource.release"):
            state.handled.add(uses.base(op.operands[0]))
            continue
        if name in _CONTROL:
            if not _analyze_control(op, uses, state):
                _mark_all(op, uses, state)
            continue
        operands = op._operands  # (read only: no tuple copy per op)
        # _result_timepoint(op), written out
        tp = None
        if name == "stream.timepoint.await":
            tp = operands[-1]
        else:
            for r in op.results:
                if isinstance(r.type, timepoint_type):
                    tp = r
                    break
        if tp is None:
            for v in [*operands, *op.results]:
                if isinstance(v.type, resource_type):
                    state.indeterminate.add(uses.base(v))
            continue
        awaited = [v for v in operands if isinstance(v.type, timepoint_type)]
        if not awaited:
            coverage.add(tp)
        for t in awaited:
            coverage.add_after(t, tp)
        if name == "stream.resource.alloca" and op.attr("indeterminate_lifetime") is not None:
            state.indeterminate.add(op.results[0])
        if name == "stream.resource.dealloca":
            state.handled.add(uses.base(operands[0]))
        for v in operands:
            if isinstance(v.type, resource_type):
                uses.consume(v, tp)
        tied = None  # (_tied(op), asked only of an op with a resource result)
        for i, r in enumerate(op.results):
            if not isinstance(r.type, resource_type):
                continue
            if tied is None:
                tied = _tied(op)
            if i in tied:
                uses.tie(operands[tied[i]], r, tp)
                continue
            uses.produce(r, tp)
            if name != "stream.resource.alloca":
                state.indeterminate.add(r)


def _control_timepoint(op: Operation) -> Value | None:
    tps = [r for r in op.results if _is_timepoint(r)]
    if not tps:
        return None
    if len(tps) == 1:
        return tps[0]
    join = Builder.after(op).create("stream.timepoint.join", tps, [T.TimepointType()])
    return join.results[0]


def _captured(op: Operation) -> list[Value]:
    """Resources defined outside ``op`` and used inside it, in order of first use."""
    inside = {id(o) for o in op.walk()}
    out: list[Value] = []
    seen: set[int] = set()
    for inner in op.walk():
        if inner is op:
            continue
        for v in inner.operands:
            if not _is_resource(v) or id(v) in seen or _defined_inside(v, op, inside):
                continue
            seen.add(id(v))
            out.append(v)
    return out


def _defined_inside(v: Value, op: Operation, inside: set[int]) -> bool:
    owner = v.defining_op
    if owner is not None:
        return id(owner) in inside
    block = v.owner
    parent = block.parent_op if isinstance(block, Block) else None
    return parent is not None and id(parent) in inside


def _analyze_control(op: Operation, uses: _LastUses, state: _State) -> bool:
    tp = _control_timepoint(op)
    if tp is None:
        return False
    if tp.defining_op is not None and tp.defining_op is not op:
        state.joins.append(tp.defining_op)
    uses.coverage.add(tp)
    if op.op_name in ("scf.for", "scf.while"):
        # Initial values are phi-like: the loop's result owns them (it is one when no iteration runs).
        # IREE's pass says so of scf.for only; a while loop's initial value freed after its last use
        # before the loop would be freed while the loop still reads it.
        for v in op.operands[3:] if op.op_name == "scf.for" else op.operands:
            if _is_resource(v):
                state.indeterminate.add(uses.base(v))
    for v in _captured(op):
        uses.consume(v, tp)
    registered: set[int] = set()
    for region in op.regions:
        for block in region.blocks:
            inner = _LastUses(uses.coverage)
            _analyze_block(block, inner, state)
            term = block.ops[-1] if block.ops else None
            if term is not None and term.op_name in ("scf.yield", "scf.condition"):
                carried = term.operands[1:] if term.op_name == "scf.condition" else term.operands
                to_results = op.op_name != "scf.while" or term.op_name == "scf.condition"
                yielded: dict[Value, Value] = {}
                for i, v in enumerate(carried):
                    if not _is_resource(v):
                        continue
                    state.handled.add(inner.base(v))
                    if not to_results:
                        continue
                    result = op.results[i]
                    if _part_of_slab(v, op, i):
                        # A subview shares its slab with the slab's other values: freeing the result
                        # would free them too (and a loop's result may be its initial value). (IREE's propagate-subranges carries the slab itself
                        # through the loop before its reference counting runs; this port does not.)
                        state.indeterminate.add(result)
                    if _forwards_argument(v, block):
                        # The region hands on what it was given (a loop-invariant constant from a global
                        # carried through the loop): the result is the initial value, owned elsewhere.
                        state.indeterminate.add(result)
                    first = yielded.setdefault(inner.base(v), result)
                    if first is not result:
                        state.indeterminate.add(uses.base(first))
                        state.indeterminate.add(result)
                    if id(result) not in registered:
                        registered.add(id(result))
                        uses.produce(result, tp)
            _insert_deallocas(inner, state)
    return True


def _part_of_slab(v: Value, op: Operation, i: int) -> bool:
    """Whether the ``i``-th result of ``op``, yielded ``v``, may be a subview: ``v`` is one (through
    awaits), or, for an ``scf.for`` (whose result is its initial value when it runs no iteration), its
    ``i``-th initial value is one."""
    if _subview(v):
        return True
    return op.op_name == "scf.for" and _subview(op.operands[3 + i])


def _forwards_argument(v: Value, block: Block) -> bool:
    """Whether ``v`` (through awaits) is one of ``block``'s own arguments."""
    d = v.defining_op
    while d is not None and d.op_name == "stream.timepoint.await":
        v = d.operands[[id(r) for r in d.results].index(id(v))]
        d = v.defining_op
    return d is None and any(v is a for a in block.args)


def _subview(v: Value) -> bool:
    d = v.defining_op
    while d is not None and d.op_name == "stream.timepoint.await":
        v = d.operands[[id(r) for r in d.results].index(id(v))]
        d = v.defining_op
    return d is not None and d.op_name == "stream.resource.subview"


def _size_of(resource: Value, b: Builder) -> Value:
    op = resource.defining_op
    if op is not None and op.op_name == "stream.resource.alloca":
        return op.operands[0]
    for user, i in resource.uses:
        # a size-aware user names the size next to the resource (cmd.execute: resources, then sizes)
        if user.op_name == "stream.cmd.execute":
            n = sum(1 for v in user.operands if _is_resource(v))
            return user.operands[n + i]
    return b.create("stream.resource.size", [resource], [T.IndexType()]).results[0]


class _Positions:
    """Index of a value's defining op in its block (``-1`` for block arguments), as ``ops.index`` gives
    it, from one numbering of each block taken when first asked: ops inserted later (deallocas, joins)
    shift indices but never the order of the ops numbered, and only those are asked about."""

    def __init__(self) -> None:
        self._index: dict[int, dict[int, int]] = {}

    def __call__(self, v: Value) -> tuple[int, int]:
        op = v.defining_op
        if op is None or op.parent is None:
            return (-1, 0)
        block = op.parent
        index = self._index.get(id(block))
        if index is None or id(op) not in index:
            index = self._index[id(block)] = {id(o): i for i, o in enumerate(block.ops)}
        return (index[id(op)], 0)


def _insert_deallocas(uses: _LastUses, state: _State) -> None:
    _position = _Positions()
    for resource in reversed(uses.produced):
        base = uses.base(resource)
        if base in state.indeterminate or base in state.handled:
            continue
        timepoints = uses.uses[resource]
        last = max(timepoints, key=_position)
        anchor = last.defining_op
        if anchor is None:
            continue
        b = Builder.after(anchor)
        producer = resource.defining_op
        affinity = producer.attr("affinity") if producer is not None else None
        props: dict[str, A.Attribute] = {}
        if affinity is not None:
            props["affinity"] = affinity
        else:
            props["prefer_origin"] = A.UnitAttr()
        size = _size_of(resource, b)
        awaited = last
        if len(timepoints) > 1:
            ordered = sorted(timepoints, key=_position)
            awaited = b.create("stream.timepoint.join", ordered, [T.TimepointType()]).results[0]
        dealloca = b.create(
            "stream.resource.dealloca", [resource, size, awaited], [T.TimepointType()], properties=props
        )
        keep = {id(dealloca)} | ({id(awaited.defining_op)} if awaited is not last else set())
        for user, i in list(last.uses):
            if id(user) not in keep:
                user.set_operand(i, dealloca.results[0])
