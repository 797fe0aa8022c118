"""Collective bus bandwidth the model predicts, as nccl-tests reports it, against NVIDIA's figures.

Runs ``kind`` (all_reduce by default) over the machine's GPUs (``multi-gpu-8``: eight H100 on NVLink 4)
for message sizes from 8 B to 8 GiB, doubling (``all_reduce_perf -b 8 -e 8G -f 2 -g 8``), timing-only,
and prints per size the time of the collective (every rank's span, from the last rank's arrival), the
algorithm bandwidth ``algbw = S / t`` and the bus bandwidth ``busbw = algbw * 2(p-1)/p`` (nccl-tests'
definition for all_reduce, its doc/PERFORMANCE.md), in GB/s (1e9 bytes/s, as nccl-tests prints).

NVIDIA's figures for 8 x H100 SXM on NVLink 4 (nccl-tests issue 212, NCCL maintainer S. Jeaugey, 2024):
the line rate is 450 GB/s; with ~20% protocol overhead NCCL's ring reaches ~370 GB/s busbw
(``NCCL_ALGO=RING``); NVLink SHARP (NVLS, all_reduce's default) reaches ~480 GB/s busbw
(https://github.com/NVIDIA/nccl-tests/issues/212).

    python benchmarks/collectives_busbw.py
    python benchmarks/collectives_busbw.py --machine multi-gpu-4 --kind all_gather --max-bytes 1G
"""

from __future__ import annotations

import argparse
import pathlib
import sys

_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

from simulator import Session  # noqa: E402
from simulator.collectives import bus_bandwidth_factor  # noqa: E402
from simulator.examples.collectives import collective_program  # noqa: E402
from simulator.machine import load_machine  # noqa: E402

# NVIDIA's published busbw for 8 x H100 SXM (NVLink 4), GB/s; see the module docstring.
NVIDIA_RING_BUSBW_GBPS = 370.0
NVIDIA_NVLS_BUSBW_GBPS = 480.0
NVIDIA_SOURCE = "https://github.com/NVIDIA/nccl-tests/issues/212 (S. Jeaugey, NVIDIA, 2024-05-06)"


def _bytes(text: str) -> int:
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return int(text[:-1]) * units[text[-1].upper()] if text[-1].upper() in units else int(text)


def measure(machine: str, kind: str, size_bytes: int) -> tuple[int, float, float]:
    """(time ns, algbw GB/s, busbw GB/s) of one ``kind`` of ``size_bytes`` per rank (f32 elements)."""
    spec = load_machine(machine)
    ranks = len(spec.devices)
    count = max(1, size_bytes // 4)
    if kind == "reduce_scatter":
        count = max(1, count // ranks)  # nccl-tests' size is the send buffer: ranks blocks of count
    program = collective_program(kind, ranks, count)
    result = Session(spec).run_sync(program, timing_only=True)
    spans = [s for s in result.trace.spans if s.category == "collective" and s.track.kind == "queue"]
    time_ns = max(s.dur_ns for s in spans)
    algbw = size_bytes / time_ns  # bytes per ns = GB/s
    return time_ns, algbw, algbw * bus_bandwidth_factor(kind, ranks)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--machine", default="multi-gpu-8")
    parser.add_argument("--kind", default="all_reduce")
    parser.add_argument("--min-bytes", default="8")
    parser.add_argument("--max-bytes", default="8G")
    args = parser.parse_args(argv)
    spec = load_machine(args.machine)
    print(
        f"# {args.kind} on {spec.name}: {len(spec.devices)} ranks, algorithm {spec.collectives.algorithm_for(args.kind)}"
    )
    print(f"# {'size (B)':>12} {'time (us)':>12} {'algbw (GB/s)':>13} {'busbw (GB/s)':>13}")
    size, peak = _bytes(args.min_bytes), 0.0
    while size <= _bytes(args.max_bytes):
        time_ns, algbw, busbw = measure(args.machine, args.kind, size)
        peak = max(peak, busbw)
        print(f"  {size:>12} {time_ns / 1e3:>12.2f} {algbw:>13.2f} {busbw:>13.2f}")
        size *= 2
    print(f"# peak busbw predicted: {peak:.1f} GB/s")
    if args.kind == "all_reduce":
        print(
            f"# NVIDIA, 8 x H100 NVLink 4: ring ~{NVIDIA_RING_BUSBW_GBPS:.0f} GB/s busbw, NVLS ~"
            f"{NVIDIA_NVLS_BUSBW_GBPS:.0f} GB/s ({NVIDIA_SOURCE})"
        )
        print(
            f"# predicted / NVIDIA ring: {peak / NVIDIA_RING_BUSBW_GBPS:.2f} (the model has no protocol overhead: "
            "its ring reaches the 450 GB/s line rate)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
