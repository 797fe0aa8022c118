"""``iree_linalg_ext`` sort, topk, scan, scatter and gather in the dispatch interpreter, against IREE's
scalar semantics written out in numpy. (The frontend fixtures check sort, topk, scan and scatter against
IREE's runtime output as well.)"""

from __future__ import annotations

import pathlib
import subprocess
import sys

import numpy as np
import pytest

from tests.conftest import require_iree
from tests.simulator.dispatch.mlir_text import ret, run


def t(shape: tuple[int, ...], el: str = "f32") -> str:
    return f"tensor<{'x'.join(map(str, shape))}x{el}>" if shape else f"tensor<{el}>"


def region(args: list[str], body: list[str], result: tuple[str, str]) -> str:
    lines = "\n".join(f"      {line}" for line in body)
    bargs = ", ".join(f"%b{i}: {a}" for i, a in enumerate(args))
    return (
        f"({{\n    ^bb0({bargs}):\n{lines}\n"
        f'      "iree_linalg_ext.yield"({result[0]}) : ({result[1]}) -> ()\n    }})'
    )


GT = ['%c = "arith.cmpf"(%b0, %b1) <{predicate = 2 : i64}> : (f32, f32) -> i1']
GE = ['%c = "arith.cmpf"(%b0, %b1) <{predicate = 3 : i64}> : (f32, f32) -> i1']
# The same order written so that no fast path recognises it: -a < -b.
GT_GENERAL = [
    '%n0 = "arith.negf"(%b0) : (f32) -> f32',
    '%n1 = "arith.negf"(%b1) : (f32) -> f32',
    '%c = "arith.cmpf"(%n0, %n1) <{predicate = 4 : i64}> : (f32, f32) -> i1',
]


def _sort_program(cmp: list[str], ty_k: str, ty_p: str, el_k: str = "f32", el_p: str = "i32") -> str:
    sort = (
        '    %r:2 = "iree_linalg_ext.sort"(%a0, %a1) <{dimension = 1 : i64, operandSegmentSizes = array<i32: 0, 2>}> '
        + region([el_k, el_k, el_p, el_p], cmp, ("%c", "i1"))
        + f" : ({ty_k}, {ty_p}) -> ({ty_k}, {ty_p})"
    )
    return sort + "\n" + ret([("%r#0", ty_k), ("%r#1", ty_p)])


@pytest.mark.parametrize("cmp", [GT, GT_GENERAL], ids=["fast", "general"])
def test_linalg_ext_sort_strict_comparator_swaps_ties_as_iree_does(cmp: list[str]) -> None:
    """IREE's sort is ``n`` bubble sweeps that swap neighbours unless the comparator holds: equal keys
    under a strict ``ogt`` are swapped whenever they meet (iree-run-module gives these orders)."""
    keys = np.array([[3, 1, 3, 2, 1, 5], [0, 0, 1, 0, 2, 2]], np.float32)
    payload = np.tile(np.arange(6, dtype=np.int32), (2, 1))
    ty_k, ty_p = t((2, 6)), t((2, 6), "i32")
    got = run([ty_k, ty_p], [ty_k, ty_p], _sort_program(cmp, ty_k, ty_p), keys, payload)
    order = np.array([[5, 2, 0, 3, 1, 4], [4, 5, 2, 0, 1, 3]])
    np.testing.assert_array_equal(got[0], np.take_along_axis(keys, order, 1))
    np.testing.assert_array_equal(got[1], order)


