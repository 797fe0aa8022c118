"""Host rules for HAL executables, command buffers and queue execution in a HAL-form program.

- ``hal.executable.create`` loads an executable on a device; ``hal.executable.lookup.function`` (and the
  older ``hal.executable.export.ordinal``) names one of its exports.
- ``hal.command_buffer.create`` starts a recording; ``dispatch``, ``fill_buffer`` and ``copy_buffer`` add
  commands; ``execution_barrier`` closes the group of commands since the previous barrier (commands of one
  group may run concurrently, as on IREE's devices; groups run in order); ``finalize`` ends the recording
  and adds one host span for it. ``begin_debug_group``/``end_debug_group`` label the commands recorded
  between them: each such command's trace span carries ``debug_group`` (nested labels joined by ' / ').
- A command buffer is reusable: ``hal.device.queue.execute`` (direct buffers) and
  ``hal.device.queue.execute.indirect`` (binding-table slots filled from the submission's bindings) run
  its recording on a queue after the wait fence, then signal the signal fence. IREE memoizes such command
  buffers in an initializer, so a function invoked N times records them once (the run's counts say how
  many command buffers were recorded and how many executions replayed them).
- Queue transfers without a command buffer (IREE 3.13): ``hal.device.queue.fill``, ``copy``, ``update``
  (host bytes staged and copied) run as one fill or copy in queue order; ``hal.device.queue.barrier``
  signals after its wait with no work.

Dispatch bodies: a HAL-form module carries compiled binaries, not linalg. Each export resolves by name to a
body from the same compilation, handed to the session as its *executable sources*
(:mod:`simulator.host.executable_sources`): the stream form's ``stream.executable`` export (push constants
are its uniform operands and the bindings its binding arguments, in order, as IREE's stream-to-HAL
conversion lays them out), or IREE's own dump of the ``hal.executable`` (bindings and constants by their
ordinals). Data runs execute the real body. Without sources a timing-only run costs each dispatch by the
bytes its bindings move; a data run stops with an error naming the export.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import numpy as np

from ir import Operation
from ir.attributes import IntegerAttr, StringAttr, SymbolRefAttr
from simulator.commands import Concurrent, CopyCmd, DispatchCmd, Executor, FillCmd, Serial
from simulator.costs import CostModel, DispatchCost
from simulator.errors import SimulationError, UnsupportedOpError
from simulator.executables import Executable
from simulator.host import fields
from simulator.host.executable_sources import ExecutableSources
from simulator.host.hal_device_rules import buffer_arg, device_arg, fence_arg, queue_of
from simulator.host.interpreter import Interpreter, Rule
from simulator.host.values import HostBuffer
from simulator.memory import Buffer, ResourceRef, check_range
from simulator.queues import Device, Queue
from simulator.rules import RuleTable
from simulator.runtime import Runtime, location

RULES: RuleTable[Rule] = RuleTable("host.hal_command")
rule = RULES.register


class HalExecutable:
    """A ``!hal.executable`` loaded on a device: the ``@executable::@variant`` it was created from."""

    __slots__ = ("device", "target")

    def __init__(self, device: Device, target: SymbolRefAttr) -> None:
        self.device = device
        self.target = target


class HalFunction:
    """An export of a loaded executable, as ``hal.executable.lookup.function`` names it."""

    __slots__ = ("executable", "export")

    def __init__(self, executable: HalExecutable | None, export: str) -> None:
        self.executable = executable
        self.export = export


class _Bodyless(Executable):
    """An export without a body: timing-only dispatches costed by the bytes their bindings move."""

    def __init__(self, export: str, reason: str) -> None:
        self.ref = SymbolRefAttr(export)
        self.name = export
        self.names = (export, export, f"@{export}")
        self.entry_text = f"@{export}"
        self.kernel = None
        self.program = None
        self.estimate = None
        self.no_data_reason = reason
        self._costs = {}
        self.timings = {}


def resolve_export(rt: Runtime, export: str, where: str) -> Executable:
    """The body of a HAL export, from the runtime's executable sources (cached per run)."""
    cache: dict[str, Executable] = rt.__dict__.setdefault("_hal_exports", {})
    exe = cache.get(export)
    if exe is not None:
        return exe
    sources: ExecutableSources | None = getattr(rt, "executable_sources", None)
    if sources is None:
        exe = _Bodyless(
            export,
            f"@{export} is a compiled binary; give the stream form of the same compilation as executable "
            "sources (--executable-sources cmd.mlir, or the directory of --iree-hal-dump-executable-sources-to) "
            "to run it with data",
        )
    else:
        found = sources.resolve(export)
        if found is None:
            raise UnsupportedOpError(
                f"{where}: export @{export} has no stream.executable or hal.executable export of that name in "
                f"the executable sources {sources.filename}"
            )
        exe = Executable(found[0], found[1], rt.kernels, where)
    cache[export] = exe
    return exe


