"""``streamsim machines``: list the machine presets (or given TOML files) with their figures.

``streamsim machines [NAME_OR_FILE...] [--json]``: one row per device: peak flop/s (f32, bf16), memory
bandwidth and size, queues, host link bandwidth; then links and storage.
"""

from __future__ import annotations

import argparse
import json

from simulator.machine import Machine, load_machine, preset_names


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "machines",
        help="list machine presets and their figures",
        description="List machine presets and their figures.",
    )
    parser.add_argument(
        "machines", nargs="*", metavar="NAME_OR_FILE", help="presets or .toml files (default: all presets)"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def _si(value: float, unit: str) -> str:
    for prefix, scale in (("P", 1e15), ("T", 1e12), ("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if value >= scale:
            return f"{value / scale:g} {prefix}{unit}"
    return f"{value:g} {unit}"


def _gib(n: int) -> str:
    return f"{n / (1 << 30):g} GiB"


def describe(machine: Machine) -> list[str]:
    lines = [f"{machine.name}: {machine.description}" if machine.description else machine.name]
    for d in machine.devices:
        peaks = d.peak_flops_per_s
        f32 = _si(peaks.get("f32", d.peak_for("f32")), "FLOP/s")
        bf16 = _si(d.peak_for("bf16"), "FLOP/s")
        link = next((lk for lk in machine.links if lk.name == d.host_link), None)
        host = f"host link {_si(link.bandwidth_bytes_per_s, 'B/s')}" if link else "shares host memory"
        memory = "unified" if d.unified_memory else "device"
        lines.append(
            f"  {d.name:<6} {d.kind:<4} {d.queues} queue(s), f32 {f32}, bf16 {bf16}, "
            f"{_si(d.memory_bandwidth_bytes_per_s, 'B/s')} {memory} memory {_gib(sum(p.capacity_bytes for p in d.pools))}, "
            f"{host}"
        )
    for lk in machine.links:
        if "host" not in lk.endpoints:
            lines.append(
                f"  link {lk.name}: {lk.endpoints[0]} <-> {lk.endpoints[1]} {_si(lk.bandwidth_bytes_per_s, 'B/s')}"
            )
    s = machine.storage
    lines.append(
        f"  storage {s.name}: {_si(s.bandwidth_bytes_per_s, 'B/s')}, latency {s.latency_ns / 1000:g} us, "
        f"queue depth {s.queue_depth}"
    )
    return lines


def run(args: argparse.Namespace) -> int:
    machines = [load_machine(name) for name in (args.machines or preset_names())]
    if args.json:
        out = []
        for m in machines:
            out.append(
                {
                    "name": m.name,
                    "description": m.description,
                    "devices": m.summary_rows(),
                    "links": [
                        {
                            "name": lk.name,
                            "endpoints": list(lk.endpoints),
                            "bandwidth_bytes_per_s": lk.bandwidth_bytes_per_s,
                        }
                        for lk in m.links
                    ],
                    "storage": {
                        "name": m.storage.name,
                        "bandwidth_bytes_per_s": m.storage.bandwidth_bytes_per_s,
                        "latency_ns": m.storage.latency_ns,
                        "queue_depth": m.storage.queue_depth,
                    },
                }
            )
        print(json.dumps(out, indent=2))
        return 0
    for m in machines:
        print("\n".join(describe(m)))
    return 0
