"""Queue assignment: a policy beyond IREE that spreads independent work over a device's queues.

IREE's compiler leaves queue masks unset (``#hal.device.affinity<@dev>``), so every execution region of a
device goes to one queue and extra queues stay idle. IREE's affinity attribute can carry a queue mask
(``#hal.device.affinity<@dev, [1]>``), and its partitioning keeps ops of disjoint masks in different
regions (:func:`scheduler.access.affinities_compatible`). :func:`queue_chains` splits the streamable ops
of a function into chains (a producer continues in at most one consumer, the one extending the longest
chain; a fork or a root opens a new chain) and gives chain ``k`` queue ``k mod queues``;
:func:`assign_queues` is the stage that writes those masks into the ops' affinities. Run it before
``schedule_execution`` (:meth:`Pipeline.insert`). With one queue it changes nothing about the regions.

Examples
--------
Four branches from one input and a join: the branches open four chains, the join continues the first.

>>> import networkx as nx
>>> from scheduler.access import OpInfo, STREAMABLE
>>> g = nx.DiGraph()
>>> for n in range(6):
...     g.add_node(n, info=OpInfo(STREAMABLE), op=str(n))
>>> g.add_edges_from([(0, 1), (0, 2), (0, 3), (0, 4), (1, 5), (2, 5), (3, 5), (4, 5)])
>>> queue_chains(g, queues=2)
{0: 0, 1: 0, 2: 1, 3: 0, 4: 1, 5: 0}
"""

from __future__ import annotations

import networkx as nx

from ir import attributes as A
from scheduler.access import METADATA, STREAMABLE
from scheduler.errors import ScheduleError
from scheduler.graph import build_graph
from scheduler.state import ScheduleState

#: Ops that keep the affinity they have.
UNASSIGNED = frozenset({"stream.async.constant"})


def queue_chains(g: nx.DiGraph[int], *, queues: int, skip: frozenset[int] = frozenset()) -> dict[int, int]:
    """The queue ordinal of each streamable node of ``g`` (except ``skip``): chain index mod ``queues``.

    Nodes are taken in block order (node ids). A node continues the chain of one of its streamable
    predecessors that no other node has continued yet, the one whose chain is longest (then the lowest
    node); with none, it opens the next chain.
    """
    if queues < 1:
        raise ScheduleError(f"queue assignment needs at least one queue, got {queues}")
    nodes = [n for n in sorted(g.nodes) if g.nodes[n]["info"].kind == STREAMABLE and n not in skip]
    chosen = set(nodes)
    chain: dict[int, int] = {}
    length: dict[int, int] = {}  # chain -> ops in it
    continued: set[int] = set()
    for n in nodes:
        open_preds = [p for p in g.predecessors(n) if p in chosen and p in chain and p not in continued]
        if open_preds:
            p = min(open_preds, key=lambda q: (-length[chain[q]], q))
            continued.add(p)
            chain[n] = chain[p]
        else:
            chain[n] = len(length)
            length[chain[n]] = 0
        length[chain[n]] += 1
    return {n: c % queues for n, c in chain.items()}


def assign_queues(state: ScheduleState, *, queues: int) -> ScheduleState:
    """Stage: give each streamable op an affinity with one queue ordinal (:func:`queue_chains`), and each
    metadata op (``stream.async.alloca``) its first consumer's.

    An op's device is its own affinity's, else the module's ``stream.affinity.default``. Ops of regions
    kept from the input (pinned) and constants (``stream.async.constant``) keep theirs. Graphs are
    rebuilt.

    Raises
    ------
    ScheduleError
        When ``queues < 1``, or an op has neither an affinity naming a device nor a module default.
    """
    default = state.module.op.attr("stream.affinity.default")
    for plan in state.functions:
        g = plan.graph
        pinned_ops = {id(o) for r in plan.pinned for o in r.ops()}
        # Constants (parameter uploads) keep their affinity: split by queue they would become one upload
        # (and one host wait) per queue instead of one.
        skip = frozenset(
            n
            for n in g.nodes
            if id(g.nodes[n]["op"]) in pinned_ops or g.nodes[n]["op"].op_name in UNASSIGNED
        )
        chosen = queue_chains(g, queues=queues, skip=skip)
        # Metadata ops (stream.async.alloca) take the queue of their first consumer: IREE places them in
        # that consumer's region and requires their affinity to fit the region's.
        for n in sorted(g.nodes):
            if g.nodes[n]["info"].kind == METADATA and n not in skip:
                users = sorted(s for s in g.successors(n) if s in chosen)
                chosen[n] = chosen[users[0]] if users else 0
        for n, q in sorted(chosen.items()):
            op = g.nodes[n]["op"]
            aff = op.attr("affinity")
            if aff is None and op.op_name == "stream.async.transfer":
                continue  # runs where its endpoints say; not the default device's
            aff = aff or default
            if not isinstance(aff, A.DeviceAffinityAttr):
                raise ScheduleError(
                    f"{op.describe()}: queue assignment needs a #hal.device.affinity on the op or a module "
                    f"stream.affinity.default, found {aff}"
                )
            op.properties["affinity"] = A.DeviceAffinityAttr(aff.device, (q,))
        plan.graph = build_graph(plan.block)
    return state
