"""Where IREE's schedule-allocation places what an execution region makes (``deriveResultAffinity`` and
the affinity analysis it asks, within a function), for :mod:`scheduler.passes.schedule_allocation`.

A result is allocated on the affinities its value is produced and consumed on, as IREE's
``AffinityAnalysis`` finds them (sorted by their text), joined with where the region makes it (the target
of the transfer it comes from, else the region's affinity). The consumer analysis fails, and then only the
producer counts, when a use of the value reaches the return of a public function (whose callers IREE's
explorer cannot see) or a region without affinity whose captures come from where it cannot tell.
"""

from __future__ import annotations

from ir import Operation, OpResult, Value
from ir import attributes as A
from ir import types as T
from ir.dialects import stream_async as D
from scheduler.affinity import join_or, transfer_target
from scheduler.passes.copy_analysis import tied_operand
from scheduler.usage_graph import tied_results

# Host ops whose affinity pins the resource they take (IREE's pinned affinities).
_PINNING = frozenset({"stream.tensor.export", "stream.async.store", "stream.tensor.store"})


def result_affinity_of(
    exe: Operation, affinity: A.Attribute | None, result: Value, inner: Value
) -> A.Attribute | None:
    """IREE's deriveResultAffinity for ``result`` of the region ``exe`` (on ``affinity``), yielded inside
    as ``inner``: the affinities the value is produced (the region's) and used on, sorted as IREE's
    analysis sorts them, joined with where the region makes it (the target of the transfer it comes
    from, else the region's)."""
    local = local_affinity(inner)
    region = affinity if affinity is not None else produced_on(exe, set())
    here = local if local is not None else region
    pinned, used = usage_affinities(result)
    usage = pinned if pinned else [a for a in [region, *used] if a is not None]
    # IREE's sets hold single affinities: a region placed on several devices counts as each.
    usage = [m for a in usage for m in (a.affinities if isinstance(a, A.DeviceOptimalAttr) else (a,))]
    joined: A.Attribute | None = None
    for a in sorted({str(a): a for a in usage}.items()):
        joined = join_or(joined, a[1])
    return join_or(joined, here)


def local_affinity(v: Value) -> A.Attribute | None:
    """IREE's findLocalValueAffinity: the target of the transfer a value comes from, through ties and
    waves."""
    seen: set[int] = set()
    while isinstance(v, OpResult) and id(v) not in seen:
        seen.add(id(v))
        op = v.op
        if isinstance(op, D.AsyncTransferOp):
            return transfer_target(op)
        t = tied_operand(v)
        if t is not None:
            v = t
        elif op.op_name == "stream.async.concurrent":
            v = op.body.ops[-1].operands[v.index]
        else:
            return None
    return None


def usage_affinities(v: Value) -> tuple[list[A.Attribute], list[A.Attribute]]:
    """(pinned, used): the affinities of host ops that pin ``v`` (an export or a store names where it
    must be) and of the other ops that use it, through awaits, tied results, region captures and yields
    (IREE's affinity analysis, within a function). ``used`` is empty when the walk is incomplete: a use
    reaches the return of a public function, whose callers IREE's explorer cannot see (its consumer
    analysis then fails and only the producer counts)."""
    pinned, used, complete = _walk_uses(v, set())
    return pinned, used if complete else []


def _walk_uses(v: Value, seen_regions: set[int]) -> tuple[list[A.Attribute], list[A.Attribute], bool]:
    """(pinned, used, complete) of :func:`usage_affinities`; ``seen_regions``: the regions whose
    affinity is being derived (not asked again)."""
    pinned: list[A.Attribute] = []
    used: list[A.Attribute] = []
    work = [v]
    seen: set[int] = set()
    complete = True
    while work:
        cur = work.pop()
        if id(cur) in seen:
            continue
        seen.add(id(cur))
        for user, i in cur.uses:
            aff = user.attr("affinity")
            if user.op_name == "stream.async.transfer":
                # IREE's consumer analysis takes the transfer's execution affinity and its target.
                used.extend(a for a in (_transfer_execution(user), transfer_target(user)) if a is not None)
            elif aff is None and user.op_name.startswith("stream.async."):
                aff, known = _execution_affinity(user, seen_regions)
                complete &= known
            if aff is not None:
                (pinned if user.op_name in _PINNING else used).append(aff)
            if user.op_name == "stream.timepoint.await" and i < len(user.results):
                work.append(user.results[i])
            work.extend(tied_results(user, i))
            work.extend(_successor_values(user, i))
            if user.op_name in _RETURNS and _public(user.parent_op):
                complete = False
    return pinned, used, complete


_RETURNS = frozenset({"util.return", "func.return"})


