"""Whole-program facts IREE's elide-async-copies pass decides by: last users, argument semantics, mutation.

IREE's ``ElideAsyncCopies`` removes a ``stream.async.clone`` (or transfer, slice, update) when the copy
cannot be observed. It asks four questions of the program, each answered here as IREE's DFX elements
answer them:

- **Last users** of a value: the users after which nothing in the value's own region may use it. Uses are
  projected onto the value's region (a use inside an ``scf.if`` counts as the ``scf.if``); a user is last
  when every other user's projection comes before it in the same block, or sits in a region exclusive of
  its own (``then``/``else`` of one ``scf.if``). A use inside a loop is never last against another use in
  the same loop (the next iteration comes after); users in different blocks are never ordered (so never
  last).
- **Argument semantics** of every resource block argument: *by value* (moved) when every incoming value
  (call operands, branch operands, ``scf`` init and loop-back values, closure operands) is passed by its
  last user, or is a consuming ``stream.tensor.import``, or is itself a by-value argument; *by reference*
  otherwise, and whenever some predecessor is unknown (a public function: callers outside the module).
  The facts are the greatest fixpoint (IREE's solver starts optimistic): a loop that threads a value
  through its last use keeps it by value. (IREE's walk of the argument's own uses for ties and unknown
  users clears only its *known* bits, never the assumed ones the pass reads: it decides nothing.)
- **Never mutated**: no transitive use of the value (through ties, branches, calls, returns, ``scf``
  regions, globals) is tied, and no op writes the value itself; an incomplete walk means mutated, except
  for ``constant`` resources.
- **Borrowed storage**: the value may alias a non-consuming ``stream.tensor.import`` (caller-owned
  memory), looking up through ties, calls, region exits, globals and same-lifetime transfers (a clone
  stops the walk; so does a lifetime-changing transfer); unknown producers count as borrowed.

Walks follow IREE's ``Explorer``: :class:`Explorer` extends :class:`scheduler.usage_graph.FlowGraph`
with IREE's callbacks (advance, skip, interrupt), including its quirk that an interrupt in a use walk
stops the current value's uses only, and the walk's completeness still counts what remains.

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func private @f(%n: index) -> !stream.resource<*> {
...   %c0 = arith.constant 0 : i32
...   %s = stream.async.splat %c0 : i32 -> !stream.resource<*>{%n}
...   %a = stream.async.clone %s : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
...   %b = stream.async.clone %s : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
...   util.return %b : !stream.resource<*>
... }''')
>>> ops = m.body.ops[0].body.ops
>>> facts = CopyFacts(m)
>>> facts.is_last_user(ops[1].result, ops[2]), facts.is_last_user(ops[1].result, ops[3])
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ir import Block, BlockArgument, Module, Operation, OpResult, Region, Value
from ir import attributes as A
from ir import types as T
from ir.dialects import stream_async as D
from ir.opdef import segment_bounds
from scheduler.usage_graph import CALL_OPS, CLOSURE_OPS, FUNC_OPS, FlowGraph, is_resource, tied_results

ADVANCE, SKIP, INTERRUPT = "advance", "skip", "interrupt"
READ, WRITE = 1, 2

CALLABLE_OPS = frozenset({"util.func", "func.func", "util.initializer"})
_LOOP_OPS = frozenset({"scf.for", "scf.while", "scf.forall", "scf.parallel"})
# Region ops whose regions each exit to the parent only: two of their regions never both run.
_EXCLUSIVE_REGION_OPS = frozenset({"scf.if", "scf.index_switch"})
_NOT_MUTATED, _BY_VALUE = 1, 2
_BEST = _NOT_MUTATED | _BY_VALUE


@dataclass(frozen=True)
class Range:
    """IREE's ``AsyncAccessRange``: ``access`` (READ/WRITE bits) of ``resource`` over SSA ``start`` to
    ``end`` (``start`` None: from the beginning)."""

    access: int
    resource: Value
    start: Value | None
    end: Value | None
    length: Value | None

    @property
    def read_only(self) -> bool:
        return self.access == READ

    @property
    def write_only(self) -> bool:
        return self.access == WRITE


def may_overlap(a: Range, b: Range) -> bool:
    """IREE's ``mayOverlap``: same resource, and not provably adjacent by SSA identity of the bounds."""
    if a.resource is not b.resource:
        return False
    adjacent = (a.end is not None and a.end is b.start) or (a.start is not None and a.start is b.end)
    return not adjacent


