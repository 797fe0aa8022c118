"""The host interpreter: rule tables for the host side of stream programs, by dialect family.

:data:`HOST_RULES` lists the tables an :class:`Interpreter` is built from, one per module:
:mod:`.core_rules` (util, func, arith, scf),
:mod:`.hal_rules` (buffer views), :mod:`.stream_rules` (resources, timepoints, tensor import/export),
:mod:`.channel_rules` (channels; the recording of collectives),
:mod:`.execute_rules` (``stream.cmd.execute``), :mod:`.io_rules` (parameters and files) and
:mod:`.hal_file_rules` (``hal.device.queue.read``/``write``); for HAL-form programs :mod:`.hal_device_rules`
(queries, allocators, buffers, queue alloca/dealloca), :mod:`.hal_command_rules` (executables, command
buffers, queue execution) and :mod:`.hal_channel_rules` (channels, recorded collectives).
"""

from __future__ import annotations

from simulator.host import (
    channel_rules,
    core_rules,
    execute_rules,
    hal_channel_rules,
    hal_command_rules,
    hal_device_rules,
    hal_file_rules,
    hal_rules,
    io_rules,
    stream_rules,
)
from simulator.host.interpreter import Interpreter, Rule
from simulator.host.values import BufferView, FileHandle, HostBuffer
from simulator.rules import RuleTable

#: The host interpreter's rule tables, in one place (a session builds its interpreter from these).
HOST_RULES: tuple[RuleTable[Rule], ...] = (
    core_rules.RULES,
    hal_rules.RULES,
    stream_rules.RULES,
    channel_rules.RULES,
    execute_rules.RULES,
    io_rules.RULES,
    hal_file_rules.RULES,
    hal_device_rules.RULES,
    hal_command_rules.RULES,
    hal_channel_rules.RULES,
)

__all__ = [
    "BufferView",
    "FileHandle",
    "HOST_RULES",
    "HostBuffer",
    "Interpreter",
    "Rule",
    "channel_rules",
    "core_rules",
    "execute_rules",
    "hal_command_rules",
    "hal_device_rules",
    "hal_file_rules",
    "hal_rules",
    "io_rules",
    "stream_rules",
]
