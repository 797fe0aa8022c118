"""The microbenchmark suite: small linalg programs over a grid of op kinds, sizes and element types.

Each :class:`Benchmark` is the MLIR text of a ``@main`` taking only tensor arguments (filled with a
splat value for both IREE and the simulator), so that it needs no parameter archive. Together they cover
the op classes the fitted dispatch model distinguishes (:func:`simulator.calibration.features.op_class`):
matmuls and batch matmuls, convolutions, reductions and softmax, elementwise maps, transposes, in f32
and a few i8/f16 cases, from launch-bound sizes to ones that take a millisecond on one core; dynamic
shapes (``matmul.dyn``...) and IREE's fused attention; host loops with and without a read-back.

:func:`training_suite` is what ``benchmarks/calibrate.py`` fits on; :func:`holdout_suite` lists composite
programs that are never fitted on, to report prediction error on programs the fit has not seen.
"""

from __future__ import annotations

from dataclasses import dataclass

_EW_MAP = "affine_map<({d}) -> ({d})>"


@dataclass(frozen=True)
class Benchmark:
    """A generated program: its name, MLIR text and ``@main``'s inputs as splat specs (``8x16xf32=0.5``)."""

    name: str
    source: str
    inputs: tuple[str, ...]
    #: the HAL devices whose fit uses it (empty: every device); :func:`training_suite` of another
    #: device leaves it out
    devices: tuple[str, ...] = ()
    #: whether its call times enter the fit of the host's fixed costs (:func:`~simulator.calibration.run.
    #: call_samples`); False for a program that is there for its dispatches alone (the profile's samples
    #: of one dispatch class), whose calls would weigh one pattern of host work many times over
    fixed_costs: bool = True


def _t(shape: tuple[int, ...], et: str) -> str:
    return "tensor<" + "x".join([*(str(d) for d in shape), et]) + ">"


def _spec(shape: tuple[int, ...], et: str) -> str:
    value = "1" if et.startswith("i") else "0.5"
    return "x".join([*(str(d) for d in shape), et]) + "=" + value


def _zero(et: str) -> str:
    return "0" if et.startswith("i") else "0.0"


def matmul(m: int, k: int, n: int, et: str = "f32", acc: str | None = None) -> Benchmark:
    acc = acc or et
    a, b, c = _t((m, k), et), _t((k, n), et), _t((m, n), acc)
    src = f"""func.func @main(%a: {a}, %b: {b}) -> {c} {{
  %zero = arith.constant {_zero(acc)} : {acc}
  %e = tensor.empty() : {c}
  %z = linalg.fill ins(%zero : {acc}) outs(%e : {c}) -> {c}
  %r = linalg.matmul ins(%a, %b : {a}, {b}) outs(%z : {c}) -> {c}
  return %r : {c}
}}
"""
    return Benchmark(f"matmul_{m}x{k}x{n}_{et}", src, (_spec((m, k), et), _spec((k, n), et)))


def batch_matmul(bt: int, m: int, k: int, n: int) -> Benchmark:
    a, b, c = _t((bt, m, k), "f32"), _t((bt, k, n), "f32"), _t((bt, m, n), "f32")
    src = f"""func.func @main(%a: {a}, %b: {b}) -> {c} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {c}
  %z = linalg.fill ins(%zero : f32) outs(%e : {c}) -> {c}
  %r = linalg.batch_matmul ins(%a, %b : {a}, {b}) outs(%z : {c}) -> {c}
  return %r : {c}
}}
"""
    return Benchmark(
        f"batch_matmul_{bt}x{m}x{k}x{n}", src, (_spec((bt, m, k), "f32"), _spec((bt, k, n), "f32"))
    )


