"""Writing a schedule into the module: the cmd form (IREE's ScheduleAllocation output, after layout).

For each execution region, in order: the result slab allocas, the transient slab alloca, a join of the
timepoints to await, ``stream.cmd.execute`` (its commands in waves of ``stream.cmd.concurrent``), the
transient ``stream.resource.dealloca``, and one ``stream.timepoint.await`` for the results the host uses.
Regions of constant parameters become ``stream.cmd.parameter.load`` (or ``alloc`` + ``gather``); a region
that mixes constant parameters with splats or dispatches (a frontend's hoisted constant computation) has
its parameters loaded just before its execute, which awaits the loads (IREE: ``stream.cmd.parameter.load``
ops, then ``stream.cmd.execute once``). The async
ops are erased and the function body is re-sorted topologically, as MLIR's ``sortTopologically`` does.

Commands bind whole slabs at the slice offsets; they do not fuse bindings or pack uniforms (later IREE
passes), so executables are unchanged.
"""

from __future__ import annotations

import os

from ir import Block, Builder, Operation, OpResult, Region, Value
from ir import attributes as A
from ir import types as T
from ir.builder import trusted_create
from ir.core import trusted_operation
from ir.dialects import stream_async as D
from ir.opdef import lookup_op_class
from scheduler.access import static_index
from scheduler.await_sinking import sink_awaits
from scheduler.builtins import add_executables, is_wide_fill, lower_wide_fill
from scheduler.commands import Add, At, Places, Range, lower_command, lower_dispatch_in
from scheduler.emit_index import IndexArith
from scheduler.emit_order import (
    ALLOCA_LIKE,
    _in_order,
    keeps_order,
    order_partitions,
    sink_alloca_items,
    sort_topologically,
)
from scheduler.emit_uploads import Consts, Loc, emit_inline_constants, emit_parameters, upload_ops
from scheduler.errors import UnsupportedOpError
from scheduler.graph import adjacency
from scheduler.state import (
    FunctionPlan,
    ParameterUpload,
    RegionAllocation,
    ScheduleState,
    erase_ops,
)
from scheduler.timeline_ops import lower_timeline_ops

#: Whether a block left unsorted as written in order by construction
#: (:func:`~scheduler.emit_order.keeps_order`) is checked to be in order (a debugging aid:
#: tests/scheduler/test_dispatch_table turns it on).
CHECK_ORDER = bool(os.environ.get("STREAMSIM_CHECK_ORDER"))

#: Whether a region's dispatches are lowered by :func:`~scheduler.commands.lower_dispatch_in` from the
#: region's table of places; tests/scheduler/test_dispatch_table turns it off to lower them through
#: :func:`~scheduler.commands.lower_command` with ``at`` and ``add`` (the first entry point) and compares.
DISPATCH_TABLE = True

_CONCURRENT = "stream.cmd.concurrent"
_YIELD = "stream.yield"


def materialize(state: ScheduleState) -> ScheduleState:
    """Write every function's plan as cmd-form IR (in place)."""
    default_affinity = state.module.op.attr("stream.affinity.default")
    builtins: set[str] = set()
    for plan in state.functions:
        emitter = _Emitter(plan, state, default_affinity)
        emitter.run()
        builtins |= emitter.builtins
    add_executables(state.module, builtins)
    for func in {id(plan.op): plan.op for plan in state.functions}.values():
        lower_timeline_ops(func)
        sink_awaits(func)
        if func.op_name == "util.initializer":
            # IREE's sync-initializers pass, after the canonicalizer sank the awaits: every await of an
            # initializer blocks (so two uploads are both issued before the first wait).
            for op in func.walk_list():
                if op.op_name == "stream.timepoint.await":
                    op.properties["sync"] = A.UnitAttr()
    return state


