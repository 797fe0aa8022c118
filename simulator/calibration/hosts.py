"""Which host measured what: host identities in measurement files, and a check that cached measurements
still describe the host that reads them.

A measurement made on one machine predicts nothing about another: the same CPU model name can sit in
hosts 1.5x apart (a different hypervisor, clock or neighbour load), and the accuracy and calibration
caches (``benchmarks/data``) outlive the machine that measured them. So every measured program records
the host it was measured on (:func:`stamp`: a key into the file's ``hosts`` table of
:func:`host_identity`), :func:`host_warnings` says when a file's programs were measured elsewhere (or
record no host), and :func:`speed_check` times a few cached programs again with IREE's tools and says
when this host runs them at another speed than the cache holds. Each program also records the host's
load average when it was measured (``load``: local-task's call times move 1.5x between a load of 1 and
one of 6 on a shared two-CPU host), and :func:`load_summary` says at what loads a file was measured.
"""

from __future__ import annotations

import hashlib
import json
import os
import pathlib
import platform
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from simulator.calibration.provenance import host_cpu, iree_version

#: Above this ratio (either way) between a program's call time now and its cached minimum, the cache
#: does not describe this host: beyond the few percent by which minima move between sessions here.
SPEED_TOLERANCE = 1.15
UNRECORDED = "unrecorded"


def _machine_id() -> str:
    """A digest of /etc/machine-id (the id itself is not written anywhere), or ``""``."""
    for path in ("/etc/machine-id", "/var/lib/dbus/machine-id"):
        try:
            text = pathlib.Path(path).read_text().strip()
        except OSError:
            continue
        if text:
            return hashlib.sha256(text.encode()).hexdigest()[:16]
    return ""


def host_identity() -> dict[str, str]:
    """What identifies this host for timing: CPU model and count, host name, machine id digest,
    kernel and IREE version."""
    return {
        "cpu": host_cpu(),
        "hostname": platform.node(),
        "machine_id": _machine_id(),
        "kernel": platform.release(),
        "iree_version": iree_version(),
    }


def host_key(identity: dict[str, str]) -> str:
    """A short stable key of ``identity``.

    Examples
    --------
    >>> host_key({"cpu": "x", "hostname": "a"}) == host_key({"hostname": "a", "cpu": "x"})
    True
    """
    return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()[:12]


def load_average() -> float | None:
    """The host's one-minute load average, or None where the platform has none."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def host_cores() -> int:
    """The host's CPU count (what its load average is measured against), at least 1."""
    return max(1, os.cpu_count() or 1)


def busy_now(load: float | None, cores: int) -> str | None:
    """A warning when the one-minute load average ``load`` taken before a measurement is above the
    host's ``cores``, or None: other work then shares every core, and what is measured runs slower
    than on a quiet host.

    Examples
    --------
    >>> busy_now(1.5, 2) is None, busy_now(None, 2) is None
    (True, True)
    >>> print(busy_now(3.25, 2))
    the 1-minute load average is 3.25, above this host's 2 cores: other work shares them and what is measured now runs slower than on a quiet host (a machine fitted to it predicts too slow); calibrate when the load is below 2
    """
    if load is None or load <= cores:
        return None
    return (
        f"the 1-minute load average is {load:.2f}, above this host's {cores} cores: other work shares them"
        " and what is measured now runs slower than on a quiet host (a machine fitted to it predicts too"
        f" slow); calibrate when the load is below {cores}"
    )


def busy_summary(loads: Sequence[float | None], cores: int) -> str | None:
    """A warning when any of ``loads`` (the load average before each measurement of a session) is above
    the host's ``cores``, with how many and the highest, or None.

    Examples
    --------
    >>> busy_summary([0.5, 2.5, None, 4.0], 2)
    "2 of 4 measurements were taken at a 1-minute load average above this host's 2 cores (up to 4.00)"
    >>> busy_summary([0.5, 2.0], 2) is None
    True
    """
    above = [lo for lo in loads if lo is not None and lo > cores]
    if not above:
        return None
    return (
        f"{len(above)} of {len(loads)} measurements were taken at a 1-minute load average above this"
        f" host's {cores} cores (up to {max(above):.2f})"
    )


