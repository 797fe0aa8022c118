"""Common subexpression elimination as MLIR's ``cse`` pass does it, on the ops IREE's stream pipeline meets.

An op is replaced by an earlier equivalent one that dominates it: same op name, operands (the same SSA
values), result types, properties and attributes (locations ignored), and regions equal op by op (values
defined inside mapped one to one). Only ops free of memory effects take part: those MLIR marks ``Pure``
(arith, the ``Stream_PureOp`` ops such as ``stream.async.dispatch``, ``slice``, ``transfer``,
``constant``, ``timepoint.await``...) and ops with recursive memory effects (``scf.if``, ``scf.for``,
``stream.async.execute``) whose nested ops all are. Ops with effects or unknown effects
(``stream.async.splat``, ``clone``, ``fill``, ``update``, ``copy``, ``alloca``, ``barrier``, calls,
``util.optimization_barrier``) are never merged. As MLIR's driver does:

- blocks are visited along the dominator tree, each seeing the ops of the blocks dominating it; an op's
  regions are simplified before the op (a nested scope: what they define is not visible outside them),
  and regions of an op isolated from above start from nothing;
- terminators and ops holding a region of several blocks are left alone;
- an effect-free op whose results nothing uses is erased (``isOpTriviallyDead``).

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func public @f(%a: index) -> (index, index) {
...   %x = arith.addi %a, %a : index
...   %y = arith.addi %a, %a : index
...   %z = arith.muli %a, %a : index
...   util.return %x, %y : index, index
... }''')
>>> cse(m.function("f"))
2
>>> [op.op_name for op in m.function("f").body.ops]
['arith.addi', 'util.return']
"""

from __future__ import annotations

from collections.abc import Iterator

from ir import Block, Operation, Region, Value

#: Ops MLIR marks Pure (no memory effects) among those of IREE's stream-level IR, by name.
PURE_OPS = frozenset(
    {
        # stream (Stream_PureOp and Pure)
        "stream.async.cast",
        "stream.async.constant",
        "stream.async.dispatch",
        "stream.async.load",
        "stream.async.parameter.load",
        "stream.async.slice",
        "stream.async.store",
        "stream.async.transfer",
        "stream.binding.subspan",
        "stream.channel.count",
        "stream.channel.create",
        "stream.channel.rank",
        "stream.channel.split",
        "stream.cmd.parameter.load",
        "stream.context.resolve",
        "stream.resource.constants",
        "stream.resource.pack",
        "stream.resource.size",
        "stream.resource.subview",
        "stream.resource.transients",
        "stream.timepoint.await",
        "stream.timepoint.barrier",
        "stream.timepoint.export",
        "stream.timepoint.immediate",
        "stream.timepoint.import",
        "stream.timepoint.join",
        "stream.yield",
        # util (Util_PureOp and Pure)
        "util.null",
        "util.buffer.constant",
        "util.return",
        "util.sizeof",
        "util.cmp.eq",
        "util.cmp.ne",
        "util.align",
        "util.range.min",
        "util.range.max",
        "util.range.extents",
        # scf terminators
        "scf.yield",
        "scf.condition",
        "affine.apply",
    }
)
#: Dialects whose every op is Pure (or only speculatively unsafe, with no memory effects).
PURE_PREFIXES = ("arith.", "math.", "index.")
#: Ops with MLIR's RecursiveMemoryEffects: their effects are those of the ops they hold.
RECURSIVE_OPS = frozenset(
    {
        "scf.if",
        "scf.for",
        "scf.while",
        "scf.index_switch",
        "scf.execute_region",
        "stream.async.execute",
        "stream.async.concurrent",
    }
)


def effect_free(op: Operation) -> bool:
    """MLIR's ``isMemoryEffectFree``: no memory effects, those of the ops it holds included when the op
    has recursive memory effects."""
    name = op.op_name
    if name in PURE_OPS or name.startswith(PURE_PREFIXES):
        return True
    if name not in RECURSIVE_OPS:
        return False
    return all(effect_free(inner) for r in op.regions for b in r.blocks for inner in b.ops)


