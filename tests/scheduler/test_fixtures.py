"""Our schedule of each IREE fixture's async form against IREE's own cmd form."""

from __future__ import annotations

import pytest

import ir
from scheduler import ScheduleStats, schedule_module
from tests.conftest import IREE_FIXTURES

FIXTURES = [
    "mlp",
    "attention_block",
    "conv2d_relu",
    "layer_norm",
    "quant_matmul",
    "dynamic_mlp",
    "wide_branches_softmax",
]


def wave_signature(module: ir.Module) -> list[list[object]]:
    """Per execute region, its items: a dispatch's entry point, or the sorted entry points of a wave."""
    out = []
    for op in module.walk():
        if op.op_name != "stream.cmd.execute":
            continue
        items: list[object] = []
        for item in op.body.ops:
            if item.op_name == "stream.cmd.concurrent":
                items.append(
                    sorted(
                        str(d.attr("entry_points")) for d in item.walk() if d.op_name == "stream.cmd.dispatch"
                    )
                )
            elif item.op_name == "stream.cmd.dispatch":
                items.append(str(item.attr("entry_points")))
        out.append(items)
    return out


@pytest.fixture(scope="module", params=FIXTURES)
def scheduled(request):
    name = request.param
    ours = schedule_module(
        ir.load_file(str(IREE_FIXTURES / name / "async.generic.mlir")), favor="min-peak-memory"
    )
    iree = ir.load_file(str(IREE_FIXTURES / name / "cmd.generic.mlir"))
    return name, ours, iree


def test_fixture_schedule_verifies(scheduled):
    _, ours, _ = scheduled
    ir.verify(ours)
    assert not any(op.op_name.startswith("stream.async.") for op in ours.walk())


def test_fixture_regions_and_dispatches_match_iree(scheduled):
    _, ours, iree = scheduled
    a, b = ScheduleStats.from_module(ours), ScheduleStats.from_module(iree)
    assert (a.execute_regions, a.dispatches) == (b.execute_regions, b.dispatches)


def test_fixture_waves_match_iree(scheduled):
    _, ours, iree = scheduled
    assert wave_signature(ours) == wave_signature(iree)


def test_fixture_transient_slab_no_larger_than_iree(scheduled):
    _, ours, iree = scheduled
    a, b = ScheduleStats.from_module(ours), ScheduleStats.from_module(iree)
    assert a.transient_bytes <= b.transient_bytes
    assert a.dynamic_transients == b.dynamic_transients


def test_fixture_awaits_match_iree(scheduled):
    _, ours, iree = scheduled
    assert ScheduleStats.from_module(ours).awaits == ScheduleStats.from_module(iree).awaits


def test_fixture_parameters_load_once_per_scope(scheduled):
    _, ours, iree = scheduled

    def loads(m):
        return sum(op.op_name in ("stream.cmd.parameter.load", "stream.parameter.load") for op in m.walk())

    assert loads(ours) == loads(iree) == 1


@pytest.mark.parametrize("name", FIXTURES)
def test_fixture_cmd_form_is_left_alone(name):
    path = str(IREE_FIXTURES / name / "cmd.generic.mlir")
    before = ir.print_generic(ir.load_file(path))
    assert ir.print_generic(schedule_module(ir.load_file(path))) == before
