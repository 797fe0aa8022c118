"""Microbenchmarks of tiny dispatches: many launch-bound dispatches of one class recorded in one call.

Most of the fixtures' dispatches do almost nothing: on the AMD host of ``benchmarks/data/amd`` (six runs
merged) 930 of the 1,231 fixture dispatches take under 100 ns on local-task, 40 ns at the median (IREE's
profile times them on a 10 ns grid): one-workgroup maps and reductions over a few ``i32`` or ``f32``
elements (the frontends' loop counters and masks), 0-d maps, copies of a block into a wider tensor
(``slow_memcpy``, as concatenations), small transposes and one-workgroup matmuls. local-task's suite has
3 dispatches under 50 ns, so the held-out fit prices the fixtures' tiny ones from the line through larger
ones: 46 ns for ``elementwise.i32`` (+20% at the median over 328 of them), 54-57 ns for the reductions
(``reduction.i32`` +80% over 126).

Each program here records ``n`` dispatches of one class at a few elements each into one execute, so
that one profile sees ``n`` of them: the fit gets ``n`` samples of the class's fixed cost a program. The
dispatches stay apart because IREE fuses none of them into another: the maps, reductions, copies and
transposes are independent (each reads the argument, each result is returned; dependent maps fuse, even
with every result returned), and dependent matmuls do not fuse. The shapes are near the fixtures'
smallest but not theirs. Under load (2-3 rounds at load 4-11) their dispatches took 40-130 ns. Not here:
a strided column's copy is not the fixtures' kind (8 columns of 6 rows took
69-70 ns each, 8 blocks of 4 x 6 stored side by side 29-40), and a small softmax is not tiny
(``softmax_2x12`` took 0.8-1.2 us, as the fixtures' ``softmax_2x5`` does; the suite has such sizes).
Measured quietly (``benchmarks/data/amd/tiny``, 48 rounds) each program's dispatches took 29-60 ns at the
median of their minima (29-80 in all).

They are in the suite for their dispatches alone (``fixed_costs=False``): each returns its ``n`` results
(one allocation, ``n`` exports), a pattern of host work no fixture has, and with their calls in the fit of
the fixed costs the held-out local-task fixtures within 15% fell from 49/64 to 24/64 (``dispatch_cost_ns``
pulled down); with their dispatches alone the fixtures' per-dispatch error fell from 24.3% to 16.7%
(pooled) at 49/64.
"""

from __future__ import annotations

from simulator.calibration.suite import Benchmark, _spec, _t
from simulator.calibration.suite_host import chain_source

#: The HAL devices whose suites have these programs: local-task's only. On local-sync the per-dispatch
#: error meets the goal already (11.6% pooled, 10.7% the programs' medians, six AMD runs merged) and its
#: suite has tiny dispatches of its own (while_scan's maps and copies at 40 ns, 20 a program), which
#: local-task's lacks; a program also enters a fit only measured as often as the others, a second
#: measurement budget on local-sync for evidence it does not miss.
DEVICES = ("local-task",)


def _map1(rank: int) -> str:
    dims = ", ".join(f"d{i}" for i in range(rank))
    return f"affine_map<({dims}) -> ({dims})>"


def _literal(value: int, et: str) -> str:
    """``value`` as an MLIR constant of element type ``et`` (``3``, ``3.0``)."""
    return str(value) if et.startswith("i") else f"{value}.0"


def _main(arg: str, lines: list[str], names: list[str], types: list[str]) -> str:
    """``func.func @main(%a: arg)`` of ``lines``, returning ``names`` of ``types``."""
    result = ", ".join(types)
    return f"func.func @main(%a: {arg}) -> ({result}) {{\n" + "\n".join(lines) + f"\n  return {', '.join(names)} : {result}\n}}\n"


