"""Tests of ``streamsim trace``."""

from __future__ import annotations

import json
import pathlib

import pytest

from simulator.cli import main
from traces import Trace, check_chrome_trace, read_trace

MLP_PROFILE = pathlib.Path(__file__).parents[1] / "fixtures/iree/mlp/profile.jsonl"
ATTENTION_PROFILE = pathlib.Path(__file__).parents[1] / "fixtures/iree/attention_block/profile.jsonl"


@pytest.fixture
def sample_file(tmp_path: pathlib.Path, sample_trace: Trace) -> pathlib.Path:
    path = tmp_path / "sample.json.gz"
    sample_trace.to_chrome_json(path)
    return path


def test_cli_trace_summary_text(sample_file: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", "summary", str(sample_file)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "makespan_ns: 200" in out
    assert "critical_path_ns: 200 (3 spans)" in out
    assert "  device0/queue0: 40.0%" in out
    assert "  device0/pool0: 4160" in out
    assert "  sync: 200 (100.0% of makespan)" in out


@pytest.mark.parametrize("machine", ["cpu", "discrete-gpu"])
def test_cli_trace_summary_of_a_run_adds_no_time_over_parallel_tracks(
    machine: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 17: transfer 271 us against a 117 us makespan, host 96% busy awaiting, and the queue at
    31.0% in the summary and 75.9% in the run statistics under two device names."""
    d = ATTENTION_PROFILE.parent
    path = tmp_path / "t.json"
    run = ["run", str(d / "cmd.generic.mlir"), "--input", f"@{d / 'input0.npy'}", "--timing-only"]
    run += ["--parameters", f"model={d / 'params.irpa'}", "--machine", machine, "--trace", str(path)]
    assert main(run) == 0
    stats = {
        line.split()[1]: float(line.split()[2].rstrip("%"))
        for line in capsys.readouterr().out.splitlines()
        if line.startswith("busy ")
    }
    assert main(["trace", "summary", "--json", str(path)]) == 0
    summary = json.loads(capsys.readouterr().out)
    makespan = summary["makespan_ns"]
    assert all(0 < v <= makespan for v in summary["time_by_category_ns"].values()), summary
    utilisation = summary["utilisation"]
    # One naming, one definition: every queue of the run statistics is a resource of the summary, with
    # the same busy fraction (to the statistics' printed precision).
    assert stats and all(round(100 * utilisation[name], 1) == pct for name, pct in stats.items())
    # The host's awaits are not work: it only submits.
    assert utilisation["host/main"] < 0.5
    assert "host/calls" not in utilisation


def test_cli_trace_summary_json_of_iree_profile(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", "summary", "--json", str(MLP_PROFILE)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["program"] == "mlp"
    assert summary["time_by_category_ns"]["dispatch"] == 22423 + 4376


@pytest.mark.parametrize(
    "kind", ["timeline", "memory", "utilisation"], ids=["timeline", "memory", "utilisation"]
)
def test_cli_trace_plot_writes_png(sample_file: pathlib.Path, tmp_path: pathlib.Path, kind: str) -> None:
    out = tmp_path / "out.png"
    assert (
        main(
            [
                "trace",
                "plot",
                str(sample_file),
                "-o",
                str(out),
                "--kind",
                kind,
                "--critical",
                "--dependencies",
            ]
        )
        == 0
    )
    assert out.read_bytes().startswith(b"\x89PNG")


def test_cli_trace_diff(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", "diff", str(MLP_PROFILE), str(ATTENTION_PROFILE), "--json"]) == 0
    diff = json.loads(capsys.readouterr().out)
    assert diff["makespan"]["delta_ns"] == diff["makespan"]["b_ns"] - diff["makespan"]["a_ns"]
    dispatch = next(r for r in diff["by_category"] if r["key"] == "dispatch")
    assert dispatch["a_ns"] == 22423 + 4376
    assert main(["trace", "diff", str(MLP_PROFILE), str(ATTENTION_PROFILE), "--top", "1"]) == 0
    text = capsys.readouterr().out
    assert text.split("by op:\n")[1].count("\n") == 1


def test_cli_trace_import_iree_and_check(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t.json"
    assert main(["trace", "import-iree", str(MLP_PROFILE), "-o", str(out), "--program", "mlp"]) == 0
    assert "10 spans" in capsys.readouterr().out
    assert check_chrome_trace(out) == []
    assert read_trace(out).metadata.program == "mlp"
    assert main(["trace", "check", str(out)]) == 0


def test_cli_trace_check_reports_problems(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    events = [
        {"ph": "X", "ts": 0, "pid": 1, "tid": 1, "dur": 2, "name": "a", "cat": "dispatch"},
        {"ph": "X", "ts": 1, "pid": 1, "tid": 1, "dur": 2, "name": "b", "cat": "dispatch"},
    ]
    path.write_text(json.dumps(events))
    assert main(["trace", "check", str(path)]) == 1
    assert "slice 'b' [1000, 3000) ns overlaps slice 'a' [0, 2000) ns" in capsys.readouterr().out
    path.write_text(json.dumps([{"ph": "X", "ts": 0, "pid": 1, "tid": 1, "dur": -1}]))
    assert main(["trace", "check", str(path)]) == 2
    assert "duration must be >= 0" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["trace", "summary", "{tmp}/missing.json"], "no such file: {tmp}/missing.json"),
        (["trace", "summary", "{tmp}/bad.json"], "{tmp}/bad.json:1: malformed JSON"),
        (
            ["trace", "import-iree", "{tmp}/bad.jsonl", "-o", "{tmp}/o.json"],
            "{tmp}/bad.jsonl:1: malformed JSON",
        ),
        (["trace", "diff", "{tmp}/bad.json", "{tmp}/bad.json", "--top", "-1"], "--top must be >= 0, got -1"),
    ],
    ids=["missing", "bad-json", "bad-jsonl", "bad-top"],
)
def test_cli_trace_errors_are_one_line_exit_2(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    (tmp_path / "bad.json").write_text("{nope")
    (tmp_path / "bad.jsonl").write_text("{nope\n")
    argv = [a.format(tmp=tmp_path) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"streamsim: error: {message.format(tmp=tmp_path)}")
    assert err.count("\n") == 1


def test_cli_trace_plot_side_by_side(sample_file: pathlib.Path, tmp_path: pathlib.Path, capsys) -> None:
    out = tmp_path / "both.png"
    assert main(["trace", "plot", str(MLP_PROFILE), str(sample_file), "-o", str(out), "--critical"]) == 0
    assert out.read_bytes().startswith(b"\x89PNG")
    assert (
        main(["trace", "plot", str(MLP_PROFILE), str(sample_file), "-o", str(out), "--kind", "memory"]) == 2
    )
    assert "--kind memory plots one trace; got 2" in capsys.readouterr().err
