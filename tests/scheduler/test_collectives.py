"""Collectives pass through the pipeline as IREE's do: stream.async.collective is streamable (it joins
the execution region of its neighbours), channel ops are pure, and schedule-allocation lowers it to a
stream.cmd.collective reading its source range and writing its target's."""

from __future__ import annotations

import pathlib
import subprocess

import ir
from scheduler import schedule_module
from tests.conftest import iree_tool, require_iree

FIXTURE = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "collectives" / "tp_allreduce"


def _execute_items(module: ir.Module) -> list[list[str]]:
    return [
        [o.op_name for o in op.body.ops if o.op_name != "stream.yield"]
        for op in module.walk()
        if op.op_name == "stream.cmd.execute"
    ]


def test_collectives_join_the_dispatchs_region() -> None:
    ours = schedule_module(ir.load_file(str(FIXTURE / "async.generic.mlir")))
    ir.verify(ours)
    assert _execute_items(ours) == [["stream.cmd.dispatch", "stream.cmd.collective"]]
    (coll,) = [op for op in ours.walk() if op.op_name == "stream.cmd.collective"]
    assert str(coll.attr("op")) == "#stream.collective<all_reduce with sum : f32>"
    assert [a.value for a in coll.attr("resource_accesses")] == [1, 2]  # type: ignore[union-attr]


def test_collectives_schedule_equals_irees_cmd_form(tmp_path: pathlib.Path) -> None:
    """Our pipeline on IREE's async form, printed by iree-opt, is IREE's own cmd form, op for op."""
    require_iree()
    tool = iree_tool("iree-opt")
    assert tool is not None
    ours = schedule_module(ir.load_file(str(FIXTURE / "async.generic.mlir")))
    src = tmp_path / "ours.mlir"
    src.write_text(ir.print_generic(ours))
    done = subprocess.run([tool, str(src)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-3000:]

    def body(text: str) -> list[str]:
        lines = text.splitlines()
        start = next(i for i, line in enumerate(lines) if "util.func public @main" in line)
        return [line.rstrip() for line in lines[start:] if line.strip()]

    assert body(done.stdout) == body((FIXTURE / "cmd.mlir").read_text())
