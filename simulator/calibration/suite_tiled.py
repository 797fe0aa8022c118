"""Microbenchmarks of what IREE's rewrites make of convolutions and matmuls: Winograd's 3x3 convolutions
and data-tiled (packed) matmuls, each compiled with the flag that asks for it.

``--iree-preprocessing-pass-pipeline=...convert-conv2d-to-winograd`` turns a 3x3 stride-1 convolution
into three dispatches: IREE names them ``winograd_input_transform_...``, ``batch_matmul_...`` and
``winograd_output_transform_...`` (and ``winograd_filter_transform_...`` when the filter is not a
constant). The transforms run one 8x8 tile at a time with scalar code (their ``lowering_config``'s
vector tile is all ones), several times slower per flop than any elementwise map; the fitted model
gives them classes of their own (:func:`simulator.costs.op_class`: ``winograd.input``,
``winograd.output``, ``winograd.filter``).

``--iree-opt-data-tiling`` gives each matmul's operands a packed layout: ``_encoding_N_encode_...``
dispatches pack them (class ``pack``), and the matmul itself becomes a ``linalg.mmt4d`` on the packed
tiles with the unpacking of its result fused in; IREE names it as the matmul it was, and the body says
it is data-tiled (:func:`simulator.costs.matmul_kind`: class ``matmul.tiled``).

The shapes are not those of any fixture (``flax_cnn_winograd``, ``flax_mlp_datatiled``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from simulator.calibration.suite import Benchmark, batch_matmul, conv2d, matmul


@dataclass(frozen=True)
class FlaggedBenchmark(Benchmark):
    """A generated program and the iree-compile flags it needs beyond the device's target
    (``--iree-opt-data-tiling``): :func:`~simulator.calibration.run.benchmark_case` passes them on."""

    flags: tuple[str, ...] = ()


def with_flags(b: Benchmark, suffix: str, flags: tuple[str, ...]) -> FlaggedBenchmark:
    """``b`` compiled with ``flags``, its name ending ``suffix``."""
    fields = {f.name: getattr(b, f.name) for f in dataclasses.fields(b)}
    return FlaggedBenchmark(**{**fields, "name": b.name + suffix, "flags": flags})


#: IREE's flag that rewrites every 3x3 convolution with Winograd's F(6x6, 3x3) tiles.
WINOGRAD_FLAGS = (
    "--iree-preprocessing-pass-pipeline=builtin.module(util.func("
    "iree-linalg-ext-convert-conv2d-to-winograd{replace-all-convs=true}))",
)
#: IREE's flag for packed (data-tiled) matmul operands.
DATA_TILING_FLAGS = ("--iree-opt-data-tiling",)


def winograd_conv(hw: int, cin: int, cout: int) -> Benchmark:
    """A 3x3 convolution over ``1 x hw x hw x cin`` (:func:`~simulator.calibration.suite.conv2d`)
    compiled with Winograd's rewrite."""
    return with_flags(conv2d(hw, cin, cout), "_winograd", WINOGRAD_FLAGS)


def tiled(b: Benchmark) -> Benchmark:
    """``b`` compiled with data tiling (its name ends ``_dt``)."""
    return with_flags(b, "_dt", DATA_TILING_FLAGS)


def tiled_suite() -> list[Benchmark]:
    """Winograd's convolutions at five sizes (a few tiles to a few hundred; windows that pass the
    image's edge or not), and data-tiled matmuls:
    f32 from launch-bound to tens of microseconds, int8, and a batch matmul."""
    return [
        # Images whose windows pass the edge (output extents 8, 14, 32: not multiples of 6) ...
        winograd_conv(10, 4, 8),
        winograd_conv(16, 4, 8),
        winograd_conv(34, 16, 16),
        # ... and images of whole windows (12, 18): the input transform runs about five times faster.
        winograd_conv(14, 8, 8),
        winograd_conv(20, 8, 8),
        tiled(matmul(4, 24, 12)),
        tiled(matmul(24, 40, 36)),
        tiled(matmul(96, 128, 64)),
        tiled(matmul(16, 48, 24, "i8", "i32")),
        tiled(matmul(64, 96, 64, "i8", "i32")),
        tiled(batch_matmul(4, 8, 32, 16)),
    ]


def padded_tiled_suite() -> list[Benchmark]:
    """Data-tiled matmuls whose operands IREE pads to whole tiles (rows of 5 and 6 in tiles of 8, 9
    columns in tiles of 4), as the frontends' small layers are; in the training suite beside
    :func:`tiled_suite` (measured since the AMD host's suite)."""
    return [
        tiled(matmul(5, 24, 12)),
        tiled(matmul(12, 20, 9)),
        tiled(matmul(6, 18, 10, "i8", "i32")),
    ]
