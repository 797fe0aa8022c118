"""HTML reports of a simulated run (its trace and the checker's findings) and of a sweep's results.

- :func:`run_report`: run ``function`` of a program on a machine (timing-only unless asked), check it
  with :func:`simulator.checks.run.check_program` (races, deadlocks, lifetimes, numerics against the
  reference), and report the trace (:func:`traces.report.trace_report`) with a findings section;
- :func:`sweep_report`: a results table (``streamsim sweep -o results.parquet``): the points, a heatmap
  of each metric over the first two settings that vary, and the Pareto front of makespan against peak
  memory;
- :func:`report`: either, or a trace file's report, by what ``source`` is (``streamsim report``).

Every report is one self-contained HTML page (:class:`traces.report.Report`).
"""

from __future__ import annotations

import html
import math
import pathlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from traces import Trace, TraceMetadata
from traces.layout import format_bytes, format_ns
from traces.report import Report, Section, html_table, trace_report

if TYPE_CHECKING:
    import pandas as pd

    from simulator.checks.findings import CheckReport

_TRACE_SUFFIXES = (".json", ".json.gz", ".pftrace")
_HEAT = ["#f7fbff", "#deebf7", "#c6dbef", "#9ecae1", "#6baed6", "#4292c6", "#2171b5", "#08519c", "#08306b"]


def findings_section(check: CheckReport | None) -> Section:
    """The checker's findings: one row per finding with its ops' locations, or "clean"."""
    if check is None:
        return Section("findings", "Checker findings", '<p class="hint">not checked</p>', None)
    rows = [(f.category, f.kind, f.message, "; ".join(o.describe() for o in f.ops)) for f in check.findings]
    body = (
        f'<p class="finding">{len(rows)} finding(s)</p>'
        + html_table(("category", "kind", "message", "ops"), rows, scroll=True)
        if rows
        else '<p class="clean">clean: no races, deadlocks, lifetime errors or numeric differences found</p>'
    )
    runs = [(str(r.get("name")), str(r.get("status"))) for r in check.runs]
    body += html_table(("run", "status"), runs) if runs else ""
    body += "".join(f'<p class="hint">note: {html.escape(n)}</p>' for n in check.notes)
    data = {"clean": check.clean, "findings": [f.to_dict() for f in check.findings], "runs": check.runs}
    return Section("findings", "Checker findings", body, data)


def run_report(
    program: str | pathlib.Path,
    function: str = "main",
    inputs: Sequence[Any] = (),
    *,
    machine: Any = "cpu",
    parameters: Any = None,
    seed: int = 0,
    check: bool = True,
    timing_only: bool | None = None,
    executable_sources: Any = None,
    **check_options: Any,
) -> Report:
    """Check ``function`` of ``program`` on ``machine`` and report the checked run's trace and findings.

    The program is simulated once: the checker's watched run (:func:`simulator.checks.run.check_program`
    with ``check_options``: ``interleavings``, ``faults``, ``queue_order``, ``timeout_s``, ``reference``)
    is the run whose timeline the page shows (up to its failure, when it fails), with data unless
    ``timing_only``. With ``check=False`` it is one plain run, timing-only unless ``timing_only=False``.
    """
    from simulator.checks.run import check_program
    from simulator.session import Session

    if check:
        checked = check_program(
            program, function, list(inputs), parameters=parameters, machine=machine, seed=seed,
            timing_only=bool(timing_only), executable_sources=executable_sources, **check_options,
        )  # fmt: skip
        # No timeline only when the run could not start (the findings say why).
        trace = checked.trace
        if trace is None:
            trace = Trace(TraceMetadata(program=pathlib.Path(program).name))
        return trace_report(trace, sections=[findings_section(checked)])
    trace = (
        Session(machine, seed=seed)
        .run_sync(
            program, function, list(inputs), parameters=parameters,
            timing_only=timing_only is not False, executable_sources=executable_sources,
        )  # fmt: skip
        .trace
    )
    return trace_report(trace, sections=[findings_section(None)])


def _varied(df: pd.DataFrame) -> list[str]:
    from simulator.sweep.study import AXES

    candidates = ["program", "machine", *AXES, "seed"]
    return [c for c in candidates if c in df.columns and df[c].astype(str).nunique() > 1]


def _heat_table(table: pd.DataFrame, value: str) -> str:
    values = [float(v) for v in table.to_numpy(dtype=float).ravel() if not math.isnan(v)]
    lo, hi = (min(values), max(values)) if values else (0.0, 0.0)
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in table.columns)
    rows = []
    for index, row in table.iterrows():
        cells = []
        for v in row.to_numpy(dtype=float):
            if math.isnan(v):
                cells.append("<td>-</td>")
                continue
            k = 0 if hi == lo else round((v - lo) / (hi - lo) * (len(_HEAT) - 1))
            colour = "#fff" if k >= 5 else "#000"
            cells.append(
                f'<td style="background:{_HEAT[k]};color:{colour}">{html.escape(_metric(value, v))}</td>'
            )
        rows.append(f"<tr><th>{html.escape(str(index))}</th>{''.join(cells)}</tr>")
    corner = html.escape(f"{table.index.name} \\ {table.columns.name}")
    return f"<table><thead><tr><th>{corner}</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def _metric(name: str, value: float) -> str:
    if name.endswith("_ns"):
        return format_ns(value)
    if name.endswith("_bytes"):
        return format_bytes(value)
    return f"{value:.3g}"


