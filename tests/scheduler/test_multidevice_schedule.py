"""Our schedule of IREE's multi-device programs against IREE's own (issue 18).

tests/fixtures/multidevice/*/cmd.generic.mlir is what IREE 3.13 made of the same async form. As IREE does,
a ``stream.async.transfer`` runs on its source device (``AsyncTransferOp::getAffinityAttr``), in the
region of its producer, as a copy into memory allocated on ``#hal.device.optimal<[src, dst]>`` followed by
a ``stream.cmd.flush`` to the target; one with an execution affinity on the target side invalidates
first; a region's allocas await what the region awaited; an initializer's uploads are all issued before
its (sync) awaits. Compared: every timeline op in order (allocas with their affinity, lifetime and size,
each region's commands, deallocas, host awaits), what each region and alloca waits for (the timeline ops
it transitively awaits), and the simulated makespan and host waits of the two programs.
"""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

import ir
from scheduler import schedule_module
from scheduler.access import static_index
from simulator import Session

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "multidevice"
NAMES = ["pipeline_parallel", "tensor_parallel"]


def _timeline(module: ir.Module) -> list[tuple[str, list[tuple[object, ...]], dict[int, frozenset[int]]]]:
    """Per function: its timeline ops as records, and for each region and alloca (by record index) the
    records it transitively awaits (through joins and other timeline ops)."""
    out = []
    for fn in module.body.ops:
        if fn.op_name not in ("util.func", "util.initializer"):
            continue
        records: list[tuple[object, ...]] = []
        made: dict[int, int] = {}  # id(timepoint value) -> record index
        joins: dict[int, list[object]] = {}
        direct: dict[int, list[object]] = {}
        for op in fn.regions[0].blocks[0].ops:
            name = op.op_name
            aff = str(op.attr("affinity"))
            tps = [v for v in op.operands if str(v.type) == "!stream.timepoint"]
            if name == "stream.timepoint.join":
                joins[id(op.results[0])] = tps
                continue
            if name == "stream.resource.alloca":
                rec: tuple[object, ...] = (
                    "alloca",
                    aff,
                    str(op.results[0].type),
                    static_index(op.operands[0]),
                )
            elif name == "stream.cmd.execute":
                cmds: list[tuple[str, str]] = []
                for c in op.walk():
                    if c.op_name == "stream.cmd.dispatch":
                        cmds.append(("dispatch", str(c.attr("entry_points"))))
                    elif c.op_name in ("stream.cmd.copy", "stream.cmd.fill"):
                        cmds.append((c.op_name, ""))
                    elif c.op_name in ("stream.cmd.flush", "stream.cmd.invalidate"):
                        cmds.append((c.op_name, str(c.attr("source_affinity"))))
                rec = ("execute", aff, tuple(cmds))
            elif name == "stream.resource.dealloca":
                freed = op.operands[0].defining_op
                rec = ("dealloca", aff, records[made[id(freed.results[1])]] if freed is not None else None)
            elif name == "stream.timepoint.await":
                rec = ("await", op.attr("sync") is not None, len(op.results))
            elif name == "stream.cmd.parameter.load":
                rec = ("parameter.load", aff)
            else:
                continue
            i = len(records)
            records.append(rec)
            direct[i] = list(tps)
            for r in op.results:
                if str(r.type) == "!stream.timepoint":
                    made[id(r)] = i

        waits = {
            i: frozenset(_reach(direct[i], joins, made, direct))
            for i, rec in enumerate(records)
            if rec[0] in ("execute", "alloca")
        }
        out.append((fn.op_name, records, waits))
    return out


def _reach(
    values: list[object],
    joins: dict[int, list[object]],
    made: dict[int, int],
    direct: dict[int, list[object]],
    seen: set[int] | None = None,
) -> set[int]:
    """The records the timepoints ``values`` come after, through joins and the records' own awaits."""
    seen = set() if seen is None else seen
    got: set[int] = set()
    for v in values:
        if id(v) in seen:
            continue
        seen.add(id(v))
        if id(v) in joins:
            got |= _reach(joins[id(v)], joins, made, direct, seen)
        elif id(v) in made:
            j = made[id(v)]
            got |= {j} | _reach(direct[j], joins, made, direct, seen)
    return got


@pytest.fixture(scope="module", params=NAMES)
def both(request: pytest.FixtureRequest) -> tuple[str, ir.Module, ir.Module]:
    d = FIXTURES / request.param
    ours = schedule_module(ir.load_file(str(d / "async.generic.mlir")))
    ir.verify(ours)
    return request.param, ours, ir.load_file(str(d / "cmd.generic.mlir"))


def test_multidevice_timeline_ops_as_iree(both: tuple[str, ir.Module, ir.Module]) -> None:
    _, ours, iree = both
    assert [(f, r) for f, r, _ in _timeline(ours)] == [(f, r) for f, r, _ in _timeline(iree)]


