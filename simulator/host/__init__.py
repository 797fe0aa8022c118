"""The host interpreter: rule tables for the host side of stream programs, by dialect family.

Importing the package registers every rule module: :mod:`.core_rules` (util, func, arith, scf),
:mod:`.hal_rules` (buffer views), :mod:`.stream_rules` (resources, timepoints, tensor import/export),
:mod:`.execute_rules` (``stream.cmd.execute``), :mod:`.io_rules` (parameters and files) and
:mod:`.hal_file_rules` (``hal.device.queue.read``/``write``).
"""

from __future__ import annotations

from simulator.host import core_rules, execute_rules, hal_file_rules, hal_rules, io_rules, stream_rules
from simulator.host.interpreter import BLOCKING_RULES, RULES, Interpreter, rule
from simulator.host.values import BufferView, FileHandle, HostBuffer

__all__ = [
    "BLOCKING_RULES",
    "RULES",
    "BufferView",
    "FileHandle",
    "HostBuffer",
    "Interpreter",
    "core_rules",
    "execute_rules",
    "hal_file_rules",
    "hal_rules",
    "io_rules",
    "rule",
    "stream_rules",
]