#: Ops whose only effect is allocating their result: MLIR's ``wouldOpBeTriviallyDead`` lets them go.
ALLOCATING_OPS = frozenset({"stream.async.alloca", "stream.resource.alloca", "stream.resource.alloc"})


def cse(func: Operation) -> int:
    """Eliminate common subexpressions in ``func`` (its regions); return how many ops were removed."""
    driver = _Driver()
    for region in func.regions:
        driver.region(region, _Scope(None))
    for op in driver.erased:
        op.erase()
    return len(driver.erased)


# --- the driver ---------------------------------------------------------------------------------------


class _Scope:
    """Known ops by key, chained to the enclosing scope (MLIR's ScopedHashTable). The ops are kept by the
    key's hash with the key beside them: a key's hash (which hashes its attributes and types) is taken
    once per op, not again in every enclosing scope; the ops of one key are still found in the order they
    were recorded, those of keys that are equal (``==``) alike."""

    __slots__ = ("known", "parent")

    def __init__(self, parent: _Scope | None) -> None:
        self.parent = parent
        self.known: dict[int, list[tuple[tuple[object, ...], Operation]]] = {}

    def lookup(self, key: tuple[object, ...], digest: int, op: Operation) -> Operation | None:
        scope: _Scope | None = self
        while scope is not None:
            for known, other in scope.known.get(digest, ()):
                if known == key and equivalent(other, op):
                    return other
            scope = scope.parent
        return None

    def record(self, key: tuple[object, ...], digest: int, op: Operation) -> None:
        self.known.setdefault(digest, []).append((key, op))


class _Driver:
    def __init__(self) -> None:
        self.erased: list[Operation] = []

    def region(self, region: Region, outer: _Scope) -> None:
        if not region.blocks:
            return
        if len(region.blocks) == 1:
            self.block(region.blocks[0], _Scope(outer))
            return
        children = _dominator_children(region)

        def visit(block: Block, scope: _Scope) -> None:
            self.block(block, scope)
            for child in children.get(id(block), []):
                visit(child, _Scope(scope))

        visit(region.blocks[0], _Scope(outer))

    def block(self, block: Block, scope: _Scope) -> None:
        ops = list(block.ops)
        last = ops[-1] if ops else None
        for op in ops:
            if op.regions:
                inner = _Scope(None) if type(op).isolated_from_above else scope
                for region in op.regions:
                    self.region(region, inner)
            # a terminator is the block's last op (_terminator), which CSE leaves
            if op is last and _terminator(op):
                continue
            self.operation(op, scope)

    def operation(self, op: Operation, scope: _Scope) -> None:
        free = effect_free(op)
        if free or op.op_name in ALLOCATING_OPS:
            for r in op.results:
                if r.uses:
                    break
            else:
                self.erased.append(op)  # isOpTriviallyDead
                return
        if not free:
            return
        if op.regions and any(len(r.blocks) > 1 for r in op.regions):
            return
        key = _key(op)
        digest = hash(key)
        existing = scope.lookup(key, digest, op)
        if existing is not None:
            for mine, theirs in zip(op.results, existing.results):
                mine.replace_all_uses_with(theirs)
            self.erased.append(op)
            return
        scope.record(key, digest, op)


_TERMINATOR_SUFFIXES = ("yield", "return", "condition", ".br", ".cond_br", ".switch", "unreachable")


def _terminator(op: Operation) -> bool:
    """Whether ``op`` ends its block (MLIR's IsTerminator trait)."""
    block = op.parent
    return (
        block is not None
        and block.ops[-1] is op
        and (bool(op.successors) or op.op_name.endswith(_TERMINATOR_SUFFIXES))
    )


def _key(op: Operation) -> tuple[object, ...]:
    """MLIR's hash of an op for CSE: name, operands (by identity), result types, properties; not regions."""
    props, attrs = op.properties, op.attributes
    return (
        op.op_name,
        op.operands,  # (values compare and hash by identity)
        tuple([r.type for r in op.results]),
        tuple(sorted(props.items()) if len(props) > 1 else props.items()),
        tuple(sorted(attrs.items()) if len(attrs) > 1 else attrs.items()),
        len(op.regions),
    )


