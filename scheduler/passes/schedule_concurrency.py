"""IREE's ``--iree-stream-schedule-concurrency`` alone: the ops of each ``stream.async.execute`` region
into waves of ``stream.async.concurrent``.

For every execute region directly in a function body, the region's ops are split into waves with IREE's
reference algorithm (:func:`scheduler.partition.partition_concurrency`, under the favor of the nearest
``stream.partitioning`` config: the region, its function, the module; ``min-peak-memory`` by default),
over IREE's view of who depends on an op (:func:`iree_users_graph`: the users of its results in the
region, and the later ops updating one of its operands in place; not our storage hazards). A
wave of more than one op becomes a ``stream.async.concurrent`` placed after the last op defining one of
its inputs (all of them made, in wave order, while every op is still in place, as IREE builds them),
capturing the resources it uses and yielding those used after it; then the region's ops are sorted
topologically (MLIR's ``sortTopologically``). IREE's pass runs no cleanup after.

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func public @f(%a: !stream.resource<external>) -> !stream.resource<external> {
...   %c4 = arith.constant 4 : index
...   %r, %t = stream.async.execute with(%a as %x: !stream.resource<external>{%c4}) -> !stream.resource<external>{%c4} {
...     %p = stream.async.clone %x : !stream.resource<external>{%c4} -> !stream.resource<external>{%c4}
...     %q = stream.async.clone %x : !stream.resource<external>{%c4} -> !stream.resource<external>{%c4}
...     stream.yield %q : !stream.resource<external>{%c4}
...   } => !stream.timepoint
...   %o = stream.timepoint.await %t => %r : !stream.resource<external>{%c4}
...   util.return %o : !stream.resource<external>
... }''')
>>> schedule_concurrency(m)
>>> exe = [op for op in m.function("f").body.ops if op.op_name == "stream.async.execute"][0]
>>> [op.op_name for op in exe.body.ops]
['stream.async.concurrent', 'stream.yield']
"""

from __future__ import annotations

import networkx as nx

from ir import Block, Builder, Module, Operation, Region, Value, create
from ir import attributes as A
from ir import types as T
from scheduler.access import is_resource, op_info
from scheduler.partition import partition_concurrency, partitioning_favor
from scheduler.passes.schedule_execution import CALLABLES, iree_graph, size_of, sort_topologically


def schedule_concurrency(module: Module) -> None:
    """Split the execute regions of every function of ``module`` into concurrent waves, in place."""
    for func in list(module.body.ops):
        if func.op_name not in CALLABLES or not func.regions or not func.regions[0].blocks:
            continue
        for block in func.regions[0].blocks:
            for op in list(block.ops):
                if op.op_name == "stream.async.execute" and op.regions[0].blocks:
                    _run_on_region(op)


def _favor(op: Operation) -> str:
    for cur in (op, *op.ancestors()):
        found = partitioning_favor(cur)
        if found is not None:
            return found
    return "min-peak-memory"


def _run_on_region(exe: Operation) -> None:
    block = exe.body
    g = iree_users_graph(block)
    waves = partition_concurrency(g, sorted(g.nodes), favor=_favor(exe))
    # As IREE: every wave's concurrent op is made first, each placed after the last op of the block (as it
    # stands, the waves' ops still in place) that defines one of its inputs; the ops move in after.
    built = [_create(block, [g.nodes[n]["op"] for n in wave]) for wave in waves if len(wave) > 1]
    for conc, ops, outs, out_sizes in built:
        _fill(block, conc, ops, outs, out_sizes)
    sort_topologically(block)


# IREE's ops with an AsyncAccessOpInterface: between two of them, the hazard test compares byte ranges;
# with any other op, a use is a hazard.
ACCESS_OPS = frozenset(
    {
        "stream.async.constant", "stream.async.splat", "stream.async.clone", "stream.async.slice",
        "stream.async.fill", "stream.async.update", "stream.async.copy", "stream.async.collective",
        "stream.async.transfer", "stream.async.dispatch", "stream.async.call", "stream.async.execute",
        "stream.async.concurrent", "stream.async.parameter.load", "stream.async.parameter.read",
        "stream.async.parameter.write", "stream.async.parameter.gather", "stream.async.parameter.scatter",
    }
)  # fmt: skip


# IREE's ops with a TiedOpInterface that can stand in an execute region.
TIED_OPS = frozenset(
    {
        "stream.async.barrier", "stream.async.call", "stream.async.cast", "stream.async.collective",
        "stream.async.concurrent", "stream.async.copy", "stream.async.dispatch", "stream.async.execute",
        "stream.async.fill", "stream.async.parameter.gather", "stream.async.parameter.read",
        "stream.async.parameter.scatter", "stream.async.parameter.write", "stream.async.store",
        "stream.async.update", "stream.resource.subview", "stream.timepoint.await", "stream.timepoint.barrier",
    }
)  # fmt: skip


def _tied_on(op: Operation, v: Value) -> bool:
    """``op`` ties one of its results to its operand ``v`` (updates it in place)."""
    if op.op_name == "stream.async.barrier":
        return op.operands[0] is v
    return any(t is v for t in op_info(op).tied.values())


