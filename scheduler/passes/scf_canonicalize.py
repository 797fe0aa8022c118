"""MLIR's canonicalization patterns of ``scf.if`` that IREE's schedule-execution cleanup triggers (it
applies every registered pattern to the function it partitioned):

- ``ConvertTrivialIfToSelect``: each result both of whose yielded values are defined outside the
  ``scf.if`` becomes that value (when the same) or an ``arith.select`` on the condition placed before
  the op; the op keeps the other results (its regions move to a new ``scf.if``);
- ``RemoveEmptyElseBranch``: an ``scf.if`` without results whose ``else`` holds only its yield loses the
  ``else`` region's block;
- ``CombineIfs``: an ``scf.if`` right after another on the same condition is merged into it (one op
  whose branches run the first's ops, then the second's; uses of the first's results in the second's
  branches take the values the first yields there);
- duplicate results: a result for which both branches yield what they yield for an earlier one is that
  one (``iree-opt --canonicalize`` merges them so);
- ``RemoveUnusedResults``: results nothing uses are dropped (with the values both branches yield for
  them).

And of ``scf.for`` (:func:`canonicalize_for`), MLIR's ``ForOpIterArgsFolder``: an iteration argument the
body yields unchanged, whose initial value it yields, or that nobody uses is dropped; one carrying the
same initial and yielded values as an earlier one is merged into it.

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func public @f(%c: i1, %a: index, %b: index) -> index {
...   %x = scf.if %c -> index {
...     scf.yield %a : index
...   } else {
...     scf.yield %b : index
...   }
...   util.return %x : index
... }''')
>>> if_op = m.body.ops[0].body.ops[0]
>>> canonicalize_if(if_op)
True
>>> [op.op_name for op in m.body.ops[0].body.ops]
['arith.select', 'scf.if', 'util.return']
>>> canonicalize_if(m.body.ops[0].body.ops[1]), len(m.body.ops[0].body.ops[1].regions[1].blocks)
(True, 0)
"""

from __future__ import annotations

from ir import Block, BlockArgument, Builder, Operation, Region, Value, rebuild_op


def canonicalize_if(op: Operation) -> bool:
    """Apply the patterns (module doc) once to ``op``, an ``scf.if``; whether anything changed."""
    return (
        _trivial_if_to_select(op)
        or _remove_empty_else(op)
        or _combine_ifs(op)
        or _merge_duplicate_results(op)
        or _remove_unused_results(op)
    )


def dedupe_if_results(op: Operation) -> Operation:
    """``op`` (an ``scf.if``) with each result whose values every branch also yields for an earlier result
    merged into that one, and results left unused dropped; returns the ``scf.if`` now in its place."""
    block = op.parent
    if block is None or not _merge_duplicate_results(op):
        return op
    at = block.ops.index(op)
    _remove_unused_results(op)
    new = block.ops[at]
    for region in new.regions:
        for b in region.blocks:
            b.ops[:] = [
                o
                for o in b.ops
                if not (o.op_name == "stream.timepoint.immediate" and not o.results[0].uses)
            ]
    return new


def _merge_duplicate_results(op: Operation) -> bool:
    """MLIR's canonicalizer: a result for which every branch yields the same value as for an earlier result
    is that result (its uses move to it; ``RemoveUnusedResults`` then drops it)."""
    if not op.results or len(op.regions) < 2 or not op.regions[1].blocks:
        return False
    yields = [r.blocks[0].terminator for r in op.regions]
    if any(y is None or y.op_name != "scf.yield" for y in yields):
        return False
    def same(v: Value) -> tuple[str, int]:
        # CSE first makes the immediate timepoints of one block one value
        d = v.defining_op
        if d is not None and d.op_name == "stream.timepoint.immediate" and d.parent is not None:
            return ("immediate", id(d.parent))
        return ("value", id(v))

    first: dict[tuple[tuple[str, int], ...], int] = {}
    changed = False
    for j, res in enumerate(op.results):
        key = tuple(same(y.operands[j]) for y in yields if y is not None)
        i = first.setdefault(key, j)
        if i != j and res.uses:
            res.replace_all_uses_with(op.results[i])
            changed = True
    return changed


