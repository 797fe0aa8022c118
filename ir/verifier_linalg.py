"""Rules of the structured ops in dispatch bodies (upstream linalg and IREE's iree_linalg_ext), as their
verifiers in MLIR and in IREE's LinalgExtOps.cpp state them.

Only the rules that hold for every op of a family are checked here:

- destination style (MLIR's DestinationStyleOpInterface): on tensors, result ``i`` has the type of init
  ``i``; the inits are the ``outs`` segment, or for the iree_linalg_ext ops without segments the last
  operands, one per result;
- ``linalg.generic`` (MLIR's IndexingMapOpInterface::verifyImpl): one indexing map per operand, without
  symbols, with as many results as its operand's rank; the maps' concatenation invertible (each loop is a
  plain dimension of some operand); and, when every loop's extent is static, each operand's static
  dimensions as the loops imply: equal where the map's result is a plain loop dimension, at least the
  largest index reached elsewhere (a window ``d0 + d1``), never a negative index. Then
  (LinalgStructuredInterface) each map has one dimension per iterator type, and one region argument per input and init, each of its operand's element type
  (or the operand's own type for a scalar);
- named contractions (``linalg.matmul``, ``batch_matmul``, ``matvec``, ``vecmat``, ``dot``, ``batch_matvec``,
  ``batch_vecmat``): the shape rule of ``linalg.generic`` on their maps, explicit or the op's defaults;
- every structured op (generic, the named contractions, fill, convolutions, poolings): one region argument
  per operand, of its element type (LinalgStructuredInterface);
- ``linalg.softmax`` (MLIR's SoftmaxOp::verify): the output's shape compatible with the input's, the
  dimension within the rank;
- ``linalg.index``: its dimension is below the loop count of the linalg op around it;
- ``iree_linalg_ext.scatter``/``gather``: the dimension map is a permutation of ``0..n-1``;
- ``iree_linalg_ext.sort`` (IREE's SortOp::verify, in its order, on entering the op: before its block's
  terminator is checked and before the destination-style rule): no inputs, at least one init, two
  comparator arguments per init, the sorted dimension within the rank, every init of the first one's rank
  and shape with its two arguments of its element type, and the comparator yields one i1;
- ``iree_linalg_ext.winograd.filter_transform`` / ``input_transform`` / ``output_transform`` (IREE's
  Winograd*TransformOp::verify, on entering the op): element types, ranks, the kernel or image dimensions
  and the output shape each layout implies.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NoReturn

from ir.affine import AffineDim, AffineMap
from ir.attributes import AffineMapAttr, ArrayAttr, DenseArrayAttr, IntegerAttr
from ir.core import Operation
from ir.errors import VerifyError
from ir.types import DYNAMIC, TensorType, Type

#: iree_linalg_ext ops without operand segments whose inits are their last operands, one per result.
_INITS_LAST = frozenset(
    {
        "iree_linalg_ext.scan",
        "iree_linalg_ext.scatter",
        "iree_linalg_ext.gather",
        "iree_linalg_ext.topk",
        "iree_linalg_ext.attention",
    }
)


def _segments(op: Operation) -> tuple[int, ...] | None:
    attr = op.properties.get("operandSegmentSizes") or op.attributes.get("operandSegmentSizes")
    if not isinstance(attr, DenseArrayAttr):
        return None
    return tuple(int(v) for v in attr.values)


#: Ops whose inits are some of their operand segments (by segment index): arg_compare's
#: (input, input index base, init value, init index, comparator operands).
_INIT_SEGMENTS = {"iree_linalg_ext.arg_compare": (2, 3)}


def _inits(op: Operation) -> tuple[int, ...] | None:
    """The operand indices of ``op``'s inits, or None where the family's layout does not say."""
    n = len(op.operands)
    if op.op_name in _INITS_LAST:
        r = len(op.results)
        return tuple(range(n - r, n)) if 0 < r <= n else None
    segments = _segments(op)
    chosen = _INIT_SEGMENTS.get(op.op_name)
    if chosen is not None:
        if segments is None or sum(segments) != n or max(chosen) >= len(segments):
            return None
        starts = [sum(segments[:k]) for k in range(len(segments))]
        return tuple(i for k in chosen for i in range(starts[k], starts[k] + segments[k]))
    if segments is None or len(segments) != 2 or sum(segments) != n:
        return None
    return tuple(range(segments[0], n))


def _verify_dps(op: Operation) -> None:
    inits = _inits(op)
    if inits is None:
        return
    tensor_inits = [i for i in inits if isinstance(op.operands[i].type, TensorType)]
    for i, result in zip(tensor_inits, op.results, strict=False):
        want = op.operands[i].type
        if result.type != want:
            raise VerifyError(
                f"{op.op_name}: expected type of operand #{i} ('{want}') to match type of corresponding result "
                f"('{result.type}')",
                location=op.location,
            )


def _element(t: Type) -> Type:
    return t.element_type if isinstance(t, TensorType) else t


def _shape(t: Type) -> tuple[int, ...] | None:
    """An operand's static shape as the interface sees it: () for a scalar, None where unranked/unknown."""
    if isinstance(t, TensorType):
        return t.shape
    return () if not hasattr(t, "shape") else None


