"""Host-side runtime values: buffer views, host buffers (``!util.buffer``), files, timepoints.

``!stream.resource`` values are :class:`~simulator.memory.ResourceRef`; ``!stream.timepoint`` values are
:class:`~simulator.semaphores.Fence`; integers, indices and floats are Python numbers.

IREE encodes a buffer view's element type as ``(numerical_type << 24) | bit_width``
(``iree_hal_element_type_t``) and its encoding as 1 for dense row-major; ``hal.element_type`` and
``hal.encoding_type`` produce these codes, and ``hal.buffer_view.assert`` compares them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ir import types as T
from simulator.memory import Buffer

NUMERICAL_INTEGER = 0x10
NUMERICAL_INTEGER_SIGNED = 0x11
NUMERICAL_INTEGER_UNSIGNED = 0x12
NUMERICAL_BOOLEAN = 0x13
NUMERICAL_FLOAT_IEEE = 0x21
NUMERICAL_FLOAT_BRAIN = 0x22
NUMERICAL_FLOAT_COMPLEX = 0x23
ENCODING_DENSE_ROW_MAJOR = 1


def element_type_code(t: T.Type) -> int:
    """IREE's ``iree_hal_element_type_t`` for a scalar type."""
    if isinstance(t, T.IntegerType):
        if t.width == 1:
            return (NUMERICAL_BOOLEAN << 24) | 8
        kind = {"": NUMERICAL_INTEGER, "s": NUMERICAL_INTEGER_SIGNED, "u": NUMERICAL_INTEGER_UNSIGNED}[
            t.signedness
        ]
        return (kind << 24) | t.width
    if isinstance(t, T.IndexType):
        return (NUMERICAL_INTEGER << 24) | 64
    if isinstance(t, T.FloatType):
        kind = NUMERICAL_FLOAT_BRAIN if t.name == "bf16" else NUMERICAL_FLOAT_IEEE
        return (kind << 24) | t.width
    if isinstance(t, T.ComplexType):
        return (NUMERICAL_FLOAT_COMPLEX << 24) | T.element_bit_width(t)
    return 0


def element_type_from_code(code: int, where: str) -> T.Type:
    """The scalar type of an ``iree_hal_element_type_t`` code (the inverse of :func:`element_type_code`)."""
    kind, width = code >> 24, code & 0xFFFFFF
    if kind == NUMERICAL_BOOLEAN:
        return T.i1
    if kind in (NUMERICAL_INTEGER, NUMERICAL_INTEGER_SIGNED, NUMERICAL_INTEGER_UNSIGNED) and width in (
        8,
        16,
        32,
        64,
    ):
        return T.IntegerType(width, {NUMERICAL_INTEGER_SIGNED: "s", NUMERICAL_INTEGER_UNSIGNED: "u"}.get(kind, ""))
    if kind == NUMERICAL_FLOAT_IEEE and width in (16, 32, 64):
        return {16: T.f16, 32: T.f32, 64: T.f64}[width]
    if kind == NUMERICAL_FLOAT_BRAIN and width == 16:
        return T.bf16
    from simulator.errors import UnsupportedOpError

    raise UnsupportedOpError(f"{where}: element type code {code:#x} is not a type the simulator supports")


def element_types_compatible(a: int, b: int) -> bool:
    """Equal codes, or integers of one width that differ only in signedness (IREE accepts these)."""
    if a == b:
        return True
    ints = (NUMERICAL_INTEGER, NUMERICAL_INTEGER_SIGNED, NUMERICAL_INTEGER_UNSIGNED)
    return (a >> 24) in ints and (b >> 24) in ints and (a & 0xFFFFFF) == (b & 0xFFFFFF)


_NUMPY_TO_IR = {
    "float16": T.f16,
    "float32": T.f32,
    "float64": T.f64,
    "bfloat16": T.bf16,
    "int8": T.i8,
    "int16": T.i16,
    "int32": T.i32,
    "int64": T.i64,
    "uint8": T.IntegerType(8, "u"),
    "uint16": T.IntegerType(16, "u"),
    "uint32": T.IntegerType(32, "u"),
    "uint64": T.IntegerType(64, "u"),
    "bool": T.i1,
}


def ir_element_type(dtype: np.dtype) -> T.Type:
    t = _NUMPY_TO_IR.get(np.dtype(dtype).name)
    if t is None:
        from simulator.errors import InputError

        raise InputError(f"numpy dtype {np.dtype(dtype)} has no IREE element type")
    return t


def type_spelling(t: T.Type) -> str:
    """How iree-run-module spells an element type (``f32``, ``i8``)."""
    return str(t)


@dataclass(eq=False)
class BufferView:
    """``!hal.buffer_view``: a buffer (range) with a shape and element type."""

    buffer: Buffer
    offset_bytes: int
    shape: tuple[int, ...]
    element_type: T.Type
    encoding: int = ENCODING_DENSE_ROW_MAJOR

    @property
    def dtype(self) -> np.dtype:
        return T.numpy_dtype(self.element_type)

    @property
    def byte_length(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64)) * T.element_byte_size(self.element_type)

    @property
    def element_type_code(self) -> int:
        return element_type_code(self.element_type)

    def to_numpy(self) -> np.ndarray | None:
        data = self.buffer.data
        if data is None:
            return None
        raw = data[self.offset_bytes : self.offset_bytes + self.byte_length]
        return raw.view(self.dtype).reshape(self.shape).copy()

    def describe(self) -> str:
        return (
            "x".join(str(d) for d in self.shape)
            + ("x" if self.shape else "")
            + type_spelling(self.element_type)
        )


@dataclass(eq=False)
class HostBuffer:
    """``!util.buffer``: host bytes (``util.buffer.constant``), also used as strings for scope/key names."""

    data: bytes

    def text(self) -> str:
        return self.data.decode("utf-8", errors="replace")


@dataclass(eq=False)
class FileHandle:
    """``!stream.file``: a byte range of a host buffer (``stream.file.constant``) or of a resource."""

    data: HostBuffer | None
    resource: object | None
    offset_bytes: int
    length_bytes: int
