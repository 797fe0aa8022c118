"""Bodies that read their workgroup id and count run once per workgroup, against IREE's runtime.

Written with ``flow.dispatch.workgroups`` in the source, each body keeps its
``stream.dispatch.workgroup.id``/``count`` ops in the stream form (asserted); the grid comes from the
export's count region on the dispatch's workload. Also a reduction whose init map keeps the reduced dim
as a unit dim (``(d0, d1) -> (d0, 0)``), which IREE's unit-dim folding removes from ordinary dispatches
but leaves in a hand-written one.
"""

from __future__ import annotations

import pathlib
from typing import Any

import numpy as np
import pytest

from ir.attributes import SymbolRefAttr
from simulator.dispatch import load_executable
from tests.conftest import require_iree
from tests.simulator.dispatch.iree_diff import compile_both, run_both

T = "!iree_tensor_ext.dispatch.tensor"
PROGRAM = f"""
func.func @rows(%x: tensor<8x6xf32>) -> tensor<8x6xf32> {{
  %c8 = arith.constant 8 : index
  %r = flow.dispatch.workgroups[%c8](%x) : (tensor<8x6xf32>) -> tensor<8x6xf32> =
      (%in: {T}<readonly:tensor<8x6xf32>>, %out: {T}<writeonly:tensor<8x6xf32>>) {{
    %id = flow.dispatch.workgroup.id[0] : index
    %n = flow.dispatch.workgroup.count[0] : index
    %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [%id, 0], sizes = [1, 6], strides = [1, 1]
        : {T}<readonly:tensor<8x6xf32>> -> tensor<1x6xf32>
    %ni = arith.index_cast %n : index to i32
    %nf = arith.sitofp %ni : i32 to f32
    %ii = arith.index_cast %id : index to i32
    %if = arith.sitofp %ii : i32 to f32
    %e = tensor.empty() : tensor<1x6xf32>
    %y = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
        iterator_types = ["parallel", "parallel"]}} ins(%t : tensor<1x6xf32>) outs(%e : tensor<1x6xf32>) {{
    ^bb0(%a: f32, %b: f32):
      %m = arith.mulf %a, %nf : f32
      %m2 = arith.addf %m, %if : f32
      linalg.yield %m2 : f32
    }} -> tensor<1x6xf32>
    iree_tensor_ext.dispatch.tensor.store %y, %out, offsets = [%id, 0], sizes = [1, 6], strides = [1, 1]
        : tensor<1x6xf32> -> {T}<writeonly:tensor<8x6xf32>>
    flow.return
  }} count(%w: index) -> (index, index, index) {{
    %c1 = arith.constant 1 : index
    flow.return %w, %c1, %c1 : index, index, index
  }}
  return %r : tensor<8x6xf32>
}}
func.func @keepdim_rows(%x: tensor<8x6xf32>) -> tensor<8x1xf32> {{
  %c8 = arith.constant 8 : index
  %r = flow.dispatch.workgroups[%c8](%x) : (tensor<8x6xf32>) -> tensor<8x1xf32> =
      (%in: {T}<readonly:tensor<8x6xf32>>, %out: {T}<writeonly:tensor<8x1xf32>>) {{
    %id = flow.dispatch.workgroup.id[0] : index
    %n = flow.dispatch.workgroup.count[0] : index
    %c1 = arith.constant 1 : index
    %last = arith.subi %n, %c1 : index
    %row = arith.subi %last, %id : index
    %init = arith.constant -1.0e+30 : f32
    %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [%row, 0], sizes = [1, 6], strides = [1, 1]
        : {T}<readonly:tensor<8x6xf32>> -> tensor<1x6xf32>
    %e = tensor.empty() : tensor<1x1xf32>
    %f = linalg.fill ins(%init : f32) outs(%e : tensor<1x1xf32>) -> tensor<1x1xf32>
    %s = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, 0)>],
        iterator_types = ["parallel", "reduction"]}} ins(%t : tensor<1x6xf32>) outs(%f : tensor<1x1xf32>) {{
    ^bb0(%a: f32, %b: f32):
      %m = arith.maximumf %a, %b : f32
      linalg.yield %m : f32
    }} -> tensor<1x1xf32>
    iree_tensor_ext.dispatch.tensor.store %s, %out, offsets = [%id, 0], sizes = [1, 1], strides = [1, 1]
        : tensor<1x1xf32> -> {T}<writeonly:tensor<8x1xf32>>
    flow.return
  }} count(%w: index) -> (index, index, index) {{
    %c1 = arith.constant 1 : index
    flow.return %w, %c1, %c1 : index, index, index
  }}
  return %r : tensor<8x1xf32>
}}
func.func @grid(%x: tensor<4x6xf32>) -> tensor<4x6xf32> {{
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %r = flow.dispatch.workgroups[%c4, %c6](%x) : (tensor<4x6xf32>) -> tensor<4x6xf32> =
      (%in: {T}<readonly:tensor<4x6xf32>>, %out: {T}<writeonly:tensor<4x6xf32>>) {{
    %i = flow.dispatch.workgroup.id[0] : index
    %j = flow.dispatch.workgroup.id[1] : index
    %ny = flow.dispatch.workgroup.count[1] : index
    %c3 = arith.constant 3 : index
    %col = arith.muli %i, %c3 : index
    %t = iree_tensor_ext.dispatch.tensor.load %in, offsets = [%j, %col], sizes = [1, 3], strides = [1, 1]
        : {T}<readonly:tensor<4x6xf32>> -> tensor<1x3xf32>
    %k = arith.muli %j, %ny : index
    %k2 = arith.addi %k, %i : index
    %ki = arith.index_cast %k2 : index to i32
    %kf = arith.sitofp %ki : i32 to f32
    %e = tensor.empty() : tensor<1x3xf32>
    %y = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
        iterator_types = ["parallel", "parallel"]}} ins(%t : tensor<1x3xf32>) outs(%e : tensor<1x3xf32>) {{
    ^bb0(%a: f32, %b: f32):
      %m = arith.subf %a, %kf : f32
      linalg.yield %m : f32
    }} -> tensor<1x3xf32>
    iree_tensor_ext.dispatch.tensor.store %y, %out, offsets = [%j, %col], sizes = [1, 3], strides = [1, 1]
        : tensor<1x3xf32> -> {T}<writeonly:tensor<4x6xf32>>
    flow.return
  }} count(%a: index, %b: index) -> (index, index, index) {{
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %gx = arith.divui %b, %c3 : index
    flow.return %gx, %a, %c1 : index, index, index
  }}
  return %r : tensor<4x6xf32>
}}
"""
SHAPES = {"rows": (8, 6), "keepdim_rows": (8, 6), "grid": (4, 6)}


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, str]:
    return compile_both(tmp_path_factory.mktemp("workgroups"), "workgroups", PROGRAM)


