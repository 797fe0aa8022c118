#!/usr/bin/env python3
"""Make the deep-program benchmark data and time IREE's own stream scheduling passes.

For each N (default 400 and 2000) this script

1. generates ``benchmarks/data/deepN/source.mlir`` with ``tools/gen_deep_program.py N``;
2. compiles it to the stream phase: ``cmd.generic.mlir`` (``iree-compile --compile-to=stream`` then
   ``iree-opt --mlir-print-op-generic``) and ``async.generic.mlir`` (the module printed before
   ``iree-stream-schedule-execution``, last dump, in generic form);
3. gzips any written ``.mlir`` file larger than 2 MB (``name.mlir.gz``, the plain file removed);
4. runs ``iree-compile --compile-to=stream --mlir-timing --mlir-timing-display=list
   --mlir-disable-threading`` and records the wall time of each pass in ``SCHEDULING_PASSES`` (IREE's
   stream pipeline from schedule-execution to timepoint elision, in pipeline order), summed over every
   place the pass runs (functions and initializers), median of ``REPEATS`` compiles, into
   ``benchmarks/data/iree_timing.json``.

It prints one line of figures per N. Usage::

    python benchmarks/make_deep_data.py [400 2000]
"""

from __future__ import annotations

import gzip
import importlib.metadata
import json
import pathlib
import re
import statistics
import subprocess
import sys
import time

REPO = pathlib.Path(__file__).resolve().parent.parent
DATA = REPO / "benchmarks" / "data"
BIN = pathlib.Path(sys.executable).parent
TARGET_FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=generic",
]
TIMING_FLAGS = ["--mlir-timing", "--mlir-timing-display=list", "--mlir-disable-threading"]
GZIP_ABOVE_BYTES = 2 * 1024 * 1024
REPEATS = 3  # timing runs per program; each figure is the median

# IREE 3.13's stream pipeline from iree-stream-schedule-execution to the timepoint elision fixed point,
# in the order the passes run (read from --mlir-print-ir-after-all), without the generic clean-up
# passes (canonicalize, CSE, int-range optimisation, global folding) that run between them.
SCHEDULING_PASSES = [
    "ScheduleExecutionPass",
    "ScheduleConcurrencyPass",
    "SyncInitializersPass",
    "PropagateTimepointsPass",
    "MaterializeBuiltinsPass",
    "VerifyLoweringToAsyncPass",
    "ScheduleAllocationPass",
    "EmplaceTransientsPass",
    "MaterializeTransientSizeQueriesPass",
    "PackConstantsPass",
    "LayoutSlicesPass",
    "PropagateSubrangesPass",
    "AutomaticReferenceCountingPass",
    "AnnotateConstantTransientSizePass",
    "VerifyLoweringToCmdPass",
    "ReuseAllocationsPass",
    "ElideTimepointsPass",
]
# Dispatch-level optimisations that follow in the same phase; recorded apart from the sum.
AFTER_PASSES = ["FuseDispatchBindingsPass", "AnnotateDispatchArgumentsPass", "PackDispatchOperandsPass"]

# "  0.0321 (  1.0%)  ScheduleExecutionPass", with a user-time column before it when threaded.
LIST_LINE = re.compile(r"^\s*(?:[\d.]+\s+\(\s*[\d.]+%\)\s+)?([\d.]+)\s+\(\s*[\d.]+%\)\s+(\S.*?)\s*$")


def tool(name: str) -> str:
    return str(BIN / name)


def run(cmd: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)  # type: ignore[call-overload]
    if r.returncode != 0:
        sys.exit(f"failed ({r.returncode}): {' '.join(cmd)}\n{r.stderr[-3000:]}")
    return r


def iree_version() -> str:
    lines = run([tool("iree-compile"), "--version"]).stdout.splitlines()
    compiler = next((ln.strip() for ln in lines if "compiler version" in ln), "unknown version")
    return f"iree-base-compiler {importlib.metadata.version('iree-base-compiler')} ({compiler})"


def maybe_gzip(path: pathlib.Path) -> pathlib.Path:
    if path.stat().st_size <= GZIP_ABOVE_BYTES:
        return path
    gz = path.with_name(path.name + ".gz")
    # mtime=0 keeps the archive byte-identical between runs.
    with open(path, "rb") as src, gzip.GzipFile(gz, "wb", mtime=0) as dst:
        dst.write(src.read())
    path.unlink()
    return gz


