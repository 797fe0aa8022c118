"""A check report in the formats CI systems read: JUnit XML (test results) and SARIF 2.1.0 (code scanning).

Both formats locate each finding in the user's ``.mlir`` file, at ``file:line:col``:

- a finding's location is its first op that has one (:class:`~simulator.checks.findings.OpRef`), the
  others are related locations (SARIF) or listed in the failure text (JUnit);
- a finding whose ops have no location (the host reading an output, the host blocked in a wait) is
  placed at the invoked function's return op for outputs, and at the function itself otherwise
  (:class:`Anchors`, taken from the module that was checked).

JUnit XML: one ``testsuite`` for the program, with one ``testcase`` per finding (a ``failure`` whose
``type`` is ``category/kind``, whose ``message`` is the finding's message, and whose ``file``/``line``
attributes are its location) and one passing ``testcase`` per category of check that found nothing;
numerics is ``skipped`` when no reference was compared, and fault only appears when faults were
injected. The whole text report is the suite's ``system-out``. No timestamps or host names are written,
so the same report gives the same bytes.

SARIF: one ``run`` of the tool ``streamsim check`` whose rules are the ``category/kind`` pairs found, one
``result`` (level ``error``) per finding with a ``physicalLocation`` (``artifactLocation.uri`` and
``region.startLine``/``startColumn``, 1-based as in MLIR locations); a relative path is a relative URI
under the base ``%SRCROOT%``, an absolute one a ``file://`` URI. ``invocations`` records the exit code.
"""

from __future__ import annotations

import json
import pathlib
import re
import urllib.parse
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ir.errors import IRError
from simulator.checks.findings import CheckReport, Finding

if TYPE_CHECKING:
    from ir import Module

#: The categories of check, in report order, and what each looks for (SARIF rule descriptions).
CATEGORIES: dict[str, str] = {
    "race": "two unordered operations touch the same bytes and one writes",
    "lifetime": "memory used outside its lifetime: before allocation, after dealloca, out of bounds",
    "deadlock": "a wait that nothing can satisfy, or a run that stops making progress",
    "numerics": "outputs differ from the sequential reference or between legal interleavings",
    "fault": "an injected fault was not reported as IREE reports it",
    "error": "the run failed",
}

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
_LOC = re.compile(r"(?P<file>.+):(?P<line>[0-9]+):(?P<col>[0-9]+)")


@dataclass(frozen=True)
class Location:
    """A place in a source file: ``file`` as written in the IR location, 1-based ``line`` and ``col``."""

    file: str
    line: int
    col: int

    @classmethod
    def parse(cls, text: str | None) -> Location | None:
        """``file:line:col`` as a Location, None for None or text of another form.

        Examples
        --------
        >>> Location.parse("model/cmd.mlir:12:7")
        Location(file='model/cmd.mlir', line=12, col=7)
        >>> Location.parse(None), Location.parse("unknown")
        (None, None)
        """
        match = _LOC.fullmatch(text) if text else None
        if match is None:
            return None
        return cls(match["file"], int(match["line"]), int(match["col"]))

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Anchors:
    """Where findings without an op location go: the function's return op (outputs) or the function."""

    function: Location | None = None
    outputs: Location | None = None

    @classmethod
    def of(cls, module: Module, function: str) -> Anchors:
        """The anchors of ``function`` in ``module`` (both None when the module has no such function)."""
        try:
            func = module.function(function)
        except IRError:  # a module without the function has no anchors
            return cls()
        ret = None
        for op in func.walk():
            if op.op_name.endswith(".return") and op.location is not None:
                ret = Location(op.location.filename, op.location.line, op.location.col)
                break
        loc = func.location
        where = Location(loc.filename, loc.line, loc.col) if loc is not None else None
        return cls(where, ret or where)


def finding_location(finding: Finding, anchors: Anchors) -> Location | None:
    """The location of ``finding``: its first located op, else its anchor."""
    for ref in finding.ops:
        loc = Location.parse(ref.loc)
        if loc is not None:
            return loc
    if any(ref.op == "output" for ref in finding.ops):
        return anchors.outputs
    return anchors.function


def _rule_id(finding: Finding) -> str:
    return f"{finding.category}/{finding.kind}"


def _details(finding: Finding) -> str:
    lines = [finding.text()]
    lines += [f"  op: {ref.describe()}" for ref in finding.ops]
    if finding.resource is not None:
        span = f"[{finding.range_bytes[0]}, {finding.range_bytes[1]})" if finding.range_bytes else ""
        lines.append(f"  resource: {finding.resource}{span}")
    return "\n".join(lines)


