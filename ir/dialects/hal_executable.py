"""HAL executables and the dispatch interface: ``hal.executable*``, ``hal.interface.*``, ``hal.return``,
``hal.dispatch.extern``, ``hal.instrument.*``.
"""

from __future__ import annotations

from ir import opdef
from ir.attributes import ArrayAttr, DictAttr, IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr
from ir.core import Operation
from ir.dialects.common import check_parent, fail
from ir.opdef import (
    attribute,
    operand,
    opt_attribute,
    region,
    register_ops,
    result,
    var_operand,
    var_region,
    var_result,
)
from ir.types import (
    DYNAMIC,
    ComplexType,
    FloatType,
    FunctionType,
    HalType,
    IndexType,
    IntegerType,
    shaped_dims,
)


class HalReturnOp(Operation):
    name = "hal.return"
    operands_ = var_operand()

    def verify_(self) -> None:
        """IREE's ReturnOp::verify: inside a function-like op (``hal.executable.constant.block``,
        ``hal.executable.condition``) the values are the parent's results, in count and type."""
        parent = self.parent_op
        ftype = parent.attr("function_type") if parent is not None else None
        sig = ftype.value if isinstance(ftype, TypeAttr) else None
        if not isinstance(sig, FunctionType):
            return
        if len(self._operands) != len(sig.results):
            fail(
                self,
                f"return must have the same number of operands as the parent result signature (have "
                f"{len(self._operands)}, expected {len(sig.results)})",
            )
        for i, (value, want) in enumerate(zip(self._operands, sig.results)):
            if str(value.type) != str(want):
                fail(self, f"parent expected result {i} to be '{want}' but returning '{value.type}'")


class HalExecutableBinaryOp(Operation):
    name = "hal.executable.binary"
    sym_visibility = opt_attribute(StringAttr)
    sym_name = attribute(StringAttr)
    format = attribute(StringAttr)
    data = attribute()
    mime_type = opt_attribute(StringAttr)

    def verify_(self) -> None:
        check_parent(self, ("hal.executable",))


class HalExecutableCalculateWorkgroupsOp(Operation):
    name = "hal.executable.calculate_workgroups"
    device = operand(HalType)
    workload = var_operand(IndexType)
    workgroup_x = result(IndexType)
    workgroup_y = result(IndexType)
    workgroup_z = result(IndexType)
    entry_point = attribute(SymbolRefAttr)


class HalExecutableConditionOp(Operation):
    # IREE 3.13 adds attributes sym_name, sym_visibility (optional here).
    name = "hal.executable.condition"
    isolated_from_above = True
    function_type = attribute(TypeAttr)
    arg_attrs = opt_attribute(ArrayAttr)
    res_attrs = opt_attribute(ArrayAttr)
    sym_name = opt_attribute()
    sym_visibility = opt_attribute()
    body_ = region()


class HalExecutableConstantBlockOp(Operation):
    # IREE 3.13 adds attributes sym_name, sym_visibility (optional here).
    name = "hal.executable.constant.block"
    isolated_from_above = True
    function_type = attribute(TypeAttr)
    keys = attribute(ArrayAttr)
    arg_attrs = opt_attribute(ArrayAttr)
    res_attrs = opt_attribute(ArrayAttr)
    sym_name = opt_attribute()
    sym_visibility = opt_attribute()
    body_ = region()

    def verify_(self) -> None:
        check_parent(self, ("hal.executable.source", "hal.executable.variant"))
        # IREE's ExecutableConstantBlockOp::verify.
        sig = self.function_type.value if isinstance(self.function_type, TypeAttr) else None
        if not isinstance(sig, FunctionType):
            fail(self, f"function_type is {self.function_type}; it must be a function type")
            return
        args = sig.inputs
        if args and (len(args) > 1 or args[0] != HalType("device")):
            fail(self, f"initializer must take a !hal.device or nothing, takes ({', '.join(map(str, args))})")
        for i, t in enumerate(sig.results):
            if t != IntegerType(32):
                fail(self, f"initializer must return only i32 values (result {i} is {t})")
        keys = list(self.keys) if isinstance(self.keys, ArrayAttr) else []
        if len(keys) != len(sig.results):
            fail(self, f"must have one key for every result ({len(keys)} keys, {len(sig.results)} results)")


class HalExecutableConstantLoadOp(Operation):
    name = "hal.executable.constant.load"
    result = opdef.result(IndexType | IntegerType | FloatType | ComplexType)
    key = opdef.attribute(StringAttr)


class HalExecutableCreateOp(Operation):
    # IREE 3.13 operands: adds queue_affinity; drops layouts.
    name = "hal.executable.create"
    device = opdef.operand(HalType)
    queue_affinity = opdef.operand(IntegerType)
    constants = opdef.var_operand(IntegerType)
    result = opdef.result(HalType)
    executable_target = opdef.attribute(SymbolRefAttr)


