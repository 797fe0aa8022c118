"""Sessions: the public asyncio API of the simulator.

::

    session = Session("discrete-gpu", seed=0)
    result = await session.invoke(module, "main", [x], parameters={"model": "params.irpa"})
    result.outputs      # numpy arrays (timing-only: OutputSpec shapes)
    result.stats        # makespan, busy queues, peak memory, bytes read...
    result.trace        # traces.Trace

An invocation builds a fresh simulated machine, runs the module's initializers, stages the inputs on
device 0 (over its host link unless imports are zero-copy), calls the function, reads the outputs back
and lets queued work finish. Each ``invoke`` drives its own simpy environment inside the running asyncio
loop, yielding between batches of events, so several sessions (or invocations) run side by side.
:meth:`Session.run_sync` is the same for scripts. Failures raise :class:`~simulator.errors.SimulationError`
subclasses naming the op, with the timeline up to the failure as ``exc.trace``; a deadlock raises
:class:`~simulator.errors.DeadlockError`.
"""

from __future__ import annotations

import gc
import importlib.metadata
import pathlib
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ir import Module, Operation
from ir import types as T
from ir.attributes import FloatAttr, IntegerAttr, StringAttr, TypeAttr
from ir.handover import hand_over_survivors
from simulator.costs import Calibration, CostModel
from simulator.engine import EVENTS_PER_BATCH, Engine
from simulator.errors import InputError, SimulationError, UnsupportedOpError
from simulator.host import HOST_RULES, BufferView, Interpreter
from simulator.host.executable_sources import SourcesSpec, load_executable_sources
from simulator.host.readback import readback_slice
from simulator.host.values import ir_element_type
from simulator.kernels import KERNELS, KernelRegistry
from simulator.machine import Machine, load_machine
from simulator.memory import Buffer
from simulator.params.provider import ParameterSpec, make_parameter_index
from simulator.program import load_program, to_cmd_form
from simulator.runtime import Runtime
from simulator.semaphores import IMMEDIATE, Fence, Semaphore
from simulator.stats import Stats, compute_stats, timeline
from simulator.sync import run_coroutine_sync
from traces import Trace, TraceMetadata, Track


def _version() -> str:
    try:
        return importlib.metadata.version("streamsim")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - not installed
        return "0.0.0"


#: Runs of at least this many events (a 5,000-dispatch residual ladder; a 10,000-dispatch one is 206,664) hand
#: what they made to the collector's permanent generation (see :meth:`Session.invoke`); smaller ones leave it
#: to the young collections.
HANDOVER_EVENTS = 100_000


@dataclass(frozen=True)
class OutputSpec:
    """A timing-only output: its shape and element type, no data."""

    shape: tuple[int, ...]
    element_type: str

    def describe(self) -> str:
        return "x".join(str(d) for d in self.shape) + ("x" if self.shape else "") + self.element_type


@dataclass
class InvocationResult:
    outputs: list[Any]
    buffer_views: list[Any]
    stats: Stats
    trace: Trace
    timing_only: bool
    #: simpy events the engine processed (calls of ``Environment.step``) and the CPU seconds spent in them;
    #: and both per batch of the engine, in order (:attr:`simulator.engine.Engine.batches`).
    events_processed: int = 0
    event_cpu_s: float = 0.0
    event_batches: list[tuple[int, float]] = field(default_factory=list)

    def timeline(self, categories: tuple[str, ...] | None = None) -> list[tuple[str, str, int, int]]:
        return timeline(self.trace, categories=categories)


