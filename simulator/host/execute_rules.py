"""The host rule for ``stream.cmd.execute``: record a command buffer and submit it.

The host walks the execute region, binding its block arguments to the captured resources, and records
each ``stream.cmd.*`` op as a command (see :mod:`simulator.commands` for the barrier rules), paying
``host.record_cost_ns`` per command and ``host.barrier_cost_ns`` per execution barrier IREE puts between
them (:func:`count_barriers`), and ``host.dispatch_cost_ns`` more per dispatch: what
issuing a command buffer costs per command, per barrier and per dispatch. A region IREE records at every execution rather than once, memoized
(:func:`~simulator.host.memoize.recorded_per_execution`), costs ``host.rerecord_cost_ns`` more per
command and per barrier: the recording itself; each dispatch in it ``host.rerecord_dispatch_cost_ns`` more,
and each of its bindings ``host.rerecord_binding_cost_ns`` (:func:`count_dispatch_bindings`): the VM's
call of ``hal.command_buffer.dispatch`` and the HAL's checks of each binding, which a memoized command
buffer paid once when it was recorded. A region that is a single fill or copy is submitted as a queue fill or
copy, without a command buffer, as IREE does. Per-op facts that do not depend on values (entry point,
binding accesses, operand groups, location text) are read once per module and reused by later invocations
while the op keeps the same attributes; executables, costs and span args are computed once per run.
"""

from __future__ import annotations

import weakref
from collections.abc import Generator
from typing import Any, NamedTuple

from ir import Block, Module, Operation
from ir.attributes import ArrayAttr, DenseArrayAttr, IntegerAttr, SymbolRefAttr
from simulator.commands import (
    ACCESS_NAMES,
    CallCmd,
    Concurrent,
    CopyCmd,
    DispatchCmd,
    Executor,
    FillCmd,
    Serial,
)
from simulator.costs import CostModel
from simulator.errors import UnsupportedOpError
from simulator.executables import Executable
from simulator.host import fields
from simulator.host.channel_rules import record_collective
from simulator.host.interpreter import Interpreter, Rule
from simulator.host.memoize import recorded_per_execution
from simulator.memory import ResourceRef, check_range
from simulator.queues import Device, Queue
from simulator.rules import RuleTable
from simulator.runtime import location

RULES: RuleTable[Rule] = RuleTable("host.execute")
rule = RULES.register

_NO_OPS = frozenset({"stream.cmd.discard", "stream.cmd.flush", "stream.cmd.invalidate"})


class _Shape:
    """What dispatches with the same entry point, binding accesses and operand groups share.

    Shapes are interned per module (:class:`_ModuleFacts`), so a run resolves each shape's executable once
    and finds it by the shape's identity."""

    __slots__ = ("accesses", "bounds", "ref")

    def __init__(self, ref: SymbolRefAttr, accesses: list[str], bounds: tuple[int, ...]) -> None:
        self.ref = ref
        n_bindings = bounds[3] - bounds[2]
        # Every command of the shape shares this list (none mutates it).
        self.accesses = accesses if len(accesses) == n_bindings else ["rw"] * n_bindings
        self.bounds = bounds


class _OpFacts(NamedTuple):
    """A dispatch op's facts that depend only on the op: its shape and its location's text.

    Valid while the op keeps these very attribute and location objects (they are immutable values); the
    recorder compares identities before it trusts them, so an op edited between runs is read afresh. A
    tuple, made by one C call (:func:`_op_facts`): a first run reads every dispatch op once."""

    entry: Any
    acc: Any
    seg: Any
    loc: Any
    loc_text: str | None
    shape: _Shape


_new_tuple = tuple.__new__


def _op_facts(entry: Any, acc: Any, seg: Any, loc: Any, shape: _Shape) -> _OpFacts:
    return _new_tuple(_OpFacts, (entry, acc, seg, loc, str(loc) if loc is not None else None, shape))


