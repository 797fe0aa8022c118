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
    [collectives]                # how collectives are timed (simulator.collectives.algorithms)
    algorithm = "ring"           # ring | tree | direct
    by_kind = { all_reduce = "tree" }

A device may carry a fitted dispatch model (``[devices.dispatch_model]``, :class:`~simulator.dispatch_model.DispatchModelSpec`)
that replaces the roofline, and the file a ``[calibration]`` table saying how it was fitted (strings and
numbers only; ``cpu-local-task`` is such a preset, fitted by ``benchmarks/calibrate.py``, and the built-in
``cpu`` preset is that fit; ``cpu-roofline`` is the uncalibrated roofline it replaced).

Devices are numbered in file order; a program's ``@__device_N`` globals map to them in module order.
Raises :class:`~simulator.errors.MachineError` for an unknown preset, an unreadable file or a bad field.
"""

from __future__ import annotations

import importlib.resources
import math
import pathlib
import tomllib
from typing import Any, cast

from ir.errors import ParseError
from ir.loader import read_source
from simulator.dispatch_model import DispatchModelSpec
from simulator.errors import MachineError
from simulator.machine_spec import (
    COLLECTIVE_ALGORITHMS,
    COLLECTIVE_KINDS,
    HOST,
    CollectiveSpec,
    DeviceSpec,
    HostSpec,
    LinkSpec,
    Machine,
    PoolSpec,
    StorageSpec,
)

__all__ = [  # the data classes of simulator.machine_spec are re-exported here, where machines are read
    "COLLECTIVE_ALGORITHMS", "COLLECTIVE_KINDS", "DEVICE_FIELDS", "DEVICE_KINDS", "DISPATCH_MODEL_FIELDS",
    "HOST", "HOST_FIELDS", "LINK_FIELDS", "POOL_FIELDS", "STORAGE_FIELDS", "STORAGE_PRESETS", "TOP_LEVEL_KEYS",
    "CollectiveSpec", "DeviceSpec", "HostSpec", "LinkSpec", "Machine", "PoolSpec", "StorageSpec",
    "load_machine", "machine_from_dict", "preset_names", "storage_preset",
]  # fmt: skip

# Storage presets: the drives parameters are read from. A machine's ``[storage]`` table may name one
# (``preset = "nfs"``) and override its fields. Figures are round, sustained values:
# nvme: a PCIe 4/5 NVMe drive, 7 GB/s, 20 us per request, 32 in flight; nvme-gen3: 3.5 GB/s, 80 us, 8;
# nfs: a network file system over 25 GbE, about 2.5 GB/s, 500 us per request (a round trip and the
# server's lookup), 16 in flight, with a 64 GiB client page cache; ramdisk: tmpfs, 20 GB/s, 1 us, 64.
STORAGE_PRESETS: dict[str, StorageSpec] = {
    "nvme": StorageSpec("nvme0", 7e9, 20_000, 32),
    "nvme-gen3": StorageSpec("nvme0", 3.5e9, 80_000, 8),
    "nfs": StorageSpec("nfs0", 2.5e9, 500_000, 16, page_cache_bytes=64 << 30),
    "ramdisk": StorageSpec("ram0", 20e9, 1_000, 64),
}


def storage_preset(name: str) -> StorageSpec:
    """The storage preset ``name``; raises MachineError naming the presets for an unknown one.

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
        if not path.exists():
            raise MachineError(f"machine file {text_name} does not exist")
        try:
            # Capped, strict UTF-8 (so /dev/zero or a binary file is one clear line, not a hang).
            data = tomllib.loads(read_source(path))
        except ParseError as exc:
            raise MachineError(f"cannot read machine file {text_name}: {exc.message}") from None
        except tomllib.TOMLDecodeError as exc:
            raise MachineError(f"machine file {text_name}: bad TOML: {exc}") from None
        except RecursionError:  # tomllib parses nested arrays and inline tables recursively
            raise MachineError(f"machine file {text_name}: bad TOML: arrays or tables nested too deeply") from None
        return machine_from_dict(data, source=text_name)
    resource = importlib.resources.files("simulator") / "machines" / f"{text_name}.toml"
    if not resource.is_file():
        raise MachineError(
            f"unknown machine {text_name!r}; presets: {', '.join(preset_names())} (or give a .toml file)"
        )
    return machine_from_dict(tomllib.loads(resource.read_text()), source=f"preset {text_name}")