def _failer(op: Operation) -> Callable[[str], NoReturn]:
    """A function raising ``op``'s VerifyError with a message, at its location."""

    def fail(message: str) -> NoReturn:
        raise VerifyError(f"{op.op_name}: {message}", location=op.location)

    return fail


def _explicit_maps(op: Operation) -> list[AffineMap] | None:
    attr = op.attr("indexing_maps")
    if not isinstance(attr, ArrayAttr) or not all(isinstance(m, AffineMapAttr) for m in attr.elements):
        return None
    return [m.value for m in attr.elements if isinstance(m, AffineMapAttr)]


def _dims_map(num_dims: int, *positions: int) -> AffineMap:
    return AffineMap(num_dims, 0, tuple(AffineDim(p) for p in positions))


#: The indexing maps a named contraction op has when it carries none (MLIR's LinalgNamedStructuredOps:
#: matmul (m, n, k), batch_matmul (b, m, n, k), matvec (m, k), vecmat (n, k), dot (k), batch_matvec
#: (b, m, k), batch_vecmat (b, n, k)).
_DEFAULT_MAPS: dict[str, tuple[AffineMap, ...]] = {
    "linalg.matmul": (_dims_map(3, 0, 2), _dims_map(3, 2, 1), _dims_map(3, 0, 1)),
    "linalg.batch_matmul": (_dims_map(4, 0, 1, 3), _dims_map(4, 0, 3, 2), _dims_map(4, 0, 1, 2)),
    "linalg.matvec": (_dims_map(2, 0, 1), _dims_map(2, 1), _dims_map(2, 0)),
    "linalg.vecmat": (_dims_map(2, 1), _dims_map(2, 1, 0), _dims_map(2, 0)),
    "linalg.dot": (_dims_map(1, 0), _dims_map(1, 0), _dims_map(1)),
    "linalg.batch_matvec": (_dims_map(3, 0, 1, 2), _dims_map(3, 0, 2), _dims_map(3, 0, 1)),
    "linalg.batch_vecmat": (_dims_map(3, 0, 2), _dims_map(3, 0, 2, 1), _dims_map(3, 0, 1)),
}


def _verify_contraction(op: Operation) -> None:
    """A named contraction (matmul, batch_matmul, matvec, vecmat, dot, batch_matvec, batch_vecmat): its
    indexing maps, explicit or the op's defaults, checked against the operands' shapes as for
    linalg.generic (MLIR's LinalgStructuredInterface/IndexingMapOpInterface)."""
    _verify_dps(op)
    maps = _explicit_maps(op)
    if maps is None and len(op.operands) == 3:
        maps = list(_DEFAULT_MAPS[op.op_name])
    if maps is not None:
        _verify_indexing_maps(op, maps)
    _verify_region_args(op)


def _verify_named(op: Operation) -> None:
    """A named structured op without a shape rule here (fill, convolutions, poolings): destination style and
    the interface's region arguments."""
    _verify_dps(op)
    _verify_region_args(op)


