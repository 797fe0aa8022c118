"""scheduler package: async-form stream programs -> cmd form, as pure functions over networkx graphs."""

from __future__ import annotations

from scheduler.errors import (
    AffinityError,
    CyclicPartitionError,
    MemoryCapError,
    ScheduleError,
    UnsupportedOpError,
)


def schedule_module(module, *, favor=None, pipeline=None):  # type: ignore[no-untyped-def]
    """Schedule an async-form module into cmd form (in place). Placeholder until the pipeline lands."""
    raise UnsupportedOpError("scheduler.schedule_module: the scheduling pipeline is not implemented yet")


__all__ = [
    "AffinityError",
    "CyclicPartitionError",
    "MemoryCapError",
    "ScheduleError",
    "UnsupportedOpError",
    "schedule_module",
]
