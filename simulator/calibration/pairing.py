"""Measured dispatches matched to simulated ones, as samples for the dispatch fit.

A program's profile (IREE's, per dispatch) and its simulated run name the same ``stream.cmd.dispatch`` ops:
:func:`pair_dispatches` matches them by site (file, line and column), in order where a site runs more than
once, else by name; :func:`dispatch_samples` makes each pair a :class:`~simulator.calibration.fit.DispatchSample`.
"""

from __future__ import annotations

from typing import Any

from simulator.calibration.fit import DispatchSample


def site(loc: str | None) -> str | None:
    """``cmd.mlir:412:7`` of ``/any/dir/cmd.mlir:412:7``: a site within one program, wherever its stream
    IR was when it was measured."""
    return loc.rsplit("/", 1)[-1] if loc else None


def pair_dispatches(
    measured: dict[str, Any], simulated: dict[str, Any]
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Measured dispatches paired with simulated ones: by site (file name, line and column of the
    ``stream.cmd.dispatch``), in order when a site runs more than once (a loop), else by name in order.
    Each simulated dispatch is paired at most once."""
    by_site: dict[str | None, list[int]] = {}
    by_name: dict[str, list[int]] = {}
    for i, d in enumerate(simulated["dispatches"]):
        if d["loc"]:
            by_site.setdefault(site(d["loc"]), []).append(i)
        by_name.setdefault(d["name"], []).append(i)
    used: set[int] = set()

    def take(candidates: list[int]) -> int | None:
        while candidates:
            k = candidates.pop(0)
            if k not in used:
                used.add(k)
                return k
        return None

    out = []
    for m in measured["dispatches"]:
        j = take(by_site.get(site(m["loc"]), [])) if m["loc"] else None
        if j is None:
            j = take(by_name.get(m["name"], []))
        if j is not None:
            out.append((m, simulated["dispatches"][j]))
    return out


def dispatch_samples(measured: dict[str, Any], simulated: dict[str, Any]) -> list[DispatchSample]:
    """Measured dispatches paired with simulated ones (:func:`pair_dispatches`) as fit samples."""
    return [
        DispatchSample(
            measured["name"],
            m["name"],
            sim["flops"],
            sim["bytes"],
            float(m["min_ns"]),
            int(sim.get("transcendentals", 0)),
            tuple(sorted((str(f), int(n)) for f, n in sim.get("math", {}).items())),
            int(sim.get("dynamic_rows", 0)),
            str(sim.get("kind", "")),
            int(sim.get("partial", 0)),
            int(sim.get("masked", 0)),
            int(sim.get("workgroups", 0)),
            int(sim.get("ragged", 0)),
        )
        for m, sim in pair_dispatches(measured, simulated)
    ]


__all__ = ["dispatch_samples", "pair_dispatches"]
