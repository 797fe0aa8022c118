"""Cmd-form pieces of the emitter (:mod:`scheduler.emit`) for constants: where a value's bytes are
(:class:`Loc`), the body's ``arith.constant`` values (:class:`Consts`), parameter loads and gathers
(:func:`emit_parameters`) and the packed upload of inline-data constants (:func:`emit_inline_constants`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ir import Block, Builder, Operation, Region, Value, create
from ir import attributes as A
from ir import types as T
from ir.builder import trusted_create
from ir.core import trusted_operation
from ir.dialects import stream_async as D
from ir.opdef import lookup_op_class
from scheduler.access import static_index
from scheduler.errors import UnsupportedOpError
from scheduler.packing import align
from scheduler.state import ParameterUpload, ResourceConfig

UTIL_BUFFER = T.OpaqueType("!util.buffer")
_BUFFER_OP = "util.buffer.constant"
_BUFFER_TYPES = (UTIL_BUFFER,)


@dataclass
class Loc:
    """Where a value's bytes are: ``resource`` (of ``size`` bytes) at ``offset`` for ``length`` bytes."""

    resource: Value
    size: Value
    offset: int | Value
    length: Value


_INDEX = str(T.index)  # the key of an index constant's type (Consts.get is asked mostly for those)


class Consts:
    """``arith.constant`` values of a function body, reused or created at its start."""

    def __init__(self, block: Block) -> None:
        self.block = block
        self.values: dict[tuple[int, str], Value] = {}
        # New constants go to the start of the body once emission is done, so that insertion points
        # taken during emission stay valid.
        self.pending: list[Operation] = []
        self.last: Operation | None = None  # the block's last integer constant
        for op in block.ops:
            if op.op_name == "arith.constant" and not op.regions:
                attr = op.attr("value")
                if isinstance(attr, A.IntegerAttr):
                    self.values.setdefault((attr.value, str(attr.type)), op.results[0])
                    self.last = op

    def flush(self) -> None:
        for i, op in enumerate(self.pending):
            self.block.insert(i, op)
        self.pending = []

    def get(self, value: int, type: T.Type = T.index) -> Value:
        key = (value, _INDEX if type is T.index else str(type))
        v = self.values.get(key)
        if v is None:
            op = create("arith.constant", [], [type], properties={"value": A.IntegerAttr(value, type)})
            self.pending.append(op)
            v = op.results[0]
            self.values[key] = v
        return v


def emit_parameters(
    b: Builder,
    up: ParameterUpload,
    affinity: A.Attribute | None,
    consts: Consts,
    loc: dict[Value, Loc],
    cfg: ResourceConfig,
) -> list[Value]:
    """Emit the loads or gathers of ``up``; each constant's storage goes to ``loc``; returns
    their timepoints."""
    aff = {"affinity": affinity} if affinity is not None else {}
    tps: list[Value] = []
    # The upload takes the place of the first parameter op it replaces.
    firsts = [entries[0][0] for _, entries in up.groups if entries] + [g[0][0] for g, _ in up.buffers if g]
    b.location = firsts[0].location if firsts else None

    def buf(text: str) -> Value:
        return b.create(
            "util.buffer.constant", [], [UTIL_BUFFER], properties={"value": A.StringAttr(text)}
        ).result

    zero64 = consts.get(0, T.i64)
    if up.mode == "load":
        buffer_op = lookup_op_class(_BUFFER_OP) or Operation  # (trusted_create's, once for every key)
        where = b.location
        for scope, entries in up.groups:
            # each group's ops made at once and inserted together (a key buffer per parameter: thousands),
            # as b.create makes them, without its checks: the keys are the plan's strings, the values ours
            made = [
                trusted_operation(buffer_op, _BUFFER_OP, [], _BUFFER_TYPES, {"value": A.StringAttr(k)}, where)
                for _, k in entries
            ]
            keys: list[Value] = [op.results[0] for op in made]
            if scope is not None:
                made.append(
                    trusted_create(
                        "util.buffer.constant", [], _BUFFER_TYPES, {"value": A.StringAttr(scope)}, where
                    )
                )
            scope_v: list[Value] = [made[-1].results[0]] if scope is not None else []
            sizes = [o._operands[-1] for o, _ in entries]  # (const_size of each, written out)
            n = len(entries)
            op = trusted_create(
                "stream.cmd.parameter.load",
                [*scope_v, *keys, *([zero64] * n), *sizes],
                [*(o.results[0].type for o, _ in entries), T.timepoint],
                {**aff, "operandSegmentSizes": A.segment_sizes(len(scope_v), n, n, n, 0)},
                where,
            )
            made.append(op)
            b.insert_all(made)
            tps.append(op.results[-1])
            for (o, _), res, size in zip(entries, op.results, sizes):
                loc[o.results[0]] = Loc(res, size, 0, size)
    else:
        for gathered, total in up.buffers:
            total_v = consts.get(align(total, cfg.min_buffer_range_alignment))
            rtype = gathered[0][0].results[0].type
            alloc = b.create(
                "stream.resource.alloc",
                [total_v],
                [rtype],
                properties={**aff, "uninitialized": A.UnitAttr()},
            ).result
            by_scope: dict[str | None, list] = {}  # type: ignore[type-arg]
            for e in gathered:
                by_scope.setdefault(e[1], []).append(e)
            for scope, group in by_scope.items():
                scope_v = [buf(scope)] if scope is not None else []
                keys = [buf(k) for _, _, k, _ in group]
                offs = [consts.get(off) for _, _, _, off in group]
                lens = [const_size(o) for o, _, _, _ in group]
                n = len(group)
                op = b.create(
                    "stream.cmd.parameter.gather",
                    [*scope_v, *keys, *([zero64] * n), alloc, total_v, *offs, *lens],
                    [T.timepoint],
                    properties={
                        **aff,
                        "operandSegmentSizes": A.segment_sizes(len(scope_v), n, n, 1, 1, n, n, 0),
                    },
                )
                tps.append(op.result)
            for o, _, _, off in gathered:
                loc[o.results[0]] = Loc(alloc, total_v, off, const_size(o))
    return tps


