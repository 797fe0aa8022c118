"""A self-contained HTML report of a trace: one file, no network, for browsers, notebooks and CI artefacts.

:func:`trace_report` builds a :class:`Report` of a trace: headline figures, an interactive zoomable
timeline (drawn by inline JavaScript on a canvas, :mod:`traces.report_assets`), time per category (the
union over tracks) and per executable (dispatch span names), utilisation per resource and memory over
time (inline SVG), and any further :class:`Section` a caller adds (the checker's findings, a sweep's
heatmaps and Pareto front: :mod:`simulator.report`). ``Report.html`` is the page, ``Report.write(path)``
saves it and ``_repr_html_`` shows it in a notebook.

Everything the page shows is also embedded as JSON in ``<script type="application/json"
id="streamsim-data">`` (the timeline's rows and spans, the tables' rows), so a test can read the page back
with :mod:`html.parser` and compare it with the trace. Same trace, same bytes.
"""

from __future__ import annotations

import html
import json
import pathlib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from traces.layout import byte_unit, format_bytes, format_ns, time_unit_for, timeline_layout
from traces.records import CATEGORIES, track_sort_key
from traces.report_assets import CSS, JS
from traces.trace import Trace

_COLORS = {
    "dispatch": "#4C72B0",
    "transfer": "#DD8452",
    "io": "#55A868",
    "alloc": "#8172B3",
    "sync": "#C0C0C0",
    "host": "#937860",
    "collective": "#DA8BC3",
}
_TEXT = {c: ("#000000" if c == "sync" else "#ffffff") for c in _COLORS}
_LINE_COLORS = ["#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860", "#DA8BC3", "#8C8C8C"]


@dataclass
class Section:
    """A titled part of a report: its HTML body and the data behind it (embedded as JSON under ``key``)."""

    key: str
    title: str
    body: str
    data: Any = None


@dataclass
class Report:
    """An HTML report: a title, a line of facts, and sections (see the module docstring)."""

    title: str
    subtitle: str = ""
    sections: list[Section] = field(default_factory=list)

    def add(self, section: Section) -> None:
        """Append ``section``."""
        self.sections.append(section)

    @property
    def data(self) -> dict[str, Any]:
        """The embedded JSON: each section's data under its key."""
        return {s.key: s.data for s in self.sections if s.data is not None}

    @property
    def html(self) -> str:
        """The whole page."""
        payload = json.dumps(self.data, separators=(",", ":"), sort_keys=True, allow_nan=False)
        payload = payload.replace("</", "<\\/")  # never ends the script element early
        parts = [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{html.escape(self.title)}</title>",
            f"<style>{CSS}</style></head><body>",
            f"<h1>{html.escape(self.title)}</h1>",
            f'<p class="meta">{html.escape(self.subtitle)}</p>' if self.subtitle else "",
        ]
        for s in self.sections:
            parts.append(
                f'<section id="{html.escape(s.key)}"><h2>{html.escape(s.title)}</h2>{s.body}</section>'
            )
        parts.append(f'<script type="application/json" id="streamsim-data">{payload}</script>')
        parts.append(f"<script>{JS}</script></body></html>")
        return "\n".join(p for p in parts if p) + "\n"

    def write(self, path: str | pathlib.Path) -> pathlib.Path:
        """Write the page to ``path`` (UTF-8) and return the path."""
        out = pathlib.Path(path)
        out.write_text(self.html, encoding="utf-8")
        return out

    def _repr_html_(self) -> str:
        # A notebook shows the page in an iframe: its script and styles stay out of the notebook's own.
        return (
            f'<iframe srcdoc="{html.escape(self.html, quote=True)}" '
            'style="width:100%;height:720px;border:1px solid #ccc"></iframe>'
        )


# -- tables and charts ---------------------------------------------------------------------------------


def html_table(header: Sequence[str], rows: Sequence[Sequence[Any]], *, scroll: bool = False) -> str:
    """An HTML table of ``rows`` (cells escaped; floats as printed by the caller)."""
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    table = f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    return f'<div class="scroll">{table}</div>' if scroll else table


def svg_bars(labels: Sequence[str], values: Sequence[float], *, width: int = 640) -> str:
    """Horizontal bars of fractions in [0, 1], labelled with their percentage."""
    row, gutter = 20, 200
    plot = width - gutter - 50
    items = []
    for i, (label, value) in enumerate(zip(labels, values)):
        y = i * row + 4
        w = max(0.0, min(value, 1.0)) * plot
        items.append(
            f'<text x="{gutter - 6}" y="{y + 12}" text-anchor="end">{html.escape(label)}</text>'
            f'<rect x="{gutter}" y="{y}" width="{w:.1f}" height="{row - 6}" fill="{_COLORS["dispatch"]}"/>'
            f'<text x="{gutter + w + 4:.1f}" y="{y + 12}">{value:.0%}</text>'
        )
    height = len(labels) * row + 8
    return f'<svg width="{width}" height="{height}" role="img">{"".join(items)}</svg>'


