"""The dependence graph of a function body, and its export for visualisation.

:func:`build_graph` makes a ``networkx.DiGraph`` with one node per op of a block (numbered by position),
each node carrying the op (``op``), what the scheduler knows of it (``info``, an
:class:`~scheduler.access.OpInfo`) and its name (``label``). Edges carry a ``kind``:

- ``"use"``: the source defines a value the target uses (uses nested in regions count for the op
  that holds them);
- ``"tied"``: a use where the target updates the value in place (a tied operand);
- ``"hazard"``: no SSA edge, but both ops touch overlapping bytes of one storage (values tied to each
  other share storage) and at least one of them writes.

Examples
--------
>>> import ir
>>> from ir import types as T
>>> pb = ir.ProgramBuilder()
>>> f = pb.function("main", [], [])
>>> size = pb.index(64)
>>> a = pb.create("stream.async.alloca", [size], [T.ResourceType("transient")]).result
>>> g = build_graph(f.body)
>>> sorted(g.nodes[n]["label"] for n in g)
['arith.constant', 'stream.async.alloca']
>>> [g.edges[e]["kind"] for e in g.edges]
['use']
"""

from __future__ import annotations

import pathlib
from typing import Any

import networkx as nx

from ir import Block, Operation, OpResult, Value
from ir import types as T
from scheduler.access import READ, Access, OpInfo, op_info, ranges_may_overlap


def top_level_ancestor(op: Operation, block: Block) -> Operation | None:
    """The op of ``block`` that is ``op`` or contains it; ``None`` when ``op`` is outside ``block``."""
    cur: Operation | None = op
    while cur is not None and cur.parent is not block:
        cur = cur.parent_op
    return cur


def build_graph(block: Block) -> nx.DiGraph[int]:
    """The dependence graph of the ops of ``block``: use-def, tied and hazard edges (see module doc)."""
    ops = block.ops
    infos = [op_info(op) for op in ops]
    index = {op: i for i, op in enumerate(ops)}  # (ops and values hash by identity)
    # The graph's adjacency dicts are written directly (networkx's ``_node``, ``_succ``, ``_pred``; see its
    # DiGraph docs), each edge as it is found: what ``add_nodes_from`` and then ``add_edges_from`` of the
    # edges in that order build (the same dicts in the same order), without networkx's per-item checks
    # (its ``add_nodes_from`` takes an exception per ``(node, attributes)`` pair) and without a table of
    # all the edges (a tuple per edge) made first and read again.
    g: nx.DiGraph[int] = nx.DiGraph()
    internals: Any = g  # the typing stubs leave out the adjacency dicts
    node, succ, pred = internals._node, internals._succ, internals._pred
    for i, op in enumerate(ops):
        succ[i] = {}
        pred[i] = {}
        node[i] = {"op": op, "info": infos[i], "label": op.op_name}
    for i, op in enumerate(ops):
        tied = infos[i].tied
        tied_values = set(tied.values()) if tied else ()
        into = pred[i]
        # an operand used twice (a dispatch's offset and length constants) gives its edge once: the same
        # edges, found in the same order, each value's first use deciding where its edge stands
        for v in _used_values(op) if op.regions else dict.fromkeys(op._operands):  # (read only)
            d = v.op if v.__class__ is OpResult else v.defining_op  # (the property, written out)
            if d is None:
                continue
            j = index.get(d)
            if j is None:
                anc = top_level_ancestor(d, block)
                j = index.get(anc) if anc is not None else None
            if j is None or j == i:
                continue
            data = into.get(j)
            if data is None:
                succ[j][i] = into[j] = {"kind": "tied" if v in tied_values else "use"}
            elif v in tied_values:
                data["kind"] = "tied"  # (over a use edge found first: it keeps that edge's place)
    _add_hazard_edges(succ, pred, block, infos)
    return g


def adjacency(g: nx.DiGraph[int]) -> tuple[Any, Any, Any]:
    """The graph's node attribute dicts, successor dicts and predecessor dicts (networkx's ``_node``,
    ``_succ`` and ``_pred``): what ``g.nodes[n]``, ``g.successors(n)``, ``g.edges[n, s]`` and
    ``g.predecessors(n)`` read, the same dicts, for loops over every node without a view's call per
    lookup."""
    internals: Any = g  # the typing stubs leave out the adjacency dicts
    return internals._node, internals._succ, internals._pred


def _used_values(op: Operation) -> list[Value]:
    vals = list(op._operands)  # (read only: no tuple copy per op)
    if op.regions:
        for inner in op.walk_list()[1:]:
            vals.extend(inner._operands)
    return vals


