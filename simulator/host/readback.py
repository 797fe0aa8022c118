"""What a timing-only run must still compute with data: the device work behind the values the host reads.

A timing-only run carries no bytes, so a ``stream.resource.load`` would read 0. Programs from frontends
read device values on the host to decide what to do next: a ``while`` loop's condition, an ``scf.if``
predicate, a shape computed in an initializer from constants (ONNX ``Tile`` with constant repeats: a
result sized 0 and a misleading error). So a timing-only run computes, with data, exactly the chain the
host reads back: this module finds it statically, on the cmd form.

Resources are grouped into alias classes (a union-find over SSA values): an await, a subview, an import
or export, a global stored and loaded, a call's arguments and results, a branch's operands and its block's
arguments, a control flow op's yields and results all name the same bytes. The classes the host reads
(``stream.resource.load``) need data; an execution region (``stream.cmd.execute``) that writes a class
needing data runs with data, and then every resource it touches needs data too (what it reads must be
right; what it writes must have bytes); this repeats to a fixed point. The ops that give those classes
their bytes (allocations, constant maps, file reads, parameter loads, the called function's inputs) then
do so with data.

Examples
--------
>>> from ir import load_text
>>> readback_slice(load_text('"builtin.module"() ({}) : () -> ()')).ops
frozenset()
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from ir import BlockArgument, Module, Operation, Value
from ir import types as T
from ir.dialects import stream_cmd as C

#: host ops whose first operand's bytes the host reads
_READS = frozenset({"stream.resource.load", "hal.buffer.load"})
#: ops whose resource results name the bytes of the operand at the same position (after skipping none)
_FORWARD = frozenset(
    {
        "stream.resource.subview",
        "stream.tensor.import",
        "stream.tensor.export",
        "stream.timepoint.barrier",
        "util.optimization_barrier",
        "hal.buffer.subspan",
        "hal.buffer_view.buffer",
        "hal.buffer_view.create",
    }
)
#: ops that give a class its bytes: they do it with data when the class needs data
_SOURCES = frozenset(
    {
        "stream.resource.alloca",
        "stream.resource.alloc",
        "stream.resource.try_map",
        "stream.file.read",
        "stream.cmd.parameter.load",
        "stream.cmd.parameter.gather",
        "stream.cmd.parameter.read",
        "hal.device.queue.alloca",
        "hal.allocator.allocate",
        "hal.device.queue.read",
        "io_parameters.load",
        "io_parameters.gather",
    }
)
#: HAL queue ops that run commands on buffers: (touched, written) are their buffer operands, or those a
#: command buffer they execute records (a dispatch's bindings do not say which it writes: all may be)
_HAL_QUEUE = frozenset(
    {
        "hal.device.queue.execute",
        "hal.device.queue.execute.indirect",
        "hal.device.queue.fill",
        "hal.device.queue.copy",
        "hal.device.queue.update",
    }
)
_WRITE = 2  # resource_accesses bit


@dataclass
class ReadbackSlice:
    """The ops a timing-only run performs with data, and the called function's inputs staged with data."""

    ops: frozenset[int] = frozenset()  # ids of Operation objects
    inputs: dict[int, frozenset[int]] = field(default_factory=dict)  # id(function) -> argument indices


class _Classes:
    def __init__(self) -> None:
        self.parent: dict[object, object] = {}

    def find(self, x: object) -> object:
        parent = self.parent
        root = x
        while parent.get(root, root) is not root:
            root = parent[root]
        while parent.get(x, x) is not root:
            parent[x], x = root, parent[x]
        return root

    def union(self, a: object, b: object) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra is not rb:
            self.parent[ra] = rb


def _resource(v: Value) -> bool:
    return isinstance(v.type, T.ResourceType | T.HalType)


def _bytes(v: Value) -> bool:
    """Whether ``v`` names device bytes (a stream resource, a HAL buffer or buffer view)."""
    t = v.type
    return isinstance(t, T.ResourceType) or (isinstance(t, T.HalType) and t.name in ("buffer", "buffer_view"))


