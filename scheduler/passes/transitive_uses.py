"""Where a value flows, and what dominates what: IREE's ``Explorer::walkTransitiveUses`` and MLIR's
``DominanceInfo``, as the elide-timepoints pass uses them.

:func:`walk_transitive_uses` visits every use of a value and, from there, the uses of the values it
flows into: an ``scf.for``/``scf.while`` operand into the region argument it initialises (not directly
into the op's result: the body path reaches it), a region terminator's operand into each successor's
input (``scf.yield`` of a loop body into the body's next arguments and the op's results, ``scf.condition``
into the ``after`` region and the results, an ``scf.if`` yield into the results), a branch operand into
the successor block's argument, a call operand into the callee's entry argument, a returned value into
every call's result, and a global store into every load of the global. Tied results are not followed
(IREE's ``DONT_WALK_TIED_VALUES``, the only way the pass walks). Each use is visited once; execution
regions are not entered (IREE's explorer treats them as shallow).

:class:`Dominance` answers MLIR's ``properlyDominates(value, op)`` and block dominance, across nested
regions (a value of an outer block dominates ops nested in later ops of its block).

Examples
--------
>>> import ir
>>> from scheduler.passes.timepoint_analysis import Program
>>> m = ir.load_text('''util.func public @f(%r: !stream.resource<*>, %n: index) -> !stream.resource<*> {
...   %c0 = arith.constant 0 : index
...   %c1 = arith.constant 1 : index
...   %x = scf.for %i = %c0 to %n step %c1 iter_args(%a = %r) -> (!stream.resource<*>) {
...     scf.yield %a : !stream.resource<*>
...   }
...   util.return %x : !stream.resource<*>
... }''')
>>> seen = []
>>> walk_transitive_uses(Program(m), m.body.ops[0].body.args[0], lambda op, i: seen.append(op.op_name))
>>> seen
['scf.for', 'scf.yield', 'util.return']
"""

from __future__ import annotations

from collections.abc import Callable

from ir import Block, BlockArgument, Operation, OpResult, Region, Value
from ir import attributes as A
from ir.verifier_dominance import dominators
from scheduler.passes.timepoint_analysis import CALL_OPS, Program, _symbol

_RETURN_OPS = frozenset({"util.return", "func.return"})
# Ops whose regions the explorer does not enter (IREE sets execution regions to SHALLOW).
_SHALLOW = frozenset({"stream.async.execute", "stream.cmd.execute"})


def _entry_inputs(op: Operation, index: int) -> list[Value]:
    """The region arguments operand ``index`` of a region op initialises on entry."""
    if op.op_name == "scf.for" and index >= 3:
        return [op.regions[0].blocks[0].args[index - 3 + 1]]
    if op.op_name == "scf.while":
        return [op.regions[0].blocks[0].args[index]]
    return []


def _terminator_targets(term: Operation, index: int) -> list[Value]:
    """The values operand ``index`` of a region terminator flows into (each successor's input)."""
    block = term.parent
    region = block.parent if block is not None else None
    parent = region.parent if region is not None else None
    if parent is None or region is None:
        return []
    name = parent.op_name
    if term.op_name == "scf.yield":
        if name == "scf.for":
            return [parent.regions[0].blocks[0].args[index + 1], parent.results[index]]
        if name == "scf.while":  # the after region yields back to the before region
            return [parent.regions[0].blocks[0].args[index]]
        if name in ("scf.if", "scf.index_switch", "scf.execute_region"):
            return [parent.results[index]]
    if term.op_name == "scf.condition" and name == "scf.while" and index >= 1:
        return [parent.regions[1].blocks[0].args[index - 1], parent.results[index - 1]]
    return []


def _branch_targets(op: Operation, index: int) -> list[Value]:
    """The successor block arguments operand ``index`` of a ``cf.br``/``cf.cond_br`` flows into."""
    if op.op_name == "cf.br":
        return [op.successors[0].args[index]] if index < len(op.successors[0].args) else []
    sizes = op.attr("operandSegmentSizes")
    if op.op_name != "cf.cond_br" or not isinstance(sizes, A.DenseArrayAttr):
        return []
    n = [int(v) for v in sizes.values]
    out: list[Value] = []
    for s, succ in enumerate(op.successors[:2]):
        start = n[0] + (n[1] if s == 1 else 0)
        k = index - start
        if 0 <= k < n[1 + s] and k < len(succ.args):
            out.append(succ.args[k])
    return out


