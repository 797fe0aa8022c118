#!/usr/bin/env python3
"""A behaviour snapshot of the code on ``sys.path``: every fixture's runs and schedules, in one process.

For every program under ``tests/fixtures/iree/`` it writes into DIR what ``streamsim`` prints and writes

- a data run of the cmd and the async form on ``cpu`` and ``discrete-gpu`` (``N.FORM.MACHINE.out.npy``,
  ``.trace.json``, ``.stdout`` ending in the exit status, ``.stderr``);
- a timing-only run of each form on ``discrete-gpu`` (``N.FORM.timing.trace.json``, ``.stdout`` with
  stderr in it);
- the scheduled text under each favor (``N.schedule.FAVOR.mlir``, stderr in it).

Take one before a change and one after, then ``diff -r`` them. These are the files the shell loop of
``streamsim`` commands wrote, but each command is a call of ``simulator.cli.main`` in this process, so a
snapshot costs the commands' own work (seconds) instead of 63 interpreter starts and imports (about an
hour on a loaded machine). A combined stdout+stderr file holds the lines in the order they were printed.

Usage: ``python tools/snapshot_fixtures.py DIR`` from the project root (or ``bash tools/snapshot_fixtures.sh
DIR``); with ``PYTHONPATH`` set to another checkout it snapshots that checkout.
"""

from __future__ import annotations

import contextlib
import io
import pathlib
import sys
from collections.abc import Sequence

FIXTURES = pathlib.Path("tests/fixtures/iree")
MACHINES = ("cpu", "discrete-gpu")
FAVORS = ("min-peak-memory", "max-concurrency", "debug")


def _command(argv: Sequence[str], stdout: pathlib.Path, stderr: pathlib.Path | None) -> int:
    """Run ``streamsim ARGV``; write its stdout (and stderr, to ``stderr`` or into the same file)."""
    from simulator.cli import main

    out = io.StringIO()
    err = out if stderr is None else io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(list(argv))
        except SystemExit as exc:  # argparse's usage errors
            status = exc.code if isinstance(exc.code, int) else 1
    stdout.write_text(out.getvalue())
    if stderr is not None:
        stderr.write_text(err.getvalue())
    return status


def snapshot(out: pathlib.Path, fixtures: pathlib.Path = FIXTURES, root: pathlib.Path | None = None) -> int:
    """Write the snapshot of every fixture program under ``fixtures`` (relative to ``root``, the current
    directory by default, where the commands run) into ``out``; return the number of commands run."""
    out = out.absolute()
    out.mkdir(parents=True, exist_ok=True)
    with contextlib.chdir(root or pathlib.Path.cwd()):
        return _snapshot(out, fixtures)


def _snapshot(out: pathlib.Path, fixtures: pathlib.Path) -> int:
    commands = 0
    for directory in sorted(p for p in fixtures.iterdir() if p.is_dir()):
        # Paths spelled as the shell loop spelled them (F="DIR/NAME/"), since messages may name them.
        n, f = directory.name, f"{fixtures}/{directory.name}/"
        inputs = [a for i in sorted(directory.glob("input*.npy")) for a in ("--input", f"@{f}{i.name}")]
        params = ["--parameters", f"model={f}/params.irpa"]
        for form in ("cmd", "async"):
            program = f"{f}{form}.generic.mlir"
            for m in MACHINES:
                base = out / f"{n}.{form}.{m}"
                argv = ["run", program, *params, *inputs, "--output", f"@{base}.out.npy", "--machine", m,
                        "--trace", f"{base}.trace.json"]  # fmt: skip
                status = _command(
                    argv, base.with_name(base.name + ".stdout"), base.with_name(base.name + ".stderr")
                )
                with open(base.with_name(base.name + ".stdout"), "a") as stdout:
                    stdout.write(f"exit {status}\n")
                commands += 1
            base = out / f"{n}.{form}.timing"
            argv = ["run", program, *params, *inputs, "--timing-only", "--machine", "discrete-gpu",
                    "--trace", f"{base}.trace.json"]  # fmt: skip
            _command(argv, base.with_name(base.name + ".stdout"), None)
            commands += 1
        for favor in FAVORS:
            argv = ["schedule", f"{f}/async.generic.mlir", "--favor", favor]
            _command(argv, out / f"{n}.schedule.{favor}.mlir", None)
            commands += 1
    return commands


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: python tools/snapshot_fixtures.py DIR", file=sys.stderr)
        return 2
    out = pathlib.Path(args[0])
    n = snapshot(out)
    print(f"snapshot written to {out} ({n} commands)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
