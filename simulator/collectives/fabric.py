"""Collectives at run time: ranks meet, bytes cross the links, numpy computes the result.

A recorded ``stream.cmd.collective`` (:class:`CollectiveCmd`) runs on the queue of the rank that issued
it. Its life on that queue:

    reached -> [split channel: wait until it resolves] -> arrived -> (all ranks arrived) -> moving -> done
                                                               \\-> a rank never arrives: deadlock naming it

Group collectives (all_reduce, all_gather, reduce_scatter, all_to_all, broadcast, reduce) meet by order:
each rank's k-th collective on a communicator meets the other ranks' k-th, and all must agree on kind,
reduction, element type and count. When the last rank arrives, the collective runs the steps of the
machine's algorithm for its kind (:mod:`simulator.collectives.algorithms`) over the links between the
ranks' devices, then, with data, writes each rank's result (:mod:`simulator.collectives.numerics`).
Each rank's queue is busy from its arrival to the end: a ``wait for ranks`` span while it waits for the
others, then the collective's span (category ``collective``); link spans carry the steps.

Point-to-point kinds pair up: a send from rank a to rank b meets the oldest unmatched recv on b from a
(and the other way round); send_recv posts both halves at once, so rings of send_recv do not deadlock.
A send_recv without a recv peer zeroes its receive range, as IREE's CUDA driver does.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import numpy as np

from ir import Operation
from simulator.collectives.algorithms import collective_steps
from simulator.collectives.channels import Channel, ChannelRegistry, Communicator
from simulator.collectives.numerics import collective_results, send_recv_peers
from simulator.costs import CostModel
from simulator.errors import DeviceFailure
from simulator.memory import ResourceRef

if TYPE_CHECKING:
    from simulator.engine import Engine
    from simulator.machine import Machine
    from simulator.queues import Device, Queue

POINT_TO_POINT = frozenset({"send", "recv", "send_recv"})

#: A bound byte range: (resource, offset, length).
Range = tuple[ResourceRef, int, int]


class CollectiveCmd:
    """A recorded collective: its kind, reduction, element type and count, channel and byte ranges."""

    __slots__ = (
        "args",
        "channel",
        "dtype",
        "element_bytes",
        "element_count",
        "element_type",
        "fabric",
        "kind",
        "op",
        "param",
        "recv",
        "reduction",
        "send",
    )

    def __init__(
        self,
        op: Operation,
        kind: str,
        reduction: str | None,
        element_type: str,
        dtype: np.dtype[Any],
        element_count: int,
        param: int | None,
        channel: Channel,
        send: Range | None,
        recv: Range | None,
        args: dict[str, Any],
        fabric: Fabric,
    ) -> None:
        self.op = op
        self.fabric = fabric
        self.kind = kind
        self.reduction = reduction
        self.element_type = element_type
        self.dtype = dtype
        self.element_bytes = dtype.itemsize
        self.element_count = element_count
        self.param = param
        self.channel = channel
        self.send = send
        self.recv = recv
        self.args = args

    @property
    def where(self) -> str:
        return self.op.describe()

    def signature(self) -> tuple[Any, ...]:
        return (self.kind, self.reduction, self.element_type, self.element_count, self.param)

    def elements(self, which: Range | None) -> np.ndarray | None:
        """The elements of a bound range (None when timing-only or unbound)."""
        if which is None:
            return None
        ref, offset, length = which
        view = ref.view(offset, length)
        if view is None:
            return None
        usable = length - length % self.element_bytes
        return view[:usable].view(self.dtype)


class _Meeting:
    """The k-th group collective of a communicator: who has arrived, and the event that ends it."""

    __slots__ = ("arrivals", "done")

    def __init__(self, engine: Engine) -> None:
        self.arrivals: dict[int, tuple[CollectiveCmd, Queue]] = {}
        self.done = engine.env.event()


class _Post:
    """One half of a point-to-point transfer waiting for its other half."""

    __slots__ = ("cmd", "done", "queue", "rank")

    def __init__(self, engine: Engine, cmd: CollectiveCmd, queue: Queue, rank: int) -> None:
        self.cmd = cmd
        self.queue = queue
        self.rank = rank
        self.done = engine.env.event()


class Fabric:
    """The collectives of one run: its channel registry, the meetings under way and unmatched posts."""

    def __init__(self, engine: Engine, machine: Machine, with_data: bool) -> None:
        self.engine = engine
        self.machine = machine
        self.with_data = with_data
        self.channels = ChannelRegistry(engine.env)
        self.meetings: dict[tuple[str, int], _Meeting] = {}
        self.posts: dict[tuple[str, int, int, str], deque[_Post]] = {}

    # -- what is left waiting (deadlock reports) --------------------------------------------------

    def stuck(self) -> list[dict[str, Any]]:
        """The collectives still waiting for other ranks, one entry per meeting, unmatched
        point-to-point half and unresolved split: ``what`` (a sentence), ``waiting`` (rank -> the
        command's op) and ``missing`` (the ranks that never came)."""
        out: list[dict[str, Any]] = []
        for (name, k), meeting in self.meetings.items():
            if meeting.done.triggered or not meeting.arrivals:
                continue
            cmd, _ = next(iter(meeting.arrivals.values()))
            count = cmd.channel.count
            missing = [r for r in range(count) if r not in meeting.arrivals]
            waiting = {r: (c.op, q.name) for r, (c, q) in sorted(meeting.arrivals.items())}
            out.append(
                {
                    "what": f"{cmd.kind} #{k} on {name}: rank(s) {sorted(waiting)} of {count} wait in it for "
                    f"rank(s) {missing}, which never issued it",
                    "channel": name,
                    "collective": cmd.kind,
                    "waiting": waiting,
                    "missing": missing,
                }
            )
        for (name, src, dst, role), posts in self.posts.items():
            for post in posts:
                if post.done.triggered:
                    continue
                peer = dst if role == "send" else src
                other = "recv" if role == "send" else "send"
                out.append(
                    {
                        "what": f"{post.cmd.kind} on {name}: rank {post.rank} waits for rank {peer}'s matching "
                        f"{other}, which it never issued",
                        "channel": name,
                        "collective": post.cmd.kind,
                        "waiting": {post.rank: (post.cmd.op, post.queue.name)},
                        "missing": [peer],
                    }
                )
        for comm in self.channels.communicators():
            for k, calls in comm.splits.items():
                missing = comm.missing(calls)
                out.append(
                    {
                        "what": f"split #{k} of {comm.name}: rank(s) {sorted(calls)} of {comm.count} wait for "
                        f"rank(s) {missing} to split it too",
                        "channel": comm.name,
                        "collective": "split",
                        "waiting": {},
                        "missing": missing,
                    }
                )
        return out

    # -- running one rank's command --------------------------------------------------------------

    def run(
        self, cmd: CollectiveCmd, queue: Queue, lane: int, flows_from: list[int]
    ) -> Generator[Any, Any, int]:
        engine = self.engine
        channel = cmd.channel
        arrived = engine.now
        if not channel.resolved.triggered:
            token = engine.begin_wait(
                lambda: f"{cmd.where} on {queue.name} waits for {ChannelRegistry.waiting_for(channel)}"
            )
            yield channel.resolved
            engine.end_wait(token)
        comm = channel.comm
        if comm is None:
            raise DeviceFailure(
                f"{cmd.where}: {cmd.kind} on a channel that takes no part (negative split color)"
            )
        if channel.device is not None and channel.device is not queue.device:
            raise DeviceFailure(
                f"{cmd.where}: {cmd.kind} runs on {queue.device.spec.name} but its channel ({channel.describe()}) "
                f"was created for {channel.device.spec.name}; collectives must run where their channel lives"
            )
        if cmd.kind in POINT_TO_POINT:
            start, end, algorithm = yield from self._point_to_point(cmd, comm, channel.rank, queue)
        else:
            start, end, algorithm = yield from self._group(cmd, comm, channel.rank, queue)
        args = {
            **cmd.args,
            "channel": comm.name,
            "rank": channel.rank,
            "ranks": comm.count,
            "algorithm": algorithm,
        }
        return self._spans(cmd, queue, lane, flows_from, arrived, start, end, args)

    def _spans(
        self,
        cmd: CollectiveCmd,
        queue: Queue,
        lane: int,
        flows_from: list[int],
        arrived: int,
        start: int,
        end: int,
        args: dict[str, Any],
    ) -> int:
        trace = self.engine.trace
        track = queue.lane(lane)
        first = None
        if start > arrived:
            first = trace.add_span(track, "wait for ranks", "sync", arrived, start - arrived, cmd.args).id
        span = trace.add_span(track, cmd.kind, "collective", start, end - start, args).id
        for src in flows_from:
            trace.add_flow(src, first if first is not None else span)
        return span

    # -- group collectives -------------------------------------------------------------------------

    def _group(
        self, cmd: CollectiveCmd, comm: Communicator, rank: int, queue: Queue
    ) -> Generator[Any, Any, tuple[int, int, str]]:
        engine = self.engine
        k = comm.issued.get(rank, 0)
        comm.issued[rank] = k + 1
        key = (comm.name, k)
        meeting = self.meetings.get(key)
        if meeting is None:
            meeting = self.meetings[key] = _Meeting(engine)
        for other, (seen, _) in meeting.arrivals.items():
            if seen.signature() != cmd.signature():
                error = DeviceFailure(
                    f"{cmd.where}: rank {rank} issued {_describe(cmd)} as collective #{k} on {comm.name} but rank "
                    f"{other} issued {_describe(seen)} ({seen.where})"
                )
                # The ranks already waiting fail with it (they would otherwise wait for ever).
                del self.meetings[key]
                meeting.done.fail(error)
                raise error
            break
        meeting.arrivals[rank] = (cmd, queue)
        if len(meeting.arrivals) == comm.count:
            del self.meetings[key]
            engine.env.process(self._perform(meeting, comm))
        if not meeting.done.triggered:
            token = engine.begin_wait(
                lambda: (
                    f"{cmd.kind} #{k} on {comm.name} (rank {rank} of {comm.count}, {queue.name}) waits for "
                    f"rank(s) {comm.missing(meeting.arrivals)}"
                )
            )
            try:
                yield meeting.done
            finally:
                engine.end_wait(token)
        start, end, algorithm = meeting.done.value  # type: ignore[misc]
        return int(start), int(end), str(algorithm)

    def _perform(self, meeting: _Meeting, comm: Communicator) -> Generator[Any, Any, None]:
        engine = self.engine
        first, _ = meeting.arrivals[0]
        p = comm.count
        algorithm = self.machine.collectives.algorithm_for(first.kind)
        start = engine.now
        try:
            root = first.param if first.kind in ("broadcast", "reduce") and first.param is not None else 0
            steps = collective_steps(
                first.kind,
                algorithm,
                ranks=p,
                element_count=first.element_count,
                element_bytes=first.element_bytes,
                root=root,
            )
            devices = [meeting.arrivals[r][1].device for r in range(p)]
            args = {**first.args, "channel": comm.name, "algorithm": algorithm}
            for i, step in enumerate(steps):
                name = f"{first.kind} step {i}"
                moves = [
                    engine.env.process(self._move(devices[s], devices[d], nbytes, name, args))
                    for s, d, nbytes in step  # an empty chunk still costs its step's latency
                ]
                if moves:
                    yield engine.env.all_of(moves)
            if self.with_data:
                self._compute(meeting, comm)
        except DeviceFailure as exc:
            meeting.done.fail(exc)
            return
        meeting.done.succeed((start, engine.now, algorithm))

    def _compute(self, meeting: _Meeting, comm: Communicator) -> None:
        cmds = [meeting.arrivals[r][0] for r in range(comm.count)]
        first = cmds[0]
        sends = [c.elements(c.send) for c in cmds]
        results = collective_results(first.kind, first.reduction, sends, first.element_count, first.param)
        for rank, (cmd, result) in enumerate(zip(cmds, results)):
            if result is not None:
                _store(cmd, rank, result)

    def _move(
        self, src: Device, dst: Device, nbytes: int, name: str, args: dict[str, Any]
    ) -> Generator[Any, Any, None]:
        """Move ``nbytes`` from ``src`` to ``dst``: over the links between them, or a copy inside one device."""
        if src is dst:
            yield self.engine.env.timeout(CostModel.copy_ns(src.spec, nbytes))
            return
        for link, a, b in src.route(src.spec.name, dst.spec.name):
            yield from link.transfer(a, b, nbytes, name, args, [], category="collective")

    # -- point to point ----------------------------------------------------------------------------

    def _point_to_point(
        self, cmd: CollectiveCmd, comm: Communicator, rank: int, queue: Queue
    ) -> Generator[Any, Any, tuple[int, int, str]]:
        engine = self.engine
        halves: list[tuple[str, int]] = []
        param = 0 if cmd.param is None else int(cmd.param)
        if cmd.kind == "send":
            halves.append(("send", param))
        elif cmd.kind == "recv":
            halves.append(("recv", param))
        else:
            send_peer, recv_peer = send_recv_peers(param)
            if send_peer != -1:
                halves.append(("send", send_peer))
            if recv_peer != -1:
                halves.append(("recv", recv_peer))
            elif self.with_data:
                zeros = cmd.elements(cmd.recv)
                if zeros is not None:
                    zeros[: cmd.element_count] = 0
        posts: list[_Post] = []
        for role, peer in halves:
            if not 0 <= peer < comm.count:
                raise DeviceFailure(
                    f"{cmd.where}: {role} peer rank {peer} is not in [0, {comm.count}) on {comm.name}"
                )
            src, dst = (rank, peer) if role == "send" else (peer, rank)
            other = "recv" if role == "send" else "send"
            post = _Post(engine, cmd, queue, rank)
            waiting = self.posts.get((comm.name, src, dst, other))
            if waiting:
                match = waiting.popleft()
                pair = (post, match) if role == "send" else (match, post)
                engine.env.process(self._deliver(pair[0], pair[1], comm))
            else:
                self.posts.setdefault((comm.name, src, dst, role), deque()).append(post)
            posts.append(post)
        if not posts:
            return engine.now, engine.now, "direct"
        pending = [(role, peer, post) for (role, peer), post in zip(halves, posts)]
        token = engine.begin_wait(
            lambda: "; ".join(
                f"{cmd.kind} on {comm.name} (rank {rank}, {queue.name}) waits for rank {peer}'s matching "
                f"{'recv' if role == 'send' else 'send'}"
                for role, peer, post in pending
                if not post.done.triggered
            )
        )
        try:
            yield engine.env.all_of([p.done for p in posts])
        finally:
            engine.end_wait(token)
        windows = [p.done.value for p in posts]
        start = min(int(w[0]) for w in windows)  # type: ignore[index]
        return start, max(int(w[1]) for w in windows), "direct"  # type: ignore[index]

    def _deliver(self, send: _Post, recv: _Post, comm: Communicator) -> Generator[Any, Any, None]:
        engine = self.engine
        start = engine.now
        cmd = send.cmd
        nbytes = cmd.element_count * cmd.element_bytes
        try:
            if send.cmd.signature()[2:4] != recv.cmd.signature()[2:4]:
                raise DeviceFailure(
                    f"{recv.cmd.where}: receives {_describe(recv.cmd)} from rank {send.rank} which sends "
                    f"{_describe(send.cmd)} ({send.cmd.where})"
                )
            args = {**cmd.args, "channel": comm.name, "from_rank": send.rank, "to_rank": recv.rank}
            yield from self._move(send.queue.device, recv.queue.device, nbytes, "send", args)
            if self.with_data:
                data = cmd.elements(cmd.send)
                if data is None or data.size < cmd.element_count:
                    raise DeviceFailure(
                        f"{cmd.where}: send range holds fewer than {cmd.element_count} elements"
                    )
                _store(recv.cmd, recv.rank, data[: cmd.element_count].copy())
        except DeviceFailure as exc:
            send.done.fail(exc)
            recv.done.fail(DeviceFailure(str(exc)))
            return
        send.done.succeed((start, engine.now))
        recv.done.succeed((start, engine.now))


def _describe(cmd: CollectiveCmd) -> str:
    red = f" with {cmd.reduction}" if cmd.reduction not in (None, "none") else ""
    return f"{cmd.kind}{red} of {cmd.element_count} x {cmd.element_type}"


def _store(cmd: CollectiveCmd, rank: int, result: np.ndarray) -> None:
    target = cmd.elements(cmd.recv)
    if target is None:
        if cmd.recv is None:
            raise DeviceFailure(f"{cmd.where}: {cmd.kind} on rank {rank} has no receive range")
        return
    if target.size < result.size:
        raise DeviceFailure(
            f"{cmd.where}: rank {rank} receives {result.size} elements but its receive range holds {target.size}"
        )
    target[: result.size] = result
