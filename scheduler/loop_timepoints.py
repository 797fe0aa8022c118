"""Control flow carries timepoints: an ``scf.for``, ``scf.while`` or ``scf.if`` over resources passes each
one's timepoint beside it.

IREE's propagate-timepoints rebuilds every region branch op that carries resources (its
``expandRegionBranchOp``): each resource iteration argument, yielded value and result gets a timepoint
beside it. The initial values are taken unawaited with the timepoints they were awaited on, the body's
regions await the carried timepoint instead of the host waiting before the loop, the body yields the
timepoint its results are ready at instead of awaiting them at the end of each iteration, and whoever
uses a result after the loop awaits the loop's timepoint result. The host then waits only where it
reads data.

The pipeline schedules a loop's body after the block holding the loop (:mod:`scheduler.pipeline`), so
each block's cmd form ends with host awaits of what the loop takes and yields. This pass runs once every
block is in cmd form and rewrites the loop as IREE's pass would have:

- an initial value ``v`` that is (a subview of) the result of a ``stream.timepoint.await`` in the loop's
  block is passed unawaited with that timepoint; any other value with an immediate timepoint;
- in the body and after the loop, a ``stream.cmd.execute`` or ``stream.resource.dealloca`` taking the
  resource (or a subview of it) awaits the carried timepoint (joined with what it awaited); any other use
  gets one ``stream.timepoint.await`` of it (sunk to its first consumer afterwards);
- a yielded value awaited (or a subview of one awaited) in the body (or an ``scf.if`` branch) is yielded
  unawaited with that timepoint; a yielded iteration argument with its own carried timepoint; an
  ``scf.while`` does the same in both regions (its ``scf.condition`` forwards values like a yield);
- the awaits, subviews and joins left without users are erased.

Examples
--------
>>> import ir
>>> from scheduler import schedule_module
>>> from scheduler.synthetic import async_program
>>> m = schedule_module(async_program([("a", ["x"], 64)], outputs=["a"]))
>>> carry_loop_timepoints(m)  # no loop: nothing to do
0
"""

from __future__ import annotations

from ir import Block, BlockArgument, Builder, Module, Operation, Value, rebuild_op
from ir import attributes as A
from ir import types as T
from scheduler.await_sinking import sink_awaits
from scheduler.passes.canonicalize import group_awaits
from scheduler.passes.elide_timepoints import set_awaits
from scheduler.passes.scf_canonicalize import canonicalize_for, dedupe_if_results
from scheduler.passes.timepoint_analysis import awaits
from scheduler.state import function_ops

_TP = T.TimepointType()
# The control flow ops rebuilt with a timepoint beside each resource (IREE's region branch ops).
_CARRIERS = frozenset({"scf.for", "scf.if", "scf.while"})
# Ops whose await the carried timepoint joins (the others that use a carried resource get a host await).
_AWAITING = frozenset({"stream.cmd.execute", "stream.resource.dealloca"})
# Ops erased when a rewrite leaves them unused (pure: nothing else observes them).
_PURE = frozenset(
    {
        "stream.timepoint.await",
        "stream.resource.subview",
        "stream.timepoint.join",
        "stream.timepoint.immediate",
    }
)


def _is_resource(v: Value) -> bool:
    return isinstance(v.type, T.ResourceType)


def carry_loop_timepoints(module: Module) -> int:
    """Rewrite every ``scf.for``, ``scf.while`` and ``scf.if`` of ``module`` with resource results (see the module doc);
    returns how many."""
    count = 0
    for fn in function_ops(module):
        # Inner ops first (post-order): an outer op's yield then takes an inner result unawaited.
        ops = [
            op
            for op in _post_order(fn)
            if op.op_name in _CARRIERS and any(_is_resource(r) for r in op.results) and not _is_upload(op)
        ]
        for op in ops:
            if op.parent is not None:
                new = _carry(op)
                count += 1
                if new.op_name == "scf.for":
                    _fold_carried(new)
                elif new.op_name == "scf.if":
                    # IREE's canonicalizer: results both branches yield alike (the timepoint of one
                    # region carrying several resources) are one result
                    dedupe_if_results(new)
        if ops:
            # IREE's canonicalizer: each await sunk to its first consumer, and awaits of one timepoint
            # grouped (one host wait for the resources a loop carries with one timepoint).
            sink_awaits(fn)
            if group_awaits(fn):
                while group_awaits(fn):
                    pass
                sink_awaits(fn)
    return count


