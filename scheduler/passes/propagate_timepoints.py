"""IREE's ``--iree-stream-propagate-timepoints``: carry a timepoint beside every resource across
globals, calls, returns and branches, so that consumers chain on it instead of the host waiting.

Every ``!stream.resource`` global gets a mutable ``<name>__timepoint`` global (initially immediate)
beside it; stores store the timepoint their value was awaited on (and the unawaited resource), loads
load it and await it. Private functions take and return a timepoint after each resource, awaited at
entry (callee) and after each call (caller); ``cf.br``/``cf.cond_br`` pass one to non-entry blocks,
which await it at their start. Inside a function, a resource's timepoint is what it was awaited on
(a non-``sync`` ``stream.timepoint.await``), the timepoint of the execution region or timeline op that
made it, or else an immediate; ``stream.async.execute`` and other timeline ops capture resources
unawaited and await those timepoints (joined), and ``stream.timepoint.barrier`` forwards them.

The awaits the pass adds are all kept (IREE leaves them for elide-timepoints and canonicalization), so
host uses such as ``util.optimization_barrier`` see awaited resources and no extra ``sync`` await is
added. Public and external functions keep their signatures. ``scf.if``, ``scf.for``, ``scf.while``
and ``scf.index_switch`` carrying resources are rebuilt with a timepoint beside each resource result,
iteration argument, yielded and ``scf.condition``-forwarded value (results awaited after the op);
``scf.execute_region`` carrying resources raises :class:`~scheduler.errors.UnsupportedOpError` naming
the op. ``cf.br``, ``cf.cond_br`` and ``cf.switch`` pass a timepoint after each resource.

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func private @id(%r: !stream.resource<external>) -> !stream.resource<external> {
...   util.return %r : !stream.resource<external>
... }''')
>>> propagate_timepoints(m)
>>> print(m.body.ops[0].attr("function_type"))
(!stream.resource<external>, !stream.timepoint) -> (!stream.resource<external>, !stream.timepoint)
"""

from __future__ import annotations

from ir import Block, BlockArgument, Builder, Module, Operation, Value, create, rebuild_op
from ir import attributes as A
from ir import types as T
from scheduler.access import operand_size
from scheduler.errors import UnsupportedOpError
from scheduler.passes.timepoint_analysis import TIMELINE_OPS, awaits, result_timepoint

_TP = T.TimepointType()
_SCF = frozenset({"scf.if", "scf.for", "scf.while", "scf.index_switch", "scf.execute_region"})
# The scf ops the pass rebuilds (IREE's MutableRegionBranchOpInterface ops).
_REBUILT = frozenset({"scf.if", "scf.for", "scf.while", "scf.index_switch"})


def _is_resource(t: T.Type) -> bool:
    return isinstance(t, T.ResourceType)


def _sym(op: Operation, key: str) -> str | None:
    a = op.attr(key)
    if isinstance(a, A.StringAttr):
        return a.value
    if isinstance(a, A.SymbolRefAttr):
        return a.root
    return None


def _public(fn: Operation) -> bool:
    if fn.op_name != "util.func":
        return True
    if not fn.regions or not fn.regions[0].blocks:
        return True
    vis = fn.attr("sym_visibility")
    return not (isinstance(vis, A.StringAttr) and vis.value == "private")


def _set_prop(op: Operation, key: str, value: A.Attribute) -> None:
    (op.attributes if key in op.attributes and key not in op.properties else op.properties)[key] = value


def _expand_types(types: tuple[T.Type, ...] | list[T.Type]) -> list[T.Type]:
    out: list[T.Type] = []
    for t in types:
        out.append(t)
        if _is_resource(t):
            out.append(_TP)
    return out


