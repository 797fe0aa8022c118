"""traces: timeline records of stream programs, their Chrome JSON and Perfetto traces, tables, analysis, plots.

The simulator emits :class:`Trace` objects made of the records in :mod:`traces.records`; importers read
measured IREE runs (:func:`read_iree_profile`) into the same records, so both go through the same
writers (:mod:`traces.chrome`), checks (:mod:`traces.validate`), tables (:mod:`traces.frames`), analysis
(:mod:`traces.analysis`) and plots (:mod:`traces.plots`). pandas and matplotlib are imported on first use
of the names that need them, so that emitting records stays cheap.

Examples
--------
>>> import io
>>> t = Trace(TraceMetadata(program="demo"))
>>> read = t.add_span(Track.storage(), "read", "io", 0, 400, {"op": "stream.cmd.read", "size_bytes": 4096})
>>> mm = t.add_span(Track.queue(0, 0), "mm", "dispatch", 450, 300, {"op": "stream.cmd.dispatch"})
>>> _ = t.add_flow(read, mm)
>>> buf = io.BytesIO()
>>> t.to_chrome_json(buf)
>>> read_trace(io.BytesIO(buf.getvalue())) == t
True
>>> [s.name for s in critical_path(t).spans], t.makespan_ns
(['read', 'mm'], 750)
"""

from __future__ import annotations

from traces.analysis import (
    WAIT_CATEGORIES,
    CriticalPath,
    Gap,
    HighWater,
    Overlap,
    busy_ns,
    critical_path,
    dependency_graph,
    idle_gaps,
    is_work,
    memory_high_water,
    overlap,
    resource_of,
    summarize,
    time_by_category,
    time_by_name,
    utilisation,
)
from traces.chrome import ChromeTraceWriter, iter_chrome_events, read_trace, write_chrome_json
from traces.errors import CyclicTraceError, TraceError, TraceFormatError, TraceRecordError, UnknownSpanError
from traces.iree import OP_CATEGORIES, read_iree_profile
from traces.perfetto import PERFETTO_SUFFIXES, is_perfetto_path, write_perfetto
from traces.perfetto_read import read_perfetto
from traces.records import (
    CATEGORIES,
    TRACK_KINDS,
    Counter,
    Flow,
    Instant,
    Span,
    TraceMetadata,
    Track,
    natural_key,
    track_sort_key,
)
from traces.sites import ExecutableRow, diff_sites, executable_table, site_key, time_by_site
from traces.trace import Trace
from traces.trace_diff import DiffRow, TraceDiff, diff_traces
from traces.validate import check_chrome_events, check_chrome_trace
from traces.window import call_only, call_time_ns, call_window, crop

__all__ = [
    "CATEGORIES",
    "ChromeTraceWriter",
    "Counter",
    "ExecutableRow",
    "CriticalPath",
    "CyclicTraceError",
    "DiffRow",
    "Flow",
    "Gap",
    "HighWater",
    "Instant",
    "OP_CATEGORIES",
    "PERFETTO_SUFFIXES",
    "Overlap",
    "Span",
    "TRACK_KINDS",
    "Trace",
    "TraceDiff",
    "TraceError",
    "TraceFormatError",
    "TraceMetadata",
    "TraceRecordError",
    "Track",
    "UnknownSpanError",
    "WAIT_CATEGORIES",
    "busy_ns",
    "call_only",
    "call_time_ns",
    "call_window",
    "check_chrome_events",
    "check_chrome_trace",
    "counters_dataframe",
    "critical_path",
    "crop",
    "dependency_graph",
    "diff_sites",
    "diff_traces",
    "executable_table",
    "executables_dataframe",
    "idle_gaps",
    "is_perfetto_path",
    "is_work",
    "iter_chrome_events",
    "memory_high_water",
    "natural_key",
    "overlap",
    "plot_memory",
    "plot_side_by_side",
    "plot_timeline",
    "plot_utilisation",
    "read_iree_profile",
    "read_perfetto",
    "read_trace",
    "site_key",
    "resource_of",
    "spans_dataframe",
    "summarize",
    "time_by_category",
    "time_by_name",
    "time_by_site",
    "trace_report",
    "track_sort_key",
    "utilisation",
    "write_chrome_json",
    "write_perfetto",
]

# Names whose modules import pandas or matplotlib, loaded on first access.
_LAZY = {
    "counters_dataframe": "traces.frames",
    "executables_dataframe": "traces.sites",
    "plot_memory": "traces.plots",
    "plot_side_by_side": "traces.plots",
    "plot_timeline": "traces.plots",
    "plot_utilisation": "traces.plots",
    "spans_dataframe": "traces.frames",
    "trace_report": "traces.report",
}


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'traces' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