class _ModuleFacts:
    """The facts of one module's dispatch ops, kept across its invocations (see :data:`_MODULE_FACTS`)."""

    __slots__ = ("by_attrs", "one_shot", "ops", "shapes")

    def __init__(self) -> None:
        self.ops: dict[Operation, _OpFacts] = {}
        # Per execute op: whether IREE records it at every execution (simulator.host.memoize).
        self.one_shot: dict[Operation, tuple[tuple[int, ...], bool]] = {}
        # Interned shapes by (entry point root, nested names, accesses, operand group bounds).
        self.shapes: dict[tuple[Any, ...], _Shape] = {}
        # Shapes by the identity of what they are read from: the op class's operand layout and the
        # entry_points, resource_accesses and operandSegmentSizes attributes. The scheduler gives the
        # dispatches it makes one attribute per distinct value, so a program's thousands of dispatches
        # read a few shapes; the values keep those objects alive (their ids stay theirs) and are compared
        # by identity before a shape is trusted.
        self.by_attrs: dict[tuple[int, int, int, int], tuple[Any, Any, Any, Any, _Shape]] = {}

    def read(self, op: Operation, entry: Any, acc: Any, seg: Any) -> _OpFacts:
        """The facts of a dispatch op read from its attributes (raises for a malformed dispatch)."""
        layout = fields.layout_of(op)
        known = self.by_attrs.get((id(layout), id(entry), id(acc), id(seg)))
        if known is not None and known[0] is layout and known[1] is entry and known[2] is acc and known[3] is seg:
            return _op_facts(entry, acc, seg, op.location, known[4])
        ref = entry[0] if isinstance(entry, ArrayAttr) and len(entry) else None
        if not isinstance(ref, SymbolRefAttr):
            raise UnsupportedOpError(f"{op.describe()}: dispatch without an entry point")
        accesses = [ACCESS_NAMES.get(a.value if isinstance(a, IntegerAttr) else 3, "rw") for a in (acc or ())]
        bounds = _bounds(op, layout)
        key = (ref.root, ref.nested, tuple(accesses), bounds)
        shape = self.shapes.get(key)
        if shape is None:
            shape = self.shapes[key] = _Shape(ref, accesses, bounds)
        if entry is not None and acc is not None and seg is not None:
            # (attributes read from the properties, where the op keeps them: not op.attr's fallbacks, which
            # may be made afresh at each read)
            self.by_attrs[(id(layout), id(entry), id(acc), id(seg))] = (layout, entry, acc, seg, shape)
        return _op_facts(entry, acc, seg, op.location, shape)


#: Per module, its dispatch facts. A benchmark or a sweep runs one module many times, and reading each
#: op's attributes again costs more than the rest of its recording. Weakly keyed: the facts go with the
#: module.
_MODULE_FACTS: weakref.WeakKeyDictionary[Module, _ModuleFacts] = weakref.WeakKeyDictionary()


# The operand groups of stream.cmd.dispatch the recording reads, by the names ir's CmdDispatchOp gives them.
_DISPATCH_GROUPS = (
    "workload",
    "uniform_operands",
    "resources",
    "resource_sizes",
    "resource_offsets",
    "resource_lengths",
)


def _bounds(op: Operation, layout: tuple[tuple[str, str], ...] | None = None) -> tuple[int, ...]:
    """Group boundaries of a dispatch's operands (workload, uniforms, resources, sizes, offsets,
    lengths), from the op class's layout (the one schema, :func:`simulator.host.fields.layout_of`; given
    as ``layout`` when the caller has it)."""
    if layout is None:
        layout = fields.layout_of(op)
    seg = op.properties.get("operandSegmentSizes")
    key = (layout, seg.values) if isinstance(seg, DenseArrayAttr) else None
    if key is not None:
        known = _BOUNDS.get(key)
        if known is not None:
            return known
    sizes = dict(zip((name for name, _ in layout), fields.segment_sizes(op, layout, len(op._operands))))
    out = [0]
    for group in _DISPATCH_GROUPS:
        if group not in sizes:
            raise UnsupportedOpError(f"{op.describe()}: ir's op class has no operand group {group!r}")
        out.append(out[-1] + sizes[group])
    bounds = tuple(out)
    if key is not None:
        _BOUNDS[key] = bounds
    return bounds


#: Dispatch operand bounds by (layout, operandSegmentSizes values): a program's dispatches share a few.
_BOUNDS: dict[tuple[Any, ...], tuple[int, ...]] = {}


def _span_args(loc: str | None, cost: Any, affinity: str | None, entry: str) -> dict[str, Any]:
    return {
        "op": "stream.cmd.dispatch",
        "loc": loc,
        "bytes": cost.bytes_read + cost.bytes_written,
        "flops": cost.flops,
        "affinity": affinity,
        "entry_point": entry,
    }