def elementwise(rows: int, cols: int, et: str = "f32", *, heavy: bool = False) -> Benchmark:
    """``tanh(a * b + a)`` (heavy) or ``a + b`` over ``rows x cols``."""
    t = _t((rows, cols), et)
    m = "affine_map<(i, j) -> (i, j)>"
    body = (
        f"%p = arith.mulf %x, %y : {et}\n    %s = arith.addf %p, %x : {et}\n    %r = math.tanh %s : {et}"
        if heavy
        else f"%r = arith.addf %x, %y : {et}"
    )
    src = f"""func.func @main(%a: {t}, %b: {t}) -> {t} {{
  %e = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [{m}, {m}, {m}], iterator_types = ["parallel", "parallel"]}}
      ins(%a, %b : {t}, {t}) outs(%e : {t}) {{
  ^bb0(%x: {et}, %y: {et}, %o: {et}):
    {body}
    linalg.yield %r : {et}
  }} -> {t}
  return %r : {t}
}}
"""
    kind = "tanh" if heavy else "add"
    return Benchmark(f"elementwise_{kind}_{rows}x{cols}_{et}", src, (_spec((rows, cols), et),) * 2)


def reduction(rows: int, cols: int, et: str = "f32") -> Benchmark:
    """Row sums of ``rows x cols`` f32; for another element type ``et``, row sums of squares computed in
    ``et`` and accumulated in f32 (as the frontends' mixed precision norms are: ``arith.extf`` in the
    body)."""
    t, o = _t((rows, cols), et), _t((rows,), "f32")
    extend = (
        "" if et == "f32" else f"%q = arith.mulf %x, %x : {et}\n    %w = arith.extf %q : {et} to f32\n    "
    )
    value = "%x" if et == "f32" else "%w"
    src = f"""func.func @main(%a: {t}) -> {o} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {o}
  %z = linalg.fill ins(%zero : f32) outs(%e : {o}) -> {o}
  %r = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}} ins(%a : {t}) outs(%z : {o}) {{
  ^bb0(%x: {et}, %acc: f32):
    {extend}%s = arith.addf {value}, %acc : f32
    linalg.yield %s : f32
  }} -> {o}
  return %r : {o}
}}
"""
    return Benchmark(
        f"reduction_{rows}x{cols}" + ("" if et == "f32" else f"_{et}"), src, (_spec((rows, cols), et),)
    )


def softmax(rows: int, cols: int) -> Benchmark:
    t = _t((rows, cols), "f32")
    src = f"""func.func @main(%a: {t}) -> {t} {{
  %e = tensor.empty() : {t}
  %r = linalg.softmax dimension(1) ins(%a : {t}) outs(%e : {t}) -> {t}
  return %r : {t}
}}
"""
    return Benchmark(f"softmax_{rows}x{cols}", src, (_spec((rows, cols), "f32"),))


def transpose(rows: int, cols: int) -> Benchmark:
    t, o = _t((rows, cols), "f32"), _t((cols, rows), "f32")
    src = f"""func.func @main(%a: {t}) -> {o} {{
  %e = tensor.empty() : {o}
  %r = linalg.transpose ins(%a : {t}) outs(%e : {o}) permutation = [1, 0]
  return %r : {o}
}}
"""
    return Benchmark(f"transpose_{rows}x{cols}", src, (_spec((rows, cols), "f32"),))


def conv2d(hw: int, cin: int, cout: int, k: int = 3, et: str = "f32", acc: str | None = None) -> Benchmark:
    """A ``k x k`` ``linalg.conv_2d_nhwc_hwcf`` over ``1 x hw x hw x cin``, inputs of element type ``et``
    accumulated in ``acc`` (default ``et``; the name says the types when they are not f32)."""
    acc = acc or et
    x, f = _t((1, hw, hw, cin), et), _t((k, k, cin, cout), et)
    o = _t((1, hw - k + 1, hw - k + 1, cout), acc)
    src = f"""func.func @main(%x: {x}, %f: {f}) -> {o} {{
  %zero = arith.constant {_zero(acc)} : {acc}
  %e = tensor.empty() : {o}
  %z = linalg.fill ins(%zero : {acc}) outs(%e : {o}) -> {o}
  %r = linalg.conv_2d_nhwc_hwcf {{dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}}
      ins(%x, %f : {x}, {f}) outs(%z : {o}) -> {o}
  return %r : {o}
}}
"""
    types = "" if et == acc == "f32" else f"_{et}" if et == acc else f"_{et}x{acc}"
    return Benchmark(
        f"conv2d_{hw}x{hw}x{cin}x{cout}_k{k}{types}",
        src,
        (_spec((1, hw, hw, cin), et), _spec((k, k, cin, cout), et)),
    )


