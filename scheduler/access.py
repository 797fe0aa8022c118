"""What each op of a function body means to the scheduler: its kind, affinity, ties and byte accesses.

IREE decides partitions and waves from interfaces on the ops: ``StreamableOpInterface`` (the op can run
inside an execution region), ``AsyncAccessOpInterface`` (the byte ranges an op reads and writes),
``TiedOpInterface`` (a result that is its operand updated in place) and ``AffinityOpInterface``. This module
answers the same questions from an op's name and operands, so that the rest of the scheduler works on
plain records (:class:`OpInfo`, :class:`Access`).

Operands are read through the typed fields of ir's op classes (``op.source``, ``op.result_size``...), so
the operand layout of each op is known in one place, :mod:`ir.dialects`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ir import Operation, Value
from ir import attributes as A
from ir import types as T
from ir.core import OpResult
from ir.dialects import stream_async as D
from ir.opdef import operand_groups, shared_bounds

READ, WRITE, READ_WRITE = "r", "w", "rw"

# Op kinds, as IREE's partitioner sees them.
STREAMABLE = "streamable"  # may go into an execution region (StreamableOpInterface)
METADATA = "metadata"  # streamable but takes no slot in a wave (stream.async.alloca)
CONSTANT = "constant"  # ConstantLike: ignored by partitioning
GLOBAL_STORE = "global_store"  # unobservable inside a region: ignored by partitioning
PURE = "pure"  # host op without side effects
EFFECT = "effect"  # host op with side effects: flushes the open partitions

STREAMABLE_OPS = frozenset(
    {
        "stream.async.alloca",
        "stream.async.clone",
        "stream.async.constant",
        "stream.async.copy",
        "stream.async.dispatch",
        "stream.async.fill",
        "stream.async.slice",
        "stream.async.splat",
        "stream.async.transfer",
        "stream.async.update",
        "stream.async.collective",
        "stream.async.call",
    }
)

# Host ops that have no side effects (MLIR would consider them trivially dead when unused).
PURE_OPS = frozenset(
    {
        "util.global.load",
        "util.null",
        "util.buffer.constant",
        "util.optimization_barrier",
        # Not streamable in IREE: host reads and writes of staging resources, and the parameter load
        # that carries its own timepoint (lowered one for one by scheduler.timeline_ops).
        "stream.async.load",
        "stream.async.store",
        "stream.async.parameter.load",
        "stream.resource.size",
        "stream.resource.subview",
        "stream.tensor.sizeof",
        "stream.tensor.import",
        "stream.tensor.export",
        "stream.timepoint.immediate",
        "stream.timepoint.join",
        # Stream_PureOp in IREE: channels neither flush nor split the open partitions.
        "stream.channel.create",
        "stream.channel.split",
        "stream.channel.rank",
        "stream.channel.count",
        # Pure in IREE (Stream_PureOp): an await, import, export or barrier of a timepoint neither
        # flushes the open partitions nor splits a region from the ops before it.
        "stream.timepoint.await",
        "stream.timepoint.import",
        "stream.timepoint.export",
        "stream.timepoint.barrier",
        "hal.element_type",
        "hal.encoding_type",
        "hal.buffer_view.dim",
        "hal.buffer_view.rank",
        "affine.apply",
    }
)
PURE_PREFIXES = ("arith.", "math.", "index.")
# Streamable ops that are pure in IREE (Stream_PureOp, or only allocating their result), and terminators
# of scf regions: an scf op holding nothing else (its ops recursively) would be trivially dead in MLIR's
# sense, so IREE's partitioning lets the open partitions grow across it (see :func:`pure_nested`; the
# standalone schedule-execution pass uses it, the pipeline still treats such an op as a host effect).
_PURE_NESTED = frozenset(
    {
        "stream.async.dispatch",
        "stream.async.slice",
        "stream.async.transfer",
        "stream.async.constant",
        "stream.async.cast",
        "stream.async.alloca",
        "scf.yield",
        "scf.condition",
        "arith.constant",
    }
)
SCF_REGION_OPS = frozenset({"scf.if", "scf.for", "scf.while", "scf.index_switch", "scf.execute_region"})


def pure_nested(op: Operation, also: frozenset[str] = frozenset()) -> bool:
    """Whether every op ``op`` holds is free of side effects (MLIR's ``wouldOpBeTriviallyDead`` for an op
    with recursive memory effects); ``also``: more op names to take as pure."""
    for inner in op.walk_list()[1:]:
        name = inner.op_name
        if (
            name in also
            or name in SCF_REGION_OPS
            or name in _PURE_NESTED
            or name in PURE_OPS
            or name.startswith(PURE_PREFIXES)
        ):
            continue
        return False
    return True


# Access and OpInfo are slotted and not frozen: a frozen dataclass's __init__ sets each field through
# object.__setattr__, and the scheduler makes one OpInfo per op and one Access per byte range. unsafe_hash
# gives them the hash the frozen classes had (an OpInfo's, like before, raises: its ``tied`` is a dict); they
# compare and print as before. Nothing changes one after it is made.
@dataclass(slots=True, unsafe_hash=True)
class Access:
    """A byte range of one resource SSA value that an op reads or writes.

    ``offset``/``length`` are ints when static, the index ``Value`` when dynamic, ``None`` for the whole
    resource.
    """

    value: Value
    mode: str
    offset: int | Value | None = None
    length: int | Value | None = None

    @property
    def writes(self) -> bool:
        return self.mode != READ


@dataclass(slots=True, unsafe_hash=True)
class OpInfo:
    kind: str
    affinity: A.Attribute | None = None
    accesses: tuple[Access, ...] = ()
    # result index -> the operand value it updates in place
    tied: dict[int, Value] = field(default_factory=dict)


def static_index(v: Value | int | None) -> int | None:
    """The integer an index value holds when it is an ``arith.constant``; ``None`` when dynamic."""
    op: Operation | None
    if v.__class__ is OpResult:  # (the commonest case first: the property, written out for a result)
        op = v.op
    elif isinstance(v, int):
        return v
    elif v is None:
        return None
    else:
        op = v.defining_op
    if op is not None and op.op_name == "arith.constant":
        attr = op.properties.get("value")  # op.attr("value"), written out
        if attr is None:
            attr = op.attributes.get("value")
        if isinstance(attr, A.IntegerAttr):
            return attr.value
    return None


def tied_operands(op: Operation) -> list[int]:
    attr = op.attr("tied_operands")
    if not isinstance(attr, A.ArrayAttr):
        return [-1] * len(op.results)
    return [e.value if isinstance(e, A.IntegerAttr) else -1 for e in attr]


def is_resource(v: Value) -> bool:
    return isinstance(v.type, T.ResourceType)


def _rng(offset: Value, length: Value) -> tuple[int | Value, int | Value]:
    so, sl = static_index(offset), static_index(length)
    return (so if so is not None else offset), (sl if sl is not None else length)


def _static_or(v: Value) -> int | Value:
    """``v``'s integer when it is static, else ``v`` (``_rng(v, v)[1]``)."""
    s = static_index(v)
    return s if s is not None else v


