"""Programs made with the builder print, parse back and verify."""

from __future__ import annotations

import pytest

import ir
from ir import types as T


def build_program() -> ir.Module:
    pb = ir.ProgramBuilder()
    pb.kernel_executable("matmul", kernel="matmul", num_bindings=3)
    pb.function("main", [T.HalType("buffer_view")], [T.HalType("buffer_view")])
    arg = pb.block.args[0]
    tensor = T.TensorType((4, 4), T.f32)
    size = pb.index(64)
    a = pb.import_tensor(arg, tensor, size)
    out, out_ready = pb.alloca(size, lifetime="external")
    tmp, tmp_ready = pb.alloca(size, lifetime="transient")
    ready = pb.join(out_ready, tmp_ready)
    with pb.execute([a, out, tmp], [size, size, size], await_=ready) as (ba, bout, btmp):
        with pb.concurrent():
            pb.fill(btmp, size, 0, 64, pb.constant(0, T.i32))
        pb.dispatch("matmul", [(ba, size, 0, 64, "ro"), (ba, size, 0, 64, "ro"), (bout, size, 0, 64, "wo")])
        pb.copy(bout, size, 0, btmp, size, 0, 64)
    done = pb.dealloca(tmp, size, await_=pb.last_timepoint)
    (result,) = pb.await_(done, [out], [size])
    pb.returns(pb.export_tensor(result, tensor, size))
    return pb.module


def test_builder_program_prints_parses_and_verifies() -> None:
    module = build_program()
    ir.verify(module)
    text = ir.print_generic(module)
    again = ir.parse_module(text, "built.mlir")
    ir.verify(again)
    assert ir.print_generic(again) == text
    hist = again.op_histogram()
    assert hist["stream.cmd.execute"] == 1 and hist["stream.cmd.dispatch"] == 1
    assert hist["stream.cmd.concurrent"] == 1 and hist["stream.cmd.fill"] == 1


def test_builder_kernel_executable_names_kernel() -> None:
    module = build_program()
    export = module.lookup(ir.attributes.SymbolRefAttr("matmul", ("matmul",)))
    assert export.op_name == "stream.executable.export"
    assert export.attr(ir.KERNEL_ATTR) == ir.attributes.StringAttr("matmul")


def test_builder_rejects_bad_binding_access() -> None:
    pb = ir.ProgramBuilder()
    pb.function("main", [], [])
    size = pb.index(4)
    buf, _ = pb.alloca(size)
    with pytest.raises(ir.BuildError, match="binding access must be 'ro', 'wo' or 'rw', got 'x'"):
        pb.dispatch("k", [(buf, size, 0, 4, "x")])
