"""Builder programs with Python kernels compute what numpy computes; timing-only keeps the timeline."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ir import ProgramBuilder
from ir import types as T
from simulator import DispatchContext, KernelRegistry, Session
from simulator.errors import DeviceFailure, UnsupportedOpError
from simulator.examples.programs import matmul_add_softmax


def _reference(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    x = a @ b + c
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


@pytest.mark.parametrize("machine", ["cpu", "discrete-gpu", "apu"])
def test_kernels_matmul_add_softmax_equals_numpy(machine: str) -> None:
    rng = np.random.default_rng(1)
    a, b, c = (rng.standard_normal(s).astype(np.float32) for s in ((8, 16), (16, 32), (8, 32)))
    result = Session(machine).run_sync(matmul_add_softmax(8, 16, 32), "main", [a, b, c])
    np.testing.assert_array_equal(result.outputs[0], _reference(a, b, c))


def test_kernels_timing_only_has_the_same_makespan() -> None:
    rng = np.random.default_rng(2)
    a, b, c = (rng.standard_normal(s).astype(np.float32) for s in ((8, 16), (16, 32), (8, 32)))
    session = Session("discrete-gpu")
    real = session.run_sync(matmul_add_softmax(), "main", [a, b, c])
    timing = session.run_sync(matmul_add_softmax(), "main", [a, b, c], timing_only=True)
    assert timing.stats.makespan_ns == real.stats.makespan_ns
    assert timing.timeline() == real.timeline()
    assert timing.outputs[0].describe() == "8x32xf32"


def test_kernels_roofline_uses_kernel_flops(make_machine: Any) -> None:
    # 1 GFLOP/s and 1 B/ns: a 64x64x64 matmul is 524288 flops (524288 ns) against 49152 bytes moved.
    rng = np.random.default_rng(3)
    a, b, c = (rng.standard_normal(s).astype(np.float32) for s in ((64, 64), (64, 64), (64, 64)))
    result = Session(make_machine()).run_sync(matmul_add_softmax(64, 64, 64), "main", [a, b, c])
    spans = {s.name: s for s in result.trace.spans if s.category == "dispatch"}
    assert spans["matmul"].dur_ns == 2 * 64**3
    assert spans["matmul"].args["flops"] == 2 * 64**3
    assert spans["add"].dur_ns == 3 * 64 * 64 * 4  # memory bound: three 16 KiB bindings


def test_kernels_custom_registry_and_missing_kernel() -> None:
    registry = KernelRegistry()

    @registry.register("negate", flops=lambda ctx: ctx.binding_lengths[0] // 4)
    def negate(ctx: DispatchContext) -> None:
        np.negative(ctx.array(0, np.float32), out=ctx.array(1, np.float32))

    pb = ProgramBuilder()
    pb.kernel_executable("negate", kernel="negate", num_bindings=2)
    f = pb.function("main", [T.HalType("buffer_view")], [T.HalType("buffer_view")])
    x = pb.import_tensor(f.body.args[0], T.TensorType((4,), T.f32), 16)
    size = pb.index(16)
    out, ready = pb.alloca(size, lifetime="external")
    with pb.execute([x, out], [size, size], await_=ready) as (rx, ro):
        pb.dispatch("negate", [(rx, size, 0, 16, "ro"), (ro, size, 0, 16, "wo")])
    (res,) = pb.await_(pb.last_timepoint, [out], [size])
    pb.returns(pb.export_tensor(res, T.TensorType((4,), T.f32), size))
    values = np.arange(4, dtype=np.float32)
    result = Session("cpu", kernels=registry).run_sync(pb.module, "main", [values])
    np.testing.assert_array_equal(result.outputs[0], -values)
    with pytest.raises(UnsupportedOpError, match="kernel 'negate', which is not registered"):
        Session("cpu").run_sync(pb.module, "main", [values])


def test_kernels_error_in_a_kernel_fails_the_dispatch() -> None:
    registry = KernelRegistry()

    @registry.register("matmul")
    def broken(ctx: DispatchContext) -> None:
        raise ValueError("shapes do not match")

    registry.register("add", lambda ctx: None)
    registry.register("softmax", lambda ctx: None)
    a, b, c = (np.zeros(s, np.float32) for s in ((8, 16), (16, 32), (8, 32)))
    with pytest.raises(
        DeviceFailure, match=r"stream\.cmd\.dispatch.*matmul raised ValueError: shapes do not match"
    ):
        Session("cpu", kernels=registry).run_sync(matmul_add_softmax(), "main", [a, b, c])
