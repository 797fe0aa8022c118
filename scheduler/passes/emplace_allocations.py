"""IREE's ``--iree-stream-emplace-allocations``: dispatch results written straight into update targets.

A ``stream.async.dispatch`` whose result is used once, as the update of a ``stream.async.update`` on the
same affinity, can write its result in place into the update's target range instead of into a fresh
resource copied there afterwards (concatenations are the usual source). As IREE's pass, per block, op by
op:

- a dispatch with any tied operand is left alone (which binding a new operand maps to is not known);
- once one result qualifies, every result of the dispatch becomes tied to a new operand: a
  ``stream.async.alloca`` of the result's size, bound whole;
- then, for each qualifying update in block order, the values the update needs (sizes, range, target)
  are moved before the dispatch if they are made after it and can be (IREE's ``tryMoveProducerBefore``:
  recursively, within the block); if so the result's operand becomes the target's range, the result's
  size the target's, the update's users take the dispatch's result (through a transfer when the types
  differ) and the update goes, as does the alloca it replaced once unused.

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func public @f(%in: !stream.resource<*>, %n: index, %t: !stream.resource<*>,
...     %tn: index) -> !stream.resource<*> {
...   %c0 = arith.constant 0 : index
...   %c16 = arith.constant 16 : index
...   %u = stream.async.dispatch @ex::@d(%in[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%c16}
...   %r = stream.async.update %u, %t[%c0 to %c16] : !stream.resource<*>{%c16} -> %t as !stream.resource<*>{%tn}
...   util.return %r : !stream.resource<*>
... }''')
>>> emplace_allocations(m)
>>> [op.op_name for op in m.body.ops[0].body.ops if op.op_name.startswith("stream.")]
['stream.async.dispatch']
"""

from __future__ import annotations

from ir import Block, Builder, Module, Operation, Value
from ir import attributes as A
from ir import types as T
from ir.dialects import stream_async as D
from ir.opdef import segment_bounds
from scheduler.access import is_resource

_FIELDS = (
    "workload",
    "resource_operands",
    "resource_operand_sizes",
    "resource_operand_offsets",
    "resource_operand_ends",
    "resource_operand_lengths",
    "result_sizes",
)


def emplace_allocations(module: Module) -> None:
    """Place dispatch results into the targets of the updates that consume them, in place."""
    for op in module.op.walk_list():
        for region in op.regions:
            for block in region.blocks:
                _emplace_in_block(block)


def _emplace_in_block(block: Block) -> None:
    zero: list[Value] = []

    def index_zero() -> Value:
        if not zero:
            c = Builder(block, 0).create(
                "arith.constant", [], [T.index], properties={"value": A.IntegerAttr(0, T.index)}
            )
            zero.append(c.result)
        return zero[0]

    i = 0
    while i < len(block.ops):
        op = block.ops[i]
        if isinstance(op, D.AsyncDispatchOp):
            _try_emplace(op, index_zero)
        i = block.ops.index(op) + 1


def _fields(op: Operation) -> dict[str, list[Value]]:
    bounds = segment_bounds(op, "operands")
    return {f: list(op.operands[slice(*bounds[f])]) for f in _FIELDS}


def _set_fields(op: Operation, fields: dict[str, list[Value]]) -> None:
    op.set_operands([v for f in _FIELDS for v in fields[f]])
    op.properties["operandSegmentSizes"] = A.segment_sizes(*(len(fields[f]) for f in _FIELDS))


def _ties(op: Operation) -> list[int]:
    attr = op.attr("tied_operands")
    if not isinstance(attr, A.ArrayAttr):
        return [-1] * len(op.results)
    return [e.value if isinstance(e, A.IntegerAttr) else -1 for e in attr]


