"""MLIR's greedy pattern rewrite driver (``applyPatternsGreedily`` on a function's body), as IREE's
schedule-execution runs its cleanup: one worklist for every pattern, so that the order in which the
patterns fire (and hence where sunk ops land) is the driver's.

The driver, as MLIR's ``RegionPatternRewriteDriver`` does it:

- each iteration fills the worklist with the ops of the body in post-order, each pushed with its
  ancestors up to the body (so a region op is pushed right after the first op it holds, before the
  others); an op already on the list keeps its place;
- it pops from the back: an op nothing uses and without side effects (``isOpTriviallyDead``: pure, or
  holding only pure ops) is erased; otherwise the op's fold, then its patterns, in the order IREE
  registers them, are tried until one applies;
- a rewrite pushes the ops it inserts or moves, the ops whose operands or attributes it changed (users
  of a replaced value in MLIR's use-list order, the newest use first), and, for each op it erases, the
  producers of its operands that are left with at most one other user (with their ancestors too);
  erased ops leave the list;
- iterations repeat, with a fresh list, while one changed something (at most ten).

The rewrites themselves are plain functions ``(op) -> bool`` over :mod:`ir` (the patterns of
:mod:`scheduler.passes.canonicalize`); the driver learns what they did by comparing the body before and
after (:class:`_Snapshot`). A pattern tells it what a comparison cannot: the order of the ops it inserted
(:func:`note_inserted`), the ops it moved (:func:`note_moved`) and operands it set without notifying
the rewriter (:func:`note_silent`, as ``OpOperand::set`` in IREE's ``PropagateCloneableOps``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ir import Block, Operation, Region, Value
from ir import attributes as A

Pattern = Callable[[Operation], bool]

# Ops free of side effects (Pure in IREE or MLIR, or only allocating their result): erased when unused.
_NO_EFFECTS = frozenset(
    {
        "stream.async.dispatch",
        "stream.async.slice",
        "stream.async.transfer",
        "stream.async.constant",
        "stream.async.cast",
        "stream.async.alloca",
        "stream.async.load",
        "stream.async.store",
        "stream.async.parameter.load",
        "stream.resource.size",
        "stream.resource.subview",
        "stream.resource.pack",
        "stream.tensor.sizeof",
        "stream.timepoint.immediate",
        "stream.timepoint.join",
        "stream.timepoint.await",
        "stream.timepoint.import",
        "stream.timepoint.export",
        "stream.timepoint.barrier",
        "util.null",
        "util.sizeof",
        "util.align",
        "stream.yield",
        "scf.yield",
        "scf.condition",
    }
)
_NO_EFFECT_PREFIXES = ("arith.", "index.", "math.", "affine.")
# Ops whose effects are those of the ops they hold (RecursiveMemoryEffects).
_RECURSIVE = frozenset(
    {
        "stream.async.execute",
        "stream.async.concurrent",
        "scf.if",
        "scf.for",
        "scf.while",
        "scf.index_switch",
        "scf.execute_region",
    }
)
_TERMINATORS = frozenset({"stream.yield", "scf.yield", "scf.condition", "util.return", "func.return"})
MAX_ITERATIONS = 10  # GreedyRewriteConfig's default


def has_no_effects(op: Operation) -> bool:
    """MLIR's ``wouldOpBeTriviallyDead`` for the ops the cleanup meets."""
    if op.regions:
        return op.op_name in _RECURSIVE and all(has_no_effects(inner) for inner in op.walk_list()[1:])
    return op.op_name in _NO_EFFECTS or op.op_name.startswith(_NO_EFFECT_PREFIXES)


def trivially_dead(op: Operation) -> bool:
    """``isOpTriviallyDead``: nothing uses it, it is no terminator and it has no side effects."""
    if op.op_name in _TERMINATORS:
        return False
    for r in op.results:  # (a loop, not a generator: asked of every op in every canonicalizer round)
        if r.uses:
            return False
    return has_no_effects(op)


