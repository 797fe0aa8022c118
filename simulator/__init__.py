"""simulator: runs cmd-form stream programs on a simpy model of a machine, with real numpy data.

Public API: :class:`Session` (``await session.invoke(module, "main", inputs, parameters=...)``,
``session.run_sync(...)``), machines (:func:`load_machine`, :func:`preset_names`), kernels
(:func:`register_kernel`, :class:`KernelRegistry`), costs (:class:`Calibration`) and run results
(:class:`InvocationResult`, :class:`Stats`, :func:`timeline`).
"""

from __future__ import annotations

from simulator.costs import Calibration, CostModel, DispatchCost
from simulator.kernels import KERNELS, DispatchContext, Kernel, KernelRegistry, register_kernel
from simulator.machine import Machine, load_machine, machine_from_dict, preset_names
from simulator.params.provider import make_parameter_index
from simulator.program import load_program, parameter_keys, parse_program
from simulator.session import InvocationResult, OutputSpec, Session
from simulator.stats import Stats, timeline

__all__ = [
    "KERNELS",
    "Calibration",
    "CostModel",
    "DispatchContext",
    "DispatchCost",
    "InvocationResult",
    "Kernel",
    "KernelRegistry",
    "Machine",
    "OutputSpec",
    "Session",
    "Stats",
    "load_machine",
    "load_program",
    "machine_from_dict",
    "make_parameter_index",
    "parameter_keys",
    "parse_program",
    "preset_names",
    "register_kernel",
    "timeline",
]
