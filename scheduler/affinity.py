"""Affinities as IREE's schedule-allocation derives them for the resources an execution region makes.

A region's escaping result is allocated where every device that touches it can reach it
(``deriveResultAffinity`` in IREE's ScheduleAllocation.cpp): the affinities of its producer and consumers
(or, when a host op pins it, the pinning ops'), joined with the target of the transfer that made it or
else the region's own affinity. One device gives that device (queue masks united); several give
``#hal.device.optimal<[...]>``, which IREE's runtime allocates on the first listed device.

Examples
--------
>>> from ir import attributes as A
>>> a = A.DeviceAffinityAttr(A.SymbolRefAttr("dev_a"))
>>> b = A.DeviceAffinityAttr(A.SymbolRefAttr("dev_b"))
>>> print(join_or(a, b))
#hal.device.optimal<[#hal.device.affinity<@dev_a>, #hal.device.affinity<@dev_b>]>
>>> print(join_or(A.DeviceAffinityAttr(a.device, (0,)), A.DeviceAffinityAttr(a.device, (2,))))
#hal.device.affinity<@dev_a, [0, 2]>
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ir import Operation, Value
from ir import attributes as A
from ir.dialects.stream_resource import TimepointAwaitOp


def module_default_affinity(op: Operation) -> A.Attribute | None:
    """The ``stream.affinity.default`` of the nearest op enclosing ``op`` (itself included) that has one."""
    cur: Operation | None = op
    while cur is not None:
        aff = cur.attr("stream.affinity.default")
        if aff is not None:
            return aff
        cur = cur.parent_op
    return None


def join_or(a: A.Attribute | None, b: A.Attribute | None) -> A.Attribute | None:
    """IREE's ``AffinityAttr::joinOR``: one device's queue masks united, different devices in a
    ``#hal.device.optimal`` (in the order they join)."""
    if a is None:
        return b
    if b is None or a == b:
        return a
    if isinstance(a, A.DeviceOptimalAttr):
        members = list(a.affinities)
    else:
        members = [a]
    for x in b.affinities if isinstance(b, A.DeviceOptimalAttr) else (b,):
        for i, m in enumerate(members):
            if (
                isinstance(m, A.DeviceAffinityAttr)
                and isinstance(x, A.DeviceAffinityAttr)
                and m.device == x.device
            ):
                ma, mx = m.queue_mask, x.queue_mask
                queues = (
                    None if ma is None or mx is None else tuple(q for q in range(64) if (ma | mx) >> q & 1)
                )
                members[i] = A.DeviceAffinityAttr(m.device, queues)
                break
            if m == x:
                break
        else:
            members.append(x)
    return members[0] if len(members) == 1 else A.DeviceOptimalAttr(tuple(members))


def result_affinity(  # type: ignore[no-untyped-def]
    plan, p: int, value: Value, owner: dict[int, int], top: Callable[[Any, Operation], int | None]
) -> A.Attribute | None:
    """Where IREE's schedule-allocation allocates region ``p``'s escaping ``value``
    (``deriveResultAffinity``): the affinities the value is pinned to by host ops that name one (a
    ``stream.tensor.export on(...)``), else those of its producer and consumers, sorted by their text;
    joined (:func:`join_or`) with the target of the transfer that made it, else the region's own affinity.
    Values used by regions on other devices so land in ``#hal.device.optimal`` memory."""
    default = module_default_affinity(plan.op)
    exec_aff = plan.partitions[p].affinity or default
    pinned: list[A.Attribute] = []
    users: list[A.Attribute | None] = []
    work = [value]
    while work:
        v = work.pop()
        for user, _ in v.uses:
            if isinstance(user, TimepointAwaitOp) and user.parent is plan.block:
                work.extend(r for r, o in zip(user.results, user.resource_operands) if o is v)
                continue
            t = top(plan, user)
            q = owner.get(t) if t is not None else None
            if q is not None:
                if q != p:
                    users.append(plan.partitions[q].affinity or default)
                continue
            aff = user.attr("affinity")
            if aff is None:
                continue
            if user.op_name in ("stream.tensor.export", "stream.async.store", "stream.tensor.store"):
                pinned.append(aff)
            else:
                users.append(aff)
    usage: list[A.Attribute | None] = [*pinned] if pinned else [exec_aff, *users]
    uniq: dict[str, A.Attribute] = {}
    for a in usage:
        if a is not None:
            uniq.setdefault(str(a), a)
    joined: A.Attribute | None = None
    for key in sorted(uniq):
        joined = join_or(joined, uniq[key])
    made = value.defining_op
    local = transfer_target(made) if made is not None and made.op_name == "stream.async.transfer" else None
    return join_or(joined, local or exec_aff)


def transfer_target(op: Operation) -> A.Attribute | None:
    return op.attr("target_affinity") or op.attr("result_affinity")  # IREE 3.13 / older spelling
