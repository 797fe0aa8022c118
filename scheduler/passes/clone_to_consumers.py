"""IREE's ``--iree-stream-clone-to-consumers``: cheap producers used on several devices are cloned per use.

Runs on IREE's IR before conversion to the stream dialect (``flow.tensor.splat``, ``flow.dispatch``,
``flow.tensor.transfer``) as well as on stream async ops. A value made by an op that is cheaper to make
again than to move (a splat, a dispatch that reads no tensor, a pure op such as ``arith.select`` or a
reshape; stream ops that prefer to be cloned to their consumers) and that is needed on more than one
affinity gets, for each op using it, its own copy of the producer placed just before that op, so that
each copy runs where it is used instead of being transferred.

As IREE's pass: each function's blocks are walked from their last op to their first (a clone, placed
before its user, is visited next, so whole chains of cloneable ops are cloned); a producer with one use
left is not cloned; one clone serves every operand of one op; a producer left without uses is erased.
The affinities come from an analysis of the module made at the start of each iteration (ops made
during the iteration are unknown to it), repeated until nothing changes (at most 32 times).

The analysis follows IREE's affinity analysis (:class:`_Affinities`): an op pinned by a ``stream.affinity``
attribute (or its own ``affinity``, or a transfer's target) runs there; another op runs where the values
it consumes are produced, or, consuming none, where its results are consumed (through ``scf`` regions,
branches, calls, tied results and selects). A value that reaches a public function's arguments or returns
is undefined there and never cloned.

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func private @f() -> (tensor<1xi32>, tensor<1xi32>) {
...   %c = arith.constant 1 : i32
...   %s = flow.tensor.splat %c : tensor<1xi32>
...   %a = flow.tensor.transfer %s : tensor<1xi32> to #hal.device.promise<@a>
...   %b = flow.tensor.transfer %s : tensor<1xi32> to #hal.device.promise<@b>
...   util.return %a, %b : tensor<1xi32>, tensor<1xi32>
... }''')
>>> clone_to_consumers(m)
>>> [op.op_name for op in m.body.ops[0].body.ops][1:-1]
['flow.tensor.splat', 'flow.tensor.transfer', 'flow.tensor.splat', 'flow.tensor.transfer']
"""

from __future__ import annotations

from ir import Block, Module, Operation, Value
from ir import attributes as A
from ir import types as T
from ir.builder import clone_op
from scheduler.access import op_info
from scheduler.passes.timepoint_analysis import CALL_OPS, SCF_REGION_OPS, Program
from scheduler.passes.transitive_uses import walk_transitive_uses

CALLABLES = ("util.func", "func.func", "util.initializer")
MAX_ITERATIONS = 32
# Stream ops that prefer to be cloned to their consumers (IREE's StreamableOpInterface).
_PREFER_CLONE = frozenset(
    {
        "stream.tensor.empty",
        "stream.tensor.splat",
        "stream.tensor.clone",
        "stream.async.alloca",
        "stream.async.splat",
        "stream.async.clone",
    }
)
# Ops without side effects whose results IREE may clone (MLIR's isPure), besides arith/math.
_PURE = frozenset(
    {
        "flow.tensor.splat",
        "flow.tensor.reshape",
        "flow.tensor.bitcast",
        "flow.tensor.empty",
        "flow.tensor.constant",
        "tensor.empty",
        "tensor.splat",
        "tensor.expand_shape",
        "tensor.collapse_shape",
    }
)
_TRANSFERS = {"flow.tensor.transfer": "target", "stream.async.transfer": "target_affinity"}


def clone_to_consumers(module: Module) -> None:
    """Clone producers of values used on several affinities for each of their users, in place."""
    for _ in range(MAX_ITERATIONS):
        facts = _Affinities(module)
        changed = False
        for top in module.body.ops:
            if top.op_name in CALLABLES and top.regions:
                for block in top.regions[0].blocks:
                    changed = _clone_in_block(block, facts) or changed
        if not changed:
            return


def _is_tensor_like(v: Value) -> bool:
    return isinstance(v.type, T.ResourceType) or str(v.type).startswith("tensor<")


def can_clone(op: Operation | None) -> bool:
    if op is None or op.regions:
        return False
    name = op.op_name
    if name in _PREFER_CLONE:
        return True
    if name in ("stream.async.dispatch", "flow.dispatch"):
        # A dispatch that reads no tensor or resource is a slow splat.
        return not any(_is_tensor_like(v) for v in op.operands)
    return name in _PURE or name.startswith(("arith.", "math."))


def _pinned(op: Operation) -> A.Attribute | None:
    for key in ("stream.affinity", "affinity"):
        a = op.attr(key)
        if a is not None:
            return a
    target = _TRANSFERS.get(op.op_name)
    return op.attr(target) if target is not None else None


_RETURNS = frozenset({"util.return", "func.return"})
# Ops whose result carries their operand on (a select of it, or a reshape tied to it): its consumers are
# the operand's.
_PASS_THROUGH = frozenset(
    {
        "arith.select",
        "stream.async.barrier",
        "flow.tensor.reshape",
        "flow.tensor.bitcast",
        "tensor.expand_shape",
        "tensor.collapse_shape",
    }
)
# Stands for a consumer the analysis cannot see (IREE's undefined affinity).
_UNKNOWN = A.StringAttr("?")


