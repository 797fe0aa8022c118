"""Policies beyond IREE: multi-device placement (HEFT) and concurrency under a memory cap.

Both are pure functions over the graph of :func:`scheduler.graph.build_graph`, plus a stage that applies
each inside a :class:`~scheduler.pipeline.Pipeline`:

- :func:`heft_placement` assigns streamable ops to devices by Heterogeneous Earliest Finish Time. The
  cost model comes in as callables (``cost(op, device) -> ns`` and ``transfer_cost(bytes, src, dst) ->
  ns``), so that the scheduler need not import the simulator. :func:`place_devices` is the stage: it
  sets each op's affinity and inserts ``stream.async.transfer`` where a value crosses devices. Run it
  before ``schedule_execution`` (:meth:`Pipeline.insert`).
- :func:`waves_under_memory_cap` forms waves greedily in program order, adding ready ops to the current
  wave while the bytes live across it stay under a cap. :func:`schedule_concurrency_capped` is the
  stage that replaces ``schedule_concurrency``.

Examples
--------
Two independent dispatches, two devices, each dispatch 10 ns anywhere: HEFT runs them side by side.

>>> import networkx as nx
>>> from scheduler.access import OpInfo, STREAMABLE
>>> g = nx.DiGraph()
>>> g.add_node(0, info=OpInfo(STREAMABLE), op="a")
>>> g.add_node(1, info=OpInfo(STREAMABLE), op="b")
>>> p = heft_placement(g, devices=["gpu0", "gpu1"], cost=lambda op, dev: 10)
>>> sorted(p.device.values()), p.makespan_ns
(['gpu0', 'gpu1'], 10.0)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx

from ir import Builder, Value
from ir import attributes as A
from scheduler.access import METADATA, STREAMABLE, is_resource, operand_size, result_size, static_index
from scheduler.errors import MemoryCapError, ScheduleError
from scheduler.graph import build_graph
from scheduler.state import ScheduleState

CostFn = Callable[[Any, Hashable], float]
TransferFn = Callable[[int, Hashable, Hashable], float]


@dataclass(frozen=True)
class Placement:
    """Device per node, the estimated start and finish of each (ns), and the estimated makespan."""

    device: dict[int, Hashable]
    start_ns: dict[int, float]
    finish_ns: dict[int, float]
    makespan_ns: float


def _task_nodes(g: nx.DiGraph[int]) -> list[int]:
    return [n for n in sorted(g.nodes) if g.nodes[n]["info"].kind == STREAMABLE]


def _edge_bytes(g: nx.DiGraph[int], u: int, v: int) -> int:
    """Bytes a consumer may need from a producer: the static sizes of the producer's resource results."""
    op = g.nodes[u].get("op")
    if op is None or not hasattr(op, "results"):
        return int(g.edges[u, v].get("bytes", 0))
    return _output_bytes(g, u)


def heft_placement(
    g: nx.DiGraph[int],
    *,
    devices: Sequence[Hashable],
    cost: CostFn,
    transfer_cost: TransferFn | None = None,
) -> Placement:
    """Place the streamable ops of ``g`` on ``devices`` by HEFT (Topcuoglu et al., 2002).

    Ops are ranked by their upward rank (mean cost plus the longest path of mean costs and transfers to
    an exit) and taken in decreasing rank; each goes to the device where it would finish first, counting
    the transfers of its inputs from other devices and the device's earlier work (insertion into idle
    gaps is not attempted).
    """
    if not devices:
        raise ScheduleError("heft_placement: no devices to place on")
    xfer = transfer_cost or (lambda nbytes, src, dst: 0.0)
    tasks = _task_nodes(g)
    task_set = set(tasks)
    dag: nx.DiGraph[int] = nx.DiGraph()
    dag.add_nodes_from(tasks)
    # Dependencies between tasks, through host ops too (transitively).
    for n in tasks:
        stack = list(g.successors(n))
        seen: set[int] = set()
        while stack:
            m = stack.pop()
            if m in seen:
                continue
            seen.add(m)
            if m in task_set:
                dag.add_edge(n, m, bytes=_edge_bytes(g, n, m) if g.has_edge(n, m) else 0)
            else:
                stack.extend(g.successors(m))
    if not nx.is_directed_acyclic_graph(dag):
        raise ScheduleError("heft_placement: the dependence graph has a cycle")
    mean = {n: sum(float(cost(g.nodes[n].get("op"), d)) for d in devices) / len(devices) for n in tasks}
    pairs = [(a, b) for a in devices for b in devices if a != b]

    def mean_xfer(nbytes: int) -> float:
        if not pairs:
            return 0.0
        return sum(float(xfer(nbytes, a, b)) for a, b in pairs) / len(pairs)

    rank: dict[int, float] = {}
    for n in reversed(list(nx.topological_sort(dag))):
        rank[n] = mean[n] + max(
            (mean_xfer(dag.edges[n, s]["bytes"]) + rank[s] for s in dag.successors(n)), default=0.0
        )
    position = {n: i for i, n in enumerate(tasks)}
    order = sorted(tasks, key=lambda n: (-rank[n], position[n]))
    ready_at = dict.fromkeys(devices, 0.0)
    device: dict[int, Hashable] = {}
    start: dict[int, float] = {}
    finish: dict[int, float] = {}
    for n in order:
        best = None
        for d in devices:
            arrive = 0.0
            for p in dag.predecessors(n):
                t = finish[p] + (
                    float(xfer(dag.edges[p, n]["bytes"], device[p], d)) if device[p] != d else 0.0
                )
                arrive = max(arrive, t)
            s = max(arrive, ready_at[d])
            f = s + float(cost(g.nodes[n].get("op"), d))
            if best is None or f < best[0]:
                best = (f, s, d)
        assert best is not None
        f, s, d = best
        device[n], start[n], finish[n] = d, s, f
        ready_at[d] = f
    return Placement(device, start, finish, max(finish.values(), default=0.0))