def _whole(access: int, v: Value, size: Value) -> Range:
    return Range(access, v, None, size, size)


def access_ranges(op: Operation) -> list[Range] | None:
    """The ranges ``op`` declares as IREE's ``AsyncAccessOpInterface``; None when it is not one."""
    if isinstance(op, (D.AsyncConstantOp, D.AsyncSplatOp)):
        return [_whole(WRITE, op.result, op.result_size)]
    if isinstance(op, (D.AsyncCloneOp, D.AsyncTransferOp)):
        return [_whole(READ, op.source, op.source_size), _whole(WRITE, op.result, op.result_size)]
    if isinstance(op, D.AsyncSliceOp):
        return [
            Range(READ, op.source, op.source_offset, op.source_end, op.result_size),
            _whole(WRITE, op.result, op.result_size),
        ]
    if isinstance(op, D.AsyncFillOp):
        span = (op.target_offset, op.target_end, op.target_length)
        return [Range(WRITE, op.target, *span), Range(WRITE, op.result, *span)]
    if isinstance(op, D.AsyncUpdateOp):
        span = (op.target_offset, op.target_end, op.update_size)
        return [
            _whole(READ, op.update, op.update_size),
            Range(WRITE, op.target, *span),
            Range(WRITE, op.result, *span),
        ]
    if isinstance(op, D.AsyncCopyOp):
        span = (op.target_offset, op.target_end, op.length)
        return [
            Range(READ, op.source, op.source_offset, op.source_end, op.length),
            Range(WRITE, op.target, *span),
            Range(WRITE, op.result, *span),
        ]
    if isinstance(op, D.AsyncCollectiveOp):
        span = (op.target_offset, op.target_end, op.target_length)
        return [
            Range(READ, op.source, op.source_offset, op.source_end, op.source_length),
            Range(WRITE, op.target, *span),
            Range(WRITE, op.result, *span),
        ]
    if isinstance(op, (D.AsyncDispatchOp, D.AsyncCallOp, D.AsyncExecuteOp, D.AsyncConcurrentOp)):
        return _operand_ranges(op)
    return None


def _operand_ranges(op: Operation) -> list[Range]:
    base = segment_bounds(op, "operands")["resource_operands"][0]
    ranged = isinstance(op, (D.AsyncDispatchOp, D.AsyncCallOp))
    sizes = list(op.resource_operand_sizes)  # type: ignore[attr-defined]
    out: list[Range] = []
    k = 0
    for i, v in enumerate(op.resource_operands):  # type: ignore[attr-defined]
        if not is_resource(v):
            continue
        tied = tied_results(op, base + i)
        access = READ | WRITE if tied else READ
        if ranged:
            span: tuple[Value | None, Value | None, Value | None] = (
                op.resource_operand_offsets[k],  # type: ignore[attr-defined]
                op.resource_operand_ends[k],  # type: ignore[attr-defined]
                op.resource_operand_lengths[k],  # type: ignore[attr-defined]
            )
        else:
            span = (None, sizes[i], sizes[i])
        k += 1
        out.append(Range(access, v, *span))
        out.extend(Range(access, r, *span) for r in tied)
    results = [r for r in op.results if is_resource(r)]
    for r, size in zip(results, op.result_sizes):  # type: ignore[attr-defined]
        if not any(r in tied_results(op, j) for j in range(len(op.operands))):
            out.append(_whole(WRITE, r, size))
    return out


def is_tied_use(op: Operation, index: int) -> bool:
    return bool(tied_results(op, index))


def tied_operand(result: OpResult) -> Value | None:
    """The operand ``result`` updates in place (IREE's ``getTiedResultOperand``)."""
    op = result.op
    for i, v in enumerate(op.operands):
        if result in tied_results(op, i):
            return v
    return None


def tied_base(v: Value) -> Value:
    """IREE's ``findTiedBaseValue``: follow tied results up to the value first updated."""
    seen: set[int] = set()
    while isinstance(v, OpResult) and id(v) not in seen:
        seen.add(id(v))
        t = tied_operand(v)
        if t is None:
            break
        v = t
    return v


def lifetime(v: Value) -> str:
    return v.type.lifetime if isinstance(v.type, T.ResourceType) else ""


