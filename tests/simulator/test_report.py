"""``streamsim report``: a program's run and check, a trace file, a sweep's results, each as one HTML page;
and the pages rendered in headless Chromium (issue 17)."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import time

import numpy as np
import pytest

from ir import load_file, print_generic
from simulator import Session
from simulator.checks.mutants import MUTANTS
from simulator.cli import main
from simulator.report import run_report, sweep_report
from simulator.sweep import pareto_front, pivot, run_study, study_from_dict
from tests.traces.test_report import Page, _check_against_trace
from traces import Trace, TraceMetadata, Track, read_trace

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "iree"
MLP = FIXTURES / "mlp"
ATTENTION = FIXTURES / "attention_block"


def _mlp_report(program: pathlib.Path) -> Page:
    report = run_report(
        program,
        "main",
        [np.load(MLP / "input0.npy")],
        machine="cpu",
        parameters={"model": MLP / "params.irpa"},
    )
    return Page(report.html)


def test_report_run_embeds_the_runs_trace_and_a_clean_check() -> None:
    page = _mlp_report(MLP / "cmd.generic.mlir")
    trace = (
        Session("cpu", seed=0)
        .run_sync(
            MLP / "cmd.generic.mlir",
            "main",
            [np.load(MLP / "input0.npy")],
            parameters={"model": MLP / "params.irpa"},
            timing_only=True,
        )
        .trace
    )
    _check_against_trace(page, trace)
    assert page.data["findings"]["clean"] is True and page.data["findings"]["findings"] == []
    assert [run["status"] for run in page.data["findings"]["runs"]]  # the checker's runs are listed


def test_report_run_lists_the_checkers_findings(tmp_path: pathlib.Path) -> None:
    module = load_file(str(MLP / "cmd.generic.mlir"))
    MUTANTS["conflicting-wave"](module, "main")  # two dispatches in one wave: a race
    racy = tmp_path / "racy.mlir"
    racy.write_text(print_generic(module))
    page = _mlp_report(racy)
    findings = page.data["findings"]
    assert findings["clean"] is False
    kinds = [f"{f['category']}/{f['kind']}" for f in findings["findings"]]
    assert "race/write-read" in kinds
    [table, *_] = page.tables["findings"]
    assert [f"{row[0]}/{row[1]}" for row in table[1:]] == kinds
    assert all(str(racy) in row[3] for row in table[1:] if row[0] == "race")  # located in the user's file


def _sweep(tmp_path: pathlib.Path) -> object:
    study = study_from_dict(
        {
            "programs": [{"fixture": str(ATTENTION)}],
            "machines": ["cpu", "discrete-gpu"],
            "overrides": {"queues": [1, 2]},
            "metrics": ["makespan", "peak_memory"],
        },
        base_dir=tmp_path,
    )
    return run_study(study, cluster="inprocess", output=tmp_path / "results.parquet", progress=False)


def test_report_sweep_heatmaps_and_pareto_front_match_the_table(tmp_path: pathlib.Path) -> None:
    table = _sweep(tmp_path)
    page = Page(sweep_report(table).html)
    assert len(page.data["points"]) == len(table) == 4
    heat = page.data["heatmaps"]["makespan_ns"]
    assert (heat["x"], heat["y"]) == ("machine", "queues")
    expected = pivot(table, "machine", "queues", "makespan_ns")
    assert heat["values"] == expected.to_numpy(dtype=float).tolist()
    assert heat["columns"] == list(expected.columns) and heat["index"] == list(expected.index)
    front = pareto_front(table)
    assert page.data["pareto"] == [
        [float(a), float(b)] for a, b in zip(front["makespan_ns"], front["peak_memory_bytes"])
    ]
    assert len(page.tables["heatmaps"]) == 2  # makespan and peak memory


def test_report_cli_trace_program_and_sweep(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trace_path = tmp_path / "t.json"
    assert main(["run", str(MLP / "cmd.generic.mlir"), "--input", f"@{MLP / 'input0.npy'}",
                 "--parameters", f"model={MLP / 'params.irpa'}", "--timing-only", "--trace", str(trace_path),
                 "--no-summary"]) == 0  # fmt: skip
    out = tmp_path / "trace.html"
    assert main(["report", str(trace_path), "-o", str(out)]) == 0
    assert f"wrote HTML report {out}" in capsys.readouterr().out
    _check_against_trace(Page(out.read_text()), read_trace(trace_path))
    # A program: inputs and parameters generated from the seed when not given, checked clean.
    out = tmp_path / "run.html"
    assert main(["report", str(MLP / "cmd.generic.mlir"), "-o", str(out), "--machine", "discrete-gpu"]) == 0
    page = Page(out.read_text())
    assert page.data["findings"]["clean"] is True and page.data["summary"]["machine"] == "discrete-gpu"
    _sweep(tmp_path)
    out = tmp_path / "sweep.html"
    assert main(["report", str(tmp_path / "results.parquet"), "-o", str(out)]) == 0
    assert len(Page(out.read_text()).data["points"]) == 4


def test_report_cli_bad_input_exits_2(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(tmp_path / "missing.json"), "-o", str(tmp_path / "x.html")]) == 2
    assert "missing.json: no such file" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["report", str(bad), "-o", str(tmp_path / "x.html")]) == 2
    assert "bad.json" in capsys.readouterr().err
    assert main(["report", str(MLP / "cmd.generic.mlir"), "-o", str(tmp_path / "no" / "dir" / "x.html")]) == 2
    assert "cannot write" in capsys.readouterr().err


def _results(**change: object) -> object:
    """A sweep's results table (the columns streamsim sweep writes) with ``change``'s columns replaced."""
    import pandas as pd

    table = pd.DataFrame(
        {
            "point": ["a1", "b2"], "program": ["p", "p"], "machine": ["cpu", "apu"], "seed": [0, 0],
            "status": ["ok", "ok"], "error": [None, None], "makespan_ns": [100, 80],
        }
    )  # fmt: skip
    for column, values in change.items():
        table[column] = values
    return table


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"not parquet at all", "not a readable Parquet file (Could not open Parquet input source"),
        (b"PAR1garbagePAR1", "not a readable Parquet file"),  # magic bytes, a footer length past the end
        ("other", "not a sweep's results table: missing the column(s) 'point', 'program'"),
        (_results(status=["ok", "done"]), "not a sweep's results table: row 1: status 'done' is not one of ok, error, missing"),
        (_results(makespan_ns=["1", "x"]), "not a sweep's results table: metric column 'makespan_ns' holds "),
        (_results(seed=[0.0, float("inf")]), "not a sweep's results table: row 1: column 'seed' is inf, not a finite number"),
    ],
)
def test_report_of_a_bad_results_table_exits_2(
    content: object, expected: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A .parquet that is not a Parquet file, or not a sweep's results, was an internal error (exit 70:
    pyarrow's ArrowInvalid, a NaN or a string where the heatmaps want numbers, an infinity JSON cannot
    hold) or a page of an unrelated table; it is bad input naming the file (tools/fuzz_campaign.py's
    "results" area)."""
    import pandas as pd

    path = tmp_path / "results.parquet"
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, pd.DataFrame):
        content.to_parquet(path, index=False)
    else:
        pd.DataFrame({"a": [1, 2]}).to_parquet(path)
    assert main(["report", str(path), "-o", str(tmp_path / "x.html")]) == 2
    err = capsys.readouterr().err
    assert f"{path}: {expected}" in err and "internal error" not in err
    assert not (tmp_path / "x.html").exists()


