"""Host awaits placed where IREE's canonicalizer puts them: just before their first consumer.

IREE's ``stream.timepoint.await`` canonicalization (``SinkAwaitToFirstConsumer``) moves each await
that is not ``sync`` down to the first op that uses one of its results, in the nearest block that
dominates every use (a use nested in a region counts as a use by the op holding the region; with no
use in that block, the block's terminator). It refuses a move that other sinking patterns could undo:
the await must not already be just before its target, and within one block some op between the two
must not be a sink candidate itself (``stream.async.splat``, ``stream.async.alloca``, another await)
or, when the target is an ordinary op (neither a terminator nor an op with regions), must not be one
of the producers of the target's operands. Like the greedy rewrite driver, the awaits are visited in
program order, again and again until none moves (so of two awaits sunk to one op, the later one may
stay before the earlier: it no longer passes anything but another await).

The scheduler emits the cmd form with each region's await right after the region; without this step
the host would wait for a region before issuing the host work (and further regions) that does not
need it, where IREE's program waits only when it must.

Examples
--------
>>> import ir
>>> m = ir.load_text('''
... util.func public @f(%a: !stream.resource<external>, %t: !stream.timepoint, %n: index) -> (index, !stream.resource<external>) {
...   %r = stream.timepoint.await %t => %a : !stream.resource<external>{%n}
...   %m = arith.addi %n, %n : index
...   util.return %m, %r : index, !stream.resource<external>
... }''')
>>> sink_awaits(m.body.ops[0])
1
>>> [op.op_name for op in m.body.ops[0].body.ops]
['arith.addi', 'stream.timepoint.await', 'util.return']
"""

from __future__ import annotations

from ir import Block, Operation, OpResult

_SINK_CANDIDATES = frozenset({"stream.async.splat", "stream.async.alloca", "stream.timepoint.await"})
_MAX_ROUNDS = 10_000
_FEW_USERS = 8  # up to this many users in a block, each is looked up in it; past it, the block is numbered


def _dominators(region_blocks: list[Block]) -> dict[int, set[int]]:
    """``{id(block): ids of the blocks dominating it}`` for one region's CFG (entry first)."""
    preds: dict[int, list[int]] = {id(b): [] for b in region_blocks}
    for b in region_blocks:
        term = b.terminator
        for s in term.successors if term is not None else ():
            if id(s) in preds:
                preds[id(s)].append(id(b))
    every = {id(b) for b in region_blocks}
    dom = {id(b): set(every) for b in region_blocks}
    dom[id(region_blocks[0])] = {id(region_blocks[0])}
    changed = True
    while changed:
        changed = False
        for b in region_blocks[1:]:
            ps = [dom[p] for p in preds[id(b)]]
            new = (set.intersection(*ps) if ps else set()) | {id(b)}
            if new != dom[id(b)]:
                dom[id(b)] = new
                changed = True
    return dom


def _nearest_common_dominator(blocks: list[Block], region_blocks: list[Block]) -> Block:
    if all(b is blocks[0] for b in blocks):
        return blocks[0]
    dom = _dominators(region_blocks)
    common = set.intersection(*(dom[id(b)] for b in blocks))
    # The nearest one is dominated by all the others: the one with the most dominators.
    return max((b for b in region_blocks if id(b) in common), key=lambda b: len(dom[id(b)]))


