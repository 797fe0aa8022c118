"""Errors raised by the IR: parsing, verification and construction.

Every message names the bad value; errors about parsed text carry ``file:line:col``.
"""

from __future__ import annotations


class IRError(Exception):
    """Base class of every error raised by :mod:`ir`."""

    def __init__(self, message: str, *, location: object | None = None) -> None:
        self.message = message
        self.location = location
        where = str(location) if location is not None else ""
        super().__init__(f"{where}: {message}" if where else message)


class ParseError(IRError):
    """Text that is not valid generic MLIR (or not what the parser expects here)."""


class VerifyError(IRError):
    """IR that is structurally well formed but breaks a rule of an op, a type or SSA dominance."""


class UnsupportedConstructError(Exception):
    """Valid input that streamsim cannot handle (an op, or a form of one, it has no rule for).

    Not bad input and not a finding about the program: the scheduler's and the simulator's
    ``UnsupportedOpError`` both derive from it, and the CLI exits 2 on it, naming the op and its location.
    """


class BuildError(IRError):
    """A builder call with inconsistent arguments."""
