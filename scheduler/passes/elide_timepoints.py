"""IREE's ``--iree-stream-elide-timepoints``: replace timepoints known to be reached by immediates.

Runs on any module, async or cmd form, every function and initializer. With the facts of
:mod:`scheduler.passes.timepoint_analysis` (computed once on the input):

1. Every timeline op (execute regions, joins, awaits, allocas, parameter ops, ...) whose result is
   known immediate has that result replaced (after the walk) by a fresh ``stream.timepoint.immediate``
   placed right after it. Each awaited timepoint that is known immediate, or *covered* by another
   awaited timepoint (reached whenever that one is), is replaced in that op by an immediate.
2. Known-immediate timepoint results of ``scf.if``, ``scf.for``, ``util.global.load``, calls and
   selects are replaced likewise; known-immediate timepoint operands of calls, selects, ``cf.br``,
   ``cf.cond_br`` and ``util.return`` get an immediate in their place.
3. Awaits move around control flow first (IREE's walk, repeated until nothing moves): an await right
   before an ``scf.if``/``scf.index_switch`` whose branches use its results is cloned into those
   branches; one before other control flow that does not use them moves past it.
4. A ``stream.timepoint.await`` is folded into the timeline ops its results reach, directly or through
   what :func:`~scheduler.passes.transitive_uses.walk_transitive_uses` follows (``scf`` iteration
   arguments and results, branch arguments, calls): each such op the awaited resource dominates adds the
   awaited timepoint to its awaits unless they already cover it (through a join when the op takes one;
   not for a CF loop header's argument when the timepoint is defined in the loop), and captures the
   awaited resource in place of the value it used where the resource's block dominates it (never a CF
   loop header's argument). IREE's replacement of an ``scf.for`` iteration argument or an ``scf.if``
   result this way ignores the other values that reach them; kept, for fidelity. The await goes when
   nothing uses it any more.
5. An await whose result reaches a control flow op's terminator that forwards it to the op's results
   (``scf.yield``, ``scf.condition``) is skipped there when the timepoints forwarded beside it cover the
   await's.

Like IREE's pass alone, dead ops are left for a later cleanup (a join whose uses were replaced stays).
Not done (IREE does it): fence coverage through ``stream.timepoint.import``.

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func public @f() -> !stream.timepoint {
...   %a = stream.timepoint.immediate => !stream.timepoint
...   %j = stream.timepoint.join max(%a, %a) => !stream.timepoint
...   util.return %j : !stream.timepoint
... }''')
>>> elide_timepoints(m)
>>> ret = m.body.ops[0].body.ops[-1]
>>> ret.operands[0].defining_op.op_name
'stream.timepoint.immediate'
"""

from __future__ import annotations

from collections.abc import Iterator

from ir import Block, BlockArgument, Builder, Module, Operation, Value
from ir import attributes as A
from ir import types as T
from ir.builder import clone_op
from ir.opdef import segment_bounds
from scheduler.passes.timepoint_analysis import (
    CALL_OPS,
    CALLABLE_OPS,
    SCF_REGION_OPS,
    TIMELINE_OPS,
    TimepointFacts,
    awaits,
    is_defined_immediate,
    is_timepoint,
    result_timepoint,
)
from scheduler.passes.transitive_uses import Dominance, walk_transitive_uses

_RESULT_OPS = frozenset({"scf.if", "scf.for", "util.global.load"})
_OPERAND_OPS = frozenset({"cf.br", "cf.cond_br", "util.return"})
# Region branch ops whose terminators forward values to their results.
_BRANCHING = frozenset({"scf.if", "scf.for", "scf.while", "scf.index_switch"})
# Ops implementing MLIR's RegionBranchOpInterface (control flow between their regions and their results).
_REGION_BRANCH_OPS = frozenset(
    {
        *SCF_REGION_OPS,
        "stream.async.execute",
        "stream.async.concurrent",
        "stream.cmd.execute",
        "stream.cmd.serial",
        "stream.cmd.concurrent",
    }
)


def elide_timepoints(module: Module) -> None:
    """Run the pass on ``module`` in place (see the module docstring)."""
    facts = TimepointFacts(module)
    for fn in facts.program.callables:
        if fn.regions and fn.regions[0].blocks:
            _Eliding(facts).run(fn)


