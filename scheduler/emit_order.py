"""Block orders of the cmd-form emitter (:mod:`scheduler.emit`): IREE's placement of execution regions
(:func:`order_partitions`), MLIR's ``sortTopologically`` (:func:`sort_topologically`), when the emitter's
writing keeps a block in order so that the sort need not run (:func:`keeps_order`), and IREE's sinking of
allocas to their consumers (:func:`sink_allocas`, :func:`sink_alloca_items`)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

import networkx as nx

from ir import Block, BlockArgument, Operation, OpResult, Value
from scheduler.graph import adjacency

if TYPE_CHECKING:
    from scheduler.state import FunctionPlan

H = TypeVar("H", bound=Hashable)


def order_partitions(block: Block, partitions: list[list[Operation]]) -> dict[Operation, int] | None:
    """Reorder ``block`` as IREE's schedule-execution leaves it: each partition (its ops, in block order)
    stands where its last op is, as one op using what its ops use, and the block is then sorted
    topologically (MLIR's sweep: ready ops keep their order, the others wait for their operands). The
    ops of a partition end up together; an op that uses a partition's result follows all of it.

    An op cloned into several partitions goes with the first; the others still wait for what it uses.
    When the block was found in that order already (each partition a run of it, every op after what it
    uses but for ops of its own partition) and left as it is, returns its ops' positions; else None.
    """
    ops = list(block.ops)
    index = dict(zip(ops, range(len(ops))))  # (ops hash by identity)
    owner_part: dict[int, int] = {}  # op index -> the first partition holding it
    for p, part in enumerate(partitions):
        for op in part:
            i = index.get(op)
            if i is not None:
                owner_part.setdefault(i, p)
    unit_of = list(range(len(ops)))  # op index -> the index of its unit's leader (its last op)
    members: dict[int, list[int]] = {}
    by_part: dict[int, list[int]] = {}
    for i, p in sorted(owner_part.items()):
        by_part.setdefault(p, []).append(i)
    if not by_part:
        return None
    full: dict[int, set[int]] = {}  # unit leader -> every op index of its partition, shared ones too
    contiguous = True  # each partition a run of the block, holding no op of another
    for p, idx in by_part.items():
        for i in idx:
            unit_of[i] = idx[-1]
        members[idx[-1]] = idx
        full[idx[-1]] = mine = {index[op] for op in partitions[p] if op in index}
        if contiguous and (idx[-1] - idx[0] + 1 != len(idx) or len(mine) != len(idx)):
            contiguous = False
    if contiguous and _in_order(ops, index, unit_of):
        # Every unit uses only what earlier units define: the sweep takes them in block order and, each
        # partition being a run already, the block stays as it is (found without a set per op).
        return index
    units = [i for i in range(len(ops)) if unit_of[i] == i]
    deps: dict[int, set[int]] = {}
    for u in units:
        mine = full.get(u, {u})
        used: set[int] = set()
        for i in mine:
            used |= _used_positions(ops[i], index)
        d = {unit_of[i] for i in used - mine}
        d.discard(u)
        deps[u] = d
    term = ops[-1] if ops and (ops[-1].op_name.endswith(("return", "yield")) or ops[-1].successors) else None
    order = sweep_order([u for u in units if term is None or u != len(ops) - 1], deps)
    if term is not None:
        order.append(len(ops) - 1)
    new = [ops[i] for u in order for i in members.get(u, [u])]
    if [id(o) for o in new] != [id(o) for o in ops]:
        block.ops[:] = new
    return None


def sweep_order(items: Sequence[H], deps: Mapping[H, set[H]], *, last: H | None = None) -> list[H]:
    """MLIR's sortTopologically order of ``items``: repeated in-order sweeps, each taking every item whose
    dependencies (``deps[item]``, never the item itself) are all taken; with no progress, the first waiting
    one goes (a cycle). ``last`` (a block's terminator) waits until it is the only one left. Linear per
    sweep: a set difference per item here made emitting a 20,000-dispatch program take 8 s."""
    unscheduled = set(items)
    order: list[H] = []
    remaining = list(items)
    while remaining:
        rest = []
        for it in remaining:
            if (last is not None and it == last and len(remaining) > 1) or not deps[it].isdisjoint(unscheduled):
                rest.append(it)
            else:
                order.append(it)
                unscheduled.discard(it)
        if len(rest) == len(remaining):
            first = rest.pop(0)
            order.append(first)
            unscheduled.discard(first)
        remaining = rest
    return order


def sort_topologically(block: Block) -> None:
    """Reorder ``block`` so every op follows the ops defining its operands (MLIR's sweep algorithm)."""
    ops = list(block.ops)
    index = dict(zip(ops, range(len(ops))))  # (ops hash by identity)
    if _in_order(ops, index, None):
        return  # every op after the ops it uses: the sweep would keep the block's order
    deps: list[set[int]] = []
    for i, op in enumerate(ops):
        d = _used_positions(op, index)
        d.discard(i)
        deps.append(d)
    order = sweep_order(range(len(ops)), dict(enumerate(deps)), last=len(ops) - 1)
    if order != list(range(len(ops))):
        block.ops[:] = [ops[i] for i in order]


def _in_order(ops: list[Operation], index: dict[Operation, int], limit: Sequence[int] | None) -> bool:
    """Whether each op ``ops[i]`` (``index``: their positions) uses only what the ops at positions up to
    ``limit[i]`` (``i`` itself when ``limit`` is None) define: :func:`_used_positions` of every op against
    its limit, without a set per op, stopping at the first later position.

    A run of ops sharing the limit of its last one (a partition's, in order_partitions) that is longer than
    what follows it is checked from the other side (:func:`_run_in_order`): a block of one partition of
    thousands of dispatches, sixteen operands each, and a few host ops after it."""
    get = index.get
    n = len(ops)
    skip_to = -1  # (the end of a run found in order from the other side)
    for i, op in enumerate(ops):
        bound = i if limit is None else limit[i]
        if bound != i and limit is not None:  # (an op of a run, but its last)
            if i <= skip_to:
                continue
            if n - bound < bound - i:
                run = limit[i : bound + 1]
                if run.count(bound) == len(run):
                    if not _run_in_order(ops, index, i, bound):
                        return False
                    skip_to = bound
                    continue
        if op.regions:
            if any(pos > bound for pos in _used_positions(op, index)):
                return False
            continue
        # _used_positions' lookup of each value's position, written out here as there: a function or a
        # generator shared by both costs a call (a resume) a value, 300 -> 315 (318) M instructions for
        # materialize of the 1k scale program (/tmp/mat46/cg2.sh)
        for v in op._operands:
            owner: Operation | None
            if v.__class__ is OpResult:
                owner = v.op  # (the property, written out)
            elif v.__class__ is BlockArgument:
                continue  # (defined by no op)
            else:
                owner = v.defining_op
                if owner is None:
                    continue
            pos = get(owner)
            while pos is None:
                owner = owner.parent_op
                if owner is None:
                    break
                pos = get(owner)
            else:
                if pos > bound:
                    return False
    return True


def _run_in_order(ops: list[Operation], index: dict[Operation, int], first: int, last: int) -> bool:
    """Whether no op at positions ``first`` to ``last`` (nor an op nested in one) uses what an op after
    ``last`` (or an op nested in one) defines: what :func:`_in_order` finds of those ops with the limit
    ``last``, from the uses of the later ops' results (each user's position found as there)."""
    get = index.get
    for later in ops[last + 1 :]:
        for op in later.walk_list() if later.regions else (later,):
            for r in op.results:
                for user, _ in r.uses:
                    pos = get(user)
                    while pos is None:
                        user = user.parent_op  # type: ignore[assignment]
                        if user is None:
                            break
                        pos = get(user)
                    else:
                        if first <= pos <= last:
                            return False
    return True


def _used_positions(op: Operation, index: dict[Operation, int]) -> set[int]:
    """The positions (``index``: a block's ops and their positions) of the ops defining the values ``op``
    and the ops nested in it use; a value defined by an op nested in one of the block's ops counts for
    that op (``op``'s own position too, for a value its regions define and use)."""
    found: set[int] = set()
    get = index.get
    add = found.add
    used: Iterable[Value]
    if op.regions:
        # each value once: the commands of an execute region use the same few sizes and offsets thousands
        # of times (a set of values, by identity; ``found`` is a set, so the order is not kept)
        seen: set[Value] = set()
        gather = seen.update
        for inner in op.walk_list():
            gather(inner._operands)  # (read only: no tuple copy per op)
        used = seen
    else:
        used = op._operands
    for v in used:
        owner: Operation | None
        if v.__class__ is OpResult:
            owner = v.op  # (the property, written out)
        elif v.__class__ is BlockArgument:
            continue  # (defined by no op)
        else:
            owner = v.defining_op
        if owner is None:
            continue
        pos = get(owner)
        while pos is None:
            owner = owner.parent_op
            if owner is None:
                break
            pos = get(owner)
        else:
            add(pos)
    return found


#: What IREE's ``SinkAllocaLikeOpToConsumers`` moves down to its consumers (the schedule-concurrency
#: stage's :func:`sink_allocas`; the emitter, in a wave: to its end).
ALLOCA_LIKE = frozenset({"stream.async.alloca", "stream.async.splat"})


def sink_allocas(g: nx.DiGraph[int], items: list[int | tuple[int, ...]]) -> list[int | tuple[int, ...]]:
    """The region's alloca and splat items moved down to their first consumer, as IREE's canonicalizer
    moves them before schedule-allocation (:func:`sink_alloca_items`)."""
    node = adjacency(g)[0]
    item_of: dict[int, int | tuple[int, ...]] = {}
    for it in items:
        for n in it if isinstance(it, tuple) else (it,):
            item_of[id(node[n]["op"])] = it
    candidates = [
        it for it in items if not isinstance(it, tuple) and node[it]["op"].op_name in ALLOCA_LIKE
    ]
    if not candidates:
        return items
    users: dict[int | tuple[int, ...], set[int | tuple[int, ...]]] = {}
    for c in candidates:
        mine: set[int | tuple[int, ...]] = set()
        for r in node[c]["op"].results:
            for user, _ in r.uses:
                top: Operation | None = user
                while top is not None and id(top) not in item_of:
                    top = top.parent_op
                if top is not None:
                    mine.add(item_of[id(top)])
        users[c] = mine
    producers: dict[int | tuple[int, ...], set[int | tuple[int, ...]]] = {}
    plain: set[int | tuple[int, ...]] = set()
    for it in items:
        if isinstance(it, tuple) or node[it]["op"].regions:
            continue
        plain.add(it)
        producers[it] = {
            item_of[id(v.defining_op)] for v in node[it]["op"].operands if id(v.defining_op) in item_of
        }
    return sink_alloca_items(items, candidates, users, producers, plain)


def sink_alloca_items(
    items: list[H],
    candidates: Sequence[H],
    users: Mapping[H, set[H]],
    producers: Mapping[H, set[H]],
    plain: set[H],
) -> list[H]:
    """IREE's ``SinkAllocaLikeOpToConsumers`` on a region's items (what its canonicalizer does to an
    execution region between schedule-concurrency and schedule-allocation): each alloca or splat item of
    ``candidates`` moves just before the first item using it (``users[c]``; none in the region: the
    region's yield, after every item), visited last first, in rounds until none moves.

    A move is refused when the candidate is already just before its target, or when every item between
    them is a candidate too and (for a ``plain`` target: an op without regions) a producer of the target
    (``producers[target]``): IREE's ``canStablySinkTo``, so that two patterns cannot undo each other.
    The allocas then start their lifetimes where IREE's do (the transient slab packs as IREE's).
    """
    order = list(items)
    cand = set(candidates)
    for _ in range(len(order) + 1):
        moved = False
        for c in reversed([it for it in order if it in cand]):
            i = order.index(c)
            pos = {it: k for k, it in enumerate(order)}
            inside = [pos[u] for u in users.get(c, set()) if u in pos]
            j = min(inside) if inside else len(order)
            if j <= i + 1:
                continue
            target = order[j] if j < len(order) else None
            pruning = target is not None and target in plain
            prod = producers.get(target, set()) if target is not None else set()
            if not any(b not in cand or (pruning and b not in prod) for b in order[i:j]):
                continue
            order.insert(j, c)
            del order[i]
            moved = True
        if not moved:
            break
    return order


def keeps_order(
    plan: FunctionPlan,
    last_const: Operation | None,
    part_ops: list[list[Operation]],
    position: dict[Operation, int],
    at: Callable[[Operation, dict[Operation, int]], int],
) -> bool:
    """Whether writing the regions keeps the block in order by construction, when order_partitions
    found it in order (each partition a run, every op after what it uses; ``position``: its ops'
    positions): then MLIR's sort would leave it as it is and is not run (:data:`scheduler.emit.CHECK_ORDER`
    checks that it is in order). ``last_const``: the last integer constant of the block the emitter reuses
    (:class:`~scheduler.emit_uploads.Consts`); ``at``: the position of the op of the block holding an op.

    Each region's ops go before its last op and use what its ops used (defined before the run), new
    constants (at the block's start), constants of the block (all before the first region: asked
    here) and earlier regions' timepoints (the regions' last ops in the partitions' order: asked
    here); the host ops using its results come after the run and take the region's awaited values,
    written before it. A kept region's placeholder timepoint and pass-through results are replaced
    where they are used: asked to be after it. Barriers, host uses of a kept region left unawaited
    and nested blocks move or rewrite more: their blocks are sorted."""
    if any(plan.barriers.values()) or plan.nested:
        return False
    previous = position[last_const] if last_const is not None else -1
    for i, mine in enumerate(part_ops):
        anchor = position.get(mine[-1]) if mine else None
        if anchor is None or anchor <= previous:
            return False
        if i == 0 and any(position.get(op, anchor) <= previous for op in mine):
            return False  # (a constant of the block inside or after the first region's run)
        pinned = plan.pinned_partition.get(i)
        if pinned is not None:
            users = [u for r in pinned.timepoint.results for u, _ in r.uses]
            users += [u for u, _, _ in plan.passthrough.get(i, [])]
            if pinned.unawaited or not all(at(u, position) > anchor for u in users):
                return False
        previous = anchor
    return True