def iree_users_graph(block: Block) -> nx.DiGraph[int]:
    """The ops of ``block`` (as :func:`iree_graph` sees them) with an edge from each op to the ops IREE's
    concurrency partitioning tests it against: the ops of ``block`` using one of its results (a user
    nested in a region is not seen), and, for each of its resource operands that some op updates in place,
    the later ops of ``block`` using that operand that are tied ops (IREE's ``TiedOpInterface``, tied on
    that operand or not). An edge is of kind ``"hazard"`` when one end has no byte ranges to compare (IREE
    then counts the use itself as a hazard), ``"use"`` otherwise (the ranges decide).

    Examples
    --------
    A clone reading ``%a`` after an update wrote ``%a`` in place is not tested against the update (it
    neither uses its result nor is a tied op):

    >>> import ir
    >>> m = ir.load_text('''util.func public @f(%a: !stream.resource<*>, %b: !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>) {
    ...   %c0 = arith.constant 0 : index
    ...   %c4 = arith.constant 4 : index
    ...   %u = stream.async.update %b, %a[%c0 to %c4] : !stream.resource<*>{%c4} -> %a as !stream.resource<*>{%c4}
    ...   %k = stream.async.clone %a : !stream.resource<*>{%c4} -> !stream.resource<*>{%c4}
    ...   util.return %u, %k : !stream.resource<*>, !stream.resource<*>
    ... }''')
    >>> g = iree_users_graph(m.function("f").body)
    >>> [(g.nodes[a]["label"], g.nodes[b]["label"]) for a, b in g.edges if g.nodes[a]["label"] != "arith.constant"]
    [('stream.async.update', 'util.return'), ('stream.async.clone', 'util.return')]
    """
    base = iree_graph(block)
    g: nx.DiGraph[int] = nx.DiGraph()
    g.add_nodes_from(base.nodes(data=True))
    index = {id(base.nodes[n]["op"]): n for n in base.nodes}
    for n in base.nodes:
        op = base.nodes[n]["op"]
        users = [index[id(u)] for r in op.results for u, _ in r.uses if u.parent is block]
        for v in op.operands:
            if not is_resource(v):
                continue
            tied_uses = any(_tied_on(u, v) for u, _ in v.uses)
            for u, _ in v.uses:
                m = index.get(id(u)) if u.parent is block else None
                if m is None or m <= n:
                    continue
                if base.nodes[m]["op"].op_name in TIED_OPS and tied_uses:
                    users.append(m)
        for m in users:
            plain = op.op_name not in ACCESS_OPS or base.nodes[m]["op"].op_name not in ACCESS_OPS
            g.add_edge(n, m, kind="hazard" if plain else "use")
    return g


def _create(
    block: Block, ops: list[Operation]
) -> tuple[Operation, list[Operation], list[Value], list[Value]]:
    in_wave = {id(op) for op in ops}
    produced = {id(r) for op in ops for r in op.results}
    ins: list[Value] = []
    seen: set[int] = set()
    for op in ops:
        for v in op.operands:
            if id(v) not in produced and id(v) not in seen:
                seen.add(id(v))
                ins.append(v)
    outs: list[Value] = [
        r for op in ops for r in op.results if any(id(_top(u, block)) not in in_wave for u, _ in r.uses)
    ]
    anchor = None
    for v in ins:
        d = v.defining_op
        if (
            d is not None
            and d.parent is block
            and (anchor is None or block.ops.index(d) > block.ops.index(anchor))
        ):
            anchor = d
    b = Builder.after(anchor) if anchor is not None else Builder(block, 0)
    res_ins = [v for v in ins if is_resource(v)]
    out_sizes = [size_of(v, block) or _query(b, v) for v in outs]
    in_sizes = [size_of(v, block) or _query(b, v) for v in res_ins]
    body = Block([v.type for v in res_ins])
    conc = b.create(
        "stream.async.concurrent",
        [*res_ins, *in_sizes, *out_sizes],
        [v.type for v in outs],
        properties={
            "operandSegmentSizes": A.segment_sizes(len(res_ins), len(in_sizes), len(out_sizes)),
            "tied_operands": A.ArrayAttr(()),
        },
        regions=[Region([body])],
    )
    conc.location = ops[0].location
    return conc, ops, outs, out_sizes


def _fill(
    block: Block, conc: Operation, ops: list[Operation], outs: list[Value], out_sizes: list[Value]
) -> None:
    body = conc.regions[0].blocks[0]
    res_ins = list(conc.operands[: len(body.args)])
    mapping = {id(v): arg for v, arg in zip(res_ins, body.args)}
    for op in ops:
        block.ops.remove(op)
        op.parent = None
        body.append(op)
        for i, v in enumerate(op.operands):
            if id(v) in mapping:
                op.set_operand(i, mapping[id(v)])
    body.append(
        create("stream.yield", [*outs, *(size_of(v, body) or s for v, s in zip(outs, out_sizes))], [])
    )
    for out, new in zip(outs, conc.results):
        for user, idx in list(out.uses):
            if not any(a is conc for a in user.ancestors()):
                user.set_operand(idx, new)


def _top(op: Operation, block: Block) -> Operation:
    cur = op
    while cur.parent is not block and cur.parent_op is not None:
        cur = cur.parent_op
    return cur


def _query(b: Builder, v: Value) -> Value:
    return b.create("stream.resource.size", [v], [T.index]).results[0]