# -- schema ----------------------------------------------------------------------------------------
#
# Every field a machine file may hold, per table: its type and the range it must be in. Numbers must be
# finite. Anything not listed is rejected with the file, the table and the key, so that a typo never
# silently falls back to a default. Units are in the names (_ns, _bytes, _bytes_per_s, _per_s).

_REQUIRED = object()
_MAX_BYTES = 1 << 60  # 1 EiB: far above any memory, far below what int64 byte arithmetic can hold
_MAX_RATE = 1e18  # bytes/s or flop/s: an exa-scale figure, well past any device
_MAX_NS = 10**15  # ~11.6 days, in ns

DEVICE_KINDS = ("cpu", "gpu", "npu", "accelerator")
TOP_LEVEL_KEYS = frozenset(
    {"name", "description", "host", "devices", "links", "storage", "calibration", "collectives"}
)
# field: (type, minimum, maximum)
HOST_FIELDS: dict[str, tuple[type, float, float]] = {k: (int, 0, _MAX_NS) for k in HostSpec.__slots__}
POOL_FIELDS: dict[str, tuple[type, float, float]] = {
    "name": (str, 0, 0),
    "capacity_bytes": (int, 1, _MAX_BYTES),
    "alignment_bytes": (int, 1, 1 << 30),
}
DEVICE_FIELDS: dict[str, tuple[type, float, float]] = {
    "name": (str, 0, 0),
    "kind": (str, 0, 0),
    "queues": (int, 1, 1024),
    "in_order": (bool, 0, 0),
    "inline_execution": (bool, 0, 0),
    "host_shares_cpus": (bool, 0, 0),
    "dispatch_slots": (int, 1, 1 << 16),
    "copy_engines": (int, 1, 256),
    "launch_overhead_ns": (int, 0, _MAX_NS),
    "queue_op_overhead_ns": (int, 0, _MAX_NS),
    "memory_bandwidth_bytes_per_s": (float, 1e3, _MAX_RATE),
    "peak_flops_per_s": (dict, 0, 0),
    "unified_memory": (bool, 0, 0),
    "zero_copy_import": (bool, 0, 0),
    "host_link": (str, 0, 0),
    "pools": (list, 0, 0),
    "dispatch_model": (dict, 0, 0),
}
DISPATCH_MODEL_FIELDS: dict[str, tuple[type, float, float]] = {
    "overhead_ns": (dict, 0, 0),
    "ns_per_flop": (dict, 0, 0),
    "ns_per_byte": (dict, 0, 0),
    "ns_per_transcendental": (dict, 0, 0),
    "ns_per_math": (dict, 0, 0),
    "shape_scale": (dict, 0, 0),
    "shape_flops": (dict, 0, 0),
    "workers": (int, 1, 1 << 16),
    "worker_wake_ns": (float, 0, _MAX_NS),
    "floor_ns": (float, 0, _MAX_NS),
    "row_tile": (int, 1, 1 << 16),
    "ns_per_partial": (float, 0, 1e9),
    "ns_per_masked": (float, 0, 1e9),
    "split_workgroups": (bool, 0, 0),
    "ns_per_ragged": (float, 0, 1e9),
    "worker_pool": (bool, 0, 0),
}
_DISPATCH_MODEL_LIMITS = {
    "overhead_ns": float(_MAX_NS),
    "ns_per_flop": 1e9,
    "ns_per_byte": 1e9,
    "ns_per_transcendental": 1e9,
    "ns_per_math": 1e9,
    "shape_scale": 1e6,
    "shape_flops": 1e18,
}
_DISPATCH_MODEL_OPTIONAL = ("ns_per_transcendental", "ns_per_math", "shape_scale", "shape_flops")
LINK_FIELDS: dict[str, tuple[type, float, float]] = {
    "name": (str, 0, 0),
    "endpoints": (list, 0, 0),
    "bandwidth_bytes_per_s": (float, 1e3, _MAX_RATE),
    "latency_ns": (int, 0, _MAX_NS),
}
STORAGE_FIELDS: dict[str, tuple[type, float, float]] = {
    "preset": (str, 0, 0),
    "name": (str, 0, 0),
    "bandwidth_bytes_per_s": (float, 1e3, _MAX_RATE),
    "latency_ns": (int, 0, _MAX_NS),
    "queue_depth": (int, 1, 1 << 16),
    "page_cache_bytes": (int, 0, _MAX_BYTES),
    "page_cache_bandwidth_bytes_per_s": (float, 1e3, _MAX_RATE),
}


