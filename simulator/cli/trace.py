"""``streamsim trace``: summarise, plot, compare, check and import timeline traces.

Actions (T is a Chrome trace JSON file, gzip or not, a Perfetto trace written by streamsim (``.pftrace``)
or an ``iree-profile --format=jsonl`` file, told apart by their suffixes):

- ``streamsim trace summary T [--json] [--executables]``: makespan, critical path, time by category
  (the union over tracks), utilisation per resource (work only: no waits; see :mod:`traces.analysis`),
  memory high-water marks; ``--executables`` adds a table per dispatched export (count, total, mean,
  max, share of dispatch time; :func:`traces.executables_dataframe` gives it as a DataFrame);
- ``streamsim trace plot T [T2 ...] -o out.png [--kind timeline|memory|utilisation] [--dependencies]
  [--critical] [--time-unit us]``: render a plot with matplotlib's Agg backend; several traces (a
  measured IREE run and a simulated one, say) are stacked as timelines on one time axis;
- ``streamsim trace diff A B [--top N] [--json] [--window call] [--sites]``: what changed from A to B in makespan,
  by category and by op (span name); ``--window call`` compares the call alone on both sides (a measured
  trace from ``streamsim profile`` is one; a simulated one is cropped to its ``call @...`` span) and
  prints the call times (a measured trace's is its benchmark minimum); ``--sites`` adds dispatch time per
  ``stream.cmd.dispatch`` op (``name @ file:line:col``), lining a measured and a simulated run up op by op;
- ``streamsim trace check T``: run the Trace Event Format checker; exit 1 when it finds problems;
- ``streamsim trace import-iree profile.jsonl -o t.json[.gz] [--program NAME]``: convert a measured
  IREE run to Chrome trace JSON.

Unreadable or malformed traces raise TraceError, which the dispatcher reports in one line, exit code 2.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import pathlib
import sys
from typing import Any

from traces import (
    Trace,
    TraceError,
    call_only,
    call_time_ns,
    check_chrome_trace,
    diff_sites,
    diff_traces,
    executable_table,
    is_perfetto_path,
    read_iree_profile,
    read_perfetto,
    read_trace,
    summarize,
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "trace",
        help="summarise, plot, diff, check and import timeline traces",
        description="Summarise, plot, diff, check and import timeline traces (Chrome JSON or IREE JSONL).",
    )
    actions = parser.add_subparsers(dest="trace_command", metavar="ACTION")

    summary = actions.add_parser("summary", help="headline figures of a trace")
    summary.add_argument("trace", help="Chrome trace JSON (.json, .json.gz) or iree-profile .jsonl")
    summary.add_argument("--json", action="store_true", help="print JSON instead of text")
    summary.add_argument(
        "--executables",
        action="store_true",
        help="also a table per dispatched export: count, total, mean, max, share of dispatch time",
    )
    summary.set_defaults(func=run_summary)

    plot = actions.add_parser("plot", help="render a trace to an image")
    plot.add_argument(
        "traces", nargs="+", metavar="trace", help="trace file(s); several are stacked on one time axis"
    )
    plot.add_argument("-o", "--output", required=True, help="image file (.png, .svg, .pdf)")
    plot.add_argument("--kind", choices=["timeline", "memory", "utilisation"], default="timeline")
    plot.add_argument("--dependencies", action="store_true", help="draw flow arrows (timeline)")
    plot.add_argument("--critical", action="store_true", help="highlight the critical path (timeline)")
    plot.add_argument("--time-unit", choices=["auto", "ns", "us", "ms", "s"], default="auto")
    plot.add_argument("--title", default=None)
    plot.set_defaults(func=run_plot)

    diff = actions.add_parser("diff", help="compare two traces: makespan, by category, by op")
    diff.add_argument("a", help="the baseline trace")
    diff.add_argument("b", help="the trace compared with it")
    diff.add_argument("--top", type=int, default=None, help="show only the N ops that changed most")
    diff.add_argument("--json", action="store_true", help="print JSON instead of a table")
    diff.add_argument(
        "--window",
        choices=["all", "call"],
        default="all",
        help="call: compare the invoked function's call alone (no module load, no initializers)",
    )
    diff.add_argument(
        "--sites",
        action="store_true",
        help="also compare dispatch time per stream.cmd.dispatch op (name @ file:line:col)",
    )
    diff.set_defaults(func=run_diff)

    check = actions.add_parser("check", help="check a Chrome trace file against the Trace Event Format")
    check.add_argument("trace", help="Chrome trace JSON (.json, .json.gz)")
    check.set_defaults(func=run_check)

    convert = actions.add_parser("import-iree", help="convert iree-profile JSONL to Chrome trace JSON")
    convert.add_argument("profile", help="output of `iree-profile queue --format=jsonl`")
    convert.add_argument(
        "-o",
        "--output",
        required=True,
        help="trace file: Chrome JSON (.json, .json.gz) or Perfetto (.pftrace)",
    )
    convert.add_argument("--program", default="", help="program name to record in the trace metadata")
    convert.set_defaults(func=run_import_iree)

    parser.set_defaults(func=lambda args: _usage(parser))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def load_trace(path: str) -> Trace:
    """A trace from Chrome JSON, from a Perfetto trace (``.pftrace``) or from iree-profile JSONL (``.jsonl``)."""
    if is_perfetto_path(path):
        return read_perfetto(path)
    if path.endswith(".jsonl"):
        return read_iree_profile(path, program=pathlib.Path(path).parent.name)
    return read_trace(path)


def _summary_lines(summary: dict[str, Any]) -> list[str]:
    lines = [
        f"program: {summary['program'] or '-'}",
        f"machine: {summary['machine'] or '-'}",
        f"records: {summary['spans']} spans, {summary['flows']} flows, {summary['counters']} counters, "
        f"{summary['instants']} instants on {summary['tracks']} tracks",
        f"makespan_ns: {summary['makespan_ns']}",
        f"critical_path_ns: {summary['critical_path_ns']} ({summary['critical_path_spans']} spans)",
        "time_by_category_ns (union over tracks; sync is waiting):",
    ]
    makespan = summary["makespan_ns"]
    lines += [
        f"  {k}: {v} ({100 * v / makespan:.1f}% of makespan)" if makespan else f"  {k}: {v}"
        for k, v in summary["time_by_category_ns"].items()
    ]
    lines.append("utilisation (work / makespan; a queue's lanes and a storage device's slots are one):")
    lines += [f"  {k}: {100 * v:.1f}%" for k, v in summary["utilisation"].items()]
    if summary["memory_high_water_bytes"]:
        lines.append("memory_high_water_bytes:")
        lines += [f"  {k}: {v}" for k, v in summary["memory_high_water_bytes"].items()]
    return lines


def run_summary(args: argparse.Namespace) -> int:
    trace = load_trace(args.trace)
    summary = summarize(trace)
    rows = executable_table(trace) if args.executables else []
    if args.json:
        if args.executables:
            summary["executables"] = [dataclasses.asdict(r) for r in rows]
        print(json.dumps(summary, indent=2))
        return 0
    print("\n".join(_summary_lines(summary)))
    if args.executables:
        width = max([len(r.name) for r in rows] + [10])
        print(
            f"{'executable':<{width}}  {'count':>5}  {'total_ns':>12}  {'mean_ns':>12}  {'max_ns':>12}  {'share':>6}"
        )
        for r in rows:
            print(
                f"{r.name:<{width}}  {r.count:>5}  {r.total_ns:>12}  {r.mean_ns:>12.0f}  {r.max_ns:>12}"
                f"  {100 * r.share:5.1f}%"
            )
    return 0


def run_plot(args: argparse.Namespace) -> int:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from traces.plots import plot_memory, plot_side_by_side, plot_timeline, plot_utilisation

    loaded: list[Trace] = [load_trace(path) for path in args.traces]
    if len(loaded) > 1:
        if args.kind != "timeline":
            raise TraceError(f"--kind {args.kind} plots one trace; got {len(loaded)}")
        titles = [
            f"{path} ({t.metadata.program})" if t.metadata.program else path
            for path, t in zip(args.traces, loaded)
        ]
        if len(set(titles)) != len(titles):
            titles = [f"{i}: {title}" for i, title in enumerate(titles)]
        figure = plot_side_by_side(
            dict(zip(titles, loaded)),
            dependencies=args.dependencies,
            critical=args.critical,
            time_unit=args.time_unit,
        )
        return _save(figure, args.output, plt)
    trace = loaded[0]
    if args.kind == "timeline":
        ax = plot_timeline(
            trace,
            dependencies=args.dependencies,
            critical=args.critical,
            time_unit=args.time_unit,
            title=args.title,
        )
    elif args.kind == "memory":
        ax = plot_memory(trace, time_unit=args.time_unit)
    else:
        ax = plot_utilisation(trace)
    if args.title is not None:
        ax.set_title(args.title)
    return _save(ax.figure, args.output, plt)


def _save(figure: Any, output: str, plt: Any) -> int:
    if not pathlib.Path(output).suffix:
        plt.close(figure)
        formats = ", ".join(f".{f}" for f in sorted(figure.canvas.get_supported_filetypes()))
        # matplotlib would write OUTPUT.png, a file the user did not name.
        raise TraceError(f"cannot write plot {output}: name the image format with a suffix ({formats})")
    try:
        figure.savefig(output, bbox_inches="tight", dpi=120)
    except ValueError as exc:
        raise TraceError(f"cannot write plot {output}: {exc}") from None
    finally:
        plt.close(figure)
    print(f"wrote {output}")
    return 0


def run_diff(args: argparse.Namespace) -> int:
    if args.top is not None and args.top < 0:
        raise TraceError(f"--top must be >= 0, got {args.top}")
    a, b = load_trace(args.a), load_trace(args.b)
    call: tuple[int, int] | None = None
    if args.window == "call":
        call = (call_time_ns(a), call_time_ns(b))
        a, b = call_only(a), call_only(b)
    diff = diff_traces(a, b)
    if args.json:

        def row(r: Any) -> dict[str, Any]:
            return {"key": r.key, "a_ns": r.a_ns, "b_ns": r.b_ns, "delta_ns": r.delta_ns}

        print(
            json.dumps(
                {
                    "makespan": row(diff.makespan),
                    "by_category": [row(r) for r in diff.by_category],
                    "by_op": [row(r) for r in diff.by_op],
                    **({"call": {"a_ns": call[0], "b_ns": call[1]}} if call else {}),
                    **({"by_site": [row(r) for r in diff_sites(a, b)]} if args.sites else {}),
                },
                indent=2,
            )
        )
    else:
        print(f"a: {args.a}\nb: {args.b}")
        if call is not None:
            ratio = f"{call[1] / call[0]:.3f}" if call[0] else "-"
            print(
                f"call time (a: benchmark minimum if measured): a {call[0]} ns, b {call[1]} ns, ratio {ratio}"
            )
        print(diff.format(top=args.top))
        if args.sites:
            rows = diff_sites(a, b)
            width = max([len(r.key) for r in rows] + [8])
            print("by dispatch site:")
            for r in rows:
                ratio = f"{r.ratio:7.3f}" if r.ratio is not None else f"{'-':>7}"
                print(f"{r.key:{width}}  {r.a_ns:>14}  {r.b_ns:>14}  {r.delta_ns:>+14}  {ratio}")
    return 0


def run_check(args: argparse.Namespace) -> int:
    problems = check_chrome_trace(args.trace)
    for problem in problems:
        print(f"{args.trace}: {problem}")
    if not problems:
        print(f"{args.trace}: ok")
    return 1 if problems else 0


def run_import_iree(args: argparse.Namespace) -> int:
    trace = read_iree_profile(args.profile, program=args.program)
    trace.write(args.output)
    print(
        f"wrote {args.output}: {len(trace.spans)} spans, {len(trace.flows)} flows, makespan {trace.makespan_ns} ns"
    )
    return 0