def _immediate(b: Builder, location: object) -> Value:
    op = b.create("stream.timepoint.immediate", [], [T.TimepointType()])
    if op.location is None and location is not None:
        op.location = location  # type: ignore[assignment]
    return op.results[0]


def _replace_in(op: Operation, old: Value, new: Value) -> None:
    for i, v in enumerate(op.operands):
        if v is old:
            op.set_operand(i, new)


def set_awaits(op: Operation, timepoints: list[Value]) -> None:
    """IREE's ``setAwaitTimepoints``: a join takes them all, other ops one (joined first if several)."""
    if op.op_name == "stream.timepoint.join":
        op.set_operands(timepoints)
        return
    if op.op_name == "stream.test.timeline_op":
        _set_test_awaits(op, timepoints)
        return
    value = timepoints[0]
    if len(timepoints) > 1:
        b = Builder.before(op)
        b.location = op.location
        value = b.create("stream.timepoint.join", list(timepoints), [T.TimepointType()]).results[0]
    start, stop = segment_bounds(op, "operands")["await_timepoint"]
    operands = list(op.operands)
    operands[start:stop] = [value]
    op.set_operands(operands)
    sizes = op.properties.get("operandSegmentSizes")
    if isinstance(sizes, A.DenseArrayAttr) and stop == start:
        names = list(type(op).spec.operands)  # type: ignore[attr-defined]
        index = [n for n, _ in names].index("await_timepoint")
        values = [int(v) for v in sizes.values]
        values[index] = 1
        op.properties["operandSegmentSizes"] = A.segment_sizes(*values)


def _set_test_awaits(op: Operation, timepoints: list[Value]) -> None:
    """IREE's test timeline op takes any number of awaits up to its ``await_limit`` (-1: unlimited);
    beyond the limit they are joined into one."""
    limit = op.attr("await_limit")
    n = int(limit.value) if isinstance(limit, A.IntegerAttr) else -1
    if 0 <= n < len(timepoints):
        b = Builder.before(op)
        b.location = op.location
        timepoints = [b.create("stream.timepoint.join", list(timepoints), [T.TimepointType()]).results[0]]
    start, stop = segment_bounds(op, "operands")["await_operands"]
    operands = list(op.operands)
    operands[start:stop] = list(timepoints)
    op.set_operands(operands)
    sizes = op.properties.get("operandSegmentSizes")
    if isinstance(sizes, A.DenseArrayAttr):
        values = [int(v) for v in sizes.values]
        values[3] = len(timepoints)
        op.properties["operandSegmentSizes"] = A.segment_sizes(*values)


def _walk_awaits(fn: Operation) -> Iterator[Operation]:
    """The awaits of ``fn`` as MLIR's default walk meets them while the caller rewrites: post-order (nested
    awaits before the op holding them), each block's next op taken just before an op is visited, so an
    await moved past the op after it is met again there."""

    def visit(op: Operation) -> Iterator[Operation]:
        for region in op.regions:
            for block in region.blocks:
                current = block.ops[0] if block.ops else None
                while current is not None:
                    following = _next_op(current)
                    yield from visit(current)
                    current = following
        if op.op_name == "stream.timepoint.await" and op.parent is not None:
            yield op

    yield from visit(fn)


def _next_op(op: Operation) -> Operation | None:
    block = op.parent
    if block is None:
        return None
    i = block.ops.index(op)
    return block.ops[i + 1] if i + 1 < len(block.ops) else None


def _used_in(value: Value, region_op: Operation, region_index: int) -> bool:
    """Whether ``value`` is used by an op nested in region ``region_index`` of ``region_op``."""
    region = region_op.regions[region_index]
    return any(user.is_inside(region) for user, _ in value.uses)


def _sink_await(await_op: Operation, after: Operation) -> bool:
    """Clone the await into each branch of ``after`` (``scf.if``, ``scf.index_switch``: exclusive
    branches) that uses its results, as IREE's ``trySinkAwaitIntoBranch`` does."""
    using = [i for i in range(len(after.regions)) if any(_used_in(r, after, i) for r in await_op.results)]
    if not using or after.op_name not in ("scf.if", "scf.index_switch"):
        return False
    for i in using:
        region = after.regions[i]
        block = region.blocks[0]
        clone = clone_op(await_op)
        block.insert(0, clone)
        for old, new in zip(await_op.results, clone.results):
            for user, k in list(old.uses):
                if user.is_inside(region):
                    user.set_operand(k, new)
    if all(not r.uses for r in await_op.results):
        await_op.erase()
    return True


