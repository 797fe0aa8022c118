"""Handing what a large parse, schedule or run made to the cyclic collector's permanent generation.

The parser (:data:`ir.parser.HANDOVER_CHARS`), the scheduler's pipeline
(:data:`scheduler.pipeline.HANDOVER_NODES`) and the simulator's session
(:data:`simulator.session.HANDOVER_EVENTS`) each run with the collector paused and, past their own size
threshold, call :func:`hand_over_survivors` when they are done; :func:`collect_handed_over` is the full
collection that includes what was handed over. :func:`freeze` is ``gc.freeze()`` counted into the bound
of the frozen objects those decisions read (the trace reader's hand-over calls it too).
"""

from __future__ import annotations

import gc


def hand_over_survivors() -> None:
    """Put every object the collector tracks out of its young and middle walks, without walking them.

    Paused while parsing, the collector owes a walk of everything the parser made: the first young
    collection after it walks the whole IR, and the next middle one walks it again (5.7 s after a
    100,000-dispatch parse). Parsing makes no garbage cycles (tests/ir/test_collector_handover.py checks
    it), so those walks would free nothing; ``gc.freeze()`` moves the survivors to the collector's
    permanent generation instead, and they stay there. (Moved back to the oldest generation with
    ``gc.unfreeze()``, they would not count towards CPython's trigger of a full collection, which compares
    what middle collections promoted with what the last full collection left: the tenth middle collection
    after a large parse would then walk the whole IR again, 3.5 s at 100,000 dispatches.)

    Frozen objects are still freed by reference counts; only cyclic garbage among them (the ops a schedule
    erases, a dropped module) waits, and not for a plain ``gc.collect()``: this unfreezes, collects and
    freezes again itself (:func:`collect_handed_over`) when the frozen objects are more than twice what
    its last full collection left (or the first hand-over found), so memory stays bounded when programs
    are parsed, scheduled and run again and again in one process.

    The frozen objects are counted exactly (``gc.get_freeze_count()``, a walk of every one of them: 0.3 s
    under load after a 100,000-dispatch run) only when their running bound (:func:`freeze`) passes twice
    that record, or when there is no bound yet; below it the exact count is below it too, so the decision
    not to collect is the one the exact count gives.
    """
    global _tracked_after_full, _frozen_bound
    freeze()
    if _frozen_bound < 0 or _frozen_bound > 2 * _tracked_after_full:
        _frozen_bound = gc.get_freeze_count()
        if _tracked_after_full == 0:
            _tracked_after_full = _frozen_bound
        elif _frozen_bound > 2 * _tracked_after_full:
            collect_handed_over()


def freeze() -> None:
    """``gc.freeze()``, adding what it moves to the running bound of the frozen objects (once there is one).

    What a freeze moves is the young generation and the two older ones. The older ones are counted
    (``gc.get_objects(1)`` and ``(2)``: small after a hand-over, which empties them); the young one, which
    holds all a paused parse or schedule made, is not walked: ``gc.get_count()[0]`` stands for it, the
    tracked objects allocated since the last collection or freeze less those freed since. That is at
    least the young generation's size, as the objects freed since were either young, or frozen (which
    lowers the frozen count by as many), with two exceptions: objects of the older generations freed since
    the last collection, and dictionaries the interpreter tracked again since (it leaves a dictionary of
    plain values untracked until a container is put in it). Both are few between hand-overs, and the
    allocations that are never tracked (an empty dictionary) count towards the figure too: the bound
    test (tests/ir/test_collector_handover.py) runs the parse, schedule, run and trace read again and
    again with garbage and collections in between. Frozen objects freed by reference counts leave the
    bound as it is: it only falls when an exact count replaces it.
    """
    global _frozen_bound
    if _frozen_bound >= 0:
        _frozen_bound += gc.get_count()[0] + len(gc.get_objects(1)) + len(gc.get_objects(2))
    gc.freeze()


def collect_handed_over() -> int:
    """A full collection that includes what was handed over (``gc.unfreeze()``, ``gc.collect()``, then
    ``gc.freeze()`` again); returns the number of unreachable objects found, as ``gc.collect()`` does."""
    global _tracked_after_full, _frozen_bound
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    _tracked_after_full = _frozen_bound = gc.get_freeze_count()
    return found


# What the collector tracked after the last full collection hand_over_survivors started, or at the first
# hand-over (0: none yet).
_tracked_after_full = 0
# At least the number of frozen objects (see freeze), or -1 before the first exact count of this process.
_frozen_bound = -1