def _try_emplace(dispatch: D.AsyncDispatchOp, index_zero) -> bool:  # type: ignore[no-untyped-def]
    if any(t >= 0 for t in _ties(dispatch)):
        return False
    affinity = dispatch.attr("affinity")
    candidates: list[tuple[D.AsyncUpdateOp, int]] = []
    for r, result in enumerate(dispatch.results):
        if len(result.uses) != 1:
            continue
        user = result.uses[0][0]
        if not isinstance(user, D.AsyncUpdateOp) or user.update is not result:
            continue
        if user.attr("affinity") != affinity:
            continue
        candidates.append((user, r))
    if not candidates:
        return False
    # Every result becomes tied to a new alloca operand, bound whole.
    fields = _fields(dispatch)
    ties = _ties(dispatch)
    zero = index_zero()  # made first: it goes to the block's start, which moves every op after it
    before = Builder.before(dispatch)
    before.location = dispatch.location
    for r, result in enumerate(dispatch.results):
        size = fields["result_sizes"][r]
        props = {"affinity": affinity} if affinity is not None else {}
        alloca = before.create("stream.async.alloca", [size], [result.type], properties=props)
        ties[r] = len(fields["resource_operands"])
        fields["resource_operands"].append(alloca.result)
        fields["resource_operand_sizes"].append(size)
        fields["resource_operand_offsets"].append(zero)
        fields["resource_operand_ends"].append(size)
        fields["resource_operand_lengths"].append(size)
    _set_fields(dispatch, fields)
    dispatch.properties["tied_operands"] = A.ArrayAttr(tuple(A.IntegerAttr(t, T.index) for t in ties))
    block = dispatch.parent
    assert block is not None
    candidates.sort(key=lambda c: block.ops.index(c[0]))
    changed = False
    for update, r in candidates:
        target = update.target
        if target.defining_op is dispatch:
            index = next(i for i, r in enumerate(dispatch.results) if r is target)
            target = fields["resource_operands"][ties[index]]
        needed = [update.update_size, update.target_size, update.target_offset, update.target_end, target]
        if not all(_move_before(v, dispatch) for v in needed):
            continue
        fields = _fields(dispatch)
        k = ties[r]
        rk = sum(1 for v in fields["resource_operands"][:k] if is_resource(v))
        previous = fields["resource_operands"][k]
        fields["resource_operands"][k] = target
        fields["resource_operand_sizes"][rk] = update.target_size
        fields["resource_operand_offsets"][rk] = update.target_offset
        fields["resource_operand_ends"][rk] = update.target_end
        fields["resource_operand_lengths"][rk] = update.update_size
        fields["result_sizes"][r] = update.target_size
        _set_fields(dispatch, fields)
        _replace_and_transfer(update.result, dispatch.results[r], fields["result_sizes"][r], affinity)
        update.erase()
        made = previous.defining_op
        if not previous.uses and made is not None:
            made.erase()
        changed = True
    return changed


def _replace_and_transfer(old: Value, new: Value, size: Value, affinity: A.Attribute | None) -> None:
    if old.type == new.type:
        old.replace_all_uses_with(new)
        return
    made = new.defining_op
    assert made is not None
    b = Builder.after(made)
    props = {"source_affinity": affinity, "target_affinity": affinity} if affinity is not None else {}
    transfer = b.create("stream.async.transfer", [new, size, size], [old.type], properties=props)
    old.replace_all_uses_with(transfer.result)


def _move_before(value: Value, consumer: Operation) -> bool:
    """IREE's tryMoveProducerBefore: make ``value`` available before ``consumer``, moving its producer
    (and theirs, recursively) up within the block; False when that cannot be done."""
    producer = value.defining_op
    if producer is None:
        return True
    block = consumer.parent
    if producer.parent is block:
        assert block is not None
        if block.ops.index(producer) < block.ops.index(consumer):
            return True
        for operand in producer.operands:
            if operand.defining_op is consumer or not _move_before(operand, consumer):
                return False
        block.ops.remove(producer)
        block.ops.insert(block.ops.index(consumer), producer)
        return True
    return _dominates(producer, consumer)


def _dominates(producer: Operation, consumer: Operation) -> bool:
    """Whether ``producer``'s block encloses ``consumer`` and comes first there (a value of an enclosing
    block, or of a function's entry block, is usable)."""
    cur: Operation | None = consumer
    while cur is not None:
        if cur.parent is producer.parent and cur.parent is not None:
            return cur.parent.ops.index(producer) < cur.parent.ops.index(cur)
        cur = cur.parent_op
    return False
