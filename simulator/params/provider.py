"""Parameter providers: how a ``load``/``read``/``gather``/``write``/``scatter`` moves bytes, and when.

One parameter op is one provider call. The call checks its requests in order (as IREE resolves each
entry while recording), plans a batch (:mod:`.batching`) and runs every step as a queue operation on
its timeline: a semaphore per timeline, each step waiting on the payloads the plan names and signalling
the next. The flush barrier waits on every timeline used and its completion signals the caller's fence.

Failures, as in IREE:

- a request that cannot be served (unknown scope or key, a range outside the parameter, a write to a
  splat, bytes asked of a virtual entry) stops recording there: the steps already planned still run, and
  the caller's signal fence fails at once with a :class:`~simulator.errors.DeviceFailure` naming the op;
- a step that fails on the device (out of memory in an alloca, a read outside the file) fails its
  timeline's semaphore, hence every later step of that timeline and the barrier, hence the caller's fence.

Nothing waits forever: every wait is on a semaphore that is signalled or failed.

Provider kinds (:class:`ProviderConfig`):

- ``file``: parameters stay in their archive files; every read goes through the storage model (page
  cache included). A device with unified memory reads the file straight into its memory; a discrete
  device stages through host buffers: ``staging_chunk_bytes`` chunks (IREE's fallback streams 64 MiB),
  ``staging_chunks`` of them in flight, each a storage read then an upload over the host link.
- ``host``: the archives were preloaded into host memory. No storage reads: a discrete device uploads
  over its link, a unified device copies, and a load on a device with ``zero_copy_import`` imports the
  host allocation (no queue operation at all, IREE's import path).
- ``mapped``: the archives are memory-mapped files. Loads on ``zero_copy_import`` devices import the
  mapping; with ``populate`` the pages are read through storage at load time (a what-if like
  ``MAP_POPULATE``), without it they cost nothing at load time (page faults are not modelled). Other
  reads behave as ``file``.

Writes always go through storage to the archive file, so what is written is on disk.
"""

from __future__ import annotations

import pathlib
from collections.abc import Generator, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ir.errors import UnsupportedConstructError
from simulator.archives import EntryKind, ParameterEntry, ParameterIndex
from simulator.costs import ceil_ns
from simulator.errors import DeviceFailure, InputError, SimulationError
from simulator.memory import ResourceRef
from simulator.params.batching import BatchPlan, Item, Step, new_item, plan_batch, plan_loads
from simulator.params.config import (
    PROVIDER_KINDS,
    STAGING_CHUNK_BYTES,
    LoadRequests,
    ParameterRequest,
    Parameters,
    ParameterSpec,
    ProviderConfig,
    make_parameter_index,
)
from simulator.params.page_cache import PageCache
from simulator.params.steps import STEP_WAIT, BatchRecord, CallSteps, StepRun, StepStarts
from simulator.params.transfers import Transfers
from simulator.semaphores import Fence, Semaphore
from traces import Track

if TYPE_CHECKING:
    from simulator.engine import Engine
    from simulator.queues import Queue
    from simulator.storage import Storage

@dataclass
class _Call:
    number: int
    where: str
    op_name: str
    loc: str | None
    requests: Sequence[ParameterRequest]
    entries: list[ParameterEntry]
    imported: set[int] = field(default_factory=set)
    affinity: str | None = None
    # "scope::key" of each accepted request, as spans and log records name it.
    names: list[str] = field(default_factory=list)
    # The key and the resource of each accepted request (what its steps read of it, per step).
    keys: list[str] = field(default_factory=list)
    refs: list[ResourceRef] = field(default_factory=list)