def _binding_accesses(exe: Executable, n: int) -> list[str]:
    """ro/wo/rw of each binding, from the tensor access its body declares on the binding's subspans."""
    program = exe.program
    if program is None:
        return ["rw"] * n
    args = list(program.binding_args)
    found: dict[int, set[str]] = {}
    for op in program.func.walk():
        if op.op_name == "stream.binding.subspan" and op.operands and op.operands[0] in args:
            index = args.index(op.operands[0])
        elif op.op_name == "hal.interface.binding.subspan" and isinstance(ordinal := op.attr("binding"), IntegerAttr):
            index = ordinal.value
        else:
            continue
        text = str(op.results[0].type)
        kind = "ro" if "readonly" in text else "wo" if "writeonly" in text else "rw"
        found.setdefault(index, set()).add(kind)
    return [next(iter(found[i])) if len(found.get(i, ())) == 1 else "rw" for i in range(n)]


class _Dispatch:
    __slots__ = ("accesses", "buffers", "constants", "exe", "lengths", "offsets", "op")

    def __init__(self, exe: Executable, constants: list[int], buffers: list[Any], offsets: list[int],
                 lengths: list[int], op: Operation) -> None:  # fmt: skip
        self.exe = exe
        self.constants = constants
        self.buffers = buffers
        self.offsets = offsets
        self.lengths = lengths
        self.accesses = _binding_accesses(exe, len(buffers))
        self.op = op


class _Fill:
    __slots__ = ("length", "offset", "op", "pattern", "target")

    def __init__(self, target: Any, offset: int, length: int, pattern: bytes, op: Operation) -> None:
        self.target, self.offset, self.length, self.pattern, self.op = target, offset, length, pattern, op


class _Copy:
    __slots__ = ("length", "op", "source", "source_offset", "target", "target_offset")

    def __init__(self, source: Any, soff: int, target: Any, toff: int, length: int, op: Operation) -> None:
        self.source, self.source_offset, self.target, self.target_offset = source, soff, target, toff
        self.length, self.op = length, op


