"""IREE's ``--iree-stream-schedule-allocation``, alone: async execution regions become cmd form.

Runs on IREE's IR after scheduling (``stream.async.execute`` regions, waves of ``stream.async.concurrent``,
timepoints chained). Each execution region, in the order a pre-order walk of each function and
initializer meets it, is allocated as IREE's pass allocates it:

1. Constants (``stream.async.constant`` directly in the region), ``constant`` lifetimes first, then
   ``variable``: one ``stream.resource.constants`` upload per allocation affinity, those escaping the
   region (through yields and tied ops) before those used only inside it. A batch any of whose
   constants the region uses is captured (a new operand) and awaited; one only yielded is joined with
   the region's timepoint instead. Escaping results become the uploads' resources.
2. Results tied to an operand keep the operand's storage (a ``stream.resource.subview`` of it when the
   yielded value is a subview); a result passed through is its operand. The other results are allocated
   per affinity and lifetime: one ``stream.resource.alloca`` awaiting the region's own await, of the
   result's size for one result, else of a ``stream.resource.pack`` of overlapping ``[0, 0]`` slices with
   a subview per result.
3. Values that live only inside the region (IREE's liveness intervals over the region's top-level ops,
   tied values sharing the union of their intervals) are packed as slices of one transient slab:
   ``stream.resource.pack`` with their intervals, a ``stream.resource.alloca`` awaiting the region's
   await, released after the region by a ``stream.resource.dealloca`` whose timepoint is joined with the
   region's (the join replaces the region's timepoint for every later use).
4. The region becomes ``stream.cmd.execute`` (``once`` in an initializer's entry block) awaiting the
   join of its await, the captured constants' uploads and the allocas; its ops become commands in place
   (:func:`scheduler.commands.lower_command`), waves ``stream.cmd.concurrent``.

Ops outside regions with their own timepoints (``stream.async.load/store``, the parameter ops) become
their cmd-form ops (:mod:`scheduler.timeline_ops`), and ``stream.async.func`` declarations
``stream.cmd.func`` (each resource argument and untied resource result an argument with an offset and
a length).

Each allocation's affinity is IREE's ``deriveResultAffinity`` (:mod:`scheduler.passes.allocation_affinity`):
its affinity analysis solved over the whole module (:mod:`scheduler.passes.affinity_analysis`).

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func public @f(%n: index) -> !stream.timepoint {
...   %c1 = arith.constant 1 : i32
...   %t = stream.async.execute with() {
...     %a = stream.async.splat %c1 : i32 -> !stream.resource<transient>{%n}
...     stream.yield
...   } => !stream.timepoint
...   util.return %t : !stream.timepoint
... }''')
>>> schedule_allocation(m)
>>> [op.op_name for op in m.body.ops[0].body.ops if op.op_name.startswith("stream.")]
['stream.resource.pack', 'stream.resource.alloca', 'stream.cmd.execute', \
'stream.resource.dealloca', 'stream.timepoint.join']
"""

from __future__ import annotations

from dataclasses import dataclass

from ir import Block, Builder, Module, Operation, OpResult, Value
from ir import attributes as A
from ir import types as T
from ir.dialects import stream_async as D
from scheduler.access import is_resource, static_index
from scheduler.commands import Range, lower_command
from scheduler.errors import ScheduleError, UnsupportedOpError
from scheduler.passes.affinity_analysis import AffinityAnalysis
from scheduler.passes.allocation_affinity import local_affinity, result_affinity_of
from scheduler.passes.allocation_support import (
    convert_async_func,
    detach,
    escaping_result,
    find_subview,
    join_timepoints,
    lifetime_of,
    make_pack,
    size_of,
    tied_yield_result,
    top_in_block,
    value_attr,
    where,
)
from scheduler.passes.copy_analysis import tied_base, tied_operand
from scheduler.timeline_ops import lower_timeline_ops
from scheduler.usage_graph import tied_operand_index

CALLABLES = ("util.func", "func.func", "util.initializer")
LIVE_IN = -(1 << 31)
LIVE_OUT = (1 << 31) - 1
# IREE's lifetime enum order: allocations of one affinity are made in this order.
LIFETIMES = ("*", "external", "staging", "transient", "variable", "constant")


def schedule_allocation(module: Module) -> None:
    """Allocate every execution region of ``module`` and lower it to cmd form, in place."""
    analysis = AffinityAnalysis(module)  # IREE solves it once, before any region is rewritten
    for top in list(module.body.ops):
        if top.op_name == "stream.async.func":
            convert_async_func(top)
            continue
        if top.op_name not in CALLABLES or not top.regions or not top.regions[0].blocks:
            continue
        for op in top.walk_list():
            if isinstance(op, D.AsyncExecuteOp) and op.parent is not None:
                _Region(op, analysis).allocate()
        lower_timeline_ops(top)


