"""Errors raised by the scheduler pipeline, by kind of failure."""

from __future__ import annotations

from ir.errors import UnsupportedConstructError


class ScheduleError(Exception):
    """Base class of every error raised by :mod:`scheduler`."""


class CyclicPartitionError(ScheduleError):
    """Partitioning would create a cycle between execution regions; the message names the ops on it."""


class UnsupportedOpError(ScheduleError, UnsupportedConstructError):
    """The scheduler meets an op (or form of an op) it cannot schedule; the message names it."""


class MemoryCapError(ScheduleError):
    """A schedule cannot fit under the requested memory cap; the message names the op that overflows."""
