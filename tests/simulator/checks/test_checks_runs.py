"""Deadlocks (reported within bounded wall time, never hung on), injected faults, lifetime errors on small
programs, ``streamsim check`` exit codes and JSON, and ``simulator.testing.assert_schedule_safe``."""

from __future__ import annotations

import asyncio
import json
import pathlib
import time
from typing import Any

import numpy as np
import pytest

from ir import ProgramBuilder, load_file, print_generic
from ir import types as T
from ir.attributes import SymbolRefAttr
from simulator import parse_program
from simulator.archives import IrpaWriter
from simulator.checks import check_program, parse_fault
from simulator.checks.mutants import MUTANTS
from simulator.cli import main
from simulator.errors import InputError
from simulator.semaphores import external_fence
from simulator.testing import assert_schedule_safe

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures" / "iree"
MLP = FIXTURES / "mlp"
MLP_ARGS = ["--parameters", f"model={MLP / 'params.irpa'}", "--input", f"@{MLP / 'input0.npy'}"]


# -- deadlock -----------------------------------------------------------------------------------------


def _never_signalled() -> Any:
    pb = ProgramBuilder()
    pb.function("main", [T.HalType("fence")], [])
    fence = pb.create("stream.timepoint.import", [pb.block.args[0]], [T.timepoint]).result
    size = pb.index(64)
    _, ready = pb.alloca(size, await_=fence)
    pb.await_(ready)
    pb.returns()
    return pb.module


def test_checks_wait_never_signalled_is_a_deadlock_in_bounded_time() -> None:
    start = time.monotonic()
    report = check_program(_never_signalled(), "main", [external_fence("external")], timeout_s=10)
    assert time.monotonic() - start < 5
    assert report.exit_code == 1
    kinds = report.kinds()
    assert "deadlock/never-signalled" in kinds and "deadlock/stopped" in kinds
    never = report.by_category("deadlock")[0]
    assert never.ops[0].op == "stream.resource.alloca"
    assert "external >= 1" in never.message and "no submitted operation signals" in never.message
    # The host waits on the alloca, which has not run: named with both ops.
    waits = [f for f in report.findings if f.kind == "unsatisfied-wait"]
    assert [o.op for o in waits[0].ops] == ["stream.timepoint.await", "stream.resource.alloca"]


def test_checks_host_coroutine_that_never_ends_times_out() -> None:
    async def stall() -> None:
        await asyncio.Event().wait()

    pb = ProgramBuilder()
    pb.function("main", [], [])
    pb.create("util.call", [], [], properties={"callee": SymbolRefAttr("stall")})
    pb.returns()
    start = time.monotonic()
    report = check_program(pb.module, "main", [], timeout_s=0.5, host_functions={"stall": stall})
    assert time.monotonic() - start < 5
    assert report.kinds() == ["deadlock/timeout"]
    assert "host waits for a coroutine" in report.findings[0].message


CYCLE = """
"builtin.module"() ({
  "util.func"() <{function_type = () -> i32, sym_name = "main", sym_visibility = "public"}> ({
    %c0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c16 = "arith.constant"() <{value = 16 : index}> : () -> index
    %c0_i64 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %aff = "arith.constant"() <{value = -1 : i64}> : () -> i64
    %mt = "arith.constant"() <{value = 48 : i32}> : () -> i32
    %bu = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %timeout = "arith.constant"() <{value = -1 : i32}> : () -> i32
    %dev = "hal.devices.get"(%c0) : (index) -> !hal.device
    %scope = "util.buffer.constant"() <{value = "model"}> : () -> !util.buffer
    %w = "util.buffer.constant"() <{value = "w"}> : () -> !util.buffer
    %v = "util.buffer.constant"() <{value = "v"}> : () -> !util.buffer
    %ready = "hal.fence.create"(%dev) <{flags = 0 : i32}> : (!hal.device) -> !hal.fence
    "hal.fence.signal"(%ready) : (!hal.fence) -> ()
    %loaded = "hal.fence.create"(%dev) <{flags = 0 : i32}> : (!hal.device) -> !hal.fence
    %other = "hal.fence.create"(%dev) <{flags = 0 : i32}> : (!hal.device) -> !hal.fence
    %a = "io_parameters.load"(%dev, %aff, %other, %loaded, %scope, %w, %c0_i64, %mt, %bu, %c16) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>}> : (!hal.device, i64, !hal.fence, !hal.fence, !util.buffer, !util.buffer, i64, i32, i32, index) -> !hal.buffer
    %b = "io_parameters.load"(%dev, %aff, %ready, %other, %scope, %v, %c0_i64, %mt, %bu, %c16) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>}> : (!hal.device, i64, !hal.fence, !hal.fence, !util.buffer, !util.buffer, i64, i32, i32, index) -> !hal.buffer
    %status = "hal.fence.await"(%timeout, %loaded) : (i32, !hal.fence) -> i32
    "util.return"(%status) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
"""


