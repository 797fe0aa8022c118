"""Machines as data: devices, queues, memory pools, links and storage, read from TOML.

A machine is a frozen description; the simulation builds its runtime objects (queues, pools, links) from
it. Presets ship in ``simulator/machines/*.toml`` (``cpu``, ``discrete-gpu``, ``apu``, ``multi-gpu-4``);
:func:`load_machine` takes a preset name or the path of a user file in the same format::

    name = "my-box"
    [host]                       # host interpreter costs, nanoseconds
    op_cost_ns = 20
    [[devices]]
    name = "gpu0"
    queues = 2                   # queue ordinals 0..queues-1; affinity masks select among them
    peak_flops_per_s = { f32 = 67e12, bf16 = 990e12 }
    memory_bandwidth_bytes_per_s = 3.35e12
    host_link = "pcie0"          # absent: the device shares host memory (see unified_memory)
    [[devices.pools]]
    name = "hbm"
    capacity_bytes = 85899345920
    [[links]]
    name = "pcie0"
    endpoints = ["host", "gpu0"]
    bandwidth_bytes_per_s = 55e9
    [storage]
    bandwidth_bytes_per_s = 7e9

Devices are numbered in file order; a program's ``@__device_N`` globals map to them in module order.
Raises :class:`~simulator.errors.MachineError` for an unknown preset, an unreadable file or a bad field.
"""

from __future__ import annotations

import importlib.resources
import pathlib
import tomllib
from dataclasses import dataclass, field
from typing import Any

from simulator.errors import MachineError

HOST = "host"


@dataclass(frozen=True, slots=True)
class HostSpec:
    """Costs of the host interpreter, in nanoseconds."""

    op_cost_ns: int = 20
    call_cost_ns: int = 200
    record_cost_ns: int = 100
    submit_cost_ns: int = 1000
    wake_cost_ns: int = 2000


@dataclass(frozen=True, slots=True)
class PoolSpec:
    name: str
    capacity_bytes: int
    alignment_bytes: int = 64


@dataclass(frozen=True, slots=True)
class DeviceSpec:
    """One device: its queues, execution and copy units, peaks, memory pools and host link."""

    name: str
    kind: str = "gpu"
    queues: int = 1
    in_order: bool = True
    dispatch_slots: int = 1
    copy_engines: int = 1
    launch_overhead_ns: int = 0
    queue_op_overhead_ns: int = 0
    memory_bandwidth_bytes_per_s: float = 1e11
    peak_flops_per_s: dict[str, float] = field(default_factory=lambda: {"f32": 1e12})
    unified_memory: bool = False
    zero_copy_import: bool = False
    host_link: str | None = None
    pools: tuple[PoolSpec, ...] = ()

    def peak_for(self, dtype: str) -> float:
        """Peak flop/s for an element type name (``f32``, ``bf16``, ``i8``); f32's when unlisted."""
        peaks = self.peak_flops_per_s
        if dtype in peaks:
            return peaks[dtype]
        if dtype.startswith("f8") and "f8" in peaks:
            return peaks["f8"]
        if dtype.startswith(("i", "ui", "si")) and "i32" in peaks:
            return peaks["i32"]
        return peaks.get("f32") or max(peaks.values())


@dataclass(frozen=True, slots=True)
class LinkSpec:
    name: str
    endpoints: tuple[str, str]
    bandwidth_bytes_per_s: float
    latency_ns: int = 0


@dataclass(frozen=True, slots=True)
class StorageSpec:
    name: str = "nvme0"
    bandwidth_bytes_per_s: float = 3e9
    latency_ns: int = 50000
    queue_depth: int = 8
    # The host's page cache in front of this storage (0: none); see simulator.params.page_cache.
    page_cache_bytes: int = 0
    page_cache_bandwidth_bytes_per_s: float = 20e9