def _transfer_execution(op: Operation) -> A.Attribute | None:
    """IREE's ``AsyncTransferOp::getAffinityAttr``: its execution affinity, else the consumer's (the
    target) when the source is external or staging memory, else the producer's (the source)."""
    if op.attr("execution_affinity") is not None:
        return op.attr("execution_affinity")
    lifetimes = [
        v.type.lifetime if isinstance(v.type, T.ResourceType) else "" for v in (op.operands[0], op.results[0])
    ]
    if lifetimes[0] in ("external", "staging") and lifetimes != ["staging", "staging"]:
        return transfer_target(op)
    return op.attr("source_affinity")


def _execution_affinity(op: Operation, seen: set[int]) -> tuple[A.Attribute | None, bool]:
    """(affinity, known) of an async op without its own affinity, as IREE's ``OpAffinityPVS``: that of
    the execution region holding it, else where the region's captures are produced; unknown when that
    cannot be told (a capture from a function argument), which fails IREE's consumer analysis."""
    region: Operation | None = None
    cur: Operation | None = op
    while cur is not None:
        if cur.op_name == "stream.async.execute":
            region = cur
            if cur.attr("affinity") is not None:
                return cur.attr("affinity"), True
        cur = cur.parent_op
    if region is None:
        return None, True
    found = produced_on(region, set(seen))
    return found, found is not None


def _public(func: Operation | None) -> bool:
    if func is None:
        return False
    vis = func.attr("sym_visibility")
    return not (isinstance(vis, A.StringAttr) and vis.value != "public")


def _consumed_on(exe: Operation, seen: set[int]) -> A.Attribute | None:
    """The union of the affinities the resource results of ``exe`` are consumed on (IREE's
    ``ValueConsumerAffinityPVS`` of each), sorted as IREE sorts them; ``None`` when a walk is incomplete
    or finds nothing."""
    found: dict[str, A.Attribute] = {}
    for r in exe.results:
        if not isinstance(r.type, T.ResourceType):
            continue
        pinned, used, complete = _walk_uses(r, seen)
        if not complete:
            return None
        for a in (*pinned, *used):
            for m in a.affinities if isinstance(a, A.DeviceOptimalAttr) else (a,):
                found[str(m)] = m
    joined: A.Attribute | None = None
    for _, a in sorted(found.items()):
        joined = join_or(joined, a)
    return joined


def _successor_values(user: Operation, i: int) -> list[Value]:
    """Where the explorer's use walk goes from operand ``i`` of ``user``: a captured resource to the
    region's block argument, a yielded value to the result of the op holding the region."""
    if user.op_name in ("stream.async.execute", "stream.async.concurrent"):
        body = user.regions[0].blocks[0]
        resources = [k for k, o in enumerate(user.operands) if isinstance(o.type, T.ResourceType)]
        if i in resources and resources.index(i) < len(body.args):
            return [body.args[resources.index(i)]]
        return []
    if user.op_name in ("stream.yield", "scf.yield"):
        parent = user.parent_op
        if parent is not None and i < len(parent.results):
            return [parent.results[i]]
    return []


def produced_on(exe: Operation, seen: set[int]) -> A.Attribute | None:
    """Where a region without an affinity runs by IREE's affinity analysis (``OpAffinityPVS``): where the
    resources it captures are produced (through awaits, to the regions that made them or the allocations
    made for them), when that is one affinity and nothing comes from where the analysis cannot see (a
    function argument); for a region capturing no resource, where its results are consumed (all of
    those affinities, when every use can be followed)."""
    if id(exe) in seen:
        return None
    seen.add(id(exe))
    if not any(isinstance(v.type, T.ResourceType) for v in exe.operands):
        return _consumed_on(exe, seen)
    found: dict[str, A.Attribute] = {}
    for v in exe.operands:
        if not isinstance(v.type, T.ResourceType):
            continue
        a = _capture_producer(v, seen)
        if a is None:
            return None
        found[str(a)] = a
    return next(iter(found.values())) if len(found) == 1 else None


def _capture_producer(v: Value, seen: set[int]) -> A.Attribute | None:
    """Where a resource captured by a region is produced: through awaits and subviews, the allocation
    made for it or the region that made it (its affinity, else where that region runs)."""
    d = v.defining_op
    while d is not None and d.op_name in ("stream.timepoint.await", "stream.resource.subview"):
        v = d.operands[next(i for i, r in enumerate(d.results) if r is v) if d.op_name.endswith("await") else 0]
        d = v.defining_op
    if d is not None and d.op_name in ("stream.resource.alloca", "stream.resource.constants"):
        # a region allocated before this one, or the constants it uploaded
        a: A.Attribute | None = d.attr("affinity")
        return a
    if d is not None and d.op_name == "stream.async.execute":
        return d.attr("affinity") or produced_on(d, seen)
    return None
