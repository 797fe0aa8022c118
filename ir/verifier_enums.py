"""Integer-valued enum attributes, checked as MLIR's property conversion checks them: IREE's HAL bitfields
(HALAttrs.td: a value may set only the bits of its cases) and arith's comparison predicates (a case value).

In generic form these attributes are plain integers (``flags = 0 : i64``); a value outside its enum is
"invalid properties" to iree-opt. Stream's per-resource access arrays (StreamAttrs.td's
ResourceAccessBitfield: read 1, write 2) are arrays of such ``i32`` bitfields, checked as their attribute
constraint ("access array attribute")."""

from __future__ import annotations

from ir.attributes import ArrayAttr, IntegerAttr
from ir.core import Operation
from ir.errors import VerifyError
from ir.types import IntegerType

# The bits each HAL bitfield defines (the union of its cases in HALAttrs.td).
_ONE_RESERVED_BIT = 0x1
_EXECUTION_STAGE = 0x3F
_BUFFER_USAGE = 0x1F0F3F03
_MEMORY_TYPE = 0x7F
_MEMORY_ACCESS = 0x3F
_RESOURCE_ACCESS = 0x3  # stream: read, write

#: op -> attribute -> ("bits", mask) or ("cases", number of cases 0..n-1)
ENUM_ATTRS: dict[str, dict[str, tuple[str, int]]] = {
    "hal.ex.file.from_memory": {"access": ("bits", _MEMORY_ACCESS)},
    "hal.buffer.assert": {"memory_types": ("bits", _MEMORY_TYPE), "buffer_usage": ("bits", _BUFFER_USAGE)},
    "hal.buffer_usage": {"usage": ("bits", _BUFFER_USAGE)},
    "hal.memory_type": {"type": ("bits", _MEMORY_TYPE)},
    "hal.channel.create": {"flags": ("bits", _ONE_RESERVED_BIT)},
    "hal.channel.split": {"flags": ("bits", _ONE_RESERVED_BIT)},
    "hal.command_buffer.create": {"modes": ("bits", 0x11), "command_categories": ("bits", 0x3)},
    "hal.command_buffer.execution_barrier": {
        "source_stage_mask": ("bits", _EXECUTION_STAGE),
        "target_stage_mask": ("bits", _EXECUTION_STAGE),
        "flags": ("bits", _ONE_RESERVED_BIT),
    },
    **{
        name: {"flags": ("bits", _ONE_RESERVED_BIT)}
        for name in (
            "hal.command_buffer.fill_buffer", "hal.command_buffer.update_buffer", "hal.command_buffer.copy_buffer",
            "hal.command_buffer.dispatch", "hal.command_buffer.dispatch.indirect", "hal.device.queue.alloca",
            "hal.device.queue.dealloca", "hal.device.queue.fill", "hal.device.queue.update", "hal.device.queue.copy",
            "hal.device.queue.read", "hal.device.queue.write", "hal.device.queue.barrier", "hal.device.queue.execute",
            "hal.device.queue.execute.indirect", "hal.fence.create", "hal.fence.join", "hal.fence.await",
        )
    },
    "arith.cmpi": {"predicate": ("cases", 10)},
    "stream.cmd.dispatch": {"resource_accesses": ("bits array", _RESOURCE_ACCESS)},
    "stream.cmd.call": {"resource_operand_accesses": ("bits array", _RESOURCE_ACCESS)},
    "stream.cmd.collective": {"resource_accesses": ("bits array", _RESOURCE_ACCESS)},
    "arith.cmpf": {"predicate": ("cases", 16)},
}  # fmt: skip


def verify_enum_attrs(op: Operation) -> None:
    rules = ENUM_ATTRS.get(op.op_name)
    if rules is None:
        return
    for name, (kind, limit) in rules.items():
        attr = op.attr(name)
        if kind == "bits array":
            _verify_access_array(op, name, attr, limit)
            continue
        if not isinstance(attr, IntegerAttr):
            continue
        value = attr.value
        bad = value < 0 or (value & ~limit if kind == "bits" else value >= limit)
        if bad:
            raise VerifyError(
                f"{op.op_name}: invalid properties: `{name}` = {attr} is not a value of its enum "
                f"({'bits ' + hex(limit) if kind == 'bits' else f'cases 0..{limit - 1}'})",
                location=op.location,
            )


def _verify_access_array(op: Operation, name: str, attr: object, limit: int) -> None:
    """An array of ``i32`` bitfields, each setting only the bits of ``limit``."""
    if attr is None:
        return
    elements = attr.elements if isinstance(attr, ArrayAttr) else None
    for element in elements if elements is not None else (None,):
        if (
            isinstance(element, IntegerAttr)
            and isinstance(element.type, IntegerType)
            and element.type.width == 32
            and not element.type.signedness
            and element.value >= 0
            and not element.value & ~limit
        ):
            continue
        raise VerifyError(
            f"{op.op_name}: attribute '{name}' failed to satisfy constraint: access array attribute "
            f"(an array of i32 bitfields of bits {hex(limit)}; {element if element is not None else attr} is not one)",
            location=op.location,
        )