class Explorer(FlowGraph):
    """The module's flow graph with IREE's ``Explorer`` walks (callbacks that advance, skip or interrupt)."""

    def walk_uses(self, value: Value, fn: Callable[[Operation, int], str]) -> bool:
        """``walkTransitiveUses``: call ``fn(op, operand index)`` once per use reached; True if complete."""
        complete = True
        done: set[tuple[int, int]] = set()
        work: list[Value] = [value]
        queued = {id(value)}
        while work:
            v = work.pop()
            queued.discard(id(v))
            for op, i in reversed(list(v.uses)):
                if (id(op), i) in done:
                    continue
                done.add((id(op), i))
                verdict = fn(op, i)
                if verdict == INTERRUPT:
                    break  # IREE stops this value's uses; the worklist goes on
                if verdict == SKIP:
                    continue
                nxt: list[Value] = list(tied_results(op, i))
                more, ok = self._outgoing(op, i)
                complete &= ok
                nxt.extend(more)
                for n in nxt:
                    if id(n) not in queued:
                        queued.add(id(n))
                        work.append(n)
        return complete

    def walk_defining(self, value: Value, fn: Callable[[OpResult], str]) -> bool:
        """``walkDefiningOps``: call ``fn`` on each op result that may define ``value``; True if complete."""
        op = value.defining_op
        if isinstance(value, OpResult) and op is not None and op.op_name == "arith.constant":
            fn(value)
            return True
        complete = True
        done: set[int] = set()
        work: list[Value] = [value]
        while work:
            v = work.pop()
            if id(v) in done:
                continue
            done.add(id(v))
            if isinstance(v, BlockArgument):
                more, ok = self._incoming(v)
                complete &= ok
                work.extend(more)
                continue
            assert isinstance(v, OpResult)
            verdict = fn(v)
            if verdict == INTERRUPT:
                break
            if verdict == SKIP:
                continue
            t = tied_operand(v)
            if t is not None:
                work.append(t)
            op = v.op
            if op.op_name in CALL_OPS:
                callee = self._callee(op)
                if callee is None or not callee.regions or not callee.regions[0].blocks:
                    complete = False
                else:
                    for ret in self._returns(callee):
                        if v.index < len(ret.operands):
                            work.append(ret.operands[v.index])
            elif op.op_name == "util.global.load":
                g = _symbol(op.attr("global"))
                if g is None or g in self.indirect_globals:
                    complete = False
                else:
                    work.extend(st.operands[0] for st in self.global_stores.get(g, []) if st.operands)
            elif op.regions and (op.op_name in CLOSURE_OPS or op.op_name.startswith("scf.")):
                for ret in self._returns(op):
                    vals = self._returned(ret)
                    if v.index < len(vals):
                        work.append(vals[v.index])
        return complete

    def predecessor_uses(self, arg: BlockArgument) -> tuple[list[tuple[Value, Operation]], bool]:
        """The (value, using op) pairs that feed ``arg`` on every edge, and whether every edge is known
        (IREE's ``ArgumentSemantics`` walks these)."""
        block, n = arg.block, arg.index
        region = block.parent
        parent = region.parent if region is not None else None
        out: list[tuple[Value, Operation]] = []
        complete = True
        if region is not None and parent is not None and region.blocks[0] is block:
            name = parent.op_name
            if name in FUNC_OPS or name == "util.initializer":
                calls, complete = self._callers(parent)
                out += [(c.operands[n], c) for c in calls if n < len(c.operands)]
            elif name == "scf.for":
                if n >= 1 and 3 + n - 1 < len(parent.operands):
                    out.append((parent.operands[3 + n - 1], parent))
                term = block.terminator
                if term is not None and n >= 1 and n - 1 < len(term.operands):
                    out.append((term.operands[n - 1], term))
            elif name == "scf.while":
                if region is parent.regions[0]:
                    if n < len(parent.operands):
                        out.append((parent.operands[n], parent))
                    for b in parent.regions[1].blocks if len(parent.regions) > 1 else []:
                        t = b.terminator
                        if t is not None and t.op_name == "scf.yield" and n < len(t.operands):
                            out.append((t.operands[n], t))
                else:
                    cond = parent.regions[0].blocks[-1].terminator
                    if cond is not None and n + 1 < len(cond.operands):
                        out.append((cond.operands[n + 1], cond))
            elif name in CLOSURE_OPS:
                operands = parent.resource_operands  # type: ignore[attr-defined]
                if n < len(operands):
                    out.append((operands[n], parent))
            else:
                complete = False
        for pred in self.predecessors.get(id(block), []):
            from scheduler.usage_graph import successor_operand_ranges

            for succ, (start, count) in zip(pred.successors, successor_operand_ranges(pred)):
                if succ is block and n < count:
                    out.append((pred.operands[start + n], pred))
        return out, complete


