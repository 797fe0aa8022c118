"""The parameter provider: serving ``load``/``read``/``gather``/``write``/``scatter`` from archives.

Like IREE's parameter index provider, one operation is split into per-parameter requests spread over up
to :data:`MAX_TIMELINES` concurrent timelines, each request going to the timeline with the fewest
outstanding bytes; requests on one timeline run in order. A data entry is read from storage (a span on a
storage track) and, on a device with a host link, moved over the link; a splat entry becomes a fill on the
device. The operation completes after all its timelines flush (a barrier), then signals its fence.

Every key is checked before any byte moves: a missing scope or key, or a range outside a parameter, fails
the operation (a :class:`~simulator.errors.DeviceFailure` naming the op and the key), and so every fence
downstream of it.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import simpy

from simulator.archives import EntryKind, ParameterIndex
from simulator.costs import CostModel
from simulator.errors import DeviceFailure, InputError
from simulator.memory import ResourceRef
from simulator.storage import Storage

if TYPE_CHECKING:
    from simulator.engine import Engine
    from simulator.queues import Queue

MAX_TIMELINES = 8


@dataclass(frozen=True, slots=True)
class ParameterRequest:
    """Move ``length_bytes`` between parameter ``scope::key`` (from ``parameter_offset_bytes``) and
    ``resource`` (from ``resource_offset_bytes``); ``verb`` is ``read`` (into the resource) or ``write``."""

    verb: str
    scope: str
    key: str
    parameter_offset_bytes: int
    resource: ResourceRef
    resource_offset_bytes: int
    length_bytes: int


class ParameterProvider:
    def __init__(self, engine: Engine, index: ParameterIndex | None, storage: Storage) -> None:
        self.engine = engine
        self.index = index
        self.storage = storage
        self.timelines = [simpy.Resource(engine.env, 1) for _ in range(MAX_TIMELINES)]
        self.outstanding = [0] * MAX_TIMELINES
        self.requests = 0

    def check(self, where: str, requests: list[ParameterRequest], with_data: bool) -> None:
        """Raise DeviceFailure naming ``where`` if any request cannot be served."""
        for r in requests:
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
            if r.parameter_offset_bytes < 0 or end > entry.size_bytes:
                raise DeviceFailure(
                    f"{where}: range [{r.parameter_offset_bytes}, {end}) of parameter {r.scope}::{r.key} is "
                    f"outside its {entry.size_bytes} bytes"
                )
            if (
                r.resource_offset_bytes < 0
                or r.resource_offset_bytes + r.length_bytes > r.resource.size_bytes
            ):
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

    def serve(
        self,
        where: str,
        op_name: str,
        requests: list[ParameterRequest],
        queue: Queue,
        flows_from: list[int],
        with_data: bool,
    ) -> Generator[Any, Any, int | None]:
        self.check(where, requests, with_data)
        env = self.engine.env
        procs = []
        for r in requests:
            t = min(range(MAX_TIMELINES), key=lambda i: (self.outstanding[i], i))
            self.outstanding[t] += r.length_bytes
            procs.append(env.process(self._one(t, where, op_name, r, queue, flows_from, with_data)))
        if not procs:
            return None
        yield env.all_of(procs)  # the flush barrier
        last = None
        end = -1
        for p in procs:
            span_id = p.value
            s_end = self.engine.trace.span(span_id).end_ns
            if s_end >= end:
                end, last = s_end, span_id
        return last

    def _one(
        self,
        t: int,
        where: str,
        op_name: str,
        r: ParameterRequest,
        queue: Queue,
        flows_from: list[int],
        with_data: bool,
    ) -> Generator[Any, Any, int]:
        assert self.index is not None
        engine = self.engine
        entry = self.index.entry(r.scope, r.key)
        args = {"op": op_name, "loc": where, "parameter": f"{r.scope}::{r.key}", "timeline": t}
        device = queue.device
        self.requests += 1
        with self.timelines[t].request() as req:
            yield req
            if entry.kind is EntryKind.SPLAT:
                with device.copy_engines.request() as creq:
                    yield creq
                    start = engine.now
                    dur = CostModel.fill_ns(device.spec, r.length_bytes)
                    yield engine.env.timeout(dur)
                span = engine.trace.add_span(
                    queue.track, "parameter splat", "transfer", start, dur, {**args, "bytes": r.length_bytes}
                )
                for src in flows_from:
                    engine.trace.add_flow(src, span)
                last = span.id
            elif r.verb == "read":
                last = yield from self.storage.access(
                    "read", r.length_bytes, f"read {r.key}", args, flows_from
                )
                if device.host_link is not None:
                    last = yield from device.host_link.transfer(
                        "host", device.spec.name, r.length_bytes, f"upload {r.key}", args, [last]
                    )
            else:
                first = flows_from
                if device.host_link is not None:
                    first = [
                        (
                            yield from device.host_link.transfer(
                                device.spec.name,
                                "host",
                                r.length_bytes,
                                f"download {r.key}",
                                args,
                                flows_from,
                            )
                        )
                    ]
                last = yield from self.storage.access("write", r.length_bytes, f"write {r.key}", args, first)
        self.outstanding[t] -= r.length_bytes
        if with_data:
            self._move_bytes(where, r, entry.kind)
        return last

    def _move_bytes(self, where: str, r: ParameterRequest, kind: EntryKind) -> None:
        assert self.index is not None
        view = r.resource.view(r.resource_offset_bytes, r.length_bytes)
        if view is None:
            raise DeviceFailure(f"{where}: resource for {r.scope}::{r.key} has no memory")
        try:
            if r.verb == "read":
                view[...] = self.index.view(
                    r.scope, r.key, offset_bytes=r.parameter_offset_bytes, length_bytes=r.length_bytes
                )
            else:
                self.index.write(r.scope, r.key, view, offset_bytes=r.parameter_offset_bytes)
        except InputError as exc:
            raise DeviceFailure(f"{where}: {exc}") from None


__all__ = ["MAX_TIMELINES", "ParameterProvider", "ParameterRequest"]