class _Emitter:
    def __init__(self, plan: FunctionPlan, state: ScheduleState, affinity: A.Attribute | None) -> None:
        self.plan = plan
        self.state = state
        self.default_affinity = affinity
        self.consts = Consts(plan.block)
        # The index arithmetic (scheduler.emit_index), its methods bound once: the lowering calls them per value.
        arith = IndexArith(self.consts, state)
        self._index, self._add, self._align = arith.index, arith.add, arith.align
        self._dynamic, self._offset, self._slab_size = arith.dynamic, arith.offset, arith.slab_size
        self.loc: dict[Value, Loc] = {}
        self.tp: dict[int, Value] = {}
        self.node = adjacency(plan.graph)[0]  # (g.nodes[n]: the same dicts, without a view call per lookup)
        self.exec_affinity: A.Attribute | None = None
        self.builtins: set[str] = set()  # the builtin executables its commands dispatch

    def run(self) -> None:
        plan = self.plan
        if not plan.partitions:
            return
        # Each region goes where its last op is and the block is sorted with the region as one op, as IREE's
        # schedule-execution does before anything is allocated: an scf op the region's ops were moved
        # across follows the region it uses, and the region's allocas stay with its execute.
        part_ops = [[self.node[n]["op"] for n in part.nodes] for part in plan.partitions]
        position = order_partitions(plan.block, part_ops)
        keeps = position is not None and keeps_order(self.plan, self.consts.last, part_ops, position, self._at)
        replaced: list[tuple[Value, Value]] = []
        for p, part in enumerate(plan.partitions):
            anchor = self.node[part.nodes[-1]]["op"]
            b = Builder.before(anchor)
            affinity = part.affinity or self.default_affinity
            if p in plan.uploads:
                self._upload(b, p, plan.uploads[p], affinity)
            else:
                self._region(b, p, plan.allocation[p], affinity)
            replaced.extend(self._host_await(b, p))
        for old, new in replaced:
            old.replace_all_uses_with(new)
        self._unawaited_uses(part_ops)
        self._forward_barriers()
        dead = [
            a for a in plan.consumed_awaits if a.parent is plan.block and not any(r.uses for r in a.results)
        ]
        erase_ops(dead, plan.block)
        for p, pinned in plan.pinned_partition.items():
            # The host ops that used a kept region's timepoint now use its cmd-form timepoint.
            pinned.timepoint.results[0].replace_all_uses_with(self.tp[p])
            erase_ops([pinned.timepoint], plan.block)
        erase_ops([op for ops in part_ops for op in ops], plan.block)
        self.consts.flush()
        if not keeps:
            sort_topologically(plan.block)
        elif CHECK_ORDER:
            ops = plan.block.ops
            if not _in_order(ops, dict(zip(ops, range(len(ops)))), None):
                raise AssertionError(f"{plan.op.describe()}: the cmd form written out of order")

    def _at(self, op: Operation, position: dict[Operation, int]) -> int:
        """The position of the op of the block holding ``op`` (-1: none)."""
        top = self._top(op)
        return position.get(top, -1) if top is not None else -1

    # --- helpers --------------------------------------------------------------------------------

    def _join(self, b: Builder, tps: list[Value]) -> Value | None:
        uniq = list(dict.fromkeys(tps))
        if not uniq:
            return None
        if len(uniq) == 1:
            return uniq[0]
        return b.create("stream.timepoint.join", uniq, [T.timepoint]).result

    # --- regions ----------------------------------------------------------------------------------

    def _region(self, b: Builder, p: int, alloc: RegionAllocation, affinity: A.Attribute | None) -> None:
        aff = {"affinity": affinity} if affinity is not None else {}
        self.exec_affinity = affinity
        # The region's allocations and execute take the place of the partition's first op.
        first = next(iter(self.plan.partitions[p].nodes), None)
        b.location = self.node[first]["op"].location if first is not None else None
        # Constant parameters of the region are loaded before it, as IREE's ScheduleAllocation does.
        up = self.plan.region_uploads.get(p)
        loads = (
            emit_parameters(b, up, affinity, self.consts, self.loc, self.state.resource_config)
            if up is not None
            else []
        )
        inline = self.plan.region_constants.get(p)
        uploads = self._inline_constants(b, p, inline, affinity) if inline else []
        loads += [upload[0] for upload in uploads]
        b.location = self.node[first]["op"].location if first is not None else None
        local: dict[Value, Loc] = {}  # storage of leaders, outside the region
        allocas: list[Value] = []
        deps = [self.tp[q] for q in sorted(self.plan.deps.get(p, ())) if q in self.tp]
        deps += self.plan.awaited.get(p, [])
        pinned = self.plan.pinned_partition.get(p)
        if pinned is not None and pinned.await_timepoint is not None:
            deps.append(pinned.await_timepoint)
        dep_tp = self._join(b, deps) if alloc.result_slabs or alloc.transients else None
        after = [dep_tp] if dep_tp is not None else []
        slab_operands: list[tuple[Value, Value]] = []
        slab_affinities = alloc.result_affinities or [None] * len(alloc.result_slabs)
        for (rtype, leaders), layout, slab_aff in zip(
            alloc.result_slabs, alloc.result_layouts, slab_affinities
        ):
            size = self._slab_size(b, layout, leaders, alloc.sizes)
            props = {"affinity": slab_aff} if slab_aff is not None else dict(aff)
            op = b.create("stream.resource.alloca", [size, *after], [rtype, T.timepoint], properties=props)
            allocas.append(op.results[1])
            slab_operands.append((op.results[0], size))
            for leader, off in zip(leaders, layout.offsets):
                local[leader] = Loc(op.results[0], size, self._offset(b, off), alloc.sizes[leader])
        transient: tuple[Value, Value] | None = None
        if alloc.transients:
            tlayout = alloc.transient_layout
            assert tlayout is not None
            size = self._slab_size(b, tlayout, alloc.transients, alloc.sizes, packed=True)
            op = b.create(
                "stream.resource.alloca",
                [size, *after],
                [T.ResourceType("transient"), T.timepoint],
                properties=dict(aff),
            )
            allocas.append(op.results[1])
            transient = (op.results[0], size)
            slab_operands.append(transient)
            slab, sizes = op.results[0], alloc.sizes
            for leader, off in zip(alloc.transients, tlayout.offsets):
                # (self._offset of a static offset is the offset: most of a packed slab's)
                where_at = off if off.__class__ is int else self._offset(b, off)
                local[leader] = Loc(slab, size, where_at, sizes[leader])
        # Captured resources: raw storage of earlier regions' results, or the values themselves.
        operands: list[tuple[Value, Value]] = []
        where: dict[Value, tuple[Value, Value, int | Value]] = {}
        seen: set[int] = set()
        for v in alloc.captured:
            loc = self.loc.get(v)
            if loc is not None:
                res, size, base = loc.resource, loc.size, loc.offset
            elif v.__class__ is OpResult and v.op.op_name != "stream.resource.subview":
                res, size, base = v, alloc.sizes[v], 0  # (_unview of a value that is no subview)
            else:
                res, size, base = self._unview(b, v, alloc.sizes[v])
            if id(res) not in seen:
                seen.add(id(res))
                operands.append((res, size))
            where[v] = (res, size, base)
        for leader, cap in alloc.in_place.items():
            res, size, base = where[cap]
            local[leader] = Loc(res, size, base, alloc.sizes[leader])
        all_operands = operands + slab_operands
        # The allocas await what the region awaits and the region awaits its allocas (IREE's
        # schedule-allocation; its elide-timepoints then drops the region's own await, covered by them).
        await_tp = self._join(b, loads + allocas) if allocas else self._join(b, loads + deps)
        block = Block([r.type for r, _ in all_operands])
        arg_of: dict[Value, tuple[Value, Value]] = {  # (values hash by identity)
            r: (block.args[i], s) for i, (r, s) in enumerate(all_operands)
        }
        leader_of = alloc.leader.get

        def in_region(v: Value) -> Range:
            """Where ``v`` is inside the region: (block argument, its size, ``v``'s offset, length unknown)."""
            leader = leader_of(v, v)
            loc = local.get(leader)
            if loc is not None:
                arg, size = arg_of[loc.resource]
                return arg, size, loc.offset, None
            res, _, base = where[v]
            arg, size = arg_of[res]
            return arg, size, base, None

        consts_get = self.consts.get
        general_add = self._add
        static_sums: dict[tuple[int, int | Value], Value] = {}

        def add(base: int | Value, off: int | Value) -> Value:
            """``self._add(b, base, off)``: offsets are summed outside the region. Its cases for a static
            ``base`` (a slab's leaders are laid out at static offsets) are written out here."""
            if isinstance(base, int):
                if base == 0:
                    return consts_get(off) if isinstance(off, int) else off  # (self._index)
                # a static sum is a constant, the same one each time (Consts.get's): kept by its terms, as a
                # value's offset in its slab comes again for each command using the value
                known = static_sums.get((base, off))
                if known is not None:
                    return known
                so = off if isinstance(off, int) else static_index(off)
                if so is not None:
                    known = static_sums[base, off] = consts_get(base) if so == 0 else consts_get(base + so)
                    return known
            return general_add(b, base, off)

        # what in_region reads, for the dispatches' lowering to read it without a call per value
        places: Places = (leader_of, local.get, arg_of, where)

        node = self.node
        table = D.AsyncDispatchOp if DISPATCH_TABLE else None  # (the class of the ops lowered by the table)
        concurrent = lookup_op_class(_CONCURRENT) or Operation
        end = lookup_op_class(_YIELD) or Operation
        saved = b.location  # (a dispatch's command is lowered here with the location _command gives it)
        body = Builder(block)
        body.location = b.location
        for item in self.plan.items.get(p, list(self.plan.partitions[p].nodes)):
            if isinstance(item, tuple) and (up is not None or inline):
                # Loaded constants leave their waves; a wave of one op is a serial command.
                item = tuple(n for n in item if not isinstance(node[n]["op"], D.AsyncConstantOp))
                if len(item) <= 1:
                    for n in item:
                        self._command(b, body, node[n]["op"], in_region, add)
                    continue
            if isinstance(item, tuple):
                wave = Block()
                body.location = node[item[0]]["op"].location
                # body.create's and wb.create's ops (one wave of three commands a layer at scale)
                made = trusted_operation(concurrent, _CONCURRENT, [], (), {}, body.location, [Region([wave])])
                made.parent = block
                block.ops.append(made)
                wb = Builder(wave)
                for n in item if p in self.plan.pinned_partition else self._sunk(item):
                    op = node[n]["op"]
                    if op.__class__ is table:  # most commands: _command's first case
                        b.location = wb.location = op.location
                        lower_dispatch_in(op, wave, places, add, static_sums, op.location)
                        b.location = saved
                    else:
                        self._command(b, wb, op, in_region, add)
                made = trusted_operation(end, _YIELD, [], (), {}, wb.location)
                made.parent = wave
                wave.ops.append(made)
            else:
                op = node[item]["op"]
                if op.__class__ is table:
                    b.location = body.location = op.location
                    lower_dispatch_in(op, block, places, add, static_sums, op.location)
                    b.location = saved
                else:
                    self._command(b, body, op, in_region, add)
        body.create("stream.yield")
        n_await = 1 if await_tp is not None else 0
        # (b.create's op, without Operation.__init__'s check of each of its thousands of operands: ours)
        exe = trusted_create(
            "stream.cmd.execute",
            [r for r, _ in all_operands] + [s for _, s in all_operands] + ([await_tp] if await_tp else []),
            [T.timepoint],
            {**aff, "operandSegmentSizes": A.segment_sizes(len(all_operands), len(all_operands), n_await)},
            b.location,
        )
        exe.add_region(Region([block]))
        b.insert(exe)
        done = exe.result
        for upload in uploads:
            if upload[2]:
                continue
            # The uploaded constants are the region's alone: released after it, from wherever the
            # buffer came (mapped host memory or a device allocation), as IREE does.
            done = b.create(
                "stream.resource.dealloca",
                [upload[1][0], upload[1][1], done],
                [T.timepoint],
                properties={**aff, "prefer_origin": A.UnitAttr()},
            ).result
        if transient is not None:
            done = b.create(
                "stream.resource.dealloca",
                [transient[0], transient[1], done],
                [T.timepoint],
                properties=dict(aff),
            ).result
        self.tp[p] = done
        for v, lead in alloc.leader.items():
            if lead in local:
                self.loc[v] = local[lead]

    def _unview(self, b: Builder, v: Value, size: Value) -> tuple[Value, Value, int | Value]:
        """What a region captures for ``v`` from outside the block's schedule: the resource ``v`` is a
        ``stream.resource.subview`` of (through subviews of subviews), its size, and ``v``'s offset in it.
        IREE's canonicalizer (``CloneCapturedCmdExecuteSubviewOps``) captures a subview's source and folds
        the subview into the commands, so two subviews of one resource are one capture."""
        base: int | Value = 0
        d = v.defining_op
        while d is not None and d.op_name == "stream.resource.subview":
            base = self._add(b, d.operands[2], base)
            v, size = d.operands[0], d.operands[1]
            d = v.defining_op
        return v, size, base

    def _sunk(self, wave: tuple[int, ...]) -> list[int]:
        """A wave's ops in the order IREE's canonicalizer leaves the ``stream.async.concurrent``
        schedule-concurrency made: nothing in the wave uses its splats and allocas, so each sinks to the
        wave's yield, the last first (:func:`~scheduler.emit_order.sink_alloca_items`). Only the order of
        the commands changes: IREE's schedule-allocation numbers the wave's results in the order it made
        them (the concurrent's yield), as the plan's allocation does."""
        sinking = [n for n in wave if self.node[n]["op"].op_name in ALLOCA_LIKE]
        return sink_alloca_items(list(wave), sinking, {}, {}, set()) if sinking else list(wave)

    def _command(self, outer: Builder, b: Builder, op: Operation, at: At, add: Add) -> None:
        saved = outer.location
        outer.location = b.location = op.location
        try:
            self._emit_command(outer, b, op, at, add)
        finally:
            outer.location = saved

    def _emit_command(self, outer: Builder, b: Builder, op: Operation, at: At, add: Add) -> None:
        if op.__class__ is D.AsyncDispatchOp:  # most commands: none of the checks below applies
            lower_command(op, b, at, add, self.exec_affinity)
            return
        # A barrier left in a region is its capture (stages_execution._remove_barriers): its result shares
        # the capture's storage, nothing is copied.
        if (
            isinstance(op, D.AsyncAllocaOp)
            or op.op_name == "stream.async.barrier"
            or (
                isinstance(op, D.AsyncConstantOp)
                and (
                    any(op in upload_ops(u) for u in self.plan.region_uploads.values())
                    or any(op in c for c in self.plan.region_constants.values())
                )
            )
        ):
            return
        if isinstance(op, D.AsyncConstantOp):
            raise UnsupportedOpError(
                f"{op.describe()}: a constant of inline data ({op.attr('value')}) inside an execution region "
                "(IREE packs these into a #util.composite buffer, stream.resource.try_map with a "
                "stream.file.read fallback) is not supported"
            )

        if is_wide_fill(op):
            # IREE's materialize-builtins: a pattern over 32 bits is written by a builtin dispatch.
            assert isinstance(op, (D.AsyncSplatOp, D.AsyncFillOp))
            if isinstance(op, D.AsyncSplatOp):
                res, size, base, _ = at(op.result)
                offset = add(base, 0)
            else:
                res, size, base, _ = at(op.target)
                offset = add(base, op.target_offset)
            self.builtins.add(lower_wide_fill(op, b, outer, (res, size, offset), self.consts.get))
            return
        lower_command(op, b, at, add, self.exec_affinity)

    # --- parameters ---------------------------------------------------------------------------

    def _upload(self, b: Builder, p: int, up: ParameterUpload, affinity: A.Attribute | None) -> None:
        inline = self.plan.region_constants.get(p)
        with b.batched():  # thousands of ops (a key buffer per parameter) before one anchor
            # A region of constants alone: inline data first, then parameters (IREE's pack-constants).
            b.location = inline[0].location if inline else None
            tps = [upload[0] for upload in self._inline_constants(b, p, inline, affinity)] if inline else []
            tp = self._join(
                b, tps + emit_parameters(b, up, affinity, self.consts, self.loc, self.state.resource_config)
            )
        if tp is not None:
            self.tp[p] = tp

    def _inline_constants(
        self, b: Builder, p: int, inline: list[Operation], affinity: A.Attribute | None
    ) -> list[tuple[Value, tuple[Value, Value], bool]]:
        """:func:`~scheduler.emit_uploads.emit_inline_constants` once per resource type (IREE's
        ScheduleAllocation uploads the constants of each lifetime apart: a buffer holds one type), each
        with whether any of its constants is used after region ``p``."""
        by_type: dict[str, list[Operation]] = {}
        for o in inline:
            by_type.setdefault(str(o.results[0].type), []).append(o)
        inside = {id(self.node[n]["op"]) for n in self.plan.partitions[p].nodes}
        out = []
        # IREE uploads the constant lifetime's first, then the variable one's (and leaves other lifetimes'
        # constants unwritten: the pipeline uploads them last instead).
        order = {"!stream.resource<constant>": 0, "!stream.resource<variable>": 1}
        for _, group in sorted(by_type.items(), key=lambda kv: order.get(kv[0], 2)):
            tp, storage = emit_inline_constants(
                b, group, affinity, self.consts, self.loc, self.state.resource_config
            )
            escapes = any(id(self._top(u)) not in inside for o in group for u, _ in o.results[0].uses)
            out.append((tp, storage, escapes))
        return out

    def _top(self, op: Operation) -> Operation | None:
        """The op of the function body that holds ``op`` (``op`` itself at top level)."""
        cur: Operation | None = op
        while cur is not None and cur.parent is not self.plan.block:
            cur = cur.parent_op
        return cur

    # --- host awaits ------------------------------------------------------------------------

    def _unawaited_uses(self, part_ops: list[list[Operation]]) -> None:
        """Host uses of kept regions' results that the input did not await take the resource itself
        (``part_ops``: the ops of each partition)."""
        if not any(pinned.unawaited for pinned in self.plan.pinned_partition.values()):
            return
        scheduled = {id(op) for ops in part_ops for op in ops}
        for pinned in self.plan.pinned_partition.values():
            for user, i in pinned.unawaited:
                top = self._top(user)
                v = user.operands[i]
                if top is None or id(top) in scheduled or v not in self.loc:
                    continue
                user.set_operand(i, self._storage(Builder.before(top), v))

    def _storage(self, b: Builder, v: Value) -> Value:
        """The bytes of region result ``v``, unawaited: its slab, or a subview of it."""
        loc = self.loc[v]
        if static_index(loc.offset) == 0 and loc.length is loc.size:
            return loc.resource
        return b.create(
            "stream.resource.subview",
            [loc.resource, loc.size, self._index(b, loc.offset), loc.length],
            [v.type],
        ).result

    def _forward_barriers(self) -> None:
        """A ``stream.timepoint.barrier`` on a region's result goes: its users take the result's storage
        and the region's timepoint (IREE's propagate-timepoints), so nothing waits on the host."""
        joins: dict[int, Operation] = {}
        for p, barriers in self.plan.barriers.items():
            for barrier in barriers:
                v = barrier.operands[0]
                if v not in self.loc or p not in self.tp:
                    continue
                b = Builder.before(barrier)
                b.location = barrier.location
                barrier.results[0].replace_all_uses_with(self._storage(b, v))
                for user, _ in barrier.results[1].uses:
                    if user.op_name == "stream.timepoint.join":
                        joins[id(user)] = user
                barrier.results[1].replace_all_uses_with(self.tp[p])
                erase_ops([barrier], self.plan.block)
        # Joins of one timepoint several times fold, as IREE's canonicalizer folds them.
        for join in joins.values():
            uniq = list(dict.fromkeys(join.operands))
            if len(uniq) == 1:
                join.results[0].replace_all_uses_with(uniq[0])
                erase_ops([join], self.plan.block)
            elif len(uniq) != len(join.operands):
                join.set_operands(uniq)

    def _host_await(self, b: Builder, p: int) -> list[tuple[Value, Value]]:
        values = self.plan.host_awaited.get(p, [])
        # host uses of a kept region's pass-through results: the capture, awaited with the region
        through = self.plan.passthrough.get(p, [])
        if not (values or through) or p not in self.tp:
            return []
        resources: list[tuple[Value, Value]] = []
        seen: set[int] = set()
        for v in values:
            loc = self.loc[v]
            if id(loc.resource) not in seen:
                seen.add(id(loc.resource))
                resources.append((loc.resource, loc.size))
        held: list[tuple[Operation, int, Value]] = []  # (user, operand index, the capture's resource)
        for user, i, size in through:
            v = user.operands[i]
            r, rsize = (self.loc[v].resource, self.loc[v].size) if v in self.loc else (v, size)
            held.append((user, i, r))
            if id(r) not in seen:
                seen.add(id(r))
                resources.append((r, rsize))
        n = len(resources)
        props: dict[str, A.Attribute] = {"operandSegmentSizes": A.segment_sizes(n, n, 1)}
        op = b.insert(  # (b.create's op, without the check of each of its thousands of operands: ours)
            trusted_create(
                "stream.timepoint.await",
                [r for r, _ in resources] + [s for _, s in resources] + [self.tp[p]],
                [r.type for r, _ in resources],
                props,
                b.location,
            )
        )
        ready = {id(r): res for (r, _), res in zip(resources, op.results)}
        out: list[tuple[Value, Value]] = []
        for v in values:
            loc = self.loc[v]
            awaited = ready[id(loc.resource)]
            offset = loc.offset  # (an int mostly: a parameter's, or a slab leader's; static_index of it)
            at_start = offset == 0 if offset.__class__ is int else static_index(offset) == 0
            if at_start and loc.length is loc.size:
                out.append((v, awaited))
                continue
            sub = b.create(
                "stream.resource.subview",
                [awaited, loc.size, self._index(b, loc.offset), loc.length],
                [v.type],
            ).result
            out.append((v, sub))
        for user, i, r in held:
            v = user.operands[i]
            at = self.loc.get(v)
            awaited = ready[id(r)]
            if at is not None and not (static_index(at.offset) == 0 and at.length is at.size):
                awaited = b.create(
                    "stream.resource.subview",
                    [awaited, at.size, self._index(b, at.offset), at.length],
                    [v.type],
                ).result
            user.set_operand(i, awaited)
        return out

