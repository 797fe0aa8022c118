"""Which execute regions IREE records at every execution, and which it records once.

IREE's stream-to-HAL conversion (``CmdExecuteOpPattern``) memoizes a command buffer, recording it once
when the module loads and replaying it with a binding table at every execution, when the region

- is not ``once`` (an initializer's region runs one time anyway),
- captures no dynamic uniform value: no integer, index or float operand of the execute op and no such
  value defined above and used inside the region (dispatch workloads, push constants, offsets and
  lengths, a fill's pattern) comes from anything but a constant-like op or an immutable global,
- and binds at least one buffer indirectly: a resource operand that is neither a constant nor an
  immutable global (a region over constant buffers alone gets an empty binding table and is recorded
  one-shot).

Every other region is recorded one-shot, at every execution: the host pays for recording each command
and each execution barrier (:func:`simulator.host.execute_rules.count_barriers`) on the call's critical path. The
origin of a value is read as IREE's ``categorizeValue`` reads it: from its defining op alone.
"""

from __future__ import annotations

from ir import Operation, Value
from ir import types as T

#: Ops IREE's analysis sees as constant-like (``OpTrait::ConstantLike``) among those stream IR holds.
_CONSTANT_OPS = frozenset(
    {"arith.constant", "util.buffer.constant", "util.null", "stream.timepoint.immediate"}
)


def _static(value: Value) -> bool:
    """Whether IREE could clone ``value`` into a memoized recording: a constant or an immutable global."""
    op = value.defining_op
    if op is None:
        return False
    if op.op_name in _CONSTANT_OPS:
        return True
    return op.op_name == "util.global.load" and op.attr("is_immutable") is not None


_UNIFORM_TYPES = (T.IntegerType, T.IndexType, T.FloatType)


def _captures_dynamic_uniforms(op: Operation) -> bool:
    # (a loop, not any() over a generator: an execute op of a large program has tens of thousands of
    # operands, most of them resources)
    for v in op._operands:
        if isinstance(v.type, _UNIFORM_TYPES) and not _static(v):
            return True
    # Each value used in the region, once: a region of thousands of dispatches uses a few distinct offsets
    # and lengths thousands of times (gathered per op by one set update, not a step per use). A value
    # passes if it is not a uniform, is defined inside the region, or is static; the answer is the same in
    # any order.
    used: set[Value] = set()
    add_uses = used.update
    for inner in op.walk_list():
        if inner is not op:
            add_uses(inner._operands)
    return any(isinstance(v.type, _UNIFORM_TYPES) and not _inside(v, op) and not _static(v) for v in used)


def _inside(value: Value, op: Operation) -> bool:
    """Whether ``value`` is defined in ``op``'s regions, at any depth (a result of a nested op, or an
    argument of a block of ``op`` or of a nested op)."""
    owner = value.defining_op
    if owner is None:
        owner = getattr(value.owner, "parent_op", None)  # a block argument: its block's op
        if owner is op:
            return True
    while owner is not None:
        owner = owner.parent_op
        if owner is op:
            return True
    return False


def _binds_indirectly(op: Operation) -> bool:
    return any(isinstance(v.type, T.ResourceType) and not _static(v) for v in op._operands)


def recorded_per_execution(
    op: Operation, cache: dict[Operation, tuple[tuple[int, ...], bool]] | None = None
) -> bool:
    """Whether IREE records the command buffer of ``stream.cmd.execute`` ``op`` at every execution
    (one-shot) rather than once, memoized (see the module docstring). With ``cache``, the answer is
    kept per op while its operands stay the same values."""
    key = tuple(map(id, op._operands))
    known = cache.get(op) if cache is not None else None
    if known is not None and known[0] == key:
        return known[1]
    one_shot = op.attr("once") is not None or _captures_dynamic_uniforms(op) or not _binds_indirectly(op)
    if cache is not None:
        cache[op] = (key, one_shot)
    return one_shot