@pytest.mark.parametrize("cmp", [GT, GT_GENERAL, GE], ids=["strict", "general", "non-strict"])
def test_linalg_ext_sort_ties_match_iree_runtime(cmp: list[str], tmp_path: pathlib.Path) -> None:
    """Sorts with many equal keys (and a NaN, for the general comparator), against IREE's llvm-cpu code."""
    require_iree()
    rng = np.random.default_rng(0)
    keys = rng.integers(0, 4, (3, 9)).astype(np.float32)
    if cmp is GT_GENERAL:
        keys[1, 4] = np.nan
    payload = np.tile(np.arange(9, dtype=np.int32), (3, 1))
    ty_k, ty_p = t((3, 9)), t((3, 9), "i32")
    body = _sort_program(cmp, ty_k, ty_p)
    ours = run([ty_k, ty_p], [ty_k, ty_p], body, keys, payload)
    params = ", ".join(f"%a{i}: {ty}" for i, ty in enumerate((ty_k, ty_p)))
    source = tmp_path / "sort.mlir"
    source.write_text(
        '"builtin.module"() ({\n'
        f'  "func.func"() <{{function_type = ({ty_k}, {ty_p}) -> ({ty_k}, {ty_p}), sym_name = "f"}}> ({{\n'
        f"  ^bb0({params}):\n{body}\n  }}) : () -> ()\n}}) : () -> ()\n"
    )
    vmfb = tmp_path / "sort.vmfb"
    compiler = pathlib.Path(sys.executable).parent / "iree-compile"
    subprocess.run(
        [str(compiler), str(source), "--iree-hal-target-device=local",
         "--iree-hal-local-target-device-backends=llvm-cpu", "--iree-llvmcpu-target-cpu=generic",
         "-o", str(vmfb)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    import iree.runtime as rt

    ctx = rt.SystemContext(config=rt.Config("local-sync"))
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb.read_bytes()))
    want = [np.asarray(x) for x in ctx.modules.module.f(keys, payload)]
    np.testing.assert_array_equal(ours[1], want[1])
    np.testing.assert_array_equal(ours[0], want[0])


@pytest.mark.parametrize("cmp", [GT, GT_GENERAL], ids=["fast", "general"])
def test_linalg_ext_topk_keeps_the_lower_index_among_equals(cmp: list[str]) -> None:
    x = np.array([[1, 7, 3, 7, 2, 7], [4, 4, 4, 4, 4, 4]], np.float32)
    tx, tv, ti = t((2, 6)), t((2, 3)), t((2, 3), "i32")
    topk = (
        '    %r:2 = "iree_linalg_ext.topk"(%a0, %a1, %a2) <{dimension = 1 : i64}> '
        + region(["f32", "f32"], cmp, ("%c", "i1"))
        + f" : ({tx}, {tv}, {ti}) -> ({tv}, {ti})"
    )
    init_v = np.full((2, 3), -np.inf, np.float32)
    init_i = np.zeros((2, 3), np.int32)
    got = run([tx, tv, ti], [tv, ti], topk + "\n" + ret([("%r#0", tv), ("%r#1", ti)]), x, init_v, init_i)
    np.testing.assert_array_equal(got[0], [[7, 7, 7], [4, 4, 4]])
    np.testing.assert_array_equal(got[1], [[1, 3, 5], [0, 1, 2]])


@pytest.mark.parametrize("inclusive", [True, False])
def test_linalg_ext_scan_inclusive_and_exclusive(inclusive: bool) -> None:
    x = np.arange(1, 13, dtype=np.float32).reshape(3, 4)
    acc0 = np.full(3, 10, np.float32)
    tx, ta = t((3, 4)), t((3,))
    add = ['%s = "arith.addf"(%b0, %b1) : (f32, f32) -> f32']
    scan = (
        f'    %r:2 = "iree_linalg_ext.scan"(%a0, %a1, %a2) <{{dimension = 1 : i64, inclusive = {str(inclusive).lower()}}}> '
        + region(["f32", "f32"], add, ("%s", "f32"))
        + f" : ({tx}, {tx}, {ta}) -> ({tx}, {ta})"
    )
    got = run(
        [tx, tx, ta], [tx, ta], scan + "\n" + ret([("%r#0", tx), ("%r#1", ta)]), x, np.zeros_like(x), acc0
    )
    if inclusive:
        want = np.cumsum(x, axis=1)
    else:  # out[0] = acc, out[i] = out[i-1] + x[i-1]
        want = acc0[:, None] + np.concatenate([np.zeros((3, 1), np.float32), np.cumsum(x, axis=1)[:, :-1]], 1)
    np.testing.assert_array_equal(got[0], want)
    np.testing.assert_array_equal(got[1], want[:, -1])


