"""The async ops that never enter an execution region, lowered one for one as IREE's schedule-allocation
does: ``stream.async.load``/``store`` (host reads and writes of staging resources) become
``stream.resource.load``/``store``, and the parameter ops, which carry their own timepoints
(``stream.async.parameter.load/read/write/gather/scatter``), become ``stream.cmd.parameter.*``.

They are not streamable in IREE (no ``StreamableOpInterface``), so partitioning leaves them where they
are; the scheduler's regions treat their results like any other host value.

Examples
--------
>>> from ir import ProgramBuilder
>>> from ir import types as T
>>> pb = ProgramBuilder()
>>> f = pb.function("f", [T.ResourceType("staging")], [T.i32])
>>> size, off = pb.index(16), pb.index(4)
>>> load = pb.create("stream.async.load", [pb.block.args[0], size, off], [T.i32])
>>> lower_timeline_ops(f)
1
>>> [op.op_name for op in pb.block.ops][-1]
'stream.resource.load'
"""

from __future__ import annotations

from ir import Builder, Operation, Value
from ir import attributes as A
from ir import types as T
from ir.dialects.stream_async import AsyncLoadOp, AsyncStoreOp
from ir.dialects.stream_parameter import (
    AsyncParameterGatherOp,
    AsyncParameterLoadOp,
    AsyncParameterReadOp,
    AsyncParameterScatterOp,
    AsyncParameterWriteOp,
)
from scheduler.errors import UnsupportedOpError

TIMELINE_OPS = frozenset(
    {
        "stream.async.load",
        "stream.async.store",
        "stream.async.parameter.load",
        "stream.async.parameter.read",
        "stream.async.parameter.write",
        "stream.async.parameter.gather",
        "stream.async.parameter.scatter",
    }
)


def lower_timeline_ops(func: Operation) -> int:
    """Lower every op of :data:`TIMELINE_OPS` in ``func`` (all blocks, nested regions included) to its
    cmd-form op, in place; returns how many were lowered."""
    found = [op for op in func.walk_list() if op.op_name in TIMELINE_OPS]
    for op in found:
        _lower(op)
    return len(found)


def _opt(v: Value | None) -> list[Value]:
    return [] if v is None else [v]


def _props(op: Operation, *sizes: int) -> dict[str, A.Attribute]:
    props: dict[str, A.Attribute] = {"operandSegmentSizes": A.segment_sizes(*sizes)}
    affinity = op.attr("affinity")
    if affinity is not None:
        props["affinity"] = affinity
    return props


def _scoped(op: Operation, name: str) -> Value | None:
    # A scope or key spelled as an attribute (the seed documents' form) has no operand to carry over.
    for group in (f"{name}_scope", f"{name}_key", f"{name}_keys"):
        if op.attr(group) is not None:
            raise UnsupportedOpError(
                f"{op.describe()}: parameter {group} given as an attribute; IREE 3.x passes scope and "
                "key as !util.buffer operands"
            )
    scope: Value | None = getattr(op, f"{name}_scope")
    return scope


def _lower(op: Operation) -> None:
    b = Builder.before(op)
    b.location = op.location
    if isinstance(op, AsyncLoadOp):
        new = b.create(
            "stream.resource.load", [op.source, op.source_size, op.source_offset], [op.result.type]
        )
        op.result.replace_all_uses_with(new.results[0])
    elif isinstance(op, AsyncStoreOp):
        b.create("stream.resource.store", [op.target, op.target_size, op.target_offset, op.value])
        op.result.replace_all_uses_with(op.target)
    elif isinstance(op, AsyncParameterLoadOp):
        scope, wait = _opt(_scoped(op, "source")), _opt(op.await_timepoint)
        new = b.create(
            "stream.cmd.parameter.load",
            [*scope, op.source_key, op.source_offset, op.result_size, *wait],
            [op.result.type, T.TimepointType()],
            properties=_props(op, len(scope), 1, 1, 1, len(wait)),
        )
        op.result.replace_all_uses_with(new.results[0])
        op.result_timepoint.replace_all_uses_with(new.results[1])
    elif isinstance(op, AsyncParameterReadOp):
        scope, wait = _opt(_scoped(op, "source")), _opt(op.await_timepoint)
        new = b.create(
            "stream.cmd.parameter.read",
            [*scope, op.source_key, op.source_offset, op.target, op.target_size, op.target_offset,
             op.target_length, *wait],
            [T.TimepointType()],
            properties=_props(op, len(scope), 1, 1, 1, 1, 1, 1, len(wait)),
        )  # fmt: skip
        op.result.replace_all_uses_with(op.target)
        op.result_timepoint.replace_all_uses_with(new.results[0])
    elif isinstance(op, AsyncParameterWriteOp):
        scope, wait = _opt(_scoped(op, "target")), _opt(op.await_timepoint)
        new = b.create(
            "stream.cmd.parameter.write",
            [op.source, op.source_size, op.source_offset, op.source_length, *scope, op.target_key,
             op.target_offset, *wait],
            [T.TimepointType()],
            properties=_props(op, 1, 1, 1, 1, len(scope), 1, 1, len(wait)),
        )  # fmt: skip
        op.result.replace_all_uses_with(op.source)
        op.result_timepoint.replace_all_uses_with(new.results[0])
    elif isinstance(op, AsyncParameterGatherOp):
        scope, wait = _opt(_scoped(op, "source")), _opt(op.await_timepoint)
        keys, n = list(op.source_keys), len(op.source_keys)
        new = b.create(
            "stream.cmd.parameter.gather",
            [*scope, *keys, *op.source_offsets, op.target, op.target_size, *op.target_offsets,
             *op.target_lengths, *wait],
            [T.TimepointType()],
            properties=_props(op, len(scope), n, n, 1, 1, n, n, len(wait)),
        )  # fmt: skip
        op.result.replace_all_uses_with(op.target)
        op.result_timepoint.replace_all_uses_with(new.results[0])
    elif isinstance(op, AsyncParameterScatterOp):
        scope, wait = _opt(_scoped(op, "target")), _opt(op.await_timepoint)
        keys, n = list(op.target_keys), len(op.target_keys)
        new = b.create(
            "stream.cmd.parameter.scatter",
            [op.source, op.source_size, *op.source_offsets, *op.source_lengths, *scope, *keys,
             *op.target_offsets, *wait],
            [T.TimepointType()],
            properties=_props(op, 1, 1, n, n, len(scope), n, n, len(wait)),
        )  # fmt: skip
        op.result.replace_all_uses_with(op.source)
        op.result_timepoint.replace_all_uses_with(new.results[0])
    else:  # pragma: no cover - TIMELINE_OPS lists only the classes above
        raise UnsupportedOpError(f"{op.describe()}: no lowering")
    op.erase()