def tiny_maps(n: int, elements: int, et: str = "i32") -> Benchmark:
    """``n`` independent maps ``a * 3 + k`` over ``elements`` of ``et`` (``elements`` 1: a 0-d tensor,
    which IREE names a bare ``elementwise``), one constant ``k`` each, each returned. (Dependent maps
    fuse: IREE made 4 dispatches of a chain of 16 whose every result was returned, 1 of 0-d ones.)"""
    shape: tuple[int, ...] = (elements,) if elements > 1 else ()
    t = _t(shape, et)
    rank = len(shape)
    m = _map1(rank)
    iters = ", ".join(['"parallel"'] * rank)
    mul, add = ("arith.muli", "arith.addi") if et.startswith("i") else ("arith.mulf", "arith.addf")
    lines = [f"  %three = arith.constant {_literal(3, et)} : {et}", f"  %e = tensor.empty() : {t}"]
    names = []
    for i in range(n):
        lines += [
            f"  %k{i} = arith.constant {_literal(i + 1, et)} : {et}",
            f"  %y{i} = linalg.generic {{indexing_maps = [{m}, {m}], iterator_types = [{iters}]}}"
            f" ins(%a : {t}) outs(%e : {t}) {{",
            f"  ^bb0(%x: {et}, %o: {et}):",
            f"    %p = {mul} %x, %three : {et}",
            f"    %s = {add} %p, %k{i} : {et}",
            f"    linalg.yield %s : {et}",
            f"  }} -> {t}",
        ]
        names.append(f"%y{i}")
    src = _main(t, lines, names, [t] * n)
    size = "x".join(str(d) for d in shape) or "1"
    return Benchmark(f"tiny_maps_{n}x{size}_{et}", src, (_spec(shape, et),), DEVICES, fixed_costs=False)


def _reductions(
    n: int, elements: int, et: str, acc: str, init: tuple[str, str], k: str, ops: tuple[str, str]
) -> str:
    """``@main(%a)`` with ``n`` independent reductions over ``elements`` of ``et`` into a 0-d ``acc`` (started
    at ``init``: the name and value of an ``arith.constant``), each returned: element ``%x`` and the accumulator ``%acc`` combined by the two
    ``ops`` (their ``{i}``: the reduction's index), the second's result yielded; ``k``: the ``i``-th one's
    constant ``%k{i}`` (its ``{i}`` and ``{i1}``: ``i`` and ``i + 1``)."""
    t, z = _t((elements,), et), f"tensor<{acc}>"
    start, value = init
    lines = [f"  {start} = arith.constant {value}", f"  %e = tensor.empty() : {z}"]
    lines.append(f"  %z = linalg.fill ins({start} : {acc}) outs(%e : {z}) -> {z}")
    names = []
    for i in range(n):
        lines += [
            f"  %k{i} = arith.constant {k.format(i=i, i1=i + 1)} : {et}",
            f"  %r{i} = linalg.generic {{indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>],"
            f' iterator_types = ["reduction"]}} ins(%a : {t}) outs(%z : {z}) {{',
            f"  ^bb0(%x: {et}, %acc: {acc}):",
            *(f"    {op.format(i=i)}" for op in ops),
            f"    linalg.yield {ops[1].split()[0]} : {acc}",
            f"  }} -> {z}",
        ]
        names.append(f"%r{i}")
    return _main(t, lines, names, [z] * n)


def tiny_any(n: int, elements: int) -> Benchmark:
    """``n`` independent reductions ``any(a > k)`` over ``elements`` i32 into an ``i1`` (IREE names them
    ``reduction_<elements>_i32xi1``, the frontends' loop conditions), each returned."""
    ops = ("%c = arith.cmpi sgt, %x, %k{i} : i32", "%o = arith.ori %c, %acc : i1")
    src = _reductions(n, elements, "i32", "i1", ("%false", "false"), "{i}", ops)
    return Benchmark(f"tiny_any_{n}x{elements}_i32", src, (_spec((elements,), "i32"),), DEVICES, fixed_costs=False)


