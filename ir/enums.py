"""Enums of the stream and hal dialects, with their MLIR spellings.

Plain enums (:class:`Lifetime`, :class:`Favor`, ...) carry the MLIR keyword as their value:
``Favor("min-peak-memory")`` and ``str(Favor.MIN_PEAK_MEMORY) == "min-peak-memory"``. Bitfields
(:class:`ResourceAccessBitfield`, :class:`MemoryType`, :class:`BufferUsage`) are ``IntFlag`` with the
integer values IREE stores, and read and write the ``|``-separated flag names IREE prints:

>>> MemoryType.parse("DeviceLocal|HostVisible") == MemoryType.DeviceLocal | MemoryType.HostVisible
True
>>> MemoryType(50).mlir()
'DeviceLocal|HostVisible'
>>> ResourceAccessBitfield(3).mlir()
'Read|Write'
"""

from __future__ import annotations

import enum

from ir.errors import IRError


class MlirEnum(enum.Enum):
    """An enum whose value is its MLIR keyword."""

    def __str__(self) -> str:
        return str(self.value)

    @classmethod
    def parse(cls, text: str) -> MlirEnum:
        for member in cls:
            if member.value == text or member.value.lower() == text.lower():
                return member
        choices = ", ".join(str(m.value) for m in cls)
        raise IRError(f"unknown {cls.__name__} {text!r}; expected one of {choices}")


class Lifetime(MlirEnum):
    """The lifetime of a ``!stream.resource<...>``; ``*`` is not yet resolved."""

    UNKNOWN = "*"
    EXTERNAL = "external"
    STAGING = "staging"
    TRANSIENT = "transient"
    VARIABLE = "variable"
    CONSTANT = "constant"


class Favor(MlirEnum):
    """What partitioning favors (``#stream.partitioning_config``)."""

    DEBUG = "debug"
    MIN_PEAK_MEMORY = "min-peak-memory"
    MAX_CONCURRENCY = "max-concurrency"


class MemoryModel(MlirEnum):
    """Whether host and device share memory (``#stream.resource_config``). IREE 3.13 prints the names
    capitalised (``Discrete``) and reads either spelling."""

    UNIFIED = "unified"
    DISCRETE = "discrete"


class CollectiveKind(MlirEnum):
    ALL_GATHER = "all_gather"
    ALL_REDUCE = "all_reduce"
    ALL_TO_ALL = "all_to_all"
    BROADCAST = "broadcast"
    REDUCE = "reduce"
    REDUCE_SCATTER = "reduce_scatter"
    SEND = "send"
    RECV = "recv"
    SEND_RECV = "send_recv"


class CollectiveReductionOp(MlirEnum):
    NONE = "none"
    SUM = "sum"
    PRODUCT = "product"
    MINIMUM = "minimum"
    MAXIMUM = "maximum"
    AVERAGE = "average"


class CollectiveElementType(MlirEnum):
    SINT8 = "si8"
    UINT8 = "ui8"
    SINT16 = "si16"
    UINT16 = "ui16"
    SINT32 = "si32"
    UINT32 = "ui32"
    SINT64 = "si64"
    UINT64 = "ui64"
    FLOAT16 = "f16"
    FLOAT32 = "f32"
    FLOAT64 = "f64"
    BFLOAT16 = "bf16"


class MlirBitfield(enum.IntFlag):
    """A bitfield printed as ``Name|Name``; named combinations (``DeviceLocal``) are preferred."""

    def mlir(self) -> str:
        value = int(self)
        if value == 0:
            return "None"
        names: list[str] = []
        members = sorted(
            (m for m in type(self).__members__.values() if int(m)),
            key=lambda m: (-bin(int(m)).count("1"), int(m)),
        )
        rest = value
        for m in members:
            if int(m) & rest == int(m):
                assert m.name is not None  # a member listed in __members__ always has a name
                names.append(m.name)
                rest &= ~int(m)
        if rest:
            names.append(str(rest))
        return "|".join(names)

    @classmethod
    def parse(cls, text: str) -> MlirBitfield:
        value = 0
        for part in text.split("|"):
            part = part.strip()
            if part == "None":
                continue
            if part.isdigit():
                value |= int(part)
            elif part in cls.__members__:
                value |= int(cls.__members__[part])
            else:
                raise IRError(
                    f"unknown {cls.__name__} flag {part!r}; expected one of {', '.join(cls.__members__)}"
                )
        return cls(value)


class ResourceAccessBitfield(MlirBitfield):
    """How a dispatch uses a resource: ``resource_accesses = [1 : i32, 2 : i32]`` is read, then write."""

    None_ = 0
    Read = 1
    Write = 2


class MemoryType(MlirBitfield):
    """``hal`` memory type bits (``memory_types``)."""

    None_ = 0
    Optimal = 1
    HostVisible = 2
    HostCoherent = 4
    HostCached = 8
    HostLocal = 70  # HostVisible|HostCoherent|0x40, as IREE defines it
    DeviceVisible = 16
    DeviceLocal = 48  # DeviceVisible | 0x20


class BufferUsage(MlirBitfield):
    """``hal`` buffer usage bits (``buffer_usage``)."""

    None_ = 0
    TransferSource = 1
    TransferTarget = 2
    Transfer = 3
    DispatchIndirectParameters = 256
    DispatchUniformRead = 512
    DispatchStorageRead = 1024
    DispatchStorageWrite = 2048
    DispatchStorage = 3072
    DispatchImageRead = 4096
    DispatchImageWrite = 8192
    DispatchImage = 12288
    SharingExport = 65536
    SharingReplicate = 131072
    SharingConcurrent = 262144
    SharingImmutable = 524288
    MappingScoped = 16777216
    MappingPersistent = 33554432
    MappingOptional = 67108864
    MappingAccessRandom = 134217728
    MappingAccessSequentialWrite = 268435456
    Mapping = 150994944