#: The records of the kinds that carry nothing of the op (no affinity, accesses or ties), and those of host
#: ops without an affinity (most of them: global loads, arith, hal): one each, shared (nothing changes a
#: record once made).
_CONSTANT_INFO = OpInfo(CONSTANT)
_GLOBAL_STORE_INFO = OpInfo(GLOBAL_STORE)
_PURE_INFO = OpInfo(PURE)
_EFFECT_INFO = OpInfo(EFFECT)


def op_info(op: Operation) -> OpInfo:
    """Classify ``op`` and list its byte accesses, the way IREE's op interfaces describe it."""
    name = op.op_name
    # (the affinity is looked up only for the kinds that carry it: a constant's or a global store's record
    # has none, and they are a large share of a program's ops)
    if name == "arith.constant" or name == "util.buffer.constant":
        return _CONSTANT_INFO
    if name == "util.global.store":
        return _GLOBAL_STORE_INFO
    if name == "stream.async.transfer":
        affinity = transfer_affinity(op)
    else:
        affinity = op.properties.get("affinity")  # op.attr("affinity"), written out
        if affinity is None:
            affinity = op.attributes.get("affinity")
    if name in STREAMABLE_OPS:
        if name == "stream.async.dispatch" and op.__class__ is D.AsyncDispatchOp:
            accesses, tied = _dispatch_accesses(op)
        else:
            accesses, tied = _async_accesses(op)
        kind = METADATA if name == "stream.async.alloca" else STREAMABLE
        return OpInfo(kind, affinity, tuple(accesses), tied)
    if name in PURE_OPS or name.startswith(PURE_PREFIXES):
        return _PURE_INFO if affinity is None else OpInfo(PURE, affinity)
    return _EFFECT_INFO if affinity is None else OpInfo(EFFECT, affinity)


