"""Stream dialect attributes and the stream/hal enums."""

from __future__ import annotations

import pytest

import ir.dialects  # noqa: F401  (registers the dialect attributes)
from ir.dialects.stream_attrs import CollectiveAttr, PartitioningConfigAttr, ResourceConfigAttr
from ir.enums import (
    BufferUsage,
    CollectiveElementType,
    CollectiveKind,
    CollectiveReductionOp,
    Favor,
    Lifetime,
    MemoryModel,
    MemoryType,
    ResourceAccessBitfield,
)
from ir.errors import IRError, ParseError
from ir.parser import parse_module
from ir.printer import print_generic

CONFIG = (
    "{max_allocation_size = 1024, min_buffer_offset_alignment = 16, max_buffer_range = 4096, "
    "min_buffer_range_alignment = 16, index_bits = 32, alias_mutable_bindings = 0, memory_model = Discrete}"
)


def module_with(attrs: str) -> str:
    return f'"builtin.module"() ({{\n}}) {{{attrs}}} : () -> ()\n'


def read_attrs(attrs: str) -> dict:
    return parse_module(module_with(attrs)).op.attributes


def test_resource_config_fields_and_exact_text() -> None:
    text = module_with(f"stream.resources = #stream.resource_config<{CONFIG}>")
    m = parse_module(text)
    attr = m.op.attributes["stream.resources"]
    assert isinstance(attr, ResourceConfigAttr)
    assert attr.max_allocation_size == 1024
    assert attr.index_bits == 32
    assert attr.alias_mutable_bindings is False
    assert attr.memory_model is MemoryModel.DISCRETE
    assert print_generic(m) == text


def test_resource_config_built_in_python_prints_its_fields() -> None:
    attr = ResourceConfigAttr(
        max_allocation_size=64, alias_mutable_bindings=True, memory_model=MemoryModel.UNIFIED
    )
    assert str(attr) == (
        "#stream.resource_config<{max_allocation_size = 64, alias_mutable_bindings = true, memory_model = unified}>"
    )
    assert attr == ResourceConfigAttr(
        max_allocation_size=64, alias_mutable_bindings=True, memory_model=MemoryModel.UNIFIED, text="x"
    )


def test_resource_config_rejects_unknown_keys() -> None:
    with pytest.raises(ParseError, match="unknown entry 'max_things = 3'"):
        read_attrs("a = #stream.resource_config<{max_things = 3}>")


@pytest.mark.parametrize("body", ['"min-peak-memory"', "favor-min-peak-memory"])
def test_partitioning_config_reads_both_iree_spellings(body: str) -> None:
    attr = read_attrs(f"a = #stream.partitioning_config<{body}>")["a"]
    assert isinstance(attr, PartitioningConfigAttr)
    assert attr.favor is Favor.MIN_PEAK_MEMORY
    # Printed as IREE's parser reads it (IREE prints favor-..., which it cannot read back).
    assert str(attr) == '#stream.partitioning_config<"min-peak-memory">'
    assert (
        str(PartitioningConfigAttr(Favor.MAX_CONCURRENCY)) == '#stream.partitioning_config<"max-concurrency">'
    )


def test_collective_attr() -> None:
    attrs = read_attrs(
        "a = #stream.collective<all_reduce with sum : f32>, b = #stream.collective<all_gather : si8>"
    )
    assert attrs["a"] == CollectiveAttr(
        CollectiveKind.ALL_REDUCE, CollectiveReductionOp.SUM, CollectiveElementType.FLOAT32
    )
    assert attrs["b"].reduction is None
    assert str(attrs["b"]) == "#stream.collective<all_gather : si8>"


def test_collective_attr_rejects_unknown_kind() -> None:
    with pytest.raises(ParseError, match="unknown CollectiveKind 'all_shuffle'"):
        read_attrs("a = #stream.collective<all_shuffle : f32>")


def test_plain_enums_spell_as_mlir() -> None:
    assert str(Lifetime.UNKNOWN) == "*"
    assert Lifetime.parse("transient") is Lifetime.TRANSIENT
    assert Favor("max-concurrency") is Favor.MAX_CONCURRENCY
    assert MemoryModel.parse("Unified") is MemoryModel.UNIFIED
    with pytest.raises(IRError, match="unknown Favor 'fast'"):
        Favor.parse("fast")


def test_bitfields_parse_and_print_flag_names() -> None:
    assert ResourceAccessBitfield(1).mlir() == "Read"
    assert ResourceAccessBitfield(3).mlir() == "Read|Write"
    assert ResourceAccessBitfield(0).mlir() == "None"
    flags = MemoryType.parse("DeviceLocal|HostVisible")
    assert int(flags) == 50
    assert flags.mlir() == "DeviceLocal|HostVisible"
    assert BufferUsage.parse("Transfer|DispatchStorage").mlir() == "Transfer|DispatchStorage"
    assert int(BufferUsage.parse("TransferSource|TransferTarget")) == 3
    with pytest.raises(IRError, match="unknown MemoryType flag 'Fast'"):
        MemoryType.parse("Fast|HostVisible")


def test_device_optimal_attr_fields_and_exact_text() -> None:
    from ir.attributes import DeviceAffinityAttr, DeviceOptimalAttr, SymbolRefAttr

    body = "#hal.device.optimal<[#hal.device.affinity<@dev_a>, #hal.device.affinity<@dev_b, [1]>]>"
    text = module_with(f"x = {body}")
    attr = parse_module(text).op.attributes["x"]
    assert isinstance(attr, DeviceOptimalAttr)
    assert attr.selected == DeviceAffinityAttr(SymbolRefAttr("dev_a"))
    assert attr.affinities[1].queues == (1,)
    assert str(attr) == body
    assert print_generic(parse_module(text)) == text


@pytest.mark.parametrize("body", ["[]", "[1, 2]", "@dev_a"])
def test_device_optimal_attr_rejects_other_bodies(body: str) -> None:
    with pytest.raises(ParseError, match=r"<string>:2:\d+: #hal.device.optimal expects a non-empty list"):
        read_attrs(f"x = #hal.device.optimal<{body}>")


def test_device_optimal_takes_any_affinity_as_iree_prints_it() -> None:
    # IREE's schedule-allocation writes #hal.device.optimal over #hal.device.promise entries; they are kept as
    # read, and select no device to allocate on.
    from ir.attributes import DeviceAffinityAttr, DeviceOptimalAttr
    from ir.parser import parse_module

    text = (
        '"builtin.module"() ({\n'
        '  "util.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = "private"}> ({\n'
        '    %0 = "arith.constant"() <{value = 8 : index}> : () -> index\n'
        '    %1:2 = "stream.resource.alloca"(%0) <{affinity = #hal.device.optimal<[#hal.device.promise<@a>,'
        " #hal.device.affinity<@b>]>}> : (index) -> (!stream.resource<transient>, !stream.timepoint)\n"
        '    "util.return"() : () -> ()\n'
        "  }) : () -> ()\n"
        "}) : () -> ()\n"
    )
    module = parse_module(text, "optimal.mlir")
    alloca = next(op for op in module.walk() if op.op_name == "stream.resource.alloca")
    attr = alloca.attr("affinity")
    assert isinstance(attr, DeviceOptimalAttr)
    assert str(attr) == "#hal.device.optimal<[#hal.device.promise<@a>, #hal.device.affinity<@b>]>"
    assert attr.selected is None
    assert isinstance(attr.affinities[1], DeviceAffinityAttr)
