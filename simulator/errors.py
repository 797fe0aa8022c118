"""Errors raised by the simulator, by kind of failure.

``SimulationError`` and its subclasses mean the simulated program failed (exit code 1 from the CLI);
``InputError`` means the user's input is bad (exit code 2).
"""

from __future__ import annotations


class SimulationError(Exception):
    """Base class of every error raised by :mod:`simulator`."""


class InputError(SimulationError):
    """Bad user input: a file, a flag value, a machine description. The CLI exits with code 2."""


class MachineError(InputError):
    """A machine description that is invalid or names something unknown."""


class DeviceFailure(SimulationError):
    """A queue operation failed on the simulated device (out of memory, failed read, device loss)."""


class DeadlockError(SimulationError):
    """The simulation stopped making progress with waits still pending."""


class UnsupportedOpError(SimulationError):
    """The interpreter met an op it cannot execute; the message names the op and its location."""


class DispatchError(SimulationError):
    """A dispatch body failed at run time: an access outside its binding, operands that disagree."""


class ArchiveError(InputError):
    """A parameter archive that cannot be read or written: bad suffix, corrupt or truncated file."""


class ParameterNotFoundError(InputError):
    """A parameter scope or key that no archive in the index provides."""


class ParameterRangeError(InputError):
    """A read or write outside a parameter's bytes, or one its storage cannot serve."""
