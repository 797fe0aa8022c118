"""Which parameters a program reads, and how many bytes of each, for stand-in archives.

A timing-only sweep needs no parameter data, only entries of the right sizes. IREE reads parameters
three ways: ``load`` (a whole resource per key, on unified memory), ``gather`` (ranges of many keys into
one staging buffer, on discrete memory) and ``read`` (one range). Each names a scope and keys, as
attributes in the seed documents' ``stream.parameter.*`` ops and as ``!util.buffer`` constant operands
in IREE 3.x's ``stream.cmd.parameter.*``. A key's size is the furthest byte any of them reads.
"""

from __future__ import annotations

from typing import Any

from ir import Module, Operation
from ir.attributes import ArrayAttr, IntegerAttr, StringAttr
from simulator.host.fields import groups

_READS = {
    "load": ("source_offsets", "result_sizes"),
    "gather": ("source_offsets", "target_lengths"),
    "read": ("source_offset", "target_length"),
}


def _const_int(value: Any) -> int | None:
    op = getattr(value, "defining_op", None)
    if op is not None and op.op_name == "arith.constant":
        v = op.attr("value")
        if isinstance(v, IntegerAttr):
            return v.value
    return None


def _const_text(value: Any) -> str | None:
    op = getattr(value, "defining_op", None)
    if op is not None and op.op_name == "util.buffer.constant":
        v = op.attr("value")
        if isinstance(v, StringAttr):
            return v.value
    return None


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


def _kind(op: Operation) -> str | None:
    for prefix in ("stream.cmd.parameter.", "stream.parameter."):
        if op.op_name.startswith(prefix):
            kind = op.op_name[len(prefix) :]
            return kind if kind in _READS else None
    return None


def parameter_needs(module: Module) -> list[tuple[str, str, int]]:
    """``(scope, key, size_bytes)`` for every parameter the program reads with static ranges, in order
    of first use (``""`` is the global scope)."""
    sizes: dict[tuple[str, str], int] = {}
    for op in module.walk():
        kind = _kind(op)
        if kind is None:
            continue
        g = groups(op, list(op.operands))
        if op.op_name.startswith("stream.cmd."):
            scope = _const_text(g.get("source_scope")) or ""
            key_values = _as_list(g.get("source_keys", g.get("source_key")))
            keys = [_const_text(v) for v in key_values]
        else:
            sa = op.attr("source_scope")
            scope = sa.value if isinstance(sa, StringAttr) else ""
            ka = op.attr("source_keys") or op.attr("source_key")
            items = list(ka) if isinstance(ka, ArrayAttr) else [ka]
            keys = [k.value if isinstance(k, StringAttr) else None for k in items]
        offsets_name, lengths_name = _READS[kind]
        offsets = [_const_int(v) for v in _as_list(g.get(offsets_name))]
        lengths = [_const_int(v) for v in _as_list(g.get(lengths_name))]
        for key, offset, length in zip(keys, offsets, lengths):
            if key is None or offset is None or length is None:
                continue
            k = (scope, key)
            sizes[k] = max(sizes.get(k, 0), offset + length)
    return [(scope, key, size) for (scope, key), size in sizes.items()]