def _hoist_await(await_op: Operation, after: Operation) -> bool:
    """Move the await past ``after`` when neither its regions nor its operands use the await's results
    (IREE's ``tryHoistAwaitPastControlFlow``)."""
    for r in await_op.results:
        if any(_used_in(r, after, i) for i in range(len(after.regions))):
            return False
        if any(v is r for v in after.operands):
            return False
    block = await_op.parent
    assert block is not None
    block.ops.remove(await_op)
    block.ops.insert(block.ops.index(after) + 1, await_op)
    return True


def _loop_header(dom: Dominance, block: Block) -> bool:
    """Whether ``block`` is a CF loop header outside any ``scf``/execution region: a predecessor is
    itself or dominated by it (its arguments take different values on different iterations)."""
    op = block.parent.parent if block.parent is not None else None
    while op is not None:
        if op.op_name in _REGION_BRANCH_OPS:
            return False
        if op.op_name in CALLABLE_OPS:
            break
        op = op.parent_op
    region = block.parent
    for pred in region.blocks if region is not None else []:
        term = pred.terminator
        enters = term is not None and any(s is block for s in term.successors)
        if enters and (pred is block or dom.block_dominates(block, pred)):
            return True
    return False


class _Eliding:
    """One function's rewrite (IREE's ``tryElideTimepointsInRegion``)."""

    def __init__(self, facts: TimepointFacts) -> None:
        self.facts = facts
        self.dom = Dominance()
        self.pending: dict[Value, Value] = {}

    def run(self, fn: Operation) -> None:
        for op in fn.walk_list()[1:]:
            if op.parent is None:
                continue
            name = op.op_name
            if name in TIMELINE_OPS:
                self._timeline(op)
            elif name in _RESULT_OPS:
                self._results(op)
            elif name in CALL_OPS or name == "arith.select":
                self._operands(op)
                self._results(op)
            elif name in _OPERAND_OPS:
                self._operands(op)
        moved = True
        while moved:  # move awaits around control flow until nothing moves, folding the others
            moved = False
            for op in _walk_awaits(fn):
                after = _next_op(op)
                if after is None or not after.regions:
                    self._fold_await(op)
                elif _sink_await(op, after) or _hoist_await(op, after):
                    moved = True
        for op in _walk_awaits(fn):  # and once more, for awaits that moved next to their users
            self._fold_await(op)
        for op in _walk_awaits(fn):
            self._drop_before_yield(op)
        for old, new in self.pending.items():
            old.replace_all_uses_with(new)

    # --- immediates ----------------------------------------------------------------------------------

    def _make_immediate(self, elided: Value, before: Operation) -> Value:
        if elided in self.pending:
            return self.pending[elided]
        return _immediate(Builder.before(before), before.location)

    def _elide_operand(self, op: Operation, tp: Value) -> None:
        if is_defined_immediate(tp):
            return
        _replace_in(op, tp, self._make_immediate(tp, op))

    def _operands(self, op: Operation) -> None:
        for i in range(len(op.operands)):
            v = op.operands[i]
            if is_timepoint(v) and not is_defined_immediate(v) and self.facts.is_immediate(v):
                self._elide_operand(op, v)

    def _elide_result(self, op: Operation, tp: Value) -> None:
        if not tp.uses or is_defined_immediate(tp):
            return
        self.pending[tp] = _immediate(Builder.after(op), op.location)

    def _results(self, op: Operation) -> None:
        for r in reversed(op.results):
            if is_timepoint(r) and not is_defined_immediate(r) and self.facts.is_immediate(r):
                self._elide_result(op, r)

    def _timeline(self, op: Operation) -> None:
        waits = awaits(op)
        if not waits:
            return
        rt = result_timepoint(op)
        if rt is not None and self.facts.is_immediate(rt):
            self._elide_result(op, rt)
        possible: list[Value] = []
        for tp in waits:
            if self.facts.is_immediate(tp):
                self._elide_operand(op, tp)
            else:
                possible.append(tp)
        if len(possible) <= 1:
            return
        required = self._required(possible)
        for tp in possible:
            if tp not in required:
                self._elide_operand(op, tp)

    def _required(self, possible: list[Value]) -> set[Value]:
        """The awaited timepoints no other awaited timepoint covers (IREE's buildRequiredCoverageSet)."""
        counts: dict[Value, int] = {}
        for tp in possible:
            for reached in self.facts.coverage(tp):
                if reached is not tp:
                    counts[reached] = counts.get(reached, 0) + 1
        return {tp for tp in possible if counts.get(tp, 0) <= 0}

    # --- await folding -------------------------------------------------------------------------------

    def _fold_await(self, await_op: Operation) -> None:
        """IREE's ``tryFoldAwaitWithTimelineOps``: every timeline op the await's results reach (through
        region arguments, branches and control flow results too) absorbs the awaited timepoint unless its
        awaits cover it, and uses the awaited resource where that dominates the value it used."""
        tp = await_op.operands[-1]
        count = len(await_op.results)
        resources = list(await_op.operands[:count])
        dom = self.dom
        mods: list[tuple[Operation, Value, Value, bool]] = []
        for result in await_op.results:
            source = resources[result.index]

            def visit(user: Operation, index: int, source: Value = source) -> None:
                if user.op_name not in TIMELINE_OPS or not dom.properly_dominates(source, user):
                    return
                used = user.operands[index]
                if (
                    isinstance(used, BlockArgument)
                    and _loop_header(dom, used.block)
                    and not dom.properly_dominates(tp, user)
                ):
                    return  # a CF loop's back edge with a timepoint defined in the loop
                covered = self.facts.covers(tp, awaits(user))
                mods.append((user, used, source, not covered))

            walk_transitive_uses(self.facts.program, result, visit)
        changed = False
        absorbing: dict[int, Operation] = {}
        for user, _, _, absorb in mods:
            if absorb:
                absorbing.setdefault(id(user), user)
        for user in absorbing.values():
            new_awaits = awaits(user)
            if not any(tp is w for w in new_awaits):
                set_awaits(user, [*new_awaits, tp])
                changed = True
        for user, old, new, _ in mods:
            if not any(v is old for v in user.operands):
                continue
            if isinstance(old, BlockArgument):
                if _loop_header(dom, old.block):
                    continue
                d = new.defining_op
                new_block = (
                    new.block if isinstance(new, BlockArgument) else (d.parent if d is not None else None)
                )
                ok = new_block is not None and dom.block_properly_dominates(new_block, old.block)
            else:
                d = old.defining_op
                ok = d is not None and dom.properly_dominates(new, d)
            if ok:
                _replace_in(user, old, new)
                changed = True
        if changed and all(not r.uses for r in await_op.results):
            await_op.erase()

    def _drop_before_yield(self, await_op: Operation) -> None:
        """IREE's ``tryEliminateAwaitBeforeRegionBranchYield``: where an await's result reaches (directly or
        through other control flow) a region terminator yielding to its op's results beside timepoints that
        cover the awaited one, the terminator yields the awaited resource instead (where it dominates)."""
        tp = await_op.operands[-1]
        for result in await_op.results:
            source = await_op.operands[result.index]
            mods: list[tuple[Operation, int]] = []

            def visit(
                user: Operation, index: int, source: Value = source, mods: list[tuple[Operation, int]] = mods
            ) -> None:
                parent = user.parent_op
                if parent is None or parent.op_name not in _BRANCHING:
                    return
                if user.op_name == "scf.condition":
                    forwarded = list(user.operands[1:])
                elif user.op_name == "scf.yield" and parent.op_name != "scf.while":
                    forwarded = list(user.operands)
                else:
                    return  # a while's body yields back to its condition region, not to its results
                yielded = [v for v in forwarded if is_timepoint(v)]
                if not yielded or not self.facts.covers(tp, yielded):
                    return
                if self.dom.properly_dominates(source, user):
                    mods.append((user, index))

            walk_transitive_uses(self.facts.program, result, visit)
            for user, index in mods:
                user.set_operand(index, source)
