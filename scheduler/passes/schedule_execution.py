"""IREE's ``--iree-stream-schedule-execution`` alone: streamable ops into ``stream.async.execute`` regions.

Each block of a function (those of its ``scf`` ops after the block that holds them, as IREE walks them) is
partitioned with IREE's reference partitioning (:func:`scheduler.partition.partition_execution`); every
partition becomes one ``stream.async.execute`` placed just after its last op, capturing the resources its
ops use from outside and yielding those used outside, each result awaited right after the region. The
block is then sorted topologically (MLIR's ``sortTopologically``) and the pass's cleanup runs
(:func:`scheduler.passes.canonicalize.canonicalize_execution`: barriers dropped, awaits chained into the
regions that capture their results, tied results, awaits sunk and grouped).

The output stays in async form: ``stream.async.*`` ops inside the regions, as IREE's pass leaves them.

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func public @f(%a: !stream.resource<external>) -> !stream.resource<external> {
...   %c0 = arith.constant 0 : index
...   %c4 = arith.constant 4 : index
...   %x = stream.async.clone %a : !stream.resource<external>{%c4} -> !stream.resource<external>{%c4}
...   util.return %x : !stream.resource<external>
... }''')
>>> schedule_execution(m)
>>> [op.op_name for op in m.function("f").body.ops if not op.op_name.startswith("arith")]
['stream.async.execute', 'stream.timepoint.await', 'util.return']
"""

from __future__ import annotations

import networkx as nx

from ir import Block, BlockArgument, Builder, Module, Operation, Region, Value, create
from ir import attributes as A
from ir import types as T
from ir.builder import clone_op
from ir.opdef import segment_bounds
from scheduler.access import (
    METADATA,
    PURE,
    SCF_REGION_OPS,
    STREAMABLE,
    STREAMABLE_OPS,
    OpInfo,
    is_resource,
    operand_size,
    pure_nested,
    result_size,
)
from scheduler.errors import CyclicPartitionError
from scheduler.graph import build_graph, top_level_ancestor
from scheduler.partition import Partition, partition_execution
from scheduler.passes.canonicalize import canonicalize_execution

# Ops that hold a function body the pass schedules.
CALLABLES = frozenset({"util.func", "func.func"})
# Streamable ops IREE re-materializes in the nested regions that use them (preferCloneToConsumers).
CLONE_TO_CONSUMERS = frozenset({"stream.async.splat", "stream.async.alloca", "stream.async.clone"})


def prefers_clone(op: Operation) -> bool:
    """IREE's ``preferCloneToConsumers``: splats, allocas, clones, and dispatches that read no resource
    (slow splats)."""
    if op.op_name == "stream.async.dispatch":
        resource = T.ResourceType  # (is_resource, written out; the op's own list, no tuple copy)
        return all(not isinstance(v.type, resource) for v in op._operands)
    return op.op_name in CLONE_TO_CONSUMERS


# Streamable in IREE (StreamableOpInterface): the barrier too, which the pipeline keeps a host op.
_IREE_STREAMABLE = STREAMABLE_OPS | {"stream.async.barrier"}
# Ops with regions that hold no control flow the pass walks into.
_CONTAINERS = ("stream.async.execute", "stream.async.concurrent", "stream.cmd.", "stream.executable")


def schedule_execution(module: Module) -> None:
    """Partition the streamable ops of every function of ``module`` into execute regions, in place."""
    for op in list(module.body.ops):
        if op.op_name in CALLABLES and op.regions and op.regions[0].blocks:
            _process_region(op.regions[0])
            canonicalize_execution(op)


def _dominance_order(region: Region) -> list[Block]:
    """The blocks of ``region`` with each after its dominators (entry first, then by successor DFS)."""
    blocks = region.blocks
    if len(blocks) <= 1:
        return list(blocks)
    seen: list[Block] = []
    stack = [blocks[0]]
    while stack:
        b = stack.pop()
        if any(b is s for s in seen):
            continue
        seen.append(b)
        term = b.terminator
        for succ in reversed(term.successors if term is not None else []):
            stack.append(succ)
    return seen + [b for b in blocks if not any(b is s for s in seen)]


def _process_region(region: Region) -> None:
    blocks = _dominance_order(region)
    for block in blocks:
        _process_block(block)
    # Nested regions after the blocks holding them, so they see the values those blocks now await.
    for block in blocks:
        for op in list(block.ops):
            if op.op_name in STREAMABLE_OPS or op.op_name.startswith(_CONTAINERS):
                continue
            if op.op_name.startswith("scf.") and op.regions:
                for sub in op.regions:
                    _process_region(sub)


