"""The value walks and affinity joins of IREE's schedule-allocation, and its one-for-one rewrites
(``stream.async.func`` declarations), for :mod:`scheduler.passes.schedule_allocation`."""

from __future__ import annotations

from ir import Block, Builder, Operation, OpResult, Region, Value
from ir import attributes as A
from ir import types as T
from ir.dialects import stream_async as D
from scheduler.access import result_size
from scheduler.affinity import transfer_target
from scheduler.errors import ScheduleError, UnsupportedOpError
from scheduler.passes.copy_analysis import tied_operand
from scheduler.usage_graph import tied_results

# Host ops whose affinity pins the resource they take (IREE's pinned affinities).
_PINNING = frozenset({"stream.tensor.export", "stream.async.store", "stream.tensor.store"})


def make_pack(
    b: Builder, intervals: list[int], sizes: list[Value], affinity: A.Attribute | None
) -> Operation:
    props: dict[str, A.Attribute] = {
        "lifetime_intervals": A.ArrayAttr(tuple(A.IntegerAttr(i, T.index) for i in intervals)),
        "operandSegmentSizes": A.segment_sizes(0, len(sizes)),
    }
    if affinity is not None:
        props["affinity"] = affinity
    return b.create("stream.resource.pack", sizes, [T.index] * (len(sizes) + 1), properties=props)


def join_timepoints(b: Builder, tps: list[Value]) -> Value | None:
    if not tps:
        return None
    if len(tps) == 1:
        return tps[0]
    return b.create("stream.timepoint.join", tps, [T.timepoint]).result


def detach(op: Operation) -> None:
    """Remove ``op`` (and what it holds) from its block, its results' remaining uses with it."""
    for inner in op.walk():
        inner.drop_operands()
    if op.parent is not None:
        op.parent.ops.remove(op)
        op.parent = None


def top_in_block(op: Operation, block: Block) -> Operation | None:
    cur: Operation | None = op
    while cur is not None and cur.parent is not block:
        cur = cur.parent_op
    return cur


def where(v: Value) -> str:
    op = v.defining_op
    return op.describe() if op is not None else "a block argument"


def lifetime_of(v: Value) -> str:
    return v.type.lifetime if isinstance(v.type, T.ResourceType) else ""


def value_attr(op: Operation) -> A.Attribute:
    value = op.attr("value")
    if value is None:
        raise UnsupportedOpError(f"{op.describe()}: a constant without a value")
    return value


def size_of(v: Value) -> Value:
    op = v.defining_op
    if op is None:
        raise ScheduleError(f"no size for a block argument of {v.type}")
    if op.op_name == "stream.async.concurrent":
        sizes = op.operands[len(op.body.args) * 2 :]
        return sizes[next(i for i, r in enumerate(op.results) if r is v)]
    try:
        return result_size(op, next(i for i, r in enumerate(op.results) if r is v))
    except ValueError as e:
        raise UnsupportedOpError(str(e)) from None


def find_subview(v: Value) -> Operation | None:
    """IREE's ResourceSubviewOp::findSubviewOp: the subview ``v`` is reached from through tied ops."""
    while isinstance(v, OpResult):
        if v.op.op_name == "stream.resource.subview":
            return v.op
        t = tied_operand(v)
        if t is None:
            return None
        v = t
    return None


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
            if aff is None and user.op_name.startswith("stream.async."):
                aff, known = _execution_affinity(user)
                complete &= known
            if aff is not None:
                (pinned if user.op_name in _PINNING else used).append(aff)
            if user.op_name == "stream.timepoint.await" and i < len(user.results):
                work.append(user.results[i])
            work.extend(tied_results(user, i))
            work.extend(_successor_values(user, i))
            if user.op_name in _RETURNS and _public(user.parent_op):
                complete = False
    return pinned, used if complete else []


_RETURNS = frozenset({"util.return", "func.return"})


def _execution_affinity(op: Operation) -> tuple[A.Attribute | None, bool]:
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
    found = produced_on(region, set())
    return found, found is not None


