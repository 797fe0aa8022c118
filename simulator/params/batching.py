"""Batching parameter operations over concurrent timelines, the way IREE's parameter index provider does.

One provider call (a ``load``, ``gather`` or ``scatter`` of any number of parameters) becomes a *batch*.
The batch owns up to ``concurrency`` timelines, each a semaphore with a payload. IREE's rules, which
:func:`plan_batch` follows:

- ``concurrency`` is ``max_concurrent_operations`` (IREE's default 16) clamped to ``[1, 8]``.
- Each operation goes to the timeline with the fewest outstanding bytes (ties: the lowest index). A
  timeline's first operation waits on the caller's wait fence; later ones wait on the timeline's previous
  payload. Every operation signals the next payload of its timeline.
- A load that cannot import the file's memory enqueues an ``alloca`` of zero bytes' weight first, so the
  read that follows lands on the same timeline (the fewest-bytes timeline has not changed).
- Splat entries become fills recorded into one transfer command buffer, executed at flush on the
  timeline with the fewest outstanding bytes. (IREE relies on queue order to put the fills after their
  allocas; the simulator has no single queue order here, so the command buffer also waits on the
  timeline payloads of its targets' allocas.)
- The flush barrier waits on the final payload of every timeline used (or on the caller's wait fence if
  none was) and signals the caller's signal fence.

Two what-if options IREE lacks: ``coalesce_adjacent`` merges consecutive requests whose file ranges
touch into one read or write, and ``chunk_bytes`` splits a read or write larger than that into chunks
placed independently (each chunk of a load waits on its buffer's alloca).

The planner is pure: it sees request sizes and file ranges, never bytes, so its output is a timeline
that tests can compare literally.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

#: IREE's ``IREE_IO_PARAMETER_OP_BATCH_MAX_CONCURRENCY``.
MAX_CONCURRENCY = 8
#: IREE's ``IREE_IO_PARAMETER_INDEX_PROVIDER_DEFAULT_MAX_CONCURRENT_OPERATIONS``.
DEFAULT_MAX_CONCURRENT_OPERATIONS = 16


@dataclass(frozen=True, slots=True)
class BatchOptions:
    """How a provider batches. ``coalesce_adjacent`` and ``chunk_bytes`` are what-ifs beyond IREE.

    Examples
    --------
    >>> BatchOptions().concurrency, BatchOptions(max_concurrent_operations=3).concurrency
    (8, 3)
    """

    max_concurrent_operations: int = DEFAULT_MAX_CONCURRENT_OPERATIONS
    coalesce_adjacent: bool = False
    chunk_bytes: int | None = None

    def __post_init__(self) -> None:
        if self.chunk_bytes is not None and self.chunk_bytes <= 0:
            raise ValueError(f"BatchOptions: chunk_bytes must be positive, got {self.chunk_bytes}")

    @property
    def concurrency(self) -> int:
        return max(1, min(self.max_concurrent_operations, MAX_CONCURRENCY))


@dataclass(frozen=True, slots=True)
class Item:
    """What the planner needs to know of one request.

    ``kind`` is ``file`` (bytes in a file), ``splat`` (a fill) or ``import`` (a load served by mapping
    the file, no queue operation). ``file_id`` and ``file_offset_bytes`` place file items for coalescing;
    ``alloca`` says a load must allocate its buffer first.
    """

    kind: str
    length_bytes: int
    alloca: bool = False
    file_id: object = None
    file_offset_bytes: int = 0


class Step(NamedTuple):
    """One queue operation of a batch.

    ``kind``: ``alloca``, ``read``, ``write`` or ``transfer`` (the splat command buffer). ``items`` are
    indices of the requests it serves; ``offset_bytes``/``length_bytes`` the part of them it moves (a
    chunk, or a coalesced run starting at the first item). ``waits`` are ``(timeline, payload)`` pairs;
    ``waits_caller`` means it is its timeline's first operation and waits on the caller's fence.

    A named tuple: a large load plans tens of thousands, each made by one call (:data:`_new_step`) and
    read by field name.
    """

    kind: str
    timeline: int
    signal: int
    items: tuple[int, ...]
    waits: tuple[tuple[int, int], ...] = ()
    waits_caller: bool = False
    offset_bytes: int = 0
    length_bytes: int = 0


@dataclass(frozen=True, slots=True)
class BatchPlan:
    """The steps of a batch in enqueue order, and what the flush barrier joins."""

    steps: tuple[Step, ...]
    barrier_waits: tuple[tuple[int, int], ...]
    timelines_used: int
    imports: tuple[int, ...] = ()
    outstanding_bytes: tuple[int, ...] = field(default=())

    def log(self) -> list[tuple[str, tuple[int, ...], int, int]]:
        """``(kind, items, timeline, payload)`` per step, then ``("barrier", (), -1, timelines_used)``."""
        rows = [(s.kind, s.items, s.timeline, s.signal) for s in self.steps]
        rows.append(("barrier", (), -1, self.timelines_used))
        return rows


#: ``_new_step(Step, (kind, timeline, signal, items, waits, waits_caller, offset_bytes, length_bytes))``:
#: a Step made in one call, all eight fields given (NamedTuple's ``__new__`` is a Python function).
_new_step = tuple.__new__
_new_object = object.__new__


_ITEM_SETTERS = tuple(
    getattr(Item, name).__set__ for name in ("kind", "length_bytes", "alloca", "file_id", "file_offset_bytes")
)


def new_item(
    kind: str, length_bytes: int, alloca: bool = False, file_id: object = None, file_offset_bytes: int = 0
) -> Item:
    """``Item(...)`` for a producer making them by the ten thousand, without the frozen dataclass's
    per-field ``__setattr__`` calls."""
    item = _new_object(Item)
    s_kind, s_length, s_alloca, s_file, s_offset = _ITEM_SETTERS
    s_kind(item, kind)
    s_length(item, length_bytes)
    s_alloca(item, alloca)
    s_file(item, file_id)
    s_offset(item, file_offset_bytes)
    return item


def _timelines(concurrency: int) -> tuple[list[int], list[int], list[bool]]:
    """A batch's timelines before its first step: outstanding bytes, payload and use of each."""
    return [0] * concurrency, [0] * concurrency, [False] * concurrency