def iree_graph(block: Block) -> nx.DiGraph[int]:
    """:func:`~scheduler.graph.build_graph` with IREE's view of three kinds of op the pipeline treats
    otherwise: barriers are streamable sync ops, constants are metadata (no wave), and an scf op holding
    only pure ops is pure. Without the storage hazard edges: IREE's partitioning follows SSA uses only,
    so an op updating a value in place is not ordered after an earlier reader of it that it does not
    use (a read then a write of one resource can land in two regions that do not wait on each other)."""
    g = build_graph(block)
    g.remove_edges_from([(u, v) for u, v in list(g.edges) if g.edges[u, v]["kind"] == "hazard"])
    for n in g.nodes:
        op = g.nodes[n]["op"]
        if op.op_name == "stream.async.barrier":
            # Streamable metadata in IREE, tied to its source: a sync op joining its producer's partition
            # (its users then cannot join that partition through it); canonicalization drops it after.
            g.nodes[n]["info"] = OpInfo(METADATA, op.attr("affinity"), (), {0: op.operands[0]})
        elif op.op_name == "stream.async.constant":  # metadata in IREE: no wave of its own
            info = g.nodes[n]["info"]
            g.nodes[n]["info"] = OpInfo(METADATA, info.affinity, info.accesses, info.tied)
        elif op.op_name in SCF_REGION_OPS and pure_nested(op):
            # Trivially dead in MLIR's sense: IREE's partitions grow across it.
            g.nodes[n]["info"] = OpInfo(PURE, g.nodes[n]["info"].affinity)
    return g


def block_partitions(block: Block) -> tuple[list[Operation], tuple[Partition, ...], list[Operation]]:
    """IREE's partitioning of ``block``: its ops in order, the partitions, and the cheap producers to re-make
    in the nested blocks that use them instead (:func:`rematerialize`); the Pipeline's stage 2 asks it too."""
    g = iree_graph(block)
    ops = [g.nodes[n]["op"] for n in sorted(g.nodes)]
    # Cheap producers used only inside the regions of this block's ops are left out and re-made there
    # (IREE's rematerialization of preferCloneToConsumers ops).
    node_of = {id(op): n for n, op in enumerate(ops)}

    def feeds_streamable(holder: Operation) -> bool:
        # IREE's nestedRegionHazards: a partition depends on the results of the op holding the uses.
        return any(
            g.nodes[m]["info"].kind in (STREAMABLE, METADATA) for m in nx.descendants(g, node_of[id(holder)])
        )

    remat = []
    for op in ops:
        users = [u for r in op.results for u, _ in r.uses]
        if not prefers_clone(op) or not users or any(u.parent is block for u in users):
            continue
        holders = [top_level_ancestor(u, block) for u in users]
        if all(h is not None for h in holders) and any(feeds_streamable(h) for h in holders if h):
            remat.append(op)
    skip = {id(op) for op in remat}
    nodes = [n for n in sorted(g.nodes) if id(g.nodes[n]["op"]) not in skip]
    parts = partition_execution(g, nodes=nodes, clone=prefers_clone)
    return ops, parts, remat


def _process_block(block: Block) -> None:
    ops, parts, remat = block_partitions(block)
    for op in remat:
        rematerialize(op, block)
    if not parts:
        return
    groups = [[ops[n] for n in p.nodes] for p in parts]
    # Ops cloned into the partitions that consume them; the original stays while something uses it.
    shared = {id(ops[n]) for p in parts for n in p.cloned}
    _verify(block, groups, shared)
    # Anchors first: each region goes after the last op of its partition, as placed before any move.
    anchors = [max(g, key=block.ops.index) for g in groups]
    escaped: set[int] = set()
    executes: list[tuple[Operation, list[Value], list[Value]]] = []
    position = {id(op): i for i, op in enumerate(block.ops)}
    for group, anchor, part in zip(groups, anchors, parts):
        executes.append(_build(block, group, anchor, part.affinity, shared, escaped, position))
    made = [exe for exe, _, _ in executes]
    for exe, outs, sizes in executes:
        b = Builder.after(exe)
        b.location = exe.location
        tp = exe.results[-1]
        for k, (out, size) in enumerate(zip(outs, sizes)):
            aw = b.create(
                "stream.timepoint.await",
                [exe.results[k], size, tp],
                [out.type],
                properties={"operandSegmentSizes": A.segment_sizes(1, 1, 1)},
            )
            for user, idx in list(out.uses):
                if user is not aw and not any(_inside(user, e) for e in made):
                    user.set_operand(idx, aw.results[0])
    for op in ops:
        if id(op) in shared and op.parent is block and not any(r.uses for r in op.results):
            op.erase()
    if not sort_topologically(block):
        raise CyclicPartitionError(
            f"{_where(block)}failed to schedule execution partitions without cyclic dependencies"
        )


def _inside(op: Operation, container: Operation) -> bool:
    return any(a is container for a in op.ancestors())