def _verify_indexing_maps(op: Operation, maps: list[AffineMap] | None = None) -> None:
    """MLIR's IndexingMapOpInterface::verifyImpl, in its order (``maps``: the op's own by default)."""
    if maps is None:
        maps = _explicit_maps(op)
        if maps is None:
            return

    fail = _failer(op)

    if len(maps) != len(op.operands):
        fail(
            f"expected the number of indexing_map ({len(maps)}) to be equal to the number of input/output "
            f"operands ({len(op.operands)})"
        )
    shapes: list[tuple[int, ...]] = []
    for i, (m, operand) in enumerate(zip(maps, op.operands)):
        shape = _shape(operand.type)
        if shape is None:
            return
        if m.num_symbols:
            fail(f"unexpected symbols in indexing_map #{i}")
        if len(m.results) != len(shape):
            fail(f"expected operand #{i} rank ({len(shape)}) to match the result rank of indexing_map ({len(m.results)})")
        shapes.append(shape)
    # The loops-to-shapes map is the maps' results one after another (over the most dims of any map); its
    # inverse gives each loop the first operand dimension that is exactly that loop.
    num_loops = max((m.num_dims for m in maps), default=0)
    flat = [(e, size) for m, shape in zip(maps, shapes) for e, size in zip(m.results, shape)]
    ranges: list[int | None] = [None] * num_loops
    for e, size in flat:
        if isinstance(e, AffineDim) and e.position < num_loops and ranges[e.position] is None:
            ranges[e.position] = size
    if any(r is None for r in ranges):
        concat = AffineMap(num_loops, 0, tuple(e for e, _ in flat))
        fail(f"invalid indexing maps are non-invertible: ({concat})")
    ends = [int(r) - 1 for r in ranges if r is not None]
    if any(r == DYNAMIC for r in ranges):
        return
    starts = [0] * num_loops
    for i, (m, shape) in enumerate(zip(maps, shapes)):
        first, last = m.evaluate(starts[: m.num_dims]), m.evaluate(ends[: m.num_dims])
        for d, size in enumerate(shape):
            if size == DYNAMIC or size == 0:
                continue
            inferred = max(first[d], last[d]) + 1
            if min(first[d], last[d]) < 0:
                fail(f"unexpected result less than 0 at expression #{d} in {m}")
            if isinstance(m.results[d], AffineDim):
                if inferred != size:
                    fail(f"inferred input/output operand #{i} has shape's dimension #{d} to be {inferred}, but found {size}")
            elif inferred > size:
                fail(
                    f"inferred input/output operand #{i} has shape's dimension #{d} to be greater than or equal to "
                    f"{inferred}, but found {size}"
                )


def _verify_loop_domain(op: Operation) -> None:
    """LinalgStructuredInterface: every indexing map has one dimension per loop (iterator type)."""
    attr, iterators = op.attr("indexing_maps"), op.attr("iterator_types")
    if not isinstance(attr, ArrayAttr) or not isinstance(iterators, ArrayAttr):
        return
    loops = len(iterators.elements)
    for i, m in enumerate(attr.elements):
        if isinstance(m, AffineMapAttr) and m.value.num_dims != loops:
            raise VerifyError(
                f"{op.op_name}: expected indexing_map #{i} to have {loops} dim(s) to match the number of loops",
                location=op.location,
            )


def _verify_generic(op: Operation) -> None:
    _verify_dps(op)
    _verify_indexing_maps(op)
    _verify_loop_domain(op)
    _verify_region_args(op)


def _verify_region_args(op: Operation) -> None:
    """LinalgStructuredInterface (every linalg structured op, named ones too): one region argument per input
    and init, each of its operand's element type (or the operand's own type for a scalar)."""
    if not op.regions or not op.regions[0].blocks:
        return
    args = op.regions[0].blocks[0].args
    if len(args) != len(op.operands):
        raise VerifyError(
            f"{op.op_name}: expected as many non-induction variable region arguments as the number of "
            f"input/output operands ({len(args)} arguments, {len(op.operands)} operands)",
            location=op.location,
        )
    for i, (arg, operand) in enumerate(zip(args, op.operands, strict=True)):
        want = _element(operand.type)
        if arg.type != want:
            raise VerifyError(
                f"{op.op_name}: expected type of bb argument #{i} ('{arg.type}') to match element or self type "
                f"of the corresponding operand ('{want}')",
                location=op.location,
            )


def _verify_index(op: Operation) -> None:
    dim = op.attr("dim")
    if not isinstance(dim, IntegerAttr):
        return
    parent = op.parent_op
    while parent is not None and not parent.op_name.startswith("linalg."):
        parent = parent.parent_op
    if parent is None:
        raise VerifyError(f"{op.op_name}: expected parent op with LinalgOp interface", location=op.location)
    iterators = parent.attr("iterator_types")
    if not isinstance(iterators, ArrayAttr):
        return
    loops = len(iterators.elements)
    if not 0 <= dim.value < loops:
        raise VerifyError(
            f"{op.op_name}: expected dim ({dim.value}) to be lower than the number of loops ({loops}) of the "
            "enclosing LinalgOp",
            location=op.location,
        )