def test_checks_wait_cycle_through_an_in_order_queue(tmp_path: pathlib.Path) -> None:
    """Load A waits for what load B signals; B was submitted after A to the same in-order queue."""
    writer = IrpaWriter()
    writer.add_data("w", np.arange(16, dtype=np.uint8))
    writer.add_data("v", np.zeros(16, np.uint8))
    writer.write(tmp_path / "io.irpa")
    params = {"model": tmp_path / "io.irpa"}
    report = check_program(
        parse_program(CYCLE, filename="cycle.mlir"), parameters=params, machine="discrete-gpu"
    )
    (cycle,) = [f for f in report.findings if f.kind == "cycle"]
    assert [o.loc for o in cycle.ops] == ["cycle.mlir:19:10", "cycle.mlir:20:10"]
    assert "runs its submissions in order" in " ".join(f.message for f in report.findings)
    # Out of order (local-task), B runs first and nothing is wrong.
    assert check_program(parse_program(CYCLE, filename="cycle.mlir"), parameters=params).findings == []


# -- faults -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fault", "expected"),
    [
        ("read-failure:w1", ["fault/read-failure", "read of parameter model::w1 failed (injected)"]),
        ("device-loss:cpu0@100000", ["fault/device-loss", "device cpu0 was lost at t=100000 ns"]),
        ("oom:host", ["fault/oom", "out of memory in pool cpu0/host (injected)"]),
    ],
    ids=["read-failure", "device-loss", "oom"],
)
def test_checks_injected_fault_clear_report_exit_1(
    fault: str, expected: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(MLP / "cmd.generic.mlir"), *MLP_ARGS, "--inject", fault]) == 1
    out = capsys.readouterr().out
    for text in expected:
        assert text in out
    assert "nothing hung: the run ended at t=" in out and "with no pending waits" in out
    assert "the host saw the failure: stream.timepoint.await at " in out


def test_checks_device_loss_cancels_the_work_after_it(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["check", str(MLP / "cmd.generic.mlir"), *MLP_ARGS, "--inject", "device-loss:device0@100000"]
    # (the uncalibrated roofline: the lists below follow its timeline at t=100000)
    argv += ["--machine", "cpu-roofline"]
    assert main([*argv, "--json"]) == 1
    (finding,) = json.loads(capsys.readouterr().out)["findings"]
    extra = finding["extra"]
    assert [f.split(" at ")[0] for f in extra["failed"]] == ["stream.resource.alloca"] * 2
    assert [f.split(" at ")[0] for f in extra["cancelled"]] == [
        "stream.cmd.execute",
        "stream.resource.dealloca",
    ]
    assert extra["pending"] == []


@pytest.mark.parametrize(
    "spec", ["oom:nope", "read-failure:nokey", "device-loss:gpu9@10", "device-loss:cpu0", "boom:x"]
)
def test_checks_bad_fault_exit_2(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(MLP / "cmd.generic.mlir"), *MLP_ARGS, "--inject", spec]) == 2
    assert "--inject" in capsys.readouterr().err


def test_checks_parse_fault_rejects_negative_time() -> None:
    with pytest.raises(InputError, match="must not be negative"):
        parse_fault("device-loss:cpu0@-5")


# -- lifetimes on small programs ------------------------------------------------------------------------


def _copy_program(*, write_first: bool, dealloc: bool) -> Any:
    """Copies a transient (optionally filled first) into the result; optionally frees the transient."""
    pb = ProgramBuilder()
    pb.kernel_executable("cp", kernel="copy", num_bindings=2)
    pb.function("main", [], [T.HalType("buffer_view")])
    size = pb.index(64)
    t, t_ready = pb.alloca(size)
    out, out_ready = pb.alloca(size, lifetime="external")
    with pb.execute([t, out], [size, size], await_=pb.join(t_ready, out_ready)) as (a, b):
        if write_first:
            pb.fill(a, size, 0, 64, pb.constant(0, T.i32))
        pb.dispatch("cp", [(a, size, 0, 64, "ro"), (b, size, 0, 64, "wo")])
    done = pb.last_timepoint
    if dealloc:
        done = pb.dealloca(t, size, await_=done)
    (res,) = pb.await_(done, [out], [size])
    pb.returns(pb.export_tensor(res, T.TensorType((16,), T.f32), size))
    return pb.module


