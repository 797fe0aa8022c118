"""The cleanup IREE's schedule-execution pass runs on its output: every canonicalization pattern, plus its
own ``RemoveBarriers``, applied by MLIR's greedy driver (:mod:`scheduler.passes.greedy`: one worklist, so
the patterns fire in IREE's order). Per op, its fold first, then its patterns as IREE registers them
(:data:`PATTERNS`):

- barrier: replaced by its operand (it only guided the partitioning);
- execute (``StreamOpFolders.cpp``, in :mod:`scheduler.passes.execute_patterns`): an await on an immediate timepoint is dropped
  (``ElideImmediateTimepointWait``); a captured resource that is the result of a (non-sync) await is
  captured unawaited and the region awaits its timepoint too (``ChainDependentAwaits``); a region
  holding only its yield becomes its captures and an immediate (``ElideNoOpAsyncExecuteOp``); unused
  and duplicate captures and duplicate results go (``ClosureOptimizationPattern``: an unused result
  stays, its yield reading it); a result whose yielded value is, through tied ops, a captured block
  argument is tied to that capture (``TieRegionResults``); a region nothing uses is erased;
- await: on an immediate timepoint it is its operands (the fold); a non-sync await sinks to its first
  consumer (``SinkAwaitToFirstConsumer``, :func:`scheduler.await_sinking.sink_target`); the later awaits
  of its timepoint in its block merge into it (``GroupAwaitsByTimepoint``); duplicate resources fold;
- join: of immediates only it is an immediate, of one timepoint that timepoint (the fold); immediates
  and duplicates are dropped, joins of joins flattened;
- transfer: back to the type and affinity of the transfer it takes, neither executing elsewhere, it is
  that transfer's source (the fold); between one affinity and itself (or none), not of staging memory,
  it is a clone (``SameAffinityTransferToClone``); a transfer of a transfer transfers the first one's
  source (``IntermediateTransferElision``);
- slice: of the whole source (the same size value) it is its source (the fold);
- splat/fill: a constant pattern of repeated bytes is narrowed to them (``NarrowFillPattern``); a fill
  of a whole resource is a splat, a fill of a splat of its value is the splat, a slice of a splat a
  smaller splat, a clone of a cloneable producer that producer again (:mod:`scheduler.passes.async_folders`);
- fill: a fill of the only result of a fill of its value, adjacent to that fill's range, widens it
  (``CoalesceAdjacentFills``; IREE gives a fill before the range the offset ``its offset + the first
  fill's offset``, an invalid range, reproduced as IREE does it);
- constant: of one repeated element it is a splat of it (``ConvertSplatConstantsIntoSplats``);
- copy/update: a copy of a whole source is an update, an update of a whole local target its value, an
  update from a splat a fill, from a slice a copy (:mod:`scheduler.passes.async_folders`);
- splat/alloca: moved down to their first consumer (``SinkAllocaLikeOpToConsumers``);
- scf.for: an iteration argument the body yields unchanged (or whose initial value it yields, or that
  nobody uses) is dropped (MLIR's ``ForOpIterArgsFolder``, in :mod:`scheduler.passes.scf_canonicalize`);
- scf.if: results yielded from outside become selects, an empty ``else`` goes (MLIR's patterns, in
  :mod:`scheduler.passes.scf_canonicalize`);
- async ops nothing uses are erased (``ElideUnusedOp``, last); ops without side effects (pure ones, and
  region ops holding only those) are erased as soon as nothing uses them (the driver's trivially dead
  ops).
"""

from __future__ import annotations

from ir import Builder, Operation, Value
from ir import attributes as A
from ir import types as T
from scheduler.await_sinking import can_stably_sink, sink_target
from scheduler.passes.async_folders import ASYNC_PATTERNS, narrow_pattern
from scheduler.passes.execute_patterns import EXECUTE_PATTERNS, is_immediate
from scheduler.passes.greedy import Driver, Pattern, note_moved
from scheduler.passes.scf_canonicalize import canonicalize_for, canonicalize_if


def canonicalize_execution(func: Operation) -> None:
    """Apply the patterns (module doc) to ``func`` with MLIR's greedy driver (:mod:`scheduler.passes.greedy`)."""
    Driver(func, PATTERNS).run()


