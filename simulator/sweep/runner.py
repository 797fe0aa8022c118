"""The point runner: schedule and simulate one point of a study, and return its metrics.

:func:`run_point` is a top-level function so that Dask can send it to worker processes by reference.
For one point it

1. parses the program and, if it is in async form, schedules it with the point's favor, memory model
   (the machine's unless overridden) and placement;
2. loads the machine (preset or file) and applies the point's overrides;
3. makes the inputs (the study's .npy files, else generated from the seed) and the parameters (the
   study's files, else stand-ins of the right sizes: virtual entries when timing-only, random data
   otherwise);
4. runs :class:`simulator.Session` ``invoke`` (timing-only unless the study asks for data) and collects
   every available metric (:func:`simulator.sweep.metrics.collect`);
5. when the study keeps ``findings``, runs the correctness checker (:func:`simulator.checks.check`, no
   reference run) on the same schedule, machine, inputs and parameters and counts its findings.

A worker runs many points of the same program, so parsed text, scheduled modules and machines are
cached per process (a few entries each; deep programs are large). The simulator does not change the
cmd-form module it runs, so one schedule serves every machine and seed. Exceptions propagate: the
executor records them in the point's row.
"""

from __future__ import annotations

import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import numpy as np

import scheduler
from ir import Module
from simulator.archives import ParameterIndex
from simulator.errors import InputError
from simulator.machine import Machine, load_machine
from simulator.params.scan import parameter_needs
from simulator.params.standins import stand_in_parameters
from simulator.program import async_ops, input_signature, parse_program, read_text
from simulator.session import Session
from simulator.sweep.metrics import collect, finding_columns
from simulator.sweep.points import Point
from simulator.sweep.study import machine_with_overrides
from simulator.sync import run_coroutine_sync

T = TypeVar("T")

_CACHE_SIZE = 6
_caches: dict[str, OrderedDict[Hashable, Any]] = {}
_lock = threading.Lock()
_workdir: tempfile.TemporaryDirectory[str] | None = None


def _cached(kind: str, key: Hashable, make: Callable[[], T]) -> T:
    with _lock:
        cache = _caches.setdefault(kind, OrderedDict())
        if key in cache:
            cache.move_to_end(key)
            return cache[key]
    value = make()
    with _lock:
        cache[key] = value
        while len(cache) > _CACHE_SIZE:
            cache.popitem(last=False)
    return value


def clear_caches() -> None:
    """Forget cached programs, schedules and machines (the files they came from changed)."""
    with _lock:
        _caches.clear()


def run_point(point: Point) -> dict[str, Any]:
    """Schedule and simulate one point; its metric columns (see :mod:`simulator.sweep.metrics`)."""
    module, schedule_stats = scheduled_module(point)
    machine = point_machine(point)
    inputs = _inputs(point, module)
    parameters = _parameters(point, module)
    session = Session(machine, seed=point.seed)
    coro = session.invoke(
        module,
        point.program.function,
        inputs,
        parameters=parameters,
        timing_only=point.timing_only,
        program_name=point.program.name,
    )
    result = _run(coro)
    metrics = collect(result.stats, result.trace, schedule_stats)
    if point.checks:
        from simulator.checks import check

        report = _run(
            check(
                module,
                point.program.function,
                inputs,
                parameters=parameters,
                machine=machine,
                seed=point.seed,
                timing_only=point.timing_only,
                reference=False,
            )
        )
        metrics.update(finding_columns(report.findings))
    return metrics


def point_machine(point: Point) -> Machine:
    """The point's machine with its overrides applied."""
    base = _cached("machine", point.machine.ref, lambda: load_machine(point.machine.ref))
    overrides = {k: v for k, v in point.settings if k in _MACHINE_KEYS}
    return machine_with_overrides(base, overrides) if overrides else base


_MACHINE_KEYS = {
    "queues",
    "link_bandwidth_bytes_per_s",
    "storage_bandwidth_bytes_per_s",
    "memory_model",
    "pool_capacity_bytes",
}


def scheduled_module(point: Point) -> tuple[Module, Any]:
    """The point's program in cmd form, and its :class:`scheduler.ScheduleStats` (None if it came in
    cmd form). Raises :class:`~simulator.errors.InputError` for scheduler settings on a cmd-form program."""
    settings = point.setting
    memory_model = settings.get("memory_model")
    if memory_model is None:
        base = _cached("machine", point.machine.ref, lambda: load_machine(point.machine.ref))
        memory_model = "unified" if base.devices[0].unified_memory else "discrete"
    options: tuple[Any, ...] = (
        settings.get("favor"),
        memory_model,
        settings.get("placement", "none"),
        settings.get("memory_cap_bytes"),
        settings.get("queue_policy", "iree"),
    )
    key = (point.program.path, point.program.digest, *options)
    # placement depends on the machine's devices and links, queue assignment on its queue count
    if options[2] != "none" or options[4] != "iree":
        key += (point.machine.ref, tuple(sorted(point.settings)))
    return _cached("schedule", key, lambda: _schedule(point, *options))