def transfer_affinity(op: Operation) -> A.Attribute | None:
    """Where a ``stream.async.transfer`` executes, as IREE's ``AsyncTransferOp::getAffinityAttr``: its
    execution affinity (``on(...)``), else the consumer's side when the source is external or staging
    memory, else the producer's (IREE transfers from the source device)."""
    execution = op.attr("execution_affinity") or op.attr("affinity")
    if execution is not None:
        return execution
    source = op.attr("source_affinity")
    target = op.attr("target_affinity") or op.attr("result_affinity")  # IREE 3.13 / older spelling
    src, dst = op.operands[0].type, op.results[0].type
    src_life = src.lifetime if isinstance(src, T.ResourceType) else ""
    dst_life = dst.lifetime if isinstance(dst, T.ResourceType) else ""
    if src_life == "staging" and dst_life == "staging":
        return source
    if src_life in ("external", "staging"):
        return target
    return source


class _DispatchShape:
    """What the accesses of a dispatch take from its attributes, the same for every dispatch with the same
    operand groups' bounds (:func:`ir.opdef.shared_bounds`, one dict per op class and segment sizes), the
    same ``tied_operands`` attribute and result count: where its resource operands, their offsets and
    lengths and its result sizes stand, and the operand each result is tied to (``-1``: none). The bounds
    and the attribute are kept, and compared by identity before a shape is reused."""

    __slots__ = ("any_tie", "bounds", "lengths", "offsets", "operands", "sizes", "tied_attr", "ties")

    def __init__(self, op: Operation, bounds: dict[str, tuple[int, int]], tied_attr: object) -> None:
        self.bounds = bounds
        self.tied_attr = tied_attr
        self.operands = bounds["resource_operands"]
        self.offsets = bounds["resource_operand_offsets"]
        self.lengths = bounds["resource_operand_lengths"]
        self.sizes = bounds["result_sizes"]
        self.ties = tied_operands(op)
        self.any_tie = max(self.ties, default=-1) >= 0


#: Dispatch shapes by (id of the bounds dict, id of the ``tied_operands`` attribute, result count): a
#: program's dispatches share a few (the parser shares equal attributes between ops).
_DISPATCH_SHAPES: dict[tuple[int, int, int], _DispatchShape] = {}


def _dispatch_accesses(op: Operation) -> tuple[list[Access], dict[int, Value]]:
    """:func:`_async_accesses` of a ``stream.async.dispatch``: the same accesses and ties, in the same
    order, with the groups' bounds and ties of its shape (:class:`_DispatchShape`) found once per shape."""
    bounds = shared_bounds(op, "operands")
    tied_attr = op.properties.get("tied_operands")  # op.attr("tied_operands"), written out
    if tied_attr is None:
        tied_attr = op.attributes.get("tied_operands")
    results = op.results
    key = (id(bounds), id(tied_attr), len(results))
    shape = _DISPATCH_SHAPES.get(key)
    if shape is None or shape.bounds is not bounds or shape.tied_attr is not tied_attr:
        if len(_DISPATCH_SHAPES) >= 4096:  # (a bound on what the cache keeps alive)
            _DISPATCH_SHAPES.clear()
        shape = _DISPATCH_SHAPES[key] = _DispatchShape(op, bounds, tied_attr)
    every = op._operands
    start, stop = shape.operands
    operands = every[start:stop]
    start, stop = shape.offsets
    offsets = every[start:stop]
    start, stop = shape.lengths
    lengths = every[start:stop]
    start, stop = shape.sizes
    return _dispatch_access_list(operands, offsets, lengths, every[start:stop], shape.ties, shape.any_tie, op.results)


