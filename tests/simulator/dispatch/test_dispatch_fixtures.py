"""The dispatch interpreter on the real IREE fixtures: every dispatch, real parameters, IREE's outputs."""

from __future__ import annotations

import pathlib

import numpy as np
import pytest

from ir.attributes import SymbolRefAttr
from simulator.archives import ParameterIndex
from simulator.dispatch import DispatchCost, load_executable
from tests.conftest import IREE_FIXTURES, iree_fixture_dirs, require_iree
from tests.simulator.dispatch.cmd_driver import fixture_expected, load_fixture_module, run_fixture

FIXTURES = iree_fixture_dirs()


def _check_outputs(outs: list[np.ndarray], expected: list[np.ndarray]) -> None:
    assert len(outs) == len(expected)
    for got, want in zip(outs, expected):
        assert got.shape == want.shape and got.dtype == want.dtype
        scale = max(1.0, float(np.abs(want.astype(np.float64)).max()))
        err = float(np.abs(got.astype(np.float64) - want.astype(np.float64)).max())
        assert err <= 1e-4 * scale, f"max abs error {err} at output scale {scale}"


@pytest.mark.parametrize("directory", FIXTURES, ids=[d.name for d in FIXTURES])
def test_fixture_dispatches_reproduce_iree_outputs_generic(directory: pathlib.Path) -> None:
    _check_outputs(run_fixture(directory), fixture_expected(directory))


@pytest.mark.parametrize("directory", FIXTURES, ids=[d.name for d in FIXTURES])
def test_fixture_dispatches_reproduce_iree_outputs_pretty(directory: pathlib.Path) -> None:
    require_iree()
    _check_outputs(run_fixture(directory, pretty=True), fixture_expected(directory))


