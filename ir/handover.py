"""Handing what a large parse, schedule or run made to the cyclic collector's permanent generation.

The parser (:data:`ir.parser.HANDOVER_CHARS`), the scheduler's pipeline
(:data:`scheduler.pipeline.HANDOVER_NODES`) and the simulator's session
(:data:`simulator.session.HANDOVER_EVENTS`) each run with the collector paused and, past their own size
threshold, call :func:`hand_over_survivors` when they are done; :func:`collect_handed_over` is the full
collection that includes what was handed over.
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
    freezes again itself (:func:`collect_handed_over`) when the tracked objects are more than twice what
    its last full collection left (or the first hand-over found), so memory stays bounded when programs
    are parsed, scheduled and run again and again in one process.
    """
    global _tracked_after_full
    gc.freeze()
    tracked = gc.get_freeze_count()
    if _tracked_after_full == 0:
        _tracked_after_full = tracked
    elif tracked > 2 * _tracked_after_full:
        collect_handed_over()


def collect_handed_over() -> int:
    """A full collection that includes what was handed over (``gc.unfreeze()``, ``gc.collect()``, then
    ``gc.freeze()`` again); returns the number of unreachable objects found, as ``gc.collect()`` does."""
    global _tracked_after_full
    gc.unfreeze()
    found = gc.collect()
    gc.freeze()
    _tracked_after_full = gc.get_freeze_count()
    return found


# What the collector tracked after the last full collection hand_over_survivors started, or at the first
# hand-over (0: none yet).
_tracked_after_full = 0
