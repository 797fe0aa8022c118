"""A fuzz campaign against the ``streamsim`` CLI: every bad input must end, within a time limit, with one
error line and exit 2 (or 1 where the input is still a valid program whose run fails), never a traceback
(exit 70 or an exception out of ``main``) and never a hang.

Cases are made by a seeded mutator from the project's own fixtures, per area:

- ``text``: generic and pretty MLIR of every IREE fixture, mutated by truncation, byte flips, deleted,
  duplicated and swapped lines, swapped SSA names and inserted junk, through ``opt``, ``schedule``,
  ``run --timing-only`` and ``check --timing-only``;
- ``archive``: the fixtures' .irpa files and a written .gguf and .safetensors, with bytes flipped,
  64-bit fields overwritten with huge values and truncations, through ``params show``;
- ``machine``: the preset TOML files with values and keys mutated, through ``run --timing-only``;
- ``trace``: a Chrome trace written by a run, mutated, through ``trace check``, ``summary``, ``diff`` (against
  the good trace), ``plot`` and ``report``;
- ``profile``: IREE's profile exports of the fixtures (``iree-profile queue --format=jsonl``), mutated,
  through ``trace import-iree``;
- ``study``: a study TOML, mutated, through ``sweep --dry-run``;
- ``results``: a sweep's results table (.parquet) through ``report``, its bytes mutated or its columns
  dropped, retyped or given NaN, infinite or foreign values;
- ``hal``: the HAL forms (indirect and direct command buffers, generic and pretty) of the IREE and frontend
  fixtures, mutated, through ``run`` (with data and timing-only, dispatch bodies from IREE's dumps) and
  ``check``;
- ``frontend``: the async and cmd forms of the frontend fixtures (host control flow, scf loops, several
  inputs and results, dynamic shapes), mutated, through ``schedule``, ``run`` with data and ``check``;
- ``inputs``: valid programs given bad inputs: mutated .npy files, a wrong dtype, shape or count, malformed
  literal specs, unknown functions and parameter scopes.

Cases run in this process (``simulator.cli.main``) with SIGALRM as the time limit. The same seed gives
the same cases. ``python tools/fuzz_campaign.py`` runs the default slice (what the test suite runs);
``--long`` runs thousands and prints the table of the issue: cases per area, clean, tracebacks, hangs,
and the peak memory of the process.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import pathlib
import random
import re
import resource
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

ROOT = pathlib.Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.fuzz_mutators import mutate_bytes, mutate_text  # noqa: E402  (tools/ is not a package on sys.path)
from tools.fuzz_results import results_cases  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "iree"
FRONTENDS = ROOT / "tests" / "fixtures" / "frontends"
MACHINES = ROOT / "simulator" / "machines"
CLEAN_CODES = (0, 1, 2)


class _Hang(BaseException):
    """Raised by SIGALRM when a case runs past its time limit."""


@dataclass
class Outcome:
    area: str
    name: str
    code: int | None  # None: hang or an exception out of main
    error: str
    seconds: float

    @property
    def clean(self) -> bool:
        return (
            self.code in CLEAN_CODES and "Traceback" not in self.error and "internal error" not in self.error
        )


@dataclass
class Tally:
    cases: int = 0
    clean: int = 0
    tracebacks: int = 0
    hangs: int = 0
    slowest_s: float = 0.0
    examples: list[str] = field(default_factory=list)


# -- running a case ---------------------------------------------------------------------------------------


def run_case(area: str, name: str, argv: list[str], limit_s: float) -> Outcome:
    from simulator.cli import main

    err = io.StringIO()

    def on_alarm(signum: int, frame: object) -> None:
        raise _Hang

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, limit_s)
    start = time.perf_counter()
    code: int | None
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse
                code = exc.code if isinstance(exc.code, int) else 2
    except _Hang:
        code, text = None, f"hang: no result within {limit_s} s"
        return Outcome(area, name, code, text, time.perf_counter() - start)
    except BaseException as exc:  # noqa: BLE001 - anything out of main is a finding of the campaign
        code = None
        err.write(f"Traceback: {type(exc).__name__}: {exc}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return Outcome(area, name, code, err.getvalue(), time.perf_counter() - start)


# -- the cases --------------------------------------------------------------------------------------------


def text_cases(
    tmp: pathlib.Path, rng: random.Random, n: int, pretty: bool
) -> Iterator[tuple[str, list[str]]]:
    fixtures = sorted(d for d in FIXTURES.iterdir() if d.is_dir())
    for i in range(n):
        fixture = rng.choice(fixtures)
        form = rng.choice(["cmd", "async"])
        source = fixture / (f"{form}.mlir" if pretty else f"{form}.generic.mlir")
        text, kind = mutate_text(source.read_text(), rng)
        path = tmp / f"t{i}.mlir"
        path.write_text(text, errors="surrogateescape")
        params = ["--parameters", f"model={fixture / 'params.irpa'}"]
        verb = rng.choice(["opt", "schedule", "run", "check"])
        argv = {
            "opt": ["opt", str(path)],
            "schedule": ["schedule", str(path)],
            "run": ["run", str(path), "--timing-only", *params],
            "check": ["check", str(path), "--timing-only", "--interleavings", "1", "--no-reference", *params],
        }[verb]
        if verb == "run" and (fixture / "input0.npy").exists():
            argv += ["--input", f"@{fixture / 'input0.npy'}"]
        yield f"{fixture.name}/{source.name} {kind} {verb}", argv


def archive_cases(tmp: pathlib.Path, rng: random.Random, n: int) -> Iterator[tuple[str, list[str]]]:
    import numpy as np

    from simulator.archives.irpa_writer import IrpaWriter

    sources = sorted(FIXTURES.glob("*/params.irpa"))
    made = tmp / "made.irpa"
    writer = IrpaWriter()
    writer.add_data("w", np.arange(64, dtype=np.float32))
    writer.add_splat("s", b"\x01\x00\x00\x00", 64)
    writer.write(made)
    sources.append(made)
    try:
        import safetensors.numpy

        st = tmp / "made.safetensors"
        safetensors.numpy.save_file({"a": np.ones((4, 4), np.float32)}, str(st))
        sources.append(st)
    except ImportError:
        pass
    try:
        import gguf

        gg = tmp / "made.gguf"
        w = gguf.GGUFWriter(str(gg), "llama")
        w.add_tensor("t", np.ones((4, 4), np.float32))
        w.write_header_to_file()
        w.write_kv_data_to_file()
        w.write_tensors_to_file()
        w.close()
        sources.append(gg)
    except ImportError:
        pass
    for i in range(n):
        source = rng.choice(sources)
        data, kind = mutate_bytes(source.read_bytes(), rng)
        path = tmp / f"a{i}{source.suffix}"
        path.write_bytes(data)
        yield f"{source.name} {kind}", ["params", "show", str(path)]


def machine_cases(tmp: pathlib.Path, rng: random.Random, n: int) -> Iterator[tuple[str, list[str]]]:
    presets = sorted(MACHINES.glob("*.toml"))
    values = [
        "0",
        "-1",
        "nan",
        "inf",
        "1e400",
        "3",
        "'toaster'",
        "true",
        "[]",
        "{}",
        "9223372036854775807",
        "1e-9",
        "[" * 3000 + "]" * 3000,
    ]
    mlp = FIXTURES / "mlp"
    for i in range(n):
        preset = rng.choice(presets)
        lines = preset.read_text().splitlines()
        kind = rng.choice(["value", "key", "text"])
        assignments = [j for j, line in enumerate(lines) if re.match(r"^\s*\w+\s*=", line)]
        if kind == "value" and assignments:
            j = rng.choice(assignments)
            key = lines[j].split("=", 1)[0]
            lines[j] = f"{key}= {rng.choice(values)}"
            text = "\n".join(lines)
        elif kind == "key" and assignments:
            j = rng.choice(assignments)
            lines[j] = "x" + lines[j].lstrip()
            text = "\n".join(lines)
        else:
            text, kind = mutate_text("\n".join(lines), rng)
        path = tmp / f"m{i}.toml"
        path.write_text(text, errors="surrogateescape")
        argv = ["run", str(mlp / "cmd.generic.mlir"), "--timing-only", "--machine", str(path)]
        argv += ["--parameters", f"model={mlp / 'params.irpa'}", "--input", f"@{mlp / 'input0.npy'}"]
        yield f"{preset.name} {kind}", argv


def trace_cases(tmp: pathlib.Path, rng: random.Random, n: int) -> Iterator[tuple[str, list[str]]]:
    from simulator.cli import main

    mlp = FIXTURES / "mlp"
    good = tmp / "good.json"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        main(
            [
                "run",
                str(mlp / "cmd.generic.mlir"),
                "--timing-only",
                "--parameters",
                f"model={mlp / 'params.irpa'}",
            ]
            + ["--input", f"@{mlp / 'input0.npy'}", "--trace", str(good)]
        )
    text = good.read_text()
    numbers = ["1e308", "-1", "NaN", '"x"', "null", "[]", "9007199254740993", "-0"]
    for i in range(n):
        if rng.random() < 0.4:
            spots = [m.start(1) for m in re.finditer(r'"(?:ts|dur|pid|tid)":(-?[0-9.]+)', text)]
            at = rng.choice(spots)
            end = re.match(r"-?[0-9.]+", text[at:])
            mutated = text[:at] + rng.choice(numbers) + text[at + (end.end() if end else 0) :]
            kind = "number"
        else:
            mutated, kind = mutate_text(text, rng)
        path = tmp / f"tr{i}.json"
        path.write_text(mutated, errors="surrogateescape")
        verb = rng.choice(["check", "summary", "summary", "diff", "plot", "report"])
        argv = {
            "check": ["trace", "check", str(path)],
            "summary": ["trace", "summary", str(path)],
            "diff": [
                "trace",
                "diff",
                *rng.sample([str(path), str(good)], 2),
                "--window",
                rng.choice(["all", "call"]),
            ],
            "plot": [
                "trace",
                "plot",
                str(path),
                "-o",
                str(tmp / f"tr{i}.png"),
                "--kind",
                rng.choice(["timeline", "memory", "utilisation"]),
            ],
            "report": ["report", str(path), "-o", str(tmp / f"tr{i}.html")],
        }[verb]
        yield f"trace {kind} {verb}", argv


def profile_cases(tmp: pathlib.Path, rng: random.Random, n: int) -> Iterator[tuple[str, list[str]]]:
    """IREE's ``iree-profile queue --format=jsonl`` exports of the fixtures, mutated, through
    ``trace import-iree`` (with and without the program that names the dispatches)."""
    fixtures = sorted(
        d for root in (FIXTURES, FRONTENDS) for d in root.iterdir() if (d / "profile.jsonl").exists()
    )
    for i in range(n):
        fixture = rng.choice(fixtures)
        text, kind = mutate_text((fixture / "profile.jsonl").read_text(), rng)
        path = tmp / f"p{i}.jsonl"
        path.write_text(text, errors="surrogateescape")
        argv = ["trace", "import-iree", str(path), "-o", str(tmp / f"p{i}.json")]
        if rng.random() < 0.5:
            argv += ["--program", str(fixture / "cmd.generic.mlir")]
        yield f"{fixture.name}/profile.jsonl {kind}", argv


def study_cases(tmp: pathlib.Path, rng: random.Random, n: int) -> Iterator[tuple[str, list[str]]]:
    base = (
        'name = "fuzz"\nmachines = ["discrete-gpu", "apu"]\nseeds = [0, 1]\n'
        f'[[programs]]\nfixture = "{FIXTURES / "attention_block"}"\n'
        '[scheduler]\nfavor = ["min-peak-memory", "debug"]\n[overrides]\nqueues = [1, 2]\n'
    )
    for i in range(n):
        text, kind = mutate_text(base, rng)
        path = tmp / f"s{i}.toml"
        path.write_text(text, errors="surrogateescape")
        yield f"study {kind}", ["sweep", str(path), "--dry-run"]


def _fixture_inputs(fixture: pathlib.Path) -> list[str]:
    return [f"@{p}" for p in sorted(fixture.glob("input*.npy"), key=lambda p: int(p.stem[5:] or 0))]


def _run_argv(fixture: pathlib.Path, program: pathlib.Path, timing_only: bool) -> list[str]:
    argv = ["run", str(program), "--parameters", f"model={fixture / 'params.irpa'}", "--no-summary"]
    for spec in _fixture_inputs(fixture):
        argv += ["--input", spec]
    if program.name.startswith("hal"):
        argv += ["--executable-sources", str(fixture / "hal_sources")]
    return argv + (["--timing-only"] if timing_only else [])


def program_cases(
    tmp: pathlib.Path, rng: random.Random, n: int, fixtures: list[pathlib.Path], forms: list[str], tag: str
) -> Iterator[tuple[str, list[str]]]:
    """Mutated program text of ``forms`` from ``fixtures`` through schedule, run (data or timing-only)
    and check; a HAL form is not scheduled (it is past scheduling), so its verbs are run and check."""
    fixtures = [f for f in fixtures if all((f / form).exists() for form in forms)]
    for i in range(n):
        fixture = rng.choice(fixtures)
        source = fixture / rng.choice(forms)
        text, kind = mutate_text(source.read_text(), rng)
        path = tmp / f"{tag}{i}.mlir"
        path.write_text(text, errors="surrogateescape")
        verbs = ["run", "run-timing", "check"] + ([] if source.name.startswith("hal") else ["schedule"])
        verb = rng.choice(verbs)
        if verb == "schedule" and rng.random() < 0.5:
            from scheduler.passes import PASSES

            argv = ["schedule", str(path), "--stage", rng.choice(sorted(PASSES))]
        elif verb == "schedule":
            argv = [
                "schedule",
                str(path),
                "--favor",
                rng.choice(["min-peak-memory", "max-concurrency", "debug"]),
            ]
        elif verb == "check":
            argv = _run_argv(fixture, path, timing_only=True)
            argv = ["check", *argv[1 : argv.index("--no-summary")], *argv[argv.index("--no-summary") + 1 :]]
            argv += ["--interleavings", "1", "--no-reference"]
        else:
            argv = _run_argv(fixture, path, timing_only=verb == "run-timing")
        yield f"{fixture.name}/{source.name} {kind} {verb}", argv


def _bad_npy(rng: random.Random, good: pathlib.Path, tmp: pathlib.Path, i: int) -> tuple[str, str]:
    import numpy as np

    array = np.load(good)
    kind = rng.choice(["dtype", "shape", "bytes", "object", "empty", "nan"])
    path = tmp / f"in{i}.npy"
    if kind == "bytes":
        data, sub = mutate_bytes(good.read_bytes(), rng)
        path.write_bytes(data)
        return f"@{path}", f"npy-{sub}"
    if kind == "dtype":
        array = array.astype(rng.choice([np.float64, np.int8, np.uint16, np.complex64, np.bool_]))
    elif kind == "shape":
        array = np.resize(array, (array.size + rng.randint(1, 5),)) if array.ndim else array.reshape(1)
    elif kind == "object":
        array = np.array([object()] * 2, dtype=object)
    elif kind == "empty":
        array = np.zeros((0,) + array.shape[1:], array.dtype)
    else:
        array = np.full(array.shape, np.nan, array.dtype) if array.dtype.kind == "f" else array
    np.save(path, array, allow_pickle=True)
    return f"@{path}", kind


def input_cases(tmp: pathlib.Path, rng: random.Random, n: int) -> Iterator[tuple[str, list[str]]]:
    fixtures = sorted(
        d for root in (FIXTURES, FRONTENDS) for d in root.iterdir() if (d / "input0.npy").exists()
    )
    literals = [
        "4x5xf32=1",
        "4x5xf32=abc",
        "f32=",
        "2x?xf32=1",
        "0x0xi8",
        "4x5xf99=1",
        "x",
        "@",
        "@/nonexistent.npy",
        "4x5xf32=1,2,3",
        "-1x5xf32=0",
        "99999999999x99999999999xf32=0",
        "i1=2",
        "4x5xbf16=1.5",
    ]
    for i in range(n):
        fixture = rng.choice(fixtures)
        program = fixture / "cmd.generic.mlir"
        argv = _run_argv(fixture, program, timing_only=rng.random() < 0.3)
        specs = [j for j, a in enumerate(argv) if a == "--input"]
        kind = rng.choice(["npy", "literal", "drop", "extra", "function", "scope", "params-file"])
        if kind == "npy":
            j = rng.choice(specs) + 1
            argv[j], sub = _bad_npy(rng, pathlib.Path(argv[j][1:]), tmp, i)
            kind = f"npy {sub}"
        elif kind == "literal":
            argv[rng.choice(specs) + 1] = rng.choice(literals)
        elif kind == "drop":
            j = rng.choice(specs)
            del argv[j : j + 2]
        elif kind == "extra":
            argv += ["--input", argv[rng.choice(specs) + 1]]
        elif kind == "function":
            argv += ["--function", rng.choice(["nope", "", "main$async", "__init", "main\x00"])]
        elif kind == "scope":
            j = argv.index("--parameters") + 1
            argv[j] = rng.choice(["other=", "=", "model="]) + argv[j].split("=", 1)[1]
        else:
            j = argv.index("--parameters") + 1
            data, sub = mutate_bytes(pathlib.Path(argv[j].split("=", 1)[1]).read_bytes(), rng)
            bad = tmp / f"p{i}.irpa"
            bad.write_bytes(data)
            argv[j] = f"model={bad}"
            kind = f"params {sub}"
        yield f"{fixture.name} {kind}", argv


def _fixtures(*roots: pathlib.Path) -> list[pathlib.Path]:
    return sorted(d for root in roots for d in root.iterdir() if d.is_dir())


HAL_FORMS = ["hal.generic.mlir", "hal.direct.generic.mlir", "hal.mlir"]
FRONTEND_FORMS = ["async.generic.mlir", "cmd.generic.mlir", "async.mlir"]

AREAS: dict[str, Callable[[pathlib.Path, random.Random, int], Iterator[tuple[str, list[str]]]]] = {
    "text (generic)": lambda t, r, n: text_cases(t, r, n, pretty=False),
    "text (pretty)": lambda t, r, n: text_cases(t, r, n, pretty=True),
    "archive": archive_cases,
    "machine": machine_cases,
    "trace": trace_cases,
    "study": study_cases,
    "results": results_cases,
    "hal": lambda t, r, n: program_cases(t, r, n, _fixtures(FIXTURES, FRONTENDS), HAL_FORMS, "h"),
    "frontend": lambda t, r, n: program_cases(t, r, n, _fixtures(FRONTENDS), FRONTEND_FORMS, "f"),
    "inputs": input_cases,
    "profile": profile_cases,
}
DEFAULT_COUNTS = {
    "text (generic)": 80,
    "text (pretty)": 16,
    "archive": 60,
    "machine": 30,
    "trace": 40,
    "study": 30,
    "results": 20,
    "hal": 30,
    "frontend": 30,
    "inputs": 30,
    "profile": 20,
}
LONG_COUNTS = {
    "text (generic)": 1500,
    "text (pretty)": 300,
    "archive": 1000,
    "machine": 400,
    "trace": 600,
    "study": 300,
    "results": 300,
    "hal": 500,
    "frontend": 500,
    "inputs": 500,
    "profile": 400,
}


def campaign(counts: dict[str, int], seed: int, limit_s: float) -> tuple[dict[str, Tally], list[Outcome]]:
    """Run ``counts[area]`` cases per area; the tally per area and every case that was not clean."""
    import os

    os.environ.pop("STREAMSIM_DEBUG", None)
    tallies: dict[str, Tally] = {}
    bad: list[Outcome] = []
    with tempfile.TemporaryDirectory(prefix="streamsim-fuzz-") as tmp:
        for area, make in AREAS.items():
            rng = random.Random(f"{seed}:{area}")
            tally = tallies.setdefault(area, Tally())
            for name, argv in make(pathlib.Path(tmp), rng, counts.get(area, 0)):
                outcome = run_case(area, name, argv, limit_s)
                tally.cases += 1
                tally.slowest_s = max(tally.slowest_s, outcome.seconds)
                if outcome.clean:
                    tally.clean += 1
                    continue
                if outcome.code is None and outcome.error.startswith("hang"):
                    tally.hangs += 1
                else:
                    tally.tracebacks += 1
                bad.append(outcome)
    return tallies, bad


def table(tallies: dict[str, Tally]) -> str:
    rows = [("area", "cases", "clean", "tracebacks", "hangs", "slowest s")]
    for area, t in tallies.items():
        rows.append((area, str(t.cases), str(t.clean), str(t.tracebacks), str(t.hangs), f"{t.slowest_s:.2f}"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths)))
        for r in rows
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--long", action="store_true", help="thousands of cases instead of the CI slice")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--limit", type=float, default=20.0, help="seconds per case before it counts as a hang"
    )
    parser.add_argument("--area", action="append", choices=list(AREAS), help="only these areas (repeatable)")
    args = parser.parse_args(argv)
    counts = LONG_COUNTS if args.long else DEFAULT_COUNTS
    if args.area:
        counts = {area: counts[area] for area in args.area}
    start = time.perf_counter()
    tallies, bad = campaign(counts, args.seed, args.limit)
    print(table(tallies))
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"peak memory of the process: {peak_mib:.0f} MiB; wall time {time.perf_counter() - start:.0f} s; seed {args.seed}"
    )
    for outcome in bad[:20]:
        print(
            f"NOT CLEAN [{outcome.area}] {outcome.name}: exit {outcome.code}: {outcome.error.strip()[:300]}"
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
