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