class HalExecutableEndOp(Operation):
    name = "hal.executable_end"

    def verify_(self) -> None:
        check_parent(self, ("hal.executable",))


class HalExecutableExportOp(Operation):
    # IREE 3.13 adds attributes condition_fallback (optional here).
    # IREE 3.13 regions: workgroup_count, condition.
    name = "hal.executable.export"
    isolated_from_above = True
    sym_visibility = opt_attribute(StringAttr)
    sym_name = attribute(StringAttr)
    ordinal = opt_attribute(IntegerAttr)
    layout = attribute()
    workgroup_size = opt_attribute(ArrayAttr)
    subgroup_size = opt_attribute(IntegerAttr)
    workgroup_local_memory = opt_attribute(IntegerAttr)
    source_locs = opt_attribute(DictAttr)
    condition_fallback = opt_attribute()
    workgroup_count = region()
    condition = region()

    def verify_(self) -> None:
        check_parent(self, ("hal.executable.source", "hal.executable.variant"))


class HalExecutableExportOrdinalOp(Operation):
    name = "hal.executable.export.ordinal"
    result = opdef.result(IndexType)
    entry_point = opdef.attribute(SymbolRefAttr)


class HalExecutableLookupFunctionOp(Operation):
    # IREE 3.13: the function handle of an export, ``function(@exe::@variant::@export)``, for dispatches.
    name = "hal.executable.lookup.function"
    executable = opdef.operand(HalType)
    result = opdef.result(IntegerType)
    entry_point = opdef.attribute(SymbolRefAttr)


class HalExecutableLookupOp(Operation):
    name = "hal.executable.lookup"
    device = opdef.operand(HalType)
    result = opdef.result(HalType)
    executable = opdef.attribute(SymbolRefAttr)


class HalExecutableOp(Operation):
    # IREE 3.13 adds attributes lazy (optional here).
    name = "hal.executable"
    isolated_from_above = True
    sym_visibility = opt_attribute(StringAttr)
    sym_name = attribute(StringAttr)
    lazy = opt_attribute(UnitAttr)
    body_ = region()


class HalExecutableSourceEndOp(Operation):
    name = "hal.executable.source_end"

    def verify_(self) -> None:
        check_parent(self, ("hal.executable.source",))


class HalExecutableSourceOp(Operation):
    name = "hal.executable.source"
    isolated_from_above = True
    sym_visibility = opt_attribute(StringAttr)
    sym_name = attribute(StringAttr)
    objects = opt_attribute()
    body_ = region()


class HalExecutableVariantEndOp(Operation):
    name = "hal.executable.variant_end"

    def verify_(self) -> None:
        check_parent(self, ("hal.executable.variant",))


class HalExecutableVariantOp(Operation):
    name = "hal.executable.variant"
    isolated_from_above = True
    sym_visibility = opt_attribute(StringAttr)
    sym_name = attribute(StringAttr)
    target = attribute()
    objects = opt_attribute(ArrayAttr)
    sources = opt_attribute(DictAttr)
    body_ = region()

    def verify_(self) -> None:
        check_parent(self, ("hal.executable",))


class HalInstrumentMemoryLoadOp(Operation):
    name = "hal.instrument.memory.load"
    buffer = opdef.operand()
    workgroupKey = opdef.operand(IndexType)
    loadValue = opdef.operand()
    base = opdef.operand()
    indices = opdef.var_operand(IndexType)
    result = opdef.result()


class HalInstrumentMemoryStoreOp(Operation):
    name = "hal.instrument.memory.store"
    buffer = opdef.operand()
    workgroupKey = opdef.operand(IndexType)
    storeValue = opdef.operand()
    base = opdef.operand()
    indices = opdef.var_operand(IndexType)
    result = opdef.result()


class HalInstrumentPrintOp(Operation):
    name = "hal.instrument.print"
    buffer = operand()
    workgroupKey = operand(IndexType)
    values = var_operand()
    format = attribute(StringAttr)


class HalInstrumentValueOp(Operation):
    name = "hal.instrument.value"
    buffer = opdef.operand()
    workgroupKey = opdef.operand(IndexType)
    operand = opdef.operand()
    result = opdef.result()
    ordinal = opdef.opt_attribute(IntegerAttr)


class HalInstrumentWorkgroupOp(Operation):
    name = "hal.instrument.workgroup"
    buffer = operand()
    dispatchId = operand(IntegerType)
    workgroupKey = result(IndexType)


