"""What IREE's async pipeline does to a function before it schedules it, as the Pipeline's prelude.

IREE's ``buildStreamAsyncPassPipeline`` (Stream/Transforms/Passes.cpp) runs, from the async form on,
before schedule-execution:

1. the cleanup pipeline (canonicalize, CSE);
2. per function: materialize-copy-on-write, canonicalize;
3. elide-async-copies;
4. per function: canonicalize, emplace-allocations;
5. refine-usage;
6. per function: canonicalize;
7. elide-async-copies;
8. the cleanup pipeline (canonicalize, CSE).

:func:`prepare_async` runs the same steps with the standalone passes (:mod:`scheduler.passes`), the
canonicalization patterns of :mod:`scheduler.passes.canonicalize` (without its ``RemoveBarriers``, which
belongs to schedule-execution: a barrier has no canonicalization pattern) and :func:`scheduler.cse.cse`.
On IREE's own pre-scheduling IR (the form of the fixtures' ``async.mlir``) the prelude does nothing.
The util dialect's cleanups of IREE's cleanup pipeline (global folding, IPO, integer range
optimization) are not run: they act on globals and calls, which the steps here leave as they are.

:func:`materialize_copy_on_write` is IREE's pass of that name: each operand an op ties to a result (the
target of a fill, update or copy, a dispatch's in-place operand...) is cloned first unless the op is its
only user and it is neither a block argument nor a constant.

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func public @f(%r: !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>) {
...   %c0 = arith.constant 0 : index
...   %c16 = arith.constant 16 : index
...   %c7 = arith.constant 7 : i32
...   %a = stream.async.fill %c7, %r[%c0 to %c16 for %c16] : i32 -> %r as !stream.resource<*>{%c16}
...   util.return %a, %r : !stream.resource<*>, !stream.resource<*>
... }''')
>>> materialize_copy_on_write(m.function("f"))
1
>>> [op.op_name for op in m.function("f").body.ops][3:]
['stream.async.clone', 'stream.async.fill', 'util.return']
"""

from __future__ import annotations

from collections.abc import Callable

from ir import BlockArgument, Builder, Module, Operation, Value
from ir import types as T
from scheduler.access import operand_size, result_size, tied_operands
from scheduler.cse import cse
from scheduler.passes.canonicalize import PATTERNS, fold_duplicate_await_resources
from scheduler.passes.elide_async_copies import elide_async_copies
from scheduler.passes.emplace_allocations import emplace_allocations
from scheduler.passes.execute_patterns import closure_optimization, tie_region_results, tied_base
from scheduler.passes.greedy import Pattern, erase_tree, forget_notes, post_order, trivially_dead
from scheduler.passes.refine_usage import refine_usage
from scheduler.state import function_ops, has_unknown_lifetime

_MAX_ROUNDS = 100

# Ops whose tied operands materialize-copy-on-write clones (IREE's TypeSwitch), with the operand each
# result is tied to found by :func:`_tied_sources`.
_COW_OPS = frozenset(
    {
        "stream.tensor.import",
        "stream.tensor.export",
        "stream.async.fill",
        "stream.async.update",
        "stream.async.copy",
        "stream.async.collective",
        "stream.async.dispatch",
        "stream.async.call",
        "stream.async.execute",
        "stream.async.concurrent",
    }
)


def prepare_async(module: Module) -> bool:
    """IREE's async pipeline from the async form up to schedule-execution (module doc), in place.

    iree-compile runs it once. A module that has been through it already, every lifetime refined and
    nothing left for the cleanup to do (IREE's pre-scheduling form, as the fixtures' ``async.mlir``), is
    scheduled as it is. IREE's steps are not idempotent: run again on their own output, copy-on-write
    clones in-place targets that are arguments or shared (elision had dropped those clones, or
    emplacement made the target shared after it) and elision drops clones it kept, as iree-opt's whole
    pipeline does when given such a module; iree-compile schedules what it made. Where IREE's
    refine-usage left an in-place write to a constant, running it again even gives IR IREE's verifier
    rejects.

    Returns ``True`` when it found no resource of unknown lifetime (``!stream.resource<*>``) and left the
    module as it was, ``False`` otherwise (nothing known then: the steps ran).
    """
    funcs = function_ops(module)
    changed = False
    for f in funcs:
        changed |= cleanup(f)
    if not changed and not has_unknown_lifetime(module):
        return True
    for f in funcs:
        materialize_copy_on_write(f)
        canonicalize_async(f)
    elide_async_copies(module)
    for f in funcs:
        canonicalize_async(f)
    emplace_allocations(module)
    refine_usage(module)
    for f in funcs:
        canonicalize_async(f)
    elide_async_copies(module)
    for f in funcs:
        cleanup(f)
    return False


def cleanup(func: Operation) -> bool:
    """The function part of IREE's ``buildStreamCleanupPassPipeline``: canonicalize, then CSE; whether
    either changed ``func``."""
    changed = canonicalize_async(func)
    return cse(func) > 0 or changed


# --- materialize-copy-on-write -------------------------------------------------------------------------


def materialize_copy_on_write(func: Operation) -> int:
    """Clone the tied operands a later in-place write could make observable; return how many."""
    made = 0
    for op in func.walk_list():
        if op.op_name in _COW_OPS and op.parent is not None:
            made += _materialize_op(op)
    return made


