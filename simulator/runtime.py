"""The runtime of one invocation: the machine's devices, links and storage, and the host's services.

The host rules reach the simulated machine through a :class:`Runtime`: which queue an op's affinity
selects, semaphores, submissions (with their host-side cost and trace span), host waits, executables and
Python host functions. ``@__device_N`` globals map to the machine's devices in module order; an affinity
``#hal.device.affinity<@dev, [q...]>`` selects the lowest listed queue, no queue list selects queue 0.
``#hal.device.optimal<[a, b, ...]>`` (memory for a cross-device transfer) selects its first affinity, as
IREE's runtime does without an allocator-selection policy.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from ir import Module, Operation
from ir import types as T
from ir.attributes import DeviceAffinityAttr, DeviceOptimalAttr, SymbolRefAttr, TypeAttr
from simulator.archives import ParameterIndex
from simulator.collectives import Fabric
from simulator.costs import CostModel
from simulator.engine import Engine
from simulator.errors import DeviceFailure, MachineError, SimulationError, UnsupportedOpError
from simulator.executables import Executable
from simulator.kernels import KernelRegistry
from simulator.machine import Machine
from simulator.parameters import ParameterProvider
from simulator.queues import Device, Link, Queue, QueueWork
from simulator.semaphores import Fence, Semaphore
from simulator.storage import Storage

if TYPE_CHECKING:
    from simulator.host.executable_sources import ExecutableSources

COUNT_KEYS = (
    "dispatches",
    "fills",
    "copies",
    "allocas",
    "deallocas",
    "parameter_ops",
    "parameter_requests",
    "file_reads",
    "file_writes",
    "submissions",
    "host_waits",
)


def location(op: Operation) -> str | None:
    return str(op.location) if op.location is not None else None


def device_globals(module: Module) -> list[str]:
    """The names of the program's device globals (``util.global @x : !hal.device``), in declaration order:
    the k-th runs on the machine's k-th device. A device global the program stores to without an initial
    value (HAL form) is assigned at run time by its own initializers (``hal.devices.get`` by enumeration,
    ``hal.allocator.select``) and is not a device of its own."""
    candidates: list[tuple[str, bool]] = []
    for op in module.body.ops:
        if op.op_name != "util.global":
            continue
        t = op.attr("type")
        if isinstance(t, TypeAttr) and isinstance(t.value, T.HalType) and t.value.name == "device":
            name = str(getattr(op.attr("sym_name"), "value", ""))
            candidates.append((name, op.attr("initial_value") is None))
    stored: set[str] = set()
    if any(no_initial for _, no_initial in candidates):
        # Only a device global without an initial value can be one the program assigns: walk the module
        # for stores only then (a program of 100,000 ops and thousands of parameter globals has none).
        stored = {
            str(getattr(op.attr("global"), "root", ""))
            for op in module.walk()
            if op.op_name == "util.global.store"
        }
    return [name for name, no_initial in candidates if not (no_initial and name in stored)]


class Runtime:
    def __init__(
        self,
        engine: Engine,
        machine: Machine,
        module: Module,
        *,
        with_data: bool,
        costs: CostModel,
        kernels: KernelRegistry,
        parameters: ParameterIndex | None,
        host_functions: dict[str, Callable[..., Any]] | None = None,
    ) -> None:
        self.engine = engine
        self.machine = machine
        # The host sat out device work on CPUs it shares with the device (DeviceSpec.host_shares_cpus)
        # since it last woke: its next wait on the device sleeps and is woken.
        self._slept = False
        self.module = module
        self.with_data = with_data
        # A timing-only run still performs these ops (ids) with data: the chain behind the values the host
        # reads back from the device (simulator.host.readback).
        self.data_ops: frozenset[int] = frozenset()
        self.data_inputs: frozenset[int] = frozenset()  # the called function's inputs staged with data
        self.costs = costs
        self.kernels = kernels
        self.host_functions = dict(host_functions or {})
        self.links = {spec.name: Link(engine, spec) for spec in machine.links}
        self.devices = [
            Device(engine, i, spec, self.links.get(spec.host_link) if spec.host_link else None)
            for i, spec in enumerate(machine.devices)
        ]
        for device in self.devices:
            for link in self.links.values():
                ends = link.spec.endpoints
                if device.spec.name in ends:
                    other = ends[1] if ends[0] == device.spec.name else ends[0]
                    if other == "host":
                        device.host_links[device.spec.name] = link
                    else:
                        device.peers[other] = link
        for dev in self.devices:
            for peer in self.devices:
                dev.host_links.update(peer.host_links)
                if peer is not dev and dev.spec.unified_memory and peer.spec.unified_memory:
                    dev.shares_memory_with.add(peer.spec.name)
        self.storage = Storage(engine, machine.storage)
        # Channels and the collectives under way (simulator.collectives).
        self.fabric = Fabric(engine, machine, with_data)
        # The rank and rank count a channel created without them takes (stream.channel.create).
        self.default_rank = (0, 1)
        self.provider = ParameterProvider(engine, parameters, self.storage)
        self.counts = dict.fromkeys(COUNT_KEYS, 0)
        self.executables: dict[SymbolRefAttr, Executable] = {}
        self.durations: dict[tuple[int, int], int] = {}
        self.keep_alive: list[Any] = []  # objects whose ids key the caches above
        self.device_symbols = self._device_symbols(module)
        default = module.op.attr("stream.affinity.default")
        self.default_affinity = default if isinstance(default, DeviceAffinityAttr) else None
        # HAL-form programs: the stream form of the same compilation, whose stream.executable exports give
        # the bodies of the compiled exports (simulator.host.hal_command_rules).
        self.executable_sources: ExecutableSources | None = None
        # A checker (simulator.checks) watching submissions, host waits and host accesses; None: no cost.
        self.observer: Any = None

    # -- devices and queues --------------------------------------------------------------------------

    def _device_symbols(self, module: Module) -> dict[str, int]:
        symbols = {name: i for i, name in enumerate(device_globals(module))}
        if len(symbols) > len(self.devices):
            raise MachineError(
                f"the program uses {len(symbols)} devices ({', '.join('@' + s for s in symbols)}) but machine "
                f"{self.machine.name!r} has {len(self.devices)}"
            )
        return symbols

    def data_for(self, op: Operation) -> bool:
        """Whether ``op`` works with data: every op of a data run; in a timing-only run, those behind a
        value the host reads back."""
        return self.with_data or id(op) in self.data_ops

    def affinity_of(self, op: Operation) -> DeviceAffinityAttr | None:
        node: Operation | None = op
        while node is not None:
            aff = node.attr("affinity")
            if isinstance(aff, DeviceAffinityAttr):
                return aff
            if isinstance(aff, DeviceOptimalAttr):
                return aff.selected  # as IREE's hal.allocator.select without a policy: the first device
            node = node.parent_op
        return self.default_affinity

    def affinity_text(self, op: Operation) -> str | None:
        """The affinity of ``op`` as trace args carry it (its own, an enclosing op's, or the default)."""
        aff = self.affinity_of(op)
        return str(aff) if aff is not None else None

    def device_of(self, op: Operation) -> Device:
        aff = self.affinity_of(op)
        if aff is None:
            return self.devices[0]
        index = self.device_symbols.get(aff.device.root)
        if index is None:
            raise UnsupportedOpError(
                f"{op.describe()}: affinity names @{aff.device.root}, which is not a device global"
            )
        return self.devices[index]

    def queue_of(self, op: Operation) -> Queue:
        aff = self.affinity_of(op)
        device = self.device_of(op)
        return device.queue_for(aff.queues if aff is not None else None, op.describe())

    # -- executables ---------------------------------------------------------------------------------

    def executable(self, ref: SymbolRefAttr, where: str) -> Executable:
        exe = self.executables.get(ref)
        if exe is None:
            exe = self.executables[ref] = Executable(self.module, ref, self.kernels, where)
        return exe

    # -- submission and waiting ----------------------------------------------------------------------

    def submit(
        self,
        interp: Any,
        op: Operation,
        queue: Queue,
        work: QueueWork,
        wait: Fence | None,
        extra_cost_ns: int = 0,
        signal: Fence | None = None,
        what: Any = None,
    ) -> Generator[Any, Any, Fence]:
        """Pay host time, then submit ``work`` to ``queue``; returns the fence it will signal (a new one on
        a new semaphore unless ``signal`` is given, as IREE's HAL queue ops take their signal fence).

        ``what`` describes the work for an attached observer (a command tree, the buffer of an alloca...).
        On a device that runs its queue operations on the submitting thread (``inline_execution``), the
        host waits until the work has run (a ``run inline`` span on the host track)."""
        yield from interp.settle()
        engine = self.engine
        host = self.machine.host
        start = engine.now
        base = host.submit_cost_ns
        kind = what[0] if isinstance(what, tuple) else None
        if kind == "dealloca" and host.dealloca_cost_ns is not None:
            base = host.dealloca_cost_ns
        elif host.alloca_cost_ns is not None and kind in ("alloca", "dealloca"):
            base = host.alloca_cost_ns
        dur = base + extra_cost_ns
        if dur:
            yield engine.env.timeout(dur)
        submit_span = engine.trace.add_span(
            engine.host_track,
            f"submit {op.op_name.rsplit('.', 1)[-1]}",
            "host",
            start,
            dur,
            {"op": op.op_name, "loc": location(op), "queue": queue.name},
        )
        if signal is None:
            signal = Fence(((Semaphore(engine.semaphore_name(op.op_name.rsplit(".", 1)[-1])), 1),))
        self.counts["submissions"] += 1
        if self.observer is not None:
            work = self.observer.on_submit(interp, op, queue, work, wait, signal, what)
        spec = queue.device.spec
        fence = wait if wait is not None else Fence()
        # On CPUs shared with the device, the host sits out work that can start now (its wait met): work
        # that waits on something else runs later, and the host goes on, as IREE's host thread does.
        sits_out = spec.host_shares_cpus and queue.ready(fence)
        process = queue.submit(op.op_name, work, fence, signal, submit_span.id)
        if (spec.inline_execution or sits_out) and not process.processed:
            # The submitting thread runs the operation (IREE's local-sync device), or the device runs it
            # on the CPUs the host thread needs: the host is blocked until it has run. Inline, nothing
            # wakes it (no other thread signals it); on shared CPUs its next wait on the device does.
            token = engine.begin_wait_format("host runs {} inline", op.describe())
            ran_from = engine.now
            yield process
            engine.end_wait(token)
            if engine.now > ran_from:
                args = {"op": op.op_name, "loc": location(op), "queue": queue.name}
                if sits_out:
                    # The host idles while the device runs; it goes on where the work signals (an instant
                    # with the signal's flows, so the host's next step follows the device's work).
                    self._slept = True
                    resume = engine.trace.add_span(engine.host_track, "resume", "sync", engine.now, 0, args)
                    for src in signal.signal_spans():
                        engine.trace.add_flow(src, resume)
                else:
                    engine.trace.add_span(
                        engine.host_track, "run inline", "sync", ran_from, engine.now - ran_from, args
                    )
        return signal

    def host_wait(self, interp: Any, op: Operation, fence: Fence) -> Generator[Any, Any, None]:
        """Block the host until ``fence`` is reached; raise DeviceFailure naming ``op`` if it failed."""
        if self.observer is not None:
            self.observer.on_host_wait(op, fence)
        if fence.reached() and fence.failure() is None:
            spans = fence.signal_spans()
            if self._slept and spans:
                # The host sat out the device's work on the CPUs they share: it slept in this wait, and
                # the worker that signalled wakes it (a wake span, with the signal's flows, as below).
                self._slept = False
                yield from interp.settle()
                engine = self.engine
                woken = engine.now
                self.counts["host_waits"] += 1
                if self.machine.host.wake_cost_ns:
                    yield engine.env.timeout(self.machine.host.wake_cost_ns)
                args = {"op": op.op_name, "loc": location(op)}
                wake_span = engine.trace.add_span(
                    engine.host_track, "wake", "sync", woken, engine.now - woken, args
                )
                for src in spans:
                    engine.trace.add_flow(src, wake_span)
            return
        yield from interp.settle()
        engine = self.engine
        start = engine.now
        self.counts["host_waits"] += 1
        try:
            spans = yield from fence.wait(engine, f"host at {op.describe()}")
        except DeviceFailure as exc:
            engine.trace.add_instant(
                engine.host_track,
                "failure",
                engine.now,
                "sync",
                {"op": op.op_name, "loc": location(op), "error": str(exc)},
            )
            raise DeviceFailure(f"{op.describe()} waited on a failed timepoint: {exc}") from None
        woken = engine.now
        self._slept = False
        wake = self.machine.host.wake_cost_ns
        if wake:
            yield engine.env.timeout(wake)
        args = {"op": op.op_name, "loc": location(op)}
        engine.trace.add_span(engine.host_track, "await", "sync", start, woken - start, args)
        # The signal->wait edge ends where the host wakes (a flow must not end before its source).
        wake_span = engine.trace.add_span(engine.host_track, "wake", "sync", woken, engine.now - woken, args)
        for src in spans:
            engine.trace.add_flow(src, wake_span)

    # -- host functions ------------------------------------------------------------------------------

    def call_host_function(self, name: str, op: Operation, args: list[Any]) -> Generator[Any, Any, list[Any]]:
        fn = self.host_functions.get(name)
        if fn is None:
            known = ", ".join(sorted(self.host_functions)) or "none"
            raise UnsupportedOpError(
                f"{op.describe()}: @{name} has no body and no Python host function is registered for it "
                f"(registered: {known})"
            )
        result = fn(*args)
        if inspect.isawaitable(result):
            result = yield from self.engine.await_coroutine(result)
        if result is None:
            return []
        return list(result) if isinstance(result, list | tuple) else [result]


def check_no_failure(fence: Fence, what: str) -> None:
    failure = fence.failure()
    if failure is not None:
        raise SimulationError(f"{what}: {failure}")
