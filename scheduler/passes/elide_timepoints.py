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
3. A ``stream.timepoint.await`` whose resources are consumed by timeline ops (a region capturing
   them) is folded into those ops: the op captures the resource directly and, unless its awaits
   already cover the awaited timepoint (IREE's test: the awaited timepoint's coverage holds all of
   the op's awaits), adds the timepoint to its awaits (through a join when the op takes one). The
   await goes when nothing uses it any more.

Like IREE's pass alone, dead ops are left for a later cleanup (a join whose uses were replaced stays).
4. An await whose result a control flow op's terminator forwards to its results (``scf.yield``,
   ``scf.condition``) is skipped there when the timepoints forwarded beside it cover the await's.

Not done (IREE does them): following an await's resources through block arguments or calls to a
timeline op, and fence coverage through ``stream.timepoint.import``.

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

from ir import Block, BlockArgument, Builder, Module, Operation, Region, Value
from ir import attributes as A
from ir import types as T
from ir.builder import clone_op
from ir.opdef import segment_bounds
from scheduler.passes.timepoint_analysis import (
    CALL_OPS,
    TIMELINE_OPS,
    TimepointFacts,
    awaits,
    is_defined_immediate,
    is_timepoint,
    result_timepoint,
)

_RESULT_OPS = frozenset({"scf.if", "scf.for", "util.global.load"})
_OPERAND_OPS = frozenset({"cf.br", "cf.cond_br", "util.return"})
# Region branch ops whose terminators forward values to their results.
_BRANCHING = frozenset({"scf.if", "scf.for", "scf.while", "scf.index_switch"})


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


def properly_dominates(value: Value, op: Operation) -> bool:
    """Whether ``value`` is defined before ``op`` on every path to it: defined earlier in a block that
    holds ``op`` (or an op around it), or in the entry block of a region that holds ``op``. Other CFG
    shapes answer False (conservative)."""
    def_block: Block | None
    if isinstance(value, BlockArgument):
        def_block, def_index = value.block, -1
    else:
        d = value.defining_op
        if d is None or d.parent is None:
            return False
        def_block, def_index = d.parent, d.parent.ops.index(d)
    current: Operation | None = op
    while current is not None:
        block = current.parent
        if block is None:
            return False
        if block is def_block:
            return def_index < block.ops.index(current)
        region = block.parent
        if region is not None and def_block is region.blocks[0] and def_block in region.blocks:
            return True
        current = current.parent_op
    return False


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


def _awaits_in(fn: Operation) -> list[Operation]:
    # MLIR's default walk is post-order: nested awaits come before the op that holds them.
    found: list[Operation] = []

    def visit(op: Operation) -> None:
        for region in op.regions:
            for block in region.blocks:
                for child in block.ops:
                    visit(child)
        if op.op_name == "stream.timepoint.await":
            found.append(op)

    visit(fn)
    return found


def _next_op(op: Operation) -> Operation | None:
    block = op.parent
    if block is None:
        return None
    i = block.ops.index(op)
    return block.ops[i + 1] if i + 1 < len(block.ops) else None


def _used_in(value: Value, region_op: Operation, region_index: int) -> bool:
    """Whether ``value`` is used by an op nested in region ``region_index`` of ``region_op``."""
    region = region_op.regions[region_index]
    return any(_inside(user, region) for user, _ in value.uses)


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
                if _inside(user, region):
                    user.set_operand(k, new)
    if all(not r.uses for r in await_op.results):
        await_op.erase()
    return True


def _inside(op: Operation, region: Region) -> bool:
    current: Operation | None = op
    while current is not None:
        block = current.parent
        if block is not None and block.parent is region:
            return True
        current = current.parent_op
    return False


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


class _Eliding:
    """One function's rewrite (IREE's ``tryElideTimepointsInRegion``)."""

    def __init__(self, facts: TimepointFacts) -> None:
        self.facts = facts
        self.pending: dict[Value, Value] = {}

    def run(self, fn: Operation) -> None:
        for op in list(fn.walk())[1:]:
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
            for op in _awaits_in(fn):
                if op.parent is None:
                    continue
                after = _next_op(op)
                if after is None or not after.regions:
                    self._fold_await(op)
                elif _sink_await(op, after) or _hoist_await(op, after):
                    moved = True
        for op in _awaits_in(fn):  # and once more, for awaits that moved next to their users
            if op.parent is not None:
                self._fold_await(op)
        for op in _awaits_in(fn):
            if op.parent is not None:
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
        """IREE's ``tryFoldAwaitWithTimelineOps``, for timeline ops that use the await's results directly."""
        tp = await_op.operands[-1]
        count = len(await_op.results)
        resources = list(await_op.operands[:count])
        mods: list[tuple[Operation, Value, Value, bool]] = []
        for result in await_op.results:
            source = resources[result.index]
            for user, _ in list(result.uses):
                if user.op_name not in TIMELINE_OPS or any(m[0] is user and m[1] is result for m in mods):
                    continue
                if not properly_dominates(source, user):
                    continue
                covered = self.facts.covers(tp, awaits(user))
                mods.append((user, result, source, not covered))
        changed = False
        absorbing: dict[int, tuple[Operation, list[Value]]] = {}
        for user, _, _, absorb in mods:
            if absorb:
                absorbing.setdefault(id(user), (user, []))[1].append(tp)
        for user, tps in absorbing.values():
            new_awaits = awaits(user)
            added = False
            for t in tps:
                if not any(t is w for w in new_awaits):
                    new_awaits.append(t)
                    added = True
            if added:
                set_awaits(user, new_awaits)
                changed = True
        for user, old, new, _ in mods:
            if any(v is old for v in user.operands) and properly_dominates(new, await_op):
                _replace_in(user, old, new)
                changed = True
        if changed and all(not r.uses for r in await_op.results):
            await_op.erase()

    def _drop_before_yield(self, await_op: Operation) -> None:
        """IREE's ``tryEliminateAwaitBeforeRegionBranchYield``: a value yielded to a control flow op's
        results after an await is yielded unawaited when the timepoints yielded beside it cover the await's
        (its users after the op wait for those)."""
        tp = await_op.operands[-1]
        for result in await_op.results:
            source = await_op.operands[result.index]
            for user, i in list(result.uses):
                parent = user.parent_op
                if parent is None or parent.op_name not in _BRANCHING:
                    continue
                if user.op_name == "scf.condition":
                    forwarded = list(user.operands[1:])
                elif user.op_name == "scf.yield" and parent.op_name != "scf.while":
                    forwarded = list(user.operands)
                else:
                    continue  # a while's body yields back to its condition region, not to its results
                yielded = [v for v in forwarded if is_timepoint(v)]
                if not yielded or not self.facts.covers(tp, yielded):
                    continue
                if properly_dominates(source, user):
                    user.set_operand(i, source)