class HalCommandBuffer:
    """A ``!hal.command_buffer``: groups of recorded commands separated by execution barriers."""

    def __init__(self, device: Device, binding_capacity: int, where: str, start_ns: int) -> None:
        self.device = device
        self.binding_capacity = binding_capacity
        self.where = where
        self.start_ns = start_ns
        self.groups: list[list[Any]] = [[]]
        self.finalized = False
        self.executions = 0
        self.barriers = 0
        # Open debug groups (labels, outermost first) and the group path of each command recorded in one.
        self.debug_groups: list[str] = []
        self.labels: dict[int, str] = {}

    def add(self, op: Operation, command: Any) -> None:
        if self.finalized:
            raise SimulationError(f"{op.describe()}: recording into a finalized command buffer ({self.where})")
        self.groups[-1].append(command)
        if self.debug_groups:
            self.labels[id(command)] = " / ".join(self.debug_groups)

    def barrier(self, op: Operation) -> None:
        if self.finalized:
            raise SimulationError(f"{op.describe()}: recording into a finalized command buffer ({self.where})")
        self.barriers += 1
        if self.groups[-1]:
            self.groups.append([])

    @property
    def commands(self) -> int:
        return sum(len(g) for g in self.groups)

    def tree(self, rt: Runtime, device: Device, table: list[ResourceRef] | None, where: str) -> Serial:
        """The command tree a queue runs, with binding-table slots resolved to ``table``'s ranges."""

        def buf(value: Any, what: str) -> ResourceRef:
            if isinstance(value, int) and not isinstance(value, bool):
                if table is None:
                    raise SimulationError(
                        f"{where}: {what} uses binding slot {value} but the submission is not indirect "
                        "(hal.device.queue.execute has no binding table)"
                    )
                if not 0 <= value < len(table):
                    raise SimulationError(
                        f"{where}: {what} uses binding slot {value}, the binding table has {len(table)}"
                    )
                return table[value]
            return value

        top = Serial()
        for group in self.groups:
            items = [self._command(rt, device, c, buf) for c in group]
            if self.labels:
                for c, item in zip(group, items):
                    label = self.labels.get(id(c))
                    if label is not None:
                        item.args["debug_group"] = label
            if len(items) == 1:
                top.items.append(items[0])
            elif items:
                top.items.append(Concurrent(items))
        return top

    def _command(self, rt: Runtime, device: Device, c: Any, buf: Any) -> Any:
        where = c.op.describe()
        affinity = None
        if isinstance(c, _Dispatch):
            refs = []
            offsets = []
            for i, (b, off, n) in enumerate(zip(c.buffers, c.offsets, c.lengths)):
                ref = buf(b, f"binding {i}")
                check_range(ref, off, n, where)
                refs.append(ref)
                offsets.append(off)
            u, r = len(c.constants), len(refs)
            values = [*c.constants, *refs, *(x.size_bytes for x in refs), *offsets, *c.lengths]
            bounds = (0, 0, u, u + r, u + 2 * r, u + 3 * r, u + 4 * r)
            key = (device.index, "hal", *c.constants, *c.lengths)
            timing = c.exe.timings.get(key)
            if timing is None:
                try:
                    cost = c.exe.cost(c.constants, [], c.lengths, c.accesses)
                except (SimulationError, TypeError, ValueError, IndexError):
                    read = sum(n for n, a in zip(c.lengths, c.accesses) if a != "wo")
                    written = sum(n for n, a in zip(c.lengths, c.accesses) if a != "ro")
                    cost = DispatchCost(0, read, written)
                timing = c.exe.timings[key] = (cost, rt.costs.dispatch_ns(device.spec, c.exe.names, cost))
            cost, dur = timing
            args = {
                "op": c.op.op_name,
                "loc": location(c.op),
                "bytes": cost.bytes_read + cost.bytes_written,
                "flops": cost.flops,
                "affinity": affinity,
                "entry_point": c.exe.entry_text,
            }
            return DispatchCmd(c.exe, values, bounds, c.lengths, c.accesses, cost, dur, args, c.op)
        if not isinstance(c, (_Fill, _Copy)):
            return c.command(rt, device, buf)  # recorded by another rule table (collectives)
        args = {"op": c.op.op_name, "loc": location(c.op), "affinity": affinity, "bytes": c.length}
        if isinstance(c, _Fill):
            target = buf(c.target, "fill target")
            check_range(target, c.offset, c.length, where)
            return FillCmd(target, c.offset, c.length, c.pattern, CostModel.fill_ns(device.spec, c.length), args,
                           where)  # fmt: skip
        source, target = buf(c.source, "copy source"), buf(c.target, "copy target")
        check_range(source, c.source_offset, c.length, where)
        check_range(target, c.target_offset, c.length, where)
        return CopyCmd(source, c.source_offset, target, c.target_offset, c.length,
                       CostModel.copy_ns(device.spec, c.length), args, where)  # fmt: skip


def _count(rt: Runtime, key: str) -> None:
    # Counts only HAL-form runs have (stream-form runs keep their stats unchanged).
    rt.counts[key] = rt.counts.get(key, 0) + 1


def command_buffer_arg(op: Operation, value: Any) -> HalCommandBuffer:
    if not isinstance(value, HalCommandBuffer):
        raise UnsupportedOpError(f"{op.describe()}: expected a !hal.command_buffer, got {type(value).__name__}")
    return value