def _fold_carried(loop: Operation) -> None:
    """MLIR's ``ForOpIterArgsFolder`` on a loop carrying timepoints: the resources the body updates in
    place (yielded unchanged) are no longer carried, and resources ready at one timepoint share one
    timepoint argument (IREE's carries after its canonicalizer); the joins of a timepoint with itself
    that leaves are folded."""
    block = loop.parent
    assert block is not None
    at = block.ops.index(loop)
    while canonicalize_for(loop):
        loop = block.ops[at]  # the loop rebuilt in its place
    dead: list[Operation] = []
    for op in loop.walk_list() + [u for r in loop.results for u, _ in r.uses]:
        if op.op_name != "stream.timepoint.join" or op.parent is None:
            continue
        # IREE's ExpandTimepointJoinOperands and FoldDuplicateTimepointJoinOperands
        flat: dict[int, Value] = {}
        stack = list(reversed(op.operands))
        while stack:
            v = stack.pop()
            d = v.defining_op
            if d is not None and d.op_name == "stream.timepoint.join":
                stack.extend(reversed(d.operands))
                dead.append(d)
            else:
                flat.setdefault(id(v), v)
        uniq = list(flat.values())
        if len(uniq) == 1:
            op.results[0].replace_all_uses_with(uniq[0])
            dead.append(op)
        elif [id(v) for v in uniq] != [id(v) for v in op.operands]:
            op.set_operands(uniq)
    _erase_unused(dead)


def _post_order(op: Operation) -> list[Operation]:
    out: list[Operation] = []
    for region in op.regions:
        for block in region.blocks:
            for inner in block.ops:
                out += _post_order(inner)
    out.append(op)
    return out


def _carry(loop: Operation) -> Operation:
    block = loop.parent
    assert block is not None
    dead: list[Operation] = []
    # per block of the op's regions: its resource arguments and the timepoint argument beside each
    carried: dict[int, list[tuple[BlockArgument, BlockArgument]]] = {}
    operands = list(loop.operands)
    if loop.op_name in ("scf.for", "scf.while"):
        # Initial values (a for loop's after its bounds): unawaited, with their timepoints.
        first = 3 if loop.op_name == "scf.for" else 0
        operands = operands[:first]
        for v in loop.operands[first:]:
            if _is_resource(v):
                init_tp, raw = _unawait(v, block, loop, dead)
                operands += [raw, init_tp]
            else:
                operands.append(v)
        # Every region's entry block (a for body; a while's before and after regions) takes a
        # timepoint beside each resource argument.
        for region in loop.regions:
            body = region.blocks[0]
            pairs: list[tuple[BlockArgument, BlockArgument]] = []
            for i in range(len(body.args) - 1, -1, -1):
                arg = body.args[i]
                if _is_resource(arg):
                    tp_arg = BlockArgument(_TP, body, i + 1)
                    body.args.insert(i + 1, tp_arg)
                    pairs.append((arg, tp_arg))
            for j, a in enumerate(body.args):
                a.index = j
            carried[id(body)] = pairs
    result_types: list[T.Type] = []
    for r in loop.results:
        result_types += [r.type, _TP] if _is_resource(r) else [r.type]
    new = rebuild_op(loop, operands, result_types)
    regions = list(new.regions)
    tp_of = {id(arg): tp_arg for pairs in carried.values() for arg, tp_arg in pairs}
    for region in regions:
        for inner in region.blocks:
            term = inner.terminator
            if term is None or term.op_name not in ("scf.yield", "scf.condition"):
                continue
            # In a loop's regions: the carried resources' consumers await their timepoints.
            for arg, tp_arg in reversed(carried.get(id(inner), [])):
                _await_uses(arg, tp_arg, Builder(inner, 0), dead, skip=term)
            # Yielded (or, by a while's condition, forwarded) values: unawaited, with the timepoints
            # they are ready at.
            kept = 1 if term.op_name == "scf.condition" else 0
            yielded: list[Value] = list(term.operands[:kept])
            for v in term.operands[kept:]:
                if not _is_resource(v):
                    yielded.append(v)
                elif id(v) in tp_of:
                    yielded += [v, tp_of[id(v)]]
                else:
                    ready, raw = _unawait(v, inner, term, dead)
                    yielded += [raw, ready]
            term.set_operands(yielded)
    # Results: their users after the loop await the loop's timepoints.
    k = 0
    pending: list[tuple[Value, Value]] = []
    for old in loop.results:
        if not _is_resource(old):
            old.replace_all_uses_with(new.results[k])
            k += 1
            continue
        res: Value = new.results[k]
        tp: Value = new.results[k + 1]
        k += 2
        old.replace_all_uses_with(res)
        pending.append((res, tp))
    loop.erase()
    for res, tp in pending:
        _await_uses(res, tp, Builder.after(new), dead)
    _erase_unused(dead)
    return new


