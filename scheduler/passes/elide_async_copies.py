"""IREE's ``--iree-stream-elide-async-copies``: remove the copies nothing can observe.

Runs on async-form modules (after IREE's materialize-copy-on-write, which clones every resource an op
updates in place; the frontends add their own clones and transfers). Each iteration computes the facts
of :mod:`scheduler.passes.copy_analysis` over the whole module, then walks every function and initializer
in order and elides, op by op:

- ``stream.async.clone`` of one lifetime to itself (a clone that changes lifetime is kept): between
  ``constant`` resources when neither side is ever mutated; otherwise never from a block argument passed
  by reference; never when the source may be borrowed storage and the clone's result is mutated; and
  then when neither side is mutated, when the clone is the source's only use, or its last user. The
  result is replaced by the source.
- ``stream.async.transfer`` of one lifetime to itself: with a ``stream.topology`` on the module and both
  affinities known (the source's inferred from its producer when the op names none), when the link has
  unified memory or transparent access (or the devices are the same), and never otherwise; without a
  topology, only when the op's source and target affinities are equal (both unset counts). Such a
  transfer is then always a no-op and is replaced by its source.
- ``stream.async.slice`` whose every user is a ``stream.async.copy`` reading it or a
  ``stream.async.dispatch`` reading it untied, whose source is not itself a tied result, and whose source
  range no other user writes where it may overlap (bounds compared by SSA identity, as IREE does): each
  user reads the source at the slice's offset added to its own (an ``arith.addi``, folded when constant
  or zero).
- ``stream.async.update`` whose target is not a by-reference argument (through ties) and has no other
  use, and whose result no user reads where the update wrote: a later update or tied op overwriting
  exactly the same range, and pure writes, do not read it; an unknown user does. A full-size update of
  one type is replaced by its source, any other by its target.

Iterations repeat until one elides nothing (at most 30, as IREE).

Examples
--------
>>> import ir
>>> m = ir.load_text('''util.func private @f(%n: index) -> !stream.resource<*> {
...   %c0 = arith.constant 0 : index
...   %c4 = arith.constant 4 : index
...   %c1 = arith.constant 1 : i32
...   %s = stream.async.splat %c1 : i32 -> !stream.resource<*>{%n}
...   %k = stream.async.clone %s : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
...   %f = stream.async.fill %c1, %k[%c0 to %c4 for %c4] : i32 -> %k as !stream.resource<*>{%n}
...   util.return %f : !stream.resource<*>
... }''')
>>> elide_async_copies(m)
>>> [op.op_name for op in m.body.ops[0].body.ops if op.op_name.startswith("stream.")]
['stream.async.splat', 'stream.async.fill']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ir import BlockArgument, Module, Operation, Value
from ir import attributes as A
from ir import types as T
from ir.builder import create
from ir.dialects import stream_async as D
from ir.opdef import segment_bounds
from scheduler.passes.copy_analysis import (
    READ,
    WRITE,
    CopyFacts,
    Range,
    access_ranges,
    lifetime,
    may_overlap,
    tied_base,
)
from scheduler.usage_graph import tied_results

MAX_ITERATIONS = 30


@dataclass
class ElisionCounts:
    """How many copies of each kind the pass removed."""

    clones: int = 0
    transfers: int = 0
    slices: int = 0
    updates: int = 0

    @property
    def total(self) -> int:
        return self.clones + self.transfers + self.slices + self.updates


def elide_async_copies(module: Module) -> None:
    """Run the pass on ``module`` in place (see the module docstring)."""
    elide_async_copies_counted(module)


def elide_async_copies_counted(module: Module) -> ElisionCounts:
    """:func:`elide_async_copies`, returning what it removed."""
    total = ElisionCounts()
    topology = _Topology.of(module)
    for _ in range(MAX_ITERATIONS):
        facts = CopyFacts(module)
        before = total.total
        for fn in facts.callables():
            for op in fn.walk_list()[1:]:
                if op.parent is None:
                    continue  # erased earlier in this walk
                if isinstance(op, D.AsyncCloneOp):
                    if _clone_elidable(op, facts):
                        _replace(op, op.source)
                        total.clones += 1
                elif isinstance(op, D.AsyncTransferOp):
                    if _transfer_elidable(op, facts, topology):
                        _replace(op, op.source)
                        total.transfers += 1
                elif isinstance(op, D.AsyncSliceOp):
                    if _slice_elidable(op):
                        _fold_slice(op)
                        total.slices += 1
                elif isinstance(op, D.AsyncUpdateOp) and _update_elidable(op, facts):
                    _elide_update(op)
                    total.updates += 1
        if total.total == before:
            break
    return total


def _replace(op: Operation, by: Value) -> None:
    op.result.replace_all_uses_with(by)
    op.erase()


# --- clones -------------------------------------------------------------------------------------------


def _clone_elidable(op: D.AsyncCloneOp, facts: CopyFacts) -> bool:
    source, result = op.source, op.result
    if lifetime(source) != lifetime(result):
        return False  # a lifetime cast: ownership differs
    if lifetime(source) == "constant":
        return facts.never_mutated(source) and facts.never_mutated(result)
    if isinstance(source, BlockArgument) and not facts.is_arg_moved(source):
        return False
    result_safe = facts.never_mutated(result)
    if not result_safe and facts.contains_borrowed_storage(source):
        return False
    if result_safe and facts.never_mutated(source):
        return True
    if len(source.uses) == 1:
        return True
    return facts.is_last_user(source, op)


# --- transfers ----------------------------------------------------------------------------------------


class _Topology:
    """``stream.topology = #hal.device.topology<links = [(@a -> @b = {unified_memory = true}), ...]>``."""

    _LINK = re.compile(r"\(\s*@([\w$.\-]+)\s*->\s*@([\w$.\-]+)\s*=\s*\{([^}]*)\}\s*\)")

    def __init__(self, links: dict[tuple[str, str], frozenset[str]]) -> None:
        self.links = links

    @classmethod
    def of(cls, module: Module) -> _Topology | None:
        attr = module.op.attributes.get("stream.topology")
        if attr is None:
            return None
        links: dict[tuple[str, str], frozenset[str]] = {}
        for src, dst, body in cls._LINK.findall(str(attr)):
            flags = frozenset(
                k.strip() for k, _, v in (p.partition("=") for p in body.split(",")) if v.strip() == "true"
            )
            links.setdefault((src, dst), flags)
        return cls(links)

    def allows(self, source: A.Attribute, target: A.Attribute) -> bool:
        """Unified memory or transparent access from ``source``'s device to ``target``'s."""
        a, b = _device(source), _device(target)
        if a is None or b is None:
            return False
        if a == b:
            return True
        flags = self.links.get((a, b), frozenset())
        return "unified_memory" in flags or "transparent_access" in flags


