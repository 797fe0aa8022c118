"""The host rule for ``stream.cmd.execute``: record a command buffer and submit it.

The host walks the execute region, binding its block arguments to the captured resources, and records
each ``stream.cmd.*`` op as a command (see :mod:`simulator.commands` for the barrier rules), paying
``host.record_cost_ns`` per command. A region that is a single fill or copy is submitted as a queue fill or
copy, without a command buffer, as IREE does. Per-op facts that do not depend on values (the executable,
binding accesses, span args) are computed once per op and reused.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from ir import Block, Operation
from ir.attributes import ArrayAttr, IntegerAttr, SymbolRefAttr
from simulator.commands import (
    ACCESS_NAMES,
    Concurrent,
    CopyCmd,
    DispatchCmd,
    Executor,
    FillCmd,
    Serial,
    count_commands,
)
from simulator.costs import CostModel
from simulator.errors import UnsupportedOpError
from simulator.host import fields
from simulator.host.interpreter import RULES, Interpreter, rule, seed_name
from simulator.memory import ResourceRef, check_range
from simulator.queues import Device, Queue
from simulator.runtime import location

_NO_OPS = frozenset({"stream.cmd.discard", "stream.cmd.flush", "stream.cmd.invalidate"})


class _DispatchStatic:
    __slots__ = ("accesses", "affinity", "exe", "loc", "name")

    def __init__(self, interp: Interpreter, op: Operation) -> None:
        entry = op.attr("entry_points")
        ref = entry[0] if isinstance(entry, ArrayAttr) and len(entry) else None
        if not isinstance(ref, SymbolRefAttr):
            raise UnsupportedOpError(f"{op.describe()}: dispatch without an entry point")
        self.exe = interp.runtime.executable(ref, op.describe())
        acc = op.attr("resource_accesses")
        self.accesses = [
            ACCESS_NAMES.get(a.value if isinstance(a, IntegerAttr) else 3, "rw")
            for a in (acc or ())  # type: ignore[union-attr]
        ]
        self.loc = location(op)
        aff = interp.runtime.affinity_of(op)
        self.affinity = str(aff) if aff is not None else None
        self.name = op.describe()


class Recorder:
    """Records execute regions for one interpreter (caching per-op statics)."""

    def __init__(self, interp: Interpreter) -> None:
        self.interp = interp
        self.runtime = interp.runtime
        self.statics: dict[Operation, _DispatchStatic] = {}
        self.args_cache: dict[tuple[int, Any], dict[str, Any]] = {}

    def record(self, block: Block, env: dict[Any, Any], device: Device, into: Serial) -> Serial:
        interp = self.interp
        for op in block.ops:
            name = op.op_name
            if name == "stream.cmd.dispatch":
                into.items.append(self._dispatch(op, env, device))
            elif name == "stream.cmd.concurrent" or name == "stream.cmd.serial":
                inner = op.regions[0].blocks[0]
                for arg, value in zip(inner.args, op._operands):
                    env[arg] = env[value]
                node = Concurrent() if name == "stream.cmd.concurrent" else Serial()
                into.items.append(self.record(inner, env, device, node))
            elif name == "stream.cmd.fill":
                into.items.append(self._fill(op, env, device))
            elif name == "stream.cmd.copy":
                into.items.append(self._copy(op, env, device))
            elif name == "stream.yield":
                break
            elif name in _NO_OPS:
                continue
            else:
                fn = RULES.get(seed_name(name)) or RULES.get(name)
                if fn is None:
                    raise UnsupportedOpError(f"{op.describe()}: not supported inside stream.cmd.execute")
                results = fn(interp, op, [env[v] for v in op._operands])
                if op.results:
                    results = results if isinstance(results, list | tuple) else [results]
                    for r, v in zip(op.results, results):
                        env[r] = v
        return into

    def _dispatch(self, op: Operation, env: dict[Any, Any], device: Device) -> DispatchCmd:
        st = self.statics.get(op)
        if st is None:
            st = self.statics[op] = _DispatchStatic(self.interp, op)
        g = fields.groups(op, [env[v] for v in op._operands])
        resources: list[ResourceRef] = g["resources"]  # type: ignore[assignment]
        offsets = [int(o) for o in g["resource_offsets"]]  # type: ignore[union-attr]
        lengths = [int(n) for n in g["resource_lengths"]]  # type: ignore[union-attr]
        for ref, off, n in zip(resources, offsets, lengths):
            check_range(ref, off, n, st.name)
        uniforms = list(g["uniform_operands"])  # type: ignore[arg-type]
        workload = [int(w) for w in g["workload"]]  # type: ignore[union-attr]
        accesses = st.accesses if len(st.accesses) == len(resources) else ["rw"] * len(resources)
        exe = st.exe
        cost = exe.cost(uniforms, workload, lengths, accesses)
        key = (device.index, cost)
        durations = self.runtime.durations
        dur = durations.get((id(exe), key))
        if dur is None:
            dur = durations[(id(exe), key)] = self.runtime.costs.dispatch_ns(device.spec, exe.names, cost)
        args_key = (id(op), cost)
        args = self.args_cache.get(args_key)
        if args is None:
            args = self.args_cache[args_key] = {
                "op": op.op_name,
                "loc": st.loc,
                "bytes": cost.bytes_read + cost.bytes_written,
                "flops": cost.flops,
                "affinity": st.affinity,
                "entry_point": str(exe.ref),
            }
        bindings = [(ref, off) for ref, off in zip(resources, offsets)]
        return DispatchCmd(exe, bindings, lengths, accesses, uniforms, workload, cost, dur, args, st.name)

    def _fill(self, op: Operation, env: dict[Any, Any], device: Device) -> FillCmd:
        target, _size, offset, length, value = (env[v] for v in op._operands)
        where = op.describe()
        check_range(target, int(offset), int(length), where)
        width = getattr(op.operands[4].type, "width", 8)
        nbytes = max(1, width // 8)
        pattern = (int(value) & ((1 << (8 * nbytes)) - 1)).to_bytes(nbytes, "little")
        args = {"op": op.op_name, "loc": location(op), "bytes": int(length)}
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
        args = {"op": op.op_name, "loc": location(op), "bytes": int(length)}
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
    for arg, value in zip(block.args, g["resource_operands"]):  # type: ignore[call-overload]
        env[arg] = value
    tree = recorder.record(block, env, queue.device, Serial())
    n = count_commands(tree)
    single = _single_transfer(tree)
    with_data = rt.with_data
    counts = rt.counts
    overhead = 0 if single is not None else queue.device.spec.queue_op_overhead_ns

    def work(q: Queue, flows: list[int]) -> Generator[Any, Any, int | None]:
        if overhead:
            yield q.engine.env.timeout(overhead)
        return (yield from Executor(q, with_data, counts).run(tree, 0, flows))

    record_ns = rt.machine.host.record_cost_ns * (0 if single is not None else n)
    return (yield from rt.submit(interp, op, queue, work, g["await_timepoint"], record_ns))  # type: ignore[arg-type]
