"""Host identities in measurement files: stamped when measured, warned about when read elsewhere."""

from __future__ import annotations

from typing import Any

from simulator.calibration.hosts import (
    SPEED_TOLERANCE,
    host_identity,
    host_key,
    host_warnings,
    load_average,
    load_summary,
    speed_check,
    stamp,
)

HERE = {"cpu": "Xeon (2 CPUs)", "hostname": "a", "machine_id": "1", "kernel": "6.1", "iree_version": "3.13"}
THERE = {**HERE, "hostname": "b", "machine_id": "2"}


def test_this_host_has_an_identity_with_a_stable_key() -> None:
    identity = host_identity()
    assert identity["cpu"] and set(identity) == set(HERE)
    assert host_key(identity) == host_key(dict(reversed(list(identity.items()))))
    assert host_key(HERE) != host_key(THERE)


def test_programs_measured_here_raise_no_warning() -> None:
    data: dict = {"programs": {"p": {}, "q": {}}}
    for entry in data["programs"].values():
        stamp(data, entry, HERE)
    assert data["hosts"] == {host_key(HERE): HERE}
    assert host_warnings(data, "cache.json", HERE) == []


def test_programs_from_another_or_no_host_are_warned_about_with_what_differs() -> None:
    data: dict = {"programs": {"p": {}, "q": {}, "r": {}}}
    stamp(data, data["programs"]["p"], HERE)
    stamp(data, data["programs"]["q"], THERE)
    warnings = host_warnings(data, "cache.json", HERE)
    assert len(warnings) == 2
    other = next(w for w in warnings if "another host" in w)
    assert other.startswith("cache.json: 1 program(s)")
    assert "hostname 'b' here 'a'" in other and "machine_id" in other and "cpu" not in other
    assert any("1 program(s) record no host" in w for w in warnings)


def test_speed_check_flags_only_programs_beyond_the_tolerance() -> None:
    now = {"same": 1000.0, "noise": 1000.0 * 1.05, "slower": 1000.0 * SPEED_TOLERANCE * 1.01, "faster": 700.0}
    rows, warnings = speed_check([(k, 1000.0) for k in now], now.__getitem__, "cache")
    assert [r[0] for r in rows] == list(now)
    assert [w.split(" runs")[0] for w in warnings] == ["cache: slower", "cache: faster"]


def test_a_measurement_records_the_load_it_was_taken_at_and_a_file_says_which_loads() -> None:
    data: dict[str, Any] = {"programs": {}}
    entry: dict[str, Any] = {}
    data["programs"]["a"] = entry
    stamp(data, entry, {"cpu": "x"}, load=6.25)
    assert entry["load"] == 6.25
    later: dict[str, Any] = {}
    data["programs"]["b"] = later
    stamp(data, later, {"cpu": "x"})
    now = load_average()
    assert now is None or (later["load"] == now and now >= 0)
    data["programs"]["c"] = {"host": "old"}  # measured before loads were recorded
    line = load_summary(data, "cache")
    assert line.startswith("cache: measured at load ") and line.endswith("; 1 record no load")
    assert load_summary({"programs": {"c": {}}}, "cache") == "cache: no program records its load"
