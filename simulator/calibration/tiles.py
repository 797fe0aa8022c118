"""IREE's vector tile for a loop over a dynamic dimension, read from IREE's own compile.

A dispatch over ``tensor<?x64xf32>`` cannot be tiled to fit its size at compile time: IREE's CPU code
generator picks a vector tile (``vector_common_parallel`` in the dispatch's
``#iree_cpu.lowering_config``) and runs the remainder as a partial tile, which costs about a full one
(:func:`simulator.dispatch_model.tile_factor`). :func:`row_tile` compiles a small dynamic matmul with
the HAL device's target flags up to ``--compile-to=executable-configurations`` and reads that tile's
first (row) entry: 8 for ``llvm-cpu`` on a generic x86-64 CPU. A backend whose configuration names no
such tile (a GPU's ``lowering_config`` spells its tiles otherwise) gets 1: no rounding.
"""

from __future__ import annotations

import functools
import re
import tempfile
from pathlib import Path

from simulator.profile.iree_tools import find_tool, run_tool, target_flags

#: The probe: a matmul over a dynamic number of rows (as ``dynamic_mlp``'s layers).
PROBE = """func.func @main(%x: tensor<?x64xf32>, %w: tensor<64x64xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%n) : tensor<?x64xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?x64xf32>) -> tensor<?x64xf32>
  %m = linalg.matmul ins(%x, %w : tensor<?x64xf32>, tensor<64x64xf32>) outs(%z : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %m : tensor<?x64xf32>
}
"""

_TILE = re.compile(r"vector_common_parallel\s*=\s*\[\s*(\d+)")


def parse_row_tile(configured: str) -> int:
    """The first entry of the first ``vector_common_parallel`` tile in IREE's
    ``--compile-to=executable-configurations`` output, or 1 when it has none.

    Examples
    --------
    >>> parse_row_tile("lowering_config = #iree_cpu.lowering_config<distribution = [64, 64, 0], "
    ...                "vector_common_parallel = [8, 4, 0], vector_reduction = [0, 0, 4]>")
    8
    >>> parse_row_tile("#iree_gpu.lowering_config<{workgroup = [64, 64, 0]}>")
    1
    """
    match = _TILE.search(configured)
    return max(1, int(match.group(1))) if match else 1


@functools.cache
def row_tile(device: str) -> int:
    """IREE's vector tile (rows) for a loop over a dynamic dimension on HAL device ``device``, from
    IREE's compile of :data:`PROBE` (once per device per process). Raises ProfileError when IREE's
    tools are absent or the device's target is unknown."""
    flags = target_flags(device)
    with tempfile.TemporaryDirectory(prefix="streamsim-tiles-") as tmp:
        source = Path(tmp) / "probe.mlir"
        source.write_text(PROBE)
        out = Path(tmp) / "probe.configured.mlir"
        run_tool(
            [
                find_tool("iree-compile"),
                str(source),
                *flags,
                "--compile-to=executable-configurations",
                "-o",
                str(out),
            ]
        )
        return parse_row_tile(out.read_text())
