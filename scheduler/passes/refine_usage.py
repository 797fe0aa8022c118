"""IREE's ``--iree-stream-refine-usage``: every ``!stream.resource<*>`` gets the lifetime its usage implies.

The lifetimes come from :func:`scheduler.usage.analyze_usage`. The rewrite keeps the IR valid the way
IREE's patterns do: function signatures (arguments from the entry block, results from a return),
block arguments of every region, results of calls, selects, barriers, awaits, ``scf`` ops and every
streamable op. An unknown (``*``) type is overwritten in place. A value that already has a lifetime and
whose usage asks for another keeps its type, and its users get a ``stream.async.transfer`` to the new
lifetime (unless its only user already is such a transfer); a ``stream.async.cast`` between two
different concrete lifetimes becomes a transfer, and one between equal lifetimes folds away. Transfers with an unknown result take the analysed
lifetime directly.

Examples
--------
>>> import ir
>>> m = ir.parse_module('''"builtin.module"() ({
...   "util.func"() <{function_type = (index) -> !stream.resource<*>, sym_name = "f"}> ({
...   ^bb0(%n: index):
...     %c = "arith.constant"() <{value = 0 : i32}> : () -> i32
...     %s = "stream.async.splat"(%c, %n) : (i32, index) -> !stream.resource<*>
...     "util.return"(%s) : (!stream.resource<*>) -> ()
...   }) : () -> ()
... }) : () -> ()''')
>>> refine_usage(m)
>>> print(m.body.ops[0].attr("function_type"))
(index) -> !stream.resource<external>
"""

from __future__ import annotations

from ir import Block, Module, Operation, Value
from ir import attributes as A
from ir import types as T
from ir.builder import create
from scheduler.usage import ResourceUsage, analyze_usage
from scheduler.usage_graph import FlowGraph, is_resource, successor_operand_ranges

_GENERIC = frozenset(
    {
        "util.optimization_barrier",
        "arith.select",
        "util.call",
        "scf.condition",
        "scf.yield",
        "stream.resource.dealloca",
        "stream.timepoint.await",
        "stream.timepoint.barrier",
        "stream.async.cast",
        "scf.if",
        "scf.for",
        "scf.while",
    }
)
_STREAMABLE = frozenset(
    {
        "stream.resource.alloc",
        "stream.resource.alloca",
        "stream.resource.transients",
        "stream.tensor.import",
        "stream.tensor.export",
        "stream.async.alloca",
        "stream.async.constant",
        "stream.async.splat",
        "stream.async.clone",
        "stream.async.slice",
        "stream.async.fill",
        "stream.async.update",
        "stream.async.copy",
        "stream.async.collective",
        "stream.async.barrier",
        "stream.async.parameter.load",
        "stream.async.parameter.read",
        "stream.async.parameter.write",
        "stream.async.parameter.gather",
        "stream.async.parameter.scatter",
        "stream.async.load",
        "stream.async.store",
        "stream.async.dispatch",
        "stream.async.call",
        "stream.async.execute",
        "stream.async.concurrent",
        "stream.yield",
    }
)
# The operand field holding the byte size of result 0, per streamable op.
_SIZE_FIELD = {
    "stream.async.alloca": "storage_size",
    "stream.async.constant": "result_size",
    "stream.async.splat": "result_size",
    "stream.async.clone": "result_size",
    "stream.async.slice": "result_size",
    "stream.async.transfer": "result_size",
    "stream.async.fill": "target_size",
    "stream.async.update": "target_size",
    "stream.async.copy": "target_size",
    "stream.async.collective": "target_size",
    "stream.async.store": "target_size",
    "stream.async.barrier": "source_size",
    "stream.async.parameter.load": "result_size",
    "stream.async.parameter.read": "target_size",
    "stream.async.parameter.gather": "target_size",
    "stream.async.parameter.write": "source_size",
    "stream.async.parameter.scatter": "source_size",
    "stream.tensor.import": "result_size",
    "stream.resource.alloca": "storage_size",
    "stream.resource.alloc": "storage_size",
    "stream.resource.transients": "resource_size",
}


def refine_usage(module: Module) -> None:
    """Refine every unknown resource lifetime in ``module`` in place (IREE's pass, alone)."""
    apply_usage(module, analyze_usage(module))


