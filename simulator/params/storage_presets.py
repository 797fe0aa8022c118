"""Storage presets: the drives parameters are read from, as :class:`~simulator.machine.StorageSpec` values.

A machine's ``[storage]`` table may name one (``preset = "nfs"``) and override its fields; scripts swap
one into a machine with :func:`with_storage`. Figures are round, sustained values:

- ``nvme``: a PCIe 4/5 NVMe drive: 7 GB/s, 20 us per request, 32 requests in flight.
- ``nvme-gen3``: an older drive: 3.5 GB/s, 80 us, 8 in flight.
- ``nfs``: a network file system over 25 GbE: about 2.5 GB/s, 500 us per request (a round trip and
  the server's lookup), 16 in flight, with a 64 GiB client page cache.
- ``ramdisk``: files in host memory (tmpfs): 20 GB/s, 1 us, 64 in flight.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from simulator.errors import MachineError
from simulator.machine import Machine, StorageSpec, load_machine

STORAGE_PRESETS: dict[str, StorageSpec] = {
    "nvme": StorageSpec("nvme0", 7e9, 20_000, 32),
    "nvme-gen3": StorageSpec("nvme0", 3.5e9, 80_000, 8),
    "nfs": StorageSpec("nfs0", 2.5e9, 500_000, 16, page_cache_bytes=64 << 30),
    "ramdisk": StorageSpec("ram0", 20e9, 1_000, 64),
}


def storage_preset(name: str) -> StorageSpec:
    """The preset ``name``; raises MachineError naming the presets for an unknown one.

    Examples
    --------
    >>> storage_preset("nfs").latency_ns
    500000
    """
    try:
        return STORAGE_PRESETS[name]
    except KeyError:
        raise MachineError(
            f"unknown storage preset {name!r}; presets: {', '.join(sorted(STORAGE_PRESETS))}"
        ) from None


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