@dataclass(frozen=True, slots=True)
class Machine:
    name: str
    devices: tuple[DeviceSpec, ...]
    host: HostSpec = HostSpec()
    links: tuple[LinkSpec, ...] = ()
    storage: StorageSpec = StorageSpec()
    description: str = ""
    source: str = ""

    def device(self, index: int) -> DeviceSpec:
        if not 0 <= index < len(self.devices):
            raise MachineError(
                f"machine {self.name!r} has {len(self.devices)} device(s); device {index} does not exist"
            )
        return self.devices[index]

    def link_between(self, a: str, b: str) -> LinkSpec | None:
        for link in self.links:
            if set(link.endpoints) == {a, b}:
                return link
        return None

    def summary_rows(self) -> list[dict[str, Any]]:
        """One row per device with its figures, for ``streamsim machines``."""
        rows = []
        for d in self.devices:
            link = next((lk for lk in self.links if lk.name == d.host_link), None)
            rows.append(
                {
                    "machine": self.name,
                    "device": d.name,
                    "kind": d.kind,
                    "queues": d.queues,
                    "peak_flops_per_s": dict(d.peak_flops_per_s),
                    "memory_bandwidth_bytes_per_s": d.memory_bandwidth_bytes_per_s,
                    "memory_bytes": sum(p.capacity_bytes for p in d.pools),
                    "unified_memory": d.unified_memory,
                    "host_link_bytes_per_s": link.bandwidth_bytes_per_s if link else None,
                }
            )
        return rows


# -- loading -----------------------------------------------------------------------------------------


def preset_names() -> list[str]:
    """Names of the machine presets shipped with the package, sorted."""
    folder = importlib.resources.files("simulator") / "machines"
    return sorted(p.name[: -len(".toml")] for p in folder.iterdir() if p.name.endswith(".toml"))


def load_machine(name_or_path: str | pathlib.Path | Machine) -> Machine:
    """A preset by name (``"cpu"``) or a TOML file by path (anything ending in ``.toml`` or existing)."""
    if isinstance(name_or_path, Machine):
        return name_or_path
    text_name = str(name_or_path)
    path = pathlib.Path(text_name)
    if text_name.endswith(".toml") or path.exists():
        try:
            data = tomllib.loads(path.read_text())
        except FileNotFoundError:
            raise MachineError(f"machine file {text_name} does not exist") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise MachineError(f"cannot read machine file {text_name}: {exc}") from None
        except tomllib.TOMLDecodeError as exc:
            raise MachineError(f"machine file {text_name}: bad TOML: {exc}") from None
        return machine_from_dict(data, source=text_name)
    resource = importlib.resources.files("simulator") / "machines" / f"{text_name}.toml"
    if not resource.is_file():
        raise MachineError(
            f"unknown machine {text_name!r}; presets: {', '.join(preset_names())} (or give a .toml file)"
        )
    return machine_from_dict(tomllib.loads(resource.read_text()), source=f"preset {text_name}")


def _get(table: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str, default: Any) -> Any:
    if key not in table:
        if default is _REQUIRED:
            raise MachineError(f"{where}: missing required field {key!r}")
        return default
    value = table[key]
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if kind is int and isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise MachineError(f"{where}: field {key!r} must be {getattr(kind, '__name__', kind)}, got {value!r}")
    if isinstance(value, int | float) and not isinstance(value, bool) and value < 0:
        raise MachineError(f"{where}: field {key!r} must not be negative, got {value!r}")
    return value


_REQUIRED = object()