def _runs(items: Sequence[Item], coalesce: bool) -> list[list[int]]:
    """Consecutive file items whose file ranges touch, grouped when ``coalesce``; others alone."""
    runs: list[list[int]] = []
    for i, item in enumerate(items):
        if coalesce and item.kind == "file" and runs:
            prev = items[runs[-1][-1]]
            if (
                prev.kind == "file"
                and prev.file_id is not None
                and prev.file_id == item.file_id
                and prev.file_offset_bytes + prev.length_bytes == item.file_offset_bytes
            ):
                runs[-1].append(i)
                continue
        runs.append([i])
    return runs


def plan_batch(items: Sequence[Item], verb: str, options: BatchOptions = BatchOptions()) -> BatchPlan:
    """The steps of one provider call over ``items``; ``verb`` is ``read`` or ``write``.

    Examples
    --------
    Two loads and a splat: each alloca+read pair shares a timeline, the fills go in one command buffer
    on the least-loaded timeline, and the barrier joins both timelines.

    >>> plan = plan_batch(
    ...     [Item("file", 100, alloca=True), Item("file", 50, alloca=True), Item("splat", 8, alloca=True)],
    ...     "read",
    ... )
    >>> plan.log()  # doctest: +NORMALIZE_WHITESPACE
    [('alloca', (0,), 0, 1), ('read', (0,), 0, 2), ('alloca', (1,), 1, 1), ('read', (1,), 1, 2),
     ('alloca', (2,), 2, 1), ('transfer', (2,), 2, 2), ('barrier', (), -1, 3)]
    """
    if not options.coalesce_adjacent and all(item.kind == "file" and item.alloca for item in items):
        plain = plan_loads([item.length_bytes for item in items], verb, options)
        if plain is not None:
            return plain
    concurrency = options.concurrency
    # The timelines (written out here: a large load plans tens of thousands of steps).
    outstanding, values, used = _timelines(concurrency)
    live = 0
    steps: list[Step] = []
    add = steps.append
    imports: list[int] = []
    splats: list[int] = []
    splat_waits: list[tuple[int, int]] = []
    splat_bytes = 0
    chunk_bytes = options.chunk_bytes
    runs = _runs(items, True) if options.coalesce_adjacent else [[i] for i in range(len(items))]
    for run in runs:
        head = items[run[0]]
        kind = head.kind
        if kind == "import":
            imports.append(run[0])
            continue
        served = (run[0],) if len(run) == 1 else tuple(run)
        total = head.length_bytes if len(run) == 1 else sum(items[i].length_bytes for i in run)
        alloca_points: list[tuple[int, int]] = []
        for i in run:
            if items[i].alloca:
                t = outstanding.index(min(outstanding))
                prev = values[t]
                values[t] = value = prev + 1
                if used[t]:
                    add(_new_step(Step, ("alloca", t, value, (i,), ((t, prev),), False, 0, 0)))
                else:
                    used[t] = True
                    live += 1
                    add(_new_step(Step, ("alloca", t, value, (i,), (), True, 0, 0)))
                alloca_points.append((t, value))
        if kind == "splat":
            splats.append(run[0])
            splat_bytes += head.length_bytes
            splat_waits.extend(alloca_points)
            continue
        chunk = chunk_bytes or max(total, 1)
        offset = 0
        while True:
            n = min(chunk, total - offset)
            t = outstanding.index(min(outstanding))
            prev = values[t]
            values[t] = value = prev + 1
            outstanding[t] += n
            waits: tuple[tuple[int, int], ...]
            if used[t]:
                waits, first = ((t, prev),), False
            else:
                used[t] = True
                live += 1
                waits, first = (), True
            if alloca_points:
                extra = tuple(p for p in alloca_points if p[0] != t)
                if extra:
                    waits += extra
            add(_new_step(Step, (verb, t, value, served, waits, first, offset, n)))
            offset += n
            if offset >= total:
                break
    if splats:
        t = outstanding.index(min(outstanding))
        prev = values[t]
        values[t] = value = prev + 1
        outstanding[t] += splat_bytes
        if used[t]:
            waits, first = ((t, prev),), False
        else:
            used[t] = True
            live += 1
            waits, first = (), True
        extra = tuple(sorted({p for p in splat_waits if p[0] != t}))
        steps.append(Step("transfer", t, value, tuple(splats), waits + extra, first, 0, splat_bytes))
    barrier = tuple((t, values[t]) for t in range(concurrency) if used[t])
    return BatchPlan(tuple(steps), barrier, live, tuple(imports), tuple(outstanding))


