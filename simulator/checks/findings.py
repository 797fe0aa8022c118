"""Findings: what a check reports, and the report that collects them.

A :class:`Finding` has a category (``race``, ``lifetime``, ``deadlock``, ``numerics``, ``fault``,
``error``), a kind within it (``use-after-dealloca``, ``uninitialized-read``...), a one-line message, the
ops involved (:class:`OpRef`: op name, IR location, what it did), and the resource and byte range when
there is one. :class:`CheckReport` lists findings in the order they were found (deterministic for a seed)
and renders them as text or JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from traces import Trace


@dataclass(frozen=True)
class OpRef:
    """One op of the program: its MLIR name, its ``file:line:col`` and what it did (``binding 2 write``)."""

    op: str
    loc: str | None
    detail: str = ""

    def describe(self) -> str:
        text = f"{self.op} at {self.loc}" if self.loc else self.op
        return f"{text} ({self.detail})" if self.detail else text

    def to_dict(self) -> dict[str, Any]:
        return {"op": self.op, "loc": self.loc, "detail": self.detail}


@dataclass(frozen=True)
class Finding:
    category: str
    kind: str
    message: str
    ops: tuple[OpRef, ...] = ()
    resource: str | None = None
    range_bytes: tuple[int, int] | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "category": self.category,
            "kind": self.kind,
            "message": self.message,
            "ops": [o.to_dict() for o in self.ops],
            "resource": self.resource,
            "range": list(self.range_bytes) if self.range_bytes is not None else None,
            **({"extra": self.extra} if self.extra else {}),
        }

    def text(self) -> str:
        return f"{self.category}/{self.kind}: {self.message}"


@dataclass
class CheckReport:
    """The result of checking one program: findings plus facts about the runs that were made."""

    program: str
    findings: list[Finding] = field(default_factory=list)
    runs: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: The checked run's timeline (up to its failure, if it failed); not part of the report's JSON.
    trace: Trace | None = field(default=None, repr=False, compare=False)

    @property
    def clean(self) -> bool:
        return not self.findings

    @property
    def exit_code(self) -> int:
        return 0 if self.clean else 1

    def by_category(self, category: str) -> list[Finding]:
        return [f for f in self.findings if f.category == category]

    def kinds(self) -> list[str]:
        return [f"{f.category}/{f.kind}" for f in self.findings]

    def add(self, finding: Finding) -> None:
        self.findings.append(finding)

    def to_dict(self) -> dict[str, Any]:
        return {
            "program": self.program,
            "clean": self.clean,
            "findings": [f.to_dict() for f in self.findings],
            "runs": self.runs,
            "notes": self.notes,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=False, default=str)

    def text(self) -> str:
        lines = [
            f"streamsim check {self.program}: "
            + ("clean" if self.clean else f"{len(self.findings)} finding(s)")
        ]
        for f in self.findings:
            lines.append(f"  {f.text()}")
        for run in self.runs:
            lines.append(f"  run {run.get('name')}: {run.get('status')}")
        for note in self.notes:
            lines.append(f"  note: {note}")
        return "\n".join(lines)