def _schedule(
    point: Point,
    favor: str | None,
    memory_model: str,
    placement: str,
    memory_cap_bytes: int | None,
    queue_policy: str = "iree",
) -> tuple[Module, Any]:
    text = _cached("text", (point.program.path, point.program.digest), lambda: read_text(point.program.path))
    module = parse_program(text, filename=point.program.path)
    if not async_ops(module):
        asked = [k for k in ("favor", "placement", "memory_cap_bytes", "queue_policy") if k in point.setting]
        if asked:
            raise InputError(
                f"{point.program.path} is already in cmd form; scheduler settings ({', '.join(asked)}) "
                "do not apply to it (give the async form)"
            )
        return module, None
    pipeline = scheduler.Pipeline.default().with_options("parameter_upload", memory_model=memory_model)
    if placement != "none":
        pipeline = _with_placement(pipeline, placement, module, point_machine(point))
    if memory_cap_bytes is not None:
        pipeline = _with_memory_cap(pipeline, memory_cap_bytes)
    if queue_policy == "chains":
        queues = min(d.queues for d in point_machine(point).devices)
        pipeline = pipeline.insert(
            "schedule_execution", "assign_queues", scheduler.assign_queues, queues=queues
        )
    scheduler.schedule_module(module, favor=favor, pipeline=pipeline)
    return module, scheduler.ScheduleStats.from_module(module)


def _with_placement(pipeline: Any, placement: str, module: Module, machine: Machine) -> Any:
    """HEFT placement over the program's device globals (``@__device_N``, or IREE's named multi-device
    targets such as ``@dev_a``), on the machine devices they run on (the k-th global on the k-th device).

    The cost model is deliberately plain: every streamable op costs the device's launch overhead plus
    one microsecond (the presets' devices of one machine are alike), and a value crossing devices costs
    the latency plus its bytes over the link between them (the host link's figures when there is none).
    """
    from ir import attributes as A
    from simulator.runtime import device_globals

    names = device_globals(module)
    count = min(len(names), len(machine.devices))
    if count < 2:
        raise InputError(
            f"placement {placement!r} needs a program with two or more device globals and a machine with "
            f"as many devices; this program has {len(names)} and machine {machine.name!r} has "
            f"{len(machine.devices)}"
        )
    devices = [A.DeviceAffinityAttr(A.SymbolRefAttr(n)) for n in names[:count]]
    spec_of = {str(d): machine.devices[i] for i, d in enumerate(devices)}

    def cost(op: Any, device: Any) -> float:
        return float(spec_of[str(device)].launch_overhead_ns + 1000)

    def transfer(nbytes: int, src: Any, dst: Any) -> float:
        a, b = spec_of[str(src)], spec_of[str(dst)]
        link = machine.link_between(a.name, b.name) or next(iter(machine.links), None)
        if link is None:
            return nbytes * 1e9 / a.memory_bandwidth_bytes_per_s
        return link.latency_ns + nbytes * 1e9 / link.bandwidth_bytes_per_s

    return pipeline.insert(
        "schedule_execution",
        "place_devices",
        scheduler.place_devices,
        devices=devices,
        cost=cost,
        transfer_cost=transfer,
    )


def _with_memory_cap(pipeline: Any, memory_cap_bytes: int) -> Any:
    return pipeline.replace(
        "schedule_concurrency", scheduler.schedule_concurrency_capped, cap_bytes=memory_cap_bytes
    )


def _inputs(point: Point, module: Module) -> list[np.ndarray]:
    if point.program.inputs:
        return [np.load(p) for p in point.program.inputs]
    rng = np.random.default_rng(point.seed)
    out = []
    for i, sig in enumerate(input_signature(module, point.program.function)):
        if sig is None:
            raise InputError(
                f"input {i} of @{point.program.function} in {point.program.path} has a dynamic shape; "
                "give the study's program 'inputs'"
            )
        shape, element = sig
        dtype = _numpy_dtype(element)
        if dtype.kind == "f":
            out.append(rng.standard_normal(shape).astype(dtype))
        else:
            out.append(rng.integers(-8, 8, size=shape).astype(dtype))
    return out


def _numpy_dtype(element: str) -> np.dtype[Any]:
    from simulator.archives import parse_dtype

    return parse_dtype(element)


def _parameters(point: Point, module: Module) -> ParameterIndex | None:
    keys = parameter_needs(module)
    spec = point.program.parameters
    if spec:
        scopes = sorted({scope for scope, _, _ in keys}) or [""]
        index = ParameterIndex()
        for scope, path in spec:
            for s in scopes if scope == "*" else [scope]:
                index.load(path, scope=s)
        return index
    if not keys:
        return None
    global _workdir
    if _workdir is None and not point.timing_only:
        _workdir = tempfile.TemporaryDirectory(prefix="streamsim-sweep-")
    return stand_in_parameters(
        keys,
        seed=point.seed,
        timing_only=point.timing_only,
        workdir=_workdir.name if _workdir is not None else "",
        prefix=f"{point.key[:16]}-",
    )


def _run(coro: Any) -> Any:
    """Run a coroutine to completion, also from a thread whose event loop is running (Jupyter)."""
    return run_coroutine_sync(coro, thread_name="streamsim-sweep-point")