def _public(func: Operation | None) -> bool:
    if func is None:
        return False
    vis = func.attr("sym_visibility")
    return not (isinstance(vis, A.StringAttr) and vis.value != "public")


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


def escaping_result(v: Value) -> Value | None:
    """IREE's findEscapingResultValue: the execute result ``v`` reaches through yields and ties."""
    work = list(v.uses)
    seen: set[tuple[int, int]] = set()
    while work:
        user, i = work.pop()
        if (id(user), i) in seen:
            continue
        seen.add((id(user), i))
        if user.op_name == "stream.yield":
            parent = user.parent_op
            assert parent is not None
            res = parent.results[i]
            if parent.op_name == "stream.async.execute":
                return res
            work.extend(res.uses)
        else:
            for r in tied_results(user, i):
                work.extend(r.uses)
    return None


def tied_yield_result(exe: Operation, v: Value) -> Value | None:
    """IREE's findTiedYieldResult: the region result ``v`` is yielded as, through tied ops."""
    work = [v]
    while work:
        cur = work.pop()
        for user, i in cur.uses:
            if user.op_name == "stream.yield":
                return exe.results[i]
            work.extend(tied_results(user, i))
    return None


def convert_async_func(op: Operation) -> None:
    """``stream.async.func`` -> ``stream.cmd.func``: each resource argument and untied resource result
    becomes an argument followed by its offset and length."""
    ftype = op.attr("function_type")
    assert isinstance(ftype, A.TypeAttr) and isinstance(ftype.value, T.FunctionType)
    ties = [-1] * len(ftype.value.results)
    attr = op.attr("tied_operands")
    if isinstance(attr, A.ArrayAttr):
        ties = [e.value if isinstance(e, A.IntegerAttr) else -1 for e in attr]
    inputs: list[T.Type] = []
    for t in ftype.value.inputs:
        inputs += [t, T.index, T.index] if isinstance(t, T.ResourceType) else [t]
    results: list[T.Type] = []
    for i, t in enumerate(ftype.value.results):
        if isinstance(t, T.ResourceType):
            if ties[i] < 0:
                inputs += [t, T.index, T.index]
        else:
            results.append(t)
    props: dict[str, A.Attribute] = {
        "sym_name": op.attr("sym_name"),  # type: ignore[dict-item]
        "function_type": A.TypeAttr(T.FunctionType(tuple(inputs), tuple(results))),
    }
    vis = op.attr("sym_visibility")
    if vis is not None:
        props["sym_visibility"] = vis
    new = Builder.before(op).create(
        "stream.cmd.func", [], [], properties=props, attributes=dict(op.attributes), regions=[Region()]
    )
    new.location = op.location
    detach(op)


def produced_on(exe: Operation, seen: set[int]) -> A.Attribute | None:
    """Where a region without an affinity runs by IREE's affinity analysis: where the resources it
    captures are produced (through awaits, to the regions that made them or the allocations made for them),
    when that is one affinity and nothing comes from where the analysis cannot see (a function argument)."""
    if id(exe) in seen:
        return None
    seen.add(id(exe))
    found: dict[str, A.Attribute] = {}
    for v in exe.operands:
        if not isinstance(v.type, T.ResourceType):
            continue
        d = v.defining_op
        while d is not None and d.op_name in ("stream.timepoint.await", "stream.resource.subview"):
            v = d.operands[
                next(i for i, r in enumerate(d.results) if r is v) if d.op_name.endswith("await") else 0
            ]
            d = v.defining_op
        if d is not None and d.op_name == "stream.resource.alloca":  # a region allocated before this one
            a = d.attr("affinity")
        elif d is not None and d.op_name == "stream.async.execute":
            a = d.attr("affinity") or produced_on(d, seen)
        else:
            return None
        if a is None:
            return None
        found[str(a)] = a
    return next(iter(found.values())) if len(found) == 1 else None