def _collectives(value: Any, where: str) -> CollectiveSpec:
    """``[collectives]``: the algorithm (``ring``, ``tree``, ``direct``), optionally per collective kind."""
    table = _table(value, where)
    _only(table, ("algorithm", "by_kind"), where)

    def algorithm(x: Any, what: str) -> str:
        if x not in COLLECTIVE_ALGORITHMS:
            raise MachineError(
                f"{where}: {what} must be one of {', '.join(COLLECTIVE_ALGORITHMS)}, got {x!r}"
            )
        return str(x)

    default = algorithm(table.get("algorithm", "ring"), "field 'algorithm'")
    by_kind_t = _table(table.get("by_kind", {}), f"{where} by_kind")
    _only(by_kind_t, COLLECTIVE_KINDS, f"{where} by_kind")
    by_kind = {str(k): algorithm(v, f"by_kind {k!r}") for k, v in by_kind_t.items()}
    return CollectiveSpec(default, by_kind)


def _table(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise MachineError(f"{where}: must be a table, got {value!r}")
    return value


def _only(table: dict[str, Any], allowed: Any, where: str) -> None:
    unknown = sorted(set(table) - set(allowed))
    if unknown:
        raise MachineError(
            f"{where}: unknown field(s) {', '.join(repr(k) for k in unknown)} (known: {', '.join(sorted(allowed))})"
        )


def _get(
    table: dict[str, Any], key: str, schema: dict[str, tuple[type, float, float]], where: str, default: Any
) -> Any:
    """``table[key]`` checked against ``schema``: type, finiteness and range; ``default`` when absent."""
    kind, lo, hi = schema[key]
    if key not in table:
        if default is _REQUIRED:
            raise MachineError(f"{where}: missing required field {key!r}")
        return default
    value: Any = table[key]
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if kind is int and isinstance(value, float) and math.isfinite(value) and value.is_integer():
        value = int(value)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise MachineError(f"{where}: field {key!r} must be {kind.__name__}, got {value!r}")
    if kind in (int, float):
        number = cast(float, value)
        if not math.isfinite(number):
            raise MachineError(f"{where}: field {key!r} must be a finite number, got {value!r}")
        if not lo <= number <= hi:
            raise MachineError(f"{where}: field {key!r} must be in [{lo:g}, {hi:g}], got {value!r}")
    return value


def _power_of_two(value: int, key: str, where: str) -> int:
    if value & (value - 1):
        raise MachineError(f"{where}: field {key!r} must be a power of two, got {value}")
    return value


def _dispatch_model(table: dict[str, Any], where: str) -> DispatchModelSpec:
    _only(table, DISPATCH_MODEL_FIELDS, where)
    tables: dict[str, dict[str, float]] = {}
    for field_name, limit in _DISPATCH_MODEL_LIMITS.items():
        required = _REQUIRED if field_name not in _DISPATCH_MODEL_OPTIONAL else {}
        by_class = _get(table, field_name, DISPATCH_MODEL_FIELDS, where, required)
        schema: dict[str, tuple[type, float, float]] = {str(k): (float, 0, limit) for k in by_class}
        tables[field_name] = {
            str(k): _get(by_class, k, schema, f"{where} {field_name}", None) for k in by_class
        }
    return DispatchModelSpec(
        tables["overhead_ns"],
        tables["ns_per_flop"],
        tables["ns_per_byte"],
        tables["ns_per_transcendental"],
        tables["ns_per_math"],
        tables["shape_scale"],
        tables["shape_flops"],
        _get(table, "workers", DISPATCH_MODEL_FIELDS, where, 1),
        _get(table, "worker_wake_ns", DISPATCH_MODEL_FIELDS, where, 0.0),
        _get(table, "floor_ns", DISPATCH_MODEL_FIELDS, where, 0.0),
        _get(table, "row_tile", DISPATCH_MODEL_FIELDS, where, 1),
        _get(table, "ns_per_partial", DISPATCH_MODEL_FIELDS, where, 0.0),
        _get(table, "ns_per_masked", DISPATCH_MODEL_FIELDS, where, 0.0),
        _get(table, "split_workgroups", DISPATCH_MODEL_FIELDS, where, False),
        _get(table, "ns_per_ragged", DISPATCH_MODEL_FIELDS, where, 0.0),
        _get(table, "worker_pool", DISPATCH_MODEL_FIELDS, where, False),
    )


def _provenance(value: Any, where: str) -> None:
    """``[calibration]``: how a fitted machine file was made; strings, numbers and flat lists only."""
    table = _table(value, where)
    for key, item in table.items():
        items = item if isinstance(item, list) else [item]
        for x in items:
            if (
                isinstance(x, bool)
                or not isinstance(x, str | int | float)
                or (isinstance(x, float) and not math.isfinite(x))
            ):
                raise MachineError(
                    f"{where}: field {key!r} must be a string, a finite number or a list of them"
                )


def machine_from_dict(data: dict[str, Any], *, source: str = "") -> Machine:
    """Build a :class:`Machine` from parsed TOML, checked against the schema above."""
    where = source or "machine"
    _only(data, TOP_LEVEL_KEYS, where)
    top: dict[str, tuple[type, float, float]] = {"name": (str, 0, 0), "description": (str, 0, 0)}
    name = _get(data, "name", top, where, pathlib.Path(source).stem if source else "machine")
    if "calibration" in data:
        _provenance(data["calibration"], f"{where} [calibration]")
    host_t = _table(data.get("host", {}), f"{where} [host]")
    _only(host_t, HOST_FIELDS, f"{where} [host]")
    host = HostSpec(
        **{
            k: _get(host_t, k, HOST_FIELDS, f"{where} [host]", getattr(HostSpec(), k))
            for k in HostSpec.__slots__
        }
    )
    devices_t = data.get("devices", [])
    if not isinstance(devices_t, list):
        raise MachineError(f"{where}: devices must be an array of tables ([[devices]]), got {devices_t!r}")
    devices = []
    for i, d in enumerate(devices_t):
        dw = f"{where} device {i}"
        d = _table(d, dw)
        _only(d, DEVICE_FIELDS, dw)
        pools_t = _get(d, "pools", DEVICE_FIELDS, dw, [])
        pools = []
        for j, p in enumerate(pools_t):
            pw = f"{dw} pool {j}"
            p = _table(p, pw)
            _only(p, POOL_FIELDS, pw)
            alignment = _power_of_two(_get(p, "alignment_bytes", POOL_FIELDS, pw, 64), "alignment_bytes", pw)
            pools.append(
                PoolSpec(
                    _get(p, "name", POOL_FIELDS, pw, f"pool{j}"),
                    _get(p, "capacity_bytes", POOL_FIELDS, pw, _REQUIRED),
                    alignment,
                )
            )
        peaks_t = _get(d, "peak_flops_per_s", DEVICE_FIELDS, dw, {"f32": 1e12})
        if not peaks_t:
            raise MachineError(f"{dw}: peak_flops_per_s must be a table of element type -> flop/s")
        peak_schema: dict[str, tuple[type, float, float]] = {str(k): (float, 1.0, _MAX_RATE) for k in peaks_t}
        peaks = {str(k): _get(peaks_t, k, peak_schema, f"{dw} peak_flops_per_s", None) for k in peaks_t}
        model_t = _get(d, "dispatch_model", DEVICE_FIELDS, dw, None)
        dispatch_model = _dispatch_model(model_t, f"{dw} dispatch_model") if model_t is not None else None
        kind = _get(d, "kind", DEVICE_FIELDS, dw, "gpu")
        if kind not in DEVICE_KINDS:
            raise MachineError(f"{dw}: field 'kind' must be one of {', '.join(DEVICE_KINDS)}, got {kind!r}")
        dev = DeviceSpec(
            name=_get(d, "name", DEVICE_FIELDS, dw, f"device{i}"),
            kind=kind,
            queues=_get(d, "queues", DEVICE_FIELDS, dw, 1),
            in_order=_get(d, "in_order", DEVICE_FIELDS, dw, True),
            inline_execution=_get(d, "inline_execution", DEVICE_FIELDS, dw, False),
            host_shares_cpus=_get(d, "host_shares_cpus", DEVICE_FIELDS, dw, False),
            dispatch_slots=_get(d, "dispatch_slots", DEVICE_FIELDS, dw, 1),
            copy_engines=_get(d, "copy_engines", DEVICE_FIELDS, dw, 1),
            launch_overhead_ns=_get(d, "launch_overhead_ns", DEVICE_FIELDS, dw, 0),
            queue_op_overhead_ns=_get(d, "queue_op_overhead_ns", DEVICE_FIELDS, dw, 0),
            memory_bandwidth_bytes_per_s=_get(d, "memory_bandwidth_bytes_per_s", DEVICE_FIELDS, dw, 1e11),
            peak_flops_per_s=peaks,
            unified_memory=_get(d, "unified_memory", DEVICE_FIELDS, dw, False),
            zero_copy_import=_get(d, "zero_copy_import", DEVICE_FIELDS, dw, False),
            host_link=_get(d, "host_link", DEVICE_FIELDS, dw, None),
            pools=tuple(pools) or (PoolSpec("pool0", 1 << 36, 64),),
            dispatch_model=dispatch_model,
        )
        devices.append(dev)
    if not devices:
        raise MachineError(f"{where}: a machine needs at least one [[devices]] entry")
    names = [d.name for d in devices]
    if len(set(names)) != len(names) or HOST in names:
        raise MachineError(f"{where}: device names must be unique and not {HOST!r}: {names}")
    links_t = data.get("links", [])
    if not isinstance(links_t, list):
        raise MachineError(f"{where}: links must be an array of tables ([[links]]), got {links_t!r}")
    links = []
    for i, lk in enumerate(links_t):
        lw = f"{where} link {i}"
        lk = _table(lk, lw)
        _only(lk, LINK_FIELDS, lw)
        ends = lk.get("endpoints")
        if not (isinstance(ends, list) and len(ends) == 2 and all(isinstance(e, str) for e in ends)):
            raise MachineError(f"{lw}: endpoints must be two names, got {ends!r}")
        for e in ends:
            if e != HOST and e not in names:
                raise MachineError(
                    f"{lw}: endpoint {e!r} is neither 'host' nor a device ({', '.join(names)})"
                )
        links.append(
            LinkSpec(
                _get(lk, "name", LINK_FIELDS, lw, f"link{i}"),
                (ends[0], ends[1]),
                _get(lk, "bandwidth_bytes_per_s", LINK_FIELDS, lw, _REQUIRED),
                _get(lk, "latency_ns", LINK_FIELDS, lw, 0),
            )
        )
    link_names = {lk.name for lk in links}
    for d in devices:
        if d.host_link is not None and d.host_link not in link_names:
            raise MachineError(f"{where} device {d.name}: host_link {d.host_link!r} is not a [[links]] name")
    sw = f"{where} [storage]"
    st = _table(data.get("storage", {}), sw)
    _only(st, STORAGE_FIELDS, sw)
    # `preset = "nvme"` or `"nfs"` supplies the defaults; the table's own fields override them.
    base = storage_preset(_get(st, "preset", STORAGE_FIELDS, sw, "")) if "preset" in st else StorageSpec()
    storage = StorageSpec(
        _get(st, "name", STORAGE_FIELDS, sw, base.name),
        _get(st, "bandwidth_bytes_per_s", STORAGE_FIELDS, sw, base.bandwidth_bytes_per_s),
        _get(st, "latency_ns", STORAGE_FIELDS, sw, base.latency_ns),
        _get(st, "queue_depth", STORAGE_FIELDS, sw, base.queue_depth),
        _get(st, "page_cache_bytes", STORAGE_FIELDS, sw, base.page_cache_bytes),
        _get(
            st, "page_cache_bandwidth_bytes_per_s", STORAGE_FIELDS, sw, base.page_cache_bandwidth_bytes_per_s
        ),
    )
    return Machine(
        name=name,
        devices=tuple(devices),
        host=host,
        links=tuple(links),
        storage=storage,
        description=_get(data, "description", top, where, ""),
        source=source,
        collectives=_collectives(data.get("collectives", {}), f"{where} [collectives]"),
    )
