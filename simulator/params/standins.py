"""Stand-in parameters: entries of the right sizes for a program run without its real archives.

``streamsim run`` of the built-in example, ``streamsim check`` without ``--parameters`` and sweep points
all need the same thing: for every ``(scope, key, size_bytes)`` a program reads (see
:mod:`simulator.params.scan`), an entry that size. A timing-only run needs no bytes, so the entries are
virtual; a data run gets small random f32 values (standard normal x 0.1, zero-padded to the size),
written to one .irpa per scope so that the provider reads them as it would a real archive.
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterable

import numpy as np

from simulator.archives import ParameterEntry, ParameterIndex
from simulator.archives.irpa_writer import IrpaWriter


def stand_in_parameters(
    needs: Iterable[tuple[str, str, int]],
    *,
    seed: int,
    timing_only: bool,
    workdir: str | pathlib.Path,
    prefix: str = "generated",
) -> ParameterIndex:
    """An index with an entry for every ``(scope, key, size_bytes)`` in ``needs``.

    Data archives are written to ``workdir`` as ``{prefix}{i}.irpa`` (one per scope, in scope order);
    the caller owns the directory and must keep it while the index is used.
    """
    index = ParameterIndex()
    if timing_only:
        for scope, key, size in needs:
            index.add(ParameterEntry.virtual(key, size), scope=scope)
        return index
    rng = np.random.default_rng(seed)
    by_scope: dict[str, IrpaWriter] = {}
    for scope, key, size in needs:
        writer = by_scope.setdefault(scope, IrpaWriter())
        data = (rng.standard_normal(size // 4) * 0.1).astype(np.float32).view(np.uint8)
        writer.add_data(key, np.concatenate([data, np.zeros(size - data.size, np.uint8)]))
    for i, (scope, writer) in enumerate(sorted(by_scope.items())):
        path = pathlib.Path(workdir) / f"{prefix}{i}.irpa"
        writer.write(path)
        index.load(path, scope=scope)
    return index