def emit_inline_constants(
    b: Builder,
    inline: list[Operation],
    affinity: A.Attribute | None,
    consts: Consts,
    loc: dict[Value, Loc],
    cfg: ResourceConfig,
) -> tuple[Value, tuple[Value, Value]]:
    """Upload a region's inline-data constants as IREE does: packed into one host buffer
    (``#util.composite``, each at the offset alignment, padded to the range alignment), mapped with
    ``stream.resource.try_map`` and, if the device cannot map it, read into a new allocation
    (``stream.file.read``). IREE branches with ``cf.cond_br``; this is the same choice as an
    ``scf.if``. Each constant's storage goes to ``loc``; returns the upload's timepoint, the resource and
    its size."""
    aff = {"affinity": affinity} if affinity is not None else {}
    parts: list[str] = []
    total = end = 0
    spans: list[tuple[Operation, int]] = []
    for o in inline:
        value = o.attr("value")
        length = static_index(const_size(o))
        if not isinstance(value, A.DenseElementsAttr) or length is None:
            raise UnsupportedOpError(f"{o.describe()}: an inline constant {value} of dynamic size or data")
        offset = align(total, cfg.min_buffer_offset_alignment)
        if offset > end:
            parts.append(f"dense<0> : vector<{offset - end}xi8>")
        parts.append(str(value))
        end = offset + length
        total = max(total, offset + align(length, cfg.min_buffer_range_alignment))
        spans.append((o, offset))
    if total > end:
        parts.append(f"dense<0> : vector<{total - end}xi8>")
    rtype = inline[0].results[0].type
    body = f"{total}xi8, [" + ", ".join(parts) + "]"
    props: dict[str, A.Attribute] = {
        "alignment": A.IntegerAttr(cfg.min_buffer_offset_alignment, T.index),
        "value": A.DialectAttr("util.composite", body),
    }
    buf = b.create("util.buffer.constant", [], [UTIL_BUFFER], properties=props).result
    zero, size = consts.get(0), consts.get(total)
    mapped = b.create("stream.resource.try_map", [buf, zero, size], [T.i1, rtype], properties=dict(aff))
    then_block, else_block = Block(), Block()
    tb = Builder(then_block)
    now = tb.create("stream.timepoint.immediate", [], [T.timepoint]).result
    tb.create("scf.yield", [now, mapped.results[1]], [])
    eb = Builder(else_block)
    alloc = eb.create(
        "stream.resource.alloc", [size], [rtype], properties={**aff, "uninitialized": A.UnitAttr()}
    ).result
    file = eb.create("stream.file.constant", [buf, size, zero, size], [T.FileType()], properties=dict(aff))
    read = eb.create(
        "stream.file.read",
        [file.result, consts.get(0, T.i64), alloc, size, zero, size],
        [T.timepoint],
        properties=dict(aff),
    ).result
    eb.create("scf.yield", [read, alloc], [])
    chosen = b.create(
        "scf.if",
        [mapped.results[0]],
        [T.timepoint, rtype],
        regions=[Region([then_block]), Region([else_block])],
    )
    resource = chosen.results[1]
    for o, offset in spans:
        loc[o.results[0]] = Loc(resource, size, offset, const_size(o))
    return chosen.results[0], (resource, size)


def upload_ops(up: ParameterUpload) -> list[Operation]:
    return [o for _, entries in up.groups for o, _ in entries] + [e[0] for g, _ in up.buffers for e in g]


def const_size(op: Operation) -> Value:
    """``op.result_size`` of a ``stream.async.constant``: its last operand (after the optional await
    timepoint, its one other group), read without the field's group bounds (tests compare the two)."""
    assert isinstance(op, D.AsyncConstantOp)
    return op._operands[-1]
