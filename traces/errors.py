"""Errors raised by the traces package."""

from __future__ import annotations


class TraceError(Exception):
    """Base class of every error raised by :mod:`traces`."""


class TraceFormatError(TraceError):
    """A trace file that is not valid Chrome trace JSON or IREE profile JSONL; names the file and line."""


class TraceRecordError(TraceError):
    """A record with an invalid field (negative duration, unknown category, non-numeric counter)."""


class UnknownSpanError(TraceError):
    """A span id that is not in the trace (a flow naming a missing span, a lookup of a missing id)."""


class CyclicTraceError(TraceError):
    """The dependency graph of a trace has a cycle (a flow against program order); names the spans on it."""