def _verify_dimension_map(op: Operation) -> None:
    _verify_dps(op)
    attr = op.attr("dimension_map")
    if not isinstance(attr, DenseArrayAttr):
        return
    seen: set[int] = set()
    values = [int(v) for v in attr.values]
    for i, d in enumerate(values):
        if not 0 <= d < len(values) or d in seen:
            why = "is out of bounds" if not 0 <= d < len(values) else "is a duplicate"
            raise VerifyError(
                f"{op.op_name}: dimension map is invalid: element ({d}) at index#{i} {why}",
                location=op.location,
            )
        seen.add(d)
    if not values:
        raise VerifyError(f"{op.op_name}: dimension map must have at least one element", location=op.location)


def _verify_sort(op: Operation) -> None:
    """IREE's SortOp::verify (the op's own verifier: checked on entering the op, before its region)."""
    segments = _segments(op)
    if segments is None or len(segments) != 2 or sum(segments) != len(op.operands):
        return

    fail = _failer(op)

    if segments[0]:
        fail("does not expect to take any inputs")
    inits = [v.type for v in op.operands[segments[0] :]]
    if not inits:
        fail("expected at least one `outs` operand")
    if not op.regions or not op.regions[0].blocks:
        return
    block = op.regions[0].blocks[0]
    if len(block.args) != 2 * len(inits):
        fail(f"region block should have {2 * len(inits)} arguments")
    first = inits[0]
    if not all(isinstance(t, TensorType) and t.shape is not None for t in inits):
        return
    assert isinstance(first, TensorType) and first.shape is not None
    rank = len(first.shape)
    dim = op.attr("dimension")
    sort_dim = dim.value if isinstance(dim, IntegerAttr) else 0
    if not 0 <= sort_dim < rank:
        fail(f"dimension must be within (0, {rank}]")
    for index, t in enumerate(inits):
        assert isinstance(t, TensorType) and t.shape is not None
        if len(t.shape) != rank:
            fail(f"expected operand {index} to be rank {rank}, same as other operands")
        if t.shape != first.shape:
            fail(f"expected operand {index} to have same shape as other operands")
        for i in (2 * index, 2 * index + 1):
            if block.args[i].type != t.element_type:
                fail(
                    f"region block argument #{i} should be of type '{t.element_type}' but got '{block.args[i].type}'"
                )
    # IREE reads the block's last op as its yield before MLIR checks the block's terminator (on leaving
    # the block): a comparator that lost its yield is reported on its last op's operands, as iree-opt does.
    term = block.ops[-1] if block.ops else None
    if term is None:
        return
    if len(term.operands) != 1:
        fail("should yield exactly one operand")
    if str(term.operands[0].type) != "i1":
        fail("should yield i1 type")


def _compatible(a: int, b: int) -> bool:
    return a == b or DYNAMIC in (a, b)


def _fits(expected: list[int | None], actual: tuple[int, ...]) -> bool:
    """MLIR's verifyCompatibleShape for an expected shape whose unknown dimensions are None (a computed
    extent may be negative, so it cannot use DYNAMIC, which is -1)."""
    return len(expected) == len(actual) and all(
        e is None or a == DYNAMIC or e == a for e, a in zip(expected, actual)
    )


def _winograd(op: Operation) -> tuple[tuple[int, ...], tuple[int, ...], Type, Type, int, int] | None:
    """A winograd transform's static-rank input and output shapes, their element types, its kernel size and
    output tile size; None when an operand is not a ranked tensor or a size not an integer."""
    if len(op.operands) != 2:
        return None
    src, dst = op.operands[0].type, op.operands[1].type
    if not (isinstance(src, TensorType) and isinstance(dst, TensorType)) or src.shape is None or dst.shape is None:
        return None
    k_attr, t_attr = op.attr("kernel_size"), op.attr("output_tile_size")
    if not isinstance(k_attr, IntegerAttr) or not isinstance(t_attr, IntegerAttr):
        return None
    return src.shape, dst.shape, src.element_type, dst.element_type, k_attr.value, t_attr.value


