"""The Chrome reader's msgspec groups (traces.chrome_groups) read the records the orjson path reads, and for a
bad or unusual line anywhere in a group the same records, or the same error naming the same line."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

import traces.chrome_groups
import traces.chrome_read
from traces import Trace, Track, read_trace
from traces.errors import TraceError


def _trace() -> Trace:
    """Several full groups of each kind the writer writes: spans, flow pairs and counters (64 lines a
    group: 201 spans, 150 flows, 160 counters), with args of every kind of value the fast path types. Every
    group of flows ends between a flow's s and f."""
    trace = Trace()
    for i in range(201):
        args: dict[str, Any] = {"i": i, "op": "x"}
        if i % 5 == 0:
            args.update(dims=[i, 2.5, None, True, "d"], more={"a": i, "b": -0.5, "c": False}, none=None)
        trace.add_span(Track.queue(0, i % 3), f"k{i % 7}", "dispatch", i * 10, 5 + i % 4, args)
        if 50 <= i < 200:
            trace.add_flow(i - 1, i, args={"value": i} if i % 2 else {})
    for i in range(160):
        trace.add_counter(Track.pool(0, i % 2), "memory_bytes", i * 10, i * 64)
    return trace


def _read(path: pathlib.Path, groups: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[object, ...] | str:
    """What reading ``path`` gives, with the msgspec groups on or off: the records, tracks, next id and
    metadata, or the error's message."""
    with monkeypatch.context() as patch:
        patch.setattr(traces.chrome_read, "_GROUPS", groups)
        try:
            got = read_trace(path)
        except TraceError as exc:
            return str(exc)
    return got.spans, got.flows, got.counters, got.tracks, got._next_id, got.metadata


def _count_groups(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """The answers of every group reader read_trace makes from now on, in order."""
    answers: list[bool] = []
    make = traces.chrome_groups.group_reader

    def counted(*args: Any) -> Callable[[memoryview, int], bool]:
        read = make(*args)

        def read_counted(lines: memoryview, count: int) -> bool:
            answers.append(read(lines, count))
            return answers[-1]

        return read_counted

    monkeypatch.setattr(traces.chrome_groups, "group_reader", counted)
    return answers


def test_groups_read_the_records_the_orjson_path_does(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "t.json"
    _trace().to_chrome_json(path)
    answers = _count_groups(monkeypatch)
    grouped = _read(path, True, monkeypatch)
    # 673 lines of events: 10 groups of 64, one of 32 and the last line (the careful path's); the first
    # group holds the M events.
    assert answers == [False] + [True] * 10, answers
    lines = path.read_bytes().split(b"\n")
    assert [i for i in range(64, len(lines), 64) if lines[i].startswith(b'{"ph":"s"')] == [256, 320, 384, 448, 512]
    assert grouped == _read(path, False, monkeypatch)
    expected = _trace()
    assert grouped[:3] == (expected.spans, expected.flows, expected.counters)
    assert read_trace(path) == expected


def _edit(pattern: str, old: str, new: str) -> Callable[[list[bytes]], None]:
    """Replace ``old`` by ``new`` in the line that matches ``pattern``, in the middle of its group."""
    regex = re.compile(pattern.encode())

    def edit(lines: list[bytes]) -> None:
        index = next(i for i, line in enumerate(lines) if regex.search(line))
        assert old.encode() in lines[index], lines[index]
        lines[index] = lines[index].replace(old.encode(), new.encode("utf-8", "surrogatepass"), 1)

    return edit


def _move_ph_last(pattern: str) -> Callable[[list[bytes]], None]:
    def edit(lines: list[bytes]) -> None:
        index = next(i for i, line in enumerate(lines) if re.search(pattern.encode(), line))
        ph = re.search(rb'"ph":"[^"]*",', lines[index])
        assert ph is not None
        line = lines[index].replace(ph.group(), b"", 1)
        lines[index] = line[: line.rindex(b"}")] + b"," + ph.group()[:-1] + line[line.rindex(b"}") :]

    return edit


_SPAN = r'"name":"k\d","cat":"dispatch","id":100,'
_SPAN_DIMS = r'"id":95,"args":\{"i":95,'
_FLOW_START = r'"ph":"s".*"id":90,'
_FLOW_END = r'"ph":"f".*"id":90,'
_COUNTER = r'"ph":"C".*"ts":1\.000,'
_BIG = str(2**70)


def _edit_split_flow(line: int, old: str, new: str) -> Callable[[list[bytes]], None]:
    """Replace ``old`` by ``new`` in the ``s`` (``line`` 0) or ``f`` (1) of the first flow whose two lines
    are in two groups (the last line of one, the first of the next)."""

    def edit(lines: list[bytes]) -> None:
        assert lines[256].startswith(b'{"ph":"s"') and lines[257].startswith(b'{"ph":"f"')
        assert old.encode() in lines[256 + line], lines[256 + line]
        lines[256 + line] = lines[256 + line].replace(old.encode(), new.encode(), 1)

    return edit

_EDITS = [
    _edit(_SPAN, '"cat":"dispatch"', '"cat":"gpu"'),
    _edit(_SPAN, '"cat":"dispatch"', '"cat":["dispatch"]'),
    _edit(_SPAN, '"ts":1.000', '"ts":1'),
    _edit(_SPAN, '"ts":1.000', '"ts":"1"'),
    _edit(_SPAN, '"ts":1.000', '"ts":1e300'),
    _edit(_SPAN, '"ts":1.000', '"ts":1e400'),
    _edit(_SPAN, '"ts":1.000', f'"ts":{_BIG}'),
    _edit(_SPAN, '"ts":1.000', '"ts":true'),
    # Integer times (the group reader rounds floats only): exact where a float's product would not be.
    _edit(_SPAN, '"ts":1.000', '"ts":4000000000000001'),
    _edit(_SPAN, '"dur":0.00', '"dur":3'),
    _edit(_COUNTER, '"ts":1.000', '"ts":-4000000000000001'),
    _edit(_SPAN, '"dur":0.00', '"dur":-0.00'),
    _edit(_SPAN, '"dur":0.00', '"dur":-1'),
    _edit(_SPAN, '"id":100,', '"id":99,'),
    _edit(_SPAN, '"id":100,', '"id":5,'),
    _edit(_SPAN, '"id":100,', '"id":"100",'),
    _edit(_SPAN, '"id":100,', '"id":-1,'),
    _edit(_SPAN, '"id":100,', '"id":100.0,'),
    _edit(_SPAN, '"id":100,', '"id":true,'),
    _edit(_SPAN, '"id":100,', f'"id":{_BIG},'),
    _edit(_SPAN, '"id":100,', f'"id":{2**64 - 1},'),
    _edit(_SPAN, '"id":100,', f'"id":{2**64},'),
    _edit(_SPAN, '"id":100,', '"id":100,"id":7,'),
    _edit(_SPAN, '"id":100,', ""),
    _edit(_SPAN, '"name":"k', '"name":7,"x":"k'),
    _edit(_SPAN, '"name":"k', '"name":"\\u006b\\ud83d\\ude00'),
    _edit(_SPAN, '"name":"k', '"name":"\\ud800k'),
    _edit(_SPAN, '"name":"k', '"name":"\udcffk'),
    _edit(_SPAN, '"name":"k', '"name":"\x01k'),
    _edit(_SPAN, ',"args":{', ',"args":7,"a":{'),
    _edit(_SPAN, ',"args":{', ',"a":{'),
    _edit(_SPAN, ',"args":{', ',"args":{"deep":[[1]],'),
    _edit(_SPAN, ',"args":{', ',"args":{"deep":{"a":{}},'),
    _edit(_SPAN, ',"args":{', ',"args":{"o":1,"o":2,'),
    _edit(_SPAN, ',"args":{', f',"args":{{"big":{_BIG},'),
    _edit(_SPAN, ',"args":{', f',"args":{{"big":[-{_BIG}],'),
    _edit(_SPAN, ',"args":{', f',"args":{{"big":{{"b":{2**64}}},'),
    _edit(_SPAN, ',"args":{', f',"args":{{"edge":{2**64 - 1},"low":{-(2**63)},'),
    _edit(_SPAN, ',"args":{', f',"args":{{"low":{-(2**63) - 1},'),
    _edit(_SPAN, ',"args":{', ',"args":{"f":1e400,'),
    _edit(_SPAN, ',"args":{', ',"args":{"f":-1e308,"g":1.7976931348623157e308,"h":5e-324,'),
    _edit(_SPAN, ',"args":{', ',"args":{"f":NaN,'),
    _edit(_SPAN, ',"args":{', ',"args":{"f":1.00000000000000011102230246251565404236316680908203125,'),
    _edit(_SPAN, ',"args":{', ',"args":{"\udcff":1,'),
    _edit(_SPAN, ',"args":{', ',"args":{"f":1e-400,"g":-0.0,"h":0.1e1,"i":1E+2,'),
    _edit(_SPAN, ',"args":{', ',"args":{"f":.5,'),
    _edit(_SPAN, ',"args":{', ',"args":{"f":1.,'),
    _edit(_SPAN, ',"args":{', ',"args":{"f":+1,'),
    _edit(_SPAN, ',"args":{', ',"args":{"f":-,'),
    _edit(_SPAN, ',"args":{', ',"args":{"f":tru,'),
    _edit(_SPAN, ',"args":{', ',"args":{"f":True,'),
    _edit(_SPAN, ',"args":{', r',"args":{"f":"\u00e9\n\"\/",'),
    _edit(_SPAN, ',"args":{', r',"args":{"f":"\x",'),
    _edit(_SPAN, ',"args":{', r',"args":{"f":"\t\u0000",'),
    _edit(_SPAN, ',"args":{', ',"args":{"f":"\t",'),
    _edit(_SPAN, ',"args":{', ',"args":{\t"f" :\r 1 ,'),
    _edit(_SPAN, ',"args":{', ',"args":{\x0c"f":1,'),
    _edit(_SPAN, ',"args":{', ',"args":{"f":1,/*c*/'),
    _edit(_SPAN, '"id":100,', '"id":0100,'),
    _edit(_SPAN, '"id":100,', '"id":1e2,'),
    _edit(_SPAN, '"pid":', '"pid":9,"p":'),
    _edit(_SPAN, '"pid":', f'"pid":{_BIG},"p":'),
    _edit(_SPAN, '"tid":', '"tid":[1],"t":'),
    _edit(_SPAN, '"tid":', '"tts":[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]],"tid":'),
    _edit(_SPAN, '"tid":', '"tts":' + "[" * 2000 + "]" * 2000 + ',"tid":'),
    _edit(_SPAN, '"tid":', '"tts":1e400,"tid":'),
    _edit(_SPAN, '"tid":', '"tts":"\udcff","tid":'),
    _edit(_SPAN, '"tid":', '"\udcff":1,"tid":'),
    _edit(_SPAN, ',"args":{', ',"args":{"deep":' + "[" * 2000 + "]" * 2000 + ","),
    _edit(_SPAN, '"ph":"X"', '"ph":"B"'),
    _edit(_SPAN, '"ph":"X"', '"ph":"i"'),
    _edit(_SPAN, '"ph":"X"', '"ph":"X","ph":"B"'),
    _edit(_SPAN, '"ph":"X"', '"ph":"B","ph":"X"'),
    _edit(_SPAN, '"ph":"X"', '"ph":7'),
    _edit(_SPAN, '"ph":"X",', ""),
    _move_ph_last(_SPAN),
    _edit(_SPAN, "},", "},{},"),
    _edit(_SPAN, "},", "} ,"),
    _edit(_SPAN, "},", "},,"),
    _edit(_SPAN_DIMS, '"dims":[', '"dims":[[],'),
    _edit(_SPAN_DIMS, '"more":{', '"more":{"d":[],'),
    _edit(_SPAN_DIMS, '"more":{', f'"more":{{"d":{_BIG},'),
    _edit(_FLOW_START, '"span_id":139', '"span_id":100000'),
    _edit(_FLOW_START, '"span_id":139', '"span_id":-139'),
    _edit(_FLOW_START, '"span_id":139', '"span_id":150'),
    _edit(_FLOW_START, '"id":90,', '"id":91,'),
    _edit(_FLOW_START, '"id":90,', '"id":true,'),
    _edit(_FLOW_START, '"id":90,', f'"id":{_BIG},'),
    _edit(_FLOW_START, '"name":"signal"', '"name":null'),
    _edit(_FLOW_START, ',"args":{', ',"a":{'),
    _edit(_FLOW_START, ',"args":{', f',"args":{{"big":{_BIG},'),
    _edit(_FLOW_START, '"span_id":139,', ""),
    _edit(_FLOW_START, '"ts":', '"ts":"now","t":'),
    _edit(_FLOW_START, '"cat":"flow"', '"cat":"flow","tts":"\udcff"'),
    _edit(_FLOW_END, '"bp":"e"', '"bp":"\udcff"'),
    _edit(_FLOW_END, '"bp":"e",', ""),
    _edit(_FLOW_END, '"cat":"flow"', '"cat":"flow","args":{}'),
    _edit_split_flow(0, '"id":21,', '"id":-21,'),
    _edit_split_flow(0, '"id":21,', '"id":21.0,'),
    _edit_split_flow(0, '"id":21,', '"id":"21",'),
    _edit_split_flow(0, '"span_id":70', '"span_id":70.0'),
    _edit_split_flow(0, '"span_id":70', '"span_id":-70'),
    _edit_split_flow(0, '"span_id":70', '"span_id":999'),
    _edit_split_flow(0, '"name":"signal"', '"name":null'),
    _edit_split_flow(0, '"args":{', '"args":[],"x":{'),
    _edit_split_flow(0, ',"args":{"value":71}', ""),
    _edit_split_flow(0, '"ph":"s"', '"ph":"X"'),
    _edit_split_flow(1, '"id":21,', '"id":22,'),
    _edit_split_flow(1, '"id":21,', '"id":21.0,'),
    _edit_split_flow(1, '"span_id":71', '"span_id":999'),
    _edit_split_flow(1, '"span_id":71', '"span_id":"71"'),
    _edit_split_flow(1, '"ph":"f"', '"ph":"s"'),
    _edit_split_flow(1, '"ph":"f"', '"ph":"X"'),
    _edit(_FLOW_END, '"span_id":140', '"span_id":140.5'),
    _edit(_FLOW_END, '"span_id":140', f'"span_id":{_BIG}'),
    _edit(_FLOW_END, '"id":90,', '"id":89,'),
    _edit(_FLOW_END, '"ph":"f"', '"ph":"s"'),
    _edit(_FLOW_END, '"ph":"f"', '"ph":"X"'),
    _edit(_COUNTER, '"args":{"memory_bytes":', '"args":{"memory_bytes":0.5,"x":'),
    _edit(_COUNTER, '"args":{"memory_bytes":', '"args":{"":'),
    _edit(_COUNTER, '"args":{"memory_bytes":', '"args":{"memory_bytes":1.5},"x":{"a":'),
    _edit(_COUNTER, '"args":{"memory_bytes":', '"args":{"memory_bytes":"big"},"x":{"a":'),
    _edit(_COUNTER, '"args":{"memory_bytes":', '"args":{"memory_bytes":true},"x":{"a":'),
    _edit(_COUNTER, '"args":{"memory_bytes":', '"args":{},"x":{"a":'),
    _edit(_COUNTER, '"args":{"memory_bytes":', f'"args":{{"memory_bytes":{_BIG}}},"x":{{"a":'),
    _edit(_COUNTER, '"args":{"memory_bytes":', '"args":{"memory_bytes":1,"free_bytes":'),
    _edit(_COUNTER, '"ts":1.000', '"ts":1'),
    _edit(_COUNTER, '"ts":1.000', '"ts":-1e300'),
    _edit(_COUNTER, '"tid":', '"tid":8,"t":'),
    _edit(_COUNTER, '"name":', '"name":1e400,"n":'),
    _edit(_COUNTER, '"name":', '"x":1,"name":'),
]


@pytest.mark.parametrize("edit", _EDITS, ids=[str(i) for i in range(len(_EDITS))])
def test_a_bad_or_unusual_line_reads_as_the_orjson_path_reads_it(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, edit: Callable[[list[bytes]], None]
) -> None:
    path = tmp_path / "t.json"
    _trace().to_chrome_json(path)
    lines = path.read_bytes().split(b"\n")
    edit(lines)
    path.write_bytes(b"\n".join(lines))
    grouped = _read(path, True, monkeypatch)
    assert grouped == _read(path, False, monkeypatch)
    if isinstance(grouped, str):
        assert re.match(r".*t\.json:\d+: ", grouped), grouped


@pytest.mark.parametrize(
    ("literal", "value"),
    [
        (str(2**70), float(2**70)),
        (str(2**64), float(2**64)),
        (str(2**64 - 1), 2**64 - 1),
        (str(-(2**63)), -(2**63)),
        (str(-(2**63) - 1), float(-(2**63) - 1)),
        ("-" + "9" * 30, -1e30),
    ],
)
def test_an_integer_beyond_64_bits_reads_as_a_float_either_way(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, literal: str, value: int | float
) -> None:
    """The rule of traces.chrome_groups: an integer from -2**63 to 2**64 - 1 is an int, one beyond it the
    nearest float, in a span's args whichever path read its group."""
    path = tmp_path / "t.json"
    _trace().to_chrome_json(path)
    lines = path.read_bytes().split(b"\n")
    _edit(_SPAN, ',"args":{"i":100', f',"args":{{"i":{literal}')(lines)
    path.write_bytes(b"\n".join(lines))
    answers = _count_groups(monkeypatch)
    for groups in (True, False):
        answers.clear()
        grouped = _read(path, groups, monkeypatch)
        assert not isinstance(grouped, str), grouped
        [span] = (span for span in grouped[0] if span.id == 100)  # type: ignore[attr-defined]
        assert span.args["i"] == value and type(span.args["i"]) is type(value)
        # (an int beyond int64's bounds takes its group the orjson way)
        fast = type(value) is int and -(2**63) <= value < 2**63
        expected = [False] + [True] * 10 if fast else [False, False] + [True] * 9
        assert answers == (expected if groups else []), answers


def test_importing_traces_does_not_load_msgspec() -> None:
    """The first read imports the group path (msgspec's import is 10-15 ms a process); a process that only
    writes traces, as a CLI run, does not load it."""
    code = "import sys, simulator.cli, traces; print(sorted(m for m in sys.modules if 'msgspec' in m))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]", out


def _x(span_id: int, tid: int = 1) -> str:
    return (
        f'{{"ph":"X","pid":1,"tid":{tid},"ts":{span_id}.000,"dur":1.000,"name":"k","cat":"dispatch",'
        f'"id":{span_id},"args":{{}}}}'
    )


def _s(flow_id: int, span_id: int) -> str:
    return (
        f'{{"ph":"s","pid":1,"tid":1,"ts":0.000,"name":"signal","cat":"flow","id":{flow_id},'
        f'"span_id":{span_id},"args":{{}}}}'
    )


def _f(flow_id: int, span_id: int) -> str:
    return (
        f'{{"ph":"f","bp":"e","pid":1,"tid":1,"ts":0.000,"name":"signal","cat":"flow","id":{flow_id},'
        f'"span_id":{span_id}}}'
    )


def _c(value: int, tid: int = 2) -> str:
    return f'{{"ph":"C","pid":1,"tid":{tid},"ts":1.000,"name":"q depth","args":{{"depth":{value}}}}}'


# Groups the fast path gathers a kind at a time: each flow's ends must be spans read before its end line, its
# two lines in order (a start, then its end), every record's track named. Good ones and bad ones.
_GROUPS = {
    "flow after its spans": [_x(1000), _x(1001), _s(500, 1000), _f(500, 1001), _c(3)],
    "flow ends in an earlier group": [_s(500, 0), _f(500, 1), _x(1000), _c(3), _s(501, 1000), _f(501, 2)],
    "flow start after its end": [_x(1000), _x(1001), _f(500, 1001), _s(500, 1000)],
    "flow before its source span": [_s(500, 1000), _f(500, 1), _x(1000)],
    "flow before its target span": [_x(1000), _s(500, 1000), _f(500, 1001), _x(1001)],
    "flow end before its start, ids in order": [_x(1000), _s(500, 1000), _f(500, 1), _f(501, 2), _s(501, 1000)],
    "two flows open at once": [_x(1000), _s(500, 1000), _s(501, 1000), _f(500, 1), _f(501, 2)],
    "flow end then start, ids shifted": [_x(1000), _f(500, 1), _s(500, 2), _f(501, 3), _s(501, 4), _f(502, 5)],
    "a start waiting at the end": [_x(1000), _s(500, 1000), _f(500, 2), _s(501, 1000)],
    "span on an unnamed track": [_x(1000), _x(1001, tid=7), _c(1)],
    "counter on an unnamed track": [_x(1000), _c(1), _c(2, tid=7)],
    "counters only": [_c(1), _c(2), _c(3)],
    "two samples in a counter": [_x(1000), _c(1).replace('{"depth":1}', '{"depth":1,"more":2}')],
    "an id twice in the group": [_x(1000), _x(1001), _x(1000)],
    "an id of an earlier group": [_x(1000), _x(5)],
}
_BAD_GROUPS = {
    "flow start after its end",
    "flow before its source span",
    "flow before its target span",
    "flow end before its start, ids in order",
    "flow end then start, ids shifted",
    "an id twice in the group",
    "an id of an earlier group",
}


@pytest.mark.parametrize("name", list(_GROUPS))
def test_a_crafted_group_reads_as_the_orjson_path_reads_it(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """The group (lines 66...) follows a group of spans on named tracks (the first holds the M events); its
    records, or its error, are the orjson path's."""
    meta = [
        '{"ph":"M","pid":1,"tid":0,"ts":0,"name":"process_name","args":{"name":"dev"}}',
        '{"ph":"M","pid":1,"tid":1,"ts":0,"name":"thread_name","args":{"name":"q","kind":"queue"}}',
        '{"ph":"M","pid":1,"tid":2,"ts":0,"name":"thread_name","args":{"name":"pool","kind":"pool"}}',
    ]
    events = meta + [_x(i) for i in range(64 - len(meta))] + [_x(i) for i in range(64 - len(meta), 128)]
    # (the last line, read the careful way, ends the waiting flow start where there is one)
    events += _GROUPS[name] + [_f(501, 1000) if name == "a start waiting at the end" else _x(2000)]
    path = tmp_path / "t.json"
    path.write_text('{"traceEvents":[\n' + ",\n".join(events) + "\n]}\n")
    answers = _count_groups(monkeypatch)
    grouped = _read(path, True, monkeypatch)
    assert len(answers) == 3 and answers[:2] == [False, True], answers  # (the crafted group is the third)
    assert grouped == _read(path, False, monkeypatch)
    assert isinstance(grouped, str) == (name in _BAD_GROUPS), grouped
