"""The verifier's checks of where values are used, run after the structural checks of :mod:`ir.verifier`
as MLIR runs them: an op isolated from above uses nothing defined outside it (MLIR's IsolatedFromAbove
rule, checked when the verifier leaves the op), then every operand dominates its use (MLIR's
verifyDominanceOfContainedRegions, in its order: a region's ops before the regions they hold, the last
first). A value of another block of the same region is visible where its block dominates the using block
in the region's control-flow graph (the terminators' successors); blocks the entry cannot reach are not
checked, as in MLIR.
"""

from __future__ import annotations

from collections.abc import Sequence

from ir.core import Block, BlockArgument, Operation, OpResult, Value
from ir.errors import VerifyError
from ir.module import ISOLATED_GENERIC_OPS


def isolated(op: Operation) -> bool:
    """Whether ``op``'s regions are isolated from above (they see no value defined outside the op)."""
    return type(op).isolated_from_above or op.op_name in ISOLATED_GENERIC_OPS


def value_desc(v: Value) -> str:
    if isinstance(v, OpResult):
        where = f" at {v.op.location}" if v.op.location else ""
        return f"result {v.index} of {v.op.op_name}{where}"
    if isinstance(v, BlockArgument):
        return f"block argument {v.index}"
    return f"value %{v.name_hint}" if v.name_hint else "a value"


def verify_isolation(op: Operation) -> None:
    """MLIR's IsolatedFromAbove rule: no op in ``op``'s regions (outside the isolated ops nested in them,
    which check themselves) uses a value defined outside ``op``."""
    if not isolated(op):
        return
    pending = list(reversed(op.regions))
    while pending:
        for block in pending.pop().blocks:
            for child in block.ops:
                for v in child._operands:
                    # _defined_within's most common case written out: the result of an op of a block of
                    # one of op's own regions.
                    if type(v) is OpResult:
                        home = v.op.parent
                        region = home.parent if home is not None else None
                        if region is not None and region.parent is op:
                            continue
                    if not _defined_within(v, op):
                        raise VerifyError(
                            f"{child.op_name}: using value defined outside the region ({value_desc(v)}; "
                            f"{op.op_name} is isolated from above)",
                            location=child.location,
                        )
                if child.regions and not isolated(child):
                    pending.extend(reversed(child.regions))


def _defined_within(v: Value, op: Operation) -> bool:
    """Whether ``v`` is defined inside one of ``op``'s regions."""
    block = v.block if isinstance(v, BlockArgument) else v.op.parent if isinstance(v, OpResult) else None
    while block is not None:
        region = block.parent
        owner = region.parent if region is not None else None
        if owner is op:
            return True
        block = owner.parent if owner is not None else None
    return False


def dominance(op: Operation) -> None:
    """MLIR's verifyDominanceOfContainedRegions: each operand of an op in a reachable block is defined
    before it in its block, in an enclosing block before the op holding it, or in a block that dominates
    it; regions are walked as MLIR's worklist walks them, and isolated ops are left to themselves."""
    order: dict[int, int] = {}
    doms: dict[int, set[int]] = {}
    worklist = [op]
    while worklist:
        current = worklist.pop()
        for region in current.regions:
            doms.update(dominators(region.blocks))
            reached = _reachable(region.blocks)
            for block in region.blocks:  # every block first: a dominator may be written after the block it dominates
                for i, child in enumerate(block.ops):
                    order[id(child)] = i
            for block in region.blocks:
                reachable = id(block) in reached
                for position, child in enumerate(block.ops):
                    if reachable:
                        own = block if child.parent is block else _NO_BLOCK
                        for i, v in enumerate(child._operands):
                            # _properly_dominates' most common case written out: the result of an op of
                            # the same block, which dominates the use when it comes first.
                            if type(v) is OpResult and v.op.parent is own:
                                dominates = order[id(v.op)] < position
                            else:
                                dominates = _properly_dominates(v, child, order, doms)
                            if not dominates:
                                raise VerifyError(
                                    f"{child.op_name}: operand {i} ({value_desc(v)}) does not dominate this use",
                                    location=child.location,
                                )
                    if child.regions and not isolated(child):
                        worklist.append(child)


#: No block: what a use outside the block it is listed in compares its operands' blocks with in dominance().
_NO_BLOCK = object()


def _reachable(blocks: Sequence[Block]) -> set[int]:
    """The ids of the blocks the region's entry reaches through the terminators' successors."""
    if not blocks:
        return set()
    seen = {id(blocks[0])}
    stack = [blocks[0]]
    while stack:
        block = stack.pop()
        for succ in block.ops[-1].successors if block.ops else ():
            if id(succ) not in seen:
                seen.add(id(succ))
                stack.append(succ)
    return seen


def _properly_dominates(v: Value, user: Operation, order: dict[int, int], doms: dict[int, set[int]]) -> bool:
    """MLIR's DominanceInfo.properlyDominates(value, op) over the blocks and ops already walked."""
    if isinstance(v, OpResult):
        def_block = v.op.parent
        def_index = order.get(id(v.op))
    elif isinstance(v, BlockArgument):
        def_block, def_index = v.block, -1
    else:
        return False
    if def_block is None or def_index is None:
        return False
    # The ancestor of ``user`` in the defining block's region.
    op: Operation | None = user
    while op is not None and op.parent is not None and op.parent.parent is not def_block.parent:
        op = op.parent_op
    if op is None or op.parent is None:
        return False
    if op.parent is def_block:
        return def_index < order.get(id(op), -1) if def_index >= 0 else True
    return id(def_block) in doms.get(id(op.parent), ())


def dominators(blocks: Sequence[Block]) -> dict[int, set[int]]:
    """The strict dominators of each block of a region's control-flow graph (edges are the terminators'
    successors), by the iterative data-flow method. As in MLIR, a block the entry cannot reach is
    dominated by every block."""
    if not blocks:
        return {}
    ids = [id(b) for b in blocks]
    preds: dict[int, list[int]] = {i: [] for i in ids}
    for b in blocks:
        term = b.ops[-1] if b.ops else None
        for succ in term.successors if term is not None else ():
            if id(succ) in preds:
                preds[id(succ)].append(id(b))
    everything = set(ids)
    dom: dict[int, set[int]] = {i: set(everything) for i in ids}
    dom[ids[0]] = {ids[0]}
    changed = True
    while changed:
        changed = False
        for i in ids[1:]:
            incoming = [dom[p] for p in preds[i]]
            new = (set.intersection(*incoming) if incoming else set(everything)) | {i}
            if new != dom[i]:
                dom[i], changed = new, True
    return {i: d - {i} for i, d in dom.items()}