def rematerialize(op: Operation, block: Block) -> None:
    """Clone ``op`` at the start of each nested block that uses it; drop the original."""
    for r in op.results:
        for user, idx in list(r.uses):
            target = user.parent
            assert target is not None
            clone = clone_op(op)
            target.insert(0, clone)
            user.set_operand(idx, clone.results[op.results.index(r)])
    op.erase()


def size_of(value: Value, block: Block, start: int = 0) -> Value | None:
    """The index value that holds the byte size of resource ``value``, as IREE's ``findSizeValue``:
    its producer's (following ties), else the first size-aware use in ``block`` from op ``start``."""
    if isinstance(value, BlockArgument):
        holder = value.owner.parent_op
        if holder is not None and holder.op_name in ("stream.async.execute", "stream.async.concurrent"):
            # A capture's size is the one the region op gives its operand.
            n = sum(1 for v in holder.operands if is_resource(v))
            return holder.operands[n + value.index]
    cur: Value | None = value
    while cur is not None:
        d = cur.defining_op
        if d is None:
            break
        try:
            return result_size(d, d.results.index(cur))  # type: ignore[arg-type]
        except (ValueError, AttributeError, IndexError):
            pass
        if d.op_name in ("stream.timepoint.await", "stream.async.execute"):
            i = d.results.index(cur)  # type: ignore[arg-type]
            n = len([v for v in d.operands if is_resource(v)])
            sizes = d.operands[n:]
            if d.op_name == "stream.async.execute":
                sizes = d.operands[2 * n :]
            if i < len(sizes):
                return sizes[i]
        break
    for op in block.ops[start:]:
        for inner in op.walk():
            if not any(v is value for v in inner.operands):
                continue
            try:
                return operand_size(inner, value)
            except (ValueError, AttributeError):
                pass
            if inner.op_name in ("stream.timepoint.await", "stream.async.execute", "stream.yield"):
                n = len([v for v in inner.operands if is_resource(v)])
                idx = next(i for i, v in enumerate(inner.operands) if v is value)
                if idx < n:
                    return inner.operands[n + idx]
    return None


def _size_or_query(value: Value, block: Block, b: Builder) -> Value:
    found = size_of(value, block)
    if found is not None:
        return found
    return b.create("stream.resource.size", [value], [T.index]).results[0]


def _build(
    block: Block,
    group: list[Operation],
    anchor: Operation,
    affinity: A.Attribute | None,
    shared: set[int],
    escaped: set[int],
    position: dict[int, int],
) -> tuple[Operation, list[Value], list[Value]]:
    """One execute region for ``group``: its ops moved in (those of ``shared``, cloned into several
    regions, copied) in block order (``position``: each op's index in the block before any move, as IREE
    visits the block to fill its regions), captures and yields as IREE's partition ins and outs (in the
    partition's order). Returns the region, the values it yields (as the block knew them) and their
    sizes."""
    # IREE gathers the ops' awaits in its builder's order: the partition's ops bottom-up.
    awaits = [t for op in reversed(group) if id(op) not in shared for t in _strip_await(op)]
    ins, outs = _ins_outs(block, group, shared, escaped)
    b = Builder.after(anchor)
    b.location = anchor.location
    res_ins = [v for v in ins if is_resource(v)]
    out_sizes = [_size_or_query(v, block, b) for v in outs]
    in_sizes = [_size_or_query(v, block, b) for v in res_ins]
    body = Block([v.type for v in res_ins])
    props: dict[str, A.Attribute] = {
        "operandSegmentSizes": A.segment_sizes(len(res_ins), len(in_sizes), len(out_sizes), 0),
        "tied_operands": A.ArrayAttr(()),
    }
    if affinity is not None:
        props["affinity"] = affinity
    wait: list[Value] = []
    for t in awaits:
        if not any(t is w for w in wait):
            wait.append(t)
    if len(wait) > 1:
        wait = [b.create("stream.timepoint.join", wait, [T.timepoint]).results[0]]
    props["operandSegmentSizes"] = A.segment_sizes(len(res_ins), len(in_sizes), len(out_sizes), len(wait))
    exe = b.create(
        "stream.async.execute",
        [*res_ins, *in_sizes, *out_sizes, *wait],
        [*(v.type for v in outs), T.timepoint],
        properties=props,
        regions=[Region([body])],
    )
    mapping: dict[int, Value] = {id(v): arg for v, arg in zip(res_ins, body.args)}
    for op in sorted(group, key=lambda o: position[id(o)]):
        if id(op) in shared:
            moved = clone_op(op)
            for r, nr in zip(op.results, moved.results):
                mapping[id(r)] = nr
        else:
            block.ops.remove(op)
            op.parent = None
            moved = op
        body.append(moved)
        for i, v in enumerate(moved.operands):
            if id(v) in mapping:
                moved.set_operand(i, mapping[id(v)])
        _strip_affinity(moved, affinity)
    inner = [mapping.get(id(v), v) for v in outs]
    inner_sizes = [size_of(v, body) or v for v in inner]
    body.append(create("stream.yield", [*inner, *inner_sizes], []))
    return exe, outs, out_sizes


