"""IREE's canonicalization patterns of ``stream.async.fill`` and ``stream.async.slice`` that the cleanup after
schedule-execution triggers (``StreamOpFolders.cpp``):

- ``FlattenFullFillToSplat``: a fill of a whole resource made by an op (not a block argument, not a
  result tied to an operand) is a splat of the fill's value: the old contents cannot be observed;
- ``ElideRedundantFill``: a fill of a splat with the same value is the splat;
- ``CoalesceAdjacentFills``: a fill of the only use of a fill of the same value over the adjacent range
  widens the first (IREE's offset for a fill before the range is wrong, reproduced);
- ``PropagateSplatsThroughSlices``: a slice of a splat is a smaller splat;
- ``PropagateCloneableOps``: a clone of an op that prefers to be cloned is that op again, per use;
- ``AsyncCopyFullSourceToUpdate``: a copy of a whole source (its end and length the source's size) is an
  update of the target with it;
- ``AsyncUpdateOp::fold``: an update of a whole target (the update's size the target's, one type) whose
  target has value semantics (made by an async op, not tied to an operand) is the update; an update of a
  value into itself is that value;
- ``ElideInPlaceUpdate``: an update of a whole target with a value tied (through in-place ops) to that
  target is the value, when no user of the value writes it;
- ``CombineSplatUpdateFromToFill``: an update from a splat is a fill of the splat's value;
- ``CombineSliceUpdateFromToCopy``: an update from a slice of the same block is a copy from the slice's
  source.

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

import struct

from ir import Builder, Operation, Value
from ir import attributes as A
from ir import types as T
from ir.builder import clone_op
from scheduler.access import op_info, pure_nested
from scheduler.passes.greedy import Pattern, note_inserted, note_silent


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
    if op.op_name == "stream.async.copy":
        return _copy_full_source_to_update(op)
    if op.op_name == "stream.async.update":
        return (
            _fold_update(op)
            or _elide_in_place_update(op)
            or _splat_update_to_fill(op)
            or _slice_update_to_copy(op)
        )
    return False


def _replace(op: Operation, value: Value) -> None:
    op.results[0].replace_all_uses_with(value)
    op.erase()


def _flatten_full_fill(op: Operation) -> bool:
    target, size, _offset, _end, length, value = op.operands
    if not same_value(length, size):
        return False
    from scheduler.passes.copy_analysis import tied_base

    if target.defining_op is None or tied_base(target) is not target:
        return False  # IREE cannot tell locally that the storage may be let go (a barrier is tied too)
    _replace(op, _splat(op, value, size, op).results[0])
    return True


def _elide_redundant_fill(op: Operation) -> bool:
    d = op.operands[0].defining_op
    if d is None or d.op_name != "stream.async.splat" or not same_value(d.operands[-2], op.operands[-1]):
        return False
    _replace(op, op.operands[0])
    return True


def _coalesce_adjacent_fills(op: Operation) -> bool:
    """``CoalesceAdjacentFills``: a fill of the only result of a fill of the same value, right after or
    right before its range, widens that fill. As IREE computes it, a fill before the range gets the offset
    ``fill offset + source offset``."""
    source = op.operands[0].defining_op
    if source is None or source.op_name != "stream.async.fill" or len(source.results[0].uses) != 1:
        return False
    _t, _size, offset, end, length, value = op.operands
    _st, _ssize, s_offset, s_end, s_length, s_value = source.operands
    if not same_value(value, s_value):
        return False
    after = same_value(s_end, offset)
    if not after and not same_value(s_offset, end):
        return False
    if not (_usable_before(offset, source) and _usable_before(length, source)):
        return False
    b = Builder.before(source)
    b.location = source.location
    if after:
        new = (s_offset, _add(b, s_end, length), _add(b, s_length, length))
    else:
        new = (_add(b, offset, s_offset), s_end, _add(b, length, s_length))
    for i, v in zip((2, 3, 4), new):
        source.set_operand(i, v)
    _replace(op, source.results[0])
    return True


def _usable_before(v: Value, op: Operation) -> bool:
    """IREE's ``isValueUsableForOp``: ``v`` is defined before ``op`` (or in a block enclosing it)."""
    d = v.defining_op
    if d is None or d.op_name == "arith.constant":
        return True
    block = op.parent
    top: Operation | None = op
    while top is not None and top.parent is not d.parent:
        top = top.parent_op
    return (
        top is not None
        and block is not None
        and d.parent is not None
        and d.parent.ops.index(d) < d.parent.ops.index(top)
    )


