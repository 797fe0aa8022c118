"""Command buffers: what ``stream.cmd.execute`` records and a queue executes.

Recording follows IREE's stream-to-HAL lowering: the execute region is a serial sequence with an
execution barrier after each op; the ops of a ``stream.cmd.concurrent`` wave have no barrier between
them; a ``stream.cmd.serial`` nested in a wave runs its ops in order. Here the recorded form is a tree:
:class:`Serial` and :class:`Concurrent` nodes over :class:`DispatchCmd`, :class:`FillCmd` and
:class:`CopyCmd` leaves.

Execution on a queue: a serial node runs its children one after the other (the barrier); a concurrent
node starts all of them and waits for all. Dispatches hold one of the device's execution units for their
roofline time, and a chain of back-to-back serial dispatches holds its unit from the first to the last
(serial work does not hand its unit over at a barrier); fills and copies hold a copy engine. On a device
whose fitted model runs regions on a pool of workers (``DispatchModelSpec.worker_pool``: IREE's
local-task), a concurrent block of dispatches is one region: it holds the unit, and its dispatches share
the workers. Concurrent children draw on lanes (tracks ``queueN``, ``queueN.1``, ...) so overlapping spans
stay readable. With data, each command computes at
its end: a dispatch runs its kernel on the bound byte ranges, a fill writes its pattern, a copy copies.
"""

from __future__ import annotations

import inspect
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import numpy as np
import simpy

from ir import Operation
from simulator.collectives import CollectiveCmd
from simulator.command_events import AllDone, DispatchRun
from simulator.costs import CostModel, DispatchCost
from simulator.dispatch_model import DispatchModelSpec
from simulator.errors import DeviceFailure, SimulationError
from simulator.executables import Executable
from simulator.memory import ResourceRef

if TYPE_CHECKING:
    from simulator.queues import Queue

ACCESS_NAMES = {1: "ro", 2: "wo", 3: "rw"}


class DispatchCmd:
    """A recorded dispatch. ``values`` are its operand values in the op's order; ``bounds`` split them into
    the op's six groups (workload, uniforms, resources, resource sizes, offsets, lengths). The groups are
    read through the properties below, so recording a dispatch copies none of them."""

    __slots__ = ("accesses", "args", "bounds", "cost", "duration_ns", "exe", "lengths", "op", "values")

    def __init__(
        self,
        exe: Executable,
        values: list[Any],
        bounds: tuple[int, ...],
        lengths: list[int],
        accesses: list[str],
        cost: DispatchCost,
        duration_ns: int,
        args: dict[str, Any],
        op: Operation,
    ) -> None:
        self.exe = exe
        self.values = values
        self.bounds = bounds
        self.lengths = lengths
        self.accesses = accesses
        self.cost = cost
        self.duration_ns = duration_ns
        self.args = args
        self.op = op

    @property
    def workload(self) -> list[int]:
        return self.values[0 : self.bounds[1]]

    @property
    def uniforms(self) -> list[Any]:
        return self.values[self.bounds[1] : self.bounds[2]]

    @property
    def bindings(self) -> list[tuple[ResourceRef, int]]:
        """(resource, offset) of each binding."""
        b = self.bounds
        return list(zip(self.values[b[2] : b[3]], self.values[b[4] : b[5]]))

    @property
    def where(self) -> str:
        return self.op.describe()


class FillCmd:
    __slots__ = ("args", "duration_ns", "length", "offset", "pattern", "target", "where")

    def __init__(
        self,
        target: ResourceRef,
        offset: int,
        length: int,
        pattern: bytes,
        duration_ns: int,
        args: dict[str, Any],
        where: str,
    ) -> None:
        self.target = target
        self.offset = offset
        self.length = length
        self.pattern = pattern
        self.duration_ns = duration_ns
        self.args = args
        self.where = where


class CopyCmd:
    __slots__ = (
        "args",
        "duration_ns",
        "length",
        "source",
        "source_offset",
        "target",
        "target_offset",
        "where",
    )

    def __init__(
        self,
        source: ResourceRef,
        source_offset: int,
        target: ResourceRef,
        target_offset: int,
        length: int,
        duration_ns: int,
        args: dict[str, Any],
        where: str,
    ) -> None:
        self.source = source
        self.source_offset = source_offset
        self.target = target
        self.target_offset = target_offset
        self.length = length
        self.duration_ns = duration_ns
        self.args = args
        self.where = where


