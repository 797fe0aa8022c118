"""Every ``streamsim trace`` verb gives one line and exit 2 on a trace it cannot load (issue 13, item 7).

``trace check`` must reject what the other verbs cannot handle: each invalid file below is refused by
summary, check, plot and diff alike, with one line naming the file, and never a traceback or an exit 0.
"""

from __future__ import annotations

import gzip
import json
import pathlib

import pytest

from simulator.cli import main

OK = {"ph": "X", "ts": 0, "dur": 1, "pid": 1, "tid": 1, "name": "a", "cat": "dispatch"}
HEADER = '{"displayTimeUnit":"ns","metadata":{},"traceEvents":[\n'


def _events(*events: dict) -> str:
    return json.dumps(list(events))


INVALID: dict[str, tuple[bytes | str, str]] = {
    "ts-1e308": (_events(dict(OK, ts=1e308)), "time 1e+308 us is out of range"),
    "dur-1e300": (_events(dict(OK, dur=1e300)), "out of range"),
    "deep-nesting": ("[" * 100_000 + "]" * 100_000, "JSON nested too deeply"),
    "deep-args": (
        '[{"ph":"X","ts":0,"dur":1,"pid":1,"tid":1,"args":' + '{"a":' * 5000 + "1" + "}" * 5000 + "}]",
        "JSON nested too deeply",
    ),
    "binary": (bytes(range(256)) * 4, "not UTF-8 text"),
    "binary-gzip": (gzip.compress(bytes(range(256)) * 4, mtime=0), "not UTF-8 text"),
    "corrupt-gzip": (gzip.compress(b"[1,2,3]", mtime=0)[:-8] + b"xxxxxxxx", "corrupt gzip data"),
    "empty": ("", "empty file"),
    "nan-literal": ('[{"ph":"X","ts":NaN,"dur":1,"pid":1,"tid":1}]', "malformed JSON"),
    "infinity-literal": ('[{"ph":"X","ts":Infinity,"dur":1,"pid":1,"tid":1}]', "malformed JSON"),
    "string-document": ('"hello"', "expected a JSON array of events"),
    "object-without-events": ("{}", "without traceEvents"),
    "events-not-list": ('{"traceEvents": 5}', "expected a JSON array of events"),
    "event-not-object": ("[1]", "event is not a JSON object"),
    "ts-string": (_events(dict(OK, ts="0")), "time must be a number"),
    "pid-string": (_events(dict(OK, pid="1")), "'pid' must be an integer"),
    "pid-list": (_events(dict(OK, pid=[1])), "bad X event"),
    "negative-dur": (_events(dict(OK, dur=-1)), "duration must be >= 0"),
    "e-without-b": (_events({"ph": "E", "ts": 1, "pid": 1, "tid": 1}), "E event with no open B"),
    "b-without-e": (_events({"ph": "B", "ts": 1, "pid": 1, "tid": 1, "name": "x"}), "has no E event"),
    "e-closes-other": (
        _events(
            {"ph": "B", "ts": 1, "pid": 1, "tid": 1, "name": "x", "cat": "host"},
            {"ph": "E", "ts": 2, "pid": 1, "tid": 1, "name": "y"},
        ),
        "closes the B event 'x'",
    ),
    "unknown-category": (_events(dict(OK, cat="gpu")), "category 'gpu'"),
    "args-not-object": (_events(dict(OK, args=[1])), "args must be an object"),
    "name-not-string": (_events(dict(OK, name=5)), "name must be a string"),
    "ph-not-string": (_events(dict(OK, ph=5)), "'ph' must be a string"),
    "counter-string": (
        _events({"ph": "C", "ts": 0, "pid": 1, "tid": 1, "name": "c", "args": {"v": "x"}}),
        "value must be a number",
    ),
    "counter-empty": (
        _events({"ph": "C", "ts": 0, "pid": 1, "tid": 1, "name": "c", "args": {}}),
        "C args must be a non-empty object",
    ),
    "flow-without-end": (
        _events(OK, {"ph": "s", "ts": 0, "pid": 1, "tid": 1, "id": 1, "span_id": 0, "cat": "flow"}),
        "flow start id 1 has no flow end",
    ),
    "flow-to-missing-span": (
        _events(
            OK,
            {"ph": "s", "ts": 0, "pid": 1, "tid": 1, "id": 1, "span_id": 0, "cat": "flow"},
            {"ph": "f", "ts": 0, "pid": 1, "tid": 1, "id": 1, "span_id": 9, "cat": "flow"},
        ),
        "names span 9, which is not in the trace",
    ),
    "duplicate-span-id": (_events(dict(OK, id=1), dict(OK, id=1, ts=5)), "span id 1 is already"),
    "thread-name-without-args": (
        _events({"ph": "M", "ts": 0, "pid": 1, "tid": 1, "name": "thread_name"}),
        "missing member 'name'",
    ),
    "thread-kind-unknown": (
        _events(
            {
                "ph": "M",
                "ts": 0,
                "pid": 1,
                "tid": 1,
                "name": "thread_name",
                "args": {"name": "q", "kind": "x"},
            }
        ),
        "kind must be one of",
    ),
    "truncated-layout": (HEADER + json.dumps(OK) + ",\n", "truncated trace"),
    "data-after-end": (HEADER + json.dumps(OK) + "\n]}\ngarbage\n", "data after the end"),
    "bad-metadata": (
        '{"displayTimeUnit":"ns","metadata":{"seed":"x"},"traceEvents":[\n' + json.dumps(OK) + "\n]}\n",
        "bad trace metadata",
    ),
}


