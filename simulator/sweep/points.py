"""Points of a study: one program on one machine with one set of settings and a seed, and its hash.

A point's *key* is the sha256 of its configuration written as canonical JSON (sorted keys, no spaces):
the program's name, entry function and the digest of its files' contents, the machine's label and
digest, the seed, the settings and the run mode. Labels are part of it so that two entries of a study
never share a key; positions in the grid are not, so that growing a grid keeps the points already run.
The key names a point's stored result, which is how an interrupted sweep knows what is done.

Examples
--------
>>> p = ProgramSpec("toy", "/x/toy.mlir", digest="00")
>>> m = MachineSpec("cpu", "cpu", "11")
>>> a = Point(0, p, m, seed=0, settings=(("queues", 2),))
>>> b = Point(7, p, m, seed=0, settings=(("queues", 2),))
>>> a.key == b.key, len(a.key)
(True, 64)
>>> a.row()
{'program': 'toy', 'machine': 'cpu', 'seed': 0, 'queues': 2}
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cached_property
from typing import Any


@dataclass(frozen=True)
class ProgramSpec:
    """One program of a study: its file, entry function, input files and parameter files by scope.

    ``parameters`` pairs a scope with a file; the scope ``"*"`` means every scope the program reads
    (a fixture's ``params.irpa``). ``digest`` is the sha256 of the contents of all those files, so a
    changed file gives new point hashes and is simulated again.
    """

    name: str
    path: str
    function: str = "main"
    inputs: tuple[str, ...] = ()
    parameters: tuple[tuple[str, str], ...] = ()
    digest: str = ""


@dataclass(frozen=True)
class MachineSpec:
    """A machine of a study: its label (as written), what :func:`load_machine` takes, a content digest."""

    label: str
    ref: str
    digest: str


@dataclass(frozen=True)
class Point:
    """One configuration of a study. ``index`` is its position in grid order (not part of the key)."""

    index: int
    program: ProgramSpec
    machine: MachineSpec
    seed: int
    settings: tuple[tuple[str, Any], ...] = ()
    timing_only: bool = True
    #: also run the correctness checker (the study keeps ``findings``)
    checks: bool = False

    @property
    def setting(self) -> dict[str, Any]:
        return dict(self.settings)

    def config(self) -> dict[str, Any]:
        """The configuration the key hashes (JSON values only)."""
        config = {
            "program": {
                "name": self.program.name,
                "function": self.program.function,
                "digest": self.program.digest,
            },
            "machine": {"label": self.machine.label, "digest": self.machine.digest},
            "seed": self.seed,
            "settings": dict(self.settings),
            "timing_only": self.timing_only,
        }
        if self.checks:  # only then, so that adding the checker left earlier keys as they were
            config["checks"] = True
        return config

    @cached_property
    def key(self) -> str:
        text = json.dumps(self.config(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    @property
    def schedule_group(self) -> tuple[Any, ...]:
        """Points of one group share a schedule: same program and scheduler settings, and the same
        memory model (the machine's own when not overridden)."""
        s = self.setting
        return (
            self.program.name,
            self.program.digest,
            s.get("favor"),
            s.get("placement"),
            s.get("memory_cap_bytes"),
            s.get("memory_model") or self.machine.label,
            self.machine.label if s.get("placement") not in (None, "none") else None,
        )

    def row(self) -> dict[str, Any]:
        """The point's columns in a results table: program, machine, seed, then its settings."""
        return {
            "program": self.program.name,
            "machine": self.machine.label,
            "seed": self.seed,
            **self.setting,
        }