def stamp(
    data: dict[str, Any],
    entry: dict[str, Any],
    identity: dict[str, str] | None = None,
    load: float | None = None,
) -> None:
    """Record in measurement file ``data`` that ``entry`` (one program's measurement) was measured on
    this host (or on ``identity``), at its load average now (or ``load``)."""
    identity = identity if identity is not None else host_identity()
    key = host_key(identity)
    data.setdefault("hosts", {})[key] = identity
    entry["host"] = key
    load = load if load is not None else load_average()
    if load is not None:
        entry["load"] = load


def load_summary(data: dict[str, Any], what: str) -> str:
    """One line: the load averages the programs of measurement file ``data`` (named ``what``) were
    measured at, and how many record none.

    Examples
    --------
    >>> load_summary({"programs": {"a": {"load": 1.0}, "b": {"load": 6.5}, "c": {}}}, "cache")
    'cache: measured at load 1.00-6.50 (median 3.75) over 2 program(s); 1 record no load'
    """
    loads = [float(m["load"]) for m in data.get("programs", {}).values() if "load" in m]
    missing = len(data.get("programs", {})) - len(loads)
    head = (
        f"{what}: measured at load {min(loads):.2f}-{max(loads):.2f} (median {statistics.median(loads):.2f})"
        f" over {len(loads)} program(s)"
        if loads
        else f"{what}: no program records its load"
    )
    return head + (f"; {missing} record no load" if loads and missing else "")


def host_warnings(data: dict[str, Any], what: str, identity: dict[str, str] | None = None) -> list[str]:
    """Warnings (empty when none) that the programs of measurement file ``data`` (named ``what``) were
    measured on another host than this one, or record none."""
    identity = identity if identity is not None else host_identity()
    here = host_key(identity)
    by_host: dict[str, int] = {}
    for entry in data.get("programs", {}).values():
        key = str(entry.get("host", UNRECORDED))
        by_host[key] = by_host.get(key, 0) + 1
    out = []
    hosts = data.get("hosts", {})
    for key, count in sorted(by_host.items()):
        if key == here:
            continue
        if key == UNRECORDED:
            out.append(f"{what}: {count} program(s) record no host (measured before host stamps)")
            continue
        other = hosts.get(key, {})
        differs = ", ".join(
            f"{field} {other.get(field, '?')!r} here {identity.get(field, '?')!r}"
            for field in sorted(set(identity) | set(other))
            if other.get(field) != identity.get(field)
        )
        out.append(f"{what}: {count} program(s) measured on another host ({differs})")
    return out


def speed_check(
    cached: Sequence[tuple[str, float]], time_now: Callable[[str], float], what: str
) -> tuple[list[tuple[str, float, float]], list[str]]:
    """Time each ``(program, cached minimum ns)`` again with ``time_now(program)`` (ns); the rows
    ``(program, cached, now)`` and a warning for each program whose ratio is beyond
    :data:`SPEED_TOLERANCE`.

    Examples
    --------
    >>> rows, warnings = speed_check([("a", 100.0), ("b", 100.0)], {"a": 104.0, "b": 150.0}.get, "cache")
    >>> warnings
    ['cache: b runs in 150 ns on this host, 100 ns cached (x1.50): re-measure before trusting it']
    """
    rows: list[tuple[str, float, float]] = []
    warnings = []
    for program, before in cached:
        now = time_now(program)
        rows.append((program, before, now))
        ratio = now / before if before > 0 else float("inf")
        if not 1.0 / SPEED_TOLERANCE <= ratio <= SPEED_TOLERANCE:
            warnings.append(
                f"{what}: {program} runs in {now:.0f} ns on this host, {before:.0f} ns cached "
                f"(x{ratio:.2f}): re-measure before trusting it"
            )
    return rows, warnings