def _dims(op: Operation, name: str) -> list[int] | None:
    attr = op.attr(name)
    return [int(v) for v in attr.values] if isinstance(attr, DenseArrayAttr) else None


def _check_elements_and_rank(
    fail: Callable[[str], NoReturn], src: tuple[int, ...], dst: tuple[int, ...], src_elem: Type, dst_elem: Type
) -> None:
    """The first checks of IREE's winograd filter and input transforms: one element type, an input of rank 2 or
    4, and a rank-2 output for a rank-2 input."""
    if src_elem != dst_elem:
        fail("expected input/output element types to be identical")
    if len(src) not in (2, 4):
        fail("expected input operand to have rank either 2 or 4")
    if len(src) == 2 and len(dst) != 2:
        fail("expected output operand to have rank 2 if input is of rank 2")


def _verify_winograd_filter(op: Operation) -> None:
    """IREE's WinogradFilterTransformOp::verify: one element type; a 2-D kernel (then a tile x tile output) or a
    4-D one with its two kernel dimensions [0, 1] (HWCF: the output is tile x tile x C x F) or [2, 3] (FCHW: the
    output is tile x tile x C x F too, the input's two other dimensions swapped)."""
    found = _winograd(op)
    if found is None:
        return
    src, dst, src_elem, dst_elem, kernel, out_tile = found
    tile = out_tile + kernel - 1

    fail = _failer(op)

    _check_elements_and_rank(fail, src, dst, src_elem, dst_elem)
    if len(src) == 2:
        if not _fits([kernel, kernel], src):
            fail("expected input dims to be equal to kernel size if input is of rank 2")
        if not _fits([tile, tile], dst):
            fail("expected output dims equal to input tile size if input is of rank 2")
        return
    if len(dst) != len(src):
        fail("expected output rank to be equal to input rank")
    dims = _dims(op, "kernel_dimensions")
    if dims is None:
        return
    if len(dims) != 2:
        fail("expected only 2 kernel dimensions")
    if dims not in ([0, 1], [2, 3]):
        fail("expect kernel dimensions to be either [0, 1] or [2, 3]")
    if any(src[d] != kernel for d in dims):
        fail("expect all kernel dimensions to have the kernel size")
    rest: list[int | None] = [None if src[i] == DYNAMIC else src[i] for i in range(4) if i not in dims]
    if dims == [2, 3]:
        rest.reverse()  # F x C -> C x F
    if not _fits([tile, tile, *rest], dst):
        fail("incompatible output shape")


def _image_layout(op: Operation, fail: Callable[[str], None]) -> list[int]:
    """The image dimensions of a winograd input/output transform: [1, 2] (NHWC) or [2, 3] (NCHW)."""
    dims = _dims(op, "image_dimensions") or []
    if len(dims) != 2:
        fail("expected only 2 image dimensions")
    if dims not in ([1, 2], [2, 3]):
        fail("expect image dimensions to be either [1, 2] or [2, 3]")
    return dims


def _tile_count(extent: int, kernel: int, out_tile: int) -> int | None:
    """IREE's ceil(float(extent - kernel + 1) / output tile). An output tile of 0 makes that an infinity,
    which the conversion to int64 turns into INT64_MIN on x86: ShapedType::kDynamic, so any extent fits."""
    if out_tile == 0:
        return None
    return math.ceil((extent - kernel + 1) / out_tile)


def _verify_winograd_input(op: Operation) -> None:
    """IREE's WinogradInputTransformOp::verify: one element type; a 2-D input no larger than the input tile (then a
    tile x tile output), or a 4-D image whose output is tile x tile x the image with each image dimension ``d``
    replaced by its tile count ceil((d - kernel + 1) / output tile), NHWC order for either layout."""
    found = _winograd(op)
    if found is None or _dims(op, "image_dimensions") is None:
        return
    src, dst, src_elem, dst_elem, kernel, out_tile = found
    tile = out_tile + kernel - 1

    fail = _failer(op)

    _check_elements_and_rank(fail, src, dst, src_elem, dst_elem)
    if len(src) == 2:
        if any(d != DYNAMIC and d > tile for d in src):
            fail("expected input dims not greater than input tile size if input is of rank 2")
        if not _fits([tile, tile], dst):
            fail("expected output dims equal to inputTileSize if input is of rank 2")
        return
    if len(dst) != len(src) + 2:
        fail("expected output rank to be equal to input rank + 2")
    image = _image_layout(op, fail)
    expected: list[int | None] = [tile, tile]
    for i, d in enumerate(src):
        if d == DYNAMIC:
            expected.append(None)
        else:
            expected.append(_tile_count(d, kernel, out_tile) if i in image else d)
    if image == [2, 3]:
        expected[3:] = [*expected[4:], expected[3]]  # T T N C H W -> T T N H W C
    if not _fits(expected, dst):
        fail("incompatible output shape")


