"""One async op of an execution region as its ``stream.cmd.*`` command, given where each value's bytes are.

Shared by the pipeline's writer (:mod:`scheduler.emit`, which lays values out in slabs it sized itself)
and the standalone ``schedule-allocation`` pass (:mod:`scheduler.passes.schedule_allocation`, which
maps them to ``stream.resource.pack`` slices as IREE's pass does). Both give :func:`lower_command` a
function ``at(value) -> Range``: the resource holding the value inside the region, that resource's
size, the value's offset in it, and the value's length when the caller knows it (``None``: the op's own
size operand is used). The commands are IREE's ScheduleAllocation lowering of each op:

- dispatch: a binding per resource operand (read, or read-write when a result is tied to it) and per
  untied resource result (write), at the value's offset plus the op's own;
- splat and fill: ``stream.cmd.fill``;
- clone, slice, update, copy, barrier: ``stream.cmd.copy``;
- transfer: ``stream.cmd.copy``, preceded by ``stream.cmd.invalidate`` of the source when it comes from
  another device or from staging memory, followed by ``stream.cmd.flush`` of the target when it goes to
  another device or to staging memory;
- collective: ``stream.cmd.collective``, out of place (source read, target written).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ir import Block, Builder, Operation, Value
from ir import attributes as A
from ir import types as T
from ir.core import SourceLocation, trusted_operation
from ir.dialects import stream_async as D
from ir.dialects import stream_cmd as C
from ir.opdef import segment_bounds
from scheduler.access import is_resource
from scheduler.errors import UnsupportedOpError

# (resource in the region, its size, the value's offset in it, the value's length or None)
Range = tuple[Value, Value, "int | Value", "Value | None"]
At = Callable[[Value], Range]
Add = Callable[["int | Value", "int | Value"], Value]

ACCESS_ATTRS = {a: A.i32_attr(a) for a in (1, 2, 3)}


def lower_command(op: Operation, b: Builder, at: At, add: Add, affinity: A.Attribute | None) -> None:
    """Create ``op``'s command(s) with ``b``; offsets are summed with ``add`` (outside the region).

    ``affinity`` is the execution region's, against which a transfer is found to come in or go out.

    Raises
    ------
    UnsupportedOpError
        For an op with no cmd lowering (the caller handles constants and allocas itself).
    """
    if isinstance(op, D.AsyncDispatchOp):
        lower_dispatch(op, b, at, add)
        return
    if isinstance(op, D.AsyncCollectiveOp):
        _collective(op, b, at, add)
        return
    if isinstance(op, D.AsyncCallOp):
        _call(op, b, at, add)
        return
    if isinstance(op, D.AsyncSplatOp):
        arg, size, base, length = at(op.result)
        b.create("stream.cmd.fill", [arg, size, add(base, 0), _len(length, op.result_size), op.value], [])
        return
    if isinstance(op, D.AsyncFillOp):
        arg, size, base, _ = at(op.target)
        b.create("stream.cmd.fill", [arg, size, add(base, op.target_offset), op.target_length, op.value], [])
        return
    copy: tuple[Value, int | Value, Value, int | Value, Value] | None = None
    if isinstance(op, D.AsyncCopyOp):
        copy = (op.source, op.source_offset, op.target, op.target_offset, op.length)
    elif isinstance(op, D.AsyncCloneOp):
        copy = (op.source, 0, op.result, 0, _len(at(op.result)[3], op.result_size))
    elif isinstance(op, D.AsyncTransferOp):
        copy = (op.source, 0, op.result, 0, _len(at(op.source)[3], op.result_size))
    elif isinstance(op, D.AsyncSliceOp):
        copy = (op.source, op.source_offset, op.result, 0, op.result_size)
    elif isinstance(op, D.AsyncUpdateOp):
        copy = (op.update, 0, op.target, op.target_offset, op.update_size)
    elif op.op_name == "stream.async.barrier":
        source = op.operands[0]
        copy = (source, 0, op.results[0], 0, _len(at(source)[3], op.operands[1]))
    if copy is None:
        raise UnsupportedOpError(f"{op.describe()}: no cmd lowering inside an execution region")
    src, soff, dst, doff, length = copy
    sarg, ssize, sbase, slen = at(src)
    darg, dsize, dbase, dlen = at(dst)
    source_at, target_at = add(sbase, soff), add(dbase, doff)
    transfer_in = transfer_out = False
    if isinstance(op, D.AsyncTransferOp):
        # IREE 3.13 spells the target `target_affinity`; older IR (and the pipeline's own) `result_affinity`.
        src_aff, res_aff = op.source_affinity, op.attr("target_affinity") or op.result_affinity
        transfer_in = (src_aff is not None and src_aff != affinity) or _staging(op.source)
        transfer_out = (res_aff is not None and res_aff != affinity) or _staging(op.result)
        if transfer_in:
            props = {"source_affinity": src_aff} if src_aff is not None else {}
            b.create(
                "stream.cmd.invalidate",
                [sarg, ssize, source_at, _len(slen, op.source_size)],
                [],
                properties=props,
            )
    b.create("stream.cmd.copy", [sarg, ssize, source_at, darg, dsize, target_at, length], [])
    if transfer_out:
        assert isinstance(op, D.AsyncTransferOp)
        props = {"source_affinity": res_aff} if res_aff is not None else {}
        b.create(
            "stream.cmd.flush", [darg, dsize, target_at, _len(dlen, op.result_size)], [], properties=props
        )


def lower_dispatch(op: D.AsyncDispatchOp, b: Builder, at: At, add: Add) -> None:
    """:func:`lower_command` of a dispatch (``stream.cmd.dispatch``), for a caller that knows it has one."""
    b.insert(_dispatch(op, at, None, add, None, b.location))


#: Where a region's values are, for :func:`lower_dispatch_in`: ``leader(v, v)`` (a value's alias-set
#: leader), ``local(leader)`` (the leader's :class:`~scheduler.emit_uploads.Loc` in the region's slabs, or
#: None), ``args[resource]`` (the block argument of a resource and its size) and ``captured[v]`` (a
#: captured value's resource, size and offset outside): ``at(v)`` reads them the same way.
Places = tuple[
    Callable[[Value, Value], Value],
    Callable[[Value], Any],
    dict[Value, tuple[Value, Value]],
    dict[Value, tuple[Value, Value, "int | Value"]],
]


def lower_dispatch_in(
    op: D.AsyncDispatchOp,
    block: Block,
    places: Places,
    add: Add,
    sums: dict[tuple[int, int | Value], Value],
    location: SourceLocation | None,
) -> None:
    """:func:`lower_dispatch` for the pipeline's writer (:mod:`scheduler.emit`): the command is appended to
    ``block`` at ``location``, each resource's place read from ``places`` as the writer's ``at`` reads it
    (without a call per value), and an offset summed by ``add`` only when ``sums`` (``(static base,
    offset)`` -> their sum, as ``add`` gave it before) does not know it yet and the base is not 0
    (``add(0, offset)`` of an offset value is the value itself there). The same command as
    :func:`lower_dispatch` with ``at`` and ``add`` (tests/scheduler/test_dispatch_table compares the
    two)."""
    command = _dispatch(op, None, places, add, sums, location)
    command.parent = block  # (Block.append: the op is new)
    block.ops.append(command)


def _dispatch(
    op: D.AsyncDispatchOp,
    at: At | None,
    places: Places | None,
    add: Add,
    sums: dict[tuple[int, int | Value], Value] | None,
    location: SourceLocation | None,
) -> Operation:
    """The command of :func:`lower_dispatch` (``at``) or :func:`lower_dispatch_in` (``places`` and
    ``sums``), not inserted."""
    # The command's operand groups are built as lists directly (workload, uniforms, then per binding its
    # resource, size, offset and length), one pass over the resource operands and one over the results.
    shape = _dispatch_shape(op)
    tied_idx, tied_results = shape[4], shape[5]
    every = op._operands
    groups = shape[3]
    operands = every[groups[1]]
    offsets = every[groups[2]]
    lengths = every[groups[3]]
    result_sizes = every[groups[4]]
    resource = T.ResourceType
    uniforms: list[Value] = []
    args: list[Value] = []
    sizes: list[Value] = []
    starts: list[Value] = []
    spans: list[Value] = []
    accesses: list[int] = []
    if places is not None:
        leader, local, args_of, captured = places
    sums_get = sums.get if sums is not None else None
    k = 0
    for i, v in enumerate(operands):
        if not isinstance(v.type, resource):
            uniforms.append(v)
            continue
        if places is None:
            arg, size, base, _ = at(v)  # type: ignore[misc]
        else:  # (at's reading of the places, written out)
            loc = local(leader(v, v))
            res, _, base = captured[v] if loc is None else (loc.resource, None, loc.offset)
            arg, size = args_of[res]
        args.append(arg)
        sizes.append(size)
        off = offsets[k]
        if sums_get is None or base.__class__ is not int:
            starts.append(add(base, off))
        elif base == 0:
            starts.append(off)
        else:
            start = sums_get((base, off))
            starts.append(start if start is not None else add(base, off))
        spans.append(lengths[k])
        accesses.append(3 if i in tied_idx else 1)
        k += 1
    for r, (v, rsize) in enumerate(zip(op.results, result_sizes)):
        if r in tied_results or not isinstance(v.type, resource):
            continue
        if places is None:
            arg, size, base, _ = at(v)  # type: ignore[misc]
        else:
            loc = local(leader(v, v))
            res, _, base = captured[v] if loc is None else (loc.resource, None, loc.offset)
            arg, size = args_of[res]
        args.append(arg)
        sizes.append(size)
        start = sums_get((base, 0)) if sums_get is not None and base.__class__ is int else None
        starts.append(start if start is not None else add(base, 0))
        spans.append(rsize)
        accesses.append(2)
    entry_points = shape[6]
    if entry_points is None:
        raise UnsupportedOpError(f"{op.describe()}: no entry_points")
    n = len(args)
    workload = every[groups[0]]
    properties = {
        "entry_points": entry_points,
        "operandSegmentSizes": _segment_sizes((len(workload), len(uniforms), n, n, n, n)),
        "resource_accesses": _accesses(tuple(accesses)),
    }
    # what b.create("stream.cmd.dispatch", ...) makes (tests/ir/test_trusted_operation compares the two),
    # without Operation.__init__'s checks: the operands are the async op's values and the region's
    workload += uniforms
    workload += args
    workload += sizes
    workload += starts
    workload += spans
    return trusted_operation(_CMD_DISPATCH, "stream.cmd.dispatch", workload, (), properties, location)


_CMD_DISPATCH = C.CmdDispatchOp
_DISPATCH_GROUPS = (
    "workload",
    "resource_operands",
    "resource_operand_offsets",
    "resource_operand_lengths",
    "result_sizes",
)
_NO_TIES: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
# A dispatch's facts found from its attributes: (its operandSegmentSizes, tied_operands and entry_points
# attributes, the slices of its groups _DISPATCH_GROUPS, the operands tied to a result, the results tied to
# an operand, the entry points its command is given: the first attribute equal to its own, or None)
_Shape = tuple[
    A.Attribute | None,
    A.Attribute | None,
    A.Attribute | None,
    tuple[slice, ...],
    frozenset[int],
    frozenset[int],
    A.Attribute | None,
]
# (ids of the three attributes) -> the shape: dispatches read from text share a handful of each attribute
# (5 shapes at 1k), found here without reading the groups and ties again or hashing the entry points (a
# Python-level hash of the array and its symbols); the attributes are kept, so their ids are not reused
_SHAPES: dict[tuple[int, int, int], _Shape] = {}


def _dispatch_shape(op: Operation) -> _Shape:
    """The :data:`_Shape` of dispatch ``op``, found once per distinct three attributes."""
    properties, attributes = op.properties, op.attributes
    segments = properties.get("operandSegmentSizes")  # op.attr(...), written out
    if segments is None:
        segments = attributes.get("operandSegmentSizes")
    ties = properties.get("tied_operands")
    if ties is None:
        ties = attributes.get("tied_operands")
    entry_points = properties.get("entry_points")
    if entry_points is None:
        entry_points = attributes.get("entry_points")
    key = (id(segments), id(ties), id(entry_points))
    shape = _SHAPES.get(key)
    if shape is not None and shape[0] is segments and shape[1] is ties and shape[2] is entry_points:
        return shape
    first = entry_points
    if entry_points is not None:
        try:  # noqa: SIM105  (as contextlib.suppress)
            first = _ENTRY_POINTS.setdefault(entry_points, entry_points)
        except TypeError:  # an attribute holding something unhashable is kept as it is
            pass
    tied_idx, tied_results = _tie_sets(ties)
    shape = (segments, ties, entry_points, _dispatch_groups(op), tied_idx, tied_results, first)
    if isinstance(segments, A.DenseArrayAttr):  # (other segment sizes are read again each time)
        _SHAPES[key] = shape
    return shape


def _dispatch_groups(op: Operation) -> tuple[slice, ...]:
    """The slices of ``op``'s operands in its groups :data:`_DISPATCH_GROUPS` (``operand_groups``'s)."""
    bounds = segment_bounds(op, "operands")
    return tuple(slice(*bounds[name]) for name in _DISPATCH_GROUPS)


def _tie_sets(ties: A.Attribute | None) -> tuple[frozenset[int], frozenset[int]]:
    """The operands tied to a result and the results tied to an operand (``>= 0``) of a ``tied_operands``
    attribute."""
    if not isinstance(ties, A.ArrayAttr):
        return _NO_TIES
    tied_idx: set[int] = set()
    tied_results: set[int] = set()
    for r, e in enumerate(ties):
        tied_idx.add(e.value)  # type: ignore[attr-defined]
        if isinstance(e, A.IntegerAttr) and e.value >= 0:
            tied_results.add(r)
    return frozenset(tied_idx), frozenset(tied_results)


#: The attributes a dispatch command is given, one object per distinct value (they are immutable): tens of
#: thousands of commands share a handful of segment sizes, access lists and entry points (the simulator's
#: recorder can then know a dispatch's facts by the attributes' identity).
_SEGMENT_SIZES: dict[tuple[int, ...], A.DenseArrayAttr] = {}
_ENTRY_POINTS: dict[A.Attribute, A.Attribute] = {}  # the first of equal entry_points attributes
_ACCESSES: dict[tuple[int, ...], A.ArrayAttr] = {}


def _segment_sizes(sizes: tuple[int, ...]) -> A.DenseArrayAttr:
    attr = _SEGMENT_SIZES.get(sizes)
    if attr is None:
        attr = _SEGMENT_SIZES[sizes] = A.segment_sizes(*sizes)
    return attr


def _accesses(codes: tuple[int, ...]) -> A.ArrayAttr:
    attr = _ACCESSES.get(codes)
    if attr is None:
        attr = _ACCESSES[codes] = A.ArrayAttr(tuple(ACCESS_ATTRS[c] for c in codes))
    return attr


def _call(op: D.AsyncCallOp, b: Builder, at: At, add: Add) -> None:
    # Primitive operands stay in place; each resource operand becomes a (read or read-write) range, each
    # untied resource result a write-only range appended after them.
    ties = ties_of(op)
    operands: list[Value] = []
    ranges: list[tuple[Value, Value, Value, int]] = []
    ri = 0
    for i, v in enumerate(op.resource_operands):
        if not is_resource(v):
            operands.append(v)
            continue
        res, size, base, _ = at(v)
        operands.append(res)
        ranges.append(
            (
                size,
                add(base, op.resource_operand_offsets[ri]),
                op.resource_operand_lengths[ri],
                3 if i in ties else 1,
            )
        )
        ri += 1
    sizes = iter(op.result_sizes)
    for r, result in enumerate(op.results):
        if not is_resource(result):
            continue
        rsize = next(sizes)
        if ties[r] >= 0:
            continue
        res, size, base, _ = at(result)
        operands.append(res)
        ranges.append((size, add(base, 0), rsize, 2))
    n = len(ranges)
    props: dict[str, A.Attribute] = {
        "callee": _required(op, "callee"),
        "operandSegmentSizes": A.segment_sizes(len(operands), n, n, n, 0),
        "resource_operand_accesses": A.ArrayAttr(tuple(ACCESS_ATTRS[x[3]] for x in ranges)),
    }
    for key in ("arg_attrs", "res_attrs"):
        if (value := op.attr(key)) is not None:
            props[key] = value
    b.create(
        "stream.cmd.call",
        [*operands, *(x[0] for x in ranges), *(x[1] for x in ranges), *(x[2] for x in ranges)],
        [r.type for r in op.results if not is_resource(r)],
        properties=props,
    )


def _collective(op: D.AsyncCollectiveOp, b: Builder, at: At, add: Add) -> None:
    # Out of place, as IREE's schedule-allocation: the source range read, the target's written; each
    # length is the value's range (the op's own sizes when the caller does not know it).
    sarg, ssize, sbase, slen = at(op.source)
    targ, tsize, tbase, tlen = at(op.result)
    params = [op.param] if op.param is not None else []
    b.create(
        "stream.cmd.collective",
        [op.channel, op.element_count, *params, sarg, targ, ssize, tsize]
        + [add(sbase, op.source_offset), add(tbase, op.target_offset)]
        + [_len(slen, op.source_size), _len(tlen, op.target_size)],
        [],
        properties={
            "op": _required(op, "op"),
            "operandSegmentSizes": A.segment_sizes(1, 1, len(params), 2, 2, 2, 2),
            "resource_accesses": A.ArrayAttr((ACCESS_ATTRS[1], ACCESS_ATTRS[2])),
        },
    )


def _len(known: Value | None, fallback: Value) -> Value:
    return known if known is not None else fallback


def _required(op: Operation, name: str) -> A.Attribute:
    value = op.attr(name)
    if value is None:
        raise UnsupportedOpError(f"{op.describe()}: no {name!r} attribute")
    return value


def ties_of(op: Operation) -> list[int]:
    """``tied_operands`` of ``op`` per result (-1: untied)."""
    return _ties(op.attr("tied_operands"), len(op.results))


def _ties(attr: A.Attribute | None, results: int) -> list[int]:
    """:func:`ties_of` of an op's ``tied_operands`` attribute ``attr`` (already read), for ``results`` results."""
    if not isinstance(attr, A.ArrayAttr):
        return [-1] * results
    return [e.value if isinstance(e, A.IntegerAttr) else -1 for e in attr]


def _staging(v: Value) -> bool:
    return isinstance(v.type, T.ResourceType) and v.type.lifetime == "staging"
