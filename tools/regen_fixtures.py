#!/usr/bin/env python3
"""Regenerate a fixture set under ``tests/fixtures/iree/<name>/`` from a linalg-level program.

A fixture set is what the real IREE 3.x toolchain makes of one program, for the llvm-cpu backend on a
generic x86-64 CPU:

``source.mlir``
    the linalg-level program itself.
``cmd.mlir``, ``cmd.generic.mlir``
    ``iree-compile --compile-to=stream`` (scheduled ``stream.cmd.*`` form), pretty and generic text.
``async.mlir``, ``async.generic.mlir``
    the whole module as printed just before ``iree-stream-schedule-execution`` (the last such dump).
``params.irpa``
    one seeded random array for every ``#stream.parameter.named<"model"::"key"> : tensor<...>`` global.
``input0.npy`` ...
    one array per argument of ``@main``.
``expected0.npy`` ...
    one array per result of ``@main``, as ``iree-run-module --device=local-task`` computed them.
``profile.jsonl``
    ``iree-profile queue --format=jsonl`` of that run.
``README.txt``
    the commands used.

Inputs are derived from the signature of ``@main``. A program may pin them down with one comment line
holding JSON, which is needed for dynamic dimensions (they default to 8 otherwise)::

    // fixture: {"seed": 0, "inputs": [{"shape": [12, 64]}, {"low": -5, "high": 5}]}

Each entry of ``inputs`` may give ``shape`` (concrete sizes), ``low`` and ``high`` (the half-open range of
integer inputs, or a uniform range for float inputs instead of a standard normal).

A multi-device program names its devices in the spec, in order: ``"devices": ["dev_a", "dev_b"]``. Each
becomes one local device of its own (``--iree-hal-target-device=dev_a=local[0]`` ...), the program places
work with ``#hal.device.promise<@dev_a>`` (``flow.tensor.transfer``, ``iree.abi.affinity``), and
``iree-run-module`` gets one ``--device=local-task`` per device, in the same order. Such fixtures live under
``tests/fixtures/multidevice/``.

Usage::

    python tools/regen_fixtures.py PROGRAM.mlir [--name NAME] [--out-root DIR]
    python tools/regen_fixtures.py --all [--out-root DIR]

``--all`` regenerates every fixture from its own ``tests/fixtures/iree/*/source.mlir``. Needs
``iree-base-compiler`` and ``iree-base-runtime`` in the running Python. The compiled ``module.vmfb`` is
kept next to the fixture but ignored by git.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass

import numpy as np

REPO = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures" / "iree"
BIN = pathlib.Path(sys.executable).parent

TARGET_FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=generic",
]
LOCAL_BACKEND_FLAGS = TARGET_FLAGS[1:]
PROFILE_FLAGS = [
    "--device_profiling_mode=queue-events,host-execution,memory-events",
]
DEFAULT_DYNAMIC_DIM = 8
PARAM_SCOPE = "model"

# MLIR element type -> numpy dtype name. bf16 comes from ml_dtypes.
ELEMENT_TYPES = {
    "f16": "float16",
    "f32": "float32",
    "f64": "float64",
    "bf16": "bfloat16",
    "i1": "bool",
    "i8": "int8",
    "i16": "int16",
    "i32": "int32",
    "i64": "int64",
    "si8": "int8",
    "si16": "int16",
    "si32": "int32",
    "si64": "int64",
    "ui8": "uint8",
    "ui16": "uint16",
    "ui32": "uint32",
    "ui64": "uint64",
}

PARAM_RE = re.compile(r'#stream\.parameter\.named<"([^"]+)"::"([^"]+)">\s*:\s*tensor<([^<>]*)>')
MAIN_RE = re.compile(r"func\.func\s+@main\s*\((?P<args>[^)]*)\)\s*(?:->\s*(?P<results>\([^)]*\)|[^{]*))?\{")
TENSOR_RE = re.compile(r"tensor<([^<>]*)>")
SPEC_RE = re.compile(r"^\s*//\s*fixture:\s*(\{.*\})\s*$", re.M)


class FixtureError(Exception):
    """A program this script cannot turn into a fixture, or a tool that failed."""


@dataclass(frozen=True)
class TensorType:
    """``tensor<AxBx?xT>``: dims are ints, ``None`` for ``?``."""

    dims: tuple[int | None, ...]
    element: str

    @classmethod
    def parse(cls, body: str) -> TensorType:
        m = re.fullmatch(r"((?:(?:\d+|\?)x)*)(.+)", body.strip())
        element = m.group(2).strip() if m else body
        if m is None or element not in ELEMENT_TYPES:
            raise FixtureError(f"element type {element!r} of tensor<{body}> is not supported")
        dims = tuple(None if d == "?" else int(d) for d in m.group(1).split("x")[:-1])
        return cls(dims, element)

    @property
    def dtype(self) -> np.dtype:
        name = ELEMENT_TYPES[self.element]
        if name == "bfloat16":
            import ml_dtypes

            return np.dtype(ml_dtypes.bfloat16)
        return np.dtype(name)


def tool(name: str) -> str:
    path = BIN / name
    return str(path) if path.exists() else name


def run(cmd: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)  # type: ignore[call-overload]
    if r.returncode != 0:
        raise FixtureError(f"command failed ({r.returncode}): {' '.join(cmd)}\n{r.stderr[-4000:]}")
    return r


def random_array(
    rng: np.random.Generator, ty: TensorType, shape: tuple[int, ...], spec: dict, *, scaled: bool
) -> np.ndarray:
    """Seeded data for a parameter or input of type ``ty``.

    Floats are standard normal, divided by sqrt(leading dim) when ``scaled`` (parameters, as the first
    fixtures were made, so that regenerating them reproduces their bytes), or uniform in [low, high) when the spec says so. Integers are uniform in [low, high), by default a
    small range that keeps i8 x i8 products far from overflow.
    """
    dtype = ty.dtype
    low, high = spec.get("low"), spec.get("high")
    if dtype == np.bool_:
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        lo = int(low) if low is not None else (-8 if info.min < 0 else 0)
        hi = int(high) if high is not None else (8 if info.min < 0 else 16)
        if lo < info.min or hi - 1 > info.max:
            raise FixtureError(f"integer range [{lo}, {hi}) does not fit {ty.element}")
        return rng.integers(lo, hi, size=shape).astype(dtype)
    if low is not None or high is not None:
        lo = float(low if low is not None else -1.0)
        hi = float(high if high is not None else 1.0)
        return rng.uniform(lo, hi, size=shape).astype(dtype)
    scale = np.sqrt(shape[0]) if shape and scaled else 1.0
    return (rng.standard_normal(shape) / scale).astype(dtype)


def describe_data(ty: TensorType, spec: dict) -> str:
    """How :func:`random_array` fills an input (``scaled=False``), for the README."""
    dtype = ty.dtype
    if dtype == np.bool_:
        return "uniform {0, 1}"
    if np.issubdtype(dtype, np.integer):
        signed = np.iinfo(dtype).min < 0
        lo = spec.get("low", -8 if signed else 0)
        hi = spec.get("high", 8 if signed else 16)
        return f"uniform integers [{lo}, {hi})"
    if "low" in spec or "high" in spec:
        return f"uniform [{spec.get('low', -1.0)}, {spec.get('high', 1.0)})"
    return "standard normal"


def main_signature(src: str) -> tuple[list[TensorType], list[TensorType]]:
    m = MAIN_RE.search(src)
    if m is None:
        raise FixtureError("no 'func.func @main(...)' found in the program")
    args: list[TensorType] = []
    for arg in filter(None, (a.strip() for a in m.group("args").split(","))):
        t = TENSOR_RE.search(arg)
        if t is None:
            raise FixtureError(f"argument {arg!r} of @main is not a tensor; only tensor inputs are supported")
        args.append(TensorType.parse(t.group(1)))
    results = [TensorType.parse(t) for t in TENSOR_RE.findall(m.group("results") or "")]
    return args, results


def fixture_spec(src: str) -> dict:
    m = SPEC_RE.search(src)
    if m is None:
        return {}
    try:
        spec = json.loads(m.group(1))
    except json.JSONDecodeError as e:
        raise FixtureError(f"bad '// fixture:' JSON {m.group(1)!r}: {e}") from e
    if not isinstance(spec, dict):
        raise FixtureError(f"'// fixture:' must hold a JSON object, got {m.group(1)!r}")
    return spec


def concrete_shape(ty: TensorType, spec: dict, index: int) -> tuple[int, ...]:
    shape = spec.get("shape")
    if shape is None:
        return tuple(DEFAULT_DYNAMIC_DIM if d is None else d for d in ty.dims)
    shape = tuple(int(d) for d in shape)
    ok = len(shape) == len(ty.dims) and all(d is None or d == s for d, s in zip(ty.dims, shape))
    if not ok:
        raise FixtureError(f"input {index}: shape {list(shape)} does not fit tensor type dims {ty.dims}")
    return shape


def write_params(src: str, rng: np.random.Generator, path: pathlib.Path) -> list[str]:
    import iree.runtime as rt

    index = rt.ParameterIndex()
    keys: list[str] = []
    for scope, key, body in PARAM_RE.findall(src):
        if scope != PARAM_SCOPE:
            raise FixtureError(f"parameter {scope}::{key}: only scope {PARAM_SCOPE!r} is supported")
        ty = TensorType.parse(body)
        if None in ty.dims:
            raise FixtureError(f"parameter {key}: dynamic type tensor<{body}> needs static dims")
        arr = random_array(rng, ty, tuple(d for d in ty.dims if d is not None), {}, scaled=True)
        index.add_buffer(key, np.ascontiguousarray(arr).tobytes())
        keys.append(f"{key}: tensor<{body}>")
    if keys:
        index.create_archive_file(str(path))
    return keys


def device_names(spec: dict) -> list[str]:
    """The devices a spec names (``"devices": [...]``); empty for the default single local device."""
    names = spec.get("devices", [])
    if not isinstance(names, list) or not all(isinstance(n, str) and re.fullmatch(r"\w+", n) for n in names):
        raise FixtureError(f"'devices' must be a list of device names, got {names!r}")
    return names


def target_flags(spec: dict) -> list[str]:
    """iree-compile's target flags: one local device, or one ``NAME=local[i]`` per named device."""
    names = device_names(spec)
    if not names:
        return list(TARGET_FLAGS)
    devices = [f"--iree-hal-target-device={n}=local[{i}]" for i, n in enumerate(names)]
    return [*devices, *LOCAL_BACKEND_FLAGS]