def _symbol(attr: A.Attribute | None) -> str | None:
    if isinstance(attr, A.SymbolRefAttr):
        return attr.root if not attr.nested else None
    if isinstance(attr, A.StringAttr):
        return attr.value
    return None


# --- last users ---------------------------------------------------------------------------------------


def _parent_region(v: Value) -> Region | None:
    if isinstance(v, BlockArgument):
        return v.block.parent
    op = v.defining_op
    return op.parent.parent if op is not None and op.parent is not None else None


def _project(op: Operation, region: Region | None) -> Operation | None:
    cur: Operation | None = op
    while cur is not None and (cur.parent is None or cur.parent.parent is not region):
        cur = cur.parent_op
    return cur


def _region_under(op: Operation, container: Operation) -> Region | None:
    block: Block | None = op.parent
    while block is not None:
        region = block.parent
        if region is None:
            return None
        if region.parent is container:
            return region
        owner = region.parent
        block = owner.parent if owner is not None else None
    return None


def _exclusive(a: Operation, b: Operation, container: Operation) -> bool:
    if container.op_name not in _EXCLUSIVE_REGION_OPS:
        return False
    ra, rb = _region_under(a, container), _region_under(b, container)
    return ra is not None and rb is not None and ra is not rb


def is_effectively_last_user(value: Value, candidate: Operation) -> bool:
    """IREE's ``isEffectivelyLastUser`` (see the module docstring)."""
    region = _parent_region(value)
    cpos = _project(candidate, region)
    if cpos is None:
        return False
    for user, _ in value.uses:
        if user is candidate:
            continue
        upos = _project(user, region)
        if upos is None:
            continue
        if upos is cpos:
            if cpos.op_name in _LOOP_OPS or not _exclusive(candidate, user, cpos):
                return False
        elif cpos.parent is None or upos.parent is not cpos.parent:
            return False  # other blocks: never ordered
        elif cpos.parent.ops.index(cpos) < cpos.parent.ops.index(upos):
            return False  # used again later in the block
    return True


# --- the facts ----------------------------------------------------------------------------------------