def place_devices(
    state: ScheduleState,
    *,
    devices: Sequence[A.Attribute],
    cost: CostFn,
    transfer_cost: TransferFn | None = None,
) -> ScheduleState:
    """Stage: HEFT-place every function's streamable ops on ``devices`` (affinity attributes).

    Sets each op's ``affinity`` and, where a consumer runs on another device than the producer of one of
    its resources, inserts a ``stream.async.transfer`` right after the producer. Graphs are rebuilt.

    Transfers already in the program (IREE's, from ``flow.tensor.transfer``) are placed again: one that
    keeps its resource type goes (its users take its source, and HEFT decides what crosses devices);
    one that changes it (a result made external for the caller) stays, as a task HEFT places, its source
    side re-pointed at wherever its input ends up.
    """
    for plan in state.functions:
        if _drop_plain_transfers(plan.block):
            plan.graph = build_graph(plan.block)
        placement = heft_placement(plan.graph, devices=devices, cost=cost, transfer_cost=transfer_cost)
        for n, dev in placement.device.items():
            op = plan.graph.nodes[n]["op"]
            if op.op_name == "stream.async.transfer":
                op.properties.pop("affinity", None)
                op.properties["execution_affinity"] = dev
            else:
                op.properties["affinity"] = dev
        transfers: dict[tuple[int, Hashable], Value] = {}
        for n, dev in placement.device.items():
            assert isinstance(dev, A.Attribute)  # heft_placement places each node on one of ``devices``
            op = plan.graph.nodes[n]["op"]
            for i, v in enumerate(op.operands):
                producer = v.defining_op
                if producer is None or not is_resource(v):
                    continue
                src = _placed_on(producer)
                if src is None or src == dev:
                    continue
                key = (id(v), dev)
                if key not in transfers:
                    try:
                        size = result_size(producer, v.index)
                    except ValueError:  # a host producer (stream.tensor.import): the consumer knows the size
                        size = operand_size(op, v)
                    t = Builder.after(producer).create(
                        "stream.async.transfer",
                        [v, size, size],
                        [v.type],
                        properties={"source_affinity": src, "target_affinity": dev},
                    )
                    transfers[key] = t.result
                op.set_operand(i, transfers[key])
            if op.op_name == "stream.async.transfer":
                made = op.operands[0].defining_op
                src = _placed_on(made) if made is not None else None
                if src is not None:
                    op.properties["source_affinity"] = src
        plan.graph = build_graph(plan.block)
        for n in plan.graph.nodes:
            aff = plan.graph.nodes[n]["op"].attr("affinity")
            if aff is not None and plan.graph.nodes[n]["info"].kind == STREAMABLE:
                plan.graph.nodes[n]["device"] = str(aff)
    return state


def _placed_on(op: Any) -> A.Attribute | None:
    """Where ``op``'s result lives once placed: a transfer's target, another op's affinity."""
    if op.op_name == "stream.async.transfer":
        aff = op.attr("target_affinity") or op.attr("result_affinity")
    else:
        aff = op.attr("affinity")
    return aff if isinstance(aff, A.Attribute) else None


def _drop_plain_transfers(block: Any) -> bool:
    """Remove the transfers of ``block`` that keep their resource type (users take the source)."""
    dropped = False
    for op in list(block.ops):
        if op.op_name == "stream.async.transfer" and op.operands[0].type == op.results[0].type:
            op.results[0].replace_all_uses_with(op.operands[0])
            op.erase()
            dropped = True
    return dropped