def test_linalg_ext_scatter_two_index_dims_accumulates_repeats() -> None:
    updates = np.arange(1, 6, dtype=np.float32)
    indices = np.array([[0, 1], [2, 3], [0, 1], [1, 0], [2, 3]], np.int32)
    original = np.ones((3, 4), np.float32)
    tu, ti, to = t((5,)), t((5, 2), "i32"), t((3, 4))
    add = ['%s = "arith.addf"(%b1, %b0) : (f32, f32) -> f32']
    scatter = (
        '    %r = "iree_linalg_ext.scatter"(%a0, %a1, %a2) <{dimension_map = array<i64: 0, 1>, unique_indices = false}> '
        + region(["f32", "f32"], add, ("%s", "f32"))
        + f" : ({tu}, {ti}, {to}) -> {to}"
    )
    got = run([tu, ti, to], [to], scatter + "\n" + ret([("%r", to)]), updates, indices, original)
    want = original.copy()
    np.add.at(want, (indices[:, 0], indices[:, 1]), updates)
    np.testing.assert_array_equal(got[0], want)


def test_linalg_ext_scatter_of_rows_replaces_in_order() -> None:
    updates = np.arange(6, dtype=np.float32).reshape(3, 2)
    indices = np.array([2, 0, 2], np.int32)
    tu, ti, to = t((3, 2)), t((3,), "i32"), t((4, 2))
    scatter = (
        '    %r = "iree_linalg_ext.scatter"(%a0, %a1, %a2) <{dimension_map = array<i64: 0>, unique_indices = false}> '
        + region(["f32", "f32"], [], ("%b0", "f32"))
        + f" : ({tu}, {ti}, {to}) -> {to}"
    )
    got = run(
        [tu, ti, to], [to], scatter + "\n" + ret([("%r", to)]), updates, indices, np.zeros((4, 2), np.float32)
    )
    np.testing.assert_array_equal(got[0], [[2, 3], [0, 0], [4, 5], [0, 0]])


def test_linalg_ext_gather_rows() -> None:
    source = np.arange(12, dtype=np.float32).reshape(4, 3)
    indices = np.array([3, 1, 3], np.int32)
    ts, ti, to = t((4, 3)), t((3,), "i32"), t((3, 3))
    gather = (
        '    %r = "iree_linalg_ext.gather"(%a0, %a1, %a2) <{dimension_map = array<i64: 0>}> '
        + f": ({ts}, {ti}, {to}) -> {to}"
    )
    got = run(
        [ts, ti, to], [to], gather + "\n" + ret([("%r", to)]), source, indices, np.zeros((3, 3), np.float32)
    )
    np.testing.assert_array_equal(got[0], source[indices])


@pytest.mark.parametrize("cmp", [GT, GT_GENERAL], ids=["fast", "general"])
def test_linalg_ext_arg_compare_first_best_index_base_and_init(cmp: list[str]) -> None:
    x = np.array([[1, 7, 3, 7, 2], [-5, -4, -6, -4, -9]], np.float32)
    tx, tv, ti = t((2, 5)), t((2,)), t((2,), "i32")
    arg = (
        '    %r:2 = "iree_linalg_ext.arg_compare"(%a0, %a1, %a2, %a3) <{dimension = 1 : i64, '
        "operandSegmentSizes = array<i32: 1, 0, 1, 1, 1>}> "
        + region(["f32", "f32"], cmp, ("%c", "i1"))
        + f" : ({tx}, {tv}, {ti}, index) -> ({tv}, {ti})"
    )
    init_v = np.array([-np.inf, -1.0], np.float32)  # the second row's init beats every candidate
    init_i = np.array([-1, -1], np.int32)
    got = run(
        [tx, tv, ti, "index"], [tv, ti], arg + "\n" + ret([("%r#0", tv), ("%r#1", ti)]), x, init_v, init_i, 10
    )
    np.testing.assert_array_equal(got[0], [7, -1])
    np.testing.assert_array_equal(got[1], [11, -1])


GE_GENERAL = [
    '%n0 = "arith.negf"(%b0) : (f32) -> f32',
    '%n1 = "arith.negf"(%b1) : (f32) -> f32',
    '%c = "arith.cmpf"(%n0, %n1) <{predicate = 5 : i64}> : (f32, f32) -> i1',
]


