"""Structured attributes of the stream dialect."""

from __future__ import annotations