def tiny_sums(n: int, elements: int) -> Benchmark:
    """``n`` independent sums of ``a * k`` over ``elements`` f32 into a scalar, each returned."""
    ops = ("%p = arith.mulf %x, %k{i} : f32", "%s = arith.addf %p, %acc : f32")
    src = _reductions(n, elements, "f32", "f32", ("%zero", "0.0 : f32"), "{i1}.0", ops)
    return Benchmark(f"tiny_sums_{n}x{elements}_f32", src, (_spec((elements,), "f32"),), DEVICES, fixed_costs=False)


def tiny_concat(n: int, rows: int, cols: int) -> Benchmark:
    """``n`` copies of a ``rows x cols`` f32 argument side by side (a ``tensor.concat`` along the columns:
    IREE stores each block with a strided ``slow_memcpy`` dispatch, as the frontends' concatenations of
    gates and heads)."""
    a, out = _t((rows, cols), "f32"), _t((rows, n * cols), "f32")
    src = f"""func.func @main(%a: {a}) -> {out} {{
  %r = tensor.concat dim(1) {", ".join(["%a"] * n)} : ({", ".join([a] * n)}) -> {out}
  return %r : {out}
}}
"""
    return Benchmark(f"tiny_concat_{n}x{rows}x{cols}", src, (_spec((rows, cols), "f32"),), DEVICES, fixed_costs=False)


def tiny_transposes(shape: tuple[int, ...], perms: tuple[tuple[int, ...], ...]) -> Benchmark:
    """The argument of ``shape`` (f32) transposed by each of ``perms``, independently, each returned."""
    a = _t(shape, "f32")
    lines: list[str] = []
    names: list[str] = []
    types: list[str] = []
    for i, perm in enumerate(perms):
        t = _t(tuple(shape[p] for p in perm), "f32")
        lines += [
            f"  %e{i} = tensor.empty() : {t}",
            f"  %t{i} = linalg.transpose ins(%a : {a}) outs(%e{i} : {t}) permutation = [{', '.join(map(str, perm))}]",
        ]
        names.append(f"%t{i}")
        types.append(t)
    src = _main(a, lines, names, types)
    size = "x".join(map(str, shape))
    return Benchmark(f"tiny_transposes_{len(perms)}x{size}", src, (_spec(shape, "f32"),), DEVICES, fixed_costs=False)


def tiny_matmuls(n: int, m: int, k: int) -> Benchmark:
    """``n`` dependent one-workgroup matmuls ``x @ w @ w ...`` (``m x k`` by ``k x k``, f32)."""
    # splat 0.5 grows by k/2 a matmul: 4**16 stays far within f32
    return Benchmark(f"tiny_matmuls_{n}x{m}x{k}x{k}", chain_source(n, m, k), (_spec((m, k), "f32"), _spec((k, k), "f32")), DEVICES, fixed_costs=False)


def tiny_suite() -> list[Benchmark]:
    """The tiny-dispatch programs of the training suite (local-task's: :data:`DEVICES`)."""
    return [
        tiny_maps(16, 10, "i32"),
        tiny_maps(16, 40, "i32"),
        tiny_maps(16, 1, "f32"),
        tiny_maps(16, 20, "f32"),
        tiny_any(16, 10),
        tiny_sums(16, 3),
        tiny_sums(16, 24),
        tiny_concat(8, 4, 6),
        tiny_concat(16, 5, 6),
        tiny_transposes((2, 3, 4), ((1, 0, 2), (2, 1, 0), (0, 2, 1), (1, 2, 0), (2, 0, 1))),
        tiny_transposes(
            (2, 3, 2, 4),
            ((1, 0, 2, 3), (0, 2, 1, 3), (3, 2, 1, 0), (2, 3, 0, 1), (1, 3, 0, 2), (0, 3, 2, 1), (3, 0, 1, 2), (2, 1, 3, 0)),
        ),
        tiny_matmuls(16, 3, 8),
    ]