def _remove_unused_results(op: Operation) -> bool:
    kept = [i for i, r in enumerate(op.results) if r.uses]
    if len(kept) == len(op.results):
        return False
    for region in op.regions:
        for block in region.blocks:
            term = block.terminator
            if term is not None and term.op_name == "scf.yield":
                term.set_operands([term.operands[i] for i in kept])
    _rebuild_keeping(op, list(op.operands), kept)
    return True


def _rebuild_keeping(op: Operation, operands: list[Value], kept: list[int]) -> None:
    """Replace ``op`` by one of its kind on ``operands`` with only the results ``kept`` (the others are
    unused by now), taking over its regions."""
    new = rebuild_op(op, operands, [op.results[i].type for i in kept])
    for n, i in enumerate(kept):
        op.results[i].replace_all_uses_with(new.results[n])
    op.erase()


def _defined_in(value: Value, region: Region) -> bool:
    """Whether ``value`` is defined in a block of ``region`` itself (MLIR's ``getParentRegion``)."""
    block: Block | None
    if isinstance(value, BlockArgument):
        block = value.block
    else:
        d = value.defining_op
        block = d.parent if d is not None else None
    return block is not None and block.parent is region


def _trivial_if_to_select(op: Operation) -> bool:
    if not op.results or len(op.regions) < 2 or not op.regions[1].blocks:
        return False
    then_region, else_region = op.regions
    then_yield = then_region.blocks[-1].terminator
    else_yield = else_region.blocks[-1].terminator
    if then_yield is None or else_yield is None:
        return False
    pairs = list(zip(then_yield.operands, else_yield.operands))
    kept = [i for i, (t, f) in enumerate(pairs) if _defined_in(t, then_region) or _defined_in(f, else_region)]
    if len(kept) == len(op.results):
        return False
    cond = op.operands[0]
    b = Builder.before(op)
    b.location = op.location
    results: list[Value | None] = [None] * len(op.results)
    for i, (t, f) in enumerate(pairs):
        if i in kept:
            continue
        if t is f:
            results[i] = t
        else:
            results[i] = b.create("arith.select", [cond, t, f], [t.type]).results[0]
    new = rebuild_op(op, [cond], [op.results[i].type for i in kept])
    then_yield.set_operands([then_yield.operands[i] for i in kept])
    else_yield.set_operands([else_yield.operands[i] for i in kept])
    for n, i in enumerate(kept):
        results[i] = new.results[n]
    for old, value in zip(op.results, results):
        assert value is not None
        old.replace_all_uses_with(value)
    op.erase()
    return True


def _remove_empty_else(op: Operation) -> bool:
    if op.results or len(op.regions) < 2 or len(op.regions[1].blocks) != 1:
        return False
    block = op.regions[1].blocks[0]
    if len(block.ops) != 1:
        return False
    block.ops[0].drop_operands()
    op.regions[1].blocks.clear()
    block.parent = None
    return True


