"""Errors raised by the simulator, by kind of failure.

Three kinds, never nested in one another, so that what a caller catches decides nothing by accident:

- ``SimulationError`` and its subclasses: the simulated program failed (exit code 1 from the CLI);
- ``InputError`` and its subclasses: the user's input is bad (exit code 2);
- ``UnsupportedOpError`` (also a :class:`~ir.errors.UnsupportedConstructError`, like the scheduler's):
  valid input that streamsim cannot run yet (exit code 2, naming the op and its location). It stays a
  ``SimulationError`` for code that fails a timepoint on any error, but the queue model and ``check``
  re-raise it rather than report it as a device failure or a finding.
"""

from __future__ import annotations

from ir.errors import UnsupportedConstructError


class SimulationError(Exception):
    """The simulated program failed: a device fault, a deadlock, a failed dispatch."""


class InputError(Exception):
    """Bad user input: a file, a flag value, a machine description. The CLI exits with code 2."""


class MachineError(InputError):
    """A machine description that is invalid or names something unknown."""


class DeviceFailure(SimulationError):
    """A queue operation failed on the simulated device (out of memory, failed read, device loss)."""


class DeadlockError(SimulationError):
    """The simulation stopped making progress with waits still pending."""


class UnsupportedOpError(SimulationError, UnsupportedConstructError):
    """The interpreter met an op it cannot execute; the message names the op and its location."""


class DispatchError(SimulationError):
    """A dispatch body failed at run time: an access outside its binding, operands that disagree."""


class ArchiveError(InputError):
    """A parameter archive that cannot be read or written: bad suffix, corrupt or truncated file."""


class ParameterNotFoundError(InputError):
    """A parameter scope or key that no archive in the index provides."""


class ParameterRangeError(InputError):
    """A read or write outside a parameter's bytes, or one its storage cannot serve."""


class ProfileError(InputError):
    """Measuring a program with IREE's tools failed: a tool is missing, a compile or a run failed, or
    its profile cannot be read as repeated calls. The CLI exits with code 2."""
