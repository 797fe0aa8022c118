"""The parameter provider: serving ``load``/``read``/``gather``/``write``/``scatter`` from archives.

The provider models and IREE's batching live in :mod:`simulator.params`; this module keeps the names
the runtime and host rules import. ``MAX_TIMELINES`` is IREE's clamp on concurrent timelines (8).
"""

from __future__ import annotations

from simulator.params.batching import MAX_CONCURRENCY as MAX_TIMELINES
from simulator.params.provider import ParameterProvider, ParameterRequest

__all__ = ["MAX_TIMELINES", "ParameterProvider", "ParameterRequest"]
