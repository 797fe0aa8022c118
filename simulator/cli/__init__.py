"""The ``streamsim`` command line.

Each subcommand lives in its own module of this package and exposes ``register(subparsers)``, which adds
its parser and sets ``func`` to a callable ``func(args) -> int``. ``main`` maps every error to one line
on stderr and an exit code (:data:`EXIT_CODES`), never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import traceback
from collections.abc import Sequence

from ir.errors import IRError, UnsupportedConstructError
from scheduler.errors import ScheduleError
from simulator.errors import InputError, SimulationError
from traces.errors import TraceError

# Subcommand modules, in the order `streamsim --help` lists them.
SUBCOMMANDS = [
    "run",
    "opt",
    "schedule",
    "check",
    "machines",
    "trace",
    "params",
    "sweep",
    "profile",
    "calibrate",
    "report",
]

EXIT_CODES = {
    0: "success",
    1: "the simulated program failed, or a check found problems",
    2: "bad input (unparsable or invalid program, bad flag value or file), or a construct streamsim does "
    "not support yet (the message names the op and its location)",
    70: "an internal error of streamsim (please report it; --debug or STREAMSIM_DEBUG=1 shows the traceback)",
    130: "interrupted (Ctrl-C)",
}

REPORT_HINT = "this is a bug in streamsim; please report it with the command and input that caused it"


def build_parser() -> argparse.ArgumentParser:
    epilog = "exit codes:\n" + "\n".join(f"  {code:>3}  {what}" for code, what in EXIT_CODES.items())
    parser = argparse.ArgumentParser(
        prog="streamsim",
        description="Simulate, schedule and check IREE-style stream programs.",
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--debug",
        action="store_true",
        help="print the traceback of an internal error (also STREAMSIM_DEBUG=1)",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        importlib.import_module(f"simulator.cli.{name}").register(subparsers)
    return parser


def _debug(args: argparse.Namespace | None) -> bool:
    return bool(getattr(args, "debug", False)) or os.environ.get("STREAMSIM_DEBUG", "") not in ("", "0")


def _first_line(exc: BaseException) -> str:
    """": " and the first line of an exception's message (at most 300 characters), or "" for none."""
    text = str(exc)
    return ": " + text.splitlines()[0][:300] if text.strip() else ""


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except UnsupportedConstructError as exc:
        print(f"streamsim: error: not supported: {exc}", file=sys.stderr)
        return 2
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
    except MemoryError as exc:  # numpy or Python could not allocate: this host's limit, not a bug
        print(
            f"streamsim: error: out of host memory{_first_line(exc)} (a data run keeps every "
            "buffer's bytes; --timing-only runs the same timeline without data)",
            file=sys.stderr,
        )
        return 1
    except KeyboardInterrupt:
        print("streamsim: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # anything else is a bug of ours: one line, the traceback only on request
        if _debug(args):
            traceback.print_exc()
        print(
            f"streamsim: internal error: {type(exc).__name__}{_first_line(exc)} ({REPORT_HINT}; "
            "--debug or STREAMSIM_DEBUG=1 shows the traceback)",
            file=sys.stderr,
        )
        return 70


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
