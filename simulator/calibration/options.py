"""Command-line options of a calibration, shared by ``streamsim calibrate`` and ``benchmarks/accuracy.py``
(``benchmarks/accuracy_args.py``): the fit's options, the speed reference before every program, the suite
programs picked by shell patterns. One definition and one check of each, so that a figure one command
gives, the other can give with the same option.

A bad value is a usage error (exit 2) naming the value: :func:`check_fit_options` and
:func:`unmatched_patterns` return the message, and each command reports it its own way (argparse's
``error``, or an InputError for ``streamsim``).
"""

from __future__ import annotations

import argparse
import fnmatch
from collections.abc import Iterable, Sequence

from simulator.calibration.run import CALL_RANK


def add_fit_options(parser: argparse.ArgumentParser, fit: str = "the fit") -> None:
    """``--workgroups``, ``--dynamic-factor``, ``--worker-pool`` (the dispatch model's options, off by default:
    :func:`~simulator.calibration.fit.fit_dispatch_model`, :func:`add_worker_pool`), ``--ragged-rows`` (on by
    default, ``--no-ragged-rows`` turns it off: :func:`add_ragged_rows`), ``--release-cost`` (a release's own cost,
    on by default, ``--no-release-cost`` turns it off: :func:`add_release_cost`) and ``--call-rank N`` (the fixed costs on each
    program's N-th lowest round minimum: :func:`~simulator.calibration.run.ranked`); ``fit`` names the
    fit in their help."""
    parser.add_argument(
        "--workgroups",
        action="store_true",
        help=f"{fit}: local-task's pool shares whole workgroups (IREE's distribution tiles; a dispatch of one"
        " workgroup is not split), an option (simulator.calibration.fit.fit_dispatch_model)",
    )
    parser.add_argument(
        "--dynamic-factor",
        action="store_true",
        help=f"{fit}: a dynamic class measured by fewer than 3 suite programs is priced as its static class"
        " times one fitted factor, an option",
    )
    add_worker_pool(parser, fit)
    add_release_cost(parser, fit)
    add_ragged_rows(parser, fit)
    parser.add_argument(
        "--call-rank",
        type=int,
        default=CALL_RANK,
        metavar="N",
        help=f"{fit}: the fixed costs on each program's N-th lowest round minimum (default {CALL_RANK}: its"
        " minimum; simulator.calibration.run.ranked); the dispatch model on the dispatches' minima",
    )


def add_worker_pool(parser: argparse.ArgumentParser, fit: str = "the fit") -> None:
    """``--worker-pool`` (off by default), as ``args.worker_pool``: the dispatch model runs a region's
    workgroups as IREE's local-task workers claim them (``DispatchModelSpec.worker_pool``: a dispatch of
    one workgroup on one worker, the dispatches of a concurrent block sharing the workers), in place of
    spreading every dispatch over them all (:func:`~simulator.calibration.fit.fit_dispatch_model`).

    >>> p = argparse.ArgumentParser()
    >>> add_worker_pool(p)
    >>> [p.parse_args(a).worker_pool for a in ([], ["--worker-pool"])]
    [False, True]
    """
    parser.add_argument(
        "--worker-pool",
        action="store_true",
        help=f"{fit}: local-task's workers claim each region's workgroups as IREE's block processor does (a"
        " dispatch of one workgroup runs on one worker, a concurrent block's dispatches share the workers;"
        " simulator.dispatch_model.DispatchModelSpec.region_times), an option",
    )