def _target(await_op: Operation) -> Operation | None:
    """The op the await would be moved before, or None when it has no use."""
    block = await_op.parent
    assert block is not None
    holder = block.parent
    users: list[Operation] = []
    seen: set[int] = set()
    for r in await_op.results:
        for user, _ in r.uses:
            owner: Operation | None = user
            while owner is not None and (owner.parent is None or owner.parent.parent is not holder):
                owner = owner.parent_op
            if owner is not None and id(owner) not in seen:
                seen.add(id(owner))
                users.append(owner)
    if not users or holder is None:
        return None
    user_blocks = [u.parent for u in users if u.parent is not None]
    target_block = _nearest_common_dominator(user_blocks, holder.blocks)
    # The first of the users in the target block, else its terminator.
    local = [u for u in users if u.parent is target_block]
    first = target_block.terminator
    if len(local) <= _FEW_USERS:
        for u in local:
            if first is None or target_block.ops.index(u) < target_block.ops.index(first):
                first = u
        return first
    # An await of thousands of results: number the block once (the same first user).
    numbers = {id(op): i for i, op in enumerate(target_block.ops)}
    for u in local:
        if first is None or numbers[id(u)] < numbers[id(first)]:
            first = u
    return first


def _can_stably_sink(op: Operation, target: Operation) -> bool:
    block = op.parent
    assert block is not None
    if target.parent is not block:
        return True
    i, j = block.ops.index(op), block.ops.index(target)
    if j == i + 1:
        return False
    pruning = target is not block.terminator and not target.regions
    producers = (
        {id(v.defining_op) for v in target.operands if v.defining_op is not None} if pruning else set()
    )
    for between in block.ops[i:j]:
        if between.op_name not in _SINK_CANDIDATES:
            return True
        if pruning and id(between) not in producers:
            return True
    return False


def _used_just_after(op: Operation) -> bool:
    """Whether the op just after ``op`` uses one of its results, in the one block of its region: that op
    is then its first consumer, just after it already, and it does not move (:func:`_can_stably_sink`
    refuses; found without gathering every user, which for an await of a thousand uploads is a
    thousand). Asked only of an op with more than :data:`_FEW_USERS` uses: finding its place in the
    block is a search of the block, which costs more than gathering a few users."""
    if sum(len(r.uses) for r in op.results) <= _FEW_USERS:
        return False
    block = op.parent
    if block is None or block.parent is None or len(block.parent.blocks) != 1:
        return False
    ops = block.ops
    i = ops.index(op)
    if i + 1 >= len(ops):
        return False
    return any(v.__class__ is OpResult and v.op is op for v in ops[i + 1]._operands)


def _sink_one(await_op: Operation) -> bool:
    if await_op.attr("sync") is not None or await_op.parent is None or _used_just_after(await_op):
        return False
    target = _target(await_op)
    if target is None or target.parent is None or not _can_stably_sink(await_op, target):
        return False
    if target.parent is await_op.parent and target.parent.ops.index(target) < await_op.parent.ops.index(
        await_op
    ):
        return False  # never upwards (a use before the await cannot happen in valid IR)
    await_op.parent.ops.remove(await_op)
    await_op.parent = None
    dest = target.parent
    dest.insert(dest.ops.index(target), await_op)
    return True


def sink_awaits(func: Operation, *, last_first: bool = False) -> int:
    """Move the awaits of ``func`` (a function, every block and region) as IREE's canonicalizer does.

    ``last_first`` visits the awaits from the last to the first, as MLIR's greedy rewrite driver pops
    its worklist (several awaits sunk before one consumer then end up in reverse order).
    Returns the number of moves.
    """
    moves = 0
    for _ in range(_MAX_ROUNDS):
        awaits = [op for op in func.walk_list() if op.op_name == "stream.timepoint.await"]
        if last_first:
            awaits.reverse()
        moved = False
        for await_op in awaits:
            if _sink_one(await_op):
                moves += 1
                moved = True
        if not moved:
            return moves
    return moves


def sink_target(op: Operation) -> Operation | None:
    """The op that ``op`` (an await, or an alloca-like op) would be sunk before: its first consumer in
    the nearest block dominating its uses (that block's terminator when none is there)."""
    return _target(op)


def can_stably_sink(op: Operation, target: Operation) -> bool:
    """IREE's ``canStablySinkTo``: whether moving ``op`` before ``target`` cannot be undone by another
    sinking pattern."""
    return _can_stably_sink(op, target)


__all__ = ["can_stably_sink", "sink_awaits", "sink_target"]
