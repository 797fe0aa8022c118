"""Swapping storage and memory into machines for what-if studies.

The storage presets themselves live beside :class:`~simulator.machine.StorageSpec` in
:mod:`simulator.machine` (a machine file's ``[storage]`` table names them); this module re-exports them
and swaps one into a machine with :func:`with_storage`. The presets' figures, round sustained values:

- ``nvme``: a PCIe 4/5 NVMe drive: 7 GB/s, 20 us per request, 32 requests in flight.
- ``nvme-gen3``: an older drive: 3.5 GB/s, 80 us, 8 in flight.
- ``nfs``: a network file system over 25 GbE: about 2.5 GB/s, 500 us per request (a round trip and
  the server's lookup), 16 in flight, with a 64 GiB client page cache.
- ``ramdisk``: files in host memory (tmpfs): 20 GB/s, 1 us, 64 in flight.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from simulator.machine import STORAGE_PRESETS, Machine, StorageSpec, load_machine, storage_preset


def with_storage(machine: Machine | str, storage: StorageSpec | str, **overrides: Any) -> Machine:
    """``machine`` with its storage replaced by a preset (or spec), fields overridden by ``overrides``.

    Examples
    --------
    >>> with_storage("apu", "nfs", page_cache_bytes=0).storage.page_cache_bytes
    0
    """
    m = load_machine(machine)
    spec = storage_preset(storage) if isinstance(storage, str) else storage
    return dataclasses.replace(m, storage=dataclasses.replace(spec, **overrides))


def with_pool_capacity(machine: Machine | str, capacity_bytes: int) -> Machine:
    """``machine`` with every device's first pool resized: a what-if for models larger than a preset's
    memory (a 70B model in bf16 does not fit an 80 GiB GPU)."""
    m = load_machine(machine)
    devices = tuple(
        dataclasses.replace(
            d, pools=(dataclasses.replace(d.pools[0], capacity_bytes=capacity_bytes), *d.pools[1:])
        )  # fmt: skip
        for d in m.devices
    )
    return dataclasses.replace(m, devices=devices)


__all__ = ["STORAGE_PRESETS", "storage_preset", "with_pool_capacity", "with_storage"]