def test_checks_clean_small_program() -> None:
    report = check_program(_copy_program(write_first=True, dealloc=True), interleavings=1)
    assert report.findings == []


def test_checks_read_of_never_written_memory() -> None:
    report = check_program(_copy_program(write_first=False, dealloc=True))
    assert report.kinds() == ["lifetime/uninitialized-read"]
    f = report.findings[0]
    assert [o.op for o in f.ops] == ["stream.resource.alloca", "stream.cmd.dispatch"]
    assert f.range_bytes == (0, 64) and f.resource is not None and f.resource.startswith("alloca@")


def test_checks_leak_of_a_transient() -> None:
    report = check_program(_copy_program(write_first=True, dealloc=False))
    assert report.kinds() == ["lifetime/leak"]
    assert "never deallocated" in report.findings[0].message


def test_checks_use_after_dealloca() -> None:
    pb = ProgramBuilder()
    pb.function("main", [], [])
    size = pb.index(64)
    t, ready = pb.alloca(size)
    freed = pb.dealloca(t, size, await_=ready)
    with pb.execute([t], [size], await_=freed) as (a,):
        pb.fill(a, size, 0, 64, pb.constant(1, T.i32))
    pb.await_(pb.last_timepoint)
    pb.returns()
    report = check_program(pb.module)
    assert "lifetime/use-after-dealloca" in report.kinds()
    f = next(f for f in report.findings if f.kind == "use-after-dealloca")
    assert "stream.resource.dealloca" in [o.op for o in f.ops]


def test_checks_interleavings_expose_order_dependence() -> None:
    """A copy out of a buffer and a fill of it in one wave: the result depends on which runs first."""
    pb = ProgramBuilder()
    pb.function("main", [], [T.HalType("buffer_view")])
    size = pb.index(64)
    x, x_ready = pb.alloca(size)
    out, out_ready = pb.alloca(size, lifetime="external")
    with pb.execute([x, out], [size, size], await_=pb.join(x_ready, out_ready)) as (a, b):
        pb.fill(a, size, 0, 64, pb.constant(1, T.i32))
        with pb.concurrent():
            pb.copy(a, size, 0, b, size, 0, 64)
            pb.fill(a, size, 0, 64, pb.constant(7, T.i32))
    done = pb.dealloca(x, size, await_=pb.last_timepoint)
    (res,) = pb.await_(done, [out], [size])
    pb.returns(pb.export_tensor(res, T.TensorType((16,), T.i32), size))
    report = check_program(pb.module, interleavings=4)
    assert report.kinds()[0] == "race/read-write"
    assert [o.detail for o in report.findings[0].ops] == ["copy source", "fill"]
    assert "numerics/order-dependent" in report.kinds()


def _discard_program(where: str) -> Any:
    """Fill a transient, then discard it ``before`` or ``after`` copying it out, or in one wave with the copy."""
    pb = ProgramBuilder()
    pb.kernel_executable("cp", kernel="copy", num_bindings=2)
    pb.function("main", [], [T.HalType("buffer_view")])
    size = pb.index(64)
    t, t_ready = pb.alloca(size)
    out, out_ready = pb.alloca(size, lifetime="external")
    with pb.execute([t, out], [size, size], await_=pb.join(t_ready, out_ready)) as (a, b):
        pb.fill(a, size, 0, 64, pb.constant(1, T.i32))

        def discard() -> None:
            pb.create("stream.cmd.discard", [a, size, pb.index(0), pb.index(64)], [])

        def copy() -> None:
            pb.dispatch("cp", [(a, size, 0, 64, "ro"), (b, size, 0, 64, "wo")])

        if where == "wave":
            with pb.concurrent():
                copy()
                discard()
        else:
            for step in (discard, copy) if where == "before" else (copy, discard):
                step()
    done = pb.dealloca(t, size, await_=pb.last_timepoint)
    (res,) = pb.await_(done, [out], [size])
    pb.returns(pb.export_tensor(res, T.TensorType((16,), T.i32), size))
    return pb.module


