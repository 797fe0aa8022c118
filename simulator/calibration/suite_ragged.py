"""Microbenchmarks of IREE's vector-tile remainders: elementwise maps whose innermost extent is not a
multiple of the vector tile IREE's CPU code generator picks for it.

A map over ``R x C`` (a bias broadcast along the rows, or a slice of a larger tensor that IREE cannot
collapse into one dimension) is vectorized along ``C`` in tiles of ``vector_common_parallel``'s last
entry (4 f32 lanes on a generic x86-64 CPU); when ``C`` is not a multiple of it, every row ends in a
partial vector, which IREE's code runs lane by lane (masked loads and stores without hardware masks):
on this host ``320 x 6`` runs 2-4 us longer than ``320 x 8`` although it does less. A map IREE collapses
into one dimension (identical maps over a whole tensor) has at most one such partial vector.

The simulator cannot derive IREE's tile sizes: it reads them from IREE's own compile
(:func:`simulator.calibration.tiles.partial_vectors`) and prices each partial vector
(``ns_per_partial`` of the fitted model). The shapes are not those of any fixture.
"""

from __future__ import annotations

from simulator.calibration.suite import Benchmark, _spec, _t


def bias_map(rows: int, cols: int) -> Benchmark:
    """``max(a + bias, 0)`` over ``rows x cols`` f32 with ``bias`` (``cols``) broadcast along the rows:
    IREE collapses nothing (the bias' map differs), so each row is vectorized on its own."""
    t, v = _t((rows, cols), "f32"), _t((cols,), "f32")
    m, mb = "affine_map<(i, j) -> (i, j)>", "affine_map<(i, j) -> (j)>"
    src = f"""func.func @main(%a: {t}, %b: {v}) -> {t} {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [{m}, {mb}, {m}], iterator_types = ["parallel", "parallel"]}}
      ins(%a, %b : {t}, {v}) outs(%e : {t}) {{
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.addf %x, %y : f32
    %q = arith.maximumf %p, %z : f32
    linalg.yield %q : f32
  }} -> {t}
  return %r : {t}
}}
"""
    return Benchmark(f"bias_map_{rows}x{cols}", src, (_spec((rows, cols), "f32"), _spec((cols,), "f32")))


def strided_map(batch: int, hw: int, channels: int) -> Benchmark:
    """``max(a + bias, 0)`` over the ``batch x (hw-2) x (hw-2) x channels`` interior of a
    ``batch x hw x hw x channels`` f32 image (a slice IREE fuses into the map as a strided load, as a
    frontend's convolution followed by a crop)."""
    inner = hw - 2
    a, s, v = (
        _t((batch, hw, hw, channels), "f32"),
        _t((batch, inner, inner, channels), "f32"),
        _t((channels,), "f32"),
    )
    m, mb = "affine_map<(n, i, j, k) -> (n, i, j, k)>", "affine_map<(n, i, j, k) -> (k)>"
    src = f"""func.func @main(%a: {a}, %b: {v}) -> {s} {{
  %s = tensor.extract_slice %a[0, 1, 1, 0] [{batch}, {inner}, {inner}, {channels}] [1, 1, 1, 1] : {a} to {s}
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {s}
  %r = linalg.generic {{indexing_maps = [{m}, {mb}, {m}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}}
      ins(%s, %b : {s}, {v}) outs(%e : {s}) {{
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.addf %x, %y : f32
    %q = arith.maximumf %p, %z : f32
    linalg.yield %q : f32
  }} -> {s}
  return %r : {s}
}}
"""
    return Benchmark(
        f"strided_map_{batch}x{hw}x{hw}x{channels}",
        src,
        (_spec((batch, hw, hw, channels), "f32"), _spec((channels,), "f32")),
    )


def ragged_suite() -> list[Benchmark]:
    """Maps with a partial vector per row (innermost extents 5, 6, 7, 10) at a few hundred to a few
    thousand rows, and their whole-vector twins (8, 12)."""
    return [
        bias_map(96, 5),
        bias_map(200, 6),
        bias_map(400, 7),
        bias_map(64, 10),
        bias_map(256, 8),
        bias_map(128, 12),
        strided_map(2, 12, 5),
        strided_map(1, 18, 7),
        strided_map(2, 12, 8),
        strided_map(3, 10, 6),
    ]
