"""Measuring programs with IREE's own tools: the ground truth for the machine model.

:mod:`simulator.profile.iree_tools` compiles a program and runs IREE's benchmark and profiling tools;
:mod:`simulator.profile.measured` turns a HAL profile of several calls into the trace of one call with
its dispatches named and located as the simulator names and locates them.
"""

from __future__ import annotations

from simulator.profile.iree_tools import (
    CPU_TARGET_FLAGS,
    CallTiming,
    benchmark_call,
    capture_profile,
    compile_cached,
    compile_key,
    compile_module,
    compiler_version,
    find_tool,
    parse_benchmark_json,
    target_flags,
)
from simulator.profile.measured import (
    DispatchTiming,
    attach_sites,
    dispatch_sites,
    dispatch_timings,
    measured_trace,
    split_calls,
)

__all__ = [
    "CPU_TARGET_FLAGS",
    "CallTiming",
    "DispatchTiming",
    "attach_sites",
    "benchmark_call",
    "capture_profile",
    "compile_cached",
    "compile_key",
    "compile_module",
    "compiler_version",
    "dispatch_sites",
    "dispatch_timings",
    "find_tool",
    "measured_trace",
    "parse_benchmark_json",
    "split_calls",
    "target_flags",
]
