"""Benchmark: time and peak memory to build, write and read back a trace of about a million events.

Run ``python benchmarks/traces.py [--events N] [--dir DIR]``. It prints one line per phase:
wall time, events per second and the peak of Python allocations during the phase (tracemalloc, measured
in a second run of the phase so that tracing does not distort the times), plus file sizes. Phases:

- build: ``Trace.add_span``/``add_flow``/``add_counter`` for the records (the simulator's path);
- write json / write json.gz: ``Trace.to_chrome_json``, which streams events to the file;
- stream-write json.gz: ``ChromeTraceWriter`` fed record by record, with no Trace held at all;
- read json / read json.gz: ``read_trace`` back into a Trace (checked equal to the original).

The mix: 80% spans over 8 device queues, 5% flows (two events each) and 10% counter samples, so
``--events`` counts Chrome events, not records. Not a test: it prints figures and asserts only that
the trace read back equals the one written.
"""

from __future__ import annotations

import argparse
import gc
import pathlib
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

# This file is named like the package it measures; keep its own directory off the import path.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

from traces import ChromeTraceWriter, Counter, Span, Trace, TraceMetadata, Track, read_trace  # noqa: E402


def build(events: int) -> Trace:
    spans = events * 80 // 100
    flows = events * 5 // 100
    counters = events - spans - 2 * flows
    trace = Trace(TraceMetadata(machine="bench", program="million", seed=0))
    queues = [Track.queue(d, q) for d in range(2) for q in range(4)]
    pool = Track.pool(0, 0)
    clock = [0] * len(queues)
    for i in range(spans):
        k = i % len(queues)
        dur = 500 + (i * 7919) % 4000
        trace.add_span(
            queues[k],
            f"dispatch_{i % 97}",
            "dispatch" if i % 5 else "transfer",
            clock[k],
            dur,
            {
                "op": "stream.cmd.dispatch",
                "loc": f"model.mlir:{i % 5000}:3",
                "size_bytes": 4096,
                "flops": 1.0e6,
            },
        )
        clock[k] += dur + 100
    for j in range(flows):
        src = (j * 16) % (spans - len(queues))
        trace.add_flow(src, src + len(queues) + 1)
    for c in range(counters):
        trace.add_counter(pool, "memory_bytes", c * 50, (c * 4096) % (1 << 30))
    return trace


def stream_write(trace: Trace, path: pathlib.Path) -> None:
    # Records are made on the fly, as a simulator writing straight to disk would; none is kept.
    with ChromeTraceWriter(path, metadata=trace.metadata) as writer:
        for span in trace.iter_spans():
            writer.write_span(
                Span(span.id, span.track, span.name, span.category, span.start_ns, span.dur_ns, span.args)
            )
        for counter in trace.counters:
            writer.write_counter(Counter(counter.track, counter.name, counter.time_ns, counter.value))


def measure(label: str, events: int, phase: Callable[[], Any]) -> Any:
    gc.collect()
    start = time.perf_counter()
    result = phase()
    seconds = time.perf_counter() - start
    del result
    gc.collect()
    tracemalloc.start()
    result = phase()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"{label:24} {seconds:8.2f} s  {events / seconds / 1e6:6.2f} M events/s  peak {peak / 2**20:9.1f} MiB"
    )
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--dir", type=pathlib.Path, default=None, help="where to write (default: a temp dir)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        directory = args.dir or pathlib.Path(tmp)
        directory.mkdir(parents=True, exist_ok=True)
        plain, packed, streamed = (
            directory / "bench.json",
            directory / "bench.json.gz",
            directory / "stream.json.gz",
        )
        print(f"python {sys.version.split()[0]}; {args.events} events")
        trace = measure("build", args.events, lambda: build(args.events))
        print(f"{'':24} {len(trace.spans)} spans, {len(trace.flows)} flows, {len(trace.counters)} counters")
        measure("write json", args.events, lambda: trace.to_chrome_json(plain))
        measure("write json.gz", args.events, lambda: trace.to_chrome_json(packed))
        measure("stream-write json.gz", args.events, lambda: stream_write(trace, streamed))
        for path in (plain, packed, streamed):
            print(f"{'':24} {path.name}: {path.stat().st_size / 2**20:.1f} MiB")
        back = measure("read json", args.events, lambda: read_trace(plain))
        assert back == trace, "json read back differs from the trace written"
        del back
        back = measure("read json.gz", args.events, lambda: read_trace(packed))
        assert back == trace, "json.gz read back differs from the trace written"
    return 0


if __name__ == "__main__":
    sys.exit(main())