def apply_usage(module: Module, usage: ResourceUsage) -> int:
    """Write the lifetimes of a solved analysis into ``module`` (types, signatures, transfers).

    Returns the number of ops added or replaced (transfers, size queries); 0 when only types changed.
    """
    rewriter = _Rewriter(usage)
    for op in list(usage.graph.ops()):
        rewriter.visit(op)
    for op in list(usage.graph.ops()):
        if op.op_name == "stream.async.cast" and _cast_to_transfer(op):
            rewriter.added += 1
    for op in list(usage.graph.ops()):
        if op.op_name == "stream.async.transfer" and op.parent is not None and _fold_transfer(op):
            rewriter.added += 1
    return rewriter.added + drop_redundant_block_args(usage.graph)


def drop_redundant_block_args(graph: FlowGraph) -> int:
    """MLIR's region simplification, which IREE's rewrite driver runs: a block argument that receives the
    same value on every incoming edge is that value (the argument and its branch operands go away).

    Without it a block with one predecessor could keep an argument whose lifetime differs from its
    operand's (the analysis joins an argument with what defines it, not with every use of its operand).
    Returns the number of arguments dropped.
    """
    dropped = 0
    changed = True
    while changed:
        changed = False
        preds: dict[int, list[tuple[Operation, int]]] = {}
        blocks: dict[int, Block] = {}
        for op in graph.ops():
            for k, succ in enumerate(op.successors):
                preds.setdefault(id(succ), []).append((op, k))
                blocks[id(succ)] = succ
        for key, edges in preds.items():
            block = blocks[key]
            ranges = [successor_operand_ranges(op) for op, _ in edges]
            if any(len(r) != len(op.successors) for r, (op, _) in zip(ranges, edges)):
                continue
            for i in reversed(range(len(block.args))):
                incoming = {
                    id(op.operands[r[k][0] + i]): op.operands[r[k][0] + i]
                    for r, (op, k) in zip(ranges, edges)
                }
                arg = block.args[i]
                if len(incoming) != 1:
                    continue
                value = next(iter(incoming.values()))
                if value is arg:
                    continue
                arg.replace_all_uses_with(value)
                for op, k in dict.fromkeys(edges):
                    _drop_successor_operand(op, k, i)
                del block.args[i]
                for j, a in enumerate(block.args):
                    a.index = j
                dropped += 1
                changed = True
                break
            if changed:
                break
    return dropped


def _drop_successor_operand(op: Operation, successor: int, i: int) -> None:
    """Remove operand ``i`` of those ``op`` forwards to its successor number ``successor``."""
    ranges = successor_operand_ranges(op)
    start, count = ranges[successor]
    operands = list(op.operands)
    del operands[start + i]
    op.set_operands(operands)
    if op.op_name == "cf.cond_br":
        sizes = [1] + [c - (1 if n == successor else 0) for n, (_, c) in enumerate(ranges)]
        op.properties["operandSegmentSizes"] = A.segment_sizes(*sizes)


def _fold_transfer(op: Operation) -> bool:
    """IREE's transfer folder, which its pass's rewrite driver applies: a transfer back out of a transfer
    to the type and device the first one started from is that first source (the first transfer is then
    erased when nothing else uses it)."""
    inner = op.operands[0].defining_op
    if inner is None or inner.op_name != "stream.async.transfer":
        return False
    if op.attr("execution_affinity") is not None or inner.attr("execution_affinity") is not None:
        return False
    origin = inner.operands[0]
    target = op.attr("target_affinity") or op.attr("result_affinity")
    if origin.type != op.results[0].type or inner.attr("source_affinity") != target:
        return False
    op.results[0].replace_all_uses_with(origin)
    op.erase()
    if not inner.results[0].uses:
        inner.erase()
    return True


