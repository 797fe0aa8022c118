"""Which parameters a program reads, and how many bytes of each: the one scanner every tool uses.

A program names parameters in several ways, and a tool that makes stand-in archives, checks
``--parameters`` against the program or plans a sweep must see all of them:

- ``load``: whole resources per key (``stream.cmd.parameter.load``, the seed documents'
  ``stream.parameter.load``, the async form's ``stream.async.parameter.load``);
- ``gather``: ranges of many keys into one buffer (``*.parameter.gather``);
- ``read``: one range of one key (``*.parameter.read``);
- the async form's constants whose value is ``#stream.parameter.named<"scope"::"key">``
  (``stream.async.constant``, ``stream.resource.constant``), which the scheduler turns into loads.

Scopes and keys are ``!util.buffer`` constants in IREE 3.x's ops and attributes in the seed documents'
``stream.parameter.*`` ops; both are read through ir's typed op fields. A key's size is the furthest
byte any op reads of it; ranges that are not constants are left out (nothing can be said of them
statically). Writes (``write``, ``scatter``) are not reads and are not listed.

Examples
--------
>>> import ir
>>> from pathlib import Path
>>> fixture = Path(__file__).parents[2] / "tests" / "fixtures" / "iree" / "mlp"
>>> cmd = parameter_needs(ir.load_file(fixture / "cmd.generic.mlir"))
>>> cmd == parameter_needs(ir.load_file(fixture / "async.generic.mlir"))
True
>>> cmd[0]
('model', 'w0', 32768)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ir import Module, Operation
from ir.attributes import ArrayAttr, IntegerAttr, NamedParameterAttr, StringAttr

_PREFIXES = ("stream.cmd.parameter.", "stream.async.parameter.", "stream.parameter.")
_CONSTANT_OPS = ("stream.async.constant", "stream.resource.constant")
# Field names of (offsets, lengths) per kind; plural for the variadic forms, singular for the single ones.
_RANGES = {
    "load": (("source_offsets", "source_offset"), ("result_sizes", "result_size")),
    "gather": (("source_offsets", "source_offset"), ("target_lengths", "target_length")),
    "read": (("source_offsets", "source_offset"), ("target_lengths", "target_length")),
}


def _const_int(value: Any) -> int | None:
    op = getattr(value, "defining_op", None)
    if op is not None and op.op_name == "arith.constant":
        v = op.attr("value")
        if isinstance(v, IntegerAttr):
            return int(v.value)
    return None


def _const_text(value: Any) -> str | None:
    op = getattr(value, "defining_op", None)
    if op is not None and op.op_name == "util.buffer.constant":
        v = op.attr("value")
        if isinstance(v, StringAttr):
            return str(v.value)
    return None


def _values(op: Operation, names: tuple[str, ...]) -> list[Any] | None:
    """The typed operand field of ``op`` under the first of ``names`` it has, as a list."""
    if op.attr("source_keys") is not None or op.attr("source_key") is not None:
        # The seed documents' spelling (scope and keys as attributes) has fewer operand groups than the
        # typed class declares; the host's layout table knows both spellings.
        from simulator.host.fields import groups

        by_name = groups(op, list(op.operands))
        for name in names:
            if name in by_name and by_name[name] is not None:
                found = by_name[name]
                return list(found) if isinstance(found, list) else [found]
        return None
    for name in names:
        value = getattr(op, name, None)
        if value is not None:
            return list(value) if isinstance(value, list | tuple) else [value]
    return None


def _kind(op: Operation) -> str | None:
    for prefix in _PREFIXES:
        if op.op_name.startswith(prefix):
            kind = op.op_name[len(prefix) :]
            return kind if kind in _RANGES else None
    return None


def _scope_and_keys(op: Operation) -> tuple[str, list[str | None]]:
    scope_value = getattr(op, "source_scope", None)
    if scope_value is not None and not isinstance(scope_value, StringAttr):
        scope = _const_text(scope_value) or ""
    else:
        attr = op.attr("source_scope")
        scope = str(attr.value) if isinstance(attr, StringAttr) else ""
    key_values = _values(op, ("source_keys", "source_key"))
    if key_values is not None and not any(isinstance(k, StringAttr | ArrayAttr) for k in key_values):
        return scope, [_const_text(v) for v in key_values]
    attr = op.attr("source_keys") or op.attr("source_key")
    items = list(attr) if isinstance(attr, ArrayAttr) else [attr]
    return scope, [str(k.value) if isinstance(k, StringAttr) else None for k in items]


def _named_constant_bytes(op: Operation, attr: NamedParameterAttr) -> int | None:
    size = _const_int(getattr(op, "result_size", None))
    if size is not None:
        return size
    shape = getattr(attr.type, "shape", None)
    element = getattr(attr.type, "element_type", None)
    if shape is None or element is None or any(not isinstance(d, int) or d < 0 for d in shape):
        return None
    from simulator.archives import parse_dtype

    try:
        return int(np.prod(shape, dtype=np.int64)) * parse_dtype(str(element)).itemsize
    except Exception:  # an element type with no numpy equivalent: the size is unknown statically
        return None


def parameter_reads(module: Module) -> list[tuple[Operation, str, str, int, int]]:
    """``(op, scope, key, offset, length)`` of every statically known parameter read, in program order."""
    found: list[tuple[Operation, str, str, int, int]] = []
    for op in module.walk():
        if op.op_name in _CONSTANT_OPS:
            attr = op.attr("value")
            if isinstance(attr, NamedParameterAttr):
                size = _named_constant_bytes(op, attr)
                if size is not None:
                    found.append((op, attr.scope or "", attr.key, 0, size))
            continue
        kind = _kind(op)
        if kind is None:
            continue
        scope, keys = _scope_and_keys(op)
        offsets_names, lengths_names = _RANGES[kind]
        offsets = [_const_int(v) for v in _values(op, offsets_names) or []]
        lengths = [_const_int(v) for v in _values(op, lengths_names) or []]
        for key, offset, length in zip(keys, offsets, lengths):
            if key is not None and offset is not None and length is not None:
                found.append((op, scope, key, offset, length))
    return found


def parameter_needs(module: Module) -> list[tuple[str, str, int]]:
    """``(scope, key, size_bytes)`` for every parameter the program reads with static ranges, in order
    of first use (``""`` is the global scope); the size is the furthest byte read."""
    sizes: dict[tuple[str, str], int] = {}
    for _, scope, key, offset, length in parameter_reads(module):
        sizes[(scope, key)] = max(sizes.get((scope, key), 0), offset + length)
    return [(scope, key, size) for (scope, key), size in sizes.items()]


def check_parameters_present(module: Module, index: Any, *, what: str = "--parameters") -> None:
    """Raise :class:`~simulator.errors.InputError` for the first parameter ``module`` reads that
    ``index`` (a :class:`~simulator.archives.ParameterIndex` the user gave) does not hold, naming the
    scope, key and the op that reads it: a wrong scope or archive is bad input, found before the run."""
    from simulator.errors import InputError

    for op, scope, key, _, _ in parameter_reads(module):
        if (scope, key) in index:
            continue
        scopes = ", ".join(repr(s) for s in index.scopes) or "none"
        if scope not in index.scopes:
            hint = f"{what} gives no scope {scope!r} (scopes: {scopes}); name it as {scope or 'SCOPE'}=FILE"
        else:
            hint = f"no archive given for scope {scope!r} has key {key!r}"
        raise InputError(f"{op.describe()} reads parameter {scope!r}::{key!r}, but {hint}")
