"""Helpers shared by the ops' own ``verify_()`` rules.

Sizes, offsets and lengths are SSA ``index`` values. A value defined by ``arith.constant`` with an integer
attribute is static (:func:`static_int`); anything else is dynamic, and a rule about ranges only fires when
every value it needs is static.

What IREE's verifiers leave to its runtime is checked only where the caller asks (:data:`RUNTIME_CHECKS`):
static ranges past a resource's size (IREE finds them when the command runs, as a buffer range error) and
results tied to an operand index outside the operand list (IREE's verifyTiedOp checks only that there is
one entry per result). iree-opt accepts both, so the IR layer's verifier does too, while the simulator, a
runtime, refuses them before a run starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar

from ir.attributes import ArrayAttr, IntegerAttr
from ir.core import Operation, Value
from ir.errors import VerifyError
from ir.opdef import lookup_op_class
from ir.types import ResourceType

#: Whether the rules IREE leaves to its runtime are checked (see the module's docstring).
RUNTIME_CHECKS: ContextVar[bool] = ContextVar("streamsim_runtime_checks", default=False)


def static_int(value: Value | None) -> int | None:
    """The integer a value is known to hold: defined by ``arith.constant`` with an IntegerAttr, else None."""
    if value is None:
        return None
    op = value.defining_op
    if op is None or op.op_name != "arith.constant":
        return None
    attr = op.attr("value")
    return attr.value if isinstance(attr, IntegerAttr) else None


def fail(op: Operation, message: str) -> None:
    """Raise the VerifyError of ``op`` (``message`` follows the op name)."""
    raise VerifyError(f"{op.op_name}: {message}", location=op.location)


def seed_name(op: Operation) -> str:
    """The seeds' name of an op read under an IREE 3.x alias (the op name itself otherwise)."""
    cls = lookup_op_class(op.op_name)
    return cls.name if cls is not None else op.op_name


def check_parent(op: Operation, parents: Sequence[str]) -> None:
    """MLIR's HasParent trait: the op must sit directly inside one of ``parents``."""
    parent = op.parent_op
    found = seed_name(parent) if parent is not None else None
    if found not in parents:
        where = found or "no op"
        fail(op, f"is nested in {where}; it must be directly inside {' or '.join(parents)}")


def check_same_count(op: Operation, groups: dict[str, Sequence[object]], rule: str) -> None:
    """Groups that describe the same things (resources and their sizes) must have equal lengths."""
    counts = {name: len(values) for name, values in groups.items()}
    if len(set(counts.values())) > 1:
        listed = ", ".join(f"{n} {name}" for name, n in counts.items())
        fail(op, f"{listed}; {rule}")


def check_range(
    op: Operation, what: str, offset: Value, length: Value | None, size: Value, rule: str
) -> None:
    """``[offset, offset + length)`` inside ``size`` bytes, when all three are static. The async ops'
    ``end`` operands are not related to ``offset + length``: no IREE verifier checks that, and IREE's own
    pass tests hold copies whose end is not offset + length (iree-opt accepts them)."""
    if not RUNTIME_CHECKS.get():
        return
    o, n, s = static_int(offset), static_int(length), static_int(size)
    if o is None or s is None or (length is not None and n is None):
        return
    end = o + (n or 0)
    if o < 0 or (n is not None and n < 0) or end > s:
        fail(op, f"{what} range [{o}, {end}) exceeds resource size {s}; {rule}")


def resource_values(values: Sequence[Value]) -> list[Value]:
    return [v for v in values if isinstance(v.type, ResourceType)]


def check_tied_operands(op: Operation, tiable: Sequence[Value], results: Sequence[Value]) -> None:
    """``tied_operands``: one entry per result, -1 (untied) or the index of an operand the result reuses."""
    attr = op.attr("tied_operands")
    if attr is None:
        return
    if not isinstance(attr, ArrayAttr) or not all(isinstance(e, IntegerAttr) for e in attr):
        fail(op, f"tied_operands is {attr}; it must be a list of integers")
    indices = [e.value for e in attr]  # type: ignore[attr-defined]
    if not indices:
        return  # IREE's verifyTiedOp: an empty list ties nothing (its builders write one)
    if len(indices) != len(results):
        fail(op, f"tied_operands has {len(indices)} entries for {len(results)} results; one entry per result")
    if not RUNTIME_CHECKS.get():
        return  # IREE's verifier takes any index; its passes and runtime assume one in range
    for r, i in enumerate(indices):
        if i != -1 and not 0 <= i < len(tiable):
            fail(
                op,
                f"result {r} is tied to operand {i}, but there are {len(tiable)} operands; use -1 or an index",
            )
