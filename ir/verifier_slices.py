"""The rules of MLIR's slicing ops (OffsetSizeAndStrideOpInterface: tensor.extract_slice/insert_slice,
memref.subview, IREE's dispatch tensor load/store), as MLIR's verifyOffsetSizeAndStrideOp and the ops' own
verifiers state them."""

from __future__ import annotations

from ir.attributes import DenseArrayAttr
from ir.core import Operation
from ir.errors import VerifyError
from ir.types import DYNAMIC

#: MLIR's marker of a dynamic offset, size or stride in a static_* array (ShapedType::kDynamic).
_DYNAMIC_MARK = -(1 << 63)


def verify_static_slice(op: Operation) -> None:
    """MLIR's verifyOffsetSizeAndStrideOp: each of the last three operand segments (offsets, sizes, strides)
    holds one value per dynamic entry of its static array, and static offsets and sizes are non-negative (a
    negative one would read or write outside the tensor)."""
    segments = op.properties.get("operandSegmentSizes") or op.attributes.get("operandSegmentSizes")
    if isinstance(segments, DenseArrayAttr) and len(segments.values) >= 3:
        for what, count in zip(("offsets", "sizes", "strides"), segments.values[-3:], strict=True):
            arr = op.attr(f"static_{what}")
            if not isinstance(arr, DenseArrayAttr):
                continue
            dynamic = sum(1 for v in arr.values if v == _DYNAMIC_MARK)
            if dynamic != count:
                raise VerifyError(
                    f"{op.op_name}: expected the number of '{what}' to match the number of dynamic entries in "
                    f"'static_{what}' ({count} vs {dynamic})",
                    location=op.location,
                )
    for what in ("offsets", "sizes"):
        arr = op.attr(f"static_{what}")
        for v in arr.values if isinstance(arr, DenseArrayAttr) else ():
            if isinstance(v, int) and v < 0 and v != _DYNAMIC_MARK:
                raise VerifyError(f"{op.op_name}: expected {what} to be non-negative, but got {v}", location=op.location)
    _verify_slice_type(op)


#: Per slicing op, the index of the operand (or -1: the result) whose tensor is the slice. IREE checks a
#: dispatch tensor store's value but not a load's result (DispatchTensorLoadOp::verify checks only its
#: dynamic dims: iree-opt takes a load of sizes [6] typed tensor<3xf32>).
_SLICE_VALUE = {
    "tensor.extract_slice": -1, "iree_tensor_ext.dispatch.tensor.store": 0, "flow.dispatch.tensor.store": 0,
    "tensor.insert_slice": 0,
}  # fmt: skip


def _verify_slice_type(op: Operation) -> None:
    """The slice's tensor has the static sizes' shape, or a rank-reduced one (unit sizes dropped), as
    MLIR's rank-reduction check (computeRankReductionMask) reads it."""
    which = _SLICE_VALUE.get(op.op_name)
    sizes = op.attr("static_sizes")
    if which is None or not isinstance(sizes, DenseArrayAttr):
        return
    if which == -1:
        value_type = op.results[0].type if op.results else None
    else:
        value_type = op._operands[which].type if len(op._operands) > which else None
    shape = getattr(value_type, "shape", None)
    if shape is None:
        return
    want = [DYNAMIC if v == _DYNAMIC_MARK else int(v) for v in sizes.values]
    k = 0
    for d in want:
        if k < len(shape) and shape[k] == d:
            k += 1
        elif d != 1:
            k = -1
            break
    if k != len(shape):
        expected = "x".join("?" if d == DYNAMIC else str(d) for d in want)
        et = getattr(value_type, "element_type", "?")
        raise VerifyError(
            f"{op.op_name}: expected type to be 'tensor<{expected}{'x' if want else ''}{et}>' or a rank-reduced "
            f"version (size mismatch), got {value_type}",
            location=op.location,
        )
