"""Parameter providers and batching: how parameter ops move bytes between archives and devices.

:class:`Parameters` pairs an index with a provider (``file``, ``host`` or ``mapped``) and its
:class:`BatchOptions`; pass it as ``parameters=`` to :meth:`simulator.Session.invoke`.
:func:`plan_batch` is IREE's batching as a pure function; :mod:`.storage_presets` has storage presets;
:mod:`.programs` writes programs that load many parameters; :func:`parameter_summary` reads a run's trace.
"""

from __future__ import annotations

from simulator.params.batching import (
    DEFAULT_MAX_CONCURRENT_OPERATIONS,
    MAX_CONCURRENCY,
    BatchOptions,
    BatchPlan,
    Item,
    Step,
    plan_batch,
)
from simulator.params.page_cache import PageCache
from simulator.params.provider import (
    PROVIDER_KINDS,
    STAGING_CHUNK_BYTES,
    BatchRecord,
    ParameterProvider,
    ParameterRequest,
    Parameters,
    ProviderConfig,
)
from simulator.params.storage_presets import (
    STORAGE_PRESETS,
    storage_preset,
    with_pool_capacity,
    with_storage,
)

__all__ = [
    "DEFAULT_MAX_CONCURRENT_OPERATIONS",
    "MAX_CONCURRENCY",
    "PROVIDER_KINDS",
    "STAGING_CHUNK_BYTES",
    "STORAGE_PRESETS",
    "BatchOptions",
    "BatchPlan",
    "BatchRecord",
    "Item",
    "PageCache",
    "ParameterProvider",
    "ParameterRequest",
    "Parameters",
    "ProviderConfig",
    "Step",
    "plan_batch",
    "storage_preset",
    "with_pool_capacity",
    "with_storage",
]
