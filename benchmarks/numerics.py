#!/usr/bin/env python3
"""Dispatch interpreter time against the same computation written in plain numpy, per dispatch.

Every dispatch of every IREE fixture (tests/fixtures/iree/*) runs on the data it sees in a sequential
run of the fixture (real parameters, the fixture's inputs). For each dispatch the script times

- ``interp``: ``ExecutableProgram.run(bindings, uniforms, workload)``, the whole dispatch function;
- ``numpy``: a hand-written numpy expression of what the dispatch computes, including making typed
  views of the bound bytes and writing the result into them (the same work around the arithmetic),

checks that both give the same bytes (to rounding), and prints the ratio. The fixtures' dispatches are
small (all below 1 MFLOP), so the dynamic-batch MLP is also run at larger batch sizes (``--batches``) to
show dispatches over 1 MFLOP, where the goal is a ratio under 2.

Usage::

    python benchmarks/numerics.py [--min-time 0.05] [--batches 12,256,1024,4096]
"""

from __future__ import annotations

import argparse
import functools
import math
import os
import pathlib
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

# One BLAS thread: on a shared machine, spinning BLAS threads make both sides' timings erratic.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import numpy as np  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.simulator.dispatch.cmd_driver import fixture_inputs, run_fixture  # noqa: E402

try:
    from scipy.special import erf as _erf
except ImportError:  # pragma: no cover
    _erf = np.vectorize(math.erf, otypes=[np.float32])

F = np.float32


def relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, F(0))


def softmax_exp(s: np.ndarray) -> np.ndarray:
    return np.exp(s - np.maximum(s.max(axis=1), F(-3.0e38))[:, None])


def conv_bias_relu(a: list[np.ndarray]) -> np.ndarray:
    x, w, b = a
    win = np.lib.stride_tricks.sliding_window_view(x, (3, 3), axis=(0, 1))  # 14x14x4x3x3
    return relu(np.tensordot(win, w, axes=([3, 4, 2], [0, 1, 2])) + b)


def layer_norm(a: list[np.ndarray]) -> np.ndarray:
    x, mean, gamma, beta = a
    var = ((x - mean[:, None]) ** 2).sum(axis=1)
    return (x - mean[:, None]) * (F(1) / np.sqrt(var / F(64) + F(1e-5)))[:, None] * gamma + beta


def quantise(a: list[np.ndarray]) -> np.ndarray:
    return np.clip(np.rint(a[0] / F(0.03125)), F(-127), F(127)).astype(np.int8)


def gelu(z: np.ndarray) -> np.ndarray:
    return z * (_erf(z * F(0.707106769)).astype(F) + F(1)) * F(0.5)


# (fixture, dispatch number) -> numpy of the loaded tensors, in the order the dispatch loads them.
REFERENCES: dict[tuple[str, int], Callable[[list[np.ndarray]], np.ndarray]] = {
    ("mlp", 0): lambda a: relu(a[0] @ a[1] + a[2]),
    ("mlp", 1): lambda a: a[0] @ a[1],
    ("attention_block", 0): lambda a: a[0] @ a[1],
    ("attention_block", 3): lambda a: (a[0] @ a[1].T) * F(0.125),
    ("attention_block", 4): lambda a: softmax_exp(a[0]),
    ("attention_block", 5): lambda a: a[0] / a[0].sum(axis=1)[:, None],
    ("attention_block", 6): lambda a: a[0] @ a[1],
    ("attention_block", 7): lambda a: a[0] @ a[1] + a[2],
    ("attention_block", 8): lambda a: relu(a[0] @ a[1] + a[2]),
    ("attention_block", 9): lambda a: a[0] @ a[1] + a[2],
    ("conv2d_relu", 0): conv_bias_relu,
    ("layer_norm", 0): lambda a: a[0].sum(axis=1) / F(64),
    ("layer_norm", 1): layer_norm,
    ("layer_norm", 2): lambda a: a[0] @ a[1],
    ("quant_matmul", 0): quantise,
    ("quant_matmul", 1): lambda a: (
        (a[0].astype(np.int32) @ a[1].astype(np.int32)).astype(F) * F(0.03125) * a[2]
    ),
    ("quant_matmul", 2): lambda a: a[0].astype(np.int32) @ a[1].astype(np.int32),
    ("dynamic_mlp", 0): lambda a: np.tanh(a[0] @ a[1] + a[2]),
    ("dynamic_mlp", 1): lambda a: a[0] @ a[1],
    ("wide_branches_softmax", 0): lambda a: relu(a[0] @ a[1] + a[2]),
    ("wide_branches_softmax", 1): lambda a: np.tanh(a[0] @ a[1] + a[2]),
    ("wide_branches_softmax", 2): lambda a: F(1) / (np.exp(-(a[0] @ a[1] + a[2])) + F(1)),
    ("wide_branches_softmax", 3): lambda a: gelu(a[0] @ a[1] + a[2]),
    ("wide_branches_softmax", 4): lambda a: a[0],
    ("wide_branches_softmax", 5): lambda a: a[0],
    ("wide_branches_softmax", 6): lambda a: a[0],
    ("wide_branches_softmax", 7): lambda a: a[0],
    ("wide_branches_softmax", 8): lambda a: a[0] @ a[1],
    ("wide_branches_softmax", 9): lambda a: softmax_exp(a[0]),
    ("wide_branches_softmax", 10): lambda a: a[0] / a[0].sum(axis=1)[:, None],
}


