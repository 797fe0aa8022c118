"""``streamsim check --junit-xml FILE --sarif FILE``: the CI formats, read back with xml.etree and json, and
every location checked against the text of the user's .mlir file (issue 17)."""

from __future__ import annotations

import json
import pathlib
import urllib.parse
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from ir import load_file, print_generic
from simulator.checks.ci import Anchors, Location, finding_location
from simulator.checks.findings import Finding, OpRef
from simulator.checks.mutants import MUTANTS
from simulator.cli import main

MLP = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "iree" / "mlp"
MLP_ARGS = ["--parameters", f"model={MLP / 'params.irpa'}", "--input", f"@{MLP / 'input0.npy'}"]


def _racy(directory: pathlib.Path) -> pathlib.Path:
    """The mlp fixture with its two dispatches put in one wave: a race and order-dependent numerics."""
    module = load_file(str(MLP / "cmd.generic.mlir"))
    MUTANTS["conflicting-wave"](module, "main")
    path = directory / "racy.mlir"
    path.write_text(print_generic(module))
    return path


def _check(program: str, tmp_path: pathlib.Path, *extra: str) -> tuple[int, ET.Element, dict[str, Any]]:
    xml, sarif = tmp_path / "check.xml", tmp_path / "check.sarif"
    code = main(["check", program, *MLP_ARGS, "--junit-xml", str(xml), "--sarif", str(sarif), *extra])
    return code, ET.parse(xml).getroot(), json.loads(sarif.read_text())


def _op_at(path: pathlib.Path, line: int, col: int) -> str:
    """The quoted op name that starts at ``line:col`` of ``path`` (generic form), or the text there."""
    text = path.read_text().splitlines()[line - 1][col - 1 :]
    return text.split('"')[1] if text.startswith('"') else text[:20]


def _uri_path(artifact: dict[str, Any], cwd: pathlib.Path) -> pathlib.Path:
    uri = artifact["uri"]
    if uri.startswith("file://"):
        return pathlib.Path(urllib.parse.unquote(uri[len("file://") :]))
    assert artifact["uriBaseId"] == "%SRCROOT%"
    return cwd / urllib.parse.unquote(uri)


