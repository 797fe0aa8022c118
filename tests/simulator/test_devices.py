"""Several devices: a copy between devices crosses the link between them; async-form programs are
scheduled first."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from ir import ProgramBuilder, create
from ir import types as T
from ir.attributes import DeviceAffinityAttr, StringAttr, SymbolRefAttr, TypeAttr
from simulator import Session, load_program

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "iree"
MIB = 1 << 20


def _cross_device_program() -> object:
    """Device 1 fills X with 1.0f; device 0 copies X into its own Y; Y is returned."""
    pb = ProgramBuilder()
    pb.module.body.insert(
        1,
        create(
            "util.global",
            properties={
                "sym_name": StringAttr("__device_1"),
                "sym_visibility": StringAttr("private"),
                "type": TypeAttr(T.HalType("device")),
            },
        ),
    )
    pb.function("main", [], [T.HalType("buffer_view")])
    size = pb.index(MIB)
    pb.affinity = DeviceAffinityAttr(SymbolRefAttr("__device_1"))
    x, x_ready = pb.alloca(size)
    with pb.execute([x], [size], await_=x_ready) as (rx,):
        pb.fill(rx, size, 0, MIB, pb.constant(0x3F800000, T.i32))
    filled = pb.last_timepoint
    pb.affinity = DeviceAffinityAttr(SymbolRefAttr("__device_0"))
    y, y_ready = pb.alloca(size, lifetime="external")
    with pb.execute([x, y], [size, size], await_=pb.join(filled, y_ready)) as (rx, ry):
        pb.copy(rx, size, 0, ry, size, 0, MIB)
    (res,) = pb.await_(pb.last_timepoint, [y], [size])
    pb.returns(pb.export_tensor(res, T.TensorType((MIB // 4,), T.f32), size))
    return pb.module


def test_devices_copy_crosses_the_nvlink() -> None:
    result = Session("multi-gpu-4").run_sync(_cross_device_program())
    np.testing.assert_array_equal(result.outputs[0], np.ones(MIB // 4, np.float32))
    link = [s for s in result.trace.spans if s.track.kind == "link" and s.name == "copy"]
    assert [(s.track.label, s.args["bytes"]) for s in link] == [("link:nvlink01/gpu1->gpu0", MIB)]
    # 1 MiB at 450 GB/s plus 1.5 us latency.
    assert link[0].dur_ns == 1500 + 2331
    assert result.stats.link_bytes["nvlink01"] == MIB
    queue_copy = [s for s in result.trace.spans if s.track.kind == "queue" and s.name == "copy"]
    assert queue_copy[0].track.process == "gpu0"  # the machine names the device


def test_devices_too_few_devices_is_an_input_error() -> None:
    from simulator.errors import MachineError

    with pytest.raises(MachineError, match="uses 2 devices .* machine 'cpu' has 1"):
        Session("cpu").run_sync(_cross_device_program())


@pytest.mark.parametrize("name", ["mlp", "attention_block", "quant_matmul"])
def test_devices_async_form_is_scheduled_then_run(name: str) -> None:
    d = FIXTURES / name
    inputs = [np.load(p) for p in sorted(d.glob("input*.npy"))]
    module = load_program(d / "async.generic.mlir")
    result = Session("cpu").run_sync(
        module, "main", inputs, parameters={"model": d / "params.irpa"}, timing_only=True
    )
    assert result.stats.counts["dispatches"] > 0
    # Real data: the dispatch interpreter computes the outputs.
    real = Session("cpu").run_sync(module, "main", inputs, parameters={"model": d / "params.irpa"})
    for got, p in zip(real.outputs, sorted(d.glob("expected*.npy"))):
        np.testing.assert_allclose(got, np.load(p), rtol=1e-5, atol=1e-5)
