"""IREE's ``--iree-stream-clone-to-consumers``: cheap producers used on several devices are cloned per use.

Runs on IREE's IR before conversion to the stream dialect (``flow.tensor.splat``, ``flow.dispatch``,
``flow.tensor.transfer``) as well as on stream async ops. A value made by an op that is cheaper to make
again than to move (a splat, a dispatch that reads no tensor, a pure op such as ``arith.select`` or a
reshape; stream ops that prefer to be cloned to their consumers) and that is needed on more than one
affinity gets, for each op using it, its own copy of the producer placed just before that op, so that
each copy runs where it is used instead of being transferred.

As IREE's pass: each function's blocks are walked from their last op to their first (a clone, placed
before its user, is visited next, so whole chains of cloneable ops are cloned); a producer with one use
left is not cloned; one clone serves every operand of one op; a producer left without uses is erased.
The affinities come from an analysis of the module made at the start of each iteration (ops made
during the iteration are unknown to it), repeated until nothing changes (at most 32 times).

The affinities a value is produced on are IREE's ``tryLookupResourceAffinity``
(:class:`~scheduler.passes.affinity_analysis.AffinityAnalysis`): those of the ops pinning it, else where
it is produced; a value the analysis cannot place (one reaching a public function's arguments or returns)
has none and is never cloned.

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func private @f() -> (tensor<1xi32>, tensor<1xi32>) {
...   %c = arith.constant 1 : i32
...   %s = flow.tensor.splat %c : tensor<1xi32>
...   %a = flow.tensor.transfer %s : tensor<1xi32> to #hal.device.promise<@a>
...   %b = flow.tensor.transfer %s : tensor<1xi32> to #hal.device.promise<@b>
...   util.return %a, %b : tensor<1xi32>, tensor<1xi32>
... }''')
>>> clone_to_consumers(m)
>>> [op.op_name for op in m.body.ops[0].body.ops][1:-1]
['flow.tensor.splat', 'flow.tensor.transfer', 'flow.tensor.splat', 'flow.tensor.transfer']
"""

from __future__ import annotations

from ir import Block, Module, Operation, Region, Value
from ir import types as T
from ir.builder import create
from ir.verifier_regions import STREAMABLE_OPS
from scheduler.passes.affinity_analysis import AffinityAnalysis

CALLABLES = ("util.func", "func.func", "util.initializer")
MAX_ITERATIONS = 32
# IREE's StreamableOpInterface ops of the async phase, and flow's: cloned only when they prefer it (below), pure
# or not.
_STREAMABLE = frozenset(
    {n for n in STREAMABLE_OPS if not n.startswith("stream.cmd.")}
    | {"flow.tensor.reshape", "flow.tensor.alloca", "flow.tensor.empty", "flow.tensor.splat", "flow.dispatch"}
)
_PREFER_CLONE = frozenset(
    {
        "stream.tensor.empty", "stream.tensor.splat", "stream.tensor.clone", "stream.async.alloca",
        "stream.async.splat", "stream.async.clone", "flow.tensor.reshape", "flow.tensor.alloca",
        "flow.tensor.empty", "flow.tensor.splat",
    }
)  # fmt: skip
# Ops MLIR counts as pure (no memory effects, always speculatable) besides arith/math and the terminators
# of pure regions: IREE's Pure stream ops and flow's tensor ops.
_PURE = frozenset(
    {
        "stream.context.resolve", "stream.resource.size", "stream.resource.try_map", "stream.resource.pack",
        "stream.resource.constants", "stream.resource.transients", "stream.file.constant",
        "stream.tensor.import", "stream.tensor.export", "stream.tensor.sizeof", "stream.tensor.load",
        "stream.tensor.store", "stream.async.cast", "stream.async.load", "stream.async.store",
        "stream.async.parameter.load", "stream.cmd.parameter.load", "stream.timepoint.immediate",
        "stream.timepoint.import", "stream.timepoint.export", "stream.timepoint.join",
        "stream.timepoint.barrier", "stream.timepoint.await", "stream.channel.create", "stream.channel.split",
        "stream.channel.rank", "stream.channel.count", "flow.tensor.bitcast", "flow.tensor.constant",
        "flow.tensor.slice", "flow.tensor.update", "flow.tensor.load", "flow.tensor.transfer",
        "tensor.empty", "tensor.splat", "tensor.expand_shape", "tensor.collapse_shape", "scf.yield",
        # pure streamable ops (pure inside an scf.if, though not cloned for themselves)
        "stream.resource.subview", "stream.tensor.empty", "stream.tensor.constant", "stream.tensor.splat",
        "stream.tensor.clone", "stream.tensor.encode", "stream.tensor.slice", "stream.tensor.dispatch",
        "stream.tensor.parameter.load", "stream.async.constant", "stream.async.slice", "stream.async.transfer",
        "stream.async.dispatch", "flow.tensor.reshape", "flow.tensor.empty", "flow.tensor.splat",
    }
)  # fmt: skip
# arith/math ops that may trap (not speculatable): not pure.
_TRAPPING = ("arith.divsi", "arith.divui", "arith.ceildivsi", "arith.ceildivui", "arith.floordivsi",
             "arith.remsi", "arith.remui")  # fmt: skip