class Recorder:
    """Records execute regions for one interpreter (caching what ops share)."""

    def __init__(self, interp: Interpreter) -> None:
        self.interp = interp
        self.runtime = interp.runtime
        module_facts = _MODULE_FACTS.get(interp.module)
        if module_facts is None:
            module_facts = _MODULE_FACTS[interp.module] = _ModuleFacts()
        self.module_facts = module_facts
        self.facts = module_facts.ops
        # This run's executable of each shape (executables belong to a run: they hold its timings).
        self.executables: dict[_Shape, Executable] = {}
        self.args_by_cost: dict[tuple[int, str | None], dict[str, Any]] = {}

    def record(
        self, block: Block, env: dict[Any, Any], device: Device, into: Serial, affinity: str | None
    ) -> Serial:
        interp = self.interp
        items = into.items
        for op in block.ops:
            name = op.op_name
            if name == "stream.cmd.dispatch":
                items.append(self._dispatch(op, env, device, affinity))
            elif name == "stream.cmd.concurrent" or name == "stream.cmd.serial":
                inner = op.regions[0].blocks[0]
                for arg, value in zip(inner.args, op._operands):
                    env[arg] = env[value]
                node = Concurrent() if name == "stream.cmd.concurrent" else Serial()
                items.append(self.record(inner, env, device, node, affinity))
            elif name == "stream.cmd.fill":
                items.append(self._fill(op, env, device))
            elif name == "stream.cmd.copy":
                items.append(self._copy(op, env, device))
            elif name == "stream.cmd.call":
                items.append(self._call(op, env, device))
            elif name == "stream.cmd.collective":
                items.append(record_collective(interp, op, env))
            elif name == "stream.yield":
                break
            elif name in _NO_OPS:
                observer = self.runtime.observer
                if observer is not None and name == "stream.cmd.discard":
                    observer.on_discard(into, len(items), op, [env[v] for v in op._operands])
                continue
            else:
                fn = interp.plain_rule(name)
                if fn is None:
                    raise UnsupportedOpError(f"{op.describe()}: not supported inside stream.cmd.execute")
                results = fn(interp, op, [env[v] for v in op._operands])
                if op.results:
                    results = results if isinstance(results, list | tuple) else [results]
                    for r, v in zip(op.results, results):
                        env[r] = v
        return into

    def _dispatch(
        self, op: Operation, env: dict[Any, Any], device: Device, affinity: str | None
    ) -> DispatchCmd:
        props = op.properties
        entry = props.get("entry_points")
        acc = props.get("resource_accesses")
        seg = props.get("operandSegmentSizes")
        loc = op.location
        facts = self.facts.get(op)
        if (
            facts is None
            or facts.entry is not entry
            or facts.acc is not acc
            or facts.seg is not seg
            or facts.loc is not loc
        ):
            if entry is None or acc is None or seg is None:
                # Attributes outside the properties (an older spelling): read them, and cache nothing.
                facts = self.module_facts.read(
                    op, op.attr("entry_points"), op.attr("resource_accesses"), op.attr("operandSegmentSizes")
                )
            else:
                facts = self.facts[op] = self.module_facts.read(op, entry, acc, seg)
        shape = facts.shape
        exe = self.executables.get(shape)
        if exe is None:
            exe = self.executables[shape] = self.runtime.executable(shape.ref, op.describe())
        _w, w1, u1, r1, s1, o1, l1 = shape.bounds
        vals = [env[v] for v in op._operands]
        resources = vals[u1:r1]
        offsets = vals[s1:o1]
        lengths = vals[o1:l1]
        for ref, off, n in zip(resources, offsets, lengths):
            if off < 0 or n < 0 or off + n > ref.size_bytes or ref.buffer.released:
                check_range(ref, off, n, op.describe())
        accesses = shape.accesses
        # One lookup gives the cost and the duration on this device for these operand values.
        timing_key = (device.index, w1, u1, *vals[0:u1], *lengths)
        timing = exe.timings.get(timing_key)
        if timing is None:
            cost = exe.cost(vals[w1:u1], vals[0:w1], lengths, accesses)
            timing = exe.timings[timing_key] = (
                cost,
                self.runtime.costs.dispatch_ns(device.spec, exe.names, cost),
            )
        cost, dur = timing
        if loc is None:
            # Spans of ops without a location can share one (never mutated) args dict.
            args = self.args_by_cost.get((id(cost), affinity))
            if args is None:
                args = self.args_by_cost[(id(cost), affinity)] = _span_args(
                    None, cost, affinity, exe.entry_text
                )
        else:
            args = _span_args(facts.loc_text, cost, affinity, exe.entry_text)
        return DispatchCmd(exe, vals, shape.bounds, lengths, accesses, cost, dur, args, op)

    def _call(self, op: Operation, env: dict[Any, Any], device: Device) -> CallCmd:
        g = fields.groups(op, [env[v] for v in op._operands])
        name = self.interp.symbol(op)
        fn = self.runtime.host_functions.get(name)
        if fn is None:
            known = ", ".join(sorted(self.runtime.host_functions)) or "none"
            raise UnsupportedOpError(
                f"{op.describe()}: no Python host function is registered for @{name} (registered: {known})"
            )
        resources = iter(zip(g["resource_operand_offsets"], g["resource_operand_lengths"]))
        arguments: list[Any] = []
        for value in g["resource_operands"]:
            if isinstance(value, ResourceRef):
                offset, length = next(resources)
                check_range(value, int(offset), int(length), op.describe())
                arguments.append((value, int(offset), int(length)))
            else:
                arguments.append(value)
        for r in op.results:
            env[r] = None
        args = {
            "op": op.op_name,
            "loc": location(op),
            "affinity": self.runtime.affinity_text(op),
            "callee": name,
        }
        return CallCmd(fn, name, arguments, device.spec.launch_overhead_ns, args, op)

    def _fill(self, op: Operation, env: dict[Any, Any], device: Device) -> FillCmd:
        target, _size, offset, length, value = (env[v] for v in op._operands)
        where = op.describe()
        check_range(target, int(offset), int(length), where)
        width = getattr(op.operands[4].type, "width", 8)
        nbytes = max(1, width // 8)
        pattern = (int(value) & ((1 << (8 * nbytes)) - 1)).to_bytes(nbytes, "little")
        args = {
            "op": op.op_name,
            "loc": location(op),
            "affinity": self.runtime.affinity_text(op),
            "bytes": int(length),
        }
        return FillCmd(
            target,
            int(offset),
            int(length),
            pattern,
            CostModel.fill_ns(device.spec, int(length)),
            args,
            where,
        )

    def _copy(self, op: Operation, env: dict[Any, Any], device: Device) -> CopyCmd:
        source, _ss, soff, target, _ts, toff, length = (env[v] for v in op._operands)
        where = op.describe()
        check_range(source, int(soff), int(length), where)
        check_range(target, int(toff), int(length), where)
        args = {
            "op": op.op_name,
            "loc": location(op),
            "affinity": self.runtime.affinity_text(op),
            "bytes": int(length),
        }
        return CopyCmd(
            source,
            int(soff),
            target,
            int(toff),
            int(length),
            CostModel.copy_ns(device.spec, int(length)),
            args,
            where,
        )


def count_commands(node: Any) -> int:
    if not isinstance(node, Serial):
        return 1
    n = 0
    for item in node.items:
        n += count_commands(item) if isinstance(item, Serial) else 1
    return n


def count_barriers(tree: Serial) -> int:
    """The execution barriers IREE records for an execute region's command tree.

    IREE's stream-to-HAL conversion puts a barrier after every op of the execute region and of each
    ``stream.cmd.serial`` in it (a ``stream.cmd.concurrent``'s commands get none between them; the block
    counts as one op of its parent), and ``--iree-hal-elide-redundant-commands`` drops a barrier that
    directly follows another. So a region of ``n`` dependent commands records ``n`` barriers, and one
    concurrent block of ``n`` copies records one.

    Examples
    --------
    >>> count_barriers(Serial(["a", "b", "c"]))
    3
    >>> count_barriers(Serial([Concurrent(["a", "b", "c"])]))
    1
    >>> count_barriers(Serial([Concurrent([Serial(["a", "b"]), "c"]), "d"]))
    4
    >>> count_barriers(Serial([Serial(["a", "b"])]))
    2
    """
    count = 0
    last_barrier = False

    def walk(node: Serial) -> None:
        nonlocal count, last_barrier
        serial = not isinstance(node, Concurrent)
        for item in node.items:
            if isinstance(item, Serial):
                walk(item)
            else:
                last_barrier = False
            if serial and not last_barrier:
                count += 1
                last_barrier = True

    walk(tree)
    return count


def count_dispatch_bindings(node: Any) -> tuple[int, int]:
    """The dispatches of a recorded command tree and their bindings in all (one per resource operand of
    each ``stream.cmd.dispatch``, as IREE's stream-to-HAL conversion passes them: a resource bound twice
    is two bindings).

    Examples
    --------
    >>> count_dispatch_bindings(Serial([]))
    (0, 0)
    """
    if isinstance(node, DispatchCmd):
        return 1, len(node.lengths)
    if not isinstance(node, Serial):
        return 0, 0
    dispatches = bindings = 0
    for item in node.items:
        d, b = count_dispatch_bindings(item)
        dispatches += d
        bindings += b
    return dispatches, bindings


def tree_facts(tree: Serial) -> tuple[int, int, int, int, int]:
    """``(count_commands(tree), count_barriers(tree), lane_width(tree), *count_dispatch_bindings(tree))`` of a
    recorded tree, in one walk (the execute rule needs all of them: a large command buffer was walked four
    times after its recording).

    Examples
    --------
    >>> from simulator.commands import lane_width
    >>> tree = Serial([Concurrent([Serial(["a", "b"]), "c"]), "d"])
    >>> tree_facts(tree) == (count_commands(tree), count_barriers(tree), lane_width(tree), 0, 0) == (4, 4, 2, 0, 0)
    True
    >>> tree_facts(Serial([]))
    (0, 0, 1, 0, 0)
    """
    commands = barriers = dispatches = bindings = 0
    last_barrier = False

    def walk(node: Serial) -> int:
        # count_barriers' walk, with count_commands' leaves, lane_width's widths and count_dispatch_bindings'
        # dispatches beside it
        nonlocal commands, barriers, last_barrier, dispatches, bindings
        serial = not isinstance(node, Concurrent)
        width = 1
        for k, item in enumerate(node.items):
            if isinstance(item, Serial):
                w = walk(item)
            else:
                commands += 1
                last_barrier = False
                w = 1
                if isinstance(item, DispatchCmd):
                    dispatches += 1
                    bindings += len(item.lengths)
            if serial:
                if not last_barrier:
                    barriers += 1
                    last_barrier = True
                if w > width:
                    width = w
            elif k + w > width:
                width = k + w
        return width

    width = walk(tree)
    return commands, barriers, width, dispatches, bindings


def _single_transfer(tree: Serial) -> FillCmd | CopyCmd | None:
    node: Any = tree
    while isinstance(node, Serial) and len(node.items) == 1:
        node = node.items[0]
    return node if isinstance(node, FillCmd | CopyCmd) else None


@rule("stream.cmd.execute")
def _execute(interp: Interpreter, op: Operation, args: list[Any]) -> Generator[Any, Any, Any]:
    rt = interp.runtime
    g = fields.groups(op, args)
    queue = rt.queue_of(op)
    recorder = getattr(interp, "recorder", None)
    if recorder is None:
        recorder = interp.recorder = Recorder(interp)  # type: ignore[attr-defined]
    block = op.regions[0].blocks[0]
    env = dict(interp.current_env)
    for arg, value in zip(block.args, g["resource_operands"]):
        env[arg] = value
    aff = rt.affinity_of(op)
    tree = recorder.record(block, env, queue.device, Serial(), str(aff) if aff is not None else None)
    n, all_barriers, width, dispatches, bindings = tree_facts(tree)
    single = _single_transfer(tree)
    with_data = rt.data_for(op)
    # (in a timing-only run, a region computed for a read-back gives bytes to what it touches on demand)
    on_demand = with_data and not rt.with_data
    counts = rt.counts
    overhead = 0 if single is not None else queue.device.spec.queue_op_overhead_ns

    def work(q: Queue, flows: list[int]) -> Generator[Any, Any, int | None]:
        if overhead:
            yield q.engine.env.timeout(overhead)
        return (yield from Executor(q, with_data, counts, on_demand).run_submission(tree, flows, width))

    host = rt.machine.host
    record_ns = 0
    if single is None:
        barriers = all_barriers if host.barrier_cost_ns or host.rerecord_cost_ns else 0
        record_ns = host.record_cost_ns * n + host.barrier_cost_ns * barriers
        per_dispatch, per_binding = host.rerecord_dispatch_cost_ns, host.rerecord_binding_cost_ns
        rerecorded = (host.rerecord_cost_ns or per_dispatch or per_binding) and recorded_per_execution(
            op, recorder.module_facts.one_shot
        )
        if host.dispatch_cost_ns or (rerecorded and (per_dispatch or per_binding)):
            record_ns += host.dispatch_cost_ns * dispatches
            if rerecorded:
                record_ns += per_dispatch * dispatches + per_binding * bindings
        if rerecorded:
            record_ns += host.rerecord_cost_ns * (n + barriers)
    return (
        yield from rt.submit(interp, op, queue, work, g["await_timepoint"], record_ns, what=("execute", tree))
    )
