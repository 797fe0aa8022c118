"""The host's cost of a call between functions of the module (host.inner_call_cost_ns) against that of a
call from the application (host.call_cost_ns)."""

from __future__ import annotations

import pathlib

import pytest

from simulator import machine_from_dict
from simulator.calibration.provenance import base_machine
from simulator.calibration.run import KNOBS
from simulator.errors import MachineError
from simulator.machine import load_machine
from tests.simulator.conftest import run_fixture_on_base_machine
from traces import call_time_ns

#: IREE's coarse-fences ABI (the ONNX importer's): ``main`` calls ``main$async`` and awaits its fence.
FIXTURE = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "frontends" / "onnx_loop"


def _call_ns(host: dict[str, int]) -> int:
    result = run_fixture_on_base_machine(FIXTURE, "local-task", host)
    return call_time_ns(result.trace)


def test_a_call_inside_the_module_pays_its_own_cost_when_given() -> None:
    default = _call_ns({"call_cost_ns": 5000})
    inner_free = _call_ns({"call_cost_ns": 5000, "inner_call_cost_ns": 0})
    inner_priced = _call_ns({"call_cost_ns": 5000, "inner_call_cost_ns": 700})
    # main -> main$async is the one call inside the module: without the field it costs call_cost_ns.
    assert default - inner_free == 5000
    assert inner_priced - inner_free == 700
    # The call of main itself (from the application) keeps call_cost_ns.
    assert _call_ns({"call_cost_ns": 0, "inner_call_cost_ns": 0}) == inner_free - 5000


def test_it_is_fitted_and_defaults_to_the_call_cost() -> None:
    assert ("host", "inner_call_cost_ns") in KNOBS
    assert load_machine("cpu-roofline").host.inner_call_cost_ns is None
    for preset in ("cpu-local-sync", "cpu-local-task"):
        assert load_machine(preset).host.inner_call_cost_ns is not None


def test_a_malformed_value_is_rejected_with_its_key() -> None:
    data = base_machine("local-task")
    data["host"]["inner_call_cost_ns"] = -1
    with pytest.raises(MachineError, match="inner_call_cost_ns"):
        machine_from_dict(data)