def clone_to_consumers(module: Module) -> None:
    """Clone producers of values used on several affinities for each of their users, in place."""
    for _ in range(MAX_ITERATIONS):
        facts = AffinityAnalysis(module)
        changed = False
        for top in module.body.ops:
            if top.op_name in CALLABLES and top.regions:
                for block in top.regions[0].blocks:
                    changed = _clone_in_block(block, facts) or changed
        if not changed:
            return


def _is_tensor_like(v: Value) -> bool:
    return isinstance(v.type, T.ResourceType) or str(v.type).startswith("tensor<")


def can_clone(op: Operation | None) -> bool:
    """IREE's ``canCloneOp``: a streamable op that prefers being cloned to its consumers (splats, empty
    tensors, clones, allocas, reshapes, dispatches that read no tensor or resource), else any pure op
    (MLIR's ``isPure``: an ``scf.if`` whose ops are all pure counts)."""
    if op is None:
        return False
    name = op.op_name
    if name in _STREAMABLE:
        if name in ("stream.async.dispatch", "flow.dispatch"):
            # A dispatch that reads no tensor or resource is a slow splat.
            return not any(_is_tensor_like(v) for v in op.operands)
        return name in _PREFER_CLONE
    return is_pure(op)


def is_pure(op: Operation) -> bool:
    """MLIR's ``isPure``: free of memory effects and speculatable (recursively for ``scf.if``)."""
    name = op.op_name
    if name == "scf.if":
        return all(is_pure(inner) for r in op.regions for b in r.blocks for inner in b.ops)
    if op.regions:
        return False
    if name.startswith(("arith.", "math.")):
        return name not in _TRAPPING
    return name in _PURE


def deep_clone(op: Operation, mapping: dict[int, Value]) -> Operation:
    """A detached copy of ``op`` with its regions (MLIR's ``Operation::clone``): values defined inside
    it are replaced by their copies (``mapping``, filled as it goes), values from outside are shared."""
    regions = []
    for region in op.regions:
        new_region = Region()
        for block in region.blocks:
            new_block = Block([a.type for a in block.args])
            for a, b in zip(block.args, new_block.args):
                mapping[id(a)] = b
            new_region.add_block(new_block)
        regions.append(new_region)
    for region, new_region in zip(op.regions, regions):
        for block, new_block in zip(region.blocks, new_region.blocks):
            for inner in block.ops:
                new_block.append(deep_clone(inner, mapping))
    new = create(
        op.op_name,
        [mapping.get(id(v), v) for v in op.operands],
        [r.type for r in op.results],
        properties=dict(op.properties),
        attributes=dict(op.attributes),
        regions=regions,
    )
    new.location = op.location
    for r, c in zip(op.results, new.results):
        mapping[id(r)] = c
    return new


def _clone_in_block(block: Block, facts: AffinityAnalysis) -> bool:
    changed = False
    i = len(block.ops) - 1
    while i >= 0:
        op = block.ops[i]
        cloned: dict[int, tuple[Operation, Operation]] = {}
        for j, v in enumerate(op.operands):
            producer = v.defining_op
            if not can_clone(producer):
                continue
            assert producer is not None
            index = next(k for k, r in enumerate(producer.results) if r is v)
            if id(producer) in cloned:
                op.set_operand(j, cloned[id(producer)][1].results[index])
                changed = True
                continue
            if len(facts.resource_affinities(v) or []) <= 1:
                continue
            if sum(len(r.uses) for r in producer.results) == 1:
                continue  # we are its only user: the earlier clones took the others
            copy = deep_clone(producer, {})
            block.insert(block.ops.index(op), copy)
            cloned[id(producer)] = (producer, copy)
            op.set_operand(j, copy.results[index])
            changed = True
        for producer, _ in cloned.values():
            if not any(r.uses for r in producer.results) and producer.parent is not None:
                producer.erase()
        i = block.ops.index(op) - 1
    return changed