# -- the trace report ----------------------------------------------------------------------------------


def timeline_data(trace: Trace, critical_path: Sequence[int] = ()) -> dict[str, Any]:
    """The timeline as the page's script draws it: rows (:func:`traces.layout.timeline_layout`), spans
    ``[id, row, top, height, start_ns, dur_ns, category index, name index, location index or -1]``, flows
    ``[source span id, destination span id]``, the ids of the ``critical_path``'s spans in path order,
    and the memory counters' series (``memory_bytes`` per pool, ``[time_ns, bytes]``, drawn under the
    timeline on its time axis) with the byte unit they are drawn in."""
    layout = timeline_layout(trace)
    names: dict[str, int] = {}
    locs: dict[str, int] = {}
    category = {c: i for i, c in enumerate(CATEGORIES)}
    spans = []
    for span in trace.iter_spans():
        top, height = layout.boxes[span.id]
        loc = span.args.get("loc")
        spans.append(
            [
                span.id,
                layout.row_index[span.id],
                round(top, 6),
                round(height, 6),
                span.start_ns,
                span.dur_ns,
                category[span.category],
                names.setdefault(span.name, len(names)),
                locs.setdefault(loc, len(locs)) if isinstance(loc, str) else -1,
            ]
        )
    return {
        "start_ns": trace.start_ns,
        "end_ns": trace.end_ns,
        "categories": list(CATEGORIES),
        "colors": [_COLORS[c] for c in CATEGORIES],
        "text": [_TEXT[c] for c in CATEGORIES],
        "rows": [
            {"label": r.label, "top": r.top, "height": r.height, "depth": r.depth, "collapsed": r.collapsed}
            for r in layout.rows
        ],
        "names": list(names),
        "locs": list(locs),
        "spans": spans,
        "flows": [[f.src_span, f.dst_span] for f in trace.flows],
        "critical": list(critical_path),
        "memory": _memory_series(trace),
    }


def _memory_series(trace: Trace) -> dict[str, Any]:
    series: dict[str, list[list[float]]] = defaultdict(list)
    tracks = {}
    for counter in trace.counters:
        if counter.name == "memory_bytes":
            series[counter.track.label].append([counter.time_ns, counter.value])
            tracks[counter.track.label] = counter.track
    ordered = sorted(series, key=lambda label: track_sort_key(tracks[label]))
    unit, size = byte_unit(max((abs(v) for pts in series.values() for _, v in pts), default=0))
    return {
        "unit": unit,
        "unit_bytes": size,
        "labels": ordered,
        "colors": [_LINE_COLORS[i % len(_LINE_COLORS)] for i in range(len(ordered))],
        "series": [sorted(series[label], key=lambda p: p[0]) for label in ordered],
    }


def executable_rows(trace: Trace) -> list[dict[str, Any]]:
    """Per executable (:func:`traces.sites.executable_table`): count, total, mean, max and share of
    dispatch time, most time first."""
    from traces.sites import executable_table

    return [
        {
            "name": r.name,
            "count": r.count,
            "total_ns": r.total_ns,
            "mean_ns": round(r.mean_ns, 3),
            "max_ns": r.max_ns,
            "share": r.share,
        }
        for r in executable_table(trace)
    ]


