"""Ablated programs (:mod:`simulator.calibration.ablate`): a fixture's stream IR with every copy or dispatch
of its functions recorded twice. IREE compiles it from the stream phase, and the simulator charges
exactly the commands and barriers it adds, once per execution (a loop body's once per trip)."""

from __future__ import annotations

import dataclasses
import pathlib

import pytest

from simulator.calibration.ablate import duplicate_commands
from simulator.calibration.run import fixture_case, simulate_case
from simulator.host import execute_rules
from simulator.host.memoize import recorded_per_execution
from simulator.machine import load_machine
from simulator.profile.iree_tools import compile_cached

ROOT = pathlib.Path(__file__).resolve().parents[3]
RNG = ROOT / "tests" / "fixtures" / "frontends" / "dropout_rng"


def _main_and_initializers(text: str, op: str) -> tuple[int, int]:
    """Occurrences of ``op`` in the module's functions and in its initializers."""
    in_function = None
    counts = [0, 0]
    for line in text.split("\n"):
        head = line[2:] if line.startswith("  ") and not line.startswith("   ") else ""
        if head.startswith(("util.func", "func.func")):
            in_function = True
        elif head.startswith("util.initializer"):
            in_function = False
        if in_function is not None and line.lstrip().startswith(op):
            counts[0 if in_function else 1] += 1
    return counts[0], counts[1]


def test_each_command_of_the_functions_is_recorded_twice_and_initializers_keep_theirs() -> None:
    text = (RNG / "cmd.mlir").read_text()
    for kind in ("copy", "dispatch", "fill"):
        op = f"stream.cmd.{kind} "
        ablated, count = duplicate_commands(text, kind)
        main, init = _main_and_initializers(text, op)
        assert count == main > 0
        assert _main_and_initializers(ablated, op) == (2 * main, init)
    # A dispatch is repeated with its whole binding list: as many binding lines, twice over.
    ablated, _ = duplicate_commands(text, "dispatch")
    assert ablated.count("wo %arg") > text.count("wo %arg")
    assert duplicate_commands(text, "copy")[0] != text


def test_unknown_kinds_and_unclosed_ops_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown command kind 'barrier'"):
        duplicate_commands("", "barrier")
    broken = "  util.func public @main() {\n    stream.cmd.dispatch @x::@y {\n      ro %a[%c0 for %c4]"
    with pytest.raises(ValueError, match="without its closing brace"):
        duplicate_commands(broken, "dispatch")


def test_iree_compiles_the_ablated_program(iree: None, tmp_path: pathlib.Path) -> None:
    ablated, _ = duplicate_commands((RNG / "cmd.mlir").read_text(), "copy")
    path = tmp_path / "rng.copy.mlir"
    path.write_text(ablated)
    vmfb = compile_cached(path, tmp_path, "rng.copy", device="local-sync", extra_flags=("--compile-from=stream",))
    assert vmfb.stat().st_size > 0


def test_the_simulator_charges_each_repeated_copy_and_its_barrier_once_per_execution(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = load_machine("cpu-local-sync")
    # Only the per-command cost of recording again: every re-recorded command or barrier costs 1 us.
    host = dataclasses.replace(
        base.host, record_cost_ns=0, barrier_cost_ns=0, rerecord_cost_ns=1000,
        rerecord_dispatch_cost_ns=0, rerecord_binding_cost_ns=0,
    )
    machine = dataclasses.replace(base, host=host)
    case = fixture_case(RNG)
    ablated, _ = duplicate_commands((RNG / "cmd.mlir").read_text(), "copy")
    path = tmp_path / "rng.copy.mlir"
    path.write_text(ablated)
    plain = simulate_case(case, RNG / "cmd.mlir", machine, "local-sync")["call_ns"]
    more = simulate_case(case, path, machine, "local-sync")["call_ns"]
    # 120 copies a call run in re-recorded serial regions (the loops' bodies, 5 trips each): each repeat
    # adds itself and a barrier; the 9 memoized copies add no recording, and every copy moves a few bytes.
    rerecorded = 0

    def count(op, cache=None):  # type: ignore[no-untyped-def]
        nonlocal rerecorded
        one_shot = recorded_per_execution(op, cache)
        if one_shot:
            rerecorded += sum(1 for o in op.walk() if o.op_name == "stream.cmd.copy")
        return one_shot

    monkeypatch.setattr(execute_rules, "recorded_per_execution", count)
    simulate_case(case, RNG / "cmd.mlir", machine, "local-sync")
    assert rerecorded == 120
    assert 2 * 1000 * rerecorded <= more - plain < 2 * 1000 * rerecorded + 1000