def mlp(batch: int, dims: tuple[int, ...]) -> Benchmark:
    """A chain of matmul + bias + relu layers (a composite program: several dispatches, one execute)."""
    args = [f"%x: {_t((batch, dims[0]), 'f32')}"]
    inputs = [_spec((batch, dims[0]), "f32")]
    lines = ["  %zero = arith.constant 0.0 : f32"]
    cur = "%x"
    m2 = "affine_map<(i, j) -> (i, j)>"
    m1 = "affine_map<(i, j) -> (j)>"
    for i, (din, dout) in enumerate(zip(dims, dims[1:])):
        w, bias, o = _t((din, dout), "f32"), _t((dout,), "f32"), _t((batch, dout), "f32")
        args += [f"%w{i}: {w}", f"%b{i}: {bias}"]
        inputs += [_spec((din, dout), "f32"), _spec((dout,), "f32")]
        lines += [
            f"  %e{i} = tensor.empty() : {o}",
            f"  %z{i} = linalg.fill ins(%zero : f32) outs(%e{i} : {o}) -> {o}",
            f"  %m{i} = linalg.matmul ins({cur}, %w{i} : {_t((batch, din), 'f32')}, {w}) outs(%z{i} : {o}) -> {o}",
            f'  %h{i} = linalg.generic {{indexing_maps = [{m2}, {m1}, {m2}], iterator_types = ["parallel", '
            f'"parallel"]}} ins(%m{i}, %b{i} : {o}, {bias}) outs(%e{i} : {o}) {{',
            "  ^bb0(%p: f32, %q: f32, %r: f32):",
            "    %s = arith.addf %p, %q : f32",
            "    %y = arith.maximumf %s, %zero : f32",
            "    linalg.yield %y : f32",
            f"  }} -> {o}",
        ]
        cur = f"%h{i}"
    out = _t((batch, dims[-1]), "f32")
    src = (
        f"func.func @main({', '.join(args)}) -> {out} {{\n"
        + "\n".join(lines)
        + f"\n  return {cur} : {out}\n}}\n"
    )
    return Benchmark(f"mlp_{batch}x{'x'.join(str(d) for d in dims)}", src, tuple(inputs))


#: Math functions the frontends' programs evaluate, by the name of their ``math`` op.
MATH_FUNCTIONS = ("exp", "tanh", "erf", "log", "rsqrt", "roundeven")


def elementwise_math(function: str, rows: int, cols: int) -> Benchmark:
    """``function(a + 1)`` elementwise over ``rows x cols`` f32 (one ``math`` op per element): the
    cost of each function apart, which differs by an order of magnitude between them on CPUs."""
    t = _t((rows, cols), "f32")
    m = "affine_map<(i, j) -> (i, j)>"
    src = f"""func.func @main(%a: {t}) -> {t} {{
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [{m}, {m}], iterator_types = ["parallel", "parallel"]}}
      ins(%a : {t}) outs(%e : {t}) {{
  ^bb0(%x: f32, %o: f32):
    %s = arith.addf %x, %one : f32
    %y = math.{function} %s : f32
    linalg.yield %y : f32
  }} -> {t}
  return %r : {t}
}}
"""
    return Benchmark(f"math_{function}_{rows}x{cols}", src, (_spec((rows, cols), "f32"),))