def _ins_outs(
    block: Block, group: list[Operation], shared: set[int], escaped: set[int]
) -> tuple[list[Value], list[Value]]:
    """IREE's partition ins (values ``group`` uses and does not make) and outs (values it makes that
    something outside it uses; a cloned op escapes from one region only, to what is not streamable)."""
    in_group = {id(op) for op in group}
    produced = {id(r) for op in group for r in op.results}
    ins: list[Value] = []
    seen: set[int] = set()
    for op in group:
        for v in op.operands:
            if id(v) not in produced and id(v) not in seen:
                seen.add(id(v))
                ins.append(v)
    outs: list[Value] = []
    for op in group:
        for r in op.results:
            if id(op) in shared:
                if id(op) not in escaped and any(u.op_name not in _IREE_STREAMABLE for u, _ in r.uses):
                    outs.append(r)
                    escaped.add(id(op))
            elif any(id(top_level_ancestor(u, block) or u) not in in_group for u, _ in r.uses):
                outs.append(r)
    return ins, outs


def _verify(block: Block, groups: list[list[Operation]], shared: set[int]) -> None:
    """IREE's ``PartitionSet::verify``: no partition may capture a value made by an op that uses one of
    the partition's own outputs (an op left outside that should have joined it)."""
    escaped: set[int] = set()
    for group in groups:
        ins, outs = _ins_outs(block, group, shared, escaped)
        out_ids = {id(v) for v in outs}
        for v in ins:
            d = v.defining_op
            if d is not None and any(id(u) in out_ids for inner in d.walk() for u in inner.operands):
                raise CyclicPartitionError(
                    f"{_where(block)}circular dependency: input operation {d.op_name} uses a partition output"
                    " - this indicates the operation should be inside the partition (as IREE's"
                    " schedule-execution reports)"
                )


def _where(block: Block) -> str:
    op = block.parent_op
    while op is not None and op.op_name not in CALLABLES:
        op = op.parent_op
    return f"{op.location}: " if op is not None and op.location is not None else ""


def _strip_await(op: Operation) -> list[Value]:
    """Remove the await timepoint of a timeline op moved into a region (the region awaits it)."""
    spec = getattr(type(op), "spec", None)
    names = [n for n, _ in spec.operands] if spec is not None else []
    if "await_timepoint" not in names:
        return []
    start, stop = segment_bounds(op, "operands")["await_timepoint"]
    if start == stop:
        return []
    operands = list(op.operands)
    taken = operands[start:stop]
    segs = op.properties.get("operandSegmentSizes")
    if isinstance(segs, A.DenseArrayAttr):
        sizes = [int(x) for x in segs.values]
        sizes[names.index("await_timepoint")] = 0
        op.properties["operandSegmentSizes"] = A.segment_sizes(*sizes)
    op.set_operands(operands[:start] + operands[stop:])
    return taken


def _strip_affinity(op: Operation, affinity: A.Attribute | None) -> None:
    if affinity is None:
        return
    if op.op_name == "stream.async.transfer":
        for key in ("execution_affinity", "source_affinity", "target_affinity"):
            if op.properties.get(key) == affinity:
                del op.properties[key]
    elif op.properties.get("affinity") == affinity:
        del op.properties["affinity"]


def sort_topologically(block: Block) -> bool:
    """MLIR's ``sortTopologically`` of ``block`` (its terminator stays last): ready ops keep their
    order; an op whose operands are not yet defined waits for them. False when a cycle left some op
    before what it uses (the rest is still sorted, that op taken as ready)."""
    term = block.terminator
    ops = list(block.ops)
    has_term = term is not None and (term.op_name.endswith(("return", "yield")) or term.successors)
    body = ops[:-1] if has_term else ops
    unscheduled = {id(op) for op in body}
    result: list[Operation] = []
    pending = list(body)
    acyclic = True

    def ready(op: Operation) -> bool:
        for inner in op.walk():
            for v in inner.operands:
                d = v.defining_op
                if d is None:
                    continue
                top = top_level_ancestor(d, block)
                if top is not None and top is not op and id(top) in unscheduled:
                    return False
        return True

    while pending:
        progressed = False
        rest: list[Operation] = []
        for op in pending:
            if ready(op):
                unscheduled.discard(id(op))
                result.append(op)
                progressed = True
            else:
                rest.append(op)
        if not progressed:
            acyclic = False
            first = rest.pop(0)
            unscheduled.discard(id(first))
            result.append(first)
        pending = rest
    block.ops[:] = result + ([term] if has_term and term is not None else [])
    return acyclic
