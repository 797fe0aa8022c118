"""Happens-before analysis of a watched run: races and lifetime errors.

The observer's graph is closed transitively with one bit set per node (a Python int whose bit ``m`` says
"node ``m`` happens before this one"), computed once in topological order; asking whether ``a`` happens
before ``b`` is then one bit test. This is the vector clock of every node, with one component per node.

Accesses are then swept in topological order, per buffer, over *shadow segments*: byte ranges that hold
the last write-like access (write, discard, alloc, free), the reads since, and whether the bytes hold
data. For a new access to a segment (FastTrack's rule, on byte ranges):

- a previous write-like access that does not happen before it, with one of the two writing, is a race;
  if the previous one is the allocation, the access does not wait for the allocation's timepoint; if it
  is a dealloca, the dealloca is not ordered with the use;
- a write-like access after reads that do not happen before it is a race (a dealloca: freed while in use);
- an access after a dealloca that happens before it is a use after dealloca;
- a read of bytes an allocation (or a discard) left unwritten is a read of uninitialised memory, except
  a copy's: as in IREE, copying undefined bytes is no error, using them is. A copy carries the
  "unwritten" state (with where it began) to its target's bytes, and the read reported is the one that
  uses them: a dispatch, a call, the host (a load, a file write, the result read back).

Buffers that no alloca/alloc made (imported inputs) count as initialised. At the end, stream allocations
(``alloca``, ``alloc``) that were never freed and that neither an output nor a global holds are leaks,
except those IREE's automatic reference counting leaves to the runtime's (see
:mod:`simulator.checks.refcount`): a resource with a use the pass cannot follow (a branch operand on any
edge, taken or not; a structured loop's initial value or yield; a host load/store of a staging readback;
a use in another block) is released when its last reference goes. The run also records the buffers a
branch carried to another block, a structured loop to its iteration arguments or results, and the host
read or wrote, which are released the same way.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from simulator.checks.findings import Finding, OpRef
from simulator.checks.observer import WRITE_KINDS, Access, Observer
from simulator.checks.refcount import left_to_reference_counting
from simulator.memory import Buffer, ResourceRef


def _topo_order(preds: list[list[int]]) -> list[int]:
    n = len(preds)
    if all(p < i for i, ps in enumerate(preds) for p in ps):
        return list(range(n))  # creation order is topological (the usual case)
    succs: list[list[int]] = [[] for _ in range(n)]
    indeg = [0] * n
    for i, ps in enumerate(preds):
        for p in set(ps):
            succs[p].append(i)
            indeg[i] += 1
    ready = [i for i in range(n) if indeg[i] == 0]
    order: list[int] = []
    while ready:
        i = ready.pop(0)
        order.append(i)
        for s in succs[i]:
            indeg[s] -= 1
            if indeg[s] == 0:
                bisect.insort(ready, s)
    # Nodes on a cycle (waits that can never be met) keep creation order after the rest.
    seen = set(order)
    order.extend(i for i in range(n) if i not in seen)
    return order


class HappensBefore:
    """``hb(a, b)``: node ``a`` happens before node ``b`` (or is ``b``)."""

    def __init__(self, preds: list[list[int]]) -> None:
        self.order = _topo_order(preds)
        anc = [0] * len(preds)
        for i in self.order:
            bits = 0
            for p in preds[i]:
                bits |= anc[p] | (1 << p)
            anc[i] = bits
        self.anc = anc

    def __call__(self, a: int, b: int) -> bool:
        return a == b or (self.anc[b] >> a) & 1 == 1


class _Segment:
    __slots__ = ("last", "origin", "reads", "start", "stop", "written")

    def __init__(
        self,
        start: int,
        stop: int,
        last: Access | None,
        reads: list[Access],
        written: bool,
        origin: tuple[OpRef, ...] = (),
    ) -> None:
        self.start = start
        self.stop = stop
        self.last = last
        self.reads = reads
        self.written = written
        # Unwritten bytes: what left them so (an alloca, a discard), then the copies that carried them here.
        self.origin = origin

    def split(self, at: int) -> _Segment:
        right = _Segment(at, self.stop, self.last, list(self.reads), self.written, self.origin)
        self.stop = at
        return right


class _Shadow:
    """The shadow segments of one buffer."""

    def __init__(self, size: int, initialised: bool) -> None:
        self.starts = [0]
        self.segs = [_Segment(0, max(size, 1), None, [], initialised)]

    def covering(self, start: int, stop: int) -> list[_Segment]:
        """The segments of ``[start, stop)``, split so that they lie exactly inside it."""
        end = self.segs[-1].stop
        if stop > end:  # an out-of-bounds access: extend the shadow (reported elsewhere)
            self.starts.append(end)
            self.segs.append(_Segment(end, stop, None, [], True))
        self._split_at(start)
        self._split_at(stop)
        i = bisect.bisect_right(self.starts, start) - 1
        out = []
        while i < len(self.segs) and self.segs[i].start < stop:
            out.append(self.segs[i])
            i += 1
        return out

    def _split_at(self, at: int) -> None:
        i = bisect.bisect_right(self.starts, at) - 1
        if i < 0:
            return
        seg = self.segs[i]
        if seg.start < at < seg.stop:
            right = seg.split(at)
            self.segs.insert(i + 1, right)
            self.starts.insert(i + 1, at)


LEAK_TRACKED = frozenset({"stream.resource.alloca", "stream.resource.alloc"})


def _label(buffer: Buffer) -> str:
    return buffer.label or f"buffer{buffer.id}"


class _Collector:
    """Findings deduplicated by (kind, ops, resource), their byte ranges merged."""

    def __init__(self) -> None:
        self.items: dict[tuple[Any, ...], list[Any]] = {}

    def add(
        self,
        category: str,
        kind: str,
        template: str,
        ops: tuple[OpRef, ...],
        buffer: Buffer | None,
        start: int,
        stop: int,
    ) -> None:
        key = (category, kind, ops, id(buffer) if buffer is not None else None)
        item = self.items.get(key)
        if item is None:
            self.items[key] = [category, kind, template, ops, buffer, start, stop]
        else:
            item[5] = min(item[5], start)
            item[6] = max(item[6], stop)

    def findings(self) -> list[Finding]:
        out = []
        for category, kind, template, ops, buffer, start, stop in self.items.values():
            resource = _label(buffer) if buffer is not None else None
            where = f"{resource}[{start}, {stop})" if resource is not None else ""
            out.append(
                Finding(
                    category,
                    kind,
                    template.format(a=ops[0].describe(), b=ops[-1].describe(), range=where),
                    ops,
                    resource,
                    (start, stop) if buffer is not None else None,
                )
            )
        return out


def analyse(
    observer: Observer, *, outputs: Sequence[Any] = (), globals_: dict[str, Any] | None = None
) -> list[Finding]:
    """Races and lifetime findings of a watched run, in a deterministic order."""
    preds = [list(p) for p in observer.preds]
    for src, dst in observer.wait_edges():
        preds[dst].append(src)
    hb = HappensBefore(preds)
    position = {n: i for i, n in enumerate(hb.order)}
    by_node: dict[int, list[Access]] = defaultdict(list)
    for a in observer.accesses:
        by_node[a.node].append(a)
    shadows: dict[int, _Shadow] = {}
    allocated: dict[int, tuple[Buffer, Access]] = {}
    freed: set[int] = set()
    out = _Collector()
    taint: list[tuple[int, int, tuple[OpRef, ...]]] = []
    for kind, message, ops, buffer, rng in observer.static_findings:
        out.add("lifetime", kind, message + " {range}", ops, buffer, *(rng or (0, 0)))
    for n in sorted(by_node, key=position.__getitem__):
        for acc in by_node[n]:
            buffer = acc.buffer
            shadow = shadows.get(id(buffer))
            if shadow is None:
                tracked = acc.kind == "alloc"
                shadow = shadows[id(buffer)] = _Shadow(buffer.size_bytes, not tracked)
            if acc.kind == "alloc":
                allocated[id(buffer)] = (buffer, acc)
            elif acc.kind == "free":
                freed.add(id(buffer))
            if acc.copy and acc.kind == "read":
                taint = _apply(acc, shadow, hb, out)
                continue
            _apply(acc, shadow, hb, out)
            if acc.copy and acc.kind == "write":
                _taint(acc, shadow, taint)
                taint = []
    findings = out.findings()
    released = freed | observer.branch_carried | observer.host_accessed
    findings.extend(_leaks(allocated, released, outputs, globals_ or {}, observer.alloc_ops))
    return findings


def _taint(acc: Access, shadow: _Shadow, taint: list[tuple[int, int, tuple[OpRef, ...]]]) -> None:
    """A copy's target write: the bytes its source left unwritten stay unwritten, from the same origin."""
    for start, stop, origin in taint:
        for seg in shadow.covering(acc.start + start, acc.start + stop):
            seg.written = False
            seg.origin = (origin[0], acc.who)  # where the bytes were left unwritten, the last copy