class _Rewriter:
    def __init__(self, usage: ResourceUsage) -> None:
        self.usage = usage
        self.added = 0

    def _type(self, v: Value) -> T.ResourceType:
        return T.ResourceType(self.usage.lifetime(v))

    def visit(self, op: Operation) -> None:
        name = op.op_name
        if name == "util.func":
            self._function(op)
        elif name == "util.initializer":
            self._block_args(op)
        elif name == "stream.async.transfer":
            res = op.results[0]
            if isinstance(res.type, T.ResourceType) and res.type.lifetime == "*":
                res.type = self._type(res)
        elif name in _GENERIC:
            self._block_args(op)
            for res in op.results:
                if is_resource(res):
                    self._result(op, res, None)
        elif name in _STREAMABLE:
            self._block_args(op)
            for res in op.results:
                if is_resource(res):
                    self._result(op, res, _result_size(op, res.index))

    def _block_args(self, op: Operation) -> None:
        for region in op.regions:
            for block in region.blocks:
                for arg in block.args:
                    if isinstance(arg.type, T.ResourceType) and arg.type.lifetime == "*":
                        arg.type = self._type(arg)

    def _function(self, op: Operation) -> None:
        if not op.regions or not op.regions[0].blocks:
            return  # external declarations keep their signature
        fattr = op.attr("function_type")
        if isinstance(fattr, A.TypeAttr) and isinstance(fattr.value, T.FunctionType):
            ft = fattr.value
            entry = op.regions[0].blocks[0]
            inputs = tuple(
                self._type(entry.args[i]) if _unknown(t) and i < len(entry.args) else t
                for i, t in enumerate(ft.inputs)
            )
            ret = _any_return(op)
            results = tuple(
                self._type(ret.operands[i])
                if _unknown(t) and ret is not None and i < len(ret.operands)
                else t
                for i, t in enumerate(ft.results)
            )
            new = T.FunctionType(inputs, results)
            if new != ft:
                key = "function_type"
                (op.properties if key in op.properties else op.attributes)[key] = A.TypeAttr(new)
        self._block_args(op)

    def _result(self, op: Operation, res: Value, size: Value | None) -> None:
        assert isinstance(res.type, T.ResourceType)
        new = self._type(res)
        if res.type == new:
            return
        if res.type.lifetime == "*":
            res.type = new
            return
        # A concrete lifetime that the usage wants changed: users see a transfer to the new lifetime.
        if size is not None and len(res.uses) == 1:
            user = res.uses[0][0]
            if user.op_name == "stream.async.transfer" and not _unknown(user.results[0].type):
                return
        block = op.parent
        assert block is not None
        at = block.ops.index(op) + 1
        users = list(res.uses)
        if size is None:
            size_op = create(
                "stream.resource.size", [res], [T.IndexType()], attributes=_affinity(op, "affinity")
            )
            block.insert(at, size_op)
            self.added += 1
            at += 1
            size = size_op.results[0]
        props = {}
        affinity = op.attr("affinity")
        if affinity is not None:
            props = {"source_affinity": affinity, "target_affinity": affinity}
        transfer = create("stream.async.transfer", [res, size, size], [new], properties=props)
        transfer.location = op.location
        block.insert(at, transfer)
        self.added += 1
        for user, i in users:
            if user.op_name != "stream.resource.size" or user.operands[0] is not res:
                user.set_operand(i, transfer.results[0])


def _cast_to_transfer(op: Operation) -> bool:
    """A cast between two concrete lifetimes: folded away when they match, else a transfer."""
    src, res = op.operands[0], op.results[0]
    if _unknown(src.type) or _unknown(res.type):
        return False
    if src.type == res.type:
        res.replace_all_uses_with(src)
        op.erase()
        return True
    block = op.parent
    assert block is not None
    props: dict[str, A.Attribute] = {}
    affinity = op.attr("affinity")
    if affinity is not None:
        props = {"source_affinity": affinity, "target_affinity": affinity}
    transfer = create(
        "stream.async.transfer", [src, op.operands[1], op.operands[2]], [res.type], properties=props
    )
    transfer.location = op.location
    block.insert(block.ops.index(op), transfer)
    res.replace_all_uses_with(transfer.results[0])
    op.erase()
    return True


def _affinity(op: Operation, key: str) -> dict[str, A.Attribute] | None:
    a = op.attr(key)
    return None if a is None else {key: a}


def _unknown(t: T.Type) -> bool:
    return isinstance(t, T.ResourceType) and t.lifetime == "*"


def _any_return(func: Operation) -> Operation | None:
    """IREE's choice: the first block's return-like terminator with operands (or any util.return)."""
    for block in func.regions[0].blocks:
        t: Operation | None = block.terminator
        if t is not None and t.op_name in ("util.return", "func.return"):
            return t
    return None


def _result_size(op: Operation, index: int) -> Value | None:
    name = op.op_name
    if name in (
        "stream.async.dispatch",
        "stream.async.call",
        "stream.async.execute",
        "stream.async.concurrent",
    ):
        sizes = getattr(op, "result_sizes", ())
        res = [r for r in op.results if is_resource(r)]
        pos = next((k for k, r in enumerate(res) if r.index == index), None)
        return sizes[pos] if pos is not None and pos < len(sizes) else None
    if name == "stream.yield":
        return None
    field = _SIZE_FIELD.get(name)
    if field is None or index != 0:
        return None
    v = getattr(op, field, None)
    return v if isinstance(v, Value) else None


__all__ = ["apply_usage", "refine_usage"]