def _svg_pareto(points: list[tuple[float, float]], front: list[tuple[float, float]], x: str, y: str) -> str:
    width, height, left, bottom, top, right = 640, 300, 80, 40, 10, 20
    pw, ph = width - left - right, height - top - bottom
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)

    # A range of one value puts its points in the middle.
    def sx(v: float) -> float:
        return left + ((v - x0) / (x1 - x0) if x1 > x0 else 0.5) * pw

    def sy(v: float) -> float:
        return top + ph - ((v - y0) / (y1 - y0) if y1 > y0 else 0.5) * ph

    items = [
        f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#888"/>',
        f'<text x="{left + pw / 2}" y="{height - 6}" text-anchor="middle">{html.escape(x)}</text>',
        f'<text x="{left}" y="{top + ph + 14}">{html.escape(_metric(x, x0))}</text>',
        f'<text x="{left + pw}" y="{top + ph + 14}" text-anchor="end">{html.escape(_metric(x, x1))}</text>',
        f'<text x="{left - 4}" y="{top + ph}" text-anchor="end">{html.escape(_metric(y, y0))}</text>',
        f'<text x="{left - 4}" y="{top + 10}" text-anchor="end">{html.escape(_metric(y, y1))}</text>',
        f'<text x="12" y="{top + ph / 2}" transform="rotate(-90 12 {top + ph / 2})" text-anchor="middle">'
        f"{html.escape(y)}</text>",
    ]
    items += [
        f'<circle cx="{sx(a):.1f}" cy="{sy(b):.1f}" r="3" fill="#4C72B0" opacity="0.6"/>' for a, b in points
    ]
    if front:
        d = f"M{sx(front[0][0]):.1f},{sy(front[0][1]):.1f}" + "".join(
            f"H{sx(a):.1f}V{sy(b):.1f}" for a, b in front[1:]
        )
        items.append(f'<path d="{d}" fill="none" stroke="#C44E52" stroke-width="1.5"/>')
        items += [
            f'<circle cx="{sx(a):.1f}" cy="{sy(b):.1f}" r="5" fill="none" stroke="#C44E52"/>'
            for a, b in front
        ]
    return f'<svg width="{width}" height="{height}" role="img">{"".join(items)}</svg>'


def sweep_report(df: pd.DataFrame, *, title: str = "sweep") -> Report:
    """The report of a sweep's results table (see the module docstring)."""
    from simulator.sweep.plots import pareto_front, pivot

    ok = df[df["status"] == "ok"] if "status" in df.columns else df
    varied = _varied(ok)
    metrics = [c for c in ("makespan_ns", "peak_memory_bytes", "critical_path_ns") if c in df.columns]
    report = Report(
        title, f"{len(df)} points, {len(ok)} ok; settings that vary: {', '.join(varied) or 'none'}"
    )
    shown = [c for c in df.columns if c not in ("point", "error")]
    records = [{c: _plain(r[c]) for c in shown} for _, r in df.iterrows()]
    report.add(
        Section(
            "points",
            "Points",
            html_table(shown, [[_cell(c, rec[c]) for c in shown] for rec in records], scroll=True),
            records,
        )
    )
    if len(varied) >= 2:
        x, y = varied[0], varied[1]
        heat: dict[str, Any] = {}
        parts = []
        for value in metrics:
            table = pivot(ok, x, y, value)
            heat[value] = {
                "x": x,
                "y": y,
                "columns": [_plain(c) for c in table.columns],
                "index": [_plain(i) for i in table.index],
                "values": [
                    [None if math.isnan(v) else v for v in row] for row in table.to_numpy(dtype=float)
                ],
            }
            parts.append(f"<h3>{html.escape(value)} (mean)</h3>{_heat_table(table, value)}")
        report.add(Section("heatmaps", f"Heatmaps over {x} and {y}", "".join(parts), heat))
    if {"makespan_ns", "peak_memory_bytes"} <= set(df.columns) and len(ok):
        x, y = "makespan_ns", "peak_memory_bytes"
        front = pareto_front(ok, x, y)
        points = [(float(a), float(b)) for a, b in zip(ok[x], ok[y])]
        front_points = [(float(a), float(b)) for a, b in zip(front[x], front[y])]
        rows = [[_cell(c, _plain(r[c])) for c in [*varied, x, y]] for _, r in front.iterrows()]
        body = _svg_pareto(points, front_points, x, y) + html_table([*varied, x, y], rows)
        if len(front_points) == 1:
            body += '<p class="hint">one point is best on both: no trade-off between time and memory here</p>'
        report.add(Section("pareto", "Pareto front: makespan against peak memory", body, front_points))
    return report


def _plain(value: Any) -> Any:
    """A JSON value for a table cell (numpy and pandas scalars, NA as None)."""
    try:
        import pandas as pd

        if pd.isna(value):
            return None
    except (TypeError, ValueError):
        pass
    if hasattr(value, "item"):
        return value.item()
    return value


def _cell(column: str, value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        base = column.split("[")[0]  # peak_memory_bytes[gpu0/hbm]
        return _metric(base, value) if base.endswith(("_ns", "_bytes")) else f"{value:.4g}"
    return str(value)


def report(source: str | pathlib.Path, **run_options: Any) -> Report:
    """The report of ``source``: a trace file (.json, .json.gz, .pftrace), a sweep's results (.parquet)
    or a program (anything else: simulated and checked with ``run_options``, see :func:`run_report`)."""
    path = pathlib.Path(source)
    name = path.name
    if name.endswith(_TRACE_SUFFIXES):
        from traces import read_trace

        trace: Trace = read_trace(path)
        return trace_report(trace)
    if name.endswith(".parquet"):
        from simulator.sweep.run import read_parquet

        return sweep_report(read_parquet(path), title=f"sweep {name}")
    return run_report(path, **run_options)