def _materialize_op(op: Operation) -> int:
    made = 0
    for index, source in _tied_sources(op):
        if _safe_to_elide(source):
            continue
        b = Builder.before(op)
        b.location = op.location
        size = _size(op, source)
        affinity = op.attr("affinity")
        props = {} if affinity is None else {"affinity": affinity}
        clone = b.create("stream.async.clone", [source, size, size], [source.type], properties=props).results[
            0
        ]
        if op.op_name == "stream.async.collective":
            op.set_operand(index, clone)
        else:
            for i, v in enumerate(op.operands):
                if v is source:
                    op.set_operand(i, clone)
        made += 1
    return made


def _tied_sources(op: Operation) -> list[tuple[int, Value]]:
    """(operand position, value) of each operand ``op`` ties to a result, in result order."""
    name = op.op_name
    if name in ("stream.async.fill", "stream.async.update", "stream.async.copy", "stream.async.collective"):
        target = op.target  # type: ignore[attr-defined]
        return [(op.operands.index(target), target)]
    ties = op.attr("tied_operands")
    if ties is None:
        return []
    base = getattr(op, "resource_operands", None)
    tied_range = list(base) if base is not None else list(op.operands)
    out: list[tuple[int, Value]] = []
    for e in ties:  # type: ignore[attr-defined]
        t = getattr(e, "value", -1)
        if isinstance(t, int) and 0 <= t < len(tied_range):
            v = tied_range[t]
            # an operand several results are tied to is cloned once
            if isinstance(v.type, T.ResourceType) and all(v is not w for _, w in out):
                out.append((op.operands.index(v), v))
    return out


def _safe_to_elide(v: Value) -> bool:
    """IREE's ``isSafeToElideCOW``: not a block argument, not a constant, one user."""
    if isinstance(v, BlockArgument):
        return False
    if isinstance(v.type, T.ResourceType) and v.type.lifetime == "constant":
        return False
    return len({id(user) for user, _ in v.uses}) <= 1


def _size(op: Operation, v: Value) -> Value:
    """IREE's ``queryValueSize``: the size its producer gives it, else the one ``op`` gives it."""
    d = v.defining_op
    if d is not None:
        try:
            return result_size(d, d.results.index(v))  # type: ignore[arg-type]
        except (ValueError, AttributeError, IndexError):
            pass
    return operand_size(op, v)


# --- canonicalize ---------------------------------------------------------------------------------------


def canonicalize_async(func: Operation) -> bool:
    """MLIR's canonicalizer on ``func`` with the patterns of :mod:`scheduler.passes.canonicalize`, to a
    fixpoint; barriers stay (they have no pattern: ``RemoveBarriers`` belongs to schedule-execution).
    Returns whether anything changed.

    Each round visits the ops as the greedy driver first fills its worklist (post-order, popped from the
    back); a trivially dead op is erased, any other tries its fold and patterns in IREE's order. (The
    driver of :mod:`scheduler.passes.greedy` compares the whole body after every rewrite, which the
    Pipeline cannot afford on programs of many thousands of ops.)"""
    any_change = False
    scope = func.regions[0]
    forget_notes()  # what the patterns note is for the greedy driver: it would keep the ops alive
    for _ in range(_MAX_ROUNDS):
        changed = False
        for op in reversed(post_order(func)):
            if op is func:
                continue
            block = op.parent
            # op.is_inside(scope), answered at once for an op of the function's own block
            if block is None or (block.parent is not scope and not op.is_inside(scope)):
                continue
            if trivially_dead(op):
                erase_tree(op)
                changed = True
                continue
            patterns = _PATTERNS.get(op.op_name)
            if patterns:
                for p in patterns:  # any(p(op) for p in patterns), without a generator per op
                    if p(op):
                        changed = True
                        break
                forget_notes()
        if not changed:
            return any_change
        any_change = True
    return any_change


# The execute and await patterns look for duplicates pairwise; these linear checks (the patterns'
# conditions, loosened) keep regions and awaits of thousands of values from paying for that when nothing
# would change, as in every round after the first.


def _closure_may_apply(op: Operation) -> bool:
    body = op.body
    captures = op.operands[: len(body.args)]
    yield_op = body.terminator
    assert yield_op is not None
    yielded = yield_op.operands[: len(op.results) - 1]
    return (
        any(not a.uses for a in body.args)
        or len({id(v) for v in captures}) != len(captures)
        or len({id(v) for v in yielded}) != len(yielded)
    )


def _ties_may_apply(op: Operation) -> bool:
    body = op.body
    yield_op = body.terminator
    assert yield_op is not None
    args = {id(a) for a in body.args}
    ties = tied_operands(op)
    return any(
        (k >= len(ties) or ties[k] < 0) and id(tied_base(v)) in args
        for k, v in enumerate(yield_op.operands[: len(op.results) - 1])
    )


def _duplicate_await_resources(op: Operation) -> bool:
    n = len(op.results)
    return len({id(v) for v in op.operands[:n]}) != n


def _guarded(guard: Callable[[Operation], bool], pattern: Pattern) -> Pattern:
    return lambda op: guard(op) and pattern(op)


_GUARDS: dict[Pattern, Callable[[Operation], bool]] = {
    closure_optimization: _closure_may_apply,
    tie_region_results: _ties_may_apply,
    fold_duplicate_await_resources: _duplicate_await_resources,
}
# IREE's canonicalization patterns per op, without schedule-execution's RemoveBarriers.
_PATTERNS: dict[str, tuple[Pattern, ...]] = {
    name: tuple(_guarded(_GUARDS[p], p) if p in _GUARDS else p for p in patterns)
    for name, patterns in PATTERNS.items()
    if name != "stream.async.barrier"
}