# --- equivalence ---------------------------------------------------------------------------------------


def equivalent(a: Operation, b: Operation, mapping: dict[int, Value] | None = None) -> bool:
    """MLIR's ``OperationEquivalence::isEquivalentTo`` ignoring locations: ``a``'s operands are ``b``'s
    (through ``mapping`` for values defined inside the regions compared), the results have the same
    types, the properties and attributes are equal and the regions equivalent."""
    if a is b:
        return True
    if (
        a.op_name != b.op_name
        or len(a.operands) != len(b.operands)
        or len(a.results) != len(b.results)
        or len(a.regions) != len(b.regions)
        or len(a.successors) != len(b.successors)
        or a.properties != b.properties
        or a.attributes != b.attributes
    ):
        return False
    mapping = {} if mapping is None else mapping
    for x, y in zip(a.operands, b.operands):
        if mapping.get(id(x), x) is not y:
            return False
    for x, y in zip(a.results, b.results):
        if x.type != y.type:
            return False
    for sa, sb in zip(a.successors, b.successors):
        if sa is not sb:
            return False
    for ra, rb in zip(a.regions, b.regions):
        if not _region_equivalent(ra, rb, mapping):
            return False
    for x, y in zip(a.results, b.results):
        mapping[id(x)] = y
    return True


def _region_equivalent(ra: Region, rb: Region, mapping: dict[int, Value]) -> bool:
    if len(ra.blocks) != len(rb.blocks):
        return False
    for ba, bb in zip(ra.blocks, rb.blocks):
        if len(ba.args) != len(bb.args) or len(ba.ops) != len(bb.ops):
            return False
        for x, y in zip(ba.args, bb.args):
            if x.type != y.type:
                return False
            mapping[id(x)] = y
    for ba, bb in zip(ra.blocks, rb.blocks):
        for oa, ob in zip(ba.ops, bb.ops):
            if not equivalent(oa, ob, mapping):
                return False
    return True


# --- dominance -----------------------------------------------------------------------------------------


def _successors(block: Block) -> Iterator[Block]:
    term = block.terminator
    if term is not None:
        yield from term.successors


def _dominator_children(region: Region) -> dict[int, list[Block]]:
    """The dominator tree of ``region``'s blocks (Cooper, Harvey and Kennedy's iterative algorithm), as
    each block's children in block order; unreachable blocks are left out."""
    entry = region.blocks[0]
    order: list[Block] = []  # reverse post-order
    seen: set[int] = set()

    def dfs(block: Block) -> None:
        seen.add(id(block))
        for s in _successors(block):
            if id(s) not in seen:
                dfs(s)
        order.append(block)

    dfs(entry)
    order.reverse()
    index = {id(b): i for i, b in enumerate(order)}
    preds: dict[int, list[Block]] = {id(b): [] for b in order}
    for b in order:
        for s in _successors(b):
            preds[id(s)].append(b)
    idom: dict[int, Block] = {id(entry): entry}

    def intersect(x: Block, y: Block) -> Block:
        while x is not y:
            while index[id(x)] > index[id(y)]:
                x = idom[id(x)]
            while index[id(y)] > index[id(x)]:
                y = idom[id(y)]
        return x

    changed = True
    while changed:
        changed = False
        for b in order[1:]:
            done = [p for p in preds[id(b)] if id(p) in idom]
            new = done[0]
            for p in done[1:]:
                new = intersect(p, new)
            if idom.get(id(b)) is not new:
                idom[id(b)] = new
                changed = True
    children: dict[int, list[Block]] = {}
    position = {id(b): i for i, b in enumerate(region.blocks)}
    for b in sorted(order[1:], key=lambda blk: position[id(blk)]):
        children.setdefault(id(idom[id(b)]), []).append(b)
    return children