def waves_under_memory_cap(
    g: nx.DiGraph[int],
    nodes: Sequence[int],
    *,
    cap_bytes: int,
    sizes: Callable[[int], int] | None = None,
) -> tuple[tuple[int, ...], ...]:
    """Waves in program order, each as wide as the bytes live across it allow.

    A node's output bytes (``sizes(node)``, by default the static sizes of its resource results) are live
    from its wave until the wave of its last consumer in ``nodes`` (for ever, if it has consumers outside).
    An op joins the current wave when its inputs come from earlier waves and the live bytes, with its
    output added, stay at most ``cap_bytes``; otherwise the wave closes.

    Raises
    ------
    MemoryCapError
        When an op cannot run even alone under the cap; the message names it.

    Examples
    --------
    >>> import networkx as nx
    >>> from scheduler.access import OpInfo, STREAMABLE
    >>> g = nx.DiGraph()
    >>> for n in range(3):
    ...     g.add_node(n, info=OpInfo(STREAMABLE), label=f"d{n}")
    >>> waves_under_memory_cap(g, [0, 1, 2], cap_bytes=200, sizes=lambda n: 100)
    ((0, 1), (2,))
    """
    size_of = sizes or (lambda n: _output_bytes(g, n))
    inside = [n for n in nodes if g.nodes[n]["info"].kind == STREAMABLE]
    member = set(inside)
    preds = {n: {p for p in g.predecessors(n) if p in member} for n in inside}
    users = {n: {s for s in g.successors(n) if s in member} for n in inside}
    escapes = {
        n: any(s not in member for s in g.successors(n) if g.nodes[s]["info"].kind != METADATA)
        for n in inside
    }
    done: set[int] = set()
    remaining_users = {n: set(users[n]) for n in inside}
    live: dict[int, int] = {}
    waves: list[tuple[int, ...]] = []
    pending = list(inside)
    while pending:
        wave: list[int] = []
        used = sum(live.values())
        for n in pending:
            if not preds[n] <= done:
                continue
            extra = size_of(n)
            if used + extra <= cap_bytes or not wave:
                if used + extra > cap_bytes:
                    op = g.nodes[n].get("op")
                    what = (
                        op.describe()
                        if op is not None and hasattr(op, "describe")
                        else g.nodes[n].get("label", n)
                    )
                    raise MemoryCapError(
                        f"{what} needs {extra} bytes with {used} bytes already live, over the cap of {cap_bytes}"
                    )
                wave.append(n)
                used += extra
        if not wave:
            raise ScheduleError("waves_under_memory_cap: no op is ready (cyclic dependencies)")
        waves.append(tuple(wave))
        taken = set(wave)
        pending = [n for n in pending if n not in taken]
        done |= taken
        for n in wave:
            live[n] = size_of(n)
        for n in wave:
            for p in preds[n]:
                remaining_users[p].discard(n)
        for n in list(live):
            if not remaining_users[n] and not escapes[n]:
                del live[n]
    return tuple(waves)


def _output_bytes(g: nx.DiGraph[int], n: int) -> int:
    op = g.nodes[n]["op"]
    total = 0
    tied = g.nodes[n]["info"].tied
    for r, res in enumerate(op.results):
        if is_resource(res) and r not in tied:
            total += static_index(result_size(op, r)) or 0
    return total


def schedule_concurrency_capped(state: ScheduleState, *, cap_bytes: int) -> ScheduleState:
    """Stage replacing ``schedule_concurrency``: waves from :func:`waves_under_memory_cap`, such that the
    region's packed transient slab (as ``schedule_allocation`` and ``layout_slices`` will lay it out)
    fits in ``cap_bytes``.

    Packing can leave gaps, so the live-byte budget starts at the cap and shrinks by the overshoot until
    the slab fits; :class:`MemoryCapError` when no budget does.
    """
    from scheduler.stages import order_items
    from scheduler.stages_allocation import region_transient_bytes

    for plan in state.functions:
        for p, part in enumerate(plan.partitions):
            budget = cap_bytes
            while True:
                waves = waves_under_memory_cap(plan.graph, part.nodes, cap_bytes=budget)
                plan.waves[p] = waves
                plan.items[p] = order_items(plan.graph, part.nodes, waves)
                slab = region_transient_bytes(state, plan, p)
                if slab <= cap_bytes:
                    for w, wave in enumerate(waves):
                        for n in wave:
                            plan.graph.nodes[n]["wave"] = w
                    break
                budget -= max(slab - cap_bytes, 1)
    return state


def transfer_bytes_cost(bandwidth_bytes_per_s: float, latency_ns: float = 0.0) -> TransferFn:
    """A simple link model for :func:`heft_placement`: latency plus bytes over bandwidth, in ns."""

    def fn(nbytes: int, src: Hashable, dst: Hashable) -> float:
        return latency_ns + nbytes * 1e9 / bandwidth_bytes_per_s

    return fn


__all__ = [
    "Placement",
    "heft_placement",
    "place_devices",
    "schedule_concurrency_capped",
    "transfer_bytes_cost",
    "waves_under_memory_cap",
]