def _unawait(v: Value, block: Block, before: Operation, dead: list[Operation]) -> tuple[Value, Value]:
    """(timepoint, resource): when ``v`` is ready and the resource to use unawaited in its place. As IREE's
    ``consumeTimepoint``, an await of ``block`` or of a block enclosing it (a branch yielding a value
    awaited before its ``scf.if``) gives its timepoint and resource."""
    d = v.defining_op
    if d is not None and d.parent is not None and _encloses(d.parent, block):
        if d.op_name == "stream.timepoint.await" and d.attr("sync") is None:
            dead.append(d)
            return d.operands[-1], d.operands[[id(r) for r in d.results].index(id(v))]
        if d.op_name == "stream.resource.subview":
            source = d.operands[0]
            s = source.defining_op
            if (
                s is not None
                and s.parent is d.parent
                and s.op_name == "stream.timepoint.await"
                and s.attr("sync") is None
            ):
                tp, raw = _unawait(source, block, before, dead)
                b = Builder.before(before)
                b.location = d.location
                sub = b.create("stream.resource.subview", [raw, *d.operands[1:]], [v.type]).result
                dead.append(d)
                return tp, sub
    b = Builder.before(before)
    b.location = before.location
    return b.create("stream.timepoint.immediate", [], [_TP]).result, v


def _encloses(outer: Block, block: Block) -> bool:
    """Whether ``block`` is ``outer`` or nested (at any depth) in an op of ``outer``."""
    cur: Block | None = block
    while cur is not None:
        if cur is outer:
            return True
        holder = cur.parent_op
        cur = holder.parent if holder is not None else None
    return False