def fused_math(kind: str, rows: int, cols: int, function: str = "exp") -> Benchmark:
    """``function`` fused into another class's dispatch, as frontends' programs do: a matmul's
    epilogue (``kind="matmul"``: ``function(a @ b)``, ``rows x cols`` by ``cols x cols``) or a row
    reduction (``kind="reduction"``: ``sum_j function(a[i, j])``). IREE evaluates such functions at a
    different cost per evaluation than in an elementwise map."""
    t, m2 = _t((rows, cols), "f32"), "affine_map<(i, j) -> (i, j)>"
    if kind == "matmul":
        w = _t((cols, cols), "f32")
        src = f"""func.func @main(%a: {t}, %b: {w}) -> {t} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {t}
  %z = linalg.fill ins(%zero : f32) outs(%e : {t}) -> {t}
  %m = linalg.matmul ins(%a, %b : {t}, {w}) outs(%z : {t}) -> {t}
  %r = linalg.generic {{indexing_maps = [{m2}, {m2}], iterator_types = ["parallel", "parallel"]}}
      ins(%m : {t}) outs(%e : {t}) {{
  ^bb0(%x: f32, %o: f32):
    %y = math.{function} %x : f32
    linalg.yield %y : f32
  }} -> {t}
  return %r : {t}
}}
"""
        inputs: tuple[str, ...] = (_spec((rows, cols), "f32"), _spec((cols, cols), "f32"))
    else:
        o = _t((rows,), "f32")
        src = f"""func.func @main(%a: {t}) -> {o} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {o}
  %z = linalg.fill ins(%zero : f32) outs(%e : {o}) -> {o}
  %r = linalg.generic {{indexing_maps = [{m2}, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}} ins(%a : {t}) outs(%z : {o}) {{
  ^bb0(%x: f32, %acc: f32):
    %y = math.{function} %x : f32
    %s = arith.addf %y, %acc : f32
    linalg.yield %s : f32
  }} -> {o}
  return %r : {o}
}}
"""
        inputs = (_spec((rows, cols), "f32"),)
    return Benchmark(f"{kind}_{function}_{rows}x{cols}", src, inputs)


def generic_contraction(m: int, n: int, k: int) -> Benchmark:
    """``c[i, j] = sum_k a[i, k] * b[j, k] * 0.125`` as a ``linalg.generic`` (as frontends write
    attention scores): IREE names it a reduction, yet it reuses each input ``m`` or ``n`` times, so its
    time follows the iteration space rather than the bytes it reads."""
    a, b, c = _t((m, k), "f32"), _t((n, k), "f32"), _t((m, n), "f32")
    src = f"""func.func @main(%a: {a}, %b: {b}) -> {c} {{
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.125 : f32
  %e = tensor.empty() : {c}
  %z = linalg.fill ins(%zero : f32) outs(%e : {c}) -> {c}
  %r = linalg.generic {{indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>,
      affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]}}
      ins(%a, %b : {a}, {b}) outs(%z : {c}) {{
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %q = arith.mulf %p, %scale : f32
    %s = arith.addf %acc, %q : f32
    linalg.yield %s : f32
  }} -> {c}
  return %r : {c}
}}
"""
    return Benchmark(f"contraction_{m}x{n}x{k}", src, (_spec((m, k), "f32"), _spec((n, k), "f32")))


def matmul_epilogue(m: int, k: int, n: int, ops: int) -> Benchmark:
    """A matmul whose result goes through ``ops`` multiply-adds per element in the same dispatch (as a
    GELU's polynomial does): the fused epilogue's arithmetic is not the contraction's."""
    a, b, c = _t((m, k), "f32"), _t((k, n), "f32"), _t((m, n), "f32")
    m2 = "affine_map<(i, j) -> (i, j)>"
    body = ["    %v0 = arith.mulf %x, %x : f32"]
    for i in range(1, ops):
        op = "arith.addf" if i % 2 else "arith.mulf"
        body.append(f"    %v{i} = {op} %v{i - 1}, %x : f32")
    src = f"""func.func @main(%a: {a}, %b: {b}) -> {c} {{
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : {c}
  %z = linalg.fill ins(%zero : f32) outs(%e : {c}) -> {c}
  %mm = linalg.matmul ins(%a, %b : {a}, {b}) outs(%z : {c}) -> {c}
  %r = linalg.generic {{indexing_maps = [{m2}, {m2}], iterator_types = ["parallel", "parallel"]}}
      ins(%mm : {c}) outs(%e : {c}) {{
  ^bb0(%x: f32, %o: f32):
{chr(10).join(body)}
    linalg.yield %v{ops - 1} : f32
  }} -> {c}
  return %r : {c}
}}
"""
    return Benchmark(f"matmul_epilogue{ops}_{m}x{k}x{n}", src, (_spec((m, k), "f32"), _spec((k, n), "f32")))