def async_dump(program: pathlib.Path, flags: list[str] | None = None) -> str:
    r = run(
        [
            tool("iree-compile"),
            str(program),
            *(TARGET_FLAGS if flags is None else flags),
            "--compile-to=stream",
            "--mlir-print-ir-before=iree-stream-schedule-execution",
            "--mlir-print-ir-module-scope",
            "--mlir-disable-threading",
            "-o",
            os.devnull,
        ]
    )
    headers = re.findall(r"^// -----// IR Dump Before .*$", r.stderr, flags=re.M)
    dumps = re.split(r"^// -----// IR Dump Before .*$", r.stderr, flags=re.M)[1:]
    if not dumps:
        raise FixtureError(f"{program}: iree-compile printed no dump before iree-stream-schedule-execution")
    # schedule-execution opens a function-level nested pipeline (with schedule-concurrency), which MLIR runs
    # function by function: each later module-scope dump already holds the earlier functions scheduled. The
    # program's module is dumped once per function, last (IREE's const-eval JIT modules come first), so its
    # first dump, the one with every function as schedule-execution receives it, is the k-th from the end.
    last = dumps[-1]
    k = len(re.findall(r"^  (?:util\.func|util\.initializer|func\.func)\b", last, flags=re.M))
    if not 0 < k <= len(dumps) or not all(
        "'util.func'" in h or "'util.initializer'" in h or "'func.func'" in h for h in headers[-k:]
    ):
        raise FixtureError(f"{program}: cannot tell the program's {k} dumps before iree-stream-schedule-execution")
    return dumps[-k].strip() + "\n"