def _dispatch_access_list(
    operands: list[Value],
    offsets: list[Value],
    lengths: list[Value],
    sizes: list[Value],
    ties: list[int],
    any_tie: bool,
    results: Sequence[Value],
) -> tuple[list[Access], dict[int, Value]]:
    """A dispatch's accesses and ties from its operand groups and ``tied_operands`` (``ties[r]``: the
    operand result ``r`` is tied to, ``-1`` for none): each resource operand read (read-write when a result
    is tied to it, that result then accessed alike), then each untied resource result written whole."""
    acc: list[Access] = []
    tied: dict[int, Value] = {}
    resource = T.ResourceType
    i = 0  # the resource operand's position among the resource operands (its offset's and length's)
    for v in operands:
        if not isinstance(v.type, resource):
            continue
        tied_results = [r for r, t in enumerate(ties) if t >= 0 and operands[t] is v] if any_tie else ()
        mode = READ_WRITE if tied_results else READ
        # _rng(offsets[i], lengths[i]), written out
        o, n = offsets[i], lengths[i]
        so, sn = static_index(o), static_index(n)
        off, ln = (so if so is not None else o), (sn if sn is not None else n)
        acc.append(Access(v, mode, off, ln))
        for r in tied_results:
            acc.append(Access(results[r], mode, off, ln))
            tied[r] = v
        i += 1
    for r, (res, size) in enumerate(zip(results, sizes)):
        if r not in tied and isinstance(res.type, resource):
            acc.append(Access(res, WRITE, 0, _static_or(size)))
    return acc, tied


def _async_accesses(op: Operation) -> tuple[list[Access], dict[int, Value]]:
    acc: list[Access] = []
    tied: dict[int, Value] = {}
    if isinstance(op, D.AsyncDispatchOp):
        ties = tied_operands(op)
        operands, offsets, lengths, sizes = operand_groups(
            op, "resource_operands", "resource_operand_offsets", "resource_operand_lengths", "result_sizes"
        )
        return _dispatch_access_list(operands, offsets, lengths, sizes, ties, max(ties, default=-1) >= 0, op.results)
    if isinstance(op, (D.AsyncAllocaOp, D.AsyncConstantOp, D.AsyncSplatOp)):
        size = op.storage_size if isinstance(op, D.AsyncAllocaOp) else op.result_size
        acc.append(Access(op.result, WRITE, 0, _static_or(size)))
        return acc, tied
    if isinstance(op, (D.AsyncCloneOp, D.AsyncTransferOp)):
        acc.append(Access(op.source, READ, 0, _static_or(op.source_size)))
        acc.append(Access(op.result, WRITE, 0, _static_or(op.result_size)))
        return acc, tied
    if isinstance(op, D.AsyncSliceOp):
        acc.append(Access(op.source, READ, *_rng(op.source_offset, op.result_size)))
        acc.append(Access(op.result, WRITE, 0, _static_or(op.result_size)))
        return acc, tied
    if isinstance(op, D.AsyncCopyOp):
        acc.append(Access(op.source, READ, *_rng(op.source_offset, op.length)))
        acc.append(Access(op.target, READ_WRITE, *_rng(op.target_offset, op.length)))
        acc.append(Access(op.result, READ_WRITE, *_rng(op.target_offset, op.length)))
        tied[0] = op.target
        return acc, tied
    if isinstance(op, D.AsyncFillOp):
        acc.append(Access(op.target, READ_WRITE, *_rng(op.target_offset, op.target_length)))
        acc.append(Access(op.result, READ_WRITE, *_rng(op.target_offset, op.target_length)))
        tied[0] = op.target
        return acc, tied
    if isinstance(op, D.AsyncUpdateOp):
        acc.append(Access(op.update, READ, 0, _static_or(op.update_size)))
        acc.append(Access(op.target, READ_WRITE, *_rng(op.target_offset, op.update_size)))
        acc.append(Access(op.result, READ_WRITE, *_rng(op.target_offset, op.update_size)))
        tied[0] = op.target
        return acc, tied
    if isinstance(op, D.AsyncLoadOp):
        acc.append(Access(op.source, READ))
        return acc, tied
    if isinstance(op, D.AsyncStoreOp):
        acc.append(Access(op.target, READ_WRITE))
        acc.append(Access(op.result, READ_WRITE))
        tied[0] = op.target
        return acc, tied
    if isinstance(op, D.AsyncCollectiveOp):
        # As IREE's AsyncCollectiveOp::getAsyncAccessRanges: the source range is read, the target range
        # (and the result tied to it) written.
        acc.append(Access(op.source, READ, *_rng(op.source_offset, op.source_length)))
        acc.append(Access(op.target, WRITE, *_rng(op.target_offset, op.target_length)))
        acc.append(Access(op.result, WRITE, *_rng(op.target_offset, op.target_length)))
        tied[0] = op.target
        return acc, tied
    # call: whole-resource conservative accesses.
    for v in op.operands:
        if is_resource(v):
            acc.append(Access(v, READ_WRITE))
    for res in op.results:
        if is_resource(res):
            acc.append(Access(res, WRITE))
    return acc, tied


