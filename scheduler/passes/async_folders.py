"""IREE's canonicalization patterns of ``stream.async.fill`` and ``stream.async.slice`` that the cleanup after
schedule-execution triggers (``StreamOpFolders.cpp``):

- ``FlattenFullFillToSplat``: a fill of a whole resource made by an op (not a block argument, not a
  result tied to an operand) is a splat of the fill's value: the old contents cannot be observed;
- ``ElideRedundantFill``: a fill of a splat with the same value is the splat;
- ``PropagateSplatsThroughSlices``: a slice of a splat is a smaller splat;
- ``PropagateCloneableOps``: a clone of an op that prefers to be cloned is that op again, per use.

Values are compared as MLIR's folder leaves them: two ``arith.constant`` ops of the same value are one
value (the folder keeps one constant per value).

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func public @f(%r: !stream.resource<*>) -> !stream.resource<*> {
...   %c0 = arith.constant 0 : index
...   %c16 = arith.constant 16 : index
...   %c7 = arith.constant 7 : i32
...   %x = stream.async.clone %r : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
...   %y = stream.async.fill %c7, %x[%c0 to %c16 for %c16] : i32 -> %x as !stream.resource<*>{%c16}
...   util.return %y : !stream.resource<*>
... }''')
>>> fill = m.body.ops[0].body.ops[-2]
>>> fold_async(fill)
True
>>> [op.op_name for op in m.body.ops[0].body.ops][-3:]
['stream.async.clone', 'stream.async.splat', 'util.return']
"""

from __future__ import annotations

from ir import Builder, Operation, Value
from ir.builder import clone_op
from scheduler.access import op_info


def same_value(a: Value, b: Value) -> bool:
    """``a`` and ``b`` are one SSA value, or constants of one value (as MLIR's folder uniques them)."""
    if a is b:
        return True
    da, db = a.defining_op, b.defining_op
    if da is None or db is None or da.op_name != "arith.constant" or db.op_name != "arith.constant":
        return False
    return a.type == b.type and str(da.attr("value")) == str(db.attr("value"))


def _splat(at: Operation, value: Value, size: Value, like: Operation) -> Operation:
    b = Builder.before(at)
    b.location = at.location
    affinity = like.attr("affinity")
    props = {"affinity": affinity} if affinity is not None else {}
    return b.create("stream.async.splat", [value, size], [at.results[0].type], properties=props)


def fold_async(op: Operation) -> bool:
    """Apply the pattern (module doc) that matches ``op``, if any; whether ``op`` was replaced."""
    if op.op_name == "stream.async.fill":
        return _flatten_full_fill(op) or _elide_redundant_fill(op)
    if op.op_name == "stream.async.slice":
        return _splat_through_slice(op)
    if op.op_name == "stream.async.clone":
        return _propagate_cloneable(op)
    return False


def _replace(op: Operation, value: Value) -> None:
    op.results[0].replace_all_uses_with(value)
    op.erase()


def _flatten_full_fill(op: Operation) -> bool:
    target, size, _offset, _end, length, value = op.operands
    if not same_value(length, size):
        return False
    d = target.defining_op
    if d is None:
        return False
    index = next(i for i, r in enumerate(d.results) if r is target)
    if index in op_info(d).tied:
        return False  # IREE cannot tell locally that the storage may be let go
    _replace(op, _splat(op, value, size, op).results[0])
    return True


def _elide_redundant_fill(op: Operation) -> bool:
    d = op.operands[0].defining_op
    if d is None or d.op_name != "stream.async.splat" or not same_value(d.operands[-2], op.operands[-1]):
        return False
    _replace(op, op.operands[0])
    return True


def _splat_through_slice(op: Operation) -> bool:
    d = op.operands[0].defining_op
    if d is None or d.op_name != "stream.async.splat":
        return False
    _replace(op, _splat(op, d.operands[-2], op.operands[4], op).results[0])
    return True


def _propagate_cloneable(op: Operation) -> bool:
    """``PropagateCloneableOps``: a clone of what prefers to be cloned (a splat, a dispatch reading no
    resource, ...) becomes, for each use, a copy of that producer placed before the user."""
    from scheduler.passes.schedule_execution import prefers_clone

    source = op.operands[0].defining_op
    if not op.results[0].uses or source is None or not prefers_clone(source):
        return False
    index = next(i for i, r in enumerate(source.results) if r is op.operands[0])
    for user, k in list(op.results[0].uses):
        copy = clone_op(source)
        Builder.before(user).insert(copy)
        copy.results[index].type = op.results[0].type
        user.set_operand(k, copy.results[index])
    op.erase()
    return True