def test_report_reads_a_results_table_whose_pandas_metadata_is_damaged(tmp_path: pathlib.Path) -> None:
    """pandas' metadata in the Parquet footer (dtypes, index) is not needed to read a results table:
    a damaged blob (a KeyError in pyarrow's conversion before) is ignored, the table read as Arrow has it."""
    import pyarrow
    import pyarrow.parquet

    from simulator.sweep.run import read_parquet

    arrow = pyarrow.Table.from_pandas(_results(), preserve_index=False)  # type: ignore[arg-type]
    damaged = arrow.replace_schema_metadata({b"pandas": b'{"index_columns": [], "columns": [{"name": "x"}]}'})
    pyarrow.parquet.write_table(damaged, tmp_path / "r.parquet")
    table = read_parquet(tmp_path / "r.parquet")
    assert list(table["makespan_ns"]) == [100, 80] and list(table["status"]) == ["ok", "ok"]
    assert main(["report", str(tmp_path / "r.parquet"), "-o", str(tmp_path / "r.html")]) == 0


# -- headless Chromium ----------------------------------------------------------------------------------


def _chromium() -> str:
    """The Chromium binary; skipped without one, failed under STREAMSIM_REQUIRE_CHROMIUM=1."""
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path:
        return path
    if os.environ.get("STREAMSIM_REQUIRE_CHROMIUM") == "1":
        pytest.fail("STREAMSIM_REQUIRE_CHROMIUM=1 but chromium is not installed (Debian package chromium)")
    pytest.skip("needs headless Chromium (Debian package chromium) to render the report")