HAL_README = [
    "hal.mlir:           iree-compile source.mlir T --compile-to=hal -o hal.mlir"
    "   (run with --executable-sources cmd.mlir)",
    "hal_sources/:       the same compile's --iree-hal-dump-executable-sources-to=hal_sources (one hal.executable"
    " per file, linalg bodies; run with --executable-sources hal_sources)",
    "hal.generic.mlir:   iree-opt hal.mlir --mlir-print-op-generic -o hal.generic.mlir",
    "hal.direct.mlir:    iree-compile source.mlir T --compile-to=hal --iree-hal-indirect-command-buffers=false"
    " -o hal.direct.mlir",
    "hal.direct.generic.mlir: iree-opt hal.direct.mlir --mlir-print-op-generic -o hal.direct.generic.mlir",
]


def hal_forms(prog: pathlib.Path, out: pathlib.Path, flags: list[str] | None = None) -> None:
    """The HAL-level forms of ``prog`` (what IREE's runtime executes): with IREE's default indirect,
    memoized command buffers, its generic print, and with direct command buffers."""
    compile_ = tool("iree-compile")
    flags = TARGET_FLAGS if flags is None else flags
    sources = out / "hal_sources"
    shutil.rmtree(sources, ignore_errors=True)
    run(
        [
            compile_,
            str(prog),
            *flags,
            "--compile-to=hal",
            f"--iree-hal-dump-executable-sources-to={sources}",
            "-o",
            str(out / "hal.mlir"),
        ]
    )
    run(
        [
            tool("iree-opt"),
            str(out / "hal.mlir"),
            "--mlir-print-op-generic",
            "-o",
            str(out / "hal.generic.mlir"),
        ]
    )
    run(
        [
            compile_,
            str(prog),
            *flags,
            "--compile-to=hal",
            "--iree-hal-indirect-command-buffers=false",
            "-o",
            str(out / "hal.direct.mlir"),
        ]
    )
    run(
        [
            tool("iree-opt"),
            str(out / "hal.direct.mlir"),
            "--mlir-print-op-generic",
            "-o",
            str(out / "hal.direct.generic.mlir"),
        ]
    )