def max_exp(rows: int, cols: int) -> Benchmark:
    """``exp(a - max_j a)`` per row: the first half of a softmax as frontends decompose it, which IREE
    fuses into one reduction dispatch."""
    t, o = _t((rows, cols), "f32"), _t((rows,), "f32")
    m2, m1 = "affine_map<(i, j) -> (i, j)>", "affine_map<(i, j) -> (i)>"
    src = f"""func.func @main(%a: {t}) -> {t} {{
  %low = arith.constant -3.0e+38 : f32
  %e1 = tensor.empty() : {o}
  %f = linalg.fill ins(%low : f32) outs(%e1 : {o}) -> {o}
  %mx = linalg.generic {{indexing_maps = [{m2}, {m1}], iterator_types = ["parallel", "reduction"]}}
      ins(%a : {t}) outs(%f : {o}) {{
  ^bb0(%x: f32, %acc: f32):
    %y = arith.maximumf %x, %acc : f32
    linalg.yield %y : f32
  }} -> {o}
  %e2 = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [{m2}, {m1}, {m2}], iterator_types = ["parallel", "parallel"]}}
      ins(%a, %mx : {t}, {o}) outs(%e2 : {t}) {{
  ^bb0(%x: f32, %m: f32, %out: f32):
    %d = arith.subf %x, %m : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  }} -> {t}
  return %r : {t}
}}
"""
    return Benchmark(f"max_exp_{rows}x{cols}", src, (_spec((rows, cols), "f32"),))


def dynamic(kind: str, rows: int, cols: int, inner: int = 64) -> Benchmark:
    """A dispatch whose leading extent IREE does not know when it compiles (``tensor<?x...>``, as
    frontends' batch dimensions are): ``kind="matmul"`` (``rows x inner`` by ``inner x cols``),
    ``"elementwise"`` (``a + b`` over ``rows x cols``) or ``"reduction"`` (row sums of ``rows x
    cols``); ``"matmul_tanh"``, the matmul with a ``tanh`` IREE fuses into its epilogue (as the
    frontends' dense layers). IREE's code for a shape it does not know runs slower than for the same
    static one, its math functions too."""
    dyn = f"tensor<?x{cols}xf32>"
    m2 = "affine_map<(i, j) -> (i, j)>"
    head = "  %c0 = arith.constant 0 : index\n  %zero = arith.constant 0.0 : f32\n"
    if kind in ("matmul", "matmul_tanh"):
        a, b = f"tensor<?x{inner}xf32>", _t((inner, cols), "f32")
        tanh = (
            f"""  %t = linalg.generic {{indexing_maps = [{m2}, {m2}], iterator_types = ["parallel", "parallel"]}}
      ins(%r : {dyn}) outs(%e : {dyn}) {{
  ^bb0(%x: f32, %o: f32):
    %y = math.tanh %x : f32
    linalg.yield %y : f32
  }} -> {dyn}
"""
            if kind == "matmul_tanh"
            else ""
        )
        src = f"""func.func @main(%a: {a}, %b: {b}) -> {dyn} {{
{head}  %m = tensor.dim %a, %c0 : {a}
  %e = tensor.empty(%m) : {dyn}
  %z = linalg.fill ins(%zero : f32) outs(%e : {dyn}) -> {dyn}
  %r = linalg.matmul ins(%a, %b : {a}, {b}) outs(%z : {dyn}) -> {dyn}
{tanh}  return {"%t" if tanh else "%r"} : {dyn}
}}
"""
        inputs: tuple[str, ...] = (_spec((rows, inner), "f32"), _spec((inner, cols), "f32"))
        return Benchmark(f"dynamic_{kind}_{rows}x{inner}x{cols}", src, inputs)
    if kind == "elementwise":
        src = f"""func.func @main(%a: {dyn}, %b: {dyn}) -> {dyn} {{
{head}  %m = tensor.dim %a, %c0 : {dyn}
  %e = tensor.empty(%m) : {dyn}
  %r = linalg.generic {{indexing_maps = [{m2}, {m2}, {m2}], iterator_types = ["parallel", "parallel"]}}
      ins(%a, %b : {dyn}, {dyn}) outs(%e : {dyn}) {{
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }} -> {dyn}
  return %r : {dyn}
}}
"""
        return Benchmark(f"dynamic_elementwise_{rows}x{cols}", src, (_spec((rows, cols), "f32"),) * 2)
    out = "tensor<?xf32>"
    src = f"""func.func @main(%a: {dyn}) -> {out} {{
{head}  %m = tensor.dim %a, %c0 : {dyn}
  %e = tensor.empty(%m) : {out}
  %z = linalg.fill ins(%zero : f32) outs(%e : {out}) -> {out}
  %r = linalg.generic {{indexing_maps = [{m2}, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}} ins(%a : {dyn}) outs(%z : {out}) {{
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %x, %acc : f32
    linalg.yield %s : f32
  }} -> {out}
  return %r : {out}
}}
"""
    return Benchmark(f"dynamic_reduction_{rows}x{cols}", src, (_spec((rows, cols), "f32"),))