def _command_buffer(v: Value) -> bool:
    return isinstance(v.type, T.HalType) and v.type.name == "command_buffer"


def _pairs(a: Iterable[Value], b: Iterable[Value]) -> Iterable[tuple[Value, Value]]:
    return ((x, y) for x, y in zip(a, b) if _resource(x) or _resource(y))


def _functions(module: Module) -> dict[str, Operation]:
    out = {}
    for op in module.body.ops:
        if op.op_name in ("util.func", "func.func"):
            name = op.attr("sym_name")
            out[getattr(name, "value", "")] = op
    return out


def _link(op: Operation, classes: _Classes, funcs: dict[str, Operation]) -> None:
    """Union the values ``op`` says name the same bytes."""
    name = op.op_name
    if name == "stream.timepoint.await":
        for a, b in _pairs(op.operands, op.results):
            classes.union(a, b)
    elif name in _FORWARD and op.operands and op.results:
        classes.union(op.operands[0], op.results[0])
    elif name == "util.global.store" and op.operands:
        classes.union(op.operands[0], ("global", str(op.attr("global"))))
    elif name == "util.global.load" and op.results:
        classes.union(op.results[0], ("global", str(op.attr("global"))))
    elif name in ("util.call", "func.call"):
        callee = funcs.get(getattr(op.attr("callee"), "leaf", "") or "")
        if callee is not None and callee.regions and callee.regions[0].blocks:
            for a, b in _pairs(op.operands, callee.regions[0].blocks[0].args):
                classes.union(a, b)
            for ret in callee.walk():
                if ret.op_name in ("util.return", "func.return") and ret.parent_op is callee:
                    for a, b in _pairs(ret.operands, op.results):
                        classes.union(a, b)
    elif name == "cf.br" and op.successors:
        for a, b in _pairs(op.operands, op.successors[0].args):
            classes.union(a, b)
    elif name == "cf.cond_br" and len(op.successors) == 2:
        seg = op.attr("operandSegmentSizes")
        sizes = list(getattr(seg, "values", None) or [1, len(op.successors[0].args), len(op.successors[1].args)])
        first = op.operands[1 : 1 + sizes[1]]
        second = op.operands[1 + sizes[1] :]
        for a, b in _pairs(first, op.successors[0].args):
            classes.union(a, b)
        for a, b in _pairs(second, op.successors[1].args):
            classes.union(a, b)
    elif name == "stream.cmd.execute":
        body = op.regions[0].blocks[0]
        for a, b in _pairs(op.operands, body.args):
            classes.union(a, b)
    elif op.regions and name.startswith("scf."):
        _link_scf(op, classes)
    elif name == "hal.device.memoize":
        for block in op.regions[0].blocks:
            term = block.terminator
            if term is not None and term.op_name == "hal.return":
                for a, b in _pairs(term.operands, op.results):
                    classes.union(a, b)


def _link_scf(op: Operation, classes: _Classes) -> None:
    """scf.if/index_switch/for/while: yields and results, initial values and block arguments."""
    name = op.op_name
    if name == "scf.for":
        body = op.regions[0].blocks[0]
        for a, b in _pairs(op.operands[3:], body.args[1:]):
            classes.union(a, b)
        for a, b in _pairs(op.results, body.args[1:]):
            classes.union(a, b)
    elif name == "scf.while":
        before = op.regions[0].blocks[0]
        for a, b in _pairs(op.operands, before.args):
            classes.union(a, b)
        if len(op.regions) > 1:
            after = op.regions[1].blocks[0]
            for a, b in _pairs(op.results, after.args):
                classes.union(a, b)
    for region in op.regions:
        for block in region.blocks:
            term = block.terminator
            if term is None:
                continue
            if term.op_name == "scf.yield":
                targets: list[Value] = list(op.results)
                if name == "scf.while" and region is op.regions[1]:
                    targets = list(op.regions[0].blocks[0].args)
                for a, b in _pairs(term.operands, targets):
                    classes.union(a, b)
            elif term.op_name == "scf.condition":
                for a, b in _pairs(term.operands[1:], op.results):
                    classes.union(a, b)