class Session:
    """A machine, its configuration and the host functions programs may call."""

    def __init__(
        self,
        machine: Machine | str | pathlib.Path = "cpu",
        *,
        seed: int = 0,
        kernels: KernelRegistry | None = None,
        calibration: Calibration | str | pathlib.Path | None = None,
        host_functions: Mapping[str, Callable[..., Any]] | None = None,
        events_per_batch: int = EVENTS_PER_BATCH,
    ) -> None:
        self.machine = load_machine(machine)
        self.seed = seed
        self.kernels = kernels or KERNELS
        if calibration is not None and not isinstance(calibration, Calibration):
            calibration = Calibration.from_file(calibration)
        self.costs = CostModel(calibration)
        self.host_functions = dict(host_functions or {})
        self.events_per_batch = events_per_batch

    def register_function(self, name: str, fn: Callable[..., Any]) -> None:
        """A Python function (or coroutine function) for calls to ``@name`` without a body."""
        self.host_functions[name] = fn

    def run_sync(
        self,
        module: Module | str | pathlib.Path,
        function: str = "main",
        inputs: Sequence[Any] = (),
        **kw: Any,
    ) -> InvocationResult:
        """:meth:`invoke` for scripts and notebooks: runs its own event loop, on a worker thread when the
        calling thread's loop is already running (a Jupyter cell)."""
        # asyncio.run (CPython 3.11) formats the main task's repr, its result included, when it restores
        # the SIGINT handler; a task that returns None keeps that from walking the whole trace.
        box: list[InvocationResult] = []

        async def main() -> None:
            box.append(await self.invoke(module, function, inputs, **kw))

        run_coroutine_sync(main(), thread_name="streamsim-run-sync")
        return box[0]

    async def invoke(
        self,
        module: Module | str | pathlib.Path,
        function: str = "main",
        inputs: Sequence[Any] = (),
        *,
        parameters: ParameterSpec = None,
        timing_only: bool = False,
        program_name: str | None = None,
        observer: Any = None,
        favor: str | None = None,
        pipeline: Any = None,
        executable_sources: SourcesSpec | None = None,
    ) -> InvocationResult:
        """Run ``function``; ``observer`` (a :mod:`simulator.checks` observer) watches the run if given.

        A HAL-form module (``iree-compile --compile-to=hal``) carries compiled binaries: its dispatches run
        the bodies of ``executable_sources``: the stream form of the same compilation, or the directory of
        IREE's executable-source dumps (see :mod:`simulator.host.executable_sources`).

        An async-form module is scheduled first (``favor`` and ``pipeline`` as in
        :func:`scheduler.schedule_module`), on a copy: ``module`` itself is never changed, so the same
        module can be run again under another favor.
        """
        # The cyclic GC would walk the module again and again while the run allocates (40% of a
        # 10,000-dispatch timing-only run); the run makes no garbage cycles worth collecting.
        collecting = gc.isenabled()
        gc.disable()
        try:
            result = await self._invoke(
                module, function, inputs, parameters, timing_only, program_name, observer, favor, pipeline,
                executable_sources,
            )  # fmt: skip
            # What a large run made and kept (its trace: a record and an args dict per span, flow and
            # counter) goes to the permanent generation without a walk, as a large parse's IR and a large
            # schedule's cmd form do: else the first young collection after the run walks all of it (0.8 s
            # after a 100,000-dispatch run), and the next middle one again.
            if collecting and result.events_processed >= HANDOVER_EVENTS:
                hand_over_survivors()
            return result
        finally:
            if collecting:
                gc.enable()

    async def _invoke(
        self,
        module: Module | str | pathlib.Path,
        function: str,
        inputs: Sequence[Any],
        parameters: ParameterSpec,
        timing_only: bool,
        program_name: str | None,
        observer: Any,
        favor: str | None,
        pipeline: Any,
        executable_sources: SourcesSpec | None,
    ) -> InvocationResult:
        if not isinstance(module, Module):
            module = load_program(module)
        # One scan of the module's ops serves the cmd-form check and the read-back slice (a large program's
        # module is 70,000 ops at 10,000 dispatches): the set of their names answers both first questions.
        all_ops = module.op.walk_list()
        all_names = {op.op_name for op in all_ops}
        ops: list[Operation] | None = all_ops
        op_names: set[str] | None = all_names
        if any(name.startswith("stream.async.") for name in all_names):
            module = to_cmd_form(module, favor=favor, pipeline=pipeline)
            ops = op_names = None  # (the scheduler's module, scanned again when needed)
        func = module.function(function)
        with_data = not timing_only
        name = program_name or (pathlib.Path(module.filename).name if module.filename else "program")
        metadata = TraceMetadata(
            machine=self.machine.name,
            program=name,
            seed=self.seed,
            version=f"streamsim {_version()}",
            extra={"function": function, "timing_only": timing_only},
        )
        engine = Engine(metadata, events_per_batch=self.events_per_batch)
        runtime = Runtime(
            engine,
            self.machine,
            module,
            with_data=with_data,
            costs=self.costs,
            kernels=self.kernels,
            parameters=make_parameter_index(parameters),
            host_functions=self.host_functions,
        )
        for device in runtime.devices:
            device.costs = self.costs
        runtime.executable_sources = (
            None if executable_sources is None else load_executable_sources(executable_sources)
        )
        if with_data:
            _check_data_supported(runtime, module)
        else:
            # The host's read-backs still see the device's values: their chain runs with data.
            readback = readback_slice(module, ops, op_names)
            runtime.data_ops = readback.ops
            runtime.data_inputs = readback.inputs.get(id(func), frozenset())
        interp = Interpreter(runtime, module, HOST_RULES)
        if observer is not None:
            runtime.observer = observer
            observer.attach(runtime, interp)
        views = [_input_view(func, i, x) for i, x in enumerate(inputs)]
        _check_arity(func, len(views))
        process = engine.env.process(_host_main(runtime, interp, module, func, views))
        try:
            results = await engine.drive(process)
            await engine.drain()
        except (SimulationError, InputError) as exc:
            # The timeline up to the failure, for tools that show what went wrong.
            exc.trace = engine.trace  # type: ignore[union-attr]
            raise
        makespan = engine.now  # every span ends by the time the last event ran
        # The interpreter and its execute-region recorder refer to each other; with that cycle broken, the
        # run's state (interpreter, runtime, the parameter provider's log and plans: 230,000 objects for
        # 10,000 dispatches) is freed by reference counts when this returns, rather than left for a walk
        # of the cyclic collector (0.2-0.4 s at 10,000 dispatches).
        vars(interp).pop("recorder", None)
        stats = compute_stats(runtime, engine.trace, makespan, interp.ops_run)
        outputs: list[Any] = []
        for r in results:
            if isinstance(r, BufferView):
                data = r.to_numpy() if with_data else None
                outputs.append(data if data is not None else OutputSpec(r.shape, str(r.element_type)))
            else:
                outputs.append(r)
        return InvocationResult(
            outputs,
            list(results),
            stats,
            engine.trace,
            timing_only,
            events_processed=engine.events_processed,
            event_cpu_s=engine.event_seconds,
            event_batches=engine.batches,
        )


