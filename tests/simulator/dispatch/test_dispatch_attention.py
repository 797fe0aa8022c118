"""``iree_linalg_ext.attention`` and ``online_attention`` against IREE's own compiled code.

Each program below is compiled by iree-compile twice: to a vmfb, run by IREE's runtime (the expected
values), and to the stream cmd form, run by streamsim. The programs cover what the op's semantics hinge
on: the dim classes read from the indexing maps (multi-head, transposed K, permuted output), an i1 mask
(0 or -inf) and an additive float mask (scaled by log2(e) for the base-2 softmax), the score
modification region (a non-linear one, which sees the base-2 scaled scores, and one reading
``iree_linalg_ext.index``), f16 operands, and online_attention's unnormalised output with its running
max and sum. Two come from the torch frontend's form of ``F.scaled_dot_product_attention`` (causal and
not), which IREE lowers to ``iree_linalg_ext.attention`` with a mask computed in an initializer.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from simulator import Session, load_program
from simulator.cli import main
from tests.conftest import require_iree

MAPS5 = "affine_map<(d0, d1, d2, d3, d4) -> ({})>"
Q, K, V, S, OUT = (MAPS5.format(x) for x in ("d0, d1, d2", "d0, d3, d2", "d0, d3, d4", "", "d0, d1, d4"))
MASK = MAPS5.format("d0, d1, d3")
MAPS6 = "affine_map<(d0, d1, d2, d3, d4, d5) -> ({})>"


def _attention(name: str, maps: list[str], ins: list[tuple[str, str]], out: str, body: list[str]) -> str:
    args = ", ".join(f"%{n}: {t}" for n, t in ins if n != "scale")
    operands = ", ".join(f"%{n}" for n, _ in ins)
    types = ", ".join(t for _, t in ins)
    lines = "\n".join(f"      {b}" for b in body)
    return f"""
func.func @{name}({args}) -> {out} {{
  %scale = arith.constant 0.35 : f32
  %e = tensor.empty() : {out}
  %r = iree_linalg_ext.attention <{{indexing_maps = [{", ".join(maps)}]}}>
      ins({operands} : {types}) outs(%e : {out}) {{
    ^bb0(%s: f32):
{lines}
  }} -> {out}
  return %r : {out}
}}"""


T = "tensor<{}xf32>".format
YIELD = ["iree_linalg_ext.yield %s : f32"]
SOFTCAP = [
    "%c = arith.constant 3.0 : f32",
    "%a = arith.divf %s, %c : f32",
    "%t = math.tanh %a : f32",
    "%y = arith.mulf %t, %c : f32",
    "iree_linalg_ext.yield %y : f32",
]
CAUSAL_BY_INDEX = [
    "%im = iree_linalg_ext.index 1 : index",
    "%ik = iree_linalg_ext.index 2 : index",
    "%after = arith.cmpi ugt, %ik, %im : index",
    "%ninf = arith.constant 0xFF800000 : f32",
    "%y = arith.select %after, %ninf, %s : f32",
    "iree_linalg_ext.yield %y : f32",
]
QKV = [("q", T("2x4x8")), ("k", T("2x6x8")), ("v", T("2x6x5")), ("scale", "f32")]
# Multi-head: Q (b, h, m, k1), K transposed (b, h, k1, k2), V (b, h, k2, n), mask (m, k2) shared by the
# batch and heads, output (b, m, h, n).
MH_MAPS = [MAPS6.format(x) for x in ("d0, d1, d2, d3", "d0, d1, d3, d4", "d0, d1, d4, d5", "", "d2, d4")]
MH_MAPS.append(MAPS6.format("d0, d2, d1, d5"))
F16 = [("q", "tensor<2x4x8xf16>"), ("k", "tensor<2x6x8xf16>"), ("v", "tensor<2x6x5xf16>"), ("scale", "f32")]

PROGRAM = "\n".join(
    [
        _attention("plain", [Q, K, V, S, OUT], QKV, T("2x4x5"), YIELD),
        _attention(
            "bool_mask_softcap",
            [Q, K, V, S, MASK, OUT],
            [*QKV, ("mask", "tensor<2x4x6xi1>")],
            T("2x4x5"),
            SOFTCAP,
        ),
        _attention("index_causal", [Q, K, V, S, OUT], QKV, T("2x4x5"), CAUSAL_BY_INDEX),
        _attention(
            "multihead_float_mask",
            MH_MAPS,
            [
                ("q", T("2x3x4x8")),
                ("k", T("2x3x8x6")),
                ("v", T("2x3x6x5")),
                ("scale", "f32"),
                ("mask", T("4x6")),
            ],
            T("2x4x3x5"),
            YIELD,
        ),
        _attention("half", [Q, K, V, S, OUT], F16, "tensor<2x4x5xf16>", YIELD),
        """