def junit_xml(
    report: CheckReport,
    anchors: Anchors,
    *,
    numerics_checked: bool = True,
    faults_injected: bool = False,
    properties: dict[str, str] | None = None,
) -> bytes:
    """The JUnit XML of ``report`` (UTF-8 bytes with an XML declaration).

    Parameters
    ----------
    report : CheckReport
    anchors : Anchors
        Where findings without an op location are placed.
    numerics_checked : bool
        False when no reference was compared (``--timing-only``, ``--no-reference``): numerics is skipped.
    faults_injected : bool
        Whether ``--inject`` was given; the fault category is listed only then.
    properties : dict, optional
        Written as the suite's ``properties`` (the machine, the seed...), in the given order.
    """
    categories = [c for c in CATEGORIES if c != "fault" or faults_injected]
    categories += sorted({f.category for f in report.findings} - set(categories))
    suite = ET.Element("testsuite", name=f"streamsim check {report.program}")
    if properties:
        props = ET.SubElement(suite, "properties")
        for name, value in properties.items():
            ET.SubElement(props, "property", name=name, value=value)
    tests = failures = skipped = 0
    for category in categories:
        classname = f"streamsim.check.{category}"
        found = report.by_category(category)
        for finding in found:
            loc = finding_location(finding, anchors)
            name = _rule_id(finding) + (f" at {loc}" if loc else "")
            case = ET.SubElement(suite, "testcase", classname=classname, name=name)
            if loc is not None:
                case.set("file", loc.file)
                case.set("line", str(loc.line))
            failure = ET.SubElement(case, "failure", message=finding.message, type=_rule_id(finding))
            failure.text = _details(finding)
            tests += 1
            failures += 1
        if not found:
            case = ET.SubElement(suite, "testcase", classname=classname, name=f"{category}: no findings")
            tests += 1
            if category == "numerics" and not numerics_checked:
                ET.SubElement(
                    case, "skipped", message="no reference was compared (timing only or --no-reference)"
                )
                skipped += 1
    ET.SubElement(suite, "system-out").text = report.text()
    counts = {"tests": str(tests), "failures": str(failures), "errors": "0", "skipped": str(skipped)}
    for key, value in counts.items():
        suite.set(key, value)
    root = ET.Element("testsuites", name="streamsim check", tests=str(tests), failures=str(failures))
    root.set("errors", "0")
    root.append(suite)
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def _artifact(file: str) -> dict[str, str]:
    """A SARIF artifactLocation for ``file``: relative URI under %SRCROOT%, or an absolute file URI."""
    path = pathlib.PurePosixPath(file)
    if path.is_absolute():
        return {"uri": "file://" + urllib.parse.quote(str(path))}
    return {"uri": urllib.parse.quote(str(path)), "uriBaseId": "%SRCROOT%"}


def _physical(loc: Location, artifacts: dict[str, int]) -> dict[str, Any]:
    index = artifacts.setdefault(loc.file, len(artifacts))
    return {
        "artifactLocation": {**_artifact(loc.file), "index": index},
        "region": {"startLine": loc.line, "startColumn": loc.col},
    }


def sarif(report: CheckReport, anchors: Anchors, *, version: str = "") -> dict[str, Any]:
    """The SARIF 2.1.0 log of ``report`` as a JSON object (see :func:`sarif_text`)."""
    rules: dict[str, int] = {}
    artifacts: dict[str, int] = {}
    results = []
    for finding in report.findings:
        rule = _rule_id(finding)
        rule_index = rules.setdefault(rule, len(rules))
        result: dict[str, Any] = {
            "ruleId": rule,
            "ruleIndex": rule_index,
            "level": "error",
            "message": {"text": finding.message},
        }
        loc = finding_location(finding, anchors)
        if loc is not None:
            result["locations"] = [{"physicalLocation": _physical(loc, artifacts)}]
        related: list[dict[str, Any]] = []
        for ref in finding.ops:
            ref_loc = Location.parse(ref.loc)
            if ref_loc is not None:
                related.append(
                    {
                        "id": len(related),
                        "physicalLocation": _physical(ref_loc, artifacts),
                        "message": {"text": ref.describe()},
                    }
                )
        if related:
            result["relatedLocations"] = related
        properties: dict[str, Any] = {"category": finding.category}
        if finding.resource is not None:
            properties["resource"] = finding.resource
        if finding.range_bytes is not None:
            properties["range_bytes"] = list(finding.range_bytes)
        result["properties"] = properties
        results.append(result)
    driver: dict[str, Any] = {
        "name": "streamsim check",
        "rules": [
            {
                "id": rule,
                "name": rule.replace("/", "-"),
                "shortDescription": {"text": CATEGORIES.get(rule.split("/")[0], rule)},
                "defaultConfiguration": {"level": "error"},
            }
            for rule in rules
        ],
    }
    if version:
        driver["version"] = version
    run: dict[str, Any] = {
        "tool": {"driver": driver},
        "invocations": [{"executionSuccessful": True, "exitCode": report.exit_code}],
        "artifacts": [{"location": _artifact(file)} for file in artifacts],
        "results": results,
    }
    if any(not pathlib.PurePosixPath(file).is_absolute() for file in artifacts):
        run["originalUriBaseIds"] = {"%SRCROOT%": {"description": {"text": "the directory check ran in"}}}
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}


def sarif_text(report: CheckReport, anchors: Anchors, *, version: str = "") -> str:
    """The SARIF log of ``report`` as indented JSON text, keys in a fixed order."""
    return json.dumps(sarif(report, anchors, version=version), indent=2) + "\n"
