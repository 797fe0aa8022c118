"""What a parameter provider is asked and how it is set up: requests, the provider's configuration, and
:class:`Parameters` (an index with its provider), for :mod:`simulator.params.provider` and its callers.
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, overload

from simulator.archives import ParameterIndex
from simulator.errors import InputError
from simulator.memory import ResourceRef
from simulator.params.batching import BatchOptions

PROVIDER_KINDS = ("file", "host", "mapped")
#: IREE's streaming fallback for devices that cannot read files directly moves 64 MiB at a time.
STAGING_CHUNK_BYTES = 64 << 20


@dataclass(frozen=True, slots=True)
class ParameterRequest:
    """Move ``length_bytes`` between parameter ``scope::key`` (from ``parameter_offset_bytes``) and
    ``resource`` (from ``resource_offset_bytes``); ``verb`` is ``read`` (into the resource) or ``write``."""

    verb: str
    scope: str
    key: str
    parameter_offset_bytes: int
    resource: ResourceRef
    resource_offset_bytes: int
    length_bytes: int


class LoadRequests(Sequence[ParameterRequest]):
    """The requests of one load, in columns: read parameter ``scope::keys[i]`` from ``offsets[i]`` into the
    whole of ``refs[i]``, i.e. ``ParameterRequest("read", scope, keys[i], offsets[i], refs[i], 0,
    refs[i].size_bytes)`` for each ``i``.

    A load names its parameters by the ten thousand (a large model's initializer): the provider checks and
    plans the columns as they are, without a request object per parameter. Indexing or iterating gives each
    request as a :class:`ParameterRequest` (made when asked), for whatever reads a load's requests one by
    one (an observer, an error report). The columns are the load's: nothing changes them.
    """

    __slots__ = ("keys", "offsets", "refs", "scope")
    verb = "read"

    def __init__(self, scope: str, keys: list[str], offsets: list[int], refs: list[ResourceRef]) -> None:
        self.scope = scope
        self.keys = keys
        self.offsets = offsets
        self.refs = refs

    def __len__(self) -> int:
        return len(self.keys)

    @overload
    def __getitem__(self, i: int) -> ParameterRequest: ...
    @overload
    def __getitem__(self, i: slice) -> list[ParameterRequest]: ...
    def __getitem__(self, i: int | slice) -> ParameterRequest | list[ParameterRequest]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self.keys)))]
        ref = self.refs[i]
        return ParameterRequest("read", self.scope, self.keys[i], self.offsets[i], ref, 0, ref.size_bytes)

    def __iter__(self) -> Iterator[ParameterRequest]:
        for k in range(len(self.keys)):
            yield self[k]

    def head(self, n: int) -> LoadRequests:
        """The first ``n`` requests (all of them: this very object)."""
        if n >= len(self.keys):
            return self
        return LoadRequests(self.scope, self.keys[:n], self.offsets[:n], self.refs[:n])

    def __repr__(self) -> str:
        return f"<LoadRequests {len(self.keys)} of scope {self.scope!r}>"


def load_requests(
    scope: str, keys: Sequence[str], offsets: Sequence[Any], refs: Sequence[ResourceRef]
) -> LoadRequests:
    """The requests of a load: ``ParameterRequest("read", scope, key, int(offset), ref, 0, ref.size_bytes)``
    per key (as many as the shortest of ``keys``, ``offsets`` and ``refs``), its parameter's bytes from
    ``offset`` into the whole of ``ref``, in columns (:class:`LoadRequests`).

    Examples
    --------
    >>> from simulator.memory import Buffer
    >>> ref = ResourceRef(Buffer.placeholder(64, "model::w"), 0, 64)
    >>> requests = load_requests("model", ["w"], [16], [ref])
    >>> len(requests), list(requests) == [ParameterRequest("read", "model", "w", 16, ref, 0, 64)]
    (1, True)
    """
    n = min(len(keys), len(offsets), len(refs))
    return LoadRequests(scope, list(keys[:n]), [int(o) for o in offsets[:n]], list(refs[:n]))


@dataclass(frozen=True, slots=True)
class ProviderConfig:
    """Which provider serves the parameters and how it batches (see :mod:`simulator.params.provider`)."""

    kind: str = "file"
    batch: BatchOptions = BatchOptions()
    staging_chunk_bytes: int = STAGING_CHUNK_BYTES
    staging_chunks: int = 2
    device_file_io: bool | None = None
    populate: bool = False

    def __post_init__(self) -> None:
        if self.kind not in PROVIDER_KINDS:
            raise InputError(
                f"unknown parameter provider {self.kind!r}; expected one of {', '.join(PROVIDER_KINDS)}"
            )
        if self.staging_chunk_bytes <= 0 or self.staging_chunks <= 0:
            raise InputError("ProviderConfig: staging_chunk_bytes and staging_chunks must be positive")


class Parameters:
    """Parameters and the provider that serves them: ``session.invoke(..., parameters=Parameters(...))``.

    ``source`` is a :class:`~simulator.archives.ParameterIndex` or ``{scope: file or [files]}``;
    keyword arguments are :class:`ProviderConfig` fields, and :class:`BatchOptions` fields
    (``max_concurrent_operations``, ``coalesce_adjacent``, ``chunk_bytes``) are accepted directly.
    """

    def __init__(
        self,
        source: ParameterIndex | Mapping[str, Any],
        *,
        provider: str = "file",
        batch: BatchOptions | None = None,
        **options: Any,
    ) -> None:
        if isinstance(source, ParameterIndex):
            self.index = source
        else:
            index = make_parameter_index(source)
            assert index is not None
            self.index = index
        batch_fields = {k: options.pop(k) for k in list(options) if k in BatchOptions.__slots__}
        batch = replace(batch or BatchOptions(), **batch_fields)
        self.config = ProviderConfig(kind=provider, batch=batch, **options)

    def __repr__(self) -> str:
        return f"<Parameters {len(self.index)} entries, provider {self.config.kind}>"


ParameterSpec = ParameterIndex | Mapping[str, str | pathlib.Path | Sequence[str | pathlib.Path]] | None


def make_parameter_index(parameters: ParameterSpec | Parameters) -> ParameterIndex | None:
    """An index from ``{scope: file or [files]}`` (``""`` is the global scope), or the index itself.

    A :class:`Parameters` provider passes through unchanged (it reads its own index and configuration).
    It lives here, beside the provider that uses it, so that the provider needs nothing of the session.
    """
    if parameters is None or isinstance(parameters, ParameterIndex):
        return parameters
    if isinstance(parameters, Parameters):
        return parameters  # type: ignore[return-value]  # the provider reads its index and config
    index = ParameterIndex()
    for scope, files in parameters.items():
        for f in [files] if isinstance(files, str | pathlib.Path) else files:
            index.load(f, scope=scope)
    return index


__all__ = [
    "PROVIDER_KINDS",
    "STAGING_CHUNK_BYTES",
    "LoadRequests",
    "ParameterRequest",
    "ParameterSpec",
    "Parameters",
    "ProviderConfig",
    "load_requests",
    "make_parameter_index",
]
