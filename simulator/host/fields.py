"""Operand groups of the ops the host interpreter and the reference run, read from ir's op classes.

There is one schema: each op class in ``ir/dialects/`` declares its operand groups (single, optional or
variadic, in order). :func:`layout_of` reads them from the op's class, so a change to an op's layout is one
edit, in ir. The seed documents spell some ops with a group as an attribute instead of operands (the
scope and keys of ``stream.parameter.*`` and ``io_parameters.*``, their memory types and usage): a group
given as an attribute of the op is not an operand group. Groups are delimited by
``operandSegmentSizes`` when the op has it; otherwise the single variadic or optional group takes what
the fixed ones leave, or, for an op with MLIR's SameVariadicOperandSize, its variadic groups share it
equally.
"""

from __future__ import annotations

from typing import Any

from ir import Operation
from ir.attributes import DenseArrayAttr
from ir.opdef import OPTIONAL, SINGLE, OpSpec
from simulator.errors import UnsupportedOpError

S, O, V = "single", "optional", "variadic"  # noqa: E741


def layout_of(op: Operation) -> tuple[tuple[str, str], ...]:
    """``((group, kind), ...)`` of ``op``'s operands, from its ir op class."""
    spec = getattr(type(op), "spec", None)
    if not isinstance(spec, OpSpec):
        raise UnsupportedOpError(f"{op.describe()}: no operand layout known (ir has no op class for it)")
    known = _SPEC_LAYOUTS.get(spec)
    # The spec's operand list as it was when its layout was read (compared element by element, by identity
    # first: a changed list, as a test plants, is read again).
    if known is None or known[0] != spec.operands:
        layout = tuple((name, S if d.kind == SINGLE else O if d.kind == OPTIONAL else V) for name, d in spec.operands)
        names = frozenset(name for name, _ in layout)
        known = _SPEC_LAYOUTS[spec] = (list(spec.operands), layout, names, spec.operand_segmented)
    _, layout, names, segmented = known
    if not segmented:
        return layout
    # A group given as an attribute of the op is not an operand group (the seeds' spelling); most ops
    # have none, which two set intersections say without looking each name up.
    props, attrs = op.properties, op.attributes
    if not (props and not names.isdisjoint(props)) and not (attrs and not names.isdisjoint(attrs)):
        return layout
    as_attrs = {n for n in names if op.attr(n) is not None}
    return tuple(entry for entry in layout if entry[0] not in as_attrs) if as_attrs else layout


#: Per op class spec: its operand list when read, its full layout, its group names and whether it is
#: operand-segmented.
_SPEC_LAYOUTS: dict[OpSpec, tuple[list[Any], tuple[tuple[str, str], ...], frozenset[str], bool]] = {}


def groups(op: Operation, values: list[Any]) -> dict[str, Any]:
    """``{group: value or list}`` of ``values`` (the op's evaluated operands) by the op's layout.

    Optional groups give the value or None; variadic ones a list.
    """
    layout = layout_of(op)
    sizes = segment_sizes(op, layout, len(values))
    out: dict[str, Any] = {}
    start = 0
    for (name, kind), n in zip(layout, sizes):
        chunk = values[start : start + n]
        start += n
        if kind == S:
            out[name] = chunk[0]
        elif kind == O:
            out[name] = chunk[0] if chunk else None
        else:
            out[name] = list(chunk)
    return out


def segment_sizes(op: Operation, layout: tuple[tuple[str, str], ...], total: int) -> list[int]:
    seg = op.properties.get("operandSegmentSizes") or op.attributes.get("operandSegmentSizes")
    if isinstance(seg, DenseArrayAttr) and len(seg.values) == len(layout):
        return [int(v) for v in seg.values]
    if isinstance(seg, DenseArrayAttr):
        raise UnsupportedOpError(
            f"{op.describe()}: operandSegmentSizes has {len(seg.values)} groups, the host interpreter knows "
            f"{len(layout)} ({', '.join(n for n, _ in layout)})"
        )
    free = [i for i, (_, k) in enumerate(layout) if k != S]
    fixed = len(layout) - len(free)
    spec = getattr(type(op), "spec", None)
    if len(free) > 1 and getattr(spec, "same_variadic_operands", False) and (total - fixed) % len(free) == 0:
        # SameVariadicOperandSize: the variadic groups share what the fixed ones leave equally.
        sizes = [1] * len(layout)
        for i in free:
            sizes[i] = (total - fixed) // len(free)
        return sizes
    if len(free) > 1:
        raise UnsupportedOpError(f"{op.describe()}: operandSegmentSizes is missing")
    sizes = [1] * len(layout)
    if free:
        sizes[free[0]] = total - fixed
    return sizes
