"""Dynamically sized transients: packed conservatively, offsets computed at run time."""

from __future__ import annotations

import numpy as np

import ir
from ir import attributes as A
from ir import types as T
from scheduler import ScheduleStats, schedule_module
from simulator import KernelRegistry, Session
from simulator.reference import run_reference


def dynamic_program() -> ir.Module:
    """main(%n: index): x = splat(n bytes); a = k(x); b = k(a); c = k(a, b) (external, returned)."""
    pb = ir.ProgramBuilder()
    for name, nb in (("a", 2), ("b", 2), ("c", 3)):
        pb.kernel_executable(name, kernel="sum_plus_one", num_bindings=nb)
    fn = pb.function("main", [T.index], [T.ResourceType("external")])
    n = fn.body.args[0]
    zero = pb.index(0)
    x = pb.create("stream.async.splat", [pb.constant(3, T.i8), n], [T.ResourceType("transient")]).result

    def dispatch(name: str, ins: list[ir.Value], lifetime: str) -> ir.Value:
        k = len(ins)
        return pb.create(
            "stream.async.dispatch",
            [*ins, *([n] * k), *([zero] * k), *([n] * k), *([n] * k), n],
            [T.ResourceType(lifetime)],
            properties={
                "affinity": pb.affinity,
                "entry_points": A.ArrayAttr((A.SymbolRefAttr(name, (name,)),)),
                "operandSegmentSizes": A.segment_sizes(0, k, k, k, k, k, 1),
                "tied_operands": A.ArrayAttr((A.IntegerAttr(-1),)),
            },
        ).result

    a = dispatch("a", [x], "transient")
    b = dispatch("b", [a], "transient")
    c = dispatch("c", [a, b], "external")
    pb.returns(c)
    return pb.module


def kernels() -> KernelRegistry:
    reg = KernelRegistry()

    @reg.register("sum_plus_one")
    def sum_plus_one(ctx):
        *ins, out = ctx.bindings
        out[:] = (sum(i.astype(np.int64) for i in ins) + 1) % 256

    return reg


def test_dynamic_transients_pack_into_one_slab_with_runtime_offsets():
    m = schedule_module(dynamic_program())
    ir.verify(m)
    s = ScheduleStats.from_module(m)
    assert s.dynamic_transients == 1 and s.transient_bytes == 0
    body = m.function("main").body
    # x and b (same size value, disjoint lifetimes) share a bin, a takes a second: offsets are arith ops
    assert any(op.op_name == "arith.divui" for op in body.ops)


def test_dynamic_transients_schedule_equals_reference():
    reg = kernels()
    for n in (40, 100):
        reference = run_reference(dynamic_program(), "main", [n], kernels=reg)
        m = schedule_module(dynamic_program())
        out = Session(kernels=reg).run_sync(m, "main", [n]).outputs[0]
        np.testing.assert_array_equal(out.view(), reference[0])