class CopyFacts:
    """Last users, argument semantics, mutation and borrowed storage of one module (one iteration of
    the pass: facts about arguments and mutation are taken when built, last users when first asked)."""

    def __init__(self, module: Module) -> None:
        self.module = module
        self.explorer = Explorer(module)
        self._last: dict[int, set[int]] = {}
        self._mutated: dict[int, bool] = {}
        self._args: dict[int, int] = {}
        self._solve_arguments()
        for v in self._copy_values():
            self.never_mutated(v)

    def callables(self) -> list[Operation]:
        return [op for op in self.module.body.ops if op.op_name in CALLABLE_OPS and op.regions]

    # last users ---------------------------------------------------------------------------------------

    def is_last_user(self, value: Value, user: Operation) -> bool:
        key = id(value)
        if key not in self._last:
            self._last[key] = {id(u) for u, _ in value.uses if is_effectively_last_user(value, u)}
        return id(user) in self._last[key]

    # argument semantics -------------------------------------------------------------------------------

    def is_arg_moved(self, arg: BlockArgument) -> bool:
        """The argument is passed by value (the last use) on every incoming edge."""
        state = self._args.get(id(arg))
        return state is not None and bool(state & _BY_VALUE)

    def _solve_arguments(self) -> None:
        args: list[BlockArgument] = []
        for fn in self.callables():
            for op in fn.walk():
                for region in op.regions:
                    for block in region.blocks:
                        args.extend(a for a in block.args if is_resource(a))
        # IREE's initialization walks the argument's uses for ties and an incomplete walk, but only
        # clears *known* bits, which start cleared: the assumed state starts at the best for all.
        state: dict[int, int] = {id(a): _BEST for a in args}
        preds = {id(a): self.explorer.predecessor_uses(a) for a in args}
        changed = True
        while changed:
            changed = False
            for arg in args:
                s = state[id(arg)]
                uses, complete = preds[id(arg)]
                for v, owner in uses:
                    if isinstance(v, BlockArgument) and id(v) in state:
                        s &= state[id(v)]
                    src = v.defining_op
                    if src is not None and src.op_name == "stream.tensor.import" and src.attr("consume"):
                        continue
                    if not self.is_last_user(v, owner):
                        s &= ~(_NOT_MUTATED | _BY_VALUE)
                if not complete:
                    s &= ~(_NOT_MUTATED | _BY_VALUE)
                if s != state[id(arg)]:
                    state[id(arg)] = s
                    changed = True
        self._args = state

    # mutation -----------------------------------------------------------------------------------------

    def _copy_values(self) -> list[Value]:
        """The values the pass may ask about mutation (clone sources and results, and what a source can
        become when another copy is elided first): IREE computes these facts before rewriting."""
        out: list[Value] = []
        for fn in self.callables():
            for op in fn.walk():
                if isinstance(op, (D.AsyncCloneOp, D.AsyncTransferOp)):
                    out += [op.source, op.result]
                elif isinstance(op, D.AsyncUpdateOp):
                    out += [op.update, op.target]
        return out

    def never_mutated(self, value: Value) -> bool:
        """No transitive use updates ``value`` in place or writes it (an unknown use: mutated, unless
        the resource is constant)."""
        key = id(value)
        if key in self._mutated:
            return not self._mutated[key]
        mutated = False

        def visit(op: Operation, i: int) -> str:
            nonlocal mutated
            if is_tied_use(op, i):
                mutated = True
                return INTERRUPT
            for r in access_ranges(op) or []:
                if r.resource is value and not r.read_only:
                    mutated = True
                    return INTERRUPT
            return ADVANCE

        if not self.explorer.walk_uses(value, visit) and lifetime(value) != "constant":
            mutated = True
        self._mutated[key] = mutated
        return not mutated

    # borrowed storage ---------------------------------------------------------------------------------

    def contains_borrowed_storage(self, value: Value, visited: set[int] | None = None) -> bool:
        """``value`` may alias storage imported without ``consume`` (or from somewhere unknown)."""
        visited = set() if visited is None else visited
        if id(value) in visited:
            return True
        visited.add(id(value))
        found = False

        def visit(r: OpResult) -> str:
            nonlocal found
            op = r.op
            if op.op_name == "stream.tensor.import":
                found = op.attr("consume") is None
                return INTERRUPT
            if isinstance(op, D.AsyncTransferOp):
                if lifetime(op.source) == lifetime(r):
                    found = self.contains_borrowed_storage(op.source, visited)
                return INTERRUPT if found else SKIP
            if isinstance(op, D.AsyncCloneOp):
                return SKIP
            return ADVANCE

        complete = self.explorer.walk_defining(value, visit)
        return found or not complete

    # affinity -----------------------------------------------------------------------------------------

    def infer_affinity(self, value: Value) -> A.Attribute | None:
        """The affinity of ``value``'s producer, walking up through ties, calls and branches to the first
        op that names one, else the ``stream.affinity.default`` around it."""
        op = value.defining_op
        if op is not None and result_affinity(op) is not None:
            return result_affinity(op)
        found: list[A.Attribute] = []

        def visit(r: OpResult) -> str:
            aff = result_affinity(r.op) or _lookup(r.op, "stream.affinity")
            if aff is not None:
                found.append(aff)
                return INTERRUPT
            return ADVANCE

        self.explorer.walk_defining(value, visit)
        if found:
            return found[0]
        anchor = (
            op if op is not None else (value.block.parent_op if isinstance(value, BlockArgument) else None)
        )
        return _lookup(anchor, "stream.affinity.default") if anchor is not None else None


def result_affinity(op: Operation) -> A.Attribute | None:
    """The affinity of the resources ``op`` produces (a transfer's target affinity)."""
    if op.op_name == "stream.async.transfer":
        return op.attr("target_affinity") or op.attr("result_affinity")
    if op.op_name.startswith("stream."):
        return op.attr("affinity")
    return None


def _lookup(op: Operation | None, key: str) -> A.Attribute | None:
    while op is not None:
        found = op.attributes.get(key)
        if found is not None:
            return found
        op = op.parent_op
    return None