class ParameterProvider(Transfers):
    """Serves parameter ops for one run. :attr:`log` gives a :class:`BatchRecord` per executed step."""

    #: Run allocas and plain storage reads and writes as :class:`~simulator.params.steps.StepRun` (event
    #: callbacks) rather than processes: the same events and results, less work per event. Tests turn it
    #: off to compare the two.
    callback_steps = True
    #: With callback steps, make the runs of a plan_loads plan's steps as their turn comes
    #: (:class:`~simulator.params.steps.StepStarts`) rather than all at the call: the same events and
    #: results, fewer objects alive at once. Tests turn it off to compare the two.
    steps_in_turn = True

    def __init__(
        self,
        engine: Engine,
        index: ParameterIndex | Parameters | None,
        storage: Storage,
        config: ProviderConfig | None = None,
    ) -> None:
        self.engine = engine
        if isinstance(index, Parameters):
            config = config or index.config
            index = index.index
        self.index = index
        self.storage = storage
        self.config = config or ProviderConfig()
        spec = storage.spec
        cache_bytes = getattr(spec, "page_cache_bytes", 0)
        self.page_cache = (
            PageCache(cache_bytes, bandwidth_bytes_per_s=spec.page_cache_bandwidth_bytes_per_s)
            if cache_bytes
            else None
        )
        self._cache_track = Track.storage("page_cache", process=spec.name)
        self.calls = 0
        self.requests = 0
        self.steps = 0
        self.timelines_used = 0
        self.imports = 0
        # A BatchRecord's fields per executed step, as a tuple (a large load executes tens of thousands).
        self.log_rows: list[tuple[int, str, tuple[str, ...], int, int, int, int]] = []
        self.plans: list[BatchPlan] = []
        # Reads and writes go straight to storage (no page cache, parameters not in host memory).
        self._direct = self.page_cache is None and self.config.kind != "host"
        # Trace lanes of parameter timelines in use, per queue: calls in flight at once (two
        # stream.cmd.parameter.load of one initializer) each get their own lanes, so no two slices overlap.
        self._busy_lanes: set[tuple[str, int]] = set()
        self._paths: dict[Any, pathlib.Path] = {}

    @property
    def log(self) -> list[BatchRecord]:
        """A :class:`BatchRecord` per executed step (and per call's flush barrier), in the order they ended;
        made from :attr:`log_rows` when asked (a new list each time)."""
        return [BatchRecord(*row) for row in self.log_rows]

    # -- checking ------------------------------------------------------------------------------------

    def check_one(self, where: str, r: ParameterRequest, with_data: bool) -> ParameterEntry:
        """The entry ``r`` names; raises DeviceFailure naming ``where`` if ``r`` cannot be served."""
        if self.index is None:
            raise DeviceFailure(
                f"{where}: no parameters were provided, but the program reads {r.scope}::{r.key} "
                f"(give --parameters {r.scope or 'SCOPE'}=FILE)"
            )
        try:
            entry = self.index.entry(r.scope, r.key)
        except InputError as exc:
            raise DeviceFailure(f"{where}: {exc}") from None
        end = r.parameter_offset_bytes + r.length_bytes
        if r.parameter_offset_bytes < 0 or r.length_bytes < 0 or end > entry.size_bytes:
            raise DeviceFailure(
                f"{where}: range [{r.parameter_offset_bytes}, {end}) of parameter {r.scope}::{r.key} is "
                f"outside its {entry.size_bytes} bytes"
            )
        if r.resource_offset_bytes < 0 or r.resource_offset_bytes + r.length_bytes > r.resource.size_bytes:
            raise DeviceFailure(
                f"{where}: {r.length_bytes} bytes at offset {r.resource_offset_bytes} do not fit the "
                f"{r.resource.size_bytes}-byte resource for {r.scope}::{r.key}"
            )
        if r.verb == "write" and entry.kind is EntryKind.SPLAT:
            raise DeviceFailure(f"{where}: parameter {r.scope}::{r.key} is a splat and cannot be written")
        if with_data and entry.kind is EntryKind.VIRTUAL:
            raise DeviceFailure(
                f"{where}: parameter {r.scope}::{r.key} is virtual (timing-only) and has no bytes; "
                "run with --timing-only"
            )
        return entry

    def has_bytes(self, requests: Sequence[ParameterRequest]) -> bool:
        """Whether every parameter ``requests`` names has bytes (none is virtual, as timing-only stand-ins are)."""
        if self.index is None:
            return False
        try:
            return all(self.index.entry(r.scope, r.key).kind is not EntryKind.VIRTUAL for r in requests)
        except InputError:
            return False

    def check(self, where: str, requests: Sequence[ParameterRequest], with_data: bool) -> None:
        for r in requests:
            self.check_one(where, r, with_data)

    # -- serving -------------------------------------------------------------------------------------

    def serve(
        self,
        where: str,
        op_name: str,
        requests: Sequence[ParameterRequest],
        queue: Queue,
        flows_from: list[int],
        with_data: bool,
        *,
        load: bool = False,
        loc: str | None = None,
        affinity: str | None = None,
    ) -> Generator[Any, Any, int | None]:
        """Run one provider call on ``queue`` (as the body of its queue operation); returns the barrier's
        span id. ``load`` means each request's resource is a placeholder the batch allocates."""
        engine = self.engine
        self.calls += 1
        call = _Call(self.calls, where, op_name, loc, [], [], affinity=affinity)
        if type(requests) is LoadRequests:
            failure = self._accept_load(call, requests, with_data)
            verb = "read"
        else:
            failure = self._accept(call, requests, with_data)
            verb = requests[0].verb if requests else "read"
        self.requests += len(call.requests)
        device = queue.device
        zero_copy = device.spec.zero_copy_import and self.config.kind in ("host", "mapped")
        plan = None
        splat = EntryKind.SPLAT
        if (
            load
            and not zero_copy
            and type(call.requests) is LoadRequests
            and all(entry.kind is not splat for entry in call.entries)
        ):
            # A load's plain reads (no splat among them) are planned from their lengths alone.
            plan = plan_loads([ref.size_bytes for ref in call.refs], verb, self.config.batch)
        loads = plan is not None  # (plan_loads' plan: see StepStarts)
        if plan is None:
            plan = plan_batch(self._items(call, load, zero_copy, with_data), verb, self.config.batch)
        self.plans.append(plan)
        self.steps += len(plan.steps)
        self.timelines_used = max(self.timelines_used, plan.timelines_used)
        sems = [
            Semaphore(engine.semaphore_name(f"param{call.number}.t{t}"))
            for t in range(self.config.batch.concurrency)
        ]
        n, k = len(sems), 0
        while any((queue.name, k * n + t) in self._busy_lanes for t in range(n)):
            k += 1
        lanes = [(queue.name, k * n + t) for t in range(n)]
        tracks = [Track.queue(device.process_name, f"{queue.track.thread}.params{lane}") for _, lane in lanes]
        process, run_step = engine.env.process, self._run_step
        # Allocas, and reads and writes straight to storage, run by event callbacks (StepRun: the same events
        # in the same order as the process, for less work per event); the other steps as processes.
        callback_steps, ctx = self.callback_steps, None
        plain_io = self._direct and not call.imported and device.host_link is None
        if loads and plain_io and callback_steps and self.steps_in_turn and plan.steps:
            # plan_loads' plan (each step waits on nothing or on its timeline's previous payload), all of it by
            # callbacks: each step's run is made when its turn comes (StepStarts; the same events in the same
            # order as runs made at once).
            StepStarts(CallSteps(self, call, sems, tracks, queue, flows_from, with_data), plan.steps)
        else:
            for step in plan.steps:
                if callback_steps and (step.kind == "alloca" or (plain_io and step.kind != "transfer")):
                    if ctx is None:
                        ctx = CallSteps(self, call, sems, tracks, queue, flows_from, with_data)
                    StepRun(ctx, step)
                else:
                    process(run_step(call, step, sems, tracks, queue, flows_from, with_data))
        if failure is not None:
            # IREE: recording stopped at the bad entry; what was enqueued runs, the caller's fence fails.
            raise failure
        join = Fence(tuple((sems[t], v) for t, v in plan.barrier_waits))
        self._busy_lanes.update(lanes)
        try:
            spans = yield from join.wait(engine, f"{op_name} flush barrier on {queue.name}")
        finally:
            self._busy_lanes.difference_update(lanes)
        start = engine.now
        dur = device.spec.queue_op_overhead_ns
        lane = queue.claim_lanes(1)  # beside what else runs on the queue now (its spans must nest)
        try:
            if dur:
                yield engine.env.timeout(dur)
        finally:
            queue.release_lanes(lane, 1)
        args = {"op": op_name, "loc": loc, "affinity": affinity, "timelines": plan.timelines_used,
                "steps": len(plan.steps)}  # fmt: skip
        span = engine.trace.add_span(queue.lane(lane), "parameter flush barrier", "sync", start, dur, args)
        for src in spans or flows_from:
            engine.trace.add_flow(src, span)
        self.log_rows.append((call.number, "barrier", (), -1, start, engine.now, 0))
        return span.id

    def _accept(self, call: _Call, requests: Sequence[ParameterRequest], with_data: bool) -> DeviceFailure | None:
        """Check ``requests`` in order into ``call`` (entries, requests, names, keys, refs); the failure of
        the first that cannot be served (recording stops there), or None."""
        where = call.where
        accepted: list[ParameterRequest] = []
        call.requests = accepted
        check_one, entries, names, keys, refs = self.check_one, call.entries, call.names, call.keys, call.refs
        # check_one's checks of the common request written out (a large load has tens of thousands): one
        # that meets them all is served; any other is checked by check_one, which raises its error.
        index = self.index
        table = index.scope_table(requests[0].scope) if index is not None and requests else None
        scope = requests[0].scope if table is not None else None
        virtual, splat = EntryKind.VIRTUAL, EntryKind.SPLAT
        for r in requests:
            entry = table.get(r.key) if table is not None and r.scope == scope else None
            if (
                entry is None
                or not 0 <= r.parameter_offset_bytes <= entry.size_bytes - r.length_bytes
                or not 0 <= r.resource_offset_bytes <= r.resource.size_bytes - r.length_bytes
                or r.length_bytes < 0
                or (entry.kind is virtual and with_data)
                or (entry.kind is splat and r.verb == "write")
            ):
                try:
                    entry = check_one(where, r, with_data)
                except DeviceFailure as exc:
                    return exc
            entries.append(entry)
            accepted.append(r)
            names.append(f"{r.scope}::{r.key}")
            keys.append(r.key)
            refs.append(r.resource)
        return None

    def _accept_load(self, call: _Call, load: LoadRequests, with_data: bool) -> DeviceFailure | None:
        """:meth:`_accept` of a load's columns: each request reads its parameter from its offset into the
        whole of its resource (so the resource range always fits; a negative length does not)."""
        index = self.index
        # (no index or no such scope: every request goes to check_one, which says so)
        table: Mapping[str, ParameterEntry] = (index.scope_table(load.scope) if index is not None else None) or {}
        get = table.get
        entries, names, keys, refs = call.entries, call.names, call.keys, call.refs
        virtual = EntryKind.VIRTUAL
        prefix = f"{load.scope}::"
        failure = None
        for i, (key, offset, ref) in enumerate(zip(load.keys, load.offsets, load.refs)):
            entry = get(key)
            n = ref.size_bytes
            if (
                entry is None
                or not 0 <= offset <= entry.size_bytes - n
                or n < 0
                or (with_data and entry.kind is virtual)
            ):
                try:
                    entry = self.check_one(call.where, load[i], with_data)
                except DeviceFailure as exc:
                    failure = exc
                    break
            entries.append(entry)
            names.append(prefix + key)
            keys.append(key)
            refs.append(ref)
        call.requests = load.head(len(entries))
        return failure

    def _items(self, call: _Call, load: bool, zero_copy: bool, with_data: bool) -> list[Item]:
        """What the planner needs of each accepted request (zero-copy imports done here)."""
        items: list[Item] = []
        file_id_of = self._file_id
        splat = EntryKind.SPLAT
        for i, (r, entry) in enumerate(zip(call.requests, call.entries)):
            if entry.kind is splat:
                items.append(new_item("splat", r.length_bytes, load))
                continue
            file_id = file_id_of(r.scope, entry)
            offset = (entry.offset_bytes or 0) + r.parameter_offset_bytes
            if load and zero_copy:
                call.imported.add(i)
                self._import(call, i, with_data)
                if self.config.kind == "mapped" and self.config.populate:
                    items.append(new_item("file", r.length_bytes, False, file_id, offset))
                else:
                    items.append(new_item("import", r.length_bytes))
                continue
            items.append(new_item("file", r.length_bytes, load, file_id, offset))
        return items

    def _file_id(self, scope: str, entry: ParameterEntry) -> Hashable:
        """What identifies the file an entry's bytes are in (for coalescing): its path, or its scope's
        virtual archive. One Path per path string (a large load names the same file thousands of times)."""
        if entry.path is None:
            return ("virtual", scope)
        path = self._paths.get(entry.path)
        if path is None:
            path = self._paths[entry.path] = pathlib.Path(entry.path)
        return path

    # -- steps ---------------------------------------------------------------------------------------

    def _run_step(
        self,
        call: _Call,
        step: Step,
        sems: list[Semaphore],
        tracks: list[Track],
        queue: Queue,
        flows_from: list[int],
        with_data: bool,
    ) -> Generator[Any, Any, None]:
        # The hot path of a large load (tens of thousands of steps): the fence wait, the alloca and the
        # storage read are written out here rather than through Fence.wait and helper generators, and the
        # deadlock report's text is formatted only if a deadlock asks for it.
        engine = self.engine
        env = engine.env
        trace = engine.trace
        timeline = step.timeline
        try:
            for t, v in step.waits:
                s = sems[t]
                if s.failure is None and s.value < v:
                    token = engine.begin_wait_format(
                        STEP_WAIT, call.op_name, step.kind, timeline, s.name, v, s.value
                    )
                    yield s.event_for(env, v)
                    engine.end_wait(token)
            spans: list[int] = []
            for t, _ in step.waits:
                s = sems[t]
                if s.failure is not None:
                    raise s.failure
                if s.signal_span is not None:
                    spans.append(s.signal_span)
            if step.waits_caller:
                spans.extend(flows_from)
            start = int(env.now)
            track = tracks[timeline]
            names = call.names
            items = step.items
            keys = (names[items[0]],) if len(items) == 1 else tuple(names[i] for i in items)
            parameter = keys[0] if len(keys) == 1 else f"{len(keys)} parameters"
            kind = step.kind
            if kind == "alloca":
                nbytes = 0
                device = queue.device
                for i in items:
                    buffer = call.refs[i].buffer
                    buffer.materialize(device.pool, with_data=with_data, what=call.where)
                    nbytes += buffer.size_bytes
                dur = device.spec.queue_op_overhead_ns
                if dur:
                    yield env.timeout(dur)
                # Fields of the right types (an int overhead, validated >= 0 with the machine) go unchecked.
                add = trace.add_span_unchecked if type(dur) is int else trace.add_span
                last = add(track, "parameter alloca", "alloc", start, dur,
                           {"op": call.op_name, "loc": call.loc, "affinity": call.affinity, "timeline": timeline,
                            "parameter": parameter, "bytes": nbytes}).id  # fmt: skip
                for src in spans:
                    trace.add_flow(src, last)
                self.log_rows.append((call.number, kind, keys, timeline, start, int(env.now), step.length_bytes))
                sems[timeline].signal(step.signal, last)
                return
            args = {"op": call.op_name, "loc": call.loc, "affinity": call.affinity, "timeline": timeline,
                    "parameter": parameter}  # fmt: skip
            if kind == "transfer":
                last = yield from self._transfer(call, step, queue, track, args, spans, with_data)
            else:
                if self._direct and not call.imported and queue.device.host_link is None:
                    # A plain storage access (no page cache, import or staging): _io's common case.
                    first = call.keys[items[0]]
                    base = first if len(items) == 1 else f"{first} +{len(items) - 1}"
                    yield from self.storage.access(kind, step.length_bytes, f"{kind} {base}", args, spans)
                    if with_data:
                        self._move_run(call, step)
                else:
                    yield from self._io(call, step, queue, args, spans, with_data)
                # The queue operation as one span on its timeline (a transfer into or out of device memory);
                # the storage ("io") and link spans under it show detail, and are what busy time counts.
                last = trace.add_span_unchecked(
                    track, f"parameter {kind}", "transfer", start, int(env.now) - start,
                    {**args, "bytes": step.length_bytes, "offset": step.offset_bytes,
                     "verb": "write" if kind == "write" else "read", "aggregate": True},
                ).id  # fmt: skip
            self.log_rows.append((call.number, kind, keys, timeline, start, int(env.now), step.length_bytes))
            sems[timeline].signal(step.signal, last)
        except UnsupportedConstructError:
            raise
        except (SimulationError, InputError) as exc:
            error = exc if isinstance(exc, DeviceFailure) else DeviceFailure(f"{call.where}: {exc}")
            sems[timeline].fail(error)
            engine.trace.add_instant(
                tracks[timeline],
                "failure",
                engine.now,
                "sync",
                {"op": call.op_name, "error": str(error)},
            )

    def _transfer(self, call, step, queue, track, args, spans, with_data) -> Generator[Any, Any, int]:  # type: ignore[no-untyped-def]
        """The splat command buffer: one fill per splat, no barriers between them, on a copy engine."""
        engine = self.engine
        device = queue.device
        with device.copy_engines.request() as req:
            yield req
            start = engine.now
            dur = device.spec.queue_op_overhead_ns + sum(
                ceil_ns(call.requests[i].length_bytes / device.spec.memory_bandwidth_bytes_per_s)
                for i in step.items
            )
            dur = max(1, dur)
            yield engine.env.timeout(dur)
        span = engine.trace.add_span(
            track, "parameter splats", "transfer", start, dur,
            {**args, "fills": len(step.items), "bytes": step.length_bytes},
        )  # fmt: skip
        for src in spans:
            engine.trace.add_flow(src, span)
        if with_data:
            for i in step.items:
                self._move(call, i, 0, call.requests[i].length_bytes)
        return span.id

    def _io(self, call, step, queue, args, spans, with_data) -> Generator[Any, Any, int]:  # type: ignore[no-untyped-def]
        """A read or write of ``step.length_bytes`` of a (possibly coalesced) run of requests."""
        first = call.requests[step.items[0]]
        entry = call.entries[step.items[0]]
        file_id = self._file_id(first.scope, entry)
        file_offset = (entry.offset_bytes or 0) + first.parameter_offset_bytes + step.offset_bytes
        n = step.length_bytes
        device = queue.device
        verb = step.kind
        base = first.key if len(step.items) == 1 else f"{first.key} +{len(step.items) - 1}"
        name = f"{verb} {base}"
        imported = step.items[0] in call.imported
        source_host = self.config.kind == "host"
        if imported:
            # A populated mapping: the pages come from storage, nothing is copied to the device.
            last = yield from self._storage(verb, file_id, file_offset, n, name, args, spans)
        elif source_host and verb == "read":
            last = yield from self.host_copy(device, n, base, args, spans, upload=True)
        elif device.host_link is None or self.config.device_file_io is True:
            last = yield from self._storage(verb, file_id, file_offset, n, name, args, spans)
        else:
            last = yield from self._staged(device, verb, file_id, file_offset, n, base, args, spans)
        if with_data and not imported:
            self._move_run(call, step)
        return last

    # -- bytes ---------------------------------------------------------------------------------------

    def _import(self, call: _Call, i: int, with_data: bool) -> None:
        """A zero-copy import: the buffer is the file's (or host allocation's) bytes; no pool memory."""
        self.imports += 1
        if not with_data:
            return
        r = call.requests[i]
        assert self.index is not None
        try:
            view = self.index.view(
                r.scope, r.key, offset_bytes=r.parameter_offset_bytes, length_bytes=r.length_bytes
            )
        except InputError as exc:
            raise DeviceFailure(f"{call.where}: {exc}") from None
        r.resource.buffer.data = view

    def _move_run(self, call: _Call, step: Step) -> None:
        lo, hi = step.offset_bytes, step.offset_bytes + step.length_bytes
        base = 0
        for i in step.items:
            n = call.requests[i].length_bytes
            a, b = max(lo, base), min(hi, base + n)
            if a < b:
                self._move(call, i, a - base, b - a)
            base += n

    def _move(self, call: _Call, i: int, offset: int, length: int) -> None:
        assert self.index is not None
        r = call.requests[i]
        view = r.resource.view(r.resource_offset_bytes + offset, length)
        if view is None:
            raise DeviceFailure(f"{call.where}: resource for {r.scope}::{r.key} has no memory")
        try:
            if r.verb == "read":
                view[...] = self.index.view(
                    r.scope, r.key, offset_bytes=r.parameter_offset_bytes + offset, length_bytes=length
                )
            else:
                self.index.write(r.scope, r.key, view, offset_bytes=r.parameter_offset_bytes + offset)
        except InputError as exc:
            raise DeviceFailure(f"{call.where}: {exc}") from None

    def summary(self) -> dict[str, int]:
        """Provider calls, requests, queue operations (steps), timelines used and zero-copy imports."""
        return {
            "provider_calls": self.calls,
            "requests": self.requests,
            "queue_operations": self.steps,
            "timelines_used": self.timelines_used,
            "imports": self.imports,
        }




__all__ = [
    "PROVIDER_KINDS",
    "STAGING_CHUNK_BYTES",
    "BatchRecord",
    "ParameterProvider",
    "ParameterRequest",
    "ParameterSpec",
    "Parameters",
    "ProviderConfig",
    "make_parameter_index",
]