func.func @online(%q: tensor<2x4x8xf32>, %k: tensor<2x6x8xf32>, %v: tensor<2x6x5xf32>)
    -> (tensor<2x4x5xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %scale = arith.constant 0.35 : f32
  %zero = arith.constant 0.0 : f32
  %low = arith.constant -3.0e+38 : f32
  %e = tensor.empty() : tensor<2x4x5xf32>
  %er = tensor.empty() : tensor<2x4xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
  %max = linalg.fill ins(%low : f32) outs(%er : tensor<2x4xf32>) -> tensor<2x4xf32>
  %sum = linalg.fill ins(%zero : f32) outs(%er : tensor<2x4xf32>) -> tensor<2x4xf32>
  %r:3 = iree_linalg_ext.online_attention <{indexing_maps = [
      affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2)>,
      affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> ()>,
      affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>,
      affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>]}>
      ins(%q, %k, %v, %scale : tensor<2x4x8xf32>, tensor<2x6x8xf32>, tensor<2x6x5xf32>, f32)
      outs(%acc, %max, %sum : tensor<2x4x5xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
    ^bb0(%s: f32):
      iree_linalg_ext.yield %s : f32
  } -> tensor<2x4x5xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  return %r#0, %r#1, %r#2 : tensor<2x4x5xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}""",
    ]
)

# The torch frontend's F.scaled_dot_product_attention(q, k, v, is_causal=...) (fx importer form).
TORCH_SDPA_FUNC = """
func.func @NAME(%q: !torch.vtensor<[1,2,8,16],f32>, %k: !torch.vtensor<[1,2,8,16],f32>,
                %v: !torch.vtensor<[1,2,8,16],f32>) -> !torch.vtensor<[1,2,8,16],f32> {
  %none = torch.constant.none
  %dropout = torch.constant.float 0.000000e+00
  %causal = torch.constant.bool CAUSAL
  %gqa = torch.constant.bool false
  %0 = torch.aten.scaled_dot_product_attention %q, %k, %v, %none, %dropout, %causal, %none, %gqa
      : !torch.vtensor<[1,2,8,16],f32>, !torch.vtensor<[1,2,8,16],f32>, !torch.vtensor<[1,2,8,16],f32>,
        !torch.none, !torch.float, !torch.bool, !torch.none, !torch.bool -> !torch.vtensor<[1,2,8,16],f32>
  return %0 : !torch.vtensor<[1,2,8,16],f32>
}"""
TORCH_SDPA = "\n".join(
    TORCH_SDPA_FUNC.replace("NAME", name).replace("CAUSAL", causal)
    for name, causal in (("full", "false"), ("causal", "true"))
)

FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=generic",
]


def _inputs(rng: np.random.Generator) -> dict[str, list[np.ndarray]]:
    f = lambda *s: rng.standard_normal(s).astype(np.float32)  # noqa: E731
    mask = rng.integers(0, 2, (2, 4, 6)).astype(bool)
    mask[..., 0] = True  # no row fully masked (IREE's result is then 0/0)
    float_mask = np.where(rng.random((4, 6)) < 0.3, -1e4, rng.standard_normal((4, 6))).astype(np.float32)
    qkv = [f(2, 4, 8), f(2, 6, 8), f(2, 6, 5)]
    return {
        "plain": qkv,
        "bool_mask_softcap": [*qkv, mask],
        "multihead_float_mask": [f(2, 3, 4, 8), f(2, 3, 8, 6), f(2, 3, 6, 5), float_mask],
        "half": [a.astype(np.float16) for a in qkv],
        "online": qkv,
    }


def _compile(source: pathlib.Path, out: pathlib.Path, *extra: str) -> None:
    compiler = pathlib.Path(sys.executable).parent / "iree-compile"
    r = subprocess.run(
        [str(compiler), str(source), *FLAGS, *extra, "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr[-3000:]


def _iree_and_ours(tmp_path: pathlib.Path, name: str, text: str) -> tuple[Any, Any]:
    require_iree()
    source = tmp_path / f"{name}.mlir"
    source.write_text(text)
    _compile(source, tmp_path / f"{name}.vmfb")
    _compile(source, tmp_path / f"{name}.stream.mlir", "--compile-to=stream")
    import iree.runtime as rt

    ctx = rt.SystemContext(config=rt.Config("local-sync"))
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, (tmp_path / f"{name}.vmfb").read_bytes()))
    return ctx.modules.module, load_program(tmp_path / f"{name}.stream.mlir")


