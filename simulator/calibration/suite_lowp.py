"""Microbenchmarks of low-precision convolutions and contractions: f16, bf16 and int8, as the frontends'
mixed-precision programs have them (flax's f16 convolutions, JAX's bf16 and int8 ones, ONNX's quantized
convolutions and matmuls).

IREE names them as their f32 counterparts with the element types at the end (``conv_..._f16``,
``conv_..._i8xi8xi32``), and the fitted model gives each its own class (:func:`simulator.costs.op_class`:
``conv.f16``, ``conv.bf16``, ``conv.i8``, ``matmul.bf16``, ``reduction.f16``), but their speed per
operation is nothing like the f32 one's on a CPU: on an x86 host IREE 3.13 runs f16 arithmetic tens of
times slower per flop than f32 (a 128-cube f16 matmul takes 50 ms, the f32 one 0.2), bf16 and int8 at
other rates again. Without these programs the model prices them as f32 ones (the frontend fixtures'
f16, bf16 and int8 convolutions were predicted 15-88% short). The shapes are not those of any fixture.
"""

from __future__ import annotations

from simulator.calibration.suite import Benchmark, _spec, _t, conv2d, elementwise, matmul, reduction


def convert(rows: int, cols: int, source: str, target: str) -> Benchmark:
    """``rows x cols`` elements converted from float type ``source`` to ``target`` (an ``arith.extf``
    or ``arith.truncf`` in a ``linalg.generic``), as the frontends' mixed-precision programs cast their
    activations: on a CPU without native f16/bf16 arithmetic each conversion is a software routine."""
    widths = {"bf16": 16, "f16": 16, "f32": 32}
    if source not in widths or target not in widths or widths[source] == widths[target]:
        raise ValueError(f"convert: need one 16-bit and one 32-bit float type, got {source!r} and {target!r}")
    op = "arith.extf" if widths[target] > widths[source] else "arith.truncf"
    a, o = _t((rows, cols), source), _t((rows, cols), target)
    m = "affine_map<(i, j) -> (i, j)>"
    src = f"""func.func @main(%a: {a}) -> {o} {{
  %e = tensor.empty() : {o}
  %r = linalg.generic {{indexing_maps = [{m}, {m}], iterator_types = ["parallel", "parallel"]}}
      ins(%a : {a}) outs(%e : {o}) {{
  ^bb0(%x: {source}, %y: {target}):
    %c = {op} %x : {source} to {target}
    linalg.yield %c : {target}
  }} -> {o}
  return %r : {o}
}}
"""
    return Benchmark(f"convert_{rows}x{cols}_{source}_to_{target}", src, (_spec((rows, cols), source),))


def polynomial(rows: int, cols: int, et: str, ops: int) -> Benchmark:
    """``ops`` multiplies and adds in turn (Horner's rule: ``((x * x + x) * x + x) ...``) over
    ``rows x cols`` elements of float type ``et``, as the frontends' f16 and bf16 programs evaluate
    GELU's polynomial: on a CPU without native 16-bit float arithmetic each op is a software routine
    (operands widened, result narrowed: :func:`simulator.costs.soft_arithmetic`)."""
    if ops < 1:
        raise ValueError(f"polynomial: need at least one op, got {ops}")
    t = _t((rows, cols), et)
    m = "affine_map<(i, j) -> (i, j)>"
    lines, cur = [], "%x"
    for i in range(ops):
        op = "arith.mulf" if i % 2 == 0 else "arith.addf"
        lines.append(f"%v{i} = {op} {cur}, %x : {et}")
        cur = f"%v{i}"
    body = "\n    ".join(lines)
    src = f"""func.func @main(%a: {t}) -> {t} {{
  %e = tensor.empty() : {t}
  %r = linalg.generic {{indexing_maps = [{m}, {m}], iterator_types = ["parallel", "parallel"]}}
      ins(%a : {t}) outs(%e : {t}) {{
  ^bb0(%x: {et}, %o: {et}):
    {body}
    linalg.yield {cur} : {et}
  }} -> {t}
  return %r : {t}
}}
"""
    return Benchmark(f"polynomial{ops}_{rows}x{cols}_{et}", src, (_spec((rows, cols), et),))


#: (source, target) of the suite's conversions.
CONVERSIONS = (("f32", "f16"), ("f16", "f32"), ("f32", "bf16"), ("bf16", "f32"))


def lowp_suite() -> list[Benchmark]:
    """The low-precision programs of the training suite: each class at a launch-bound size and at one
    a few tens of microseconds to a millisecond long."""
    return [
        conv2d(6, 3, 4, et="f16"),
        conv2d(9, 4, 8, et="f16"),
        conv2d(8, 4, 5, et="bf16"),
        conv2d(18, 8, 16, et="bf16"),
        conv2d(8, 4, 6, et="i8", acc="i32"),
        conv2d(16, 8, 16, et="i8", acc="i32"),
        matmul(4, 16, 16, "f16"),
        matmul(16, 64, 32, "bf16"),
        matmul(64, 128, 64, "bf16"),
        reduction(8, 64, "f16"),
        reduction(32, 256, "f16"),
        # Conversions to and from the 16-bit floats (each priced by simulator.costs.conversion).
        *(convert(r, c, a, b) for a, b in CONVERSIONS for r, c in ((16, 64), (128, 256))),
        # Arithmetic on 16-bit floats (each op priced by simulator.costs.soft_arithmetic).
        polynomial(16, 64, "f16", 2),
        polynomial(32, 64, "f16", 8),
        polynomial(64, 128, "f16", 4),
        polynomial(32, 64, "bf16", 8),
        polynomial(64, 128, "bf16", 2),
        # A math function on a 16-bit float (tanh.f16: IREE expands its polynomial in that type).
        elementwise(16, 64, "f16", heavy=True),
        elementwise(64, 64, "f16", heavy=True),
        elementwise(32, 64, "bf16", heavy=True),
    ]
