"""The value walks of IREE's schedule-allocation, and its one-for-one rewrites (``stream.async.func``
declarations), for :mod:`scheduler.passes.schedule_allocation` (where results are placed:
:mod:`scheduler.passes.allocation_affinity`)."""

from __future__ import annotations

from ir import Block, Builder, Operation, OpResult, Region, Value
from ir import attributes as A
from ir import types as T
from scheduler.access import result_size
from scheduler.errors import ScheduleError, UnsupportedOpError
from scheduler.passes.copy_analysis import tied_operand
from scheduler.usage_graph import tied_results


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
