"""IREE's canonicalization patterns of ``stream.async.execute`` (``StreamOpFolders.cpp``), in the order
IREE registers them (:data:`EXECUTE_PATTERNS`), for the schedule-execution cleanup
(:mod:`scheduler.passes.canonicalize`):

- ``ElideImmediateTimepointWait``: an await on an immediate timepoint is dropped;
- ``ChainDependentAwaits``: a captured resource that is the result of a (non-sync) await is captured
  unawaited and the region awaits its timepoint too;
- ``ElideNoOpAsyncExecuteOp``: a region holding only its yield becomes its captures and an immediate;
- ``ClosureOptimizationPattern``: unused and duplicate captures and duplicate results go (an unused
  result stays, its yield reading it);
- ``TieRegionResults``: a result whose yielded value is, through tied ops, a captured block argument is
  tied to that capture;
- ``ElideUnusedOp``: a region nothing uses is erased.
"""

from __future__ import annotations

from ir import Builder, Operation, Value, rebuild_op
from ir import attributes as A
from ir import types as T
from ir.dialects import stream_async as D
from scheduler.access import STREAMABLE_OPS, op_info, tied_operands
from scheduler.passes.greedy import Pattern


def is_immediate(v: Value | None) -> bool:
    """Whether ``v`` is made by ``stream.timepoint.immediate``."""
    return (
        v is not None and v.defining_op is not None and v.defining_op.op_name == "stream.timepoint.immediate"
    )


def _execute_parts(op: Operation) -> tuple[list[Value], list[Value], list[Value], Value | None]:
    segs = op.properties["operandSegmentSizes"]
    sizes = [int(x) for x in segs.values]  # type: ignore[attr-defined]
    ops = list(op.operands)
    a, b, c = sizes[0], sizes[1], sizes[2]
    wait = ops[a + b + c] if sizes[3] else None
    return ops[:a], ops[a : a + b], ops[a + b : a + b + c], wait


def _set_execute(
    op: Operation, res: list[Value], res_sizes: list[Value], out_sizes: list[Value], wait: Value | None
) -> None:
    op.set_operands([*res, *res_sizes, *out_sizes, *([wait] if wait is not None else [])])
    op.properties["operandSegmentSizes"] = A.segment_sizes(
        len(res), len(res_sizes), len(out_sizes), 1 if wait is not None else 0
    )


def _ties(op: Operation) -> list[int]:
    attr = op.attr("tied_operands")
    if not isinstance(attr, A.ArrayAttr) or not attr.elements:
        return [-1] * (len(op.results) - 1)
    return [e.value if isinstance(e, A.IntegerAttr) else -1 for e in attr]


def _set_ties(op: Operation, ties: list[int]) -> None:
    if all(t < 0 for t in ties):
        ties = []  # IREE's builder writes an empty list when nothing is tied
    op.properties["tied_operands"] = A.ArrayAttr(tuple(A.IntegerAttr(t, T.index) for t in ties))
    op.attributes.pop("tied_operands", None)


def _join_of(before: Operation, timepoints: list[Value]) -> Value | None:
    uniq: list[Value] = []
    for t in timepoints:
        if not any(t is u for u in uniq) and not is_immediate(t):
            uniq.append(t)
    if not uniq:
        return None
    if len(uniq) == 1:
        return uniq[0]
    b = Builder.before(before)
    b.location = before.location
    return b.create("stream.timepoint.join", uniq, [T.timepoint]).results[0]


def _elide_immediate_wait(op: Operation) -> bool:
    """``ElideImmediateTimepointWait``."""
    res, res_sizes, out_sizes, wait = _execute_parts(op)
    if wait is None or not is_immediate(wait):
        return False
    _set_execute(op, res, res_sizes, out_sizes, None)
    return True


def _chain_dependent_awaits(op: Operation) -> bool:
    """``ChainDependentAwaits``: a capture that is the result of a (non-sync) await is captured
    unawaited and the region awaits that timepoint too."""
    res, res_sizes, out_sizes, wait = _execute_parts(op)
    new_waits: list[Value] = []
    chained = False
    for i, v in enumerate(res):
        d = v.defining_op
        if d is not None and d.op_name == "stream.timepoint.await" and d.attr("sync") is None:
            new_waits.append(d.operands[-1])
            res[i] = d.operands[list(d.results).index(v)]  # type: ignore[arg-type]
            chained = True
    if not chained:
        return False
    joined = _join_of(op, ([wait] if wait is not None else []) + new_waits)
    _set_execute(op, res, res_sizes, out_sizes, joined)
    return True


def _elide_noop_execute(op: Operation) -> bool:
    """``ElideNoOpAsyncExecuteOp``: a region holding only its yield is its captures and an immediate."""
    body = op.body
    yield_op = body.terminator
    assert yield_op is not None
    if len(body.ops) != 1:
        return False
    res = _execute_parts(op)[0]
    outs = list(yield_op.operands[: len(op.results) - 1])
    b = Builder.before(op)
    b.location = op.location
    imm = b.create("stream.timepoint.immediate", [], [T.timepoint]).results[0]
    for r, v in zip(op.results[:-1], outs):
        r.replace_all_uses_with(res[body.args.index(v)])  # type: ignore[arg-type]
    op.results[-1].replace_all_uses_with(imm)
    _erase_region_op(op)
    return True