def _is_immediate(v: Value | None) -> bool:
    return is_immediate(v)


# --- stream.timepoint.await / join -------------------------------------------------------------------


def _fold_await(op: Operation) -> bool:
    """``TimepointAwaitOp::fold``: an await of an immediate timepoint is its operands."""
    if not _is_immediate(op.operands[-1]):
        return False
    for r, v in zip(op.results, op.operands[: len(op.results)]):
        r.replace_all_uses_with(v)
    op.erase()
    return True


def _sink_await(op: Operation) -> bool:
    """``SinkAwaitToFirstConsumer`` (not a sync await)."""
    if op.attr("sync") is not None:
        return False
    return _sink_before(op, sink_target(op))


def fold_duplicate_await_resources(op: Operation) -> bool:
    """``FoldDuplicateAwaitResources``."""
    n = len(op.results)
    ops = list(op.operands)
    keep: list[int] = []
    for i in range(n):
        if not any(ops[j] is ops[i] for j in keep):
            keep.append(i)
    if len(keep) == n:
        return False
    _replace_await(op, keep)
    return True


def _replace_await(op: Operation, keep: list[int]) -> None:
    n = len(op.results)
    ops = list(op.operands)
    b = Builder.before(op)
    b.location = op.location
    props = dict(op.properties)
    props["operandSegmentSizes"] = A.segment_sizes(len(keep), len(keep), 1)
    new = b.create(
        op.op_name,
        [*(ops[i] for i in keep), *(ops[n + i] for i in keep), ops[-1]],
        [op.results[i].type for i in keep],
        properties=props,
        attributes=dict(op.attributes),
    )
    for i in range(n):
        m = next(m for m, j in enumerate(keep) if ops[j] is ops[i])
        op.results[i].replace_all_uses_with(new.results[m])
    op.erase()


def group_awaits(func: Operation) -> bool:
    """``GroupAwaitsByTimepoint`` on the first await of ``func`` that it applies to (:func:`group_awaits_at`)."""
    return any(group_awaits_at(op) for op in func.walk_list() if op.op_name == "stream.timepoint.await")


def group_awaits_at(op: Operation) -> bool:
    """``GroupAwaitsByTimepoint`` on the await ``op``: the later non-sync awaits of its timepoint in its
    block, whose operands are defined before it, merge with it into one await placed where it is."""
    block = op.parent
    if block is None:
        return False
    pos = block.ops.index(op)
    covered = []
    for user, _ in op.operands[-1].uses:
        if user is op or user.op_name != "stream.timepoint.await" or user.attr("sync") is not None:
            continue
        if user.parent is not block or block.ops.index(user) < pos:
            continue
        if all(_defined_before(v, block, pos) for v in user.operands):
            covered.append(user)
    if not covered:
        return False
    group = sorted({id(g): g for g in [op, *covered]}.values(), key=block.ops.index)
    n_of = [len(g.results) for g in group]
    res = [v for g, n in zip(group, n_of) for v in g.operands[:n]]
    sizes = [v for g, n in zip(group, n_of) for v in g.operands[n : 2 * n]]
    b = Builder.before(op)
    b.location = op.location
    new = b.create(
        "stream.timepoint.await",
        [*res, *sizes, op.operands[-1]],
        [v.type for v in res],
        properties={"operandSegmentSizes": A.segment_sizes(len(res), len(sizes), 1)},
    )
    k = 0
    for g in group:
        for r in g.results:
            r.replace_all_uses_with(new.results[k])
            k += 1
        g.erase()
    return True


def _defined_before(v: Value, block: object, pos: int) -> bool:
    d = v.defining_op
    if d is None:
        return True
    top = d
    while top.parent is not block and top.parent_op is not None:
        top = top.parent_op
    if top.parent is not block:
        return True
    return top.parent.ops.index(top) < pos  # type: ignore[union-attr]


def _fold_join(op: Operation) -> bool:
    """``TimepointJoinOp::fold``: a join of immediates is an immediate, of one timepoint that timepoint."""
    operands = list(op.operands)
    if all(_is_immediate(v) for v in operands):
        b = Builder.before(op)
        b.location = op.location
        imm = b.create("stream.timepoint.immediate", [], [T.timepoint]).results[0]
        op.results[0].replace_all_uses_with(imm)
        op.erase()
        return True
    if len(operands) == 1:
        op.results[0].replace_all_uses_with(operands[0])
        op.erase()
        return True
    return False