@pytest.mark.parametrize(
    ("where", "kinds"),
    [("after", []), ("before", ["lifetime/uninitialized-read"]), ("wave", ["race/read-discard"])],
)
def test_checks_discard(where: str, kinds: list[str]) -> None:
    report = check_program(_discard_program(where))
    assert report.kinds() == kinds
    if kinds:
        assert "stream.cmd.discard" in [o.op for o in report.findings[0].ops]


def test_checks_out_of_bounds_range() -> None:
    pb = ProgramBuilder()
    pb.function("main", [], [])
    size = pb.index(64)
    t, ready = pb.alloca(size)
    with pb.execute([t], [size], await_=ready) as (a,):
        pb.fill(a, size, 32, 64, pb.constant(1, T.i32))
    pb.await_(pb.dealloca(t, size, await_=pb.last_timepoint))
    pb.returns()
    report = check_program(pb.module)
    assert report.kinds() == ["lifetime/out-of-bounds"]
    assert "byte range [32, 96) is outside the 64-byte resource" in report.findings[0].message


# -- CLI and the pytest helper ------------------------------------------------------------------------


def test_checks_cli_clean_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(MLP / "cmd.generic.mlir"), *MLP_ARGS, "--interleavings", "1"]) == 0
    assert ": clean" in capsys.readouterr().out


def test_checks_cli_generates_inputs_and_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(MLP / "cmd.mlir"), "--interleavings", "0"]) == 0


def test_checks_cli_json_findings_exit_1(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = load_file(str(MLP / "cmd.generic.mlir"))
    MUTANTS["conflicting-wave"](module, "main")
    path = tmp_path / "racy.mlir"
    path.write_text(print_generic(module))
    assert main(["check", str(path), *MLP_ARGS, "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["clean"] is False
    race = report["findings"][0]
    assert race["category"] == "race" and race["range"] == [0, 4096]
    assert [o["op"] for o in race["ops"]] == ["stream.cmd.dispatch", "stream.cmd.dispatch"]
    assert all(o["loc"].startswith(str(path)) for o in race["ops"])


def test_checks_cli_bad_input_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "/nonexistent/program.mlir"]) == 2
    assert main(["check", str(MLP / "cmd.generic.mlir"), *MLP_ARGS, "--interleavings", "-1"]) == 2


def test_checks_assert_schedule_safe() -> None:
    x = np.load(MLP / "input0.npy")
    params = {"model": MLP / "params.irpa"}
    report = assert_schedule_safe(MLP / "cmd.generic.mlir", "main", [x], parameters=params, interleavings=1)
    assert report.clean
    module = load_file(str(MLP / "cmd.generic.mlir"))
    MUTANTS["drop-join-input"](module, "main")
    with pytest.raises(
        AssertionError, match=r"(?s)not safe: 1 finding.*use-before-alloca.*stream\.cmd\.dispatch at"
    ):
        assert_schedule_safe(module, "main", [x], parameters=params, interleavings=0)


_LOOP = """
util.func public @main() -> () {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  %c7 = arith.constant 7 : i32
  %init, %init_tp = stream.resource.alloca uninitialized : !stream.resource<transient>{%c64} => !stream.timepoint
  %ready = stream.timepoint.await %init_tp => %init : !stream.resource<transient>{%c64}
  %last = scf.for %i = %c0 to %c3 step %c1 iter_args(%state = %ready) -> (!stream.resource<transient>) {
    %next, %next_tp = stream.resource.alloca uninitialized : !stream.resource<transient>{%c64} => !stream.timepoint
    SCRATCH
    %e = stream.cmd.execute await(%next_tp) => with(%next as %n: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c7, %n[%c0 for %c64] : i32 -> !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %done = stream.timepoint.await %e => %next : !stream.resource<transient>{%c64}
    scf.yield %done : !stream.resource<transient>
  }
  util.return
}
"""


def test_checks_loop_carried_buffers_are_released_by_reference_counting() -> None:
    """Buffers an scf.for carries (its initial state, each iteration's new state, its result) are left to
    the runtime's reference counting, as the same buffers carried by cf.br once IREE lowers the loop; a
    buffer the body allocates and neither carries nor frees is still a leak."""
    from ir import load_text

    clean = check_program(load_text(_LOOP.replace("SCRATCH", "")), interleavings=1)
    assert clean.findings == []
    scratch = "%s, %s_tp = stream.resource.alloca uninitialized : !stream.resource<transient>{%c64} => !stream.timepoint"
    leaky = check_program(load_text(_LOOP.replace("SCRATCH", scratch)), interleavings=1)
    assert leaky.kinds() == ["lifetime/leak"] * 3