class _Before(Builder):
    """Inserts just before ``anchor`` wherever it is when each op is made (other builders insert there
    too: a position taken once would go stale)."""

    def __init__(self, anchor: Operation) -> None:
        super().__init__(anchor.parent)
        self.anchor = anchor
        self.location = anchor.location

    def insert(self, op: Operation) -> Operation:
        assert self.anchor.parent is not None
        self.block = self.anchor.parent
        self.position = self.block.ops.index(self.anchor)
        return super().insert(op)


@dataclass
class _Interval:
    start: int
    end: int
    ordinal: int  # -1: a value nested in a wave (or one the analysis does not know)
    value: Value | None


class _Region:
    """One execution region being allocated (IREE's AllocationScope and allocateExecutionRegion)."""

    def __init__(self, exe: D.AsyncExecuteOp, analysis: AffinityAnalysis) -> None:
        self.exe = exe
        self.analysis = analysis
        self.root: Operation = exe
        self.block = exe.body
        self.affinity = exe.attr("affinity")
        self.ranges: dict[Value, tuple[Value, Value, Value, Value]] = {}
        self.leader: dict[Value, Value] = {}
        self.subviews: dict[int, tuple[Value, Value, Value, Value]] = {}
        self.members: dict[Value, list[Value]] = {}
        self._aliases(exe)

    # --- alias sets (tied values) -------------------------------------------------------------------

    def _find(self, v: Value) -> Value:
        while self.leader.get(v, v) is not v:
            v = self.leader[v]
        return v

    def _union(self, a: Value, b: Value) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra is rb:
            return
        self.members.setdefault(ra, [ra]).extend(self.members.pop(rb, [rb]))
        self.leader[rb] = ra

    def _aliases(self, region_op: Operation) -> None:
        block = region_op.body
        results = [r for r in region_op.results if is_resource(r)]
        yielded = [v for v in block.ops[-1].operands if is_resource(v)]
        for res, inner in zip(results, yielded):
            k = tied_operand_index(region_op, res.index)
            if k is not None:
                self._union(inner, block.args[k])
        for op in block.ops:
            if op.op_name in ("stream.async.concurrent", "scf.if", "scf.for", "scf.while"):
                self._aliases(op)
            for r in op.results:
                t = tied_operand(r) if is_resource(r) else None
                if t is not None:
                    self._union(r, t)

    def aliases(self, v: Value) -> list[Value]:
        """The other values of ``v``'s alias set."""
        return [m for m in self.members.get(self._find(v), [v]) if m is not v]

    # --- storage ranges -----------------------------------------------------------------------------

    def index(self, value: int) -> Value:
        return (
            _Before(self.root)
            .create("arith.constant", [], [T.index], properties={"value": A.IntegerAttr(value, T.index)})
            .result
        )

    def add(self, lhs: int | Value, rhs: int | Value) -> Value:
        a = lhs if isinstance(lhs, Value) else self.index(lhs)
        b = rhs if isinstance(rhs, Value) else self.index(rhs)
        sa, sb = static_index(a), static_index(b)
        if sa == 0:
            return b
        if sb == 0:
            return a
        if sa is not None and sb is not None:
            return self.index(sa + sb)
        return _Before(self.root).create("arith.addi", [a, b], [T.index]).result

    def map(
        self, v: Value, res: Value, size: Value, offset: Value | None = None, length: Value | None = None
    ) -> None:
        """Map ``v`` (and its aliases) to storage; a value already mapped keeps its storage."""
        if v in self.ranges:
            return
        rng = (
            res,
            size,
            offset if offset is not None else self.index(0),
            length if length is not None else size,
        )
        self.ranges[v] = rng
        for alias in self.aliases(v):
            if alias in self.ranges:
                continue
            sub = find_subview(alias)
            if sub is None:
                self.ranges[alias] = rng
                continue
            # A subview of a subview addresses the first one's source at the summed offsets (what
            # IREE's pass gives on its own tests' chains).
            if id(sub) not in self.subviews:
                res, size, offset, length = sub.operands[:4]
                while (outer := find_subview(res)) is not None:
                    offset = self.add(outer.operands[2], offset)
                    res, size = outer.operands[0], outer.operands[1]
                self.subviews[id(sub)] = (res, size, offset, length)
            self.ranges[alias] = self.subviews[id(sub)]

    def at(self, v: Value) -> Range:
        rng = self.ranges.get(v)
        if rng is None:
            raise ScheduleError(f"{self.exe.describe()}: no storage for a value of {where(v)}")
        return rng

    def _range(self, v: Value) -> tuple[Value, Value, Value, Value]:
        rng = self.ranges.get(v)
        if rng is None:
            raise ScheduleError(f"{self.exe.describe()}: no storage for a value of {where(v)}")
        return rng

    # --- allocation ---------------------------------------------------------------------------------

    def allocate(self) -> None:
        exe, block = self.exe, self.block
        outside = _Before(exe)
        yield_op = block.ops[-1]
        awaits: list[Value] = [exe.await_timepoint] if exe.await_timepoint is not None else []
        operands = list(exe.resource_operands)
        sizes = list(exe.resource_operand_sizes)
        joins: list[Value] = []
        handled: set[int] = set()
        self._constants(outside, operands, sizes, awaits, joins, handled)
        for arg, size in zip(block.args, exe.resource_operand_sizes):
            self.map(arg, arg, size)
        replacements: list[tuple[Value, Value]] = []
        reservations: dict[A.Attribute | None, list[tuple[OpResult, Value, Value]]] = {}
        yielded = list(yield_op.operands)
        for res, size in zip(exe.results_, exe.result_sizes):
            if id(res) in handled:
                continue
            inner = yielded[res.index]
            tied = tied_operand(res)
            if tied is not None:
                rng = self._result_range(inner, size)
                self.map(inner, *rng)
                if rng[2] is not None:
                    sub = outside.create(
                        "stream.resource.subview", [tied, rng[1], rng[2], size], [tied.type]
                    ).result
                    replacements.append((res, sub))
                else:
                    replacements.append((res, tied))
                continue
            base = tied_base(inner)
            if base.defining_op is None:
                replacements.append((res, operands[block.args.index(base)]))  # type: ignore[arg-type]
                continue
            affinity = self._result_affinity(res, inner)
            reservations.setdefault(affinity, []).append((res, size, inner))
        for affinity, reserved in reservations.items():
            for lifetime in LIFETIMES:
                group = [r for r in reserved if lifetime_of(r[0]) == lifetime]
                if group:
                    self._results(outside, affinity, group, operands, sizes, awaits, replacements)
        transient = self._transients(outside)
        if transient is not None:
            slab, slab_size, tp = transient
            awaits.append(tp)
            operands.append(slab)
            sizes.append(slab_size)
        await_tp = join_timepoints(outside, awaits)
        new = self._execute(outside, await_tp, operands, sizes)
        exe.results[-1].replace_all_uses_with(new.results[0])
        for old, value in replacements:
            old.replace_all_uses_with(value)
        detach(exe)
        self.root = new
        yield_op.set_operands([])
        self._wave_aliases(new.body)
        self._lower(new.body)
        after = Builder.after(new)
        after.location = exe.location
        users: list[Operation] = []
        if transient is not None:
            dealloca = after.create(
                "stream.resource.dealloca",
                [transient[0], transient[1], new.results[0]],
                [T.timepoint],
                properties=self._aff(self.affinity),
            )
            users.append(dealloca)
            joins.append(dealloca.results[0])
        if joins:
            join = after.create("stream.timepoint.join", [*joins, new.results[0]], [T.timepoint])
            users.append(join)
            skip = {id(u) for u in users}
            for user, i in list(new.results[0].uses):
                if id(user) not in skip:
                    user.set_operand(i, join.results[0])

    @staticmethod
    def _aff(affinity: A.Attribute | None) -> dict[str, A.Attribute]:
        return {"affinity": affinity} if affinity is not None else {}

    def _execute(
        self, b: Builder, await_tp: Value | None, operands: list[Value], sizes: list[Value]
    ) -> Operation:
        exe = self.exe
        region = exe.regions[0]
        exe.regions.clear()
        region.parent = None
        props: dict[str, A.Attribute] = {
            **self._aff(self.affinity),
            "operandSegmentSizes": A.segment_sizes(len(operands), len(sizes), 1 if await_tp else 0),
        }
        parent = exe.parent_op
        if (
            parent is not None
            and parent.op_name == "util.initializer"
            and exe.parent is parent.regions[0].blocks[0]
        ):
            props["once"] = A.UnitAttr()
        return b.create(
            "stream.cmd.execute",
            [*operands, *sizes, *([await_tp] if await_tp is not None else [])],
            [T.timepoint],
            properties=props,
            regions=[region],
        )

    def _result_range(self, inner: Value, size: Value) -> tuple[Value, Value, Value | None, Value | None]:
        """IREE's deriveResourceRangeFromResult: a yielded value reached through subviews of a tied
        operand lives at the sum of their offsets."""
        subviews: list[Operation] = []
        v = inner
        while isinstance(v, OpResult):
            t = tied_operand(v)
            if t is None:
                break
            if v.op.op_name == "stream.resource.subview" and v.op.operands[0] is t:
                subviews.append(v.op)
            v = t
        if not subviews:
            return inner, size, None, None
        offset: Value | None = None
        for sub in reversed(subviews):
            offset = sub.operands[2] if offset is None else self.add(offset, sub.operands[2])
        first = subviews[-1]
        return first.operands[0], first.operands[1], offset, size

    def _result_affinity(self, result: Value, inner: Value) -> A.Attribute | None:
        return result_affinity_of(self.exe, self.analysis, result, inner)

    def _results(
        self,
        b: Builder,
        affinity: A.Attribute | None,
        group: list[tuple[OpResult, Value, Value]],
        operands: list[Value],
        sizes: list[Value],
        awaits: list[Value],
        replacements: list[tuple[Value, Value]],
    ) -> None:
        """IREE's ResourceAllocaOp::createSuballocations for one lifetime of one affinity."""
        rtype = group[0][0].type
        await_ops = [self.exe.await_timepoint] if self.exe.await_timepoint is not None else []
        if len(group) == 1:
            alloca = b.create(
                "stream.resource.alloca",
                [group[0][1], *await_ops],
                [rtype, T.timepoint],
                properties=self._aff(affinity),
            )
            subs = [alloca.results[0]]
        else:
            pack = make_pack(b, [0, 0] * len(group), [s for _, s, _ in group], affinity)
            alloca = b.create(
                "stream.resource.alloca",
                [pack.results[0], *await_ops],
                [rtype, T.timepoint],
                properties=self._aff(affinity),
            )
            subs = [
                b.create(
                    "stream.resource.subview", [alloca.results[0], pack.results[0], off, size], [rtype]
                ).result
                for off, (_, size, _) in zip(pack.results[1:], group)
            ]
        awaits.append(alloca.results[1])
        for (res, size, inner), sub in zip(group, subs):
            operands.append(sub)
            sizes.append(size)
            replacements.append((res, sub))
            arg = self.block.add_arg(res.type)
            self.map(inner, arg, size)

    # --- constants ----------------------------------------------------------------------------------

    def _constants(
        self,
        b: Builder,
        operands: list[Value],
        sizes: list[Value],
        awaits: list[Value],
        joins: list[Value],
        handled: set[int],
    ) -> None:
        for lifetime in ("constant", "variable"):
            escaping: dict[A.Attribute | None, list[Operation]] = {}
            local: dict[A.Attribute | None, list[Operation]] = {}
            for op in self.block.ops:
                if not isinstance(op, D.AsyncConstantOp) or lifetime_of(op.results[0]) != lifetime:
                    continue
                out = escaping_result(op.results[0])
                if out is not None:
                    aff = self._result_affinity(out, op.results[0])
                else:
                    aff = local_affinity(op.results[0]) or self.affinity
                (escaping if out is not None else local).setdefault(aff, []).append(op)
            for buckets in (escaping, local):
                for aff, ops in buckets.items():
                    self._constant_batch(b, aff, ops, operands, sizes, awaits, joins, handled)

    def _constant_batch(
        self,
        b: Builder,
        affinity: A.Attribute | None,
        ops: list[Operation],
        operands: list[Value],
        sizes: list[Value],
        awaits: list[Value],
        joins: list[Value],
        handled: set[int],
    ) -> None:
        n = len(ops)
        upload = b.create(
            "stream.resource.constants",
            [o.operands[0] for o in ops],
            [*(o.results[0].type for o in ops), T.timepoint],
            properties={**self._aff(affinity), "values": A.ArrayAttr(tuple(value_attr(o) for o in ops))},
        )
        upload.location = ops[0].location
        captured = False
        for i, o in enumerate(ops):
            v = o.results[0]
            if v.uses and not all(u.op_name == "stream.yield" for u, _ in v.uses):
                arg = self.block.add_arg(v.type)
                operands.append(upload.results[i])
                sizes.append(o.operands[0])
                self.map(v, arg, o.operands[0])
                captured = True
        (awaits if captured else joins).append(upload.results[n])
        for i, o in enumerate(ops):
            res = tied_yield_result(self.exe, o.results[0])
            if res is not None:
                res.replace_all_uses_with(upload.results[i])
                handled.add(id(res))

    # --- transients ---------------------------------------------------------------------------------

    def _intervals(self) -> list[_Interval]:
        """IREE's computeExecutionRegionLivenessIntervals, sorted by ordinal (stable)."""
        block = self.block
        order = {id(op): i for i, op in enumerate(block.ops)}
        live_out = {id(v) for v in block.ops[-1].operands if is_resource(v)}
        iv: dict[Value, _Interval] = {}
        ordinal = 0
        for arg in block.args:
            if not is_resource(arg):
                continue
            if id(arg) in live_out:
                end = LIVE_OUT
            else:
                end = max((order.get(id(top_in_block(u, block)), 0) for u, _ in arg.uses), default=0)
            ordinal += 1
            iv[arg] = _Interval(LIVE_IN, end, ordinal, arg)
        for i, op in enumerate(block.ops):
            if op.op_name == "stream.async.concurrent":
                for inner in op.walk():
                    for r in inner.results:
                        if is_resource(r) and tied_operand(r) is None and not r.uses:
                            iv[r] = _Interval(i, i, -1, r)
            for r in op.results:
                if not is_resource(r):
                    continue
                end = LIVE_OUT if id(r) in live_out else max([i, *(order.get(id(u), 0) for u, _ in r.uses)])
                ordinal += 1
                iv[r] = _Interval(i, end, ordinal, r)
        seen: set[int] = set()
        for v in list(self.leader) + list(self.members):
            lead = self._find(v)
            if id(lead) in seen:
                continue
            seen.add(id(lead))
            members = self.members.get(lead, [lead])
            got = [iv.get(m, _Interval(0, 0, -1, None)) for m in members]
            if all(g.ordinal == -1 for g in got):
                continue
            start, end = min(g.start for g in got), max(g.end for g in got)
            for m, g in zip(members, got):
                iv[m] = _Interval(start, end, g.ordinal, g.value)
        return sorted((x for x in iv.values() if x.value is not None), key=lambda x: x.ordinal)

    def _transients(self, b: Builder) -> tuple[Value, Value, Value] | None:
        covered: set[int] = set()
        values: list[Value] = []
        intervals: list[int] = []
        lengths: list[Value] = []
        for x in self._intervals():
            v = x.value
            assert v is not None
            if x.start == LIVE_IN or x.end == LIVE_OUT or v in self.ranges or id(v) in covered:
                continue
            values.append(v)
            intervals += [x.start, x.end]
            lengths.append(size_of(v))
            covered.update(id(a) for a in [v, *self.aliases(v)])
        if not values:
            return None
        pack = make_pack(b, intervals, lengths, self.affinity)
        await_ops = [self.exe.await_timepoint] if self.exe.await_timepoint is not None else []
        alloca = b.create(
            "stream.resource.alloca",
            [pack.results[0], *await_ops],
            [T.ResourceType("transient"), T.timepoint],
            properties=self._aff(self.affinity),
        )
        arg = self.block.add_arg(alloca.results[0].type)
        for v, off, length in zip(values, pack.results[1:], lengths):
            self.map(v, arg, pack.results[0], off, length)
        return alloca.results[0], pack.results[0], alloca.results[1]

    # --- commands -----------------------------------------------------------------------------------

    def _wave_aliases(self, body: Block) -> None:
        for op in list(body.ops):
            if op.op_name != "stream.async.concurrent":
                continue
            inner = op.body
            n = len(inner.args)
            for outer, arg in zip(op.operands[:n], inner.args):
                self.map(arg, *self._range(outer))
            for v, res in zip(inner.ops[-1].operands, op.results):
                self.map(v, *self._range(res))
            self._wave_aliases(inner)

    def _lower(self, body: Block) -> None:
        for op in list(reversed(body.ops[:-1])):
            b = Builder.before(op)
            b.location = op.location
            if op.op_name in ("stream.resource.subview", "stream.async.alloca", "stream.async.constant"):
                pass
            elif op.op_name == "stream.async.concurrent":
                inner = op.body
                inner.ops[-1].set_operands([])
                self._lower(inner)
                region = op.regions[0]
                op.regions.clear()
                region.parent = None
                for a in inner.args:
                    a.uses.clear()
                inner.args.clear()
                b.create("stream.cmd.concurrent", [], [], regions=[region])
            elif op.op_name.startswith("stream.async."):
                lower_command(op, b, self.at, self.add, self.affinity)
            else:
                raise UnsupportedOpError(
                    f"{op.describe()}: unhandled op {op.op_name} during allocation (IREE's "
                    "schedule-allocation lowers only stream async ops inside execution regions)"
                )
            detach(op)