def trace_sections(trace: Trace) -> list[Section]:
    """The sections of a trace's report: summary, timeline, categories, executables, utilisation, memory."""
    from traces.analysis import critical_path, memory_high_water, time_by_category, utilisation

    makespan = trace.makespan_ns
    path = critical_path(trace)
    summary = {
        "program": trace.metadata.program,
        "machine": trace.metadata.machine,
        "makespan_ns": makespan,
        "critical_path_ns": path.length_ns,
        "spans": len(trace.spans),
        "flows": len(trace.flows),
        "counters": len(trace.counters),
        "tracks": len(trace.tracks),
    }
    facts = [
        ("makespan", format_ns(makespan)),
        ("critical path", f"{format_ns(path.length_ns)} over {len(path.spans)} spans"),
        ("spans / flows / counters", f"{len(trace.spans)} / {len(trace.flows)} / {len(trace.counters)}"),
    ]
    sections = [Section("summary", "Summary", html_table(("figure", "value"), facts), summary)]
    legend = "".join(
        f'<span><i style="background:{_COLORS[c]}"></i>{c}</span>'
        for c in CATEGORIES
        if any(s.category == c for s in trace.iter_spans())
    )
    toggles = (
        '<label><input type="checkbox" id="show-flows" checked> flows</label> '
        '<label><input type="checkbox" id="show-critical" checked> '
        '<i style="background:#C44E52;height:0.35em"></i>critical path</label> <span id="flow-note" class="hint">'
        "</span>"
    )
    timeline = timeline_data(trace, [s.id for s in path.spans])
    memory = (
        '<div class="tl-box"><canvas id="memory-canvas"></canvas></div>'
        f'<p class="hint">memory in use ({timeline["memory"]["unit"]}) per pool, on the timeline\'s time axis '
        "(it zooms and pans with it)</p>"
        if timeline["memory"]["labels"]
        else ""
    )
    sections.append(
        Section(
            "timeline",
            "Timeline",
            f'<div class="legend">{legend}{toggles}</div><div id="timeline-box" class="tl-box">'
            '<canvas id="timeline-canvas"></canvas><div id="tip"></div></div>'
            f"{memory}"
            '<p class="hint">wheel: zoom about the pointer; drag: pan; double click: whole run; hover: span '
            "details. Rows deeper than 4 are drawn collapsed. Arrows: flows (a signal enabling a wait), from "
            "the end of one span to the start of the span it enabled; red: the critical path.</p>",
            timeline,
        )
    )
    by_category = {c: ns for c, ns in time_by_category(trace).items() if ns}
    sections.append(
        Section(
            "categories",
            "Time by category (union over tracks)",
            html_table(
                ("category", "time", "share of makespan"),
                [
                    (c, format_ns(ns), f"{ns / makespan:.1%}" if makespan else "-")
                    for c, ns in by_category.items()
                ],
            ),
            by_category,
        )
    )
    execs = executable_rows(trace)
    unit = time_unit_for(max((r["max_ns"] for r in execs), default=0))
    sections.append(
        Section(
            "executables",
            "Dispatches by executable",
            html_table(
                ("executable", "count", f"total ({unit})", f"mean ({unit})", f"max ({unit})", "share"),
                [
                    (
                        r["name"],
                        r["count"],
                        *(format_ns(r[k], unit).split()[0] for k in ("total_ns", "mean_ns", "max_ns")),
                        f"{r['share']:.1%}",
                    )
                    for r in execs
                ],
                scroll=True,
            )
            if execs
            else '<p class="hint">no dispatches</p>',
            execs,
        )
    )
    util = {t.label: round(u, 6) for t, u in utilisation(trace).items()}
    sections.append(
        Section(
            "utilisation",
            "Utilisation (work / makespan, per resource)",
            svg_bars(list(util), list(util.values())),
            util,
        )
    )
    sections.append(_memory_section(trace, memory_high_water(trace)))
    return sections


def _memory_section(trace: Trace, high_water: dict[Any, Any]) -> Section:
    series: dict[str, list[list[float]]] = defaultdict(list)
    for counter in trace.counters:
        if counter.name == "memory_bytes":
            series[counter.track.label].append([counter.time_ns, counter.value])
    peaks = [(t.label, format_bytes(hw.value)) for t, hw in high_water.items()]
    body = (
        '<p class="hint">drawn under the timeline, on its time axis</p>'
        + html_table(("pool", "high water"), peaks)
        if series
        else '<p class="hint">no memory counters</p>'
    )
    memory = _memory_series(trace)
    data = dict(zip(memory["labels"], memory["series"]))
    return Section("memory", "Memory in use", body, data)


def trace_report(trace: Trace, *, title: str | None = None, sections: Sequence[Section] = ()) -> Report:
    """The report of ``trace`` (see the module docstring), with ``sections`` appended.

    Examples
    --------
    >>> from traces import Track
    >>> t = Trace()
    >>> _ = t.add_span(Track.queue(0, 0), "dispatch_0", "dispatch", 0, 1000)
    >>> r = trace_report(t)
    >>> [s.key for s in r.sections]
    ['summary', 'timeline', 'categories', 'executables', 'utilisation', 'memory']
    >>> r.data["timeline"]["spans"]
    [[0, 0, 0.1, 0.8, 0, 1000, 0, 0, -1]]
    >>> r.html.startswith("<!DOCTYPE html>") and "http" not in r.html
    True
    """
    meta = trace.metadata
    if title is None:
        title = f"{meta.program or 'trace'}" + (f" on {meta.machine}" if meta.machine else "")
    subtitle = f"simulated by {meta.version}" if meta.version else ""
    report = Report(title, subtitle, trace_sections(trace))
    for section in sections:
        report.add(section)
    return report
