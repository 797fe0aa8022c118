#!/usr/bin/env python3
"""Build fixture sets under ``tests/fixtures/frontends/<name>/`` from models written with real frontends.

Each model is built from layers that ship in a frontend package (``flax.linen``,
``jax.example_libraries.stax``, ``onnx.helper``), exported to MLIR the way a user would export it, and then
put through the IREE toolchain exactly as :mod:`regen_fixtures` does for the hand-written fixtures (same
target flags, same files: ``source.mlir``, ``cmd.mlir``/``cmd.generic.mlir``, ``async.mlir``/
``async.generic.mlir``, ``params.irpa``, ``input*.npy``, ``expected*.npy`` from ``iree-run-module``,
``profile.jsonl``, ``README.txt``).

JAX models: ``jax.jit(apply).lower(params, *inputs).as_text()`` gives StableHLO whose ``@main`` takes the
weights as its leading arguments. Those arguments become ``util.global`` globals initialised from
``#stream.parameter.named<"model"::KEY>`` (KEY is the pytree path of the weight), loaded at the top of
``@main``; ``params.irpa`` holds the model's own initial weights under those keys.

ONNX models: the graph is saved as ``model.onnx`` and imported by ``iree-import-onnx
--externalize-params`` (every initializer a ``model`` parameter, written to ``params.irpa``).

Torch: the torch dialect as the fx importer writes it (weights as ``#stream.parameter.named`` globals).

The models here are the first five; :mod:`frontend_models` holds the next fourteen (while loops, RNG,
transposed convolutions, symbolic shapes, Resize/Einsum, LSTM, scaled dot-product attention...) and
:mod:`frontend_models2` the ONNX CNN and sequence top-k, and five more (Tile/Expand/Gather with negative
indices...);
:mod:`frontend_models3` the next eight (loops and branches with wide integers...) and
:mod:`frontend_models4` the next ten (masked attention, grouped convolutions, integer reductions...) and
:mod:`frontend_models5` the next six (unique/histogram, data-dependent while loops, dilated pools...) and
:mod:`frontend_models6` the next five (f16 mixed precision, quantised convolution, grouped-query attention...) and
:mod:`frontend_models7` two compiled with a user's extra flags (data tiling, Winograd convolutions). The HAL forms
(``hal*.mlir``) are written as :mod:`regen_fixtures` writes them.

Usage::

    python tools/frontend_fixtures.py [NAME ...] [--out-root DIR]

Needs the ``frontends`` extra (jax, flax, onnx) and the ``iree`` extra. CI needs neither: the generated
fixtures are committed.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import regen_fixtures as rf  # noqa: E402

REPO = pathlib.Path(__file__).resolve().parent.parent
OUT_ROOT = REPO / "tests" / "fixtures" / "frontends"
SEED = 0
#: cmd.mlir is IREE's default favor (min-peak-memory); these are the other two, for schedule comparisons.
FAVORS = ("debug", "max-concurrency")


@dataclass
class Model:
    """One exported model: the MLIR handed to iree-compile, its weights and its inputs."""

    name: str
    frontend: str
    source: str
    params: dict[str, np.ndarray]
    inputs: list[np.ndarray]
    notes: list[str] = field(default_factory=list)
    extra_files: dict[str, bytes] = field(default_factory=dict)
    # iree-compile flags a user adds to the target flags for this model (data tiling, preprocessing).
    flags: list[str] = field(default_factory=list)


# -- JAX: StableHLO with the weights as parameters ----------------------------------------------------


def _split_top(text: str) -> list[str]:
    """Split ``text`` at commas that are not nested in (), <>, {} or []."""
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch in "(<{[":
            depth += 1
        elif ch in ")>}]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur).strip())
    return parts


def _key(path: tuple[Any, ...]) -> str:
    import jax

    names = []
    for p in path:
        if isinstance(p, jax.tree_util.DictKey):
            names.append(str(p.key))
        elif isinstance(p, jax.tree_util.SequenceKey):
            names.append(str(p.idx))
        else:
            names.append(str(p).strip(".[]'\""))
    return ".".join(names)


def jax_model(
    name: str,
    apply: Callable[..., Any],
    params: Any,
    inputs: list[np.ndarray],
    notes: list[str],
    text: str | None = None,
) -> Model:
    """Lower ``apply(params, *inputs)`` (or take ``text``, the StableHLO of ``apply`` exported another
    way, e.g. by ``jax.export`` with symbolic shapes) and turn its weight arguments into named parameters."""
    import jax

    leaves = jax.tree_util.tree_flatten_with_path(params)[0]
    named = {_key(path): np.asarray(leaf) for path, leaf in leaves}
    if text is None:
        text = jax.jit(apply).lower(params, *inputs).as_text()
    m = re.search(r"func\.func public @main\(", text)
    if m is None:
        raise rf.FixtureError(f"{name}: no public @main in the lowered module")
    start = m.end()
    depth, i = 1, start
    while depth:
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        i += 1
    args = _split_top(text[start : i - 1])
    if len(args) != len(named) + len(inputs):
        raise rf.FixtureError(
            f"{name}: @main has {len(args)} arguments, expected {len(named)} + {len(inputs)}"
        )
    body_open = text.index("{\n", i) + 2
    loads, globals_ = [], []
    for key, arg in zip(named, args):
        ssa, ty = (s.strip() for s in arg.split(":", 1))
        ty = ty.split("{", 1)[0].strip()
        sym = "p_" + re.sub(r"\W", "_", key)
        globals_.append(f'  util.global private @{sym} = #stream.parameter.named<"model"::"{key}"> : {ty}\n')
        loads.append(f"    {ssa} = util.global.load @{sym} : {ty}\n")
    new_args = ", ".join(args[len(named) :])
    text = text[:start] + new_args + text[i - 1 : body_open] + "".join(loads) + text[body_open:]
    mod = re.search(r"^module @\S+ attributes \{.*\} \{\n", text, flags=re.M) or re.search(
        r"^module @\S+ \{\n", text, flags=re.M
    )
    if mod is None:
        raise rf.FixtureError(f"{name}: no module header in the lowered module")
    text = text[: mod.end()] + "".join(globals_) + text[mod.end() :]
    return Model(name, "jax", text, named, inputs, notes)


def gpt2_block() -> Model:
    """GPT-2-style decoder block: token and learned position embeddings, pre-LN causal self-attention,
    GELU MLP, final LayerNorm, head tied to the token embedding, argmax."""
    import flax.linen as nn
    import jax
    import jax.numpy as jnp

    vocab, d, heads, seq = 64, 32, 2, 8

    class Block(nn.Module):
        @nn.compact
        def __call__(self, tokens: jax.Array) -> tuple[jax.Array, jax.Array]:
            wte = nn.Embed(vocab, d, name="wte")
            x = wte(tokens) + nn.Embed(seq, d, name="wpe")(jnp.arange(tokens.shape[1])[None])
            h = nn.LayerNorm(name="ln_1")(x)
            mask = nn.make_causal_mask(tokens)
            x = x + nn.MultiHeadDotProductAttention(num_heads=heads, name="attn")(h, h, mask=mask)
            h = nn.LayerNorm(name="ln_2")(x)
            x = x + nn.Dense(d, name="proj")(nn.gelu(nn.Dense(4 * d, name="fc")(h)))
            logits = wte.attend(nn.LayerNorm(name="ln_f")(x))
            return logits, jnp.argmax(logits, axis=-1).astype(jnp.int32)

    rng = np.random.default_rng(SEED)
    tokens = rng.integers(0, vocab, size=(1, seq)).astype(np.int32)
    block = Block()
    params = block.init(jax.random.PRNGKey(SEED), tokens)
    notes = [
        f"flax.linen Embed/LayerNorm/MultiHeadDotProductAttention/Dense: vocab {vocab}, d {d}, heads {heads}"
    ]
    return jax_model("gpt2_block", block.apply, params, [tokens], notes)


def scan_rnn_topk() -> Model:
    """A GRU over time (flax ``nn.RNN``, a ``lax.scan``), a Dense head, ``jnp.sort`` and ``lax.top_k``."""
    import flax.linen as nn
    import jax
    import jax.numpy as jnp

    class Net(nn.Module):
        @nn.compact
        def __call__(self, x: jax.Array) -> tuple[jax.Array, jax.Array, jax.Array]:
            ys = nn.RNN(nn.GRUCell(features=16), name="rnn")(x)
            h = nn.Dense(12, name="head")(ys[:, -1])
            vals, idx = jax.lax.top_k(h, 3)
            return jnp.sort(h, axis=-1), vals, idx.astype(jnp.int32)

    rng = np.random.default_rng(SEED)
    x = rng.standard_normal((2, 6, 8)).astype(np.float32)
    net = Net()
    params = net.init(jax.random.PRNGKey(SEED), x)
    return jax_model("scan_rnn_topk", net.apply, params, [x], ["flax.linen RNN(GRUCell(16)) over 6 steps"])


def int8_mlp() -> Model:
    """An int8 quantised MLP: inputs quantised per tensor, int8 x int8 -> int32 matmuls
    (``lax.dot_general`` with ``preferred_element_type=int32``), dequantised with per-channel scales."""
    import jax
    import jax.numpy as jnp

    def quant(x: jax.Array, scale: jax.Array) -> jax.Array:
        return jnp.clip(jnp.round(x / scale), -127, 127).astype(jnp.int8)

    def mm(a: jax.Array, b: jax.Array) -> jax.Array:
        return jax.lax.dot_general(a, b, (((1,), (0,)), ((), ())), preferred_element_type=jnp.int32)

    def apply(p: dict[str, jax.Array], x: jax.Array) -> tuple[jax.Array, jax.Array, jax.Array]:
        acc1 = mm(quant(x, p["x_scale"]), p["w1"])
        h = jax.nn.relu(acc1.astype(jnp.float32) * (p["x_scale"] * p["w1_scale"]) + p["b1"])
        acc2 = mm(quant(h, p["h_scale"]), p["w2"])
        logits = acc2.astype(jnp.float32) * (p["h_scale"] * p["w2_scale"]) + p["b2"]
        return logits, acc2, jnp.argmax(logits, axis=-1).astype(jnp.int32)

    rng = np.random.default_rng(SEED)
    params = {
        "w1": rng.integers(-127, 128, size=(16, 32)).astype(np.int8),
        "w1_scale": rng.uniform(0.002, 0.01, size=(32,)).astype(np.float32),
        "b1": rng.standard_normal(32).astype(np.float32) * 0.1,
        "w2": rng.integers(-127, 128, size=(32, 10)).astype(np.int8),
        "w2_scale": rng.uniform(0.002, 0.01, size=(10,)).astype(np.float32),
        "b2": rng.standard_normal(10).astype(np.float32) * 0.1,
        "x_scale": np.float32(0.02),
        "h_scale": np.float32(0.05),
    }
    x = rng.standard_normal((4, 16)).astype(np.float32)
    return jax_model("int8_mlp", apply, params, [x], ["jax.lax int8 dot_general, per-channel dequant"])


def cumsum_scatter_gather() -> Model:
    """A stax Dense/Relu layer, then ``jnp.cumsum``, a gather (``jnp.take``) and a scatter-add
    (``.at[idx].add``, repeated indices)."""
    import jax
    import jax.numpy as jnp
    from jax.example_libraries import stax

    init, mlp = stax.serial(stax.Dense(16), stax.Relu)
    _, params = init(jax.random.PRNGKey(SEED), (8, 12))

    def apply(p: Any, x: jax.Array, idx: jax.Array) -> tuple[jax.Array, jax.Array, jax.Array]:
        c = jnp.cumsum(mlp(p, x), axis=0)
        g = jnp.take(c, idx, axis=0)
        s = jnp.zeros((8, 16), jnp.float32).at[idx].add(g)
        return c, g, s

    rng = np.random.default_rng(SEED)
    x = rng.standard_normal((8, 12)).astype(np.float32)
    idx = np.array([3, 0, 7, 3, 5], dtype=np.int32)
    return jax_model("cumsum_scatter_gather", apply, params, [x, idx], ["stax Dense(16)+Relu"])


def stax_cnn() -> Model:
    """A stax CNN in NHWC: Conv, BatchNorm, Relu, MaxPool, Conv, Relu, AvgPool, Flatten, Dense,
    LogSoftmax (``lax.reduce_window`` pools, ``lax.conv_general_dilated``)."""
    import jax
    from jax.example_libraries import stax

    init, net = stax.serial(
        stax.Conv(8, (3, 3), padding="SAME"),
        stax.BatchNorm(axis=(0, 1, 2)),
        stax.Relu,
        stax.MaxPool((2, 2), strides=(2, 2)),
        stax.Conv(16, (3, 3), padding="SAME"),
        stax.Relu,
        stax.AvgPool((2, 2), strides=(2, 2)),
        stax.Flatten,
        stax.Dense(10),
        stax.LogSoftmax,
    )
    _, params = init(jax.random.PRNGKey(SEED), (2, 8, 8, 3))
    rng = np.random.default_rng(SEED)
    x = rng.standard_normal((2, 8, 8, 3)).astype(np.float32)
    return jax_model(
        "stax_cnn", net, params, [x], ["stax Conv/BatchNorm/MaxPool/AvgPool/Dense/LogSoftmax, NHWC"]
    )


# -- ONNX ---------------------------------------------------------------------------------------------


def onnx_model(
    name: str,
    nodes: list[Any],
    inputs: list[tuple[str, int, list[Any]]],
    outputs: list[tuple[str, int, list[Any]]],
    inits: dict[str, np.ndarray],
    arrays: list[np.ndarray],
    notes: list[str],
    consts: dict[str, np.ndarray] | None = None,
) -> Model:
    """An opset-17 ONNX graph of ``nodes``: ``inits`` become initializers (so, parameters), ``consts``
    Constant nodes (shape-like operands an importer needs as constants)."""
    import onnx
    from onnx import helper, numpy_helper

    consts = consts or {}
    const_nodes = [
        helper.make_node("Constant", [], [n], value=numpy_helper.from_array(a, n)) for n, a in consts.items()
    ]
    graph = helper.make_graph(
        const_nodes + nodes,
        "main",
        [helper.make_tensor_value_info(n, ty, shape) for n, ty, shape in inputs],
        [helper.make_tensor_value_info(n, ty, shape) for n, ty, shape in outputs],
        initializer=[numpy_helper.from_array(a, n) for n, a in inits.items()],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="streamsim")
    model.ir_version = 8
    onnx.checker.check_model(model)
    return Model(name, "onnx", "", {**inits, **consts}, arrays, notes, {"model.onnx": model.SerializeToString()})


MODELS: dict[str, Callable[[], Model]] = {
    "gpt2_block": gpt2_block,
    "scan_rnn_topk": scan_rnn_topk,
    "int8_mlp": int8_mlp,
    "cumsum_scatter_gather": cumsum_scatter_gather,
    "stax_cnn": stax_cnn,
}


# -- the toolchain ------------------------------------------------------------------------------------


def write_params(params: dict[str, np.ndarray], path: pathlib.Path) -> list[str]:
    import iree.runtime as rt

    index = rt.ParameterIndex()
    for key, arr in params.items():
        index.add_buffer(key, np.ascontiguousarray(arr).tobytes())
    index.create_archive_file(str(path))
    return [f"{k}: {a.dtype} {list(a.shape)}" for k, a in params.items()]


def build(model: Model, out: pathlib.Path) -> pathlib.Path:
    out.mkdir(parents=True, exist_ok=True)
    for stale in [*out.glob("input*.npy"), *out.glob("expected*.npy")]:
        stale.unlink()
    prog = out / "source.mlir"
    import_cmd: list[str] = []
    for fname, data in model.extra_files.items():
        (out / fname).write_bytes(data)
    if model.frontend == "onnx":
        import_cmd = [
            "iree-import-onnx", "model.onnx", "-o", "source.mlir", "--externalize-params",
            "--num-elements-threshold=0", "--params-scope=model", "--save-params-to=params.irpa",
        ]  # fmt: skip
        rf.run([rf.tool(import_cmd[0]), *import_cmd[1:]], cwd=out)
        param_lines = [f"{k}: {a.dtype} {list(a.shape)}" for k, a in model.params.items()]
    else:  # jax, or torch-dialect text
        prog.write_text(model.source)
        param_lines = write_params(model.params, out / "params.irpa")
    opt, compile_ = rf.tool("iree-opt"), rf.tool("iree-compile")
    target = [*rf.TARGET_FLAGS, *model.flags]
    rf.run([compile_, str(prog), *target, "--compile-to=stream", "-o", str(out / "cmd.mlir")])
    rf.run([opt, str(out / "cmd.mlir"), "--mlir-print-op-generic", "-o", str(out / "cmd.generic.mlir")])
    for favor in FAVORS:
        pretty = out / f"cmd.{favor}.mlir"
        flag = f"--iree-stream-partitioning-favor={favor}"
        rf.run([compile_, str(prog), *target, flag, "--compile-to=stream", "-o", str(pretty)])
        rf.run([opt, str(pretty), "--mlir-print-op-generic", "-o", str(out / f"cmd.{favor}.generic.mlir")])
        pretty.unlink()
    (out / "async.mlir").write_text(rf.async_dump(prog, target))
    rf.hal_forms(prog, out, target)
    rf.run([opt, str(out / "async.mlir"), "--mlir-print-op-generic", "-o", str(out / "async.generic.mlir")])
    inputs = []
    for i, arr in enumerate(model.inputs):
        np.save(out / f"input{i}.npy", arr)
        inputs.append(f"input{i}.npy: {arr.dtype} {list(arr.shape)}")
    vmfb = out / "module.vmfb"
    rf.run([compile_, str(prog), *target, "-o", str(vmfb)])
    n_results = _count_results(out / "cmd.mlir")
    run_cmd = [
        rf.tool("iree-run-module"), "--module=module.vmfb", "--device=local-task", "--function=main",
        "--parameters=model=params.irpa",
        *(f"--input=@input{i}.npy" for i in range(len(model.inputs))),
        *(f"--output=@expected{i}.npy" for i in range(n_results)),
        *rf.PROFILE_FLAGS, "--device_profiling_output=run.ireeprof",
    ]  # fmt: skip
    rf.run(run_cmd, cwd=out)
    profile_cmd = [rf.tool("iree-profile"), "queue", "--format=jsonl", "run.ireeprof"]
    (out / "profile.jsonl").write_text(rf.run(profile_cmd, cwd=out).stdout)
    (out / "run.ireeprof").unlink()
    outputs = [f"expected{i}.npy: {np.load(out / f'expected{i}.npy').dtype}" for i in range(n_results)]
    short = [os.path.basename(c) if c.startswith("/") else c for c in run_cmd]
    how = {
        "onnx": "iree-import-onnx " + " ".join(import_cmd[1:]),
        "torch": "torch-dialect text as the fx importer writes it; weights as #stream.parameter.named globals",
    }.get(
        model.frontend,
        "jax.jit(apply).lower(params, *inputs).as_text(); weight arguments -> #stream.parameter.named globals",
    )
    readme = [
        f"Generated by tools/frontend_fixtures.py ({model.frontend}; seed {SEED}) with the IREE toolchain,",
        "run from this directory:",
        "",
        *model.notes,
        f"source.mlir:        {how}",
        f"target flags (T): {' '.join(target)}",
        *(["compile_flags.txt: the flags T adds to the target flags, one a line"] if model.flags else []),
        "cmd.mlir:           iree-compile source.mlir T --compile-to=stream -o cmd.mlir",
        "cmd.generic.mlir:   iree-opt cmd.mlir --mlir-print-op-generic -o cmd.generic.mlir",
        "cmd.FAVOR.generic.mlir: iree-compile source.mlir T --iree-stream-partitioning-favor=FAVOR"
        " --compile-to=stream, then iree-opt --mlir-print-op-generic (FAVOR: debug, max-concurrency)",
        "async.mlir:         iree-compile source.mlir T --compile-to=stream"
        " --mlir-print-ir-before=iree-stream-schedule-execution --mlir-print-ir-module-scope"
        " --mlir-disable-threading -o /dev/null   (stderr, first dump: every function before it)",
        "async.generic.mlir: iree-opt async.mlir --mlir-print-op-generic -o async.generic.mlir",
        *rf.HAL_README,
        "module.vmfb:        iree-compile source.mlir T -o module.vmfb   (not kept in git)",
        "params.irpa:        scope 'model', the model's own initial weights:",
        *(f"  {p}" for p in param_lines),
        "inputs:",
        *(f"  {i}" for i in inputs),
        "expected*.npy:      " + " ".join(short),
        *(f"  {o}" for o in outputs),
        "profile.jsonl:      " + " ".join([os.path.basename(profile_cmd[0]), *profile_cmd[1:]]),
        "",
    ]
    (out / "README.txt").write_text("\n".join(readme))
    flags_file = out / "compile_flags.txt"  # read by simulator.calibration.run.fixture_case
    if model.flags:
        flags_file.write_text("".join(f + "\n" for f in model.flags))
    elif flags_file.exists():
        flags_file.unlink()
    return out


def _count_results(cmd_mlir: pathlib.Path) -> int:
    """Results of the public ``@main`` of the compiled module (buffer views)."""
    m = re.search(
        r"util\.func public @main\((?:[^()]|\([^()]*\))*\)\s*->\s*(\([^{]*\)|[^{]*)\{", cmd_mlir.read_text()
    )
    if m is None:
        raise rf.FixtureError(f"{cmd_mlir}: no public @main")
    res = m.group(1).strip()
    return len(_split_top(res[1:-1] if res.startswith("(") else res))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="*", help="models to build (default: all, here and in frontend_models*.py)")
    ap.add_argument("--out-root", type=pathlib.Path, default=OUT_ROOT, help=f"default {OUT_ROOT}")
    a = ap.parse_args(argv)
    from frontend_models import MODELS as MORE
    from frontend_models2 import MODELS as THIRD
    from frontend_models3 import MODELS as FOURTH
    from frontend_models4 import MODELS as FIFTH
    from frontend_models5 import MODELS as SIXTH
    from frontend_models6 import MODELS as SEVENTH
    from frontend_models7 import MODELS as EIGHTH

    models = {**MODELS, **MORE, **THIRD, **FOURTH, **FIFTH, **SIXTH, **SEVENTH, **EIGHTH}
    unknown = [n for n in a.names if n not in models]
    if unknown:
        ap.error(f"unknown model(s) {unknown}; known: {sorted(models)}")
    failed = 0
    for name in a.names or list(models):
        try:
            print("wrote", build(models[name](), a.out_root / name), flush=True)
        except rf.FixtureError as e:
            failed += 1
            print(f"error: {name}: {e}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
