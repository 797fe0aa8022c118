"""``streamsim sweep STUDY.toml``: run a what-if study on a Dask cluster and write its results table.

The study is read and checked in full before anything runs (exit code 2 naming the file and key of a
bad value). Each finished point is stored at once in ``OUTPUT.points/``; running the command again
skips the points stored there, so an interrupted sweep resumes where it stopped. Failed points are
recorded in the table (``status``, ``error``) and do not stop the sweep; the exit code is 0 when every
point ran, 1 when some failed.
"""

from __future__ import annotations

import argparse
import contextlib
import pathlib
import signal
import sys
from typing import Any

from simulator.errors import InputError
from simulator.sweep import load_study, parse_cluster, run_study
from simulator.sweep.errors import SweepStopped


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "sweep",
        help="run a what-if study (programs x machines x settings) on a Dask cluster",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
    )
    parser.add_argument("study", help="study file (TOML)")
    parser.add_argument(
        "--cluster",
        default="local",
        metavar="SPEC",
        help="local (default: one worker per CPU), local:WORKERS, tcp://HOST:PORT, or inprocess",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="results table, Parquet (default: STUDY.parquet next to the study); finished points are "
        "kept in FILE.points/",
    )
    parser.add_argument(
        "--batch-size",
        type=int,
        metavar="N",
        help="points per Dask task at most (default: about half a worker's share, at most 16)",
    )
    parser.add_argument("--retry-failed", action="store_true", help="run again points stored with an error")
    parser.add_argument(
        "--dry-run", action="store_true", help="check the study and list its size; run nothing"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress line")
    parser.add_argument(
        "--yes",
        action="store_true",
        help=f"run a study of more than {MAX_POINTS_WITHOUT_YES:,} points (each point takes about 1 KB of "
        "memory before it runs, and a results row after)",
    )
    parser.set_defaults(func=run)


#: Studies above this many points must be confirmed with --yes: a typo in a grid (seeds = 0..10**6)
#: otherwise fills memory with points before the first one runs.
MAX_POINTS_WITHOUT_YES = 100_000
_POINT_BYTES = 1100  # measured: 2 million points took 2.2 GB


def _stop_on_signals(state: dict[str, int]) -> dict[int, Any]:
    """SIGINT and SIGTERM ask the sweep to stop after the point that is finishing (``state["signum"]``);
    a second one stops at once. Installed even where the shell started the sweep with SIGINT ignored (a
    background job of a script): a sweep runs for hours and must stop when asked."""

    def handler(signum: int, frame: Any) -> None:
        if "signum" in state:
            raise KeyboardInterrupt
        state["signum"] = signum

    previous: dict[int, Any] = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        # Not the main thread (a notebook's worker thread): leave signals alone.
        with contextlib.suppress(ValueError):
            previous[sig] = signal.signal(sig, handler)
    return previous


def run(args: argparse.Namespace) -> int:
    study = load_study(args.study)
    if args.batch_size is not None and args.batch_size < 1:
        raise InputError(f"--batch-size {args.batch_size}: must be a positive number of points")
    cluster = parse_cluster(args.cluster)
    size = study.size()
    if size > MAX_POINTS_WITHOUT_YES and not args.yes and not args.dry_run:
        raise InputError(
            f"{args.study}: the study has {size:,} points (about {size * _POINT_BYTES / 2**30:.1f} GiB before "
            f"any runs); check its grid, or give --yes to run more than {MAX_POINTS_WITHOUT_YES:,}"
        )
    output = pathlib.Path(args.output) if args.output else pathlib.Path(args.study).with_suffix(".parquet")
    # Checked before anything runs, like the study: a table that cannot be written is known now, not
    # after the sweep (whose points would be kept in OUTPUT.points/, under the wrong name).
    if output.suffix != ".parquet":
        raise InputError(
            f"-o {output}: the results table is a Parquet file; name it .parquet (streamsim report reads "
            "it by that suffix)"
        )
    if output.is_dir():
        raise InputError(f"-o {output}: is a directory; the results table is a file")
    axes = ", ".join(f"{k} ({len(v)})" for k, v in study.grid) or "none"
    print(
        f"study {study.name}: {size} points ({len(study.programs)} program(s), "
        f"{len(study.machines)} machine(s), {len(study.seeds)} seed(s); grid axes: {axes}"
        + (f"; {len(study.cases)} case(s)" if study.cases else "")
        + f") on {cluster.describe()}",
        file=sys.stderr,
    )
    if args.dry_run:
        return 0
    state: dict[str, int] = {}
    previous = _stop_on_signals(state)
    try:
        table = run_study(
            study,
            cluster=cluster,
            output=output,
            retry_failed=args.retry_failed,
            batch_size=args.batch_size,
            progress=not args.no_progress,
            stop=lambda: "signum" in state,
        )
    except (SweepStopped, KeyboardInterrupt):
        signum = state.get("signum", signal.SIGINT)
        store = f"{output}.points"
        print(
            f"streamsim: sweep stopped by {signal.Signals(signum).name}; finished points are kept in {store} "
            "(run the same command again to resume)",
            file=sys.stderr,
        )
        return 128 + int(signum)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    failed = table[table["status"] != "ok"]
    print(f"wrote {output} ({len(table)} rows, {len(failed)} failed)", file=sys.stderr)
    for _, row in failed.head(5).iterrows():
        print(
            f"  failed: point {row['point']} ({row['program']} on {row['machine']}): {row['error']}",
            file=sys.stderr,
        )
    if len(failed) > 5:
        print(f"  ... and {len(failed) - 5} more (see the 'error' column)", file=sys.stderr)
    return 1 if len(failed) else 0
