"""Failures (missing parameter, out of memory, failed file read) propagate through fences to every waiter;
the run ends with an error naming the op (CLI exit code 1); deadlocks are reported, never hung on."""

from __future__ import annotations

import pathlib
from typing import Any

import numpy as np
import pytest

from ir import ProgramBuilder, print_generic
from ir import types as T
from ir.attributes import DeviceAffinityAttr, StringAttr, SymbolRefAttr
from simulator import Session
from simulator.archives import IrpaWriter
from simulator.cli import main
from simulator.errors import DeadlockError, DeviceFailure
from simulator.semaphores import external_fence

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "iree"
MLP = FIXTURES / "mlp"


def _partial_archive(tmp_path: pathlib.Path) -> pathlib.Path:
    writer = IrpaWriter()
    writer.add_data("w0", np.zeros(8 * 1024, np.float32))
    writer.add_data("b0", np.zeros(128, np.float32))
    path = tmp_path / "partial.irpa"
    writer.write(path)
    return path


def test_failures_missing_parameter_key_names_the_load(tmp_path: pathlib.Path) -> None:
    params = _partial_archive(tmp_path)
    with pytest.raises(
        DeviceFailure, match=r"stream\.cmd\.parameter\.load at .*cmd\.generic\.mlir:\d+:\d+.*'w1'"
    ):
        Session("cpu").run_sync(
            MLP / "cmd.generic.mlir",
            "main",
            [np.load(MLP / "input0.npy")],
            parameters={"model": params},
            timing_only=True,
        )


def test_failures_missing_parameter_cli_exit_2(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    params = _partial_archive(tmp_path)
    argv = [
        "run",
        str(MLP / "cmd.mlir"),
        "--parameters",
        f"model={params}",
        "--input",
        f"@{MLP / 'input0.npy'}",
    ]
    # The CLI checks --parameters against what the program reads before running: a missing key is bad
    # input (exit 2) naming the op; through the API (above) it is a device failure, as in IREE's runtime.
    assert main([*argv, "--timing-only"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("streamsim: error: stream.cmd.parameter.load at ")
    assert "reads parameter 'model'::'w1', but no archive given for scope 'model' has key 'w1'" in err


def _oom_program() -> Any:
    """An alloca too big for the pool on queue 0; queue 1 executes after it; queue 0 frees after that."""
    pb = ProgramBuilder()
    pb.kernel_executable("step", kernel="noop", num_bindings=1)
    pb.function("main", [], [])
    q0 = DeviceAffinityAttr(SymbolRefAttr(pb.device), (0,))
    q1 = DeviceAffinityAttr(SymbolRefAttr(pb.device), (1,))
    size = pb.index(1 << 20)
    pb.affinity = q0
    big, ready = pb.alloca(size)
    pb.affinity = q1
    with pb.execute([big], [size], await_=ready) as (b,):
        pb.dispatch("step", [(b, size, 0, 1 << 20, "wo")])
    pb.affinity = q0
    freed = pb.dealloca(big, size, await_=pb.last_timepoint)
    pb.await_(freed)
    pb.returns()
    return pb.module


def test_failures_out_of_memory_reaches_every_waiter(make_machine: Any) -> None:
    session = Session(make_machine(capacity_bytes=4096))
    with pytest.raises(
        DeviceFailure, match=r"stream\.timepoint\.await waited on a failed timepoint: .*out of memory"
    ):
        session.run_sync(_oom_program())


def test_failures_out_of_memory_trace_marks_each_failed_op(make_machine: Any) -> None:
    session = Session(make_machine(capacity_bytes=4096))
    with pytest.raises(DeviceFailure, match=r"stream\.resource\.alloca") as info:
        session.run_sync(_oom_program())
    # The failure reached the queue-1 execute and the queue-0 dealloca as well (each fails its semaphore).
    failed_ops = [(i.track.label, i.args["op"]) for i in info.value.trace.instants if i.name == "failure"]
    assert failed_ops == [
        ("d0/queue0", "stream.resource.alloca"),
        ("d0/queue1", "stream.cmd.execute"),
        ("d0/queue0", "stream.resource.dealloca"),
        ("host/main", "stream.timepoint.await"),
    ]
    assert not [s for s in info.value.trace.spans if s.category == "dispatch"]


def _file_program(read_bytes: int) -> Any:
    """Reads ``read_bytes`` from a 16-byte constant file into a resource and returns it as i8."""
    pb = ProgramBuilder()
    pb.function("main", [], [T.HalType("buffer_view")])
    data = pb.create(
        "util.buffer.constant",
        [],
        [T.OpaqueType("!util.buffer")],
        properties={"value": StringAttr("0123456789abcdef")},
    ).result
    c0, c16 = pb.index(0), pb.index(16)
    file = pb.create(
        "stream.file.constant", [data, c16, c0, c16], [T.FileType()], properties={"affinity": pb.affinity}
    ).result
    size = pb.index(read_bytes)
    target, ready = pb.alloca(size, lifetime="external")
    zero64 = pb.constant(0, T.i64)
    read = pb.create(
        "stream.file.read",
        [file, zero64, target, size, c0, size, ready],
        [T.timepoint],
        properties={"affinity": pb.affinity},
    ).result
    (res,) = pb.await_(read, [target], [size])
    pb.returns(pb.export_tensor(res, T.TensorType((read_bytes,), T.i8), size))
    return pb.module


def test_failures_file_read_copies_bytes() -> None:
    result = Session("cpu").run_sync(_file_program(16))
    assert bytes(result.outputs[0].view(np.uint8)) == b"0123456789abcdef"


def test_failures_file_read_outside_the_file(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(
        DeviceFailure, match=r"stream\.file\.read: file read of \[0, 64\) is outside the 16-byte file"
    ):
        Session("cpu").run_sync(_file_program(64))
    path = tmp_path / "bad_read.mlir"
    path.write_text(print_generic(_file_program(64)))
    assert main(["run", str(path)]) == 1
    assert "stream.file.read" in capsys.readouterr().err


def test_failures_deadlock_names_pending_waits(make_machine: Any) -> None:
    pb = ProgramBuilder()
    pb.function("main", [T.HalType("fence")], [])
    fence = pb.create("stream.timepoint.import", [pb.block.args[0]], [T.timepoint]).result
    size = pb.index(64)
    _, ready = pb.alloca(size, await_=fence)
    pb.await_(ready)
    pb.returns()
    with pytest.raises(
        DeadlockError,
        match=r"deadlock: .*pending waits: host at stream\.timepoint\.await .*stream\.resource\.alloca on d0/queue0 waits for external >= 1",
    ):
        Session(make_machine()).run_sync(pb.module, "main", [external_fence("external")])


def test_failures_bad_input_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", str(MLP / "cmd.generic.mlir"), "--input", "8x64xq9=1"]) == 2
    assert "unknown element type" in capsys.readouterr().err
    assert main(["run", str(MLP / "cmd.generic.mlir"), "--input", "@/nonexistent/x.npy"]) == 2
    assert main(["run", "/nonexistent/program.mlir"]) == 2


def test_failures_wrong_input_shape_names_the_input(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["run", str(MLP / "cmd.generic.mlir"), "--input", "4x64xf32=1", "--timing-only"]
    argv += ["--parameters", f"model={MLP / 'params.irpa'}"]
    assert main(argv) == 2
    assert "--input '4x64xf32=1': input0 of @main: the value has shape 4x64, but the argument is 8x64" in (
        capsys.readouterr().err
    )
