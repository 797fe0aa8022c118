"""Property tests: random linalg.generic contractions and reductions against numpy's einsum."""

from __future__ import annotations

import string

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.simulator.dispatch.mlir_text import generic, ret, run


def t(shape: tuple[int, ...]) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + "f32>"


@st.composite
def contraction(draw):  # type: ignore[no-untyped-def]
    """n loops, each parallel or reduction; two inputs over random subsets of loops in random order."""
    n = draw(st.integers(1, 4))
    bounds = [draw(st.integers(1, 4)) for _ in range(n)]
    kinds = [draw(st.sampled_from(["parallel", "reduction"])) for _ in range(n)]
    dims_a = draw(
        st.permutations(range(n)).map(lambda p: list(p)[: max(1, len(p) - 1)] if n > 1 else list(p))
    )
    dims_b = draw(st.permutations(range(n)))
    dims_b = list(dims_b)[: draw(st.integers(1, n))]
    # Every loop must appear as a plain dim somewhere: the output has the parallel ones.
    covered = set(dims_a) | set(dims_b) | {d for d in range(n) if kinds[d] == "parallel"}
    missing = [d for d in range(n) if d not in covered]
    dims_b += missing
    out = [d for d in range(n) if kinds[d] == "parallel"]
    out = draw(st.permutations(out)) if out else []
    mul = draw(st.booleans())
    return n, bounds, kinds, dims_a, list(dims_b), list(out), mul


@settings(max_examples=60, deadline=None)
@given(contraction(), st.integers(0, 2**32 - 1))
def test_random_generic_matches_einsum(case, seed: int) -> None:  # type: ignore[no-untyped-def]
    n, bounds, kinds, dims_a, dims_b, out, mul = case
    rng = np.random.default_rng(seed)
    names = [f"d{i}" for i in range(n)]
    sa = tuple(bounds[d] for d in dims_a)
    sb = tuple(bounds[d] for d in dims_b)
    so = tuple(bounds[d] for d in out)
    head = f"({', '.join(names)})"
    maps = [f"{head} -> ({', '.join(names[d] for d in dims)})" for dims in (dims_a, dims_b, out)]
    op = "arith.mulf" if mul else "arith.subf"
    body = generic(
        "%r",
        [("%a0", t(sa)), ("%a1", t(sb))],
        [("%a2", t(so))],
        maps,
        kinds,
        ["f32", "f32", "f32"],
        [f'%m = "{op}"(%b0, %b1) : (f32, f32) -> f32', '%s = "arith.addf"(%b2, %m) : (f32, f32) -> f32'],
        [("%s", "f32")],
    )
    a = rng.standard_normal(sa).astype(np.float32)
    b = rng.standard_normal(sb).astype(np.float32)
    init = rng.standard_normal(so).astype(np.float32)
    (got,) = run([t(sa), t(sb), t(so)], [t(so)], body + "\n" + ret([("%r", t(so))]), a, b, init)
    letters = string.ascii_lowercase
    spec_a = "".join(letters[d] for d in dims_a)
    spec_b = "".join(letters[d] for d in dims_b)
    spec_o = "".join(letters[d] for d in out)
    full = "".join(letters[d] for d in range(n))
    ones = np.ones(bounds)
    # Broadcast both inputs over the whole iteration space, combine, then sum the reduction loops.
    ea = np.einsum(f"{spec_a},{full}->{full}", a.astype(np.float64), ones)
    eb = np.einsum(f"{spec_b},{full}->{full}", b.astype(np.float64), ones)
    combined = ea * eb if mul else ea - eb
    want = np.einsum(f"{full}->{spec_o}", combined) + init
    assert got.shape == so and got.dtype == np.float32
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