def _device(attr: A.Attribute) -> str | None:
    if isinstance(attr, A.DeviceAffinityAttr):
        return attr.device.root
    if isinstance(attr, A.DialectAttr) and attr.name == "hal.device.promise":
        m = re.match(r"\s*@([\w$.\-]+)", attr.body or "")
        return m.group(1) if m else None
    return None


def _transfer_elidable(op: D.AsyncTransferOp, facts: CopyFacts, topology: _Topology | None) -> bool:
    if lifetime(op.source) != lifetime(op.result):
        return False
    source_affinity = op.attr("source_affinity")
    target_affinity = op.attr("target_affinity") or op.attr("result_affinity")
    inferred = source_affinity if source_affinity is not None else facts.infer_affinity(op.source)
    by_topology = False
    if inferred is not None and target_affinity is not None and topology is not None:
        if not topology.allows(inferred, target_affinity):
            return False
        by_topology = True
    if not by_topology and source_affinity != target_affinity:
        return False
    # Of one lifetime and not crossing devices, the transfer is a no-op whoever else uses its source.
    # IREE still asks whether it is its source's last user when the source has other uses: that query
    # fixes the source's last users for the rest of the iteration (IREE caches them on first query), so
    # a clone of the same source later in the walk is judged on the uses before this elision.
    if len(op.source.uses) > 1:
        facts.is_last_user(op.source, op)
    return True


# --- slices -------------------------------------------------------------------------------------------


def _slice_uses_supported(op: D.AsyncSliceOp) -> bool:
    for user, i in op.result.uses:
        if not isinstance(user, (D.AsyncCopyOp, D.AsyncDispatchOp)) or tied_results(user, i):
            return False  # IREE folds only into copy sources and untied dispatch operands
    return True


