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
import json
import math
import os
import re
import tempfile
from pathlib import Path

from simulator.profile.iree_tools import compile_key, find_tool, run_tool, target_flags

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


# -- partial vectors: each export's vector tile, from IREE's configuration of the program's dispatches --

_EXPORT = re.compile(r"hal\.executable\.export\s+public\s+@([\w$.-]+)")
_LOWERING = re.compile(r"#iree_cpu\.lowering_config<([^>]*)>")


def _shape_in_name(extent: str) -> re.Pattern[str]:
    """The first shape in an export name (``matmul_24x16x16_f32``: ``24x16x16``) whose extents match
    ``extent``."""
    return re.compile(rf"_dispatch_\d+_[a-z_]*?_({extent}(?:x{extent})*)(?=[_x]|$)")


#: A shape of static extents in an export name.
_SHAPE = _shape_in_name(r"\d+")


def _entries(config: str, key: str) -> tuple[int, ...]:
    match = re.search(key + r"\s*=\s*\[([\d,\s]*)\]", config)
    return tuple(int(v) for v in match.group(1).split(",") if v.strip()) if match else ()


def parse_export_tiles(configured: str) -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each export's vector tile in IREE's ``--compile-to=executable-configurations`` output: the
    ``vector_common_parallel`` and ``vector_reduction`` entries of its root op's ``lowering_config``
    (the one that also gives the ``distribution``; else the longest), by export name. An export whose
    configuration names no vector tile (a GPU's) is left out.

    Examples
    --------
    >>> text = '''hal.executable.export public @main_dispatch_4_elementwise_2x11x14x6_f32 ordinal(0)
    ...   lowering_config = #iree_cpu.lowering_config<distribution = [2, 11, 14, 6], vector_common_parallel = [1, 1, 1, 4]>
    ... hal.executable.export public @main_dispatch_9_reduction_10x8_f32 ordinal(0)
    ...   lowering_config = #iree_cpu.lowering_config<vector_common_parallel = [1]>
    ...   lowering_config = #iree_cpu.lowering_config<distribution = [1, 0], vector_common_parallel = [1, 0], vector_reduction = [0, 4]>'''
    >>> parse_export_tiles(text)
    {'main_dispatch_4_elementwise_2x11x14x6_f32': ((1, 1, 1, 4), ()), 'main_dispatch_9_reduction_10x8_f32': ((1, 0), (0, 4))}
    """
    out: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    starts = [(m.start(), m.group(1)) for m in _EXPORT.finditer(configured)]
    for i, (start, name) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(configured)
        configs = [c.group(1) for c in _LOWERING.finditer(configured, start, end)]
        configs = [c for c in configs if "vector_common_parallel" in c]
        if not configs:
            continue
        root = max(configs, key=lambda c: ("distribution" in c, len(_entries(c, "vector_common_parallel"))))
        out[name] = (_entries(root, "vector_common_parallel"), _entries(root, "vector_reduction"))
    return out


def partial_vectors(name: str, parallel: tuple[int, ...]) -> int:
    """How many partial vectors a map (a dispatch of parallel loops only) writes: IREE vectorizes its
    innermost loop with a vector tile (the last loop whose ``vector_common_parallel`` entry is above 1)
    and, when that loop's extent is above the tile and not a multiple of it, ends each of its runs with
    a partial vector, which the code of a CPU without masked vector loads and stores does lane by lane.
    One per point of the other loops (the loops' extents are the shape in IREE's export name,
    ``elementwise_320x6_f32``); 0 when the name gives no static shape of as many loops as the tile has
    entries, or no loop is vectorized.

    IREE's profile on a generic x86-64 CPU: ``200 x 6`` maps run 1.35 us, ``256 x 8`` 0.29. Not so
    where this counts none: a loop shorter than its tile (3 in a tile of 4: one vector of 3, 24 of them
    in 34 ns), a reduction (a 0 entry: a contraction's partial vector of results stays in registers over
    its reduction, and a ``64x12x6x3`` batch matmul with 768 rows ending in one runs at its class's rate).

    Examples
    --------
    >>> partial_vectors("main_dispatch_4_elementwise_2x11x14x6_f32", (1, 1, 1, 4))
    308
    >>> partial_vectors("main_dispatch_0_elementwise_320x8_f32", (1, 4)), partial_vectors("main_dispatch_0_elementwise_1920_f32", (4,))
    (0, 0)
    >>> partial_vectors("main_dispatch_7_softmax_2x2x5x5xf32_generic", (1, 1, 1, 0))
    0
    >>> partial_vectors("main_dispatch_1_winograd_input_transform_8x8x2x2x3x3xf32_dispatch_tensor_store", (1, 1, 1, 1))
    0
    >>> partial_vectors("main_dispatch_2_batch_matmul_64x12x6x3_f32", (1, 8, 4, 0))
    0
    >>> partial_vectors("main$async_dispatch_0_transpose_4x2x3x2_f32", (1, 1, 4, 4))
    0
    >>> partial_vectors("main$async_dispatch_0_matmul_Dx16x8_f32", (8, 4, 0))
    0
    """
    match = _SHAPE.search(name)
    if match is None:
        return 0
    extents = [int(v) for v in match.group(1).split("x")]
    if len(extents) != len(parallel) or 0 in parallel:
        return 0
    inner = next((i for i in range(len(parallel) - 1, -1, -1) if parallel[i] > 1), None)
    if inner is None or extents[inner] <= parallel[inner] or extents[inner] % parallel[inner] == 0:
        return 0
    return math.prod(e for i, e in enumerate(extents) if i != inner)


#: A convolution's export name (``conv_2x9x5x6x3x3_f32``), not Winograd's transforms.
_CONV = re.compile(r"_dispatch_\d+_conv_")


def masked_lanes(name: str, parallel: tuple[int, ...], reduction: tuple[int, ...]) -> int:
    """How many vector lanes a convolution (IREE's ``conv_`` dispatches: convolutions, pooling windows,
    grouped and depthwise ones) runs masked: when the extent of a loop IREE vectorizes (a
    ``vector_common_parallel`` entry above 1) is above its tile and not a multiple of it, IREE's code
    masks the vector operations of the whole convolution, which a CPU without masked loads and stores
    (generic x86-64) runs lane by lane. The lanes are the convolution's iteration space with each loop
    rounded up to whole tiles (``vector_common_parallel`` for the parallel loops, ``vector_reduction`` for
    the reduction ones); the loops' extents are the shape in IREE's export name, which leaves out leading
    loops of one (``conv_14x14x4x3x3`` over 6 loops). 0 when no such loop exists, or the name gives no
    static shape of at most as many loops as the tile has entries.

    IREE's profile on a generic x86-64 CPU: a depthwise ``2x9x5x6x3x3`` with tile ``[1, 1, 2, 3]`` (5
    columns in tiles of 2) runs 3.5 us, a ``2x9x9x6x3x3`` one with tile ``[1, 1, 3, 3]`` 0.85; a max pool
    ``2x15x15x8x3x3`` (tile ``[1, 1, 2, 4]``) 23 us, one ``14x14x4x3x3`` (the same tile) 1.0: about half
    a nanosecond a masked lane, where a lane of a whole vector costs a few hundredths.

    Examples
    --------
    >>> masked_lanes("main_dispatch_8_conv_2x9x5x6x3x3_f32", (1, 1, 2, 3, 0, 0), (0, 0, 0, 0, 1, 3))
    5832
    >>> masked_lanes("main_dispatch_0_conv_2x9x9x6x3x3_f32", (1, 1, 3, 3, 0, 0), (0, 0, 0, 0, 1, 3))
    0
    >>> masked_lanes("main_dispatch_0_conv_2x15x15x8x3x3_f32", (1, 1, 2, 4, 0, 0), (0, 0, 0, 0, 1, 3))
    34560
    >>> masked_lanes("main_dispatch_0_conv_13x14x4x3x3_f32", (1, 1, 2, 4, 0, 0), (0, 0, 0, 0, 1, 3))
    0
    >>> masked_lanes("main_dispatch_0_conv_14x13x4x3x3_f32", (1, 1, 2, 4, 0, 0), (0, 0, 0, 0, 1, 3))
    7056
    >>> masked_lanes("main_dispatch_4_elementwise_2x11x14x6_f32", (1, 1, 1, 4), ())
    0
    >>> masked_lanes("main$async_dispatch_3_conv_Dx6x4x4x2x2_f32", (1, 1, 1, 4, 0, 0), (0, 0, 0, 0, 1, 2))
    0
    """
    if _CONV.search(name) is None:
        return 0
    match = _SHAPE.search(name)
    if match is None:
        return 0
    named = [int(v) for v in match.group(1).split("x")]
    if len(named) > len(parallel):
        return 0
    extents = [1] * (len(parallel) - len(named)) + named
    reduce = list(reduction) + [0] * (len(parallel) - len(reduction))
    if not any(t > 1 and e > t and e % t for e, t in zip(extents, parallel)):
        return 0
    lanes = 1
    for e, t, r in zip(extents, parallel, reduce):
        tile = max(t if t > 0 else r, 1)
        lanes *= -(-e // tile) * tile
    return lanes


#: A shape in an export name whose extents may be dynamic (``D``): ``matmul_Dx64x64_f32``, ``broadcast_D_f32``.
_SHAPE_D = _shape_in_name(r"(?:\d+|D)")


def parse_export_distribution(configured: str) -> dict[str, tuple[int, ...]]:
    """Each export's ``distribution`` tile (the loop tile one workgroup runs) in IREE's
    ``--compile-to=executable-configurations`` output, from the first ``lowering_config`` of its
    section that gives one, by export name. An export without one (a builtin, a GPU's) is left out.

    Examples
    --------
    >>> text = '''hal.executable.export public @main_dispatch_0_matmul_24x16x16_f32 ordinal(0)
    ...   lowering_config = #iree_cpu.lowering_config<distribution = [16, 16, 0], vector_common_parallel = [8, 16, 0]>
    ... hal.executable.export public @main_dispatch_1_elementwise_64_f32 ordinal(0)
    ...   lowering_config = #iree_cpu.lowering_config<vector_common_parallel = [4]>'''
    >>> parse_export_distribution(text)
    {'main_dispatch_0_matmul_24x16x16_f32': (16, 16, 0)}
    """
    out: dict[str, tuple[int, ...]] = {}
    starts = [(m.start(), m.group(1)) for m in _EXPORT.finditer(configured)]
    for i, (start, name) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(configured)
        for c in _LOWERING.finditer(configured, start, end):
            if "distribution" in c.group(1):
                out[name] = _entries(c.group(1), "distribution")
                break
    return out


def _shape_extents(name: str, workload: tuple[int, ...]) -> list[int] | None:
    """The loop extents of the shape in an export name (``matmul_Dx64x64``), each dynamic one (``D``) taking
    the next of the dispatch's ``workload`` values; None without a shape or with more ``D`` than values.

    >>> _shape_extents("main$async_dispatch_0_matmul_Dx64x64_f32", (5,)), _shape_extents("x", ())
    ([5, 64, 64], None)
    >>> _shape_extents("main$async_dispatch_0_matmul_DxDx64_f32", (5,)) is None
    True
    """
    match = _SHAPE_D.search(name)
    if match is None:
        return None
    parts = match.group(1).split("x")
    dynamic = list(workload)
    if parts.count("D") > len(dynamic):
        return None
    return [int(dynamic.pop(0)) if p == "D" else int(p) for p in parts]


def workgroup_count(name: str, distribution: tuple[int, ...], workload: tuple[int, ...] = ()) -> int:
    """How many workgroups IREE's code for export ``name`` runs: the product over its loops of
    ``ceil(extent / tile)`` for each loop ``distribution`` tiles (a 0 entry: one). The loops' extents
    are the shape in the export name; a dynamic one (``D``) takes the next of the dispatch's
    ``workload`` values, in order (IREE's workload ordinals put the dynamic extents first). A
    convolution's name leaves out leading loops of one. 0 (not known) when the name gives no shape of
    as many loops as the tile has entries (a data-tiled matmul's ``mmt4d`` root has more), or has more
    ``D`` extents than the workload has values.

    Examples
    --------
    >>> workgroup_count("main_dispatch_0_matmul_24x16x16_f32", (16, 16, 0))
    2
    >>> workgroup_count("main$async_dispatch_0_matmul_Dx64x64_f32", (64, 64, 0), (12,))
    1
    >>> workgroup_count("main$async_dispatch_0_elementwise_broadcast_D_f32", (64,), (486, 3))
    8
    >>> workgroup_count("main_dispatch_0_conv_14x14x4x3x3_f32", (1, 7, 7, 4, 0, 0))
    4
    >>> workgroup_count("main$async_dispatch_0_matmul_Dx64x64_f32", (64, 64, 0)), workgroup_count("x", (4,))
    (0, 0)
    """
    extents = _shape_extents(name, workload) if distribution else None
    if extents is None:
        return 0
    if _CONV.search(name) is not None and len(extents) < len(distribution):
        extents = [1] * (len(distribution) - len(extents)) + extents
    if len(extents) != len(distribution):
        return 0
    return math.prod(-(-e // t) if t > 0 else 1 for e, t in zip(extents, distribution))


#: A softmax's export name (``softmax_24x5xf32_dispatch_tensor_store``, ``softmax_2x2x5x5xf32_generic``).
_SOFTMAX = re.compile(r"_dispatch_\d+_softmax_")


def ragged_rows(
    name: str, parallel: tuple[int, ...], reduction: tuple[int, ...], workload: tuple[int, ...] = ()
) -> int:
    """How many rows of a softmax end in a partial vector: IREE vectorizes the softmax's reduced loop
    (its innermost ``vector_reduction`` entry above 1) and, when that loop's extent is not a multiple of
    the tile, each row's passes (the maximum, the sum of exponentials, the division) end lane by lane;
    one per point of the other loops. The loops' extents are the shape in the export name, a dynamic one
    (``D``) taking the next of the dispatch's ``workload`` values (as :func:`workgroup_count`). 0 for
    another op, a name without a shape of as many loops as the tiles have entries, or more ``D`` extents
    than the workload has values.

    IREE's profile on a generic x86-64 CPU (local-sync): softmaxes over rows of 5, 6 and 7 (tile 4) run
    1.1-1.6x what the softmax line of rows of 16 to 1024 says, about 50-160 ns more a row; the
    frontends' attention masks (``softmax_2x2x5x5``, 20 rows of 5) alike.

    Examples
    --------
    >>> ragged_rows("main_dispatch_7_softmax_2x2x5x5xf32_generic", (1, 1, 1, 0), (0, 0, 0, 4))
    20
    >>> ragged_rows("main_dispatch_0_softmax_16x64xf32_dispatch_tensor_store", (2, 0), (0, 4))
    0
    >>> ragged_rows("main$async_dispatch_10_softmax_2xDxDxf32_dispatch_tensor_store", (1, 4, 0), (0, 0, 4), (7, 7))
    14
    >>> ragged_rows("main$async_dispatch_10_softmax_2xDxDxf32_dispatch_tensor_store", (1, 4, 0), (0, 0, 4), (7,))
    0
    >>> ragged_rows("main_dispatch_1_reduction_6x7x7_f32", (1, 1, 0), (0, 0, 4))
    0
    """
    extents = _shape_extents(name, workload) if _SOFTMAX.search(name) is not None else None
    if extents is None or len(extents) != len(parallel):
        return 0
    reduce = list(reduction) + [0] * (len(parallel) - len(reduction))
    inner = next((i for i in range(len(reduce) - 1, -1, -1) if reduce[i] > 1), None)
    if inner is None or extents[inner] % reduce[inner] == 0:
        return 0
    return math.prod(e for i, e in enumerate(extents) if i != inner)


_TILES: dict[str, dict[str, tuple[tuple[int, ...], tuple[int, ...]]]] = {}
_DISTRIBUTION: dict[str, dict[str, tuple[int, ...]]] = {}
#: IREE's flags for the configuration of a stream IR program's dispatches.
_CONFIGURE = ("--compile-from=stream", "--compile-to=executable-configurations")


def _cache_dir() -> Path:
    return Path(tempfile.gettempdir()) / f"streamsim-tiles-{os.getuid() if hasattr(os, 'getuid') else 0}"


def _configure(stream_ir: Path, device: str) -> str:
    """The key of IREE's configuration of ``stream_ir`` for ``device``, its vector tiles and
    distribution tiles put in :data:`_TILES` and :data:`_DISTRIBUTION` (compiled once per key, and kept
    in a per-user directory under the system's temporary one, layout ``.2.json``)."""
    flags = target_flags(device)
    key = compile_key(stream_ir, device=device, extra_flags=_CONFIGURE)
    if key in _TILES and key in _DISTRIBUTION:
        return key
    cached = _cache_dir() / f"{key}.2.json"
    try:
        loaded = json.loads(cached.read_text())
        _TILES[key] = {
            str(n): (tuple(map(int, par)), tuple(map(int, red))) for n, (par, red) in loaded["tiles"].items()
        }
        _DISTRIBUTION[key] = {str(n): tuple(map(int, d)) for n, d in loaded["distribution"].items()}
        return key
    except (OSError, ValueError, TypeError, AttributeError, KeyError):
        pass
    with tempfile.TemporaryDirectory(prefix="streamsim-tiles-") as tmp:
        out = Path(tmp) / "configured.mlir"
        run_tool([find_tool("iree-compile"), str(stream_ir), *flags, *_CONFIGURE, "-o", str(out)])
        configured = out.read_text()
    _TILES[key] = parse_export_tiles(configured)
    _DISTRIBUTION[key] = parse_export_distribution(configured)
    try:
        cached.parent.mkdir(mode=0o700, exist_ok=True)
        scratch = cached.with_suffix(f".{os.getpid()}.tmp")
        data = {
            "tiles": {n: [list(p), list(r)] for n, (p, r) in sorted(_TILES[key].items())},
            "distribution": {n: list(d) for n, d in sorted(_DISTRIBUTION[key].items())},
        }
        scratch.write_text(json.dumps(data))
        scratch.replace(cached)
    except OSError:
        pass
    return key


def stream_tiles(stream_ir: Path, device: str) -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
    """:func:`parse_export_tiles` of IREE's compile of the program whose stream IR is ``stream_ir`` for
    HAL device ``device`` up to ``--compile-to=executable-configurations``. Kept per
    :func:`compile_key` (the file's bytes, the compiler, the flags) in the process and in a per-user
    directory under the system's temporary one. Raises ProfileError when IREE's tools are absent or the
    device's target is unknown."""
    return _TILES[_configure(stream_ir, device)]


def stream_distribution(stream_ir: Path, device: str) -> dict[str, tuple[int, ...]]:
    """:func:`parse_export_distribution` of the same compile as :func:`stream_tiles` (each export's
    ``distribution`` tile, for :func:`workgroup_count`)."""
    return _DISTRIBUTION[_configure(stream_ir, device)]


def stream_partials(stream_ir: Path, device: str) -> dict[str, int]:
    """:func:`partial_vectors` of every export of the program whose stream IR is ``stream_ir`` in IREE's
    compile for HAL device ``device`` (:func:`stream_tiles`), exports without one left out."""
    tiles = stream_tiles(stream_ir, device)
    return {n: p for n, (par, _) in sorted(tiles.items()) if (p := partial_vectors(n, par))}


def stream_masked(stream_ir: Path, device: str) -> dict[str, int]:
    """:func:`masked_lanes` of every export of the program whose stream IR is ``stream_ir`` in IREE's
    compile for HAL device ``device`` (:func:`stream_tiles`), exports without one left out."""
    tiles = stream_tiles(stream_ir, device)
    return {n: m for n, (par, red) in sorted(tiles.items()) if (m := masked_lanes(n, par, red))}


def stream_ragged(stream_ir: Path, device: str) -> dict[str, int]:
    """:func:`ragged_rows` of every export of the program whose stream IR is ``stream_ir`` in IREE's
    compile for HAL device ``device`` (:func:`stream_tiles`) whose name gives a static shape, exports
    without one left out (a dynamic extent's count needs the dispatch's workload: the calibration's own
    cost model counts those)."""
    tiles = stream_tiles(stream_ir, device)
    return {n: r for n, (par, red) in sorted(tiles.items()) if (r := ragged_rows(n, par, red))}


def tiles_table(
    partials: dict[str, int], masked: dict[str, int] | None = None, ragged: dict[str, int] | None = None
) -> str:
    """A calibration table (TOML, :class:`simulator.costs.Calibration`) giving each export's partial
    vectors, masked lanes and ragged softmax rows, for ``streamsim run --calibration``.

    Examples
    --------
    >>> print(tiles_table({"main_dispatch_4_elementwise_2x11x14x6_f32": 308}), end="")
    [executables."main_dispatch_4_elementwise_2x11x14x6_f32"]
    partial_vectors = 308
    >>> print(tiles_table({}, {"main_dispatch_8_conv_2x9x5x6x3x3_f32": 5832}), end="")
    [executables."main_dispatch_8_conv_2x9x5x6x3x3_f32"]
    masked_lanes = 5832
    >>> print(tiles_table({}, None, {"main_dispatch_7_softmax_2x2x5x5xf32_generic": 20}), end="")
    [executables."main_dispatch_7_softmax_2x2x5x5xf32_generic"]
    ragged_rows = 20
    """
    masked = masked or {}
    ragged = ragged or {}
    out = []
    for name in sorted(set(partials) | set(masked) | set(ragged)):
        out.append(f'[executables."{name}"]\n')
        if name in partials:
            out.append(f"partial_vectors = {partials[name]}\n")
        if name in masked:
            out.append(f"masked_lanes = {masked[name]}\n")
        if name in ragged:
            out.append(f"ragged_rows = {ragged[name]}\n")
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    """``python -m simulator.calibration.tiles STREAM_IR [--device D] [-o FILE]``: the program's partial
    vectors, masked lanes and ragged softmax rows in IREE's compile, as a calibration table (stdout without
    ``-o``). Exit 2 on bad input."""
    import argparse
    import sys

    from simulator.errors import ProfileError

    parser = argparse.ArgumentParser(prog="python -m simulator.calibration.tiles", description=main.__doc__)
    parser.add_argument("program", type=Path, help="stream IR (cmd or async form), as streamsim run takes")
    parser.add_argument("--device", default="local-task", help="HAL device whose target IREE compiles for")
    parser.add_argument("-o", "--output", type=Path, help="write the table here")
    args = parser.parse_args(argv)
    try:
        table = tiles_table(
            stream_partials(args.program, args.device),
            stream_masked(args.program, args.device),
            stream_ragged(args.program, args.device),
        )
    except ProfileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.output is None:
        sys.stdout.write(table)
    else:
        args.output.write_text(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
