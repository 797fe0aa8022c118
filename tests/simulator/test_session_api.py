"""The public API in notebooks: run_sync and check_program inside a running event loop, and a caller's
async-form module never rewritten by a run."""

from __future__ import annotations

import pathlib

import numpy as np

import ir
from simulator import Session
from simulator.checks import check_program

FIXTURE = pathlib.Path(__file__).parents[1] / "fixtures" / "iree" / "wide_branches_softmax"


def _args() -> tuple[list[np.ndarray], dict[str, pathlib.Path]]:
    inputs = [np.load(p) for p in sorted(FIXTURE.glob("input*.npy"))]
    return inputs, {"model": FIXTURE / "params.irpa"}


def test_run_sync_two_favors_two_schedules_module_unchanged() -> None:
    module = ir.load_file(FIXTURE / "async.mlir")
    before = ir.print_generic(module)
    inputs, parameters = _args()
    session = Session("discrete-gpu")
    runs = {
        favor: session.run_sync(module, "main", inputs, parameters=parameters, favor=favor)
        for favor in ("min-peak-memory", "max-concurrency")
    }
    assert ir.print_generic(module) == before
    assert runs["min-peak-memory"].stats.makespan_ns != runs["max-concurrency"].stats.makespan_ns
    expected = np.load(FIXTURE / "expected0.npy")
    for run in runs.values():
        np.testing.assert_allclose(run.outputs[0], expected, rtol=1e-5, atol=1e-5)
    # The same favor again gives the same run: nothing of the first schedule leaked into the module.
    again = session.run_sync(module, "main", inputs, parameters=parameters, favor="min-peak-memory")
    assert again.stats.makespan_ns == runs["min-peak-memory"].stats.makespan_ns


async def test_run_sync_and_check_program_inside_a_running_loop() -> None:
    """As in a Jupyter cell: this coroutine runs in a loop, and the sync API must still work."""
    inputs, parameters = _args()
    result = Session("cpu").run_sync(FIXTURE / "cmd.mlir", "main", inputs, parameters=parameters)
    np.testing.assert_allclose(result.outputs[0], np.load(FIXTURE / "expected0.npy"), rtol=1e-5, atol=1e-5)
    report = check_program(FIXTURE / "cmd.mlir", "main", inputs, parameters=parameters, interleavings=1)
    assert report.exit_code == 0, report.text()


def test_scalar_tensor_inputs_keep_their_shape() -> None:
    """A 0-d input (a tensor<i32> argument, lax.switch's index) stays 0-d: np.ascontiguousarray made
    it shape (1,), which hal.buffer_view.assert rejected."""
    from simulator.session import _input_view

    assert _input_view(None, 0, np.array(2, np.int32)).shape == ()  # type: ignore[arg-type]
    assert _input_view(None, 0, np.arange(6).reshape(2, 3).T).flags.c_contiguous  # type: ignore[arg-type]