def attention(batch: int, m: int, k1: int, k2: int, n: int) -> Benchmark:
    """``softmax(q @ k^T * 0.125) @ v`` as IREE's fused ``iree_linalg_ext.attention`` (what torch's
    scaled_dot_product_attention becomes): ``q`` is ``batch x m x k1``, ``k`` ``batch x k2 x k1``,
    ``v`` ``batch x k2 x n``. IREE's CPU code for it runs far slower per flop than a matmul's."""
    q, k, v = _t((batch, m, k1), "f32"), _t((batch, k2, k1), "f32"), _t((batch, k2, n), "f32")
    o = _t((batch, m, n), "f32")
    maps = ", ".join(
        f"affine_map<(b, m, n, k1, k2) -> ({r})>"
        for r in ("b, m, k1", "b, k2, k1", "b, k2, n", "", "b, m, n")
    )
    src = f"""func.func @main(%q: {q}, %k: {k}, %v: {v}) -> {o} {{
  %scale = arith.constant 0.125 : f32
  %e = tensor.empty() : {o}
  %r = iree_linalg_ext.attention <{{indexing_maps = [{maps}]}}>
      ins(%q, %k, %v, %scale : {q}, {k}, {v}, f32) outs(%e : {o}) {{
  ^bb0(%s: f32):
    iree_linalg_ext.yield %s : f32
  }} -> {o}
  return %r : {o}
}}
"""
    inputs = (_spec((batch, m, k1), "f32"), _spec((batch, k2, k1), "f32"), _spec((batch, k2, n), "f32"))
    return Benchmark(f"attention_{batch}x{m}x{k1}x{k2}x{n}", src, inputs)


