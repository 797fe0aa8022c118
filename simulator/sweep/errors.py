"""Errors of sweeps: a bad study (rejected before any point runs) and a sweep that cannot go on.

A point that fails is not an error of the sweep: its exception is recorded in its row and the sweep goes
on. :class:`StudyError` is an :class:`~simulator.errors.InputError` (the CLI exits with code 2) and names
the study file and the key of the bad value; :class:`SweepError` (exit code 1) means the sweep itself
failed, such as a cluster that cannot be reached.
"""

from __future__ import annotations

from simulator.errors import InputError, SimulationError


class StudyError(InputError):
    """A study description that is invalid: unknown machine, metric or key, or a bad grid value."""


class SweepError(SimulationError):
    """The sweep could not run: the cluster is unreachable or the result store cannot be written."""


class SweepStopped(BaseException):  # noqa: N818  (like KeyboardInterrupt: no "except Exception" swallows it)
    """The sweep was asked to stop (``run_study(stop=...)`` said so) after storing a finished point."""
