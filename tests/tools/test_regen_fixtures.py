"""Tests of tools/regen_fixtures.py: signature and spec parsing, seeded data, and the fixture sets."""

from __future__ import annotations

import importlib.util
import pathlib
import re
import sys

import numpy as np
import pytest

from tests.conftest import iree_fixture_dirs

REPO = pathlib.Path(__file__).resolve().parents[2]


def _load_tool():
    spec = importlib.util.spec_from_file_location("regen_fixtures", REPO / "tools" / "regen_fixtures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


regen = _load_tool()


@pytest.mark.parametrize(
    ("body", "dims", "element"),
    [
        ("16x64xf32", (16, 64), "f32"),
        ("?x64xi8", (None, 64), "i8"),
        ("f32", (), "f32"),
        ("4xbf16", (4,), "bf16"),
    ],
    ids=["static", "dynamic", "scalar", "bf16"],
)
def test_regen_tensor_type_parse(body: str, dims: tuple, element: str) -> None:
    ty = regen.TensorType.parse(body)
    assert (ty.dims, ty.element) == (dims, element)


def test_regen_tensor_type_rejects_unknown_element() -> None:
    with pytest.raises(regen.FixtureError, match="element type 'complex<f32>'"):
        regen.TensorType.parse("4xcomplex<f32>")


def test_regen_main_signature_several_args_and_results() -> None:
    src = "func.func @main(%x: tensor<16x64xf32>, %y: tensor<?x8xi8>) -> (tensor<16x32xf32>, tensor<4xi32>) {"
    args, results = regen.main_signature(src)
    assert [(a.dims, a.element) for a in args] == [((16, 64), "f32"), ((None, 8), "i8")]
    assert [(r.dims, r.element) for r in results] == [((16, 32), "f32"), ((4,), "i32")]


def test_regen_main_signature_rejects_scalar_arg() -> None:
    with pytest.raises(regen.FixtureError, match="argument '%n: index'"):
        regen.main_signature("func.func @main(%n: index) -> tensor<4xf32> {")


def test_regen_fixture_spec_and_shapes() -> None:
    spec = regen.fixture_spec('// x\n// fixture: {"seed": 3, "inputs": [{"shape": [12, 64]}]}\n')
    assert spec == {"seed": 3, "inputs": [{"shape": [12, 64]}]}
    ty = regen.TensorType.parse("?x64xf32")
    assert regen.concrete_shape(ty, spec["inputs"][0], 0) == (12, 64)
    assert regen.concrete_shape(ty, {}, 0) == (regen.DEFAULT_DYNAMIC_DIM, 64)
    with pytest.raises(regen.FixtureError, match=r"shape \[12, 32\] does not fit"):
        regen.concrete_shape(ty, {"shape": [12, 32]}, 0)


def test_regen_random_array_is_seeded_and_typed() -> None:
    ty = regen.TensorType.parse("8x4xi8")
    a = regen.random_array(np.random.default_rng(0), ty, (8, 4), {"low": -3, "high": 3}, scaled=False)
    b = regen.random_array(np.random.default_rng(0), ty, (8, 4), {"low": -3, "high": 3}, scaled=False)
    assert a.dtype == np.int8 and a.min() >= -3 and a.max() < 3
    np.testing.assert_array_equal(a, b)
    with pytest.raises(regen.FixtureError, match=r"\[0, 300\) does not fit i8"):
        regen.random_array(np.random.default_rng(0), ty, (8, 4), {"low": 0, "high": 300}, scaled=False)


@pytest.mark.parametrize("fixture", iree_fixture_dirs(), ids=lambda d: d.name)
def test_regen_fixture_set_is_complete(fixture: pathlib.Path) -> None:
    src = (fixture / "source.mlir").read_text()
    args, results = regen.main_signature(src)
    for name in [
        "cmd.mlir",
        "cmd.generic.mlir",
        "async.mlir",
        "async.generic.mlir",
        "profile.jsonl",
        "README.txt",
    ]:
        assert (fixture / name).is_file(), name
    assert (fixture / "params.irpa").is_file() == bool(regen.PARAM_RE.search(src))
    assert sorted(p.name for p in fixture.glob("input*.npy")) == [f"input{i}.npy" for i in range(len(args))]
    assert sorted(p.name for p in fixture.glob("expected*.npy")) == [
        f"expected{i}.npy" for i in range(len(results))
    ]
    for i, ty in enumerate(args):
        arr = np.load(fixture / f"input{i}.npy")
        assert arr.dtype == ty.dtype and all(d is None or d == s for d, s in zip(ty.dims, arr.shape))
    for i, ty in enumerate(results):
        assert np.load(fixture / f"expected{i}.npy").dtype == ty.dtype
    assert re.search(r"stream\.cmd\.execute", (fixture / "cmd.mlir").read_text())
    assert "stream.cmd." not in (fixture / "async.mlir").read_text().replace("stream.cmd.parameter", "")
