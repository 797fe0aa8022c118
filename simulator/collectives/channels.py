"""Channels and communicators: who takes part in a collective, and under which rank.

A *communicator* is a group of ``count`` ranks; a *channel* is one rank's handle on it (what
``stream.channel.create`` returns and ``hal.channel.create`` makes at run time). Channels meet in a
communicator by their key, the ``id`` and ``group`` of ``stream.channel.create``: in one program that
drives several devices, each device creates its channel with its own rank and the same group, as the op's
documentation describes (``rank``/``count`` omitted means the environment's, here the run's rank and
rank count: rank 0 of 1 unless the run says otherwise). A channel joins the newest communicator of its key
that still lacks its rank; a second channel for a taken rank starts a new communicator.

``stream.channel.split`` is collective over the parent: each rank's k-th split is matched with the other
ranks' k-th, and when every parent rank has split, the ranks of each color form a new communicator,
ordered by key then parent rank (as ``MPI_Comm_split``). A split channel is *unresolved* until then: its
rank and count, and collectives on it, wait for the other ranks (and a rank that never splits is a
deadlock naming it). A negative color takes no part: the channel has no communicator.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import simpy

from simulator.errors import DeviceFailure

if TYPE_CHECKING:
    from simulator.queues import Device


class Communicator:
    """``count`` ranks that run collectives together; the rendezvous state lives in the fabric."""

    def __init__(self, name: str, count: int) -> None:
        self.name = name
        self.count = count
        self.members: dict[int, Channel] = {}
        # Per rank: how many group collectives and splits it has issued (the k-th of each rank meet).
        self.issued: dict[int, int] = {}
        self.splits_issued: dict[int, int] = {}
        self.splits: dict[int, dict[int, tuple[Channel, int, int]]] = {}

    def missing(self, present: Any) -> list[int]:
        return [r for r in range(self.count) if r not in present]


class Channel:
    """One rank's handle on a communicator (or on a split not yet resolved)."""

    def __init__(self, env: simpy.Environment, device: Device | None, what: str) -> None:
        self.device = device
        self.what = what
        self.comm: Communicator | None = None
        self.rank = -1
        self.resolved = env.event()
        # A split channel: the communicator it was split from and which of its splits made it.
        self.parent: Communicator | None = None
        self.split_index = 0

    def bind(self, comm: Communicator | None, rank: int) -> None:
        self.comm = comm
        self.rank = rank
        if comm is not None:
            comm.members[rank] = self
        self.resolved.succeed()

    @property
    def count(self) -> int:
        return self.comm.count if self.comm is not None else 0

    def describe(self) -> str:
        if self.comm is None:
            return f"channel of {self.what} (no communicator)"
        return f"channel {self.comm.name} rank {self.rank} of {self.comm.count}"


class ChannelRegistry:
    """The communicators of one run, by key; names them ``ch0``, ``ch1``... in creation order."""

    def __init__(self, env: simpy.Environment) -> None:
        self.env = env
        self.by_key: dict[Hashable, list[Communicator]] = {}
        self._ids = itertools.count()
        self._all: list[Communicator] = []

    def _new(self, count: int) -> Communicator:
        comm = Communicator(f"ch{next(self._ids)}", count)
        self._all.append(comm)
        return comm

    def communicators(self) -> list[Communicator]:
        """Every communicator made so far (created and split), in the order they were made."""
        return list(self._all)

    def create(self, key: Hashable, rank: int, count: int, device: Device | None, what: str) -> Channel:
        """``stream.channel.create``: rank ``rank`` of a ``count``-rank communicator of ``key``."""
        if count < 1 or not 0 <= rank < count:
            raise DeviceFailure(f"{what}: channel rank {rank} is not in [0, {count}) (count {count})")
        comms = self.by_key.setdefault(key, [])
        comm = next((c for c in reversed(comms) if rank not in c.members), None) if comms else None
        if comm is not None and comm.count != count:
            raise DeviceFailure(
                f"{what}: channel of rank {rank} says count {count} but {comm.name} of the same group has "
                f"count {comm.count}"
            )
        if comm is None:
            comm = self._new(count)
            comms.append(comm)
        channel = Channel(self.env, device, what)
        channel.bind(comm, rank)
        return channel

    def split(self, parent: Channel, color: int, key: int, device: Device | None, what: str) -> Channel:
        """``stream.channel.split``: an unresolved channel, resolved when every parent rank has split."""
        comm = parent.comm
        if comm is None:
            raise DeviceFailure(f"{what}: splits a channel that has no communicator")
        k = comm.splits_issued.get(parent.rank, 0)
        comm.splits_issued[parent.rank] = k + 1
        child = Channel(self.env, device, what)
        child.parent, child.split_index = comm, k
        calls = comm.splits.setdefault(k, {})
        calls[parent.rank] = (child, color, key)
        if len(calls) == comm.count:
            del comm.splits[k]
            self._resolve(calls)
        return child

    def _resolve(self, calls: dict[int, tuple[Channel, int, int]]) -> None:
        colors = sorted({color for _, color, _ in calls.values() if color >= 0})
        for color in colors:
            ranks = sorted((key, r) for r, (_, c, key) in calls.items() if c == color)
            comm = self._new(len(ranks))
            for new_rank, (_, parent_rank) in enumerate(ranks):
                calls[parent_rank][0].bind(comm, new_rank)
        for child, color, _ in calls.values():
            if color < 0:
                child.bind(None, -1)

    @staticmethod
    def waiting_for(channel: Channel) -> str:
        """What an unresolved split channel waits for (for deadlock reports)."""
        parent, k = channel.parent, channel.split_index
        if parent is None:
            return "nothing"
        calls = parent.splits.get(k, {})
        return f"rank(s) {parent.missing(calls)} of {parent.name} to split it"