def _public(fn: Operation | None) -> bool:
    if fn is None or fn.op_name == "util.initializer":
        return False
    vis = fn.attr("sym_visibility")
    return not (isinstance(vis, A.StringAttr) and vis.value in ("private", "nested"))


class _Affinities:
    """Where values are produced and consumed, as IREE's affinity analysis finds it at the start of an
    iteration (ops made during the iteration are unknown to it).

    An op pinned to an affinity runs there. Another op that consumes tensors or resources runs where they
    are produced (IREE's ``OpAffinityPVS``); one that consumes none runs where its results are consumed.
    A value is produced where its defining op runs (across block edges, ``scf`` results and calls to
    their defining values) and consumed where its users run (through ``scf``, branches and calls as
    :func:`~scheduler.passes.transitive_uses.walk_transitive_uses` follows them, a tied result's
    consumers, a transfer's target). Values reaching what the analysis cannot see (a public function's
    arguments or returns) are undefined, and an undefined value is never cloned. Cycles are assumed
    empty (IREE's solver starts optimistic)."""

    def __init__(self, module: Module) -> None:
        self.program = Program(module)
        self.known: set[int] = {id(op) for op in module.walk()}
        self.ops: dict[int, dict[str, A.Attribute]] = {}
        self.consumers: dict[int, dict[str, A.Attribute]] = {}

    def of_value(self, v: Value) -> list[A.Attribute]:
        """The affinities ``v`` is produced for (none when the analysis does not know its producer, or
        when it is undefined)."""
        op = v.defining_op
        if op is None or id(op) not in self.known or not _is_tensor_like(v):
            return []
        found = self._producer(v, set())
        return [] if "?" in found else [found[k] for k in sorted(found)]

    def _producer(self, v: Value, visiting: set[int]) -> dict[str, A.Attribute]:
        results, complete = self.program.defining_results(v)
        found: dict[str, A.Attribute] = {} if complete else {"?": _UNKNOWN}
        for r in results:
            if r.op.op_name in CALL_OPS or r.op.op_name in SCF_REGION_OPS:
                continue  # followed to the values they return
            if id(r.op) in self.known:
                found.update(self.of_op(r.op, visiting))
        return found

    def of_op(self, op: Operation, visiting: set[int]) -> dict[str, A.Attribute]:
        pinned = _pinned(op)
        if pinned is not None:
            return {str(pinned): pinned}
        if id(op) in self.ops:
            return self.ops[id(op)]
        if id(op) in visiting:
            return {}
        visiting.add(id(op))
        found: dict[str, A.Attribute] = {}
        consumed = [v for v in op.operands if _is_tensor_like(v)]
        if consumed:
            for v in consumed:
                found.update(self._producer(v, visiting))
        else:
            for r in op.results:
                if _is_tensor_like(r):
                    found.update(self._consumer(r, visiting))
        visiting.discard(id(op))
        if not visiting:
            self.ops[id(op)] = found
        return found

    def _consumer(self, value: Value, visiting: set[int]) -> dict[str, A.Attribute]:
        if id(value) in self.consumers:
            return self.consumers[id(value)]
        found: dict[str, A.Attribute] = {}

        def visit(user: Operation, index: int) -> None:
            if id(user) not in self.known:
                return
            if user.op_name in _RETURNS and _public(user.parent_op):
                found["?"] = _UNKNOWN  # IREE's walk of the uses is incomplete there
                return
            if user.op_name.startswith(("stream.", "flow.")) and user.op_name not in _PASS_THROUGH:
                found.update(self.of_op(user, visiting))
                used = user.operands[index]
                for r, tied in op_info(user).tied.items():
                    if tied is used:
                        found.update(self._consumer(user.results[r], visiting))
            key = _TRANSFERS.get(user.op_name)
            if key is not None and user.attr(key) is not None:
                a = user.attr(key)
                assert a is not None
                found[str(a)] = a
            if user.op_name in _PASS_THROUGH:
                found.update(self._consumer(user.results[0], visiting))

        walk_transitive_uses(self.program, value, visit)
        if not visiting:
            self.consumers[id(value)] = found
        return found


def _clone_in_block(block: Block, facts: _Affinities) -> bool:
    changed = False
    i = len(block.ops) - 1
    while i >= 0:
        op = block.ops[i]
        cloned: dict[int, tuple[Operation, Operation]] = {}
        for j, v in enumerate(op.operands):
            producer = v.defining_op
            if not can_clone(producer):
                continue
            assert producer is not None
            index = next(k for k, r in enumerate(producer.results) if r is v)
            if id(producer) in cloned:
                op.set_operand(j, cloned[id(producer)][1].results[index])
                changed = True
                continue
            if len(facts.of_value(v)) <= 1:
                continue
            if sum(len(r.uses) for r in producer.results) == 1:
                continue  # we are its only user: the earlier clones took the others
            copy = clone_op(producer)
            block.insert(block.ops.index(op), copy)
            cloned[id(producer)] = (producer, copy)
            op.set_operand(j, copy.results[index])
            changed = True
        for producer, _ in cloned.values():
            if not any(r.uses for r in producer.results) and producer.parent is not None:
                producer.erase()
        i = block.ops.index(op) - 1
    return changed
