"""The HTML report of a trace, read back with html.parser: its embedded data matches the trace, its tables
match the data, it loads nothing from the network, and the same trace gives the same bytes (issue 17)."""

from __future__ import annotations

import functools
import html.parser
import json
from collections import Counter, defaultdict
from typing import Any

import numpy as np
import pytest

from simulator import Session
from tests.conftest import IREE_FIXTURES
from traces import Trace, TraceMetadata, Track
from traces.analysis import critical_path, time_by_category, utilisation
from traces.layout import byte_unit, timeline_layout
from traces.records import CATEGORIES
from traces.report import Report, trace_report

FIXTURES = ["mlp", "attention_block", "wide_branches_softmax"]
MACHINES = ["cpu", "discrete-gpu"]


@functools.cache
def _trace(name: str, machine: str) -> Trace:
    d = IREE_FIXTURES / name
    inputs = [np.load(p) for p in sorted(d.glob("input*.npy"))]
    result = Session(machine, seed=0).run_sync(
        d / "cmd.generic.mlir", "main", inputs, parameters={"model": d / "params.irpa"}, timing_only=True
    )
    return result.trace


class Page(html.parser.HTMLParser):
    """What a test needs of a report page: the embedded data, the tables by section, and every URL."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.data: Any = None
        self.tables: dict[str, list[list[list[str]]]] = defaultdict(list)
        self.urls: list[str] = []
        self.tags: Counter[str] = Counter()
        self._section = ""
        self._script: str | None = None
        self._cell: list[str] | None = None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self.tags[tag] += 1
        self.urls += [v for k, v in attrs if k in ("src", "href", "action", "srcset") and v]
        if tag == "section":
            self._section = a.get("id") or ""
        elif tag == "table":
            self.tables[self._section].append([])
        elif tag == "tr":
            self.tables[self._section][-1].append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "script" and a.get("type") == "application/json" and a.get("id") == "streamsim-data":
            self._script = ""

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.tables[self._section][-1][-1].append("".join(self._cell))
            self._cell = None
        elif tag == "script" and self._script is not None:
            self.data = json.loads(self._script)
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script += data
        elif self._cell is not None:
            self._cell.append(data)


def memory_counters(trace: Trace) -> list[Any]:
    return [c for c in trace.counters if c.name == "memory_bytes"]


def _check_against_trace(page: Page, trace: Trace) -> None:
    timeline = page.data["timeline"]
    layout = timeline_layout(trace)
    assert [r["label"] for r in timeline["rows"]] == [r.label for r in layout.rows]
    assert timeline["categories"] == list(CATEGORIES)
    assert (timeline["start_ns"], timeline["end_ns"]) == (trace.start_ns, trace.end_ns)
    spans = {s[0]: s for s in timeline["spans"]}
    assert len(spans) == len(timeline["spans"]) == len(trace.spans)
    for span in trace.iter_spans():
        sid, row, top, height, start, dur, cat, name, loc = spans[span.id]
        assert (start, dur, timeline["categories"][cat], timeline["names"][name]) == (
            span.start_ns,
            span.dur_ns,
            span.category,
            span.name,
        )
        assert (top, height) == pytest.approx(layout.boxes[span.id])
        assert row == layout.row_index[span.id]
        assert (timeline["locs"][loc] if loc >= 0 else None) == span.args.get("loc")
    # Time by category: the union over tracks, as the table prints it.
    by_category = {c: ns for c, ns in time_by_category(trace).items() if ns}
    assert page.data["categories"] == by_category
    [table] = page.tables["categories"]
    assert [r[0] for r in table[1:]] == list(by_category)
    # Executables: every dispatch counted once under its name.
    dispatches = Counter(s.name for s in trace.iter_spans() if s.category == "dispatch")
    rows = page.data["executables"]
    assert {r["name"]: r["count"] for r in rows} == dispatches
    totals = defaultdict(int)
    for s in trace.iter_spans():
        if s.category == "dispatch":
            totals[s.name] += s.dur_ns
    assert {r["name"]: r["total_ns"] for r in rows} == totals
    assert [r["total_ns"] for r in rows] == sorted((r["total_ns"] for r in rows), reverse=True)
    if rows:
        [table] = page.tables["executables"]
        assert [(r[0], int(r[1])) for r in table[1:]] == [(r["name"], r["count"]) for r in rows]
    assert page.data["utilisation"] == {t.label: round(u, 6) for t, u in utilisation(trace).items()}
    memory = defaultdict(list)
    for c in trace.counters:
        if c.name == "memory_bytes":
            memory[c.track.label].append([c.time_ns, c.value])
    assert page.data["memory"] == {k: sorted(v, key=lambda p: p[0]) for k, v in memory.items()}
    assert page.data["summary"]["makespan_ns"] == trace.makespan_ns
    # Flows and the critical path, as the timeline draws them; memory on its time axis.
    assert timeline["flows"] == [[f.src_span, f.dst_span] for f in trace.flows]
    path = critical_path(trace)
    assert timeline["critical"] == [s.id for s in path.spans]
    assert page.data["summary"]["critical_path_ns"] == path.length_ns
    assert dict(zip(timeline["memory"]["labels"], timeline["memory"]["series"])) == page.data["memory"]
    unit, size = byte_unit(max((abs(c.value) for c in trace.counters if c.name == "memory_bytes"), default=0))
    assert (timeline["memory"]["unit"], timeline["memory"]["unit_bytes"]) == (unit, size)


@pytest.mark.parametrize("machine", MACHINES)
@pytest.mark.parametrize("name", FIXTURES)
def test_report_embeds_the_trace_and_loads_nothing(name: str, machine: str) -> None:
    trace = _trace(name, machine)
    text = trace_report(trace).html
    page = Page(text)
    _check_against_trace(page, trace)
    assert page.urls == [] and "http://" not in text and "https://" not in text
    # The timeline and, under it on its time axis, the memory in use; the utilisation chart is an SVG.
    assert page.tags["canvas"] == (2 if memory_counters(trace) else 1)
    assert page.tags["script"] == 2 and page.tags["svg"] == 1
    assert trace_report(trace).html == text  # deterministic


def test_report_names_cannot_break_out_of_the_data_script() -> None:
    t = Trace(TraceMetadata(machine="m", program="p"))
    t.add_span(
        Track.queue(0, 0), "</script><script>alert(1)</script>", "dispatch", 0, 10, {"loc": "a<b>.mlir:1:1"}
    )
    page = Page(trace_report(t).html)
    assert page.data["timeline"]["names"] == ["</script><script>alert(1)</script>"]
    assert page.data["timeline"]["locs"] == ["a<b>.mlir:1:1"]
    assert page.tags["script"] == 2


def test_report_empty_trace_and_notebook_display() -> None:
    report = trace_report(Trace())
    page = Page(report.html)
    assert page.data["timeline"]["spans"] == [] and page.data["executables"] == []
    shown = report._repr_html_()
    assert shown.startswith("<iframe srcdoc=") and "&lt;!DOCTYPE html&gt;" in shown
    assert isinstance(report, Report)
