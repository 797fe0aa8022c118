"""Correctness checks of stream programs: races, deadlocks, lifetimes, numerics and injected faults.

::

    report = check_program("cmd.generic.mlir", "main", [x], parameters={"model": "params.irpa"},
                           interleavings=4, faults=["read-failure:w1"])
    report.findings       # [Finding(category, kind, message, ops, resource, range_bytes)]
    report.exit_code      # 0 clean, 1 findings

A run is watched by an :class:`Observer` (happens-before from host program order, queue submissions,
command-buffer barriers, semaphore signal -> wait edges and host awaits; per-op byte-range accesses with
dispatch bindings resolved through their executables), analysed by :func:`analyse`, and compared with a
sequential reference and random legal interleavings. :mod:`simulator.checks.mutants` makes broken
variants of a cmd-form program, to test that the checks catch them.
"""

from __future__ import annotations

from simulator.checks.faults import Fault, parse_fault
from simulator.checks.findings import CheckReport, Finding, OpRef
from simulator.checks.hb import HappensBefore, analyse
from simulator.checks.observer import Observer
from simulator.checks.run import check, check_program

__all__ = [
    "CheckReport",
    "Fault",
    "Finding",
    "HappensBefore",
    "Observer",
    "OpRef",
    "analyse",
    "check",
    "check_program",
    "parse_fault",
]