@pytest.mark.parametrize("cmp", [GE, GE_GENERAL], ids=["fast", "general"])
def test_linalg_ext_sort_non_strict_comparator_keeps_ties_in_order(cmp: list[str]) -> None:
    """ONNX TopK lowers to a sort with ``oge``: IREE's bubble sort never swaps equal neighbours."""
    keys = np.array([[3, 1, 3, 2, 1, 5]], np.float32)
    payload = np.arange(6, dtype=np.int64)[None]
    ty_k, ty_p = t((1, 6)), t((1, 6), "i64")
    sort = (
        '    %r:2 = "iree_linalg_ext.sort"(%a0, %a1) <{dimension = 1 : i64, operandSegmentSizes = array<i32: 0, 2>}> '
        + region(["f32", "f32", "i64", "i64"], cmp, ("%c", "i1"))
        + f" : ({ty_k}, {ty_p}) -> ({ty_k}, {ty_p})"
    )
    got = run([ty_k, ty_p], [ty_k, ty_p], sort + "\n" + ret([("%r#0", ty_k), ("%r#1", ty_p)]), keys, payload)
    np.testing.assert_array_equal(got[1], [[5, 0, 2, 3, 1, 4]])


@pytest.mark.parametrize("cmp", [GE, GE_GENERAL], ids=["fast", "general"])
def test_linalg_ext_arg_compare_non_strict_takes_the_last_best(cmp: list[str]) -> None:
    x = np.array([[1, 7, 3, 7, 2]], np.float32)
    tx, tv, ti = t((1, 5)), t((1,)), t((1,), "i32")
    arg = (
        '    %r:2 = "iree_linalg_ext.arg_compare"(%a0, %a1, %a2) <{dimension = 1 : i64, '
        "operandSegmentSizes = array<i32: 1, 0, 1, 1, 0>}> "
        + region(["f32", "f32"], cmp, ("%c", "i1"))
        + f" : ({tx}, {tv}, {ti}) -> ({tv}, {ti})"
    )
    init = (np.array([-np.inf], np.float32), np.array([-1], np.int32))
    got = run([tx, tv, ti], [tv, ti], arg + "\n" + ret([("%r#0", tv), ("%r#1", ti)]), x, *init)
    np.testing.assert_array_equal(got[1], [3])


def _fft_stage(stage: int, coeffs: bool, re: np.ndarray, im: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    ty = t(re.shape)
    m = 1 << stage
    ins, types, args = ["%a0"], ["index"], [np.int64(stage)]
    if coeffs:
        w = np.exp(-2j * np.pi * np.arange(m // 2) / m)
        ins += ["%a1", "%a2"]
        types += [t((m // 2,))] * 2
        args += [w.real.astype(np.float32), w.imag.astype(np.float32)]
    n = len(args)
    body = (
        f'    %r:2 = "iree_linalg_ext.fft"({", ".join(ins)}, %a{n}, %a{n + 1}) '
        f"<{{operandSegmentSizes = array<i32: 1, {int(coeffs)}, {int(coeffs)}, 1, 1>}}> : "
        f"({', '.join(types)}, {ty}, {ty}) -> ({ty}, {ty})\n" + ret([("%r#0", ty), ("%r#1", ty)])
    )
    got = run([*types, ty, ty], [ty, ty], body, *args, re, im)
    return got[0], got[1]


@pytest.mark.parametrize("coeffs", [True, False], ids=["coefficients", "computed"])
def test_linalg_ext_fft_stages_of_a_bit_reversed_signal_give_the_dft(coeffs: bool) -> None:
    """StableHLO's fft is a bit-reversal gather then one ``iree_linalg_ext.fft`` per stage (jax_fft_stats
    checks it against IREE's runtime): the stages on the bit-reversed rows give numpy's DFT."""
    rng = np.random.default_rng(3)
    x = rng.standard_normal((3, 8)).astype(np.float32)
    rev = [int(f"{i:03b}"[::-1], 2) for i in range(8)]
    re, im = x[:, rev], np.zeros_like(x)
    for stage in (1, 2, 3):
        re, im = _fft_stage(stage, coeffs, re, im)
    assert re.dtype == im.dtype == np.float32
    want = np.fft.fft(x.astype(np.float64), axis=1)
    np.testing.assert_allclose(re, want.real, atol=1e-5)
    np.testing.assert_allclose(im, want.imag, atol=1e-5)