def _expand_tied(tied: A.Attribute | None, old_inputs: list[T.Type], results: list[T.Type]) -> A.Attribute:
    """``tied_operands`` after expansion: each resource result gets a ``-1`` timepoint after it, and
    tied operand indices move past the timepoints inserted before them."""
    shift = [0] * len(old_inputs)
    seen = 0
    for i, t in enumerate(old_inputs):
        shift[i] = i + seen
        if _is_resource(t):
            seen += 1
    old = [-1] * len(results)
    if isinstance(tied, A.ArrayAttr):
        old = [int(a.value) if isinstance(a, A.IntegerAttr) else -1 for a in tied.elements]
    new: list[A.Attribute] = []
    for t, k in zip(results, old):
        new.append(A.index_attr(shift[k] if 0 <= k < len(shift) else -1))
        if _is_resource(t):
            new.append(A.index_attr(-1))
    return A.ArrayAttr(tuple(new))


class _Propagation:
    def __init__(self, module: Module) -> None:
        self.module = module
        self.functions = {_sym(op, "sym_name"): op for op in module.body.ops if op.op_name == "util.func"}
        self.globals: dict[str, str] = {}
        self.map: dict[Value, Value] = {}

    # --- globals ------------------------------------------------------------------------------------

    def expand_globals(self) -> None:
        for op in list(self.module.body.ops):
            if op.op_name != "util.global":
                continue
            t = op.attr("type")
            if not (isinstance(t, A.TypeAttr) and _is_resource(t.value)):
                continue
            name = _sym(op, "sym_name")
            assert name is not None
            tp_name = f"{name}__timepoint"
            props: dict[str, A.Attribute] = {
                "sym_name": A.StringAttr(tp_name),
                "type": A.TypeAttr(_TP),
                "is_mutable": A.UnitAttr(),
                "initial_value": A.TimepointAttr(),
            }
            vis = op.attr("sym_visibility")
            if vis is not None:
                props["sym_visibility"] = vis
            new = create("util.global", properties=props)
            new.location = op.location
            Builder.before(op).insert(new)
            self.globals[name] = tp_name

    # --- values -------------------------------------------------------------------------------------

    def consume(self, value: Value, before: Operation) -> tuple[Value, Value]:
        """(timepoint, resource): when ``value`` is ready, and the resource to use unawaited."""
        if value in self.map:
            return self.map[value], value
        d = value.defining_op
        if d is not None and d.op_name == "stream.timepoint.await" and d.attr("sync") is None:
            n = len(d.results)
            return d.operands[-1], d.operands[value.index] if value.index < n else value  # type: ignore[attr-defined]
        if d is not None and d.op_name == "stream.async.execute":
            return d.results[-1], value
        b = Builder.before(before)
        b.location = before.location
        return b.create("stream.timepoint.immediate", [], [_TP]).results[0], value

    def expand_operands(self, values: list[Value], before: Operation) -> list[Value]:
        out: list[Value] = []
        for v in values:
            if _is_resource(v.type):
                tp, res = self.consume(v, before)
                out.extend([res, tp])
            else:
                out.append(v)
        return out

    def _await(self, b: Builder, resource: Value, size: Value, tp: Value) -> Operation:
        return b.create(
            "stream.timepoint.await",
            [resource, size, tp],
            [resource.type],
            properties={"operandSegmentSizes": A.segment_sizes(1, 1, 1)},
        )

    def _size_op(self, b: Builder, resource: Value) -> Value:
        return b.create("stream.resource.size", [resource], [T.index]).results[0]

    # --- regions ------------------------------------------------------------------------------------

    def expand_region(self, blocks: list[Block], modify_entry: bool) -> None:
        for k, block in enumerate(blocks):
            if k == 0 and not modify_entry:
                continue
            if not any(_is_resource(a.type) for a in block.args):
                continue
            expansions: list[tuple[Value, Value]] = []
            for i in range(len(block.args) - 1, -1, -1):
                arg = block.args[i]
                if not _is_resource(arg.type):
                    continue
                new_arg = BlockArgument(_TP, block, i + 1)
                block.args.insert(i + 1, new_arg)
                for j, a in enumerate(block.args):
                    a.index = j
                expansions.append((new_arg, arg))
            b = Builder(block, 0)
            for tp, res in reversed(expansions):
                if res in self.map:
                    continue
                self.map[res] = tp
                b.location = block.ops[0].location if block.ops else None
                size = self._block_arg_size(res, b)
                await_op = self._await(b, res, size, tp)
                excluded = {id(await_op)}
                if size.defining_op is not None:
                    excluded.add(id(size.defining_op))
                for user, idx in list(res.uses):
                    if id(user) not in excluded:
                        user.set_operand(idx, await_op.results[0])
        for block in blocks:
            for op in list(block.ops):
                if op.parent is block:
                    self.expand(op)

    def _block_arg_size(self, res: Value, b: Builder) -> Value:
        for user, _ in res.uses:
            size: Value | None = None
            if user.op_name in ("stream.timepoint.await", "stream.async.execute", "stream.cmd.execute"):
                n = user.operands.index(res)
                count = len([v for v in user.operands if _is_resource(v.type)])
                size = user.operands[count + n] if n < count else None
            else:
                try:
                    size = operand_size(user, res)
                except (ValueError, AttributeError):
                    size = None
            if size is None:
                continue
            region = size.block.parent if isinstance(size, BlockArgument) else None
            if isinstance(size, BlockArgument) and region is not None and region.blocks[0] is size.block:
                return size
            d = size.defining_op
            if d is not None and d.op_name == "arith.constant":
                return b.create("arith.constant", [], [size.type], properties=dict(d.properties)).results[0]
        return self._size_op(b, res)

    # --- ops ----------------------------------------------------------------------------------------

    def expand(self, op: Operation) -> None:
        name = op.op_name
        resources = any(_is_resource(v.type) for v in op.operands) or any(
            _is_resource(r.type) for r in op.results
        )
        if name == "util.global.load":
            self._global_load(op)
        elif name == "util.global.store":
            self._global_store(op)
        elif name == "util.initializer":
            self.expand_region(op.regions[0].blocks, False)
        elif name == "util.func":
            self._func(op)
        elif name == "util.call":
            self._call(op)
        elif name == "util.return":
            self._return(op)
        elif name in ("cf.br", "cf.cond_br", "cf.switch"):
            self._branch(op)
        elif name == "stream.timepoint.await":
            if op.attr("sync") is None:
                n = len(op.results)
                for v in op.operands[:n]:
                    if not isinstance(v, BlockArgument):
                        self.map[v] = op.operands[-1]
        elif name == "stream.async.execute":
            self._timeline(op)
        elif name == "stream.timepoint.barrier":
            tp, res = self.consume(op.operands[0], op)
            op.results[0].replace_all_uses_with(res)
            op.results[1].replace_all_uses_with(tp)
            op.erase()
        elif name in TIMELINE_OPS:
            self._timeline(op)
        elif name in _REBUILT and resources:
            self._scf(op)
        elif name in _SCF and resources:
            raise UnsupportedOpError(
                f"{op.describe()}: propagate-timepoints rebuilds {', '.join(sorted(_REBUILT))} that carry "
                f"resources, not {name}"
            )

    def _scf(self, op: Operation) -> None:
        """Rebuild an ``scf`` op with a timepoint beside each resource result, iteration argument
        (``scf.for``, both regions of ``scf.while``) and yielded or forwarded value; results are awaited
        after the op."""
        operands = list(op.operands)
        if op.op_name == "scf.for":
            operands = operands[:3] + self.expand_operands(operands[3:], op)
            self._carry_args(op.regions[0].blocks[0], 1)
        elif op.op_name == "scf.while":
            operands = self.expand_operands(operands, op)
            for region in op.regions:
                self._carry_args(region.blocks[0], 0)
        new = rebuild_op(op, operands, _expand_types([r.type for r in op.results]))
        for region in new.regions:
            self.expand_region(region.blocks, False)
            for block in region.blocks:
                term = block.terminator
                if term is not None and term.op_name == "scf.yield":
                    term.set_operands(self.expand_operands(list(term.operands), term))
                elif term is not None and term.op_name == "scf.condition":
                    cond, *args = term.operands
                    term.set_operands([cond, *self.expand_operands(args, term)])
        k = 0
        for old in op.results:
            if not _is_resource(old.type):
                old.replace_all_uses_with(new.results[k])
                k += 1
                continue
            res, tp = new.results[k], new.results[k + 1]
            k += 2
            self.map[res] = tp
            b = Builder.after(new)
            b.location = op.location
            size = self._size_op(b, res)
            await_op = self._await(b, res, size, tp)
            old.replace_all_uses_with(await_op.results[0])
        op.erase()

    def _carry_args(self, block: Block, first: int) -> None:
        """A timepoint argument after each resource argument of ``block`` from ``first`` on, mapped to it
        (no await: its users chain on it, as IREE's pass leaves region branch arguments)."""
        for i in range(len(block.args) - 1, first - 1, -1):
            arg = block.args[i]
            if _is_resource(arg.type):
                carried = BlockArgument(_TP, block, i + 1)
                block.args.insert(i + 1, carried)
                self.map[arg] = carried
        for j, a in enumerate(block.args):
            a.index = j

    def _global_load(self, op: Operation) -> None:
        name = _sym(op, "global")
        if not _is_resource(op.results[0].type) or name not in self.globals:
            return
        b = Builder.before(op)
        b.location = op.location
        tp = b.create(
            "util.global.load", [], [_TP], properties={"global": A.SymbolRefAttr(self.globals[name])}
        ).results[0]
        res = op.results[0]
        self.map[res] = tp
        b = Builder.after(op)
        b.location = op.location
        size = self._size_op(b, res)
        await_op = self._await(b, res, size, tp)
        excluded = {id(await_op), id(size.defining_op)}
        for user, idx in list(res.uses):
            if id(user) not in excluded:
                user.set_operand(idx, await_op.results[0])

    def _global_store(self, op: Operation) -> None:
        name = _sym(op, "global")
        if not _is_resource(op.operands[0].type) or name not in self.globals:
            return
        tp, res = self.consume(op.operands[0], op)
        b = Builder.before(op)
        b.location = op.location
        b.create("util.global.store", [tp], [], properties={"global": A.SymbolRefAttr(self.globals[name])})
        op.set_operand(0, res)

    def _func(self, fn: Operation) -> None:
        modify = not _public(fn)
        if modify:
            fattr = fn.attr("function_type")
            assert isinstance(fattr, A.TypeAttr) and isinstance(fattr.value, T.FunctionType)
            ft = fattr.value
            new = T.FunctionType(tuple(_expand_types(ft.inputs)), tuple(_expand_types(ft.results)))
            _set_prop(fn, "function_type", A.TypeAttr(new))
            tied = fn.attr("tied_operands")
            if tied is not None:
                _set_prop(fn, "tied_operands", _expand_tied(tied, list(ft.inputs), list(ft.results)))
            elif new != ft:
                # IREE's util.func signature expansion writes the (empty) tied operand list.
                fn.properties["tied_operands"] = A.ArrayAttr(())
        if fn.regions and fn.regions[0].blocks:
            self.map = {}
            self.expand_region(fn.regions[0].blocks, modify)

    def _call(self, op: Operation) -> None:
        if not any(_is_resource(v.type) for v in op.operands) and not any(
            _is_resource(r.type) for r in op.results
        ):
            return
        callee = self.functions.get(_sym(op, "callee"))
        if callee is None or _public(callee):
            return
        operands = self.expand_operands(list(op.operands), op)
        props = dict(op.properties)
        tied = op.attr("tied_operands")
        if tied is not None:
            props["tied_operands"] = _expand_tied(
                tied, [v.type for v in op.operands], [r.type for r in op.results]
            )
        new = create(
            op.op_name,
            operands,
            _expand_types([r.type for r in op.results]),
            properties=props,
            attributes=dict(op.attributes),
        )
        new.location = op.location
        Builder.before(op).insert(new)
        b = Builder.after(new)
        b.location = op.location
        k = 0
        for old in op.results:
            if not _is_resource(old.type):
                old.replace_all_uses_with(new.results[k])
                k += 1
                continue
            res, tp = new.results[k], new.results[k + 1]
            k += 2
            self.map[res] = tp
            size = self._size_op(b, res)
            await_op = self._await(b, res, size, tp)
            old.replace_all_uses_with(await_op.results[0])
        op.erase()

    def _return(self, op: Operation) -> None:
        fn = op.parent_op
        if fn is None or fn.op_name != "util.func" or _public(fn):
            return
        if not any(_is_resource(v.type) for v in op.operands):
            return
        op.set_operands(self.expand_operands(list(op.operands), op))

    def _branch(self, op: Operation) -> None:
        if not any(_is_resource(v.type) for v in op.operands):
            return
        if op.op_name == "cf.br":
            op.set_operands(self.expand_operands(list(op.operands), op))
            return
        if op.op_name == "cf.switch":
            self._switch(op)
            return
        sizes = op.attr("operandSegmentSizes")
        assert isinstance(sizes, A.DenseArrayAttr)
        n = [int(v) for v in sizes.values]
        cond = op.operands[0]
        t = self.expand_operands(list(op.operands[1 : 1 + n[1]]), op)
        f = self.expand_operands(list(op.operands[1 + n[1] :]), op)
        op.set_operands([cond, *t, *f])
        op.properties["operandSegmentSizes"] = A.segment_sizes(1, len(t), len(f))

    def _switch(self, op: Operation) -> None:
        """``cf.switch``: the default's and each case's operands expanded (IREE's ``expandSwitchOp``)."""
        sizes, cases = op.attr("operandSegmentSizes"), op.attr("case_operand_segments")
        if not isinstance(sizes, A.DenseArrayAttr) or not isinstance(cases, A.DenseArrayAttr):
            raise UnsupportedOpError(f"{op.describe()}: cf.switch without its operand segment attributes")
        n = [int(v) for v in sizes.values]
        flag = op.operands[0]
        default = self.expand_operands(list(op.operands[1 : 1 + n[1]]), op)
        start, expanded, counts = 1 + n[1], [], []
        for count in (int(v) for v in cases.values):
            group = self.expand_operands(list(op.operands[start : start + count]), op)
            start += count
            expanded += group
            counts.append(len(group))
        op.set_operands([flag, *default, *expanded])
        for key, value in (
            ("operandSegmentSizes", A.segment_sizes(1, len(default), len(expanded))),
            ("case_operand_segments", A.segment_sizes(*counts)),
        ):
            (op.attributes if key in op.attributes else op.properties)[key] = value

    def _timeline(self, op: Operation) -> None:
        new_awaits: list[Value] = []
        for w in awaits(op):
            if not any(w is x for x in new_awaits):
                new_awaits.append(w)
        for i in range(len(op.operands)):
            v = op.operands[i]
            if not _is_resource(v.type):
                continue
            tp, res = self.consume(v, op)
            if not any(tp is x for x in new_awaits):
                new_awaits.append(tp)
            if res is not v:
                op.set_operand(i, res)
        if op.op_name != "stream.timepoint.immediate":
            self._set_awaits(op, new_awaits)
        rt = result_timepoint(op)
        if rt is not None:
            for r in op.results:
                if _is_resource(r.type):
                    self.map[r] = rt

    def _set_awaits(self, op: Operation, timepoints: list[Value]) -> None:
        from scheduler.passes.elide_timepoints import set_awaits

        if op.op_name in ("stream.timepoint.join", "stream.test.timeline_op"):
            # A join takes them all; IREE's test op takes them all up to its await_limit.
            set_awaits(op, timepoints)
            return
        current = awaits(op)
        if not timepoints:
            if current:
                raise UnsupportedOpError(f"{op.describe()}: cannot clear awaits")  # pragma: no cover
            return
        if len(timepoints) > 1:
            b = Builder.before(op)
            b.location = op.location
            joined = b.create("stream.timepoint.join", list(timepoints), [_TP]).results[0]
            timepoints = [joined]
        if current:
            for i, v in enumerate(op.operands):
                if v is current[0]:
                    op.set_operand(i, timepoints[0])
                    return
        set_awaits(op, timepoints)


def propagate_timepoints(module: Module) -> None:
    """Run the pass on ``module`` in place (see the module docstring)."""
    p = _Propagation(module)
    p.expand_globals()
    for op in list(module.body.ops):
        if op.op_name in ("util.func", "util.initializer"):
            p.map = {}
            p.expand(op)