def coarse_fences(func: Operation) -> bool:
    """Whether ``func`` follows IREE's coarse-fences ABI (``iree.abi.model = "coarse-fences"``): its last two
    arguments are a wait fence and a signal fence, which the caller supplies and waits on."""
    model = func.attr("iree.abi.model")
    return isinstance(model, StringAttr) and model.value == "coarse-fences"


def _check_arity(func: Operation, n: int) -> None:
    ft = func.attr("function_type")
    fences = 2 if coarse_fences(func) else 0  # supplied by the run, not the user
    if isinstance(ft, TypeAttr) and isinstance(ft.value, T.FunctionType) and len(ft.value.inputs) != n + fences:
        decl = _declaration(func)
        raise InputError(
            f"@{_sym(func)} takes {len(ft.value.inputs) - fences} input(s), {n} given"
            + (" (and the wait and signal fences of its coarse-fences ABI, which the run supplies)" if fences else "")
            + (f" ({decl})" if decl else "")
        )


def _sym(func: Operation) -> str:
    s = func.attr("sym_name")
    return s.value if isinstance(s, StringAttr) else "?"


def _declaration(func: Operation) -> str | None:
    refl = func.attr("iree.reflection")
    get = getattr(refl, "get", None)
    decl = get("iree.abi.declaration") if get else None
    return decl.value if isinstance(decl, StringAttr) else None


def _input_view(func: Operation, i: int, x: Any) -> Any:
    """Inputs become buffer views (arrays) or stay scalars (ints and floats)."""
    if isinstance(x, BufferView | int | float | Fence):
        return x
    arr = np.asarray(x)
    if arr.dtype == object:
        raise InputError(f"input {i} is not a numeric array")
    # (np.ascontiguousarray would make a 0-d array, a scalar tensor<i32> input, one of shape (1,).)
    return arr if arr.flags.c_contiguous else np.ascontiguousarray(arr).reshape(arr.shape)


def _check_data_supported(runtime: Runtime, module: Module) -> None:
    from ir.attributes import ArrayAttr, SymbolRefAttr
    from simulator.host.hal_command_rules import resolve_export

    for op in module.walk():
        if op.op_name == "hal.executable.lookup.function":
            ref = op.attr("entry_point")
            if isinstance(ref, SymbolRefAttr):
                exe = resolve_export(runtime, ref.leaf, op.describe())
                if exe.kernel is None and exe.program is None:
                    raise UnsupportedOpError(
                        f"{op.describe()}: real data was asked for, but {exe.no_data_reason}"
                    )
            continue
        if op.op_name != "stream.cmd.dispatch":
            continue
        entry = op.attr("entry_points")
        ref = entry[0] if isinstance(entry, ArrayAttr) and len(entry) else None
        if isinstance(ref, SymbolRefAttr):
            exe = runtime.executable(ref, op.describe())
            if exe.kernel is None and exe.program is None:
                raise UnsupportedOpError(
                    f"{op.describe()}: real data was asked for, but {exe.no_data_reason}"
                )