def walk_transitive_uses(program: Program, value: Value, fn: Callable[[Operation, int], None]) -> None:
    """Call ``fn(user, operand_index)`` once for every use of ``value`` and of every value it flows into
    (see the module docstring), in IREE's order (a last-in first-out worklist)."""
    seen_uses: set[tuple[int, int]] = set()
    worklist: list[Value] = [value]
    queued: set[int] = {id(value)}

    def push(v: Value) -> None:
        if id(v) not in queued:
            queued.add(id(v))
            worklist.append(v)

    while worklist:
        work = worklist.pop()
        queued.discard(id(work))
        for user, index in list(work.uses):
            if (id(user), index) in seen_uses:
                continue
            seen_uses.add((id(user), index))
            fn(user, index)
            name = user.op_name
            if user.regions and name not in _SHALLOW:
                for v in _entry_inputs(user, index):
                    push(v)
            if name in ("cf.br", "cf.cond_br"):
                for v in _branch_targets(user, index):
                    push(v)
            elif name in ("scf.yield", "scf.condition"):
                for v in _terminator_targets(user, index):
                    push(v)
            if name in CALL_OPS:
                callee = program.callee(user)
                if callee is not None and callee.regions and callee.regions[0].blocks:
                    args = callee.regions[0].blocks[0].args
                    if index < len(args):
                        push(args[index])
            if name in _RETURN_OPS:
                fn_op = user.parent_op
                sym = _symbol(fn_op.attr("sym_name")) if fn_op is not None else None
                for call in program.calls.get(sym or "", []):
                    if index < len(call.results):
                        push(call.results[index])
            if name == "util.global.store":
                gname = _symbol(user.attr("global"))
                if gname is not None and gname in program.globals and gname not in program.indirect:
                    for fn_op in program.callables:
                        for op in fn_op.walk():
                            if op.op_name == "util.global.load" and _symbol(op.attr("global")) == gname:
                                push(op.results[0])


class Dominance:
    """MLIR's ``DominanceInfo`` for one function (its control-flow graphs do not change while in use)."""

    def __init__(self) -> None:
        self._trees: dict[int, dict[int, set[int]]] = {}

    def _strict(self, region: Region) -> dict[int, set[int]]:
        tree = self._trees.get(id(region))
        if tree is None:
            tree = self._trees[id(region)] = dominators(region.blocks)
        return tree

    def block_properly_dominates(self, a: Block, b: Block) -> bool:
        """Whether ``a`` properly dominates ``b`` (``b`` or a block holding it is dominated by ``a``)."""
        if a is b:
            return False
        region = a.parent
        if region is None:
            return False
        if b.parent is not region:
            ancestor = _ancestor_block(region, b)
            if ancestor is None:
                return False
            if ancestor is a:
                return True
            b = ancestor
        return id(a) in self._strict(region).get(id(b), set())

    def block_dominates(self, a: Block, b: Block) -> bool:
        return a is b or self.block_properly_dominates(a, b)

    def properly_dominates(self, value: Value, op: Operation) -> bool:
        """MLIR's ``properlyDominates(value, op)``: a block argument dominates its block's ops (and the
        ops nested in them); an op result the ops after its op, not the ops the op itself holds."""
        if isinstance(value, BlockArgument):
            return op.parent is not None and self.block_dominates(value.block, op.parent)
        assert isinstance(value, OpResult)
        return self.op_properly_dominates(value.op, op)

    def op_properly_dominates(self, a: Operation, b: Operation) -> bool:
        if a is b:
            return False
        a_block = a.parent
        if a_block is None or a_block.parent is None:
            return False
        region = a_block.parent
        b_ancestor: Operation | None = b
        while b_ancestor is not None and (
            b_ancestor.parent is None or b_ancestor.parent.parent is not region
        ):
            b_ancestor = b_ancestor.parent_op
        if b_ancestor is None:
            return False
        if b_ancestor is a:
            return False  # a holds b
        b_block = b_ancestor.parent
        assert b_block is not None
        if a_block is b_block:
            return a_block.ops.index(a) < a_block.ops.index(b_ancestor)
        return self.block_properly_dominates(a_block, b_block)


def _ancestor_block(region: Region, block: Block) -> Block | None:
    """The block of ``region`` that is ``block`` or holds it (through nested ops), if any."""
    current: Block | None = block
    while current is not None:
        if current.parent is region:
            return current
        holder = current.parent.parent if current.parent is not None else None
        current = holder.parent if holder is not None else None
    return None