def _await_uses(
    v: Value, tp: Value, host: Builder, dead: list[Operation], skip: Operation | None = None
) -> None:
    """Make every use of ``v`` wait for ``tp``: timeline ops await it, host ops use one host await
    (``skip``: the loop's own yield, rewritten apart)."""
    host_uses: list[tuple[Operation, int]] = []
    # timeline users first: an await of ``v`` is then seen after what it waits for awaits ``tp``
    for user, i in sorted(v.uses, key=lambda u: u[0].op_name == "stream.timepoint.await"):
        if user is skip:
            continue
        if user.op_name == "stream.resource.subview" and i == 0:
            if _subview_needs_host(user.results[0], tp, dead):
                host_uses.append((user, 0))
        elif user.op_name in _AWAITING:
            _join_await(user, tp, dead)
        elif user.op_name == "stream.timepoint.barrier":
            _forward_barrier(user, v, tp)
        elif user.op_name == "stream.timepoint.await" and _covers(user.operands[-1], tp):
            continue  # a wait for something after the carried timepoint: already ready then
        elif _passes_with_immediate(user, i):
            # An inner loop or branch (carried before, inner ops first) passes the resource on with an
            # immediate timepoint: it passes the carried timepoint instead (IREE's consumeTimepoint), and
            # the host does not wait.
            imm = user.operands[i + 1].defining_op
            user.set_operand(i + 1, tp)
            if imm is not None:
                dead.append(imm)
        else:
            host_uses.append((user, i))
    if not host_uses:
        return
    size = _size_of(v, host)
    waited = host.create(
        "stream.timepoint.await",
        [v, size, tp],
        [v.type],
        properties={"operandSegmentSizes": A.segment_sizes(1, 1, 1)},
    ).result
    for user, i in host_uses:
        user.set_operand(i, waited)


def _passes_with_immediate(user: Operation, i: int) -> bool:
    """Whether operand ``i`` of ``user`` is a resource a carried control flow op (an ``scf.for`` or
    ``scf.while`` init, an ``scf.yield`` or ``scf.condition``) passes on beside an immediate timepoint."""
    if user.op_name not in ("scf.yield", "scf.condition", "scf.for", "scf.while") or i + 1 >= len(
        user.operands
    ):
        return False
    if user.op_name in ("scf.yield", "scf.condition"):
        holder = user.parent_op
        if holder is None or holder.op_name not in _CARRIERS:
            return False
    nxt = user.operands[i + 1].defining_op
    return nxt is not None and nxt.op_name == "stream.timepoint.immediate"


def _forward_barrier(barrier: Operation, v: Value, tp: Value) -> None:
    """A barrier on a carried resource is the resource with its carried timepoint (IREE folds the await
    into it); the joins taking the barrier's timepoint keep only what no other of theirs covers."""
    barrier.results[0].replace_all_uses_with(v)
    joins = [u for u, _ in barrier.results[1].uses if u.op_name == "stream.timepoint.join"]
    barrier.results[1].replace_all_uses_with(tp)
    barrier.erase()
    for join in joins:
        ins = list(join.operands)
        kept = [t for t in ins if not any(o is not t and _covers(o, t) for o in ins)]
        if len(kept) == 1:
            join.results[0].replace_all_uses_with(kept[0])
            join.erase()
        elif len(kept) < len(ins):
            join.set_operands(kept)


def _subview_needs_host(sub: Value, tp: Value, dead: list[Operation]) -> bool:
    """Timeline users of subview ``sub`` (and of its subviews) await ``tp``; whether the host uses it."""
    host = False
    for user, i in list(sub.uses):
        if user.op_name == "stream.resource.subview" and i == 0:
            host = _subview_needs_host(user.results[0], tp, dead) or host
        elif user.op_name in _AWAITING:
            _join_await(user, tp, dead)
        else:
            host = True
    return host


def _covers(t: Value, tp: Value) -> bool:
    """Whether reaching timepoint ``t`` implies ``tp`` was reached (through the timepoints the ops
    making ``t`` await)."""
    stack: list[Value] = [t]
    seen: set[int] = set()
    while stack and len(seen) < 256:
        cur = stack.pop()
        if cur is tp:
            return True
        if id(cur) in seen:
            continue
        seen.add(id(cur))
        d = cur.defining_op
        if d is not None:
            stack.extend(v for v in d.operands if isinstance(v.type, T.TimepointType))
    return False


