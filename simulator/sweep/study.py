"""Studies: what a what-if sweep runs, read from TOML (or the same structure as a Python dict).

A study runs programs on machines under settings. Each setting is an *axis*: a scalar fixes it, a list
makes it a grid axis, and ``[[cases]]`` lists combinations explicitly. The points are the product
programs x machines x seeds x grid x cases, in that order (the last varies fastest)::

    name = "attention-what-if"
    machines = ["discrete-gpu", "apu", "boxes/my-box.toml"]   # presets or files (relative to this file)
    seeds = [0]
    metrics = ["makespan", "peak_memory", "busy", "first_dispatch", "bytes_moved"]
    timing_only = true                                        # buffers without data (the default)

    [[programs]]
    fixture = "fixtures/attention_block"      # a folder: async.generic.mlir (else cmd.generic.mlir),
                                              # input*.npy, params.irpa
    [[programs]]
    name = "deep"
    path = "deep400/async.generic.mlir"       # or a file, with optional inputs and parameters:
    inputs = []                               # .npy files; default: generated from the seed
    parameters = { model = "params.irpa" }    # scope = file; default: stand-ins of the right sizes

    [scheduler]
    favor = ["min-peak-memory", "max-concurrency", "debug"]

    [overrides]                               # applied to every device / link / pool of the machine
    queues = [1, 2, 4]
    memory_model = ["unified", "discrete"]
    link_bandwidth_bytes_per_s = 55e9

    [[cases]]                                 # optional: explicit combinations, crossed with the grid
    storage_bandwidth_bytes_per_s = 3e9
    pool_capacity_bytes = 1073741824

Axes: ``favor``, ``placement``, ``memory_cap_bytes``, ``queue_policy`` (``[scheduler]``); ``queues``,
``link_bandwidth_bytes_per_s``, ``storage_bandwidth_bytes_per_s``, ``memory_model``,
``pool_capacity_bytes`` (``[overrides]``). An axis given nowhere keeps the machine's value (and IREE's
default scheduling). An axis may not be both in a table and in ``[[cases]]``. An override a machine has
nothing for (link bandwidth on a machine without links) changes nothing. ``placement = "heft"`` places
the ops of programs with several device globals (``@__device_N``, or IREE's named targets such as
``@dev_a``) again (:func:`scheduler.place_devices`);
``memory_cap_bytes`` schedules waves under that cap (:func:`scheduler.schedule_concurrency_capped`);
``queue_policy = "chains"`` gives independent chains of ops queue masks over the machine's ``queues``
(:func:`scheduler.assign_queues`), so that the ``queues`` axis changes what runs where; under the
default, ``"iree"``, programs carry no masks and extra queues stay idle.

Everything is checked when the study is read, before anything runs: unknown keys, machines or metrics,
bad values, missing files. :class:`~simulator.sweep.errors.StudyError` names the file and the key
(``study.toml: overrides.queues[2]: ...``).
"""

from __future__ import annotations

import hashlib
import itertools
import math
import pathlib
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scheduler.partition import FAVORS
from simulator.errors import MachineError
from simulator.machine import Machine, load_machine, preset_names
from simulator.sweep.errors import StudyError
from simulator.sweep.metrics import METRICS, available_metrics
from simulator.sweep.points import MachineSpec, Point, ProgramSpec

SCHEDULER_AXES = ("favor", "placement", "memory_cap_bytes", "queue_policy")
MACHINE_AXES = (
    "queues",
    "link_bandwidth_bytes_per_s",
    "storage_bandwidth_bytes_per_s",
    "memory_model",
    "pool_capacity_bytes",
)
AXES = SCHEDULER_AXES + MACHINE_AXES
MEMORY_MODELS = ("unified", "discrete")
#: ``iree``: no queue masks (IREE's compiler sets none: one queue per device does the work);
#: ``chains``: :func:`scheduler.assign_queues` over the machine's queue count.
QUEUE_POLICIES = ("iree", "chains")
DEFAULT_METRICS = ("makespan", "peak_memory", "busy", "first_dispatch", "bytes_moved")

_TOP_KEYS = {
    "name",
    "description",
    "machines",
    "seeds",
    "metrics",
    "timing_only",
    "programs",
    "scheduler",
    "overrides",
    "cases",
}
_PROGRAM_KEYS = {"name", "path", "fixture", "function", "inputs", "parameters"}


