"""Index arithmetic of the cmd-form emitter (:mod:`scheduler.emit`): the offsets and sizes it writes into
the module as ``arith`` ops, folded where they are static (constants from the block's :class:`~scheduler.
emit_uploads.Consts`) and aligned as IREE's resource config asks (``util.align`` written out, or left
out where IREE's divisibility analysis would fold it: :func:`known_multiple`)."""

from __future__ import annotations

from ir import Builder, Value
from ir import types as T
from scheduler.access import static_index
from scheduler.emit_uploads import Consts
from scheduler.packing import DynamicOffset, Layout, align
from scheduler.state import ScheduleState


class IndexArith:
    """Index values of one function's emitter: ``consts`` its block's constants, ``state`` the schedule
    (its ``resource_config`` read at each use)."""

    def __init__(self, consts: Consts, state: ScheduleState) -> None:
        self.consts = consts
        self.state = state

    def index(self, b: Builder, v: int | Value) -> Value:
        return self.consts.get(v) if isinstance(v, int) else v

    def add(self, b: Builder, base: int | Value, off: int | Value) -> Value:
        # static_index of an int is the int: asked only of a value, and of ``off`` only when ``base`` is not 0
        sb = base if base.__class__ is int else static_index(base)
        if sb == 0:
            return self.index(b, off)
        so = off if off.__class__ is int else static_index(off)
        if so == 0:
            return self.index(b, base)
        if sb is not None and so is not None:
            return self.consts.get(sb + so)
        return b.create("arith.addi", [self.index(b, base), self.index(b, off)], [T.index]).result

    def align(self, b: Builder, v: Value, alignment: int) -> Value:
        s = static_index(v)
        if s is not None:
            return self.consts.get(align(s, alignment))
        if alignment <= 1 or known_multiple(v, alignment):
            # What IREE's canonicalizer does with util.align of a value its divisibility analysis knows.
            return v
        bumped = b.create("arith.addi", [v, self.consts.get(alignment - 1)], [T.index]).result
        div = b.create("arith.divui", [bumped, self.consts.get(alignment)], [T.index]).result
        return b.create("arith.muli", [div, self.consts.get(alignment)], [T.index]).result

    def dynamic(self, b: Builder, static_base: int, terms: tuple) -> Value:  # type: ignore[type-arg]
        cfg = self.state.resource_config
        cur: Value = self.consts.get(static_base)
        for size in terms:
            sized = self.align(b, size, cfg.min_buffer_range_alignment)
            cur = self.align(b, self.add(b, cur, sized), cfg.min_buffer_offset_alignment)
        return cur

    def offset(self, b: Builder, off: int | DynamicOffset) -> int | Value:
        if isinstance(off, DynamicOffset):
            return self.dynamic(b, off.static_base, off.terms)
        return off

    def slab_size(
        self,
        b: Builder,
        layout: Layout,
        leaders: list[Value],
        sizes: dict[Value, Value],
        *,
        packed: bool = False,
    ) -> Value:
        # A lone result is allocated at its own size; transients always go through IREE's resource.pack,
        # whose total is aligned to the range alignment even for one slice.
        if len(leaders) == 1 and not packed:
            return sizes[leaders[0]]
        if len(leaders) == 1 and layout.dynamic_terms:
            return self.align(b, sizes[leaders[0]], self.state.resource_config.min_buffer_range_alignment)
        if not layout.dynamic_terms:
            return self.consts.get(layout.total_bytes)
        cfg = self.state.resource_config
        base = align(layout.total_bytes, cfg.min_buffer_offset_alignment)
        return self.align(b, self.dynamic(b, base, layout.dynamic_terms), cfg.min_buffer_range_alignment)


def known_multiple(v: Value, alignment: int, depth: int = 8) -> bool:
    """Whether ``v`` is provably a multiple of ``alignment`` from how it is computed (constants,
    products with a multiple, sums of multiples, aligned values), as IREE's integer divisibility
    analysis proves it when it folds ``util.align``."""
    s = static_index(v)
    if s is not None:
        return s % alignment == 0
    op = v.defining_op
    if op is None or depth == 0:
        return False
    if op.op_name == "arith.muli":
        return any(known_multiple(x, alignment, depth - 1) for x in op.operands)
    if op.op_name == "arith.addi":
        return all(known_multiple(x, alignment, depth - 1) for x in op.operands)
    if op.op_name == "util.align":
        k = static_index(op.operands[1])
        return k is not None and k % alignment == 0
    return False