# --- what a pattern tells the driver -----------------------------------------------------------------


class _Notes:
    def __init__(self) -> None:
        self.inserted: list[Operation] = []
        self.moved: list[Operation] = []
        self.silent: list[Operation] = []

    def clear(self) -> None:
        self.inserted.clear()
        self.moved.clear()
        self.silent.clear()


_NOTES = _Notes()


def forget_notes() -> None:
    """Drop what the patterns noted: for a caller applying patterns without this driver (the notes would
    keep the ops they name alive)."""
    notes = _NOTES
    if notes.inserted or notes.moved or notes.silent:  # (asked after every op with patterns: most noted nothing)
        notes.clear()


def note_inserted(op: Operation) -> None:
    """``op`` was created by the running pattern (the driver pushes new ops in the order noted)."""
    _NOTES.inserted.append(op)


def note_moved(op: Operation) -> None:
    """``op`` was moved by the running pattern (``moveBefore`` through the rewriter)."""
    _NOTES.moved.append(op)


def note_silent(op: Operation) -> None:
    """An operand of ``op`` was set without notifying the rewriter (``OpOperand::set``)."""
    _NOTES.silent.append(op)


# --- the worklist ----------------------------------------------------------------------------------------


class _Worklist:
    """MLIR's ``Worklist``: push appends unless present, pop takes the back, remove leaves a hole."""

    def __init__(self) -> None:
        self.items: list[Operation | None] = []
        self.where: dict[Operation, int] = {}

    def push(self, op: Operation) -> None:
        if op in self.where:
            return
        self.where[op] = len(self.items)
        self.items.append(op)

    def pop(self) -> Operation | None:
        op = self.items.pop()
        if op is not None:
            del self.where[op]
        while self.items and self.items[-1] is None:
            self.items.pop()
        return op

    def remove(self, op: Operation) -> None:
        at = self.where.pop(op, None)
        if at is not None:
            self.items[at] = None


class _Snapshot:
    """What the driver compares after a rewrite: each op's operands, place and attributes, and the
    users of each value in use-list order."""

    def __init__(self, scope: Region) -> None:
        self.ops: list[Operation] = [op for block in scope.blocks for top in block.ops for op in top.walk()]
        self.state: dict[
            Operation, tuple[tuple[Value, ...], Block | None, dict[str, A.Attribute], dict[str, A.Attribute]]
        ] = {op: (op.operands, op.parent, dict(op.properties), dict(op.attributes)) for op in self.ops}
        self.users: dict[Value, list[Operation]] = {}
        for op in self.ops:
            for r in op.results:
                self.users[r] = [u for u, _ in r.uses]
            for region in op.regions:
                for block in region.blocks:
                    for arg in block.args:
                        self.users[arg] = [u for u, _ in arg.uses]
        for block in scope.blocks:
            for arg in block.args:
                self.users[arg] = [u for u, _ in arg.uses]


