"""Devices, queues and links at run time: where queue operations wait, run and signal.

A device has queues (ordinals ``0..n-1``), ``dispatch_slots`` execution units shared by its queues, copy
engines, memory pools and an optional link to the host. A queue operation (``hal.device.queue.*``) is
submitted with a wait fence and a signal semaphore. Its life:

    submitted -> [in-order queue: previous submission done] -> wait fence reached -> running -> signalled
                                                        \\-> wait fence failed --------------> failed

A failure (a failed wait, out of memory, a failed read) fails the signal semaphore with the error, so it
reaches every later waiter. The queue's depth (submitted, not finished) is a ``queue_depth`` counter on
its track; a signal or a failure is an instant there.

Links move bytes between two endpoints (``host`` or a device), one transfer at a time per direction:
``latency + bytes / bandwidth``, as a span on the link's track.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

import simpy

from ir.errors import UnsupportedConstructError
from simulator.costs import CostModel
from simulator.errors import DeviceFailure, InputError, SimulationError
from simulator.machine import DeviceSpec, LinkSpec
from simulator.memory import Pool
from simulator.semaphores import Fence
from simulator.storage import Units
from traces import Track

if TYPE_CHECKING:
    from simulator.engine import Engine

#: A queue operation's body: a generator run on the queue; it receives the spans that signalled its wait
#: fence (to draw flows from) and returns the id of its last span (what signals its semaphore).
QueueWork = Callable[["Queue", list[int]], Generator[Any, Any, int | None]]


class Link:
    """A link between two endpoints; one simpy resource per direction."""

    def __init__(self, engine: Engine, spec: LinkSpec) -> None:
        self.engine = engine
        self.spec = spec
        self.channels = {
            (spec.endpoints[0], spec.endpoints[1]): simpy.Resource(engine.env, 1),
            (spec.endpoints[1], spec.endpoints[0]): simpy.Resource(engine.env, 1),
        }
        self.bytes_moved = 0

    def transfer(
        self,
        src: str,
        dst: str,
        length_bytes: int,
        name: str,
        args: dict[str, Any],
        flows_from: list[int],
        category: str = "transfer",
    ) -> Generator[Any, Any, int]:
        engine = self.engine
        with self.channels[(src, dst)].request() as req:
            yield req
            start = engine.now
            dur = CostModel.transfer_ns(length_bytes, self.spec.bandwidth_bytes_per_s, self.spec.latency_ns)
            yield engine.env.timeout(dur)
        self.bytes_moved += length_bytes
        span = engine.trace.add_span(
            Track.link(f"link:{self.spec.name}", f"{src}->{dst}"),
            name,
            category,
            start,
            dur,
            {**args, "bytes": length_bytes},
        )
        for src_span in flows_from:
            engine.trace.add_flow(src_span, span)
        return span.id


class Device:
    """A device's runtime state."""

    def __init__(self, engine: Engine, index: int, spec: DeviceSpec, host_link: Link | None) -> None:
        self.engine = engine
        self.index = index
        self.spec = spec
        # The trace names a device as the machine does (gpu0), as run statistics, links and `machines` do.
        self.process_name = spec.name
        # The execution units: simpy.Resource's events, with less work per event (storage.Units).
        self.units = Units(engine.env, spec.dispatch_slots)
        # The fitted model when it runs a region's dispatches on a pool of workers
        # (DispatchModelSpec.worker_pool): the executor runs a concurrent block of dispatches as one region.
        model = spec.dispatch_model
        self.worker_pool = model if model is not None and model.worker_pool and model.workers > 1 else None
        # The run's cost model (the session sets it): how many workgroups a dispatch runs in.
        self.costs: CostModel | None = None
        self.copy_engines = simpy.Resource(engine.env, spec.copy_engines)
        self.pools = [
            Pool(engine, p.name, p.capacity_bytes, p.alignment_bytes, Track.pool(spec.name, p.name))
            for p in spec.pools
        ]
        for pool in self.pools:
            pool.device_name = spec.name
        self.queues = [Queue(engine, self, q) for q in range(spec.queues)]
        self.host_link = host_link
        self.peers: dict[str, Link] = {}
        self.host_links: dict[str, Link] = {}
        # Devices whose memory this one reaches directly, with no link between (unified host memory on both
        # sides, as two local-task devices in one process): their buffers are not remote.
        self.shares_memory_with: set[str] = set()

    def is_remote(self, owner: str | None) -> bool:
        """Whether memory owned by device ``owner`` must cross a link to reach this device."""
        return owner is not None and owner != self.spec.name and owner not in self.shares_memory_with

    def route(self, src: str, dst: str) -> list[tuple[Link, str, str]]:
        """Links a copy from device ``src`` to device ``dst`` crosses: the direct link, else via the host."""
        other = dst if src == self.spec.name else src
        direct = self.peers.get(other)
        if direct is not None:
            return [(direct, src, dst)]
        up, down = self.host_links.get(src), self.host_links.get(dst)
        if up is not None and down is not None:
            return [(up, src, "host"), (down, "host", dst)]
        raise DeviceFailure(f"no link between {src} and {dst} on this machine")

    @property
    def pool(self) -> Pool:
        return self.pools[0]

    def queue_for(self, queues: tuple[int, ...] | None, what: str) -> Queue:
        """The queue an affinity selects: the lowest ordinal of its mask, queue 0 without one."""
        if not queues:
            return self.queues[0]
        for q in sorted(queues):
            if q < len(self.queues):
                return self.queues[q]
        raise DeviceFailure(
            f"{what}: affinity names queue(s) {list(queues)} but {self.spec.name} has {len(self.queues)}"
        )