def slot_or_buffer(op: Operation, value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    return buffer_arg(op, value)


# -- executables ---------------------------------------------------------------------------------------


@rule("hal.executable.create")
def _executable_create(interp: Interpreter, op: Operation, args: list[Any]) -> HalExecutable:
    target = op.attr("executable_target")
    if not isinstance(target, SymbolRefAttr):
        raise UnsupportedOpError(f"{op.describe()}: no executable target")
    return HalExecutable(device_arg(op, args[0]), target)


@rule("hal.executable.lookup")
def _executable_lookup(interp: Interpreter, op: Operation, args: list[Any]) -> HalExecutable:
    ref = op.attr("executable")
    if not isinstance(ref, SymbolRefAttr):
        raise UnsupportedOpError(f"{op.describe()}: no executable")
    return HalExecutable(device_arg(op, args[0]), ref)


@rule("hal.executable.lookup.function", "hal.executable.export.ordinal")
def _lookup_function(interp: Interpreter, op: Operation, args: list[Any]) -> HalFunction:
    ref = op.attr("entry_point")
    if not isinstance(ref, SymbolRefAttr):
        raise UnsupportedOpError(f"{op.describe()}: no entry point")
    exe = args[0] if args and isinstance(args[0], HalExecutable) else None
    return HalFunction(exe, ref.leaf)


# -- recording -----------------------------------------------------------------------------------------


@rule("hal.command_buffer.create")
def _create(interp: Interpreter, op: Operation, args: list[Any]) -> HalCommandBuffer:
    g = fields.groups(op, args)
    capacity = g["binding_capacity"]
    _count(interp.runtime, "command_buffers")
    return HalCommandBuffer(
        device_arg(op, g["device"]), int(capacity) if capacity is not None else 0, op.describe(),
        interp.runtime.engine.now,
    )  # fmt: skip


@rule("hal.command_buffer.dispatch", "hal.command_buffer.dispatch.indirect")
def _dispatch(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    g = fields.groups(op, args)
    cb = command_buffer_arg(op, g["command_buffer"])
    fn = g["entry_point"]
    if not isinstance(fn, HalFunction):
        raise UnsupportedOpError(f"{op.describe()}: the function is a {type(fn).__name__}, not a looked-up export")
    exe = resolve_export(interp.runtime, fn.export, op.describe())
    buffers = [slot_or_buffer(op, b) for b in g["binding_buffers"]]
    program = exe.program
    if program is not None and (
        len(buffers) < program.num_bindings if program.hal_interface else len(buffers) != program.num_bindings
    ):
        raise SimulationError(
            f"{op.describe()}: {len(buffers)} bindings for @{fn.export}, whose body takes "
            f"{exe.program.num_bindings}"
        )
    constants = [int(c) for c in g["constants"]]
    offsets = [int(o) for o in g["binding_offsets"]]
    lengths = [int(n) for n in g["binding_lengths"]]
    cb.add(op, _Dispatch(exe, constants, buffers, offsets, lengths, op))


@rule("hal.command_buffer.fill_buffer")
def _fill(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    g = fields.groups(op, args)
    cb = command_buffer_arg(op, g["command_buffer"])
    width = getattr(op.operands[4].type, "width", 8)
    nbytes = max(1, width // 8)
    pattern = (int(g["pattern"]) & ((1 << (8 * nbytes)) - 1)).to_bytes(nbytes, "little")
    target = slot_or_buffer(op, g["target_buffer"])
    cb.add(op, _Fill(target, int(g["target_offset"]), int(g["length"]), pattern, op))


@rule("hal.command_buffer.copy_buffer")
def _copy(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    g = fields.groups(op, args)
    cb = command_buffer_arg(op, g["command_buffer"])
    source = slot_or_buffer(op, g["source_buffer"])
    target = slot_or_buffer(op, g["target_buffer"])
    cb.add(op, _Copy(source, int(g["source_offset"]), target, int(g["target_offset"]), int(g["length"]), op))


@rule("hal.command_buffer.execution_barrier")
def _barrier(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    command_buffer_arg(op, args[0]).barrier(op)


@rule("hal.command_buffer.begin_debug_group")
def _begin_debug_group(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    cb = command_buffer_arg(op, args[0])
    label = op.attr("label")
    cb.debug_groups.append(label.value if isinstance(label, StringAttr) else "?")


@rule("hal.command_buffer.end_debug_group")
def _end_debug_group(interp: Interpreter, op: Operation, args: list[Any]) -> None:
    cb = command_buffer_arg(op, args[0])
    if not cb.debug_groups:
        raise SimulationError(f"{op.describe()}: ends a debug group of {cb.where}, which has none open")
    cb.debug_groups.pop()


@rule("hal.command_buffer.device")
def _cb_device(interp: Interpreter, op: Operation, args: list[Any]) -> Device:
    return command_buffer_arg(op, args[0]).device


@rule("hal.command_buffer.finalize")
def _finalize(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, None]:
    cb = command_buffer_arg(op, args[0])
    if cb.finalized:
        raise SimulationError(f"{op.describe()}: command buffer {cb.where} finalized twice")
    if cb.debug_groups:
        raise SimulationError(
            f"{op.describe()}: command buffer {cb.where} finalized with debug group {cb.debug_groups[-1]!r} open "
            "(every begin_debug_group needs its end_debug_group)"
        )
    cb.finalized = True
    rt = interp.runtime
    engine = rt.engine
    host = rt.machine.host
    # Recording happens here, memoized or not (a memoized buffer is recorded by an initializer).
    record_ns = host.record_cost_ns * cb.commands + host.barrier_cost_ns * cb.barriers
    record_ns += host.rerecord_cost_ns * (cb.commands + cb.barriers)
    if host.rerecord_dispatch_cost_ns or host.rerecord_binding_cost_ns or host.dispatch_cost_ns:
        dispatches = [c for group in cb.groups for c in group if isinstance(c, _Dispatch)]
        record_ns += (host.rerecord_dispatch_cost_ns + host.dispatch_cost_ns) * len(dispatches)
        record_ns += host.rerecord_binding_cost_ns * sum(len(c.lengths) for c in dispatches)
    start = engine.now
    if record_ns:
        yield engine.env.timeout(record_ns)
    engine.trace.add_span(
        engine.host_track,
        "record command buffer",
        "host",
        start,
        record_ns,
        {"op": op.op_name, "loc": location(op), "commands": cb.commands, "barriers": cb.barriers},
    )


# -- execution -----------------------------------------------------------------------------------------


def _submit_tree(
    interp: Interpreter, op: Operation, g: dict[str, Any], queue: Queue, tree: Serial, overhead_ns: int = 0
) -> Generator[Any, Any, None]:
    """Submit ``tree`` (commands, one transfer, or nothing for a barrier) to ``queue`` after the op's wait
    fence; the queue signals the op's signal fence when it is done."""
    rt = interp.runtime
    with_data, counts = rt.data_for(op), rt.counts
    on_demand = with_data and not rt.with_data  # a timing-only run computing a read-back's chain

    def work(q: Queue, flows: list[int]) -> Generator[Any, Any, int | None]:
        if overhead_ns:
            yield q.engine.env.timeout(overhead_ns)
        return (yield from Executor(q, with_data, counts, on_demand).run_submission(tree, flows))

    yield from rt.submit(
        interp,
        op,
        queue,
        work,
        fence_arg(op, g["wait_fence"], "wait"),
        signal=fence_arg(op, g["signal_fence"], "signal"),
        what=("execute", tree),
    )


def _submit(
    interp: Interpreter, op: Operation, g: dict[str, Any], table: list[ResourceRef] | None
) -> Generator[Any, Any, None]:
    rt = interp.runtime
    cb = command_buffer_arg(op, g["command_buffer"])
    if not cb.finalized:
        raise SimulationError(f"{op.describe()}: submits command buffer {cb.where} before it is finalized")
    queue = queue_of(op, g["device"], g["queue_affinity"])
    tree = cb.tree(rt, queue.device, table, op.describe())
    cb.executions += 1
    _count(rt, "command_buffer_executions")
    yield from _submit_tree(interp, op, g, queue, tree, queue.device.spec.queue_op_overhead_ns)


def _submit_barrier(interp: Interpreter, op: Operation, g: dict[str, Any]) -> Generator[Any, Any, None]:
    """No commands: the signal fence follows the wait fence in queue order."""
    yield from _submit_tree(interp, op, g, queue_of(op, g["device"], g["queue_affinity"]), Serial())


@rule("hal.device.queue.execute")
def _execute(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, None]:
    g = fields.groups(op, args)
    if g["command_buffer"] is None:
        yield from _submit_barrier(interp, op, g)
        return
    yield from _submit(interp, op, g, None)


@rule("hal.device.queue.execute.indirect")
def _execute_indirect(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, None]:
    g = fields.groups(op, args)
    table = []
    for i, (b, off, n) in enumerate(zip(g["binding_buffers"], g["binding_offsets"], g["binding_lengths"])):
        ref = buffer_arg(op, b)
        table.append(ref.subview(int(off), int(n), f"{op.describe()} binding {i}"))
    yield from _submit(interp, op, g, table)


# -- queue transfers: one command, no command buffer ----------------------------------------------------


def _submit_single(interp: Interpreter, op: Operation, g: dict[str, Any], command: Any) -> Generator[Any, Any, None]:
    queue = queue_of(op, g["device"], g["queue_affinity"])
    yield from _submit_tree(interp, op, g, queue, Serial([command]))


def _transfer_args(op: Operation, length: int) -> dict[str, Any]:
    return {"op": op.op_name, "loc": location(op), "affinity": None, "bytes": length}


@rule("hal.device.queue.fill")
def _queue_fill(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, None]:
    g = fields.groups(op, args)
    target = buffer_arg(op, g["target_buffer"])
    offset, length = int(g["target_offset"]), int(g["length"])
    check_range(target, offset, length, op.describe())
    width = getattr(op.operands[7].type, "width", 8)
    nbytes = max(1, width // 8)
    pattern = (int(g["pattern"]) & ((1 << (8 * nbytes)) - 1)).to_bytes(nbytes, "little")
    device = queue_of(op, g["device"], g["queue_affinity"]).device
    cmd = FillCmd(target, offset, length, pattern, CostModel.fill_ns(device.spec, length),
                  _transfer_args(op, length), op.describe())  # fmt: skip
    yield from _submit_single(interp, op, g, cmd)


@rule("hal.device.queue.copy")
def _queue_copy(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, None]:
    g = fields.groups(op, args)
    source, target = buffer_arg(op, g["source_buffer"]), buffer_arg(op, g["target_buffer"])
    soff, toff, length = int(g["source_offset"]), int(g["target_offset"]), int(g["length"])
    check_range(source, soff, length, op.describe())
    check_range(target, toff, length, op.describe())
    device = queue_of(op, g["device"], g["queue_affinity"]).device
    cmd = CopyCmd(source, soff, target, toff, length, CostModel.copy_ns(device.spec, length),
                  _transfer_args(op, length), op.describe())  # fmt: skip
    yield from _submit_single(interp, op, g, cmd)


@rule("hal.device.queue.update")
def _queue_update(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, None]:
    """Upload host bytes: staged as a host-memory buffer and copied in queue order."""
    g = fields.groups(op, args)
    source = g["source_buffer"]
    if not isinstance(source, HostBuffer):
        raise UnsupportedOpError(f"{op.describe()}: updating from a {type(source).__name__} is not supported")
    soff, toff, length = int(g["source_offset"]), int(g["target_offset"]), int(g["length"])
    if soff < 0 or length < 0 or soff + length > len(source.data):
        raise SimulationError(
            f"{op.describe()}: byte range [{soff}, {soff + length}) is outside the {len(source.data)}-byte buffer"
        )
    target = buffer_arg(op, g["target_buffer"])
    check_range(target, toff, length, op.describe())
    data = np.frombuffer(source.data, dtype=np.uint8)[soff : soff + length].copy()
    staged = ResourceRef(Buffer(length, None, with_data=False, label=f"update@{location(op)}", data=data), 0, length)
    device = queue_of(op, g["device"], g["queue_affinity"]).device
    cmd = CopyCmd(staged, 0, target, toff, length, CostModel.copy_ns(device.spec, length),
                  _transfer_args(op, length), op.describe())  # fmt: skip
    yield from _submit_single(interp, op, g, cmd)


@rule("hal.device.queue.barrier")
def _queue_barrier(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, None]:
    yield from _submit_barrier(interp, op, fields.groups(op, args))