def wall_times(report: str) -> dict[str, float]:
    """Pass name -> wall seconds from a ``--mlir-timing-display=list`` report."""
    times: dict[str, float] = {}
    for line in report.splitlines():
        m = LIST_LINE.match(line)
        if m:
            times[m.group(2)] = times.get(m.group(2), 0.0) + float(m.group(1))
    return times


def make(n: int) -> dict[str, object]:
    out = DATA / f"deep{n}"
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.mlir*"):
        old.unlink()
    src = out / "source.mlir"
    gen = [sys.executable, str(REPO / "tools" / "gen_deep_program.py"), str(n), "-o", str(src)]
    print(run(gen).stdout.strip(), flush=True)
    cmd_txt, async_txt = out / "cmd.mlir", out / "async.mlir"
    run([tool("iree-compile"), str(src), *TARGET_FLAGS, "--compile-to=stream", "-o", str(cmd_txt)])
    dispatches = len(re.findall(r"stream\.cmd\.dispatch\b", cmd_txt.read_text()))
    dump = run(
        [
            tool("iree-compile"),
            str(src),
            *TARGET_FLAGS,
            "--compile-to=stream",
            "--mlir-print-ir-before=iree-stream-schedule-execution",
            "--mlir-print-ir-module-scope",
            "--mlir-disable-threading",
            "-o",
            "/dev/null",
        ]
    ).stderr
    async_txt.write_text(re.split(r"^// -----// IR Dump Before .*$", dump, flags=re.M)[-1].strip() + "\n")
    for pretty in (cmd_txt, async_txt):
        generic = pretty.with_name(pretty.stem + ".generic.mlir")
        run([tool("iree-opt"), str(pretty), "--mlir-print-op-generic", "-o", str(generic)])
        pretty.unlink()
        maybe_gzip(generic)

    timing_cmd = [tool("iree-compile"), "source.mlir", *TARGET_FLAGS, "--compile-to=stream", *TIMING_FLAGS]
    runs: list[dict[str, float]] = []
    walls: list[float] = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        report = run([*timing_cmd, "-o", "/dev/null"], cwd=out).stderr
        walls.append(time.perf_counter() - start)
        runs.append(wall_times(report))
    elapsed = statistics.median(walls)
    times = {name: statistics.median(r.get(name, 0.0) for r in runs) for name in runs[0]}
    maybe_gzip(src)
    passes = {p: round(times.get(p, 0.0), 4) for p in SCHEDULING_PASSES}
    entry = {
        "dispatches": dispatches,
        "iree_compile_wall_s": round(elapsed, 3),
        "total_execution_time_s": round(times.get("root", 0.0), 4),
        "scheduling_passes_wall_s": round(sum(passes.values()), 4),
        "scheduling_passes": passes,
        "dispatch_optimisation_passes": {p: round(times.get(p, 0.0), 4) for p in AFTER_PASSES},
        "files": sorted(p.name for p in out.iterdir()),
    }
    print(
        f"deep{n}: {dispatches} dispatches, iree-compile {elapsed:.1f} s, "
        f"scheduling passes {entry['scheduling_passes_wall_s']:.3f} s",
        flush=True,
    )
    return entry


def main(argv: list[str]) -> int:
    sizes = [int(a) for a in argv] or [400, 2000]
    results: dict[str, object] = {}
    for n in sizes:
        results[f"deep{n}"] = make(n)
    (DATA / "iree_timing.json").write_text(
        json.dumps(
            {
                "tool": iree_version(),
                "machine": f"{__import__('os').cpu_count()} cores",
                "command": " ".join(
                    ["iree-compile source.mlir", *TARGET_FLAGS, "--compile-to=stream", *TIMING_FLAGS]
                ),
                "how": f"wall seconds per pass from the list report, summed over every run of the pass "
                f"(functions and initializers), median of {REPEATS} compiles; scheduling_passes_wall_s sums "
                "the passes of pass_order; iree_compile_wall_s is the whole compile to the stream phase",
                "pass_order": SCHEDULING_PASSES,
                "results": results,
            },
            indent=2,
        )
        + "\n"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