def test_checks_ci_junit_and_sarif_locate_findings_in_the_mlir(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _racy(tmp_path)
    # (a machine of 8 dispatch slots, where the wave's two dispatches overlap: the calibrated cpu preset
    # runs one dispatch at a time, so it finds the race and the order-dependent numerics but not the
    # numerics/schedule-differs finding this test also reports)
    code, junit, log = _check(str(path), tmp_path, "--machine", "cpu-roofline")
    assert code == 1
    assert f"wrote {tmp_path / 'check.sarif'}" in capsys.readouterr().err

    # JUnit: one failing testcase per finding, one passing per clean category, counts that add up.
    [suite] = junit.findall("testsuite")
    cases = suite.findall("testcase")
    failed = [c for c in cases if c.find("failure") is not None]
    assert int(suite.get("tests", "")) == len(cases) == int(junit.get("tests", ""))
    assert int(suite.get("failures", "")) == len(failed) == int(junit.get("failures", ""))
    assert [c.find("failure").get("type") for c in failed] == [  # type: ignore[union-attr]
        "race/write-read",
        "numerics/schedule-differs",
        "numerics/order-dependent",
    ]
    passing = sorted(c.get("classname", "") for c in cases if c.find("failure") is None)
    assert passing == ["streamsim.check.deadlock", "streamsim.check.error", "streamsim.check.lifetime"]
    race = failed[0]
    assert race.get("file") == str(path)
    assert (
        path.read_text()
        .splitlines()[int(race.get("line", "0")) - 1]
        .strip()
        .startswith('"stream.cmd.dispatch"')
    )
    # Output findings have no op location: they are placed at the function's return op.
    assert all(_op_at(path, int(c.get("line", "0")), 5) == "util.return" for c in failed[1:])
    assert "race/write-read" in (suite.findtext("system-out") or "")
    assert {p.get("name"): p.get("value") for p in suite.iter("property")}["machine"] == "cpu-roofline"

    # SARIF 2.1.0: required members, rules indexed, every location at the op it names.
    assert log["version"] == "2.1.0" and "sarif-2.1.0" in log["$schema"]
    [run] = log["runs"]
    assert run["tool"]["driver"]["name"] == "streamsim check"
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == [
        "race/write-read",
        "numerics/schedule-differs",
        "numerics/order-dependent",
    ]
    assert run["invocations"] == [{"executionSuccessful": True, "exitCode": 1}]
    results = run["results"]
    assert len(results) == 3
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] == "error" and result["message"]["text"]
        [where] = result["locations"]
        physical = where["physicalLocation"]
        artifact = physical["artifactLocation"]
        assert _uri_path(artifact, tmp_path) == path
        assert run["artifacts"][artifact["index"]]["location"]["uri"] == artifact["uri"]
        region = physical["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
    race_result = results[0]
    region = race_result["locations"][0]["physicalLocation"]["region"]
    assert _op_at(path, region["startLine"], region["startColumn"]) == "stream.cmd.dispatch"
    related = race_result["relatedLocations"]
    assert [r["id"] for r in related] == [0, 1]
    for r in related:
        region = r["physicalLocation"]["region"]
        assert _op_at(path, region["startLine"], region["startColumn"]) == "stream.cmd.dispatch"
        assert "binding" in r["message"]["text"]
    assert race_result["properties"] == {
        "category": "race",
        "resource": race_result["properties"]["resource"],
        "range_bytes": [0, 4096],
    }
    for result in results[1:]:
        region = result["locations"][0]["physicalLocation"]["region"]
        assert _op_at(path, region["startLine"], region["startColumn"]) == "util.return"


def test_checks_ci_relative_program_gives_relative_uris(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _racy(tmp_path)
    monkeypatch.chdir(tmp_path)
    _, junit, log = _check("racy.mlir", tmp_path, "--interleavings", "0")
    [run] = log["runs"]
    assert {a["location"]["uri"] for a in run["artifacts"]} == {"racy.mlir"}
    assert "%SRCROOT%" in run["originalUriBaseIds"]
    assert {c.get("file") for c in junit.iter("testcase") if c.find("failure") is not None} == {"racy.mlir"}


def test_checks_ci_clean_run_passes_every_case(tmp_path: pathlib.Path) -> None:
    code, junit, log = _check(str(MLP / "cmd.generic.mlir"), tmp_path, "--interleavings", "1")
    assert code == 0
    assert junit.get("failures") == "0" and int(junit.get("tests", "0")) == 5
    assert not [c for c in junit.iter("testcase") if list(c)]
    [run] = log["runs"]
    assert run["results"] == [] and run["tool"]["driver"]["rules"] == []
    assert run["invocations"][0]["exitCode"] == 0


def test_checks_ci_timing_only_skips_numerics_and_fault_is_listed_when_injected(
    tmp_path: pathlib.Path,
) -> None:
    _, junit, _ = _check(
        str(MLP / "cmd.generic.mlir"), tmp_path, "--timing-only", "--inject", "read-failure:model::w1"
    )
    by_class = {c.get("classname"): c for c in junit.iter("testcase")}
    assert by_class["streamsim.check.numerics"].find("skipped") is not None
    assert junit.find("testsuite").get("skipped") == "1"  # type: ignore[union-attr]
    assert "streamsim.check.fault" in by_class


def test_checks_ci_unwritable_output_is_bad_input(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing" / "out.sarif"
    argv = ["check", str(MLP / "cmd.generic.mlir"), *MLP_ARGS, "--interleavings", "0", "--sarif", str(target)]
    assert main(argv) == 2
    assert f"cannot write --sarif {target}" in capsys.readouterr().err


def test_checks_ci_same_report_same_bytes(tmp_path: pathlib.Path) -> None:
    path = _racy(tmp_path)
    outputs = []
    for k in range(2):
        xml, sarif = tmp_path / f"{k}.xml", tmp_path / f"{k}.sarif"
        main(
            [
                "check",
                str(path),
                *MLP_ARGS,
                "--interleavings",
                "0",
                "--junit-xml",
                str(xml),
                "--sarif",
                str(sarif),
            ]
        )
        outputs.append((xml.read_bytes(), sarif.read_bytes()))
    assert outputs[0] == outputs[1]


def test_checks_ci_finding_location_falls_back_to_anchors() -> None:
    anchors = Anchors(function=Location("m.mlir", 3, 5), outputs=Location("m.mlir", 9, 5))
    located = Finding(
        "race", "write-write", "x", (OpRef("host", None), OpRef("stream.cmd.fill", "m.mlir:7:3"))
    )
    assert finding_location(located, anchors) == Location("m.mlir", 7, 3)
    output = Finding("numerics", "schedule-differs", "x", (OpRef("output", None, "result 0"),))
    assert finding_location(output, anchors) == Location("m.mlir", 9, 5)
    assert finding_location(Finding("deadlock", "no-progress", "x"), anchors) == Location("m.mlir", 3, 5)
    assert finding_location(Finding("deadlock", "no-progress", "x"), Anchors()) is None
