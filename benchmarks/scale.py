#!/usr/bin/env python3
"""Scale: parse, verify, schedule, timing-only simulation and trace I/O of 1k, 10k (and 100k) dispatches.

Programs come from :mod:`benchmarks.scale_program` (IREE's async form of ``tools/gen_deep_program.py``'s
residual ladder, three dispatches and four ``#stream.parameter.named`` parameters a layer). Each
repetition of each size runs in a fresh child process (``python scale.py --child FILE``), which times,
in order,

- ``parse``: text to object IR (``ir.load_file``);
- ``verify``: ``ir.verify`` of the async form;
- ``schedule``: the scheduler's default pipeline (async form to cmd form);
- ``simulate``: a timing-only ``Session("cpu").run_sync`` of the cmd form, with virtual parameters;
- ``trace write`` / ``trace read``: the run's trace to Chrome JSON and back (``traces.read_trace``), the
  read with the module and the run still alive (a large heap slows it);

each as CPU seconds (``time.process_time``: the machine is shared, CPU time is the steadier figure) and wall
seconds (and, in brackets, the CPU seconds of the cyclic garbage collector's collections within it, from
``gc.callbacks``; the young collection a step leaves owing, when it paused the collector, is started before
its clock stops, so it counts in the step that caused it), and reports the child's wall time from start to
end (interpreter start and imports included, and the collector's seconds in all) and its peak RSS
(VmHWM, the whole child, and as it stood at the end of ``simulate``), and the sum of parse, schedule
and simulate (issue 20's minute for 100,000 dispatches). Then a second fresh process (``--read TRACE``)
reads the trace alone, as a command reading a trace file does (``trace read, fresh process``). The parent
prints, per size, the minimum over its children of each figure with the spread (max - min) beside it, and
the growth factor of each minimum per 10x dispatches.

Growth compares like with like only if both minima come from the same host states, so the children of all
sizes run interleaved (each size's spread evenly over the whole run: ``scale_report.interleave``), not one
size after the other; and sizes below 10,000 dispatches, which take seconds, run ``--small-repeats`` children
(default 3x ``--repeats``). The minima's ratio still pairs the best of many small children with the best of a
few big ones, so each timed growth row also gives the growth between neighbours (each big child over the small
ones run right before and after it: ``scale_report.neighbour_growth``). ``--instructions`` adds the figure the
host's state cannot move: one more child per size (up to 10,000 dispatches) under valgrind's callgrind
(``--dump-before=getppid``: the child calls ``os.getppid()`` just before and after each step, and each dump
counts the instructions since the one before), printing each step's instructions and their growth.
Instructions measure the work done (the interpreter's instructions for the same code on the same input, with
``PYTHONHASHSEED=0``); seconds measure that work times the cost of an instruction, which the caches (a larger
heap) and the host's state change. A step whose seconds grow faster than its instructions grows in cost per
instruction, not in work.

The host's speed moves (the AMD host's states are 1.4x apart, and it changes state within minutes), so a
growth factor may compare a run in one state with a run in another. Each timed child measures it as it
goes: a probe of raw simpy (``HOST_PROBE_CYCLES`` cycles, counted as ``benchmarks/paired.py`` counts raw
simpy's events) before its first step and after every step, in the same process (and the fresh reader's
before and after its read); a step's host speed is the mean of the probes just before and after it. Each size prints the range of its children's probes (``host``), and each growth
factor is printed beside the host speed in the child that gave each of its two minima (``host A -> B``,
k events/s, and their ratio): a ratio far from 1 means the factor crosses a host state change, and the
step's own growth is about the factor times that ratio. A probe runs in the child as it stands, its heap
included (a large heap may slow raw simpy as it slows the steps). Each takes about 0.07 s at 450,000
events/s (30,002 events); they are outside every step's clocks, and taken out of the child's ``wall``.

``--million`` adds a read of a trace of about a million events (issue 20 asks for under 3 s): the 10,000
dispatches' timing-only trace, repeated with shifted ids and times until it holds a million Chrome events,
made once by a child process and kept in ``--workdir`` (by event count and trace format; delete it to make
it again). Each of ``--repeats`` fresh processes reads it with ``traces.read_trace``; the line gives the
minimum CPU and wall seconds with the spread, the readers' peak RSS and the load average before and after.

Event rates (``event rate``, per child, and ``paired``, the issue 20 figure: raw simpy bursts between
the engine's batches in the same child, with the ``long batches`` of host interpretation apart): how
both sides are counted and paired is in ``benchmarks/paired.py``, which this script loads by its path.

CPU seconds depend on the machine's load (on a shared machine one CPU second does less work when the
other CPU is busy too), so each size's line gives the load average before and after it, and ``--calls``
adds a figure the load does not change: one more child per size runs each step under cProfile (with
``PYTHONHASHSEED=0``) and reports the function calls it made (Python and builtin), the same on every run
of the same code. Comparing two trees by it shows a change in the work done, not in the machine.

Usage::

    python benchmarks/scale.py [--sizes 1000 10000] [--big [--big-repeats 1]] [--repeats 3] [--small-repeats N]
        [--quick] [--calls] [--instructions] [--million]

``--sizes --million`` (no sizes) reads the million-event trace alone.

``--big`` adds 100,000 dispatches, ``--big-repeats`` times (default 1: each repetition is a child of
about 2 minutes and 3 GB peak on the 2-CPU hosts, and a second process reading its 137 MiB trace; with
3, its figures are the minima of their own three runs, as the smaller sizes' are of ``--repeats``, for
about 4 more minutes); ``--quick`` runs 200 dispatches once, for the test
suite's smoke test.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import os
import pathlib
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

_START = time.perf_counter()
# Sibling scripts (benchmarks/traces.py) would shadow the packages of the same name.
_HERE = pathlib.Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != _HERE]

#: Raw simpy cycles of one host-speed probe (30,002 events: 0.07 s at 450,000 events/s).
HOST_PROBE_CYCLES = 10_000


def _sibling(name: str):  # type: ignore[no-untyped-def]
    """The script ``benchmarks/<name>.py`` as a module: by file, not through sys.path (benchmarks/ holds
    scripts named like the packages, traces.py)."""
    spec = importlib.util.spec_from_file_location(name, _HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


paired = _sibling("paired")
report = _sibling("scale_report")
STEPS = report.STEPS
#: --instructions counts sizes up to this many dispatches (callgrind runs Python some 50x slower: 10,000
#: dispatches' 50 G instructions take tens of minutes; 100,000 would take hours).
INSTRUCTIONS_MAX = 10_000
#: Sizes below this many dispatches run --small-repeats children (they are cheap).
SMALL = 10_000


def child(
    path: pathlib.Path, count_calls: bool = False, simpy_cycles: int = 0, mark_steps: bool = False
) -> dict[str, float]:
    """Run every step on the program at ``path``; return seconds per step, events, wall and peak RSS (and,
    with ``count_calls``, each step's function calls as cProfile counts them, ``"<step> calls"``). With
    ``simpy_cycles``, raw simpy's rate is measured in this process right after the simulate. With
    ``mark_steps``, ``os.getppid()`` is called just before and just after each step (``"marks"``: how many
    calls), for callgrind's ``--dump-before=getppid`` (:func:`_instructions`)."""
    import numpy as np

    import ir
    from scheduler import Pipeline
    from simulator import Session, parameter_keys
    from simulator.archives import ParameterEntry, ParameterIndex
    from traces import read_trace

    out: dict[str, float] = {}
    # CPU seconds spent in the cyclic garbage collector's collections, from gc.callbacks. The steps pause
    # the collector while they run; its deferred walks of what they allocated come at the first
    # allocations after, so they may land in the next step.
    collector = {"s": 0.0, "start": 0.0}
    # The host's speed (raw simpy's events/s) before the first step and after each, when the child measures
    # raw simpy at all (not when counting calls), and the wall seconds the probes took.
    probing = simpy_cycles > 0
    probe_cycles = min(HOST_PROBE_CYCLES, simpy_cycles)
    wall = time.perf_counter()
    probes = {"last": _probe(probe_cycles) if probing else 0.0}
    probes["wall"] = time.perf_counter() - wall

    def on_collection(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            collector["start"] = time.process_time()
        else:
            collector["s"] += time.process_time() - collector["start"]

    gc.callbacks.append(on_collection)

    def timed(step: str, fn):  # type: ignore[no-untyped-def]
        if count_calls:
            fn = _counted(step, fn, out)
        if mark_steps:
            os.getppid()
            out["marks"] = out.get("marks", 0) + 1
        start, cpu, collected = time.perf_counter(), time.process_time(), collector["s"]
        value = fn()
        # A step that pauses the collector leaves what it allocated to the first young collection after it,
        # which the next allocation of a tracked object starts (in 3.11, at once). Start it here, so that
        # the step's figure holds the collection it caused, as a command running the steps in turn pays it;
        # else it fell between the steps (making the next lambda) and no figure showed it.
        _Settle()
        if mark_steps:
            os.getppid()
            out["marks"] += 1
        out[step] = time.process_time() - cpu
        out[step + " wall"] = time.perf_counter() - start
        out[step + " gc"] = collector["s"] - collected
        if probing:
            wall = time.perf_counter()
            before, probes["last"] = probes["last"], _probe(probe_cycles)
            out[step + " host"] = (before + probes["last"]) / 2
            out[step + " host before"], out[step + " host after"] = before, probes["last"]
            probes["wall"] += time.perf_counter() - wall
        return value

    module = timed("parse", lambda: ir.load_file(str(path)))
    timed("verify", lambda: ir.verify(module))
    index = ParameterIndex()
    for scope, key, size in parameter_keys(module):
        index.add(ParameterEntry.virtual(key, size), scope=scope)
    timed("schedule", lambda: Pipeline.default().run(module))
    session = Session("cpu")
    x = np.zeros((8, 32), np.float32)
    bursts: list[tuple[int, int, float, float, float]] = []

    def simulate():  # type: ignore[no-untyped-def]
        if not simpy_cycles:
            return session.run_sync(module, "main", [x], parameters=index, timing_only=True)
        run = session.invoke(module, "main", [x], parameters=index, timing_only=True)
        return paired.paired_run(run, min(paired.PAIRED_CYCLES, simpy_cycles), paired.PAIRED_BATCHES, bursts)

    result = timed("simulate", simulate)
    if bursts:
        # The bursts ran inside the simulate's clocks: their CPU and wall seconds are not the simulate's.
        out["simulate"] -= sum(b[2] for b in bursts)
        out["simulate wall"] -= sum(b[3] for b in bursts)
        out.update(paired.figures(result.event_batches, bursts))
    # The Must-show figures of issue 20: parse + schedule + timing-only simulation (verify excluded), and
    # the peak RSS up to here (the trace write and read below keep the module and the run alive: the
    # whole child's peak is higher).
    out["parse+schedule+simulate"] = out["parse"] + out["schedule"] + out["simulate"]
    out["parse+schedule+simulate wall"] = out["parse wall"] + out["schedule wall"] + out["simulate wall"]
    out["parse+schedule+simulate gc"] = out["parse gc"] + out["schedule gc"] + out["simulate gc"]
    out["peak MiB to simulate"] = peak_mib()
    out["dispatches"] = result.stats.counts["dispatches"]
    out["events"] = result.events_processed
    out["event seconds"] = result.event_cpu_s
    if simpy_cycles:
        # Raw simpy in this process, right after the simulate (same heap, same moment of the machine's load):
        # the ratio of the two rates is measured in one place at one time.
        out["raw simpy"] = max(paired.raw_simpy_rate(simpy_cycles)[0] for _ in range(3))
    trace_path = path.with_suffix(".trace.json")
    timed("trace write", lambda: result.trace.to_chrome_json(trace_path))
    out["trace events"] = _chrome_events(result.trace)
    timed("trace read", lambda: read_trace(trace_path))
    out["wall"] = time.perf_counter() - _START - probes["wall"]
    out["collector total"] = collector["s"]
    out["peak MiB"] = peak_mib()
    return out


def _counted(step: str, fn, out: dict[str, float]):  # type: ignore[no-untyped-def]
    """``fn`` run under cProfile, its count of Python and builtin function calls put in ``out``."""
    import cProfile
    import io
    import pstats

    def run():  # type: ignore[no-untyped-def]
        profile = cProfile.Profile()
        profile.enable()
        try:
            return fn()
        finally:
            profile.disable()
            out[step + " calls"] = pstats.Stats(profile, stream=io.StringIO()).total_calls

    return run


class _Settle:
    """An instance of a class is a tracked object: making one starts a collection the collector owes."""


def _probe(cycles: int) -> float:
    """The host's speed now: raw simpy's events per CPU second over ``cycles`` cycles."""
    return float(paired.raw_simpy_rate(cycles)[0])


def read_alone(path: pathlib.Path, probe_cycles: int = 0) -> dict[str, float]:
    """CPU and wall seconds of ``traces.read_trace(path)`` in this process, which has nothing else loaded
    (with ``probe_cycles``, also the host's speed before and after it, as the timed children probe it)."""
    from traces import read_trace

    if not probe_cycles:
        return _read_alone(read_trace, path)
    before = _probe(probe_cycles)
    out = _read_alone(read_trace, path)
    after = _probe(probe_cycles)
    fresh = "trace read, fresh process host"
    return {**out, fresh: (before + after) / 2, fresh + " before": before, fresh + " after": after}


def peak_mib() -> float:
    """This process's own peak RSS in MiB: Linux's VmHWM. (``ru_maxrss`` is not: Linux carries the parent's
    peak over the fork and exec that start a child, so a small child of a large parent reported the parent's.)"""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _read_alone(read_trace, path: pathlib.Path) -> dict[str, float]:  # type: ignore[no-untyped-def]
    start, cpu = time.perf_counter(), time.process_time()
    read_trace(path)
    return {
        "trace read, fresh process": time.process_time() - cpu,
        "trace read, fresh process wall": time.perf_counter() - start,
        "trace read, fresh process peak MiB": peak_mib(),
    }




def make_million(workdir: pathlib.Path, events: int, layers: int) -> dict[str, object]:
    """The path, Chrome event count and size of the ``--million`` trace in ``workdir``, made if missing.

    It is the timing-only trace of the scale program of ``layers`` layers, repeated: copy ``k`` has span
    ids ``k * n`` higher (``n`` the trace's next span id) and times ``k`` makespans (plus 1 us) later, with
    the same tracks, names, args, flows and counters, until it holds at least ``events`` Chrome events."""
    import numpy as np

    import ir
    from scheduler import Pipeline
    from simulator import Session, parameter_keys
    from simulator.archives import ParameterEntry, ParameterIndex
    from traces import Trace
    from traces.chrome import FORMAT

    path = workdir / f"million{events}-L{layers}-{FORMAT.replace('/', '-')}.trace.json"
    about = path.with_suffix(".events.json")
    if path.exists() and about.exists():
        return {"path": str(path), **json.loads(about.read_text())}
    workdir.mkdir(parents=True, exist_ok=True)
    module = ir.load_text(_sibling("scale_program").generate(layers), f"scale{layers}.mlir")
    index = ParameterIndex()
    for scope, key, size in parameter_keys(module):
        index.add(ParameterEntry.virtual(key, size), scope=scope)
    Pipeline.default().run(module)
    x = np.zeros((8, 32), np.float32)
    base = Session("cpu").run_sync(module, "main", [x], parameters=index, timing_only=True).trace
    per_copy = _chrome_events(base) + len(base.instants)
    copies = -(-events // per_copy)
    ids = max(s.id for s in base.spans) + 1
    shift = max(s.end_ns for s in base.spans) + 1000
    out = Trace(base.metadata)
    for track in base.tracks:
        out.add_track(track)
    for k in range(copies):
        for s in base.spans:
            out.add_span(s.track, s.name, s.category, s.start_ns + k * shift, s.dur_ns, s.args, span_id=s.id + k * ids)
        for f in base.flows:
            out.add_flow(f.src_span + k * ids, f.dst_span + k * ids, f.name, f.args or None)
        for c in base.counters:
            out.add_counter(c.track, c.name, c.time_ns + k * shift, c.value)
        for i in base.instants:
            out.add_instant(i.track, i.name, i.time_ns + k * shift, i.category, i.args)
    partial = path.with_suffix(".partial")
    out.to_chrome_json(partial)
    facts = {"events": per_copy * copies, "bytes": partial.stat().st_size}
    partial.rename(path)
    about.write_text(json.dumps(facts))
    return {"path": str(path), **facts}


def _chrome_events(trace: object) -> int:
    spans = len(getattr(trace, "spans", ()))
    return spans + 2 * len(getattr(trace, "flows", ())) + len(getattr(trace, "counters", ()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", type=int, nargs="*", default=[1000, 10000], help="dispatch counts (none: --million alone)"
    )
    parser.add_argument("--big", action="store_true", help="add 100,000 dispatches (--big-repeats runs)")
    parser.add_argument(
        "--big-repeats",
        type=int,
        default=1,
        help="runs of the 100,000 dispatches with --big, each figure their minimum (default %(default)s; each "
        "run is a child of about 2 min and 3 GB peak on the 2-CPU hosts)",
    )
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--small-repeats",
        type=int,
        default=None,
        help=f"runs of each size below {SMALL:,} dispatches (default: 3 x --repeats; they take seconds)",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help=f"also run each size up to {INSTRUCTIONS_MAX:,} dispatches once under valgrind's callgrind and "
        "print each step's instructions (a count of the work done, which the load and the host's speed do "
        "not move)",
    )
    parser.add_argument("--quick", action="store_true", help="200 dispatches once (smoke test)")
    parser.add_argument("--simpy-cycles", type=int, default=100_000)
    parser.add_argument("--keep", type=pathlib.Path, default=None, help="write the programs here")
    parser.add_argument(
        "--calls",
        action="store_true",
        help="also run each size once under cProfile and print each step's function calls (the same on "
        "every run of the same code, whatever the load: the figure for comparing two trees on a busy machine)",
    )
    parser.add_argument(
        "--million",
        action="store_true",
        help="also read a trace of about a million events in --repeats fresh processes (made once from the "
        "10,000 dispatches' trace and kept in --workdir)",
    )
    parser.add_argument(
        "--workdir",
        type=pathlib.Path,
        default=pathlib.Path(tempfile.gettempdir()) / "streamsim-scale",
        help="where --million keeps its trace (default: %(default)s)",
    )
    parser.add_argument("--million-events", type=int, default=1_000_000, help=argparse.SUPPRESS)
    parser.add_argument("--million-layers", type=int, default=3333, help=argparse.SUPPRESS)
    parser.add_argument("--make-million", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--child", type=pathlib.Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--count-calls", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--mark-steps", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--read", type=pathlib.Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--probe-cycles", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.small_repeats is None:
        args.small_repeats = 3 * args.repeats
    for name in ("repeats", "big_repeats", "small_repeats"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1, got {getattr(args, name)}")
    if args.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind (its callgrind tool) on PATH")
    if args.child is not None:
        cycles = 0 if args.count_calls or args.mark_steps else args.simpy_cycles
        print(json.dumps(child(args.child, args.count_calls, cycles, args.mark_steps)))
        return 0
    if args.read is not None:
        print(json.dumps(read_alone(args.read, args.probe_cycles)))
        return 0
    if args.make_million:
        print(json.dumps(make_million(args.workdir, args.million_events, args.million_layers)))
        return 0
    generate = _sibling("scale_program").generate

    sizes = [200] if args.quick else list(args.sizes) + ([100_000] if args.big else [])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(_HERE.parent)] + [p for p in [env.get("PYTHONPATH")] if p])
    if not sizes:
        return _million(args, env) if args.million else 0
    cycles = 2_000 if args.quick else args.simpy_cycles
    rates = [paired.raw_simpy_rate(cycles)[0] for _ in range(1 if args.quick else 3)]
    print(
        f"raw simpy: {max(rates):,.0f} events/s (request/timeout/release cycles on a one-slot resource, "
        f"{cycles} cycles, best of {len(rates)}; events = Environment.step calls)"
    )
    results: dict[int, dict[str, list[float]]] = {size: {} for size in sizes}
    counts = [_repeats(args, size) for size in sizes]
    with tempfile.TemporaryDirectory() as tmp:
        directory = args.keep or pathlib.Path(tmp)
        directory.mkdir(parents=True, exist_ok=True)
        paths = {}
        for size in sizes:
            paths[size] = directory / f"scale{size}.mlir"
            paths[size].write_text(generate(max(1, round(size / 3))))
        probe = str(min(HOST_PROBE_CYCLES, cycles))
        # Each size's timed children (each followed by its fresh reader), interleaved with the other sizes'
        # (scale_report.interleave); then, per size, the --calls child and the --instructions child.
        jobs: list[tuple[int, tuple[tuple[str | pathlib.Path, ...], ...]]] = [
            (
                sizes[i],
                (
                    ("--child", paths[sizes[i]], "--simpy-cycles", str(cycles)),
                    ("--read", paths[sizes[i]].with_suffix(".trace.json"), "--probe-cycles", probe),
                ),
            )
            for i in report.interleave(counts)
        ]
        jobs += [(size, (("--child", paths[size], "--count-calls"),)) for size in sizes if args.calls]
        jobs += [
            (size, (("--child", paths[size], "--mark-steps"),))
            for size in sizes
            if args.instructions and size <= INSTRUCTIONS_MAX
        ]
        loads: dict[int, list[float]] = {}
        for size, job in jobs:
            loads.setdefault(size, []).append(os.getloadavg()[0])
            runs = results[size]
            for mode, target, *rest in job:
                extra = [str(e) for e in rest]
                figures = _job(str(mode), pathlib.Path(target), extra, env, directory)
                if figures is None:
                    print(f"size {size}: {str(mode)[2:]} process failed")
                    return 1
                counting = "--count-calls" in extra or "--mark-steps" in extra
                for k, v in figures.items():
                    if not counting or k.endswith((" calls", " instructions")):
                        runs.setdefault(k, []).append(float(v))
            loads[size].append(os.getloadavg()[0])
        order = ", interleaved with the other sizes' runs" if len(sizes) > 1 else ""
        for size, repeats in zip(sizes, counts):
            runs = results[size]
            load = (loads[size][0], loads[size][-1])
            report.print_size(size, runs, repeats, paths[size].stat().st_size, max(rates), load, order)
            if "paired ratio" in runs:
                paired.print_lines(runs)
        if args.instructions and any(size > INSTRUCTIONS_MAX for size in sizes):
            print(f"(instructions: counted for sizes up to {INSTRUCTIONS_MAX:,} dispatches only)")
    report.print_growth(sizes, results, report.interleave(counts))
    if args.million:
        return _million(args, env)
    return 0


def _repeats(args: argparse.Namespace, size: int) -> int:
    if args.quick:
        return 1
    return int(args.big_repeats if size >= 100_000 else args.small_repeats if size < SMALL else args.repeats)


def _job(
    mode: str, target: pathlib.Path, extra: list[str], env: dict[str, str], directory: pathlib.Path
) -> dict[str, float] | None:
    """One child's figures (``--mark-steps``: its steps' instructions, counted by callgrind)."""
    command = [sys.executable, str(pathlib.Path(__file__).resolve()), mode, str(target), *extra]
    counting = "--count-calls" in extra or "--mark-steps" in extra
    # The count of calls (and of instructions) is the same on every run only if hashing (set order) is.
    env = {**env, "PYTHONHASHSEED": "0"} if counting else env
    if "--mark-steps" not in extra:
        proc = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        if proc.returncode != 0:
            sys.stderr.write(proc.stderr)
            return None
        return json.loads(proc.stdout.splitlines()[-1])  # type: ignore[no-any-return]
    with tempfile.TemporaryDirectory(dir=directory) as dumps:
        out = pathlib.Path(dumps) / "callgrind.out"
        valgrind = ["valgrind", "--tool=callgrind", "--dump-before=getppid", f"--callgrind-out-file={out}"]
        proc = subprocess.run([*valgrind, *command], capture_output=True, text=True, env=env, check=False)
        if proc.returncode != 0:
            sys.stderr.write(proc.stderr)
            return None
        figures = json.loads(proc.stdout.splitlines()[-1])
        return _instructions(pathlib.Path(dumps), int(figures["marks"]))


def _instructions(dumps: pathlib.Path, marks: int) -> dict[str, float] | None:
    """Each step's instructions from callgrind's dumps in ``dumps``: a dump before every ``getppid`` call
    (the child's marks just before and just after each step) and one at the end, each counting the
    instructions since the one before; so dump ``2k + 2`` (from 1) is step ``k``'s. ``None`` when the dumps
    are not one per mark plus the last (something else called getppid)."""
    totals: dict[int, int] = {}
    for path in dumps.iterdir():
        text = path.read_text()
        part = re.search(r"^part: (\d+)$", text, re.M)
        total = re.search(r"^totals: (\d+)", text, re.M)
        if part is None or total is None:
            return None
        totals[int(part.group(1))] = int(total.group(1))
    if sorted(totals) != list(range(1, marks + 2)) or marks != 2 * len(STEPS):
        print(f"instructions: {len(totals)} callgrind dumps for {marks} marks (getppid called elsewhere?)")
        return None
    out = {f"{step} instructions": float(totals[2 * k + 2]) for k, step in enumerate(STEPS)}
    out["parse+schedule+simulate instructions"] = sum(out[f"{s} instructions"] for s in ("parse", "schedule", "simulate"))
    return out


def _run_child(argv: list[str], env: dict[str, str]) -> dict[str, object] | None:
    proc = subprocess.run(
        [sys.executable, str(pathlib.Path(__file__).resolve()), *argv],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        print(f"{argv[0][2:]} process failed with exit {proc.returncode}")
        return None
    return json.loads(proc.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def _million(args: argparse.Namespace, env: dict[str, str]) -> int:
    """The --million line: the trace made (or found) by a child, then read by ``--repeats`` fresh ones."""
    sizing = ["--million-events", str(args.million_events), "--million-layers", str(args.million_layers)]
    made = _run_child(["--make-million", "--workdir", str(args.workdir), *sizing], env)
    if made is None:
        return 1
    repeats = 1 if args.quick else args.repeats
    load = os.getloadavg()[0]
    runs: dict[str, list[float]] = {}
    for _ in range(repeats):
        read = _run_child(["--read", str(made["path"])], env)
        if read is None:
            return 1
        for k, v in read.items():
            runs.setdefault(k, []).append(float(v))  # type: ignore[arg-type]
    fresh = "trace read, fresh process"
    print(
        f"million-event trace read ({made['events']} events, {int(made['bytes']) / 2**20:.0f} MiB, "  # type: ignore[call-overload]
        f"{made['path']}), min of {repeats} fresh processes ± spread (max - min); load average "
        f"{load:.1f} before, {os.getloadavg()[0]:.1f} after:"
    )
    print(
        f"  {'trace read':12} {report.fmt(runs[fresh], 's')} CPU, {report.fmt(runs[fresh + ' wall'], 's')} wall, "
        f"peak RSS {report.fmt(runs[fresh + ' peak MiB'], 'MiB')}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
