"""The observer: records what a run does, as a happens-before graph with byte-range accesses.

Attached to a run (``Session.invoke(..., observer=obs)``), it is told of every queue submission (with
what the work will do: a command tree, an allocation, parameter requests, a file transfer), every host
wait and every host access to a resource. From these it builds a graph of *nodes* in creation order:

- the host is a chain of nodes, one per event (submission, wait, access), in program order;
- a submission is a start node (after the host's submit node, and after whatever signals its wait fence)
  and an end node (what signals its semaphores); a command buffer lies between them as a tree of command
  nodes: serial commands are separated by barrier nodes, the commands of a concurrent wave are not;
- a host wait node follows what signals the fence it waits on;
- with ``queue_order=True``, a submission to an in-order queue also follows the previous one on it.

Semaphore signal -> wait edges are resolved after the run (:meth:`Observer.wait_edges`): a wait for
``sem >= v`` follows the submission that signals ``sem`` to the least value ``>= v``.

Each command node carries its accesses: ``read``, ``write``, ``discard``, ``alloc`` and ``free`` of a byte
range of a buffer. Dispatch bindings of IREE executables are resolved through the executable
(``program.accesses``): the subspan offset, then the load/store slices, so two dispatches that bind one
slab but touch different bytes of it do not conflict.

The observer also shapes the run it watches (all legal, none changes what the program means): it poisons
fresh allocations (0xFF bytes, NaN as f32) so reads of never-written memory show in the numbers;
``serialize`` runs one queue operation at a time and every concurrent wave in program order (the
sequential reference); ``resolve=False`` judges dispatches by their whole bindings (to show why
resolving matters); ``jitter`` delays queue operations, scales command durations and shuffles waves
by a seeded random generator (a random legal interleaving); ``faults`` fail chosen operations.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

import simpy

from simulator.checks.faults import Fault
from simulator.checks.findings import OpRef
from simulator.commands import CallCmd, Concurrent, CopyCmd, DispatchCmd, FillCmd, Serial
from simulator.errors import InputError, SimulationError
from simulator.kernels import push_constant
from simulator.memory import Buffer, ResourceRef
from simulator.semaphores import Fence

POISON = 0xFF
WRITE_KINDS = frozenset({"write", "discard", "alloc", "free"})


def op_ref(op: Any, detail: str = "") -> OpRef:
    return OpRef(op.op_name, str(op.location) if op.location is not None else None, detail)


def _cmd_ref(cmd: Any, detail: str = "") -> OpRef:
    if isinstance(cmd, DispatchCmd | CallCmd):
        return op_ref(cmd.op, detail)
    args = cmd.args
    return OpRef(str(args.get("op", "?")), args.get("loc"), detail)


@dataclass(slots=True)
class Access:
    node: int
    buffer: Buffer
    start: int
    stop: int
    kind: str
    who: OpRef
    # A copy's source read and target write (consecutive accesses of one node): uninitialised bytes the
    # source holds stay uninitialised in the target instead of being a read of them (see hb).
    copy: bool = False


@dataclass(eq=False)
class Submission:
    """One queue operation as submitted, and what became of it."""

    index: int
    op: OpRef
    queue: Any
    wait: Fence
    signal: Fence
    start: int
    end: int
    kind: str
    allocates: bool = False
    parameter_keys: list[tuple[str, str]] = field(default_factory=list)
    status: str = "pending"  # pending -> running -> done | failed
    error: str | None = None
    started_ns: int | None = None
    buffers: list[Buffer] = field(default_factory=list)


class Observer:
    """Watches one invocation. See the module docstring."""

    def __init__(
        self,
        *,
        poison: bool = True,
        serialize: bool = False,
        jitter_seed: int | None = None,
        faults: tuple[Fault, ...] = (),
        queue_order: bool = False,
        resolve: bool = True,
    ) -> None:
        self.poison = poison
        self.resolve = resolve
        self.serialize = serialize
        self.rng = random.Random(jitter_seed) if jitter_seed is not None else None
        self.faults = faults
        self.queue_order = queue_order
        self.runtime: Any = None
        self.interp: Any = None
        self.lock: simpy.Resource | None = None
        # The graph: preds per node, accesses per node, host chain.
        self.preds: list[list[int]] = []
        self.labels: list[str] = []
        self.accesses: list[Access] = []
        self.fence_waits: list[tuple[int, Fence]] = []
        self.host_last: int | None = None
        self.submissions: list[Submission] = []
        self.host_signals: list[Submission] = []
        # Buffers handed to a successor block by a branch (loop-carried resources): IREE releases those
        # by reference counting, not by a dealloca (see hb._leaks).
        self.branch_carried: set[int] = set()
        # Buffers the host read or wrote (stream.resource.load/store: a staging readback): IREE's automatic
        # reference counting leaves resources with non-timeline uses to the runtime (see hb._leaks).
        self.host_accessed: set[int] = set()
        # The op that allocated each buffer (id(buffer) -> op): hb._leaks asks IREE's reference counting
        # rule about the value it made.
        self.alloc_ops: dict[int, Any] = {}
        self.signals: dict[int, list[tuple[int, Submission]]] = {}
        self.queue_tail: dict[int, Submission] = {}
        self.host_waits: list[tuple[OpRef, Fence]] = []
        self.static_findings: list[
            tuple[str, str, tuple[OpRef, ...], Buffer | None, tuple[int, int] | None]
        ] = []
        self._access_cache: dict[tuple[Any, ...], list[list[tuple[str, int, int]]] | None] = {}
        self.triggered: list[tuple[Fault, Submission, str]] = []
        # stream.cmd.discard ops recorded into a command tree: id(node) -> [(position, op, operands)].
        self.discards: dict[int, list[tuple[int, Any, list[Any]]]] = {}
        self._keep: list[Any] = []

    # -- attachment ------------------------------------------------------------------------------

    def attach(self, runtime: Any, interp: Any) -> None:
        self.runtime = runtime
        self.interp = interp
        if self.serialize:
            self.lock = simpy.Resource(runtime.engine.env, 1)

    @property
    def now(self) -> int:
        return int(self.runtime.engine.env.now)

    # -- graph building --------------------------------------------------------------------------

    def node(self, preds: list[int], label: str) -> int:
        self.preds.append(preds)
        self.labels.append(label)
        return len(self.preds) - 1

    def host_node(self, label: str, extra: list[int] = ()) -> int:  # type: ignore[assignment]
        preds = [self.host_last] if self.host_last is not None else []
        preds.extend(extra)
        n = self.node(preds, label)
        self.host_last = n
        return n

    def access(
        self,
        node: int,
        ref_or_buffer: Any,
        start: int,
        stop: int,
        kind: str,
        who: OpRef,
        *,
        copy: bool = False,
    ) -> None:
        if isinstance(ref_or_buffer, ResourceRef):
            base = ref_or_buffer.offset_bytes
            buffer = ref_or_buffer.buffer
        else:
            base, buffer = 0, ref_or_buffer
        if stop > start or kind in ("alloc", "free"):
            self.accesses.append(Access(node, buffer, base + start, base + stop, kind, who, copy))

    # -- hooks called by the simulator ----------------------------------------------------------

    def on_host_wait(self, op: Any, fence: Fence) -> None:
        n = self.host_node(f"await {op.describe()}")
        self.fence_waits.append((n, fence))
        self.host_waits.append((op_ref(op), fence))

    def on_discard(self, node: Any, position: int, op: Any, operands: list[Any]) -> None:
        """A ``stream.cmd.discard`` recorded before item ``position`` of a command-tree ``node``."""
        self._keep.append(node)
        self.discards.setdefault(id(node), []).append((position, op, operands))

    def on_host_signal(self, op: Any, fence: Fence) -> None:
        """The host signals a fence (``hal.fence.signal``): what waits on it follows the host's node."""
        n = self.host_node(f"signal {op.describe()}")
        sub = Submission(-1 - len(self.host_signals), op_ref(op), None, Fence(), fence, n, n, "host-signal")
        sub.status = "done"
        self.host_signals.append(sub)
        for sem, value in fence.points:
            self.signals.setdefault(id(sem), []).append((value, sub))

    def on_branch(self, op: Any, values: list[Any]) -> None:
        """A host branch (``cf.br``/``cf.cond_br``) binds ``values`` to its successor's arguments."""
        for v in values:
            if isinstance(v, ResourceRef):
                self.branch_carried.add(id(v.buffer))

    def on_host_access(self, op: Any, ref: ResourceRef, offset: int, length: int, kind: str) -> None:
        n = self.host_node(f"host {kind} {op.describe()}")
        if kind in ("alloc", "free"):
            if kind == "alloc":
                self.alloc_ops[id(ref.buffer)] = op
            self.access(n, ref.buffer, 0, ref.buffer.size_bytes, kind, op_ref(op, f"host {kind}"))
        else:
            self.host_accessed.add(id(ref.buffer))
            self.access(n, ref, offset, offset + length, kind, op_ref(op, f"host {kind}"))

    def on_submit(
        self, interp: Any, op: Any, queue: Any, work: Any, wait: Fence | None, signal: Fence, what: Any
    ) -> Any:
        wait = wait if wait is not None else Fence()
        h = self.host_node(f"submit {op.describe()}")
        preds = [h]
        if self.queue_order and queue.device.spec.in_order:
            prev = self.queue_tail.get(id(queue))
            if prev is not None:
                preds.append(prev.end)
        start = self.node(preds, f"start {op.describe()}")
        if wait.points:
            self.fence_waits.append((start, wait))
        kind = what[0] if isinstance(what, tuple) and what else "other"
        sub = Submission(len(self.submissions), op_ref(op), queue, wait, signal, start, start, kind)
        exits = self._describe_work(sub, op, what, start)
        sub.end = self.node(exits, f"end {op.describe()}") if exits != [start] else start
        self.submissions.append(sub)
        self.queue_tail[id(queue)] = sub
        for sem, value in signal.points:
            self.signals.setdefault(id(sem), []).append((value, sub))
        if kind == "execute" and self.rng is not None:
            self._jitter_tree(what[1])
        if kind == "execute" and self.serialize:
            _serialize_tree(what[1])
        return self._wrap(sub, work)

    # -- what each kind of work touches --------------------------------------------------------

    def _describe_work(self, sub: Submission, op: Any, what: Any, start: int) -> list[int]:
        kind = sub.kind
        if kind == "execute":
            return self._tree(what[1], [start])
        if kind == "alloca":
            buffer = what[1]
            self.alloc_ops[id(buffer)] = op
            sub.allocates = True
            sub.buffers.append(buffer)
            self.access(start, buffer, 0, buffer.size_bytes, "alloc", sub.op)
        elif kind == "dealloca":
            ref = what[1]
            self.access(start, ref.buffer, 0, ref.buffer.size_bytes, "free", sub.op)
        elif kind == "parameters":
            requests, allocate = what[1], what[2]
            sub.allocates = bool(allocate)
            for buffer in allocate:
                sub.buffers.append(buffer)
                self.access(start, buffer, 0, buffer.size_bytes, "alloc", sub.op)
            for r in requests:
                sub.parameter_keys.append((r.scope, r.key))
                s = r.resource_offset_bytes
                verb = "write" if r.verb == "read" else "read"
                who = OpRef(sub.op.op, sub.op.loc, f"parameter {r.scope}::{r.key} {verb}")
                self.access(start, r.resource, s, s + r.length_bytes, verb, who)
        elif kind == "file":
            _, verb, ref, offset, length = what
            if isinstance(ref, ResourceRef):
                self.access(
                    start, ref, offset, offset + length, "write" if verb == "read" else "read", sub.op
                )
        return [start]

    def _discard_node(self, preds: list[int], op: Any, operands: list[Any]) -> int:
        n = self.node(preds, "discard")
        target, _size, offset, length = operands[:4]
        if isinstance(target, ResourceRef):
            offset, length = int(offset), int(length)
            self.access(n, target, offset, offset + length, "discard", op_ref(op, "discard"))
        return n

    def _tree(self, node: Any, preds: list[int]) -> list[int]:
        discards = self.discards.get(id(node), ())
        if isinstance(node, Concurrent):
            exits: list[int] = []
            for item in node.items:
                exits.extend(self._tree(item, preds))
            exits.extend(self._discard_node(preds, op, args) for _, op, args in discards)
            return exits or preds
        if isinstance(node, Serial):
            cur = preds
            items = node.items
            for i in range(len(items) + 1):
                for pos, op, args in discards:
                    if pos == i:  # a discard in a serial sequence is ordered like any other command
                        if len(cur) > 1:
                            cur = [self.node(cur, "barrier")]
                        cur = [self._discard_node(cur, op, args)]
                if i == len(items):
                    break
                if len(cur) > 1:
                    cur = [self.node(cur, "barrier")]
                cur = self._tree(items[i], cur)
            return cur
        n = self.node(preds, "command")
        self._command_accesses(n, node)
        return [n]

    def _command_accesses(self, n: int, cmd: Any) -> None:
        if isinstance(cmd, DispatchCmd):
            self._dispatch_accesses(n, cmd)
        elif isinstance(cmd, FillCmd):
            self.access(n, cmd.target, cmd.offset, cmd.offset + cmd.length, "write", _cmd_ref(cmd, "fill"))
        elif isinstance(cmd, CopyCmd):
            s, t = cmd.source_offset, cmd.target_offset
            self.access(n, cmd.source, s, s + cmd.length, "read", _cmd_ref(cmd, "copy source"), copy=True)
            self.access(n, cmd.target, t, t + cmd.length, "write", _cmd_ref(cmd, "copy target"), copy=True)
        elif isinstance(cmd, CallCmd):
            declared = cmd.op.attr("resource_operand_accesses")
            bits = [getattr(a, "value", 3) for a in declared] if declared is not None else []  # type: ignore[attr-defined]
            r = 0
            for i, a in enumerate(cmd.arguments):
                if isinstance(a, tuple):
                    ref, off, length = a
                    access = bits[r] if r < len(bits) else 3
                    r += 1
                    for kind, bit in (("read", 1), ("write", 2)):
                        if access & bit:
                            who = _cmd_ref(cmd, f"operand {i} {kind}")
                            self.access(n, ref, off, off + length, kind, who)

    def _resolved(self, cmd: DispatchCmd) -> list[list[tuple[str, int, int]]] | None:
        program = cmd.exe.program
        if program is None or not self.resolve:
            return None
        try:
            uniforms = tuple(push_constant(u) for u in cmd.uniforms)
        except (TypeError, ValueError):
            return None
        workload = tuple(int(w) for w in cmd.workload) if program.per_workgroup else ()
        key = (id(program), uniforms, tuple(cmd.lengths), workload)
        if key not in self._access_cache:
            try:
                got = program.accesses(list(uniforms), list(cmd.lengths), list(workload))
                self._access_cache[key] = [list(b) for b in got]
            except (SimulationError, InputError):
                self._access_cache[key] = None
        return self._access_cache[key]

    def _dispatch_accesses(self, n: int, cmd: DispatchCmd) -> None:
        resolved = self._resolved(cmd)
        name = cmd.exe.name
        for i, ((ref, offset), length) in enumerate(zip(cmd.bindings, cmd.lengths)):
            if resolved is not None and i < len(resolved):
                ranges = resolved[i]
                for kind, s, e in ranges:
                    if s < 0 or e > length:
                        who = _cmd_ref(cmd, f"@{name} binding {i} {kind} [{s}, {e})")
                        self.static_findings.append(
                            (
                                "out-of-bounds",
                                f"{who.describe()} touches bytes outside its {length}-byte binding",
                                (who,),
                                ref.buffer,
                                (ref.offset_bytes + offset + s, ref.offset_bytes + offset + e),
                            )
                        )
                    self.access(
                        n, ref, offset + s, offset + e, kind, _cmd_ref(cmd, f"@{name} binding {i} {kind}")
                    )
                continue
            access = cmd.accesses[i] if i < len(cmd.accesses) else "rw"
            kinds = {"ro": ("read",), "wo": ("write",)}.get(access, ("read", "write"))
            for kind in kinds:
                self.access(
                    n, ref, offset, offset + length, kind, _cmd_ref(cmd, f"@{name} binding {i} {kind}")
                )

    # -- shaping the run ------------------------------------------------------------------------

    def _jitter_tree(self, node: Any) -> None:
        rng = self.rng
        assert rng is not None
        if isinstance(node, Serial):
            if isinstance(node, Concurrent):
                rng.shuffle(node.items)
            for item in node.items:
                self._jitter_tree(item)
        elif hasattr(node, "duration_ns"):
            node.duration_ns = max(1, int(node.duration_ns * rng.uniform(0.2, 5.0)) + rng.randrange(0, 500))

    def _wrap(self, sub: Submission, work: Any) -> Any:
        observer = self

        def wrapped(q: Any, flows: list[int]) -> Generator[Any, Any, int | None]:
            engine = q.engine
            sub.status = "running"
            sub.started_ns = engine.now
            try:
                if observer.rng is not None:
                    delay = observer.rng.randrange(0, 2000)
                    if delay:
                        yield engine.env.timeout(delay)
                for fault in observer.faults:
                    try:
                        fault.before(sub, engine.now)
                    except (SimulationError, InputError) as exc:
                        observer.triggered.append((fault, sub, str(exc)))
                        raise
                if observer.lock is not None:
                    with observer.lock.request() as req:
                        yield req
                        result = yield from work(q, flows)
                else:
                    result = yield from work(q, flows)
                if observer.poison and sub.kind == "alloca":
                    for buffer in sub.buffers:
                        if buffer.data is not None:
                            buffer.data.fill(POISON)
                for fault in observer.faults:
                    try:
                        fault.after(sub, sub.started_ns or 0, engine.now)
                    except (SimulationError, InputError) as exc:
                        observer.triggered.append((fault, sub, str(exc)))
                        raise
            except (SimulationError, InputError) as exc:
                sub.status = "failed"
                sub.error = str(exc)
                raise
            sub.status = "done"
            return result

        return wrapped

    # -- after the run ---------------------------------------------------------------------------

    def signaller(self, sem: Any, value: int) -> Submission | None:
        best: tuple[int, int, Submission] | None = None
        for v, sub in self.signals.get(id(sem), ()):
            if v >= value and (best is None or (v, sub.index) < best[:2]):
                best = (v, sub.index, sub)
        return best[2] if best is not None else None

    def wait_edges(self) -> list[tuple[int, int]]:
        """``(signalling end node, waiting node)`` for every fence wait whose semaphore a submission signals."""
        edges = []
        for n, fence in self.fence_waits:
            for sem, value in fence.points:
                sub = self.signaller(sem, value)
                if sub is not None:
                    edges.append((sub.end, n))
        return edges

    def finish(self, output_views: list[Any]) -> None:
        """The host reads the outputs back after the call returns."""
        n = self.host_node("read outputs")
        for i, view in enumerate(output_views):
            buffer = getattr(view, "buffer", None)
            if isinstance(view, ResourceRef):
                who = OpRef("output", None, f"host reads result {i}")
                self.access(n, view, 0, view.size_bytes, "read", who)
            elif isinstance(buffer, Buffer):
                start = view.offset_bytes
                who = OpRef("output", None, f"host reads result {i}")
                self.access(n, buffer, start, start + view.byte_length, "read", who)


def _serialize_tree(node: Any) -> None:
    """Turn every concurrent wave of a command tree into a serial sequence, in program order (in place)."""
    if isinstance(node, Serial):
        for i, item in enumerate(node.items):
            if isinstance(item, Concurrent):
                item = node.items[i] = Serial(list(item.items))
            _serialize_tree(item)