def _join_await(op: Operation, tp: Value, dead: list[Operation]) -> None:
    current = awaits(op)
    if any(tp is c for c in current):
        return
    flat: list[Value] = []
    for c in current:
        d = c.defining_op
        flat += list(d.operands) if d is not None and d.op_name == "stream.timepoint.join" else [c]
    allocas = [
        c.defining_op
        for c in flat
        if c.defining_op is not None and c.defining_op.op_name == "stream.resource.alloca"
    ]
    if op.op_name == "stream.cmd.execute" and allocas and _from_loop(tp):
        # IREE carries the timepoint before allocating: the region's allocas await it, and cover it
        # for the region (IREE's elide-timepoints drops it from the region's await).
        for alloca in allocas:
            assert alloca is not None
            _alloca_awaits(alloca, tp)
        return
    joined: list[Value] = []
    for c in current:
        d = c.defining_op
        if d is not None and d.op_name == "stream.timepoint.join" and len(c.uses) == 1:
            joined += list(d.operands)
            dead.append(d)
        else:
            joined.append(c)
    joined.append(tp)
    set_awaits(op, list(dict.fromkeys(joined)))


def _is_upload(op: Operation) -> bool:
    """Whether ``op`` is the ``scf.if`` of an inline constant upload (the scheduler's own, on a
    ``stream.resource.try_map``): it yields its timepoint already (IREE branches with ``cf.cond_br``)."""
    cond = op.operands[0].defining_op if op.op_name == "scf.if" and op.operands else None
    return cond is not None and cond.op_name == "stream.resource.try_map"


def _from_loop(tp: Value) -> bool:
    """Whether ``tp`` is carried by control flow (an iteration argument, or a result of ``scf.for``,
    ``scf.while`` or ``scf.if``): an ``scf.if`` of the scheduler's own making (an inline constant upload)
    is not carried by IREE."""
    if isinstance(tp, BlockArgument):
        holder = tp.owner.parent_op
    else:
        holder = tp.defining_op
    if holder is not None and holder.op_name == "scf.if":
        return not _is_upload(holder)
    return holder is not None and holder.op_name in ("scf.for", "scf.while")


def _alloca_awaits(alloca: Operation, tp: Value) -> None:
    """Make ``alloca`` also await ``tp`` (joined with what it awaited)."""
    size, *waited = alloca.operands
    if any(tp is w for w in waited):
        return
    if waited:
        wanted = [*waited, tp]
        # the region's other allocas share one join
        same = next(
            (
                u
                for u, _ in waited[0].uses
                if u.op_name == "stream.timepoint.join"
                and u.parent is alloca.parent
                and len(u.operands) == len(wanted)
                and all(a is b for a, b in zip(u.operands, wanted))
            ),
            None,
        )
        if same is not None:
            tp = same.results[0]
        else:
            b = Builder.before(alloca)
            b.location = alloca.location
            tp = b.create("stream.timepoint.join", wanted, [_TP]).result
    alloca.set_operands([size, tp])


def _size_of(v: Value, b: Builder) -> Value:
    """A size of resource ``v`` valid at ``b``: a constant one of its users was given (cloned there),
    else ``stream.resource.size``."""
    for user, i in v.uses:
        size: Value | None = None
        if user.op_name in ("stream.resource.subview", "stream.resource.dealloca") and i == 0:
            size = user.operands[1]
        elif user.op_name == "stream.cmd.execute":
            n = sum(1 for x in user.operands if _is_resource(x))
            size = user.operands[n + i] if i < n else None
        d = size.defining_op if size is not None else None
        if d is not None and d.op_name == "arith.constant":
            return b.create("arith.constant", [], [d.results[0].type], properties=dict(d.properties)).result
    return b.create("stream.resource.size", [v], [T.index]).result


def _erase_unused(ops: list[Operation]) -> None:
    """Erase the pure ops of ``ops`` left without users, and the pure producers they then free."""
    todo = list(ops)
    while todo:
        op = todo.pop()
        if op.parent is None or op.op_name not in _PURE or any(r.uses for r in op.results):
            continue
        producers = [v.defining_op for v in op.operands if v.defining_op is not None]
        op.erase()
        todo.extend(p for p in producers if p is not None)


__all__ = ["carry_loop_timepoints"]