def training_suite(device: str | None = None) -> list[Benchmark]:
    """The programs the dispatch model is fitted on (those for ``device`` when given: a program may be
    limited to some HAL devices, :attr:`Benchmark.devices`)."""
    from simulator.calibration.suite_conv import channels_first_pools, window_suite
    from simulator.calibration.suite_host import chain, device_loop, host_loop, host_suite
    from simulator.calibration.suite_lowp import lowp_suite
    from simulator.calibration.suite_ragged import ragged_suite
    from simulator.calibration.suite_tiled import padded_tiled_suite, tiled_suite
    from simulator.calibration.suite_tiny import tiny_suite

    out = [
        matmul(16, 64, 64),
        matmul(64, 64, 64),
        matmul(128, 128, 128),
        matmul(256, 256, 256),
        matmul(32, 512, 128),
        matmul(8, 1024, 256),
        matmul(384, 128, 384),
        matmul(64, 256, 64, "i8", "i32"),
        matmul(128, 128, 128, "f16"),
        batch_matmul(4, 64, 64, 64),
        batch_matmul(8, 32, 128, 32),
        elementwise(64, 64),
        elementwise(256, 1024),
        elementwise(1024, 1024),
        elementwise(128, 256, heavy=True),
        elementwise(512, 1024, heavy=True),
        elementwise(512, 512, "f16"),
        reduction(64, 256),
        reduction(512, 2048),
        softmax(64, 128),
        softmax(256, 1024),
        transpose(256, 256),
        transpose(1024, 512),
        conv2d(16, 4, 8),
        conv2d(32, 16, 32),
        conv2d(64, 8, 16),
        # Launch-bound sizes (a few hundred ns to a few us, as most fixtures' dispatches are), so that
        # each class's fixed cost per dispatch is measured rather than extrapolated from large ones.
        matmul(2, 16, 8),
        matmul(8, 32, 32),
        matmul(16, 64, 32, "i8", "i32"),
        batch_matmul(2, 8, 16, 8),
        elementwise(4, 16),
        elementwise(16, 64, heavy=True),
        # The smallest dispatches (one element, a row of 8): the model's floor is the fastest dispatch
        # measured, and the frontends' programs run hundreds of one-workgroup dispatches of a few elements.
        elementwise(1, 1),
        elementwise(1, 8),
        reduction(2, 16),
        reduction(8, 128),
        softmax(2, 16),
        softmax(16, 64),
        # Rows not a multiple of IREE's vector tile (4): the frontends' masked attention over 5-7 keys.
        softmax(24, 5),
        softmax(16, 6),
        softmax(32, 7),
        transpose(16, 32),
        conv2d(6, 3, 8),
        conv2d(10, 8, 16),
        # Several dispatches recorded into one execute region (the per-command and the per-submission
        # costs apart: every program above records one dispatch per submission).
        mlp(2, (16, 32, 16)),
        mlp(8, (32, 64, 64, 32)),
        # Host-side costs: a loop of tiny dispatches, one submission and wait per iteration.
        host_loop(4),
        host_loop(32),
        # Loops on a value read back from the device: a wait and a read-back per trip.
        device_loop(4),
        device_loop(16),
        # Many commands per submission, few arguments (as the frontends' programs).
        chain(8),
        chain(24),
        # Each math function alone.
        *(elementwise_math(f, 32, 64) for f in MATH_FUNCTIONS),
        # ... and fused into a matmul's epilogue or a reduction.
        fused_math("matmul", 16, 64, "tanh"),
        fused_math("reduction", 16, 64, "exp"),
        # Reductions that reuse their inputs, fused epilogues of plain arithmetic, decomposed softmax.
        generic_contraction(16, 16, 64),
        generic_contraction(32, 32, 128),
        matmul_epilogue(16, 64, 64, 8),
        matmul_epilogue(8, 32, 128, 4),
        max_exp(16, 64),
        max_exp(8, 256),
        # Shapes IREE does not know when it compiles (frontends' batch dimensions).
        dynamic("matmul", 16, 64),
        dynamic("matmul", 4, 16, 8),
        dynamic("matmul", 64, 128, 64),
        dynamic("matmul_tanh", 16, 64),
        dynamic("matmul_tanh", 64, 32, 64),
        dynamic("elementwise", 16, 64),
        dynamic("elementwise", 256, 256),
        dynamic("reduction", 64, 256),
        dynamic("reduction", 5, 16),
        # IREE's fused attention (torch's scaled_dot_product_attention).
        attention(2, 8, 16, 8, 16),
        attention(4, 32, 32, 32, 32),
        attention(1, 16, 32, 16, 32),
        # Winograd's convolutions and data-tiled matmuls (simulator.calibration.suite_tiled).
        *tiled_suite(),
    ]
    # Copies and fills recorded together, and scans (simulator.calibration.suite_host); pooling and
    # grouped convolutions, which IREE names conv (simulator.calibration.suite_conv); f16, bf16 and int8
    # convolutions and contractions (simulator.calibration.suite_lowp); maps ending each row in a partial
    # vector (simulator.calibration.suite_ragged).
    every = out + host_suite() + window_suite() + channels_first_pools() + lowp_suite() + ragged_suite()
    every += padded_tiled_suite()
    # Many tiny dispatches of one class in one call, as most of the fixtures' (local-task's suite:
    # simulator.calibration.suite_tiny).
    every += tiny_suite()
    return [b for b in every if device is None or not b.devices or device in b.devices]


def holdout_suite() -> list[Benchmark]:
    """Composite programs never fitted on: the prediction error on them is the honest figure."""
    return [
        mlp(16, (128, 256, 128)),
        mlp(64, (256, 512, 256, 64)),
        matmul(96, 192, 160),
        softmax(128, 512),
        elementwise(384, 768, heavy=True),
        conv2d(24, 8, 24),
    ]