def _written(execute: Operation) -> list[int]:
    """Indices of the resource operands of ``execute`` that its commands may write."""
    body = execute.regions[0].blocks[0]
    index = {id(a): i for i, a in enumerate(body.args)}
    out: set[int] = set()
    for cmd in execute.walk():
        targets: list[Value] = []
        if isinstance(cmd, C.CmdDispatchOp):
            accesses = list(cmd.resource_accesses or [])
            targets = [r for r, a in zip(cmd.resources, accesses) if int(getattr(a, "value", 3)) & _WRITE]
        elif isinstance(cmd, C.CmdFillOp | C.CmdCopyOp):
            targets = [cmd.target]
        elif cmd.op_name in ("stream.cmd.collective", "stream.cmd.call"):
            targets = [v for v in cmd.operands if _resource(v)]
        out.update(index[id(v)] for v in targets if isinstance(v, BlockArgument) and id(v) in index)
    return sorted(out)


def readback_slice(
    module: Module, ops: list[Operation] | None = None, op_names: Collection[str] | None = None
) -> ReadbackSlice:
    """The ops (and inputs) a timing-only run of ``module`` performs with data (see the module doc).

    ``ops``, ``op_names``: the module's ops in pre-order (``module.op.walk_list()``) and the set of their
    names, when the caller has them (a run scans the module once for both this and its cmd-form check)."""
    if ops is None:
        ops = module.op.walk_list()  # (the same ops in the same order as list(module.walk()), without a resume per op)
    if op_names is None:
        op_names = {op.op_name for op in ops}
    if _READS.isdisjoint(op_names):
        return ReadbackSlice()
    classes = _Classes()
    funcs = _functions(module)
    for op in ops:
        _link(op, classes, funcs)
    recorded: dict[object, list[Value]] = {}  # command buffer class -> the buffers its commands use
    for op in ops:
        if op.op_name.startswith("hal.command_buffer.") and op.operands and _command_buffer(op.operands[0]):
            recorded.setdefault(classes.find(op.operands[0]), []).extend(v for v in op.operands if _bytes(v))
    # (op, the values it touches, those it may write)
    queue_ops: list[tuple[Operation, list[Value], list[Value]]] = []
    for op in ops:
        if op.op_name == "stream.cmd.execute":
            resources = list(op.operands)
            touched = [v for v in resources if _bytes(v)]
            queue_ops.append((op, touched, [resources[i] for i in _written(op) if i < len(resources)]))
        elif op.op_name in _HAL_QUEUE:
            touched = [v for v in op.operands if _bytes(v)]
            for v in op.operands:
                if _command_buffer(v):
                    touched += recorded.get(classes.find(v), [])
            written = touched[-1:] if op.op_name == "hal.device.queue.copy" else touched
            queue_ops.append((op, touched, written))
    need: set[object] = {classes.find(op.operands[0]) for op in ops if op.op_name in _READS and op.operands}
    chosen: set[int] = set()
    changed = True
    while changed:
        changed = False
        for op, touched, written in queue_ops:
            if id(op) not in chosen and any(classes.find(v) in need for v in written):
                chosen.add(id(op))
                need.update(classes.find(v) for v in touched)
                changed = True
    for op in ops:
        if op.op_name in _SOURCES and any(_bytes(v) and classes.find(v) in need for v in (*op.results, *op.operands)):
            chosen.add(id(op))
    inputs = {
        id(f): frozenset(a.index for a in f.regions[0].blocks[0].args if _bytes(a) and classes.find(a) in need)
        for f in funcs.values()
        if f.regions and f.regions[0].blocks
    }
    return ReadbackSlice(frozenset(chosen), {k: v for k, v in inputs.items() if v})


__all__ = ["ReadbackSlice", "readback_slice"]