class CallCmd:
    """``stream.cmd.call``: a Python host function run on the device timeline (may be a coroutine).

    It is called with the bound byte ranges of its resource operands (uint8 views; None when timing-only)
    and its other operands as values, when the queue reaches it.
    """

    __slots__ = ("args", "arguments", "duration_ns", "fn", "name", "op")

    def __init__(
        self, fn: Any, name: str, arguments: list[Any], duration_ns: int, args: dict[str, Any], op: Operation
    ):
        self.fn = fn
        self.name = name
        self.arguments = arguments
        self.duration_ns = duration_ns
        self.args = args
        self.op = op


class Serial:
    __slots__ = ("items",)

    def __init__(self, items: list[Any] | None = None) -> None:
        self.items: list[Any] = items if items is not None else []


class Concurrent(Serial):
    __slots__ = ()


def fill_bytes(view: np.ndarray, pattern: bytes) -> None:
    """Write ``pattern`` repeated over ``view`` (uint8)."""
    if len(pattern) == 1:
        view.fill(pattern[0])
        return
    reps = -(-view.size // len(pattern))
    view[...] = np.frombuffer(pattern * reps, dtype=np.uint8)[: view.size]


def lane_width(node: Any) -> int:
    """How many lanes :meth:`Executor.run` draws ``node`` on: item ``k`` of a concurrent node runs on its
    lane plus ``k``."""
    if isinstance(node, Concurrent):
        items = node.items
        if len(items) == 1:
            return lane_width(items[0])
        return max((k + lane_width(item) for k, item in enumerate(items)), default=1)
    if isinstance(node, Serial):
        return max((lane_width(item) for item in node.items), default=1)
    return 1


class Executor:
    """Runs a recorded command tree on one queue."""

    __slots__ = ("counts", "device", "engine", "multi_device", "on_demand", "queue", "trace", "with_data")

    #: Whether a concurrent node's timing-only dispatches run as :class:`DispatchRun` callbacks (the tests
    #: turn it off to compare with the processes).
    callback_dispatches = True

    def __init__(self, queue: Queue, with_data: bool, counts: dict[str, int], on_demand: bool = False) -> None:
        self.queue = queue
        # A timing-only run computing a read-back's chain: a buffer without bytes gets zeroed bytes when a
        # command touches it (in a data run that is an error: used before its alloca ran).
        self.on_demand = on_demand
        self.device = queue.device
        self.engine = queue.engine
        self.trace = queue.engine.trace
        self.with_data = with_data
        self.counts = counts
        # Other devices exist (a peer link, or host links of several devices): bindings may be remote.
        self.multi_device = bool(self.device.peers) or len(self.device.host_links) > 1

    def _remote_bindings(self, cmd: DispatchCmd) -> list[tuple[int, str]]:
        """(binding index, owning device) of each binding whose memory lives on another device."""
        remote = []
        for i, (ref, _) in enumerate(cmd.bindings):
            pool = ref.buffer.pool
            owner = pool.device_name if pool is not None else None
            if owner is not None and self.device.is_remote(owner):
                remote.append((i, owner))
        return remote

    def _peer_access(
        self, cmd: DispatchCmd, remote: list[tuple[int, str]], writes: bool, flows_from: list[int]
    ) -> Generator[Any, Any, list[int]]:
        """Move the bytes of a dispatch's remote bindings over the links: the ranges it reads from their
        device before it runs (``writes=False``), the ranges it writes back after (``writes=True``).

        IREE places a cross-device transfer in memory of the first device (``#hal.device.optimal``) and
        lowers ``stream.cmd.flush``/``invalidate`` to nothing, so the consumer (or producer) on the other
        device reaches that memory itself: a peer access, here one link transfer per binding range.
        """
        here = self.device.spec.name
        spans: list[int] = []
        for i, owner in remote:
            access = cmd.accesses[i]
            if ("w" if writes else "r") not in access:
                continue
            src, dst = (here, owner) if writes else (owner, here)
            args = {**cmd.args, "binding": i, "access": access}
            for link, a, b in self.device.route(src, dst):
                spans.append(
                    (
                        yield from link.transfer(
                            a, b, cmd.lengths[i], "peer write" if writes else "peer read", args, flows_from
                        )
                    )
                )
                flows_from = spans[-1:]
        return spans

    def run_submission(
        self, tree: Any, flows_from: list[int], width: int | None = None
    ) -> Generator[Any, Any, int | None]:
        """Run a submission's whole tree on lanes of the queue no other running submission holds (``width``:
        its :func:`lane_width`, when the caller has it)."""
        if width is None:
            width = lane_width(tree)
        base = self.queue.claim_lanes(width)
        try:
            return (yield from self.run(tree, base, flows_from))
        finally:
            self.queue.release_lanes(base, width)

    def run(self, node: Any, lane: int, flows_from: list[int]) -> Generator[Any, Any, int | None]:
        if isinstance(node, Concurrent):
            return (yield from self._concurrent(node.items, lane, flows_from))
        if isinstance(node, Serial):
            last = None
            items = node.items
            i, n = 0, len(items)
            multi = self.multi_device
            while i < n:
                if type(items[i]) is DispatchCmd and not (multi and self._remote_bindings(items[i])):
                    j = i + 1
                    while j < n and type(items[j]) is DispatchCmd:
                        if multi and self._remote_bindings(items[j]):
                            break
                        j += 1
                    if j == i + 1:  # (_dispatch_chain of one, without its generator and slice)
                        last = yield from self._dispatch(items[i], lane, flows_from)
                    else:
                        last = yield from self._dispatch_chain(items[i:j], lane, flows_from)
                    flows_from = []
                    i = j
                    continue
                got = yield from self.run(items[i], lane, flows_from)
                if got is not None:
                    last = got
                    flows_from = []
                i += 1
            return last
        if isinstance(node, DispatchCmd):
            return (yield from self._dispatch(node, lane, flows_from))
        if isinstance(node, CallCmd):
            return (yield from self._call(node, lane, flows_from))
        if isinstance(node, CollectiveCmd):
            return (yield from node.fabric.run(node, self.queue, lane, flows_from))
        return (yield from self._transfer(node, lane, flows_from))

    def _call(self, cmd: CallCmd, lane: int, flows_from: list[int]) -> Generator[Any, Any, int]:
        env = self.engine.env
        with self.device.units.request() as req:
            if not req.triggered:
                yield req
            start = int(env.now)
            yield env.timeout(cmd.duration_ns)
            arguments = [
                (a[0].view(a[1], a[2]) if self.with_data else None) if isinstance(a, tuple) else a
                for a in cmd.arguments
            ]
            result = cmd.fn(*arguments)
            if inspect.isawaitable(result):
                # Simulated time stands still while the coroutine runs on the asyncio loop.
                yield from self.engine.await_coroutine(result)
        span = self.trace.add_span(
            self.queue.lane(lane), f"call @{cmd.name}", "dispatch", start, cmd.duration_ns, cmd.args
        )
        for src in flows_from:
            self.trace.add_flow(src, span)
        return span.id

    def _concurrent(
        self, items: list[Any], lane: int, flows_from: list[int]
    ) -> Generator[Any, Any, int | None]:
        if len(items) == 1:
            return (yield from self.run(items[0], lane, flows_from))
        pool = self.device.worker_pool
        if (
            pool is not None
            and all(type(item) is DispatchCmd for item in items)
            and not (self.multi_device and any(self._remote_bindings(item) for item in items))
        ):
            return (yield from self._region(items, lane, flows_from, pool))
        env = self.engine.env
        procs = [self._start(item, lane + k, flows_from) for k, item in enumerate(items)]
        yield AllDone(env, procs)
        last = None
        end = -1
        for p in procs:
            span_id = p.value
            if span_id is not None:
                s_end = self.trace.span(span_id).end_ns
                if s_end >= end:
                    end, last = s_end, span_id
        return last

    def _region(
        self, cmds: list[DispatchCmd], lane: int, flows_from: list[int], pool: DispatchModelSpec
    ) -> Generator[Any, Any, int]:
        """A concurrent block of dispatches on a device whose workers claim a region's workgroups
        (``DispatchModelSpec.worker_pool``): the block holds the device's execution unit (its pool of
        workers) while they run; each dispatch runs where :meth:`DispatchModelSpec.region_times` puts it,
        from its one-worker time (its duration alone, on the pool) and its workgroups, drawn on its lane."""
        costs = self.device.costs
        jobs = []
        for cmd in cmds:
            n = costs.workgroups(cmd.exe.names, cmd.cost) if costs is not None else 0
            jobs.append((pool.serial_ns(cmd.duration_ns, n), n))
        times = [(round(a), round(b)) for a, b in pool.region_times(jobs)]
        env = self.engine.env
        with self.device.units.request() as req:
            yield req
            start = int(env.now)
            yield env.timeout(max(max(b for _, b in times), 0))
        last = -1
        end = -1
        for k, (cmd, (a, b)) in enumerate(zip(cmds, times)):
            begin = start + a
            if self.with_data:
                self._compute(cmd, lane + k, begin)
            self.counts["dispatches"] += 1
            span_id = self.trace.add_span(
                self.queue.lane(lane + k), cmd.exe.name, "dispatch", begin, max(b - a, 0), cmd.args
            ).id
            for src in flows_from:
                self.trace.add_flow(src, span_id)
            if start + b >= end:
                end, last = start + b, span_id
        return last

    def _start(self, node: Any, lane: int, flows_from: list[int]) -> simpy.Event:
        """``env.process(self.run(node, lane, flows_from))``: a concurrent node's child. A dispatch of a
        timing-only run whose duration is an int >= 0 (no failure to raise) and whose bindings are all on
        this device runs as a :class:`DispatchRun`, with the same events."""
        if (
            type(node) is DispatchCmd
            and self.callback_dispatches
            and not self.with_data
            and type(node.duration_ns) is int
            and node.duration_ns >= 0
            and not (self.multi_device and self._remote_bindings(node))
        ):
            return DispatchRun(self, node, lane, flows_from)
        return self.engine.env.process(self.run(node, lane, flows_from))

    def _dispatch(self, cmd: DispatchCmd, lane: int, flows_from: list[int]) -> Generator[Any, Any, int]:
        env = self.engine.env
        remote = self._remote_bindings(cmd) if self.multi_device else []
        if remote:
            flows_from = (yield from self._peer_access(cmd, remote, False, flows_from)) or flows_from
        with self.device.units.request() as req:
            yield req
            start = env.now
            yield req.hold(cmd.duration_ns)
        if self.with_data:
            self._compute(cmd, lane, int(start))
        span_id = self._dispatch_span(cmd, lane, int(start))
        for src in flows_from:
            self.trace.add_flow(src, span_id)
        if remote:
            written = yield from self._peer_access(cmd, remote, True, [span_id])
            if written:
                return written[-1]
        return span_id

    def _dispatch_chain(
        self, cmds: list[DispatchCmd], lane: int, flows_from: list[int]
    ) -> Generator[Any, Any, int]:
        """Back-to-back dispatches separated by barriers: one execution unit runs them in order.

        The unit is held for the whole chain (a queue's serial work does not give its unit up between
        barriers), so the chain takes one wait and one timeout; each dispatch's span starts where the
        previous one ended, and with data each kernel runs in order at the chain's end.
        """
        if len(cmds) == 1:
            return (yield from self._dispatch(cmds[0], lane, flows_from))
        env = self.engine.env
        with self.device.units.request() as req:
            if not req.triggered:  # a free unit is granted at once; only wait for a busy one
                yield req
            start = int(env.now)
            total = 0
            for cmd in cmds:
                total += cmd.duration_ns
            yield env.timeout(total)
        if self.with_data:
            t = start
            first = None
            for cmd in cmds:
                self._compute(cmd, lane, t)
                span_id = self._dispatch_span(cmd, lane, t)
                if first is None:
                    first = span_id
                t += cmd.duration_ns
        else:
            # Timing-only: the same spans as above, with the per-dispatch lookups hoisted out of the loop.
            track = self.queue.lane(lane)
            add_unchecked = self.trace.add_span_unchecked
            add = self.trace.add_span
            t = start
            first = None
            for cmd in cmds:
                dur = cmd.duration_ns
                # Durations are ints (CostModel.dispatch_ns); only a calibration can make one negative,
                # and then the checked path reports it.
                span_id = (add_unchecked if dur >= 0 else add)(
                    track, cmd.exe.name, "dispatch", t, dur, cmd.args
                ).id
                if first is None:
                    first = span_id
                t += dur
            self.counts["dispatches"] += len(cmds)
        for src in flows_from:
            assert first is not None  # flows only come with a non-empty batch
            self.trace.add_flow(src, first)
        return span_id

    def _compute(self, cmd: DispatchCmd, lane: int, start: int) -> None:
        views = []
        lengths = cmd.lengths
        for i, (ref, offset) in enumerate(cmd.bindings):
            view = self._view(ref, offset, lengths[i])
            if view is None:
                raise DeviceFailure(f"{cmd.where}: binding {i} has no memory (used before its alloca ran?)")
            views.append(view)
        try:
            events = cmd.exe.run(views, cmd.lengths, cmd.accesses, cmd.uniforms, cmd.workload, cmd.where)
        except SimulationError:
            raise
        except Exception as exc:
            # A kernel's own error fails the dispatch like a device fault: downstream fences fail with it.
            raise DeviceFailure(f"{cmd.where}: {cmd.exe.name} raised {type(exc).__name__}: {exc}") from exc
        if events:
            track = self.queue.lane(lane)
            for kind, args in events:
                self.trace.add_instant(track, f"instrument.{kind}", start, "dispatch",
                                       {"entry_point": cmd.exe.name, **args})  # fmt: skip

    def _view(self, ref: ResourceRef, offset: int, length: int) -> np.ndarray | None:
        view = ref.view(offset, length)
        if view is None and self.on_demand:
            ref.buffer.data = np.zeros(ref.buffer.size_bytes, dtype=np.uint8)
            view = ref.view(offset, length)
        return view

    def _dispatch_span(self, cmd: DispatchCmd, lane: int, start: int) -> int:
        self.counts["dispatches"] += 1
        track = self.queue.lane(lane)
        dur = cmd.duration_ns
        add = self.trace.add_span_unchecked if dur >= 0 else self.trace.add_span
        return add(track, cmd.exe.name, "dispatch", start, dur, cmd.args).id

    def _peer_of(self, cmd: FillCmd | CopyCmd) -> str | None:
        """The other device of a copy whose source or target lives on another device, if any."""
        if not isinstance(cmd, CopyCmd):
            return None
        for ref in (cmd.source, cmd.target):
            owner = getattr(ref.buffer.pool, "device_name", None)
            if self.device.is_remote(owner):
                return owner
        return None

    def _transfer(self, cmd: FillCmd | CopyCmd, lane: int, flows_from: list[int]) -> Generator[Any, Any, int]:
        env = self.engine.env
        peer = self._peer_of(cmd)
        if peer is not None:
            # A cross-device copy moves its bytes over the link between the devices (through the host when
            # there is no direct link); the queue is busy for as long.
            assert isinstance(cmd, CopyCmd)
            here = self.device.spec.name
            src_owner = getattr(cmd.source.buffer.pool, "device_name", None)
            src, dst = (peer, here) if src_owner == peer else (here, peer)
            start = env.now
            for link, a, b in self.device.route(src, dst):
                yield from link.transfer(a, b, cmd.length, "copy", cmd.args, flows_from)
            duration = env.now - start
        else:
            with self.device.copy_engines.request() as req:
                yield req
                start = env.now
                yield env.timeout(cmd.duration_ns)
            duration = cmd.duration_ns
        if isinstance(cmd, FillCmd):
            name = "fill"
            self.counts["fills"] += 1
            if self.with_data:
                view = self._view(cmd.target, cmd.offset, cmd.length)
                if view is None:
                    raise DeviceFailure(
                        f"{cmd.where}: fill target has no memory (used before its alloca ran?)"
                    )
                fill_bytes(view, cmd.pattern)
        else:
            name = "copy"
            self.counts["copies"] += 1
            if self.with_data:
                source = self._view(cmd.source, cmd.source_offset, cmd.length)
                target = self._view(cmd.target, cmd.target_offset, cmd.length)
                if source is None or target is None:
                    raise DeviceFailure(f"{cmd.where}: copy between unallocated resources")
                target[...] = source.copy() if cmd.source.buffer is cmd.target.buffer else source
        span = self.trace.add_span(
            self.queue.lane(lane), name, "transfer", int(start), int(duration), cmd.args
        )
        for src_id in flows_from:
            self.trace.add_flow(src_id, span)
        return span.id


def transfer_duration(queue: Queue, kind: str, length: int) -> int:
    spec = queue.device.spec
    return CostModel.fill_ns(spec, length) if kind == "fill" else CostModel.copy_ns(spec, length)
