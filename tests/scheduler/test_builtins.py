"""64-bit splats and fills become builtin dispatches, as IREE's materialize-builtins makes them (its HAL
fills take at most 32-bit patterns): against iree-opt's pass on the same async program, the same builtins
with the same workloads; and our schedule, run with data, writes the 64-bit patterns where they belong."""

from __future__ import annotations

import pathlib
import subprocess

import numpy as np
import pytest

import ir
from scheduler import schedule_module
from simulator.cli import main
from tests.conftest import iree_tool, require_iree

#: iree-opt as the IREE wheel ships it (not the console script: a Python start a call).
_IREE_OPT = iree_tool("iree-opt") or "iree-opt"

AFF = "on(#hal.device.affinity<@__device_0>)"
SOURCE = f"""\
module attributes {{stream.affinity.default = #hal.device.affinity<@__device_0>}} {{
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu",
      "embedded-elf-x86_64", {{}}>]> : !hal.device
  util.func public @main(%n: index) -> (!hal.buffer_view, !hal.buffer_view) {{
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c24 = arith.constant 24 : index
    %c32 = arith.constant 32 : index
    %narrow = arith.constant 7 : i32
    %a = arith.constant 4294967298 : i64
    %b = arith.constant -3 : i64
    %bytes = arith.muli %n, %c8 : index
    %0 = stream.async.splat {AFF} %a : i64 -> !stream.resource<external>{{%c32}}
    %1 = stream.async.fill {AFF} %b, %0[%c8 to %c24 for %c16] : i64 -> %0 as !stream.resource<external>{{%c32}}
    %2 = stream.async.splat {AFF} %narrow : i32 -> !stream.resource<transient>{{%bytes}}
    %3 = stream.async.fill {AFF} %b, %2[%c8 to %bytes for %c8] : i64 -> %2 as !stream.resource<transient>{{%bytes}}
    %4 = stream.async.transfer %3 : !stream.resource<transient>{{%bytes}} -> !stream.resource<external>{{%bytes}}
    %5 = stream.tensor.export {AFF} %1 : tensor<4xi64> in !stream.resource<external>{{%c32}} -> !hal.buffer_view
    %6 = stream.tensor.export {AFF} %4 : tensor<?xi64>{{%n}} in !stream.resource<external>{{%bytes}} -> !hal.buffer_view
    util.return %5, %6 : !hal.buffer_view, !hal.buffer_view
  }}
}}
"""


def _builtins(module: ir.Module) -> list[tuple[str, int | None]]:
    """(builtin, static workload) of every dispatch of a builtin, in order."""
    out = []
    for op in module.walk():
        if op.op_name not in ("stream.async.dispatch", "stream.cmd.dispatch"):
            continue
        name = str(op.attr("entry_points"))
        if "__builtin_" not in name:
            continue
        count = op.operands[0].defining_op
        value = count.attr("value") if count is not None and count.op_name == "arith.constant" else None
        out.append((name.split("::")[-1].strip("@]"), getattr(value, "value", None)))
    return out


def test_wide_fills_become_the_builtins_iree_materializes(tmp_path: pathlib.Path) -> None:
    require_iree()
    path = tmp_path / "in.mlir"
    path.write_text(SOURCE)
    r = subprocess.run(
        [_IREE_OPT, str(path), "--iree-stream-materialize-builtins", "--mlir-print-op-generic"],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    iree = _builtins(ir.load_text(r.stdout))
    assert [n for n, _ in iree] == ["__builtin_splat_i64", "__builtin_fill_i64", "__builtin_fill_i64"]
    ours = schedule_module(ir.load_file(str(path)))
    assert _builtins(ours) == iree
    # the narrow splat stays a fill; no fill keeps a 64-bit pattern
    fills = [op for op in ours.walk() if op.op_name == "stream.cmd.fill"]
    assert [str(op.operands[-1].type) for op in fills] == ["i32"]
    executables = [op.attr("sym_name") for op in ours.body.ops if op.op_name == "stream.executable"]
    assert sorted(str(e) for e in executables) == ['"__builtin_fill_i64"', '"__builtin_splat_i64"']
    out = tmp_path / "cmd.mlir"
    out.write_text(ir.print_generic(ours))
    r = subprocess.run([_IREE_OPT, str(out), "-o", "/dev/null"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]


@pytest.mark.parametrize("n", [2, 5])
def test_builtin_fills_run_with_data(
    n: int, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    require_iree()
    path = tmp_path / "in.mlir"
    path.write_text(SOURCE)
    cmd = tmp_path / "cmd.mlir"
    assert main(["schedule", str(path), "-o", str(cmd)]) == 0
    a, b = tmp_path / "a.npy", tmp_path / "b.npy"
    rc = main(["run", str(cmd), "--input", str(n), "--output", f"@{a}", "--output", f"@{b}", "--no-summary"])
    assert rc == 0, capsys.readouterr().err
    np.testing.assert_array_equal(np.load(a), np.array([4294967298, -3, -3, 4294967298], np.int64))
    want = np.full(n, 7 | 7 << 32, np.int64)
    want[1] = -3
    np.testing.assert_array_equal(np.load(b), want)
