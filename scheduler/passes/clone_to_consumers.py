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

The analysis is IREE's affinity analysis within a function: an op pinned by a ``stream.affinity``
attribute (or its own ``affinity``, or a transfer's target) runs there; any other op runs wherever its
results are consumed (a transfer consumes on its target), through chains of such ops.

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


class _Affinities:
    """Where each op of the module runs, as IREE's analysis finds it at the start of an iteration."""

    def __init__(self, module: Module) -> None:
        self.known: set[int] = {id(op) for op in module.walk()}
        self.memo: dict[int, list[A.Attribute]] = {}

    def of_value(self, v: Value) -> list[A.Attribute]:
        """The affinities ``v`` is produced for (none when the analysis does not know its producer)."""
        op = v.defining_op
        if op is None or id(op) not in self.known or not _is_tensor_like(v):
            return []
        return self.of_op(op, set())

    def of_op(self, op: Operation, visiting: set[int]) -> list[A.Attribute]:
        pinned = _pinned(op)
        if pinned is not None:
            return [pinned]
        if id(op) in self.memo:
            return self.memo[id(op)]
        if id(op) in visiting:
            return []
        visiting.add(id(op))
        found: dict[str, A.Attribute] = {}
        for r in op.results:
            for user, _ in r.uses:
                if id(user) not in self.known:
                    continue
                key = _TRANSFERS.get(user.op_name)
                if key is not None and user.attr(key) is not None:
                    a = user.attr(key)
                    assert a is not None
                    found.setdefault(str(a), a)
                    continue
                for a in self.of_op(user, visiting):
                    found.setdefault(str(a), a)
        visiting.discard(id(op))
        out = [found[k] for k in sorted(found)]
        self.memo[id(op)] = out
        return out


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