def machine_from_dict(data: dict[str, Any], *, source: str = "") -> Machine:
    """Build a :class:`Machine` from parsed TOML (see the module docstring for the fields)."""
    where = source or "machine"
    name = _get(data, "name", str, where, pathlib.Path(source).stem if source else "machine")
    host_t = data.get("host", {})
    host = HostSpec(
        **{k: _get(host_t, k, int, f"{where} [host]", getattr(HostSpec(), k)) for k in HostSpec.__slots__}
    )
    unknown = set(host_t) - set(HostSpec.__slots__)
    if unknown:
        raise MachineError(f"{where} [host]: unknown field(s) {', '.join(sorted(unknown))}")
    devices = []
    for i, d in enumerate(data.get("devices", [])):
        dw = f"{where} device {i}"
        pools = tuple(
            PoolSpec(
                _get(p, "name", str, f"{dw} pool {j}", f"pool{j}"),
                _get(p, "capacity_bytes", int, f"{dw} pool {j}", _REQUIRED),
                _get(p, "alignment_bytes", int, f"{dw} pool {j}", 64),
            )
            for j, p in enumerate(d.get("pools", []))
        ) or (PoolSpec("pool0", 1 << 36, 64),)
        peaks_t = d.get("peak_flops_per_s", {"f32": 1e12})
        if not isinstance(peaks_t, dict) or not peaks_t:
            raise MachineError(f"{dw}: peak_flops_per_s must be a table of element type -> flop/s")
        peaks = {str(k): float(v) for k, v in peaks_t.items()}
        if any(v <= 0 for v in peaks.values()):
            raise MachineError(f"{dw}: peak_flops_per_s values must be positive, got {peaks}")
        queues = _get(d, "queues", int, dw, 1)
        if queues < 1:
            raise MachineError(f"{dw}: a device needs at least one queue, got queues = {queues}")
        dev = DeviceSpec(
            name=_get(d, "name", str, dw, f"device{i}"),
            kind=_get(d, "kind", str, dw, "gpu"),
            queues=queues,
            in_order=_get(d, "in_order", bool, dw, True),
            dispatch_slots=max(1, _get(d, "dispatch_slots", int, dw, 1)),
            copy_engines=max(1, _get(d, "copy_engines", int, dw, 1)),
            launch_overhead_ns=_get(d, "launch_overhead_ns", int, dw, 0),
            queue_op_overhead_ns=_get(d, "queue_op_overhead_ns", int, dw, 0),
            memory_bandwidth_bytes_per_s=_get(d, "memory_bandwidth_bytes_per_s", float, dw, 1e11),
            peak_flops_per_s=peaks,
            unified_memory=_get(d, "unified_memory", bool, dw, False),
            zero_copy_import=_get(d, "zero_copy_import", bool, dw, False),
            host_link=_get(d, "host_link", str, dw, None),
            pools=pools,
        )
        if dev.memory_bandwidth_bytes_per_s <= 0:
            raise MachineError(f"{dw}: memory_bandwidth_bytes_per_s must be positive")
        devices.append(dev)
    if not devices:
        raise MachineError(f"{where}: a machine needs at least one [[devices]] entry")
    names = [d.name for d in devices]
    if len(set(names)) != len(names) or HOST in names:
        raise MachineError(f"{where}: device names must be unique and not {HOST!r}: {names}")
    links = []
    for i, lk in enumerate(data.get("links", [])):
        lw = f"{where} link {i}"
        ends = lk.get("endpoints")
        if not (isinstance(ends, list) and len(ends) == 2 and all(isinstance(e, str) for e in ends)):
            raise MachineError(f"{lw}: endpoints must be two names, got {ends!r}")
        for e in ends:
            if e != HOST and e not in names:
                raise MachineError(
                    f"{lw}: endpoint {e!r} is neither 'host' nor a device ({', '.join(names)})"
                )
        link = LinkSpec(
            _get(lk, "name", str, lw, f"link{i}"),
            (ends[0], ends[1]),
            _get(lk, "bandwidth_bytes_per_s", float, lw, _REQUIRED),
            _get(lk, "latency_ns", int, lw, 0),
        )
        if link.bandwidth_bytes_per_s <= 0:
            raise MachineError(f"{lw}: bandwidth_bytes_per_s must be positive")
        links.append(link)
    link_names = {lk.name for lk in links}
    for d in devices:
        if d.host_link is not None and d.host_link not in link_names:
            raise MachineError(f"{where} device {d.name}: host_link {d.host_link!r} is not a [[links]] name")
    st = data.get("storage", {})
    sw = f"{where} [storage]"
    # `preset = "nvme"` or `"nfs"` supplies the defaults; the table's own fields override them.
    base = StorageSpec()
    if "preset" in st:
        from simulator.params.storage_presets import storage_preset

        base = storage_preset(_get(st, "preset", str, sw, "nvme"))
    storage = StorageSpec(
        _get(st, "name", str, sw, base.name),
        _get(st, "bandwidth_bytes_per_s", float, sw, base.bandwidth_bytes_per_s),
        _get(st, "latency_ns", int, sw, base.latency_ns),
        max(1, _get(st, "queue_depth", int, sw, base.queue_depth)),
        _get(st, "page_cache_bytes", int, sw, base.page_cache_bytes),
        _get(st, "page_cache_bandwidth_bytes_per_s", float, sw, base.page_cache_bandwidth_bytes_per_s),
    )
    return Machine(
        name=name,
        devices=tuple(devices),
        host=host,
        links=tuple(links),
        storage=storage,
        description=_get(data, "description", str, where, ""),
        source=source,
    )
