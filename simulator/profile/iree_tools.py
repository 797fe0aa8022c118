"""Running IREE's own tools to measure a program: compile, time the call, capture a HAL profile.

Everything here shells out to the IREE 3.x command-line tools that ship with ``iree-base-compiler`` and
``iree-base-runtime`` (found next to the running Python first, then on ``PATH``):

- ``iree-compile`` turns a linalg-level program into a ``.vmfb`` for the HAL device's backend, with the
  flags the fixtures are made with (:data:`CPU_TARGET_FLAGS` for ``local-task``/``local-sync``), and into
  its stream IR (``--compile-to=stream``), whose ``stream.cmd.dispatch`` ops name the measured dispatches;
- ``iree-benchmark-module`` times the call alone (inputs are staged once, before the timed loop; module
  load and initializers are outside it): :func:`benchmark_call` keeps the time of every repetition, so
  that the minimum and the spread can be reported side by side. By default each repetition is one call
  (``--benchmark_min_time=1x``): on a shared machine the mean over a repetition's many calls takes in
  every moment another process held a core (a 0.74 ms matmul measured 2.3 ms that way on a loaded
  2-core host), while the fastest single call is the call with the cores to itself;
- ``iree-benchmark-module --device_profiling_mode=queue-events,host-execution`` records a HAL profile of a
  few calls and ``iree-profile export --format=ireeperf-jsonl`` decodes it (:func:`capture_profile`).

Failures raise :class:`~simulator.errors.ProfileError` naming the command and the end of its stderr.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from simulator.errors import ProfileError

#: iree-compile flags for the CPU HAL devices: the llvm-cpu backend on a generic x86-64 CPU, as the
#: fixtures under tests/fixtures/iree are built (tools/regen_fixtures.py).
CPU_TARGET_FLAGS = (
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=generic",
)

# HAL device (the driver part of --device=) -> iree-compile target flags. GPU targets usually need a
# chip flag too (--iree-hip-target=gfx942, --iree-cuda-target=sm_90), given with extra_flags.
_TARGETS: dict[str, tuple[str, ...]] = {
    "local-task": CPU_TARGET_FLAGS,
    "local-sync": CPU_TARGET_FLAGS,
    "cuda": ("--iree-hal-target-device=cuda",),
    "hip": ("--iree-hal-target-device=hip",),
    "vulkan": ("--iree-hal-target-device=vulkan",),
}

PROFILE_MODE = "queue-events,host-execution"
_STDERR_TAIL = 2000


def target_flags(device: str) -> tuple[str, ...]:
    """iree-compile flags for HAL device ``device`` (``local-task``, ``cuda://0``, ...).

    Examples
    --------
    >>> target_flags("local-sync")[0]
    '--iree-hal-target-device=local'
    """
    driver = device.split("://", 1)[0].split(":", 1)[0]
    try:
        return _TARGETS[driver]
    except KeyError:
        raise ProfileError(
            f"--device {device!r}: no compile target known for HAL driver {driver!r} "
            f"(known: {', '.join(sorted(_TARGETS))})"
        ) from None


#: Where the IREE wheels keep their executables: (module whose directory holds them, subdirectory).
_PACKAGED_TOOL_DIRS = (("iree.compiler", "_mlir_libs"), ("iree._runtime_libs", ""))


@functools.cache
def _packaged_tool(name: str) -> str | None:
    """The executable ``name`` as the installed iree-base-compiler / iree-base-runtime wheel ships it, found
    without importing the packages (``find_spec`` imports only the parent ``iree``), or None."""
    for module, sub in _PACKAGED_TOOL_DIRS:
        try:
            spec = importlib.util.find_spec(module)
        except (ImportError, ValueError):
            continue
        for directory in (spec.submodule_search_locations or []) if spec is not None else []:
            path = pathlib.Path(directory, sub, name)
            if path.is_file() and os.access(path, os.X_OK):
                return str(path)
    return None


def find_tool(name: str) -> str:
    """The path of IREE tool ``name``: the executable the installed IREE wheel ships, else next to the
    running Python (a venv), else on ``PATH``.

    The wheel's own executable comes first because the console script of the same name (``bin/iree-opt``)
    is a Python process that imports the compiler package and then waits on that executable: 0.3-0.5 s of
    CPU and about 1 s of wall time a call, against 0.04 s for the executable alone."""
    packaged = _packaged_tool(name)
    if packaged is not None:
        return packaged
    beside = pathlib.Path(sys.executable).parent / name
    if beside.exists():
        return str(beside)
    found = shutil.which(name)
    if found is None:
        raise ProfileError(
            f"{name} not found next to {sys.executable} or on PATH; install iree-base-compiler and "
            "iree-base-runtime (pip install 'streamsim[iree]')"
        )
    return found


def optional_tool(name: str) -> str | None:
    """:func:`find_tool`'s path of IREE tool ``name``, or None where IREE is not installed."""
    try:
        return find_tool(name)
    except ProfileError:
        return None


def run_tool(cmd: Sequence[str], *, cwd: str | os.PathLike[str] | None = None) -> str:
    """Run ``cmd``; its stdout, or ProfileError with the command and the end of stderr."""
    try:
        r = subprocess.run(list(cmd), capture_output=True, text=True, cwd=cwd, check=False)
    except OSError as exc:
        raise ProfileError(f"cannot run {cmd[0]}: {exc.strerror or exc}") from None
    if r.returncode != 0:
        tail = r.stderr.strip()[-_STDERR_TAIL:]
        raise ProfileError(
            f"{pathlib.Path(cmd[0]).name} failed (exit {r.returncode}): {' '.join(cmd)}\n{tail}"
        )
    return r.stdout


def compile_module(
    source: str | os.PathLike[str],
    output: str | os.PathLike[str],
    *,
    device: str = "local-task",
    extra_flags: Sequence[str] = (),
    to_stream: bool = False,
) -> pathlib.Path:
    """Compile ``source`` for ``device`` into ``output`` (a .vmfb, or stream IR with ``to_stream``)."""
    cmd = [find_tool("iree-compile"), os.fspath(source), *target_flags(device), *extra_flags]
    if to_stream:
        cmd.append("--compile-to=stream")
    run_tool([*cmd, "-o", os.fspath(output)])
    return pathlib.Path(output)


@functools.cache
def compiler_version() -> str:
    """``iree-compile --version`` (the compiler's release and commit), once per process."""
    return run_tool([find_tool("iree-compile"), "--version"]).strip()


def compile_key(
    source: str | os.PathLike[str],
    *,
    device: str = "local-task",
    extra_flags: Sequence[str] = (),
    to_stream: bool = False,
) -> str:
    """A digest of everything a compiled artifact depends on: the source's bytes, the compiler's
    version and every flag :func:`compile_module` would pass (target, extra, ``--compile-to``).

    Two compiles with the same key give the same artifact; any change to the source, the flags or
    the installed compiler gives another key.
    """
    try:
        text = pathlib.Path(source).read_bytes()
    except OSError as exc:
        raise ProfileError(f"cannot read {os.fspath(source)}: {exc.strerror or exc}") from None
    h = hashlib.sha256()
    flags = [*target_flags(device), *extra_flags, *(["--compile-to=stream"] if to_stream else [])]
    for part in (compiler_version().encode(), "\0".join(flags).encode(), text):
        h.update(len(part).to_bytes(8, "little"))
        h.update(part)
    return h.hexdigest()


def cached_path(
    source: str | os.PathLike[str],
    workdir: str | os.PathLike[str],
    stem: str,
    *,
    device: str = "local-task",
    extra_flags: Sequence[str] = (),
    to_stream: bool = False,
) -> pathlib.Path:
    """Where :func:`compile_cached` keeps its compile of ``source`` (whether or not it is there yet):
    ``{stem}.{key[:16]}.vmfb`` (``.stream.mlir`` with ``to_stream``) in ``workdir``, ``key`` the
    :func:`compile_key`. A measurement that must compile nothing checks these first."""
    key = compile_key(source, device=device, extra_flags=extra_flags, to_stream=to_stream)
    return pathlib.Path(workdir) / f"{stem}.{key[:16]}.{'stream.mlir' if to_stream else 'vmfb'}"


def compile_cached(
    source: str | os.PathLike[str],
    workdir: str | os.PathLike[str],
    stem: str,
    *,
    device: str = "local-task",
    extra_flags: Sequence[str] = (),
    to_stream: bool = False,
) -> pathlib.Path:
    """:func:`compile_module` into ``workdir``, reusing an earlier compile only when its
    :func:`compile_key` matches: the file is ``{stem}.{key[:16]}.vmfb`` (``.stream.mlir`` with
    ``to_stream``), written under a temporary name and renamed, so a stale or half-written artifact
    is never picked up by name alone."""
    out = cached_path(source, workdir, stem, device=device, extra_flags=extra_flags, to_stream=to_stream)
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{stem}.", suffix=out.suffix, dir=out.parent)
    os.close(fd)
    try:
        compile_module(source, tmp, device=device, extra_flags=extra_flags, to_stream=to_stream)
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return out


@dataclass(frozen=True, slots=True)
class CallTiming:
    """Times of one call measured by iree-benchmark-module: one figure per repetition (each the mean
    over that repetition's iterations), in nanoseconds."""

    reps_ns: tuple[int, ...]
    iterations: int

    @property
    def min_ns(self) -> int:
        return min(self.reps_ns)

    @property
    def median_ns(self) -> int:
        return int(statistics.median(self.reps_ns))

    @property
    def max_ns(self) -> int:
        return max(self.reps_ns)

    @property
    def spread(self) -> float:
        """max / min over the repetitions: 1.0 on a quiet machine."""
        return self.max_ns / self.min_ns if self.min_ns else float("inf")

    def to_dict(self) -> dict[str, Any]:
        return {
            "min_ns": self.min_ns,
            "median_ns": self.median_ns,
            "max_ns": self.max_ns,
            "spread": round(self.spread, 4),
            "reps_ns": list(self.reps_ns),
            "iterations": self.iterations,
        }


def _run_args(
    vmfb: str | os.PathLike[str],
    device: str,
    function: str,
    inputs: Sequence[str],
    parameters: Sequence[str],
) -> list[str]:
    return [
        f"--module={os.fspath(vmfb)}",
        f"--device={device}",
        f"--function={function}",
        *(f"--parameters={p}" for p in parameters),
        *(f"--input={i}" for i in inputs),
    ]


def benchmark_call(
    vmfb: str | os.PathLike[str],
    *,
    device: str = "local-task",
    function: str = "main",
    inputs: Sequence[str] = (),
    parameters: Sequence[str] = (),
    repetitions: int = 30,
    min_time: str = "1x",
    extra_flags: Sequence[str] = (),
) -> CallTiming:
    """Time the call of ``function`` with iree-benchmark-module: ``repetitions`` figures.

    ``min_time`` is google-benchmark's ``--benchmark_min_time`` (``1x``: one call per repetition, or
    ``0.1s``: as many as fit, averaged).
    """
    if repetitions < 1:
        raise ProfileError(f"repetitions must be at least 1, got {repetitions}")
    cmd = [
        find_tool("iree-benchmark-module"),
        *_run_args(vmfb, device, function, inputs, parameters),
        f"--benchmark_repetitions={repetitions}",
        f"--benchmark_min_time={min_time}",
        "--benchmark_format=json",
        *extra_flags,
    ]
    return parse_benchmark_json(run_tool(cmd), " ".join(cmd))


def parse_benchmark_json(text: str, where: str = "iree-benchmark-module") -> CallTiming:
    """The per-repetition times of google-benchmark JSON output (aggregates are skipped).

    Examples
    --------
    >>> out = '{"benchmarks": [{"run_type": "iteration", "real_time": 0.25, "time_unit": "ms", "iterations": 8},'
    >>> out += '{"run_type": "iteration", "real_time": 300, "time_unit": "us", "iterations": 8}]}'
    >>> parse_benchmark_json(out).reps_ns
    (250000, 300000)
    """
    scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
    try:
        # The tool may print log lines before the JSON document.
        data = json.loads(text[text.index("{") :])
        rows = [b for b in data["benchmarks"] if b.get("run_type") == "iteration"]
        reps = tuple(int(round(float(b["real_time"]) * scale[b.get("time_unit", "ns")])) for b in rows)
        iterations = int(rows[0]["iterations"]) if rows else 0
    except (ValueError, KeyError, TypeError) as exc:
        raise ProfileError(f"{where}: cannot read its JSON output: {exc}") from None
    if not reps:
        raise ProfileError(f"{where}: the JSON output holds no benchmark repetitions")
    return CallTiming(reps, iterations)


def capture_profile(
    vmfb: str | os.PathLike[str],
    *,
    device: str = "local-task",
    function: str = "main",
    inputs: Sequence[str] = (),
    parameters: Sequence[str] = (),
    calls: int = 10,
    extra_flags: Sequence[str] = (),
) -> list[dict[str, Any]]:
    """Profile ``calls`` calls (queue events and host execution) and return the ireeperf-jsonl records."""
    if calls < 1:
        raise ProfileError(f"calls must be at least 1, got {calls}")
    with tempfile.TemporaryDirectory(prefix="streamsim-profile-") as tmp:
        bundle = pathlib.Path(tmp) / "run.ireeprof"
        run_tool(
            [
                find_tool("iree-benchmark-module"),
                *_run_args(vmfb, device, function, inputs, parameters),
                "--benchmark_repetitions=1",
                f"--benchmark_min_time={calls}x",
                f"--device_profiling_mode={PROFILE_MODE}",
                f"--device_profiling_output={bundle}",
                *extra_flags,
            ]
        )
        text = run_tool(
            [find_tool("iree-profile"), "export", "--format=ireeperf-jsonl", "--output=-", str(bundle)]
        )
    records = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                records.append(orjson.loads(line))
            except orjson.JSONDecodeError as exc:
                raise ProfileError(f"iree-profile export: line {lineno}: malformed JSON: {exc.msg}") from None
    return records