def regenerate(program: pathlib.Path, out: pathlib.Path) -> pathlib.Path:
    """Write the whole fixture set for ``program`` into directory ``out``."""
    src = program.read_text()
    spec = fixture_spec(src)
    seed = int(spec.get("seed", 0))
    input_specs = list(spec.get("inputs", []))
    flags = target_flags(spec)
    n_devices = max(1, len(device_names(spec)))
    args, results = main_signature(src)
    if len(input_specs) > len(args):
        raise FixtureError(f"'// fixture:' lists {len(input_specs)} inputs but @main takes {len(args)}")
    input_specs += [{}] * (len(args) - len(input_specs))

    out.mkdir(parents=True, exist_ok=True)
    if program.resolve() != (out / "source.mlir").resolve():
        shutil.copy(program, out / "source.mlir")
    prog = out / "source.mlir"
    rng = np.random.default_rng(seed)
    opt = tool("iree-opt")
    compile_ = tool("iree-compile")

    run([compile_, str(prog), *flags, "--compile-to=stream", "-o", str(out / "cmd.mlir")])
    run([opt, str(out / "cmd.mlir"), "--mlir-print-op-generic", "-o", str(out / "cmd.generic.mlir")])
    (out / "async.mlir").write_text(async_dump(prog, flags))
    hal_forms(prog, out, flags)
    run([opt, str(out / "async.mlir"), "--mlir-print-op-generic", "-o", str(out / "async.generic.mlir")])

    params = write_params(src, rng, out / "params.irpa")
    if not params:
        (out / "params.irpa").unlink(missing_ok=True)
    inputs: list[str] = []
    for i, (ty, ispec) in enumerate(zip(args, input_specs)):
        arr = random_array(rng, ty, concrete_shape(ty, ispec, i), ispec, scaled=False)
        np.save(out / f"input{i}.npy", arr)
        how = describe_data(ty, ispec)
        inputs.append(f"input{i}.npy: {arr.dtype} {list(arr.shape)}, {how}")
    for stale in [*out.glob("input*.npy"), *out.glob("expected*.npy")]:
        n = int(re.sub(r"\D", "", stale.stem) or 0)
        if (stale.stem.startswith("input") and n >= len(args)) or (
            stale.stem.startswith("expected") and n >= len(results)
        ):
            stale.unlink()

    vmfb = out / "module.vmfb"
    run([compile_, str(prog), *flags, "-o", str(vmfb)])
    prof = out / "run.ireeprof"
    run_cmd = [
        tool("iree-run-module"),
        "--module=module.vmfb",
        *["--device=local-task"] * n_devices,
        "--function=main",
        *(["--parameters=model=params.irpa"] if params else []),
        *(f"--input=@input{i}.npy" for i in range(len(args))),
        *(f"--output=@expected{i}.npy" for i in range(len(results))),
        *PROFILE_FLAGS,
        "--device_profiling_output=run.ireeprof",
    ]
    run(run_cmd, cwd=out)
    profile_cmd = [tool("iree-profile"), "queue", "--format=jsonl", "run.ireeprof"]
    (out / "profile.jsonl").write_text(run(profile_cmd, cwd=out).stdout)
    prof.unlink()

    outputs = [f"expected{i}.npy: {np.load(out / f'expected{i}.npy').dtype}" for i in range(len(results))]
    short = [os.path.basename(c) if c.startswith("/") else c for c in run_cmd]
    readme = [
        "Generated from source.mlir by tools/regen_fixtures.py with the IREE toolchain",
        "(iree-base-compiler / iree-base-runtime), run from this directory:",
        "",
        f"target flags (T): {' '.join(flags)}",
        "cmd.mlir:           iree-compile source.mlir T --compile-to=stream -o cmd.mlir",
        "cmd.generic.mlir:   iree-opt cmd.mlir --mlir-print-op-generic -o cmd.generic.mlir",
        "async.mlir:         iree-compile source.mlir T --compile-to=stream"
        " --mlir-print-ir-before=iree-stream-schedule-execution --mlir-print-ir-module-scope"
        " --mlir-disable-threading -o /dev/null   (stderr, first dump: every function before it)",
        "async.generic.mlir: iree-opt async.mlir --mlir-print-op-generic -o async.generic.mlir",
        *HAL_README,
        "module.vmfb:        iree-compile source.mlir T -o module.vmfb   (not kept in git)",
        f"params.irpa:        scope '{PARAM_SCOPE}', seed {seed}; float = normal/sqrt(dim0),"
        " int = uniform [-8, 8)" + ("" if params else "  (program has no parameters: no file)"),
        *(f"  {p}" for p in params),
        "inputs (same generator, after the parameters):",
        *(f"  {i}" for i in inputs),
        "expected*.npy:      " + " ".join(short),
        *(f"  {o}" for o in outputs),
        "profile.jsonl:      " + " ".join([os.path.basename(profile_cmd[0]), *profile_cmd[1:]]),
        "",
    ]
    (out / "README.txt").write_text("\n".join(readme))
    return out