def test_multidevice_regions_and_allocas_wait_as_iree(both: tuple[str, ir.Module, ir.Module]) -> None:
    _, ours, iree = both
    assert [w for _, _, w in _timeline(ours)] == [w for _, _, w in _timeline(iree)]


def test_multidevice_deallocas_wait_as_iree(both: tuple[str, ir.Module, ir.Module]) -> None:
    """tensor_parallel's two deallocas after its dev_b region both await the region, joined (IREE's
    canonicalizer batches the chain automatic reference counting leaves)."""
    _, ours, iree = both

    def dealloca_waits(module: ir.Module) -> list[list[frozenset[int]]]:
        out = []
        for fn in module.body.ops:
            if fn.op_name not in ("util.func", "util.initializer"):
                continue
            ops = [o for o in fn.regions[0].blocks[0].ops if o.op_name.startswith("stream.")]
            made = {id(r): i for i, o in enumerate(ops) for r in o.results}
            out.append(
                [
                    frozenset(made[id(v)] for v in o.operands[2:] if id(v) in made)
                    for o in ops
                    if o.op_name == "stream.resource.dealloca"
                ]
            )
        return out

    assert dealloca_waits(ours) == dealloca_waits(iree)


def test_multidevice_transfers_run_on_their_source_device(both: tuple[str, ir.Module, ir.Module]) -> None:
    name, ours, _ = both
    execs = [op for op in ours.walk() if op.op_name == "stream.cmd.execute"]
    flushes = [
        (str(e.attr("affinity")), str(c.attr("source_affinity")))
        for e in execs
        for c in e.walk()
        if c.op_name == "stream.cmd.flush"
    ]
    # Every transfer between the two devices not made on the target's side runs on its source device.
    assert (
        flushes
        == {
            "pipeline_parallel": [("#hal.device.affinity<@dev_a>", "#hal.device.affinity<@dev_b>")],
            "tensor_parallel": [
                ("#hal.device.affinity<@dev_a>", "#hal.device.affinity<@dev_b>"),
                ("#hal.device.affinity<@dev_b>", "#hal.device.affinity<@dev_a>"),
            ],
        }[name]
    )


@pytest.mark.parametrize("name", NAMES)
def test_multidevice_simulated_schedule_as_iree(name: str) -> None:
    """Same makespan and host waits on multi-gpu-4 from our schedule as from IREE's, to 20 ns: the host
    time of one more util.buffer.constant in our initializer, which IREE's CSE shares between the two
    parameter loads."""
    d = FIXTURES / name
    inputs = [np.load(p) for p in sorted(d.glob("input*.npy"))]
    runs = [
        Session("multi-gpu-4").run_sync(
            ir.load_file(str(d / prog)), "main", inputs, parameters={"model": d / "params.irpa"}
        )
        for prog in ("async.generic.mlir", "cmd.generic.mlir")
    ]
    ours, iree = (r.stats for r in runs)
    assert ours.counts["host_waits"] == iree.counts["host_waits"]
    assert abs(ours.makespan_ns - iree.makespan_ns) <= 20
    np.testing.assert_array_equal(runs[0].outputs[0], runs[1].outputs[0])


CASES = sorted((FIXTURES.parent / "pipeline_cases" / "transfers").glob("*.mlir"))


def _region_ops(module: ir.Module, region_op: str) -> list[tuple[str, list[str]]]:
    """Per execution region, in order: its affinity and its ops (a dispatch by entry point)."""
    out = []
    for op in module.walk():
        if op.op_name != region_op:
            continue
        inner = [
            str(o.attr("entry_points")) if o.op_name.endswith(".dispatch") else o.op_name.rsplit(".", 1)[-1]
            for o in op.walk()
            if o.op_name.endswith((".dispatch", ".transfer", ".copy", ".flush", ".invalidate"))
        ]
        out.append((str(op.attr("affinity")), inner))
    return out


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_transfers_join_their_producers_region_as_iree(path: pathlib.Path) -> None:
    """IREE's partitioning puts a transfer in its producer's region (its ``syncOps``): the same regions,
    with the same ops, from iree-opt's schedule-execution, ours alone, and our whole pipeline."""
    from scheduler.passes.schedule_execution import schedule_execution
    from tests.scheduler.test_existing_regions import _iree_opt, _run

    pipeline = "--pass-pipeline=builtin.module(util.func(iree-stream-schedule-execution))"
    theirs = _region_ops(
        ir.parse_module(_run([_iree_opt(), pipeline, "--mlir-print-op-generic", str(path)])),
        "stream.async.execute",
    )
    alone = ir.load_file(str(path))
    schedule_execution(alone)
    assert _region_ops(alone, "stream.async.execute") == theirs
    cmd = schedule_module(ir.load_file(str(path)))
    ir.verify(cmd)
    # In cmd form a transfer is a copy and a flush on the source side.
    lowered = [(aff, [{"transfer": "copy"}.get(o, o) for o in ops]) for aff, ops in theirs]
    assert [
        (aff, [o for o in ops if o != "flush"]) for aff, ops in _region_ops(cmd, "stream.cmd.execute")
    ] == lowered