def ranges_may_overlap(a: Access, b: Access) -> bool:
    """IREE's ``AsyncAccessRange::mayOverlap``: disjoint only when both ranges are static and apart."""
    if a.offset is None or b.offset is None or a.length is None or b.length is None:
        return True
    if not all(isinstance(x, int) for x in (a.offset, b.offset, a.length, b.length)):
        return True
    return a.offset < b.offset + b.length and b.offset < a.offset + a.length  # type: ignore[operator]


def _end(a: Access) -> int | None:
    if isinstance(a.offset, int) and isinstance(a.length, int):
        return a.offset + a.length
    return None


def ranges_adjacent(a: Access, b: Access) -> bool:
    """IREE's ``AsyncAccessRange::mayOverlap`` as it stands: two ranges of one value are apart only when
    one ends where the other starts (the same end and start value); any other pair, even static and far
    apart (``[32, 64)`` and ``[0, 16)``), may overlap.

    Examples
    --------
    >>> from ir import Value, types as T
    >>> v = Value(T.index)
    >>> ranges_adjacent(Access(v, READ, 0, 16), Access(v, WRITE, 16, 16))
    True
    >>> ranges_adjacent(Access(v, READ, 0, 16), Access(v, WRITE, 32, 32))
    False
    """
    ea, eb = _end(a), _end(b)
    return (ea is not None and ea == b.offset) or (eb is not None and eb == a.offset)


def has_hazard(producer: OpInfo, consumer: OpInfo) -> bool:
    """IREE's ``ResourceHazardAnalysis::hasHazard``: the two ops touch one value, one writing, in ranges
    that are not adjacent (:func:`ranges_adjacent`)."""
    for pa in producer.accesses:
        for ca in consumer.accesses:
            if pa.value is not ca.value:
                continue
            if ranges_adjacent(pa, ca):
                continue
            if not pa.writes and not ca.writes:
                continue
            return True
    return False


def affinities_compatible(a: A.Attribute | None, b: A.Attribute | None) -> bool:
    """Equal, either unset, or the same device with one queue mask a subset of the other."""
    if a is None or b is None or a == b:
        return True
    if isinstance(a, A.DeviceAffinityAttr) and isinstance(b, A.DeviceAffinityAttr):
        if a.device != b.device:
            return False
        ma, mb = a.queue_mask, b.queue_mask
        if ma is None or mb is None:
            return True
        return (ma & mb) == ma or (ma & mb) == mb
    return False


