"""Host rules for HAL collective channels and ``hal.command_buffer.collective``.

These are the HAL-form counterparts of :mod:`simulator.host.channel_rules`, over the same communicators
(:mod:`simulator.collectives`):

- ``hal.channel.create`` makes one rank's channel on its device. ``rank``/``count`` of -1 ask the runtime
  for its default, as IREE's do (a channel provider, or rank 0 of 1 without one): here the run's default
  rank (:attr:`Runtime.default_rank`). Channels with the same ``id`` and ``group`` bytes meet in one
  communicator.
- ``hal.channel.split`` returns a channel resolved when every rank of the parent has split (by color, then
  key); ``hal.channel.rank_and_count`` blocks the host until its channel has resolved.
- ``hal.command_buffer.collective`` records a collective into a command buffer. Its send and recv buffers
  may be binding-table slots of an indirect command buffer, resolved when the buffer is executed; the
  command that runs is the same :class:`~simulator.collectives.CollectiveCmd` a stream-form
  ``stream.cmd.collective`` records, so numerics, timing and the checker are shared.

``#hal.collective<kind [with reduction] : element type>`` is read by :meth:`CollectiveAttr.from_body`, the
stream dialect's own parser of that text.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import numpy as np

from ir import Operation
from ir.attributes import DialectAttr
from ir.dialects.stream_attrs import CollectiveAttr
from ir.errors import IRError
from simulator.archives.dtypes import numpy_dtype
from simulator.collectives import Channel, CollectiveCmd
from simulator.errors import UnsupportedOpError
from simulator.host import fields
from simulator.host.channel_rules import wait_resolved
from simulator.host.hal_command_rules import HalCommandBuffer, command_buffer_arg, slot_or_buffer
from simulator.host.hal_device_rules import device_arg
from simulator.host.interpreter import Interpreter, Rule
from simulator.host.values import HostBuffer
from simulator.memory import check_range
from simulator.queues import Device
from simulator.rules import RuleTable
from simulator.runtime import Runtime, location

RULES: RuleTable[Rule] = RuleTable("host.hal_channel")
rule = RULES.register

def _channel(op: Operation, value: Any) -> Channel:
    if not isinstance(value, Channel):
        raise UnsupportedOpError(f"{op.describe()}: expected a !hal.channel, got {type(value).__name__}")
    return value


def _key_part(value: Any) -> bytes | None:
    return bytes(value.data) if isinstance(value, HostBuffer) else None


@rule("hal.channel.create")
def _create(interp: Interpreter, op: Operation, args: list[Any]) -> Channel:
    rt = interp.runtime
    g = fields.groups(op, args)
    device = device_arg(op, g["device"])
    rank, count = int(g["rank"]), int(g["count"])
    if (rank < 0) != (count < 0):
        raise UnsupportedOpError(f"{op.describe()}: rank {rank} and count {count}: give both, or -1 for both")
    if rank < 0:
        rank, count = rt.default_rank
    key = ("hal", _key_part(g["id"]), _key_part(g["group"]))
    return rt.fabric.channels.create(key, rank, count, device, op.describe())


@rule("hal.channel.split")
def _split(interp: Interpreter, op: Operation, args: list[Any]) -> Channel:
    g = fields.groups(op, args)
    parent = _channel(op, g["channel"])
    rt = interp.runtime
    return rt.fabric.channels.split(parent, int(g["color"]), int(g["key"]), parent.device, op.describe())


@rule("hal.channel.rank_and_count")
def _rank_and_count(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, tuple[int, int]]:
    channel = _channel(op, args[0])
    yield from wait_resolved(interp, op, channel)
    return channel.rank, channel.count


def parse_hal_collective(op: Operation) -> tuple[str, str | None, str]:
    """(kind, reduction or None, element type) of the op's ``#hal.collective<...>`` attribute."""
    attr = op.attr("op")
    if not isinstance(attr, DialectAttr) or attr.name != "hal.collective" or attr.body is None:
        raise UnsupportedOpError(
            f"{op.describe()}: expected op(#hal.collective<kind [with reduction] : element type>), found {attr}"
        )
    try:
        parsed = CollectiveAttr.from_body(attr.body)
    except IRError as exc:
        raise UnsupportedOpError(f"{op.describe()}: #hal.collective: {exc.message}") from None
    reduction = parsed.reduction.value if parsed.reduction is not None else None
    return parsed.kind.value, reduction, parsed.element_type.value


class HalCollective:
    """A recorded ``hal.command_buffer.collective``; buffers may be binding slots until execution."""

    __slots__ = ("channel", "count", "dtype", "element_type", "kind", "op", "param", "recv", "reduction", "send")

    def __init__(self, op: Operation, g: dict[str, Any]) -> None:
        self.op = op
        self.kind, self.reduction, self.element_type = parse_hal_collective(op)
        dtype = numpy_dtype(self.element_type)
        if dtype is None:
            raise UnsupportedOpError(f"{op.describe()}: collective element type {self.element_type} has no numpy dtype")
        self.dtype = np.dtype(dtype)
        self.channel = _channel(op, g["channel"])
        self.count = int(g["element_count"])
        param = g.get("param")
        self.param = None if param is None else int(param)
        self.send = self._range(op, g, "send")
        self.recv = self._range(op, g, "recv")

    @staticmethod
    def _range(op: Operation, g: dict[str, Any], side: str) -> tuple[Any, int, int] | None:
        buffer = g.get(f"{side}_buffer")
        if buffer is None:
            return None
        offset, length = g.get(f"{side}_offset"), g.get(f"{side}_length")
        return slot_or_buffer(op, buffer), int(offset or 0), int(length or 0)

    def command(self, rt: Runtime, device: Device, buf: Any) -> CollectiveCmd:
        """The command a queue runs, with binding-table slots resolved by ``buf``."""
        where = self.op.describe()
        ranges: list[tuple[Any, int, int] | None] = []
        for side, r in (("send", self.send), ("recv", self.recv)):
            if r is None:
                ranges.append(None)
                continue
            ref = buf(r[0], f"{side} buffer")
            check_range(ref, r[1], r[2], where)
            ranges.append((ref, r[1], r[2]))
        args = {
            "op": self.op.op_name,
            "loc": location(self.op),
            "affinity": None,
            "bytes": self.count * self.dtype.itemsize,
        }
        return CollectiveCmd(
            self.op, self.kind, self.reduction, self.element_type, self.dtype, self.count, self.param,
            self.channel, ranges[0], ranges[1], args, rt.fabric,
        )  # fmt: skip


@rule("hal.command_buffer.collective")
def _collective(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    g = fields.groups(op, args)
    cb: HalCommandBuffer = command_buffer_arg(op, g["command_buffer"])
    cb.add(op, HalCollective(op, g))