def _render(html_path: pathlib.Path, png: pathlib.Path) -> tuple[str, list[str], float]:
    """The DOM after the page's script ran, its console messages, and the screenshot's render time."""
    chromium = _chromium()
    base = [
        chromium,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--user-data-dir=" + str(png.parent / "profile"),
    ]
    start = time.perf_counter()
    shot = subprocess.run(
        [*base, "--enable-logging=stderr", "--v=0", f"--screenshot={png}", "--window-size=1280,900",
         html_path.as_uri()],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    seconds = time.perf_counter() - start
    console = [line for line in shot.stderr.splitlines() if ":CONSOLE" in line]
    dom = subprocess.run(
        [*base, "--dump-dom", html_path.as_uri()], capture_output=True, text=True, timeout=120, check=True
    ).stdout
    return dom, console, seconds


def _body(dom: str) -> dict[str, str]:
    class Body(Page):
        def __init__(self, text: str) -> None:
            self.attrs: dict[str, str] = {}
            super().__init__(text)

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "body":
                self.attrs = {k: v or "" for k, v in attrs}
            super().handle_starttag(tag, attrs)

    return Body(dom).attrs


def _has_colour(png: pathlib.Path, hex_colour: str) -> bool:
    import matplotlib.image

    pixels = (matplotlib.image.imread(png)[:, :, :3] * 255).round().astype(int)
    want = np.array([int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)])
    return bool((np.abs(pixels - want).max(axis=2) <= 2).any())