def _verify_winograd_output(op: Operation) -> None:
    """IREE's WinogradOutputTransformOp::verify: a 2-D input tile (then an output tile x output tile output), or a
    6-D one (tile x tile x N x H' x W' x C, NHWC order for either layout) whose 4-D output scales each image
    dimension by the output tile size; one element type (checked for the 6-D form only, as IREE does)."""
    found = _winograd(op)
    if found is None or _dims(op, "image_dimensions") is None:
        return
    src, dst, src_elem, dst_elem, kernel, out_tile = found
    tile = out_tile + kernel - 1

    fail = _failer(op)

    if len(src) not in (2, 6):
        fail("expected input operand to have rank either 2 or 6")
    if len(src) == 2:
        if len(dst) != 2:
            fail("expected output operand to have rank 2 if input is of rank 2")
        if not _fits([tile, tile], src):
            fail("expected input dims to be equal to input tile size if input is of rank 2")
        if not _fits([out_tile, out_tile], dst):
            fail("expected output dims equal to output tile size if input is of rank 2")
        return
    if src_elem != dst_elem:
        fail("expected input/output element types to be identical")
    if len(dst) != len(src) - 2:
        fail("expected output rank to be equal to input rank - 2")
    image = _image_layout(op, fail)
    shape = list(src)
    if image == [2, 3]:
        shape[3:] = [shape[5], shape[3], shape[4]]  # T T N H W C -> T T N C H W
    expected: list[int | None] = []
    for i, d in enumerate(shape[2:]):
        expected.append(None if d == DYNAMIC else out_tile * d if i in image else d)
    if not _fits(expected, dst):
        fail("incompatible output shape")


def _verify_softmax(op: Operation) -> None:
    """MLIR's SoftmaxOp::verify: the output's shape compatible with the input's, the dimension within the rank."""
    _verify_dps(op)
    if len(op.operands) != 2:
        return
    src, dst = op.operands[0].type, op.operands[1].type
    if not (isinstance(src, TensorType) and isinstance(dst, TensorType)) or src.shape is None or dst.shape is None:
        return
    if not _fits([None if d == DYNAMIC else d for d in src.shape], dst.shape):
        raise VerifyError(f"{op.op_name}: incompatible output shape", location=op.location)
    dim = op.attr("dimension")
    if isinstance(dim, IntegerAttr) and not 0 <= dim.value < len(src.shape):
        raise VerifyError(f"{op.op_name}: incorrect dimension specified", location=op.location)


#: The op's own verifier of a structured op, run on entering it.
_ENTRY_RULES: dict[str, Callable[[Operation], None]] = {
    "iree_linalg_ext.sort": _verify_sort,
    "iree_linalg_ext.winograd.filter_transform": _verify_winograd_filter,
    "iree_linalg_ext.winograd.input_transform": _verify_winograd_input,
    "iree_linalg_ext.winograd.output_transform": _verify_winograd_output,
}


def linalg_entry_rule(name: str) -> Callable[[Operation], None] | None:
    """The op's own verifier of the structured op ``name`` (checked on entering it), or None."""
    return _ENTRY_RULES.get(name)


def linalg_rule(name: str) -> Callable[[Operation], None] | None:
    """The region-level rule of the structured op ``name`` (checked on leaving it), or None."""
    if name == "linalg.index":
        return _verify_index
    if name == "linalg.generic":
        return _verify_generic
    if name in _DEFAULT_MAPS:
        return _verify_contraction
    if name == "linalg.softmax":
        return _verify_softmax
    if name == "linalg.fill" or name.startswith(("linalg.conv_", "linalg.depthwise_conv_", "linalg.pooling_")):
        return _verify_named
    if name in ("iree_linalg_ext.scatter", "iree_linalg_ext.gather"):
        return _verify_dimension_map
    if name.startswith(("linalg.", "iree_linalg_ext.")):
        return _verify_dps
    return None
