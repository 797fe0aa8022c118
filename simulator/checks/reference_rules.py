"""Rules the op-by-op reference (:mod:`simulator.reference`) needs for IREE's async-form fixtures.

IREE's async form keeps its initializers in cmd form: ``stream.cmd.parameter.load`` (IREE 3.x's name for
``stream.parameter.load``) reads the parameters, and a ``stream.timepoint.await`` hands them to globals.
In the reference, a load is the parameters' bytes, at once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ir import Operation
from simulator.errors import InputError
from simulator.host import fields
from simulator.reference import RULES, Reference, rule


def _text(value: Any) -> str:
    return value if isinstance(value, str) else getattr(value, "value", str(value))


def _load(ref: Reference, op: Operation, args: list[Any]) -> list[Any]:
    g = fields.groups(op, args)
    scope_value = g.get("source_scope")
    scope = _text(scope_value) if scope_value is not None else _text(op.attr("source_scope") or "")
    keys_value = g.get("source_keys")
    keys = [_text(k) for k in (keys_value if isinstance(keys_value, list) else [keys_value])]
    if ref.parameters is None:
        raise InputError(f"reference: {op.describe()} reads parameters but none were given")
    out: list[Any] = []
    for key, offset, size in zip(keys, g["source_offsets"], g["result_sizes"]):
        data = ref.parameters.read(scope, key, offset_bytes=int(offset), length_bytes=int(size))
        out.append(np.frombuffer(data, dtype=np.uint8).copy())
    return [*out, None]


for _name in ("stream.cmd.parameter.load", "stream.parameter.load"):
    if _name not in RULES:
        rule(_name)(_load)