def closure_optimization(op: Operation) -> bool:
    """``ClosureOptimizationPattern``: unused and duplicate captures, duplicate results."""
    res = _execute_parts(op)[0]
    body = op.body
    yield_op = body.terminator
    assert yield_op is not None
    nout = len(op.results) - 1
    ties = _ties(op)
    keep_args: list[int] = []
    for i, arg in enumerate(body.args):
        dup = next((j for j in keep_args if res[j] is res[i]), None)
        if not arg.uses:
            continue
        if dup is not None:
            arg.replace_all_uses_with(body.args[dup])
            continue
        keep_args.append(i)
    yielded = list(yield_op.operands[:nout])
    keep_res: list[int] = []
    for k in range(nout):
        dup = next((j for j in keep_res if yielded[j] is yielded[k]), None)
        if dup is not None:
            op.results[k].replace_all_uses_with(op.results[dup])
            continue
        keep_res.append(k)
    if len(keep_args) == len(body.args) and len(keep_res) == nout:
        return False
    old_index = {i: n for n, i in enumerate(keep_args)}
    new_ties = [old_index.get(ties[k], -1) if ties[k] >= 0 else -1 for k in keep_res]
    _rebuild(op, keep_args, keep_res, new_ties)
    return True


def tie_region_results(op: Operation) -> bool:
    """``TieRegionResults``: a result whose yielded value is, through tied ops, a captured block argument
    is tied to that capture."""
    body = op.body
    yield_op = body.terminator
    assert yield_op is not None
    nout = len(op.results) - 1
    yielded = list(yield_op.operands[:nout])
    ties = _ties(op)
    changed = False
    for k in range(nout):
        if ties[k] >= 0:
            continue
        base = tied_base(yielded[k])
        if any(base is a for a in body.args):
            ties[k] = body.args.index(base)  # type: ignore[arg-type]
            changed = True
    if changed:
        _set_ties(op, ties)
    return changed


def _elide_unused_execute(op: Operation) -> bool:
    if any(r.uses for r in op.results):
        return False
    _erase_region_op(op)
    return True


# The streamable op classes whose accesses tie no result to an operand (scheduler.access._async_accesses).
_UNTIED = (D.AsyncAllocaOp, D.AsyncConstantOp, D.AsyncSplatOp, D.AsyncCloneOp, D.AsyncTransferOp, D.AsyncSliceOp)


def tied_base(v: Value) -> Value:
    seen = 0
    while seen < 10_000:
        seen += 1
        d = v.defining_op
        if d is None:
            return v
        i = list(d.results).index(v)  # type: ignore[arg-type]
        ties = tied_operands(d)
        if d.attr("tied_operands") is not None and i < len(ties):
            if ties[i] < 0:
                return v
            base = getattr(d, "resource_operands", None)
            v = (base if base is not None else d.operands)[ties[i]]
            continue
        if d.op_name not in STREAMABLE_OPS or isinstance(d, _UNTIED):
            return v  # op_info(d).tied is empty: asking it would build every access of d for nothing
        tied = op_info(d).tied
        if i not in tied:
            return v
        v = tied[i]
    return v


def _erase_region_op(op: Operation) -> None:
    for inner in reversed(op.walk_list()[1:]):
        inner.drop_operands()
        inner.parent = None  # detached: the cleanup's worklist skips it
    op.regions[0].blocks[0].ops = []
    for r in op.results:
        assert not r.uses
    op.erase()


def _rebuild(op: Operation, keep_args: list[int], keep_res: list[int], ties: list[int]) -> None:
    res, res_sizes, out_sizes, wait = _execute_parts(op)
    body = op.body
    yield_op = body.terminator
    assert yield_op is not None
    nout = len(op.results) - 1
    yielded = list(yield_op.operands[:nout])
    ysizes = list(yield_op.operands[nout:])
    yield_op.set_operands([yielded[k] for k in keep_res] + [ysizes[k] for k in keep_res])

    for i in sorted(set(range(len(body.args))) - set(keep_args), reverse=True):
        del body.args[i]
    for j, a in enumerate(body.args):
        a.index = j
    props = dict(op.properties)
    props["operandSegmentSizes"] = A.segment_sizes(
        len(keep_args), len(keep_args), len(keep_res), 1 if wait is not None else 0
    )
    props.pop("tied_operands", None)
    new = rebuild_op(
        op,
        [*(res[i] for i in keep_args), *(res_sizes[i] for i in keep_args), *(out_sizes[k] for k in keep_res)]
        + ([wait] if wait is not None else []),
        [*(op.results[k].type for k in keep_res), T.timepoint],
        properties=props,
        attributes={k: v for k, v in op.attributes.items() if k != "tied_operands"},
    )
    _set_ties(new, ties)
    for n, k in enumerate(keep_res):
        op.results[k].replace_all_uses_with(new.results[n])
    op.results[-1].replace_all_uses_with(new.results[-1])
    op.drop_operands()
    assert op.parent is not None
    op.parent.ops.remove(op)
    op.parent = None


EXECUTE_PATTERNS: tuple[Pattern, ...] = (
    _elide_immediate_wait,
    _chain_dependent_awaits,
    _elide_noop_execute,
    closure_optimization,
    tie_region_results,
    _elide_unused_execute,
)