def _elide_immediate_join_operands(op: Operation) -> bool:
    """``ElideImmediateTimepointJoinOperands`` (a join of immediates only is folded before)."""
    kept = [v for v in op.operands if not _is_immediate(v)]
    if len(kept) == len(op.operands):
        return False
    op.set_operands(kept)
    return True


def _fold_duplicate_join_operands(op: Operation) -> bool:
    """``FoldDuplicateTimepointJoinOperands``."""
    kept: list[Value] = []
    for v in op.operands:
        if not any(v is u for u in kept):
            kept.append(v)
    if len(kept) == len(op.operands):
        return False
    op.set_operands(kept)
    return True


def _expand_join_operands(op: Operation) -> bool:
    """``ExpandTimepointJoinOperands``: a join of joins joins their operands."""
    kept: list[Value] = []
    expanded = False
    for v in op.operands:
        d = v.defining_op
        inner = list(d.operands) if d is not None and d.op_name == "stream.timepoint.join" else [v]
        expanded |= inner != [v]
        for t in inner:
            if not any(t is u for u in kept):
                kept.append(t)
    if not expanded:
        return False
    op.set_operands(kept)
    return True


def _same_affinity_transfer(op: Operation) -> bool:
    """``SameAffinityTransferToClone``: a transfer from an affinity to itself (or none to none), not of
    staging memory, is a clone."""
    source = op.attr("source_affinity")
    if source != op.attr("target_affinity"):
        return False
    types = (op.operands[0].type, op.results[0].type)
    if any(isinstance(t, T.ResourceType) and t.lifetime == "staging" for t in types):
        return False
    b = Builder.before(op)
    b.location = op.location
    props: dict[str, A.Attribute] = {} if source is None else {"affinity": source}
    clone = b.create("stream.async.clone", list(op.operands[:3]), [op.results[0].type], properties=props)
    op.results[0].replace_all_uses_with(clone.results[0])
    op.erase()
    return True


def _fold_transfer(op: Operation) -> bool:
    """``AsyncTransferOp::fold`` (tried before the patterns): a transfer back of a transfer, neither with
    an execution affinity, to the type and affinity the first one started from, is the first's source."""
    src = op.operands[0].defining_op
    if (
        src is None
        or src.op_name != "stream.async.transfer"
        or op.attr("execution_affinity") is not None
        or src.attr("execution_affinity") is not None
        or src.operands[0].type != op.results[0].type
        or src.attr("source_affinity") != op.attr("target_affinity")
    ):
        return False
    op.results[0].replace_all_uses_with(src.operands[0])
    op.erase()
    return True


def _intermediate_transfer(op: Operation) -> bool:
    """``IntermediateTransferElision``: a transfer of a transfer (of a transfer...) transfers the first
    one's source, from the first one's source affinity."""
    origin = op
    while True:
        d = origin.operands[0].defining_op
        if d is None or d.op_name != "stream.async.transfer":
            break
        origin = d
    if origin is op:
        return False
    props = {
        k: v
        for k, v in (
            ("source_affinity", origin.attr("source_affinity")),
            ("target_affinity", op.attr("target_affinity")),
            ("execution_affinity", op.attr("execution_affinity")),
        )
        if v is not None
    }
    b = Builder.before(op)
    b.location = op.location
    operands = [origin.operands[0], origin.operands[1], op.operands[2]]
    new = b.create("stream.async.transfer", operands, [op.results[0].type], properties=props)
    op.results[0].replace_all_uses_with(new.results[0])
    op.erase()
    return True


def _same_index(a: Value, b: Value) -> bool:
    if a is b:
        return True
    da, db = a.defining_op, b.defining_op
    return (
        da is not None
        and db is not None
        and da.op_name == db.op_name == "arith.constant"
        and da.attr("value") == db.attr("value")
    )


def _slice(op: Operation) -> bool:
    source, source_size = op.operands[0], op.operands[1]
    result_size = op.operands[-1]
    if not _same_index(source_size, result_size) or source.type != op.results[0].type:
        return False
    op.results[0].replace_all_uses_with(source)
    op.erase()
    return True