def placement_policies() -> tuple[str, ...]:
    """Placement policies the installed scheduler offers (``none`` always: IREE's affinities as given)."""
    import scheduler

    return ("none", "heft") if callable(getattr(scheduler, "heft_placement", None)) else ("none",)


@dataclass(frozen=True)
class Study:
    """A validated study. :meth:`points` expands it; build one with :func:`load_study` or
    :func:`study_from_dict`."""

    name: str
    programs: tuple[ProgramSpec, ...]
    machines: tuple[MachineSpec, ...]
    fixed: tuple[tuple[str, Any], ...] = ()
    grid: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    cases: tuple[tuple[tuple[str, Any], ...], ...] = ()
    seeds: tuple[int, ...] = (0,)
    metrics: tuple[str, ...] = DEFAULT_METRICS
    timing_only: bool = True
    source: str = "<study>"
    description: str = ""
    base_dir: str = field(default=".", compare=False)

    def axes(self) -> list[str]:
        """The settings that appear in the study, in :data:`AXES` order (the table's columns)."""
        named = {k for k, _ in self.fixed} | {k for k, _ in self.grid}
        for case in self.cases:
            named |= {k for k, _ in case}
        return [a for a in AXES if a in named]

    def size(self) -> int:
        """How many points :meth:`points` gives, computed without making them."""
        n = len(self.programs) * len(self.machines) * len(self.seeds) * max(1, len(self.cases))
        for _, values in self.grid:
            n *= len(values)
        return n

    def points(self) -> list[Point]:
        """Every point, in grid order (programs, machines, seeds, grid axes, cases; the last fastest)."""
        grid_keys = [k for k, _ in self.grid]
        grid_values = [v for _, v in self.grid]
        cases = self.cases or ((),)
        out: list[Point] = []
        combos = itertools.product(
            self.programs, self.machines, self.seeds, itertools.product(*grid_values), cases
        )
        for index, (program, machine, seed, values, case) in enumerate(combos):
            settings = dict(self.fixed)
            settings.update(zip(grid_keys, values))
            settings.update(case)
            out.append(
                Point(
                    index=index,
                    program=program,
                    machine=machine,
                    seed=seed,
                    settings=tuple(sorted(settings.items())),
                    timing_only=self.timing_only,
                    checks="findings" in self.metrics,
                )
            )
        return out


# -- reading ---------------------------------------------------------------------------------------------


