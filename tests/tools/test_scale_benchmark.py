"""benchmarks/scale.py: its program generator matches IREE's async form of the deep ladder, its --quick
run prints every figure in the documented format, and the work of each step grows linearly with the
program (counted in function calls, not timed)."""

from __future__ import annotations

import cProfile
import importlib.util
import io
import pathlib
import pstats
import re
import subprocess
import sys

import numpy as np

from ir import load_file, load_text, verify
from scheduler import Pipeline, ScheduleStats
from simulator import Session, parameter_keys
from simulator.archives import ParameterEntry, ParameterIndex
from tests.conftest import iree_tool, require_iree
from traces import read_trace

REPO = pathlib.Path(__file__).resolve().parents[2]


def _load(name: str):  # type: ignore[no-untyped-def]
    # Not through sys.path: benchmarks/ holds scripts named like the packages (traces.py, simulate.py),
    # and a worker process started later (the Dask sweep tests) would import those instead.
    spec = importlib.util.spec_from_file_location(name, REPO / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


scale_program = _load("scale_program")
MODEL, generate = scale_program.MODEL, scale_program.generate


def test_generated_program_schedules_like_iree_deep400() -> None:
    """133 layers is deep400: same ops per kind, and the scheduler makes the same regions, waves and awaits
    of it as of the program IREE printed."""
    ours = load_text(generate(133), "gen.mlir")
    theirs = load_file(str(MODEL))
    verify(ours)
    assert ours.op_histogram() == theirs.op_histogram()
    stats = []
    for module in (ours, theirs):
        Pipeline.default().run(module)
        stats.append(ScheduleStats.from_module(module).lines())
    assert stats[0] == stats[1]
    assert "dispatches: 399" in stats[0]


def test_generated_program_is_accepted_by_iree(tmp_path: pathlib.Path) -> None:
    require_iree()
    path = tmp_path / "gen.mlir"
    path.write_text(generate(5))
    opt = iree_tool("iree-opt") or "iree-opt"
    proc = subprocess.run([opt, str(path), "-o", "/dev/null"], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr


def test_quick_run_prints_every_figure() -> None:
    proc = subprocess.run(
        [sys.executable, str(REPO / "benchmarks" / "scale.py"), "--quick", "--calls"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = proc.stdout
    assert re.search(r"^raw simpy: [\d,]+ events/s", out, re.M), out
    assert re.search(
        r"^201 dispatches \(.* MiB of text, \d+ trace events\), .*; load average \d+\.\d before, \d+\.\d after:$",
        out,
        re.M,
    ), out
    for step in ("parse", "verify", "schedule", "simulate", "trace write", "trace read"):
        assert re.search(
            rf"^  {step} +\d+\.\d\d s ±\d+\.\d\d +CPU, +\d+\.\d\d s ±\d+\.\d\d +wall", out, re.M
        ), (
            step,
            out,
        )
    assert re.search(
        r"^  trace read, fresh process +\d+\.\d\d s ±\d+\.\d\d +CPU, .* wall \(the trace alone\)$", out, re.M
    ), out
    assert re.search(r"^  wall +\d+\.\d\d s ±\d+\.\d\d .*; collector \d+\.\d\d s in all\)$", out, re.M), out
    # The collector's share of each step (its collections' CPU seconds, from gc.callbacks).
    assert len(re.findall(r" wall  \(collector \d+\.\d\d s\)$", out, re.M)) == 6, out
    assert re.search(r"\(sum of the three; collector \d+\.\d\d s\)$", out, re.M), out
    assert re.search(r"^  peak RSS +\d+ MiB .*; \d+ MiB up to the end of simulate\)", out, re.M), out
    assert re.search(r"^  parse\+schedule\+simulate +\d+\.\d\d s ±\d+\.\d\d +CPU, .* wall", out, re.M), out
    # The host's speed: raw simpy probes in the timed child (before the first step, after each) and in the
    # fresh reader (before and after): 9 with one repetition.
    host = re.search(r"^  host +([\d,]+)-([\d,]+) events/s raw simpy in the children's (\d+) probes \(x", out, re.M)
    assert host is not None, out
    assert 0 < int(host.group(1).replace(",", "")) <= int(host.group(2).replace(",", "")), out
    assert host.group(3) == "9", out
    # --calls: each step's function calls, counted (a figure the load does not change).
    counted = re.search(r"^  calls +(.*) \(function calls, cProfile, one run\)$", out, re.M)
    assert counted is not None, out
    steps = dict(re.fullmatch(r"(.+) ([\d,]+)", part).groups() for part in counted.group(1).split(", "))  # type: ignore[union-attr]
    assert list(steps) == ["parse", "verify", "schedule", "simulate", "trace write", "trace read"], out
    assert all(int(n.replace(",", "")) > 1000 for n in steps.values()), out
    m = re.search(
        r"^  event rate +([\d,]+) events/s \((\d+) simpy events .*\), (\d+\.\d\d) of raw simpy", out, re.M
    )
    assert m is not None, out
    assert int(m.group(2)) > 201 and float(m.group(3)) > 0
    # The ratio is each child's rate over raw simpy's measured in that child right after its simulate.
    child = re.search(
        r"of raw simpy \(±\d+\.\d\d; each child's rate over raw simpy's in that child right after its "
        r"simulate, ([\d,]+)-([\d,]+) events/s; (\d+\.\d\d) of the parent's raw simpy above\)$",
        out,
        re.M,
    )
    assert child is not None, out
    low, high = (int(g.replace(",", "")) for g in child.group(1, 2))
    assert 0 < low <= high, out
    # The paired measurement (benchmarks/paired.py, loaded by scale.py by its path): raw simpy bursts
    # between the engine's batches, cut into windows where they ran, and the long batches apart.
    paired, long = (
        re.search(pattern, out, re.M)
        for pattern in (
            r"^  paired +(\d+\.\d\d) \(±\d+\.\d\d\) of raw simpy, the whole run .*; per window \(best "
            r"child, (\d+) windows\): median \d+\.\d\d, \d+\.\d\d-\d+\.\d\d$",
            r"^  long batches +(\d+) of (\d+) batches over 20x the median batch's CPU .* the rest "
            r"\d+\.\d\d \(±\d+\.\d\d\) of raw simpy$",
        )
    )
    assert paired is not None and long is not None, out
    assert float(paired.group(1)) > 0 and int(paired.group(2)) >= 1, out
    assert int(long.group(1)) < int(long.group(2)), out


def test_growth_is_printed_beside_the_host_speed_of_each_minimum(capsys) -> None:  # type: ignore[no-untyped-def]
    """Each growth factor is the big size's minimum over the small size's, beside the host's speed (raw
    simpy probes) in the child that gave each minimum: a step's own probes, the mean of the three steps'
    for their sum, before..after when the two differ by over 5%; peak memory and counted calls have none."""
    report = _load("scale_report")
    steps = report.STEPS

    def runs(values: list[float], hosts: list[tuple[float, float]]) -> dict[str, list[float]]:
        out: dict[str, list[float]] = {}
        for step in (*steps, "trace read, fresh process"):
            out[step] = list(values)
            out[f"{step} host before"] = [h[0] for h in hosts]
            out[f"{step} host after"] = [h[1] for h in hosts]
            out[f"{step} host"] = [(h[0] + h[1]) / 2 for h in hosts]
        out["parse+schedule+simulate"] = [3 * v for v in values]
        out["wall"], out["peak MiB"], out["parse calls"] = list(values), [100.0, 90.0], [1000.0]
        return out

    small = runs([2.0, 1.0], [(300_000, 300_000), (450_000, 450_000)])  # the fast child gives the minimum
    big = runs([11.0, 12.0], [(400_000, 300_000), (450_000, 450_000)])  # its minimum ran as the host slowed
    small["schedule"], big["schedule"], big["peak MiB"] = [1.0, 2.0], [12.0, 11.0], [81.0, 85.0]
    small["simulate instructions"], big["simulate instructions"] = [2e9], [21e9]
    report.print_growth([10, 100], {10: small, 100: big})
    out = capsys.readouterr().out
    rows = dict(re.findall(r"^  (\S.*?) {2,}(.*)$", out, re.M))
    assert out.startswith("growth 10 -> 100 (10x dispatches; "), out
    assert rows["parse"] == "11.0x   host 450k -> 400k..300k (x0.78)", out
    # schedule's minima came from the other children: the small's first, the big's second
    assert rows["schedule"] == "11.0x   host 300k -> 450k (x1.50)", out
    # the sum (3x each step's figures) from the children of its own minima; its host the three steps' mean
    assert rows["parse+schedule+simulate"] == "11.0x   host 450k -> 400k..300k (x0.78)", out
    assert rows["trace read, fresh process"].endswith("(x0.78)"), out
    assert rows["peak MiB"] == "0.9x" and rows["parse calls"] == "1.0x", out
    assert rows["simulate instructions"] == "10.5x", out  # counted: no host beside it


def test_growth_between_neighbours_pairs_children_run_side_by_side(capsys) -> None:  # type: ignore[no-untyped-def]
    """With the run's order, each timed figure's row adds the growth between neighbours: each big child over
    the mean of the small children run right before and after it (median and range). A fast small child
    far from every big one (the minimum of the many small children) moves the minima's ratio, not this."""
    report = _load("scale_report")
    order = report.interleave([6, 2])  # [0, 0, 1, 0, 0, 0, 1, 0]
    small = {step: [0.5, 1.0, 1.0, 2.0, 2.0, 2.0] for step in (*report.STEPS, "trace read, fresh process")}
    small["parse+schedule+simulate"] = small["wall"] = [0.5, 1.0, 1.0, 2.0, 2.0, 2.0]
    big = {step: [11.0, 21.0] for step in small}
    big["peak MiB"], small["peak MiB"] = [90.0, 91.0], [9.0] * 6
    report.print_growth([10, 100], {10: small, 100: big}, order)
    rows = dict(re.findall(r"^  (\S.*?) {2,}(.*)$", capsys.readouterr().out, re.M))
    # minima 11 / 0.5 = 22x; neighbours: 11 / mean(1, 1) = 11x and 21 / mean(2, 2) = 10.5x
    assert rows["simulate"] == "22.0x   neighbours 10.8x (10.5-11.0, 2 of the big size's children)", rows
    assert rows["trace read, fresh process"].endswith("neighbours 10.8x (10.5-11.0, 2 of the big size's children)")
    assert rows["peak MiB"] == "10.0x", rows  # not a timed figure
    assert report.neighbour_growth([1, 0, 0], 0, 1, [2.0, 4.0], [30.0]) == [15.0]  # at an end: the one after
    assert report.neighbour_growth([0, 1], 0, 1, [0.0], [5.0]) == []  # no ratio of a zero


def test_sizes_children_are_interleaved_evenly() -> None:
    """Each size's children spread over the whole run, so the sizes' minima come from the same host states."""
    interleave = _load("scale_report").interleave
    assert interleave([6, 2]) == [0, 0, 1, 0, 0, 0, 1, 0]
    assert interleave([2, 2, 1]) == [0, 1, 2, 0, 1]
    order = interleave([9, 3, 2])
    assert sorted(order) == [0] * 9 + [1] * 3 + [2] * 2
    # every half of the run holds half of each size's children (to one)
    for size, n in enumerate((9, 3, 2)):
        assert abs(order[: len(order) // 2].count(size) - n / 2) <= 1, order


def test_instructions_are_read_per_step_from_callgrinds_dumps(tmp_path: pathlib.Path) -> None:
    """--instructions: the child marks just before and after each step, callgrind dumps at each mark and
    at the end, and step k's instructions are dump 2k + 2's; a dump too many (another getppid) is refused."""
    scale = _load("scale")
    steps = scale.STEPS
    marks = 2 * len(steps)
    for part in range(1, marks + 2):
        (tmp_path / f"callgrind.out.{part}").write_text(f"desc: x\npart: {part}\nsummary: {part * 1000}\ntotals: {part * 1000}\n")
    figures = scale._instructions(tmp_path, marks)
    assert [figures[f"{step} instructions"] for step in steps] == [1000.0 * (2 * k + 2) for k in range(len(steps))]
    assert figures["parse+schedule+simulate instructions"] == 2000 + 6000 + 8000
    (tmp_path / "callgrind.out.99").write_text("part: 14\ntotals: 5\n")
    assert scale._instructions(tmp_path, marks) is None


def test_big_repeats_below_one_is_a_usage_error() -> None:
    for flag in ("--big-repeats", "--repeats", "--small-repeats"):
        proc = subprocess.run(
            [sys.executable, str(REPO / "benchmarks" / "scale.py"), "--big", flag, "0"],
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
        assert proc.returncode == 2 and f"{flag} must be at least 1, got 0" in proc.stderr, proc.stderr


# -- a guard against superlinear work, counted rather than timed -------------------------------------------


def _calls(fn):  # type: ignore[no-untyped-def]
    """``fn()`` and the number of Python and builtin function calls it made (cProfile's count: the same on
    every run of the same code, whatever the machine's load)."""
    profile = cProfile.Profile()
    profile.enable()
    try:
        value = fn()
    finally:
        profile.disable()
    return value, pstats.Stats(profile, stream=io.StringIO()).total_calls


def _work(layers: int, tmp: pathlib.Path) -> dict[str, int]:
    text = generate(layers)
    counts: dict[str, int] = {}
    module, counts["parse"] = _calls(lambda: load_text(text, f"scale{layers}.mlir"))
    _, counts["schedule"] = _calls(lambda: Pipeline.default().run(module))
    index = ParameterIndex()
    for scope, key, size in parameter_keys(module):
        index.add(ParameterEntry.virtual(key, size), scope=scope)
    x = np.zeros((8, 32), np.float32)
    result, counts["simulate"] = _calls(
        lambda: Session("cpu").run_sync(module, "main", [x], parameters=index, timing_only=True)
    )
    path = tmp / f"scale{layers}.trace.json"
    _, counts["trace write"] = _calls(lambda: result.trace.to_chrome_json(path))
    _, counts["trace read"] = _calls(lambda: read_trace(path))
    return counts


def test_work_grows_linearly_with_dispatches(tmp_path: pathlib.Path) -> None:
    """Parse, schedule, timing-only simulation and trace write/read of 600 dispatches make at most 2.1x the
    function calls of 300 (linear work gives about 2x: 1.68-1.99x when this test was written). A pass that
    walks a block or a list per op makes the count grow quadratically and fails here, long before anyone
    runs the 100,000-dispatch benchmark. Work inside one builtin call (``list.index``, ``in`` on a list)
    is not counted; benchmarks/scale.py's growth factors are the measure for that."""
    small, large = _work(100, tmp_path), _work(200, tmp_path)
    growth = {step: large[step] / small[step] for step in small}
    assert all(g <= 2.1 for g in growth.values()), (growth, small, large)


def test_million_read_is_made_once_and_printed(tmp_path: pathlib.Path) -> None:
    """--million: the repeated scale trace is made in --workdir on the first run and read again from there
    on the next; the line gives the events, the minimum CPU and wall seconds with their spread, the peak RSS
    and the load (here a trace of 3,000 events from 10 layers, not a million)."""
    argv = [sys.executable, str(REPO / "benchmarks" / "scale.py"), "--sizes", "--million", "--repeats", "2"]
    argv += ["--million-events", "3000", "--million-layers", "10", "--workdir", str(tmp_path)]
    outs, stamps = [], []
    for _ in range(2):
        proc = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=120)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        outs.append(proc.stdout)
        (made,) = tmp_path.glob("million3000-*.trace.json")
        stamps.append(made.stat().st_mtime_ns)
    assert stamps[0] == stamps[1], "the second run made the trace again"
    m = re.search(
        r"^million-event trace read \((\d+) events, \d+ MiB, .*\), min of 2 fresh processes ± spread "
        r"\(max - min\); load average \d+\.\d before, \d+\.\d after:\n"
        r"  trace read +\d+\.\d\d s ±\d+\.\d\d +CPU, +\d+\.\d\d s ±\d+\.\d\d +wall, peak RSS +\d+ MiB ±\d+",
        outs[1],
        re.M,
    )
    assert m is not None, outs[1]
    trace = read_trace(made)
    events = len(trace.spans) + 2 * len(trace.flows) + len(trace.counters) + len(trace.instants)
    assert int(m.group(1)) == events >= 3000
    # Copies of one run: every span id once, every flow between spans of the trace (the reader checks both).
    assert len({s.id for s in trace.spans}) == len(trace.spans)


def test_a_childs_peak_rss_is_its_own_not_its_parents() -> None:
    """The per-size peak RSS is the child's own (VmHWM): ``ru_maxrss`` would carry over this test process's
    peak (a parent of 200 MiB and more here) into every child it starts."""
    ballast = bytearray(200 * 1024 * 1024)
    ballast[:: 4096] = b"\x01" * len(ballast[:: 4096])  # resident
    code = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('scale', {str(REPO / 'benchmarks' / 'scale.py')!r})\n"
        "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
        "print(m.peak_mib())\n"
    )
    child = float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    del ballast
    assert 0 < child < 150, child
