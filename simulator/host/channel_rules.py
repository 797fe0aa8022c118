"""Host rules for ``stream.channel.*``, and the recording of ``stream.cmd.collective``.

``stream.channel.create`` makes one rank's channel on the device of its affinity: with ``rank`` and
``count`` given, it joins the communicator of its ``id``/``group`` under that rank; without them it takes
the run's default (rank 0 of 1). ``stream.channel.split`` returns a channel that resolves when every rank
of the parent has split (:mod:`simulator.collectives.channels`); ``stream.channel.rank`` and ``count``
block the host until their channel has resolved. A ``stream.cmd.collective`` inside an execute region
records a :class:`~simulator.collectives.CollectiveCmd`: its read-only range is what it sends and its
write range what it receives (IREE lowers send and recv with one range, the others with two).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import numpy as np

from ir import Operation
from ir.attributes import ArrayAttr
from ir.dialects.stream_attrs import CollectiveAttr
from simulator.archives.dtypes import numpy_dtype
from simulator.collectives import Channel, ChannelRegistry, CollectiveCmd
from simulator.errors import UnsupportedOpError
from simulator.host import fields
from simulator.host.interpreter import Interpreter, Rule
from simulator.host.values import HostBuffer
from simulator.memory import ResourceRef, check_range
from simulator.rules import RuleTable
from simulator.runtime import location

RULES: RuleTable[Rule] = RuleTable("host.channel")
rule = RULES.register


def _channel(op: Operation, value: Any) -> Channel:
    if not isinstance(value, Channel):
        raise UnsupportedOpError(f"{op.describe()}: expected a !stream.channel, got {type(value).__name__}")
    return value


@rule("stream.channel.create")
def _create(interp: Interpreter, op: Operation, args: list[Any]) -> Channel:
    rt = interp.runtime
    g = fields.groups(op, args)
    ident = g.get("id")
    group = op.attr("group")
    key = (
        bytes(ident.data) if isinstance(ident, HostBuffer) else None,
        getattr(group, "value", None),
    )
    rank, count = g.get("rank"), g.get("count")
    if (rank is None) != (count is None):
        raise UnsupportedOpError(f"{op.describe()}: give both rank and count, or neither")
    if rank is None or count is None:
        rank, count = rt.default_rank
    device = rt.device_of(op)
    return rt.fabric.channels.create(key, int(rank), int(count), device, op.describe())


@rule("stream.channel.split")
def _split(interp: Interpreter, op: Operation, args: list[Any]) -> Channel:
    parent, color, key = args
    parent = _channel(op, parent)
    rt = interp.runtime
    return rt.fabric.channels.split(parent, int(color), int(key), parent.device, op.describe())


def wait_resolved(interp: Interpreter, op: Operation, channel: Channel) -> Generator[Any, Any, None]:
    """Block the host at ``op`` until ``channel`` has resolved (every rank of its split has split)."""
    if channel.resolved.triggered:
        return
    yield from interp.settle()
    engine = interp.engine
    token = engine.begin_wait(
        lambda: f"host at {op.describe()} waits for {ChannelRegistry.waiting_for(channel)}"
    )
    yield channel.resolved
    engine.end_wait(token)


@rule("stream.channel.rank")
def _rank(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, int]:
    channel = _channel(op, args[0])
    yield from wait_resolved(interp, op, channel)
    return channel.rank


@rule("stream.channel.count")
def _count(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, int]:
    channel = _channel(op, args[0])
    yield from wait_resolved(interp, op, channel)
    return channel.count


def record_collective(interp: Interpreter, op: Operation, env: dict[Any, Any]) -> CollectiveCmd:
    """The command a ``stream.cmd.collective`` records (bound ranges checked against their resources)."""
    rt = interp.runtime
    attr = op.attr("op")
    if not isinstance(attr, CollectiveAttr):
        raise UnsupportedOpError(
            f"{op.describe()}: collective without a #stream.collective<...> op attribute"
        )
    g = fields.groups(op, [env[v] for v in op._operands])
    channel = _channel(op, g["channel"])
    declared = op.attr("resource_accesses")
    accesses = [getattr(a, "value", 3) for a in declared] if isinstance(declared, ArrayAttr) else []
    send = recv = None
    where = op.describe()
    for i, ref in enumerate(g["resources"]):
        if not isinstance(ref, ResourceRef):
            raise UnsupportedOpError(f"{where}: resource {i} is not a resource")
        offset, length = int(g["resource_offsets"][i]), int(g["resource_lengths"][i])
        check_range(ref, offset, length, where)
        access = accesses[i] if i < len(accesses) else 3
        if access & 2:
            recv = (ref, offset, length)
        else:
            send = (ref, offset, length)
    element_type = attr.element_type.value
    dtype = numpy_dtype(element_type)
    if dtype is None:
        raise UnsupportedOpError(f"{where}: collective element type {element_type} has no numpy dtype")
    kind = attr.kind.value
    if kind == "recv" and recv is None and send is not None:
        recv, send = send, None  # a one-range recv written without an access list
    args = {
        "op": op.op_name,
        "loc": location(op),
        "affinity": rt.affinity_text(op),
        "bytes": int(g["element_count"]) * np.dtype(dtype).itemsize,
    }
    reduction = attr.reduction.value if attr.reduction is not None else None
    param = g.get("param")
    return CollectiveCmd(
        op,
        kind,
        reduction,
        element_type,
        np.dtype(dtype),
        int(g["element_count"]),
        None if param is None else int(param),
        channel,
        send,
        recv,
        args,
        rt.fabric,
    )
