"""Microbenchmarks of the windows IREE names ``conv`` but does not run as convolutions: pooling and grouped
(and depthwise) convolutions, written as the frontends write them (a ``linalg.generic`` over the window);
and the strided copies (``slow_memcpy``) a convolution's padding becomes.

JAX, flax and ONNX lower an average or max pool to a ``linalg.generic`` that reduces a window of its
input with an add or a max, indexed ``d1 * stride + d4``, beside an empty window tensor; a grouped
convolution to one whose group loop indexes the input, the filter and the output. IREE names both
dispatches ``conv_...`` as it names a convolution, but its CPU code runs them several times slower per
flop; the fitted model prices them as classes of their own (:func:`simulator.costs.conv_kind`:
``conv.pool``, ``conv.grouped``, ``conv.depthwise``). The shapes here are not those of any fixture (a fixture's dispatch
of a measured shape would be predicted from its measurement: ``shape_scale``).
"""

from __future__ import annotations

from simulator.calibration.suite import Benchmark, _spec, _t


def pool2d(n: int, hw: int, c: int, k: int, stride: int, op: str = "sum") -> Benchmark:
    """A ``k x k`` window of stride ``stride`` over an ``n x hw x hw x c`` input, summed (``sum``) or
    maxed (``max``), as a ``linalg.generic`` with an empty window operand (as JAX writes
    ``reduce_window``)."""
    out = (hw - k) // stride + 1
    return _pool(
        f"pool_{op}_{n}x{hw}x{hw}x{c}_k{k}s{stride}",
        (n, hw, hw, c),
        (n, out, out, c),
        f"d0, d1 * {stride} + d4, d2 * {stride} + d5, d3",
        k,
        op,
    )


def pool2d_nchw(n: int, c: int, hw: int, k: int, stride: int, op: str = "max") -> Benchmark:
    """:func:`pool2d` over an ``n x c x hw x hw`` input (channels first, as ONNX writes a pool): the
    window's columns are the innermost, so a vector of output columns reads input columns ``stride``
    apart."""
    out = (hw - k) // stride + 1
    return _pool(
        f"pool_nchw_{op}_{n}x{c}x{hw}x{hw}_k{k}s{stride}",
        (n, c, hw, hw),
        (n, c, out, out),
        f"d0, d1, d2 * {stride} + d4, d3 * {stride} + d5",
        k,
        op,
    )


def _pool(
    name: str, x_shape: tuple[int, ...], o_shape: tuple[int, ...], x_map: str, k: int, op: str
) -> Benchmark:
    """A pool over loops (d0..d3 the output, d4 d5 the ``k x k`` window): the input read through ``x_map``,
    the window operand empty, the output initialised to the reduction's identity."""
    if op not in ("sum", "max"):
        raise ValueError(f"pool op must be sum or max, got {op!r}")
    x, w, o = _t(x_shape, "f32"), _t((k, k), "f32"), _t(o_shape, "f32")
    dims = "d0, d1, d2, d3, d4, d5"
    maps = ", ".join(f"affine_map<({dims}) -> ({r})>" for r in (x_map, "d4, d5", "d0, d1, d2, d3"))
    init, combine = ("0.0", "arith.addf") if op == "sum" else ("-3.40282347E+38", "arith.maximumf")
    src = f"""func.func @main(%x: {x}) -> {o} {{
  %init = arith.constant {init} : f32
  %e = tensor.empty() : {o}
  %win = tensor.empty() : {w}
  %z = linalg.fill ins(%init : f32) outs(%e : {o}) -> {o}
  %r = linalg.generic {{indexing_maps = [{maps}],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}}
      ins(%x, %win : {x}, {w}) outs(%z : {o}) {{
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %s = {combine} %acc, %a : f32
    linalg.yield %s : f32
  }} -> {o}
  return %r : {o}
}}
"""
    return Benchmark(name, src, (_spec(x_shape, "f32"),))


