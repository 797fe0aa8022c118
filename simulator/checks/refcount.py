"""Which allocations IREE leaves to the runtime's reference counting rather than to a dealloca.

IREE's automatic reference counting (``--iree-stream-automatic-reference-counting``; ported as
:mod:`scheduler.passes.reference_counting`) deallocates a resource after its last use only when it can see
every use: those by timeline ops (executes, deallocas, awaits and barriers, which hand the resource on
tied to a result) in the block that made it. Any other use makes the resource *indeterminate* and its
release is left to the runtime, which frees a buffer when its last reference goes:

- a use by an op that is neither a timeline op nor a structured loop's body (a branch operand, on any
  edge, taken or not: ``cf.cond_br`` handing a transient to one successor and not the other; a return, an
  export, a global store, a subview, ``stream.resource.load``/``store``, an ``scf.yield``), or a structured
  loop's initial value (the loop's result owns it);
- a use in another block of the function (IREE marks a block's live-in and live-out resources
  indeterminate);
- an alloca marked ``indeterminate``, or a resource the program retains or releases itself.

An allocation whose uses are all timeline ops in its own block (directly, through the values tied to it,
or inside structured control flow nested there) is one IREE's pass would free: when the program never
does, it is a leak (hb._leaks). The pass's conservative fallbacks (a function with several blocks or a
call, an ``scf`` op without a timepoint result) say that IREE cannot tell, not that the program handed the
resource on; they do not make a dropped scratch buffer any less leaked, and are not applied here.
"""

from __future__ import annotations

from ir import Block, Operation, Value
from ir import attributes as A
from ir import types as T

_LOOPS = frozenset({"scf.for", "scf.while"})
_SELF_MANAGED = frozenset({"stream.resource.retain", "stream.resource.release"})


def _tied_result(op: Operation, index: int) -> Value | None:
    """The result of ``op`` tied to its operand ``index`` (the same resource under another name)."""
    if op.op_name == "stream.timepoint.await":
        return op.results[index] if index < len(op.results) else None
    if op.op_name == "stream.timepoint.barrier":
        return op.results[0] if index == 0 else None
    attr = op.attr("tied_operands")
    if isinstance(attr, A.ArrayAttr):
        for i, e in enumerate(attr):
            if isinstance(e, A.IntegerAttr) and e.value == index:
                return op.results[i]
    return None


def _is_timeline(op: Operation) -> bool:
    return op.op_name == "stream.timepoint.await" or any(
        isinstance(r.type, T.TimepointType) for r in op.results
    )


def _home_ancestor(op: Operation, home: Block) -> Operation | None:
    """The op of ``home`` that is ``op`` or holds it in a region; None when ``op`` is outside ``home``."""
    cur: Operation | None = op
    while cur is not None:
        if cur.parent is home:
            return cur
        block = cur.parent
        cur = block.parent_op if block is not None else None
    return None


def left_to_reference_counting(alloc: Operation) -> bool:
    """Whether IREE leaves the release of the resource ``alloc`` made to the runtime (see the module)."""
    if alloc.attr("indeterminate_lifetime") is not None:
        return True
    home = alloc.parent
    if home is None or not alloc.results:
        return True
    work: list[Value] = [alloc.results[0]]
    seen: set[int] = set()
    while work:
        value = work.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        for user, index in value.uses:
            anchor = _home_ancestor(user, home)
            if anchor is None or user.op_name in _SELF_MANAGED:
                return True
            if user is anchor and user.op_name in _LOOPS:
                return True  # a loop's initial value: the loop's result owns it
            if not _is_timeline(user):
                return True
            tied = _tied_result(user, index)
            if tied is not None and isinstance(tied.type, T.ResourceType):
                work.append(tied)
    return False
