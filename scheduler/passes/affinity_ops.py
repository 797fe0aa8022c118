"""Which ops and types IREE's affinity analysis places, and how it reads an op's affinity and ties: the
facts of ``AffinityOpInterface`` (with the external models IREE attaches to flow, hal, arith and util ops),
``AffinityTypeInterface`` and ``TiedOpInterface`` that :mod:`scheduler.passes.affinity_analysis` asks.

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func private @f(%n: index) -> !stream.resource<*> {
...   %c0 = arith.constant 0 : i32
...   %s = stream.async.splat on(#hal.device.affinity<@dev_a>) %c0 : i32 -> !stream.resource<*>{%n}
...   util.return %s : !stream.resource<*>
... }''')
>>> splat = m.body.ops[0].body.ops[1]
>>> is_affinity_op(splat), str(lookup_affinity(splat))
(True, '#hal.device.affinity<@dev_a>')
"""

from __future__ import annotations

from ir import Operation, OpResult, Value
from ir import attributes as A
from ir import types as T
from scheduler.affinity import transfer_target
from scheduler.passes.copy_analysis import tied_operand
from scheduler.usage_graph import CLOSURE_OPS, tied_results

# IREE's ops implementing the AffinityOpInterface (besides every stream.async.* op).
_AFFINITY_OPS = frozenset(
    {
        "stream.context.resolve", "stream.resource.alloc", "stream.resource.alloca",
        "stream.resource.dealloca", "stream.resource.try_map", "stream.resource.pack",
        "stream.resource.constants", "stream.resource.transients", "stream.file.constant",
        "stream.file.read", "stream.file.write", "stream.tensor.import", "stream.tensor.export",
        "stream.tensor.sizeof", "stream.tensor.empty", "stream.tensor.constant", "stream.tensor.splat",
        "stream.tensor.clone", "stream.tensor.encode", "stream.tensor.slice", "stream.tensor.fill",
        "stream.tensor.update", "stream.tensor.dispatch", "stream.tensor.parameter.load",
        "stream.tensor.parameter.write", "stream.cmd.execute", "stream.cmd.parameter.load",
        "stream.cmd.parameter.read", "stream.cmd.parameter.write", "stream.cmd.parameter.gather",
        "stream.cmd.parameter.scatter", "stream.timepoint.import", "stream.timepoint.export",
        "stream.timepoint.chain_external", "stream.timepoint.barrier", "stream.channel.create",
    }
)  # fmt: skip
_NOT_AFFINITY_ASYNC = frozenset({"stream.async.func", "stream.async.load", "stream.async.store"})
# Ops given the interface by IREE's external models: their affinity is a ``stream.affinity`` attribute,
# a flow transfer's or barrier's ``target``, a hal tensor op's ``affinity``.
_EXTERNAL_AFFINITY_OPS = frozenset(
    {
        "arith.constant", "flow.dispatch.region", "flow.dispatch.workgroups", "flow.dispatch", "flow.call",
        "flow.tensor.constant", "flow.tensor.dynamic_constant", "flow.tensor.alloca", "flow.tensor.empty",
        "flow.tensor.splat", "flow.tensor.clone", "flow.tensor.encode", "flow.tensor.slice",
        "flow.tensor.update", "flow.channel.default", "flow.collective.all_gather",
        "flow.collective.all_reduce", "flow.collective.all_to_all", "flow.collective.reduce_scatter",
        "flow.collective.send_recv", "util.global", "util.initializer", "util.func",
    }
)  # fmt: skip
_TARGET_AFFINITY_OPS = frozenset({"flow.tensor.transfer", "flow.tensor.barrier"})
_HAL_TENSOR_OPS = frozenset(
    {"hal.tensor.import", "hal.tensor.export", "hal.tensor.alias", "hal.tensor.transients"}
)
_PINNING = frozenset(
    {"stream.tensor.import", "stream.tensor.export", "stream.resource.transients", "flow.tensor.barrier"}
    | _HAL_TENSOR_OPS
)
REGION_OPS = frozenset({*CLOSURE_OPS, "scf.if", "scf.for", "scf.while", "scf.execute_region"})


def is_affinity_type(v: Value) -> bool:
    """Whether values of ``v``'s type are placed (IREE's ``AffinityTypeInterface``: resources and ranked
    tensors)."""
    return isinstance(v.type, T.ResourceType) or (
        str(v.type).startswith("tensor<") and "*" not in str(v.type)
    )