class Driver:
    """The greedy driver over the body of ``func`` with ``patterns`` per op name (fold first)."""

    def __init__(self, func: Operation, patterns: Mapping[str, Sequence[Pattern]]) -> None:
        self.func = func
        self.scope = func.regions[0]
        self.patterns = patterns
        self.worklist = _Worklist()

    def add(self, op: Operation) -> None:
        """``addToWorklist``: ``op`` and its ancestors up to the body, innermost first."""
        chain: list[Operation] = []
        cur: Operation | None = op
        while cur is not None:
            chain.append(cur)
            block = cur.parent
            if block is None:
                return
            if block.parent is self.scope:
                for o in chain:
                    self.worklist.push(o)
                return
            cur = block.parent_op

    def run(self) -> bool:
        """Iterate to a fixpoint (at most :data:`MAX_ITERATIONS`); whether the last iteration converged."""
        for _ in range(MAX_ITERATIONS):
            self.worklist = _Worklist()
            for block in self.scope.blocks:
                for top in block.ops:
                    for op in post_order(top):
                        self.add(op)
            if not self._process():
                return True
        return False

    def _process(self) -> bool:
        changed = False
        while self.worklist.items:
            op = self.worklist.pop()
            if op is None or op.parent is None or not op.is_inside(self.scope):
                continue
            dead = trivially_dead(op)
            patterns = self.patterns.get(op.op_name, ())
            if not dead and not patterns:
                continue
            before = _Snapshot(self.scope)
            _NOTES.clear()
            if dead:
                erase_tree(op)
                applied = True
            else:
                applied = any(p(op) for p in patterns)
            if applied:
                changed = True
                self._notify(before)
        return changed

    def _notify(self, before: _Snapshot) -> None:
        after = [op for block in self.scope.blocks for top in block.ops for op in top.walk()]
        alive = set(after)
        old = before.state
        inserted = list(_NOTES.inserted) or [op for op in after if op not in old]
        for op in inserted:
            if op in alive:
                self.add(op)
        for op in _NOTES.moved:
            if op in alive:
                self.add(op)
        silent = set(_NOTES.silent)
        modified: list[tuple[tuple[int, int], Operation]] = []
        order = {op: i for i, op in enumerate(before.ops)}
        for op in after:
            state = old.get(op)
            if state is None or op in silent:
                continue
            operands, _parent, props, attrs = state
            new = op.operands
            if len(new) == len(operands) and all(a is b for a, b in zip(new, operands)):
                if props == op.properties and attrs == op.attributes:
                    continue
                modified.append(((len(order), order[op]), op))  # changed in place: after the users
                continue
            # A user of a replaced value: MLIR's replaceAllUsesWith visits the newest use first.
            gone = next((v for v, w in zip(operands, new) if v is not w), operands[-1] if operands else None)
            rank = (len(order), order[op])
            if gone is not None:
                users = before.users.get(gone, [])
                d = gone.defining_op
                origin = order.get(d, -1) if d is not None else -1
                newest_first = list(reversed(users))
                rank = (origin, newest_first.index(op) if op in newest_first else len(users))
            modified.append((rank, op))
        for _rank, op in sorted(modified, key=lambda t: t[0]):
            self.add(op)
        # Erased ops: each pushes the producers of its operands left with at most one other user.
        for op in reversed(before.ops):
            if op in alive:
                continue
            self.worklist.remove(op)
            for v in old[op][0]:
                d = v.defining_op
                if d is None or d not in alive:
                    continue
                others = {u for u, _ in v.uses if u is not op}
                if len(others) <= 1:
                    self.add(d)


def post_order(op: Operation) -> list[Operation]:
    """``op`` and every op it holds, each after the ops it holds (blocks and ops in order); iterative, so
    deep nesting does not reach Python's recursion limit."""
    out: list[Operation] = []
    stack: list[tuple[Operation, bool]] = [(op, False)]
    while stack:
        cur, expanded = stack.pop()
        if expanded:
            out.append(cur)
            continue
        stack.append((cur, True))
        for region in reversed(cur.regions):
            for block in reversed(region.blocks):
                # (an op without regions is pushed as expanded: appended when popped, not pushed again)
                stack.extend([(inner, not inner.regions) for inner in reversed(block.ops)])
    return out


def erase_tree(op: Operation) -> None:
    """``RewriterBase::eraseOp`` of a trivially dead op (and what it holds)."""
    for inner in reversed(op.walk_list()[1:]):
        inner.drop_operands()
        inner.parent = None
    for region in op.regions:
        for block in region.blocks:
            block.ops = []
    op.erase()


__all__ = [
    "Driver",
    "erase_tree",
    "has_no_effects",
    "note_inserted",
    "note_moved",
    "note_silent",
    "post_order",
    "trivially_dead",
]