def grouped_conv(n: int, hw: int, groups: int, cin: int, cout: int, k: int = 3) -> Benchmark:
    """A ``k x k`` convolution of ``groups`` groups of ``cin`` input and ``cout`` output channels over an
    ``n x hw x hw x groups x cin`` input (flax's ``feature_group_count`` as a ``linalg.generic``: loops
    ``g, f, oh, ow, n, kh, kw, c``)."""
    out = hw - k + 1
    x = _t((n, hw, hw, groups, cin), "f32")
    f = _t((k, k, cin, groups, cout), "f32")
    o = _t((n, out, out, groups, cout), "f32")
    dims = "d0, d1, d2, d3, d4, d5, d6, d7"
    maps = ", ".join(
        f"affine_map<({dims}) -> ({r})>"
        for r in ("d4, d2 + d5, d3 + d6, d0, d7", "d5, d6, d7, d0, d1", "d4, d2, d3, d0, d1")
    )
    iterators = ", ".join(['"parallel"'] * 5 + ['"reduction"'] * 3)
    src = f"""func.func @main(%x: {x}, %f: {f}) -> {o} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {o}
  %z = linalg.fill ins(%zero : f32) outs(%e : {o}) -> {o}
  %r = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{iterators}]}}
      ins(%x, %f : {x}, {f}) outs(%z : {o}) {{
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }} -> {o}
  return %r : {o}
}}
"""
    inputs = (_spec((n, hw, hw, groups, cin), "f32"), _spec((k, k, cin, groups, cout), "f32"))
    return Benchmark(f"grouped_conv_{n}x{hw}x{hw}_g{groups}x{cin}x{cout}_k{k}", src, inputs)


def depthwise_conv(n: int, hw: int, c: int, k: int = 3) -> Benchmark:
    """A ``k x k`` depthwise convolution (one filter per channel) over ``n x hw x hw x c``, as a
    ``linalg.generic`` (loops ``n, oh, ow, c, kh, kw``)."""
    out = hw - k + 1
    x, f, o = _t((n, hw, hw, c), "f32"), _t((k, k, c), "f32"), _t((n, out, out, c), "f32")
    dims = "d0, d1, d2, d3, d4, d5"
    maps = ", ".join(
        f"affine_map<({dims}) -> ({r})>" for r in ("d0, d1 + d4, d2 + d5, d3", "d4, d5, d3", "d0, d1, d2, d3")
    )
    src = f"""func.func @main(%x: {x}, %f: {f}) -> {o} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {o}
  %z = linalg.fill ins(%zero : f32) outs(%e : {o}) -> {o}
  %r = linalg.generic {{indexing_maps = [{maps}],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}}
      ins(%x, %f : {x}, {f}) outs(%z : {o}) {{
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }} -> {o}
  return %r : {o}
}}
"""
    return Benchmark(
        f"depthwise_conv_{n}x{hw}x{hw}x{c}_k{k}", src, (_spec((n, hw, hw, c), "f32"), _spec((k, k, c), "f32"))
    )


def pad(n: int, hw: int, c: int, width: int = 1) -> Benchmark:
    """A ``tensor.pad`` of ``width`` zeros around the spatial dimensions of ``n x hw x hw x c`` (what a
    convolution's padding becomes): IREE fills the result and copies the input into it with a
    ``slow_memcpy`` dispatch, as it does the frontends' strided copies."""
    out = hw + 2 * width
    x, o = _t((n, hw, hw, c), "f32"), _t((n, out, out, c), "f32")
    src = f"""func.func @main(%x: {x}) -> {o} {{
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, {width}, {width}, 0] high[0, {width}, {width}, 0] {{
  ^bb0(%a: index, %b: index, %d: index, %e: index):
    tensor.yield %zero : f32
  }} : {x} to {o}
  return %p : {o}
}}
"""
    return Benchmark(f"pad_{n}x{hw}x{hw}x{c}_w{width}", src, (_spec((n, hw, hw, c), "f32"),))


def window_suite() -> list[Benchmark]:
    """The pooling and grouped-convolution programs of the training suite: launch-bound sizes (as the
    fixtures' are) to a few tens of microseconds."""
    return [
        pool2d(2, 6, 8, 2, 2, "sum"),
        pool2d(1, 16, 4, 3, 1, "max"),
        pool2d(4, 12, 16, 2, 2, "sum"),
        pool2d(2, 32, 8, 3, 2, "max"),
        grouped_conv(1, 10, 2, 4, 4),
        grouped_conv(2, 12, 4, 2, 2),
        grouped_conv(1, 16, 4, 4, 8),
        depthwise_conv(2, 10, 8),
        depthwise_conv(1, 20, 16),
        # Channels not a multiple of the vector width (the frontends' 6-channel depthwise layers).
        depthwise_conv(2, 11, 6),
        # Strided copies (IREE's slow_memcpy dispatches).
        pad(1, 6, 2),
        pad(2, 16, 4),
        pad(4, 32, 8),
    ]


def channels_first_pools() -> list[Benchmark]:
    """Channels-first pools of stride 2 (ONNX's), whose vectors of output columns read strided input
    columns; in the training suite beside :func:`window_suite` (measured since the AMD host's suite)."""
    return [
        pool2d_nchw(1, 4, 12, 2, 2, "max"),
        pool2d_nchw(2, 8, 16, 2, 2, "sum"),
        pool2d_nchw(1, 16, 6, 2, 2, "max"),
    ]