def is_affinity_op(op: Operation) -> bool:
    """Whether ``op`` implements IREE's ``AffinityOpInterface`` (its own or an external model)."""
    name = op.op_name
    if name.startswith("stream.async."):
        return name not in _NOT_AFFINITY_ASYNC
    return (
        name in _AFFINITY_OPS
        or name in _EXTERNAL_AFFINITY_OPS
        or name in _TARGET_AFFINITY_OPS
        or name in _HAL_TENSOR_OPS
    )


def _affinity_key(op: Operation) -> str:
    name = op.op_name
    if name in _TARGET_AFFINITY_OPS:
        return "target"
    if name in _EXTERNAL_AFFINITY_OPS:
        return "stream.affinity"
    return "affinity"


def requires_affinity(op: Operation) -> bool:
    """``AffinityOpInterface::requiresAffinity``: false for functions, initializers and hal tensor ops,
    and for constants and globals not of tensor type."""
    name = op.op_name
    if name in ("util.func", "util.initializer") or name in _HAL_TENSOR_OPS:
        return False
    if name == "arith.constant":
        return bool(op.results) and str(op.results[0].type).startswith("tensor<")
    if name == "util.global":
        ty = op.attr("type")
        return ty is not None and str(ty).startswith("tensor<")
    return is_affinity_op(op)


def op_affinity_attr(op: Operation) -> A.Attribute | None:
    """``AffinityOpInterface::getAffinityAttr``: a transfer's execution affinity, else the one its
    lifetimes imply (the target when the source is external or staging memory, else the source); the
    attribute the op's model names for the others."""
    if op.op_name != "stream.async.transfer":
        return op.attr(_affinity_key(op))
    if op.attr("execution_affinity") is not None:
        return op.attr("execution_affinity")
    src, res = (
        v.type.lifetime if isinstance(v.type, T.ResourceType) else "" for v in (op.operands[0], op.results[0])
    )
    if src == "staging" and res == "staging":
        return op.attr("source_affinity")
    if src in ("external", "staging"):
        return transfer_target(op)
    return op.attr("source_affinity")


def lookup_affinity(op: Operation | None) -> A.Attribute | None:
    """``AffinityAttr::lookup``: the affinity of ``op`` or of the nearest op holding it (an
    affinity-aware op's own, or a ``stream.affinity`` attribute)."""
    while op is not None:
        if is_affinity_op(op):
            a = op_affinity_attr(op)
            if a is not None:
                return a
        a = op.attr("stream.affinity")
        if a is not None:
            return a
        op = op.parent_op
    return None


# Flow ops whose result 0 is their operand 0 changed in place or viewed anew (IREE's TiedOpInterface).
_FLOW_TIED0 = frozenset(
    {"flow.tensor.reshape", "flow.tensor.bitcast", "flow.tensor.barrier", "flow.tensor.update"}
)


def tied_to(r: OpResult) -> Value | None:
    """IREE's ``getTiedResultOperand`` of ``r``: stream and util ops as :func:`tied_operand` knows them,
    and flow's reshapes, bitcasts and dispatches with tied results."""
    op = r.op
    if op.op_name in _FLOW_TIED0:
        return op.operands[0] if r.index == 0 and op.operands else None
    if op.op_name == "hal.tensor.barrier":  # result i is source i
        return op.operands[r.index] if r.index < len(op.operands) else None
    if op.op_name == "hal.tensor.alias":
        return op.operands[0] if r.index == 0 and op.operands else None
    if op.op_name == "flow.dispatch":
        tied = op.attr("tied_operands")
        seg = op.attr("operandSegmentSizes")
        if isinstance(tied, A.ArrayAttr) and r.index < len(tied.elements):
            e = tied.elements[r.index]
            base = int(seg.values[0]) if isinstance(seg, A.DenseArrayAttr) and seg.values else 0
            if isinstance(e, A.IntegerAttr) and e.value >= 0 and base + e.value < len(op.operands):
                return op.operands[base + e.value]
        return None
    return tied_operand(r)


def tied_from(op: Operation, i: int) -> list[OpResult]:
    """The results of ``op`` tied to its operand ``i`` (see :func:`tied_to`)."""
    if op.op_name in _FLOW_TIED0 or op.op_name in ("flow.dispatch", "hal.tensor.barrier", "hal.tensor.alias"):
        return [r for r in op.results if tied_to(r) is op.operands[i]]
    return tied_results(op, i)


def pins(op: Operation) -> bool:
    return op.op_name in _PINNING and op.attr(_affinity_key(op)) is not None