@pytest.mark.parametrize("directory", FIXTURES, ids=[d.name for d in FIXTURES])
def test_fixture_dispatch_writes_stay_inside_their_access_ranges(directory: pathlib.Path) -> None:
    """Bytes a run changes are inside the write ranges ``accesses`` reports; cost bytes match them."""
    seen = []

    def check(ref, program, views, uniforms, workload) -> None:  # type: ignore[no-untyped-def]
        lengths = [v.size for v in views]
        ranges = program.accesses(uniforms, lengths)
        before = [v.copy() for v in views]
        # Poison the written bytes' complement is not possible (real data lives there); instead run on
        # copies and compare.
        copies = [v.copy() for v in views]
        program.run(copies, uniforms, workload)
        for i, (old, new) in enumerate(zip(before, copies)):
            changed = np.flatnonzero(old != new)
            writes = [(a, b) for kind, a, b in ranges[i] if kind == "write"]
            for pos in changed[:: max(1, changed.size // 64)]:
                assert any(a <= pos < b for a, b in writes), (
                    f"{ref}: byte {pos} of binding {i} written outside {writes}"
                )
        cost = program.cost(uniforms, workload, lengths)
        assert isinstance(cost, DispatchCost)
        assert cost.bytes_written == sum(b - a for r in ranges for kind, a, b in r if kind == "write")
        assert cost.bytes_read == sum(b - a for r in ranges for kind, a, b in r if kind == "read")
        seen.append(ref)

    run_fixture(directory, on_dispatch=check)
    assert seen


def _params(name: str) -> ParameterIndex:
    index = ParameterIndex()
    index.load(IREE_FIXTURES / name / "params.irpa", scope="model")
    return index


def _bytes(a: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(a).view(np.uint8).reshape(-1).copy()


def test_mlp_dispatch_0_is_relu_of_x_w0_plus_b0() -> None:
    module = load_fixture_module(IREE_FIXTURES / "mlp")
    p = _params("mlp")
    w0 = p.array("model", "w0", dtype=np.float32, shape=(64, 128))
    b0 = p.array("model", "b0", dtype=np.float32, shape=(128,))
    x = np.random.default_rng(0).standard_normal((8, 64)).astype(np.float32)
    program = load_executable(
        module, SymbolRefAttr("main_dispatch_0", ("main_dispatch_0_matmul_8x128x64_f32",))
    )
    out = np.zeros(4096, np.uint8)
    program.run([_bytes(x), _bytes(w0), _bytes(b0), out], [], [])
    np.testing.assert_allclose(
        out.view(np.float32).reshape(8, 128), np.maximum(x @ w0 + b0, 0), rtol=1e-5, atol=1e-5
    )
    cost = program.cost([], [], [2048, 32768, 512, 4096])
    assert cost == DispatchCost(
        flops=2 * 8 * 128 * 64 + 2 * 8 * 128, bytes_read=2048 + 32768 + 512, bytes_written=4096, dtype="f32"
    )


def test_quant_matmul_costs_count_no_casts_and_name_the_i8_compute() -> None:
    """extsi/sitofp are free; the i8 x i8 -> i32 matmul dominates, so the cost's dtype is i8."""
    module = load_fixture_module(IREE_FIXTURES / "quant_matmul")
    p1 = load_executable(
        module, SymbolRefAttr("main_dispatch_1", ("main_dispatch_1_matmul_16x32x64_i8xi8xi32",))
    )
    cost = p1.cost([], [], [1024, 2048, 128, 2048])
    # matmul 2 per multiply-add; dequantise generic: sitofp (free) + 2 mulf per element.
    assert cost.flops == 2 * 16 * 32 * 64 + 2 * 16 * 32 and cost.dtype == "i8"
    p2 = load_executable(
        module, SymbolRefAttr("main_dispatch_2", ("main_dispatch_2_matmul_like_16x16x64_i8xi8xi32",))
    )
    assert p2.cost([], [], [1024, 1024, 3072]).flops == 2 * 16 * 16 * 64
    p0 = load_executable(
        module, SymbolRefAttr("main_dispatch_0", ("main_dispatch_0_elementwise_1024_f32xi8",))
    )
    assert p0.cost([], [], [4096, 1024]) == DispatchCost(
        4 * 1024, 4096, 1024, "f32"
    )  # divf, roundeven, max, min


def test_attention_dispatch_0_writes_at_the_uniform_offset() -> None:
    """The subspan offset comes from an i32 push constant (index_castui + assume.int)."""
    module = load_fixture_module(IREE_FIXTURES / "attention_block")
    program = load_executable(
        module, SymbolRefAttr("main_dispatch_0", ("main_dispatch_0_matmul_16x64x64_f32",))
    )
    rng = np.random.default_rng(1)
    x = rng.standard_normal((16, 64)).astype(np.float32)
    w = rng.standard_normal((64, 64)).astype(np.float32)
    slab = np.zeros(16384, np.uint8)
    program.run([_bytes(x), _bytes(w), slab], [8192], [])
    np.testing.assert_allclose(slab[8192:12288].view(np.float32).reshape(16, 64), x @ w, rtol=1e-5, atol=1e-4)
    assert not slab[:8192].any() and not slab[12288:].any()
    assert program.accesses([4096], [4096, 16384, 16384]) == [
        [("read", 0, 4096)],
        [("read", 0, 16384)],
        [("write", 4096, 8192)],
    ]


def test_wide_branches_concat_stores_are_strided_ranges() -> None:
    """dispatch_5 stores a 16x32 block at column 32 of a 16x128 tensor: one range per row."""
    module = load_fixture_module(IREE_FIXTURES / "wide_branches_softmax")
    program = load_executable(module, SymbolRefAttr("main_dispatch_5", ("main_dispatch_5_slow_memcpy",)))
    ranges = program.accesses([], [16384, 16384])
    assert ranges[0] == [("read", 10240, 10240 + 2048)]
    assert ranges[1] == [("write", 2048 + r * 512 + 128, 2048 + r * 512 + 256) for r in range(16)]


def test_dynamic_mlp_cost_follows_the_uniform_batch_size() -> None:
    module = load_fixture_module(IREE_FIXTURES / "dynamic_mlp")
    program = load_executable(
        module, SymbolRefAttr("main_dispatch_0", ("main_dispatch_0_matmul_Dx64x64_f32",))
    )
    for n in (1, 12, 100):
        lengths = [n * 256, 16384, 256, n * 256]
        cost = program.cost([n, 0], [n], lengths)
        assert cost.flops == n * 64 * 64 * 2 + n * 64 * 2
        assert cost.bytes_read == n * 256 + 16384 + 256 and cost.bytes_written == n * 256


def test_load_executable_caches_per_module_and_entry() -> None:
    module = load_fixture_module(IREE_FIXTURES / "mlp")
    ref = SymbolRefAttr("main_dispatch_1", ("main_dispatch_1_matmul_8x32x128_f32",))
    assert load_executable(module, ref) is load_executable(module, ref)
    other = load_fixture_module(IREE_FIXTURES / "mlp")
    assert load_executable(other, ref) is not load_executable(module, ref)
