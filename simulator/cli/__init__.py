"""The ``streamsim`` command line.

Each subcommand lives in its own module of this package and exposes ``register(subparsers)``, which adds
its parser and sets ``func`` to a callable ``func(args) -> int``. ``main`` maps the project's errors to
one line on stderr and an exit code, never a traceback:

- 0: success;
- 1: the simulated program failed, or a check found problems;
- 2: bad input (unparsable or invalid program, bad flag value, missing file).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from ir.errors import IRError
from scheduler.errors import ScheduleError
from simulator.errors import InputError, SimulationError
from traces.errors import TraceError

# Subcommand modules, in the order `streamsim --help` lists them. A module that is not there yet is
# skipped, so that the packages can grow independently.
SUBCOMMANDS = ["run", "opt", "schedule", "check", "machines", "trace", "params", "sweep"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="streamsim",
        description="Simulate, schedule and check IREE-style stream programs.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        try:
            module = importlib.import_module(f"simulator.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"simulator.cli.{name}":
                continue
            raise
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except (IRError, InputError, TraceError, ScheduleError) as exc:
        print(f"streamsim: error: {exc}", file=sys.stderr)
        return 2
    except SimulationError as exc:
        print(f"streamsim: error: {exc}", file=sys.stderr)
        return 1
    except FileNotFoundError as exc:
        print(f"streamsim: error: no such file: {exc.filename}", file=sys.stderr)
        return 2
    except IsADirectoryError as exc:
        print(f"streamsim: error: is a directory: {exc.filename}", file=sys.stderr)
        return 2
    except PermissionError as exc:
        print(f"streamsim: error: permission denied: {exc.filename}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("streamsim: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
