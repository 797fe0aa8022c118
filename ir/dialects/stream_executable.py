"""Stream executables and what runs inside them: ``stream.executable``, its exports, bindings,
workgroup queries, and the ``stream.return``/``stream.yield`` terminators.
"""

from __future__ import annotations

from ir import opdef
from ir.attributes import IntegerAttr, StringAttr, SymbolRefAttr
from ir.core import Operation
from ir.dialects.common import check_parent, fail
from ir.opdef import attribute, opt_attribute, region, register_ops, var_operand
from ir.types import BindingType, IndexType, ResourceType

YIELD_PARENTS = (
    "stream.async.execute",
    "stream.async.concurrent",
    "stream.cmd.execute",
    "stream.cmd.serial",
    "stream.cmd.concurrent",
)


class BindingSubspanOp(Operation):
    name = "stream.binding.subspan"
    binding = opdef.operand(BindingType)
    byte_offset = opdef.operand(IndexType)
    dynamic_dims = opdef.var_operand(IndexType)
    result = opdef.result()


class DispatchWorkgroupCountOp(Operation):
    name = "stream.dispatch.workgroup.count"
    result = opdef.result(IndexType)
    dimension = opdef.attribute(IntegerAttr)


class DispatchWorkgroupIDOp(Operation):
    name = "stream.dispatch.workgroup.id"
    result = opdef.result(IndexType)
    dimension = opdef.attribute(IntegerAttr)


class DispatchWorkgroupSizeOp(Operation):
    name = "stream.dispatch.workgroup.size"
    result = opdef.result(IndexType)
    dimension = opdef.attribute(IntegerAttr)


class ExecutableEndOp(Operation):
    name = "stream.executable.end"

    def verify_(self) -> None:
        check_parent(self, ("stream.executable",))


class ExecutableExportOp(Operation):
    name = "stream.executable.export"
    isolated_from_above = True
    sym_visibility = opt_attribute(StringAttr)
    sym_name = attribute(StringAttr)
    function_ref = attribute(SymbolRefAttr)
    workgroup_count = region()

    def verify_(self) -> None:
        check_parent(self, ("stream.executable",))


class ExecutableOp(Operation):
    name = "stream.executable"
    isolated_from_above = True
    sym_visibility = opt_attribute(StringAttr)
    sym_name = attribute(StringAttr)
    body_ = region()


class ReturnOp(Operation):
    name = "stream.return"
    operands_ = var_operand()

    def verify_(self) -> None:
        check_parent(self, ("stream.executable.export",))


class YieldOp(Operation):
    name = "stream.yield"
    same_variadic_operand_size = True
    resource_operands = var_operand(ResourceType)
    resource_operand_sizes = var_operand(IndexType)

    def verify_(self) -> None:
        check_parent(self, YIELD_PARENTS)
        if len(self.operands) % 2:
            fail(self, f"{len(self.operands)} operands; each yielded resource has a size")


STREAM_EXECUTABLE_OPS = [
    BindingSubspanOp,
    DispatchWorkgroupCountOp,
    DispatchWorkgroupIDOp,
    DispatchWorkgroupSizeOp,
    ExecutableEndOp,
    ExecutableExportOp,
    ExecutableOp,
    ReturnOp,
    YieldOp,
]

register_ops(STREAM_EXECUTABLE_OPS)