def _close(got: Any, want: Any, what: str) -> None:
    got, want = np.asarray(got), np.asarray(want)
    assert (got.dtype, got.shape) == (want.dtype, want.shape), what
    tol = 2e-3 if want.dtype == np.float16 else 1e-5
    np.testing.assert_allclose(
        got.astype(np.float64), want.astype(np.float64), rtol=tol, atol=tol, err_msg=what
    )


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Any, pathlib.Path]:
    tmp = tmp_path_factory.mktemp("attention")
    return (*_iree_and_ours(tmp, "attention", PROGRAM), tmp)


def test_attention_ops_match_iree_runtime(compiled: tuple[Any, Any, pathlib.Path]) -> None:
    iree, ours, _ = compiled
    session = Session("cpu")
    for fn, args in _inputs(np.random.default_rng(0)).items():
        want = iree[fn](*args)
        want = [w.to_host() for w in (want if isinstance(want, tuple | list) else [want])]
        got = session.run_sync(ours, fn, args).outputs
        assert len(got) == len(want), fn
        for i, (g, w) in enumerate(zip(got, want)):
            _close(g, w, f"{fn} result {i}")
    # The softcap region sees base-2 scaled scores: applied to natural-log scores it would differ.
    q, k, v, mask = _inputs(np.random.default_rng(0))["bool_mask_softcap"]
    (got,) = session.run_sync(ours, "bool_mask_softcap", [q, k, v, mask]).outputs
    s = np.einsum("bmk,bnk->bmn", q, k) * np.float32(0.35)
    natural = np.where(mask, 3 * np.tanh(s / 3), -np.inf)
    p = np.exp(natural - natural.max(-1, keepdims=True))
    assert np.abs(got - (p / p.sum(-1, keepdims=True)) @ v).max() > 1e-3


def test_attention_region_reading_indices_is_refused(
    compiled: tuple[Any, Any, pathlib.Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """IREE's CPU code gives a causal region tile-local indices (keys 0 and 3 of 6 kept for every query
    here: its tiling does not offset iree_linalg_ext.index), so streamsim refuses the op, naming it."""
    iree, _, tmp = compiled
    q, k, v = _inputs(np.random.default_rng(0))["plain"]
    got = iree["index_causal"](q, k, v).to_host()
    s = np.einsum("bmk,bnk->bmn", q, k) * np.float32(0.35)
    kept = np.where(np.isin(np.arange(6), [0, 3]), s, -np.inf)
    p = np.exp(kept - kept.max(-1, keepdims=True))
    np.testing.assert_allclose(got, (p / p.sum(-1, keepdims=True)) @ v, rtol=1e-4, atol=1e-5)
    for i, a in enumerate((q, k, v)):
        np.save(tmp / f"in{i}.npy", a)
    args = [a for i in range(3) for a in ("--input", f"@{tmp / f'in{i}.npy'}")]
    rc = main(
        ["run", str(tmp / "attention.stream.mlir"), "--function", "index_causal", *args, "--no-summary"]
    )
    err = capsys.readouterr().err
    assert rc == 2 and "iree_linalg_ext.index at " in err and "tile-local" in err, err


def test_torch_sdpa_matches_iree_runtime(tmp_path: pathlib.Path) -> None:
    iree, ours = _iree_and_ours(tmp_path, "sdpa", TORCH_SDPA)
    assert sum(op.op_name == "iree_linalg_ext.attention" for op in ours.walk()) == 2
    rng = np.random.default_rng(1)
    q, k, v = (rng.standard_normal((1, 2, 8, 16)).astype(np.float32) for _ in range(3))
    for fn in ("full", "causal"):
        want = iree[fn](q, k, v).to_host()
        (got,) = Session("cpu").run_sync(ours, fn, [q, k, v]).outputs
        _close(got, want, fn)
        s = np.einsum("bhmd,bhnd->bhmn", q, k) / 4.0
        if fn == "causal":
            s = np.where(np.triu(np.ones((8, 8), bool), 1), -np.inf, s)
        p = np.exp(s - s.max(-1, keepdims=True))
        np.testing.assert_allclose(got, (p / p.sum(-1, keepdims=True)) @ v, rtol=1e-4, atol=1e-5)