def _apply(
    acc: Access, shadow: _Shadow, hb: HappensBefore, out: _Collector
) -> list[tuple[int, int, tuple[OpRef, ...]]]:
    """Apply one access to the shadow, reporting what it finds; a copy's source read returns the byte
    ranges (relative to the read) that hold no data, with their origin, instead of reporting them."""
    n, buffer = acc.node, acc.buffer
    taint: list[tuple[int, int, tuple[OpRef, ...]]] = []
    writes = acc.kind in WRITE_KINDS
    for seg in shadow.covering(acc.start, acc.stop):
        last = seg.last
        s, e = seg.start, seg.stop
        if last is not None and last.node != n:
            ordered = hb(last.node, n)
            if last.kind == "alloc" and not ordered:
                out.add(
                    "lifetime",
                    "use-before-alloca",
                    "{b} uses {range} without waiting for {a}: its timepoint must be reached before the "
                    "resource is used",
                    (last.who, acc.who),
                    buffer,
                    s,
                    e,
                )
            elif last.kind == "free" and ordered and acc.kind != "alloc":
                out.add(
                    "lifetime",
                    "use-after-dealloca",
                    "{b} uses {range} after {a} released it",
                    (last.who, acc.who),
                    buffer,
                    s,
                    e,
                )
            elif last.kind == "free" and not ordered:
                out.add(
                    "lifetime",
                    "dealloca-unordered",
                    "{a} is not ordered with {b}, which uses {range}: the memory may be released while in use",
                    (last.who, acc.who),
                    buffer,
                    s,
                    e,
                )
            elif acc.kind == "free" and not ordered:
                out.add(
                    "lifetime",
                    "dealloca-unordered",
                    "{b} is not ordered after {a}, which writes {range}: the memory may be released while "
                    "in use",
                    (last.who, acc.who),
                    buffer,
                    s,
                    e,
                )
            elif not ordered and (writes or last.kind in WRITE_KINDS):
                out.add(
                    "race",
                    f"{last.kind}-{acc.kind}",
                    "{a} and {b} are unordered and both touch {range}" + f" ({last.kind}/{acc.kind})",
                    (last.who, acc.who),
                    buffer,
                    s,
                    e,
                )
        if writes:
            for r in seg.reads:
                if r.node == n or hb(r.node, n):
                    continue
                if acc.kind == "free":
                    kind, cat = "dealloca-unordered", "lifetime"
                    template = "{b} is not ordered after {a}, which reads {range}: the memory may be released while in use"
                elif acc.kind == "alloc":
                    continue
                else:
                    kind, cat = f"read-{acc.kind}", "race"
                    template = "{a} and {b} are unordered and both touch {range} (read/" + acc.kind + ")"
                out.add(cat, kind, template, (r.who, acc.who), buffer, s, e)
            seg.last = acc
            seg.reads = []
            seg.written = acc.kind == "write"
            seg.origin = () if seg.written else (acc.who,)
        else:
            if not seg.written and not (last is not None and last.kind == "free"):
                origin = seg.origin or ((last.who if last is not None else acc.who),)
                if acc.copy:
                    # Copying undefined bytes is no error in IREE (a copy moves bytes, whatever they
                    # hold); using them is. The target's bytes stay unwritten (see _taint).
                    taint.append((s - acc.start, e - acc.start, origin))
                else:
                    via = " (uninitialised bytes copied there)" if len(origin) > 1 else ""
                    out.add(
                        "lifetime",
                        "uninitialized-read",
                        "{b} reads {range}, which nothing wrote since {a}" + via,
                        (*origin, acc.who),
                        buffer,
                        s,
                        e,
                    )
            seg.reads.append(acc)
    return taint


def _leaks(
    allocated: dict[int, tuple[Buffer, Access]],
    freed: set[int],
    outputs: Sequence[Any],
    globals_: dict[str, Any],
    alloc_ops: dict[int, Any],
) -> list[Finding]:
    held: set[int] = set()
    for v in outputs:
        b = getattr(v, "buffer", None)
        if isinstance(b, Buffer):
            held.add(id(b))
    for v in globals_.values():
        if isinstance(v, ResourceRef):
            held.add(id(v.buffer))
    found = []
    for key, (buffer, acc) in allocated.items():
        # Stream allocations are the program's to release; parameter loads hand out buffers the runtime
        # reference-counts (constants, normally kept by globals).
        if key in freed or key in held or acc.who.op not in LEAK_TRACKED:
            continue
        op = alloc_ops.get(key)
        if op is not None and left_to_reference_counting(op):
            continue
        found.append(
            Finding(
                "lifetime",
                "leak",
                f"{acc.who.describe()} allocates {_label(buffer)} ({buffer.size_bytes} bytes), which is never "
                "deallocated and is neither returned nor held by a global",
                (acc.who,),
                _label(buffer),
                (0, buffer.size_bytes),
            )
        )
    return found