def numpy_baseline(program: Any, views: list[np.ndarray], uniforms: list[int], fn: Callable[..., np.ndarray]):  # type: ignore[no-untyped-def]
    """A closure doing the dispatch in plain numpy on ``views``: typed views in, result written out."""
    ctx = program._analyse(uniforms, [v.size for v in views])
    reads = [(b, g, dt) for kind, b, g, dt in ctx.slices if kind == "read"]
    writes = [(b, g, dt) for kind, b, g, dt in ctx.slices if kind == "write"]
    assert len(writes) == 1, "every fixture dispatch stores one tensor"
    wb, wg, wdt = writes[0]

    def run() -> None:
        ins = [
            np.ndarray(
                shape=g.sizes, dtype=dt, buffer=views[b], offset=g.start, strides=g.byte_strides
            ).reshape(g.result_shape)
            for b, g, dt in reads
        ]
        out = np.ndarray(
            shape=wg.sizes, dtype=wdt, buffer=views[wb], offset=wg.start, strides=wg.byte_strides
        )
        out[...] = fn(ins).reshape(wg.sizes)

    def result() -> np.ndarray:
        return np.ndarray(
            shape=wg.sizes, dtype=wdt, buffer=views[wb], offset=wg.start, strides=wg.byte_strides
        )

    return run, result


def seconds_per_call(fn: Callable[[], None], min_time: float) -> float:
    """Best of 7 rounds of the mean CPU time of enough calls to fill ``min_time`` seconds.

    CPU time of this process (one BLAS thread), not wall time: on a shared machine, time spent waiting
    for a core is not the code's."""
    fn()
    start = time.process_time()
    fn()
    once = max(time.process_time() - start, 1e-6)
    n = max(1, int(min_time / once))
    rounds = []
    for _ in range(7):
        start = time.process_time()
        for _ in range(n):
            fn()
        rounds.append((time.process_time() - start) / n)
    return min(rounds)


def bench_fixture(
    directory: pathlib.Path, inputs: list[np.ndarray] | None, label: str, min_time: float
) -> list[dict[str, Any]]:
    captured: list[tuple[Any, Any, list[np.ndarray], list[int], list[int]]] = []

    def capture(ref, program, views, uniforms, workload) -> None:  # type: ignore[no-untyped-def]
        captured.append((ref, program, [v.copy() for v in views], list(uniforms), list(workload)))

    run_fixture(directory, inputs=inputs, on_dispatch=capture)
    rows = []
    for ref, program, views, uniforms, workload in captured:
        number = int(ref.nested[0].split("_")[2])
        fn = REFERENCES[(directory.name, number)]
        interp_views = [v.copy() for v in views]
        numpy_views = [v.copy() for v in views]
        baseline, baseline_result = numpy_baseline(program, numpy_views, uniforms, fn)
        program.run(interp_views, uniforms, workload)
        baseline()
        _, interp_result = numpy_baseline(program, interp_views, uniforms, fn)
        got, want = interp_result().astype(np.float64), baseline_result().astype(np.float64)
        err = float(np.abs(got - want).max()) / max(1.0, float(np.abs(want).max()))
        t_interp = seconds_per_call(
            functools.partial(program.run, interp_views, uniforms, workload), min_time
        )
        t_numpy = seconds_per_call(baseline, min_time)
        flops = program.cost(uniforms, workload, [v.size for v in views]).flops
        rows.append(
            {
                "fixture": label,
                "dispatch": ref.nested[0],
                "mflop": flops / 1e6,
                "interp_us": t_interp * 1e6,
                "numpy_us": t_numpy * 1e6,
                "ratio": t_interp / t_numpy,
                "rel_err": err,
            }
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--min-time", type=float, default=0.05, help="seconds per timing round")
    parser.add_argument("--batches", default="12,256,1024,4096", help="dynamic_mlp batch sizes")
    parser.add_argument("--only-batches", action="store_true", help="skip the fixtures' own runs")
    args = parser.parse_args(argv)
    fixtures = sorted(p for p in (ROOT / "tests" / "fixtures" / "iree").iterdir() if p.is_dir())
    if args.only_batches:
        fixtures = []
    rows: list[dict[str, Any]] = []
    for d in fixtures:
        rows += bench_fixture(d, None, d.name, args.min_time)
    dyn = ROOT / "tests" / "fixtures" / "iree" / "dynamic_mlp"
    rng = np.random.default_rng(0)
    for n in (int(b) for b in args.batches.split(",") if b):
        x = rng.standard_normal((n, fixture_inputs(dyn)[0].shape[1])).astype(np.float32)
        rows += bench_fixture(dyn, [x], f"dynamic_mlp[N={n}]", args.min_time)
    print(
        f"{'fixture':24} {'dispatch':44} {'MFLOP':>8} {'interp us':>10} {'numpy us':>10} {'ratio':>7} {'rel err':>9}"
    )
    for r in rows:
        print(
            f"{r['fixture']:24} {r['dispatch'][:44]:44} {r['mflop']:8.3f} {r['interp_us']:10.1f} "
            f"{r['numpy_us']:10.1f} {r['ratio']:7.2f} {r['rel_err']:9.1e}"
        )
    big = [r for r in rows if r["mflop"] > 1.0]
    small = [r for r in rows if r["mflop"] <= 1.0]
    if small:
        print(
            f"\ndispatches <= 1 MFLOP: {len(small)}, median ratio {statistics.median(r['ratio'] for r in small):.2f}"
        )
    if big:
        ok = sum(r["ratio"] < 2.0 for r in big)
        print(
            f"dispatches  > 1 MFLOP: {len(big)}, median ratio {statistics.median(r['ratio'] for r in big):.2f}, "
            f"max {max(r['ratio'] for r in big):.2f}, under 2x: {ok}/{len(big)}"
        )
    worst = max(r["rel_err"] for r in rows)
    print(f"largest difference from the numpy result (relative to its scale): {worst:.1e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