def _stage_input(runtime: Runtime, index: int, value: Any, loc: str | None) -> Generator[Any, Any, Any]:
    if not isinstance(value, np.ndarray):
        return value
    device = runtime.devices[0]
    element_type = ir_element_type(value.dtype)
    with_data = runtime.with_data or index in runtime.data_inputs
    buffer = Buffer.allocate(device.pool, value.nbytes, with_data=with_data, label=f"input{index}")
    if buffer.data is not None:
        buffer.data[...] = value.reshape(-1).view(np.uint8)
    if device.host_link is not None and not device.spec.zero_copy_import:
        args = {"op": "hal.buffer_view (input)", "loc": loc, "input": index}
        yield from device.host_link.transfer(
            "host", device.spec.name, value.nbytes, f"input{index}", args, []
        )
    return BufferView(buffer, 0, tuple(value.shape), element_type)


def _read_back(
    runtime: Runtime, index: int, value: Any, loc: str | None, after: int
) -> Generator[Any, Any, None]:
    if not isinstance(value, BufferView):
        return
    device = runtime.devices[0]
    if device.host_link is not None and not device.spec.zero_copy_import:
        args = {"op": "hal.buffer_view (output)", "loc": loc, "output": index}
        # The read-back follows the function's return (a flow from the host's call span).
        yield from device.host_link.transfer(
            device.spec.name, "host", value.byte_length, f"result{index}", args, [after]
        )


def _host_main(
    runtime: Runtime, interp: Interpreter, module: Module, func: Operation, inputs: list[Any]
) -> Generator[Any, Any, list[Any]]:
    engine = runtime.engine
    start = engine.now
    devices = iter(runtime.devices)
    for op in module.body.ops:
        if op.op_name == "util.global":
            t = op.attr("type")
            if isinstance(t, TypeAttr) and isinstance(t.value, T.HalType) and t.value.name == "device":
                name = op.attr("sym_name")
                interp.globals[getattr(name, "value", "")] = next(devices, None)
            else:
                _init_global(interp, op)
    for op in module.body.ops:
        if op.op_name == "util.initializer":
            init_start = engine.now
            yield from interp.call(op, [])
            yield from interp.settle()
            engine.trace.add_span(
                CALLS_TRACK,
                "initializer",
                "host",
                init_start,
                engine.now - init_start,
                {"op": op.op_name, "loc": str(op.location) if op.location else None, "envelope": True},
            )
    # Staging and read-back belong to the called function: they carry its location.
    func_loc = str(func.location) if func.location else None
    staged = []
    for i, value in enumerate(inputs):
        staged.append((yield from _stage_input(runtime, i, value, func_loc)))
    signal = None
    if coarse_fences(func):
        # IREE's tools call a coarse-fences function (an importer's ``$async`` export) with a wait fence
        # already reached and a signal fence they wait on before reading the results: so does a run.
        signal = Fence(((Semaphore(engine.semaphore_name("signal")), 1),))
        staged += [IMMEDIATE, signal]
    call_start = engine.now
    results = yield from interp.call(func, staged)
    if signal is not None:
        yield from runtime.host_wait(interp, func, signal)
    yield from interp.settle()
    # The read-back follows the host's last action in the call (its final wait), not the call's envelope,
    # so that the critical path runs through the device work the host waited for.
    last_host = _last_span_on(engine, engine.host_track)
    call_span = engine.trace.add_span(
        CALLS_TRACK,
        f"call @{_sym(func)}",
        "host",
        call_start,
        engine.now - call_start,
        {"op": func.op_name, "loc": func_loc, "envelope": True},
    )
    for i, value in enumerate(results):
        yield from _read_back(
            runtime, i, value, func_loc, last_host if last_host is not None else call_span.id
        )
    del start
    return results


# Envelope spans (initializers, calls) live on their own host thread: they enclose the host's work, and
# on the host's main thread they would stand in program order before everything they contain.
CALLS_TRACK = Track.host("calls")


def _last_span_on(engine: Any, track: Track) -> int | None:
    for span in reversed(engine.trace.spans):
        if span.track == track:
            return span.id
    return None


def _init_global(interp: Interpreter, op: Operation) -> None:
    """Set a global with a number for its initial value (a large program declares a global per parameter,
    most without one: those return at the first check)."""
    init = op.attr("initial_value")
    if not isinstance(init, IntegerAttr | FloatAttr):
        return
    name = op.attr("sym_name")
    if not isinstance(name, StringAttr):
        return
    interp.globals[name.value] = init.value if isinstance(init, IntegerAttr) else float(init.value)