class HalInterfaceBindingSubspanOp(Operation):
    # IREE 3.13 adds attributes layout (optional here).
    name = "hal.interface.binding.subspan"
    byte_offset = opdef.opt_operand(IndexType)
    dynamic_dims = opdef.var_operand(IndexType)
    result = opdef.result()
    set = opdef.opt_attribute(IntegerAttr)
    binding = opdef.attribute(IntegerAttr)
    descriptor_type = opdef.opt_attribute()
    alignment = opdef.opt_attribute(IntegerAttr)
    descriptor_flags = opdef.opt_attribute()
    layout = opdef.opt_attribute()

    def verify_(self) -> None:
        # IREE's InterfaceBindingSubspanOp::verify (ShapedTypes only: a dispatch tensor is not one).
        dims = shaped_dims(self.result.type)
        if dims is not None and dims.count(DYNAMIC) != len(self.dynamic_dims):
            fail(
                self,
                f"result type '{self.result.type}' has {dims.count(DYNAMIC)} dynamic dimensions but "
                f"{len(self.dynamic_dims)} associated dimension SSA values",
            )


class HalInterfaceConstantLoadOp(Operation):
    # IREE 3.13 adds attributes layout, ordinal (optional here).
    name = "hal.interface.constant.load"
    result = opdef.result(IndexType | IntegerType | FloatType | ComplexType)
    index = opdef.opt_attribute(IntegerAttr)
    alignment = opdef.opt_attribute(IntegerAttr)
    values = opdef.opt_attribute(ArrayAttr)
    layout = opdef.opt_attribute()
    ordinal = opdef.opt_attribute()


class HalInterfaceWorkgroupCountOp(Operation):
    # IREE 3.13 adds attributes upper_bound (optional here).
    name = "hal.interface.workgroup.count"
    result = opdef.result(IndexType)
    dimension = opdef.attribute(IntegerAttr)
    upper_bound = opdef.opt_attribute()


class HalInterfaceWorkgroupIDOp(Operation):
    # IREE 3.13 adds attributes upper_bound (optional here).
    name = "hal.interface.workgroup.id"
    result = opdef.result(IndexType)
    dimension = opdef.attribute(IntegerAttr)
    upper_bound = opdef.opt_attribute()


class HalInterfaceWorkgroupSizeOp(Operation):
    # IREE 3.13 adds attributes upper_bound (optional here).
    name = "hal.interface.workgroup.size"
    result = opdef.result(IndexType)
    dimension = opdef.attribute(IntegerAttr)
    upper_bound = opdef.opt_attribute()


class HalDispatchExternOp(Operation):
    # IREE 3.13 adds attributes export_name (optional here).
    # IREE 3.13 regions: workgroup_count, target_regions.
    name = "hal.dispatch.extern"
    isolated_from_above = True
    workload = var_operand(IndexType)
    arguments = var_operand()
    argument_dims = var_operand(IndexType)
    result_dims = var_operand(IndexType)
    results_ = var_result()
    export = opt_attribute(StringAttr)
    layout = attribute()
    targets = attribute(ArrayAttr)
    target_ordinals = attribute(ArrayAttr)
    target_objects = attribute(ArrayAttr)
    workgroup_size = opt_attribute(ArrayAttr)
    subgroup_size = opt_attribute(IntegerAttr)
    workgroup_local_memory = opt_attribute(IntegerAttr)
    bindings = opt_attribute(ArrayAttr)
    tied_operands = opt_attribute(ArrayAttr)
    export_name = opt_attribute()
    workgroup_count = region()
    target_regions = var_region()  # one per target that has an `if(...)` condition


HAL_EXECUTABLE_OPS = [
    HalReturnOp,
    HalExecutableBinaryOp,
    HalExecutableCalculateWorkgroupsOp,
    HalExecutableConditionOp,
    HalExecutableConstantBlockOp,
    HalExecutableConstantLoadOp,
    HalExecutableCreateOp,
    HalExecutableEndOp,
    HalExecutableExportOp,
    HalExecutableExportOrdinalOp,
    HalExecutableLookupFunctionOp,
    HalExecutableLookupOp,
    HalExecutableOp,
    HalExecutableSourceEndOp,
    HalExecutableSourceOp,
    HalExecutableVariantEndOp,
    HalExecutableVariantOp,
    HalInstrumentMemoryLoadOp,
    HalInstrumentMemoryStoreOp,
    HalInstrumentPrintOp,
    HalInstrumentValueOp,
    HalInstrumentWorkgroupOp,
    HalInterfaceBindingSubspanOp,
    HalInterfaceConstantLoadOp,
    HalInterfaceWorkgroupCountOp,
    HalInterfaceWorkgroupIDOp,
    HalInterfaceWorkgroupSizeOp,
    HalDispatchExternOp,
]

register_ops(HAL_EXECUTABLE_OPS)
