"""What a dispatch does, estimated from an IREE executable's linalg body: flops, bytes, math function
evaluations and what kind of convolution or matmul it is (:class:`DispatchCost`, :class:`LinalgEstimate`).
:mod:`simulator.costs` prices it.

``2*M*N*K`` flops for contractions, the iteration space times the body's ops for ``linalg.generic``, bytes
of the ``dispatch.tensor.load``/``store`` tiles; each ``math`` function's evaluations once per point of the
loops it depends on (:func:`_loop_invariance`), ``math.powf`` as IREE expands it (:func:`powf_functions`),
software float conversions and arithmetic on 16-bit floats (:func:`conversion`, :func:`soft_arithmetic`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ir import Operation
from ir import types as T
from ir.affine import AffineBinary, AffineDim, AffineExpr
from ir.attributes import AffineMapAttr, ArrayAttr, DenseArrayAttr, FloatAttr, IntegerAttr
from simulator.dispatch_model import TRANSCENDENTAL_FUNCTIONS

# math ops that IREE's CPU backend expands into polynomial approximations (sqrt, fma, abs are single
# instructions and stay ordinary flops).
TRANSCENDENTAL_OPS = frozenset(f"math.{n}" for n in TRANSCENDENTAL_FUNCTIONS)


# Named linalg ops that decompose into one transcendental per output element during codegen.
_TRANSCENDENTAL_LINALG = frozenset({"linalg.softmax"})


def _transcendentals(op: Operation, dynamic: list[int]) -> int:
    """Transcendental evaluations of one top-level linalg op: its iteration space times the
    transcendental ops of its body (one per output element for ``linalg.softmax``)."""
    # (``tanh.f16``, a function evaluated on a 16-bit float, is one of ``tanh``)
    return sum(
        n for f, n in _math_counts(op, dynamic).items() if f"math.{f.split('.', 1)[0]}" in TRANSCENDENTAL_OPS
    )


#: ``math.powf`` exponents IREE's CPU code generator turns into arithmetic (MLIR's math expansion, which
#: IREE's MathTransform pass applies to powf: ``x * x`` for 2, ``sqrt(x)`` for 0.5, ...), with the math
#: functions left; any other exponent becomes ``exp(y * log(x))``.
_POWF_EXPONENTS: dict[float, dict[str, int]] = {
    0.0: {},
    1.0: {},
    -1.0: {},
    2.0: {},
    -2.0: {},
    3.0: {},
    0.5: {"sqrt": 1},
    -0.5: {"rsqrt": 1},
}


def powf_functions(op: Operation) -> dict[str, int]:
    """The math functions one ``math.powf`` evaluates in IREE's CPU code: none or a square root for a
    constant exponent IREE expands into arithmetic (:data:`_POWF_EXPONENTS`), else an ``exp`` and a
    ``log``."""
    exponent = op.operands[1].defining_op if len(op.operands) > 1 else None
    if exponent is not None and exponent.op_name == "arith.constant":
        value = exponent.attr("value")
        if isinstance(value, FloatAttr) and value.value in _POWF_EXPONENTS:
            return dict(_POWF_EXPONENTS[value.value])
    return {"exp": 1, "log": 1}


#: Float types IREE's CPU code converts to and from in software on a target without native support
#: (its generic x86-64 target): each ``arith.extf``/``arith.truncf`` of one is a routine of tens of
#: instructions (f32 -> f16 measured at 6 ns an element, bf16 at 0.2-2), not one instruction.
SOFT_FLOATS = frozenset({"f16", "bf16"})


def conversion(op: Operation) -> str | None:
    """The name a float conversion of a :data:`SOFT_FLOATS` type is priced by (``extf.f16``,
    ``truncf.bf16``: a function of the fitted model's ``ns_per_math``, which a model without it prices
    at nothing), or None for any other op."""
    if op.op_name not in ("arith.extf", "arith.truncf") or not op.operands or not op.results:
        return None
    narrow = op.operands[0].type if op.op_name == "arith.extf" else op.results[0].type
    name = _dtype_name(narrow)
    return f"{op.op_name[len('arith.') :]}.{name}" if name in SOFT_FLOATS else None


#: Float arithmetic ops that IREE's generic x86-64 code does in software on a :data:`SOFT_FLOATS` type:
#: each operand widened to f32, the op, the result narrowed again (about 20 ns an op for f16).
SOFT_ARITH = frozenset(
    f"arith.{n}"
    for n in ("addf", "subf", "mulf", "divf", "remf", "negf", "maximumf", "minimumf", "maxnumf", "minnumf")
)


def soft_arithmetic(op: Operation) -> str | None:
    """The name an arithmetic op on a :data:`SOFT_FLOATS` type is priced by (``arith.f16``,
    ``arith.bf16``: a function of the fitted model's ``ns_per_math``, which a model without it prices at
    nothing), or None for any other op."""
    if op.op_name not in SOFT_ARITH or not op.results:
        return None
    name = _dtype_name(op.results[0].type)
    return f"arith.{name}" if name in SOFT_FLOATS else None


def _math_counts(op: Operation, dynamic: list[int]) -> dict[str, int]:
    """Evaluations of each ``math`` function (``exp``, ``rsqrt``, ``roundeven``, ...), each
    software float conversion (:func:`conversion`: ``extf.f16``) and each software arithmetic op on a
    16-bit float (:func:`soft_arithmetic`: ``arith.f16``) by one top-level linalg op: its
    iteration space times that function's ops in the body; ``linalg.softmax`` evaluates one ``exp`` per
    output element."""
    if op.op_name in _TRANSCENDENTAL_LINALG:
        out_t = op.results[0].type if op.results else None
        return {"exp": math.prod(_dims(out_t, dynamic))} if out_t is not None else {}
    counts: dict[str, int] = {}
    evaluations = None
    for inner in op.walk():
        converted = conversion(inner) or soft_arithmetic(inner)
        if converted is not None:
            functions = {converted: 1}
        elif inner.op_name.startswith("math."):
            functions = (
                powf_functions(inner) if inner.op_name == "math.powf" else {inner.op_name[len("math.") :]: 1}
            )
            # On a 16-bit float IREE expands the function's polynomial in that type, each of its ops a
            # software routine (:func:`soft_arithmetic`): ``tanh.f16`` is priced apart from ``tanh``.
            soft = _dtype_name(inner.results[0].type) if inner.results else ""
            suffix = f".{soft}" if soft in SOFT_FLOATS else ""
            functions = {name + suffix: n for name, n in functions.items()}
        else:
            continue
        if evaluations is None:
            evaluations = _loop_invariance(op, dynamic)
        times = evaluations(inner)
        for name, n in functions.items():
            counts[name] = counts.get(name, 0) + times * n
    return counts


def _loop_invariance(op: Operation, dynamic: list[int]) -> Callable[[Operation], int]:
    """How many times each op of the body of the top-level linalg op ``op`` is evaluated: once per point
    of the loops up to the innermost one its operands depend on (LLVM hoists it out of the loops inside
    that one: layer normalization's ``rsqrt(var[i])`` over a ``16 x 64`` space is 16 evaluations, not
    1024). A block argument depends on the loops of its operand's indexing map, an output one also on
    every reduction loop (it carries the reduction), ``linalg.index`` on its loop, a value from outside
    the body on none. The loops run in the order of the iteration space's dimensions (``d0`` outermost).
    An op without a ``linalg.generic``-like body on tensors (indexing maps beside a one-block region,
    results) is evaluated at every point."""
    extents = _loop_extents(op, dynamic)
    space = _iteration_space(op, dynamic)
    maps = op.attr("indexing_maps")
    iterators = op.attr("iterator_types")
    if (
        not extents
        or not isinstance(maps, ArrayAttr)
        or not isinstance(iterators, ArrayAttr)
        or len(op.regions) != 1
        or len(op.regions[0].blocks) != 1
        or not op.results
    ):
        return lambda inner: space
    loops = len(iterators.elements)
    reductions = {i for i, it in enumerate(iterators.elements) if "reduction" in str(it)}
    block = op.regions[0].blocks[0]
    outputs_from = len(op.operands) - len(op.results)
    loops_of: dict[int, frozenset[int]] = {}
    everything = frozenset(range(loops))
    for arg, m in zip(block.args, maps.elements):
        if not isinstance(m, AffineMapAttr):
            loops_of[id(arg)] = everything
            continue
        used = frozenset().union(*(_dims_of(e) for e in m.value.results))
        loops_of[id(arg)] = used | reductions if arg.index >= outputs_from else used
    # The loops each op of the body depends on, in the body's order (its operands are defined first).
    depends: dict[int, frozenset[int]] = {}
    for inner in op.walk():
        if inner is op:
            continue
        if inner.parent is not block or inner.regions:
            # An op of a nested region (an scf.if's), or one holding a region, varies with every loop.
            used = everything
        elif inner.op_name == "linalg.index":
            dim = inner.attr("dim")
            used = frozenset({dim.value}) if isinstance(dim, IntegerAttr) else everything
        else:
            used = frozenset().union(*(loops_of.get(id(v), frozenset()) for v in inner.operands))
        depends[id(inner)] = used
        for result in inner.results:
            loops_of[id(result)] = used
    cache: dict[frozenset[int], int] = {}

    def evaluations(inner: Operation) -> int:
        used = depends.get(id(inner), everything)
        found = cache.get(used)
        if found is None:
            innermost = max(used, default=-1)
            found = cache[used] = math.prod(extents.get(d, 1) for d in range(innermost + 1))
        return found

    return evaluations


@dataclass(frozen=True, slots=True)
class DispatchCost:
    """What a dispatch does: floating/integer ops and bytes moved, and the element type of its math."""

    flops: int
    bytes_read: int
    bytes_written: int
    dtype: str = "f32"
    # Transcendental function evaluations (math.exp, math.tanh, ...): IREE's CPU backend expands each
    # into tens of instructions, so a fitted model prices them apart from flops.
    transcendentals: int = 0
    # Evaluations of each math function by name (``("exp", 4096), ("rsqrt", 64)``, sorted): their
    # costs differ by two orders of magnitude (rsqrt is one instruction, erf a long polynomial), so a
    # fitted model prices each function apart (``ns_per_math``).
    math: tuple[tuple[str, int], ...] = ()
    # The rows of the costliest matmul whose result has a dynamic number of rows (``tensor<?x64xf32>``),
    # 0 when the dispatch has none: IREE's code tiles those rows by a vector tile fixed at compile time,
    # and a fitted model pays the remainder as a whole tile (:func:`simulator.dispatch_model.tile_factor`).
    dynamic_rows: int = 0
    # What the body says a convolution is (:func:`conv_kind`): ``pool``, ``grouped``, ``depthwise``; or
    # ``tiled``, a data-tiled matmul (:func:`matmul_kind`); or "" (a plain convolution or matmul, or none).
    kind: str = ""
    # The dispatch's workload operands (``stream.cmd.dispatch @exe::@export[%n]``): the extents of a
    # shape IREE's export name leaves dynamic (``matmul_Dx64x64``), for its workgroup count
    # (:func:`simulator.calibration.tiles.workgroup_count`); () when it has none.
    workload: tuple[int, ...] = ()


def ceil_ns(seconds: float) -> int:
    return max(0, math.ceil(seconds * 1e9 - 1e-6))


# -- estimating IREE executables from their linalg bodies -------------------------------------------

_LOAD = "iree_tensor_ext.dispatch.tensor.load"
_STORE = "iree_tensor_ext.dispatch.tensor.store"


def _dtype_name(t: T.Type) -> str:
    return str(t)


def _dims(t: T.Type, dynamic: list[int]) -> list[int]:
    """Static dims of a shaped type; each dynamic dim takes the next workload value (else 1)."""
    if not isinstance(t, T.TensorType) or t.shape is None:
        return []
    out = []
    k = 0
    for d in t.shape:
        if d == T.DYNAMIC:
            out.append(dynamic[k] if k < len(dynamic) else 1)
            k += 1
        else:
            out.append(d)
    return out


def _nbytes(t: T.Type, dynamic: list[int]) -> int:
    if not isinstance(t, T.TensorType):
        return 0
    return math.prod(_dims(t, dynamic)) * T.element_byte_size(t.element_type)


def _loop_extents(op: Operation, dynamic: list[int]) -> dict[int, int]:
    """Each loop's extent (by dimension position) of a linalg op with ``indexing_maps``, from the
    operands its maps index with that loop alone; empty without maps."""
    maps = op.attr("indexing_maps")
    sizes: dict[int, int] = {}
    if isinstance(maps, ArrayAttr):
        for value, m in zip(op.operands, maps):
            if not isinstance(m, AffineMapAttr):
                continue
            for extent, expr in zip(_dims(value.type, dynamic), m.value.results):
                if isinstance(expr, AffineDim):
                    sizes[expr.position] = max(sizes.get(expr.position, 1), extent)
    return sizes


def _iteration_space(op: Operation, dynamic: list[int]) -> int:
    sizes = _loop_extents(op, dynamic)
    if sizes:
        return math.prod(sizes.values())
    return max((math.prod(_dims(v.type, dynamic)) for v in op.operands), default=1)


def _linalg_flops(op: Operation, dynamic: list[int]) -> tuple[int, str | None]:
    name = op.op_name
    ins = [v for v in op.operands if isinstance(v.type, T.TensorType)]
    out_t = op.results[0].type if op.results else (ins[-1].type if ins else None)
    out_n = math.prod(_dims(out_t, dynamic)) if out_t is not None else 0
    in_dtype = _dtype_name(getattr(ins[0].type, "element_type", ins[0].type)) if ins else None
    if name == "linalg.fill" or name == "linalg.copy" or name == "linalg.transpose":
        return 0, None
    if "matmul" in name or "matvec" in name or "vecmat" in name or name.endswith(".dot"):
        k = _dims(ins[0].type, dynamic)[-1] if ins and _dims(ins[0].type, dynamic) else 1
        if "transpose_a" in name:
            k = _dims(ins[0].type, dynamic)[-2]
        return 2 * out_n * k, in_dtype
    if "conv" in name and len(ins) >= 2:
        fdims = _dims(ins[1].type, dynamic)
        window = math.prod(fdims[:-1]) if len(fdims) > 1 else 1
        return 2 * out_n * window, in_dtype
    if name == "linalg.generic":
        body_ops = sum(
            1 for inner in op.walk() if inner is not op and inner.op_name.split(".")[0] in ("arith", "math")
        )
        return _iteration_space(op, dynamic) * max(1, body_ops), in_dtype
    return out_n, in_dtype


_MULTIPLIES = frozenset({"arith.mulf", "arith.muli"})


def _dims_of(expr: AffineExpr) -> set[int]:
    if isinstance(expr, AffineDim):
        return {expr.position}
    if isinstance(expr, AffineBinary):
        return _dims_of(expr.lhs) | _dims_of(expr.rhs)
    return set()


def conv_kind(op: Operation) -> str:
    """What kind of convolution the top-level linalg op ``op`` is: ``pool`` (a window reduced without
    a multiply: ``linalg.pooling_*``, or a ``linalg.generic`` whose input is indexed by a sum of two
    loops, ``d1 * 2 + d4``, and whose body multiplies nothing); with a multiply and a loop that indexes
    every operand, ``grouped`` (that loop is the group, and an input channel is reduced with the
    window) or ``depthwise`` (that loop is the channel: no input channel is reduced); ``plain`` (any
    other convolution) or ``""`` (no convolution)."""
    name = op.op_name
    if name.startswith("linalg.pooling_"):
        return "pool"
    if name.startswith("linalg.depthwise_conv"):
        return "depthwise"
    if any(g in name for g in ("_ngchw", "_nhwgc", "_gnchw", "_ngcdhw")):
        return "grouped"
    if name.startswith("linalg.conv_"):
        return "plain"
    if name != "linalg.generic":
        return ""
    maps = op.attr("indexing_maps")
    if not isinstance(maps, ArrayAttr):
        return ""
    results = [m.value.results for m in maps if isinstance(m, AffineMapAttr)]
    windowed = any(
        isinstance(e, AffineBinary) and e.op == "+" and len(_dims_of(e)) == 2 for r in results[:-1] for e in r
    )
    if not windowed:
        return ""
    if not any(inner.op_name in _MULTIPLIES for inner in op.walk() if inner is not op):
        return "pool"
    dims = [set().union(*(_dims_of(e) for e in r)) for r in results]
    if not dims or not set.intersection(*dims):
        return "plain"
    # A loop of every operand (the group) beside an input channel reduced with the window is a grouped
    # convolution; without one (each output channel reads one input channel) a depthwise one.
    reduced = set.intersection(*dims[:-1]) - dims[-1] if len(dims) > 1 else set()
    plain_input_dims = {e.position for e in results[0] if isinstance(e, AffineDim)}
    return "grouped" if reduced & plain_input_dims else "depthwise"


def matmul_kind(op: Operation) -> str:
    """``tiled`` when the top-level linalg op ``op`` is a data-tiled contraction (``--iree-opt-data-tiling``:
    a ``linalg.mmt4d``, or a contraction on operands whose tensor types carry an ``#iree_encoding``,
    which IREE's CPU backend turns into one on packed tiles), else ``""``."""
    name = op.op_name
    if "mmt4d" in name:
        return "tiled"
    contraction = "matmul" in name or "matvec" in name or "vecmat" in name or name == "linalg.contract"
    if contraction and any(getattr(v.type, "encoding", None) is not None for v in op.operands):
        return "tiled"
    return ""


def winograd_kind(op: Operation) -> str:
    """``exact`` when Winograd's input transform ``op`` (``iree_linalg_ext.winograd.input_transform``)
    reads whole 8x8 windows only (each image extent is ``6 * tiles + 2``), else ``""``: IREE's code pads
    the windows that pass the image's edge, and runs then about five times slower per tile."""
    if len(op.operands) < 2:
        return ""
    image, tiles = op.operands[0].type, op.operands[1].type
    dims = op.attr("image_dimensions")
    if not isinstance(image, T.TensorType) or not isinstance(tiles, T.TensorType):
        return ""
    if image.shape is None or tiles.shape is None or len(tiles.shape) != 6:
        return ""
    positions = [int(v) for v in dims.values] if isinstance(dims, DenseArrayAttr) else [1, 2]
    extents = [image.shape[d] if 0 <= d < len(image.shape) else T.DYNAMIC for d in positions]
    fits = [e != T.DYNAMIC and e == 6 * t + 2 for e, t in zip(extents, tiles.shape[3:5])]
    return "exact" if len(fits) == 2 and all(fits) else ""


class LinalgEstimate:
    """The cost of an IREE executable function, estimated from its body; call with the workload."""

    def __init__(self, func: Operation) -> None:
        self.func = func
        self._cache: dict[tuple[int, ...], DispatchCost] = {}

    def __call__(self, workload: list[int]) -> DispatchCost:
        key = tuple(workload)
        cost = self._cache.get(key)
        if cost is None:
            cost = self._cache[key] = self._estimate(list(workload))
        return cost

    def _estimate(self, dynamic: list[int]) -> DispatchCost:
        read = written = flops = transcendentals = 0
        functions: dict[str, int] = {}
        dtype: str | None = None
        kinds: list[str] = []
        for op in self.func.walk():
            name = op.op_name
            if name == _LOAD:
                read += _nbytes(op.results[0].type, dynamic)
            elif name == _STORE:
                written += _nbytes(op.operands[0].type, dynamic)
            elif name == "iree_linalg_ext.winograd.input_transform":
                kinds.append(winograd_kind(op))
            elif name.startswith("linalg.") and name != "linalg.yield" and op.parent_op is not None:
                if op.parent_op.op_name.startswith("linalg."):
                    continue
                f, dt = _linalg_flops(op, dynamic)
                kinds.append(conv_kind(op) or matmul_kind(op))
                flops += f
                transcendentals += _transcendentals(op, dynamic)
                for function, n in _math_counts(op, dynamic).items():
                    functions[function] = functions.get(function, 0) + n
                if f and dtype is None and dt is not None:
                    dtype = dt
        # A dispatch with a plain convolution is one (a pooling fused into it does not make it one).
        kind = "" if "plain" in kinds else next((k for k in kinds if k), "")
        return DispatchCost(
            flops, read, written, dtype or "f32", transcendentals, tuple(sorted(functions.items())), kind=kind
        )


def describe_cost(cost: DispatchCost) -> dict[str, Any]:
    return {"flops": cost.flops, "bytes_read": cost.bytes_read, "bytes_written": cost.bytes_written}