def _sink_alloca_like(op: Operation) -> bool:
    """``SinkAllocaLikeOpToConsumers``: a splat or alloca moves just before its only user, or before
    the first user in the nearest block dominating all of them, unless the move could be undone."""
    users = [u for r in op.results for u, _ in r.uses]
    if not users:
        return False
    return _sink_before(op, users[0] if len(users) == 1 else sink_target(op))


def _sink_before(op: Operation, target: Operation | None) -> bool:
    block = op.parent
    if target is None or target.parent is None or block is None or not can_stably_sink(op, target):
        return False
    if target.parent is block and block.ops.index(target) < block.ops.index(op):
        return False  # never upwards
    block.ops.remove(op)
    op.parent = None
    dest = target.parent
    dest.insert(dest.ops.index(target), op)
    note_moved(op)
    return True


def _splat_constant(op: Operation) -> bool:
    """``ConvertSplatConstantsIntoSplats``: a constant of one repeated element is a splat of it."""
    attr = op.attr("value")
    if not isinstance(attr, A.DenseElementsAttr) or len(op.operands) != 1:
        return False
    elem = getattr(attr.type, "element_type", None)
    body = attr.body.strip()
    one_hex = body.startswith('"0x') and isinstance(elem, T.IntegerType | T.FloatType)
    if one_hex and len(body) - 4 != 2 * max(1, getattr(elem, "width", 8) // 8):
        return False
    if not (attr.is_splat or one_hex):
        return False
    first = attr.to_numpy().flat[0]
    value: A.Attribute
    if isinstance(elem, T.IntegerType):
        value = A.IntegerAttr(int(first), elem)
    elif isinstance(elem, T.FloatType):
        value = A.FloatAttr(float(first), elem)
    else:
        return False
    b = Builder.before(op)
    b.location = op.location
    const = b.create("arith.constant", [], [elem], properties={"value": value}).results[0]
    affinity = op.attr("affinity")
    props = {"affinity": affinity} if affinity is not None else {}
    splat = b.create("stream.async.splat", [const, op.operands[0]], [op.results[0].type], properties=props)
    op.results[0].replace_all_uses_with(splat.results[0])
    op.erase()
    return True


def _elide_unused(op: Operation) -> bool:
    """``ElideUnusedOp``."""
    if any(r.uses for r in op.results):
        return False
    op.erase()
    return True


def _remove_barrier(op: Operation) -> bool:
    """schedule-execution's ``RemoveBarriers``: a barrier only guided the partitioning."""
    op.results[0].replace_all_uses_with(op.operands[0])
    op.erase()
    return True


# Per op: its fold, then its patterns in the order IREE registers them (ElideUnusedOp last).
PATTERNS: dict[str, tuple[Pattern, ...]] = {
    "stream.async.barrier": (_remove_barrier,),
    "stream.async.execute": EXECUTE_PATTERNS,
    "stream.timepoint.await": (_fold_await, _sink_await, group_awaits_at, fold_duplicate_await_resources),
    "stream.timepoint.join": (
        _fold_join,
        _elide_immediate_join_operands,
        _fold_duplicate_join_operands,
        _expand_join_operands,
    ),
    "stream.async.transfer": (_fold_transfer, _same_affinity_transfer, _intermediate_transfer, _elide_unused),
    "stream.async.slice": (_slice, *ASYNC_PATTERNS["stream.async.slice"], _elide_unused),
    "stream.async.clone": (*ASYNC_PATTERNS["stream.async.clone"], _elide_unused),
    "stream.async.fill": (narrow_pattern, *ASYNC_PATTERNS["stream.async.fill"], _elide_unused),
    "stream.async.splat": (narrow_pattern, _sink_alloca_like, _elide_unused),
    "stream.async.alloca": (_elide_unused, _sink_alloca_like),
    "stream.async.copy": (*ASYNC_PATTERNS["stream.async.copy"], _elide_unused),
    "stream.async.update": (*ASYNC_PATTERNS["stream.async.update"], _elide_unused),
    "stream.async.dispatch": (_elide_unused,),
    "stream.async.constant": (_splat_constant,),
    "scf.for": (canonicalize_for,),
    "scf.if": (canonicalize_if,),
}