def fixture_name(program: pathlib.Path) -> str:
    return program.parent.name if program.stem == "source" else program.stem


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("program", nargs="?", type=pathlib.Path, help="linalg-level MLIR program")
    ap.add_argument(
        "--all",
        action="store_true",
        help="regenerate every OUT_ROOT/*/source.mlir (e.g. --out-root tests/fixtures/multidevice)",
    )
    ap.add_argument("--name", help="fixture folder name (default: the program's file name)")
    ap.add_argument("--out-root", type=pathlib.Path, default=FIXTURES, help=f"default {FIXTURES}")
    ap.add_argument(
        "--hal-only",
        action="store_true",
        help="only (re)write the HAL forms (hal*.mlir) of existing fixtures",
    )
    ap.add_argument(
        "--async-only", action="store_true", help="only (re)write async.mlir and async.generic.mlir of existing fixtures"
    )
    a = ap.parse_args(argv)
    if a.all == (a.program is not None):
        ap.error("give either PROGRAM or --all")
    if a.all:
        # Every fixture under --out-root (default tests/fixtures/iree; e.g. tests/fixtures/frontends with
        # --hal-only, whose other files tools/frontend_fixtures.py writes).
        jobs = [(p, a.out_root / p.parent.name) for p in sorted(a.out_root.glob("*/source.mlir"))]
    else:
        jobs = [(a.program, a.out_root / (a.name or fixture_name(a.program)))]
    failed = 0
    for program, out in jobs:
        try:
            if a.async_only:
                flags = target_flags(fixture_spec((out / "source.mlir").read_text()))
                (out / "async.mlir").write_text(async_dump(out / "source.mlir", flags))
                run([tool("iree-opt"), str(out / "async.mlir"), "--mlir-print-op-generic", "-o",
                     str(out / "async.generic.mlir")])  # fmt: skip
                print("wrote async forms of", out, flush=True)
                continue
            if a.hal_only:
                hal_forms(
                    out / "source.mlir", out, target_flags(fixture_spec((out / "source.mlir").read_text()))
                )
                readme = out / "README.txt"
                text = readme.read_text()
                if "hal.mlir:" not in text:
                    readme.write_text(text.rstrip("\n") + "\n" + "\n".join(HAL_README) + "\n")
                elif "hal_sources/:" not in text:
                    readme.write_text(text.replace(HAL_README[0], "\n".join(HAL_README[0:2])))
                print("wrote HAL forms of", out, flush=True)
                continue
            print("wrote", regenerate(program, out), flush=True)
        except FixtureError as e:
            failed += 1
            print(f"error: {program}: {e}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
