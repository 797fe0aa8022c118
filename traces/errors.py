"""Errors raised by the traces package."""

from __future__ import annotations


class TraceError(Exception):
    """Base class of every error raised by :mod:`traces`."""


class TraceFormatError(TraceError):
    """A trace file that is not valid Chrome trace JSON or IREE profile JSONL; names the file and line."""
