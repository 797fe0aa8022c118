"""Ops of the stream dialect's tensor phase: ``stream.tensor.*``."""

from __future__ import annotations

from ir import opdef
from ir.attributes import ArrayAttr, StringAttr, TypeAttr, UnitAttr
from ir.core import Operation
from ir.opdef import attribute, opt_attribute, register_ops, result, var_operand
from ir.types import ComplexType, FloatType, IndexType, IntegerType, ResourceType


class TensorExportOp(Operation):
    name = "stream.tensor.export"
    source = opdef.operand(ResourceType)
    source_encoding_dims = opdef.var_operand(IndexType)
    source_size = opdef.operand(IndexType)
    result = opdef.result()
    source_encoding = opdef.attribute(TypeAttr)
    affinity = opdef.opt_attribute()


class TensorImportOp(Operation):
    # IREE 3.13 adds attributes consume (optional here).
    name = "stream.tensor.import"
    source = opdef.operand()
    result_encoding_dims = opdef.var_operand(IndexType)
    result_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    result_encoding = opdef.attribute(TypeAttr)
    affinity = opdef.opt_attribute()
    consume = opdef.opt_attribute(UnitAttr)


class TensorCloneOp(Operation):
    name = "stream.tensor.clone"
    source = opdef.operand(ResourceType)
    source_encoding_dims = opdef.var_operand(IndexType)
    source_size = opdef.operand(IndexType)
    result_encoding_dims = opdef.var_operand(IndexType)
    result_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    source_encoding = opdef.attribute(TypeAttr)
    result_encoding = opdef.attribute(TypeAttr)
    affinity = opdef.opt_attribute()


class TensorConstantOp(Operation):
    name = "stream.tensor.constant"
    result_encoding_dims = opdef.var_operand(IndexType)
    result = opdef.result(ResourceType)
    value = opdef.attribute()
    result_encoding = opdef.attribute(TypeAttr)
    affinity = opdef.opt_attribute()


class TensorEmptyOp(Operation):
    name = "stream.tensor.empty"
    result_encoding_dims = opdef.var_operand(IndexType)
    result_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    result_encoding = opdef.attribute(TypeAttr)
    affinity = opdef.opt_attribute()


class TensorFillOp(Operation):
    name = "stream.tensor.fill"
    target = opdef.operand(ResourceType)
    target_encoding_dims = opdef.var_operand(IndexType)
    target_size = opdef.operand(IndexType)
    start_indices = opdef.var_operand(IndexType)
    lengths = opdef.var_operand(IndexType)
    value = opdef.operand(IndexType | IntegerType | FloatType | ComplexType)
    result = opdef.result(ResourceType)
    target_encoding = opdef.attribute(TypeAttr)
    affinity = opdef.opt_attribute()


class TensorLoadOp(Operation):
    name = "stream.tensor.load"
    source = opdef.operand(ResourceType)
    source_encoding_dims = opdef.var_operand(IndexType)
    source_size = opdef.operand(IndexType)
    indices = opdef.var_operand(IndexType)
    result = opdef.result()
    source_encoding = opdef.attribute(TypeAttr)


class TensorSizeOfOp(Operation):
    name = "stream.tensor.sizeof"
    encoding_dims = var_operand(IndexType)
    storage_size = result(IndexType)
    encoding = attribute(TypeAttr)
    affinity = opt_attribute()


class TensorSliceOp(Operation):
    name = "stream.tensor.slice"
    source = opdef.operand(ResourceType)
    source_encoding_dims = opdef.var_operand(IndexType)
    source_size = opdef.operand(IndexType)
    start_indices = opdef.var_operand(IndexType)
    lengths = opdef.var_operand(IndexType)
    result_encoding_dims = opdef.var_operand(IndexType)
    result_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    source_encoding = opdef.attribute(TypeAttr)
    result_encoding = opdef.attribute(TypeAttr)
    affinity = opdef.opt_attribute()


class TensorSplatOp(Operation):
    name = "stream.tensor.splat"
    value = opdef.operand(IndexType | IntegerType | FloatType | ComplexType)
    result_encoding_dims = opdef.var_operand(IndexType)
    result_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    result_encoding = opdef.attribute(TypeAttr)
    affinity = opdef.opt_attribute()


class TensorStoreOp(Operation):
    name = "stream.tensor.store"
    target = opdef.operand(ResourceType)
    target_encoding_dims = opdef.var_operand(IndexType)
    target_size = opdef.operand(IndexType)
    indices = opdef.var_operand(IndexType)
    value = opdef.operand()
    result = opdef.result(ResourceType)
    target_encoding = opdef.attribute(TypeAttr)


class TensorTraceOp(Operation):
    name = "stream.tensor.trace"
    resources = var_operand(ResourceType)
    resource_sizes = var_operand(IndexType)
    resource_encoding_dims = var_operand(IndexType)
    key = attribute(StringAttr)
    resource_encodings = attribute(ArrayAttr)


class TensorUpdateOp(Operation):
    name = "stream.tensor.update"
    target = opdef.operand(ResourceType)
    target_encoding_dims = opdef.var_operand(IndexType)
    target_size = opdef.operand(IndexType)
    start_indices = opdef.var_operand(IndexType)
    update = opdef.operand(ResourceType)
    update_encoding_dims = opdef.var_operand(IndexType)
    update_size = opdef.operand(IndexType)
    result = opdef.result(ResourceType)
    target_encoding = opdef.attribute(TypeAttr)
    update_encoding = opdef.attribute(TypeAttr)
    affinity = opdef.opt_attribute()


STREAM_TENSOR_OPS = [
    TensorExportOp,
    TensorImportOp,
    TensorCloneOp,
    TensorConstantOp,
    TensorEmptyOp,
    TensorFillOp,
    TensorLoadOp,
    TensorSizeOfOp,
    TensorSliceOp,
    TensorSplatOp,
    TensorStoreOp,
    TensorTraceOp,
    TensorUpdateOp,
]

register_ops(STREAM_TENSOR_OPS)
