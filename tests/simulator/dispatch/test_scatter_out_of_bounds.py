"""An ``iree_linalg_ext.scatter`` index outside its result writes where IREE's code writes it.

IREE's scatter has no bounds check (its scalar loop stores ``original[starts]`` as is). When the
scatter's original is loaded from the binding slice its result is stored to (a readwrite binding), it
runs in place on the binding, so an update whose index is out of range lands on the bytes before or after
the slice. In the program here the scatter's result sits at byte 64 of the result buffer and ``y`` (the
other result, computed before it) at bytes [0, 64): a negative index adds to ``y``. StableHLO would drop
those updates. iree-run-module is the oracle; the same stream program runs in the simulator.

When the original comes from elsewhere, IREE scatters into a stack copy: an index out of range is
undefined there, and so is one past the binding; the simulator says so instead of guessing.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

import numpy as np
import pytest

from simulator.cli import main
from tests.conftest import require_iree

SCATTER = """
  %s = "stablehlo.scatter"(%o2, %idx, %u) <{indices_are_sorted = false, scatter_dimension_numbers =
      #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>,
      unique_indices = false}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %r = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %r : tensor<i32>
    }) : (tensor<6xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<6xi32>
"""
#: The scatter's original is another dispatch's result: IREE ties it, the scatter runs in place.
IN_PLACE = (
    """func.func @main(%x: tensor<16xi32>, %idx: tensor<4x1xi32>, %o: tensor<6xi32>)
    -> (tensor<6xi32>, tensor<16xi32>) {
  %three = stablehlo.constant dense<3> : tensor<16xi32>
  %y = stablehlo.multiply %x, %three : tensor<16xi32>
  %u = stablehlo.slice %y [0:4] : (tensor<16xi32>) -> tensor<4xi32>
  %two = stablehlo.constant dense<2> : tensor<6xi32>
  %o2 = stablehlo.multiply %o, %two : tensor<6xi32>"""
    + SCATTER
    + """  return %s, %y : tensor<6xi32>, tensor<16xi32>
}
"""
)
#: The scatter's original is a slice of an input: IREE copies it to the stack and scatters there.
ON_STACK = (
    """func.func @main(%x: tensor<16xi32>, %idx: tensor<4x1xi32>, %o: tensor<6xi32>) -> tensor<6xi32> {
  %o2 = stablehlo.slice %x [2:8] : (tensor<16xi32>) -> tensor<6xi32>
  %u = stablehlo.slice %o [0:4] : (tensor<6xi32>) -> tensor<4xi32>"""
    + SCATTER
    + """  return %s : tensor<6xi32>
}
"""
)
TARGET = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=generic",
]
X = np.arange(1, 17, dtype=np.int32)
ORIG = np.arange(1, 7, dtype=np.int32)


def _compile(d: pathlib.Path, name: str, source: str, *flags: str, out: str) -> pathlib.Path:
    (d / f"{name}.mlir").write_text(source)
    compiler = pathlib.Path(sys.executable).parent / "iree-compile"
    cmd = [str(compiler), str(d / f"{name}.mlir"), *TARGET, *flags, "-o", str(d / out)]
    subprocess.run(cmd, check=True, capture_output=True, timeout=300)
    return d / out


@pytest.fixture(scope="module")
def programs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pathlib.Path]:
    require_iree()
    d = tmp_path_factory.mktemp("oob_scatter")
    stream = ("--compile-to=stream", "--mlir-print-op-generic")
    return {
        "vmfb": _compile(d, "in_place", IN_PLACE, out="in_place.vmfb"),
        "in_place": _compile(d, "in_place", IN_PLACE, *stream, out="in_place.cmd.mlir"),
        "on_stack": _compile(d, "on_stack", ON_STACK, *stream, out="on_stack.cmd.mlir"),
    }


def _iree(vmfb: pathlib.Path, idx: np.ndarray) -> list[np.ndarray]:
    import iree.runtime as rt

    ctx = rt.SystemContext(config=rt.Config("local-sync"))
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb.read_bytes()))
    return [np.asarray(r) for r in ctx.modules.module.main(X, idx, ORIG)]


def _ours(
    program: pathlib.Path, idx: np.ndarray, n: int, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, list[np.ndarray]]:
    args = []
    for name, a in (("x", X), ("idx", idx), ("o", ORIG)):
        np.save(tmp_path / f"{name}.npy", a)
        args += ["--input", f"@{tmp_path / f'{name}.npy'}"]
    for i in range(n):
        args += ["--output", f"@{tmp_path / f'out{i}.npy'}"]
    rc = main(["run", str(program), *args, "--no-summary"])
    err = capsys.readouterr().err
    return rc, err, [np.load(tmp_path / f"out{i}.npy") for i in range(n)] if rc == 0 else []


@pytest.mark.parametrize(
    "idx",
    [[0, 5, 5, 1], [-1, -16, 2, 7], [-3, 6, -3, 15]],
    ids=["in-range", "before-and-after", "repeated-negative"],
)
def test_scatter_in_place_out_of_range_matches_iree_runtime(
    idx: list[int],
    programs: dict[str, pathlib.Path],
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    indices = np.array(idx, np.int32).reshape(4, 1)
    want = _iree(programs["vmfb"], indices)
    rc, err, got = _ours(programs["in_place"], indices, 2, tmp_path, capsys)
    assert rc == 0, err
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
    # IREE's y differs from 3x (what StableHLO gives: it drops those updates) exactly where a negative
    # index lands: element 16 + index of y, which lies just before the scatter's result.
    u = 3 * X[:4]
    y = 3 * X
    for v, i in zip(u, idx):
        if i < 0:
            y[16 + i] += v
    np.testing.assert_array_equal(want[1], y)


def test_scatter_past_the_binding_is_an_error(
    programs: dict[str, pathlib.Path], tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Index 40 is byte 224 of the 128-byte result buffer: memory IREE did not bind."""
    rc, err, _ = _ours(programs["in_place"], np.array([[0], [40], [1], [2]], np.int32), 2, tmp_path, capsys)
    assert rc != 0
    assert (
        "no bounds check" in err
        and "bytes [224, 228) from the start of binding" in err
        and "Traceback" not in err
    )


def test_scatter_on_a_stack_copy_out_of_range_is_an_error(
    programs: dict[str, pathlib.Path], tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ok, _, _ = _ours(programs["on_stack"], np.array([[0], [5], [5], [1]], np.int32), 1, tmp_path, capsys)
    assert ok == 0
    rc, err, _ = _ours(programs["on_stack"], np.array([[0], [6], [1], [2]], np.int32), 1, tmp_path, capsys)
    assert rc != 0
    assert "no bounds check" in err and "stack copy" in err and "Traceback" not in err
