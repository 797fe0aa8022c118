"""Rules of the structured ops in dispatch bodies (upstream linalg and IREE's iree_linalg_ext), as their
verifiers in MLIR and in IREE's LinalgExtOps.cpp state them.

Only the rules that hold for every op of a family are checked here:

- destination style (MLIR's DestinationStyleOpInterface): on tensors, result ``i`` has the type of init
  ``i``; the inits are the ``outs`` segment, or for the iree_linalg_ext ops without segments the last
  operands, one per result;
- ``linalg.generic`` (LinalgStructuredInterface): one region argument per input and init, each of its
  operand's element type (or the operand's own type for a scalar);
- ``linalg.index``: its dimension is below the loop count of the linalg op around it;
- ``iree_linalg_ext.scatter``/``gather``: the dimension map is a permutation of ``0..n-1``.
"""

from __future__ import annotations

from collections.abc import Callable

from ir.attributes import ArrayAttr, DenseArrayAttr, IntegerAttr
from ir.core import Operation
from ir.errors import VerifyError
from ir.types import TensorType, Type

#: iree_linalg_ext ops without operand segments whose inits are their last operands, one per result.
_INITS_LAST = frozenset(
    {
        "iree_linalg_ext.scan",
        "iree_linalg_ext.scatter",
        "iree_linalg_ext.gather",
        "iree_linalg_ext.topk",
        "iree_linalg_ext.attention",
    }
)


def _segments(op: Operation) -> tuple[int, ...] | None:
    attr = op.properties.get("operandSegmentSizes") or op.attributes.get("operandSegmentSizes")
    if not isinstance(attr, DenseArrayAttr):
        return None
    return tuple(int(v) for v in attr.values)


#: Ops whose inits are some of their operand segments (by segment index): arg_compare's
#: (input, input index base, init value, init index, comparator operands).
_INIT_SEGMENTS = {"iree_linalg_ext.arg_compare": (2, 3)}


def _inits(op: Operation) -> tuple[int, ...] | None:
    """The operand indices of ``op``'s inits, or None where the family's layout does not say."""
    n = len(op.operands)
    if op.op_name in _INITS_LAST:
        r = len(op.results)
        return tuple(range(n - r, n)) if 0 < r <= n else None
    segments = _segments(op)
    chosen = _INIT_SEGMENTS.get(op.op_name)
    if chosen is not None:
        if segments is None or sum(segments) != n or max(chosen) >= len(segments):
            return None
        starts = [sum(segments[:k]) for k in range(len(segments))]
        return tuple(i for k in chosen for i in range(starts[k], starts[k] + segments[k]))
    if segments is None or len(segments) != 2 or sum(segments) != n:
        return None
    return tuple(range(segments[0], n))


def _verify_dps(op: Operation) -> None:
    inits = _inits(op)
    if inits is None:
        return
    tensor_inits = [i for i in inits if isinstance(op.operands[i].type, TensorType)]
    for i, result in zip(tensor_inits, op.results, strict=False):
        want = op.operands[i].type
        if result.type != want:
            raise VerifyError(
                f"{op.op_name}: expected type of operand #{i} ('{want}') to match type of corresponding result "
                f"('{result.type}')",
                location=op.location,
            )


def _element(t: Type) -> Type:
    return t.element_type if isinstance(t, TensorType) else t


def _verify_generic(op: Operation) -> None:
    _verify_dps(op)
    if not op.regions or not op.regions[0].blocks:
        return
    args = op.regions[0].blocks[0].args
    if len(args) != len(op.operands):
        raise VerifyError(
            f"{op.op_name}: expected as many non-induction variable region arguments as the number of "
            f"input/output operands ({len(args)} arguments, {len(op.operands)} operands)",
            location=op.location,
        )
    for i, (arg, operand) in enumerate(zip(args, op.operands, strict=True)):
        want = _element(operand.type)
        if arg.type != want:
            raise VerifyError(
                f"{op.op_name}: expected type of bb argument #{i} ('{arg.type}') to match element or self type "
                f"of the corresponding operand ('{want}')",
                location=op.location,
            )


def _verify_index(op: Operation) -> None:
    dim = op.attr("dim")
    if not isinstance(dim, IntegerAttr):
        return
    parent = op.parent_op
    while parent is not None and not parent.op_name.startswith("linalg."):
        parent = parent.parent_op
    if parent is None:
        raise VerifyError(f"{op.op_name}: expected parent op with LinalgOp interface", location=op.location)
    iterators = parent.attr("iterator_types")
    if not isinstance(iterators, ArrayAttr):
        return
    loops = len(iterators.elements)
    if not 0 <= dim.value < loops:
        raise VerifyError(
            f"{op.op_name}: expected dim ({dim.value}) to be lower than the number of loops ({loops}) of the "
            "enclosing LinalgOp",
            location=op.location,
        )


def _verify_dimension_map(op: Operation) -> None:
    _verify_dps(op)
    attr = op.attr("dimension_map")
    if not isinstance(attr, DenseArrayAttr):
        return
    seen: set[int] = set()
    values = [int(v) for v in attr.values]
    for i, d in enumerate(values):
        if not 0 <= d < len(values) or d in seen:
            why = "is out of bounds" if not 0 <= d < len(values) else "is a duplicate"
            raise VerifyError(
                f"{op.op_name}: dimension map is invalid: element ({d}) at index#{i} {why}",
                location=op.location,
            )
        seen.add(d)
    if not values:
        raise VerifyError(f"{op.op_name}: dimension map must have at least one element", location=op.location)


def linalg_rule(name: str) -> Callable[[Operation], None] | None:
    """The rule of the structured op ``name``, or None."""
    if name == "linalg.index":
        return _verify_index
    if name == "linalg.generic":
        return _verify_generic
    if name in ("iree_linalg_ext.scatter", "iree_linalg_ext.gather"):
        return _verify_dimension_map
    if name.startswith(("linalg.", "iree_linalg_ext.")):
        return _verify_dps
    return None