def plan_loads(lengths: Sequence[int], verb: str, options: BatchOptions = BatchOptions()) -> BatchPlan | None:
    """:func:`plan_batch` of plain loads, from their lengths alone: each allocates its buffer, then reads
    ``lengths[i]`` bytes of a file into it (``Item("file", lengths[i], alloca=True)``). None when
    ``options`` coalesce the reads or cut one into chunks (the planner then needs the items).

    Each load is an alloca, then one read on the same timeline (the alloca's zero bytes leave the
    least-loaded timeline as it was), waiting on the alloca.

    Examples
    --------
    >>> lengths = [100, 50, 8, 4096]
    >>> items = [Item("file", n, alloca=True) for n in lengths]
    >>> plan_loads(lengths, "read", BatchOptions(max_concurrent_operations=2)) == plan_batch(
    ...     items, "read", BatchOptions(max_concurrent_operations=2, coalesce_adjacent=True)
    ... )
    True
    >>> plan_loads(lengths, "read", BatchOptions(chunk_bytes=1024)) is None
    True
    """
    chunk_bytes = options.chunk_bytes
    if options.coalesce_adjacent or (chunk_bytes is not None and lengths and chunk_bytes < max(lengths)):
        return None
    steps: list[Step] = []
    add, new = steps.append, _new_step
    concurrency = options.concurrency
    outstanding, values, used = _timelines(concurrency)
    live = 0
    for i, total in enumerate(lengths):
        served = (i,)
        t = outstanding.index(min(outstanding))
        prev = values[t]
        if used[t]:
            add(new(Step, ("alloca", t, prev + 1, served, ((t, prev),), False, 0, 0)))
        else:
            used[t] = True
            live += 1
            add(new(Step, ("alloca", t, prev + 1, served, (), True, 0, 0)))
        values[t] = prev + 2
        outstanding[t] += total
        add(new(Step, (verb, t, prev + 2, served, ((t, prev + 1),), False, 0, total)))
    barrier = tuple((t, values[t]) for t in range(concurrency) if used[t])
    return BatchPlan(tuple(steps), barrier, live, (), tuple(outstanding))


__all__ = [
    "DEFAULT_MAX_CONCURRENT_OPERATIONS",
    "MAX_CONCURRENCY",
    "BatchOptions",
    "BatchPlan",
    "Item",
    "Step",
    "plan_batch",
    "plan_loads",
]