def _deep_trace(dispatches: int) -> Trace:
    t = Trace(TraceMetadata(machine="bench", program=f"{dispatches} dispatches", version="test"))
    clock = [0, 0]
    for i in range(dispatches):
        q = i % 3 == 2
        t.add_span(Track.queue("gpu0", f"queue0.{1 if q else 0}" if q else "queue0"), f"main_dispatch_{i}_matmul",
                   "dispatch", clock[q], 4000 + (i * 37) % 500, {"loc": f"m.mlir:{i + 1}:3"})  # fmt: skip
        clock[q] += 4600
    for k in range(2 * dispatches // 3):
        t.add_span(Track.storage(f"io{k % 8}", "nvme0"), "read", "io", k * 1000, 7000)
    return t


@pytest.mark.parametrize("kind", ["fixture-run", "2000-dispatches", "sweep"])
def test_report_renders_in_headless_chromium(kind: str, tmp_path: pathlib.Path) -> None:
    _chromium()
    html_path = tmp_path / f"{kind}.html"
    if kind == "fixture-run":
        report = run_report(
            ATTENTION / "cmd.generic.mlir",
            "main",
            [np.load(ATTENTION / "input0.npy")],
            machine="discrete-gpu",
            parameters={"model": ATTENTION / "params.irpa"},
        )
    elif kind == "2000-dispatches":
        from traces.report import trace_report

        report = trace_report(_deep_trace(2000))
    else:
        report = sweep_report(_sweep(tmp_path))
    report.write(html_path)
    png = tmp_path / f"{kind}.png"
    dom, console, _ = _render(html_path, png)
    assert console == []  # no errors, no warnings, nothing logged
    body = _body(dom)
    rows = report.data.get("timeline", {}).get("rows", [])
    if rows:
        # The script ran to the end and drew the expected rows; the screenshot shows dispatch bars.
        assert body["data-rendered"] == str(len(rows))
        assert body["data-rows"].split("|") == [r["label"] for r in rows]
        timeline = report.data["timeline"]
        assert int(body["data-drawn-spans"]) == len(timeline["spans"])
        # The whole run is in view: every flow is an arrow, every critical span is marked.
        assert int(body["data-drawn-flows"]) == len(timeline["flows"])
        assert int(body["data-drawn-critical"]) == len(timeline["critical"]) > 0
        assert body.get("data-memory-series") == (str(len(timeline["memory"]["labels"])) if
                                                  timeline["memory"]["labels"] else None)  # fmt: skip
        assert _has_colour(png, "#4C72B0")
        if timeline["critical"]:
            assert _has_colour(png, "#C44E52")  # the critical path's strip and arrows
    else:
        assert "data-rendered" not in body  # a sweep has no timeline; its heatmap's darkest cell shows
        assert _has_colour(png, "#08306b")


def test_report_run_simulates_once_and_takes_the_checkers_options(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The page shows the checker's watched run: no separate simulation for the timeline."""
    invocations: list[bool] = []
    invoke = Session.invoke

    async def counted(self: Session, *args: object, **kw: object) -> object:
        invocations.append(bool(kw.get("timing_only")))
        return await invoke(self, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(Session, "invoke", counted)
    inputs = [np.load(MLP / "input0.npy")]
    params = {"model": MLP / "params.irpa"}
    page = Page(run_report(MLP / "cmd.generic.mlir", "main", inputs, parameters=params, reference=False).html)
    assert invocations == [False]  # one run, with data: the checked one
    assert page.data["findings"]["clean"] is True
    [run] = page.data["findings"]["runs"]
    assert run["name"] == "checked" and run["makespan_ns"] == page.data["summary"]["makespan_ns"]
    invocations.clear()
    run_report(MLP / "cmd.generic.mlir", "main", inputs, parameters=params, check=False)
    assert invocations == [True]  # not checked: one timing-only run
    # The CLI passes the checker's options: two interleavings plus the checked run and the reference.
    invocations.clear()
    out = tmp_path / "r.html"
    assert main(["report", str(MLP / "cmd.generic.mlir"), "-o", str(out), "--interleavings", "2",
                 "--queue-order"]) == 0  # fmt: skip
    assert len(invocations) == 4
    assert [r["name"].split(" (")[0] for r in Page(out.read_text()).data["findings"]["runs"]] == [
        "checked", "reference", "interleaving 0", "interleaving 1"
    ]
    assert main(["report", str(MLP / "cmd.generic.mlir"), "-o", str(out), "--interleavings", "-1"]) == 2
    assert "--interleavings must not be negative" in capsys.readouterr().err


def test_report_of_a_failing_run_shows_its_timeline_up_to_the_failure(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "fault.html"
    assert main(["report", str(MLP / "cmd.generic.mlir"), "-o", str(out), "--inject",
                 "read-failure:model::w1"]) == 0  # fmt: skip
    page = Page(out.read_text())
    assert page.data["findings"]["clean"] is False
    assert page.data["timeline"]["spans"]  # what ran before the read failed
    assert page.data["findings"]["runs"][0]["status"].startswith("failed")


def test_report_of_a_hal_program_takes_its_executable_sources(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "hal.html"
    assert main(["report", str(MLP / "hal.generic.mlir"), "--executable-sources", str(MLP / "cmd.generic.mlir"),
                 "--parameters", f"model={MLP / 'params.irpa'}", "--input", f"@{MLP / 'input0.npy'}",
                 "-o", str(out)]) == 0  # fmt: skip
    page = Page(out.read_text())
    assert page.data["findings"]["clean"] is True
    names = page.data["timeline"]["names"]
    recorded = [s for s in page.data["timeline"]["spans"] if names[s[7]] == "record command buffer"]
    assert recorded and page.data["timeline"]["flows"]