def _add(b: Builder, x: Value, y: Value) -> Value:
    """``createOrFold<arith::AddIOp>``: a constant when both are."""
    dx, dy = x.defining_op, y.defining_op
    if dx is not None and dy is not None and dx.op_name == dy.op_name == "arith.constant":
        ax, ay = dx.attr("value"), dy.attr("value")
        if isinstance(ax, A.IntegerAttr) and isinstance(ay, A.IntegerAttr):
            attr = A.IntegerAttr(ax.value + ay.value, ax.type)
            return b.create("arith.constant", [], [x.type], properties={"value": attr}).results[0]
    return b.create("arith.addi", [x, y], [x.type]).results[0]


def _splat_through_slice(op: Operation) -> bool:
    d = op.operands[0].defining_op
    if d is None or d.op_name != "stream.async.splat":
        return False
    _replace(op, _splat(op, d.operands[-2], op.operands[4], op).results[0])
    return True


def _propagate_cloneable(op: Operation) -> bool:
    """``PropagateCloneableOps``: a clone of what prefers to be cloned (a splat, a dispatch reading no
    resource, ...) becomes, for each use (newest first, as MLIR lists uses), a copy of that producer
    placed before the user."""
    from scheduler.passes.schedule_execution import prefers_clone

    source = op.operands[0].defining_op
    if not op.results[0].uses or source is None or not prefers_clone(source):
        return False
    index = next(i for i, r in enumerate(source.results) if r is op.operands[0])
    for user, k in reversed(list(op.results[0].uses)):
        copy = clone_op(source)
        Builder.before(user).insert(copy)
        note_inserted(copy)
        copy.results[index].type = op.results[0].type
        user.set_operand(k, copy.results[index])
        note_silent(user)
    op.erase()
    return True


def _affinity_props(op: Operation) -> dict[str, A.Attribute]:
    affinity = op.attr("affinity")
    return {"affinity": affinity} if affinity is not None else {}


def _replace_with(op: Operation, name: str, operands: list[Value]) -> bool:
    b = Builder.before(op)
    b.location = op.location
    new = b.create(name, operands, [op.results[0].type], properties=_affinity_props(op))
    _replace(op, new.results[0])
    return True


def _copy_full_source_to_update(op: Operation) -> bool:
    target, target_size, target_offset, target_end, source, source_size, _offset, source_end, length = (
        op.operands
    )
    if not (same_value(source_end, source_size) and same_value(length, source_size)):
        return False
    operands = [target, target_size, target_offset, target_end, source, source_size]
    return _replace_with(op, "stream.async.update", operands)


def _value_semantics(v: Value) -> bool:
    """IREE's ``hasValueSemantics``: made locally by an async-phase op, as a result not tied to an operand."""
    from scheduler.passes.copy_analysis import tied_operand

    d = v.defining_op
    if d is None or not d.op_name.startswith("stream.async."):
        return False
    return tied_operand(v) is None  # type: ignore[arg-type]  # a barrier's result is tied too


def _fold_update(op: Operation) -> bool:
    target, target_size, _offset, _end, update, update_size = op.operands
    if not same_value(update_size, target_size):
        return False
    if update.type == op.results[0].type and _value_semantics(target):
        _replace(op, update)
        return True
    if update is target:
        _replace(op, target)
        return True
    return False


def _elide_in_place_update(op: Operation) -> bool:
    from scheduler.passes.copy_analysis import tied_base

    target, target_size, _offset, _end, update, update_size = op.operands
    if not same_value(update_size, target_size) or update.type != op.results[0].type:
        return False
    if tied_base(update) is not tied_base(target):
        return False
    for user, _k in update.uses:
        if user.op_name.startswith("stream."):
            if any(a.value is update and a.writes for a in op_info(user).accesses):
                return False
        elif not pure_nested(user) or user.regions:
            return False  # effects IREE cannot see through (conservatively a write)
    _replace(op, update)
    return True


