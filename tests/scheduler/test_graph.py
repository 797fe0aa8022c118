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
    every adjacency (successors and predecessors) are those of add_nodes_from + add_edges_from."""
    import pathlib

    from scheduler.graph import _digraph

    fixture = pathlib.Path(__file__).parents[1] / "fixtures" / "iree" / "attention_block" / "async.generic.mlir"
    module = ir.load_file(str(fixture))
    blocks = [b for op in module.op.walk() for r in op.regions for b in r.blocks if len(b.ops) > 3]
    assert blocks
    for block in blocks:
        g = build_graph(block)
        nodes = [dict(g.nodes[n]) for n in g.nodes]
        # Edges in an order other than the successors' (the order _digraph is given decides predecessors).
        edges = {(u, v): d["kind"] for u, v, d in sorted(g.edges(data=True), key=lambda e: (e[1], -e[0]))}
        ours = _digraph(nodes, edges)
        theirs = nx.DiGraph()
        theirs.add_nodes_from((i, attrs) for i, attrs in enumerate(nodes))
        theirs.add_edges_from((u, v, {"kind": kind}) for (u, v), kind in edges.items())
        assert list(ours.nodes(data=True)) == list(theirs.nodes(data=True))
        assert list(ours.edges(data=True)) == list(theirs.edges(data=True))
        assert [list(ours.pred[n]) for n in ours] == [list(theirs.pred[n]) for n in theirs]
        assert [list(ours.succ[n]) for n in ours] == [list(theirs.succ[n]) for n in theirs]
        assert all(ours.succ[u][v] is ours.pred[v][u] for u, v in ours.edges)
        ours.add_edge(0, len(nodes) - 1, kind="use")  # still a working networkx graph
        assert ours.has_edge(0, len(nodes) - 1) and 0 in ours.pred[len(nodes) - 1]
