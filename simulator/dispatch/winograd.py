"""``iree_linalg_ext.winograd.{filter,input,output}_transform``: Winograd F(6x6, 3x3) convolutions.

IREE rewrites a 3x3 convolution (``iree-linalg-ext-convert-conv2d-to-winograd``, on convolutions marked
``__winograd_conv`` or all of them with ``replace-all-convs``) into a filter transform, an input
transform, a batch matmul and an output transform, and its code generator decomposes each transform,
tile by tile, into two matmuls with the constant matrices of its ``WinogradConstants.h`` (output tile 6,
kernel 3, input tile 8). The interpreter evaluates the same products on every tile at once, in the
order IREE's decomposition writes them, each matmul accumulating in the element type as IREE's CPU code
does (f32; f16 rounded after each product and sum in K order, subnormals flushed to zero; bf16 summed
in f32, rounded once):

- filter (``kernel_dimensions`` [0, 1]: HWCF, [2, 3]: FCHW): ``G @ (f @ GT)`` per input and output
  channel, giving ``(8, 8, C, F)``;
- input (``image_dimensions`` [1, 2]: NHWC, [2, 3]: NCHW): the 8x8 window at ``(6 h', 6 w')`` of each
  image and channel, zero-padded where it passes the image's edge, to ``BT @ (x @ B)``, giving
  ``(8, 8, N, H', W', C)``;
- output: ``AT @ (y @ A)`` per 8x8 tile of ``(8, 8, N, H', W', F)``, written to the 6x6 block at
  ``(6 h', 6 w')`` of the ``(N, H, W, F)`` or ``(N, F, H, W)`` result (rows past its edge dropped).

Only the F(6x6, 3x3) variant exists in IREE; other tile or kernel sizes are refused by name.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ir.attributes import DenseArrayAttr, IntegerAttr
from ir.core import Operation
from simulator.dispatch.registry import Abstract, Context, DispatchRules, unsupported
from simulator.errors import DispatchError

RULES = DispatchRules.named("dispatch.winograd")
register_op = RULES.impls.register
register_shape = RULES.shapes.register

_F = np.float32
# IREE's constants for output tile 6 and kernel 3 (Liu et al. 2021), as its f32 literals.
BT = np.array(
    [
        [1, 0, -21 / 4, 0, 21 / 4, 0, -1, 0],
        [0, 1, 1, -17 / 4, -17 / 4, 1, 1, 0],
        [0, -1, 1, 17 / 4, -17 / 4, -1, 1, 0],
        [0, 1 / 2, 1 / 4, -5 / 2, -5 / 4, 2, 1, 0],
        [0, -1 / 2, 1 / 4, 5 / 2, -5 / 4, -2, 1, 0],
        [0, 2, 4, -5 / 2, -5, 1 / 2, 1, 0],
        [0, -2, 4, 5 / 2, -5, -1 / 2, 1, 0],
        [0, -1, 0, 21 / 4, 0, -21 / 4, 0, 1],
    ],
    dtype=_F,
)
B = np.ascontiguousarray(BT.T)
G = np.array(
    [
        [1, 0, 0],
        [-2 / 9, -2 / 9, -2 / 9],
        [-2 / 9, 2 / 9, -2 / 9],
        [1 / 90, 1 / 45, 2 / 45],
        [1 / 90, -1 / 45, 2 / 45],
        [32 / 45, 16 / 45, 8 / 45],
        [32 / 45, -16 / 45, 8 / 45],
        [0, 0, 1],
    ],
    dtype=_F,
)
GT = np.ascontiguousarray(G.T)
AT = np.array(
    [
        [1, 1, 1, 1, 1, 1, 1, 0],
        [0, 1, -1, 2, -2, 1 / 2, -1 / 2, 0],
        [0, 1, 1, 4, 4, 1 / 4, 1 / 4, 0],
        [0, 1, -1, 8, -8, 1 / 8, -1 / 8, 0],
        [0, 1, 1, 16, 16, 1 / 16, 1 / 16, 0],
        [0, 1, -1, 32, -32, 1 / 32, -1 / 32, 1],
    ],
    dtype=_F,
)
A = np.ascontiguousarray(AT.T)
TILE, KERNEL, INPUT = 6, 3, 8


def _sizes(op: Operation) -> None:
    for name, want in (("output_tile_size", TILE), ("kernel_size", KERNEL)):
        attr = op.attr(name)
        if not isinstance(attr, IntegerAttr) or attr.value != want:
            raise unsupported(op, f"{name} must be {want} (IREE's only Winograd variant is F(6x6, 3x3))")


def _dims(op: Operation, name: str, allowed: dict[tuple[int, ...], str]) -> str:
    attr = op.attr(name)
    dims = tuple(int(v) for v in attr.values) if isinstance(attr, DenseArrayAttr) else None
    if dims not in allowed:
        raise unsupported(op, f"{name} {dims} is not one of {sorted(allowed)}")
    return allowed[dims]


def _mm(x: np.ndarray, m: np.ndarray, dt: np.dtype, *, left: bool = False) -> np.ndarray:
    """``m @ x`` (``left``) or ``x @ m`` over the last two axes, as IREE's ``linalg.matmul`` of the
    decomposition computes it into a ``dt`` accumulator: f32 in any order; the f32 constant cast to
    ``dt`` as the matmul casts its inputs, then for f16 each product and each partial sum rounded to f16
    in K order, for bf16 the products summed in f32 (K <= 8: one native vector) and rounded once."""
    x = x.astype(_F, copy=False)
    if dt == _F:
        return np.matmul(m, x) if left else np.matmul(x, m)
    m = m.astype(dt).astype(_F)
    if dt != np.float16:
        y = np.matmul(m, x) if left else np.matmul(x, m)
        return y.astype(dt).astype(_F)
    acc: Any = 0
    for k in range(m.shape[1] if left else m.shape[0]):
        # left: out[..., i, j] += m[i, k] * x[..., k, j]; right: out[..., i, j] += x[..., i, k] * m[k, j]
        p = m[:, k][:, None] * x[..., k : k + 1, :] if left else x[..., :, k : k + 1] * m[k, :][None, :]
        acc = _f16(acc + _f16(p))
    return np.asarray(acc, dtype=_F)


_F16_TINY = float(np.finfo(np.float16).tiny)


def _f16(v: np.ndarray) -> np.ndarray:
    """``v`` rounded to f16 as IREE's generic x86 code rounds it: subnormal results flush to a signed zero
    (measured on the filter transform, whose 1/90 and 1/45 rows cancel to below f16's smallest normal)."""
    r = v.astype(np.float16).astype(_F)
    return np.where(np.abs(r) < _F16_TINY, np.copysign(_F(0), r), r).astype(_F, copy=False)


@register_op("iree_linalg_ext.winograd.filter_transform")
def _filter(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    _sizes(op)
    layout = _dims(op, "kernel_dimensions", {(0, 1): "hwcf", (2, 3): "fchw"})
    w, out = np.asarray(args[0]), args[1]
    # Kernel tiles last: (C, F, 3, 3).
    k = w.transpose(2, 3, 0, 1) if layout == "hwcf" else w.transpose(1, 0, 2, 3)
    if k.shape[2:] != (KERNEL, KERNEL):
        raise DispatchError(f"{op.describe()}: the kernel is {k.shape[2:]}, not 3x3")
    y = _mm(_mm(k, GT, out.dtype), G, out.dtype, left=True)  # (C, F, 8, 8)
    result = y.transpose(2, 3, 0, 1)
    if result.shape != tuple(out.shape):
        raise DispatchError(f"{op.describe()}: result {result.shape} is not the init's {out.shape}")
    return [np.ascontiguousarray(result).astype(out.dtype, copy=False)]


@register_op("iree_linalg_ext.winograd.input_transform")
def _input(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    _sizes(op)
    layout = _dims(op, "image_dimensions", {(1, 2): "nhwc", (2, 3): "nchw"})
    x, out = np.asarray(args[0]), args[1]
    img = x if layout == "nhwc" else x.transpose(0, 2, 3, 1)  # (N, H, W, C)
    n, h, w, c = img.shape
    if tuple(out.shape[:3]) != (INPUT, INPUT, n) or out.shape[5] != c:
        raise DispatchError(f"{op.describe()}: init {out.shape} does not fit the image {x.shape}")
    th, tw = out.shape[3], out.shape[4]
    rows, cols = (th - 1) * TILE + INPUT, (tw - 1) * TILE + INPUT
    padded = np.zeros((n, max(rows, h), max(cols, w), c), dtype=_F)
    padded[:, :h, :w, :] = img
    ri = (np.arange(th) * TILE)[:, None] + np.arange(INPUT)  # (H', 8)
    ci = (np.arange(tw) * TILE)[:, None] + np.arange(INPUT)  # (W', 8)
    # tiles[n, h', w', c, i, j] = image[n, 6h' + i, 6w' + j, c]
    tiles = padded[:, ri[:, None, :, None], ci[None, :, None, :], :]  # (N, H', W', 8, 8, C)
    tiles = tiles.transpose(0, 1, 2, 5, 3, 4)
    if out.dtype != _F:
        tiles = tiles.astype(out.dtype).astype(_F)
    y = _mm(_mm(tiles, B, out.dtype), BT, out.dtype, left=True)  # (N, H', W', C, 8, 8)
    return [np.ascontiguousarray(y.transpose(4, 5, 0, 1, 2, 3)).astype(out.dtype, copy=False)]


@register_op("iree_linalg_ext.winograd.output_transform")
def _output(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    _sizes(op)
    layout = _dims(op, "image_dimensions", {(1, 2): "nhwc", (2, 3): "nchw"})
    y, out = np.asarray(args[0]), args[1]
    if tuple(y.shape[:2]) != (INPUT, INPUT):
        raise DispatchError(f"{op.describe()}: input {y.shape} does not start with 8x8 tiles")
    _, _, n, th, tw, f = y.shape
    t = y.transpose(2, 3, 4, 5, 0, 1)  # (N, H', W', F, 8, 8)
    o = _mm(_mm(t, A, out.dtype), AT, out.dtype, left=True)  # (N, H', W', F, 6, 6)
    full = o.transpose(0, 1, 4, 2, 5, 3).reshape(n, th * TILE, tw * TILE, f)  # (N, 6H', 6W', F)
    shape = tuple(out.shape) if layout == "nhwc" else (out.shape[0], out.shape[2], out.shape[3], out.shape[1])
    if shape[0] != n or shape[3] != f or shape[1] > th * TILE or shape[2] > tw * TILE:
        raise DispatchError(f"{op.describe()}: init {out.shape} does not fit the tiles {y.shape}")
    result = full[:, : shape[1], : shape[2], :]
    if layout == "nchw":
        result = result.transpose(0, 3, 1, 2)
    return [np.ascontiguousarray(result).astype(out.dtype, copy=False)]


# Flops of IREE's decomposition per tile: two matmuls each (2 per multiply-add).
_FLOPS = {
    "iree_linalg_ext.winograd.filter_transform": 2 * (KERNEL * KERNEL * INPUT + INPUT * KERNEL * INPUT),
    "iree_linalg_ext.winograd.input_transform": 2 * 2 * INPUT**3,
    "iree_linalg_ext.winograd.output_transform": 2 * (INPUT * INPUT * TILE + TILE * INPUT * TILE),
}


@register_shape(*_FLOPS)
def _winograd_shape(ctx: Context, op: Operation, args: list[Any]) -> list[Any]:
    _sizes(op)
    src, out = args[0], args[1]
    if op.op_name.endswith("filter_transform"):
        tiles = int(np.prod(out.shape[2:]))  # C x F
    elif op.op_name.endswith("input_transform"):
        tiles = int(np.prod(out.shape[2:]))  # N x H' x W' x C
    else:
        tiles = int(np.prod(src.shape[2:]))  # N x H' x W' x F
    flops = _FLOPS[op.op_name] * tiles
    ctx.flops += flops
    key = str(op.operands[0].type.element_type) if hasattr(op.operands[0].type, "element_type") else "f32"
    ctx.flops_by_dtype[key] = ctx.flops_by_dtype.get(key, 0) + flops
    return [Abstract(tuple(out.shape), out.dtype)]