def _splat_update_to_fill(op: Operation) -> bool:
    target, target_size, target_offset, target_end, update, update_size = op.operands
    d = update.defining_op
    if d is None or d.op_name != "stream.async.splat":
        return False
    value = d.operands[-2]
    return _replace_with(
        op, "stream.async.fill", [target, target_size, target_offset, target_end, update_size, value]
    )


def _slice_update_to_copy(op: Operation) -> bool:
    target, target_size, target_offset, target_end, update, _update_size = op.operands
    d = update.defining_op
    if d is None or d.op_name != "stream.async.slice" or d.parent is not op.parent:
        return False
    source, source_size, source_offset, source_end, result_size = d.operands
    operands = [
        target,
        target_size,
        target_offset,
        target_end,
        source,
        source_size,
        source_offset,
        source_end,
    ]
    return _replace_with(op, "stream.async.copy", [*operands, result_size])


# Per op, the patterns above in the order IREE registers them (the fold of an update first).
ASYNC_PATTERNS: dict[str, tuple[Pattern, ...]] = {
    "stream.async.fill": (_flatten_full_fill, _elide_redundant_fill, _coalesce_adjacent_fills),
    "stream.async.slice": (_splat_through_slice,),
    "stream.async.clone": (_propagate_cloneable,),
    "stream.async.copy": (_copy_full_source_to_update,),
    "stream.async.update": (
        _fold_update,
        _elide_in_place_update,
        _splat_update_to_fill,
        _slice_update_to_copy,
    ),
}


_FLOATS = {"f16": (16, "<e"), "f32": (32, "<f"), "f64": (64, "<d")}


def narrow_pattern_bits(bits: int, width: int) -> tuple[int, int]:
    """IREE's ``computeRequiredPatternBits``: the narrowest (value, width) whose bytes repeat to the
    ``width``-bit pattern ``bits`` (unsigned); ``(bits, width)`` when none is narrower.

    >>> narrow_pattern_bits(0xCDCDCDCD, 32), narrow_pattern_bits(0xAABBAABB, 32), narrow_pattern_bits(255, 32)
    ((205, 8), (43707, 16), (255, 32))
    """
    if width <= 8:
        return bits, width
    if bits == 0:
        return 0, 8
    if bits == (1 << width) - 1:
        return 0xFF, 8
    if width not in (16, 32, 64):
        return bits, width
    data = bits.to_bytes(width // 8, "little")
    for w in (1, 2, 4):
        if w < len(data) and data == data[:w] * (len(data) // w):
            return int.from_bytes(data[:w], "little"), 8 * w
    return bits, width


def narrow_pattern(op: Operation) -> bool:
    """IREE's ``NarrowFillPattern`` on a splat or fill: a constant pattern of repeated bytes becomes the
    narrowest constant that repeats to it (the constant at the top of the function)."""
    value = op.operands[0]
    d = value.defining_op
    if d is None or d.op_name != "arith.constant":
        return False
    attr = d.attr("value")
    if isinstance(attr, A.IntegerAttr) and isinstance(attr.type, T.IntegerType):
        width = attr.type.width
        bits = attr.value & ((1 << width) - 1)
    elif isinstance(attr, A.FloatAttr) and isinstance(attr.type, T.FloatType) and attr.type.name in _FLOATS:
        width, fmt = _FLOATS[attr.type.name]
        bits = int.from_bytes(struct.pack(fmt, attr.value), "little")
    else:
        return False
    new_bits, new_width = narrow_pattern_bits(bits, width)
    if new_width == width:
        return False
    signed = new_bits - (1 << new_width) if new_bits >= 1 << (new_width - 1) else new_bits
    # Constants go to the top of the function, as MLIR's folder materializes them.
    holder = op
    while holder.parent_op is not None and holder.parent_op.op_name not in ("util.func", "func.func"):
        holder = holder.parent_op
    entry = holder.parent_op.regions[0].blocks[0] if holder.parent_op is not None else op.parent
    assert entry is not None
    b = Builder(entry, 0)
    b.location = op.location
    const = b.create(
        "arith.constant",
        [],
        [T.IntegerType(new_width)],
        properties={"value": A.IntegerAttr(signed, T.IntegerType(new_width))},
    )
    op.set_operand(0, const.results[0])
    return True
