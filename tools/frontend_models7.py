"""Frontend models for :mod:`frontend_fixtures`, eighth set: programs compiled with flags a user adds.

- ``flax_mlp_datatiled``: flax ``nn.Dense`` layers with gelu and a layer norm, an int8 matmul
  accumulating in int32 and a batched ``jnp.einsum``, compiled with ``--iree-opt-data-tiling`` (IREE's
  documented CPU data tiling): every matmul operand is packed into the layout the CPU encoding
  resolver picks, in dispatches of its own, and the matmuls read the packed bytes.
- ``flax_cnn_winograd``: flax ``nn.Conv`` 3x3 layers (SAME and VALID) with relu, a mean pool and a
  dense head, compiled with IREE's Winograd rewrite of 3x3 convolutions
  (``--iree-preprocessing-pass-pipeline`` running ``iree-linalg-ext-convert-conv2d-to-winograd`` on
  every convolution): each convolution becomes Winograd filter, input and output transforms around a
  batch matmul.
"""

from __future__ import annotations

import numpy as np
from frontend_fixtures import SEED, Model, jax_model

WINOGRAD = (
    "--iree-preprocessing-pass-pipeline="
    "builtin.module(util.func(iree-linalg-ext-convert-conv2d-to-winograd{replace-all-convs=true}))"
)


def flax_mlp_datatiled() -> Model:
    import flax.linen as nn
    import jax
    import jax.numpy as jnp

    class Net(nn.Module):
        @nn.compact
        def __call__(self, x: jax.Array, q: jax.Array, wq: jax.Array, a: jax.Array) -> tuple[jax.Array, ...]:
            h = nn.gelu(nn.Dense(33, name="fc1")(x))
            h = nn.LayerNorm(name="ln")(h)
            y = nn.Dense(9, name="fc2")(h)
            qi = jnp.matmul(q, wq, preferred_element_type=jnp.int32)
            b = self.param("bmat", nn.initializers.normal(0.5), (3, 11, 6))
            z = jnp.einsum("bij,bjk->bik", a, b)
            return y, qi, z

    rng = np.random.default_rng(SEED)
    x = rng.standard_normal((6, 20)).astype(np.float32)
    q = rng.integers(-100, 100, (7, 19)).astype(np.int8)
    wq = rng.integers(-100, 100, (19, 5)).astype(np.int8)
    a = rng.standard_normal((3, 5, 11)).astype(np.float32)
    net = Net()
    params = net.init(jax.random.PRNGKey(SEED), x, q, wq, a)
    model = jax_model(
        "flax_mlp_datatiled",
        net.apply,
        params,
        [x, q, wq, a],
        [
            "flax nn.Dense x2 with gelu and nn.LayerNorm, an int8 jnp.matmul into int32, a batched einsum;"
            " compiled with IREE's CPU data tiling (--iree-opt-data-tiling)"
        ],
    )
    model.flags = ["--iree-opt-data-tiling"]
    return model


def flax_cnn_winograd() -> Model:
    import flax.linen as nn
    import jax
    import jax.numpy as jnp

    class Net(nn.Module):
        @nn.compact
        def __call__(self, img: jax.Array) -> tuple[jax.Array, jax.Array]:
            c = nn.relu(nn.Conv(6, (3, 3), padding="SAME", name="conv1")(img))
            c = nn.relu(nn.Conv(5, (3, 3), padding="VALID", name="conv2")(c))
            pooled = jnp.mean(c, axis=(1, 2))
            return c, nn.Dense(4, name="head")(pooled)

    rng = np.random.default_rng(SEED)
    img = rng.standard_normal((2, 11, 14, 3)).astype(np.float32)
    net = Net()
    params = net.init(jax.random.PRNGKey(SEED), img)
    notes = [
        "flax nn.Conv 3x3 (SAME, then VALID) with relu, a mean pool, nn.Dense; compiled with IREE's Winograd"
        " F(6x6, 3x3) rewrite of every 3x3 convolution (--iree-preprocessing-pass-pipeline running"
        " iree-linalg-ext-convert-conv2d-to-winograd{replace-all-convs=true})"
    ]
    model = jax_model("flax_cnn_winograd", net.apply, params, [img], notes)
    model.flags = [WINOGRAD]
    return model


MODELS = {
    "flax_mlp_datatiled": flax_mlp_datatiled,
    "flax_cnn_winograd": flax_cnn_winograd,
}