class Queue:
    """One queue of a device: submissions, their ordering, depth and signals."""

    def __init__(self, engine: Engine, device: Device, ordinal: int) -> None:
        self.engine = engine
        self.device = device
        self.ordinal = ordinal
        self.track = Track.queue(device.process_name, ordinal)
        self.depth = 0
        self.submitted = 0
        self._tail: simpy.Event | None = None
        self._lanes: dict[int, Track] = {0: self.track}
        self._busy_lanes: set[int] = set()
        engine.trace.add_track(self.track)  # every queue of the machine shows, busy or not

    def lane(self, k: int) -> Track:
        """The track of concurrent lane ``k`` (lane 0 is the queue's own track)."""
        track = self._lanes.get(k)
        if track is None:
            track = self._lanes[k] = Track.queue(self.device.process_name, f"queue{self.ordinal}.{k}")
        return track

    def claim_lanes(self, width: int) -> int:
        """The first lane of ``width`` consecutive lanes no running submission holds, now held: a queue
        that runs submissions concurrently (not in order) draws each on lanes of its own, so that the
        spans of one track nest. A submission running alone starts at lane 0, the queue's own track."""
        base = 0
        while any(base + k in self._busy_lanes for k in range(width)):
            base += 1
        self._busy_lanes.update(range(base, base + width))
        return base

    def release_lanes(self, base: int, width: int) -> None:
        self._busy_lanes.difference_update(range(base, base + width))

    @property
    def name(self) -> str:
        return f"{self.device.spec.name}/queue{self.ordinal}"

    def ready(self, wait: Fence) -> bool:
        """Whether work submitted now with ``wait`` could start at once: its wait fence is reached and,
        on an in-order queue, every earlier submission is done."""
        earlier_done = not self.device.spec.in_order or self._tail is None or self._tail.processed
        return earlier_done and wait.reached()

    def submit(
        self, name: str, work: QueueWork, wait: Fence, signal: Fence, submitted_by: int | None = None
    ) -> simpy.Process:
        """Submit ``work``; it signals every (semaphore, value) of ``signal`` when done, or fails them.

        ``submitted_by`` is the host span that submitted it: the work's first spans get a flow from it.
        """
        self.submitted += 1
        self.depth += 1
        engine = self.engine
        engine.trace.add_counter(self.track, "queue_depth", engine.now, self.depth)
        prev = self._tail if self.device.spec.in_order else None
        done = engine.env.event()
        self._tail = done
        return engine.env.process(self._run(name, work, wait, signal, prev, done, submitted_by))

    def _run(
        self,
        name: str,
        work: QueueWork,
        wait: Fence,
        signal: Fence,
        prev: simpy.Event | None,
        done: simpy.Event,
        submitted_by: int | None = None,
    ) -> Generator[Any, Any, None]:
        engine = self.engine
        try:
            if prev is not None and not prev.processed:
                token = engine.begin_wait(f"{name} on {self.name} waits for the previous submission")
                yield prev
                engine.end_wait(token)
            if wait.points:
                wait_spans = yield from wait.wait(engine, f"{name} on {self.name}")
            else:
                wait_spans = []
            if submitted_by is not None:
                wait_spans = [*wait_spans, submitted_by]
            last = yield from work(self, wait_spans)
            for sem, value in signal.points:
                sem.signal(value, last)
                engine.trace.add_instant(
                    self.track, "signal", engine.now, "sync", {"semaphore": sem.name, "value": value}
                )
        except UnsupportedConstructError:
            raise  # a limit of streamsim, not a device failure: stop the simulation with it
        except (SimulationError, InputError) as exc:
            error = exc if isinstance(exc, DeviceFailure) else DeviceFailure(str(exc))
            for sem, _ in signal.points:
                sem.fail(error)
            engine.trace.add_instant(
                self.track, "failure", engine.now, "sync", {"op": name, "error": str(error)}
            )
        finally:
            self.depth -= 1
            engine.trace.add_counter(self.track, "queue_depth", engine.now, self.depth)
            done.succeed()