def test_bodies_keep_their_workgroup_ops(compiled: tuple[Any, Any, str]) -> None:
    text = compiled[2]
    assert (
        text.count("stream.dispatch.workgroup.id[0]") == 3
        and text.count("stream.dispatch.workgroup.id[1]") == 1
    )
    assert text.count("stream.dispatch.workgroup.count[") == 3 and "(d0, d1) -> (d0, 0)" in text


@pytest.mark.parametrize("fn", sorted(SHAPES))
def test_per_workgroup_bodies_match_iree(compiled: tuple[Any, Any, str], fn: str) -> None:
    iree, ours, _ = compiled
    x = np.random.default_rng(2).standard_normal(SHAPES[fn]).astype(np.float32)
    ((got, want),) = run_both(iree, ours, fn, [x])
    assert got.shape == want.shape
    assert np.array_equal(got, want)


def test_accesses_and_cost_cover_every_workgroup(compiled: tuple[Any, Any, str]) -> None:
    module = compiled[1]
    ref = next(
        op
        for op in module.walk()
        if op.op_name == "stream.cmd.dispatch" and "grid" in str(op.attr("entry_points"))
    )
    entry = ref.attr("entry_points").elements[0]  # type: ignore[union-attr]
    assert isinstance(entry, SymbolRefAttr)
    program = load_executable(module, entry)
    assert program.per_workgroup
    # 4 x 6 f32 in and out: 2 x 4 workgroups of 1 x 3 elements each cover every byte once.
    assert program.accesses([], [96, 96], [4, 6]) == [[("read", 0, 96)], [("write", 0, 96)]]
    cost = program.cost([], [4, 6], [96, 96])
    assert (cost.flops, cost.bytes_read, cost.bytes_written) == (24, 96, 96)
    with pytest.raises(Exception, match="workload"):
        program.accesses([], [96, 96])


def test_workgroup_size_is_named_and_refused(tmp_path: pathlib.Path) -> None:
    require_iree()  # the text is in IREE's pretty form
    from simulator import load_program
    from simulator.errors import UnsupportedOpError

    text = """
stream.executable private @ex {
  stream.executable.export public @e workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @e(%arg0: !stream.binding) {
      %s = stream.dispatch.workgroup.size[0] : index
      return
    }
  }
}
"""
    source = tmp_path / "wg.mlir"
    source.write_text(text)
    module = load_program(source)
    with pytest.raises(UnsupportedOpError, match=r"stream.dispatch.workgroup.size at .*wg.mlir:9:\d+"):
        load_executable(module, SymbolRefAttr("ex", ("e",)))


def test_hal_dispatches_of_per_workgroup_bodies_are_refused_by_name(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The HAL form gives a dispatch its workgroup count, which does not reach the interpreter: with the
    dumped HAL bodies or with the stream-form bodies, the run stops naming the workgroup op (exit 2)."""
    import subprocess
    import sys

    from simulator.cli import main
    from tests.simulator.dispatch.iree_diff import FLAGS

    require_iree()
    source = tmp_path / "wg.mlir"
    source.write_text(PROGRAM)
    compiler = pathlib.Path(sys.executable).parent / "iree-compile"
    hal, dumps, stream = tmp_path / "wg.hal.mlir", tmp_path / "sources", tmp_path / "wg.stream.mlir"
    for more in (
        ["--compile-to=hal", f"--iree-hal-dump-executable-sources-to={dumps}", "-o", str(hal)],
        ["--compile-to=stream", "-o", str(stream)],
    ):
        r = subprocess.run([str(compiler), str(source), *FLAGS, *more], capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stderr[-2000:]
    x = tmp_path / "x.npy"
    np.save(x, np.ones((8, 6), np.float32))
    for sources, named in ((dumps, "hal.interface.workgroup.id at "), (stream, "reads workgroup ids")):
        argv = ["run", str(hal), "--executable-sources", str(sources), "--function", "rows", "--input", f"@{x}"]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("streamsim: error: not supported: ") and named in err, err