def add_ragged_rows(parser: argparse.ArgumentParser, fit: str = "the fit") -> None:
    """``--ragged-rows`` (the default: the presets are fitted with it) and ``--no-ragged-rows``, as
    ``args.ragged_rows``: each softmax row ending in a partial vector priced by one more fitted cost
    (:func:`~simulator.calibration.fit.fit_dispatch_model`'s ``ragged_rows``).

    >>> p = argparse.ArgumentParser()
    >>> add_ragged_rows(p)
    >>> [p.parse_args(a).ragged_rows for a in ([], ["--ragged-rows"], ["--no-ragged-rows"])]
    [True, True, False]
    """
    parser.add_argument(
        "--ragged-rows",
        action=argparse.BooleanOptionalAction,
        default=True,
        help=f"{fit}: each softmax row whose reduced loop ends in a partial vector (IREE's vector tile,"
        " simulator.calibration.tiles.ragged_rows) priced by a fitted cost (dispatch_model.ns_per_ragged);"
        " --no-ragged-rows prices none",
    )


def add_release_cost(parser: argparse.ArgumentParser, fit: str = "the fit") -> None:
    """``--release-cost`` (the default) and ``--no-release-cost``: whether a release is priced apart from
    an allocation (:func:`~simulator.calibration.run.fit_machine`'s ``release_cost``), as ``args.release_cost``.

    >>> p = argparse.ArgumentParser()
    >>> add_release_cost(p)
    >>> [p.parse_args(a).release_cost for a in ([], ["--release-cost"], ["--no-release-cost"])]
    [True, True, False]
    """
    parser.add_argument(
        "--release-cost",
        action=argparse.BooleanOptionalAction,
        default=True,
        help=f"{fit}: local-task's release (dealloca) priced apart from an allocation (host.dealloca_cost_ns:"
        " simulator.calibration.run.OPTIONAL_KNOBS; a device without a pool of workers never fits it apart);"
        " --no-release-cost prices it as an allocation",
    )


def add_program_reference(parser: argparse.ArgumentParser, rounds: str = "in every round") -> None:
    """``--program-reference``: the speed reference timed right before every program (``rounds`` says
    in which rounds), beside each round's (:func:`~simulator.calibration.speed.program_hook`)."""
    parser.add_argument(
        "--program-reference",
        action="store_true",
        help=f"time the speed reference right before every program {rounds} (sessions_reference_ns beside"
        " sessions_ns; speed.program_hook: one more iree-benchmark-module a program a round)",
    )


def add_programs(parser: argparse.ArgumentParser, what: str) -> None:
    """``--programs GLOB...``: the suite programs whose names match a shell pattern; ``what`` ends the
    help (what else the command measures with it)."""
    parser.add_argument(
        "--programs",
        nargs="+",
        metavar="GLOB",
        help=f"only the suite programs whose names match one of these shell patterns ('tiny_*'){what}",
    )


def check_fit_options(args: argparse.Namespace) -> str | None:
    """The usage error of the fit's option values in ``args``, or None.

    >>> print(check_fit_options(argparse.Namespace(call_rank=0)))
    --call-rank must be at least 1, got 0
    >>> check_fit_options(argparse.Namespace(call_rank=2)) is None
    True
    """
    if args.call_rank < 1:
        return f"--call-rank must be at least 1, got {args.call_rank}"
    return None


def matching(names: Iterable[str], patterns: Sequence[str]) -> list[str]:
    """The ``names`` (in order) that match one of the shell ``patterns`` (case-sensitive).

    >>> matching(["tiny_add", "matmul_8", "tiny_sum"], ["tiny_*"])
    ['tiny_add', 'tiny_sum']
    """
    return [n for n in names if any(fnmatch.fnmatchcase(n, p) for p in patterns)]


def unmatched_patterns(names: Sequence[str], patterns: Sequence[str], what: str) -> str | None:
    """The usage error naming each of ``patterns`` that matches none of ``names`` (``what`` they are),
    or None.

    >>> print(unmatched_patterns(["tiny_add"], ["tiny_*", "tyni_*", "x"], "local-task suite program"))
    --programs tyni_*, x: no local-task suite program matches
    """
    bad = [p for p in patterns if not matching(names, [p])]
    return f"--programs {', '.join(bad)}: no {what} matches" if bad else None
