"""traces: timeline records of stream programs, their Chrome/Perfetto JSON, tables, analysis and plots.

The simulator emits :class:`Trace` objects made of the records in :mod:`traces.records`; importers read
measured IREE runs into the same records, so both go through the same writers, analysis and plots.
"""

from __future__ import annotations

from traces.errors import TraceError, TraceFormatError, TraceRecordError, UnknownSpanError
from traces.records import (
    CATEGORIES,
    TRACK_KINDS,
    Counter,
    Flow,
    Instant,
    Span,
    TraceMetadata,
    Track,
    natural_key,
    track_sort_key,
)
from traces.trace import Trace

__all__ = [
    "CATEGORIES",
    "Counter",
    "Flow",
    "Instant",
    "Span",
    "TRACK_KINDS",
    "Trace",
    "TraceError",
    "TraceFormatError",
    "TraceMetadata",
    "TraceRecordError",
    "Track",
    "UnknownSpanError",
    "natural_key",
    "track_sort_key",
]
