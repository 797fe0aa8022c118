"""Execution regions made of constants alone (an initializer storing hoisted constants and parameters to
globals): against IREE's own passes (iree-opt, schedule-execution through pack-constants), the same
uploads: inline data packed into one ``#util.composite`` mapped by ``stream.resource.try_map`` (read with
``stream.file.read`` otherwise), parameters loaded, the two joined, and nothing executed."""

from __future__ import annotations

import pathlib
import subprocess

import pytest

import ir
from scheduler import schedule_module
from simulator.host.core_rules import constant_bytes
from tests.conftest import iree_tool, require_iree

#: iree-opt as the IREE wheel ships it (not the console script: a Python start a call).
_IREE_OPT = iree_tool("iree-opt") or "iree-opt"

HEAD = """\
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu",
      "embedded-elf-x86_64", {}>]> : !hal.device
"""
AFF = "on(#hal.device.affinity<@__device_0>)"
INLINE = f"""{HEAD}  util.global private @a : !stream.resource<constant>
  util.initializer {{
    %c12 = arith.constant 12 : index
    %cst = stream.async.constant {AFF} : !stream.resource<constant>{{%c12}} = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
    util.global.store %cst, @a : !stream.resource<constant>
    util.return
  }}
}}
"""
MIXED = f"""{HEAD}  util.global private @a : !stream.resource<constant>
  util.global private @b : !stream.resource<constant>
  util.global private @c : !stream.resource<constant>
  util.initializer {{
    %c8 = arith.constant 8 : index
    %c12 = arith.constant 12 : index
    %c24 = arith.constant 24 : index
    %p = stream.async.constant {AFF} : !stream.resource<constant>{{%c24}} = #stream.parameter.named<"model"::"w"> : tensor<6xf32>
    %cst = stream.async.constant {AFF} : !stream.resource<constant>{{%c12}} = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
    %cst2 = stream.async.constant {AFF} : !stream.resource<constant>{{%c8}} = dense<[7, 9]> : tensor<2xi32>
    util.global.store %cst, @a : !stream.resource<constant>
    util.global.store %p, @b : !stream.resource<constant>
    util.global.store %cst2, @c : !stream.resource<constant>
    util.return
  }}
}}
"""
IREE_PASSES = (
    "builtin.module(util.initializer(iree-stream-schedule-execution,iree-stream-schedule-concurrency),"
    "iree-stream-propagate-timepoints,iree-stream-schedule-allocation,"
    "util.initializer(iree-stream-pack-constants,iree-stream-layout-slices),canonicalize)"
)
#: the ops that make up an upload, in the order the initializer issues them
UPLOAD_OPS = (
    "stream.resource.try_map",
    "scf.if",
    "stream.file.read",
    "stream.cmd.parameter.load",
    "stream.timepoint.join",
    "stream.cmd.execute",
)


def _uploads(module: ir.Module) -> tuple[list[str], list[bytes]]:
    init = next(op for op in module.walk() if op.op_name == "util.initializer")
    ops = [op.op_name for op in init.walk() if op.op_name in UPLOAD_OPS]
    composites = [
        constant_bytes(op, op.attr("value"))
        for op in init.walk()
        if op.op_name == "util.buffer.constant" and op.attr("alignment")
    ]
    return ops, composites


@pytest.mark.parametrize("source", [INLINE, MIXED], ids=["inline", "inline-and-parameter"])
def test_constants_alone_upload_as_iree_packs_them(source: str, tmp_path: pathlib.Path) -> None:
    require_iree()
    path = tmp_path / "in.mlir"
    path.write_text(source)
    r = subprocess.run(
        [_IREE_OPT, str(path), f"--pass-pipeline={IREE_PASSES}", "--mlir-print-op-generic"],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr[-2000:]
    iree_ops, iree_composites = _uploads(ir.load_text(r.stdout))
    ours = schedule_module(ir.load_file(str(path)))
    ours_ops, ours_composites = _uploads(ours)
    assert ours_ops == iree_ops
    assert "stream.cmd.execute" not in ours_ops
    assert ours_composites == iree_composites  # the same bytes at the same offsets