def _add_hazard_edges(
    succ: dict[int, dict[int, dict[str, str]]],
    pred: dict[int, dict[int, dict[str, str]]],
    block: Block,
    infos: list[OpInfo],
) -> None:
    # Storage of a value: follow ties back to the value first allocated (``own``: through the ops' own
    # ties; ``root``: through host awaits and barriers too).
    own: dict[Value, Value] = {}
    root: dict[Value, Value] = {}
    for i, op in enumerate(block.ops):
        for r, operand in infos[i].tied.items():
            own[op.results[r]] = own.get(operand, operand)
            root[op.results[r]] = root.get(operand, operand)
        if op.op_name in _TIMELINE_TIED:
            # a host await (or barrier) of a resource is that resource once the timepoint is reached:
            # IREE's TiedOpInterface ties each result to its operand, the same storage
            for res, operand in zip(op.results, op.operands):
                if isinstance(res.type, T.ResourceType):
                    root[res] = root.get(operand, operand)

    def add(j: int, i: int, a: Access, b: Access) -> None:
        out = succ[j]
        if i in out:
            return
        # one storage seen through a host await: ordered already when a path of uses joins the two (the
        # await between them), and an edge past the await would let them share a region around it
        if own.get(a.value, a.value) is not own.get(b.value, b.value) and _reaches(succ, j, i):
            return
        out[i] = pred[i][j] = {"kind": "hazard"}

    # Per storage: writes not yet overwritten and reads since, as (node, access).
    writes: dict[Value, list[tuple[int, Access]]] = {}
    reads: dict[Value, list[tuple[int, Access]]] = {}
    # (a storage's first access, most of them: nothing to order against, its lists made at once)
    written_to, read_from = writes.get, reads.get
    for i, info in enumerate(infos):
        for acc in info.accesses:
            key = root.get(acc.value, acc.value)
            written = written_to(key)
            if written:
                for j, other in written:
                    if j != i and ranges_may_overlap(acc, other):
                        add(j, i, acc, other)
            if acc.mode != READ:  # acc.writes, written out
                read = read_from(key)
                if read:
                    for j, other in read:
                        if j != i and ranges_may_overlap(acc, other):
                            add(j, i, acc, other)
                    reads[key] = [(j, o) for j, o in read if not _covers(acc, o)]
                else:
                    reads[key] = []
                if written:
                    writes[key] = [*[(j, o) for j, o in written if not _covers(acc, o)], (i, acc)]
                else:
                    writes[key] = [(i, acc)]
            else:
                reads.setdefault(key, []).append((i, acc))


def _reaches(succ: dict[int, dict[int, Any]], start: int, goal: int) -> bool:
    """Whether ``goal`` is reachable from ``start`` along ``succ`` (nodes are block positions: a path only
    goes forward, so nodes past ``goal`` are not followed)."""
    stack, seen = [start], {start}
    while stack:
        for n in succ[stack.pop()]:
            if n == goal:
                return True
            if n < goal and n not in seen:
                seen.add(n)
                stack.append(n)
    return False


#: Host timeline ops whose resource results are their resource operands (tied in IREE).
_TIMELINE_TIED = frozenset({"stream.timepoint.await", "stream.timepoint.barrier"})


def _covers(a: Access, b: Access) -> bool:
    """``a`` writes every byte ``b`` touches (so later accesses need only order against ``a``)."""
    if a.offset is None and a.length is None:
        return True
    if all(isinstance(x, int) for x in (a.offset, a.length, b.offset, b.length)):
        return a.offset <= b.offset and b.offset + b.length <= a.offset + a.length  # type: ignore[operator]
    return a.offset is b.offset and a.length is b.length


def _plain_graph(g: nx.DiGraph[int]) -> nx.DiGraph[int]:
    """A copy with only string/number attributes, which GraphML and DOT can hold."""
    h: nx.DiGraph[int] = nx.DiGraph()
    for n, data in g.nodes(data=True):
        op = data.get("op")
        attrs: dict[str, str | int] = {"label": str(data.get("label", n))}
        if op is not None and op.location is not None:
            attrs["location"] = str(op.location)
        for k in ("partition", "wave", "device"):
            if k in data and data[k] is not None:
                attrs[k] = int(data[k]) if isinstance(data[k], int) else str(data[k])
        h.add_node(n, **attrs)
    for u, v, data in g.edges(data=True):
        h.add_edge(u, v, kind=str(data.get("kind", "")))
    return h


def write_graphml(g: nx.DiGraph[int], path: str | pathlib.Path) -> None:
    """Write ``g`` as GraphML (node labels, locations, partition/wave/device when set; edge kinds)."""
    nx.write_graphml(_plain_graph(g), str(path))


def to_dot(g: nx.DiGraph[int]) -> str:
    """``g`` in Graphviz DOT, nodes labelled by op name (and partition/wave), edges styled by kind.

    Examples
    --------
    >>> g = nx.DiGraph()
    >>> g.add_node(0, label="stream.async.dispatch")
    >>> g.add_node(1, label="stream.async.dispatch")
    >>> g.add_edge(0, 1, kind="use")
    >>> print(to_dot(g))
    digraph schedule {
      n0 [label="0: stream.async.dispatch"];
      n1 [label="1: stream.async.dispatch"];
      n0 -> n1 [style=solid];
    }
    """
    style = {"use": "solid", "tied": "bold", "hazard": "dashed"}
    lines = ["digraph schedule {"]
    for n, data in _plain_graph(g).nodes(data=True):
        label = f"{n}: {data['label']}"
        for k in ("partition", "wave", "device"):
            if k in data:
                label += f"\\n{k} {data[k]}"
        lines.append(f'  n{n} [label="{label}"];')
    for u, v, data in g.edges(data=True):
        lines.append(f"  n{u} -> n{v} [style={style.get(data.get('kind', ''), 'solid')}];")
    lines.append("}")
    return "\n".join(lines)


def write_dot(g: nx.DiGraph[int], path: str | pathlib.Path) -> None:
    pathlib.Path(path).write_text(to_dot(g) + "\n")