def load_study(path: str | pathlib.Path) -> Study:
    """Read and validate a study TOML file. Relative paths in it are relative to its folder."""
    p = pathlib.Path(path)
    try:
        data = tomllib.loads(p.read_text())
    except FileNotFoundError:
        raise StudyError(f"no such study file: {p}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise StudyError(f"cannot read study file {p}: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise StudyError(f"{p}: bad TOML: {exc}") from None
    except RecursionError:  # tomllib parses nested arrays and inline tables recursively
        raise StudyError(f"{p}: bad TOML: arrays or tables nested too deeply") from None
    return study_from_dict(data, base_dir=p.parent, source=str(p))


def study_from_dict(
    data: Mapping[str, Any], *, base_dir: str | pathlib.Path = ".", source: str = "<study>"
) -> Study:
    """Validate a study given as a dict with the TOML file's structure (see the module docstring)."""
    return _Reader(pathlib.Path(base_dir), source).study(data)


class _Reader:
    def __init__(self, base_dir: pathlib.Path, source: str) -> None:
        self.base = base_dir
        self.source = source

    def fail(self, key: str, message: str) -> StudyError:
        return StudyError(f"{self.source}: {key}: {message}")

    def study(self, data: Mapping[str, Any]) -> Study:
        if not isinstance(data, Mapping):
            raise StudyError(f"{self.source}: a study is a table, got {type(data).__name__}")
        self.unknown_keys(data, _TOP_KEYS, "")
        name = self.string(data, "name", "", default=pathlib.Path(self.source).stem or "study")
        description = self.string(data, "description", "", default="")
        timing_only = data.get("timing_only", True)
        if not isinstance(timing_only, bool):
            raise self.fail("timing_only", f"must be true or false, got {timing_only!r}")
        programs = self.programs(data.get("programs"))
        machines = self.machines(data.get("machines", ["cpu"]))
        seeds = self.seeds(data.get("seeds", [0]))
        metrics = self.metrics(data.get("metrics", list(DEFAULT_METRICS)))
        fixed: dict[str, Any] = {}
        grid: list[tuple[str, tuple[Any, ...]]] = []
        for table, axes in (("scheduler", SCHEDULER_AXES), ("overrides", MACHINE_AXES)):
            section = data.get(table, {})
            if not isinstance(section, Mapping):
                raise self.fail(table, f"must be a table, got {section!r}")
            self.unknown_keys(section, set(axes), table)
            for axis in axes:
                if axis not in section:
                    continue
                value = section[axis]
                key = f"{table}.{axis}"
                if isinstance(value, list):
                    if not value:
                        raise self.fail(key, "an axis needs at least one value, got []")
                    values = tuple(self.axis_value(axis, v, f"{key}[{i}]") for i, v in enumerate(value))
                    if len(set(values)) != len(values):
                        raise self.fail(key, f"values repeat: {list(values)}")
                    grid.append((axis, values))
                else:
                    fixed[axis] = self.axis_value(axis, value, key)
        cases = self.cases(data.get("cases", []), {*fixed, *(k for k, _ in grid)})
        return Study(
            name=name,
            programs=programs,
            machines=machines,
            fixed=tuple(sorted(fixed.items())),
            grid=tuple(grid),
            cases=cases,
            seeds=seeds,
            metrics=metrics,
            timing_only=timing_only,
            source=self.source,
            description=description,
            base_dir=str(self.base),
        )

    # -- pieces ------------------------------------------------------------------------------------------

    def unknown_keys(self, table: Mapping[str, Any], known: set[str], where: str) -> None:
        for k in table:
            if k not in known:
                key = f"{where}.{k}" if where else k
                raise self.fail(key, f"unknown key {k!r}; expected one of {', '.join(sorted(known))}")

    def string(self, table: Mapping[str, Any], k: str, where: str, *, default: str | None = None) -> str:
        key = f"{where}.{k}" if where else k
        if k not in table:
            if default is None:
                raise self.fail(key, "missing")
            return default
        value = table[k]
        if not isinstance(value, str) or not value:
            raise self.fail(key, f"must be a non-empty string, got {value!r}")
        return value

    def file(self, value: Any, key: str) -> pathlib.Path:
        if not isinstance(value, str) or not value:
            raise self.fail(key, f"must be a file path, got {value!r}")
        p = pathlib.Path(value)
        p = p if p.is_absolute() else self.base / p
        if not p.is_file():
            raise self.fail(key, f"no such file: {value} (looked for {p})")
        return p.resolve()

    def programs(self, value: Any) -> tuple[ProgramSpec, ...]:
        if not isinstance(value, list) or not value:
            raise self.fail("programs", "a study needs at least one [[programs]] entry")
        out = []
        names: set[str] = set()
        for i, entry in enumerate(value):
            where = f"programs[{i}]"
            if not isinstance(entry, Mapping):
                raise self.fail(where, f"must be a table, got {entry!r}")
            self.unknown_keys(entry, _PROGRAM_KEYS, where)
            spec = self.program(entry, where)
            if spec.name in names:
                raise self.fail(f"{where}.name", f"program name {spec.name!r} is used twice")
            names.add(spec.name)
            out.append(spec)
        return tuple(out)

    def program(self, entry: Mapping[str, Any], where: str) -> ProgramSpec:
        if ("path" in entry) == ("fixture" in entry):
            raise self.fail(where, "give exactly one of 'path' (a program file) or 'fixture' (a folder)")
        function = self.string(entry, "function", where, default="main")
        inputs: list[pathlib.Path] = []
        parameters: list[tuple[str, pathlib.Path]] = []
        if "fixture" in entry:
            folder_value = entry["fixture"]
            if not isinstance(folder_value, str) or not folder_value:
                raise self.fail(f"{where}.fixture", f"must be a folder path, got {folder_value!r}")
            folder = pathlib.Path(folder_value)
            folder = folder if folder.is_absolute() else self.base / folder
            if not folder.is_dir():
                raise self.fail(f"{where}.fixture", f"no such folder: {folder_value} (looked for {folder})")
            candidates = [folder / n for n in ("async.generic.mlir", "cmd.generic.mlir")]
            path = next((c for c in candidates if c.is_file()), None)
            if path is None:
                raise self.fail(
                    f"{where}.fixture", f"{folder_value} has neither async.generic.mlir nor cmd.generic.mlir"
                )
            path = path.resolve()
            inputs = sorted(folder.glob("input*.npy"), key=lambda q: (len(q.name), q.name))
            if (folder / "params.irpa").is_file():
                parameters = [("*", (folder / "params.irpa").resolve())]
            default_name = folder.resolve().name
        else:
            path = self.file(entry["path"], f"{where}.path")
            default_name = path.name.split(".")[0]
        if "inputs" in entry:
            value = entry["inputs"]
            if not isinstance(value, list):
                raise self.fail(f"{where}.inputs", f"must be a list of .npy files, got {value!r}")
            inputs = [self.file(v, f"{where}.inputs[{j}]") for j, v in enumerate(value)]
        if "parameters" in entry:
            parameters = self.parameter_files(entry["parameters"], f"{where}.parameters")
        name = self.string(entry, "name", where, default=default_name)
        digest = hashlib.sha256()
        for f in [path, *inputs, *(p for _, p in parameters)]:
            digest.update(_file_digest(f).encode())
        return ProgramSpec(
            name=name,
            path=str(path),
            function=function,
            inputs=tuple(str(p) for p in inputs),
            parameters=tuple((s, str(p)) for s, p in parameters),
            digest=digest.hexdigest(),
        )

    def parameter_files(self, value: Any, key: str) -> list[tuple[str, pathlib.Path]]:
        if isinstance(value, str):
            return [("*", self.file(value, key))]
        if not isinstance(value, Mapping):
            raise self.fail(key, f"must be a file or a table of scope = file, got {value!r}")
        out = []
        for scope, files in value.items():
            for j, f in enumerate(files if isinstance(files, list) else [files]):
                suffix = f"[{j}]" if isinstance(files, list) else ""
                out.append((scope, self.file(f, f"{key}.{scope}{suffix}")))
        return out

    def machines(self, value: Any) -> tuple[MachineSpec, ...]:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not value:
            raise self.fail("machines", f"must be a list of presets or machine files, got {value!r}")
        out: list[Any] = []
        for i, entry in enumerate(value):
            key = f"machines[{i}]"
            if not isinstance(entry, str) or not entry:
                raise self.fail(key, f"must be a preset name or a .toml file, got {entry!r}")
            if entry.endswith(".toml") or "/" in entry:
                path = self.file(entry, key)
                ref = str(path)
                digest = _file_digest(path)
            elif entry in preset_names():
                ref = entry
                digest = "preset"
            else:
                raise self.fail(
                    key, f"unknown machine {entry!r}; presets: {', '.join(preset_names())} (or a .toml file)"
                )
            try:
                machine = load_machine(ref)
            except MachineError as exc:
                raise self.fail(key, str(exc)) from None
            if digest == "preset":
                digest = hashlib.sha256(repr(machine).encode()).hexdigest()
            if any(m.label == entry for m in out):
                raise self.fail(key, f"machine {entry!r} is listed twice")
            out.append(MachineSpec(entry, ref, digest))
        return tuple(out)

    def seeds(self, value: Any) -> tuple[int, ...]:
        if isinstance(value, int) and not isinstance(value, bool):
            value = [value]
        if not isinstance(value, list) or not value:
            raise self.fail("seeds", f"must be a list of integers, got {value!r}")
        for i, s in enumerate(value):
            if not isinstance(s, int) or isinstance(s, bool) or s < 0:
                raise self.fail(f"seeds[{i}]", f"a seed is a non-negative integer, got {s!r}")
        if len(set(value)) != len(value):
            raise self.fail("seeds", f"seeds repeat: {value}")
        return tuple(value)

    def metrics(self, value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or not value:
            raise self.fail("metrics", f"must be a non-empty list of metric names, got {value!r}")
        available = available_metrics()
        for i, m in enumerate(value):
            if m not in METRICS:
                raise self.fail(
                    f"metrics[{i}]", f"unknown metric {m!r}; known metrics: {', '.join(sorted(METRICS))}"
                )
            if m not in available:
                raise self.fail(f"metrics[{i}]", f"metric {m!r} is not available: {METRICS[m].unavailable}")
        return tuple(dict.fromkeys(value))

    def cases(self, value: Any, in_tables: set[str]) -> tuple[tuple[tuple[str, Any], ...], ...]:
        if not isinstance(value, list):
            raise self.fail("cases", f"must be a list of tables ([[cases]]), got {value!r}")
        out = []
        for i, case in enumerate(value):
            where = f"cases[{i}]"
            if not isinstance(case, Mapping) or not case:
                raise self.fail(where, f"must be a non-empty table of settings, got {case!r}")
            self.unknown_keys(case, set(AXES), where)
            settings = {}
            for axis, v in case.items():
                if axis in in_tables:
                    raise self.fail(
                        f"{where}.{axis}",
                        f"{axis!r} is also set in [scheduler]/[overrides]; set it in one place",
                    )
                settings[axis] = self.axis_value(axis, v, f"{where}.{axis}")
            out.append(tuple(sorted(settings.items())))
        keys = [tuple(k for k, _ in c) for c in out]
        if len(set(keys)) > 1:
            raise self.fail(
                "cases", "every case must set the same settings (so each has a value in every column)"
            )
        if len(set(out)) != len(out):
            raise self.fail("cases", "two cases are identical")
        return tuple(out)

    def axis_value(self, axis: str, value: Any, key: str) -> Any:
        check = _AXIS_CHECKS[axis]
        try:
            return check(value)
        except ValueError as exc:
            raise self.fail(key, f"bad value {value!r} for {axis}: {exc}") from None


# -- axis values -----------------------------------------------------------------------------------------


def _choice(options: Callable[[], Sequence[str]]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in options():
            raise ValueError(f"expected one of {', '.join(options())}")
        return value

    return check


def _positive_int(minimum: int) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            raise ValueError(f"expected an integer >= {minimum}")
        return value

    return check


def _positive_float(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError("expected a positive number")
    if not math.isfinite(value) or value <= 0:
        raise ValueError("expected a positive, finite number")
    return float(value)


def _memory_cap(value: Any) -> int:
    import scheduler

    if not callable(getattr(scheduler, "waves_under_memory_cap", None)):
        raise ValueError(
            "the installed scheduler has no memory-cap policy (scheduler.waves_under_memory_cap)"
        )
    return _positive_int(1)(value)


_AXIS_CHECKS: dict[str, Callable[[Any], Any]] = {
    "favor": _choice(lambda: FAVORS),
    "placement": _choice(placement_policies),
    "memory_cap_bytes": _memory_cap,
    "queue_policy": _choice(lambda: QUEUE_POLICIES),
    "queues": _positive_int(1),
    "link_bandwidth_bytes_per_s": _positive_float,
    "storage_bandwidth_bytes_per_s": _positive_float,
    "memory_model": _choice(lambda: MEMORY_MODELS),
    "pool_capacity_bytes": _positive_int(1),
}


def _file_digest(path: pathlib.Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def machine_with_overrides(machine: Machine, settings: Mapping[str, Any]) -> Machine:
    """The machine with a study's overrides applied to every device, link and pool it has."""
    from dataclasses import replace

    devices = []
    for d in machine.devices:
        changes: dict[str, Any] = {}
        if "queues" in settings:
            changes["queues"] = settings["queues"]
        if "memory_model" in settings:
            unified = settings["memory_model"] == "unified"
            changes["unified_memory"] = unified
            changes["zero_copy_import"] = unified
        if "pool_capacity_bytes" in settings:
            changes["pools"] = tuple(
                replace(p, capacity_bytes=settings["pool_capacity_bytes"]) for p in d.pools
            )
        devices.append(replace(d, **changes))
    links = machine.links
    if "link_bandwidth_bytes_per_s" in settings:
        links = tuple(
            replace(lk, bandwidth_bytes_per_s=settings["link_bandwidth_bytes_per_s"]) for lk in links
        )
    storage = machine.storage
    if "storage_bandwidth_bytes_per_s" in settings:
        storage = replace(storage, bandwidth_bytes_per_s=settings["storage_bandwidth_bytes_per_s"])
    return replace(machine, devices=tuple(devices), links=links, storage=storage)
