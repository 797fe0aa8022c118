from __future__ import annotations

import networkx as nx

import ir
from ir import types as T
from scheduler import build_graph, to_dot, write_graphml
from scheduler.synthetic import async_program


def kinds(g):
    return {(g.nodes[u]["label"], g.nodes[v]["label"], d["kind"]) for u, v, d in g.edges(data=True)}


def test_graph_use_def_edges():
    m = async_program([("a", ["x"], 64), ("b", ["a"], 64)], outputs=["b"])
    g = build_graph(m.function("main").body)
    assert ("stream.async.dispatch", "stream.async.dispatch", "use") in kinds(g)
    assert nx.is_directed_acyclic_graph(g)


def _tied_program():
    pb = ir.ProgramBuilder()
    pb.function("main", [], [])
    size, zero, four = pb.index(16), pb.index(0), pb.index(4)
    value = pb.constant(7, T.i32)
    t = T.ResourceType("transient")
    buf = pb.create("stream.async.alloca", [size], [t]).result
    # reader of the whole buffer, then an in-place fill of bytes [0, 4), then a fill of [8, 12)
    reader = pb.create("stream.async.clone", [buf, size, size], [t]).result
    filled = pb.create("stream.async.fill", [buf, size, zero, four, four, value], [t]).result
    eight, twelve = pb.index(8), pb.index(12)
    pb.create("stream.async.fill", [filled, size, eight, twelve, four, value], [t])
    del reader
    return pb


def test_graph_tied_and_hazard_edges():
    pb = _tied_program()
    g = build_graph(pb.module.function("main").body)
    k = kinds(g)
    assert ("stream.async.alloca", "stream.async.fill", "tied") in k
    assert ("stream.async.fill", "stream.async.fill", "tied") in k
    # the clone reads bytes the first fill overwrites in place: write-after-read hazard
    assert ("stream.async.clone", "stream.async.fill", "hazard") in k


def test_graph_export_dot_and_graphml(tmp_path):
    m = async_program([("a", ["x"], 64), ("b", ["a"], 64)], outputs=["b"])
    g = build_graph(m.function("main").body)
    dot = to_dot(g)
    assert dot.startswith("digraph schedule {") and "stream.async.dispatch" in dot
    path = tmp_path / "g.graphml"
    write_graphml(g, path)
    back = nx.read_graphml(path)
    assert back.number_of_nodes() == g.number_of_nodes()
    assert {d["kind"] for _, _, d in back.edges(data=True)} == {d["kind"] for _, _, d in g.edges(data=True)}


def test_graph_is_the_one_networkx_add_calls_build():
    """build_graph writes networkx's adjacency dicts itself: the nodes, edges, their data and the order of
    every adjacency (successors and predecessors) are those networkx's add calls build, adding the nodes,
    then each op's use edges (tied where the op updates the value in place) in operand order, then the
    hazard edges, by consumer."""
    import pathlib

    from ir import OpResult
    from scheduler.graph import top_level_ancestor

    fixtures = pathlib.Path(__file__).parents[1] / "fixtures" / "iree"
    blocks = []
    for path in sorted(fixtures.glob("*/async.generic.mlir")):
        module = ir.load_file(str(path))
        blocks += [b for op in module.op.walk() for r in op.regions for b in r.blocks if len(b.ops) > 3]
    blocks.append(_tied_program().module.function("main").body)  # (a hazard edge)
    assert blocks
    hazards_seen = 0
    for block in blocks:
        ours = build_graph(block)
        theirs = nx.DiGraph()
        theirs.add_nodes_from((n, dict(ours.nodes[n])) for n in ours.nodes)
        index = {op: i for i, op in enumerate(block.ops)}
        for i, op in enumerate(block.ops):
            tied = set(ours.nodes[i]["info"].tied.values())
            values = list(op.operands) + [v for inner in op.walk_list()[1:] for v in inner.operands]
            for v in values:
                d = v.op if isinstance(v, OpResult) else v.defining_op
                top = top_level_ancestor(d, block) if d is not None else None
                j = index.get(top) if top is not None else None
                if j is None or j == i:
                    continue
                if v in tied:
                    theirs.add_edge(j, i, kind="tied")  # (updates a use edge in place)
                elif not theirs.has_edge(j, i):
                    theirs.add_edge(j, i, kind="use")
        for i in ours.nodes:
            for j in ours.pred[i]:
                if ours.edges[j, i]["kind"] == "hazard":
                    assert not theirs.has_edge(j, i)
                    theirs.add_edge(j, i, kind="hazard")
                    hazards_seen += 1
        assert list(ours.nodes(data=True)) == list(theirs.nodes(data=True))
        assert list(ours.edges(data=True)) == list(theirs.edges(data=True))
        assert [list(ours.pred[n]) for n in ours] == [list(theirs.pred[n]) for n in theirs]
        assert [list(ours.succ[n]) for n in ours] == [list(theirs.succ[n]) for n in theirs]
        assert all(ours.succ[u][v] is ours.pred[v][u] for u, v in ours.edges)
        last = len(block.ops) - 1
        ours.add_edge(0, last, kind="use")  # still a working networkx graph
        assert ours.has_edge(0, last) and 0 in ours.pred[last]
    assert hazards_seen
