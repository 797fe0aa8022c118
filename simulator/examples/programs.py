"""Builder programs used by the examples, the tests and the benchmark.

- :func:`matmul_add_softmax`: ``softmax(A @ B + C)`` with the built-in ``matmul``, ``add`` and ``softmax``
  kernels, in one ``stream.cmd.execute`` (three serial dispatches);
- :func:`two_queue_program`: a fill on queue 0 and a dispatch on queue 1 that waits for it (a cross-queue
  semaphore wait), then a copy back on queue 0;
- :func:`deep_program`: ``n`` dependent dispatches of the ``noop`` kernel in one execute region, for
  throughput measurements.
"""

from __future__ import annotations

from ir import ProgramBuilder
from ir import types as T
from ir.attributes import DeviceAffinityAttr, SymbolRefAttr
from ir.module import Module

BUFFER_VIEW = T.HalType("buffer_view")


def matmul_add_softmax(m: int = 8, k: int = 16, n: int = 32) -> Module:
    """``main(A: MxK, B: KxN, C: MxN) -> softmax(A @ B + C)`` (f32)."""
    pb = ProgramBuilder()
    pb.kernel_executable("matmul", kernel="matmul", num_bindings=3, num_uniforms=3)
    pb.kernel_executable("add", kernel="add", num_bindings=3)
    pb.kernel_executable("softmax", kernel="softmax", num_bindings=2, num_uniforms=2)
    f = pb.function("main", [BUFFER_VIEW] * 3, [BUFFER_VIEW])
    a_v, b_v, c_v = f.body.args
    sa, sb, sc = 4 * m * k, 4 * k * n, 4 * m * n
    a = pb.import_tensor(a_v, T.TensorType((m, k), T.f32), sa)
    b = pb.import_tensor(b_v, T.TensorType((k, n), T.f32), sb)
    c = pb.import_tensor(c_v, T.TensorType((m, n), T.f32), sc)
    size_a, size_b, size_c = pb.index(sa), pb.index(sb), pb.index(sc)
    out, out_ready = pb.alloca(size_c, lifetime="external")
    tmp, tmp_ready = pb.alloca(pb.index(2 * sc), lifetime="transient")
    size_tmp = pb.index(2 * sc)
    ready = pb.join(out_ready, tmp_ready)
    um, uk, un = (pb.constant(v, T.i32) for v in (m, k, n))
    with pb.execute([a, b, c, out, tmp], [size_a, size_b, size_c, size_c, size_tmp], await_=ready) as (
        ra,
        rb,
        rc,
        rout,
        rtmp,
    ):
        pb.dispatch(
            "matmul",
            [(ra, size_a, 0, sa, "ro"), (rb, size_b, 0, sb, "ro"), (rtmp, size_tmp, 0, sc, "wo")],
            uniforms=[um, uk, un],
        )
        pb.dispatch(
            "add", [(rtmp, size_tmp, 0, sc, "ro"), (rc, size_c, 0, sc, "ro"), (rtmp, size_tmp, sc, sc, "wo")]
        )
        pb.dispatch(
            "softmax", [(rtmp, size_tmp, sc, sc, "ro"), (rout, size_c, 0, sc, "wo")], uniforms=[um, un]
        )
    done = pb.dealloca(tmp, size_tmp, await_=pb.last_timepoint)
    (result,) = pb.await_(done, [out], [size_c])
    pb.returns(pb.export_tensor(result, T.TensorType((m, n), T.f32), size_c))
    return pb.module


def two_queue_program(size_bytes: int = 1 << 20) -> Module:
    """Queue 0 fills X; queue 1 copies X into Y after waiting on queue 0's timepoint; the host awaits.

    ``main() -> Y`` (``size_bytes / 4`` f32 values, all 1.0).
    """
    pb = ProgramBuilder()
    pb.kernel_executable("copy", kernel="copy", num_bindings=2)
    pb.function("main", [], [BUFFER_VIEW])
    q0 = DeviceAffinityAttr(SymbolRefAttr(pb.device), (0,))
    q1 = DeviceAffinityAttr(SymbolRefAttr(pb.device), (1,))
    size = pb.index(size_bytes)
    pb.affinity = q0
    x, x_ready = pb.alloca(size, lifetime="transient")
    with pb.execute([x], [size], await_=x_ready) as (rx,):
        pb.fill(rx, size, 0, size_bytes, pb.constant(0x3F800000, T.i32))
    filled = pb.last_timepoint
    pb.affinity = q1
    y, y_ready = pb.alloca(size, lifetime="external")
    with pb.execute([x, y], [size, size], await_=pb.join(filled, y_ready)) as (rx, ry):
        pb.dispatch("copy", [(rx, size, 0, size_bytes, "ro"), (ry, size, 0, size_bytes, "wo")])
    copied = pb.last_timepoint
    pb.affinity = q0
    freed = pb.dealloca(x, size, await_=copied)
    (result,) = pb.await_(freed, [y], [size])
    pb.returns(pb.export_tensor(result, T.TensorType((size_bytes // 4,), T.f32), size))
    return pb.module


def deep_program(dispatches: int = 2000, size_bytes: int = 4096) -> Module:
    """``dispatches`` serial dispatches of ``noop`` over one transient slab, in one execute region."""
    pb = ProgramBuilder()
    pb.kernel_executable("step", kernel="noop", num_bindings=2)
    pb.function("main", [], [])
    size = pb.index(2 * size_bytes)
    slab, ready = pb.alloca(size, lifetime="transient")
    # One value per constant, as IREE's CSE leaves them (the builder makes a new constant per int).
    zero, half = pb.index(0), pb.index(size_bytes)
    with pb.execute([slab], [size], await_=ready) as (s,):
        for i in range(dispatches):
            src, dst = (zero, half) if i % 2 == 0 else (half, zero)
            pb.dispatch("step", [(s, size, src, half, "ro"), (s, size, dst, half, "wo")])
    done = pb.dealloca(slab, size, await_=pb.last_timepoint)
    pb.await_(done)
    pb.returns()
    return pb.module