def same_device(a: A.Attribute | None, b: A.Attribute | None) -> bool:
    """Both name the same device (their queue masks may differ: one memory, no transfer needed)."""
    return (
        isinstance(a, A.DeviceAffinityAttr) and isinstance(b, A.DeviceAffinityAttr) and a.device == b.device
    )


def join_affinity(a: A.Attribute | None, b: A.Attribute | None) -> A.Attribute | None:
    """The affinity of a partition holding ops of affinity ``a`` and ``b`` (queue masks intersect)."""
    if a is None:
        return b
    if b is None or a == b:
        return a
    if isinstance(a, A.DeviceAffinityAttr) and isinstance(b, A.DeviceAffinityAttr):
        ma, mb = a.queue_mask, b.queue_mask
        if ma is None:
            return b
        if mb is None:
            return a
        m = ma & mb
        return A.DeviceAffinityAttr(a.device, tuple(i for i in range(64) if m >> i & 1))
    return a


def _value(v: object) -> Value:
    """A typed field's value, checked (op class fields are untyped for mypy)."""
    assert isinstance(v, Value)
    return v


def result_size(op: Operation, r: int) -> Value:
    """The index value holding the byte size of result ``r`` of a streamable op."""
    if isinstance(op, D.AsyncDispatchOp):
        return _value(op.result_sizes[r])
    if isinstance(op, D.AsyncCallOp):
        k = sum(1 for res in op.results[:r] if is_resource(res))
        return _value(op.result_sizes[k])
    if isinstance(op, D.AsyncAllocaOp):
        return _value(op.storage_size)
    if isinstance(op, (D.AsyncConstantOp, D.AsyncSplatOp, D.AsyncCloneOp, D.AsyncTransferOp, D.AsyncSliceOp)):
        return _value(op.result_size)
    if isinstance(op, (D.AsyncCopyOp, D.AsyncFillOp, D.AsyncUpdateOp, D.AsyncStoreOp, D.AsyncCollectiveOp)):
        return _value(op.target_size)
    if op.op_name == "stream.async.barrier":  # not a registered op class: (source, size)
        return op.operands[1]
    raise ValueError(f"{op.describe()}: no known result size")


def operand_size(op: Operation, value: Value) -> Value:
    """The index value an op carries as the byte size of its resource operand ``value``."""
    if isinstance(op, (D.AsyncDispatchOp, D.AsyncCallOp)):
        # the k-th resource among the resource operands has the k-th size (both groups found at once)
        operands, sizes = operand_groups(op, "resource_operands", "resource_operand_sizes")
        k, resource = 0, T.ResourceType
        for v in operands:
            if isinstance(v.type, resource):  # (is_resource, written out)
                if k == len(sizes):
                    break
                if v is value:
                    return _value(sizes[k])
                k += 1
    elif isinstance(op, (D.AsyncCloneOp, D.AsyncTransferOp, D.AsyncSliceOp, D.AsyncLoadOp)):
        return _value(op.source_size)
    elif isinstance(op, (D.AsyncCopyOp, D.AsyncUpdateOp)):
        if op.target is value:
            return _value(op.target_size)
        return _value(op.source_size if isinstance(op, D.AsyncCopyOp) else op.update_size)
    elif isinstance(op, (D.AsyncFillOp, D.AsyncStoreOp)):
        return _value(op.target_size)
    elif op.op_name == "stream.async.barrier" and op.operands[0] is value:
        return op.operands[1]
    elif isinstance(op, D.AsyncCollectiveOp):
        return _value(op.target_size if op.target is value else op.source_size)
    elif isinstance(op, (D.AsyncExecuteOp, D.AsyncConcurrentOp)):  # a capture's size is the region op's
        for v, size in zip(op.resource_operands, op.resource_operand_sizes):
            if v is value:
                return _value(size)
    raise ValueError(f"{op.describe()}: no size for operand")