def _combine_ifs(next_if: Operation) -> bool:
    block = next_if.parent
    if block is None or block.ops[0] is next_if:
        return False
    prev_if = block.ops[block.ops.index(next_if) - 1]
    if prev_if.op_name != "scf.if" or prev_if.operands[0] is not next_if.operands[0]:
        return False
    next_then = next_if.regions[0].blocks[0]
    next_else = next_if.regions[1].blocks[0] if next_if.regions[1].blocks else None
    prev_then = prev_if.regions[0].blocks[0]
    prev_else = prev_if.regions[1].blocks[0] if prev_if.regions[1].blocks else None
    then_yield, else_yield = prev_then.terminator, prev_else.terminator if prev_else is not None else None
    assert then_yield is not None
    else_values = list(else_yield.operands) if else_yield is not None else []
    for res, t, e in zip(prev_if.results, then_yield.operands, else_values):
        for user, i in list(res.uses):
            if user.is_inside(next_if.regions[0]):
                user.set_operand(i, t)
            elif next_else is not None and user.is_inside(next_if.regions[1]):
                user.set_operand(i, e)
    _merge_into(prev_then, next_then)
    if next_else is not None:
        if prev_else is None:
            next_else_region = next_if.regions[1]
            next_else_region.blocks.clear()
            next_else.parent = None
            prev_if.regions[1].add_block(next_else)
        else:
            _merge_into(prev_else, next_else)
    combined = rebuild_op(
        prev_if,
        [next_if.operands[0]],
        [*(r.type for r in prev_if.results), *(r.type for r in next_if.results)],
        location=next_if.location,
        before=next_if,
    )
    n = len(prev_if.results)
    for k, r in enumerate(prev_if.results):
        r.replace_all_uses_with(combined.results[k])
    for k, r in enumerate(next_if.results):
        r.replace_all_uses_with(combined.results[n + k])
    for op in (prev_if, next_if):
        op.drop_operands()
        for inner in op.walk_list()[1:]:
            inner.drop_operands()
        block.ops.remove(op)
        op.parent = None
    return True


def _merge_into(dest: Block, source: Block) -> None:
    """Move the ops of ``source`` (before its yield) to the end of ``dest`` (before its yield); the yield
    of ``dest`` then yields both blocks' values."""
    dest_yield, source_yield = dest.terminator, source.terminator
    assert dest_yield is not None and source_yield is not None
    values = [*dest_yield.operands, *source_yield.operands]
    moved = [op for op in source.ops if op is not source_yield]
    source_yield.drop_operands()
    source.ops.clear()
    at = dest.ops.index(dest_yield)
    for op in moved:
        op.parent = None
    dest.insert_many(at, moved)
    dest_yield.set_operands(values)


def canonicalize_for(op: Operation) -> bool:
    """MLIR's ``ForOpIterArgsFolder`` on an ``scf.for``: an iteration argument the body yields unchanged,
    whose initial value it yields, or that nobody uses is dropped, and one with the same initial and
    yielded values as an earlier one is that one (``iree-opt --canonicalize`` merges them so); whether
    anything changed."""
    body = op.regions[0].blocks[0]
    term = body.terminator
    if term is None or term.op_name != "scf.yield":
        return False
    inits = list(op.operands[3:])
    iter_args = body.args[1:]
    yielded = list(term.operands)
    keep = []
    # an argument whose (initial, yielded) pair an earlier kept one has: that one's argument and result
    same_as: dict[int, int] = {}
    first_of: dict[tuple[int, int], int] = {}
    for i, (init, arg, out, res) in enumerate(zip(inits, iter_args, yielded, op.results)):
        forwarded = out is arg or out is init or (not res.uses and not arg.uses)
        if forwarded:
            continue
        k = first_of.setdefault((id(init), id(out)), i)
        if k != i:
            same_as[i] = k
        else:
            keep.append(i)
    if len(keep) == len(inits):
        return False
    for i, (init, arg, res) in enumerate(zip(inits, iter_args, op.results)):
        if i in same_as:
            arg.replace_all_uses_with(iter_args[same_as[i]])
            res.replace_all_uses_with(op.results[same_as[i]])
        elif i not in keep:
            arg.replace_all_uses_with(init)
            res.replace_all_uses_with(init)
    term.set_operands([yielded[i] for i in keep])
    new_args = [body.args[0], *(body.args[1 + i] for i in keep)]
    body.args[:] = new_args
    for j, a in enumerate(body.args):
        a.index = j
    _rebuild_keeping(op, [*op.operands[:3], *(inits[i] for i in keep)], keep)
    return True