def _slice_elidable(op: D.AsyncSliceOp) -> bool:
    if not _slice_uses_supported(op):
        return False
    source = op.source
    if tied_base(source) is not source:
        return False  # IREE does not look up tied chains (yet)
    mine = Range(READ, source, op.source_offset, op.source_end, op.result_size)
    others: list[Range] = []
    for user, _ in source.uses:
        if user is op:
            continue
        ranges = access_ranges(user)
        if ranges is None:
            return False
        others += [r for r in ranges if r.resource is source]
    return all(r.read_only or not may_overlap(mine, r) for r in others)


def _is_zero(v: Value) -> bool:
    return _constant(v) == 0


def _constant(v: Value) -> int | None:
    op = v.defining_op
    if op is not None and op.op_name == "arith.constant":
        attr = op.attr("value")
        if isinstance(attr, A.IntegerAttr):
            return attr.value
    return None


def _add(a: Value, b: Value, before: Operation) -> Value:
    """``a + b`` as IREE's ``addOffset`` builds it: a zero side returns the other, constants fold."""
    if _is_zero(a):
        return b
    if _is_zero(b):
        return a
    parent = before.parent
    assert parent is not None
    ca, cb = _constant(a), _constant(b)
    if ca is not None and cb is not None:
        op = create("arith.constant", [], [T.index], properties={"value": A.IntegerAttr(ca + cb, T.index)})
    else:
        op = create("arith.addi", [a, b], [a.type])
    op.location = before.location
    parent.insert(parent.ops.index(before), op)
    return op.result


def _operand_index(op: Operation, field: str, k: int = 0) -> int:
    return segment_bounds(op, "operands")[field][0] + k


def _fold_slice(op: D.AsyncSliceOp) -> None:
    source, offset, source_size = op.source, op.source_offset, op.source_size
    for user, i in list(op.result.uses):
        if isinstance(user, D.AsyncCopyOp):
            user.set_operand(i, source)
            start = _add(offset, user.source_offset, user)
            end = _add(offset, user.source_end, user)
            user.set_operand(_operand_index(user, "source_offset"), start)
            user.set_operand(_operand_index(user, "source_end"), end)
            user.set_operand(_operand_index(user, "source_size"), source_size)
        elif isinstance(user, D.AsyncDispatchOp):
            base = _operand_index(user, "resource_operands")
            k = sum(1 for v in user.operands[base:i] if isinstance(v.type, T.ResourceType))
            user.set_operand(i, source)
            start = _add(offset, user.resource_operand_offsets[k], user)
            end = _add(offset, user.resource_operand_ends[k], user)
            user.set_operand(_operand_index(user, "resource_operand_offsets", k), start)
            user.set_operand(_operand_index(user, "resource_operand_ends", k), end)
            user.set_operand(_operand_index(user, "resource_operand_sizes", k), source_size)
    op.erase()


# --- updates ------------------------------------------------------------------------------------------


def _tied_op_overwrites(user: Operation, update: D.AsyncUpdateOp) -> bool:
    """IREE's ``doesTiedOpFullyOverwriteUpdate``: ``user`` is not tied to the update's result, or writes
    exactly the update's range of it."""
    result, target = update.result, update.target
    tied_uses = [i for i, v in enumerate(user.operands) if v is result and tied_results(user, i)]
    if not tied_uses:
        return True
    ranges = access_ranges(user)
    if ranges is None:
        return False
    for r in ranges:
        if r.resource is not result and r.resource is not target:
            continue
        if r.read_only:
            continue
        if r.start is update.target_offset and r.end is update.target_end:
            return True
    return False


def _update_elidable(op: D.AsyncUpdateOp, facts: CopyFacts) -> bool:
    target, result = op.target, op.result
    base = tied_base(target)
    if isinstance(base, BlockArgument) and not facts.is_arg_moved(base):
        return False
    if len(target.uses) != 1:
        return False
    mine = Range(WRITE, result, op.target_offset, op.target_end, op.update_size)
    for user, _ in list(result.uses):
        if isinstance(user, D.AsyncUpdateOp) and user.target is result:
            if user.target_offset is op.target_offset and user.target_end is op.target_end:
                continue
            return False
        if not _tied_op_overwrites(user, op):
            return False
        ranges = access_ranges(user)
        if ranges is None:
            return False
        for r in ranges:
            if r.resource is not target and r.resource is not result:
                continue
            if may_overlap(mine, r) and not r.write_only:
                return False
    return True


def _elide_update(op: D.AsyncUpdateOp) -> None:
    if op.update_size is op.target_size and op.update.type == op.result.type:
        _replace(op, op.update)
    else:
        _replace(op, op.target)