def _argv(verb: str, path: pathlib.Path, tmp_path: pathlib.Path) -> list[str]:
    if verb == "plot":
        return ["trace", "plot", str(path), "-o", str(tmp_path / "out.png")]
    if verb == "diff":
        return ["trace", "diff", str(path), str(path)]
    return ["trace", verb, str(path)]


@pytest.mark.parametrize("verb", ["summary", "check", "plot", "diff"])
@pytest.mark.parametrize("case", sorted(INVALID))
def test_cli_trace_verbs_reject_invalid_trace_in_one_line(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], case: str, verb: str
) -> None:
    content, message = INVALID[case]
    path = tmp_path / ("t.json.gz" if "gzip" in case else "t.json")
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    assert main(_argv(verb, path, tmp_path)) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"streamsim: error: {path}")
    assert message in captured.err
    assert captured.err.count("\n") == 1
    assert not (tmp_path / "out.png").exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "no records: an empty file"),
        ("\n  \n", "no records: an empty file"),
        (bytes(range(256)), "malformed JSON"),
        (b'{"type":"queue"}\n\xff\xfe', ":2: not UTF-8 text"),
        ("[" * 100_000, "malformed JSON"),
    ],
    ids=["empty", "blank", "binary", "binary-line-2", "deep"],
)
def test_cli_trace_import_iree_rejects_invalid_profile(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], content: str | bytes, message: str
) -> None:
    path = tmp_path / "p.jsonl"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    assert main(["trace", "import-iree", str(path), "-o", str(tmp_path / "o.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"streamsim: error: {path}") and message in err and err.count("\n") == 1
    assert main(["trace", "summary", str(path)]) == 2
    assert not (tmp_path / "o.json").exists()


@pytest.mark.parametrize("output", ["timeline", "plots/timeline", "."])
def test_cli_trace_plot_needs_an_image_suffix(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str], output: str
) -> None:
    """Without a suffix, matplotlib wrote OUTPUT.png, a file the user did not name, and the CLI said
    "wrote OUTPUT" with exit 0 (a directory given as -o became DIR.png beside it)."""
    path = tmp_path / "t.json"
    path.write_text(_events(OK))
    (tmp_path / "plots").mkdir()
    target = tmp_path / output
    assert main(["trace", "plot", str(path), "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write plot {target}: name the image format with a suffix (" in err and ".png" in err
    assert not list(tmp_path.rglob("*.png"))
    assert main(["trace", "plot", str(path), "-o", str(tmp_path / "t.svg")]) == 0
    assert (tmp_path / "t.svg").read_text().startswith("<?xml")
