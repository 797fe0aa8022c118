"""Workgroup ids and counts: a body that reads them runs once per workgroup, as IREE's runtime runs it.

A dispatch body written with ``flow.dispatch.workgroups`` (in the source, or by a frontend) may compute
its own tile from ``flow.dispatch.workgroup.id``/``count``: they become ``stream.dispatch.workgroup.*`` in
the stream form and ``hal.interface.workgroup.*`` in a HAL executable. IREE's code generator keeps such a
body as written (it distributes nothing itself) and the runtime runs it for every workgroup of the grid
the export's count region returns for the dispatch's workload.

The interpreter does the same: :class:`~simulator.dispatch.ExecutableProgram` evaluates the export's
count region (``workgroups(...)`` of a ``stream.executable.export``, ``count(...)`` of a
``hal.executable.export``) on the workload and runs the body for each ``(x, y, z)`` in the grid, x
fastest; ``workgroup.id[d]``/``count[d]`` read them from the context. A body without these ops still
runs whole, once. ``workgroup.size`` is left out: IREE's code generator picks it (the llvm-cpu target
gives the body a value of its own choosing), so the stream form does not define it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ir.attributes import IntegerAttr
from ir.core import Operation
from simulator.dispatch.registry import Context, DispatchRules, Env, unsupported
from simulator.errors import DispatchError, UnsupportedOpError

RULES = DispatchRules.named("dispatch.workgroups")
register_op = RULES.impls.register

ID_OPS = ("stream.dispatch.workgroup.id", "hal.interface.workgroup.id", "flow.dispatch.workgroup.id")
COUNT_OPS = (
    "stream.dispatch.workgroup.count",
    "hal.interface.workgroup.count",
    "flow.dispatch.workgroup.count",
)
#: The ops that make a body run per workgroup.
WORKGROUP_OPS = frozenset(ID_OPS + COUNT_OPS)


def _dimension(op: Operation) -> int:
    attr = op.attr("dimension")
    if not isinstance(attr, IntegerAttr) or not 0 <= attr.value < 3:
        raise unsupported(op, "dimension is missing or not 0, 1 or 2")
    return int(attr.value)


@register_op(*ID_OPS)
def _workgroup_id(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    if ctx.workgroup is None:
        raise unsupported(op, "the body reads its workgroup id but is run without a workgroup grid")
    return [np.int64(ctx.workgroup[0][_dimension(op)])]


@register_op(*COUNT_OPS)
def _workgroup_count(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    if ctx.workgroup is None:
        raise unsupported(op, "the body reads its workgroup count but is run without a workgroup grid")
    return [np.int64(ctx.workgroup[1][_dimension(op)])]


def uses_workgroups(func: Operation, export: Operation | None = None) -> bool:
    """Whether ``func`` reads its workgroup id or count. In a HAL executable (``export`` a
    ``hal.executable.export``) that is refused by name: a HAL dispatch's workgroup count does not reach
    the interpreter (the stream form of the same program runs)."""
    first = next((op for op in func.walk() if op.op_name in WORKGROUP_OPS), None)
    if first is not None and export is not None and export.op_name == "hal.executable.export":
        raise unsupported(first, "a HAL dispatch's workgroup count does not reach the interpreter; run the stream form")
    return first is not None


def workgroup_count(
    ctx: Context, export: Operation | None, workload: Sequence[int] | None
) -> tuple[int, int, int]:
    """The grid ``(x, y, z)`` ``export``'s count region returns for ``workload``."""
    from simulator.dispatch.interpreter import run_ops

    name = export.describe() if export is not None else "the dispatch"
    if export is None or not export.regions or not export.regions[0].blocks:
        raise DispatchError(f"{name}: its body reads workgroup ids, but the export has no count region")
    block = export.regions[0].blocks[0]
    index_args = [a for a in block.args if str(a.type) == "index"]
    if workload is None or len(workload) != len(index_args):
        # A HAL-level dispatch gives its workgroup count, not the workload: not supported (exit 2).
        got = "no workload" if workload is None else f"{len(workload)} workload values"
        raise UnsupportedOpError(
            f"dispatch interpreter cannot run {name} per workgroup: its body reads workgroup ids and the "
            f"count region takes {len(index_args)} workload values; the dispatch gives {got}"
        )
    env = Env()
    for a in block.args:
        env.bind(a, None)
    for a, w in zip(index_args, workload):
        env[a] = np.int64(w)
    saved = ctx.workgroup
    try:
        values = run_ops(ctx, block, env)
    finally:
        ctx.workgroup = saved
    if len(values) != 3:
        raise DispatchError(f"{name}: the count region returns {len(values)} values, not 3")
    grid = tuple(int(v) for v in values)
    if any(n < 0 for n in grid):
        raise DispatchError(f"{name}: negative workgroup count {grid}")
    return grid  # type: ignore[return-value]


def grid_points(grid: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """Every workgroup id of ``grid``, x fastest."""
    x, y, z = grid
    return [(i, j, k) for k in range(z) for j in range(y) for i in range(x)]
